"""Conquest of the Empire II fixed data: units, costs, limits, cards, Senate votes, homelands,
and the board (provinces, sea zones, straits) read from `maps/conquest_of_the_empire.tmx`.

Every number here is from the seed or from `shared/rules/conquest_of_the_empire.md`
(sections 1.2–1.7, 3 and 4.2); the map is the single source of the geometry and the
topology, so no adjacency is written in code.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rules.maps import Area, MapError, Topology, load_topology

MAP_ID = "conquest_of_the_empire"
SEASONS = 4
TURNS = 4
ACTIONS_PER_TURN = 2

# -- units ---------------------------------------------------------------------------
CAESAR, GENERAL, INFANTRY, CAVALRY, CATAPULT, GALLEY = range(6)
UNIT_TYPES = 6
UNITS = ("caesar", "general", "infantry", "cavalry", "catapult", "galley")
UNIT_INDEX = {name: i for i, name in enumerate(UNITS)}
LEADERS = (CAESAR, GENERAL)
MILITARY_LAND = (INFANTRY, CAVALRY, CATAPULT)
LAND_UNITS = (CAESAR, GENERAL, INFANTRY, CAVALRY, CATAPULT)
SUPPLY = (1, 4, 20, 20, 6, 8)
"""Pieces of each type per colour (1.2): what is on the board never exceeds it."""
COST = (0, 20, 5, 10, 15, 15)
"""Recruiting cost in talents (1.3); the Caesar is never recruited."""
RECRUITABLE = (GENERAL, INFANTRY, CAVALRY, CATAPULT, GALLEY)
INFLUENCE_COST = 10
GALLEY_CAPACITY = 4
RECRUIT_CHAOS = 2
BATTLE_CHAOS = 2
MAINTENANCE_CHAOS = 2
CITY_CHAOS_RELIEF = 3
CITIES_TOTAL = 16
TAX_STEPS = (5, 10, 15, 20, 25)
"""Special tax amounts; each 5 talents brings 1 chaos."""
TAX_PER_INFLUENCE = 5
START_TALENTS = 80
START_SENATORS = (1, 2, 3)
START_ARMY = ((CAESAR, 1), (GENERAL, 1), (INFANTRY, 8), (CAVALRY, 2), (CATAPULT, 1))
START_INFLUENCE = 2
BASE_DICE = 3
BID_STEP = 5

# -- battle dice (faces 1..6) ---------------------------------------------------------
FACE_NAMES = ("blank", "galley", "catapult", "cavalry", "infantry", "infantry")
"""What the faces 1..6 show: 1 blank, 2 galley, 3 catapult, 4 cavalry, 5 and 6 infantry."""
FACE_UNIT = (-1, GALLEY, CATAPULT, CAVALRY, INFANTRY, INFANTRY)
"""The unit type a face 1..6 hits (index face-1); -1 for the blank."""

# -- maintenance and VP ---------------------------------------------------------------
REGIONS = ("E", "A")
COINS = ("G", "S")
MAINTENANCE = (("E", "G"), ("E", "S"), ("A", "G"), ("A", "S"))
"""The four checks of 4.1 in the engine's order: Europe gold, Europe silver, Africa–Asia ..."""
MAINTENANCE_FEE = {"G": 10, "S": 5}
DOMINATION_VP = {"G": 10, "S": 5}
CHAOS_PENALTY = (10, 5)

# -- homelands (1.5) ------------------------------------------------------------------
HOME_SEA = {
    "baetica": "mare_balearicum",
    "lugdunensis": "oceanus_britannicus",
    "macedonia": "mare_adriaticum",
    "asia": "mare_aegaeum",
    "aegyptus": "mare_aegyptium",
    "africa": "mare_africum",
}
HOMELAND_SETS = {
    2: ("macedonia", "africa"),
    3: ("lugdunensis", "asia", "africa"),
    4: ("lugdunensis", "macedonia", "aegyptus", "africa"),
    5: ("lugdunensis", "macedonia", "asia", "aegyptus", "africa"),
    6: ("baetica", "lugdunensis", "macedonia", "asia", "aegyptus", "africa"),
}

# -- province tokens (1.6) ------------------------------------------------------------
TOKENS = {
    "italia": 8,
    "britannia": 5, "achaea": 5, "sicilia": 5, "syria": 5,
    "baetica": 4, "lugdunensis": 4, "macedonia": 4, "asia": 4, "aegyptus": 4, "africa": 4,
}
"""52 tokens in the bag, by the key province each names."""

# -- cards (3.2–3.4) ------------------------------------------------------------------
IMMEDIATE, SEASONAL, RETURNING, SENATOR, VOTE = "x", "diamond", "circle", "senator", "vote"
"""Card symbols: red X (resolved at once), purple diamond (kept, once a season), green
circle (once a season, back to the market at the season's end), Senator, Senate Vote."""


@dataclass(frozen=True, slots=True)
class CardDesign:
    """One card design: its key, cost in talents, symbol, copies in the deck, and for a
    Senator its value."""

    key: str
    cost: int
    symbol: str
    copies: int
    value: int = 0


