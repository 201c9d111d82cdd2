"""Generate maps/conquest_of_the_empire.tmx: the Roman Mediterranean, 42 provinces and 17 seas.

The committed .tmx is the source of the board's geometry and topology; this
script documents how it was made and can regenerate it (pure Python, a few
seconds):

    .venv/bin/python build_scripts/make_conquest_of_the_empire_map.py

Facts come from ../shared/rules/conquest_of_the_empire.md §1.4-1.6, §2 and
§4.2: the provinces, seas and straits with their names, region, coin, VP
tiers, printed city, homeland, centre and adjacency. The canvas is 4000×2600
with x = 70·(lon+11), y = 80·(57−lat) (§2.1).

How the shapes are made:
1. Coastlines are traced here by hand as lon/lat outlines (the water of the
   Atlantic, Mediterranean and Black Sea as one ring, the Baltic and the Red
   Sea as two more, the islands as land rings), and the Roman frontier (the
   limes) as one more ring. Narrow straits (Gibraltar, Messina, Bosporus,
   Hellespont) are widened so they stay open on the board; Corsica joins
   Sardinia (one province) and Euboea the mainland.
2. They are rasterised on a grid of CELL-pixel cells. Sea zones grow from
   their centres (plus a few extra seeds) over the water as a geodesic
   Voronoi diagram, a zone refusing any cell that would make it touch a zone
   the adjacency table does not list. Provinces then grow over the land
   inside the limes the same way, refusing cells that would make them touch
   a non-neighbouring province, a sea they do not border, or (inland
   provinces) any sea. Land outside the limes stays background (barbaricum);
   water out of every zone's reach (the Baltic, the Red Sea) becomes areas
   of kind "outer_sea".
3. The adjacency the cells produce is checked against the tables; the build
   fails on any difference.
4. The cell regions are turned into polygons: their borders are cut into
   chains between the points where three regions meet, each chain is
   simplified once (Douglas-Peucker) and shared by both sides, so
   neighbouring polygons share their border exactly, vertex for vertex. A
   region with a hole (the Atlantic around Ireland) gets a zero-width
   keyhole to it, which even-odd filling and hit tests handle.

Layers and properties (see maps/README.md for the conventions):
- "provinces": 42 polygons, area_id 0..41 in the order of §2.2. kind
  "province", key (slug), label (English), name_la/name_es/name_en, region
  ("E" or "A"), coin ("G" or "S"), tiers ("25,15,5", "15,5", "10,5" or ""
  for a non-key province), tokens (province tokens in the bag, §1.6), city
  (printed city's name or ""), homeland (bool), and for homelands
  homeland_players ("3,4,5,6": the player counts that use it) and home_sea
  (area id of the zone of its starting galley); adjacent (land neighbours,
  straits not included) and seas (area ids of its coastal zones).
- "seas": 17 polygons, area_id 42..58 in the order of §2.3, kind "sea",
  names, adjacent (neighbouring zones) and coasts (its coastal provinces).
- "waters": outer water (Baltic, Red Sea), kind "outer_sea", no adjacency.
- "straits": 5 polylines, route_id 0..4, kind "strait", ends (the two
  provinces' area ids), zone (area id of the sea zone whose enemy galley
  cuts it), names.
- "places": the centre of every area (kind "centre", the §2 x, y), where each
  zone's name is lettered (kind "label", float `size` in world px and `angle`
  in degrees: the largest that fits in its water, clear of its centre) and the 10 printed cities at
  their real sites (kind "city", key = city slug).
"""

# The facts tables keep one row per line, as on the decisions page:
# ruff: noqa: E501

from __future__ import annotations

import heapq
import math
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from tmx_writer import TmxWriter, prop

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "maps" / "conquest_of_the_empire.tmx"

WIDTH, HEIGHT = 4000, 2600
TILE = 40
CELL = 4  # raster cell in map pixels
SIMPLIFY = 0.4  # Douglas-Peucker tolerance, in cells

Point = tuple[float, float]
LonLat = tuple[float, float]


def px(lon: float, lat: float) -> Point:
    """§2.1's projection: lon/lat degrees to map pixels."""
    return (70.0 * (lon + 11.0), 80.0 * (57.0 - lat))


# -- the facts (decisions page §1.5, §1.6, §2.2-2.4, §4.2) ------------------------------
class Province(NamedTuple):
    key: str
    la: str
    es: str
    en: str
    region: str
    coin: str
    tiers: str
    city: str
    x: int
    y: int
    neighbours: tuple[str, ...]
    seas: tuple[str, ...]


class Sea(NamedTuple):
    key: str
    la: str
    es: str
    en: str
    x: int
    y: int
    neighbours: tuple[str, ...]
    coasts: tuple[str, ...]


class Strait(NamedTuple):
    key: str
    la: str
    es: str
    en: str
    ends: tuple[str, str]
    zone: str
    line: tuple[LonLat, ...]


