"""Where things sit on the Corona de Hierro table: the map, a column on the right (the
legitimacy track over one panel per seat) and a strip under the map (the two decks with
their discard piles, the shield pool, the viewer's hand and loyalty card).

Pure geometry for a table rect and a UI scale: nothing is drawn here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

COLUMN_W = 236
PANEL_H = 96
SMALL_W = 110
DECK_W = 54
STRIP_H = 112
TRACK_H = 64
MARGIN = 8
HAND_MAX = 5


@dataclass
class SeatPanel:
    """One seat's panel and its parts (screen rects)."""

    seat: int
    rect: pygame.Rect
    header: pygame.Rect
    rows: list[pygame.Rect]
    emissaries: pygame.Rect
    """The emissaries in hand: the acting seat drags one from here."""


@dataclass
class Layout:
    board: pygame.Rect
    column: pygame.Rect
    track: pygame.Rect
    cells: list[pygame.Rect]
    """The legitimacy track's cells, levels 0..13 (13: the crown)."""
    panels: dict[int, SeatPanel]
    strip: pygame.Rect
    decks: dict[str, pygame.Rect]
    discards: dict[str, pygame.Rect]
    pool: pygame.Rect
    hand: list[pygame.Rect]
    loyalty: pygame.Rect
    dice: pygame.Rect
    """Where a castle roll or a battle shows its dice: a plate in the board's corner."""
    extra: dict[str, pygame.Rect] = field(default_factory=dict)


def layout(rect: pygame.Rect, players: int, scale: float) -> Layout:
    def s(v: float) -> int:
        return round(v * scale)

    m = s(MARGIN)
    col_w = s(COLUMN_W)
    column = pygame.Rect(rect.right - col_w - m, rect.y + m, col_w, rect.h - 2 * m)
    strip_h = s(STRIP_H)
    board = pygame.Rect(rect.x + m, rect.y + m, column.x - rect.x - 2 * m,
                        rect.h - strip_h - 3 * m)
    strip = pygame.Rect(board.x, board.bottom + m, board.w, strip_h)

    track = pygame.Rect(column.x, column.y, column.w, s(TRACK_H))
    cell_w = (track.w - s(16)) / 14
    cells = [
        pygame.Rect(round(track.x + s(8) + i * cell_w), track.y + s(24), round(cell_w) - 1,
                    track.h - s(40))
        for i in range(14)
    ]
    pool = pygame.Rect(track.right - s(70), track.y + s(2), s(62), s(22))
    panels: dict[int, SeatPanel] = {}
    gap = s(4)
    top = track.bottom + gap
    avail = column.bottom - top - gap * (players - 1)
    h = min(s(PANEL_H), avail // max(1, players))
    for seat in range(players):
        r = pygame.Rect(column.x, top + seat * (h + gap), column.w, h)
        header = pygame.Rect(r.x, r.y, r.w, min(s(28), h // 3))
        row_h = (r.bottom - header.bottom - s(4)) // 2
        rows = [pygame.Rect(r.x + s(8), header.bottom + i * row_h, r.w - s(16), row_h)
                for i in range(2)]
        envoys = pygame.Rect(rows[1].x + s(46), rows[1].y, s(48), rows[1].h)
        panels[seat] = SeatPanel(seat, r, header, rows, envoys)

    pad = s(6)
    card_h = s(STRIP_H) - 2 * pad
    half = (card_h - s(4)) // 2
    small_w, deck_w = s(SMALL_W), s(DECK_W)
    hand_w = 3 * (small_w + s(4))
    fixed = 2 * (deck_w + s(6)) + small_w + s(10) + s(70) + 3 * pad
    if strip.w < fixed + hand_w + s(8):  # too narrow for one row: the hand goes under
        strip.h += card_h + pad
        strip.y -= card_h + pad
        board.h -= card_h + pad
    x = strip.x + pad
    decks: dict[str, pygame.Rect] = {}
    discards: dict[str, pygame.Rect] = {}
    for i, deck in enumerate(("political", "military")):
        decks[deck] = pygame.Rect(x + i * (deck_w + s(6)), strip.y + pad, deck_w, card_h)
        discards[deck] = pygame.Rect(x + 2 * (deck_w + s(6)), strip.y + pad + i * (half + s(4)),
                                     small_w, half)
    loyalty = pygame.Rect(strip.right - pad - s(70), strip.y + pad, s(70), card_h)
    if strip.h > s(STRIP_H):
        x, y = strip.x + pad, strip.y + 2 * pad + card_h
    else:
        x, y = discards["political"].right + s(10), strip.y + pad
    cols = max(3, min(HAND_MAX, (loyalty.x - s(8) - x) // (small_w + s(4))))
    if strip.h > s(STRIP_H):
        cols = max(3, min(HAND_MAX, (strip.w - 2 * pad) // (small_w + s(4))))
    rows_n = 1 if cols >= HAND_MAX else 2
    hand_h = card_h if rows_n == 1 else half
    hand = [pygame.Rect(x + (i % cols) * (small_w + s(4)), y + (i // cols) * (half + s(4)),
                        small_w, hand_h)
            for i in range(HAND_MAX)]
    dice = pygame.Rect(board.x + s(10), board.bottom - s(138), min(s(330), board.w - s(20)),
                       min(s(128), board.h - s(20)))
    return Layout(board, column, track, cells, panels, strip, decks, discards, pool, hand,
                  loyalty, dice)
