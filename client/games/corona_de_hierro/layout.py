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
HAND_MIN_W = 96
"""The narrowest a card of the hand may be drawn (at UI scale 1) before its name no longer fits."""


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
    # Too narrow for the whole hand in one row (a small window, a large UI scale): the cards
    # that do not fit between the discards and the loyalty card (two half-height cards a
    # column there) go in rows of half-height cards under it, so the map loses half a card's
    # height, not a card's.
    gap = s(4)
    hand_x = strip.x + pad + 2 * (deck_w + s(6)) + small_w + s(10)
    beside = 2 * max(0, (strip.right - pad - s(70) - s(8) - hand_x) // (small_w + gap))
    narrow = strip.w < fixed + hand_w + s(8)
    per_row = HAND_MAX  # cards a row under: as many as fit without thinning their names away
    while per_row > 1 and (strip.w - 2 * pad - (per_row - 1) * gap) // per_row < s(HAND_MIN_W):
        per_row -= 1
    if narrow:
        rows_under = -(-(HAND_MAX - beside) // per_row)
        grow = rows_under * (half + gap) - gap + pad
        strip.h += grow
        strip.y -= grow
        board.h -= grow
    x = strip.x + pad
    decks: dict[str, pygame.Rect] = {}
    discards: dict[str, pygame.Rect] = {}
    for i, deck in enumerate(("political", "military")):
        decks[deck] = pygame.Rect(x + i * (deck_w + s(6)), strip.y + pad, deck_w, card_h)
        discards[deck] = pygame.Rect(x + 2 * (deck_w + s(6)), strip.y + pad + i * (half + s(4)),
                                     small_w, half)
    loyalty = pygame.Rect(strip.right - pad - s(70), strip.y + pad, s(70), card_h)
    if narrow:
        hand = [pygame.Rect(hand_x + (i // 2) * (small_w + gap),
                            strip.y + pad + (i % 2) * (half + gap), small_w, half)
                for i in range(beside)]
        card_w = min(small_w, (strip.w - 2 * pad - (per_row - 1) * gap) // per_row)
        y = strip.y + 2 * pad + card_h
        hand += [pygame.Rect(strip.x + pad + (i % per_row) * (card_w + gap),
                             y + (i // per_row) * (half + gap), card_w, half)
                 for i in range(HAND_MAX - beside)]
    else:
        cols = max(3, min(HAND_MAX, (loyalty.x - s(8) - hand_x) // (small_w + s(4))))
        rows_n = 1 if cols >= HAND_MAX else 2
        hand_h = card_h if rows_n == 1 else half
        hand = [pygame.Rect(hand_x + (i % cols) * (small_w + s(4)),
                            strip.y + pad + (i // cols) * (half + s(4)), small_w, hand_h)
                for i in range(HAND_MAX)]
    dice = pygame.Rect(board.x + s(10), board.bottom - s(138), min(s(330), board.w - s(20)),
                       min(s(128), board.h - s(20)))
    return Layout(board, column, track, cells, panels, strip, decks, discards, pool, hand,
                  loyalty, dice)
