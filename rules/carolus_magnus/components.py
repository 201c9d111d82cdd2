"""Carolus Magnus fixed data: clan colours, the table per player count, the ring from the map."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rules.maps import load_topology

MAP_ID = "carolus_magnus"
COLOURS = ("yellow", "red", "pink", "green", "blue")
"""The five clans of paladins; the index of a colour is used throughout the state."""
CROWN = len(COLOURS)
FACES = (*COLOURS, "crown")
"""A clan die: one face per colour and a crown, which stands for any colour."""
CUBES_PER_COLOUR = 40
START_CUBES_PER_COLOUR = 3
DISCS = (1, 2, 3, 4, 5)
DISC_CYCLE = 5
"""Every player takes their five discs back after every fifth round."""
MIN_TERRITORIES = 4
"""The game ends when fewer territories than this remain on the table."""
NOBODY = -1


@dataclass(frozen=True, slots=True)
class Table:
    """What changes with the number of players (shared/rules/carolus_magnus.md)."""

    castles: int  # per side: per player, or per team of two with 4 players
    reserve: int  # cubes in each player's reserve
    per_turn: int  # cubes played, and dice rolled to refill, per turn


TABLES = {2: Table(10, 7, 3), 3: Table(8, 9, 4), 4: Table(10, 7, 3)}


def sides(players: int) -> int:
    """Castle owners: every player, or two teams when four play."""
    return 2 if players == 4 else players


def side_of(players: int, seat: int) -> int:
    """A seat's side: partners sit opposite, so with four players seats 0 and 2 are team 0."""
    return seat % 2 if players == 4 else seat


@functools.cache
def ring() -> tuple[int, ...]:
    """The territory tiles' ids in clockwise order, as maps/carolus_magnus.tmx draws them."""
    topology = load_topology(MAP_ID)
    order = topology.ring("territory")
    for i, tile in enumerate(order):
        nxt = order[(i + 1) % len(order)]
        if not topology.adjacent(tile, nxt):
            raise ValueError(f"{MAP_ID}: ring neighbours {tile} and {nxt} are not adjacent")
    return order
