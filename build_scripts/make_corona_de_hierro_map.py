"""Generate maps/corona_de_hierro.tmx: northern Italy in 887, its cities, castles, roads and boxes.

The committed .tmx is the source of the board's geometry and topology; this
script documents how it was first made and can regenerate it:

    .venv/bin/python build_scripts/make_corona_de_hierro_map.py

Everything here follows the decisions page (`/work/shared/rules/corona_de_hierro.md`
§2) and `maps/README.md`. Canvas 4000×2600 px (100×65 tiles of 40 px), y down.
Every object has a string `key` (the page's slug id), a `kind` and an English
`label`; the Tiled object name is the key too (an attribute, never a custom
property). Layers, bottom to top:

- "geography" (drawn first): the land and water of the board, only scenery
  (see geography.py's docstring below). Areas with area_id 10.. and kind `sea`,
  `land`, `island`, `lake`, `lagoon`, `mountains`, `river`; each has a point of
  kind `centre` inside it (place_id 200..) because a winding coastline's
  centroid may fall outside it.
- "boxes": the off-map boxes as rectangles, area_id 0..2 in the page's order,
  kind `box`, properties `name_es`, `name_en`, `capacity_offset` (the box holds
  players + capacity_offset emissaries: Rome +1, Saracens and Magyars −2).
- "roads": 49 polylines, route_id 0..48 in the page's order, kind `road`,
  `joins`="places", `ends` = the two cities' place_ids, `a` / `b` their keys
  and key "a-b".
- "cities": 31 points, place_id 0..30 in the page's order, kind `city`, with
  `name_es`, `name_en`, `region`, `raid` (`saracen`, `magyar` or empty) and
  `castle` (the castle's key or empty).
- "castles": 10 points at their city's position, place_id 100..109 in the
  page's order, kind `castle`, with `castle_kind` (`capital`, `grey`,
  `neutral`), `five_players_only`, `mil` (left banner), `dip` (right banner,
  0 = none), `vp`, `legit` (1, Pavia 3), `city` (the city's key),
  `name_es`, `name_en` and `house` (flavour, may be empty).
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "maps" / "corona_de_hierro.tmx"

TILE = 40
WIDTH_TILES, HEIGHT_TILES = 100, 65
WIDTH, HEIGHT = TILE * WIDTH_TILES, TILE * HEIGHT_TILES  # 4000 × 2600

Point = tuple[float, float]

# id, Spanish, English, x, y, region, raid, castle  (§2.1)
CITIES: tuple[tuple[str, str, str, int, int, str, str, str], ...] = (
    ("arles", "Arlés", "Arles", 250, 1690, "Provenza", "saracen", "arles"),
    ("nice", "Niza", "Nice", 1290, 1680, "Provenza", "saracen", ""),
    ("vienne", "Vienne", "Vienne", 300, 820, "Provenza", "", ""),
    ("lyon", "Lyon", "Lyon", 360, 600, "Borgoña", "", ""),
    ("geneve", "Ginebra", "Geneva", 850, 430, "Borgoña", "", ""),
    ("grenoble", "Grenoble", "Grenoble", 680, 940, "Provenza", "", ""),
    ("st_maurice", "San Mauricio de Agauno", "Saint-Maurice d'Agaune", 1190, 420, "Borgoña",
     "", "st_maurice"),
    ("aosta", "Aosta", "Aosta", 1310, 660, "Alpes", "", ""),
    ("ivrea", "Ivrea", "Ivrea", 1540, 790, "Piamonte", "", "ivrea"),
    ("susa", "Susa", "Susa", 1200, 970, "Alpes", "", ""),
    ("torino", "Turín", "Turin", 1460, 1000, "Piamonte", "", ""),
    ("vercelli", "Vercelli", "Vercelli", 1740, 920, "Piamonte", "", ""),
    ("genova", "Génova", "Genoa", 1950, 1330, "Liguria", "saracen", "genova"),
    ("milano", "Milán", "Milan", 2080, 760, "Lombardía", "", ""),
    ("pavia", "Pavia", "Pavia", 2010, 960, "Lombardía", "", "pavia"),
    ("piacenza", "Piacenza", "Piacenza", 2230, 1070, "Lombardía", "", ""),
    ("cremona", "Cremona", "Cremona", 2420, 930, "Lombardía", "", ""),
    ("brescia", "Brescia", "Brescia", 2460, 740, "Lombardía", "", ""),
    ("verona", "Verona", "Verona", 2770, 810, "Véneto", "magyar", "verona"),
    ("treviso", "Treviso", "Treviso", 3260, 690, "Véneto", "magyar", ""),
    ("padova", "Padua", "Padua", 3110, 830, "Véneto", "", ""),
    ("aquileia", "Aquilea", "Aquileia", 3640, 700, "Friuli", "magyar", ""),
    ("cividale", "Cividale del Friuli", "Cividale", 3700, 450, "Friuli", "magyar", "cividale"),
    ("bologna", "Bolonia", "Bologna", 2900, 1290, "Emilia", "", ""),
    ("ravenna", "Rávena", "Ravenna", 3240, 1320, "Romaña", "", "ravenna"),
    ("rimini", "Rímini", "Rimini", 3390, 1510, "Romaña", "", ""),
    ("luni", "Luni", "Luni", 2380, 1500, "Toscana", "saracen", ""),
    ("lucca", "Lucca", "Lucca", 2570, 1620, "Toscana", "", "lucca"),
    ("firenze", "Florencia", "Florence", 2870, 1650, "Toscana", "", ""),
    ("perugia", "Perugia", "Perugia", 3320, 1980, "Umbría", "", ""),
    ("spoleto", "Spoleto", "Spoleto", 3450, 2170, "Umbría", "", "spoleto"),
)

# id, Spanish, English, house, castle_kind, five_players_only, mil, dip, vp, legit  (§2.2)
CASTLES: tuple[tuple[str, str, str, str, str, bool, int, int, int, int], ...] = (
    ("pavia", "Pavia, capital del Reino", "Pavia, royal capital", "", "capital", False,
     5, 0, 3, 3),
    ("arles", "Arlés", "Arles", "Provenza (Luis de Provenza)", "grey", False, 4, 0, 2, 1),
    ("st_maurice", "San Mauricio", "Saint-Maurice", "Borgoña (Rodolfo)", "grey", False,
     4, 0, 2, 1),
    ("cividale", "Cividale", "Cividale", "Friuli (Berengario)", "grey", False, 4, 0, 2, 1),
    ("spoleto", "Spoleto", "Spoleto", "Spoleto (Guido)", "grey", False, 4, 0, 2, 1),
    ("lucca", "Lucca", "Lucca", "Toscana (Adalberto)", "grey", True, 4, 0, 2, 1),
    ("ivrea", "Ivrea", "Ivrea", "", "neutral", False, 4, 4, 2, 1),
    ("genova", "Génova", "Genoa", "", "neutral", False, 4, 3, 2, 1),
    ("verona", "Verona", "Verona", "", "neutral", False, 4, 4, 2, 1),
    ("ravenna", "Rávena", "Ravenna", "", "neutral", False, 4, 3, 2, 1),
)

# §2.3, in the page's order
ROADS_TEXT = """
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
ROADS: tuple[tuple[str, str], ...] = tuple(
    (pair.split()[0], pair.split()[1])
    for line in ROADS_TEXT.strip().splitlines() for pair in line.split(";")
)

