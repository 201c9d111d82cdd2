"""Conquest of the Empire II drawn by code: an antique map of the Roman Mediterranean and
the legions on it.

The board (`ConquestPainter`, over the shared `client/board/`) is parchment provinces on
a blue-grey sea whose coasts are hatched and water-lined, the barbarian lands beyond the
limes in a darker, hatched paper, the limes itself as a red dotted line, sea zones parted
by dashed lines, the five straits as black double arrows, the ten printed cities as
small temples, and under each province's lettered Latin name its coin (AV gold, AR
silver), its VP tiers in a laurel cartouche when it is a key province, and a standard
when it is a homeland. Everything comes from the map's topology
(`maps/conquest_of_the_empire.tmx`); nothing here knows the rules.

Pieces: `unit_chip` (Caesar, General, infantry, cavalry, catapult, galley as pictograms
on a chip in the seat's colour AND the seat's shape, so no information rests on colour
alone; a count badge for stacks), `influence_disc` (a seat's influence or a neutral
token, with its number), `holder_flag` (who holds a city) and the battle die
(`BATTLE_DIE`: blank, galley, catapult, cavalry, infantry, infantry) for the suite's
dice widget. Sprites are drawn large and smoothscaled down, and cached by size.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import partial
from typing import Generic, TypeVar

import pygame

from client.art._draw import RGB, Point, add_grain, downsample, fractal_noise, lerp, shade
from client.art.antique import land_texture, lettering, lettering_font, sea_texture, tile
from client.art.dice import DiceFace, DieKind, Painter, register_symbol
from client.art.palette import OUTLINE, SEAT_COLOURS, SEAT_SHAPES, shape_points
from client.board.painter import LayeredPainter, WorldRect, bbox, overlaps
from rules.maps import Area, Topology

SS = 4
MASK_BAND = 64
"""Rows of a chunk textured in one step."""
SEA: RGB = (120, 146, 158)
SEA_DARK: RGB = (98, 124, 138)
SEA_LIGHT: RGB = (142, 166, 174)
SEA_LINE: RGB = (72, 96, 110)
LAND_DARK: RGB = (212, 190, 144)
LAND_LIGHT: RGB = (240, 228, 194)
WILD_DARK: RGB = (168, 150, 116)
WILD_LIGHT: RGB = (196, 178, 140)
WILD_HATCH: RGB = (150, 130, 98)
INK: RGB = (70, 46, 30)
INK_SOFT: RGB = (122, 94, 64)
LIMES: RGB = (150, 40, 30)
ROMAN_RED: RGB = (152, 34, 28)
GOLD: RGB = (214, 170, 56)
GOLD_DARK: RGB = (140, 100, 24)
SILVER: RGB = (200, 204, 210)
SILVER_DARK: RGB = (110, 116, 126)
LAUREL: RGB = (92, 120, 60)
MARBLE: RGB = (240, 236, 226)
NEUTRAL: RGB = (178, 160, 128)

NAME_DY = -64.0
"""A province's name stands this far above its centre (world px); units stand on the centre."""
EMBLEM_DY = 62.0
"""Its coin, tiers and homeland mark stand this far below."""


LABEL_FLOOR = 0.5
"""A name smaller at this zoom than the smallest size that reads (its `floor`) is drawn at that
size, down to this fraction of it, so a whole map in a small window keeps its names; smaller
still, the names are left out (hovering a place names it)."""


def label_px(world: float, zoom: float, floor: int) -> int:
    """The pixel size of a name `world` px tall at `zoom` (at least `floor`); 0: left out."""
    px = world * zoom
    if px < floor * LABEL_FLOOR:
        return 0
    return max(floor, round(px))

WILD_NAMES: tuple[tuple[str, str, str, float, float, float], ...] = (
    # Latin, Spanish, English, x, y, angle
    ("Caledonia", "Caledonia", "Caledonia", 560, 70, 0),
    ("Hibernia", "Hibernia", "Ireland", 235, 300, 0),
    ("Germania Magna", "Germania Magna", "Greater Germany", 1560, 330, 0),
    ("Sarmatia", "Sarmacia", "Sarmatia", 2550, 420, 0),
    ("Scythia", "Escitia", "Scythia", 3500, 620, 0),
    ("Arabia", "Arabia", "Arabia", 3650, 2250, 0),
    ("Libya Deserta", "Libia desierta", "Libyan Desert", 2250, 2400, 0),
    ("Gaetulia", "Getulia", "Gaetulia", 1000, 2150, 0),
)


# -- textures ------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=2)
def wild_texture(side: int = 512) -> pygame.Surface:
    """Barbaricum: darker paper under fine diagonal hatching (tiled: the hatching's period
    divides the tile, so tiles meet unseen)."""
    surf = fractal_noise((side, side), 191, WILD_DARK, WILD_LIGHT, across=4, octaves=3)
    step = 16
    for k in range(-side, 2 * side, step):
        pygame.draw.aaline(surf, WILD_HATCH, (k, 0), (k + side, side))
    add_grain(surf, 193, 8)
    return surf


# -- geometry ------------------------------------------------------------------------------------
Edge = tuple[float, float, float, float]
T = TypeVar("T")


def _edge_key(a: Point, b: Point) -> Edge:
    return (a[0], a[1], b[0], b[1]) if a < b else (b[0], b[1], a[0], a[1])


def _signed_area(poly: Sequence[Point]) -> float:
    return sum(a[0] * b[1] - b[0] * a[1]
               for a, b in zip(poly, [*poly[1:], poly[0]], strict=True)) / 2


