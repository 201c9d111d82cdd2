"""What the board says: places by name, domination, reachability, supply, cities."""

from __future__ import annotations

from collections.abc import Callable

from rules.conquest_of_the_empire.components import (
    CAESAR,
    GALLEY,
    GALLEY_CAPACITY,
    GENERAL,
    LAND_UNITS,
    UNIT_TYPES,
    board,
)
from rules.conquest_of_the_empire.state import NO_CITY, UNHELD, State
from rules.core import Event, Seat, event

NOBODY = -1


def n_provinces() -> int:
    return len(board().provinces)


def loc_key(loc: int) -> str:
    """The map slug of a location (province or sea location)."""
    b = board()
    n = len(b.provinces)
    return b.provinces[loc].key if loc < n else b.seas[loc - n].key


def province_of(key: str) -> int:
    """Province index of a slug, -1 if it is no province."""
    return board().province_index.get(key, -1)


def zone_of(key: str) -> int:
    """Sea-zone index of a slug, -1 if it is no sea zone."""
    return board().sea_index.get(key, -1)


def loc_of(key: str) -> int:
    """Location of a slug (province, or sea location), -1 if unknown."""
    b = board()
    p = b.province_index.get(key, -1)
    if p >= 0:
        return p
    z = b.sea_index.get(key, -1)
    return -1 if z < 0 else len(b.provinces) + z


# -- domination ----------------------------------------------------------------------


def dominator(s: State, province: int) -> int:
    """The seat with strictly more military land units in `province` than anyone else."""
    stride = s.players * UNIT_TYPES
    c = s.units[province * stride:(province + 1) * stride]
    row = [c[k + 2] + c[k + 3] + c[k + 4] for k in range(0, stride, UNIT_TYPES)]
    best = max(row)
    return row.index(best) if best and row.count(best) == 1 else NOBODY


def military_table(s: State) -> list[list[int]]:
    """Per province, per seat: military land units (one pass over the board)."""
    n = s.players
    u = s.units
    out = []
    stride = n * UNIT_TYPES
    steps = range(0, stride, UNIT_TYPES)
    for p in range(n_provinces()):
        c = u[p * stride:(p + 1) * stride]
        out.append([c[k + 2] + c[k + 3] + c[k + 4] for k in steps])
    return out


def dominators(s: State) -> list[int]:
    """Per province: the seat that dominates it, or NOBODY."""
    out = []
    for row in military_table(s):
        best = max(row)
        out.append(row.index(best) if best and row.count(best) == 1 else NOBODY)
    return out


def dominated_counts(s: State, doms: list[int] | None = None) -> list[dict[str, int]]:
    """Per seat: provinces dominated per "region_coin" ("E_G", "E_S", "A_G", "A_S")."""
    if doms is None:
        doms = dominators(s)
    out = [{"E_G": 0, "E_S": 0, "A_G": 0, "A_S": 0} for _ in range(s.players)]
    for p, d in zip(board().provinces, doms, strict=True):
        if d >= 0:
            out[d][f"{p.region}_{p.coin}"] += 1
    return out


def galley_zones(s: State) -> list[list[Seat]]:
    """Per sea zone: the seats with galleys there."""
    n = s.players
    base = n_provinces()
    u = s.units
    stride = n * UNIT_TYPES
    return [
        [q for q in range(n) if u[(base + z) * stride + q * UNIT_TYPES + GALLEY]]
        for z in range(len(board().seas))
    ]


def dominated(s: State, seat: Seat, region: str, coin: str) -> int:
    """How many provinces of that coin in that area `seat` dominates."""
    return dominated_counts(s)[seat][f"{region}_{coin}"]


# -- presence -----------------------------------------------------------------------------


def enemy_military_here(s: State, seat: Seat, province: int) -> bool:
    return any(s.enemy(seat, q) and s.military(province, q) for q in range(s.players))


def enemy_units_here(s: State, seat: Seat, province: int) -> bool:
    return any(s.enemy(seat, q) and s.land_units(province, q) for q in range(s.players))


def cut_zones(s: State, seat: Seat, zones: list[list[Seat]] | None = None) -> set[int]:
    """Sea zones holding a galley of a player who is not `seat`'s ally."""
    if zones is None:
        zones = galley_zones(s)
    return {z for z, holders in enumerate(zones) if any(s.enemy(seat, q) for q in holders)}


def land_links(s: State, seat: Seat, province: int, cut: set[int] | None = None) -> list[int]:
    """Neighbours of `province` by land border or by a strait not cut for `seat`."""
    if cut is None:
        cut = cut_zones(s, seat)
    return [n for n, zone in board().crossings[province] if zone < 0 or zone not in cut]