PROVINCES = (
    Province('britannia', 'Britannia', 'Britania', 'Britain', 'E', 'S', '15,5', '', 665, 360, (), ('oceanus_britannicus', 'oceanus_atlanticus')),
    Province('lusitania', 'Lusitania', 'Lusitania', 'Lusitania', 'E', 'S', '', '', 224, 1416, ('baetica', 'tarraconensis'), ('oceanus_atlanticus', 'fretum_gaditanum')),
    Province('baetica', 'Hispania Baetica', 'Bética', 'Baetica', 'E', 'G', '10,5', 'Corduba', 420, 1552, ('lusitania', 'tarraconensis'), ('fretum_gaditanum', 'mare_balearicum')),
    Province('tarraconensis', 'Hispania Tarraconensis', 'Tarraconense', 'Tarraconensis', 'E', 'S', '', '', 595, 1240, ('lusitania', 'baetica', 'aquitania', 'narbonensis'), ('oceanus_atlanticus', 'mare_balearicum', 'mare_gallicum')),
    Province('aquitania', 'Aquitania', 'Aquitania', 'Aquitaine', 'E', 'S', '', '', 770, 960, ('tarraconensis', 'narbonensis', 'lugdunensis'), ('oceanus_atlanticus',)),
    Province('lugdunensis', 'Gallia Lugdunensis', 'Galia Lugdunense', 'Lugdunensis', 'E', 'G', '10,5', 'Lugdunum', 840, 760, ('aquitania', 'narbonensis', 'belgica', 'germania_superior'), ('oceanus_atlanticus', 'oceanus_britannicus')),
    Province('narbonensis', 'Gallia Narbonensis', 'Galia Narbonense', 'Narbonensis', 'E', 'G', '', '', 1085, 1040, ('tarraconensis', 'aquitania', 'lugdunensis', 'germania_superior', 'cisalpina'), ('mare_gallicum',)),
    Province('belgica', 'Gallia Belgica', 'Galia Bélgica', 'Belgica', 'E', 'S', '', '', 1085, 576, ('lugdunensis', 'germania_inferior', 'germania_superior'), ('oceanus_britannicus',)),
    Province('germania_inferior', 'Germania Inferior', 'Germania Inferior', 'Lower Germany', 'E', 'S', '', '', 1225, 440, ('belgica', 'germania_superior'), ('oceanus_britannicus',)),
    Province('germania_superior', 'Germania Superior', 'Germania Superior', 'Upper Germany', 'E', 'S', '', '', 1330, 704, ('lugdunensis', 'narbonensis', 'belgica', 'germania_inferior', 'raetia'), ()),
    Province('raetia', 'Raetia', 'Recia', 'Raetia', 'E', 'S', '', '', 1505, 760, ('germania_superior', 'noricum', 'cisalpina'), ()),
    Province('noricum', 'Noricum', 'Nórico', 'Noricum', 'E', 'S', '', '', 1750, 776, ('raetia', 'cisalpina', 'pannonia'), ()),
    Province('cisalpina', 'Gallia Cisalpina', 'Galia Cisalpina', 'Cisalpine Gaul', 'E', 'S', '', '', 1505, 936, ('narbonensis', 'raetia', 'noricum', 'dalmatia', 'italia'), ('mare_gallicum', 'mare_adriaticum')),
    Province('italia', 'Italia', 'Italia', 'Italy', 'E', 'G', '25,15,5', 'Roma', 1750, 1240, ('cisalpina',), ('mare_tyrrhenum', 'mare_adriaticum', 'mare_ionium')),
    Province('pannonia', 'Pannonia', 'Panonia', 'Pannonia', 'E', 'S', '', '', 2065, 840, ('noricum', 'dalmatia', 'dacia', 'moesia'), ()),
    Province('dalmatia', 'Dalmatia', 'Dalmacia', 'Dalmatia', 'E', 'S', '', '', 1995, 1056, ('cisalpina', 'pannonia', 'moesia', 'macedonia'), ('mare_adriaticum',)),
    Province('dacia', 'Dacia', 'Dacia', 'Dacia', 'E', 'G', '', '', 2450, 880, ('pannonia', 'moesia'), ()),
    Province('moesia', 'Moesia', 'Mesia', 'Moesia', 'E', 'S', '', '', 2450, 1072, ('pannonia', 'dalmatia', 'dacia', 'thracia', 'macedonia'), ('pontus_euxinus',)),
    Province('thracia', 'Thracia', 'Tracia', 'Thrace', 'E', 'G', '', 'Byzantium', 2625, 1200, ('moesia', 'macedonia'), ('mare_aegaeum', 'propontis', 'pontus_euxinus')),
    Province('macedonia', 'Macedonia', 'Macedonia', 'Macedonia', 'E', 'G', '10,5', 'Thessalonica', 2296, 1296, ('dalmatia', 'moesia', 'thracia', 'achaea'), ('mare_adriaticum', 'mare_aegaeum')),
    Province('achaea', 'Achaea', 'Acaya', 'Achaea (Greece)', 'E', 'G', '15,5', 'Athenae', 2331, 1536, ('macedonia',), ('mare_ionium', 'mare_aegaeum', 'mare_creticum')),
    Province('baleares', 'Insulae Baleares', 'Islas Baleares', 'Balearic Islands', 'A', 'S', '', '', 973, 1392, (), ('mare_balearicum', 'mare_gallicum')),
    Province('sardinia', 'Sardinia et Corsica', 'Cerdeña y Córcega', 'Sardinia and Corsica', 'A', 'S', '', '', 1400, 1280, (), ('mare_gallicum', 'mare_sardoum', 'mare_tyrrhenum')),
    Province('sicilia', 'Sicilia', 'Sicilia', 'Sicily', 'A', 'G', '15,5', '', 1764, 1560, (), ('mare_tyrrhenum', 'mare_ionium', 'mare_africum')),
    Province('creta', 'Creta', 'Creta', 'Crete', 'A', 'S', '', '', 2513, 1744, (), ('mare_creticum', 'mare_libycum')),
    Province('cyprus', 'Cyprus', 'Chipre', 'Cyprus', 'A', 'S', '', '', 3094, 1752, (), ('mare_cilicium', 'mare_aegyptium')),
    Province('mauretania_tingitana', 'Mauretania Tingitana', 'Mauritania Tingitana', 'Tingitana', 'A', 'S', '', '', 385, 1824, ('mauretania_caesariensis',), ('fretum_gaditanum',)),
    Province('mauretania_caesariensis', 'Mauretania Caesariensis', 'Mauritania Cesariense', 'Caesariensis', 'A', 'S', '', '', 910, 1760, ('mauretania_tingitana', 'numidia'), ('mare_balearicum',)),
    Province('numidia', 'Numidia', 'Numidia', 'Numidia', 'A', 'G', '', '', 1155, 1696, ('mauretania_caesariensis', 'africa'), ('mare_sardoum',)),
    Province('africa', 'Africa', 'África', 'Africa (Carthage)', 'A', 'G', '10,5', 'Carthago', 1456, 1736, ('numidia', 'tripolitania'), ('mare_sardoum', 'mare_africum')),
    Province('tripolitania', 'Tripolitania', 'Tripolitania', 'Tripolitania', 'A', 'S', '', '', 1750, 2040, ('africa', 'cyrenaica'), ('mare_africum', 'mare_libycum')),
    Province('cyrenaica', 'Cyrenaica', 'Cirenaica', 'Cyrenaica', 'A', 'S', '', '', 2275, 2040, ('tripolitania', 'aegyptus'), ('mare_libycum', 'mare_aegyptium')),
    Province('aegyptus', 'Aegyptus', 'Egipto', 'Egypt', 'A', 'G', '10,5', 'Alexandria', 2940, 2320, ('cyrenaica', 'iudaea'), ('mare_aegyptium',)),
    Province('iudaea', 'Iudaea', 'Judea', 'Judaea', 'A', 'S', '', '', 3234, 2032, ('aegyptus', 'syria'), ('mare_aegyptium',)),
    Province('syria', 'Syria', 'Siria', 'Syria', 'A', 'G', '15,5', 'Antiochia', 3381, 1760, ('iudaea', 'cilicia', 'cappadocia', 'mesopotamia'), ('mare_cilicium', 'mare_aegyptium')),
    Province('mesopotamia', 'Mesopotamia', 'Mesopotamia', 'Mesopotamia', 'A', 'G', '', '', 3640, 1616, ('syria', 'cappadocia', 'armenia'), ()),
    Province('armenia', 'Armenia', 'Armenia', 'Armenia', 'A', 'S', '', '', 3675, 1360, ('mesopotamia', 'cappadocia'), ()),
    Province('cappadocia', 'Cappadocia', 'Capadocia', 'Cappadocia', 'A', 'S', '', '', 3360, 1424, ('syria', 'mesopotamia', 'armenia', 'cilicia', 'galatia'), ('pontus_euxinus',)),
    Province('cilicia', 'Cilicia', 'Cilicia', 'Cilicia', 'A', 'S', '', '', 3136, 1584, ('syria', 'cappadocia', 'galatia', 'asia'), ('mare_cilicium',)),
    Province('galatia', 'Galatia', 'Galacia', 'Galatia', 'A', 'S', '', '', 3080, 1400, ('cappadocia', 'cilicia', 'bithynia', 'asia'), ('pontus_euxinus',)),
    Province('bithynia', 'Bithynia et Pontus', 'Bitinia y Ponto', 'Bithynia', 'A', 'G', '', '', 2905, 1264, ('galatia', 'asia'), ('propontis', 'pontus_euxinus')),
    Province('asia', 'Asia', 'Asia', 'Asia', 'A', 'G', '10,5', 'Ephesus', 2765, 1480, ('cilicia', 'galatia', 'bithynia'), ('mare_aegaeum', 'mare_creticum', 'propontis')),
)  # fmt: skip

SEAS = (
    Sea('oceanus_britannicus', 'Oceanus Britannicus', 'Canal de Britania', 'British Channel', 805, 512, ('oceanus_atlanticus',), ('britannia', 'lugdunensis', 'belgica', 'germania_inferior')),
    Sea('oceanus_atlanticus', 'Oceanus Atlanticus', 'Océano Atlántico', 'Atlantic Ocean', 350, 880, ('oceanus_britannicus', 'fretum_gaditanum'), ('britannia', 'lusitania', 'tarraconensis', 'aquitania', 'lugdunensis')),
    Sea('fretum_gaditanum', 'Fretum Gaditanum', 'Estrecho de Gades', 'Strait of Gades', 315, 1680, ('oceanus_atlanticus', 'mare_balearicum'), ('lusitania', 'baetica', 'mauretania_tingitana')),
    Sea('mare_balearicum', 'Mare Balearicum', 'Mar Balear', 'Balearic Sea', 840, 1496, ('fretum_gaditanum', 'mare_gallicum', 'mare_sardoum'), ('baetica', 'tarraconensis', 'baleares', 'mauretania_caesariensis')),
    Sea('mare_gallicum', 'Sinus Gallicus', 'Golfo de la Galia', 'Gallic Gulf', 1120, 1176, ('mare_balearicum', 'mare_sardoum', 'mare_tyrrhenum'), ('tarraconensis', 'narbonensis', 'cisalpina', 'baleares', 'sardinia')),
    Sea('mare_sardoum', 'Mare Sardoum', 'Mar de Cerdeña', 'Sardinian Sea', 1260, 1480, ('mare_balearicum', 'mare_gallicum', 'mare_tyrrhenum', 'mare_africum'), ('sardinia', 'numidia', 'africa')),
    Sea('mare_tyrrhenum', 'Mare Tyrrhenum', 'Mar Tirreno', 'Tyrrhenian Sea', 1610, 1360, ('mare_gallicum', 'mare_sardoum', 'mare_africum', 'mare_ionium'), ('italia', 'sardinia', 'sicilia')),
    Sea('mare_adriaticum', 'Mare Adriaticum', 'Mar Adriático', 'Adriatic Sea', 1876, 1120, ('mare_ionium',), ('cisalpina', 'italia', 'dalmatia', 'macedonia')),
    Sea('mare_ionium', 'Mare Ionium', 'Mar Jónico', 'Ionian Sea', 2065, 1560, ('mare_adriaticum', 'mare_tyrrhenum', 'mare_africum', 'mare_libycum', 'mare_creticum'), ('italia', 'sicilia', 'achaea')),
    Sea('mare_africum', 'Mare Africum', 'Mar de África', 'African Sea', 1645, 1720, ('mare_sardoum', 'mare_tyrrhenum', 'mare_ionium', 'mare_libycum'), ('africa', 'sicilia', 'tripolitania')),
    Sea('mare_libycum', 'Mare Libycum', 'Mar Líbico', 'Libyan Sea', 2135, 1880, ('mare_africum', 'mare_ionium', 'mare_creticum', 'mare_aegyptium'), ('tripolitania', 'cyrenaica', 'creta')),
    Sea('mare_creticum', 'Mare Creticum', 'Mar de Creta', 'Cretan Sea', 2625, 1632, ('mare_ionium', 'mare_libycum', 'mare_aegaeum', 'mare_cilicium'), ('achaea', 'creta', 'asia')),
    Sea('mare_aegaeum', 'Mare Aegaeum', 'Mar Egeo', 'Aegean Sea', 2520, 1416, ('mare_creticum', 'propontis'), ('macedonia', 'thracia', 'achaea', 'asia')),
    Sea('propontis', 'Propontis', 'Propóntide', 'Sea of Marmara', 2730, 1304, ('mare_aegaeum', 'pontus_euxinus'), ('thracia', 'bithynia', 'asia')),
    Sea('pontus_euxinus', 'Pontus Euxinus', 'Ponto Euxino', 'Black Sea', 3080, 1120, ('propontis',), ('thracia', 'moesia', 'bithynia', 'galatia', 'cappadocia')),
    Sea('mare_cilicium', 'Mare Cilicium', 'Mar de Cilicia', 'Cilician Sea', 3262, 1696, ('mare_creticum', 'mare_aegyptium'), ('cilicia', 'cyprus', 'syria')),
    Sea('mare_aegyptium', 'Mare Aegyptium', 'Mar de Egipto', 'Egyptian Sea', 2905, 1936, ('mare_libycum', 'mare_cilicium'), ('cyrenaica', 'aegyptus', 'iudaea', 'syria', 'cyprus')),
)  # fmt: skip

