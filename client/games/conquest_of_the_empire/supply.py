"""The supply tray: the acting seat's recruitable units as pictograms with their cost and
how many are left, at the foot of the map whenever a recruit may start or is under way.

Dragging a unit from the tray onto a lit place recruits one there: the rules' small steps
(recruit, the place, the unit) are played in a row (`plan`, `ConquestView.follow_up`).
Where it may go is worked out as the rules do (a province with one of the seat's leaders
and its own influence, or a sea zone next to one for a galley; the unit in the supply and
affordable); a drop anywhere else snaps back and says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import text
from client.art import conquest_of_the_empire as art
from client.games.conquest_of_the_empire import words
from client.games.conquest_of_the_empire.overlays import (
    INK,
    INK_SOFT,
    NOWHERE,
    PLATE,
    PLATE_EDGE,
    Spot,
    button_width,
    draw_button,
)
from client.i18n import tr
from rules import Action
from rules.conquest_of_the_empire import actions as A
from rules.conquest_of_the_empire.components import board

if TYPE_CHECKING:
    from client.games.conquest_of_the_empire.view import ConquestView

TRAY_UNITS = ("infantry", "cavalry", "catapult", "general", "galley")
SLOT_W = 74


def recruiting(view: ConquestView, legal: list[Action]) -> bool:
    """Whether the tray is offered: a recruit may start now or is under way."""
    step = view.view.get("step")
    if step in ("recruit", "recruit_unit"):
        return any(isinstance(a, A.RecruitAt | A.RecruitUnits) for a in legal)
    return step == "action" and any(isinstance(a, A.Recruit) for a in legal)


def _bases(view: ConquestView, seat: int) -> set[str]:
    """Provinces where `seat` has a leader and at least one of its own influence."""
    v = view.view
    out = set()
    for key, per_seat in (v.get("influence") or {}).items():
        if per_seat[seat] <= 0:
            continue
        counts = ((v.get("units") or {}).get(key) or [{}] * (seat + 1))[seat] or {}
        if counts.get("caesar") or counts.get("general"):
            out.add(key)
    return out


def _seas_of(keys: set[str]) -> set[str]:
    b = board()
    return {b.seas[z].key for p in b.provinces if p.key in keys for z in p.seas}


def refusal(view: ConquestView, legal: list[Action], seat: int, unit: str,
            place: str) -> str:
    """Why `unit` may not be recruited at `place` now ("" if it may)."""
    v = view.view
    cost = words.UNIT_COST[unit]
    left = int(((v.get("supply") or [{}] * (seat + 1))[seat] or {}).get(unit, 0))
    name = tr(f"coe.unit_name.{unit}")
    if left <= 0:
        return tr("coe.tray.none_left", unit=name)
    if v["talents"][seat] < cost:
        return tr("coe.tray.too_dear", unit=name, cost=cost, talents=v["talents"][seat])
    area = view.areas_by_key.get(place)
    at_sea = area is not None and area.kind == "sea"
    if unit == "galley" and not at_sea:
        return tr("coe.tray.galley_at_sea")
    if unit != "galley" and at_sea:
        return tr("coe.tray.land_on_land", unit=name)
    step = v.get("step")
    act = v.get("act") or {}
    if step == "recruit_unit":
        if place != act.get("place"):
            return tr("coe.tray.finish_there", place=words.place(view, act.get("place")))
        ok = any(isinstance(a, A.RecruitUnits) and a.unit == unit for a in legal)
        return "" if ok else tr("coe.tray.not_there", unit=name,
                                place=words.place(view, place))
    if step == "recruit":
        places = {a.place for a in legal if isinstance(a, A.RecruitAt)}
    else:
        bases = _bases(view, seat)
        places = _seas_of(bases) if unit == "galley" else bases
    if place in places:
        return ""
    if unit == "galley":
        return tr("coe.tray.galley_at_sea")
    return tr("coe.illegal.cannot_recruit_at", place=words.place(view, place))


def targets(view: ConquestView, legal: list[Action], seat: int, unit: str) -> set[str]:
    """Every place `unit` may be dropped on now."""
    return {k for k in view.areas_by_key if not refusal(view, legal, seat, unit, k)}


def plan(view: ConquestView, legal: list[Action], unit: str,
         place: str) -> tuple[Action | None, list[Action]]:
    """(the action a drop plays first, the steps that follow it)."""
    step = view.view.get("step")
    one = A.RecruitUnits(unit, 1)
    if step == "recruit_unit":
        return one, []
    if step == "recruit":
        return A.RecruitAt(place), [one]
    start = A.Recruit(view.dilectus and A.Recruit(True) in legal)
    return start, [A.RecruitAt(place), one]


def tray(view: ConquestView, legal: list[Action], surface: pygame.Surface | None = None,
         hover: tuple[int, int] = NOWHERE) -> tuple[pygame.Rect | None, list[Spot]]:
    """The tray's slots (`label`: the unit; `enabled`: it may be picked up) and, when
    Dilectus could be spent, its switch."""
    if view.lay is None or not view.view or not recruiting(view, legal):
        return None, []
    s = view.s
    seat = view.acting_seat()
    v = view.view
    supply = (v.get("supply") or [{}] * (seat + 1))[seat] or {}
    board_rect = view.lay.board
    pad = s(8)
    slot_w = s(SLOT_W)
    title = tr("coe.tray.title")
    switch: Spot | None = None
    if v.get("step") == "action" and A.Recruit(True) in legal:
        label = tr("coe.tray.dilectus_on" if view.dilectus else "coe.tray.dilectus_off")
        switch = Spot(pygame.Rect(0, 0, button_width(view, label, 13), s(28)), label,
                      command="dilectus", tip=tr("coe.card.dilectus.tip"))
    width = pad * 2 + slot_w * len(TRAY_UNITS)
    width = min(board_rect.w - s(24), width)
    height = pad + s(20) + s(38) + s(34) + pad + (s(34) if switch else 0)
    rect = pygame.Rect(board_rect.x + s(12), board_rect.bottom - s(12) - height, width, height)
    slots: list[Spot] = []
    slot_w = (width - 2 * pad) // len(TRAY_UNITS)
    for k, unit in enumerate(TRAY_UNITS):
        cell = pygame.Rect(rect.x + pad + k * slot_w, rect.y + pad + s(20), slot_w, s(72))
        left = int(supply.get(unit, 0))
        ok = left > 0 and v["talents"][seat] >= words.UNIT_COST[unit]
        tip = tr("coe.tray.slot_tip", unit=tr(f"coe.unit_name.{unit}"),
                 cost=words.UNIT_COST[unit], left=left)
        slots.append(Spot(cell, unit, None, command="unit", enabled=ok, tip=tip))
    if switch is not None:
        switch.rect.topleft = (rect.x + pad, rect.bottom - pad - s(28))
        switch.rect.w = min(switch.rect.w, rect.w - 2 * pad)
    if surface is None:
        return rect, [*slots, *([switch] if switch else [])]
    with text.layer("coe_tray", cover=rect):
        pygame.draw.rect(surface, PLATE, rect, border_radius=s(8))
        pygame.draw.rect(surface, PLATE_EDGE, rect, s(2), border_radius=s(8))
        view.text(surface, title, 13, pygame.Rect(rect.x + pad, rect.y + pad - s(2),
                                                  rect.w - 2 * pad, s(20)),
                  INK, True, max_lines=1)
        px = s(36)
        for spot in slots:
            cell = spot.rect
            held = view.held_unit == spot.label
            img = art.unit_chip(spot.label, view.colours[seat], px, 1,
                                spot.enabled and (held or cell.collidepoint(hover)))
            if not spot.enabled:
                img = img.copy()
                img.set_alpha(110)
            surface.blit(img, img.get_rect(midtop=(cell.centerx, cell.y)))
            colour = INK if spot.enabled else INK_SOFT
            view.text(surface, tr("coe.tray.cost", cost=words.UNIT_COST[spot.label]), 13,
                      pygame.Rect(cell.x + s(2), cell.y + px + s(2), cell.w - s(4), s(17)),
                      colour, True, "center", max_lines=1)
            left = int(supply.get(spot.label, 0))
            view.text(surface, tr("coe.tray.left", n=left), 12,
                      pygame.Rect(cell.x + s(2), cell.y + px + s(18), cell.w - s(4), s(17)),
                      colour, False, "center", max_lines=1)
        if switch is not None:
            draw_button(view, surface, switch, hover, 13)
    return rect, [*slots, *([switch] if switch else [])]
