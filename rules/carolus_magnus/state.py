"""Carolus Magnus state: the ring of territories, courts, reserves, discs, whose step it is."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.carolus_magnus.components import COLOURS, NOBODY, side_of
from rules.core import Rng, Seat


class Phase(enum.Enum):
    """Where the game stands; the seat to act follows from it."""

    SETUP = "setup"  # choosing colours for crowns rolled for the starting reserves
    OPENING = "opening"  # laying discs
    CUBES = "cubes"  # the active player plays cubes one at a time
    EMPEROR = "emperor"  # ... moves the Emperor
    ROLL = "roll"  # ... rolls the clan dice to refill the reserve
    CROWNS = "crowns"  # ... chooses a colour for each crown rolled
    OVER = "over"


_IN_TURN = (Phase.CUBES, Phase.EMPEROR, Phase.ROLL, Phase.CROWNS)
"""A tuple, not a set: `in` finds a phase by identity, without `Enum.__hash__` (Python code)
in the search's hottest property."""
"""The phases of a turn in the action phase: the seat at `turn` in `turn_order` acts."""


class End(enum.Enum):
    """Why the game ended."""

    LAST_CASTLE = "last_castle"
    FEW_TERRITORIES = "few_territories"
    SUPPLY_EXHAUSTED = "supply_exhausted"


@dataclass(frozen=True, slots=True)
class Territory:
    """One territory: a run of neighbouring tiles (one, or several once merged).

    Its id is its first tile clockwise. `cubes` counts paladins per colour;
    `owner` is the side whose castles stand here (NOBODY if none), `castles`
    how many (one per tile once merged).
    """

    tiles: tuple[int, ...]
    cubes: tuple[int, ...]
    owner: int = NOBODY
    castles: int = 0

    @property
    def id(self) -> int:
        return self.tiles[0]

    def with_cube(self, colour: int) -> Territory:
        cubes = list(self.cubes)
        cubes[colour] += 1
        return Territory(self.tiles, tuple(cubes), self.owner, self.castles)


def empty_cubes() -> list[int]:
    return [0] * len(COLOURS)


@dataclass
class CarolusState:
    """The whole table. Everything in it is public: `view` shows all of it."""

    players: int
    rng: Rng
    later_repeat_is_lower: bool
    phase: Phase
    round: int
    start_player: Seat  # lays the first disc this round
    lay_order: tuple[Seat, ...]
    laid: tuple[tuple[Seat, int], ...]  # (seat, disc) in the order laid this round
    discs: list[tuple[int, ...]]  # discs each seat still holds in this cycle of five rounds
    turn_order: tuple[Seat, ...]  # the action phase's order, lowest disc first
    turn: int  # index into turn_order
    cubes_left: int  # cubes the active player must still play this turn
    cubes_played: int  # cubes played this turn: the dice to roll
    reserves: list[list[int]]  # per seat, per colour
    courts: list[list[int]]  # per seat, per colour
    control: list[int]  # per colour: the seat holding its clan marker, or NOBODY
    centre: list[int]  # the supply in the middle, per colour
    castles_left: list[int]  # per side
    territories: tuple[Territory, ...]  # clockwise, starting with the one holding ring[0]
    emperor: int  # index into territories
    crowns: list[int]  # crowns each seat must still turn into a colour
    dice: tuple[int, ...]  # faces of the last roll, for the view
    end: End | None = None
    last_castle_side: int = NOBODY

    def copy(self) -> CarolusState:
        # One dictionary copy for every field; then the lists a move changes in place
        # (the territories and the orders are tuples a move replaces).
        new = object.__new__(CarolusState)
        fields = self.__dict__.copy()
        fields["rng"] = Rng(self.rng.state)
        fields["discs"] = self.discs[:]
        fields["reserves"] = [r[:] for r in self.reserves]
        fields["courts"] = [c[:] for c in self.courts]
        fields["control"] = self.control[:]
        fields["centre"] = self.centre[:]
        fields["castles_left"] = self.castles_left[:]
        fields["crowns"] = self.crowns[:]
        new.__dict__ = fields
        return new

    @property
    def active(self) -> Seat | None:
        """The one seat that must act now, or None once the game is over."""
        phase = self.phase
        if phase in _IN_TURN:
            return self.turn_order[self.turn]
        if phase is Phase.OPENING:
            return self.lay_order[len(self.laid)]
        if phase is Phase.SETUP:
            for seat, n in enumerate(self.crowns):
                if n:
                    return seat
        return None

    def side(self, seat: Seat) -> int:
        return side_of(self.players, seat)

    def disc_of(self, seat: Seat) -> int:
        """The disc `seat` laid this round (0 if none yet): the Emperor's maximum step."""
        for who, disc in self.laid:
            if who == seat:
                return disc
        return 0

    def territory_index(self, territory_id: int) -> int:
        """The index of the territory whose id is `territory_id`; -1 if none."""
        for i, t in enumerate(self.territories):
            if t.tiles[0] == territory_id:
                return i
        return -1

    def territory_of_tile(self, tile: int) -> int:
        """The index of the territory holding `tile`; -1 if no such tile."""
        for i, t in enumerate(self.territories):
            if tile in t.tiles:
                return i
        return -1

    def controlling_side(self, colour: int) -> int:
        seat = self.control[colour]
        return NOBODY if seat == NOBODY else side_of(self.players, seat)

    def clans_of(self, side: int) -> int:
        """How many clans the side controls (a team counts both partners' markers)."""
        return sum(1 for c in range(len(COLOURS)) if self.controlling_side(c) == side)

    def castles_on_board(self, side: int, total: int) -> int:
        return total - self.castles_left[side]
