"""The Decktet as Magnate uses it: suits, the card table, districts, crowns and the draw deck."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Suit(enum.Enum):
    """The six Decktet suits, in the seed's usual order (the taxation die's faces 1–6)."""

    MOONS = "moons"
    SUNS = "suns"
    WAVES = "waves"
    LEAVES = "leaves"
    WYRMS = "wyrms"
    KNOTS = "knots"


SUITS: tuple[Suit, ...] = tuple(Suit)
SUIT_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(SUITS)}
SUIT_BY_NAME: dict[str, Suit] = {s.value: s for s in SUITS}


class Kind(enum.Enum):
    """What a card is for in Magnate."""

    ACE = "ace"  # in the draw deck; rank 1
    NUMBER = "number"  # ranks 2–9, in the draw deck
    CROWN = "crown"  # dealt three per player: personal resources (income on a 10)
    PAWN = "pawn"  # a district card
    EXCUSE = "excuse"  # the suitless district card


@dataclass(frozen=True, slots=True)
class Card:
    """One Decktet card: `Card(id='the_mill', rank=8, suits=(Suit.WAVES, Suit.LEAVES), kind=...)`.

    `rank` is 1 for Aces, 2–9 for numbered cards, 10 for Crowns and 0 for the
    district cards (which are never ranked in Magnate).
    """

    id: str
    rank: int
    suits: tuple[Suit, ...]
    kind: Kind


M, S, W, L, Y, K = SUITS

_ACES = tuple(Card(f"ace_of_{s.value}", 1, (s,), Kind.ACE) for s in SUITS)

_NUMBERED = (
    Card("the_author", 2, (M, K), Kind.NUMBER),
    Card("the_desert", 2, (S, Y), Kind.NUMBER),
    Card("the_origin", 2, (W, L), Kind.NUMBER),
    Card("the_journey", 3, (M, W), Kind.NUMBER),
    Card("the_painter", 3, (S, K), Kind.NUMBER),
    Card("the_savage", 3, (L, Y), Kind.NUMBER),
    Card("the_mountain", 4, (M, S), Kind.NUMBER),
    Card("the_sailor", 4, (W, L), Kind.NUMBER),
    Card("the_battle", 4, (Y, K), Kind.NUMBER),
    Card("the_forest", 5, (M, L), Kind.NUMBER),
    Card("the_discovery", 5, (S, W), Kind.NUMBER),
    Card("the_soldier", 5, (Y, K), Kind.NUMBER),
    Card("the_lunatic", 6, (M, W), Kind.NUMBER),
    Card("the_penitent", 6, (S, Y), Kind.NUMBER),
    Card("the_market", 6, (L, K), Kind.NUMBER),
    Card("the_chance_meeting", 7, (M, L), Kind.NUMBER),
    Card("the_castle", 7, (S, K), Kind.NUMBER),
    Card("the_cave", 7, (W, Y), Kind.NUMBER),
    Card("the_diplomat", 8, (M, S), Kind.NUMBER),
    Card("the_mill", 8, (W, L), Kind.NUMBER),
    Card("the_betrayal", 8, (Y, K), Kind.NUMBER),
    Card("the_pact", 9, (M, S), Kind.NUMBER),
    Card("the_darkness", 9, (W, Y), Kind.NUMBER),
    Card("the_merchant", 9, (L, K), Kind.NUMBER),
)

CROWNS: tuple[Card, ...] = (
    Card("the_huntress", 10, (M,), Kind.CROWN),
    Card("the_bard", 10, (S,), Kind.CROWN),
    Card("the_sea", 10, (W,), Kind.CROWN),
    Card("the_end", 10, (L,), Kind.CROWN),
    Card("the_calamity", 10, (Y,), Kind.CROWN),
    Card("the_windfall", 10, (K,), Kind.CROWN),
)

DISTRICTS: tuple[Card, ...] = (
    Card("the_watchman", 0, (M, Y, K), Kind.PAWN),
    Card("the_light_keeper", 0, (S, W, K), Kind.PAWN),
    Card("the_harvest", 0, (M, S, L), Kind.PAWN),
    Card("the_borderland", 0, (W, L, Y), Kind.PAWN),
    Card("the_excuse", 0, (), Kind.EXCUSE),
)
"""The five districts, in their order on the table (the Excuse last)."""

DECK: tuple[Card, ...] = _ACES + _NUMBERED
"""The draw deck: 6 Aces and 24 numbered cards, in canonical order."""

CARDS: dict[str, Card] = {c.id: c for c in DECK + CROWNS + DISTRICTS}
"""Every card Magnate uses, by id."""

DECK_IDS: tuple[str, ...] = tuple(c.id for c in DECK)
CARD_ORDER: dict[str, int] = {cid: i for i, cid in enumerate(DECK_IDS)}
"""A card's place in the canonical order: hands and unseen cards are kept sorted by it."""

DISTRICT_IDS: tuple[str, ...] = tuple(d.id for d in DISTRICTS)
DISTRICT_INDEX: dict[str, int] = {d: i for i, d in enumerate(DISTRICT_IDS)}
EXCUSE = DISTRICT_INDEX["the_excuse"]

# Suits as small ints, precomputed for the hot paths (legal moves, income).
SUIT_IDS: dict[str, tuple[int, ...]] = {
    c.id: tuple(SUIT_INDEX[s] for s in c.suits) for c in CARDS.values()
}
RANK: dict[str, int] = {c.id: c.rank for c in CARDS.values()}


TAX_DIE = 6
INCOME_DIE = 10
CROWN_ROLL = 10
"""The high die's 10 pays for crowns."""
ACE_RANK = 1
