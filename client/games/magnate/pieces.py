"""Magnate's pieces for drawing: card faces in the player's language, tokens, its dice, words.

Everything a player reads is looked up in the catalogue (assets/i18n/magnate/<lang>.json).
"""

from __future__ import annotations

from typing import Any

import pygame

from client.art import decktet
from client.art._draw import RGB, Point
from client.art.dice import DiceFace, DieKind, Painter, numbered, register_symbol
from client.i18n import has, tr
from rules.magnate.components import CARDS, Card, Kind
from rules.magnate.logic import payments

SUITS = decktet.SUITS


def _suit_painter(suit: str) -> Painter:
    def paint(surface: pygame.Surface, centre: Point, radius: float, _ink: RGB) -> None:
        decktet.draw_symbol(surface, suit, centre, radius, decktet.SUIT_COLOURS[suit])

    return paint


def _register_suit_symbols() -> None:
    for suit in SUITS:
        register_symbol(f"decktet.{suit}", _suit_painter(suit))


_register_suit_symbols()

D10 = numbered("magnate_d10", 10, body=(240, 232, 212), shape="kite")
TAX_DIE = DieKind(
    "magnate_tax",
    tuple(DiceFace(symbol=f"decktet.{s}", corner=str(i + 1)) for i, s in enumerate(SUITS)),
    body=(236, 226, 200),
)
"""The taxation d6: faces 1–6 are Moons, Suns, Waves, Leaves, Wyrms, Knots (the seed's order)."""


def dice_for(values: list[int]) -> list[tuple[DieKind, int]]:
    """The rules' dice tuple as tray dice: two d10, then the d6 only when a 1 showed."""
    return [(D10 if i < 2 else TAX_DIE, v) for i, v in enumerate(values)]


# -- words ----------------------------------------------------------------------------------
def card_name(card_id: str) -> str:
    key = f"card.{card_id}"
    return tr(key) if has(key) else card_id.replace("_", " ")


def suit_name(suit: str) -> str:
    return tr(f"suit.{suit}")


def suits_text(card_id: str) -> str:
    return " · ".join(suit_name(s.value) for s in CARDS[card_id].suits)


def tokens_text(tokens: dict[str, int]) -> str:
    """`{"waves": 2, "leaves": 1}` as “Waves ×2, Leaves ×1”, in suit order."""
    parts = [f"{suit_name(s)} ×{tokens[s]}" for s in SUITS if tokens.get(s)]
    return ", ".join(parts) if parts else tr("mag.nothing")


def payment_text(card_id: str, payment: tuple[int, ...]) -> str:
    suits = [s.value for s in CARDS[card_id].suits]
    return tokens_text(dict(zip(suits, payment, strict=True)))


def rank_word(card: Card) -> str:
    if card.kind is Kind.ACE:
        return tr("mag.rank.ace")
    if card.kind is Kind.CROWN:
        return tr("mag.rank.crown")
    if card.kind in (Kind.PAWN, Kind.EXCUSE):
        return tr("mag.rank.district")
    return str(card.rank)


def card_tip(card_id: str, costs: bool = True) -> str:
    """Name, rank, suits and what the card costs to develop, to deed and what it sells for."""
    card = CARDS[card_id]
    if card.kind in (Kind.PAWN, Kind.EXCUSE):
        return tr("mag.tip.district_card", name=card_name(card_id),
                  suits=suits_text(card_id) or tr("mag.no_suit"))
    head = tr("mag.tip.card", name=card_name(card_id), rank=rank_word(card),
              suits=suits_text(card_id) or tr("mag.no_suit"))
    if not costs or card.kind not in (Kind.ACE, Kind.NUMBER):
        return head
    suits = [s.value for s in card.suits]
    if card.kind is Kind.ACE:
        develop = tr("mag.tip.develop_ace", suit=suit_name(suits[0]))
        deed = tr("mag.tip.no_deed")
        sell = tokens_text({suits[0]: 2})
    else:
        options = " | ".join(
            "+".join(str(n) for n in p) for p in payments(card.rank, len(suits))
        )
        develop = tr("mag.tip.develop", rank=card.rank, suits=suits_text(card_id),
                     options=options)
        deed = (tr("mag.tip.deed", cost=tokens_text(dict.fromkeys(suits, 1)))
                if card.rank >= 3 else tr("mag.tip.no_deed"))
        sell = tokens_text(dict.fromkeys(suits, 1))
    return "\n".join((head, develop, deed, tr("mag.tip.sell", gain=sell)))


# -- faces -------------------------------------------------------------------------------------
def face(
    card_id: str,
    size: tuple[int, int],
    named: bool = True,
    reverse: bool = False,
    name_px: int = 0,
) -> pygame.Surface:
    """The card's face with its name in the current language (`reverse`: band at the bottom;
    `name_px`: the name's size, for cards shown in a row that must match)."""
    card = CARDS[card_id]
    suits = tuple(s.value for s in card.suits)
    name = card_name(card_id) if named else ""
    return decktet.card_face(
        card.kind.value, card.rank, suits, name, size, reverse, name_px, name_floor
    )


name_floor = 14
"""The smallest name on a face: the view sets it to `text.floor_px` of the scale it draws
the table at (a table squeezed into a small window draws smaller names, as it must)."""


def common_name_px(card_ids: list[str], size: tuple[int, int]) -> int:
    """One name size for a row of faces of `size` (the districts): the smallest any of them
    needs, so every title in the row has the same size."""
    fits = [decktet.name_fit(card_name(c), size, floor=name_floor) for c in card_ids]
    return min((f.size for f in fits if not f.elided), default=0)


def deed_face(card_id: str, size: tuple[int, int]) -> pygame.Surface:
    """An unfinished deed: the card turned 90° (`size` is the upright card's size), drawn
    as a landscape face so its name still reads upright, beside its picture."""
    w, h = size
    return face(card_id, (h, w))


def back(size: tuple[int, int]) -> pygame.Surface:
    return decktet.card_back(size)


def token(suit: str, radius: int) -> pygame.Surface:
    return decktet.token(suit, radius)


def action_params(action: Any) -> dict[str, Any]:
    """Words for an action's parameters (card and suit names), for labels and tips."""
    params: dict[str, Any] = {}
    for key in ("card", "district"):
        if hasattr(action, key):
            params[key] = card_name(getattr(action, key))
    for key in ("suit", "give", "take"):
        if hasattr(action, key):
            params[key] = suit_name(getattr(action, key))
    return params
