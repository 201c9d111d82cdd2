"""Generate maps/corona_de_hierro.tmx: northern Italy in 887, its cities, castles, roads and boxes.

The committed .tmx is the source of the board's geometry and topology; this
script documents how it was first made and can regenerate it:

    .venv/bin/python build_scripts/make_corona_de_hierro_map.py

Everything here follows the decisions page (`/work/shared/rules/corona_de_hierro.md`
§2) and `maps/README.md`. Canvas 4000×2600 px (100×65 tiles of 40 px), y down.
Every object has a string `key` (the page's slug id), a `kind` and an English
`label`; the Tiled object name is the key too (an attribute, never a custom
property). Layers, bottom to top:

- scenery, only for the eye (the rules never read it): layers "sea" (one
  rectangle), "land" (the mainland and the islands), "relief" (Alps,
  Apennines, Jura, Massif Central), "water" (rivers as ribbons, lakes and
  lagoons): polygons with area_id 10.., kind `sea`, `land`, `island`,
  `mountains`, `river`, `lake` or `lagoon`, `name_es` and `name_en`. They are
  real coastlines and rivers (longitude/latitude written below) projected onto
  the page's city positions (`Projection`: the cities' least-squares affine fit
  plus a smooth correction exact at every city); shores keep 55 px from every
  city. Layer "scenery_spots": a `centre` point inside each of them (place_id
  200..; a winding coast's centroid may fall outside it) and the lettered
  names (kind `label`, place_id 300.., `style` sea/mountains/island/river,
  `angle` in degrees, `name_es`, `name_en`).
- "boxes": the off-map boxes as rectangles, area_id 0..2 in the page's order,
  kind `box`, properties `name_es`, `name_en`, `capacity_offset` (the box holds
  players + capacity_offset emissaries: Rome +1, Saracens and Magyars −2).
- "roads": 49 polylines, route_id 0..48 in the page's order, kind `road`,
  `joins`="places", `ends` = the two cities' place_ids, `a` / `b` their keys
  and key "a-b"; four bend round a coast or a lake (`ROAD_VIA`), the rest are
  straight.
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

from tmx_writer import TmxWriter, prop

from rules.maps import point_in_polygon

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
LABEL_PLACE_BASE = 300


def writer() -> TmxWriter:
    return TmxWriter(
        width_tiles=WIDTH_TILES, height_tiles=HEIGHT_TILES, tile=TILE, background="#7f98a3",
        properties=[("format_version", "int", 1), ("game", "string", "corona_de_hierro")],
        vertex=".1f")


def city_ids() -> dict[str, int]:
    return {c[0]: i for i, c in enumerate(CITIES)}


def city_positions() -> dict[str, Point]:
    return {c[0]: (float(c[3]), float(c[4])) for c in CITIES}


def add_boxes(b: TmxWriter) -> None:
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


# Roads that bend round a coast or a lake: waypoints (longitude, latitude) between the
# two cities, projected like the scenery. Every other road is straight.
ROAD_VIA: dict[tuple[str, str], tuple[Point, ...]] = {
    ("nice", "genova"): ((7.75, 43.88), (8.15, 44.08), (8.50, 44.38), (8.75, 44.47)),
    ("genova", "luni"): ((9.35, 44.36), (9.70, 44.22)),
    ("brescia", "verona"): ((10.62, 45.38),),
    ("ravenna", "rimini"): ((12.29, 44.25),),
}


def road_points(a: str, b: str) -> list[Point]:
    pos = city_positions()
    proj = projection()
    return [pos[a], *(proj(p) for p in ROAD_VIA.get((a, b), ())), pos[b]]


def add_roads(b: TmxWriter) -> None:
    layer = b.layer("roads", "#6b4a2b")
    ids = city_ids()
    names = {c[0]: c[2] for c in CITIES}
    for i, (u, v) in enumerate(ROADS):
        key = f"{u}-{v}"
        obj = b.shape(layer, "polyline", road_points(u, v), name=key)
        props = ET.SubElement(obj, "properties")
        prop(props, "a", "string", u)
        prop(props, "b", "string", v)
        prop(props, "ends", "string", f"{ids[u]},{ids[v]}")
        prop(props, "joins", "string", "places")
        prop(props, "key", "string", key)
        prop(props, "kind", "string", "road")
        prop(props, "label", "string", f"{names[u]} – {names[v]}")
        prop(props, "route_id", "int", i)


def add_cities(b: TmxWriter) -> None:
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


def add_castles(b: TmxWriter) -> None:
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


# -- geography: the scenery under the board --------------------------------------------
# Real longitude/latitude (degrees) of each city; the board is their projection.
LONLAT: dict[str, Point] = {
    "arles": (4.63, 43.68), "nice": (7.27, 43.70), "vienne": (4.87, 45.52),
    "lyon": (4.84, 45.76), "geneve": (6.14, 46.20), "grenoble": (5.72, 45.19),
    "st_maurice": (7.00, 46.22), "aosta": (7.32, 45.74), "ivrea": (7.88, 45.47),
    "susa": (7.05, 45.14), "torino": (7.69, 45.07), "vercelli": (8.42, 45.32),
    "genova": (8.93, 44.41), "milano": (9.19, 45.46), "pavia": (9.16, 45.19),
    "piacenza": (9.69, 45.05), "cremona": (10.02, 45.13), "brescia": (10.21, 45.54),
    "verona": (10.99, 45.44), "treviso": (12.24, 45.67), "padova": (11.88, 45.41),
    "aquileia": (13.37, 45.77), "cividale": (13.43, 46.09), "bologna": (11.34, 44.49),
    "ravenna": (12.20, 44.42), "rimini": (12.57, 44.06), "luni": (10.02, 44.07),
    "lucca": (10.50, 43.84), "firenze": (11.26, 43.77), "perugia": (12.39, 43.11),
    "spoleto": (12.74, 42.73),
}

# The mainland's coast, clockwise from beyond the top left corner: the Gulf of Lion,
# Provence, Liguria, Tuscany and Latium, then round beyond the bottom right to the
# Adriatic coast from the Marche up to Venice, Trieste and Istria.
MAINLAND: tuple[Point, ...] = (
    (2.5, 48.0), (15.0, 48.0), (15.0, 45.35), (14.45, 45.30), (14.20, 45.12),
    (14.07, 45.03), (13.97, 44.85), (13.91, 44.77), (13.84, 44.87), (13.80, 44.92),
    (13.63, 45.08), (13.60, 45.15), (13.59, 45.23), (13.56, 45.32), (13.52, 45.43),
    (13.49, 45.49), (13.57, 45.53), (13.66, 45.54), (13.73, 45.55), (13.76, 45.60),
    (13.77, 45.65), (13.71, 45.70), (13.60, 45.77), (13.53, 45.79), (13.54, 45.72),
    (13.39, 45.68), (13.20, 45.66), (13.13, 45.66), (13.10, 45.64), (13.05, 45.62),
    (12.88, 45.59), (12.76, 45.54), (12.65, 45.49), (12.50, 45.45), (12.43, 45.43),
    (12.38, 45.40), (12.33, 45.33), (12.30, 45.27), (12.29, 45.21), (12.32, 45.14),
    (12.33, 45.07), (12.37, 45.03), (12.55, 44.97), (12.45, 44.88), (12.35, 44.80),
    (12.27, 44.79), (12.26, 44.70), (12.25, 44.67), (12.28, 44.59), (12.28, 44.55),
    (12.30, 44.48), (12.33, 44.37), (12.36, 44.26), (12.40, 44.20), (12.47, 44.15),
    (12.58, 44.07), (12.66, 44.00), (12.75, 43.96), (12.91, 43.91), (13.02, 43.84),
    (13.13, 43.77), (13.22, 43.72), (13.40, 43.63), (13.51, 43.62), (13.62, 43.55),
    (13.62, 43.51), (13.67, 43.43), (13.73, 43.31), (13.80, 43.18), (13.89, 42.95),
    (14.21, 42.47), (14.70, 42.10), (15.50, 41.90), (15.50, 40.50), (13.00, 40.90),
    (12.62, 41.45), (12.29, 41.73), (12.23, 41.77), (12.07, 41.95), (11.85, 42.03),
    (11.79, 42.09), (11.70, 42.21), (11.57, 42.33), (11.28, 42.40), (11.22, 42.43),
    (11.17, 42.37), (11.09, 42.40), (11.12, 42.45), (11.18, 42.48), (11.13, 42.55),
    (11.00, 42.65), (10.88, 42.76), (10.74, 42.81), (10.76, 42.92), (10.52, 42.93),
    (10.49, 43.00), (10.54, 43.10), (10.48, 43.30), (10.41, 43.40), (10.30, 43.55),
    (10.27, 43.68), (10.23, 43.87), (10.17, 43.96), (10.04, 44.03), (9.99, 44.04),
    (9.91, 44.07), (9.83, 44.10), (9.84, 44.05), (9.65, 44.15), (9.61, 44.17),
    (9.39, 44.27), (9.32, 44.31), (9.21, 44.30), (9.15, 44.35), (8.93, 44.40),
    (8.75, 44.42), (8.58, 44.36), (8.48, 44.31), (8.41, 44.20), (8.34, 44.17),
    (8.22, 44.05), (8.17, 44.00), (8.03, 43.88), (7.78, 43.81), (7.67, 43.78),
    (7.60, 43.79), (7.50, 43.77), (7.42, 43.73), (7.33, 43.68), (7.27, 43.69),
    (7.13, 43.55), (7.07, 43.57), (7.01, 43.55), (6.94, 43.50), (6.86, 43.43),
    (6.74, 43.42), (6.64, 43.31), (6.64, 43.27), (6.68, 43.20), (6.53, 43.17),
    (6.36, 43.09), (6.16, 43.10), (6.13, 43.03), (6.07, 43.09), (5.93, 43.10),
    (5.86, 43.05), (5.80, 43.12), (5.61, 43.17), (5.54, 43.21), (5.45, 43.21),
    (5.37, 43.30), (5.31, 43.36), (5.15, 43.33), (5.05, 43.33), (4.94, 43.40),
    (4.82, 43.38), (4.85, 43.33), (4.65, 43.35), (4.58, 43.37), (4.43, 43.45),
    (4.36, 43.47), (4.14, 43.53), (3.93, 43.53), (3.70, 43.40), (3.47, 43.28),
    (3.00, 43.10), (2.50, 43.00),
)

ISLANDS: tuple[tuple[str, str, str, tuple[Point, ...]], ...] = (
    ("corsica", "Córcega", "Corsica", (
        (9.41, 43.01), (9.45, 42.96), (9.47, 42.84), (9.48, 42.77), (9.45, 42.70),
        (9.48, 42.60), (9.53, 42.38), (9.55, 42.10), (9.45, 41.95), (9.40, 41.85),
        (9.30, 41.60), (9.16, 41.39), (8.86, 41.55), (8.90, 41.67), (8.80, 41.71),
        (8.66, 41.74), (8.74, 41.92), (8.69, 42.10), (8.59, 42.13), (8.67, 42.27),
        (8.55, 42.37), (8.65, 42.42), (8.76, 42.57), (8.94, 42.64), (9.10, 42.72),
        (9.30, 42.68), (9.34, 42.78), (9.35, 42.96))),
    ("elba", "Elba", "Elba", (
        (10.10, 42.77), (10.13, 42.82), (10.25, 42.82), (10.33, 42.80), (10.43, 42.83),
        (10.44, 42.75), (10.40, 42.72), (10.30, 42.74), (10.24, 42.73), (10.18, 42.73),
        (10.10, 42.74))),
    ("capraia", "Capraia", "Capraia", ((9.80, 43.05), (9.83, 43.08), (9.86, 43.04),
                                       (9.83, 43.00))),
    ("giglio", "Giglio", "Giglio", ((10.88, 42.35), (10.91, 42.39), (10.94, 42.36),
                                    (10.91, 42.32))),
    ("pianosa", "Pianosa", "Pianosa", ((10.06, 42.58), (10.09, 42.60), (10.11, 42.57),
                                       (10.08, 42.56))),
    ("montecristo", "Montecristo", "Montecristo", ((10.29, 42.33), (10.31, 42.35),
                                                   (10.33, 42.33), (10.31, 42.31))),
    ("porquerolles", "Porquerolles", "Porquerolles", ((6.15, 43.00), (6.20, 43.01),
                                                      (6.25, 43.00), (6.20, 42.98))),
    ("port_cros", "Port-Cros", "Port-Cros", ((6.37, 43.01), (6.42, 43.03),
                                             (6.50, 43.04), (6.44, 43.00))),
)

WATERS: tuple[tuple[str, str, str, str, tuple[Point, ...]], ...] = (
    ("lake", "leman", "Lago Lemán", "Lake Geneva", (
        (6.15, 46.21), (6.24, 46.38), (6.34, 46.46), (6.50, 46.51), (6.63, 46.52),
        (6.84, 46.46), (6.91, 46.43), (6.93, 46.40), (6.86, 46.38), (6.80, 46.39),
        (6.59, 46.40), (6.48, 46.38), (6.33, 46.37), (6.24, 46.30))),
    ("lake", "maggiore", "Lago Mayor", "Lake Maggiore", (
        (8.63, 45.73), (8.56, 45.76), (8.54, 45.88), (8.55, 45.93), (8.70, 46.06),
        (8.79, 46.16), (8.86, 46.15), (8.74, 46.00), (8.62, 45.91), (8.61, 45.81),
        (8.58, 45.77))),
    ("lake", "como", "Lago de Como", "Lake Como", (
        (9.08, 45.81), (9.10, 45.85), (9.20, 45.95), (9.23, 46.02), (9.27, 46.10),
        (9.35, 46.16), (9.38, 46.13), (9.30, 46.05), (9.30, 45.99), (9.38, 45.87),
        (9.41, 45.84), (9.36, 45.84), (9.27, 45.96), (9.22, 45.92), (9.13, 45.84))),
    ("lake", "iseo", "Lago de Iseo", "Lake Iseo", (
        (9.96, 45.67), (10.05, 45.66), (10.11, 45.80), (10.07, 45.81))),
    ("lake", "garda", "Lago de Garda", "Lake Garda", (
        (10.69, 45.44), (10.61, 45.49), (10.54, 45.47), (10.52, 45.60), (10.66, 45.69),
        (10.79, 45.81), (10.84, 45.88), (10.88, 45.87), (10.81, 45.76), (10.71, 45.58),
        (10.73, 45.50))),
    ("lake", "trasimeno", "Lago Trasimeno", "Lake Trasimeno", (
        (12.00, 43.14), (12.05, 43.20), (12.14, 43.21), (12.20, 43.16), (12.17, 43.09),
        (12.08, 43.07))),
    ("lake", "bolsena", "Lago de Bolsena", "Lake Bolsena", (
        (11.86, 42.60), (11.90, 42.65), (11.98, 42.65), (12.02, 42.59), (11.97, 42.54),
        (11.90, 42.55))),
    ("lake", "berre", "Estanque de Berre", "Étang de Berre", (
        (5.03, 43.42), (5.02, 43.50), (5.10, 43.55), (5.22, 43.53), (5.23, 43.46),
        (5.15, 43.43))),
    ("lagoon", "vaccares", "Estanque de Vaccarès", "Étang de Vaccarès", (
        (4.53, 43.52), (4.58, 43.57), (4.66, 43.56), (4.67, 43.50), (4.58, 43.49))),
    ("lagoon", "venezia", "Laguna de Venecia", "Venetian Lagoon", (
        (12.27, 45.47), (12.38, 45.48), (12.47, 45.47), (12.46, 45.46), (12.40, 45.44),
        (12.34, 45.36), (12.31, 45.27), (12.29, 45.22), (12.24, 45.23), (12.19, 45.35),
        (12.22, 45.45))),
    ("lagoon", "grado", "Laguna de Grado", "Lagoon of Grado", (
        (13.05, 45.64), (13.12, 45.70), (13.25, 45.73), (13.40, 45.72), (13.45, 45.69),
        (13.30, 45.68), (13.15, 45.66))),
)

MOUNTAINS: tuple[tuple[str, str, str, tuple[Point, ...]], ...] = (
    ("alps", "Alpes", "Alps", (
        (7.52, 43.80), (7.70, 43.95), (7.85, 44.10), (7.95, 44.25), (7.75, 44.38),
        (7.45, 44.45), (7.35, 44.65), (7.30, 44.90), (7.42, 45.02), (7.45, 45.20),
        (7.55, 45.35), (7.75, 45.52), (8.00, 45.62), (8.30, 45.72), (8.55, 45.80),
        (8.85, 45.85), (9.10, 45.86), (9.40, 45.83), (9.70, 45.76), (10.00, 45.70),
        (10.25, 45.63), (10.50, 45.64), (10.75, 45.62), (11.00, 45.57), (11.30, 45.65),
        (11.60, 45.76), (11.90, 45.82), (12.20, 45.92), (12.50, 46.02), (12.80, 46.12),
        (13.10, 46.22), (13.35, 46.19), (13.55, 46.05), (13.70, 45.90), (13.85, 45.75),
        (14.5, 45.75), (14.5, 47.5), (7.5, 47.5), (7.5, 46.75), (7.00, 46.55),
        (6.95, 46.40), (6.70, 46.36), (6.45, 46.30), (6.30, 46.17), (6.10, 45.95),
        (5.90, 45.65), (5.75, 45.35), (5.55, 45.10), (5.40, 44.80), (5.30, 44.50),
        (5.25, 44.20), (5.50, 43.95), (5.90, 43.85), (6.40, 43.75), (6.80, 43.62),
        (7.05, 43.68), (7.20, 43.78), (7.35, 43.79))),
    ("apennines", "Apeninos", "Apennines", (
        (7.95, 44.25), (8.20, 44.45), (8.50, 44.58), (8.85, 44.62), (9.15, 44.75),
        (9.50, 44.82), (9.85, 44.78), (10.20, 44.68), (10.55, 44.58), (10.90, 44.45),
        (11.25, 44.40), (11.60, 44.30), (11.95, 44.16), (12.25, 44.00), (12.50, 43.85),
        (12.75, 43.70), (13.05, 43.45), (13.35, 43.15), (13.60, 42.85), (13.90, 42.50),
        (14.30, 42.00), (14.00, 41.50), (13.20, 41.60), (12.95, 42.00), (12.85, 42.35),
        (12.85, 42.68), (12.70, 42.95), (12.52, 43.25), (12.45, 43.40), (12.30, 43.55),
        (12.05, 43.75), (11.70, 43.88), (11.35, 43.98), (11.00, 44.05), (10.60, 44.12),
        (10.35, 44.20), (10.05, 44.30), (9.75, 44.35), (9.45, 44.40), (9.15, 44.46),
        (8.90, 44.48), (8.60, 44.42), (8.35, 44.30), (8.10, 44.18))),
    ("jura", "Jura", "Jura", (
        (5.30, 46.00), (5.65, 45.75), (5.90, 45.95), (6.10, 46.25), (6.35, 46.50),
        (6.80, 46.85), (7.20, 47.20), (6.00, 47.30), (5.40, 46.70))),
    ("massif_central", "Macizo Central", "Massif Central", (
        (3.00, 43.80), (3.90, 43.95), (4.30, 44.30), (4.60, 44.90), (4.62, 45.40),
        (4.50, 45.85), (4.20, 46.30), (3.00, 46.50))),
)

# Rivers: a centre line from source to mouth (the mouth reaching into the sea or the
# river it joins), drawn as a ribbon whose width grows from `w0` to `w1` px.
RIVERS: tuple[tuple[str, str, str, float, float, tuple[Point, ...]], ...] = (
    ("po", "Po", "Po", 3.6, 12.0, (
        (7.09, 44.70), (7.39, 44.65), (7.72, 44.85), (7.68, 44.99), (7.70, 45.07),
        (7.89, 45.19), (8.10, 45.19), (8.45, 45.13), (8.64, 45.02), (9.00, 45.08),
        (9.27, 45.13), (9.70, 45.07), (10.02, 45.11), (10.42, 44.99), (10.75, 45.05),
        (11.13, 45.07), (11.60, 44.89), (11.89, 44.98), (12.25, 44.95), (12.62, 44.97))),
    ("ticino", "Tesino", "Ticino", 3.0, 5.4, (
        (8.63, 45.73), (8.74, 45.53), (8.87, 45.32), (9.16, 45.18), (9.27, 45.13))),
    ("adda", "Adda", "Adda", 3.0, 5.4, (
        (9.40, 45.85), (9.52, 45.61), (9.50, 45.31), (9.79, 45.19), (9.88, 45.11))),
    ("oglio", "Oglio", "Oglio", 2.4, 4.8, (
        (10.00, 45.66), (9.89, 45.58), (9.87, 45.40), (10.25, 45.22), (10.60, 45.02))),
    ("mincio", "Mincio", "Mincio", 2.4, 4.2, (
        (10.70, 45.44), (10.75, 45.30), (10.79, 45.16), (10.98, 45.06))),
    ("adige", "Adigio", "Adige", 3.6, 8.4, (
        (11.35, 46.55), (11.12, 46.07), (11.04, 45.89), (10.90, 45.62), (10.99, 45.44),
        (11.31, 45.19), (11.90, 45.10), (12.36, 45.16))),
    ("tanaro", "Tanaro", "Tanaro", 2.4, 5.4, (
        (7.85, 44.30), (8.03, 44.70), (8.21, 44.90), (8.61, 44.91), (8.75, 45.03))),
    ("dora_baltea", "Dora Baltea", "Dora Baltea", 2.4, 4.8, (
        (6.95, 45.80), (7.32, 45.74), (7.80, 45.60), (7.88, 45.47), (8.05, 45.19))),
    ("dora_riparia", "Dora Riparia", "Dora Riparia", 2.4, 4.2, (
        (6.75, 45.00), (7.05, 45.14), (7.39, 45.08), (7.70, 45.08))),
    ("sesia", "Sesia", "Sesia", 2.4, 4.2, (
        (8.00, 45.90), (8.26, 45.82), (8.42, 45.32), (8.55, 45.10))),
    ("trebbia", "Trebbia", "Trebbia", 1.8, 3.6, (
        (9.20, 44.55), (9.39, 44.77), (9.62, 45.07))),
    ("reno", "Reno", "Reno", 2.4, 4.8, (
        (11.00, 44.10), (11.22, 44.35), (11.30, 44.52), (11.60, 44.65), (12.00, 44.60),
        (12.33, 44.59))),
    ("brenta", "Brenta", "Brenta", 2.4, 4.8, (
        (11.40, 46.00), (11.73, 45.77), (11.85, 45.50), (11.95, 45.40), (12.20, 45.28),
        (12.34, 45.17))),
    ("piave", "Piave", "Piave", 2.4, 5.4, (
        (12.40, 46.50), (12.22, 46.14), (12.20, 45.83), (12.50, 45.65), (12.74, 45.52))),
    ("tagliamento", "Tagliamento", "Tagliamento", 2.4, 5.4, (
        (12.70, 46.40), (12.95, 46.35), (12.97, 46.00), (13.00, 45.80), (13.12, 45.62))),
    ("isonzo", "Isonzo", "Isonzo", 2.4, 4.8, (
        (13.60, 46.35), (13.62, 45.94), (13.54, 45.70))),
    ("arno", "Arno", "Arno", 2.4, 6.6, (
        (11.70, 43.85), (11.85, 43.50), (11.55, 43.70), (11.26, 43.77), (10.95, 43.72),
        (10.40, 43.72), (10.24, 43.68))),
    ("tevere", "Tíber", "Tiber", 2.4, 7.8, (
        (12.05, 43.78), (12.14, 43.57), (12.24, 43.46), (12.33, 43.31), (12.42, 43.08),
        (12.41, 42.78), (12.39, 42.46), (12.50, 42.15), (12.47, 41.90), (12.25, 41.72))),
    ("rhone", "Ródano", "Rhône", 3.6, 12.0, (
        (8.00, 46.45), (7.36, 46.23), (7.07, 46.10), (7.00, 46.22), (6.91, 46.41),
        (6.60, 46.45), (6.14, 46.20), (5.80, 46.10), (5.83, 45.96), (5.60, 45.75),
        (5.10, 45.78), (4.84, 45.76), (4.87, 45.52), (4.89, 44.93), (4.72, 44.56),
        (4.81, 43.95), (4.63, 43.68), (4.75, 43.50), (4.84, 43.28))),
    ("saone", "Saona", "Saône", 3.0, 7.2, (
        (4.90, 47.20), (4.85, 46.60), (4.83, 46.30), (4.82, 45.76))),
    ("isere", "Isère", "Isère", 3.0, 6.6, (
        (6.90, 45.60), (6.39, 45.67), (6.00, 45.45), (5.72, 45.19), (5.05, 45.04),
        (4.86, 44.99))),
    ("durance", "Durance", "Durance", 3.0, 6.6, (
        (6.64, 44.90), (6.50, 44.56), (5.94, 44.20), (5.78, 43.83), (5.04, 43.84),
        (4.80, 43.92))),
    ("var", "Var", "Var", 1.8, 4.2, ((6.90, 44.20), (7.05, 43.95), (7.20, 43.64))),
)

# Names lettered on the scenery (kind `label`): style sea / region / mountains / island.
LABELS: tuple[tuple[str, str, str, str, Point, float], ...] = (
    ("sea", "gulf_of_lion", "Golfo de León", "Gulf of Lion", (5.24, 43.08), 0.0),
    ("sea", "ligurian_sea", "Mar de Liguria", "Ligurian Sea", (8.60, 43.55), -12.0),
    ("sea", "tyrrhenian_sea", "Mar Tirreno", "Tyrrhenian Sea", (10.45, 42.35), -25.0),
    ("sea", "adriatic_sea", "Mar Adriático", "Adriatic Sea", (13.05, 44.45), -40.0),
    ("mountains", "alps_label", "Alpes", "Alps", (9.60, 46.40), 0.0),
    ("mountains", "apennines_label", "Apeninos", "Apennines", (11.55, 44.05), -25.0),
    ("island", "corsica_label", "Córcega", "Corsica", (9.10, 42.25), -70.0),
    ("river", "po_label", "Po", "Po", (10.55, 45.07), 0.0),
    ("river", "rhone_label", "Ródano", "Rhône", (4.80, 44.40), -80.0),
)

SIGMA = 0.35
"""Reach (degrees) of the warp that moves the real geography onto the page's spread
city positions: a city moves the land within about this distance along with it."""
COAST_CLEARANCE = 55.0
"""No shore comes closer than this to a city (px): the city's marker stays on land."""


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gauss-Jordan elimination with partial pivoting."""
    n = len(matrix)
    m = [[*row, v] for row, v in zip(matrix, rhs, strict=True)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(n):
            if r != i and m[r][i] != 0.0:
                f = m[r][i] / m[i][i]
                for k in range(i, n + 1):
                    m[r][k] -= f * m[i][k]
    return [m[i][n] / m[i][i] for i in range(n)]


class Projection:
    """Longitude/latitude to board pixels: the least-squares affine map of the cities'
    real positions onto the page's, plus a smooth Gaussian correction that is exact at
    every city (so the coast stays where it is relative to each coastal city)."""

    def __init__(self) -> None:
        keys = [c[0] for c in CITIES]
        src = [LONLAT[k] for k in keys]
        dst = [city_positions()[k] for k in keys]
        rows = [[1.0, lon, lat] for lon, lat in src]
        self.affine: list[list[float]] = []
        for comp in (0, 1):
            ata = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
            atb = [sum(r[i] * d[comp] for r, d in zip(rows, dst, strict=True)) for i in range(3)]
            self.affine.append(_solve(ata, atb))
        self.centres = src
        kernel = [[self._k(a, b) + (1e-6 if a is b else 0.0) for b in src] for a in src]
        residual = [
            [d[comp] - self._affine(s)[comp] for s, d in zip(src, dst, strict=True)]
            for comp in (0, 1)
        ]
        self.weights = [_solve(kernel, residual[0]), _solve(kernel, residual[1])]

    @staticmethod
    def _k(a: Point, b: Point) -> float:
        dx = (a[0] - b[0]) * math.cos(math.radians(45.0))
        dy = a[1] - b[1]
        return math.exp(-(dx * dx + dy * dy) / (SIGMA * SIGMA))

    def _affine(self, p: Point) -> Point:
        (a0, a1, a2), (b0, b1, b2) = self.affine
        return (a0 + a1 * p[0] + a2 * p[1], b0 + b1 * p[0] + b2 * p[1])

    def __call__(self, p: Point) -> Point:
        x, y = self._affine(p)
        for c, wx, wy in zip(self.centres, self.weights[0], self.weights[1], strict=True):
            k = self._k(p, c)
            x += wx * k
            y += wy * k
        return (x, y)


def densify(points: list[Point], step: float) -> list[Point]:
    """Insert points so no edge of the closed ring is longer than `step` px."""
    out: list[Point] = []
    n = len(points)
    for i in range(n):
        a, b = points[i], points[(i + 1) % n]
        parts = max(1, math.ceil(math.dist(a, b) / step))
        out += [(a[0] + (b[0] - a[0]) * t / parts, a[1] + (b[1] - a[1]) * t / parts)
                for t in range(parts)]
    return out


def clear_of_cities(points: list[Point], clearance: float) -> list[Point]:
    """Push every vertex closer than `clearance` to a city out to that distance."""
    cities = list(city_positions().values())
    out = []
    for x, y in points:
        for cx, cy in cities:
            d = math.hypot(x - cx, y - cy)
            if 1e-6 < d < clearance:
                x, y = cx + (x - cx) * clearance / d, cy + (y - cy) * clearance / d
        out.append((x, y))
    return out


def clip(points: list[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """Sutherland-Hodgman clipping of a closed ring to a rectangle."""
    x0, y0, x1, y1 = box
    edges = (
        (lambda p: p[0] >= x0, lambda a, b: _at_x(a, b, x0)),
        (lambda p: p[0] <= x1, lambda a, b: _at_x(a, b, x1)),
        (lambda p: p[1] >= y0, lambda a, b: _at_y(a, b, y0)),
        (lambda p: p[1] <= y1, lambda a, b: _at_y(a, b, y1)),
    )
    out = points
    for inside, cut in edges:
        src, out = out, []
        for i, cur in enumerate(src):
            prev = src[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cut(prev, cur))
        if not out:
            return []
    return simplify(out)


def _at_x(a: Point, b: Point, x: float) -> Point:
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def _at_y(a: Point, b: Point, y: float) -> Point:
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)


def simplify(points: list[Point], tolerance: float = 0.6) -> list[Point]:
    """Drop repeated points and points lying on the straight line through their neighbours."""
    out: list[Point] = []
    for p in points:
        if not out or math.dist(out[-1], p) > 0.5:
            out.append(p)
    changed = True
    while changed and len(out) > 3:
        changed = False
        for i in range(len(out)):
            a, b, c = out[i - 1], out[i], out[(i + 1) % len(out)]
            if distance_to_segment(b, a, c) < tolerance:
                del out[i]
                changed = True
                break
    return out


def ribbon(line: list[Point], w0: float, w1: float) -> list[Point]:
    """A closed polygon around a polyline, `w0` px wide at its start and `w1` at its end."""
    length = [0.0]
    for a, b in itertools.pairwise(line):
        length.append(length[-1] + math.dist(a, b))
    total = length[-1] or 1.0
    left: list[Point] = []
    right: list[Point] = []
    for i, (x, y) in enumerate(line):
        a = line[max(0, i - 1)]
        b = line[min(len(line) - 1, i + 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / norm, dx / norm
        half = (w0 + (w1 - w0) * length[i] / total) / 2
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    return left + right[::-1]


def smooth_line(points: list[Point], rounds: int = 2) -> list[Point]:
    """Chaikin corner cutting, keeping both ends: a hand-drawn river's curves."""
    for _ in range(rounds):
        out = [points[0]]
        for a, b in itertools.pairwise(points):
            out.append((0.75 * a[0] + 0.25 * b[0], 0.75 * a[1] + 0.25 * b[1]))
            out.append((0.25 * a[0] + 0.75 * b[0], 0.25 * a[1] + 0.75 * b[1]))
        out.append(points[-1])
        points = out
    return points


