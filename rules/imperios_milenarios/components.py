"""Imperios Milenarios's fixed pieces: colours, Ages, goods, technologies, wonders, tracks,
and the board read from `maps/imperios_milenarios.tmx`.

Every number here comes from the seed or from the decisions page
(`shared/rules/imperios_milenarios.md`); the ones marked [D] there are our
tuning constants. Geometry and adjacency live only in the map file.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rules.maps import Area, Topology, load_topology

MAP_ID = "imperios_milenarios"
NOBODY = -1

# -- action tokens ---------------------------------------------------------------------------
COLOURS = ("red", "yellow", "blue", "black")
"""The four token colours, in phase order (the seed's rojo, amarillo, celeste, negro)."""
RED, YELLOW, BLUE, BLACK = 0, 1, 2, 3
TOKENS_PER_COLOUR = 80
START_CUP_PER_COLOUR = 2
SCHEMES = ("1:1", "3:4", "2:3")
"""Converting tokens into actions: 1 → 1 always, 3 → 4 with the branch's level-1
technology, 2 → 3 with its level-2 technology (item 17)."""
SCHEME_TOKENS = {"1:1": 1, "3:4": 3, "2:3": 2}
SCHEME_ACTIONS = {"1:1": 1, "3:4": 4, "2:3": 3}

# -- Ages --------------------------------------------------------------------------------------
AGES = ("piedra", "cobre", "bronce", "hierro")
FINAL_AGES = ("cobre", "bronce", "hierro")
DRAWS_PER_AGE = (4, 5, 6, 7)
"""[D] Tokens drawn from the cup at the start of a round, by Age (the seed lost this table)."""
RESERVE_LIMIT = (2, 3, 4, 5)
"""[S] Tokens a civilisation may keep for the next round, by Age."""


@dataclass(frozen=True, slots=True)
class Goals:
    """What a civilisation must control and own to leave an Age."""

    capitals: int
    cities: int
    goods: int
    techs: int


GOALS = (Goals(1, 1, 2, 2), Goals(2, 2, 4, 4), Goals(3, 3, 6, 6), Goals(4, 4, 8, 8))
"""[S] Goals to leave each Age; the final Age's goals end the game (item 42)."""

# -- tracks ----------------------------------------------------------------------------------
CENSUS_MAX = 24
ARMY_MAX = 24
"""[D] The army counter runs 0..24 like the census (item 19)."""
COINS_PER_CENSUS = 2
TOTEMS = 45
TRACK_TOTEMS = 3
MAP_TOTEMS = TOTEMS - TRACK_TOTEMS
"""42 totems start in each reserve: for the map, goods, technologies and a wonder."""

CAPITAL_LEVEL = 5
"""A capital's icon: armies to conquer it, and 5 VP to its controller."""
SACK_CENSUS = {3: 1, 4: 2, 5: 3}
CAPITAL_SACK_CENSUS = 5
WONDER_COST = 6
WONDER_VP = 12
GOOD_SHORTFALL_VP = 3

# -- items: goods then technologies, one index space (owned sets are bitmasks) ---------------


@dataclass(frozen=True, slots=True)
class Good:
    key: str
    box: str  # "P" (Poniente) or "N" (Naciente)
    coins: int
    min_level: int  # the lowest city level whose conquest may pay it (3, 4 or 5)


GOODS = (
    Good("sal", "P", 2, 3),
    Good("ceramica", "P", 3, 3),
    Good("vino", "P", 4, 3),
    Good("aceite", "P", 5, 4),
    Good("vidrio", "P", 6, 4),
    Good("papiro", "P", 8, 4),
    Good("purpura", "P", 10, 5),
    Good("estano", "P", 12, 5),
    Good("datiles", "N", 2, 3),
    Good("algodon", "N", 3, 3),
    Good("betun", "N", 4, 3),
    Good("incienso", "N", 5, 4),
    Good("especias", "N", 7, 4),
    Good("lapislazuli", "N", 8, 4),
    Good("caravanas", "N", 9, 5),
    Good("seda", "N", 12, 5),
)
LEVEL_MAX_COINS = {3: 4, 4: 8, 5: 12}
"""[S] A conquered city of level 3/4/5 (a capital counts as 5) pays a good worth at most this."""


@dataclass(frozen=True, slots=True)
class Tech:
    key: str
    branch: int  # a colour index: the phase it serves
    level: int  # 1..3
    cost: int  # yellow actions to research
    coins: int
    vp: int


TECHS = (
    Tech("liderazgo", RED, 1, 3, 6, 2),
    Tech("metalurgia", RED, 2, 4, 8, 4),
    Tech("ingenieria", RED, 3, 5, 10, 6),
    Tech("agricultura", YELLOW, 1, 3, 6, 2),
    Tech("escritura", YELLOW, 2, 4, 8, 4),
    Tech("mercado", YELLOW, 3, 5, 10, 6),
    Tech("vela", BLUE, 1, 3, 6, 2),
    Tech("moneda", BLUE, 2, 4, 8, 4),
    Tech("embajadores", BLUE, 3, 5, 10, 6),
    Tech("rueda", BLACK, 1, 3, 6, 2),
    Tech("arquitectura", BLACK, 2, 4, 8, 4),
    Tech("navegacion", BLACK, 3, 5, 10, 6),
)
N_GOODS = len(GOODS)
ITEMS = tuple(g.key for g in GOODS) + tuple(t.key for t in TECHS)
"""Every tradeable item: the 16 goods (indices 0..15), then the 12 technologies (16..27)."""
ITEM_INDEX = {k: i for i, k in enumerate(ITEMS)}
ITEM_COINS = tuple(g.coins for g in GOODS) + tuple(t.coins for t in TECHS)
GOODS_MASK = (1 << N_GOODS) - 1
TECHS_MASK = ((1 << len(TECHS)) - 1) << N_GOODS


def tech_bit(branch: int, level: int) -> int:
    return 1 << (N_GOODS + 3 * branch + level - 1)


def tech_index(branch: int, level: int) -> int:
    return N_GOODS + 3 * branch + level - 1


def prerequisite(item: int) -> int:
    """The item bit a receiver must own first (a level-2 or -3 technology's level 1), or 0."""
    if item < N_GOODS:
        return 0
    t = TECHS[item - N_GOODS]
    return 0 if t.level == 1 else tech_bit(t.branch, 1)


LIDERAZGO = ITEM_INDEX["liderazgo"]
INGENIERIA = ITEM_INDEX["ingenieria"]
MERCADO = ITEM_INDEX["mercado"]
EMBAJADORES = ITEM_INDEX["embajadores"]
NAVEGACION = ITEM_INDEX["navegacion"]

WONDERS = ("piramides", "jardines", "coloso")
PIRAMIDES, JARDINES, COLOSO = 0, 1, 2

# -- the board ---------------------------------------------------------------------------------
HALVES = {4: frozenset({"N", "both"}), 5: frozenset({"P", "both"})}
"""[S] 4 players use Naciente, 5 Poniente, 6–7 the whole map; the Mar Rojo is in both."""


@dataclass(frozen=True, slots=True)
class Board:
    """The map as the rules need it for one player count, areas as indices 0..59.

    Read from the map's land and sea polygons: `key`, `kind`, `adjacent` (plus the
    Esparta–Minos land strip, a route), `capital_site` (bool), `city_level` and
    `settlement_vp` (int, 0 if none) and `half` ("P", "N" or "both").

    Sets of areas are int bitmasks (bit i = area i); `adj[i]` holds only in-play
    neighbours. Areas out of play have no neighbours and are in no mask.
    """

    keys: tuple[str, ...]
    index: dict[str, int]
    in_play: int
    land: int  # in-play land areas
    sea: int
    shaded: int  # capital sites
    city: tuple[int, ...]  # city level 3/4/5, or 0
    settlement: tuple[int, ...]  # settlement VP, or 0
    half: tuple[str, ...]  # "P", "N" or "both"
    adj: tuple[int, ...]
    order: tuple[int, ...]  # in-play areas, ascending
    conquerable: int  # capital sites and cities

    def level(self, area: int) -> int:
        """Armies to conquer a city or capital (its icon); 0 for other areas."""
        if self.shaded >> area & 1:
            return CAPITAL_LEVEL
        return self.city[area]

    def box(self, area: int) -> str:
        """The goods box a conquest here pays from: the half holding its icon."""
        h = self.half[area]
        return "N" if h == "both" else h


def _int(area: Area, name: str) -> int:
    value = area.properties.get(name, 0)
    if not isinstance(value, int):
        raise ValueError(f"{MAP_ID}: area {area.key} has a non-int {name}")
    return int(value)


def _half(value: object) -> str:
    text = str(value).strip().lower()
    if text in ("both", "ambas", "b", "pn", "np"):
        return "both"
    if text.startswith("p"):
        return "P"
    if text.startswith("n"):
        return "N"
    raise ValueError(f"{MAP_ID}: unknown half {value!r}")


@functools.cache
def topology() -> Topology:
    return load_topology(MAP_ID)


@functools.cache
def board(players: int) -> Board:
    """The board for a player count: the half in use, its areas and adjacency."""
    topo = topology()
    areas = sorted(topo.areas_of("land") + topo.areas_of("sea"), key=lambda a: a.id)
    keys = tuple(a.key for a in areas)
    index = {k: i for i, k in enumerate(keys)}
    by_id = {a.id: i for i, a in enumerate(areas)}
    halves = HALVES.get(players)
    half = tuple(_half(a.properties.get("half", "both")) for a in areas)
    in_play = 0
    for i, h in enumerate(half):
        if halves is None or h in halves:
            in_play |= 1 << i
    land = sea = shaded = 0
    city: list[int] = []
    settlement: list[int] = []
    for i, a in enumerate(areas):
        bit = 1 << i
        if not in_play & bit:
            city.append(0)
            settlement.append(0)
            continue
        if a.kind == "sea":
            sea |= bit
        else:
            land |= bit
        if a.properties.get("capital_site") is True:
            shaded |= bit
        city.append(_int(a, "city_level"))
        settlement.append(_int(a, "settlement_vp"))
    adj: list[int] = []
    for i, a in enumerate(areas):
        mask = 0
        if in_play >> i & 1:
            for n in topo.neighbours(a.id):
                j = by_id.get(n)
                if j is not None and in_play >> j & 1:
                    mask |= 1 << j
        adj.append(mask)
    order = tuple(i for i in range(len(areas)) if in_play >> i & 1)
    cities = sum(1 << i for i, level in enumerate(city) if level)
    return Board(keys, index, in_play, land, sea, shaded, tuple(city), tuple(settlement), half,
                 tuple(adj), order, shaded | cities)


def bits(mask: int) -> list[int]:
    """The indices of the set bits, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def popcount(mask: int) -> int:
    return mask.bit_count()
