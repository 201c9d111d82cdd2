"""Where things sit on the Imperios Milenarios table: civilisation boards in a column on the
left, the common boxes (pool, goods, technologies, wonders) in a strip under the map, the
map's camera in the rest, and a list of choices over the map's right edge when a decision
has more options than the prompt can hold.

Pure geometry in screen pixels for a table rect and a UI scale; nothing is drawn here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

PANEL_W = 300
MARGIN = 8
STRIP_H = 150
CHOICES_W = 300
CHIPS_W = 84  # a small board's goods and technology counts and its wonder
COLOURS = ("red", "yellow", "blue", "black")


@dataclass
class CivPanel:
    """One civilisation's board: header, counters, hand by colour, cup, items. A small
    board (many players in a small window) drops the rows it has no height for, items
    first, then the counters (`show`); the board's tooltip still says everything."""

    seat: int
    rect: pygame.Rect
    header: pygame.Rect
    counters: pygame.Rect
    hand: list[pygame.Rect]  # one slot per colour, COLOURS order
    cup: pygame.Rect
    reserve: pygame.Rect  # the totems in reserve: drag one onto the map to expand
    items: pygame.Rect  # goods, technologies and wonder
    show: frozenset[str] = frozenset({"counters", "items"})
    chips: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Without the items row: goods, technologies and wonder as counted marks at the end
    of the hand row."""


@dataclass
class Strip:
    """The common boxes under the map."""

    rect: pygame.Rect
    pool: list[pygame.Rect]
    goods: dict[str, list[pygame.Rect]]  # "P" / "N": eight slots each, box order
    halves: dict[str, pygame.Rect]  # "P" / "N": the letter naming each goods row
    techs: list[list[pygame.Rect]]  # [branch][level - 1]
    wonders: list[pygame.Rect]


@dataclass
class Layout:
    board: pygame.Rect
    panels: dict[int, CivPanel] = field(default_factory=dict)
    strip: Strip | None = None
    choices: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


def layout(rect: pygame.Rect, players: int, scale: float, line: int = 0) -> Layout:
    """`line`: the height a line of the boards' smallest text needs, in pixels."""
    def s(v: float) -> int:
        return round(v * scale)

    col = pygame.Rect(rect.x + s(MARGIN), rect.y + s(MARGIN), s(PANEL_W),
                      rect.h - 2 * s(MARGIN))
    gap = s(6)
    h = (col.h - gap * (players - 1)) // players
    panels = {seat: _panel(seat, pygame.Rect(col.x, col.y + seat * (h + gap), col.w, h), scale,
                           line)
              for seat in range(players)}
    left = col.right + s(MARGIN)
    strip_rect = pygame.Rect(left, rect.bottom - s(MARGIN) - s(STRIP_H),
                             rect.right - left - s(MARGIN), s(STRIP_H))
    board = pygame.Rect(left, rect.y + s(MARGIN), strip_rect.w,
                        strip_rect.y - s(MARGIN) - rect.y - s(MARGIN))
    choices = pygame.Rect(0, board.y + s(8), min(s(CHOICES_W), board.w // 2),
                          board.h - s(16))
    choices.right = board.right - s(8)
    return Layout(board, panels, _strip(strip_rect, scale), choices)


def _panel(seat: int, rect: pygame.Rect, scale: float, line: int = 0) -> CivPanel:
    def s(v: float) -> int:
        return round(v * scale)

    pad = s(8)
    inner = rect.inflate(-2 * pad, -2 * pad)
    line = max(line, s(16))
    rows = 4 if inner.h >= 4 * line + s(8) else 3 if inner.h >= 3 * line + s(4) else 2
    show = frozenset({"counters", "items"} if rows == 4 else {"counters"} if rows == 3 else ())
    row = max(line, min(s(30), round((inner.h - s(6)) / (rows + 0.2))))
    header = pygame.Rect(inner.x, inner.y, inner.w, row)
    counters = pygame.Rect(inner.x, header.bottom, inner.w, row if "counters" in show else 0)
    hand_y = counters.bottom + s(2)
    hand_h = min(row + s(4), inner.bottom - hand_y)
    # without the items row, their counted marks take the hand row's right end
    chips_w = 0 if "items" in show else s(CHIPS_W)
    slot = min(row + s(4), (inner.w - s(96) - chips_w) // 4)
    hand = [pygame.Rect(inner.x + i * slot, hand_y, slot, hand_h) for i in range(4)]
    cup = pygame.Rect(hand[-1].right + s(6), hand_y, s(44), hand_h)
    reserve = pygame.Rect(cup.right + s(4), hand_y, inner.right - chips_w - cup.right - s(4),
                          hand_h)
    chips = pygame.Rect(0, 0, 0, 0)
    if chips_w:
        chips = pygame.Rect(inner.right - chips_w, hand_y, chips_w, hand_h)
    items = pygame.Rect(inner.x, hand[0].bottom + s(2), inner.w,
                        max(0, inner.bottom - hand[0].bottom - s(2)))
    return CivPanel(seat, rect, header, counters, hand, cup, reserve, items, show, chips)


def _strip(rect: pygame.Rect, scale: float) -> Strip:
    def s(v: float) -> int:
        return round(v * scale)

    pad = s(10)
    inner = rect.inflate(-2 * pad, -2 * pad)
    top = inner.y + s(20)  # under each box's title
    usable = inner.bottom - top
    # pool: 4 tokens in a 2×2 block, each with its count beside it (up to 80: two digits)
    cell = min(s(44), usable // 2)
    pool_x = inner.x
    slot_w = cell + s(26)
    pool = [pygame.Rect(pool_x + (i % 2) * (slot_w + s(4)), top + (i // 2) * cell, slot_w,
                        cell) for i in range(4)]
    x = pool[1].right + s(16)
    rest = inner.right - x
    goods_w = rest * 44 // 100
    techs_w = rest * 38 // 100
    wond_w = rest - goods_w - techs_w - s(24)
    goods: dict[str, list[pygame.Rect]] = {}
    halves: dict[str, pygame.Rect] = {}
    row_h = usable // 2
    letter_w = s(16)
    gw = (goods_w - letter_w) // 8
    for r, box in enumerate(("P", "N")):
        halves[box] = pygame.Rect(x, top + r * row_h, letter_w - s(2), row_h - s(3))
        goods[box] = [pygame.Rect(x + letter_w + i * gw, top + r * row_h, gw - s(3),
                                  row_h - s(3)) for i in range(8)]
    x += goods_w + s(12)
    tw = techs_w // 4
    th = usable // 3
    techs = [[pygame.Rect(x + b * tw, top + lv * th, tw - s(3), th - s(2)) for lv in range(3)]
             for b in range(4)]
    x += techs_w + s(12)
    wh = usable // 3
    wonders = [pygame.Rect(x, top + i * wh, wond_w, wh - s(3)) for i in range(3)]
    return Strip(rect, pool, goods, halves, techs, wonders)


def moved_panel(p: CivPanel, dx: int, dy: int) -> CivPanel:
    """The same board `dx, dy` away (to draw it into its own picture)."""
    return CivPanel(p.seat, p.rect.move(dx, dy), p.header.move(dx, dy), p.counters.move(dx, dy),
                    [r.move(dx, dy) for r in p.hand], p.cup.move(dx, dy),
                    p.reserve.move(dx, dy), p.items.move(dx, dy), p.show, p.chips.move(dx, dy))


def moved_strip(st: Strip, dx: int, dy: int) -> Strip:
    return Strip(st.rect.move(dx, dy), [r.move(dx, dy) for r in st.pool],
                 {k: [r.move(dx, dy) for r in v] for k, v in st.goods.items()},
                 {k: r.move(dx, dy) for k, r in st.halves.items()},
                 [[r.move(dx, dy) for r in col] for col in st.techs],
                 [r.move(dx, dy) for r in st.wonders])
