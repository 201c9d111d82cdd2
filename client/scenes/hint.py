"""The table's Hint button: ask the AI worker what a seat might play, then show it.

The hint is computed by `rules.ai.hint` from the real state and the asking seat, which
reads only what that seat may know; it is thought in the AI worker process (or inline in
tests and screenshots), so the window never waits. A hint belongs to one seat at one
moment of the game: any action, undo or curtain makes it stale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from rules import Action, Seat

HINT_LEVEL = "normal"
GLOW = (255, 214, 90)
RING = (176, 44, 36)  # the red of the sun: it stands out against the gold prompt buttons


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggestion for `seat` after `step` actions, and its estimated win chance."""

    seat: Seat
    step: int
    action: Action
    win: float


class HintAsker:
    """One pending question and one answer at most; both tied to a seat and a step."""

    def __init__(self) -> None:
        self.asked: tuple[Seat, int] | None = None
        self.answer: Hint | None = None

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def clear(self, worker: Any = None) -> None:
        self.asked = None
        self.answer = None
        if worker is not None:
            worker.cancel_hint()

    def request(self, session: Any, seat: Seat, worker: Any) -> None:
        """Ask for a hint; with no worker (tests, screenshots) it is answered at once."""
        from client.ai_worker import think

        record = session.record
        seed = (record.seed * 7_368_787 + len(record.actions) * 31 + seat) % (2**31)
        step = len(session.steps)
        self.answer = None
        self.asked = (seat, step)
        request = {"record": record.to_json(), "seat": seat, "level": HINT_LEVEL, "seed": seed}
        if worker is None:
            self.receive(session, think({**request, "job": 0, "kind": "hint"}))
        else:
            worker.submit_hint(request["record"], seat, HINT_LEVEL, seed)

    def receive(self, session: Any, answer: dict[str, Any]) -> bool:
        """Take the worker's answer; False when it is stale or failed (nothing to show)."""
        asked, self.asked = self.asked, None
        if asked is None or "action" not in answer or asked[1] != len(session.steps):
            return False
        seat = asked[0]
        action = session.game.action_from_json(answer["action"])
        if action not in session.legal(seat):
            return False
        self.answer = Hint(seat, asked[1], action, float(answer.get("win", 0.0)))
        return True

    def current(self, session: Any, seat: Seat | None) -> Hint | None:
        """The answer if it still fits the table: same seat, nothing played since."""
        hint = self.answer
        if hint is None or seat != hint.seat or hint.step != len(session.steps):
            return None
        return hint


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float,
              now: float) -> pygame.Rect:
    """A pulsing ring around something on the table (over it, leaving it visible); the
    rect it was drawn in."""
    import math

    pulse = 0.5 + 0.5 * math.sin(now * 4.0)
    grow = round((4 + 3 * pulse) * scale)
    ring = rect.inflate(grow * 2, grow * 2)
    radius = round(10 * scale)
    pygame.draw.rect(surface, RING, ring, max(2, round(5 * scale)), border_radius=radius)
    pygame.draw.rect(surface, GLOW, ring, max(1, round(3 * scale)), border_radius=radius)
    return ring


def draw_glow(surface: pygame.Surface, rect: pygame.Rect, scale: float,
              now: float) -> pygame.Rect:
    """A pulsing accent halo around a prompt button (drawn under it); the rect it was
    drawn in."""
    import math

    pulse = 0.5 + 0.5 * math.sin(now * 4.0)
    grow = round((6 + 4 * pulse) * scale)
    halo = rect.inflate(grow * 2, grow * 2)
    radius = round(12 * scale)
    pygame.draw.rect(surface, GLOW, halo, border_radius=radius)
    pygame.draw.rect(surface, RING, halo, max(3, round(4 * scale)), border_radius=radius)
    return halo
