"""Corona de Hierro's board: maps/corona_de_hierro.tmx holds the decisions page's §2 to the letter.

The tables below are copied from `/work/shared/rules/corona_de_hierro.md` §2 (not
from the build script), so a map that drifts from the page fails here.
"""

from __future__ import annotations

import itertools
import math
from collections import deque

import pytest

from rules.maps import Place, Topology, load_topology

CITIES = """
arles | Arlés | Arles | 250 | 1690 | Provenza | ☾ | arles
nice | Niza | Nice | 1290 | 1680 | Provenza | ☾ |
vienne | Vienne | Vienne | 300 | 820 | Provenza | |
lyon | Lyon | Lyon | 360 | 600 | Borgoña | |
geneve | Ginebra | Geneva | 850 | 430 | Borgoña | |
grenoble | Grenoble | Grenoble | 680 | 940 | Provenza | |
st_maurice | San Mauricio de Agauno | Saint-Maurice d'Agaune | 1190 | 420 | Borgoña | | st_maurice
aosta | Aosta | Aosta | 1310 | 660 | Alpes | |
ivrea | Ivrea | Ivrea | 1540 | 790 | Piamonte | | ivrea
susa | Susa | Susa | 1200 | 970 | Alpes | |
torino | Turín | Turin | 1460 | 1000 | Piamonte | |
vercelli | Vercelli | Vercelli | 1740 | 920 | Piamonte | |
genova | Génova | Genoa | 1950 | 1330 | Liguria | ☾ | genova
milano | Milán | Milan | 2080 | 760 | Lombardía | |
pavia | Pavia | Pavia | 2010 | 960 | Lombardía | | pavia
piacenza | Piacenza | Piacenza | 2230 | 1070 | Lombardía | |
cremona | Cremona | Cremona | 2420 | 930 | Lombardía | |
brescia | Brescia | Brescia | 2460 | 740 | Lombardía | |
verona | Verona | Verona | 2770 | 810 | Véneto | ✠ | verona
treviso | Treviso | Treviso | 3260 | 690 | Véneto | ✠ |
padova | Padua | Padua | 3110 | 830 | Véneto | |
aquileia | Aquilea | Aquileia | 3640 | 700 | Friuli | ✠ |
cividale | Cividale del Friuli | Cividale | 3700 | 450 | Friuli | ✠ | cividale
bologna | Bolonia | Bologna | 2900 | 1290 | Emilia | |
ravenna | Rávena | Ravenna | 3240 | 1320 | Romaña | | ravenna
rimini | Rímini | Rimini | 3390 | 1510 | Romaña | |
luni | Luni | Luni | 2380 | 1500 | Toscana | ☾ |
lucca | Lucca | Lucca | 2570 | 1620 | Toscana | | lucca
firenze | Florencia | Florence | 2870 | 1650 | Toscana | |
perugia | Perugia | Perugia | 3320 | 1980 | Umbría | |
spoleto | Spoleto | Spoleto | 3450 | 2170 | Umbría | | spoleto
"""

# castle id | kind | five players only | left | right (0 = none) | VP | legitimacy
CASTLES = """
pavia | capital | no | 5 | 0 | 3 | 3
arles | grey | no | 4 | 0 | 2 | 1
st_maurice | grey | no | 4 | 0 | 2 | 1
cividale | grey | no | 4 | 0 | 2 | 1
spoleto | grey | no | 4 | 0 | 2 | 1
lucca | grey | yes | 4 | 0 | 2 | 1
ivrea | neutral | no | 4 | 4 | 2 | 1
genova | neutral | no | 4 | 3 | 2 | 1
verona | neutral | no | 4 | 4 | 2 | 1
ravenna | neutral | no | 4 | 3 | 2 | 1
"""