STRAITS = (
    Strait('st_gades', 'Columnae Herculis', 'Columnas de Hércules', 'Pillars of Hercules',
           ('baetica', 'mauretania_tingitana'), 'fretum_gaditanum',
           ((-5.55, 36.55), (-5.65, 36.05), (-5.7, 35.55))),
    Strait('st_messana', 'Fretum Siculum', 'Estrecho de Mesina', 'Strait of Messana',
           ('italia', 'sicilia'), 'mare_tyrrhenum',
           ((16.2, 38.55), (15.7, 38.35), (15.2, 38.05))),
    Strait('st_gallicum', 'Fretum Gallicum', 'Paso de Calais', 'Channel Crossing',
           ('belgica', 'britannia'), 'oceanus_britannicus',
           ((2.3, 50.7), (1.6, 51.0), (0.9, 51.3))),
    Strait('st_bosporus', 'Bosporus', 'Bósforo', 'Bosporus',
           ('thracia', 'bithynia'), 'propontis',
           ((28.55, 41.2), (29.1, 41.12), (29.75, 41.05))),
    Strait('st_hellespontus', 'Hellespontus', 'Helesponto', 'Hellespont',
           ('thracia', 'asia'), 'mare_aegaeum',
           ((26.5, 40.48), (26.55, 40.2), (26.75, 39.88))),
)

# §1.5: homeland -> (player counts that use it, home sea); §1.6 / §4.2: tokens in the bag
HOMELANDS = {
    "baetica": ("6", "mare_balearicum"),
    "lugdunensis": ("3,4,5,6", "oceanus_britannicus"),
    "macedonia": ("2,4,5,6", "mare_adriaticum"),
    "asia": ("3,5,6", "mare_aegaeum"),
    "aegyptus": ("4,5,6", "mare_aegyptium"),
    "africa": ("2,3,4,5,6", "mare_africum"),
}
TOKENS = {"italia": 8, "britannia": 5, "achaea": 5, "sicilia": 5, "syria": 5}
HOMELAND_TOKENS = 4

# The printed cities at their real sites (lon, lat); Byzantium a little west of the
# widened Bosporus so that it stands on Thracian land.
CITY_SITES: dict[str, LonLat] = {
    "Corduba": (-4.78, 37.88), "Lugdunum": (4.83, 45.76), "Thessalonica": (22.94, 40.64),
    "Ephesus": (27.34, 37.94), "Alexandria": (29.92, 31.2), "Carthago": (10.2, 36.83),
    "Roma": (12.48, 41.9), "Athenae": (23.72, 37.98), "Byzantium": (28.72, 41.06),
    "Antiochia": (36.16, 36.2),
}

