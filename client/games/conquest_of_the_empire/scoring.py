"""The end of a season, step by step in the order of the decisions page §4.1: taxes,
maintenance, key provinces, domination, cities, the chaos penalty, then the season's
totals. Built from the events the rules tell as they score (so it shows exactly what
happened), shown over the map until the player has read it: Next and Back walk the steps,
Close (or Escape) puts it away. The game goes on underneath; nothing waits for it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from client import artwork, text
from client.games.conquest_of_the_empire import words
from client.games.conquest_of_the_empire.overlays import (
    CELL,
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
from rules import Event

if TYPE_CHECKING:
    from client.games.conquest_of_the_empire.view import ConquestView

STEPS = ("taxes", "maintenance", "keys", "domination", "cities", "chaos", "total")
SCORING_EVENTS = ("taxes", "maintenance_check", "maintenance_paid", "maintenance_declined",
                  "maintenance_unpaid", "key_scored", "domination_vp", "city_relief",
                  "chaos_penalty", "season_scored")


@dataclass
class Scoring:
    """One season's scoring events, and the step the player is reading."""

    events: list[Event] = field(default_factory=list)
    page: int = 0

    def first(self, kind: str) -> Event | None:
        return next((ev for ev in self.events if ev["type"] == kind), None)

    @property
    def season(self) -> int:
        done = self.first("season_scored")
        return int(done["season"]) if done else 0

    def steps(self) -> list[str]:
        """The steps there is something to show for (taxes are missing when the game was
        opened in the middle of the maintenance)."""
        return [k for k in STEPS if k != "taxes" or self.first("taxes") is not None]


def collect(view: ConquestView, events: list[Event]) -> None:
    """Follow the scoring events of an action; a finished season opens the overlay."""
    for ev in events:
        kind = ev["type"]
        if kind not in SCORING_EVENTS:
            continue
        if kind == "taxes" or view.scoring_draft is None:
            view.scoring_draft = Scoring()
        view.scoring_draft.events.append(ev)
        if kind == "season_scored":
            view.scoring, view.scoring_draft = view.scoring_draft, None


def rows(view: ConquestView, sc: Scoring, step: str) -> list[tuple[int | None, str]]:
    """The lines of one step: (seat for its marker or None, words)."""
    n = len(view.names)

    def name(q: Any) -> str:
        return words.seat(view, q)

    if step == "taxes":
        ev = sc.first("taxes") or {}
        return [(q, tr("coe.score.taxes", name=name(q), n=int(ev.get("talents", [0] * n)[q])))
                for q in range(n)]
    if step == "maintenance":
        out: list[tuple[int | None, str]] = []
        for ev in sc.events:
            kind = ev["type"]
            what = tr(f"coe.tip.region_{ev.get('region')}") + ", " + tr(
                f"coe.tip.coin_{ev.get('coin')}")
            if kind == "maintenance_check" and not ev.get("seats"):
                out.append((None, tr("coe.score.check_nobody", what=what, fee=ev["fee"])))
            elif kind == "maintenance_paid":
                out.append((ev["seat"], tr("coe.score.paid", name=name(ev["seat"]), what=what,
                                           fee=ev["talents"])))
            elif kind in ("maintenance_declined", "maintenance_unpaid"):
                out.append((ev["seat"], tr(f"coe.score.{kind.split('_')[1]}",
                                           name=name(ev["seat"]), what=what, chaos=ev["chaos"])))
        return out
    if step == "keys":
        out = []
        for ev in sc.events:
            if ev["type"] != "key_scored":
                continue
            place = words.place(view, ev["province"])
            if any(ev["vp"]):
                out.append((None, tr("coe.score.key", place=place,
                                     gains=words.per_seat(view, list(ev["vp"]), sign=True))))
            else:
                out.append((None, tr("coe.score.key_none", place=place)))
        return out
    if step == "domination":
        ev = sc.first("domination_vp") or {}
        return [(q, tr("coe.score.domination", name=name(q), n=int(ev.get("vp", [0] * n)[q])))
                for q in range(n)]
    if step == "cities":
        ev = sc.first("city_relief") or {}
        return [(q, tr("coe.score.cities", name=name(q),
                       cities=int(ev.get("cities", [0] * n)[q]),
                       n=int(ev.get("chaos", [0] * n)[q]))) for q in range(n)]
    if step == "chaos":
        ev = sc.first("chaos_penalty") or {}
        vp, chaos = ev.get("vp", [0] * n), ev.get("chaos", [0] * n)
        return [(q, tr("coe.score.penalty" if vp[q] else "coe.score.no_penalty",
                       name=name(q), chaos=int(chaos[q]), n=-int(vp[q]))) for q in range(n)]
    ev = sc.first("season_scored") or {}
    keys = ("gains", "vp", "talents", "chaos")
    got: dict[str, Any] = {k: ev.get(k, [0] * n) for k in keys}
    return [(q, tr("coe.score.total", name=name(q), gain=int(got["gains"][q]),
                   vp=int(got["vp"][q]), talents=int(got["talents"][q]),
                   chaos=int(got["chaos"][q]))) for q in range(n)]