ROADS = """
arles vienne; arles nice; vienne lyon; vienne grenoble; lyon geneve
geneve st_maurice; geneve grenoble
st_maurice aosta; grenoble aosta; grenoble susa; torino nice
aosta ivrea; ivrea torino; ivrea vercelli; ivrea milano; susa torino; torino vercelli; torino genova
nice genova; genova piacenza; genova luni
vercelli pavia; vercelli milano; milano pavia; milano brescia; milano cremona; pavia piacenza
pavia cremona; piacenza cremona; piacenza bologna; cremona verona; brescia verona
verona treviso; verona padova; treviso padova; treviso cividale; cividale aquileia
aquileia padova; padova ravenna
bologna ravenna; bologna rimini; bologna firenze; ravenna rimini; rimini spoleto; rimini perugia
luni lucca; lucca firenze; firenze perugia; perugia spoleto
"""

# box | centre x | centre y | width | height | emissaries = players + offset
BOXES = """
rome | 3300 | 2450 | 380 | 200 | 1
saracens | 800 | 2150 | 420 | 220 | -2
magyars | 3620 | 170 | 560 | 220 | -2
"""

RAID = {"☾": "saracen", "✠": "magyar", "": ""}


def rows(text: str) -> list[list[str]]:
    return [[c.strip() for c in line.split("|")] for line in text.strip().splitlines()]


@pytest.fixture(scope="module")
def topo() -> Topology:
    return load_topology("corona_de_hierro")


def cities(topo: Topology) -> dict[str, Place]:
    return {p.key: p for p in topo.places if p.kind == "city"}


def castles(topo: Topology) -> dict[str, Place]:
    return {p.key: p for p in topo.places if p.kind == "castle"}


