"""Where things sit on the Carolus Magnus table: seat panels at the sides, the board beside.

Seat panels are screen-space (they stay readable at any zoom); the board's camera gets the
rest. Two players share the left column, so the ring is larger; with four players partners
share a column (team 0 on the left, team 1 on the right), so a glance shows the two sides.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

PANEL_W = 214
MARGIN = 8


@dataclass
class SeatPanel:
    """One seat's panel and its parts (all screen rects)."""

    seat: int
    rect: pygame.Rect
    header: pygame.Rect
    discs: list[pygame.Rect]
    reserve: list[pygame.Rect]  # one slot per clan, COLOURS order
    court: pygame.Rect
    rows: list[pygame.Rect]  # one court row per clan


def columns(players: int) -> tuple[list[int], list[int]]:
    """Which seats sit in the left and right columns."""
    if players == 2:  # both on the left: the ring gets the rest, a third larger
        return [0, 1], []
    if players == 3:
        return [0, 2], [1]
    return [0, 2], [1, 3]


def seat_panels(rect: pygame.Rect, players: int, scale: float) -> dict[int, SeatPanel]:
    def s(v: float) -> int:
        return round(v * scale)

    left, right = columns(players)
    out: dict[int, SeatPanel] = {}
    for seats, x in ((left, rect.x + s(MARGIN)), (right, rect.right - s(MARGIN + PANEL_W))):
        if not seats:
            continue
        avail = rect.h - s(MARGIN) * (len(seats) + 1)
        h = min(s(318), avail // len(seats))
        total = h * len(seats) + s(MARGIN) * (len(seats) - 1)
        y = rect.y + (rect.h - total) // 2
        for seat in seats:
            out[seat] = _panel(seat, pygame.Rect(x, y, s(PANEL_W), h), scale)
            y += h + s(MARGIN)
    return out


def _panel(seat: int, rect: pygame.Rect, scale: float) -> SeatPanel:
    def s(v: float) -> int:
        return round(v * scale)

    header = pygame.Rect(rect.x, rect.y, rect.w, s(36))
    d = s(30)
    discs = [
        pygame.Rect(rect.x + s(12) + i * (d + s(8)), header.bottom + s(4), d, d) for i in range(5)
    ]
    slot = (rect.w - s(24)) // 5
    reserve_y = discs[0].bottom + s(26)
    reserve = [pygame.Rect(rect.x + s(12) + i * slot, reserve_y, slot, s(48)) for i in range(5)]
    court_top = reserve_y + s(48) + s(22)
    row_h = max(s(16), min(s(24), (rect.bottom - court_top - s(8)) // 5))
    rows = [
        pygame.Rect(rect.x + s(10), court_top + i * row_h, rect.w - s(20), row_h) for i in range(5)
    ]
    court = pygame.Rect(
        rect.x + s(4), court_top - s(20), rect.w - s(8), rows[-1].bottom - court_top + s(24)
    )
    return SeatPanel(seat, rect, header, discs, reserve, court, rows)


def board_viewport(rect: pygame.Rect, players: int, scale: float) -> pygame.Rect:
    """The rectangle beside or between the columns of panels: where the camera shows the
    board."""
    side = round((PANEL_W + 2 * MARGIN) * scale)
    right = side if columns(players)[1] else 0
    return pygame.Rect(rect.x + side, rect.y, max(40, rect.w - side - right), rect.h)
