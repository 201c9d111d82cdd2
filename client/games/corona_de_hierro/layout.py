"""Where things sit on the Corona de Hierro table: the map, a column on the right (the
legitimacy track over one panel per seat) and a strip under the map (the two decks with
their discard piles, the shield pool, the viewer's hand and loyalty card); over the map,
the Draw-five cards, a menu, the orders list and the fit that keeps the map clear of it.

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

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        for seat, panel in self.panels.items():
            if panel.rect.collidepoint(pos):
                return seat
        return None

    def card_at(self, pos: tuple[int, int], cards: int) -> int | None:
        """Which of the hand's first `cards` places (the cards held) lies under `pos`."""
        for i, rect in enumerate(self.hand[:cards]):
            if rect.collidepoint(pos):
                return i
        return None

    def deck_at(self, pos: tuple[int, int]) -> str | None:
        """The deck under `pos`, or "discard:<deck>" for its discard pile."""
        for deck, rect in self.decks.items():
            if rect.collidepoint(pos):
                return deck
        for deck, rect in self.discards.items():
            if rect.collidepoint(pos):
                return f"discard:{deck}"
        return None


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
    track, cells, pool, panels = _column(column, players, scale)
    decks, discards, hand, loyalty = _strip(strip, board, scale)
    dice = pygame.Rect(board.x + s(10), board.bottom - s(138), min(s(330), board.w - s(20)),
                       min(s(128), board.h - s(20)))
    return Layout(board, column, track, cells, panels, strip, decks, discards, pool, hand,
                  loyalty, dice)


def _column(column: pygame.Rect, players: int, scale: float
            ) -> tuple[pygame.Rect, list[pygame.Rect], pygame.Rect, dict[int, SeatPanel]]:
    """The legitimacy track (its cells and the shield pool) over one panel per seat."""
    def s(v: float) -> int:
        return round(v * scale)

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
    return track, cells, pool, panels


def _strip(strip: pygame.Rect, board: pygame.Rect, scale: float
           ) -> tuple[dict[str, pygame.Rect], dict[str, pygame.Rect], list[pygame.Rect],
                      pygame.Rect]:
    """The two decks with their discard piles, the hand and the loyalty card along the
    strip; where the hand does not fit in a row the strip grows up into `board` (both
    rects are changed in place)."""
    def s(v: float) -> int:
        return round(v * scale)

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
    return decks, discards, hand, loyalty


# -- over the map -------------------------------------------------------------------------------
def five_rects(viewport: pygame.Rect, cards: int, scale: float) -> list[pygame.Rect]:
    """The cards a Draw-five shows its drawer: a row across the middle of the map."""
    w, h, gap = round(118 * scale), round(64 * scale), round(10 * scale)
    total = cards * w + (cards - 1) * gap
    x0 = viewport.centerx - total // 2
    return [pygame.Rect(x0 + i * (w + gap), viewport.centery - h // 2, w, h)
            for i in range(cards)]


def menu_rects(anchor: tuple[int, int], rows: int, bounds: pygame.Rect, scale: float
               ) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """A menu of `rows` orders beside the point clicked, kept inside `bounds`: its box and
    its rows' rects (under a title row)."""
    def s(v: float) -> int:
        return round(v * scale)

    row_h = s(30)
    box = pygame.Rect(0, 0, s(330), row_h * (rows + 1) + s(12))
    box.topleft = (anchor[0] + s(12), anchor[1] - s(20))
    box.clamp_ip(bounds)
    return box, [pygame.Rect(box.x + s(6), box.y + s(6) + row_h * (i + 1), box.w - s(12),
                             row_h - s(2))
                 for i in range(rows)]


ORDER_ROW_H = 28
"""An orders list's row height (at UI scale 1)."""


def orders_rects(viewport: pygame.Rect, rows: int, width: int, scale: float
                 ) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The orders list in the map's bottom-left corner (over the western sea), rows `width`
    wide under a title: its box and its rows' rects. A long list lies in two columns (1-4
    down the first) where the board is wide enough: a low list clears the cities of the
    western coast, so the map beside it shrinks far less than beside one tall column."""
    def s(v: float) -> int:
        return round(v * scale)

    row_h = s(ORDER_ROW_H)
    columns = 2 if rows > 4 and 2 * width + s(30) <= viewport.w * 3 // 4 else 1
    per_column = -(-rows // columns)
    inner = width - s(12)
    box = pygame.Rect(0, 0, columns * inner + (columns - 1) * s(6) + s(12),
                      row_h * (per_column + 1) + s(10))
    box.bottomleft = (viewport.x + s(8), viewport.bottom - s(8))
    return box, [pygame.Rect(box.x + s(6) + (i // per_column) * (inner + s(6)),
                             box.y + s(4) + row_h * (i % per_column + 1), inner, row_h - s(3))
                 for i in range(rows)]


def focus_beside(viewport: pygame.Rect, focus: tuple[float, float, float, float],
                 box: pygame.Rect, points: list[tuple[float, float]], scale: float
                 ) -> tuple[float, float, float, float]:
    """The world rect to fit so that the map's `points` (its cities and boxes) clear the
    orders list `box`: the map's east and north edges stay on the board's, its zoom the
    largest (in steps of 4 %) that leaves every point outside the list (with a small gap)."""
    vp = viewport
    x, y, w, h = focus
    unit = min(vp.w / w, vp.h / h)
    gap = round(10 * scale)
    # A list a few pixels wider or taller should not refit the map: round it up.
    step = round(24 * scale)
    right = vp.x + -(-(box.right + gap - vp.x) // step) * step
    top = vp.bottom - -(-(vp.bottom - box.top + gap) // step) * step
    for _ in range(12):
        ox, oy = vp.right - (x + w) * unit, vp.y - y * unit
        if not any(ox + px * unit < right and oy + py * unit > top for px, py in points):
            break
        unit *= 0.96
    vw, vh = vp.w / unit, vp.h / unit
    return (x + w - vw, y, vw, vh)