def reacher(s: State, seat: Seat) -> Callable[[int], list[int]]:
    """`reachable` for many origins of one state (the stops and cut straits found once);
    the provinces come in search order."""
    cut = cut_zones(s, seat)
    crossings = board().crossings
    enemies = [q for q in range(s.players) if s.enemy(seat, q)]
    stop = {p for p, row in enumerate(military_table(s)) if any(row[q] for q in enemies)}

    def reach(origin: int) -> list[int]:
        seen = {origin}
        out: list[int] = []
        frontier = [origin]
        while frontier:
            p = frontier.pop()
            for n, zone in crossings[p]:
                if n in seen or (zone >= 0 and zone in cut):
                    continue
                seen.add(n)
                out.append(n)
                if n not in stop:
                    frontier.append(n)
        return out

    return reach


def reachable(s: State, seat: Seat, origin: int) -> list[int]:
    """Provinces a unit of `seat` can reach by land from `origin`: the search stops on
    entering a province with enemy military units and skips straits cut by an enemy
    galley in the strait's zone."""
    return sorted(reacher(s, seat)(origin))


def galley_zones_near(s: State, seat: Seat, province: int) -> list[int]:
    """Sea zones next to `province` where `seat` has galleys."""
    base = n_provinces()
    return [z for z in board().provinces[province].seas if s.galleys(base + z, seat)]


def sea_capacity_left(s: State, seat: Seat, loads: tuple[tuple[int, int], ...], dest: int) -> int:
    """How many more military units `seat` can carry by sea to `dest` in this action.

    Each galley next to a destination carries 4 per action. The loads are feasible
    exactly when every set of destinations asks no more than the galleys next to any of
    them can carry (Hall's condition for this transport problem), so the room left for
    `dest` is the least slack over the sets that contain it.
    """
    b = board()
    base = len(b.provinces)
    demand: dict[int, int] = {}
    for d, k in loads:
        demand[d] = demand.get(d, 0) + k
    demand.setdefault(dest, 0)
    others = [d for d in demand if d != dest]
    cap = {
        z: GALLEY_CAPACITY * s.galleys(base + z, seat)
        for d in demand for z in b.provinces[d].seas
    }
    best = 10**9
    for mask in range(1 << len(others)):
        group = [dest] + [others[i] for i in range(len(others)) if mask >> i & 1]
        zones = {z for d in group for z in b.provinces[d].seas}
        slack = sum(cap[z] for z in zones) - sum(demand[d] for d in group)
        best = min(best, slack)
    return max(0, best)


# -- cities ---------------------------------------------------------------------------------


def check_cities(s: State, events: list[Event]) -> None:
    """A player takes a city when he dominates its province, the holder has no military
    land unit there and is not his ally; a city with no holder goes to whoever dominates."""
    for p, holder in enumerate(s.city):
        if holder == NO_CITY:
            continue
        d = dominator(s, p)
        if d in (NOBODY, holder):
            continue
        if holder == UNHELD or (not s.military(p, holder) and not s.allied(d, holder)):
            s.city[p] = d
            events.append(event("city_taken", province=loc_key(p), seat=d,
                                before=None if holder == UNHELD else holder))


def cities_held(s: State, seat: Seat) -> int:
    return sum(1 for h in s.city if h == seat)


def leader_provinces(s: State, seat: Seat) -> list[int]:
    u = s.units
    stride = s.players * UNIT_TYPES
    i = seat * UNIT_TYPES
    return [p for p in range(n_provinces()) if u[p * stride + i] or u[p * stride + i + 1]]


def caesar_province(s: State, seat: Seat) -> int:
    for p in range(n_provinces()):
        if s.at(p, seat, CAESAR):
            return p
    return -1


def on_board(s: State, seat: Seat, unit: int) -> int:
    return sum(s.at(loc, seat, unit) for loc in range(n_provinces() + len(board().seas)))


def galleys_on_board(s: State, seat: Seat) -> int:
    base = n_provinces()
    return sum(s.galleys(base + z, seat) for z in range(len(board().seas)))


def move_land_units(s: State, seat: Seat, src: int, dst: int) -> list[int]:
    """Move every land unit of `seat` from `src` to `dst`; the counts moved per type."""
    moved = [0] * UNIT_TYPES
    for u in LAND_UNITS:
        n = s.at(src, seat, u)
        if n:
            s.shift(src, dst, seat, u, n)
            moved[u] = n
    return moved


__all__ = [
    "CAESAR", "GALLEY", "GENERAL", "NOBODY", "caesar_province", "check_cities", "cities_held",
    "cut_zones", "dominated", "dominator", "enemy_military_here", "enemy_units_here",
    "galley_zones_near", "galleys_on_board", "land_links", "leader_provinces", "loc_key",
    "loc_of", "move_land_units", "n_provinces", "on_board", "province_of", "reachable",
    "sea_capacity_left", "zone_of",
]
