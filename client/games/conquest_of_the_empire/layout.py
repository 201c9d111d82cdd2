"""Where things sit on the Conquest of the Empire table: the map on the left, a column on
the right with one row per seat, the market and the list of choices.

All screen-space rects for a table rect and a UI scale: pure geometry, no drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client import text

COLUMN_W = 300
MARGIN = 8
SEAT_ROW_H = 64
ENTRY_H = 44
PAGER_H = 30


@dataclass
class Layout:
    board: pygame.Rect
    column: pygame.Rect
    seats: list[pygame.Rect]
    status: pygame.Rect
    choices: pygame.Rect
    entries: list[pygame.Rect]
    prev_page: pygame.Rect
    next_page: pygame.Rect
    dice: pygame.Rect


def layout(rect: pygame.Rect, players: int, scale: float) -> Layout:
    def s(v: float) -> int:
        return round(v * scale)

    column = pygame.Rect(rect.right - s(COLUMN_W) - s(MARGIN), rect.y + s(MARGIN),
                         s(COLUMN_W), rect.h - 2 * s(MARGIN))
    board = pygame.Rect(rect.x, rect.y, max(40, column.x - s(MARGIN) - rect.x), rect.h)
    row_h = min(s(SEAT_ROW_H), (column.h // 2) // max(1, players))
    seats = [pygame.Rect(column.x, column.y + i * row_h, column.w, row_h - s(4))
             for i in range(players)]
    status = pygame.Rect(column.x, column.y + players * row_h + s(2), column.w, s(30))
    choices = pygame.Rect(column.x, status.bottom + s(6), column.w,
                          column.bottom - status.bottom - s(6))
    # two lines of the smallest text the fitting helper may use must fit in a line
    entry_h = max(s(ENTRY_H), round(text.floor_px(scale) * 1.45) * 2 + 6)
    body = choices.h - s(30) - s(PAGER_H) - s(6)
    count = max(1, body // (entry_h + s(4)))
    entries = [pygame.Rect(choices.x + s(6), choices.y + s(30) + k * (entry_h + s(4)),
                           choices.w - s(12), entry_h) for k in range(count)]
    pager_y = choices.bottom - s(PAGER_H) - s(4)
    prev_page = pygame.Rect(choices.x + s(6), pager_y, s(70), s(PAGER_H))
    next_page = pygame.Rect(choices.right - s(76), pager_y, s(70), s(PAGER_H))
    dice = pygame.Rect(board.x + s(12), board.y + s(12), min(board.w - s(24), s(520)), s(96))
    return Layout(board, column, seats, status, choices, entries, prev_page, next_page, dice)