def ashore(line: list[Point], land: list[list[Point]]) -> list[Point]:
    """A river's centre line up to where it first reaches the sea (its mouth on the coast,
    found by halving the step that leaves the land), so no river runs out over the water."""

    def on_land(p: Point) -> bool:
        return any(point_in_polygon(p, tuple(poly)) for poly in land)

    out = [line[0]]
    for a, b in itertools.pairwise(line):
        if on_land(b):
            out.append(b)
            continue
        lo, hi = a, b
        for _ in range(20):
            mid = ((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2)
            lo, hi = (mid, hi) if on_land(mid) else (lo, mid)
        out.append(hi)  # just past the shore, under the coast's ink line
        break
    return out


def inner_point(polygon: list[Point]) -> Point:
    """A point well inside the polygon (the grid point farthest from its edges)."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    best, best_d = polygon[0], -1.0
    steps = 40
    poly = tuple(polygon)
    for i in range(1, steps):
        for j in range(1, steps):
            p = (min(xs) + (max(xs) - min(xs)) * i / steps,
                 min(ys) + (max(ys) - min(ys)) * j / steps)
            if not point_in_polygon(p, poly):
                continue
            d = min(distance_to_segment(p, polygon[k - 1], polygon[k])
                    for k in range(len(polygon)))
            if d > best_d:
                best, best_d = p, d
    return best


CANVAS = (0.0, 0.0, float(WIDTH), float(HEIGHT))
_PROJECTION: list[Projection] = []


def projection() -> Projection:
    if not _PROJECTION:
        _PROJECTION.append(Projection())
    return _PROJECTION[0]


def geography() -> list[tuple[str, str, str, str, list[Point]]]:
    """Every scenery polygon as (layer, kind, key, English label, points), bottom to top."""
    proj = projection()
    shapes: list[tuple[str, str, str, str, list[Point]]] = [
        ("sea", "sea", "sea", "Sea", [(0.0, 0.0), (WIDTH, 0.0), (WIDTH, HEIGHT), (0.0, HEIGHT)]),
    ]

    def coast(ring: tuple[Point, ...]) -> list[Point]:
        px = densify([proj(p) for p in ring], 25.0)
        return clip(clear_of_cities(px, COAST_CLEARANCE), CANVAS)

    shapes.append(("land", "land", "mainland", "Mainland", coast(MAINLAND)))
    for key, _es, en, ring in ISLANDS:
        poly = coast(ring)
        if len(poly) >= 3:
            shapes.append(("land", "island", key, en, poly))
    for key, _es, en, ring in MOUNTAINS:
        poly = clip([proj(p) for p in ring], CANVAS)
        shapes.append(("relief", "mountains", key, en, poly))
    land = [poly for layer, _k, _key, _en, poly in shapes if layer == "land"]
    for key, _es, en, w0, w1, line in RIVERS:
        centre = ashore(smooth_line([proj(p) for p in line]), land)
        poly = clip(ribbon(centre, w0, w1), CANVAS)
        if len(poly) >= 3:
            shapes.append(("water", "river", key, en, poly))
    for kind, key, _es, en, ring in WATERS:
        shapes.append(("water", kind, key, en, coast(ring)))
    return shapes


def spanish_names() -> dict[str, str]:
    names = {key: es for key, es, _en, _r in ISLANDS}
    names.update({key: es for _k, key, es, _en, _r in WATERS})
    names.update({key: es for key, es, _en, _r in MOUNTAINS})
    names.update({key: es for key, es, _en, _a, _b, _l in RIVERS})
    names.update({"sea": "Mar", "mainland": "Tierra firme"})
    return names


def add_geography(b: TmxWriter) -> None:
    colours = {"sea": "#7f98a3", "land": "#e3d3a4", "relief": "#9c8261", "water": "#6f8c99"}
    layers: dict[str, ET.Element] = {}
    es = spanish_names()
    area_id = GEOGRAPHY_AREA_BASE
    centre_id = CENTRE_PLACE_BASE
    centres = []
    for layer_name, kind, key, en, points in geography():
        if layer_name not in layers:
            layers[layer_name] = b.layer(layer_name, colours[layer_name])
        obj = b.shape(layers[layer_name], "polygon", points, name=key)
        props = ET.SubElement(obj, "properties")
        prop(props, "area_id", "int", area_id)
        prop(props, "key", "string", key)
        prop(props, "kind", "string", kind)
        prop(props, "label", "string", en)
        prop(props, "name_en", "string", en)
        prop(props, "name_es", "string", es[key])
        centres.append((area_id, key, en, inner_point(points)))
        area_id += 1
    layer = b.layer("scenery_spots", "#3a2a1a")
    for area, key, en, at in centres:
        obj = b.point(layer, at, f"{key}_centre")
        props = ET.SubElement(obj, "properties")
        prop(props, "in_area", "int", area)
        prop(props, "key", "string", f"{key}_centre")
        prop(props, "kind", "string", "centre")
        prop(props, "label", "string", f"centre of {en}")
        prop(props, "place_id", "int", centre_id)
        centre_id += 1
    proj = projection()
    for i, (style, key, name_es, name_en, at, angle) in enumerate(LABELS):
        obj = b.point(layer, proj(at), key)
        props = ET.SubElement(obj, "properties")
        prop(props, "angle", "float", angle)
        prop(props, "key", "string", key)
        prop(props, "kind", "string", "label")
        prop(props, "label", "string", name_en)
        prop(props, "name_en", "string", name_en)
        prop(props, "name_es", "string", name_es)
        prop(props, "place_id", "int", LABEL_PLACE_BASE + i)
        prop(props, "style", "string", style)


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


def check_scenery() -> None:
    """Every city stands on land, and every road runs over land and through no lake."""
    shapes = geography()
    land = [tuple(p) for layer, _k, _key, _en, p in shapes if layer == "land"]
    water = [(key, tuple(p)) for _l, kind, key, _en, p in shapes if kind in ("lake", "lagoon")]
    for key, p in city_positions().items():
        if not any(point_in_polygon(p, poly) for poly in land):
            raise SystemExit(f"{key} stands in the sea")
        for lake, poly in water:
            if point_in_polygon(p, poly):
                raise SystemExit(f"{key} stands in {lake}")
    for u, v in ROADS:
        for a, b in itertools.pairwise(road_points(u, v)):
            steps = max(1, int(math.dist(a, b) / 5))
            for i in range(steps + 1):
                q = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
                if not any(point_in_polygon(q, poly) for poly in land):
                    raise SystemExit(f"road {u}-{v} runs into the sea at {q}")
                for lake, poly in water:
                    if point_in_polygon(q, poly):
                        raise SystemExit(f"road {u}-{v} runs through {lake} at {q}")


def main() -> None:
    check_drawing()
    check_scenery()
    b = writer()
    add_geography(b)
    add_boxes(b)
    add_roads(b)
    add_cities(b)
    add_castles(b)
    b.write(OUT)
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
