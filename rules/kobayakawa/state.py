"""Kobayakawa's state: the whole table, hidden cards included."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.core import JsonDict, Rng, Seat
from rules.kobayakawa.components import ROUNDS


class Phase(enum.Enum):
    CHOOSE = "choose"  # stage 1: draw a card or flip the top card onto the Kobayakawa
    KEEP = "keep"  # stage 1, after drawing: keep one of the two cards
    BET = "bet"  # stage 2: fight or pass
    OVER = "over"


@dataclass
class KobayakawaState:
    """The whole table, hidden cards included; only `view` decides who sees what.

    Cheap to copy: the lists that most moves change are copied by `copy`; `discards`
    holds a tuple per seat and `history` is a tuple, both replaced rather than changed,
    so copies share them.
    """

    players: int
    rng: Rng
    medals: list[int]
    centre: int
    round: int
    start_player: Seat
    phase: Phase
    order: tuple[Seat, ...]  # seats with medals this round, from the start player
    turn: int  # index into `order`
    hands: list[int]  # NO_CARD for seats out of the round
    drawn: int  # the card the seat to act has drawn, in phase KEEP
    discards: list[tuple[int, ...]]  # face-up discards of this round, per seat
    pile: list[int]  # the Kobayakawa pile; the last card is its value
    deck: list[int]  # face down; the top card is the last
    stakes: list[int]  # medals bet this round per seat; UNDECIDED before stage 2 speaks
    history: tuple[JsonDict, ...] = ()
    """One record per round played (never changed once written)."""

    def copy(self) -> KobayakawaState:
        new = object.__new__(KobayakawaState)
        fields = self.__dict__.copy()
        fields["rng"] = Rng(self.rng.state)
        fields["medals"] = self.medals[:]
        fields["hands"] = self.hands[:]
        fields["discards"] = self.discards[:]
        fields["pile"] = self.pile[:]
        fields["deck"] = self.deck[:]
        fields["stakes"] = self.stakes[:]
        new.__dict__ = fields
        return new

    @property
    def seat_to_act(self) -> Seat | None:
        return None if self.phase is Phase.OVER else self.order[self.turn]

    @property
    def kobayakawa(self) -> int:
        return self.pile[-1]

    @property
    def last_round(self) -> bool:
        return self.round == ROUNDS

    @property
    def reward(self) -> int:
        """Centre medals the round's winner takes: 2 in the last round, else 1."""
        return 2 if self.last_round else 1

    def bet_for(self, seat: Seat) -> int:
        """Medals a fighter bets: 1; in the last round 2, or 1 if that is all they have."""
        return min(self.reward, self.medals[seat])