# -- the outlines (lon, lat), traced by hand ---------------------------------------------
# One ring round the connected water: Atlantic and North Sea, Mediterranean, Black Sea.
MAIN_WATER: tuple[LonLat, ...] = (
    (-13, 58), (8.4, 58),
    # Jutland, Frisia, the Low Countries
    (8.2, 57.1), (8.1, 56.5), (8.15, 55.6), (8.6, 55.0), (8.9, 54.3), (8.6, 53.9),
    (7.9, 53.7), (7.0, 53.55), (6.0, 53.45), (5.0, 53.3), (4.7, 52.9), (4.45, 52.3),
    (4.0, 51.95), (3.6, 51.55), (3.1, 51.3), (2.5, 51.1), (1.8, 50.95),
    # the Channel coast of Gaul, Brittany, the Bay of Biscay
    (1.6, 50.3), (1.4, 50.05), (0.2, 49.7), (0.0, 49.35), (-1.1, 49.35), (-1.3, 49.65),
    (-1.9, 49.7), (-1.6, 48.8), (-2.3, 48.65), (-3.2, 48.85), (-4.2, 48.7), (-4.8, 48.4),
    (-4.4, 48.05), (-4.4, 47.8), (-3.3, 47.65), (-2.5, 47.3), (-2.2, 47.1), (-1.8, 46.6),
    (-1.2, 46.2), (-1.2, 45.7), (-1.1, 45.0), (-1.25, 44.3), (-1.45, 43.6), (-1.8, 43.38),
    # northern Spain, Galicia, Portugal
    (-2.9, 43.4), (-3.8, 43.48), (-4.8, 43.42), (-5.8, 43.62), (-6.9, 43.58), (-7.7, 43.78),
    (-8.3, 43.45), (-9.25, 43.2), (-9.3, 42.85), (-8.9, 42.2), (-8.85, 41.5), (-8.65, 40.9),
    (-8.85, 40.25), (-9.35, 39.4), (-9.5, 38.75), (-9.15, 38.45), (-8.8, 38.5), (-8.8, 37.9),
    (-8.95, 37.0), (-8.3, 37.08), (-7.4, 37.18), (-6.9, 37.15), (-6.4, 36.8),
    # Cadiz and the widened Pillars of Hercules
    (-6.3, 36.5), (-6.05, 36.25), (-5.65, 36.1), (-5.3, 36.2),
    # Mediterranean Spain
    (-4.4, 36.7), (-3.4, 36.72), (-2.2, 36.75), (-1.6, 37.35), (-0.75, 37.6), (-0.5, 38.2),
    (0.2, 38.73), (-0.2, 39.3), (-0.3, 39.5), (0.1, 40.0), (0.6, 40.55), (0.95, 41.0),
    (2.1, 41.3), (2.9, 41.75), (3.2, 42.1), (3.1, 42.6),
    # Narbonensis, Liguria
    (3.05, 43.05), (3.6, 43.35), (4.2, 43.45), (4.8, 43.35), (5.4, 43.2), (6.1, 43.05),
    (6.7, 43.3), (7.3, 43.68), (8.0, 43.85), (8.8, 44.4), (9.5, 44.2), (10.1, 43.95),
    # the Tyrrhenian coast of Italy
    (10.3, 43.5), (10.55, 42.95), (11.1, 42.45), (11.8, 42.05), (12.45, 41.65),
    (13.0, 41.25), (13.7, 41.22), (14.0, 40.85), (14.4, 40.6), (14.9, 40.4), (15.1, 40.1),
    (15.65, 40.0), (15.8, 39.6), (16.05, 39.1), (16.1, 38.7), (15.95, 38.6),
    # Calabria's toe, pulled back from Sicily to open the Strait of Messana
    (15.95, 38.3), (15.85, 37.95), (16.15, 37.92), (16.55, 38.35), (17.1, 38.9),
    (17.15, 39.4), (16.6, 39.75), (16.55, 40.15), (16.95, 40.45), (17.4, 40.3), (18.0, 40.05),
    (18.45, 39.85), (18.5, 40.15),
    # the Adriatic coast of Italy
    (18.0, 40.65), (17.2, 41.0), (16.3, 41.35), (15.95, 41.9), (15.15, 41.95), (14.4, 42.3),
    (13.85, 42.85), (13.6, 43.5), (12.9, 43.9), (12.35, 44.25), (12.3, 44.9), (12.4, 45.45),
    (13.05, 45.72), (13.75, 45.65),
    # Istria, Dalmatia, Epirus
    (13.6, 45.15), (13.85, 44.85), (14.3, 45.25), (14.9, 44.95), (15.2, 44.3), (15.95, 43.55),
    (16.5, 43.45), (17.4, 43.0), (18.1, 42.6), (18.7, 42.3), (19.35, 41.85), (19.45, 41.3),
    (19.35, 40.8), (19.35, 40.4), (19.95, 39.8), (20.25, 39.4), (20.7, 38.95), (20.85, 38.6),
    (21.1, 38.35),
    # the Gulf of Corinth, the Peloponnese, Attica
    (21.5, 38.42), (22.1, 38.33), (22.6, 38.2), (22.95, 38.05), (22.45, 38.12),
    (21.9, 38.2), (21.65, 38.12), (21.35, 38.1), (21.15, 37.8), (21.35, 37.6), (21.6, 37.05),
    (21.7, 36.8), (22.0, 36.85), (22.15, 37.0), (22.4, 36.45), (22.75, 36.75), (23.1, 36.45),
    (23.05, 36.95), (22.75, 37.55), (23.25, 37.35), (23.45, 37.5), (23.15, 37.75),
    (23.05, 37.95), (23.55, 37.95), (23.75, 37.85), (24.05, 37.65), (24.1, 38.0),
    # Euboea (joined to the mainland), Thessaly, Chalcidice, Thrace
    (24.6, 38.15), (24.2, 38.55), (23.65, 38.85), (23.2, 39.05), (23.25, 39.35),
    (22.75, 39.8), (22.55, 40.35), (22.9, 40.6), (23.3, 40.25), (23.85, 40.0), (24.3, 40.2),
    (23.95, 40.5), (23.85, 40.8), (24.45, 40.9), (25.1, 40.97), (25.9, 40.85), (26.2, 40.75),
    (26.55, 40.65), (26.25, 40.35), (26.15, 40.05),
    # the widened Hellespont (European shore), the Propontis, the Bosporus
    (26.4, 40.25), (26.75, 40.45), (27.5, 40.95), (28.0, 41.0), (28.6, 40.98), (28.9, 41.02),
    (28.95, 41.25),
    # the Black Sea: Thrace, Moesia, Scythia, the Tauric Chersonese, the Caucasus
    (28.3, 41.6), (27.95, 42.1), (27.6, 42.45), (27.95, 42.8), (27.95, 43.2), (28.6, 43.75),
    (28.65, 44.25), (28.85, 44.7), (29.7, 45.1), (29.75, 45.5), (30.3, 46.0), (30.8, 46.5),
    (31.6, 46.6), (32.5, 46.1), (33.5, 45.95), (33.6, 45.7), (32.5, 45.4), (33.5, 45.05),
    (33.5, 44.55), (34.3, 44.5), (35.1, 44.8), (35.5, 45.05), (36.4, 45.1), (36.7, 45.25),
    (37.3, 44.95), (37.8, 44.7), (38.6, 44.3), (39.5, 43.8), (40.2, 43.35), (41.0, 42.95),
    (41.65, 42.2), (41.75, 41.65),
    # the Pontic coast of Asia Minor, back to the Bosporus
    (41.3, 41.35), (40.5, 41.05), (39.7, 41.0), (38.4, 40.95), (37.6, 41.1), (36.9, 41.2),
    (36.35, 41.3), (35.95, 41.7), (35.2, 42.05), (34.2, 41.98), (33.3, 42.0), (32.4, 41.8),
    (31.8, 41.5), (31.35, 41.35), (30.5, 41.35), (29.9, 41.3), (29.3, 41.22),
    # the Asian shore of the Bosporus, Propontis and Hellespont
    (29.2, 40.98), (29.45, 40.82), (29.95, 40.75), (29.45, 40.68), (28.95, 40.4),
    (28.1, 40.4), (27.5, 40.35), (27.0, 40.3), (26.7, 40.12), (26.38, 39.9),
    # the Aegean coast of Asia, Caria, Lycia, Pamphylia, Cilicia
    (26.1, 39.5), (26.6, 39.45), (26.95, 39.3), (26.85, 38.95), (26.75, 38.6), (27.1, 38.45),
    (26.45, 38.35), (26.3, 38.25), (26.8, 38.15), (27.25, 37.95), (27.2, 37.35), (27.55, 37.05),
    (27.3, 36.95), (28.05, 36.8), (28.2, 36.65), (28.95, 36.65), (29.6, 36.2), (30.4, 36.25),
    (30.55, 36.55), (30.65, 36.85), (31.1, 36.85), (31.8, 36.6), (32.3, 36.2), (32.8, 36.02),
    (33.5, 36.15), (34.1, 36.3), (34.6, 36.78), (35.3, 36.6), (35.8, 36.75), (36.15, 36.9),
    # the Levant, the Nile delta, Egypt's desert coast
    (36.0, 36.5), (35.8, 36.3), (35.8, 35.85), (35.9, 35.45), (35.9, 35.0), (35.65, 34.4),
    (35.45, 33.9), (35.2, 33.2), (34.95, 32.8), (34.8, 32.1), (34.45, 31.55), (33.8, 31.15),
    (32.6, 31.05), (32.3, 31.27), (31.8, 31.5), (31.0, 31.6), (30.4, 31.5), (30.05, 31.3),
    (29.9, 31.2), (29.0, 30.85), (28.0, 31.05), (27.2, 31.35), (25.9, 31.6), (25.2, 31.55),
    # Marmarica, Cyrenaica, the Syrtes, Tripolitania
    (24.0, 32.0), (23.1, 32.1), (22.5, 32.75), (21.7, 32.9), (21.0, 32.85), (20.2, 32.45),
    (20.05, 32.1), (19.95, 31.4), (19.5, 30.45), (18.8, 30.4), (17.8, 30.85), (16.6, 31.2),
    (15.6, 31.6), (15.2, 32.3), (14.4, 32.5), (13.2, 32.9), (12.0, 32.85), (11.5, 33.1),
    # Africa (Tunisia), Numidia, Mauretania
    (11.1, 33.3), (10.9, 33.75), (10.4, 33.7), (10.1, 33.9), (10.4, 34.4), (10.9, 35.0),
    (11.05, 35.5), (10.6, 35.85), (10.5, 36.4), (10.85, 36.75), (11.05, 37.05), (10.7, 36.95),
    (10.35, 36.75), (10.2, 36.8), (10.25, 37.15), (9.85, 37.3), (9.2, 37.2), (8.6, 36.95),
    (7.7, 36.95), (7.3, 37.05), (6.9, 36.9), (6.3, 37.05), (5.7, 36.8), (5.1, 36.75),
    (4.0, 36.9), (3.05, 36.78), (2.2, 36.6), (1.3, 36.5), (0.1, 35.85), (-0.6, 35.75),
    (-1.4, 35.3), (-2.2, 35.1), (-2.9, 35.4), (-3.9, 35.2), (-4.7, 35.2), (-5.3, 35.75),
    (-5.45, 35.82),
    # Tingis and the Atlantic coast of Mauretania
    (-5.95, 35.75), (-6.2, 35.2), (-6.8, 34.1), (-7.6, 33.6), (-8.5, 33.2), (-9.3, 32.5),
    (-9.8, 31.2), (-9.7, 30.4), (-10.1, 29.5), (-11.2, 28.6), (-13, 27.5),
)

BALTIC: tuple[LonLat, ...] = (
    (10.6, 58), (10.55, 57.4), (10.3, 56.6), (10.8, 56.2), (10.0, 55.7), (9.7, 55.0),
    (10.0, 54.5), (11.0, 54.05), (12.3, 54.3), (13.5, 54.5), (14.2, 53.9), (16.0, 54.3),
    (18.5, 54.8), (19.6, 54.4), (21.2, 55.2), (21.05, 56.3), (21.7, 57.5), (22.5, 58),
    (16.6, 58), (16.5, 57.2), (15.9, 56.2), (14.4, 56.0), (14.2, 55.4), (12.9, 55.4),
    (12.6, 56.1), (11.9, 57.5), (11.7, 58),
)

RED_SEA: tuple[LonLat, ...] = (
    (32.55, 30.0), (32.65, 29.1), (33.2, 28.2), (33.85, 27.2), (34.3, 26.1), (34.9, 25.1),
    (35.5, 24.0), (35.7, 23.0), (37.9, 23.0), (37.3, 24.6), (36.5, 25.8), (35.6, 27.3),
    (35.0, 28.1), (34.95, 29.5), (34.65, 28.9), (34.4, 28.0), (34.25, 27.75), (33.6, 28.3),
    (33.0, 29.2),
)

