"""Where things sit on the Kobayakawa table: seat plates on an ellipse, deck and pile inside."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

CARD_RATIO = 1.4


@dataclass
class SeatSpot:
    """One seat's plate and the places of its cards and medals, in window pixels."""

    block: pygame.Rect
    hand: pygame.Rect
    extra: pygame.Rect  # the second card while drawing
    discard: pygame.Rect
    name: tuple[int, int]
    medals: tuple[int, int]  # centre of the first medal token
    stake: tuple[int, int]
    status: tuple[int, int]
    medal_r: int


@dataclass
class TableLayout:
    seats: list[SeatSpot]
    deck: pygame.Rect
    pile: pygame.Rect
    centre_medals: tuple[int, int]
    info: tuple[int, int]  # where the last round's result is written
    medal_r: int


def _card(w: int) -> tuple[int, int]:
    return w, round(w * CARD_RATIO)


def seat_spot(block: pygame.Rect, card_w: int, viewer: bool, s: float) -> SeatSpot:
    """Name across the top; the hand card (and a drawn one) below it; medals to the right."""
    pad = round(10 * s)
    top = round(36 * s)
    cw, ch = _card(card_w)
    ch = min(ch, block.h - top - pad)
    cw = round(ch / 1.4)
    hand = pygame.Rect(block.x + pad, block.y + top, cw, ch)
    if viewer:
        extra = hand.move(cw + round(8 * s), 0)
    else:
        extra = hand.move(round(cw * 0.42), -round(4 * s))
    right = extra.right + round(12 * s)
    mini = pygame.Rect(0, 0, *_card(round(32 * s)))
    mini.bottomright = (block.right - pad, block.bottom - pad)
    medal_r = round(10 * s)
    return SeatSpot(
        block=block,
        hand=hand,
        extra=extra,
        discard=mini,
        name=(block.x + pad, block.y + round(8 * s)),
        medals=(right + medal_r, hand.y + round(20 * s)),
        stake=(right + medal_r, hand.y + round(62 * s)),
        status=(right, hand.y + round(40 * s)),
        medal_r=medal_r,
    )


def table_layout(rect: pygame.Rect, players: int, bottom_seat: int, s: float) -> TableLayout:
    """Seats clockwise from `bottom_seat`, which sits at the bottom, nearest the viewer."""
    ow, oh = round(250 * s), round(128 * s)
    vw, vh = round(320 * s), round(156 * s)
    cx, cy = rect.centerx, rect.centery
    rx = rect.w / 2 - ow / 2 - 16 * s
    ry = rect.h / 2 - oh / 2 - 12 * s
    spots: list[SeatSpot | None] = [None] * players
    for k in range(players):
        seat = (bottom_seat + k) % players
        if k == 0:
            block = pygame.Rect(0, 0, vw, vh)
            block.midbottom = (cx, rect.bottom - round(10 * s))
            spots[seat] = seat_spot(block, round(76 * s), True, s)
            continue
        angle = math.pi / 2 + k * 2 * math.pi / players
        block = pygame.Rect(0, 0, ow, oh)
        block.center = (round(cx + rx * math.cos(angle)), round(cy + ry * math.sin(angle)))
        block.clamp_ip(rect)
        spots[seat] = seat_spot(block, round(62 * s), False, s)
    cw, ch = _card(round(96 * s))
    gap = round(28 * s)
    mid_y = cy - round(22 * s)
    deck = pygame.Rect(0, 0, cw, ch)
    deck.center = (cx - cw // 2 - gap // 2, mid_y)
    pile = pygame.Rect(0, 0, cw, ch)
    pile.center = (cx + cw // 2 + gap // 2, mid_y)
    medal_r = round(12 * s)
    return TableLayout(
        seats=[spot for spot in spots if spot is not None],
        deck=deck,
        pile=pile,
        centre_medals=(cx, deck.bottom + round(30 * s)),
        info=(cx, deck.bottom + round(58 * s)),
        medal_r=medal_r,
    )