# id, Spanish, English, centre x, centre y, width, height, capacity offset  (§2.4)
BOXES: tuple[tuple[str, str, str, int, int, int, int, int], ...] = (
    ("rome", "Roma (el Papa)", "Rome (the Pope)", 3300, 2450, 380, 200, 1),
    ("saracens", "Sarracenos de Fraxineto", "Saracens of Fraxinetum", 800, 2150, 420, 220, -2),
    ("magyars", "Magiares de Panonia", "Magyars of Pannonia", 3620, 170, 560, 220, -2),
)

CASTLE_PLACE_BASE = 100
CENTRE_PLACE_BASE = 200
GEOGRAPHY_AREA_BASE = 10


def prop(parent: ET.Element, name: str, kind: str, value: object) -> None:
    attrs = {"name": name, "value": str(value).lower() if kind == "bool" else str(value)}
    if kind != "string":
        attrs["type"] = kind
    ET.SubElement(parent, "property", attrs)


class Builder:
    """Collects layers and objects, numbering them as Tiled does."""

    def __init__(self) -> None:
        self.root = ET.Element("map", {
            "version": "1.8", "tiledversion": "1.8.2", "orientation": "orthogonal",
            "renderorder": "right-down", "width": str(WIDTH_TILES),
            "height": str(HEIGHT_TILES), "tilewidth": str(TILE), "tileheight": str(TILE),
            "infinite": "0", "backgroundcolor": "#7f98a3",
        })
        props = ET.SubElement(self.root, "properties")
        prop(props, "format_version", "int", 1)
        prop(props, "game", "string", "corona_de_hierro")
        self.next_layer = 1
        self.next_object = 1

    def layer(self, name: str, colour: str) -> ET.Element:
        group = ET.SubElement(self.root, "objectgroup",
                              {"id": str(self.next_layer), "name": name, "color": colour})
        self.next_layer += 1
        return group

    def shape(self, layer: ET.Element, tag: str, points: list[Point], name: str) -> ET.Element:
        origin = points[0]
        obj = self._object(layer, origin, name)
        rel = " ".join(f"{x - origin[0]:.1f},{y - origin[1]:.1f}" for x, y in points)
        ET.SubElement(obj, tag, {"points": rel})
        return obj

    def rectangle(self, layer: ET.Element, x: float, y: float, w: float, h: float,
                  name: str) -> ET.Element:
        obj = self._object(layer, (x, y), name)
        obj.set("width", f"{w:.2f}")
        obj.set("height", f"{h:.2f}")
        return obj

    def point(self, layer: ET.Element, at: Point, name: str) -> ET.Element:
        obj = self._object(layer, at, name)
        ET.SubElement(obj, "point")
        return obj

    def _object(self, layer: ET.Element, at: Point, name: str) -> ET.Element:
        obj = ET.SubElement(layer, "object", {
            "id": str(self.next_object), "name": name, "x": f"{at[0]:.2f}", "y": f"{at[1]:.2f}",
        })
        self.next_object += 1
        return obj

    def write(self, path: Path) -> None:
        self.root.set("nextlayerid", str(self.next_layer))
        self.root.set("nextobjectid", str(self.next_object))
        tree = ET.ElementTree(self.root)
        ET.indent(tree, space=" ")
        path.parent.mkdir(parents=True, exist_ok=True)
        tree.write(path, encoding="UTF-8", xml_declaration=True)
        with path.open("a", encoding="utf-8") as f:
            f.write("\n")


