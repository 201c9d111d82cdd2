"""Generate maps/carolus_magnus.tmx: the ring of 15 territory tiles, their spots and the table.

The committed .tmx is the source of the board's geometry and topology; this
script documents how it was first made and can regenerate it:

    .venv/bin/python build_scripts/make_carolus_map.py

Layout (pixels, y down, so growing angles run clockwise on screen):
- layer "territories": 15 polygons, annular sectors of 24° around the centre,
  separated by small gaps as the rulebook asks. Their outer edge has one of
  three profiles of our own design ("arch", "gable", "crenel"), 5 tiles each,
  in the repeating order arch, gable, crenel. Properties: area_id (0..14, in
  clockwise order from the top), key, kind="territory", label (roman
  numeral), shape, ring_next / ring_prev (clockwise / anticlockwise
  neighbour), adjacent (the two ring neighbours, comma separated).
- layer "spots": points with place_id, kind ("centre", "castle", "emperor")
  and in_area (the territory they belong to).
- layer "table": the supply in the middle (kind="supply") and four courts
  (kind="court", seat 0..3 clockwise from the bottom left, so partners sit
  diagonally opposite), polygons with area_id 15..19.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

from tmx_writer import TmxWriter, prop

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "maps" / "carolus_magnus.tmx"

TILE = 32
SIZE_TILES = 60
SIZE = TILE * SIZE_TILES  # 1920 px square
CX = CY = SIZE / 2
TERRITORIES = 15
INNER = 430.0
OUTER = 720.0
SECTOR = 360.0 / TERRITORIES
GAP = 1.4  # degrees left empty on each side of a tile
SHAPES = ("arch", "gable", "crenel")
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X",
         "XI", "XII", "XIII", "XIV", "XV")
ARC_STEPS = 12

Point = tuple[float, float]


def polar(radius: float, degrees: float) -> Point:
    a = math.radians(degrees)
    return (CX + radius * math.cos(a), CY + radius * math.sin(a))


def outer_radius(shape: str, t: float) -> float:
    """The outer edge's distance from the centre at fraction t (0..1) across the tile."""
    if shape == "arch":
        return OUTER + 34.0 * math.sin(math.pi * t)
    if shape == "gable":
        return OUTER + 60.0 * (1.0 - abs(2.0 * t - 1.0))
    # crenel: two merlons standing 36 px proud of the edge
    return OUTER + (36.0 if (0.18 <= t <= 0.40 or 0.60 <= t <= 0.82) else 0.0)


def tile_polygon(index: int, shape: str) -> list[Point]:
    start = -90.0 + index * SECTOR + GAP
    span = SECTOR - 2 * GAP
    points: list[Point] = []
    if shape == "crenel":
        # square steps: sample each merlon's edges twice so the corners stay sharp
        marks = (0.0, 0.18, 0.18, 0.40, 0.40, 0.60, 0.60, 0.82, 0.82, 1.0)
        radii = (OUTER, OUTER, OUTER + 36, OUTER + 36, OUTER, OUTER, OUTER + 36, OUTER + 36,
                 OUTER, OUTER)
        points += [polar(r, start + span * t) for t, r in zip(marks, radii, strict=True)]
    else:
        steps = ARC_STEPS if shape == "arch" else 2
        points += [polar(outer_radius(shape, k / steps), start + span * k / steps)
                   for k in range(steps + 1)]
    points += [polar(INNER, start + span * (1 - k / ARC_STEPS)) for k in range(ARC_STEPS + 1)]
    return points


def writer() -> TmxWriter:
    return TmxWriter(
        width_tiles=SIZE_TILES, height_tiles=SIZE_TILES, tile=TILE, background="#3b4a3f",
        properties=[("game", "string", "carolus_magnus"), ("format_version", "int", 1),
                    ("ring_size", "int", TERRITORIES), ("ring_kind", "string", "territory")])


def add_territories(b: TmxWriter) -> None:
    layer = b.layer("territories", "#c8a55a")
    for i in range(TERRITORIES):
        shape = SHAPES[i % len(SHAPES)]
        mid = -90.0 + (i + 0.5) * SECTOR
        obj = b.shape(layer, "polygon", tile_polygon(i, shape), polar((INNER + OUTER) / 2, mid))
        props = ET.SubElement(obj, "properties")
        nxt, prv = (i + 1) % TERRITORIES, (i - 1) % TERRITORIES
        prop(props, "adjacent", "string", f"{prv},{nxt}")
        prop(props, "area_id", "int", i)
        prop(props, "key", "string", f"territory_{i + 1:02d}")
        prop(props, "kind", "string", "territory")
        prop(props, "label", "string", ROMAN[i])
        prop(props, "ring_next", "int", nxt)
        prop(props, "ring_prev", "int", prv)
        prop(props, "shape", "string", shape)


def add_spots(b: TmxWriter) -> None:
    layer = b.layer("spots", "#ffe680")
    place = 0
    spots = (("centre", (INNER + OUTER) / 2), ("castle", OUTER - 75.0), ("emperor", INNER + 70.0))
    for i in range(TERRITORIES):
        mid = -90.0 + (i + 0.5) * SECTOR
        for kind, radius in spots:
            obj = b.point(layer, polar(radius, mid))
            props = ET.SubElement(obj, "properties")
            prop(props, "in_area", "int", i)
            prop(props, "kind", "string", kind)
            prop(props, "label", "string", f"{kind} {ROMAN[i]}")
            prop(props, "place_id", "int", place)
            place += 1


def add_table(b: TmxWriter) -> None:
    layer = b.layer("table", "#8fb3c9")
    supply = [polar(300.0, 22.5 + 45.0 * k) for k in range(8)]
    obj = b.shape(layer, "polygon", supply, (CX, CY))
    props = ET.SubElement(obj, "properties")
    prop(props, "area_id", "int", TERRITORIES)
    prop(props, "key", "string", "supply")
    prop(props, "kind", "string", "supply")
    prop(props, "label", "string", "Supply")
    w, h, m = 420.0, 230.0, 24.0
    corners = ((m, SIZE - m - h), (m, m), (SIZE - m - w, m), (SIZE - m - w, SIZE - m - h))
    for seat, (x, y) in enumerate(corners):
        rect = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        obj = b.shape(layer, "polygon", rect, (x + w / 2, y + h / 2))
        props = ET.SubElement(obj, "properties")
        prop(props, "area_id", "int", TERRITORIES + 1 + seat)
        prop(props, "key", "string", f"court_{seat}")
        prop(props, "kind", "string", "court")
        prop(props, "label", "string", f"Court {seat + 1}")
        prop(props, "seat", "int", seat)


def main() -> None:
    b = writer()
    add_territories(b)
    add_spots(b)
    add_table(b)
    b.write(OUT)
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