CARDS: tuple[CardDesign, ...] = (
    CardDesign("legio_veterana", 20, SEASONAL, 2),
    CardDesign("testudo", 15, RETURNING, 2),
    CardDesign("ballistae", 15, SEASONAL, 2),
    CardDesign("equites_numidae", 10, IMMEDIATE, 2),
    CardDesign("auxilia", 5, IMMEDIATE, 3),
    CardDesign("classis", 15, IMMEDIATE, 2),
    CardDesign("praefectus_classis", 15, SEASONAL, 1),
    CardDesign("via_militaris", 10, RETURNING, 2),
    CardDesign("legatus", 15, IMMEDIATE, 2),
    CardDesign("publicani", 20, SEASONAL, 2),
    CardDesign("commercium", 0, IMMEDIATE, 3),
    CardDesign("metalla", 0, IMMEDIATE, 2),
    CardDesign("annona", 10, RETURNING, 2),
    CardDesign("ludi", 15, IMMEDIATE, 2),
    CardDesign("colonia", 20, IMMEDIATE, 4),
    CardDesign("dilectus", 15, SEASONAL, 2),
    CardDesign("clientela", 10, RETURNING, 2),
    CardDesign("tribunus_plebis", 15, SEASONAL, 1),
    CardDesign("proscriptio", 20, IMMEDIATE, 1),
    CardDesign("seditio", 10, IMMEDIATE, 2),
    CardDesign("tempestas", 10, IMMEDIATE, 2),
    CardDesign("cursus_publicus", 5, RETURNING, 2),
    CardDesign("senator_1", 0, SENATOR, 2, 1),
    CardDesign("senator_2", 0, SENATOR, 2, 2),
    CardDesign("senator_3", 0, SENATOR, 2, 3),
    CardDesign("senator_4", 0, SENATOR, 2, 4),
)
"""The 22 conquest card designs (45 copies) and the 8 Senators: the 53-card deck."""

VOTES: tuple[CardDesign, ...] = (
    CardDesign("lex_frumentaria", 10, VOTE, 1),
    CardDesign("aerarium", 10, VOTE, 1),
    CardDesign("triumphus", 15, VOTE, 1),
    CardDesign("imperium_proconsulare", 15, VOTE, 1),
    CardDesign("hostis_publicus", 10, VOTE, 1),
)
"""The five Senate Vote cards, always on offer until bought."""

DESIGNS = {c.key: c for c in (*CARDS, *VOTES)}
CONQUEST_DESIGNS = tuple(c.key for c in CARDS if c.symbol != SENATOR)
VOTE_KEYS = tuple(c.key for c in VOTES)
BATTLE_CARDS = ("legio_veterana", "testudo", "ballistae")
NAVAL_CARDS = ("praefectus_classis",)
FREE_STEP_CARDS = ("annona", "cursus_publicus")
PLACEMENT = {"equites_numidae": (CAVALRY, 2), "auxilia": (INFANTRY, 3), "classis": (GALLEY, 2)}
COMMERCIUM_PER_GALLEY, COMMERCIUM_MAX = 5, 25
METALLA_PER_GOLD, METALLA_MAX = 10, 30
ANNONA_RELIEF = 3
LUDI_RELIEF = 5
SEDITIO_CHAOS = 3
PUBLICANI_TALENTS = 10
LEX_FRUMENTARIA_RELIEF = 5
AERARIUM_TALENTS = 25
TRIUMPHUS_VP = 5
HOSTIS_PUBLICUS_CHAOS = 4


def deck() -> list[str]:
    """The 53 cards of the conquest deck, by design key, in a fixed order before shuffling."""
    return [c.key for c in CARDS for _ in range(c.copies)]


# -- the board, from the map ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Province:
    """A land province as the map describes it (index into `Board.provinces`)."""

    index: int
    key: str
    area_id: int
    region: str  # "E" or "A"
    coin: str  # "G" or "S"
    tiers: tuple[int, ...]  # VP tiers, () if not a key province
    city: str  # printed city name, "" if none
    homeland: bool
    land: tuple[int, ...]  # neighbouring provinces by land border (indices)
    seas: tuple[int, ...]  # coastal sea zones (indices)


@dataclass(frozen=True, slots=True)
class Sea:
    """A sea zone (index into `Board.seas`)."""

    index: int
    key: str
    area_id: int
    seas: tuple[int, ...]  # neighbouring zones
    coasts: tuple[int, ...]  # coastal provinces


@dataclass(frozen=True, slots=True)
class Strait:
    """A strait: a land link between two provinces that an enemy galley in `zone` cuts."""

    key: str
    ends: tuple[int, int]
    zone: int


@dataclass(frozen=True, slots=True)
class Board:
    provinces: tuple[Province, ...]
    seas: tuple[Sea, ...]
    straits: tuple[Strait, ...]
    province_index: dict[str, int]
    sea_index: dict[str, int]
    crossings: tuple[tuple[tuple[int, int], ...], ...]
    """Per province: (neighbour, zone that cuts the link or -1) for every land link."""

    @property
    def keys(self) -> tuple[int, ...]:
        return tuple(p.index for p in self.provinces if p.tiers)