def distances(topo: Topology, start: str) -> dict[str, int]:
    by_key = cities(topo)
    key_of = {p.id: k for k, p in by_key.items()}
    seen = {by_key[start].id: 0}
    todo = deque([by_key[start].id])
    while todo:
        here = todo.popleft()
        for there in topo.place_links[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return {key_of[i]: d for i, d in seen.items()}


def test_the_board_is_4000_by_2600(topo: Topology) -> None:
    assert topo.size == (4000, 2600)
    assert topo.properties["game"] == "corona_de_hierro"


def test_every_city_of_the_page_stands_where_the_page_puts_it(topo: Topology) -> None:
    found = cities(topo)
    page = rows(CITIES)
    assert len(page) == 31 and sorted(found) == sorted(r[0] for r in page)
    for key, es, en, x, y, region, raid, castle in page:
        city = found[key]
        assert city.position == (float(x), float(y)), key
        assert city.properties["name_es"] == es and city.properties["name_en"] == en
        assert city.label == en
        assert city.properties["region"] == region
        assert city.properties["raid"] == RAID[raid], key
        assert city.properties["castle"] == castle, key


def test_every_castle_has_its_banner_numbers(topo: Topology) -> None:
    found = castles(topo)
    page = rows(CASTLES)
    assert len(page) == 10 and sorted(found) == sorted(r[0] for r in page)
    for key, kind, five, mil, dip, vp, legit in page:
        p = found[key].properties
        assert p["castle_kind"] == kind, key
        assert p["five_players_only"] is (five == "yes"), key
        assert (p["mil"], p["dip"], p["vp"], p["legit"]) == (int(mil), int(dip), int(vp),
                                                              int(legit)), key


def test_a_castle_stands_on_its_city_and_the_city_names_it(topo: Topology) -> None:
    by_city = cities(topo)
    for key, castle in castles(topo).items():
        city = by_city[str(castle.properties["city"])]
        assert castle.position == city.position
        assert city.properties["castle"] == key
    with_castle = {k for k, c in by_city.items() if c.properties["castle"]}
    assert with_castle == set(castles(topo))


def test_one_capital_five_grey_castles_and_lucca_only_with_five(topo: Topology) -> None:
    kinds = [c.properties["castle_kind"] for c in castles(topo).values()]
    assert sorted(kinds) == ["capital"] + ["grey"] * 5 + ["neutral"] * 4
    fives = [k for k, c in castles(topo).items() if c.properties["five_players_only"]]
    assert fives == ["lucca"]


def test_only_the_neutral_castles_accept_emissaries(topo: Topology) -> None:
    for castle in castles(topo).values():
        accepts = int(castle.properties["dip"]) > 0
        assert accepts == (castle.properties["castle_kind"] == "neutral"), castle.key


def test_every_road_of_the_page_and_no_other(topo: Topology) -> None:
    page = [tuple(pair.split()) for line in ROADS.strip().splitlines() for pair in line.split(";")]
    assert len(page) == 49
    by_id = {p.id: p.key for p in cities(topo).values()}
    drawn = [(by_id[r.ends[0]], by_id[r.ends[1]]) for r in topo.routes]
    assert [frozenset(p) for p in page] == [frozenset(d) for d in drawn]
    for road in topo.routes:
        a, b = (cities(topo)[str(road.properties[k])] for k in ("a", "b"))
        assert (a.id, b.id) == road.ends
        assert road.key == f"{a.key}-{b.key}" and road.kind == "road"
        # the polyline runs from one city to the other
        assert road.points[0] == a.position and road.points[-1] == b.position


def test_roads_are_symmetric_and_join_every_city(topo: Topology) -> None:
    for here, there in topo.place_links.items():
        for other in there:
            assert here in topo.place_links[other]
    every = set(cities(topo))
    assert set(distances(topo, "pavia")) == every
    assert not any(topo.place_links[c.id] for c in castles(topo).values())


def test_graph_facts_of_the_page(topo: Topology) -> None:
    degrees = [len(topo.place_links[c.id]) for c in cities(topo).values()]
    assert (min(degrees), max(degrees)) == (2, 5)
    assert sum(degrees) == 2 * 49
    assert max(max(distances(topo, k).values()) for k in cities(topo)) == 9


@pytest.mark.parametrize(("start", "expected"), [
    ("st_maurice", {"pavia": 4, "ivrea": 2, "genova": 4, "verona": 5, "arles": 4, "lucca": 6}),
    ("arles", {"pavia": 4, "genova": 2, "ivrea": 3, "lucca": 4, "st_maurice": 4}),
    ("cividale", {"pavia": 4, "verona": 2, "ravenna": 3, "ivrea": 5, "genova": 5, "spoleto": 5,
                  "lucca": 6}),
    ("spoleto", {"pavia": 4, "ravenna": 2, "lucca": 3, "genova": 4, "verona": 4, "cividale": 5}),
    ("lucca", {"pavia": 4, "genova": 2, "ravenna": 3, "ivrea": 4, "spoleto": 3, "arles": 4}),
])
def test_road_distances_of_the_starts(topo: Topology, start: str,
                                      expected: dict[str, int]) -> None:
    got = distances(topo, start)
    assert {k: got[k] for k in expected} == expected


def test_every_start_is_four_roads_from_pavia_and_two_from_a_neutral_castle(
        topo: Topology) -> None:
    neutral = [k for k, c in castles(topo).items() if c.properties["castle_kind"] == "neutral"]
    for start in ("st_maurice", "arles", "cividale", "spoleto", "lucca"):
        d = distances(topo, start)
        assert d["pavia"] == 4
        assert min(d[n] for n in neutral) == 2


def _cross(p1: tuple[float, float], p2: tuple[float, float], q1: tuple[float, float],
           q2: tuple[float, float]) -> bool:
    def orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return (orient(q1, q2, p1) * orient(q1, q2, p2) < 0
            and orient(p1, p2, q1) * orient(p1, p2, q2) < 0)


def _segment_distance(p: tuple[float, float], a: tuple[float, float],
                      b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def test_roads_never_cross_and_pass_no_city_closer_than_100_px(topo: Topology) -> None:
    routes = topo.routes
    for i, r in enumerate(routes):
        segs = list(itertools.pairwise(r.points))
        for s in routes[i + 1:]:
            if set(r.ends) & set(s.ends):
                continue
            for a, b in segs:
                for c, d in itertools.pairwise(s.points):
                    assert not _cross(a, b, c, d), (r.key, s.key)
        for city in cities(topo).values():
            if city.id not in r.ends:
                near = min(_segment_distance(city.position, a, b) for a, b in segs)
                assert near >= 100, (city.key, r.key)


def test_the_three_boxes(topo: Topology) -> None:
    boxes = {a.key: a for a in topo.areas_of("box")}
    for key, cx, cy, w, h, offset in rows(BOXES):
        box = boxes[key]
        xs = [p[0] for p in box.polygon]
        ys = [p[1] for p in box.polygon]
        assert (min(xs) + max(xs)) / 2 == float(cx) and (min(ys) + max(ys)) / 2 == float(cy)
        assert (max(xs) - min(xs), max(ys) - min(ys)) == (float(w), float(h))
        assert box.properties["capacity_offset"] == int(offset)
        assert box.properties["name_es"] and box.properties["name_en"] == box.label


def test_keys_are_unique_per_kind(topo: Topology) -> None:
    for kind in ("city", "castle"):
        keys = [p.key for p in topo.places if p.kind == kind]
        assert len(keys) == len(set(keys))
    assert len({r.key for r in topo.routes}) == 49


def test_the_scenery_reads_as_italy(topo: Topology) -> None:
    """Land, sea, the Alps, the Apennines, the Po and the three seas are on the board."""
    keys = {a.key: a for a in topo.areas}
    assert keys["sea"].kind == "sea" and keys["mainland"].kind == "land"
    assert keys["alps"].kind == keys["apennines"].kind == "mountains"
    assert keys["po"].kind == "river" and keys["corsica"].kind == "island"
    for tributary in ("ticino", "adda", "oglio", "mincio", "tanaro", "sesia", "trebbia"):
        assert keys[tributary].kind == "river"
    labels = {p.key for p in topo.places if p.kind == "label"}
    assert {"ligurian_sea", "tyrrhenian_sea", "adriatic_sea"} <= labels
    for area in topo.areas:
        assert area.properties["name_es"] and area.properties["name_en"] == area.label


def test_every_city_stands_on_land_and_every_road_runs_over_it(topo: Topology) -> None:
    land = [a for a in topo.areas if a.kind in ("land", "island")]
    water = [a for a in topo.areas if a.kind in ("lake", "lagoon")]
    for city in cities(topo).values():
        assert any(a.contains(city.position) for a in land), city.key
        assert not any(w.contains(city.position) for w in water), city.key
    for road in topo.routes:
        for a, b in itertools.pairwise(road.points):
            steps = max(1, int(math.dist(a, b) / 10))
            for i in range(steps + 1):
                q = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
                assert any(area.contains(q) for area in land), (road.key, q)
                assert not any(w.contains(q) for w in water), (road.key, q)


def test_the_coast_follows_the_real_map(topo: Topology) -> None:
    """Coastal cities have sea nearby on the right side; inland ones have none close."""
    land = next(a for a in topo.areas if a.key == "mainland")
    seaward = {"genova": (0, 1), "nice": (0, 1), "luni": (-1, 1), "rimini": (1, 0),
               "ravenna": (1, 0), "aquileia": (0, 1)}
    for key, (dx, dy) in seaward.items():
        x, y = cities(topo)[key].position
        assert not land.contains((x + 160 * dx, y + 160 * dy)), key
    for key in ("milano", "pavia", "verona", "bologna", "firenze", "lyon", "torino"):
        x, y = cities(topo)[key].position
        assert all(land.contains((x + dx, y + dy))
                   for dx in (-200, 0, 200) for dy in (-200, 0, 200)), key
