"""The Conquest of the Empire map against its decisions page: §2 (and §2.4's lint), §1.5, §4.2.

`tests/test_maps.py` runs the checks every map gets (pytmx, Tiled, tmxrasterizer,
typed ids); this file checks what this board must say, and that its drawn shapes
agree with its tables: areas the tables call neighbours share a border, others none.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.maps import Area, Topology, load_topology

INLAND = {"germania_superior", "raetia", "noricum", "pannonia", "dacia", "mesopotamia",
          "armenia"}
GOLD = {
    "E": {"italia", "baetica", "lugdunensis", "narbonensis", "dacia", "thracia", "macedonia",
          "achaea"},
    "A": {"africa", "aegyptus", "asia", "sicilia", "syria", "numidia", "bithynia",
          "mesopotamia"},
}
HOMELAND_SETS = {  # §1.5: the homelands each player count uses
    2: {"macedonia", "africa"},
    3: {"lugdunensis", "asia", "africa"},
    4: {"lugdunensis", "macedonia", "aegyptus", "africa"},
    5: {"lugdunensis", "macedonia", "asia", "aegyptus", "africa"},
    6: {"baetica", "lugdunensis", "macedonia", "asia", "aegyptus", "africa"},
}
STRAITS = {
    "st_gades": ({"baetica", "mauretania_tingitana"}, "fretum_gaditanum"),
    "st_messana": ({"italia", "sicilia"}, "mare_tyrrhenum"),
    "st_gallicum": ({"belgica", "britannia"}, "oceanus_britannicus"),
    "st_bosporus": ({"thracia", "bithynia"}, "propontis"),
    "st_hellespontus": ({"thracia", "asia"}, "mare_aegaeum"),
}


@pytest.fixture(scope="module")
def topo() -> Topology:
    return load_topology("conquest_of_the_empire")


def ids(area: Area, prop: str) -> set[int]:
    return {int(t) for t in str(area.properties[prop]).split(",") if t}


def by_key(topo: Topology) -> dict[str, Area]:
    return {a.key: a for a in topo.areas}


def test_the_board_has_42_provinces_17_seas_and_5_straits(topo: Topology) -> None:
    provinces, seas = topo.areas_of("province"), topo.areas_of("sea")
    assert [a.id for a in provinces] == list(range(42))
    assert [a.id for a in seas] == list(range(42, 59))
    assert sorted(r.key for r in topo.routes) == sorted(STRAITS)
    assert topo.size == (4000, 2600)
    assert len({a.key for a in topo.areas}) == len(topo.areas)


def test_every_area_has_its_names_in_latin_spanish_and_english(topo: Topology) -> None:
    for area in [*topo.areas, *topo.routes]:
        for lang in ("la", "es", "en"):
            assert str(area.properties[f"name_{lang}"]).strip(), (area.key, lang)
        assert area.label == area.properties["name_en"]
    assert by_key(topo)["italia"].properties["name_la"] == "Italia"
    assert by_key(topo)["mare_tyrrhenum"].properties["name_es"] == "Mar Tirreno"


def test_land_and_sea_adjacency_is_symmetric(topo: Topology) -> None:
    areas = by_key(topo)
    for area in areas.values():
        for n in ids(area, "adjacent"):
            assert area.id in ids(topo.area(n), "adjacent")
            assert topo.area(n).kind == area.kind, "adjacent joins land to land, sea to sea"


def test_a_provinces_seas_and_each_zones_coasts_agree(topo: Topology) -> None:
    for province in topo.areas_of("province"):
        for z in ids(province, "seas"):
            assert topo.area(z).kind == "sea"
            assert province.id in ids(topo.area(z), "coasts")
    for sea in topo.areas_of("sea"):
        for p in ids(sea, "coasts"):
            assert sea.id in ids(topo.area(p), "seas")


def test_each_straits_zone_touches_both_its_provinces(topo: Topology) -> None:
    areas = by_key(topo)
    for route in topo.routes:
        ends, zone = STRAITS[route.key]
        assert route.kind == "strait" and route.joins == "areas"
        assert {topo.area(e).key for e in route.ends} == ends
        assert route.properties["zone"] == areas[zone].id
        for end in route.ends:
            assert areas[zone].id in ids(topo.area(end), "seas")
            # a strait is an extra land edge, not listed among the land neighbours
            assert set(route.ends) - {end} <= set(topo.neighbours(end))
            assert not set(route.ends) - {end} <= ids(topo.area(end), "adjacent")


def test_eleven_keys_and_only_italia_has_three_tiers(topo: Topology) -> None:
    provinces = topo.areas_of("province")
    keys = {a.key: a.properties["tiers"] for a in provinces if a.properties["tiers"]}
    assert len(keys) == 11
    assert [k for k, t in keys.items() if len(str(t).split(",")) == 3] == ["italia"]
    assert keys["italia"] == "25,15,5"
    for prize in ("britannia", "achaea", "sicilia", "syria"):
        assert keys[prize] == "15,5"
    for home in HOMELAND_SETS[6]:
        assert keys[home] == "10,5"


def test_each_area_has_8_gold_and_13_silver_provinces(topo: Topology) -> None:
    for region in ("E", "A"):
        provinces = [a for a in topo.areas_of("province") if a.properties["region"] == region]
        coins = Counter(str(a.properties["coin"]) for a in provinces)
        assert coins == {"G": 8, "S": 13}
        assert {a.key for a in provinces if a.properties["coin"] == "G"} == GOLD[region]


def test_europe_and_africa_asia_share_no_land_border(topo: Topology) -> None:
    for province in topo.areas_of("province"):
        for n in ids(province, "adjacent"):
            assert topo.area(n).properties["region"] == province.properties["region"]


def test_ten_printed_cities_each_on_its_province(topo: Topology) -> None:
    provinces = topo.areas_of("province")
    cities = {a.key: a.properties["city"] for a in provinces if a.properties["city"]}
    assert len(cities) == 10
    places = [p for p in topo.places if p.kind == "city"]
    assert sorted(p.label for p in places) == sorted(str(c) for c in cities.values())
    for place in places:
        assert place.area is not None
        assert topo.area(place.area).properties["city"] == place.label
        assert topo.area(place.area).contains(place.position), place.label


def test_every_key_province_is_coastal_and_the_inland_ones_are_the_seven(topo: Topology) -> None:
    provinces = topo.areas_of("province")
    assert {a.key for a in provinces if not ids(a, "seas")} == INLAND
    assert all(ids(a, "seas") for a in provinces if a.properties["tiers"])


def test_homelands_follow_the_player_count(topo: Topology) -> None:
    homes = {a.key: a for a in topo.areas_of("province") if a.properties["homeland"]}
    assert set(homes) == HOMELAND_SETS[6]
    for players, expected in HOMELAND_SETS.items():
        used = {k for k, a in homes.items()
                if str(players) in str(a.properties["homeland_players"]).split(",")}
        assert used == expected, players
    for area in homes.values():
        assert area.properties["city"]
        assert area.properties["home_sea"] in ids(area, "seas")
    assert topo.area(int(homes["africa"].properties["home_sea"])).key == "mare_africum"


def test_the_token_bag_holds_52(topo: Topology) -> None:
    tokens = {a.key: a.properties["tokens"] for a in topo.areas_of("province")}
    assert sum(int(t) for t in tokens.values()) == 52
    assert tokens["italia"] == 8 and tokens["syria"] == 5 and tokens["asia"] == 4
    assert all(t == 0 for k, t in tokens.items() if not by_key(topo)[k].properties["tiers"])


def test_centres_are_the_pages_and_lie_in_their_areas(topo: Topology) -> None:
    areas = by_key(topo)
    assert areas["italia"].centre == (1750, 1240)
    assert areas["mare_aegyptium"].centre == (2905, 1936)
    for area in topo.areas:
        assert area.contains(area.centre), area.key
        others = [b.key for b in topo.areas if b is not area and b.contains(area.centre)]
        assert not others, (area.key, others)


def _borders(topo: Topology) -> dict[tuple[float, float, float, float], set[int]]:
    """Every polygon edge (either direction) and the areas that draw it."""
    edges: dict[tuple[float, float, float, float], set[int]] = {}
    for area in topo.areas:
        pts = area.polygon
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
            key = (x1, y1, x2, y2) if (x1, y1) < (x2, y2) else (x2, y2, x1, y1)
            edges.setdefault(key, set()).add(area.id)
    return edges


def test_the_shapes_touch_exactly_as_the_tables_say(topo: Topology) -> None:
    """Two provinces, two zones, or a province and a zone share a drawn border exactly
    when the tables make them neighbours or coast: what a player sees is what the rules use."""
    drawn: set[frozenset[int]] = set()
    for owners in _borders(topo).values():
        land_or_sea = {a for a in owners if topo.area(a).kind in ("province", "sea")}
        if len(land_or_sea) == 2:
            drawn.add(frozenset(land_or_sea))
    listed: set[frozenset[int]] = set()
    for area in [*topo.areas_of("province"), *topo.areas_of("sea")]:
        for prop in ("adjacent", "seas", "coasts"):
            if prop in area.properties:
                listed |= {frozenset((area.id, n)) for n in ids(area, prop)}
    name = {a.id: a.key for a in topo.areas}
    assert not {tuple(sorted(name[i] for i in p)) for p in listed - drawn}, "listed, not drawn"
    assert not {tuple(sorted(name[i] for i in p)) for p in drawn - listed}, "drawn, not listed"


def test_strait_arrows_run_from_one_province_over_water_to_the_other(topo: Topology) -> None:
    for route in topo.routes:
        a, b = route.ends
        assert topo.area(a).contains(route.points[0])
        assert topo.area(b).contains(route.points[-1])
        middle = topo.area_at(route.points[len(route.points) // 2], "sea")
        assert middle is not None, route.key
        assert middle.id == route.properties["zone"], "it crosses the water of its zone"
