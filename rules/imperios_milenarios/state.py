"""Imperios Milenarios's state: tracks, hands and cups, totems on the map and in the boxes,
and the one decision window open now.

Everything is public except the order of the tokens in the cups, which is not
stored at all: a cup is a count per colour and the next draw comes from the
RNG carried here, so `sample_world` only has to reseed it.

Sets of areas, goods and technologies are int bitmasks (see components).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from rules.core import Rng, Seat


class Stage(enum.Enum):
    """Where the round stands (item 11)."""

    FOUND = "found"  # founding first capitals, seat 0 then counter-clockwise
    PICK = "pick"  # each player takes one token from the pool, in turn order
    PHASE = "phase"  # the red, yellow, blue and black phases, one phase-turn at a time
    KEEP = "keep"  # players over their reserve limit choose what to keep
    OVER = "over"


class End(enum.Enum):
    """Why the game ends (item 42); several may hold at once."""

    POOL_EMPTY = "pool_empty"
    LAST_CAPITAL = "last_capital"
    HALF_IN_FINAL_AGE = "half_in_final_age"
    FINAL_GOALS = "final_goals"


@dataclass(frozen=True, slots=True)
class Declared:
    """A blockable map action declared and waiting on its block window (items 24–25).

    `kind` is "conquer", "sack", "expel", "expand_sea" or "trade"; `target` the
    attacked seat or trade partner (-1 if none); `k` a trade's budget; `colour`
    the colour of the actions that pay for it. `blockers` are the eligible
    players in seat order after the actor, `at` the one being asked; `step` is
    "ask" (the blocker: block / let_pass), "appeal" (the actor: accept / appeal)
    or "reconsider" (the blocker: hold / lift).
    """

    kind: str
    actor: Seat
    area: int
    target: int
    k: int
    colour: int
    blockers: tuple[Seat, ...]
    at: int = 0
    step: str = "ask"
    appealed: bool = False
    route: tuple[int, ...] = ()

    @property
    def asked(self) -> Seat:
        return self.blockers[self.at]


@dataclass(frozen=True, slots=True)
class Contest:
    """An attack under way (items 29–31): whose decision it is and what is at stake.

    `turn` is "defender" (defend / yield), "attacker" (press / withdraw) or
    "sack" (the defender yielded a sack: the attacker sacks or abandons).
    """

    kind: str  # "sack" or "expel"
    attacker: Seat
    defender: Seat
    area: int
    turn: str
    rounds: int = 1  # points paid by the attacker so far


@dataclass(frozen=True, slots=True)
class TradeStep:
    """A trade that passed its block window: the item received, then the item given."""

    actor: Seat
    partner: Seat
    area: int
    k: int
    get: int = -1  # item index, -1 until chosen


@dataclass(frozen=True, slots=True)
class Placement:
    """A totem to be placed (item 38): on an area ("presence"/"control"), an item or a
    wonder. `avoid` is the area acted on, which a relocation may not take from."""

    seat: Seat
    what: str  # "presence", "control", "item", "wonder"
    target: int
    avoid: int = -1


@dataclass(slots=True)
class ImperiosState:
    """The whole table; `copy()` is cheap and `apply` never changes its input."""

    players: int
    final_age: int  # index into AGES: 1 cobre, 2 bronce, 3 hierro
    rng: Rng
    stage: Stage
    round: int
    dragon: Seat  # first in turn order this round
    colour: int  # the phase's colour while stage is PHASE
    turn: int  # index into the round's turn order (pick, phase-turns, keep)
    founded: tuple[Seat, ...]  # seats in the order they founded their first capital
    first_capital: list[int]  # area index, -1 before founding
    pool: list[int]  # per colour
    cup: list[list[int]]  # per seat, per colour
    hand: list[list[int]]
    discard: list[list[int]]
    census: list[int]
    armies: list[int]
    age: list[int]
    reserve: list[int]  # totems not on map, boxes, wonder or tracks
    presence: list[int]  # area mask: areas holding at least one of the seat's totems
    control: list[int]  # area mask: areas holding two (a controlled city or capital)
    items: list[int]  # item mask: goods and technologies owned
    globalised: int  # item mask: items every civilisation owns (emblem, totems back)
    wonders: list[int]  # per wonder: the builder, or -1
    avail: int  # converted, unspent actions of the phase's colour (active player)
    traded: list[int]  # per seat: mask of partners traded with this round
    refused: tuple[tuple[Any, ...], ...]  # actions blocked in this phase-turn
    ends: tuple[End, ...]  # end triggers met this round
    declared: Declared | None = None
    contest: Contest | None = None
    trade: TradeStep | None = None
    good: tuple[Seat, int] | None = None  # (conqueror, area) choosing a good
    placements: tuple[Placement, ...] = ()
    history: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    """Per finished round: (census per seat, score per seat), for the results chart."""
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def copy(self) -> ImperiosState:
        return ImperiosState(
            self.players,
            self.final_age,
            self.rng.copy(),
            self.stage,
            self.round,
            self.dragon,
            self.colour,
            self.turn,
            self.founded,
            self.first_capital[:],
            self.pool[:],
            [c[:] for c in self.cup],
            [h[:] for h in self.hand],
            [d[:] for d in self.discard],
            self.census[:],
            self.armies[:],
            self.age[:],
            self.reserve[:],
            self.presence[:],
            self.control[:],
            self.items[:],
            self.globalised,
            self.wonders[:],
            self.avail,
            self.traded[:],
            self.refused,
            self.ends,
            self.declared,
            self.contest,
            self.trade,
            self.good,
            self.placements,
            self.history,
        )

    def order(self) -> list[Seat]:
        """This round's turn order: the Dragón's holder, then clockwise (ascending seats)."""
        n = self.players
        return [(self.dragon + i) % n for i in range(n)]

    @property
    def active(self) -> Seat:
        """The player whose phase-turn, pick or keep it is (not a window's decider)."""
        return (self.dragon + self.turn) % self.players


def founding_order(players: int) -> tuple[Seat, ...]:
    """Seat 0 founds first, then counter-clockwise: n−1, n−2, …, 1 (item 4)."""
    return (0, *range(players - 1, 0, -1))
