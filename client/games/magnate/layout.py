"""Where Magnate's pieces sit: two player strips, five district columns, the side column.

The seat on the bottom is the one looking (hot seat) or seat 0; each player's
properties stack away from the districts on their own side, as in the seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

DISTRICTS = 5
SUITS = 6


@dataclass
class Strip:
    """One player's own area: name, token supply by suit, crowns, hand."""

    rect: pygame.Rect
    name: tuple[int, int]
    tokens: list[pygame.Rect]  # one slot per suit, the token's circle box
    crowns: list[pygame.Rect]
    hand_origin: tuple[int, int]
    hand_card: tuple[int, int]
    hand_gap: int


@dataclass
class Column:
    """One district: its card and, for each seat, the area its properties stack into."""

    district: pygame.Rect
    areas: dict[int, pygame.Rect] = field(default_factory=dict)


@dataclass
class MagnateLayout:
    bottom: int
    strips: dict[int, Strip]
    columns: list[Column]
    card: tuple[int, int]  # a property card, portrait
    band: int  # how much of an overlapped property shows
    deck: pygame.Rect
    discard: pygame.Rect
    dice: tuple[int, int]
    die: int
    bank: pygame.Rect
    middle: pygame.Rect

    def hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        strip = self.strips[seat]
        x, y = strip.hand_origin
        w, h = strip.hand_card
        return [pygame.Rect(x + i * (w + strip.hand_gap), y, w, h) for i in range(count)]

    def column_at(self, pos: tuple[int, int]) -> int | None:
        """The district whose column (its card and both stacks) holds `pos`."""
        for i, col in enumerate(self.columns):
            whole = col.district.unionall(list(col.areas.values()))
            if whole.inflate(6, 0).collidepoint(pos):
                return i
        return None


def table_layout(rect: pygame.Rect, bottom: int, scale: float) -> MagnateLayout:
    """Every rectangle of the table at this scale, inside the game's `rect`."""

    def s(v: float) -> int:
        return round(v * scale)

    top = 1 - bottom
    pad = s(8)
    full = pygame.Rect(rect.x + pad, rect.y, rect.w - 2 * pad, rect.h)
    top_strip = pygame.Rect(full.x, rect.y + s(4), full.w, s(80))
    bottom_strip = pygame.Rect(full.x, rect.bottom - s(156), full.w, s(152))
    middle = pygame.Rect(full.x, top_strip.bottom + s(6), full.w,
                         bottom_strip.top - top_strip.bottom - s(12))
    side_w = s(196)
    main = pygame.Rect(middle.x, middle.y, middle.w - side_w - s(8), middle.h)
    side = pygame.Rect(main.right + s(8), middle.y, side_w, middle.h)
    col_w = main.w // DISTRICTS
    card_w = min(s(78), col_w - s(14))
    card = (card_w, round(card_w * 1.4))
    d_h = s(76)
    d_w = min(col_w - s(8), s(140))
    columns = []
    for i in range(DISTRICTS):
        cx = main.x + col_w * i + col_w // 2
        district = pygame.Rect(0, 0, d_w, d_h)
        district.center = (cx, main.centery)
        area_w = max(card[1], card[0]) + s(4)
        up = pygame.Rect(cx - area_w // 2, main.top, area_w, district.top - s(4) - main.top)
        down = pygame.Rect(cx - area_w // 2, district.bottom + s(4), area_w,
                           main.bottom - district.bottom - s(4))
        columns.append(Column(district, {top: up, bottom: down}))
    strips = {
        top: _strip(top_strip, s, small=True),
        bottom: _strip(bottom_strip, s, small=False),
    }
    die = s(46)
    deck = pygame.Rect(0, 0, card[0], card[1])
    deck.topleft = (side.x + s(10), side.y + s(96))
    discard = deck.copy()
    discard.right = side.right - s(10)
    bank = pygame.Rect(side.x, discard.bottom + s(34), side.w, s(74))
    return MagnateLayout(
        bottom=bottom,
        strips=strips,
        columns=columns,
        card=card,
        band=s(26),
        deck=deck,
        discard=discard,
        dice=(side.centerx, side.y + s(42)),
        die=die,
        bank=bank,
        middle=middle,
    )


def _strip(rect: pygame.Rect, s: object, small: bool) -> Strip:
    sc = s  # a length at the current scale
    assert callable(sc)
    if small:
        slot, r, ty = sc(52), sc(14), rect.y + sc(54)
        crown = (sc(34), sc(48))
        hand = (sc(34), sc(48))
    else:
        slot, r, ty = sc(58), sc(18), rect.y + sc(60)
        crown = (sc(40), sc(56))
        hand = (sc(88), sc(124))
    x0 = rect.x + sc(6)
    tokens = [pygame.Rect(x0 + i * slot, ty - r, 2 * r, 2 * r) for i in range(SUITS)]
    if small:
        cx = x0 + SUITS * slot + sc(12)
        crowns = [pygame.Rect(cx + i * (crown[0] + sc(5)), rect.y + sc(26), *crown)
                  for i in range(3)]
        hand_origin = (crowns[-1].right + sc(40), rect.y + sc(26))
    else:
        crowns = [pygame.Rect(x0 + i * (crown[0] + sc(6)), rect.y + sc(88), *crown)
                  for i in range(3)]
        hand_origin = (x0 + SUITS * slot + sc(40), rect.y + sc(16))
    return Strip(rect, (x0, rect.y + sc(4)), tokens, crowns, hand_origin, hand, sc(8))
