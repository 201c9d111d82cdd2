"""Imperios Milenarios' map against the decisions page §2 (../shared/rules/imperios_milenarios.md).

Every line of §2.3 ("what the map guarantees") is a test here; the generic lint
of every map (pytmx, Tiled, tmxrasterizer, typed properties) is tests/test_maps.py.
The table below is §2.2 copied by hand: the map must agree with it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pytest

from rules.maps import Area, Topology, load_topology

# key, Nombre, English, kind, shaded, city level, settlement VP, half, x, y, neighbours
TABLE: tuple[tuple[str, str, str, str, bool, int, int, str, int, int, str], ...] = (
    ("oceano", "Océano Atlántico", "Atlantic Ocean", "sea", False, 0, 0, "P", 90, 700,
     "lusitania tartessos celtiberia galia mar_balear numidia"),
    ("lusitania", "Lusitania", "Lusitania", "land", False, 0, 2, "P", 120, 600,
     "oceano tartessos celtiberia"),
    ("tartessos", "Tartessos", "Tartessos", "land", True, 0, 0, "P", 240, 770,
     "oceano lusitania celtiberia mar_balear"),
    ("celtiberia", "Celtiberia", "Celtiberia", "land", False, 4, 0, "P", 350, 540,
     "oceano lusitania tartessos galia massalia mar_balear"),
    ("galia", "Galia", "Gaul", "land", False, 0, 3, "P", 520, 260,
     "oceano celtiberia massalia etruria"),
    ("massalia", "Massalia", "Massalia", "land", False, 4, 0, "P", 650, 430,
     "celtiberia galia mar_balear etruria"),
    ("mar_balear", "Mar Balear", "Balearic Sea", "sea", False, 0, 0, "P", 560, 690,
     "oceano tartessos celtiberia massalia numidia mar_tirreno canal_sicilia"),
    ("numidia", "Numidia", "Numidia", "land", False, 3, 0, "P", 520, 900,
     "oceano mar_balear cartago"),
    ("cartago", "Cartago", "Carthage", "land", True, 0, 0, "P", 830, 870,
     "numidia libia canal_sicilia"),
    ("libia", "Libia", "Libya", "land", False, 3, 0, "P", 1000, 1060,
     "cartago cirenaica mar_jonico"),
    ("cirenaica", "Cirenaica", "Cyrenaica", "land", False, 3, 0, "P", 1300, 1070,
     "libia mar_jonico mar_libico"),
    ("etruria", "Etruria", "Etruria", "land", False, 4, 0, "P", 880, 390,
     "galia massalia roma mar_tirreno mar_adriatico"),
    ("roma", "Roma", "Rome", "land", True, 0, 0, "P", 960, 520,
     "etruria magna_grecia mar_tirreno mar_adriatico"),
    ("magna_grecia", "Magna Grecia", "Magna Graecia", "land", False, 3, 0, "P", 1090, 620,
     "roma mar_tirreno mar_adriatico mar_jonico"),
    ("sicilia", "Sicilia", "Sicily", "land", False, 5, 0, "P", 1000, 750,
     "mar_tirreno canal_sicilia mar_jonico"),
    ("mar_tirreno", "Mar Tirreno", "Tyrrhenian Sea", "sea", False, 0, 0, "P", 840, 620,
     "mar_balear etruria roma magna_grecia sicilia canal_sicilia mar_jonico"),
    ("canal_sicilia", "Canal de Sicilia", "Strait of Sicily", "sea", False, 0, 0, "P", 930, 820,
     "mar_balear cartago sicilia mar_tirreno mar_jonico"),
    ("mar_adriatico", "Mar Adriático", "Adriatic Sea", "sea", False, 0, 0, "P", 1080, 450,
     "etruria roma magna_grecia mar_jonico macedonia"),
    ("mar_jonico", "Mar Jónico", "Ionian Sea", "sea", False, 0, 0, "P", 1180, 830,
     "libia cirenaica magna_grecia sicilia mar_tirreno canal_sicilia mar_adriatico "
     "macedonia esparta minos mar_libico"),
    ("macedonia", "Macedonia", "Macedonia", "land", False, 4, 0, "P", 1290, 560,
     "mar_adriatico mar_jonico tracia atenas mar_egeo"),
    ("tracia", "Tracia", "Thrace", "land", False, 0, 2, "P", 1490, 500,
     "macedonia mar_egeo troya mar_negro"),
    ("atenas", "Atenas", "Athens", "land", True, 0, 0, "P", 1390, 680,
     "macedonia esparta mar_egeo"),
    ("esparta", "Esparta", "Sparta", "land", False, 4, 0, "P", 1320, 770,
     "mar_jonico atenas minos mar_egeo"),
    ("minos", "Minos", "Minos (Crete)", "land", True, 0, 0, "P", 1450, 880,
     "mar_jonico esparta mar_egeo mar_libico"),
    ("mar_egeo", "Mar Egeo", "Aegean Sea", "sea", False, 0, 0, "P", 1470, 720,
     "macedonia tracia atenas esparta minos mar_libico troya mar_negro mar_levante"),
    ("mar_libico", "Mar Líbico", "Libyan Sea", "sea", False, 0, 0, "P", 1420, 980,
     "cirenaica mar_jonico minos mar_egeo mar_levante"),
    ("troya", "Troya", "Troy", "land", False, 5, 0, "P", 1590, 650,
     "tracia mar_egeo hatti cilicia mar_negro mar_levante"),
    ("hatti", "Hatti", "Hatti", "land", True, 0, 0, "P", 1790, 600,
     "troya cilicia mar_negro siria armenia"),
    ("cilicia", "Cilicia", "Cilicia", "land", False, 0, 2, "P", 1800, 770,
     "troya hatti mar_levante fenicia siria"),
    ("mar_negro", "Mar Negro", "Black Sea", "sea", False, 0, 0, "P", 1760, 420,
     "tracia mar_egeo troya hatti armenia"),
    ("mar_levante", "Mar de Levante", "Levantine Sea", "sea", False, 0, 0, "P", 1680, 950,
     "mar_egeo mar_libico troya cilicia fenicia canaan egipto"),
    ("fenicia", "Fenicia", "Phoenicia", "land", True, 0, 0, "P", 1880, 910,
     "cilicia mar_levante canaan siria"),
    ("canaan", "Canaán", "Canaan", "land", False, 3, 0, "P", 1850, 1060,
     "mar_levante fenicia egipto siria arabia"),
    ("egipto", "Egipto", "Egypt", "land", True, 0, 0, "P", 1670, 1140,
     "mar_levante canaan tebas mar_rojo"),
    ("tebas", "Tebas", "Thebes", "land", False, 4, 0, "P", 1730, 1370,
     "egipto nubia mar_rojo"),
    ("nubia", "Nubia", "Nubia", "land", False, 0, 3, "P", 1720, 1700,
     "tebas mar_rojo"),
    ("mar_rojo", "Mar Rojo", "Red Sea", "sea", False, 0, 0, "both", 1990, 1560,
     "egipto tebas nubia arabia saba mar_eritreo"),
    ("siria", "Siria", "Syria", "land", False, 4, 0, "N", 2010, 850,
     "hatti cilicia fenicia canaan armenia asiria babilonia arabia"),
    ("armenia", "Armenia", "Armenia", "land", False, 0, 2, "N", 2190, 600,
     "hatti mar_negro siria asiria media"),
    ("asiria", "Asiria", "Assyria", "land", True, 0, 0, "N", 2180, 790,
     "siria armenia babilonia media"),
    ("babilonia", "Babilonia", "Babylon", "land", True, 0, 0, "N", 2220, 990,
     "siria asiria ur"),
    ("ur", "Ur", "Ur (Sumer)", "land", False, 5, 0, "N", 2330, 1120,
     "babilonia elam arabia dilmun golfo_persico"),
    ("elam", "Elam", "Elam", "land", False, 4, 0, "N", 2410, 1000,
     "ur media persia parsua golfo_persico"),
    ("media", "Media", "Media", "land", False, 3, 0, "N", 2400, 820,
     "armenia asiria elam parsua"),
    ("persia", "Persia", "Persia", "land", True, 0, 0, "N", 2580, 1150,
     "elam parsua ormuz golfo_persico"),
    ("parsua", "Parsua", "Parsua", "land", False, 0, 1, "N", 2650, 930,
     "elam media persia nis"),
    ("nis", "Nis", "Nis", "land", False, 0, 2, "N", 2910, 990,
     "parsua ormuz bactria gandhara sind"),
    ("ormuz", "Ormuz", "Hormuz", "land", False, 3, 0, "N", 2790, 1290,
     "persia nis sind golfo_persico mar_arabigo"),
    ("bactria", "Bactria", "Bactria", "land", True, 0, 0, "N", 3110, 760,
     "nis gandhara"),
    ("gandhara", "Gandhara", "Gandhara", "land", False, 3, 0, "N", 3340, 930,
     "nis bactria sind india"),
    ("sind", "Sind", "Sindh", "land", False, 5, 0, "N", 3190, 1320,
     "nis ormuz gandhara india decan mar_arabigo"),
    ("india", "India", "India", "land", True, 0, 0, "N", 3570, 1260,
     "gandhara sind magadha decan"),
    ("magadha", "Magadha", "Magadha", "land", False, 0, 2, "N", 3860, 1380,
     "india decan"),
    ("decan", "Decán", "Deccan", "land", False, 0, 2, "N", 3520, 1790,
     "sind india magadha mar_arabigo"),
    ("arabia", "Arabia", "Arabia", "land", False, 0, 2, "N", 2190, 1440,
     "canaan mar_rojo siria ur saba dilmun"),
    ("saba", "Saba", "Sheba", "land", True, 0, 0, "N", 2270, 1900,
     "mar_rojo arabia dilmun mar_eritreo"),
    ("dilmun", "Dilmun", "Dilmun", "land", False, 4, 0, "N", 2560, 1480,
     "ur arabia saba golfo_persico mar_arabigo"),
    ("golfo_persico", "Golfo Pérsico", "Persian Gulf", "sea", False, 0, 0, "N", 2470, 1290,
     "ur elam persia ormuz dilmun mar_arabigo"),
    ("mar_arabigo", "Mar Arábigo", "Arabian Sea", "sea", False, 0, 0, "N", 3000, 1760,
     "ormuz sind decan dilmun golfo_persico mar_eritreo"),
    ("mar_eritreo", "Mar Eritreo", "Erythraean Sea", "sea", False, 0, 0, "N", 2500, 2090,
     "mar_rojo saba mar_arabigo"),)
KEYS = [row[0] for row in TABLE]
MODES = {"naciente": ("N", "both"), "poniente": ("P", "both"), "whole": ("P", "N", "both")}
NUDGED = {"oceano", "atenas"}  # label moved off the table's x, y (the coast leaves no room)


@pytest.fixture(scope="module")
def topo() -> Topology:
    return load_topology("imperios_milenarios")


def game_areas(topo: Topology) -> dict[str, Area]:
    return {a.key: a for a in topo.areas if a.kind in ("land", "sea")}


def in_play(topo: Topology, mode: str) -> dict[str, Area]:
    return {k: a for k, a in game_areas(topo).items() if a.properties["half"] in MODES[mode]}


def graph(topo: Topology, keys: Iterable[str]) -> dict[str, set[str]]:
    """Adjacency restricted to `keys` (areas out of play have no adjacency)."""
    areas = game_areas(topo)
    keep = set(keys)
    by_id = {a.id: k for k, a in areas.items()}
    return {k: {by_id[n] for n in topo.neighbours(areas[k].id) if by_id.get(n) in keep}
            for k in keep}


def components(g: dict[str, set[str]]) -> list[set[str]]:
    left, out = set(g), []
    while left:
        start = left.pop()
        seen, todo = {start}, [start]
        while todo:
            for b in g[todo.pop()]:
                if b not in seen:
                    seen.add(b)
                    todo.append(b)
        left -= seen
        out.append(seen)
    return out


def distance(g: dict[str, set[str]], a: str, b: str) -> int:
    frontier, seen, d = {a}, {a}, 0
    while frontier:
        if b in frontier:
            return d
        frontier = {n for f in frontier for n in g[f]} - seen
        seen |= frontier
        d += 1
    return -1


# -- §2.2: the table ------------------------------------------------------------------
def test_sixty_areas_46_land_14_sea_with_ids_0_to_59(topo: Topology) -> None:
    areas = game_areas(topo)
    assert sorted(a.id for a in areas.values()) == list(range(60))
    assert [a.key for a in sorted(areas.values(), key=lambda a: a.id)] == KEYS
    assert len(topo.areas_of("land")) == 46 and len(topo.areas_of("sea")) == 14


def test_every_area_has_the_tables_typed_properties(topo: Topology) -> None:
    areas = game_areas(topo)
    for key, es, en, kind, shaded, city, vp, half, _x, _y, _n in TABLE:
        p = areas[key].properties
        assert areas[key].kind == kind, key
        assert areas[key].label == en, key
        assert (p["name_es"], p["name_en"]) == (es, en), key
        assert p["capital_site"] is shaded, key
        assert p["city_level"] == city and isinstance(p["city_level"], int), key
        assert p["settlement_vp"] == vp and isinstance(p["settlement_vp"], int), key
        assert p["half"] == half, key


def test_adjacency_is_the_tables_symmetric_and_never_reflexive(topo: Topology) -> None:
    areas = game_areas(topo)
    by_id = {a.id: k for k, a in areas.items()}
    for key, *_rest, neighbours in TABLE:
        assert {by_id[n] for n in topo.neighbours(areas[key].id)} == set(neighbours.split()), key
        assert areas[key].id not in topo.neighbours(areas[key].id)
        for n in neighbours.split():
            assert key in TABLE[KEYS.index(n)][10].split(), (key, n)


def test_every_land_area_has_exactly_one_icon_and_no_sea_has_any(topo: Topology) -> None:
    for a in game_areas(topo).values():
        p = a.properties
        icons = [p["capital_site"], p["city_level"] > 0, p["settlement_vp"] > 0]
        assert sum(icons) == (1 if a.kind == "land" else 0), a.key
        assert p["city_level"] in (0, 3, 4, 5) and p["settlement_vp"] in (0, 1, 2, 3)


def test_scenery_is_apart_from_the_game(topo: Topology) -> None:
    """Everything that is not a land or sea area is scenery: ids from 100, no neighbours."""
    for a in topo.areas:
        if a.kind not in ("land", "sea"):
            assert a.kind in ("wild", "ocean", "lake", "island") and a.id >= 100, a.key
            assert not topo.neighbours(a.id), a.key


def test_centres_are_where_the_table_puts_names(topo: Topology) -> None:
    areas = game_areas(topo)
    for key, *_m, x, y, _n in TABLE:
        area = areas[key]
        assert len(topo.places_in(area.id, "centre")) == 1, key
        assert area.contains(area.centre), key
        if key not in NUDGED:
            assert area.centre == (x, y), key
        for other in areas.values():
            if other.key != key:
                assert not other.contains(area.centre), (key, other.key)


# -- §2.1: conventions ----------------------------------------------------------------
def test_the_dotted_line_runs_where_the_page_says(topo: Topology) -> None:
    line = [(2120.0, 0.0), (2120.0, 700.0), (1960.0, 820.0), (1960.0, 2400.0)]
    (route,) = [r for r in topo.routes if r.kind == "half_line"]
    assert list(route.points) == line and route.joins == "places"
    assert topo.properties["half_line"] == "2120,0 2120,700 1960,820 1960,2400"
    assert topo.size == (4000, 2400)


def line_x(y: float) -> float:
    """Where the dotted line runs at height y."""
    if y <= 700:
        return 2120.0
    if y >= 820:
        return 1960.0
    return 2120.0 - 160.0 * (y - 700) / 120


def test_armenia_siria_and_arabia_cross_the_line_with_their_icons_in_naciente(
        topo: Topology) -> None:
    areas = game_areas(topo)
    for key in ("armenia", "siria", "arabia"):
        a = areas[key]
        assert any(x < line_x(y) for x, y in a.polygon), key
        assert any(x > line_x(y) for x, y in a.polygon), key
        assert a.centre[0] > line_x(a.centre[1]) and a.properties["half"] == "N", key
    # every other area lies on its own half's side of the line (by its centre)
    for a in areas.values():
        half = a.properties["half"]
        if half == "P":
            assert a.centre[0] < line_x(a.centre[1]), a.key
        elif half == "N":
            assert a.centre[0] > line_x(a.centre[1]), a.key


def test_esparta_minos_is_a_land_strip_and_sicilia_is_reached_by_sea_only(
        topo: Topology) -> None:
    areas = game_areas(topo)
    esparta, minos, sicilia = areas["esparta"], areas["minos"], areas["sicilia"]
    assert topo.adjacent(esparta.id, minos.id)
    assert esparta.properties["land_strip"] == minos.id
    assert minos.properties["land_strip"] == esparta.id
    assert shared_border(esparta, minos) > 0  # drawn: the strip across the Kythera strait
    assert not topo.adjacent(areas["mar_jonico"].id, areas["mar_egeo"].id)
    assert not topo.adjacent(areas["magna_grecia"].id, sicilia.id)
    assert all(topo.area(n).kind == "sea" for n in topo.neighbours(sicilia.id))
    strips = [a.key for a in areas.values() if "land_strip" in a.properties]
    assert sorted(strips) == ["esparta", "minos"]


# -- geometry: the drawing says what the table says ------------------------------------------
def segments(area: Area) -> dict[tuple[tuple[float, float], tuple[float, float]], float]:
    pts = [(round(x, 2), round(y, 2)) for x, y in area.polygon]
    out = {}
    for p, q in zip(pts, pts[1:] + pts[:1], strict=True):
        if p != q:
            out[(min(p, q), max(p, q))] = ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
    return out


def shared_border(a: Area, b: Area) -> float:
    sa, sb = segments(a), segments(b)
    return sum(length for seg, length in sa.items() if seg in sb)


def test_neighbours_share_a_drawn_border_and_no_other_areas_touch(topo: Topology) -> None:
    areas = sorted(game_areas(topo).values(), key=lambda a: a.id)
    crossings = {frozenset(r.ends) for r in topo.routes if r.joins == "areas"}
    segs = {a.id: segments(a) for a in areas}
    for a, b in itertools.combinations(areas, 2):
        border = sum(length for seg, length in segs[a.id].items() if seg in segs[b.id])
        if topo.adjacent(a.id, b.id):
            if frozenset((a.id, b.id)) in crossings:
                continue
            assert border >= 12, (a.key, b.key, border)
        else:
            assert border == 0, (a.key, b.key, border)


def test_the_bosporus_crossing_joins_tracia_and_troya(topo: Topology) -> None:
    areas = game_areas(topo)
    (strait,) = [r for r in topo.routes if r.joins == "areas"]
    assert strait.kind == "strait"
    assert set(strait.ends) == {areas["tracia"].id, areas["troya"].id}
    assert areas["tracia"].contains(strait.points[0]) or areas["troya"].contains(strait.points[0])


def test_land_touches_land_and_sea_where_the_coast_is(topo: Topology) -> None:
    """A sea's neighbours are coasts or seas; a land area's sea neighbours are its coasts."""
    areas = game_areas(topo)
    for a in areas.values():
        for n in topo.neighbours(a.id):
            b = topo.area(n)
            if a.kind == "sea" and b.kind == "sea":
                assert shared_border(a, b) > 0, (a.key, b.key)  # straits are water


# -- §2.3: what the map guarantees ---------------------------------------------------------
@pytest.mark.parametrize(("mode", "areas", "land", "sea", "shaded", "cities", "settlements"), [
    ("naciente", 24, 20, 4, 6, (3, 3, 2), (6, 11)),
    ("poniente", 37, 26, 11, 8, (5, 6, 2), (5, 12)),
    ("whole", 60, 46, 14, 14, (8, 9, 4), (11, 23)),
])
def test_per_mode_counts(topo: Topology, mode: str, areas: int, land: int, sea: int,
                         shaded: int, cities: tuple[int, int, int],
                         settlements: tuple[int, int]) -> None:
    play = list(in_play(topo, mode).values())
    assert len(play) == areas
    assert sum(a.kind == "land" for a in play) == land
    assert sum(a.kind == "sea" for a in play) == sea
    assert sum(bool(a.properties["capital_site"]) for a in play) == shaded
    levels = [a.properties["city_level"] for a in play]
    assert (levels.count(3), levels.count(4), levels.count(5)) == cities
    vps = [int(a.properties["settlement_vp"]) for a in play if a.properties["settlement_vp"]]
    assert (len(vps), sum(vps)) == settlements


def conflicts(topo: Topology, mode: str) -> set[frozenset[str]]:
    g = graph(topo, in_play(topo, mode))
    sites = [k for k, a in in_play(topo, mode).items() if a.properties["capital_site"]]
    return {frozenset((a, b)) for a, b in itertools.combinations(sites, 2)
            if ({a} | g[a]) & ({b} | g[b])}


def smallest_maximal_set(topo: Topology, mode: str) -> int:
    sites = sorted(k for k, a in in_play(topo, mode).items() if a.properties["capital_site"])
    bad = conflicts(topo, mode)
    best = len(sites)
    for size in range(1, len(sites) + 1):
        for chosen in itertools.combinations(sites, size):
            if any(frozenset(p) in bad for p in itertools.combinations(chosen, 2)):
                continue
            if all(any(frozenset((s, c)) in bad for c in chosen)
                   for s in sites if s not in chosen):
                return size
    return best


@pytest.mark.parametrize(("mode", "pairs", "smallest"), [
    ("naciente", {"asiria babilonia", "bactria india"}, 4),
    ("poniente", {"atenas minos", "egipto fenicia", "fenicia hatti"}, 5),
    ("whole", {"asiria babilonia", "bactria india", "atenas minos", "egipto fenicia",
               "fenicia hatti", "asiria fenicia", "asiria hatti", "babilonia fenicia",
               "babilonia hatti", "egipto saba"}, 8),
])
def test_founding_guarantee(topo: Topology, mode: str, pairs: set[str], smallest: int) -> None:
    """Conflicting shaded pairs are exactly the page's; the worst leftover still seats 4/5/8."""
    assert conflicts(topo, mode) == {frozenset(p.split()) for p in pairs}
    assert smallest_maximal_set(topo, mode) == smallest


