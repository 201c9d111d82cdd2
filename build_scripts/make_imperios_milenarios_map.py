"""Generate maps/imperios_milenarios.tmx: the ancient world of Imperios Milenarios, 60 areas.

The committed .tmx is the source of the board's geometry and topology; this
script documents how it was made and regenerates it:

    .venv/bin/python build_scripts/make_imperios_milenarios_map.py [--png out.png]

Sources: the area table and conventions of ../shared/rules/imperios_milenarios.md
§2 (copied below as AREAS, ids 0..59 in the table's order), and coastlines
traced here by hand in longitude/latitude (COAST) and projected with §2.1's
formula  x = 40 + 40·(lon + 10),  y = 100 + 52·(50 − lat).  Straits too narrow
to see at this scale (Messina, the Dardanelles and Bosporus, Gibraltar, the
gulfs of Corinth and Aqaba) are widened for legibility.

How the shapes are made, on a raster of CELL-pixel cells:
1. Water is the union of the WATER polygons minus the playable islands
   (Sicilia, Crete and the Kythera land strip that joins Minos to Esparta,
   §2.1); every other cell is land.  Lakes (Caspian, Aral) are their own cells.
2. Every land cell goes to a land area or to a piece of the world beyond play
   ("wild", e.g. Germania, the Sahara), every water cell to a sea area or to
   the outer ocean: a geodesic Voronoi partition grown from SEEDS (each area's
   table centre plus extra points that shape it), so each piece is connected.
3. The borders between pieces are traced as chains between junctions, each
   chain smoothed once and shared by both sides, so neighbours meet exactly.
   A short border between two areas the table does not make neighbours is
   contracted to a point (four areas meeting at a corner).
4. The geometric neighbours are checked against the table: every table pair
   shares a border (or a drawn crossing, the Bosporus for Tracia–Troya) and
   no other pair of areas does; the script fails otherwise.

Layers of the .tmx:
- "seas" and "lands": the 60 area polygons.  Properties: area_id (int),
  key (the §2.2 slug), kind ("land"/"sea"), label (English name), name_es,
  name_en, half ("P", "N" or "both"), capital_site (bool: shaded capital
  site), city_level (int, 0 if none), settlement_vp (int, 0 if none),
  adjacent (the table's neighbours as area ids), and on esparta/minos
  land_strip (int: the area across the Kythera strip).
- "beyond": pieces of the map outside play, area_id 100+: kind "wild" (land
  beyond the known world, with a name to letter), "ocean" (outer sea),
  "lake".  They have no neighbours and no rules meaning.
- "islands": islands drawn over the seas they lie in (Sardinia, Cyprus, ...),
  area_id 200+, kind "island"; clicking one is clicking its sea.
- "centres": one point per area and per named piece, kind "centre": where its
  name and icon go (the table's x, y, nudged only where the coast demands).
- "lines": the Bosporus crossing (a route, kind "strait", joining Tracia and
  Troya) and the dotted line between Poniente and Naciente (a route of kind
  "half_line" joining its two end places, kind "half_line_end"; it joins no
  areas).  The line's points are also the map property half_line.

Only areas of kind land/sea are the game's; every other object is scenery.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import math
import os
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from tmx_writer import TmxWriter, prop

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "maps" / "imperios_milenarios.tmx"

WIDTH, HEIGHT = 4000, 2400
TILE = 32
CELL = 8
COLS, ROWS = WIDTH // CELL, HEIGHT // CELL
HALF_LINE = ((2120, 0), (2120, 700), (1960, 820), (1960, 2400))
MIN_BORDER = 12.0  # px of shared border that makes two areas neighbours on the drawing
CONTRACT = 6 * CELL  # longest stray border contracted to a corner
STAIR = 0.55 * CELL  # how far a smoothed border may leave the cell edges

Point = tuple[float, float]


def project(lon: float, lat: float) -> Point:
    """§2.1: x ≈ 40 + 40·(longitude + 10°), y ≈ 100 + 52·(50° − latitude)."""
    return (40 + 40 * (lon + 10), 100 + 52 * (50 - lat))


# -- the table of §2.2 ----------------------------------------------------------------
# key, Nombre, English, kind, shaded, city, settlement VP, half, x, y, neighbours
AREAS: tuple[tuple[str, str, str, str, bool, int, int, str, int, int, str], ...] = (
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
     "libia cirenaica magna_grecia sicilia mar_tirreno canal_sicilia mar_adriatico macedonia "
     "esparta minos mar_libico"),
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
     "mar_rojo saba mar_arabigo"),
)
KEYS = [a[0] for a in AREAS]
INDEX = {k: i for i, k in enumerate(KEYS)}
LAND_STRIP = ("esparta", "minos")
CROSSINGS = {("tracia", "troya"): ((28.75, 41.45), (29.55, 40.95))}  # drawn over the Bosporus
# Label positions moved off the table's x, y because the coast leaves no room there.
CENTRE_NUDGE: dict[str, Point] = {
    "oceano": (240, 334),
    "atenas": (1380, 700),
}

# -- the world beyond play ----------------------------------------------------------
# key, kind, Nombre, English, seeds (lon, lat); the first seed is where the name goes.
BEYOND: tuple[tuple[str, str, str, str, tuple[Point, ...]], ...] = (
    ("germania", "wild", "Germania", "Germania", ((9.0, 50.6), (3.5, 50.6), (14.0, 49.5))),
    ("recia", "wild", "Recia", "Raetia", ((10.5, 47.3), (13.5, 47.5))),
    ("panonia", "wild", "Panonia", "Pannonia", ((18.5, 46.6), (16.0, 46.4))),
    ("iliria", "wild", "Iliria", "Illyria", ((18.3, 43.6), (16.6, 44.5), (20.2, 42.8))),
    ("dacia", "wild", "Dacia", "Dacia", ((24.5, 45.6), (22.0, 44.7), (27.5, 46.8))),
    ("escitia", "wild", "Escitia", "Scythia", ((34.5, 48.0), (30.0, 48.3), (36.0, 46.0))),
    ("sarmacia", "wild", "Sarmacia", "Sarmatia", ((43.0, 46.0), (39.5, 47.0), (46.0, 45.0))),
    ("corasmia", "wild", "Corasmia", "Chorasmia", ((60.0, 41.5), (56.0, 44.0), (63.5, 43.0))),
    ("sogdiana", "wild", "Sogdiana", "Sogdiana", ((69.0, 41.5), (73.0, 43.0), (66.0, 40.5),
                                                   (62.5, 46.0), (64.0, 44.5))),
    ("serica", "wild", "Sérica", "Serica", ((80.0, 43.5), (84.0, 47.0), (86.0, 39.0))),
    ("himalaya", "wild", "Himalaya", "Himalaya", ((84.5, 31.5), (80.0, 33.5), (88.0, 29.5))),
    ("bengala", "wild", "Bengala", "Bengal", ((89.0, 25.5),)),
    ("mauretania", "wild", "Mauretania", "Mauretania", ((-8.5, 30.5), (-9.5, 28.6))),
    ("sahara", "wild", "Sáhara", "Sahara", ((5.0, 27.0), (-3.0, 30.0), (14.0, 27.0),
                                           (-8.0, 25.0), (20.0, 24.0))),
    ("marmarica", "wild", "Marmárica", "Marmarica", ((25.5, 29.5), (24.5, 31.2),
                                                    (26.5, 26.5), (27.5, 30.8))),
    ("etiopia", "wild", "Etiopía", "Aethiopia", ((37.0, 10.0), (33.0, 12.0), (40.5, 12.5),
                                                 (29.0, 15.0), (26.0, 20.0), (45.0, 8.5))),
    ("oceano_indico", "ocean", "Océano Índico", "Indian Ocean", ((75.0, 8.0), (86.0, 17.0),
                                                                (87.0, 8.0))),
    ("mar_caspio", "lake", "Mar Caspio", "Caspian Sea", ((51.0, 41.5),)),
    ("mar_aral", "lake", "Mar de Aral", "Aral Sea", ((59.8, 45.0),)),
)

# -- coastlines, traced by hand (lon, lat) -------------------------------------------------
# Every water body as a polygon; they may overlap (water is their union).
ATLANTIC = (
    (-13.0, 54.0), (3.5, 54.0), (2.6, 51.1), (1.85, 50.95), (1.6, 50.7), (1.6, 50.2),
    (1.1, 49.92), (0.1, 49.5), (-0.3, 49.32), (-1.2, 49.37), (-1.3, 49.65), (-1.85, 49.7),
    (-1.6, 49.2), (-1.5, 48.65), (-2.0, 48.65), (-3.0, 48.82), (-4.0, 48.72), (-4.75, 48.45),
    (-4.3, 48.1), (-4.75, 48.0), (-4.2, 47.8), (-3.4, 47.7), (-2.7, 47.5), (-2.2, 47.25),
    (-2.05, 46.8), (-1.5, 46.4), (-1.15, 46.15), (-1.25, 45.7), (-1.1, 45.5), (-1.25, 44.65),
    (-1.45, 43.6), (-1.8, 43.37), (-2.9, 43.4), (-3.8, 43.47), (-4.8, 43.42), (-5.65, 43.57),
    (-5.85, 43.66), (-7.0, 43.57), (-7.7, 43.79), (-8.4, 43.4), (-9.25, 43.15), (-9.3, 42.88),
    (-8.85, 42.4), (-8.8, 42.1), (-8.87, 41.87), (-8.66, 41.15), (-8.75, 40.64), (-8.87, 40.15),
    (-9.08, 39.6), (-9.35, 39.36), (-9.5, 38.78), (-9.15, 38.66), (-8.9, 38.5), (-8.8, 38.1),
    (-8.86, 37.9), (-8.8, 37.4), (-8.98, 37.02), (-8.7, 37.1), (-7.95, 36.98), (-7.4, 37.17),
    (-6.95, 37.2), (-6.4, 36.8), (-6.3, 36.53), (-6.05, 36.18), (-5.65, 36.0),
    (-5.3, 36.0), (-5.35, 35.75), (-5.92, 35.79), (-6.15, 35.2), (-6.6, 34.3), (-6.85, 34.0),
    (-7.6, 33.6), (-8.5, 33.25), (-9.25, 32.4), (-9.8, 31.45), (-9.85, 30.62),
    (-9.6, 30.4), (-9.85, 29.4), (-10.6, 28.8), (-11.5, 28.3), (-13.0, 27.8),
)
MEDITERRANEAN = (
    (-5.6, 36.1), (-5.3, 36.2), (-4.4, 36.7), (-3.5, 36.72), (-2.46, 36.83), (-2.1, 36.72),
    (-1.6, 37.25), (-0.98, 37.58), (-0.7, 37.63), (-0.75, 38.0), (-0.48, 38.34),
    (0.23, 38.73), (-0.33, 39.45), (0.0, 39.9), (0.87, 40.7), (1.25, 41.1), (2.17, 41.38),
    (3.2, 41.9), (3.32, 42.32), (3.05, 42.55), (3.05, 43.0), (3.3, 43.27), (3.9, 43.5),
    (4.6, 43.4), (4.9, 43.35), (5.35, 43.3), (5.95, 43.1), (6.6, 43.18), (7.3, 43.7),
    (8.0, 43.9), (8.9, 44.42), (9.85, 44.07), (10.25, 43.6), (10.5, 42.95), (11.1, 42.4),
    (11.75, 42.05), (12.3, 41.74), (12.6, 41.45), (13.55, 41.22), (14.0, 40.95),
    (14.25, 40.83), (14.35, 40.6), (14.75, 40.65), (14.95, 40.25), (15.6, 40.05),
    (15.85, 39.6), (16.05, 39.05), (16.2, 38.75), (16.0, 38.65), (15.95, 38.25),
    (15.9, 37.95), (16.1, 37.9), (16.5, 38.35), (16.6, 38.8), (17.15, 38.95), (17.1, 39.25),
    (16.8, 39.55), (16.6, 39.75), (16.9, 40.3), (17.25, 40.45), (17.9, 40.2), (18.05, 39.95),
    (18.35, 39.8), (18.5, 40.15), (17.95, 40.65), (17.3, 40.95), (16.85, 41.13), (16.2, 41.35),
    (15.9, 41.55), (16.2, 41.9), (15.9, 41.95), (15.2, 41.95), (14.2, 42.47), (13.6, 43.4),
    (13.5, 43.62), (12.55, 44.07), (12.25, 44.6), (12.5, 44.95), (12.3, 45.3), (12.45, 45.5),
    (13.1, 45.75), (13.75, 45.65), (13.6, 45.1), (13.85, 44.85), (14.1, 45.15),
    (14.45, 45.3), (15.0, 44.6), (15.2, 44.1), (15.95, 43.55), (16.45, 43.5), (17.5, 43.05),
    (18.1, 42.65), (18.7, 42.4), (19.3, 41.9), (19.45, 41.3), (19.5, 40.9), (19.35, 40.4),
    (19.95, 39.95), (20.2, 39.55), (20.7, 39.05), (20.75, 38.75), (21.1, 38.35),
    (21.6, 38.35), (22.35, 38.35), (22.9, 38.1), (22.9, 37.95), (22.5, 38.05), (21.8, 38.15),
    (21.3, 38.05), (21.1, 37.85), (21.3, 37.6), (21.6, 37.3), (21.68, 36.9), (21.7, 36.78),
    (21.95, 36.8), (22.1, 37.0), (22.4, 36.6), (22.48, 36.38), (22.6, 36.78), (22.8, 36.7),
    (23.0, 36.45), (23.2, 36.44), (23.05, 36.9), (22.75, 37.55), (23.2, 37.3), (23.3, 37.55),
    (23.1, 37.85), (23.55, 37.95), (23.7, 37.9), (24.03, 37.65), (24.3, 38.0), (24.55, 38.0),
    (24.2, 38.45), (23.55, 38.95), (23.0, 39.05), (22.9, 39.35), (23.3, 39.2), (22.75, 39.8),
    (22.6, 40.3), (22.8, 40.55), (22.95, 40.62), (23.3, 40.25), (23.7, 39.95), (23.8, 40.2),
    (24.1, 39.95), (24.4, 40.15), (23.95, 40.5), (23.9, 40.78), (24.4, 40.92), (25.0, 40.95),
    (25.9, 40.85), (26.05, 40.75), (26.75, 40.62), (26.25, 40.35), (26.1, 40.12),
    (26.1, 39.9), (26.15, 39.7), (26.07, 39.48), (26.9, 39.55), (26.7, 39.3), (26.7, 39.05),
    (26.95, 38.65), (26.75, 38.45), (27.1, 38.42), (26.45, 38.35), (26.3, 38.3),
    (26.6, 38.1), (27.25, 37.85), (27.25, 37.4), (27.45, 37.05), (28.0, 36.8), (28.25, 36.85),
    (28.6, 36.65), (29.1, 36.6), (29.4, 36.2), (30.15, 36.3), (30.4, 36.2), (30.55, 36.55),
    (30.7, 36.88), (31.5, 36.75), (32.0, 36.53), (32.8, 36.02), (33.5, 36.15), (33.95, 36.3),
    (34.6, 36.8), (35.3, 36.6), (35.8, 36.8), (36.15, 36.6), (35.95, 36.0), (35.75, 35.5),
    (35.87, 34.9), (35.8, 34.45), (35.5, 33.9), (35.2, 33.27), (35.0, 32.8), (34.75, 32.05),
    (34.45, 31.5), (33.8, 31.13), (32.6, 31.05), (32.3, 31.27), (31.8, 31.5), (31.0, 31.6),
    (30.4, 31.47), (29.9, 31.2), (28.95, 30.85), (28.0, 31.1), (27.25, 31.35),
    (26.0, 31.6), (25.15, 31.6), (24.5, 32.0), (23.95, 32.1), (22.65, 32.77), (21.7, 32.92),
    (20.95, 32.7), (20.07, 32.1), (19.95, 31.2), (19.5, 30.35), (18.6, 30.5), (17.6, 30.9),
    (16.6, 31.2), (15.5, 31.8), (15.1, 32.35), (14.2, 32.7), (13.2, 32.9), (12.1, 32.9),
    (11.2, 33.2), (10.9, 33.75), (10.1, 33.85), (10.4, 34.3), (10.75, 34.75), (11.1, 35.2),
    (10.85, 35.75), (10.5, 36.2), (10.6, 36.45), (11.05, 37.05), (10.3, 36.85), (10.2, 37.2),
    (9.85, 37.3), (9.2, 37.2), (8.75, 36.95), (7.75, 36.95), (6.9, 36.9), (5.75, 36.8),
    (5.1, 36.75), (4.3, 36.9), (3.05, 36.77), (2.1, 36.6), (1.3, 36.5), (0.1, 35.85),
    (-0.65, 35.72), (-1.3, 35.3), (-1.9, 35.1), (-2.9, 35.2), (-3.9, 35.22), (-4.6, 35.2),
    (-5.3, 35.6), (-5.3, 35.78), (-5.5, 35.82), (-5.9, 35.9), (-5.9, 36.05),
)
BLACK_SEA = (  # with the Marmara and both straits, widened
    (26.0, 40.0), (26.2, 40.3), (26.6, 40.55), (27.0, 40.7), (27.5, 40.97), (28.25, 41.07),
    (28.85, 41.05), (28.95, 41.3), (29.0, 41.45), (28.1, 41.65), (27.9, 42.0), (27.5, 42.5),
    (27.95, 43.2), (28.65, 44.15), (29.2, 44.8), (29.7, 45.2), (30.3, 46.0), (30.75, 46.5),
    (31.6, 46.6), (32.2, 46.5), (31.8, 46.3), (32.6, 45.9), (33.6, 45.95), (32.5, 45.4),
    (33.0, 45.0), (33.5, 44.6), (34.2, 44.45), (35.0, 44.8), (35.4, 45.05), (36.5, 45.35),
    (36.7, 45.1), (37.3, 44.9), (37.8, 44.7), (38.7, 44.3), (39.7, 43.6), (41.0, 43.0),
    (41.65, 42.15), (41.6, 41.6), (40.5, 41.05), (39.7, 41.0), (38.4, 40.95), (37.9, 41.0),
    (37.0, 41.2), (36.35, 41.3), (35.9, 41.7), (35.15, 42.02), (33.75, 41.98), (32.4, 41.75),
    (31.4, 41.28), (30.6, 41.12), (29.6, 41.18), (29.25, 41.25), (29.35, 41.0),
    (29.9, 40.75), (29.2, 40.6), (29.1, 40.43), (28.0, 40.38), (27.3, 40.42), (26.8, 40.3),
    (26.45, 40.05), (26.3, 39.85),
)
RED_SEA = (
    (32.45, 30.0), (32.65, 29.6), (33.1, 28.35), (33.85, 27.2), (33.95, 26.75), (34.3, 26.1),
    (34.9, 25.05), (35.5, 23.9), (35.8, 23.9), (36.6, 22.2), (37.2, 19.6), (37.35, 19.1),
    (38.5, 17.6), (39.45, 15.6), (40.5, 14.6), (41.7, 13.6), (42.75, 12.9), (43.25, 12.25),
    (43.6, 12.0), (43.75, 12.5), (43.5, 12.8), (43.25, 13.3), (42.95, 14.8), (42.7, 15.7),
    (42.55, 16.9), (41.5, 18.5), (40.8, 19.6), (40.25, 20.15), (39.15, 21.5), (39.0, 22.8),
    (38.05, 24.1), (37.25, 25.05), (36.5, 26.2), (35.7, 27.35), (35.1, 28.0), (35.15, 28.6),
    (35.1, 29.55), (34.75, 29.55), (34.55, 28.7), (34.25, 27.75), (33.6, 28.25),
    (33.0, 29.0), (32.8, 29.9),
)
INDIAN_OCEAN = (
    (43.3, 12.3), (43.8, 12.65), (45.0, 12.8), (46.0, 13.4), (48.0, 14.0), (49.1, 14.5),
    (50.5, 15.0), (51.25, 15.2), (52.2, 15.6), (53.5, 16.6), (54.0, 17.0), (55.4, 17.8),
    (56.5, 18.2), (57.8, 19.0), (58.5, 20.4), (59.8, 22.5), (59.0, 23.3), (58.6, 23.6),
    (57.5, 23.9), (56.75, 24.35), (56.35, 25.35), (56.35, 26.35), (56.6, 26.7), (57.1, 27.0),
    (57.3, 26.0), (57.75, 25.65), (59.0, 25.4), (60.6, 25.3), (62.3, 25.1), (63.5, 25.3),
    (64.6, 25.2), (66.6, 25.4), (67.0, 24.85), (67.3, 24.2), (67.5, 23.8), (68.3, 23.5),
    (68.6, 23.4), (69.8, 22.9), (69.5, 22.6), (69.0, 22.3), (69.6, 21.6), (70.2, 21.0),
    (70.95, 20.7), (71.8, 21.1), (72.4, 21.8), (72.6, 21.5), (72.75, 21.1), (72.85, 20.4),
    (72.85, 19.0), (73.0, 18.0), (73.3, 17.0), (73.8, 15.5), (74.1, 14.8), (74.5, 13.8),
    (74.85, 12.85), (75.2, 12.0), (75.8, 11.25), (76.25, 9.95), (76.6, 8.9), (77.55, 8.08),
    (78.15, 8.8), (79.0, 9.3), (79.3, 10.3), (79.85, 10.3), (79.85, 11.5), (80.3, 13.1),
    (80.1, 14.4), (80.3, 15.5), (81.15, 16.2), (82.3, 16.95), (83.3, 17.7), (84.3, 18.5),
    (85.1, 19.3), (85.8, 19.8), (86.6, 20.3), (87.0, 21.2), (87.8, 21.7), (88.3, 21.6),
    (89.0, 21.8), (90.5, 22.2), (91.0, 22.2), (91.0, 4.0), (40.0, 4.0), (47.0, 4.0),
    (48.5, 5.35), (49.8, 8.0), (50.9, 10.0), (51.3, 10.4), (51.25, 11.8), (50.5, 11.9),
    (49.2, 11.3), (47.5, 11.1), (45.0, 10.45), (43.4, 11.35), (43.15, 11.6), (42.8, 11.8),
    (43.1, 12.1),
)
PERSIAN_GULF = (
    (56.35, 26.45), (56.0, 25.8), (55.3, 25.25), (54.35, 24.45), (53.0, 24.15), (52.0, 24.0),
    (51.6, 24.6), (51.6, 25.3), (51.35, 26.1), (51.0, 25.9), (50.8, 25.5), (50.6, 25.4),
    (50.45, 25.95), (50.2, 26.3), (50.15, 26.65), (49.65, 27.0), (49.1, 27.5), (48.5, 28.4),
    (48.0, 29.35), (47.8, 29.9), (48.5, 30.2), (49.2, 30.0), (50.1, 30.1), (50.85, 28.95),
    (51.25, 28.3), (51.5, 27.9), (52.05, 27.8), (52.6, 27.45), (53.8, 26.7), (54.9, 26.55),
    (55.8, 26.85), (56.3, 27.15), (56.9, 27.0), (57.0, 26.2),
)
CASPIAN = (
    (47.5, 45.6), (49.0, 46.4), (50.5, 46.9), (51.9, 47.1), (53.2, 46.8), (53.1, 46.0),
    (51.3, 45.3), (50.3, 44.55), (51.2, 43.65), (51.9, 42.8), (52.7, 42.3), (52.9, 41.5),
    (53.0, 40.6), (53.0, 40.0), (53.9, 38.9), (53.9, 37.35), (54.0, 36.85), (53.0, 36.7),
    (51.5, 36.72), (50.0, 37.3), (49.0, 37.6), (48.85, 38.45), (48.9, 38.9), (49.5, 40.1),
    (50.35, 40.35), (49.6, 40.6), (49.0, 41.3), (48.3, 42.05), (47.5, 43.0), (47.1, 43.8),
    (46.7, 44.5),
)
ARAL = (
    (58.3, 45.5), (59.4, 46.4), (60.6, 46.5), (61.3, 45.9), (61.1, 44.8), (60.3, 43.9),
    (59.5, 43.5), (58.5, 43.6), (58.2, 44.5),
)
WATER = (ATLANTIC, MEDITERRANEAN, BLACK_SEA, RED_SEA, INDIAN_OCEAN, PERSIAN_GULF)
LAKES = {"mar_caspio": CASPIAN, "mar_aral": ARAL}
# Islands that are play areas (land cells of the partition).
SICILY = (
    (12.45, 38.12), (13.35, 38.2), (14.0, 38.05), (14.7, 38.15), (15.2, 38.23),
    (15.45, 38.2), (15.25, 37.8), (15.1, 37.5), (15.3, 37.05), (15.1, 36.65), (14.35, 36.78),
    (13.5, 37.1), (12.6, 37.6), (12.42, 37.8), (12.5, 38.0),
)
CRETE = (
    (23.5, 35.55), (23.65, 35.65), (24.1, 35.57), (24.5, 35.38), (25.15, 35.35),
    (25.75, 35.3), (26.3, 35.32), (26.2, 34.95), (25.5, 34.85), (24.75, 34.88),
    (24.2, 35.15), (23.55, 35.25),
)
KYTHERA_STRIP = ((22.85, 36.5), (23.4, 36.52), (24.1, 35.55), (23.65, 35.45))
PLAY_ISLANDS = (SICILY, CRETE, KYTHERA_STRIP)
# Islands outside play, drawn over their sea.
ISLANDS: tuple[tuple[str, str, str, tuple[Point, ...]], ...] = (
    ("cerdena", "Cerdeña", "Sardinia", (
        (9.2, 41.25), (9.8, 40.9), (9.65, 40.3), (9.6, 39.5), (9.55, 39.15), (9.0, 39.1),
        (8.4, 38.95), (8.4, 39.5), (8.5, 40.0), (8.2, 40.6), (8.2, 40.95), (8.8, 40.95))),
    ("corcega", "Córcega", "Corsica", (
        (9.4, 43.0), (9.55, 42.6), (9.4, 41.9), (9.2, 41.4), (8.8, 41.55), (8.6, 42.0),
        (8.55, 42.4), (9.25, 42.7))),
    ("mallorca", "Mallorca", "Majorca", (
        (2.35, 39.55), (2.9, 39.95), (3.45, 39.72), (3.2, 39.35), (2.7, 39.5))),
    ("menorca", "Menorca", "Minorca", ((3.8, 40.05), (4.3, 39.87), (4.1, 39.8), (3.85, 39.92))),
    ("ibiza", "Ibiza", "Ibiza", ((1.2, 38.9), (1.6, 39.1), (1.55, 38.85), (1.35, 38.82))),
    ("chipre", "Chipre", "Cyprus", (
        (32.27, 35.1), (32.6, 34.7), (33.0, 34.6), (33.65, 34.95), (34.0, 35.0), (34.6, 35.7),
        (33.9, 35.35), (33.0, 35.38), (32.8, 35.15))),
    ("rodas", "Rodas", "Rhodes", ((27.7, 36.15), (28.25, 36.45), (28.2, 36.0), (27.75, 35.9))),
    ("lesbos", "Lesbos", "Lesbos", ((25.85, 39.15), (26.0, 39.35), (26.6, 39.35), (26.4, 39.0))),
    ("quios", "Quíos", "Chios", ((25.85, 38.55), (26.1, 38.6), (26.15, 38.2), (25.95, 38.25))),
    ("corcira", "Corcira", "Corfu", ((19.65, 39.8), (19.9, 39.8), (20.1, 39.45), (19.95, 39.45))),
    ("cefalonia", "Cefalonia", "Cephalonia", ((20.4, 38.45), (20.7, 38.35), (20.6, 38.1),
                                              (20.35, 38.15))),
    ("malta", "Malta", "Malta", ((14.2, 36.1), (14.55, 35.85), (14.35, 35.8))),
    ("irlanda", "Hibernia", "Hibernia", (
        (-6.0, 54.2), (-6.0, 53.0), (-6.3, 52.2), (-7.5, 52.0), (-8.5, 51.6), (-9.8, 51.5),
        (-10.3, 51.8), (-10.0, 52.3), (-10.3, 53.0), (-10.0, 54.2))),
    ("britania_isla", "Britania", "Britannia", (
        (-5.7, 50.05), (-5.2, 49.96), (-4.1, 50.35), (-3.3, 50.6), (-2.45, 50.52),
        (-1.3, 50.75), (-0.15, 50.8), (1.0, 50.95), (1.4, 51.13), (1.4, 51.4), (0.7, 51.5),
        (1.7, 52.0), (1.75, 52.6), (1.7, 54.3), (-4.5, 54.3), (-4.6, 53.3), (-4.2, 53.2),
        (-4.7, 52.8), (-4.1, 52.3), (-5.3, 51.85), (-4.3, 51.6), (-3.0, 51.45), (-3.5, 51.2),
        (-4.5, 51.05), (-5.0, 50.55))),
    ("taprobane_isla", "Taprobane", "Taprobane", (
        (79.85, 9.8), (80.25, 9.83), (81.2, 8.6), (81.9, 7.3), (81.6, 6.3), (80.6, 5.9),
        (80.2, 6.0), (79.85, 6.9), (79.8, 8.0), (79.9, 9.0))),
)

# Extra seeds (lon, lat) that shape the areas beside the table's centre.
SEEDS: dict[str, tuple[Point, ...]] = {
    "oceano": ((-9.5, 44.5), (-5.0, 45.5), (-10.0, 35.0), (-8.0, 48.5), (-11.0, 40.0)),
    "lusitania": ((-8.0, 41.5), (-7.5, 38.5), (-8.6, 37.3)),
    "tartessos": ((-5.5, 37.3), (-3.5, 37.2), (-6.5, 37.5)),
    "celtiberia": ((-4.0, 40.5), (-1.0, 41.5), (-6.0, 42.5), (-2.0, 39.0), (1.0, 41.8)),
    "galia": ((6.0, 46.3), (1.0, 47.0), (-1.0, 45.0), (3.5, 48.0), (-2.5, 48.0), (0.5, 44.0)),
    "massalia": ((4.5, 44.0), (6.5, 44.5), (2.8, 43.0)),
    "mar_balear": ((6.0, 42.5), (5.5, 38.5), (1.5, 37.5), (4.0, 41.5), (-3.0, 36.3)),
    "numidia": ((-5.0, 33.5), (5.0, 35.5), (0.0, 34.0), (7.5, 35.3)),
    "cartago": ((9.7, 36.6), (10.2, 34.2), (10.5, 35.0), (9.8, 33.6)),
    "libia": ((10.9, 33.0), (12.5, 31.7), (16.5, 30.0)),
    "cirenaica": ((22.0, 32.2), (20.5, 31.2)),
    "etruria": ((7.6, 44.1), (11.0, 43.5), (10.0, 45.0), (12.0, 45.3), (8.0, 45.0)),
    "roma": ((13.5, 42.0), (12.7, 42.6)),
    "magna_grecia": ((16.3, 39.5), (17.5, 40.6), (15.3, 41.0)),
    "sicilia": (),
    "mar_tirreno": ((8.5, 43.6), (11.0, 41.5), (13.5, 39.5), (10.5, 43.0), (12.0, 38.5)),
    "canal_sicilia": ((11.0, 34.3), (11.3, 35.0), (11.5, 36.3), (13.0, 35.8), (9.0, 37.8)),
    "mar_adriatico": ((13.5, 44.5), (17.0, 42.3), (18.8, 41.0)),
    "mar_jonico": ((11.8, 33.3), (23.0, 35.3), (17.0, 37.0), (20.0, 36.0), (20.0, 38.5),
                   (16.5, 34.5), (21.5, 34.8)),
    "macedonia": ((22.5, 38.6), (21.0, 40.0), (20.0, 41.3), (22.5, 41.5), (21.5, 38.8),
                  (23.5, 41.0)),
    "tracia": ((26.0, 42.0), (24.5, 41.5), (27.5, 41.5), (26.5, 43.5)),
    "atenas": ((23.6, 38.2), (23.8, 38.1), (23.3, 38.4)),
    "esparta": ((22.8, 37.9), (22.2, 37.4), (22.4, 36.8), (21.7, 37.6)),
    "minos": ((25.0, 35.2),),
    "mar_egeo": ((25.0, 37.0), (24.5, 39.5), (26.5, 36.0), (24.6, 40.5), (27.4, 40.7)),
    "mar_libico": ((26.0, 33.5), (22.0, 34.5), (26.5, 34.6)),
    "troya": ((29.0, 38.0), (30.0, 40.5), (28.0, 39.5), (29.5, 37.0), (31.0, 37.5)),
    "hatti": ((37.5, 39.0), (33.0, 39.5), (36.0, 40.5), (34.5, 41.0), (32.5, 41.0)),
    "cilicia": ((33.5, 36.8), (35.8, 37.3), (36.3, 36.3), (32.0, 37.5)),
    "mar_negro": ((31.0, 43.0), (37.0, 43.0), (35.0, 42.5), (29.5, 44.5), (40.0, 42.0)),
    "mar_levante": ((33.0, 33.0), (29.0, 34.5), (34.5, 34.0), (28.5, 35.8), (33.0, 35.5)),
    "fenicia": ((35.9, 35.3), (35.4, 33.4)),
    "canaan": ((35.3, 32.2), (35.0, 30.3)),
    "egipto": ((34.5, 29.3), (31.0, 30.5), (31.5, 29.0), (33.8, 29.3), (30.5, 27.5)),
    "tebas": ((32.6, 26.0), (31.0, 24.0), (33.5, 24.5)),
    "nubia": ((32.5, 20.0), (35.0, 18.5), (31.0, 21.5), (37.0, 17.0)),
    "mar_rojo": ((36.0, 24.0), (40.0, 18.0), (34.5, 27.0), (42.0, 14.5)),
    "siria": ((38.7, 37.3), (38.0, 34.0), (40.5, 35.0), (38.0, 36.5), (38.5, 32.5), (41.0, 33.5)),
    "armenia": ((42.0, 40.5), (45.0, 40.0), (40.0, 39.5), (42.0, 41.8), (45.5, 41.5)),
    "asiria": ((45.5, 34.0), (42.5, 36.0), (44.5, 35.5), (43.5, 37.3)),
    "babilonia": ((43.5, 33.5), (44.0, 32.5), (45.2, 33.0)),
    "ur": ((46.3, 32.0), (46.5, 31.0), (47.6, 30.2), (45.8, 30.8)),
    "elam": ((48.5, 31.5), (50.0, 31.0), (48.0, 33.5)),
    "media": ((46.5, 34.5), (48.0, 35.0), (47.0, 37.5), (50.0, 35.5), (51.5, 36.3), (47.5, 36.3)),
    "persia": ((52.0, 29.5), (54.5, 29.0), (51.5, 28.7), (54.0, 27.5)),
    "parsua": ((53.0, 33.0), (56.0, 35.0), (51.5, 33.0), (55.0, 36.5)),
    "nis": ((60.5, 33.5), (63.0, 31.5), (59.0, 36.0), (62.5, 35.5), (64.0, 29.5)),
    "ormuz": ((57.5, 27.5), (61.0, 26.5), (63.5, 26.0), (56.5, 28.5)),
    "bactria": ((66.0, 37.0), (69.5, 37.0), (64.0, 38.0)),
    "gandhara": ((71.5, 34.5), (74.0, 34.0), (70.0, 33.0), (75.5, 32.5)),
    "sind": ((68.0, 25.0), (70.0, 28.0), (71.5, 30.0), (70.5, 24.5), (72.0, 23.0)),
    "india": ((76.0, 29.0), (80.0, 27.0), (74.5, 27.0), (76.5, 24.0)),
    "magadha": ((84.0, 25.0), (87.0, 24.0), (85.0, 21.5), (88.0, 22.5)),
    "decan": ((76.0, 20.0), (78.0, 14.0), (75.5, 12.0), (80.0, 19.0), (77.5, 10.0),
              (74.0, 18.0), (83.0, 19.5)),
    "arabia": ((35.6, 28.8), (43.0, 26.0), (40.0, 26.5), (46.0, 21.5), (38.0, 28.5), (42.0, 21.0)),
    "saba": ((51.0, 16.2), (49.5, 15.5), (44.0, 15.0), (48.0, 16.0), (47.0, 14.0)),
    "dilmun": ((53.5, 18.0), (50.0, 25.0), (55.5, 22.0), (57.5, 22.5), (51.5, 19.0), (48.5, 27.0),
               (53.5, 19.5)),
    "golfo_persico": ((51.0, 27.5), (53.5, 25.5), (49.0, 29.0)),
    "mar_arabigo": ((55.0, 15.0), (62.0, 20.0), (67.5, 17.5), (70.0, 14.0), (58.0, 16.0),
                    (65.0, 23.0), (72.0, 10.0)),
    "mar_eritreo": ((52.0, 14.5), (50.5, 13.0), (47.5, 12.5), (53.0, 13.0), (56.0, 12.0),
                    (45.0, 11.8)),
}
# Per-area speed of growth (areas with a low speed stay small).
SPEED: dict[str, float] = {}


@dataclass
class Piece:
    """One piece of the partition: a play area, a region beyond play or a lake."""

    key: str
    kind: str  # land, sea, wild, ocean, lake
    name_es: str
    name_en: str
    seeds: list[Point]
    centre: Point


def pieces() -> list[Piece]:
    out: list[Piece] = []
    for key, es, en, kind, _s, _c, _v, _h, x, y, _n in AREAS:
        centre = CENTRE_NUDGE.get(key, (float(x), float(y)))
        seeds = [(float(x), float(y)), *(project(*p) for p in SEEDS.get(key, ()))]
        if key in CENTRE_NUDGE:
            seeds.append(centre)
        out.append(Piece(key, kind, es, en, seeds, centre))
    for key, kind, es, en, pts in BEYOND:
        seeds = [project(*p) for p in pts]
        out.append(Piece(key, kind, es, en, seeds, seeds[0]))
    return out


# -- raster -------------------------------------------------------------------------
def scan_fill(grid: list[list[int]], polygon: list[Point], value: int) -> None:
    """Set every cell whose centre lies inside `polygon` (even-odd) to `value`."""
    n = len(polygon)
    for r in range(ROWS):
        y = (r + 0.5) * CELL
        xs: list[float] = []
        for i in range(n):
            (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
            if (y1 > y) != (y2 > y):
                xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        xs.sort()
        row = grid[r]
        for a, b in zip(xs[::2], xs[1::2], strict=True):
            c0 = max(0, math.ceil(a / CELL - 0.5))
            c1 = min(COLS - 1, math.floor(b / CELL - 0.5))
            for c in range(c0, c1 + 1):
                row[c] = value


LAND, WATER_CELL, LAKE_BASE = 0, 1, 2


def terrain() -> tuple[list[list[int]], dict[int, str]]:
    """0 land, 1 water, 2+ a lake (index into the returned names)."""
    grid = [[LAND] * COLS for _ in range(ROWS)]
    for body in WATER:
        scan_fill(grid, [project(*p) for p in body], WATER_CELL)
    for island in PLAY_ISLANDS:
        scan_fill(grid, [project(*p) for p in island], LAND)
    _drop_specks(grid)
    lakes: dict[int, str] = {}
    for i, (key, outline) in enumerate(LAKES.items()):
        scan_fill(grid, [project(*p) for p in outline], LAKE_BASE + i)
        lakes[LAKE_BASE + i] = key
    return grid, lakes


def _drop_specks(grid: list[list[int]], smallest: int = 6) -> None:
    """Turn land or water specks of fewer than `smallest` 4-connected cells over."""
    seen = [[False] * COLS for _ in range(ROWS)]
    for r0 in range(ROWS):
        for c0 in range(COLS):
            if seen[r0][c0]:
                continue
            t = grid[r0][c0]
            comp, todo = [(r0, c0)], [(r0, c0)]
            seen[r0][c0] = True
            while todo:
                r, c = todo.pop()
                for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if 0 <= rr < ROWS and 0 <= cc < COLS and not seen[rr][cc] \
                            and grid[rr][cc] == t:
                        seen[rr][cc] = True
                        comp.append((rr, cc))
                        todo.append((rr, cc))
            if len(comp) < smallest:
                for r, c in comp:
                    grid[r][c] = WATER_CELL if t == LAND else LAND


def cell_of(p: Point) -> tuple[int, int]:
    return (min(ROWS - 1, max(0, int(p[1] // CELL))), min(COLS - 1, max(0, int(p[0] // CELL))))


def partition(ps: list[Piece]) -> list[list[int]]:
    """Geodesic Voronoi: each cell goes to the piece whose seeds reach it first."""
    grid, lakes = terrain()
    label = [[-1] * COLS for _ in range(ROWS)]
    lake_piece = {v: next(i for i, p in enumerate(ps) if p.key == k) for v, k in lakes.items()}
    for r in range(ROWS):
        for c in range(COLS):
            if grid[r][c] >= LAKE_BASE:
                label[r][c] = lake_piece[grid[r][c]]
    heap: list[tuple[float, int, int, int]] = []
    for i, p in enumerate(ps):
        if p.kind == "lake":
            continue
        want = LAND if p.kind in ("land", "wild") else WATER_CELL
        for s in p.seeds:
            r, c = cell_of(s)
            if grid[r][c] != want:
                print(f"seed of {p.key} at {s} lies on the wrong terrain", file=sys.stderr)
                continue
            heapq.heappush(heap, (0.0, i, r, c))
    dist = [[math.inf] * COLS for _ in range(ROWS)]
    steps = ((0, 1, 1.0), (1, 0, 1.0), (0, -1, 1.0), (-1, 0, 1.0),
             (1, 1, 1.4142), (1, -1, 1.4142), (-1, 1, 1.4142), (-1, -1, 1.4142))
    speed = [SPEED.get(p.key, 1.0) for p in ps]
    while heap:
        d, i, r, c = heapq.heappop(heap)
        if label[r][c] != -1:
            continue
        label[r][c] = i
        dist[r][c] = d
        t = grid[r][c]
        for dr, dc, w in steps:
            rr, cc = r + dr, c + dc
            if 0 <= rr < ROWS and 0 <= cc < COLS and label[rr][cc] == -1 and grid[rr][cc] == t:
                heapq.heappush(heap, (d + w / speed[i], i, rr, cc))
    for r in range(ROWS):
        for c in range(COLS):
            if label[r][c] == -1:
                raise SystemExit(f"cell {r},{c} ({c * CELL},{r * CELL}) reached by no seed")
    _clean(label)
    return label


def _clean(label: list[list[int]]) -> None:
    """Make every piece 4-connected: where a piece touches itself only at a corner
    (diagonal cells), give it one of the two cells between."""
    for _ in range(20):
        changed = False
        for r in range(1, ROWS):
            for c in range(1, COLS):
                a, b = label[r - 1][c - 1], label[r - 1][c]
                d, e = label[r][c - 1], label[r][c]
                if a == e and b != a and d != a:
                    label[r - 1][c] = a
                    changed = True
                elif b == d and a != b and e != b:
                    label[r][c] = b
                    changed = True
        if not changed:
            return
    raise SystemExit("pieces still touch themselves at corners")


# -- borders --------------------------------------------------------------------------
OUTSIDE = -1


@dataclass
class Chain:
    vertices: list[int]  # grid vertex ids v = r * (COLS + 1) + c
    left: int
    right: int
    points: list[Point]


def _lab(label: list[list[int]], r: int, c: int) -> int:
    if 0 <= r < ROWS and 0 <= c < COLS:
        return label[r][c]
    return OUTSIDE


def chains_of(label: list[list[int]]) -> list[Chain]:
    W1 = COLS + 1

    def vid(r: int, c: int) -> int:
        return r * W1 + c

    def edges_at(r: int, c: int) -> list[tuple[int, int, int, int]]:
        """Boundary edges leaving vertex (r, c): (r2, c2, left, right) for the move."""
        nw, ne = _lab(label, r - 1, c - 1), _lab(label, r - 1, c)
        sw, se = _lab(label, r, c - 1), _lab(label, r, c)
        out = []
        if nw != ne and r > 0:  # north: moving up, left is west
            out.append((r - 1, c, nw, ne))
        if sw != se and r < ROWS:  # south: moving down, left is east
            out.append((r + 1, c, se, sw))
        if nw != sw and c > 0:  # west: moving left, left is south
            out.append((r, c - 1, sw, nw))
        if ne != se and c < COLS:  # east: moving right, left is north
            out.append((r, c + 1, ne, se))
        return out

    def is_junction(r: int, c: int) -> bool:
        cells = {_lab(label, r - 1, c - 1), _lab(label, r - 1, c),
                 _lab(label, r, c - 1), _lab(label, r, c)}
        return len(cells) >= 3 or len(edges_at(r, c)) == 4 or (
            r in (0, ROWS) and c in (0, COLS))

    seen: set[tuple[int, int]] = set()
    chains: list[Chain] = []

    def walk(r0: int, c0: int, first: tuple[int, int, int, int]) -> Chain:
        r1, c1, lft, rgt = first
        verts = [vid(r0, c0), vid(r1, c1)]
        seen.add((vid(r0, c0), vid(r1, c1)))
        seen.add((vid(r1, c1), vid(r0, c0)))
        pr, pc, r, c = r0, c0, r1, c1
        while not is_junction(r, c) and vid(r, c) != verts[0]:
            nxt = [e for e in edges_at(r, c) if (e[0], e[1]) != (pr, pc)]
            if len(nxt) != 1:
                raise SystemExit(f"border walk lost at {c * CELL},{r * CELL}")
            r2, c2, _l, _r = nxt[0]
            seen.add((vid(r, c), vid(r2, c2)))
            seen.add((vid(r2, c2), vid(r, c)))
            verts.append(vid(r2, c2))
            pr, pc, r, c = r, c, r2, c2
        pts = [((v % W1) * CELL * 1.0, (v // W1) * CELL * 1.0) for v in verts]
        return Chain(verts, lft, rgt, pts)

    for r in range(ROWS + 1):
        for c in range(COLS + 1):
            if not is_junction(r, c):
                continue
            for e in edges_at(r, c):
                if (vid(r, c), vid(e[0], e[1])) not in seen:
                    chains.append(walk(r, c, e))
    for r in range(ROWS + 1):
        for c in range(COLS + 1):
            for e in edges_at(r, c):
                if (vid(r, c), vid(e[0], e[1])) not in seen:
                    chains.append(walk(r, c, e))
    return chains


def length(points: list[Point]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def chaikin(points: list[Point], rounds: int) -> list[Point]:
    for _ in range(rounds):
        if len(points) < 3:
            return points
        out = [points[0]]
        for a, b in itertools.pairwise(points):
            out.append((0.75 * a[0] + 0.25 * b[0], 0.75 * a[1] + 0.25 * b[1]))
            out.append((0.25 * a[0] + 0.75 * b[0], 0.25 * a[1] + 0.75 * b[1]))
        out[1] = points[0]
        out[-1] = points[-1]
        dedup = [out[0]]
        for p in out[1:]:
            if p != dedup[-1]:
                dedup.append(p)
        points = dedup
    return points


def simplify(points: list[Point], eps: float) -> list[Point]:
    """Douglas–Peucker, endpoints kept."""
    if len(points) < 3:
        return points
    (x1, y1), (x2, y2) = points[0], points[-1]
    dx, dy = x2 - x1, y2 - y1
    norm = math.hypot(dx, dy)
    best, idx = -1.0, 0
    for i in range(1, len(points) - 1):
        px, py = points[i]
        if norm == 0:
            d = math.hypot(px - x1, py - y1)
        else:
            d = abs(dy * (px - x1) - dx * (py - y1)) / norm
        if d > best:
            best, idx = d, i
    if best <= eps:
        return [points[0], points[-1]]
    return simplify(points[: idx + 1], eps)[:-1] + simplify(points[idx:], eps)


def smooth(ch: Chain) -> None:
    """Take the cell staircase out of a border: straighten it within half a cell,
    round it (Chaikin) and drop the points that no longer matter.  Borders along
    the canvas edge stay straight."""
    if OUTSIDE in (ch.left, ch.right):
        ch.points = simplify(ch.points, 0.01)
        return
    pts = ch.points
    if ch.vertices[0] == ch.vertices[-1] and len(pts) > 4:
        half = len(pts) // 2  # a loop: keep two fixed points so it stays a loop
        a = simplify(pts[: half + 1], STAIR)
        b = simplify(pts[half:], STAIR)
        pts = a[:-1] + b
    else:
        pts = simplify(pts, STAIR)
    ch.points = simplify(chaikin(pts, 3), 0.5)


# -- assembling polygons -------------------------------------------------------------------
RING_PROBLEMS: list[str] = []


class Merge:
    """Union-find over junction vertices contracted together."""

    def __init__(self) -> None:
        self.parent: dict[int, int] = {}
        self.where: dict[int, Point] = {}

    def find(self, v: int) -> int:
        while self.parent.get(v, v) != v:
            v = self.parent[v]
        return v

    def union(self, a: int, b: int, at: Point) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra
        self.where[ra] = at


def build(ps: list[Piece]) -> tuple[dict[int, list[Point]], dict[tuple[int, int], float]]:
    label = partition(ps)
    chains = chains_of(label)
    neighbours = table_pairs()
    merge = Merge()
    kept: list[Chain] = []
    for ch in chains:
        a, b = sorted((ch.left, ch.right))
        stray = a >= 0 and b < len(AREAS) and (a, b) not in neighbours
        if stray and ch.vertices[0] != ch.vertices[-1] and length(ch.points) <= CONTRACT:
            p, q = ch.points[0], ch.points[-1]
            va, vb = merge.find(ch.vertices[0]), merge.find(ch.vertices[-1])
            pa = merge.where.get(va, p)
            pb = merge.where.get(vb, q)
            merge.union(va, vb, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2))
            continue
        kept.append(ch)
    shared: dict[tuple[int, int], float] = defaultdict(float)
    for ch in kept:
        smooth(ch)
        for end in (0, -1):
            root = merge.find(ch.vertices[end])
            if root in merge.where:
                ch.points[end] = merge.where[root]
        a, b = sorted((ch.left, ch.right))
        shared[(a, b)] += length(ch.points)
    rings: dict[int, list[Point]] = {}
    for i, p in enumerate(ps):
        own = []
        for ch in kept:
            if ch.left == i:
                own.append((merge.find(ch.vertices[0]), merge.find(ch.vertices[-1]), ch.points))
            elif ch.right == i:
                own.append((merge.find(ch.vertices[-1]), merge.find(ch.vertices[0]),
                            ch.points[::-1]))
        if not own:
            raise SystemExit(f"{p.key} has no border")
        starts: dict[int, list[tuple[int, int, list[Point]]]] = defaultdict(list)
        for item in own:
            starts[item[0]].append(item)
        first = own[0]
        ring: list[Point] = list(first[2])
        used = 1
        at = first[1]
        while at != first[0]:
            options = starts.get(at, [])
            if len(options) != 1:
                RING_PROBLEMS.append(f"{p.key}: border is not one ring (at {ring[-1]})")
                break
            nxt = options[0]
            ring.extend(nxt[2][1:])
            used += 1
            at = nxt[1]
        if used != len(own):
            others = sorted({ps[ch.right if ch.left == i else ch.left].key
                             if min(ch.left, ch.right) >= 0 else "OUT"
                             for ch in kept if i in (ch.left, ch.right)})
            print(p.key, "borders", others, "ring ends near", ring[-1], file=sys.stderr)
            RING_PROBLEMS.append(f"{p.key}: {len(own) - used} border pieces outside its ring "
                                 "(split piece or a hole)")
        if ring[0] == ring[-1]:
            ring.pop()
        rings[i] = ring
    return rings, shared


def table_pairs() -> set[tuple[int, int]]:
    pairs: set[tuple[int, int]] = set()
    for i, a in enumerate(AREAS):
        for n in a[10].split():
            j = INDEX[n]
            pairs.add((min(i, j), max(i, j)))
            back = AREAS[j][10].split()
            if a[0] not in back:
                raise SystemExit(f"table: {a[0]} lists {n} but not back")
    return pairs


def check(shared: dict[tuple[int, int], float]) -> list[str]:
    problems = []
    want = table_pairs()
    crossings = {tuple(sorted((INDEX[a], INDEX[b]))) for a, b in CROSSINGS}
    for a, b in sorted(want):
        if (a, b) in crossings:
            continue
        if shared.get((a, b), 0.0) < MIN_BORDER:
            problems.append(f"missing border {KEYS[a]}–{KEYS[b]} "
                            f"({shared.get((a, b), 0.0):.0f} px)")
    n = len(AREAS)
    for (a, b), length_ in sorted(shared.items()):
        if 0 <= a < n and 0 <= b < n and (a, b) not in want:
            problems.append(f"stray border {KEYS[a]}–{KEYS[b]} ({length_:.0f} px)")
    return problems


# -- writing ----------------------------------------------------------------------------
def writer() -> TmxWriter:
    return TmxWriter(
        width_tiles=WIDTH // TILE, height_tiles=HEIGHT // TILE, tile=TILE, background="#8fa3ad",
        properties=[
            ("format_version", "int", 1), ("game", "string", "imperios_milenarios"),
            ("half_line", "string", " ".join(f"{x},{y}" for x, y in HALF_LINE)),
            ("projection", "string", "x = 40 + 40*(lon + 10), y = 100 + 52*(50 - lat)"),
            # land masses (Sicilia, the Maghreb...) and seas (the Red Sea, the Gulf...) lie
            # apart; only together, through coasts, are they one network
            ("scattered_kinds", "string", "land,sea"),
        ])


def rounded(points: list[Point], origin: Point) -> list[Point]:
    """Points as the file will store them (2 decimals relative to the rounded origin)."""
    ox, oy = round(origin[0], 2), round(origin[1], 2)
    return [(ox + round(x - ox, 2), oy + round(y - oy, 2)) for x, y in points]


def write_map(ps: list[Piece], rings: dict[int, list[Point]]) -> None:
    b = writer()
    seas = b.layer("seas", "#5f8fb0")
    lands = b.layer("lands", "#c8a55a")
    beyond = b.layer("beyond", "#9a9a9a")
    islands = b.layer("islands", "#b0a070")
    centres = b.layer("centres", "#ffe680")
    lines = b.layer("lines", "#803020")
    for i, row in enumerate(AREAS):
        key, es, en, kind, shaded, city, vp, half, _x, _y, nbrs = row
        origin = (round(ps[i].centre[0]), round(ps[i].centre[1]))
        obj = b.shape(seas if kind == "sea" else lands, "polygon", rings[i], origin)
        props = ET.SubElement(obj, "properties")
        prop(props, "adjacent", "string", ",".join(str(INDEX[n]) for n in nbrs.split()))
        prop(props, "area_id", "int", i)
        prop(props, "capital_site", "bool", shaded)
        prop(props, "city_level", "int", city)
        prop(props, "half", "string", half)
        prop(props, "key", "string", key)
        prop(props, "kind", "string", kind)
        prop(props, "label", "string", en)
        if key in LAND_STRIP:
            other = LAND_STRIP[1 - LAND_STRIP.index(key)]
            prop(props, "land_strip", "int", INDEX[other])
        prop(props, "name_en", "string", en)
        prop(props, "name_es", "string", es)
        prop(props, "settlement_vp", "int", vp)
    for j, p in enumerate(ps[len(AREAS):]):
        i = len(AREAS) + j
        origin = (round(p.centre[0]), round(p.centre[1]))
        obj = b.shape(beyond, "polygon", rings[i], origin)
        props = ET.SubElement(obj, "properties")
        prop(props, "area_id", "int", 100 + j)
        prop(props, "key", "string", p.key)
        prop(props, "kind", "string", p.kind)
        prop(props, "label", "string", p.name_en)
        prop(props, "name_en", "string", p.name_en)
        prop(props, "name_es", "string", p.name_es)
    for j, (key, es, en, outline) in enumerate(ISLANDS):
        pts = [project(*q) for q in outline]
        cx = sum(q[0] for q in pts) / len(pts)
        cy = sum(q[1] for q in pts) / len(pts)
        obj = b.shape(islands, "polygon", pts, (round(cx), round(cy)))
        props = ET.SubElement(obj, "properties")
        prop(props, "area_id", "int", 200 + j)
        prop(props, "key", "string", key)
        prop(props, "kind", "string", "island")
        prop(props, "label", "string", en)
        prop(props, "name_en", "string", en)
        prop(props, "name_es", "string", es)
    for i, p in enumerate(ps):
        obj = b.point(centres, p.centre)
        props = ET.SubElement(obj, "properties")
        prop(props, "in_area", "int", i if i < len(AREAS) else 100 + i - len(AREAS))
        prop(props, "kind", "string", "centre")
        prop(props, "label", "string", f"centre of {p.name_en}")
        prop(props, "place_id", "int", i)
    route = 0
    for (a, c), (p1, p2) in CROSSINGS.items():
        obj = b.shape(lines, "polyline", [project(*p1), project(*p2)], project(*p1))
        props = ET.SubElement(obj, "properties")
        prop(props, "ends", "string", f"{INDEX[a]},{INDEX[c]}")
        prop(props, "joins", "string", "areas")
        prop(props, "key", "string", f"{a}_{c}")
        prop(props, "kind", "string", "strait")
        prop(props, "label", "string", "Bosporus crossing")
        prop(props, "route_id", "int", route)
        route += 1
    ends = []
    for end in (HALF_LINE[0], HALF_LINE[-1]):
        obj = b.point(lines, (float(end[0]), float(end[1])))
        props = ET.SubElement(obj, "properties")
        prop(props, "kind", "string", "half_line_end")
        prop(props, "label", "string", "end of the Poniente/Naciente line")
        prop(props, "place_id", "int", 1000 + len(ends))
        ends.append(1000 + len(ends))
    obj = b.shape(lines, "polyline", [(float(x), float(y)) for x, y in HALF_LINE],
                  (float(HALF_LINE[0][0]), float(HALF_LINE[0][1])))
    props = ET.SubElement(obj, "properties")
    prop(props, "ends", "string", f"{ends[0]},{ends[1]}")
    prop(props, "joins", "string", "places")
    prop(props, "key", "string", "half_line")
    prop(props, "kind", "string", "half_line")
    prop(props, "label", "string", "Poniente / Naciente")
    prop(props, "route_id", "int", route)
    b.write(OUT)


def preview(ps: list[Piece], rings: dict[int, list[Point]], path: str) -> None:
    """A quick PNG of the pieces (needs pygame; for looking while tuning)."""
    import pygame

    scale = float(os.environ.get("PREVIEW_SCALE", "0.4"))
    surf = pygame.Surface((int(WIDTH * scale), int(HEIGHT * scale)))
    surf.fill((40, 40, 40))
    pygame.font.init()
    font = pygame.font.Font(None, 16)
    colours = {"land": (214, 196, 150), "sea": (120, 150, 175), "wild": (170, 160, 140),
               "ocean": (95, 115, 135), "lake": (100, 130, 150)}
    for i, p in enumerate(ps):
        pts = [(x * scale, y * scale) for x, y in rings[i]]
        base = colours[p.kind]
        tint = ((i * 37) % 30) - 15
        col = tuple(max(0, min(255, v + tint)) for v in base)
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.polygon(surf, (60, 50, 40), pts, 1)
    for _key, _es, _en, outline in ISLANDS:
        pts = [(x * scale, y * scale) for x, y in (project(*q) for q in outline)]
        pygame.draw.polygon(surf, (190, 175, 135), pts)
    for p in ps:
        text = font.render(p.key, True, (0, 0, 0))
        surf.blit(text, (p.centre[0] * scale - text.get_width() / 2, p.centre[1] * scale))
    pygame.image.save(surf, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--png", help="also write a quick preview PNG here")
    parser.add_argument("--force", action="store_true", help="write even if the check fails")
    args = parser.parse_args()
    ps = pieces()
    rings, shared = build(ps)
    problems = RING_PROBLEMS + check(shared)
    for p in problems:
        print(p, file=sys.stderr)
    if args.png:
        preview(ps, rings, args.png)
    if problems and not args.force:
        raise SystemExit(f"{len(problems)} problems; map not written")
    write_map(ps, rings)
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