def _prop(area: Area, *names: str) -> str | int | float | bool | None:
    for n in names:
        if n in area.properties:
            return area.properties[n]
    return None


def _text(value: object) -> str:
    return "" if value is None or value is False else str(value).strip()


def _tiers(value: object) -> tuple[int, ...]:
    text = _text(value).replace(",", "/").replace(" ", "")
    if not text or text in ("-", "—", "0"):
        return ()
    return tuple(int(t) for t in text.split("/") if t)


def _region(value: object) -> str:
    text = _text(value).upper()
    if text.startswith("E"):
        return "E"
    if text.startswith("A"):
        return "A"
    raise MapError(f"{MAP_ID}: unknown region {value!r}")


def _coin(value: object) -> str:
    text = _text(value).upper()
    if text.startswith("G"):
        return "G"
    if text.startswith("S"):
        return "S"
    raise MapError(f"{MAP_ID}: unknown coin {value!r}")


def _listed(value: object, by_key: dict[str, Area], by_id: dict[int, Area]) -> list[Area]:
    out = []
    for token in _text(value).replace(" ", "").split(","):
        if not token:
            continue
        if token.lstrip("-").isdigit() and int(token) in by_id:
            out.append(by_id[int(token)])
        elif token in by_key:
            out.append(by_key[token])
        else:
            raise MapError(f"{MAP_ID}: unknown area {token!r}")
    return out


def build_board(topology: Topology) -> Board:
    """The rules' board from a topology: provinces, sea zones and straits, by index."""
    areas = sorted(topology.areas, key=lambda a: a.id)
    lands = [a for a in areas if a.kind in ("province", "land")]
    waters = [a for a in areas if a.kind == "sea"]
    by_key = {a.key: a for a in areas}
    by_id = {a.id: a for a in areas}
    p_index = {a.key: i for i, a in enumerate(lands)}
    s_index = {a.key: i for i, a in enumerate(waters)}
    land_adj: dict[str, set[str]] = {a.key: set() for a in lands}
    coast: dict[str, set[str]] = {a.key: set() for a in lands}
    sea_adj: dict[str, set[str]] = {a.key: set() for a in waters}
    for a in areas:
        listed = _listed(a.properties.get("adjacent", ""), by_key, by_id)
        extra = _listed(_prop(a, "seas", "coastal_seas", "coasts", "coast"), by_key, by_id)
        for b in (*listed, *extra):
            if a.kind == "sea" and b.kind == "sea":
                sea_adj[a.key].add(b.key)
            elif a.kind == "sea":
                coast[b.key].add(a.key)
            elif b.kind == "sea":
                coast[a.key].add(b.key)
            else:
                land_adj[a.key].add(b.key)
                land_adj[b.key].add(a.key)
    straits = []
    strait_pairs = set()
    for r in topology.routes:
        if r.kind != "strait":
            continue
        u, v = (by_id[e].key for e in r.ends)
        zone_value = next(
            (r.properties[n] for n in ("zone", "sea", "blocked_by", "blocking_sea", "block_zone")
             if n in r.properties),
            None,
        )
        if isinstance(zone_value, int) and not isinstance(zone_value, bool):
            zone_key = by_id[zone_value].key
        else:
            zone_key = _text(zone_value)
        if zone_key not in s_index:
            raise MapError(f"{MAP_ID}: strait {r.key} names no sea zone ({zone_value!r})")
        straits.append(Strait(r.key, (p_index[u], p_index[v]), s_index[zone_key]))
        strait_pairs.add(frozenset((u, v)))
    for pair in strait_pairs:  # a strait route is not a land border
        one, two = tuple(pair)
        land_adj[one].discard(two)
        land_adj[two].discard(one)
    provinces = []
    for i, a in enumerate(lands):
        provinces.append(Province(
            index=i,
            key=a.key,
            area_id=a.id,
            region=_region(_prop(a, "region", "area", "dominion")),
            coin=_coin(_prop(a, "coin")),
            tiers=_tiers(_prop(a, "vp", "tiers", "key_vp", "vp_tiers")),
            city=_text(_prop(a, "city")),
            homeland=bool(_prop(a, "homeland")),
            land=tuple(sorted(p_index[k] for k in land_adj[a.key])),
            seas=tuple(sorted(s_index[k] for k in coast[a.key])),
        ))
    seas = []
    for i, a in enumerate(waters):
        coasts = tuple(sorted(p.index for p in provinces if i in p.seas))
        seas.append(Sea(i, a.key, a.id, tuple(sorted(s_index[k] for k in sea_adj[a.key])), coasts))
    crossings: list[list[tuple[int, int]]] = [[(n, -1) for n in p.land] for p in provinces]
    for st in straits:
        end1, end2 = st.ends
        crossings[end1].append((end2, st.zone))
        crossings[end2].append((end1, st.zone))
    return Board(
        tuple(provinces), tuple(seas), tuple(straits), p_index, s_index,
        tuple(tuple(sorted(c)) for c in crossings),
    )


@functools.cache
def board() -> Board:
    """The board of `maps/conquest_of_the_empire.tmx`, read once."""
    return build_board(load_topology(MAP_ID))
