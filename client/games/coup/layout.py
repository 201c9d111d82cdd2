"""Where things sit on the Coup table: rivals along the top, you at the bottom, court between."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

CARD_RATIO = 1.4
ACTION_ORDER = ("income", "foreign_aid", "coup", "tax", "assassinate", "steal", "exchange")


@dataclass
class SeatSpot:
    """One seat's plate: its name line, coin counter, card slots and where its balloon goes."""

    block: pygame.Rect
    name: tuple[int, int]
    coins: tuple[int, int]  # centre of the coin icon
    card: tuple[int, int]  # size of one card
    cards_at: tuple[int, int]  # top-left of the first card slot
    gap: int
    balloon: tuple[int, int]  # the point the balloon's tail touches
    below: bool  # the balloon hangs below the plate (rivals) or stands above it (you)

    def slots(self, count: int) -> list[pygame.Rect]:
        """`count` card slots side by side, shrunk to fit the plate when there are many."""
        w, h = self.card
        room = self.block.right - self.cards_at[0] - self.gap
        if count * (w + self.gap) - self.gap > room:
            w = max(8, (room - (count - 1) * self.gap) // count)
            h = round(w * CARD_RATIO)
        x, y = self.cards_at
        return [pygame.Rect(x + i * (w + self.gap), y, w, h) for i in range(count)]


@dataclass
class TableLayout:
    seats: list[SeatSpot]
    court: pygame.Rect
    treasury: tuple[int, int]  # centre of the coin pile
    coin_r: int
    board: pygame.Rect  # the action board
    middle: pygame.Rect  # the free band between rivals and you (picks, notices)


def table_layout(rect: pygame.Rect, players: int, bottom: int, s: float) -> TableLayout:
    """Rivals clockwise from your left along the top; you (or the last viewer) at the bottom."""

    def px(v: float) -> int:
        return round(v * s)

    pad, gap = px(10), px(10)
    others = [(bottom + k) % players for k in range(1, players)]
    n = max(1, len(others))
    ow = min(px(250), (rect.w - 2 * pad - (n - 1) * gap) // n)
    oh = px(152)
    row_w = n * ow + (n - 1) * gap
    x0 = rect.centerx - row_w // 2
    spots: dict[int, SeatSpot] = {}
    card_h = oh - px(58)
    card_w = min(round(card_h / CARD_RATIO), (ow - px(32)) // 2)
    for i, seat in enumerate(others):
        block = pygame.Rect(x0 + i * (ow + gap), rect.y + pad, ow, oh)
        spots[seat] = SeatSpot(
            block=block,
            name=(block.x + px(10), block.y + px(8)),
            coins=(block.right - px(44), block.y + px(19)),
            card=(card_w, round(card_w * CARD_RATIO)),
            cards_at=(block.x + px(12), block.y + px(50)),
            gap=px(8),
            balloon=(block.centerx, block.bottom + px(4)),
            below=True,
        )
    mine = pygame.Rect(rect.x + pad, rect.bottom - px(232), px(370), px(222))
    spots[bottom] = SeatSpot(
        block=mine,
        name=(mine.x + px(12), mine.y + px(10)),
        coins=(mine.right - px(52), mine.y + px(21)),
        card=(px(104), px(146)),
        cards_at=(mine.x + px(14), mine.y + px(62)),
        gap=px(12),
        balloon=(mine.centerx, mine.y - px(4)),
        below=False,
    )
    board = pygame.Rect(mine.right + gap, mine.y, rect.right - pad - mine.right - gap, mine.h)
    top = rect.y + pad + oh + px(40)
    court = pygame.Rect(0, 0, px(78), px(109))
    court.topleft = (rect.x + px(34), top + px(16))
    middle = pygame.Rect(rect.x + px(250), top, rect.w - px(260), mine.y - top - px(52))
    return TableLayout(
        seats=[spots[q] for q in range(players)],
        court=court,
        treasury=(court.right + px(84), court.centery + px(6)),
        coin_r=px(13),
        board=board,
        middle=middle,
    )
