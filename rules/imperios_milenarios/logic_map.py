"""Map logic: networks, routes from capitals, expansion targets and who may block (items
20–25 and §8 of the decisions page). Areas and sets of areas are bitmasks."""

from __future__ import annotations

from rules.core import Seat
from rules.imperios_milenarios.components import (
    BLUE,
    EMBAJADORES,
    Board,
    bits,
    board,
)
from rules.imperios_milenarios.state import ImperiosState

FAR = 1 << 20


def capitals(s: ImperiosState, p: Seat) -> int:
    """The capitals `p` controls: the only places its map actions may start from."""
    return s.control[p] & board(s.players).shaded


def spread(b: Board, mask: int) -> int:
    """Every area adjacent to an area of `mask`."""
    out = 0
    adj = b.adj
    while mask:
        low = mask & -mask
        out |= adj[low.bit_length() - 1]
        mask ^= low
    return out


_REACHED: dict[tuple[int, int, int], int] = {}
"""Recent `reach` answers without removals: networks change slowly from state to state."""


def reach(b: Board, net: int, caps: int, removed: int = 0) -> int:
    """Areas of the network `net` joined to a capital of `caps` by a chain of network areas
    that avoids `removed` (the capitals themselves are never removed)."""
    if not removed:
        key = (b.in_play, net, caps)
        found = _REACHED.get(key)
        if found is None:
            if len(_REACHED) > 4096:
                _REACHED.clear()
            found = _REACHED[key] = _reach(b, net, caps, 0)
        return found
    return _reach(b, net, caps, removed)


def _reach(b: Board, net: int, caps: int, removed: int) -> int:
    allowed = (net & ~removed) | caps
    seen = caps
    frontier = caps
    while frontier:
        nxt = spread(b, frontier) & allowed & ~seen
        seen |= nxt
        frontier = nxt
    return seen


def distance(b: Board, net: int, caps: int, target: int, removed: int = 0) -> int:
    """Steps of the shortest route from a capital of `caps` to `target` (an area index)
    through network areas not in `removed`; FAR if there is none."""
    goal = 1 << target
    allowed = (net & ~removed) | caps | goal
    seen = caps
    frontier = caps
    d = 0
    while frontier:
        if frontier & goal:
            return d
        nxt = spread(b, frontier) & allowed & ~seen
        seen |= nxt
        frontier = nxt
        d += 1
    return FAR


def route(b: Board, net: int, caps: int, target: int, last: int | None = None
          ) -> tuple[int, ...]:
    """One shortest route (area indices, capital first) to `target`, for the log and the
    table's drawing; empty if there is none. `last`: the areas the step into `target` may
    come from (a sea expansion to land comes from a sea), if not any."""
    ends = b.adj[target] if last is None else b.adj[target] & last
    allowed = net | caps
    layers = [caps]
    seen = caps
    while not seen & ends:
        nxt = spread(b, layers[-1]) & allowed & ~seen & ~(1 << target)
        if not nxt:
            return ()
        layers.append(nxt)
        seen |= nxt
    path = [target]
    for layer in reversed(layers):
        step = (ends if len(path) == 1 else b.adj[path[-1]]) & layer
        path.append((step & -step).bit_length() - 1)
    return tuple(reversed(path))


def land_targets(b: Board, r: int, net: int) -> int:
    """Black expansion: land areas next to a reached land area, not yet holding a totem."""
    return spread(b, r & b.land) & b.land & ~net


def sea_targets(b: Board, r: int, net: int) -> int:
    """Sea expansion: the source or the target (or both) is a sea (item 21)."""
    return (spread(b, r & b.sea) | (spread(b, r & b.land) & b.sea)) & ~net


def sea_reachable(b: Board, sources: int, area: int) -> bool:
    """Whether some area of `sources` can expand by sea into `area`."""
    if b.sea >> area & 1:
        return bool(b.adj[area] & sources)
    return bool(b.adj[area] & sources & b.sea)


def eligible_blockers(
    s: ImperiosState, actor: Seat, kind: str, area: int, k: int, colour: int
) -> tuple[Seat, ...]:
    """The players who may block (item 24): B alone holds a land chokepoint on every route.

    Routes start at a capital the actor controls; intermediate areas are all but
    that capital and the destination; seas never block. For a trade only routes
    of length ≤ 2k count. Embajadores makes the actor's blue actions unblockable;
    a sea expansion paid in black (Navegación) stays blockable.
    """
    blue = kind == "trade" or (kind == "expand_sea" and colour == BLUE)
    if blue and s.items[actor] >> EMBAJADORES & 1:
        return ()
    b = board(s.players)
    net = s.presence[actor]
    caps = capitals(s, actor)
    inter = net & b.land & ~caps & ~(1 << area)
    if not inter:
        return ()
    n = s.players
    out: list[Seat] = []
    for i in range(1, n):
        q = (actor + i) % n
        removed = s.presence[q] & inter
        if not removed:
            continue
        if kind == "trade":
            ok = distance(b, net, caps, area, removed) <= 2 * k
        elif kind == "expand_sea":
            ok = sea_reachable(b, reach(b, net, caps, removed), area)
        else:
            ok = bool(reach(b, net, caps, removed) >> area & 1)
        if not ok:
            out.append(q)
    return tuple(out)


def founding_sites(s: ImperiosState, founder: Seat) -> list[int]:
    """Shaded areas with no other civilisation's totem in them or their neighbours."""
    b = board(s.players)
    others = 0
    for q in range(s.players):
        if q != founder:
            others |= s.presence[q]
    return [a for a in bits(b.shaded) if not ((1 << a | b.adj[a]) & others)]