def city_ids() -> dict[str, int]:
    return {c[0]: i for i, c in enumerate(CITIES)}


def city_positions() -> dict[str, Point]:
    return {c[0]: (float(c[3]), float(c[4])) for c in CITIES}


def add_boxes(b: Builder) -> None:
    layer = b.layer("boxes", "#8a5a44")
    for i, (key, es, en, cx, cy, w, h, offset) in enumerate(BOXES):
        obj = b.rectangle(layer, cx - w / 2, cy - h / 2, w, h, key)
        props = ET.SubElement(obj, "properties")
        prop(props, "area_id", "int", i)
        prop(props, "capacity_offset", "int", offset)
        prop(props, "key", "string", key)
        prop(props, "kind", "string", "box")
        prop(props, "label", "string", en)
        prop(props, "name_en", "string", en)
        prop(props, "name_es", "string", es)


def road_points(a: str, b: str) -> list[Point]:
    pos = city_positions()
    return [pos[a], pos[b]]


def add_roads(b: Builder) -> None:
    layer = b.layer("roads", "#6b4a2b")
    ids = city_ids()
    names = {c[0]: c[2] for c in CITIES}
    for i, (u, v) in enumerate(ROADS):
        key = f"{u}-{v}"
        obj = b.shape(layer, "polyline", road_points(u, v), key)
        props = ET.SubElement(obj, "properties")
        prop(props, "a", "string", u)
        prop(props, "b", "string", v)
        prop(props, "ends", "string", f"{ids[u]},{ids[v]}")
        prop(props, "joins", "string", "places")
        prop(props, "key", "string", key)
        prop(props, "kind", "string", "road")
        prop(props, "label", "string", f"{names[u]} – {names[v]}")
        prop(props, "route_id", "int", i)


