"""Conquest of the Empire II state: the board's pieces, the players' purses and cards, the
season's order and alliances, and the one decision the game waits for.

The state is a mutable record copied once per `apply` (lists are copied, the small
decision contexts are frozen and replaced). Locations are numbered provinces first
(0..41), then sea zones (42..58), in the order `components.board()` gives them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from rules.conquest_of_the_empire.components import (
    CAESAR,
    GALLEY,
    GENERAL,
    MILITARY_LAND,
    UNIT_TYPES,
    board,
)
from rules.core import Rng, Seat

NO_CITY = -2
"""`city[p]` when province p has no city."""
UNHELD = -1
"""`city[p]` when the city in province p has no holder; a seat number otherwise."""
NEUTRAL = -1
"""The source of a neutral province token when buying influence."""


class Step(enum.Enum):
    """The decision the game waits for; `State.actor` is the seat that makes it."""

    DRAFT = "draft"  # pick a homeland (option homelands="draft")
    BID = "bid"  # auction: open with a bid, or raise / pass
    NAME_A = "name_a"  # auction: name position A of the proposal
    NAME_B = "name_b"  # auction: name position B
    ACTION = "action"  # the seat's menu: an action, a free step, or end of turn
    MOVE = "move"  # land movement under way: destination, units, done
    NAVAL = "naval"  # naval movement under way: galleys from a zone, done
    NAVAL_TARGET = "naval_target"  # fight a non-allied player in the zone, or not
    RECRUIT = "recruit"  # recruit under way: a place, or done
    RECRUIT_UNIT = "recruit_unit"  # ... what and how many there
    CARD_TARGET = "card_target"  # a card resolved at once needs its target
    VETO = "veto"  # Tribunus Plebis: veto the purchase of your influence, or not
    CURSUS = "cursus"  # Cursus Publicus: where the leader goes
    VOTE = "vote"  # a Senate vote: show senators, or pass
    VOTE_EFFECT = "vote_effect"  # the winner of a vote chooses its target
    LEND = "lend"  # battle: an ally lends his units, or not
    GALLEYS = "galleys"  # land battle: a contender's galleys next to the province join, or not
    CARDS = "cards"  # battle: a contender declares ready battle cards
    CASUALTY = "casualty"  # battle: remove one unit per hit, one at a time
    RETREAT = "retreat"  # battle: retreat or continue
    RETREAT_TO = "retreat_to"  # battle: the province the retreating side goes to
    MAINTENANCE = "maintenance"  # pay a maintenance, or take 2 chaos
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Auction:
    """One alliance auction: who opened it, the standing proposal and who is asked."""

    opener: Seat
    asked: Seat  # the seat deciding now
    bid: int = -1  # -1: no proposal yet (the opener must open)
    proposer: Seat = -1
    a: Seat = -1
    b: Seat = -1
    passes: int = 0  # passes in a row since the last proposal
    amount: int = -1  # a raise being built: its amount, before A and B are named
    name_a: Seat = -1  # ... and its A


@dataclass(frozen=True, slots=True)
class Act:
    """The action under way (movement, recruit, card, purchase, leader move)."""

    kind: str  # "move" | "naval" | "recruit" | "card" | "buy" | "cursus"
    origin: int = -1  # move: the province units leave; cursus: the leader's province
    dest: int = -1  # move: current destination province
    sea: bool = False  # move: the current destination is reached by sea
    moved: int = 0  # units moved (or recruited) so far in this action
    sent: int = 0  # move: units sent to the current destination so far
    loads: tuple[tuple[int, int], ...] = ()  # move: (destination, military units) by sea
    dests: tuple[int, ...] = ()  # move: every destination used in this action
    second: bool = False  # move: Via Militaris gave a second origin
    zone: int = -1  # naval: target zone
    place: int = -1  # recruit: location being recruited at
    free: bool = False  # recruit: Dilectus (no chaos)
    card: str = ""  # card: design being resolved / leader type for cursus
    left: int = 0  # card: placements left
    sources: tuple[int, ...] = ()  # buy: seats (or NEUTRAL) each point comes from
    province: int = -1  # buy: where
    price: int = 0  # buy: talents per point
    chaos: int = 0  # recruit: chaos this action brings


@dataclass(frozen=True, slots=True)
class Battle:
    """A land or naval battle under way."""

    naval: bool
    place: int  # location: a province (land) or a sea location (naval)
    attacker: Seat
    defender: Seat
    lenders: tuple[tuple[Seat, Seat], ...] = ()  # (lender, contender) pairs
    ask: tuple[Seat, ...] = ()  # seats still to answer in the lend / galley / card steps
    galleys: tuple[Seat, ...] = ()  # contenders whose own galleys joined (land battle)
    cards: tuple[tuple[Seat, str], ...] = ()  # battle cards declared
    round: int = 0
    city: bool = False  # the defender rolls first this battle
    hits: int = 0  # hits still to remove
    hit_side: Seat = -1  # the contender whose side takes them
    queued: int = 0  # hits on the defender waiting while the attacker removes his
    stage: str = ""  # what follows the casualties: see logic_battle
    retreating: Seat = -1
    losers: tuple[Seat, ...] = ()
    last: tuple[tuple[Seat, tuple[int, ...]], ...] = ()  # last dice rolled, per contender


@dataclass(frozen=True, slots=True)
class Vote:
    """A Senate vote under way."""

    card: str
    caller: Seat
    asked: Seat
    shows: tuple[tuple[int, ...], ...]  # per seat: senators shown now
    best: int = 0
    leader: Seat = -1
    passes: int = 0


@dataclass(frozen=True, slots=True)
class Maintenance:
    """The maintenance checks of phase 5: which one, who still chooses, who paid."""

    check: int  # index into components.MAINTENANCE
    queue: tuple[Seat, ...]  # tied dominators still to choose, in turn order
    paid: tuple[tuple[Seat, int], ...] = ()  # (seat, check) paid


@dataclass(slots=True)
class State:
    """The whole table. Everything is public except the order of `deck` and `bag` and the
    generator's state."""

    players: int
    rng: Rng
    draft: bool
    step: Step
    actor: Seat
    season: int
    turn: int  # 1..4 in the action phase, 0 before it
    pos: int  # index into `order` of the seat whose turn it is
    actions_done: int
    order: tuple[Seat, ...]  # this season's positions 1..N (being filled during auctions)
    first_opener: Seat  # opens this season's first auction
    homeland: list[int]  # per seat, a province index (-1 before the draft ends)
    draft_order: tuple[Seat, ...]
    units: list[int]  # [(location * players + seat) * 6 + type]
    supply: list[int]  # [seat * 6 + type]: pieces not on the board
    influence: list[int]  # [province * players + seat]
    neutral: list[int]  # per province: neutral tokens
    city: list[int]  # per province: NO_CITY, UNHELD or the holder
    cities_built: int
    talents: list[int]
    chaos: list[int]
    vp: list[int]
    senators: list[tuple[int, ...]]  # per seat, sorted values
    owned: list[tuple[tuple[str, bool], ...]]  # per seat: (design, ready) in order taken
    market: tuple[str, ...]  # conquest cards on offer, sorted
    votes_offer: tuple[str, ...]  # Senate Vote cards still on offer
    deck: list[str]  # hidden order
    bag: list[int]  # province tokens still in the bag, hidden order
    removed: int  # cards out of the game (discarded from the market, used ✗, spent senators)
    last_pass: list[int]  # per seat: the turn of this season it last passed (0: none)
    card_turn: list[int]  # per seat: the turn of this season it took a card (0: none)
    auction: Auction | None = None
    act: Act | None = None
    battle: Battle | None = None
    vote: Vote | None = None
    maintenance: Maintenance | None = None
    resume: Step = Step.ACTION  # where a vote or veto returns to
    sides: tuple[int, ...] = ()  # per seat: 0 odd position, 1 even, -1 unplaced
    history: tuple[tuple[tuple[int, int, int], ...], ...] = ()  # per season: (vp, talents, chaos)
    last_scoring: tuple[Any, ...] = ()
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def copy(self) -> State:
        return State(
            self.players, self.rng.copy(), self.draft, self.step, self.actor, self.season,
            self.turn, self.pos, self.actions_done, self.order, self.first_opener,
            self.homeland[:], self.draft_order, self.units[:], self.supply[:],
            self.influence[:], self.neutral[:], self.city[:], self.cities_built,
            self.talents[:], self.chaos[:], self.vp[:], self.senators[:], self.owned[:],
            self.market, self.votes_offer, self.deck[:], self.bag[:], self.removed,
            self.last_pass[:], self.card_turn[:], self.auction, self.act, self.battle,
            self.vote, self.maintenance, self.resume, self.sides, self.history,
            self.last_scoring,
        )

    # -- pieces ------------------------------------------------------------------------
    def at(self, loc: int, seat: Seat, unit: int) -> int:
        return self.units[(loc * self.players + seat) * UNIT_TYPES + unit]

    def put(self, loc: int, seat: Seat, unit: int, n: int) -> None:
        """Move `n` pieces from the seat's supply onto `loc` (negative: back to supply)."""
        self.units[(loc * self.players + seat) * UNIT_TYPES + unit] += n
        self.supply[seat * UNIT_TYPES + unit] -= n

    def shift(self, src: int, dst: int, seat: Seat, unit: int, n: int) -> None:
        base = seat * UNIT_TYPES + unit
        stride = self.players * UNIT_TYPES
        self.units[src * stride + base] -= n
        self.units[dst * stride + base] += n

    def pool(self, seat: Seat, unit: int) -> int:
        return self.supply[seat * UNIT_TYPES + unit]

    def military(self, loc: int, seat: Seat) -> int:
        """Military land units of `seat` in province `loc`."""
        i = (loc * self.players + seat) * UNIT_TYPES
        u = self.units
        return u[i + MILITARY_LAND[0]] + u[i + MILITARY_LAND[1]] + u[i + MILITARY_LAND[2]]

    def leaders(self, loc: int, seat: Seat) -> int:
        i = (loc * self.players + seat) * UNIT_TYPES
        return self.units[i + CAESAR] + self.units[i + GENERAL]

    def land_units(self, loc: int, seat: Seat) -> int:
        i = (loc * self.players + seat) * UNIT_TYPES
        return sum(self.units[i:i + GALLEY])

    def galleys(self, loc: int, seat: Seat) -> int:
        return self.units[(loc * self.players + seat) * UNIT_TYPES + GALLEY]

    def sea_loc(self, zone: int) -> int:
        return len(board().provinces) + zone

    # -- influence ---------------------------------------------------------------------
    def inf(self, province: int, seat: Seat) -> int:
        return self.influence[province * self.players + seat]

    def add_inf(self, province: int, seat: Seat, n: int) -> None:
        self.influence[province * self.players + seat] += n

    # -- alliances and cards -----------------------------------------------------------
    def position(self, seat: Seat) -> int:
        """1-based position of `seat` this season; 0 if not placed yet."""
        return self.order.index(seat) + 1 if seat in self.order else 0

    def set_order(self, order: tuple[Seat, ...]) -> None:
        self.order = order
        sides = [-1] * self.players
        for i, q in enumerate(order):
            sides[q] = i % 2
        self.sides = tuple(sides)

    def allied(self, a: Seat, b: Seat) -> bool:
        """Odd positions are allied against even ones (never with oneself)."""
        if a == b:
            return False
        sa = self.sides[a]
        return sa >= 0 and sa == self.sides[b]

    def enemy(self, a: Seat, b: Seat) -> bool:
        return a != b and not self.allied(a, b)

    def ready(self, seat: Seat, design: str) -> bool:
        return (design, True) in self.owned[seat]

    def spend(self, seat: Seat, design: str) -> None:
        cards = list(self.owned[seat])
        cards[cards.index((design, True))] = (design, False)
        self.owned[seat] = tuple(cards)

    @property
    def current(self) -> Seat:
        """The seat whose turn it is in the action phase."""
        return self.order[self.pos]