ISLANDS: dict[str, tuple[LonLat, ...]] = {
    "britain": (
        (-5.7, 50.05), (-5.0, 50.15), (-4.2, 50.35), (-3.4, 50.6), (-2.5, 50.6), (-2.0, 50.7),
        (-0.8, 50.78), (0.3, 50.8), (1.4, 51.15), (1.4, 51.4), (0.7, 51.5), (1.6, 51.95),
        (1.75, 52.6), (1.3, 52.95), (0.4, 52.95), (0.3, 53.45), (-0.1, 53.6), (-0.4, 54.1),
        (-1.2, 54.6), (-1.5, 55.2), (-1.6, 55.65), (-2.1, 56.0), (-2.8, 56.05), (-2.55, 56.5),
        (-1.8, 57.5), (-2.0, 58.2), (-5.3, 58.2), (-5.6, 57.6), (-5.7, 57.0), (-5.5, 56.4),
        (-5.1, 55.8), (-4.9, 55.4), (-5.1, 55.0), (-4.4, 54.75), (-3.4, 54.95), (-3.2, 54.6),
        (-3.0, 54.1), (-3.05, 53.7), (-3.2, 53.35), (-4.65, 53.3), (-4.2, 52.8), (-4.1, 52.3),
        (-4.7, 52.0), (-5.2, 51.75), (-4.0, 51.6), (-3.1, 51.4), (-3.0, 51.2), (-4.2, 51.2),
        (-4.6, 51.0), (-5.1, 50.6),
    ),
    "ireland": (
        (-6.05, 52.2), (-6.1, 53.3), (-6.0, 54.0), (-5.55, 54.55), (-6.2, 55.2), (-7.4, 55.35),
        (-8.3, 55.15), (-8.6, 54.3), (-10.0, 54.2), (-9.9, 53.4), (-10.3, 52.2), (-9.6, 51.6),
        (-8.3, 51.7), (-7.0, 52.1),
    ),
    # Mallorca, drawn a quarter larger so that it holds a stack of units
    "mallorca": (
        (2.2, 39.55), (2.55, 40.05), (3.15, 40.05), (3.65, 39.75), (3.3, 39.3), (2.95, 39.3),
        (2.65, 39.5),
    ),
    # Corsica and Sardinia, joined across the Strait of Bonifacio (one province)
    "sardinia": (
        (8.4, 39.0), (8.45, 39.55), (8.4, 40.1), (8.5, 40.6), (8.2, 40.95), (8.9, 41.2),
        (8.85, 41.55), (8.6, 41.95), (8.6, 42.4), (9.3, 43.0), (9.5, 42.75), (9.55, 42.1),
        (9.4, 41.6), (9.8, 40.95), (9.7, 40.1), (9.65, 39.25), (9.05, 39.1), (8.65, 38.9),
    ),
    "sicily": (
        (12.4, 37.8), (12.55, 38.15), (13.3, 38.22), (14.0, 38.05), (15.1, 38.18), (15.55, 38.28),
        (15.25, 37.75), (15.1, 37.3), (15.3, 37.0), (15.1, 36.67), (14.4, 36.75), (13.2, 37.25),
        (12.6, 37.6),
    ),
    "crete": (
        (23.5, 35.3), (23.6, 35.62), (24.2, 35.55), (25.0, 35.42), (25.8, 35.35), (26.3, 35.3),
        (26.2, 35.0), (25.0, 34.95), (24.2, 35.1), (23.6, 35.2),
    ),
    "cyprus": (
        (32.3, 34.8), (32.4, 35.1), (33.0, 35.38), (34.0, 35.42), (34.6, 35.7), (34.0, 35.0),
        (33.9, 34.95), (33.0, 34.6), (32.6, 34.65),
    ),
}

# The empire's frontier: land inside belongs to a province, land outside is barbaricum.
LIMES: tuple[LonLat, ...] = (
    (-13, 50.4), (-6.6, 50.6), (-5.6, 51.8), (-5.6, 55.0), (-1.0, 55.0), (2.0, 54.5),
    (4.0, 53.0), (4.3, 52.25), (5.5, 52.0), (6.2, 51.95), (6.9, 51.45), (7.0, 51.0),
    (7.35, 50.5), (8.0, 50.6), (8.75, 50.45), (8.95, 50.1), (9.2, 49.7), (9.5, 49.2),
    (9.7, 48.85), (10.5, 49.0), (11.0, 49.05), (11.8, 48.95), (12.1, 49.02), (13.0, 48.75),
    (13.45, 48.57), (14.3, 48.3), (15.6, 48.4), (16.4, 48.22), (16.9, 48.12), (17.9, 47.75),
    (18.9, 47.8), (19.05, 47.5), (18.95, 46.9), (18.95, 46.1), (20.2, 46.4), (21.3, 47.0),
    (22.5, 47.8), (24.0, 48.0), (25.3, 47.6), (26.0, 46.6), (26.1, 45.8), (25.3, 45.0),
    (25.0, 43.75), (25.95, 43.85), (27.0, 44.1), (27.9, 44.15), (28.1, 44.5), (28.05, 45.35),
    (28.8, 45.3), (29.7, 45.25), (30.5, 45.0), (33.0, 44.0), (37.0, 44.0), (39.8, 42.8),
    (41.3, 41.9), (41.9, 41.4), (43.0, 41.3), (44.5, 41.6), (47.0, 41.5), (47.0, 33.0),
    (44.0, 32.8), (41.0, 33.3), (39.0, 33.0), (37.2, 31.0), (35.4, 29.6), (35.0, 28.0),
    (36.0, 23.0), (28.5, 23.0), (28.5, 29.5), (25.0, 30.3), (22.0, 30.5), (18.5, 29.5),
    (16.0, 29.8), (13.0, 30.5), (10.5, 31.8), (9.3, 33.0), (8.0, 34.0), (6.0, 34.3),
    (3.0, 34.2), (0.0, 34.3), (-2.0, 34.2), (-4.0, 33.9), (-6.0, 33.4), (-7.5, 33.3),
    (-9.0, 33.0), (-13, 33.0),
)

# Extra seeds (lon, lat) that shape a region beyond its centre, and distance weights
# (below 1 a region grows faster). Tuned by eye and by the adjacency check.
EXTRA_SEEDS: dict[str, tuple[LonLat, ...]] = {
    # seas
    "mare_gallicum": ((9.2, 43.6),),
    "mare_adriaticum": ((19.5, 39.6), (18.8, 40.6)),
    "fretum_gaditanum": ((-3.5, 35.8),),
    "mare_sardoum": ((5.0, 37.3),),
    "mare_balearicum": ((3.0, 37.1),),
    "mare_libycum": ((24.5, 34.5), (26.5, 34.3)),
    "mare_aegyptium": ((30.5, 33.3), (28.0, 32.3), (34.7, 33.3)),
    "mare_cilicium": ((31.0, 35.6), (29.5, 35.5)),
    "mare_creticum": ((27.0, 36.2),),
    "pontus_euxinus": ((29.2, 42.0), (29.6, 41.6)),
    # each strait's water belongs to the zone whose galley cuts it
    "mare_tyrrhenum": ((15.75, 38.3),),
    "mare_ionium": ((15.6, 37.4), (16.3, 38.0)),
    "propontis": ((29.08, 41.12),),
    "mare_aegaeum": ((26.5, 40.15),),
    # provinces
    "cisalpina": ((13.5, 45.9), (14.0, 45.5)),
    "moesia": ((25.5, 43.6), (26.8, 43.85), (27.8, 43.95), (28.4, 44.3)),
    "thracia": ((27.6, 42.0), (28.5, 41.3)),
    "raetia": ((9.5, 46.8),),
    "noricum": ((14.6, 46.5),),
    "italia": ((11.0, 43.3),),
    "lugdunensis": ((4.83, 45.76), (4.3, 46.2), (3.8, 46.6), (2.4, 47.0)),
    "achaea": ((21.4, 38.7),),
    "syria": ((35.9, 34.0),),
    "cappadocia": ((40.0, 40.7), (41.3, 41.2)),
    "galatia": ((33.5, 41.4),),
}
WEIGHTS: dict[str, float] = {}

OUTER_WATERS = (
    ("mare_suebicum", "Mare Suebicum", "Mar Suébico", "Baltic Sea", (18.0, 55.5)),
    ("sinus_arabicus", "Sinus Arabicus", "Golfo Arábigo", "Red Sea", (34.5, 26.5)),
)


# -- raster ------------------------------------------------------------------------------
NX, NY = WIDTH // CELL, HEIGHT // CELL
UNSET, WILD, OUTSIDE = -3, -2, -1


