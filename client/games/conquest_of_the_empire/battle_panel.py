"""The battle panel under the dice: each side's pieces (its own and its lenders', with the
galleys that joined) as pictograms, the dice it rolls, and what its last roll hit, unit type
by unit type. While a side removes casualties, its pieces light up and a click on one
removes it for one hit (the rules ask for one hit at a time)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import artwork, text
from client.art import conquest_of_the_empire as art
from client.games.conquest_of_the_empire import words
from client.games.conquest_of_the_empire.overlays import (
    INK,
    INK_SOFT,
    NOWHERE,
    PLATE,
    PLATE_EDGE,
    Spot,
)
from client.i18n import tr
from rules import Action
from rules.conquest_of_the_empire import actions as A

if TYPE_CHECKING:
    from client.games.conquest_of_the_empire.view import ConquestView

HIT_SIDE = (255, 230, 170)


def battle_rect(view: ConquestView) -> pygame.Rect:
    assert view.lay is not None
    board = view.lay.board
    top = view.lay.dice.y + view.dice_height()
    if view.dice_height():
        top += view.s(8)
    w = min(board.w - view.s(24), view.s(430))
    return pygame.Rect(board.x + view.s(12), top, w, 1)


def hits_line(view: ConquestView, seat: int, battle: dict[str, Any]) -> str:
    """What `seat`'s last roll in this round hit, per unit type ("" before it rolls)."""
    got = view.round_hits.get(seat)
    if got is None or got[0] != (battle.get("place"), battle.get("round")):
        return ""
    hits: dict[str, int] = got[1]
    total = sum(hits.values())
    if not total:
        return tr("coe.battle.no_hits")
    return tr("coe.battle.hits", hits=words.units(hits))


def battle_panel(view: ConquestView, legal: list[Action], surface: pygame.Surface | None = None,
                 hover: tuple[int, int] = NOWHERE) -> tuple[pygame.Rect | None, list[Spot]]:
    """The panel's clickable pieces (all of them, so each has a tip; `enabled` when a click
    removes it as a casualty now)."""
    battle = view.view.get("battle")
    if not battle or view.lay is None:
        return None, []
    s = view.s
    rect = battle_rect(view)
    pad = s(10)
    x = rect.x + pad
    right = rect.right - pad
    y = rect.y + pad
    title_box = pygame.Rect(x, y, right - x, s(22))
    y = title_box.bottom + s(4)
    casualties = {a for a in legal if isinstance(a, A.Casualty)}
    chip = s(34)
    step = chip + s(6)
    sides: list[tuple[int, str, str, pygame.Rect, pygame.Rect, list[Spot],
                      pygame.Rect | None]] = []
    for role, contender in (("attacker", battle["attacker"]), ("defender", battle["defender"])):
        head = tr(f"coe.battle.{role}", name=words.seat(view, contender),
                  dice=(battle.get("dice") or {}).get(str(contender), 0))
        head_box = pygame.Rect(x + s(20), y, right - x - s(20), s(20))
        hit_box = pygame.Rect(x, head_box.bottom, right - x, s(18))
        y = hit_box.bottom + s(4)
        spots: list[Spot] = []
        at = x
        for piece in (battle.get("sides") or {}).get(str(contender), []):
            if at > x and at + chip > right:
                at, y = x, y + step
            action = A.Casualty(int(piece["seat"]), str(piece["unit"]), str(piece["place"]))
            tip = tr("coe.battle.piece", seat=words.seat(view, piece["seat"]),
                     units=words.units({piece["unit"]: int(piece["count"])}),
                     place=words.place(view, piece["place"]))
            if action in casualties:
                tip = view.action_label(action)
            spots.append(Spot(pygame.Rect(at, y, chip, chip), str(piece["unit"]), action,
                              command=str(piece["count"]), enabled=action in casualties,
                              tip=tip))
            at += step
        empty = pygame.Rect(x, y, right - x, s(20)) if not spots else None
        y += (step if spots else s(20)) + s(6)
        sides.append((contender, head, hits_line(view, contender, battle), head_box, hit_box,
                      spots, empty))
    status = ""
    if battle.get("hits") and battle.get("hit_side") is not None:
        key = "coe.battle.remove_click" if casualties else "coe.battle.remove"
        status = tr(key, name=words.seat(view, battle["hit_side"]), hits=int(battle["hits"]))
    status_box = pygame.Rect(x, y, right - x, s(44))
    rect.h = (status_box.bottom if status else y) + pad - rect.y
    every = [spot for side in sides for spot in side[5]]
    if surface is None:
        return rect, every
    with text.layer("coe_battle", cover=rect):
        pygame.draw.rect(surface, PLATE, rect, border_radius=s(8))
        pygame.draw.rect(surface, PLATE_EDGE, rect, s(2), border_radius=s(8))
        kind = "coe.battle.title_naval" if battle.get("naval") else "coe.battle.title"
        view.text(surface, tr(kind, place=words.place(view, battle.get("place")),
                              round=int(battle.get("round") or 0) or 1),
                  16, title_box, INK, True, max_lines=1)
        for contender, head, hits, head_box, hit_box, spots, empty in sides:
            if contender == battle.get("hit_side") and casualties:
                band = pygame.Rect(x - s(4), head_box.y - s(2), right - x + s(8),
                                   (spots[-1].rect.bottom if spots else hit_box.bottom)
                                   - head_box.y + s(6))
                pygame.draw.rect(surface, HIT_SIDE, band, border_radius=s(6))
            artwork.draw_seat_marker(surface, (x + s(8), head_box.centery), s(7),
                                     view.colours[contender])
            view.text(surface, head, 14, head_box, INK, True, max_lines=1)
            if hits:
                view.text(surface, hits, 13, hit_box, INK_SOFT, False, max_lines=1)
            if empty is not None:
                view.text(surface, tr("coe.battle.no_units"), 13, empty, INK_SOFT, False,
                          max_lines=1)
            for spot in spots:
                seat = spot.action.seat if isinstance(spot.action, A.Casualty) else contender
                lit = spot.enabled and spot.rect.collidepoint(hover)
                img = art.unit_chip(spot.label, view.colours[seat], spot.rect.w,
                                    int(spot.command), spot.enabled)
                if lit:
                    pygame.draw.rect(surface, (255, 214, 96), spot.rect.inflate(s(4), s(4)),
                                     border_radius=s(6))
                surface.blit(img, spot.rect)
        if status:
            view.text(surface, status, 14, status_box, INK, True, max_lines=2)
    return rect, every