def overlay(view: ConquestView, surface: pygame.Surface | None = None,
            hover: tuple[int, int] = NOWHERE) -> tuple[pygame.Rect | None, list[Spot]]:
    """(the overlay's rect, its buttons) — None while no scoring is shown."""
    sc = view.scoring
    if sc is None or view.lay is None:
        return None, []
    s = view.s
    steps = sc.steps()
    sc.page = max(0, min(sc.page, len(steps) - 1))
    step = steps[sc.page]
    lines = rows(view, sc, step)
    board = view.lay.board
    w = min(board.w - s(40), s(540))
    line_h = s(22)
    pad = s(14)
    most = max(len(rows(view, sc, k)) for k in steps)  # one size for every step, so the
    h = pad + s(24) + s(22) + s(6) + most * line_h + s(10) + s(36) + pad  # buttons stay put
    h = min(h, board.h - s(20))
    rect = pygame.Rect(0, 0, w, h)
    rect.center = board.center
    last = sc.page == len(steps) - 1
    buttons: list[Spot] = []
    y = rect.bottom - pad - s(36)
    forward = tr("coe.score.close" if last else "coe.score.next")
    nxt = Spot(pygame.Rect(0, y, button_width(view, forward), s(36)), forward,
               command="close" if last else "next")
    nxt.rect.right = rect.right - pad
    buttons.append(nxt)
    if sc.page > 0:
        label = tr("coe.score.back")
        back = Spot(pygame.Rect(rect.x + pad, y, button_width(view, label), s(36)), label,
                    command="back")
        buttons.append(back)
    if not last:
        label = tr("coe.score.close")
        close = Spot(pygame.Rect(0, y, button_width(view, label), s(36)), label,
                     command="close")
        close.rect.right = nxt.rect.x - s(8)
        buttons.append(close)
    if surface is None:
        return rect, buttons
    with text.layer("coe_scoring", cover=rect):
        shadow = rect.move(s(4), s(5))
        pygame.draw.rect(surface, (30, 22, 14), shadow, border_radius=s(12))
        pygame.draw.rect(surface, PLATE, rect, border_radius=s(12))
        pygame.draw.rect(surface, PLATE_EDGE, rect, s(3), border_radius=s(12))
        x, right = rect.x + pad, rect.right - pad
        view.text(surface, tr("coe.score.title", season=sc.season), 18,
                  pygame.Rect(x, rect.y + pad, right - x, s(24)), INK, True, "center",
                  max_lines=1)
        view.text(surface, tr("coe.score.step", k=sc.page + 1, of=len(steps),
                              what=tr(f"coe.score.step_{step}")), 15,
                  pygame.Rect(x, rect.y + pad + s(24), right - x, s(22)), INK_SOFT, True,
                  "center", max_lines=1)
        y = rect.y + pad + s(52)
        bottom = rect.bottom - pad - s(46)
        for k, (seat, line) in enumerate(lines):
            row = pygame.Rect(x, y, right - x, line_h - s(2))
            if row.bottom > bottom:
                break
            if k % 2 == 0:
                pygame.draw.rect(surface, CELL, row, border_radius=s(4))
            tx = x + s(6)
            if seat is not None:
                artwork.draw_seat_marker(surface, (x + s(12), row.centery), s(7),
                                         view.colours[seat])
                tx = x + s(26)
            view.text(surface, line, 14, pygame.Rect(tx, row.y, right - tx - s(4), row.h),
                      INK, False, "left", "middle", 1)
            y += line_h
        if not lines:
            view.text(surface, tr("coe.score.nothing"), 14,
                      pygame.Rect(x, y, right - x, s(22)), INK_SOFT, False, max_lines=1)
        for spot in buttons:
            draw_button(view, surface, spot, hover, 15)
    return rect, buttons


def command(view: ConquestView, name: str) -> None:
    sc = view.scoring
    if sc is None:
        return
    if name == "next":
        sc.page += 1
    elif name == "back":
        sc.page = max(0, sc.page - 1)
    elif name == "close":
        view.scoring = None
