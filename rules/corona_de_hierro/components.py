"""Corona de Hierro's fixed pieces: the board read from maps/corona_de_hierro.tmx, dice,
legitimacy track, supplies, loyalty scores and the 58 initiative cards.

Sources: the seed (first game of seeds/003) and the decisions page
shared/rules/corona_de_hierro.md (§ numbers below refer to it). The board's
geometry and topology (cities, roads, castles with their banner numbers, boxes)
live only in the map; everything else is a table here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.maps import MapError, Place, Topology, load_topology

MAP_ID = "corona_de_hierro"

# -- supplies (§1 #20, R12) --------------------------------------------------------------
PAWNS = 8
"""Army pawns per colour (10 pawns, 2 of them markers)."""
BANNERS = 8
EMISSARIES = 4
SHIELDS = 15
START_SHIELDS = 2
HAND_MAX = 5
DRAW_FIVE_COST = 3
DRAW_FIVE_SEEN = 5
ALLIANCE_BREAK = 2
"""Legitimacy lost by whoever breaks an alliance (seed §8)."""
ALLIANCE_ACCEPT = 2
"""Legitimacy gained by whoever accepts an alliance (seed §9)."""

# -- legitimacy track (§3) ---------------------------------------------------------------
START_LEGITIMACY = 2
CROWN = 13
YELLOW_FROM = 4
GREEN_FROM = 8
Band = Literal["red", "yellow", "green", "crown"]
BANDS: tuple[Band, ...] = ("red", "yellow", "green", "crown")


def band(level: int) -> Band:
    """The colour zone of a legitimacy level: 0–3 red, 4–7 yellow, 8–12 green, 13 crown."""
    if level >= CROWN:
        return "crown"
    if level >= GREEN_FROM:
        return "green"
    return "yellow" if level >= YELLOW_FROM else "red"


def recruit_size(level: int) -> int:
    """Pawns a recruit places: red or yellow band 1 (small army), green 2 (medium) [S]."""
    return 2 if level >= GREEN_FROM else 1


# -- dice (§4) ---------------------------------------------------------------------------
RED, YELLOW, GREEN, GREEN_PLUS = 0, 1, 2, 3
DIE_NAMES = ("red", "yellow", "green", "green_plus")
FACES: tuple[tuple[int, ...], ...] = (
    (1, 1, 2, 2, 3, 4),
    (1, 2, 3, 3, 4, 5),
    (2, 3, 4, 4, 5, 6),
    (3, 4, 5, 5, 6, 7),
)
DIE_MAX = tuple(max(f) for f in FACES)


def size_die(pawns: int) -> int:
    """The die an army rolls: 1 pawn red (small), 2 yellow (medium), 3+ green (large) [S]."""
    return RED if pawns <= 1 else (YELLOW if pawns == 2 else GREEN)


def band_die(level: int) -> int:
    """The die diplomacy rolls: the band's colour [S] (the crown never rolls: the game is over)."""
    return RED if level < YELLOW_FROM else (YELLOW if level < GREEN_FROM else GREEN)


def better(die: int) -> int:
    """One step better: red → yellow → green → green + 1."""
    return min(die + 1, GREEN_PLUS)


# -- loyalty (§7) ------------------------------------------------------------------------
COLOURS = ("yellow", "blue", "black", "red", "green")
"""The colour on a seat's loyalty card: seat i plays colour i (the table may paint it freely)."""
SELF_KING = len(COLOURS)
"""The card "Me declaro yo mismo único Rey legítimo de Italia"; cards 0..4 name a seat."""
LOYALTY_KING = {"red": 1, "yellow": 2, "green": 4, "crown": 6}
LOYALTY_NOT_KING = {"red": 0, "yellow": 1, "green": 2, "crown": 0}
SELF_KING_SCORE = {"red": 2, "yellow": 3, "green": 6, "crown": 9}


def loyalty_cards(players: int) -> list[int]:
    """The cards in play [S]: one per seat's colour, and "Me declaro" with 4–5 players."""
    return [*range(players), *([SELF_KING] if players > 3 else [])]


