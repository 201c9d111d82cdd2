"""Coup's table as data: phases, what follows a lost influence, and the whole state."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.core import Rng, Seat
from rules.coup.components import Character

NOBODY = -1


_AFTER = [[tuple((seat + i) % n for i in range(1, n)) for seat in range(n)] for n in range(7)]
"""Per player count and seat: the other seats in order, starting after it."""


class Phase(enum.Enum):
    PICK = "pick"  # two-player variant: both seats secretly keep one card of a set
    ACTION = "action"  # the actor declares an action
    CHALLENGE = "challenge"  # window on the open claim: challenge or allow, in seat order
    PROVE = "prove"  # the challenged claimant reveals the character or concedes
    BLOCK = "block"  # window for blocking the pending action
    LOSE = "lose"  # `loser` turns one face-down card face up
    EXCHANGE = "exchange"  # the actor returns cards to the court one by one
    OVER = "over"


# The phases as module constants: reading `Phase.ACTION` costs an enum lookup each time.
_PICKING, _ACTING, _CHALLENGING, _PROVING = (
    Phase.PICK, Phase.ACTION, Phase.CHALLENGE, Phase.PROVE)
_BLOCKING, _LOSING, _EXCHANGING, _OVER = Phase.BLOCK, Phase.LOSE, Phase.EXCHANGE, Phase.OVER


class Next(enum.Enum):
    """What happens once a pending influence has been lost."""

    CLAIM_STANDS = "claim_stands"  # the actor's claim survived a challenge
    ACTION_FAILS = "action_fails"  # the actor lost the challenge on the claim
    BLOCK_STANDS = "block_stands"  # the blocker survived a challenge
    BLOCK_FAILS = "block_fails"  # the blocker lost the challenge: the action goes on
    END_TURN = "end_turn"  # coup or assassination done


@dataclass
class CoupState:
    """The whole table, hidden cards and court order included; `view` decides who sees what.

    Cheap to copy: a move (`logic.play`) replaces the lists it changes (`coins`, `court`,
    and the outer lists of `hidden` and `revealed`) and the generator, as it replaces the
    tuples, so `apply`'s copy shares every part; `copy` copies the lists, for code that
    changes a state in place (sampled worlds, tests setting up a table).
    """

    players: int
    rng: Rng
    theme: str
    variant: bool  # the two-player variant is in play
    coins: list[int]
    treasury: int
    hidden: list[tuple[Character, ...]]  # face-down cards (influence); the actor's hand in EXCHANGE
    revealed: list[tuple[Character, ...]]  # face-up cards: influence lost
    court: list[Character]  # face down; drawn from the end
    picks: tuple[Character | None, ...]  # two-player variant: each seat's kept card
    phase: Phase
    actor: Seat  # whose turn it is
    action: str  # the pending turn action's TYPE, "" when none
    target: Seat
    claimant: Seat  # who made the claim in the open window
    claim: Character | None  # the character claimed in the open window
    blocker: Seat
    block_card: Character | None
    challenger: Seat
    window: tuple[Seat, ...]  # seats asked in this window, in order
    window_pos: int  # index of the seat whose answer is awaited
    loser: Seat
    after: Next
    loss_reason: str
    returns_left: int  # cards the actor still has to return in EXCHANGE
    out: tuple[Seat, ...]  # eliminated seats, first out first
    turns: int = 1  # turns begun so far, this one included
    # -- public record of play, read by the AI's inference (all of it public but
    # `court_known`, which each seat sees only for itself) --
    claimed: tuple[tuple[Character, ...], ...] = ()
    """Per seat: characters it claimed (acting or blocking) since its hand last changed
    before everyone's eyes (an exchange, a card shown and replaced); one entry per claim."""
    passed: tuple[tuple[Character, ...], ...] = ()
    """Per seat: characters it could have blocked with and did not, since that change."""
    shown: tuple[int, ...] = ()
    """Per seat: challenges it won by showing the claimed card."""
    caught: tuple[int, ...] = ()
    """Per seat: challenges it lost on its own claim (a bluff called, or a concession)."""
    challenges: tuple[int, ...] = ()
    """Per seat: claims it challenged."""
    allowances: tuple[int, ...] = ()
    """Per seat: claims it let pass when asked."""
    redrawn: tuple[bool, ...] = ()
    """Per seat: its hand has gone through the court (an exchange, a card shown and
    replaced), so in the two-player variant its pick may be gone."""
    court_known: tuple[tuple[Character, ...], ...] = ()
    """Per seat, private: cards it knows lie in the court (cards it put back itself,
    not drawn since by anyone it cannot follow)."""

    def copy(self) -> CoupState:
        new = object.__new__(CoupState)
        fields = self.__dict__.copy()
        fields["rng"] = Rng(self.rng.state)
        fields["coins"] = self.coins[:]
        fields["hidden"] = self.hidden[:]
        fields["revealed"] = self.revealed[:]
        fields["court"] = self.court[:]
        new.__dict__ = fields
        return new

    def alive(self, seat: Seat) -> bool:
        return len(self.revealed[seat]) < 2

    def influence(self, seat: Seat) -> int:
        """Face-down cards that count as influence (drawn exchange cards do not)."""
        n = len(self.hidden[seat])
        if self.phase is _EXCHANGING and seat == self.actor:
            n -= self.returns_left
        return n

    def others_after(self, seat: Seat) -> tuple[Seat, ...]:
        """Living seats other than `seat`, in seat order starting after it."""
        revealed = self.revealed
        return tuple([q for q in _AFTER[self.players][seat] if len(revealed[q]) < 2])

    @property
    def awaiting(self) -> Seat:
        """The one seat whose answer the game waits for (NOBODY in PICK and OVER)."""
        phase = self.phase
        if phase is _CHALLENGING or phase is _BLOCKING:
            return self.window[self.window_pos]
        if phase is _PROVING:
            return self.claimant
        if phase is _LOSING:
            return self.loser
        if phase is _ACTING or phase is _EXCHANGING:
            return self.actor
        return NOBODY
