"""Lint every map in maps/: pytmx and the real Tiled accept it, and its topology is sound."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.maps import RESERVED_NAMES, MapError, Topology, load_topology, maps_dir, read_tmx

MAPS = sorted(maps_dir().glob("*.tmx"))
IDS = [p.stem for p in MAPS]
OFFSCREEN = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def test_there_are_maps() -> None:
    assert "carolus_magnus" in IDS


@pytest.mark.parametrize("path", MAPS, ids=IDS)
def test_pytmx_loads_the_map(path: Path) -> None:
    import pytmx

    tiled_map = pytmx.TiledMap(str(path))
    assert list(tiled_map.objects), "a map without objects has no topology"
    for obj in tiled_map.objects:
        assert obj.properties, f"object {obj.id} has no custom properties"
    # our reader and pytmx agree on every shape (pytmx's polygon points are absolute)
    topo = read_tmx(path)
    for obj in tiled_map.objects:
        if "area_id" in obj.properties and hasattr(obj, "points"):
            ours = topo.area(obj.properties["area_id"]).polygon
            theirs = [(p.x, p.y) for p in obj.points]
            assert len(ours) == len(theirs)
            for (x1, y1), (x2, y2) in zip(ours, theirs, strict=True):
                assert abs(x1 - x2) < 1e-6 and abs(y1 - y2) < 1e-6
        elif "place_id" in obj.properties:
            assert topo.place(obj.properties["place_id"]).position == (obj.x, obj.y)


@pytest.mark.parametrize("path", MAPS, ids=IDS)
def test_no_property_shadows_a_tiled_attribute(path: Path) -> None:
    root = ET.parse(path).getroot()
    for prop in root.iter("property"):
        assert prop.get("name") not in RESERVED_NAMES, prop.get("name")


@pytest.mark.parametrize("path", MAPS, ids=IDS)
def test_ids_are_unique_and_properties_typed(path: Path) -> None:
    root = ET.parse(path).getroot()
    tiled_ids = [o.get("id") for o in root.iter("object")]
    assert len(tiled_ids) == len(set(tiled_ids))
    for obj in root.iter("object"):
        declared = {p.get("name"): p.get("type", "string") for p in obj.iter("property")}
        id_key = next(k for k in ("area_id", "place_id", "route_id") if k in declared)
        assert declared[id_key] == "int"
        assert declared.get("kind") == "string", f"object {obj.get('id')} needs a string kind"
        assert declared.get("label") == "string", f"object {obj.get('id')} needs a label"
        for key in ("in_area", "ring_next", "ring_prev", "seat"):
            assert declared.get(key, "int") == "int", key
    topo = read_tmx(path)  # the reader also refuses duplicated area/place/route ids
    for area in topo.areas:
        assert area.kind and area.key and area.label
        assert len(area.polygon) >= 3
        assert area.contains(area.centre), f"area {area.id}'s centre lies outside it"
    for place in topo.places:
        assert place.area is None or place.area in {a.id for a in topo.areas}


@pytest.mark.parametrize("path", MAPS, ids=IDS)
def test_adjacency_is_symmetric_and_connected(path: Path) -> None:
    topo = read_tmx(path)
    for a, neighbours in topo.adjacency.items():
        for b in neighbours:
            assert a in topo.adjacency[b]
    # each kind's linked areas are one network (land and sea may be two: coasts join them);
    # a map whose land and seas share one graph lists its islanded kinds in `scattered_kinds`
    # (the whole graph must still be one network)
    all_kinds = {a.kind for a in topo.areas}
    scattered = {k for k in str(topo.properties.get("scattered_kinds", "")).split(",") if k}
    groups = [{k} for k in sorted(all_kinds - scattered)] + ([all_kinds] if scattered else [])
    for kind_set in groups:
        linked = {a.id for a in topo.areas if a.kind in kind_set and topo.adjacency[a.id]}
        if linked:
            start = min(linked)
            seen, todo = {start}, [start]
            while todo:
                for b in topo.adjacency[todo.pop()]:
                    if b not in seen and b in linked:
                        seen.add(b)
                        todo.append(b)
            assert seen == linked, f"{kind_set} not connected: {sorted(linked - seen)}"


def _check_carolus(topo: Topology) -> None:
    territories = topo.areas_of("territory")
    assert sorted(a.id for a in territories) == list(range(15))
    ring = topo.ring("territory")
    assert len(ring) == topo.properties["ring_size"] == 15
    for i, t in enumerate(ring):
        assert topo.neighbours(t) == tuple(sorted({ring[i - 1], ring[(i + 1) % 15]}))
        assert topo.area(t).properties["ring_prev"] == ring[i - 1]
        assert len(topo.places_in(t, "centre")) == 1
        assert len(topo.places_in(t, "castle")) == 1
        assert len(topo.places_in(t, "emperor")) == 1
    assert {a.properties["shape"] for a in territories} == {"arch", "gable", "crenel"}
    courts = topo.areas_of("court")
    assert sorted(int(c.properties["seat"]) for c in courts) == [0, 1, 2, 3]
    assert len(topo.areas_of("supply")) == 1
    # neighbours on the ring are drawn next to each other, never overlapping
    for t in ring:
        for u in ring:
            if t != u:
                assert not topo.area(t).contains(topo.area(u).centre)


def _check_corona(topo: Topology) -> None:
    """Decisions page §2.6 (details in tests/test_corona_de_hierro_map.py)."""
    kinds = [p.kind for p in topo.places]
    assert kinds.count("city") == 31 and kinds.count("castle") == 10
    assert [r.kind for r in topo.routes] == ["road"] * 49
    assert all(r.joins == "places" for r in topo.routes)
    assert sorted(a.key for a in topo.areas_of("box")) == ["magyars", "rome", "saracens"]
    castle_kinds = [p.properties["castle_kind"] for p in topo.places if p.kind == "castle"]
    assert castle_kinds.count("capital") == 1 and castle_kinds.count("grey") == 5
    cities = {p.id for p in topo.places if p.kind == "city"}
    seen, todo = {min(cities)}, [min(cities)]
    while todo:
        for b in topo.place_links[todo.pop()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    assert seen == cities


# What each game's rules need from its map: every area they name has exactly one shape.
def _check_conquest(topo: Topology) -> None:
    # the full lint of the decisions page's §2.4 is tests/test_conquest_of_the_empire_map.py
    assert len(topo.areas_of("province")) == 42
    assert len(topo.areas_of("sea")) == 17
    assert len([r for r in topo.routes if r.kind == "strait"]) == 5


def _check_imperios(topo: Topology) -> None:
    # §2 of the decisions page, line by line: tests/test_imperios_milenarios_map.py
    game = [a for a in topo.areas if a.kind in ("land", "sea")]
    assert sorted(a.id for a in game) == list(range(60))
    assert len(topo.areas_of("land")) == 46 and len(topo.areas_of("sea")) == 14
    assert len({a.key for a in game}) == 60
    for a in game:
        assert a.properties["half"] in ("P", "N", "both")
        assert isinstance(a.properties["capital_site"], bool)


RULES_NEEDS: dict[str, Callable[[Topology], None]] = {
    "carolus_magnus": _check_carolus,
    "imperios_milenarios": _check_imperios,
    "corona_de_hierro": _check_corona,
    "conquest_of_the_empire": _check_conquest,
}


@pytest.mark.parametrize("path", MAPS, ids=IDS)
def test_the_rules_find_every_area_they_need(path: Path) -> None:
    topo = read_tmx(path)
    assert topo.properties.get("game") == path.stem
    RULES_NEEDS[path.stem](topo)


def test_topologies_are_cached_and_frozen() -> None:
    topo = load_topology("carolus_magnus")
    assert load_topology("carolus_magnus") is topo
    with pytest.raises(AttributeError):
        topo.areas[0].id = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        topo.properties["game"] = "x"  # type: ignore[index]


def test_a_reserved_property_name_is_refused(tmp_path: Path) -> None:
    text = (maps_dir() / "carolus_magnus.tmx").read_text()
    bad = tmp_path / "bad.tmx"
    bad.write_text(text.replace('name="label"', 'name="name"', 1))
    with pytest.raises(MapError, match="shadows"):
        read_tmx(bad)


def test_asymmetric_adjacency_is_refused(tmp_path: Path) -> None:
    text = (maps_dir() / "carolus_magnus.tmx").read_text()
    bad = tmp_path / "bad.tmx"
    bad.write_text(text.replace('name="adjacent" value="14,1"', 'name="adjacent" value="14,1,5"'))
    with pytest.raises(MapError, match="not back"):
        read_tmx(bad)


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (Debian package 'tiled'; .ci/run installs it)")
    return found


@pytest.mark.parametrize("path", MAPS, ids=IDS)
def test_tiled_exports_the_map(path: Path, tmp_path: Path) -> None:
    tiled = _tool("tiled")
    out = tmp_path / "out.json"
    done = subprocess.run([tiled, "--export-map", str(path), str(out)], env=OFFSCREEN,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    exported = json.loads(out.read_text())
    objects = [o for layer in exported["layers"] for o in layer.get("objects", [])]
    assert len(objects) == len(list(ET.parse(path).getroot().iter("object")))


@pytest.mark.parametrize("path", MAPS, ids=IDS)
def test_tmxrasterizer_draws_the_map(path: Path, tmp_path: Path) -> None:
    rasterizer = _tool("tmxrasterizer")
    out = tmp_path / "out.png"
    done = subprocess.run([rasterizer, "--size", "256", str(path), str(out)], env=OFFSCREEN,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_ring_follows_the_map_not_the_ids(tmp_path: Path) -> None:
    """Renumber the ring in the file: the topology's ring order follows `ring_next`."""
    root = ET.parse(maps_dir() / "carolus_magnus.tmx").getroot()
    swap = {"3": "4", "4": "3"}

    def renumber(text: str) -> str:
        return ",".join(swap.get(t, t) for t in text.split(","))

    for prop in root.iter("property"):
        if prop.get("name") in ("area_id", "ring_next", "ring_prev", "adjacent", "in_area"):
            prop.set("value", renumber(prop.get("value", "")))
    path = tmp_path / "carolus_magnus.tmx"
    ET.ElementTree(root).write(path, encoding="UTF-8", xml_declaration=True)
    topo = read_tmx(path)
    assert topo.ring("territory")[:6] == (0, 1, 2, 4, 3, 5)
    assert topo.neighbours(4) == (2, 3)