def cell_of(p: Point) -> int:
    i = min(NX - 1, max(0, int(p[0] // CELL)))
    j = min(NY - 1, max(0, int(p[1] // CELL)))
    return j * NX + i


def rasterise(rings: Iterable[Sequence[LonLat]]) -> bytearray:
    """Even-odd fill of the rings (all together) at the cell centres."""
    edges = []
    for ring in rings:
        pts = [px(*p) for p in ring]
        for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
            if a[1] != b[1]:
                edges.append((a, b))
    out = bytearray(NX * NY)
    for j in range(NY):
        y = (j + 0.5) * CELL
        xs = sorted(
            a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            for a, b in edges if (a[1] > y) != (b[1] > y)
        )
        for x0, x1 in zip(xs[::2], xs[1::2], strict=True):
            i0 = max(0, math.ceil(x0 / CELL - 0.5))
            i1 = min(NX - 1, math.floor(x1 / CELL - 0.5))
            for i in range(i0, i1 + 1):
                out[j * NX + i] = 1
    return out


def neighbours4(c: int) -> Iterable[int]:
    i, j = c % NX, c // NX
    if i > 0:
        yield c - 1
    if i < NX - 1:
        yield c + 1
    if j > 0:
        yield c - NX
    if j < NY - 1:
        yield c + NX


STEPS8 = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0),
          (1, 1, 1.4142), (1, -1, 1.4142), (-1, 1, 1.4142), (-1, -1, 1.4142))


class Grower:
    """Grows labelled regions from seeds over allowed cells, cheapest first (geodesic Voronoi)."""

    def __init__(self, labels: list[int], allowed: bytearray) -> None:
        self.labels = labels
        self.allowed = allowed

    def grow(self, seeds: dict[int, list[int]], weights: dict[int, float],
             ok: dict[int, frozenset[int]], inland: frozenset[int], water: bytearray) -> None:
        lab = self.labels
        heap: list[tuple[float, int, int]] = []
        for label, cells in seeds.items():
            for c in cells:
                heapq.heappush(heap, (0.0, c, label))
        while heap:
            d, c, label = heapq.heappop(heap)
            if lab[c] != UNSET or not self.allowed[c]:
                continue
            if d > 0 and not any(lab[n] == label for n in neighbours4(c)):
                continue  # reached diagonally: wait for an edge neighbour, no pinches
            if not self._fits(c, label, ok[label], label in inland, water):
                continue
            lab[c] = label
            i, j = c % NX, c // NX
            w = weights.get(label, 1.0)
            for di, dj, cost in STEPS8:
                ii, jj = i + di, j + dj
                if 0 <= ii < NX and 0 <= jj < NY:
                    n = jj * NX + ii
                    if lab[n] == UNSET and self.allowed[n]:
                        heapq.heappush(heap, (d + cost * w, n, label))

    def _fits(self, c: int, label: int, ok: frozenset[int], inland: bool,
              water: bytearray) -> bool:
        for n in neighbours4(c):
            other = self.labels[n]
            if 0 <= other < 60 and other != label and other not in ok:
                return False
            if inland and water[n]:
                return False
        return True


# -- regions to polygons ---------------------------------------------------------------------
Vertex = tuple[int, int]


def label_at(labels: list[int], i: int, j: int) -> int:
    if 0 <= i < NX and 0 <= j < NY:
        return labels[j * NX + i]
    return OUTSIDE


def is_junction(labels: list[int], v: Vertex) -> bool:
    i, j = v
    nw, ne = label_at(labels, i - 1, j - 1), label_at(labels, i, j - 1)
    sw, se = label_at(labels, i - 1, j), label_at(labels, i, j)
    distinct = {nw, ne, sw, se}
    return len(distinct) >= 3 or (len(distinct) == 2 and nw == se and ne == sw)


def trace_rings(labels: list[int], cells: list[int]) -> list[list[Vertex]]:
    """The boundary rings of one label's cells, region on the left, 4-connected."""
    label = labels[cells[0]]
    out: dict[Vertex, list[Vertex]] = {}
    for c in cells:
        i, j = c % NX, c // NX
        if label_at(labels, i, j - 1) != label:
            out.setdefault((i + 1, j), []).append((i, j))
        if label_at(labels, i, j + 1) != label:
            out.setdefault((i, j + 1), []).append((i + 1, j + 1))
        if label_at(labels, i - 1, j) != label:
            out.setdefault((i, j), []).append((i, j + 1))
        if label_at(labels, i + 1, j) != label:
            out.setdefault((i + 1, j + 1), []).append((i + 1, j))
    rings = []
    while out:
        start = next(iter(out))
        ring = [start]
        prev, cur = start, out[start].pop()
        if not out[start]:
            del out[start]
        while cur != start:
            ring.append(cur)
            options = out[cur]
            dx, dy = cur[0] - prev[0], cur[1] - prev[1]
            pick = options[0]
            if len(options) > 1:  # a pinch: turn left, keeping diagonal cells apart
                left = (cur[0] + dy, cur[1] - dx)
                pick = left if left in options else options[0]
            options.remove(pick)
            if not options:
                del out[cur]
            prev, cur = cur, pick
        rings.append(ring)
    return rings


def smooth(points: list[Point], passes: int = 3) -> list[Point]:
    """Round off the cell staircase: a few [1 2 1] passes, the two ends held."""
    for _ in range(passes):
        if len(points) < 3:
            return points
        points = [points[0]] + [
            ((a[0] + 2 * b[0] + c[0]) / 4, (a[1] + 2 * b[1] + c[1]) / 4)
            for a, b, c in zip(points, points[1:], points[2:], strict=False)
        ] + [points[-1]]
    return points


def douglas_peucker(points: list[Point], tolerance: float) -> list[Point]:
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        (x1, y1), (x2, y2) = points[a], points[b]
        dx, dy = x2 - x1, y2 - y1
        norm = math.hypot(dx, dy)
        best, at = -1.0, -1
        for k in range(a + 1, b):
            x, y = points[k]
            if norm == 0:
                dist = math.hypot(x - x1, y - y1)
            else:
                dist = abs(dy * (x - x1) - dx * (y - y1)) / norm
            if dist > best:
                best, at = dist, k
        if best > tolerance:
            keep[at] = True
            stack += [(a, at), (at, b)]
    return [p for p, k in zip(points, keep, strict=True) if k]


class Vectoriser:
    """Turns cell regions into polygons whose shared borders are simplified once."""

    def __init__(self, labels: list[int]) -> None:
        self.labels = labels
        self.chains: dict[tuple[Vertex, ...], list[Point]] = {}

    def simplified(self, chain: list[Vertex]) -> list[Point]:
        """The chain smoothed (its ends fixed), simplified, and snapped to a 1/8-cell grid
        so that both areas that share it write exactly the same coordinates."""
        key, rev = tuple(chain), tuple(reversed(chain))
        if rev < key:
            return list(reversed(self.simplified(list(rev))))
        if key not in self.chains:
            pts = smooth([(float(i), float(j)) for i, j in chain])
            if chain[0] == chain[-1]:
                far = max(range(len(pts)), key=lambda k: math.dist(pts[k], pts[0]))
                half = douglas_peucker(pts[:far + 1], SIMPLIFY)
                pts = half + douglas_peucker(pts[far:], SIMPLIFY)[1:]
            else:
                pts = douglas_peucker(pts, SIMPLIFY)
            self.chains[key] = [(round(x * 8) / 8, round(y * 8) / 8) for x, y in pts]
        return self.chains[key]

    def ring(self, ring: list[Vertex]) -> list[Point]:
        marks = [k for k, v in enumerate(ring) if is_junction(self.labels, v)]
        if not marks:
            marks = [ring.index(min(ring))]
        out: list[Point] = []
        for a, b in zip(marks, [*marks[1:], marks[0] + len(ring)], strict=True):
            chain = [ring[k % len(ring)] for k in range(a, b + 1)]
            out += self.simplified(chain)[:-1]
        return [(x * CELL, y * CELL) for x, y in out]

    def polygon(self, cells: list[int]) -> list[Point]:
        rings = [self.ring(r) for r in trace_rings(self.labels, cells)]
        rings.sort(key=lambda r: -abs(signed_area(r)))
        outer = rings[0]
        for hole in rings[1:]:  # a zero-width keyhole from the nearest outer vertex
            k, m = min(((k, m) for k in range(len(outer)) for m in range(len(hole))),
                       key=lambda km: math.dist(outer[km[0]], hole[km[1]]))
            outer = outer[:k + 1] + hole[m:] + hole[:m + 1] + outer[k:]
        return outer


def signed_area(ring: Sequence[Point]) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
               in zip(ring, [*ring[1:], ring[0]], strict=True)) / 2.0


# -- building the labels --------------------------------------------------------------------
PROVINCE_ID = {p.key: i for i, p in enumerate(PROVINCES)}
SEA_ID = {s.key: len(PROVINCES) + i for i, s in enumerate(SEAS)}
OUTER_ID = {w[0]: 60 + i for i, w in enumerate(OUTER_WATERS)}


def allowed_contacts() -> dict[int, frozenset[int]]:
    """For every province and zone, the areas it may touch: its tables' neighbours and coasts."""
    ok = {PROVINCE_ID[p.key]: frozenset([PROVINCE_ID[n] for n in p.neighbours]
                                        + [SEA_ID[z] for z in p.seas]) for p in PROVINCES}
    ok.update({SEA_ID[s.key]: frozenset([SEA_ID[n] for n in s.neighbours]
                                        + [PROVINCE_ID[c] for c in s.coasts]) for s in SEAS})
    return ok


OK = allowed_contacts()


def seeds_of(key: str, centre: Point) -> list[int]:
    return [cell_of(centre)] + [cell_of(px(*ll)) for ll in EXTRA_SEEDS.get(key, ())]


def build_labels() -> tuple[list[int], bytearray]:
    water = rasterise([MAIN_WATER, BALTIC, RED_SEA, *ISLANDS.values()])
    empire = rasterise([LIMES])
    labels = [UNSET] * (NX * NY)
    for key, *_rest, where in OUTER_WATERS:
        flood(labels, water, cell_of(px(*where)), OUTER_ID[key])
    main_water = bytearray(1 if w and lab == UNSET else 0
                           for w, lab in zip(water, labels, strict=True))
    # provinces first, over the land inside the limes: land neighbours only, inland stays dry
    province_ok = {PROVINCE_ID[p.key]: frozenset(PROVINCE_ID[n] for n in p.neighbours)
                   for p in PROVINCES}
    inland = frozenset(PROVINCE_ID[p.key] for p in PROVINCES if not p.seas)
    land = bytearray(1 if not w and e else 0 for w, e in zip(water, empire, strict=True))
    Grower(labels, land).grow(
        {PROVINCE_ID[p.key]: seeds_of(p.key, (p.x, p.y)) for p in PROVINCES},
        {PROVINCE_ID[k]: w for k, w in WEIGHTS.items() if k in PROVINCE_ID},
        province_ok, inland, main_water)
    for c in range(NX * NY):
        if labels[c] == UNSET and not water[c] and not empire[c]:
            labels[c] = WILD
    land_gaps = fill_gaps(labels, land, province_ok)
    # then the seas, each refusing to touch a zone or a coast its tables do not list
    sea_ok = {SEA_ID[s.key]: frozenset([SEA_ID[n] for n in s.neighbours]
                                       + [PROVINCE_ID[c] for c in s.coasts]) for s in SEAS}
    Grower(labels, main_water).grow(
        {SEA_ID[s.key]: seeds_of(s.key, (s.x, s.y)) for s in SEAS},
        {SEA_ID[k]: w for k, w in WEIGHTS.items() if k in SEA_ID}, sea_ok, frozenset(),
        main_water)
    water_gaps = fill_gaps(labels, main_water, sea_ok)
    flips = repair(labels)
    print(f"{land_gaps} land and {water_gaps} water cells claimed by nobody, given to a "
          f"neighbour; {flips} cells relabelled to keep non-neighbours apart", file=sys.stderr)
    return labels, water


def flood(labels: list[int], allowed: bytearray, start: int, label: int) -> None:
    todo = [start]
    while todo:
        c = todo.pop()
        if labels[c] == UNSET and allowed[c]:
            labels[c] = label
            todo += list(neighbours4(c))


def fill_gaps(labels: list[int], element: bytearray, ok: dict[int, frozenset[int]]) -> int:
    """Cells of one element (land or water) that nobody could claim take the neighbouring
    area that breaks the fewest adjacencies (then the commonest). Returns how many."""
    gaps = [c for c in range(NX * NY) if labels[c] == UNSET and element[c]]
    total = len(gaps)
    while gaps:
        left = []
        for c in gaps:
            around = [labels[n] for n in neighbours4(c) if labels[n] != UNSET]
            votes = Counter(a for a in around if a in ok)
            if not votes:
                left.append(c)
                continue

            def cost(label: int, around: list[int] = around) -> int:
                return sum(1 for a in around if 0 <= a < 60 and a != label
                           and a not in ok[label])

            labels[c] = min(votes, key=lambda a: (cost(a), -votes[a]))
        if len(left) == len(gaps):
            for c in left:
                labels[c] = WILD
            break
        gaps = left
    return total


def clashes(labels: list[int], c: int, label: int) -> int:
    """How many edge neighbours of cell c an area `label` there could not touch."""
    if not 0 <= label < 60:
        return 0
    ok = OK[label]
    return sum(1 for n in neighbours4(c) if 0 <= labels[n] < 60 and labels[n] != label
               and labels[n] not in ok)


RING8 = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def cuts(labels: list[int], c: int) -> bool:
    """Whether taking cell c out of its area would split what the area holds around it."""
    i, j = c % NX, c // NX
    own = labels[c]
    ring = [label_at(labels, i + di, j + dj) == own for di, dj in RING8]
    # walking round the 8 cells, count runs of own cells that include an edge neighbour
    runs, k = 0, 0
    while k < 8:
        if ring[k] and not ring[k - 1]:
            run, has_edge = k, False
            while ring[run % 8] and run < k + 8:
                has_edge |= run % 2 == 1
                run += 1
            runs += has_edge
        k += 1
    if all(ring):
        return False
    return runs > 1


def repair(labels: list[int]) -> int:
    """Relabel single cells (land or water alike: the coast moves by one cell) where two
    areas touch that the tables keep apart, while that lowers the count of such contacts."""
    todo = {c for c in range(NX * NY) if clashes(labels, c, labels[c])}
    flips = 0
    while todo:
        c = todo.pop()
        now = clashes(labels, c, labels[c])
        if not now:
            continue
        i, j = c % NX, c // NX
        around = {label_at(labels, i + di, j + dj) for di, dj, _cost in STEPS8}
        near = {labels[n] for n in neighbours4(c)}
        best = min((a for a in around if 0 <= a < 60 and a in near),
                   key=lambda a: clashes(labels, c, a), default=labels[c])
        if clashes(labels, c, best) < now and not cuts(labels, c):
            labels[c] = best
            flips += 1
            todo.update(n for n in neighbours4(c) if clashes(labels, n, labels[n]))
    return flips


def piece_counts(labels: list[int]) -> Counter[int]:
    """How many 4-connected pieces each label has, in one pass."""
    seen = bytearray(NX * NY)
    counts: Counter[int] = Counter()
    for c in range(NX * NY):
        if not seen[c]:
            label, todo = labels[c], [c]
            seen[c] = 1
            counts[label] += 1
            while todo:
                x = todo.pop()
                for n in neighbours4(x):
                    if not seen[n] and labels[n] == label:
                        seen[n] = 1
                        todo.append(n)
    return counts


def components(labels: list[int], label: int) -> list[list[int]]:
    seen: set[int] = set()
    out = []
    for c in range(NX * NY):
        if labels[c] == label and c not in seen:
            comp, todo = [], [c]
            seen.add(c)
            while todo:
                x = todo.pop()
                comp.append(x)
                for n in neighbours4(x):
                    if labels[n] == label and n not in seen:
                        seen.add(n)
                        todo.append(n)
            out.append(comp)
    return sorted(out, key=len, reverse=True)


def merge_fragments(labels: list[int], ids: Iterable[int]) -> None:
    """Keep each area's largest 4-connected piece; hand smaller ones to the neighbour that
    may touch most of what surrounds them (then the commonest)."""
    for label in ids:
        for comp in components(labels, label)[1:]:
            rim = [n for c in comp for n in neighbours4(c) if labels[n] != label]
            votes = Counter(labels[n] for n in rim)

            def cost(new: int, rim: list[int] = rim) -> int:
                return sum(clashes(labels, n, new) for n in rim if labels[n] != new)

            new = min(votes, key=lambda a: (cost(a) if a >= 0 else 0, -votes[a]))
            print(f"  fragment of {label} ({len(comp)} cells) -> {new}", file=sys.stderr)
            for c in comp:
                labels[c] = new


def touching(labels: list[int]) -> set[tuple[int, int]]:
    pairs = set()
    for j in range(NY):
        row = j * NX
        for i in range(NX):
            a = labels[row + i]
            if i + 1 < NX:
                b = labels[row + i + 1]
                if a != b:
                    pairs.add((min(a, b), max(a, b)))
            if j + 1 < NY:
                b = labels[row + NX + i]
                if a != b:
                    pairs.add((min(a, b), max(a, b)))
    return pairs


def expected_pairs() -> set[tuple[int, int]]:
    want = set()
    for p in PROVINCES:
        a = PROVINCE_ID[p.key]
        for n in p.neighbours:
            want.add(tuple(sorted((a, PROVINCE_ID[n]))))
        for s in p.seas:
            want.add(tuple(sorted((a, SEA_ID[s]))))
    for s in SEAS:
        a = SEA_ID[s.key]
        for n in s.neighbours:
            want.add(tuple(sorted((a, SEA_ID[n]))))
    return want  # type: ignore[return-value]


def check_adjacency(labels: list[int]) -> list[str]:
    names = {**{v: k for k, v in PROVINCE_ID.items()}, **{v: k for k, v in SEA_ID.items()}}
    got = {(a, b) for a, b in touching(labels) if 0 <= a < 59 and 0 <= b < 59}
    want = expected_pairs()
    problems = [f"missing {names[a]} - {names[b]}" for a, b in sorted(want - got)]
    problems += [f"extra {names[a]} - {names[b]}" for a, b in sorted(got - want)]
    return problems


# -- writing the map --------------------------------------------------------------------------
def writer() -> TmxWriter:
    return TmxWriter(
        width_tiles=WIDTH // TILE, height_tiles=HEIGHT // TILE, tile=TILE, background="#b9a57e",
        properties=[("game", "string", "conquest_of_the_empire"), ("format_version", "int", 1),
                    ("projection", "string", "x = 70*(lon+11), y = 80*(57-lat)")],
        position="g", vertex="g")


def ids(keys: Iterable[str], table: dict[str, int]) -> str:
    return ",".join(str(table[k]) for k in keys)


def names(props: ET.Element, la: str, es: str, en: str) -> None:
    prop(props, "name_en", "string", en)
    prop(props, "name_es", "string", es)
    prop(props, "name_la", "string", la)


def add_provinces(b: TmxWriter, polygons: dict[int, list[Point]]) -> None:
    layer = b.layer("provinces", "#c8a55a")
    for p in PROVINCES:
        aid = PROVINCE_ID[p.key]
        props = ET.SubElement(b.shape(layer, "polygon", polygons[aid]), "properties")
        prop(props, "adjacent", "string", ids(p.neighbours, PROVINCE_ID))
        prop(props, "area_id", "int", aid)
        prop(props, "city", "string", p.city)
        prop(props, "coin", "string", p.coin)
        home = HOMELANDS.get(p.key)
        prop(props, "homeland", "bool", home is not None)
        if home is not None:
            prop(props, "home_sea", "int", SEA_ID[home[1]])
            prop(props, "homeland_players", "string", home[0])
        prop(props, "key", "string", p.key)
        prop(props, "kind", "string", "province")
        prop(props, "label", "string", p.en)
        names(props, p.la, p.es, p.en)
        prop(props, "region", "string", p.region)
        prop(props, "seas", "string", ids(p.seas, SEA_ID))
        prop(props, "tiers", "string", p.tiers)
        tokens = TOKENS.get(p.key, HOMELAND_TOKENS if home is not None else 0)
        prop(props, "tokens", "int", tokens)


def add_seas(b: TmxWriter, polygons: dict[int, list[Point]]) -> None:
    layer = b.layer("seas", "#5a8ac8")
    for s in SEAS:
        aid = SEA_ID[s.key]
        props = ET.SubElement(b.shape(layer, "polygon", polygons[aid]), "properties")
        prop(props, "adjacent", "string", ids(s.neighbours, SEA_ID))
        prop(props, "area_id", "int", aid)
        prop(props, "coasts", "string", ids(s.coasts, PROVINCE_ID))
        prop(props, "key", "string", s.key)
        prop(props, "kind", "string", "sea")
        prop(props, "label", "string", s.en)
        names(props, s.la, s.es, s.en)
    layer = b.layer("waters", "#8fb3c9")
    for key, la, es, en, _where in OUTER_WATERS:
        aid = OUTER_ID[key]
        props = ET.SubElement(b.shape(layer, "polygon", polygons[aid]), "properties")
        prop(props, "adjacent", "string", "")
        prop(props, "area_id", "int", aid)
        prop(props, "key", "string", key)
        prop(props, "kind", "string", "outer_sea")
        prop(props, "label", "string", en)
        names(props, la, es, en)


def add_straits(b: TmxWriter) -> None:
    layer = b.layer("straits", "#202020")
    for n, s in enumerate(STRAITS):
        props = ET.SubElement(b.shape(layer, "polyline", [px(*p) for p in s.line]), "properties")
        prop(props, "ends", "string", ids(s.ends, PROVINCE_ID))
        prop(props, "joins", "string", "areas")
        prop(props, "key", "string", s.key)
        prop(props, "kind", "string", "strait")
        prop(props, "label", "string", s.en)
        names(props, s.la, s.es, s.en)
        prop(props, "route_id", "int", n)
        prop(props, "zone", "int", SEA_ID[s.zone])


SEA_LABEL_SIZES = (36.0, 31.0, 26.0, 22.0, 19.0, 16.0)


def sea_label_spots(labels: list[int]) -> dict[str, tuple[float, float, float, float]]:
    """Where each zone's name is lettered (centre of the text, size in world px, angle in
    degrees anticlockwise): the largest size whose box (spaced italic capitals, estimated)
    lies in the zone's water, clear of the zone's centre where its galleys stand; level
    text if it fits, else turned to follow a narrow sea; nearest above that centre."""
    spots = {}
    for sea in SEAS:
        aid = SEA_ID[sea.key]
        chars = len(sea.la)
        best = None
        for size in SEA_LABEL_SIZES:
            w, h = chars * size * 0.95 + 16, size * 1.4 + 16
            for angle in (0.0, -20.0, 20.0, -38.0, 38.0, -55.0, 55.0, -75.0, 75.0, 90.0):
                ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
                box = [(w * (i / 8 - 0.5), h * (j / 2 - 0.5)) for i in range(9) for j in range(3)]
                turned = [(u * ca + v * sa, -u * sa + v * ca) for u, v in box]
                for dx in range(-520, 521, 20):
                    for dy in range(-360, 361, 20):
                        # the centre in the text's own axes: keep the galleys' spot clear
                        u0, v0 = -dx * ca + dy * sa, -dx * sa - dy * ca
                        if abs(u0) < w / 2 + 34 and abs(v0) < h / 2 + 34:
                            continue
                        x, y = sea.x + dx, sea.y + dy
                        pts = [(x + u, y + v) for u, v in turned]
                        if not all(0 <= p[0] < WIDTH and 0 <= p[1] < HEIGHT for p in pts):
                            continue
                        if all(labels[cell_of(p)] == aid for p in pts):
                            score = (abs(angle), math.hypot(dx, dy + 90))
                            if best is None or score < best[0]:
                                best = (score, x, y, size, angle)
            if best is not None:
                break
        if best is None:  # a sea too small for its name (the Propontis): just above it
            best = ((0.0, 0.0), sea.x, sea.y - 44, SEA_LABEL_SIZES[-1], 0.0)
        spots[sea.key] = (float(best[1]), float(best[2]), best[3], best[4])
    return spots


def add_places(b: TmxWriter, spots: dict[str, tuple[float, float, float, float]]) -> None:
    layer = b.layer("places", "#ffe680")
    place = 0
    for key, x, y, label in ([(p.key, p.x, p.y, p.en) for p in PROVINCES]
                             + [(s.key, s.x, s.y, s.en) for s in SEAS]):
        props = ET.SubElement(b.point(layer, (float(x), float(y))), "properties")
        prop(props, "in_area", "int", {**PROVINCE_ID, **SEA_ID}[key])
        prop(props, "key", "string", f"{key}_centre")
        prop(props, "kind", "string", "centre")
        prop(props, "label", "string", f"centre of {label}")
        prop(props, "place_id", "int", place)
        place += 1
    for key, _la, _es, en, where in OUTER_WATERS:
        props = ET.SubElement(b.point(layer, px(*where)), "properties")
        prop(props, "in_area", "int", OUTER_ID[key])
        prop(props, "key", "string", f"{key}_centre")
        prop(props, "kind", "string", "centre")
        prop(props, "label", "string", f"centre of {en}")
        prop(props, "place_id", "int", place)
        place += 1
    for sea in SEAS:
        x, y, size, angle = spots[sea.key]
        props = ET.SubElement(b.point(layer, (x, y)), "properties")
        prop(props, "angle", "float", angle)
        prop(props, "in_area", "int", SEA_ID[sea.key])
        prop(props, "key", "string", f"{sea.key}_label")
        prop(props, "kind", "string", "label")
        prop(props, "label", "string", f"name of {sea.en}")
        prop(props, "place_id", "int", place)
        prop(props, "size", "float", size)
        place += 1
    for p in PROVINCES:
        if p.city:
            props = ET.SubElement(b.point(layer, px(*CITY_SITES[p.city])), "properties")
            prop(props, "in_area", "int", PROVINCE_ID[p.key])
            prop(props, "key", "string", p.city.lower())
            prop(props, "kind", "string", "city")
            prop(props, "label", "string", p.city)
            prop(props, "place_id", "int", place)
            place += 1


def main() -> None:
    labels, _water = build_labels()
    area_ids = list(PROVINCE_ID.values()) + list(SEA_ID.values()) + list(OUTER_ID.values())
    for _round in range(8):  # relabelling a cell can cut a sliver off: merge it back
        merge_fragments(labels, area_ids)
        repair(labels)
        pieces = piece_counts(labels)
        broken = [a for a in area_ids if pieces[a] != 1]
        if not broken:
            break
    if broken:
        sys.exit(f"areas not in one piece: {broken}")
    problems = check_adjacency(labels)
    for line in problems:
        print(line, file=sys.stderr)
    vec = Vectoriser(labels)
    cells: dict[int, list[int]] = {}
    for c, lab in enumerate(labels):
        cells.setdefault(lab, []).append(c)
    missing = [a for a in area_ids if a not in cells]
    if missing:
        sys.exit(f"areas without cells: {missing}")
    polygons = {a: vec.polygon(cells[a]) for a in area_ids}
    b = writer()
    add_seas(b, polygons)
    add_provinces(b, polygons)
    add_straits(b)
    add_places(b, sea_label_spots(labels))
    b.write(OUT)
    print(f"wrote {OUT.relative_to(ROOT)}: {sum(len(p) for p in polygons.values())} vertices")
    if problems and "--force" not in sys.argv:
        sys.exit(f"{len(problems)} adjacency differences")


if __name__ == "__main__":
    main()