def legal_sites(topo: Topology, mode: str, founded: list[str]) -> list[str]:
    g = graph(topo, in_play(topo, mode))
    taken = set()
    for f in founded:
        taken |= {f} | g[f]
    return [k for k, a in in_play(topo, mode).items()
            if a.properties["capital_site"] and not ({k} | g[k]) & taken]


def test_founding_golden_numbers(topo: Topology) -> None:
    """§8: 6 / 8 / 14 sites for the first founder; then 5, 3, 1 after Persia, India, Babilonia."""
    assert len(legal_sites(topo, "naciente", [])) == 6
    assert len(legal_sites(topo, "poniente", [])) == 8
    assert len(legal_sites(topo, "whole", [])) == 14
    assert len(legal_sites(topo, "naciente", ["persia"])) == 5
    assert len(legal_sites(topo, "naciente", ["persia", "india"])) == 3
    assert sorted(legal_sites(topo, "naciente", ["persia", "india"])) == [
        "asiria", "babilonia", "saba"]
    assert legal_sites(topo, "naciente", ["persia", "india", "babilonia"]) == ["saba"]


@pytest.mark.parametrize("mode", list(MODES))
def test_each_modes_areas_are_connected(topo: Topology, mode: str) -> None:
    assert len(components(graph(topo, in_play(topo, mode)))) == 1


