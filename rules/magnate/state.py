"""Magnate's turn phases and the whole-table state with its setup."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.core import Rng, Seat
from rules.magnate.components import CARD_ORDER, CROWNS, DECK_IDS, DISTRICTS, SUIT_IDS

PLAYERS = 2
HAND_SIZE = 3
CROWNS_EACH = 3
NO_DEED = -1
"""`MagnateState.deeds` value for a line that ends in a completed property (or is empty)."""


class Phase(enum.Enum):
    """Where the active player's turn stands."""

    ROLL = "roll"  # (a) the dice must be rolled
    INCOME = "income"  # owners of unfinished deeds of the rolled rank choose their token
    PLAY = "play"  # (b) play one card; trade and develop deeds; then (c) draw
    OVER = "over"


# -- state ---------------------------------------------------------------------
@dataclass
class MagnateState:
    """The whole table, hidden cards included; only `view` decides who sees what.

    Districts are indexed 0–4 in `DISTRICTS` order; suits 0–5 in `SUITS` order.
    """

    rng: Rng
    phase: Phase
    active: Seat
    start_player: Seat
    hands: list[list[str]]  # kept sorted in CARD_ORDER
    crowns: tuple[tuple[str, ...], ...]
    tokens: list[list[int]]  # [seat][suit]
    lines: list[list[tuple[str, ...]]]  # [seat][district]: properties, oldest first
    deeds: list[list[int]]  # [seat][district]: tokens on the deed ending the line, or NO_DEED
    deck: list[str]  # face down; the top card is the last
    discards: list[str]  # face up, oldest first
    second_pile: tuple[str, ...] | None  # sorted: the discards that became the second pile
    exhaustions: int  # times the draw pile ran out
    final_turns: int  # final turns left (this one included) after the second exhaustion
    pending: list[tuple[Seat, int]]  # deed incomes still to choose: (owner, district)
    dice: tuple[int, ...]  # this turn's roll: () before it, (d10, d10) or (d10, d10, d6)
    card_played: bool
    turn: int = 1

    def copy(self) -> MagnateState:
        # One dictionary copy for every field; then the lists a move changes in place.
        new = object.__new__(MagnateState)
        fields = self.__dict__.copy()
        fields["rng"] = Rng(self.rng.state)
        fields["hands"] = [h[:] for h in self.hands]
        fields["tokens"] = [t[:] for t in self.tokens]
        fields["lines"] = [row[:] for row in self.lines]
        fields["deeds"] = [row[:] for row in self.deeds]
        fields["deck"] = self.deck[:]
        fields["discards"] = self.discards[:]
        fields["pending"] = self.pending[:]
        new.__dict__ = fields
        return new

    @property
    def final_turn(self) -> bool:
        return self.final_turns > 0


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


def new_state(seed: int, start_player: int) -> MagnateState:
    """Set up: districts on the table, three Crowns and their tokens each, three cards each."""
    rng = Rng(seed)
    if start_player < 0:
        start_player = rng.below(PLAYERS)
    crowns = [c.id for c in CROWNS]
    rng.shuffle(crowns)
    deck = list(DECK_IDS)
    rng.shuffle(deck)
    dealt = tuple(tuple(crowns[p * CROWNS_EACH : (p + 1) * CROWNS_EACH]) for p in range(PLAYERS))
    tokens = [[0] * 6 for _ in range(PLAYERS)]
    for p in range(PLAYERS):
        for crown in dealt[p]:
            tokens[p][SUIT_IDS[crown][0]] += 1
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    for _ in range(HAND_SIZE):
        for p in range(PLAYERS):
            hands[p].append(deck.pop())
    return MagnateState(
        rng=rng,
        phase=Phase.ROLL,
        active=start_player,
        start_player=start_player,
        hands=[sort_cards(h) for h in hands],
        crowns=dealt,
        tokens=tokens,
        lines=[[() for _ in DISTRICTS] for _ in range(PLAYERS)],
        deeds=[[NO_DEED] * len(DISTRICTS) for _ in range(PLAYERS)],
        deck=deck,
        discards=[],
        second_pile=None,
        exhaustions=0,
        final_turns=0,
        pending=[],
        dice=(),
        card_played=False,
    )