def _offset_chain(points: Sequence[Point], d: float) -> list[Point]:
    """An open polyline pushed `d` to its left (y down: a ring drawn clockwise on screen has
    its outside on the left)."""
    out = []
    n = len(points)
    for i in range(n):
        a = points[max(0, i - 1)]
        b = points[i]
        c = points[min(n - 1, i + 1)]
        nx, ny = 0.0, 0.0
        for p, q in ((a, b), (b, c)):
            dx, dy = q[0] - p[0], q[1] - p[1]
            ln = math.hypot(dx, dy)
            if ln > 1e-9:
                nx += dy / ln
                ny += -dx / ln
        ln = math.hypot(nx, ny) or 1.0
        out.append((b[0] + nx / ln * d, b[1] + ny / ln * d))
    return out


class _Grid(Generic[T]):
    """World items bucketed by 256 px cells, to find those a chunk needs quickly."""

    CELL = 256.0

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.items: list[tuple[WorldRect, T]] = []

    def add(self, box: WorldRect, item: T) -> None:
        index = len(self.items)
        self.items.append((box, item))
        c = self.CELL
        for gx in range(int(box[0] // c), int((box[0] + box[2]) // c) + 1):
            for gy in range(int(box[1] // c), int((box[1] + box[3]) // c) + 1):
                self.cells.setdefault((gx, gy), []).append(index)

    def query(self, rect: WorldRect) -> list[T]:
        c = self.CELL
        seen: set[int] = set()
        out: list[T] = []
        for gx in range(int(rect[0] // c), int((rect[0] + rect[2]) // c) + 1):
            for gy in range(int(rect[1] // c), int((rect[1] + rect[3]) // c) + 1):
                for index in self.cells.get((gx, gy), ()):
                    if index not in seen:
                        seen.add(index)
                        box, item = self.items[index]
                        if overlaps(box, rect):
                            out.append(item)
        return out


def _chains(poly: Sequence[Point], keep: Sequence[bool]) -> list[list[Point]]:
    """Runs of consecutive kept edges of a closed ring, as polylines (edge i: i → i+1)."""
    n = len(poly)
    if all(keep):
        return [[*poly, poly[0]]]
    start = next((i for i in range(n) if not keep[i]), 0)
    out: list[list[Point]] = []
    run: list[Point] = []
    for k in range(1, n + 1):
        i = (start + k) % n
        if keep[i]:
            if not run:
                run = [poly[i]]
            run.append(poly[(i + 1) % n])
        elif run:
            out.append(run)
            run = []
    if run:
        out.append(run)
    return out


# -- the board ------------------------------------------------------------------------------------
class ConquestPainter(LayeredPainter):
    """The antique Roman map: sea and barbaricum, hatched coasts, parchment provinces, the
    limes, zone lines, straits, cities, names, coins, VP tiers and homeland standards."""

    background = WILD_DARK
    water_lines = (8.0, 18.0, 30.0)
    marked_places = ()

    def __init__(self, topology: Topology, lang: str = "es") -> None:
        super().__init__(topology)
        self.lang = lang
        self.provinces = topology.areas_of("province")
        self.seas = [a for a in topology.areas if a.kind in ("sea", "outer_sea")]
        self.cities = [p for p in topology.places if p.kind == "city"]
        self.sea_labels = [p for p in topology.places if p.kind == "label"]
        self.centres = {p.area: p.position for p in topology.places if p.kind == "centre"}
        w, h = topology.size
        self.size = (float(w), float(h))
        self._classify_edges()

    # -- one-off layout ----------------------------------------------------------------------
    def _classify_edges(self) -> None:
        """Sort every drawn edge: coast, land border, limes, zone border; coasts also get
        their water-lines and hatching, from the water side."""
        owners: dict[Edge, list[int]] = {}
        kind = {a.id: a.kind for a in self.topology.areas}
        for area in [*self.provinces, *self.seas]:
            pts = area.polygon
            for a, b in zip(pts, [*pts[1:], pts[0]], strict=True):
                owners.setdefault(_edge_key(a, b), []).append(area.id)
        w, h = self.size

        def on_frame(e: Edge) -> bool:  # along the canvas's edge (smoothing leaves it ±1 px)
            return (max(e[0], e[2]) <= 2 or min(e[0], e[2]) >= w - 2
                    or max(e[1], e[3]) <= 2 or min(e[1], e[3]) >= h - 2)

        self.borders: _Grid[tuple[str, Point, Point]] = _Grid()
        self.coast_lines: _Grid[tuple[int, list[Point]]] = _Grid()  # (which line, polyline)
        self.hatches: _Grid[tuple[Point, Point]] = _Grid()
        for area in [*self.provinces, *self.seas]:
            land = area.kind == "province"
            pts = area.polygon
            coast: list[bool] = []
            for a, b in zip(pts, [*pts[1:], pts[0]], strict=True):
                e = _edge_key(a, b)
                who = owners[e]
                others = [o for o in who if o != area.id]
                is_coast = False
                if len(who) == 2 and who[0] == who[1]:
                    pass  # a keyhole's two sides: nothing to draw
                elif land:
                    if not others:
                        self.borders.add(bbox([a, b]), ("limes", a, b))
                    elif kind[others[0]] != "province":
                        is_coast = True
                        self.borders.add(bbox([a, b]), ("coast", a, b))
                    elif area.id < others[0]:
                        self.borders.add(bbox([a, b]), ("border", a, b))
                elif not others and not on_frame(e):
                    is_coast = True  # water against barbaricum
                    self.borders.add(bbox([a, b]), ("coast", a, b))
                elif others and kind[others[0]] != "province" and area.id < others[0]:
                    self.borders.add(bbox([a, b]), ("zone", a, b))
                coast.append(is_coast)
            outward = 1.0 if _signed_area(pts) > 0 else -1.0
            into_sea = outward if land else -outward
            for chain in _chains(pts, coast):
                for i, d in enumerate(self.water_lines):
                    line = _offset_chain(chain, d * into_sea)
                    self.coast_lines.add(bbox(line), (i, line))
                for p, q in itertools.pairwise(chain):
                    self._hatch(p, q, into_sea)

    def _hatch(self, p: Point, q: Point, into_sea: float) -> None:
        length = math.dist(p, q)
        if length < 1e-9:
            return
        dx, dy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        nx, ny = dy * into_sea, -dx * into_sea
        t = 5.0
        while t < length:
            x, y = p[0] + dx * t, p[1] + dy * t
            end = (x + nx * 7.0, y + ny * 7.0)
            self.hatches.add(bbox([(x, y), end]), ((x, y), end))
            t += 11.0

    # -- language -----------------------------------------------------------------------------
    @property
    def version(self) -> Hashable:
        return self.lang

    def set_language(self, lang: str) -> None:
        self.lang = lang

    def centre(self, area: Area) -> Point:
        return self.centres.get(area.id, area.centre)

    # -- painting ------------------------------------------------------------------------------
    def _layers(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> Iterator[None]:
        self._origin, self._zoom = (rect[0], rect[1]), zoom
        margin = 70 / max(zoom, 0.05)
        near = (rect[0] - margin, rect[1] - margin, rect[2] + 2 * margin, rect[3] + 2 * margin)
        origin = (rect[0] * zoom, rect[1] * zoom)
        tile(surface, wild_texture(), origin)
        yield
        yield from self._paint_masked(surface, self.seas, sea_texture(), near)
        yield
        self._paint_coast_water(surface, near, zoom)
        yield
        yield from self._paint_masked(surface, self.provinces, land_texture(), near)
        yield
        self._paint_borders(surface, near, zoom)
        yield
        self._paint_straits(surface, near, zoom)
        self._paint_wild_names(surface, rect, zoom)
        self._paint_sea_names(surface, rect, zoom)
        for city in self.cities:
            x, y = city.position
            if overlaps((x - 160, y - 60, 320, 120), near):
                self._paint_city(surface, city.position, str(city.label), zoom)
        for area in self.provinces:
            cx, cy = self.centre(area)
            if overlaps((cx - 220, cy + NAME_DY - 40, 440, EMBLEM_DY - NAME_DY + 100), near):
                yield
                self._paint_province_marks(surface, area, zoom)
        yield
        self._paint_compass(surface, rect, zoom)
        self._paint_title(surface, rect, zoom)

    def warm_jobs(self, zoom: float) -> list[Callable[[], object]]:
        """The names of this zoom, one job each (a chunk then only blits them)."""
        jobs: list[Callable[[], object]] = [wild_texture, sea_texture, land_texture]
        text_px = label_px(52, zoom, 9)
        if text_px:
            index = {"la": 0, "es": 1, "en": 2}.get(self.lang, 1)
            jobs += [partial(lettering, str(e[index]).upper(), text_px, INK_SOFT, 0.35)
                     for e in WILD_NAMES]
        for place in self.sea_labels:
            size = float(place.properties.get("size", 30.0))
            if label_px(size, zoom, 8) and place.area is not None:
                sea = self.topology.area(place.area)
                jobs.append(partial(lettering, str(sea.properties.get("name_la", sea.label))
                                    .upper(), label_px(size, zoom, 8), SEA_LINE, 0.3,
                                    angle=float(place.properties.get("angle", 0.0))))
        if round(24 * zoom) >= 8:
            jobs += [partial(lettering, str(c.label), round(24 * zoom), INK, 0.02, True,
                             halo=LAND_LIGHT) for c in self.cities]
        if label_px(30, zoom, 8):
            jobs += [partial(lettering, str(a.properties.get("name_la", a.label)).upper(),
                             label_px(30, zoom, 8), INK, 0.12, True, halo=LAND_LIGHT)
                     for a in self.provinces]
        if round(24 * zoom) >= 7:
            tiers = {str(a.properties.get("tiers", "")) for a in self.provinces}
            jobs += [partial(lettering, " · ".join(t.split(",")), round(24 * zoom), ROMAN_RED,
                             0.0, True) for t in sorted(tiers) if t]
        return jobs

    def _paint_masked(self, surface: pygame.Surface, areas: Sequence[Area],
                      texture: pygame.Surface, near: WorldRect) -> Iterator[None]:
        """Fill the areas with `texture`, a band of rows at a time (a step each: the whole
        surface costs a frame's share several times over); clipping only leaves out pixels,
        so the bands add up to the picture made at once."""
        polys = [[self._px(p) for p in a.polygon] for a in areas
                 if overlaps(self.boxes[a.id], near)]
        if not polys:
            return
        w, h = surface.get_size()
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        phase = (self._origin[0] * self._zoom, self._origin[1] * self._zoom)
        for top in range(0, h, MASK_BAND):
            band = pygame.Rect(0, top, w, min(MASK_BAND, h - top))
            mask.set_clip(band)
            for poly in polys:
                pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
            layer.set_clip(band)
            tile(layer, texture, phase)
            layer.blit(mask, band.topleft, band, special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(layer, band.topleft, band)
            if band.bottom < h:
                yield

    def _paint_coast_water(self, surface: pygame.Surface, near: WorldRect, zoom: float) -> None:
        to = self._px
        for i, line in self.coast_lines.query(near):
            colour = lerp(SEA_LINE, SEA, 0.25 + 0.25 * i)
            pygame.draw.aalines(surface, colour, False, [to(p) for p in line])
        if zoom >= 0.16:
            width = max(1, round(1.3 * zoom))
            for a, b in self.hatches.query(near):
                pygame.draw.line(surface, SEA_LINE, to(a), to(b), width)

    def _paint_borders(self, surface: pygame.Surface, near: WorldRect, zoom: float) -> None:
        to = self._px
        coast_w = max(1, round(2.6 * zoom))
        border_w = max(1, round(1.6 * zoom))
        for style, a, b in self.borders.query(near):
            pa, pb = to(a), to(b)
            if style == "coast":
                pygame.draw.line(surface, INK, pa, pb, coast_w)
                pygame.draw.aaline(surface, INK, pa, pb)
            elif style == "border":
                _dashed(surface, INK_SOFT, pa, pb, border_w, 14 * zoom, 7 * zoom, a)
            elif style == "limes":
                _dashed(surface, LIMES, pa, pb, max(1, round(3.2 * zoom)), 5 * zoom, 9 * zoom, a)
            else:  # between two sea zones
                _dashed(surface, SEA_LINE, pa, pb, border_w, 22 * zoom, 14 * zoom, a)

    def _paint_straits(self, surface: pygame.Surface, near: WorldRect, zoom: float) -> None:
        for route in self.topology.routes:
            if route.kind == "strait" and overlaps(bbox(route.points), near):
                strait_arrow(surface, [self._px(p) for p in route.points], zoom)

    def _paint_wild_names(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        text_px = label_px(52, zoom, 9)
        if not text_px:
            return
        index = {"la": 0, "es": 1, "en": 2}.get(self.lang, 1)
        for entry in WILD_NAMES:
            x, y = entry[3], entry[4]
            if overlaps((x - 400, y - 60, 800, 120), rect):
                img = lettering(str(entry[index]).upper(), text_px, INK_SOFT, 0.35)
                surface.blit(img, img.get_rect(center=self._px((x, y))))

    def _paint_sea_names(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        for place in self.sea_labels:
            size = float(place.properties.get("size", 30.0))
            text_px = label_px(size, zoom, 8)
            if not text_px or place.area is None:
                continue
            x, y = place.position
            if not overlaps((x - 12 * size, y - 12 * size, 24 * size, 24 * size), rect):
                continue
            sea = self.topology.area(place.area)
            words = str(sea.properties.get("name_la", sea.label)).upper()
            angle = float(place.properties.get("angle", 0.0))
            img = lettering(words, text_px, SEA_LINE, 0.3, angle=angle)
            surface.blit(img, img.get_rect(center=self._px((x, y))))

    def _paint_city(self, surface: pygame.Surface, at: Point, name: str, zoom: float) -> None:
        x, y = self._px(at)
        temple(surface, (x, y), 20 * zoom)
        text_px = round(24 * zoom)
        if text_px >= 8:
            img = lettering(name, text_px, INK, 0.02, True, halo=LAND_LIGHT)
            surface.blit(img, img.get_rect(midtop=(x, y + 14 * zoom)))

    def _paint_province_marks(self, surface: pygame.Surface, area: Area, zoom: float) -> None:
        cx, cy = self.centre(area)
        text_px = label_px(30, zoom, 8)
        if text_px:
            words = str(area.properties.get("name_la", area.label)).upper()
            img = lettering(words, text_px, INK, 0.12, True, halo=LAND_LIGHT)
            surface.blit(img, img.get_rect(center=self._px((cx, cy + NAME_DY))))
        marks: list[tuple[str, float]] = [("coin", 34.0)]
        tiers = str(area.properties.get("tiers", ""))
        if tiers:
            marks.append(("tiers", 34.0 + 26.0 * len(tiers.split(","))))
        if area.properties.get("homeland"):
            marks.append(("home", 26.0))
        gap = 8.0
        total = sum(w for _, w in marks) + gap * (len(marks) - 1)
        x = cx - total / 2
        for what, width in marks:
            at = self._px((x + width / 2, cy + EMBLEM_DY))
            if what == "coin":
                coin(surface, at, 16 * zoom, str(area.properties.get("coin", "S")))
            elif what == "tiers":
                tier_cartouche(surface, at, zoom, tiers)
            else:
                standard(surface, at, 24 * zoom)
            x += width + gap

    def _paint_compass(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        x, y, r = 3760.0, 2380.0, 120.0
        if overlaps((x - r - 40, y - r - 60, 2 * r + 80, 2 * r + 120), rect):
            compass_rose(surface, self._px((x, y)), r * zoom, zoom)

    def _paint_title(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        box = (120.0, 2300.0, 820.0, 220.0)
        if not overlaps(box, rect, 20):
            return
        x0, y0 = self._px((box[0], box[1]))
        r = pygame.Rect(round(x0), round(y0), round(box[2] * zoom), round(box[3] * zoom))
        cartouche(surface, r, zoom)
        t_px, s_px = round(64 * zoom), round(30 * zoom)
        motto = s_px >= 11  # smaller, the spaced soft letters are a grey smudge
        if t_px >= 9:
            img = lettering("IMPERIVM ROMANVM", t_px, ROMAN_RED, 0.06, True)
            surface.blit(img, img.get_rect(center=(r.centerx, r.y + r.h * (0.4 if motto else 0.5))))
        if motto:
            img = lettering("S · P · Q · R", s_px, INK_SOFT, 0.3)
            surface.blit(img, img.get_rect(center=(r.centerx, r.y + r.h * 0.75)))

    def paint_area(self, surface: pygame.Surface, area: Area, points: list[Point],
                   zoom: float) -> None:
        """Unused: `paint` draws every layer itself."""


def _dashed(surface: pygame.Surface, colour: RGB, a: Point, b: Point, width: int,
            dash: float, gap: float, world_a: Point) -> None:
    """A dashed segment whose dash phase follows the world point it starts at, so a border
    cut into segments (and chunks) keeps a regular rhythm."""
    length = math.dist(a, b)
    period = dash + gap
    if length < 1e-6 or period < 2:
        pygame.draw.line(surface, colour, a, b, width)
        return
    dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = -((world_a[0] * 0.7 + world_a[1] * 1.3) * (period / 30.0) % period)
    while t < length:
        s, e = max(0.0, t), min(length, t + dash)
        if e > s:
            pygame.draw.line(surface, colour, (a[0] + dx * s, a[1] + dy * s),
                             (a[0] + dx * e, a[1] + dy * e), width)
        t += period


# -- map pictograms ------------------------------------------------------------------------------
def strait_arrow(surface: pygame.Surface, pts: list[Point], zoom: float) -> None:
    """A black double arrow across a strait, on a pale halo."""
    width = max(2, round(7 * zoom))
    head = max(6.0, 26 * zoom)
    for colour, extra in ((LAND_LIGHT, max(2, round(4 * zoom))), (OUTLINE, 0)):
        pygame.draw.lines(surface, colour, False, pts, width + extra)
        for tip, back in ((pts[-1], pts[-2]), (pts[0], pts[1])):
            d = math.dist(tip, back) or 1.0
            ux, uy = (tip[0] - back[0]) / d, (tip[1] - back[1]) / d
            grow = extra * 0.8
            pygame.draw.polygon(surface, colour, [
                (tip[0] + ux * grow, tip[1] + uy * grow),
                (tip[0] - ux * (head + grow) - uy * (head * 0.55 + grow),
                 tip[1] - uy * (head + grow) + ux * (head * 0.55 + grow)),
                (tip[0] - ux * (head + grow) + uy * (head * 0.55 + grow),
                 tip[1] - uy * (head + grow) - ux * (head * 0.55 + grow)),
            ])


def temple(surface: pygame.Surface, at: Point, r: float) -> None:
    """A printed city: a little temple front (pediment, columns, steps) in ink on marble."""
    if r < 3:
        pygame.draw.circle(surface, INK, at, max(1.5, r))
        return
    x, y = at
    w, h = r * 2.0, r * 1.6
    body = pygame.Rect(round(x - w / 2), round(y - h / 2), round(w), round(h))
    pygame.draw.polygon(surface, MARBLE, [(body.left - r * 0.15, body.top + h * 0.3),
                                          (x, body.top - h * 0.2),
                                          (body.right + r * 0.15, body.top + h * 0.3)])
    pygame.draw.rect(surface, MARBLE, (body.left, body.top + h * 0.3, w, h * 0.7))
    line = max(1, round(r / 8))
    pygame.draw.polygon(surface, INK, [(body.left - r * 0.15, body.top + h * 0.3),
                                       (x, body.top - h * 0.2),
                                       (body.right + r * 0.15, body.top + h * 0.3)], line)
    for k in range(4):
        cx = body.left + w * (0.15 + 0.233 * k)
        pygame.draw.line(surface, INK, (cx, body.top + h * 0.36), (cx, body.bottom - h * 0.12),
                         max(1, round(r / 6)))
    pygame.draw.line(surface, INK, (body.left - r * 0.2, body.bottom),
                     (body.right + r * 0.2, body.bottom), max(1, round(r / 5)))


def coin(surface: pygame.Surface, at: Point, r: float, metal: str) -> None:
    """A province's coin: a gold aureus marked AV or a silver denarius marked AR."""
    if r < 3:
        return
    face, dark = (GOLD, GOLD_DARK) if metal == "G" else (SILVER, SILVER_DARK)
    pygame.draw.circle(surface, dark, at, r)
    pygame.draw.circle(surface, face, at, r * 0.86)
    pygame.draw.circle(surface, shade(face, 1.25), (at[0] - r * 0.2, at[1] - r * 0.2), r * 0.4)
    for k in range(16):
        a = k * math.tau / 16
        pygame.draw.circle(surface, dark, (at[0] + r * 0.72 * math.cos(a),
                                           at[1] + r * 0.72 * math.sin(a)), max(1.0, r * 0.05))
    text_px = round(r * 1.0)
    if text_px >= 7:
        img = lettering("AV" if metal == "G" else "AR", text_px, shade(dark, 0.6), 0.0, True)
        surface.blit(img, img.get_rect(center=(at[0] - r * 0.05, at[1])))


def laurel(surface: pygame.Surface, centre: Point, r: float, colour: RGB,
           open_top: bool = True) -> None:
    """A laurel wreath: two arcs of leaves meeting at the bottom."""
    leaves = 7
    for side in (-1, 1):
        for k in range(leaves):
            t = (k + 0.5) / leaves
            a = math.pi / 2 + side * (0.2 + t * (2.45 if open_top else 2.9))
            x, y = centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)
            length, width = r * 0.42, r * 0.2
            ang = a + side * math.pi / 2
            ux, uy = math.cos(ang), math.sin(ang)
            tip = (x + ux * length, y + uy * length)
            pygame.draw.polygon(surface, colour, [
                (x, y), (x + ux * length / 2 - uy * width, y + uy * length / 2 + ux * width),
                tip, (x + ux * length / 2 + uy * width, y + uy * length / 2 - ux * width)])


def tier_cartouche(surface: pygame.Surface, at: Point, zoom: float, tiers: str) -> None:
    """A key province's VP tiers ("25 · 15 · 5") on a small marble plaque between laurels."""
    words = " · ".join(tiers.split(","))
    text_px = round(24 * zoom)
    if text_px < 7:
        return
    img = lettering(words, text_px, ROMAN_RED, 0.0, True)
    w, h = img.get_width() + 14 * zoom, 30 * zoom
    plate = pygame.Rect(0, 0, round(w), round(h))
    plate.center = (round(at[0]), round(at[1]))
    pygame.draw.rect(surface, MARBLE, plate, border_radius=max(1, round(6 * zoom)))
    pygame.draw.rect(surface, INK, plate, max(1, round(1.6 * zoom)),
                     border_radius=max(1, round(6 * zoom)))
    surface.blit(img, img.get_rect(center=plate.center))
    for side in (-1, 1):
        x = plate.centerx + side * (plate.w / 2 + 7 * zoom)
        for k in range(3):
            y = plate.centery - h * 0.35 + k * h * 0.35
            pygame.draw.ellipse(surface, LAUREL, (x - 4 * zoom, y - 2.5 * zoom, 8 * zoom,
                                                  5 * zoom))


def standard(surface: pygame.Surface, at: Point, r: float) -> None:
    """A homeland's mark: a legion's standard (pole, crossbar, red vexillum, gold eagle)."""
    if r < 4:
        return
    x, y = at
    pygame.draw.line(surface, INK, (x, y - r), (x, y + r), max(1, round(r / 8)))
    flag = pygame.Rect(round(x - r * 0.55), round(y - r * 0.62), round(r * 1.1), round(r * 0.8))
    pygame.draw.rect(surface, ROMAN_RED, flag)
    pygame.draw.rect(surface, INK, flag, max(1, round(r / 12)))
    for k in range(3):
        fx = flag.left + flag.w * (0.2 + 0.3 * k)
        pygame.draw.line(surface, GOLD, (fx, flag.bottom), (fx, flag.bottom + r * 0.18),
                         max(1, round(r / 12)))
    # the eagle: a small gold body with spread wings on top of the pole
    top = (x, y - r * 0.95)
    pygame.draw.polygon(surface, GOLD, [(top[0] - r * 0.5, top[1] - r * 0.12),
                                        (top[0], top[1] + r * 0.1),
                                        (top[0] + r * 0.5, top[1] - r * 0.12),
                                        (top[0], top[1] - r * 0.3)])
    pygame.draw.circle(surface, GOLD_DARK, (top[0], top[1] - r * 0.3), max(1.0, r * 0.1))


def cartouche(surface: pygame.Surface, rect: pygame.Rect, zoom: float) -> None:
    """A framed parchment plaque (the title)."""
    pygame.draw.rect(surface, LAND_LIGHT, rect, border_radius=max(2, round(14 * zoom)))
    pygame.draw.rect(surface, INK, rect, max(1, round(3 * zoom)),
                     border_radius=max(2, round(14 * zoom)))
    inner = rect.inflate(-round(16 * zoom), -round(16 * zoom))
    if inner.w > 4 and inner.h > 4:
        pygame.draw.rect(surface, ROMAN_RED, inner, max(1, round(1.5 * zoom)),
                         border_radius=max(2, round(10 * zoom)))


def compass_rose(surface: pygame.Surface, centre: Point, r: float, zoom: float) -> None:
    cx, cy = centre
    pygame.draw.circle(surface, INK_SOFT, centre, r * 0.78, max(1, round(2 * zoom)))
    for k in range(16):
        a = k * math.tau / 16 - math.pi / 2
        big, mid = k % 4 == 0, k % 2 == 0
        length = r * (1.0 if big else 0.72 if mid else 0.5)
        half = r * (0.13 if big else 0.09 if mid else 0.06)
        tip = (cx + length * math.cos(a), cy + length * math.sin(a))
        left = (cx + half * math.cos(a - math.pi / 2), cy + half * math.sin(a - math.pi / 2))
        right = (cx + half * math.cos(a + math.pi / 2), cy + half * math.sin(a + math.pi / 2))
        pygame.draw.polygon(surface, LAND_LIGHT, [left, tip, centre])
        pygame.draw.polygon(surface, INK if big else INK_SOFT, [right, tip, centre])
        pygame.draw.aalines(surface, INK, True, [left, tip, right])
    pygame.draw.circle(surface, GOLD, centre, max(2.0, r * 0.07))
    text_px = round(40 * zoom)
    if text_px >= 9:
        img = lettering("N", text_px, INK, bold=True)
        surface.blit(img, img.get_rect(midbottom=(cx, cy - r - 2 * zoom)))


# -- unit pictograms (Painter signature: surface, centre, radius, ink) ------------------------
def _caesar(surface: pygame.Surface, c: Point, r: float, ink: RGB) -> None:
    """A laurel wreath round a small crown point: the Caesar."""
    laurel(surface, c, r * 0.72, ink)
    pygame.draw.circle(surface, ink, (c[0], c[1] - r * 0.05), r * 0.16)


def _general(surface: pygame.Surface, c: Point, r: float, ink: RGB) -> None:
    """A crested Roman helmet in profile: dome, brim, cheek guard, plume."""
    x, y = c
    dome = pygame.Rect(round(x - r * 0.62), round(y - r * 0.45), round(r * 1.24), round(r * 1.1))
    pygame.draw.ellipse(surface, ink, dome)
    pygame.draw.rect(surface, ink, (x - r * 0.8, y + r * 0.02, r * 1.55, r * 0.16))
    pygame.draw.polygon(surface, ink, [(x - r * 0.1, y + r * 0.1), (x + r * 0.35, y + r * 0.1),
                                       (x + r * 0.2, y + r * 0.72), (x - r * 0.05, y + r * 0.6)])
    for k in range(7):  # the plume
        a = math.pi + k * math.pi / 6
        pygame.draw.line(surface, ink, (x + r * 0.1 * math.cos(a), y - r * 0.35),
                         (x + r * 0.75 * math.cos(a), y - r * 0.45 + r * 0.45 * math.sin(a)),
                         max(1, round(r * 0.16)))


def _infantry(surface: pygame.Surface, c: Point, r: float, ink: RGB) -> None:
    """A legionary's scutum with its boss, a pilum behind."""
    x, y = c
    pygame.draw.line(surface, ink, (x + r * 0.55, y - r * 0.95), (x + r * 0.55, y + r * 0.9),
                     max(1, round(r * 0.12)))
    pygame.draw.polygon(surface, ink, [(x + r * 0.55, y - r * 1.05), (x + r * 0.42, y - r * 0.78),
                                       (x + r * 0.68, y - r * 0.78)])
    shield = pygame.Rect(round(x - r * 0.55), round(y - r * 0.8), round(r * 0.95), round(r * 1.6))
    pygame.draw.rect(surface, ink, shield, border_radius=round(r * 0.25))
    hole = shield.inflate(-round(r * 0.2), -round(r * 0.2))
    pygame.draw.rect(surface, (0, 0, 0, 0), hole, max(1, round(r * 0.06)),
                     border_radius=round(r * 0.2))
    pygame.draw.circle(surface, (0, 0, 0, 0), shield.center, r * 0.2)
    pygame.draw.circle(surface, ink, shield.center, r * 0.2, max(1, round(r * 0.07)))


def _cavalry(surface: pygame.Surface, c: Point, r: float, ink: RGB) -> None:
    """A horse's head and neck in profile, facing left."""
    x, y = c
    pts = [(-0.15, -0.95), (0.05, -0.7), (0.35, -0.62), (0.7, -0.2), (0.85, 0.35), (0.75, 0.9),
           (0.05, 0.9), (0.0, 0.35), (-0.2, 0.1), (-0.6, 0.2), (-0.85, 0.05), (-0.78, -0.22),
           (-0.35, -0.6), (-0.3, -0.9)]
    pygame.draw.polygon(surface, ink, [(x + px * r, y + py * r) for px, py in pts])
    pygame.draw.circle(surface, (0, 0, 0, 0), (x - r * 0.25, y - r * 0.4), r * 0.09)
    for k in range(5):  # the mane
        pygame.draw.line(surface, ink, (x + r * (0.1 + 0.14 * k), y - r * (0.62 - 0.2 * k)),
                         (x + r * (0.3 + 0.14 * k), y - r * (0.75 - 0.2 * k)),
                         max(1, round(r * 0.1)))


def _catapult(surface: pygame.Surface, c: Point, r: float, ink: RGB) -> None:
    """An onager: a frame on two wheels, its arm raised with the sling's cup."""
    x, y = c
    w = max(1, round(r * 0.14))
    pygame.draw.rect(surface, ink, (x - r * 0.85, y + r * 0.18, r * 1.7, r * 0.22))
    for wx in (-0.5, 0.5):
        pygame.draw.circle(surface, ink, (x + wx * r, y + r * 0.55), r * 0.28)
        pygame.draw.circle(surface, (0, 0, 0, 0), (x + wx * r, y + r * 0.55), r * 0.11)
    pygame.draw.line(surface, ink, (x - r * 0.2, y + r * 0.25), (x - r * 0.05, y - r * 0.35), w)
    pygame.draw.line(surface, ink, (x + r * 0.4, y + r * 0.25), (x - r * 0.05, y - r * 0.35), w)
    pygame.draw.line(surface, ink, (x + r * 0.3, y + r * 0.2), (x - r * 0.55, y - r * 0.75), w)
    pygame.draw.circle(surface, ink, (x - r * 0.6, y - r * 0.8), r * 0.2)


def _galley(surface: pygame.Surface, c: Point, r: float, ink: RGB) -> None:
    """A galley: curved hull with a ram, mast and square sail, a row of oars."""
    x, y = c
    hull = [(x - r * 0.95, y + r * 0.05), (x + r * 0.8, y + r * 0.05), (x + r, y - r * 0.15),
            (x + r * 0.6, y + r * 0.45), (x - r * 0.6, y + r * 0.45), (x - r * 0.98, y + r * 0.22),
            (x - r * 1.08, y + r * 0.3)]
    pygame.draw.polygon(surface, ink, hull)
    pygame.draw.line(surface, ink, (x - r * 0.05, y + r * 0.05), (x - r * 0.05, y - r * 0.95),
                     max(1, round(r * 0.1)))
    sail = [(x - r * 0.5, y - r * 0.85), (x + r * 0.4, y - r * 0.85), (x + r * 0.35, y - r * 0.2),
            (x - r * 0.45, y - r * 0.2)]
    pygame.draw.polygon(surface, ink, sail, max(1, round(r * 0.1)))
    for k in range(6):
        ox = x - r * 0.6 + k * r * 0.24
        pygame.draw.line(surface, ink, (ox, y + r * 0.4), (ox - r * 0.22, y + r * 0.82),
                         max(1, round(r * 0.08)))


PICTOGRAMS: dict[str, Painter] = {
    "caesar": _caesar,
    "general": _general,
    "infantry": _infantry,
    "cavalry": _cavalry,
    "catapult": _catapult,
    "galley": _galley,
}
UNIT_KINDS = tuple(PICTOGRAMS)
for _name, _painter in PICTOGRAMS.items():
    register_symbol(f"coe_{_name}", _painter)


def seat_rgb(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _ink_on(colour: RGB) -> RGB:
    lum = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return (250, 246, 236) if lum < 120 else shade(colour, 0.22)


@functools.lru_cache(maxsize=512)
def unit_chip(kind: str, seat: int, px: int, count: int = 1, lit: bool = False) -> pygame.Surface:
    """A unit (or a stack of one type): its pictogram on a chip in the seat's colour and
    shape; a count badge when more than one."""
    px = max(10, px)
    side = px * SS
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    colour = seat_rgb(seat)
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    centre = (side / 2, side / 2)
    r = side * 0.4
    pts = shape_points(shape, centre, r)
    pygame.draw.polygon(big, (0, 0, 0, 90), [(x + side * 0.03, y + side * 0.04) for x, y in pts])
    pygame.draw.polygon(big, colour, pts)
    inner = shape_points(shape, centre, r * 0.82)
    pygame.draw.polygon(big, shade(colour, 1.12), inner)
    pygame.draw.polygon(big, (255, 214, 96) if lit else OUTLINE, pts,
                        max(2, round(side * (0.07 if lit else 0.035))))
    layer = pygame.Surface((side, side), pygame.SRCALPHA)
    PICTOGRAMS[kind](layer, (side / 2, side / 2 + side * 0.02), r * 0.78, _ink_on(colour))
    big.blit(layer, (0, 0))
    out = downsample(big, (px, px))
    if count > 1:
        badge_r = max(6, round(px * 0.24))
        label = str(count)
        img = lettering_font(max(8, round(badge_r * 1.25)), True).render(label, True, MARBLE)
        bw = max(2 * badge_r, img.get_width() + badge_r)
        badge = pygame.Rect(px - bw, px - 2 * badge_r, bw, 2 * badge_r)
        pygame.draw.rect(out, OUTLINE, badge, border_radius=badge_r)
        out.blit(img, img.get_rect(center=badge.center))
    return out


@functools.lru_cache(maxsize=256)
def influence_disc(seat: int | None, count: int, px: int) -> pygame.Surface:
    """Influence on a key province: a disc in the seat's colour with its shape and the
    number; a neutral token (seat None) is a bronze disc with a laurel."""
    px = max(10, px)
    side = px * SS
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    c = (side / 2, side / 2)
    colour = NEUTRAL if seat is None else seat_rgb(seat)
    pygame.draw.circle(big, (0, 0, 0, 90), (c[0] + side * 0.03, c[1] + side * 0.04), side * 0.46)
    pygame.draw.circle(big, shade(colour, 0.7), c, side * 0.46)
    pygame.draw.circle(big, colour, c, side * 0.4)
    if seat is None:
        laurel(big, c, side * 0.3, shade(colour, 0.5))
    else:
        shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
        pygame.draw.polygon(big, shade(colour, 0.55), shape_points(shape, c, side * 0.3),
                            max(2, side // 24))
    pygame.draw.circle(big, OUTLINE, c, side * 0.46, max(2, side // 30))
    out = downsample(big, (px, px))
    img = lettering_font(max(8, round(px * 0.5)), True).render(str(count), True,
                                                                _ink_on(colour))
    out.blit(img, img.get_rect(center=(px / 2, px / 2)))
    return out


@functools.lru_cache(maxsize=64)
def holder_flag(seat: int, px: int) -> pygame.Surface:
    """Who holds a city: a pennant in the seat's colour with the seat's shape."""
    px = max(10, px)
    side = px * SS
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    colour = seat_rgb(seat)
    pygame.draw.line(big, OUTLINE, (side * 0.2, side * 0.05), (side * 0.2, side * 0.95),
                     max(2, side // 14))
    flag = [(side * 0.2, side * 0.08), (side * 0.95, side * 0.3), (side * 0.2, side * 0.55)]
    pygame.draw.polygon(big, colour, flag)
    pygame.draw.polygon(big, OUTLINE, flag, max(2, side // 30))
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    pygame.draw.polygon(big, _ink_on(colour), shape_points(shape, (side * 0.45, side * 0.31),
                                                           side * 0.09))
    return downsample(big, (px, px))


# -- battle dice ----------------------------------------------------------------------------------
BATTLE_FACES: tuple[str, ...] = ("blank", "galley", "catapult", "cavalry", "infantry",
                                 "infantry")
"""What each face (1..6) hits, as the seed gives them."""


def battle_die(body: RGB = MARBLE, ink: RGB = INK, name: str = "coe_battle") -> DieKind:
    return DieKind(
        name,
        tuple(DiceFace() if f == "blank" else DiceFace(symbol=f"coe_{f}") for f in BATTLE_FACES),
        body=body, ink=ink,
    )


BATTLE_DIE = battle_die()
ATTACK_DIE = battle_die((196, 70, 56), MARBLE, "coe_attack")
"""The attacker's dice are red, the defender's marble, so both rows read at a glance."""