def test_in_poniente_the_red_sea_touches_only_egipto_tebas_and_nubia(topo: Topology) -> None:
    g = graph(topo, in_play(topo, "poniente"))
    assert g["mar_rojo"] == {"egipto", "tebas", "nubia"}
    assert not g["mar_levante"] & {"mar_rojo"}


def test_land_masses(topo: Topology) -> None:
    land = [k for k, a in game_areas(topo).items() if a.kind == "land"]
    masses = {frozenset(c) for c in components(graph(topo, land))}
    west = frozenset({"lusitania", "tartessos", "celtiberia", "galia", "massalia", "etruria",
                      "roma", "magna_grecia"})
    maghreb = frozenset({"numidia", "cartago", "libia", "cirenaica"})
    sicily = frozenset({"sicilia"})
    big = frozenset(land) - west - maghreb - sicily
    assert masses == {west, maghreb, sicily, big}
    assert {"macedonia", "atenas", "esparta", "troya", "hatti", "fenicia", "egipto", "asiria",
            "persia", "india", "arabia", "saba", "minos"} <= big
    # Minos joins the block through Esparta only; the Marmarica keeps Egipto from Cirenaica
    assert graph(topo, land)["minos"] == {"esparta"}
    assert not graph(topo, land)["egipto"] & maghreb