# -- initiative cards (§8) ---------------------------------------------------------------
Deck = Literal["political", "military"]
DECKS: tuple[Deck, ...] = ("political", "military")
CardKind = Literal["S", "T", "C"]


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of initiative card: its id, copies, deck, kind (S/T/C) and slug."""

    id: str
    copies: int
    deck: Deck
    kind: CardKind
    key: str


CARDS: dict[str, Card] = {
    c.id: c
    for c in (
        Card("P01", 3, "political", "S", "papal_blessing"),
        Card("P02", 2, "political", "T", "excommunication"),
        Card("P03", 2, "political", "T", "intrigue_at_the_curia"),
        Card("P04", 2, "political", "C", "synod"),
        Card("P05", 3, "political", "S", "urgent_embassy"),
        Card("P06", 2, "political", "S", "skilled_negotiator"),
        Card("P07", 2, "political", "S", "dynastic_marriage"),
        Card("P08", 1, "political", "S", "release_from_the_oath"),
        Card("P09", 2, "political", "T", "envoy_seized"),
        Card("P10", 2, "political", "S", "ransom"),
        Card("P11", 2, "political", "S", "spies"),
        Card("P12", 2, "political", "S", "favourable_chronicle"),
        Card("P13", 2, "political", "C", "restless_nobles"),
        Card("P14", 1, "political", "S", "change_of_allegiance"),
        Card("P15", 1, "political", "C", "defenders_of_the_realm"),
        Card("M01", 3, "military", "S", "forced_march"),
        Card("M02", 3, "military", "S", "siege_engines"),
        Card("M03", 2, "military", "S", "surprise_assault"),
        Card("M04", 2, "military", "T", "cavalry_charge"),
        Card("M05", 2, "military", "T", "ambush"),
        Card("M06", 3, "military", "S", "mercenaries"),
        Card("M07", 2, "military", "S", "general_levy"),
        Card("M08", 2, "military", "S", "orderly_retreat"),
        Card("M09", 2, "military", "S", "veterans"),
        Card("M10", 2, "military", "T", "desertion"),
        Card("M11", 2, "military", "C", "saracen_raid"),
        Card("M12", 2, "military", "C", "magyar_raid"),
        Card("M13", 1, "military", "C", "the_coast_is_sacked"),
        Card("M14", 1, "military", "C", "the_magyars_at_the_brenta"),
    )
}


def deck_cards(deck: Deck) -> list[str]:
    """Every card of one deck, copies included, in id order (29 each [S])."""
    return [c.id for c in CARDS.values() if c.deck == deck for _ in range(c.copies)]


# -- the board (§2, read from the map) ---------------------------------------------------
BOXES = ("rome", "saracens", "magyars")
ROME, SARACENS, MAGYARS = 0, 1, 2
CastleCategory = Literal["capital", "grey", "neutral"]
_CATEGORIES = ("capital", "grey", "neutral")


def box_limit(box: int, players: int) -> int:
    """Emissaries a box holds in all [S]: Rome players + 1, each barbarian people players − 2."""
    return players + 1 if box == ROME else players - 2


@dataclass(frozen=True, slots=True)
class Castle:
    """A castle tile: where it stands, its banner numbers (left = military, right =
    diplomatic, 0 = no right banner), VP while held and the legitimacy it moves."""

    key: str
    city: int
    category: CastleCategory
    five_players_only: bool
    mil: int
    dip: int
    vp: int
    legit: int


@dataclass(frozen=True, slots=True)
class Board:
    """The map as the rules use it: cities and castles by index, roads as neighbour lists."""

    cities: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    raid: tuple[str, ...]
    castles: tuple[Castle, ...]
    city_castle: tuple[int, ...]
    """Per city, the index of its castle, or -1."""
    roads: tuple[tuple[int, int], ...]
    boxes: tuple[str, ...]

    def city(self, key: str) -> int:
        return self.cities.index(key)

    def castle(self, key: str) -> int:
        for i, c in enumerate(self.castles):
            if c.key == key:
                return i
        raise KeyError(key)


def _int(place: Place, name: str) -> int:
    value = place.properties.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise MapError(f"{MAP_ID}: castle {place.key!r} needs an int property {name!r}")
    return value


def _category(place: Place) -> CastleCategory:
    for text in (place.kind, place.properties.get("castle_kind"), place.properties.get("category")):
        if text == "capital":
            return "capital"
        if text == "grey":
            return "grey"
        if text == "neutral":
            return "neutral"
    raise MapError(f"{MAP_ID}: castle {place.key!r} is neither capital, grey nor neutral")


def _is_castle(place: Place) -> bool:
    return place.kind in (*_CATEGORIES, "castle") or "mil" in place.properties


def read_board(topology: Topology) -> Board:
    """The rules' board from the map's topology; MapError if something the rules need is missing."""
    city_places = sorted((p for p in topology.places if p.kind == "city"), key=lambda p: p.id)
    castle_places = sorted((p for p in topology.places if _is_castle(p)), key=lambda p: p.id)
    if not city_places or not castle_places:
        raise MapError(f"{MAP_ID}: the map needs city and castle places")
    cities = tuple(p.key for p in city_places)
    index = {p.id: i for i, p in enumerate(city_places)}
    by_key = {p.key: i for i, p in enumerate(city_places)}
    roads: set[tuple[int, int]] = set()
    for route in topology.routes:
        if route.joins != "places":
            continue
        a, b = route.ends
        if a in index and b in index:
            u, v = sorted((index[a], index[b]))
            roads.add((u, v))
    neighbours: list[set[int]] = [set() for _ in cities]
    for u, v in roads:
        neighbours[u].add(v)
        neighbours[v].add(u)
    castles = []
    for place in castle_places:
        city = _castle_city(place, city_places, by_key)
        castles.append(Castle(
            key=place.key,
            city=city,
            category=_category(place),
            five_players_only=bool(place.properties.get("five_players_only", False)),
            mil=_int(place, "mil"),
            dip=_int(place, "dip"),
            vp=_int(place, "vp"),
            legit=_int(place, "legit"),
        ))
    city_castle = [-1] * len(cities)
    for k, c in enumerate(castles):
        if city_castle[c.city] != -1:
            raise MapError(f"{MAP_ID}: two castles stand in {cities[c.city]!r}")
        city_castle[c.city] = k
    raid = []
    for p in city_places:
        mark = p.properties.get("raid", "")
        raid.append(mark if mark in ("saracen", "magyar") else "")
    boxes = tuple(a.key for a in topology.areas if a.key in BOXES)
    if sorted(boxes) != sorted(BOXES):
        raise MapError(f"{MAP_ID}: the map needs the boxes {BOXES}")
    return Board(
        cities=cities,
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        raid=tuple(raid),
        castles=tuple(castles),
        city_castle=tuple(city_castle),
        roads=tuple(sorted(roads)),
        boxes=BOXES,
    )


def _castle_city(place: Place, cities: list[Place], by_key: dict[str, int]) -> int:
    """The city a castle stands in: the city naming it (`castle`), else the city with its
    key, else the nearest city."""
    for i, p in enumerate(cities):
        if p.properties.get("castle") == place.key:
            return i
    named = place.properties.get("city")
    if isinstance(named, str) and named in by_key:
        return by_key[named]
    if place.key in by_key:
        return by_key[place.key]
    x, y = place.position
    return min(range(len(cities)), key=lambda i: (cities[i].position[0] - x) ** 2
               + (cities[i].position[1] - y) ** 2)


BOARD = read_board(load_topology(MAP_ID))
CITIES = BOARD.cities
CITY_INDEX = {c: i for i, c in enumerate(CITIES)}
NEIGHBOURS = BOARD.neighbours
CASTLES = BOARD.castles
CASTLE_INDEX = {c.key: i for i, c in enumerate(CASTLES)}
CITY_CASTLE = BOARD.city_castle
BOX_INDEX = {b: i for i, b in enumerate(BOXES)}
PAVIA = CASTLE_INDEX.get("pavia", -1)


def main_castle_choices(players: int) -> tuple[int, ...]:
    """The grey castles a player may choose as his main one; Lucca only with 5 players [S]."""
    return tuple(
        k for k, c in enumerate(CASTLES)
        if c.category == "grey" and (players == 5 or not c.five_players_only)
    )