def add_cities(b: Builder) -> None:
    layer = b.layer("cities", "#2b2b2b")
    for i, (key, es, en, x, y, region, raid, castle) in enumerate(CITIES):
        obj = b.point(layer, (x, y), key)
        props = ET.SubElement(obj, "properties")
        prop(props, "castle", "string", castle)
        prop(props, "key", "string", key)
        prop(props, "kind", "string", "city")
        prop(props, "label", "string", en)
        prop(props, "name_en", "string", en)
        prop(props, "name_es", "string", es)
        prop(props, "place_id", "int", i)
        prop(props, "raid", "string", raid)
        prop(props, "region", "string", region)


def add_castles(b: Builder) -> None:
    layer = b.layer("castles", "#b03a2e")
    pos = city_positions()
    for i, (key, es, en, house, ckind, five, mil, dip, vp, legit) in enumerate(CASTLES):
        obj = b.point(layer, pos[key], key)
        props = ET.SubElement(obj, "properties")
        prop(props, "castle_kind", "string", ckind)
        prop(props, "city", "string", key)
        prop(props, "dip", "int", dip)
        prop(props, "five_players_only", "bool", five)
        prop(props, "house", "string", house)
        prop(props, "key", "string", key)
        prop(props, "kind", "string", "castle")
        prop(props, "label", "string", en)
        prop(props, "legit", "int", legit)
        prop(props, "mil", "int", mil)
        prop(props, "name_en", "string", en)
        prop(props, "name_es", "string", es)
        prop(props, "place_id", "int", CASTLE_PLACE_BASE + i)
        prop(props, "vp", "int", vp)


# -- checks the page promises about the drawing -------------------------------------
def _segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def check_drawing() -> None:
    """Roads never cross, and no city lies within 100 px of a road it is not on (§2.3)."""
    pos = city_positions()
    lines = {(u, v): road_points(u, v) for u, v in ROADS}
    items = list(lines.items())
    for i, ((u1, v1), pts1) in enumerate(items):
        for (u2, v2), pts2 in items[i + 1:]:
            if {u1, v1} & {u2, v2}:
                continue
            for a, b in itertools.pairwise(pts1):
                for c, d in itertools.pairwise(pts2):
                    if _segments_cross(a, b, c, d):
                        raise SystemExit(f"roads {u1}-{v1} and {u2}-{v2} cross")
        for key, p in pos.items():
            if key in (u1, v1):
                continue
            near = min(distance_to_segment(p, a, b) for a, b in itertools.pairwise(pts1))
            if near < 100:
                raise SystemExit(f"{key} lies {near:.0f} px from road {u1}-{v1}")


def main() -> None:
    check_drawing()
    b = Builder()
    add_boxes(b)
    add_roads(b)
    add_cities(b)
    add_castles(b)
    b.write(OUT)
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