def test_the_seeds_trade_example_chains(topo: Topology) -> None:
    g = graph(topo, game_areas(topo))
    for chain in (["persia", "ormuz", "sind", "india"],
                  ["persia", "parsua", "nis", "sind", "india"]):
        for a, b in itertools.pairwise(chain):
            assert b in g[a], (a, b)
    assert "nis" not in g["persia"] and "sind" not in g["persia"]
    assert "sind" not in g["parsua"]
    assert "india" not in g["ormuz"] and "india" not in g["nis"]
    assert distance(g, "persia", "india") == 3
    # each blue action carries the caravan 2 areas: both routes (3 and 4) need 2 actions
    assert -(-3 // 2) == -(-4 // 2) == 2


def test_starts_differ_on_purpose(topo: Topology) -> None:
    g = graph(topo, game_areas(topo))
    areas = game_areas(topo)
    sea = {k for k, a in areas.items() if a.kind == "sea"}
    # sea starts: at least as much sea as land around them
    for key in ("minos", "saba"):
        assert len(g[key] & sea) >= len(g[key] - sea), key
    # corner starts: the fewest neighbours of all capital sites, the farthest from the rest
    sites = [k for k, a in areas.items() if a.properties["capital_site"]]
    degree = {k: len(g[k]) for k in sites}
    for key in ("tartessos", "india", "bactria"):
        assert degree[key] <= 4, key
    ecc = {k: max(distance(g, k, o) for o in sites) for k in sites}
    assert {"tartessos", "india", "bactria"} <= {k for k in sites if ecc[k] >= ecc["hatti"] + 2}
    # where the halves meet: each has an area of the other half within two steps
    halves = {k: a.properties["half"] for k, a in areas.items()}
    for key in ("egipto", "hatti", "fenicia", "asiria", "babilonia"):
        near = {n for n in areas if 0 < distance(g, key, n) <= 2}
        other = {"P": "N", "N": "P"}[str(halves[key])]
        assert any(halves[n] == other for n in near), key
