"""Corona de Hierro drawn by code: an antique map of Italy in 887 and the pieces on it.

The board (`CoronaPainter`, over the shared `client/board/`) is parchment land on a
blue-grey sea whose coasts are hatched and water-lined, mountains as little shaded
hills, rivers and lakes in pale blue, roads as dotted lines, towns as small ringed
marks and castles as towers carrying their two banner numbers (left: military, right:
diplomatic, "–" when the castle takes no emissaries). Names are lettered in italics,
seas and ranges spaced out in capitals. Everything comes from the map's topology
(`maps/corona_de_hierro.tmx`); nothing here knows the rules.

Pieces: `pawn_stack` (an army: stacked figures in the seat's colour with the seat's
shape on the front one, so no information rests on colour alone), `banner` (a seat's
pennant on a castle, troops side up or down), `emissary` (a small robed figure with the
seat's shape), and the three dice (`DICE`, red, yellow and green, plus the "green + 1"
some cards give) for the suite's dice widget. Sprites are drawn large and smoothscaled
down, and cached by size.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, ClassVar

import pygame

from client.art._draw import RGB, Point, add_grain, downsample, fractal_noise, lerp, shade
from client.art.antique import Grid, lettering, lettering_font, offset_ring, resample
from client.art.dice import DiceFace, DieKind
from client.art.palette import OUTLINE, SEAT_COLOURS, SEAT_SHAPES, shape_points
from client.board.painter import LayeredPainter, WorldRect, bbox, dotted, overlaps
from client.resources import font
from rules.maps import Area, Place, Topology, point_in_polygon

SS = 4
SEA: RGB = (126, 150, 160)
SEA_DARK: RGB = (104, 128, 140)
SEA_LIGHT: RGB = (146, 168, 174)
SEA_LINE: RGB = (78, 100, 112)
LAND_DARK: RGB = (208, 188, 142)
LAND_LIGHT: RGB = (238, 226, 190)
INK: RGB = (72, 50, 32)
INK_SOFT: RGB = (118, 92, 62)
RIVER: RGB = (132, 160, 172)
RIVER_EDGE: RGB = (86, 112, 126)
HILL_FILL: RGB = (214, 190, 140)
HILL_SHADE: RGB = (150, 118, 80)
ROAD: RGB = (110, 60, 36)
CARTOUCHE: RGB = (232, 216, 172)
BANNER_RED: RGB = (150, 36, 30)
GOLD: RGB = (196, 150, 52)

# Where pieces stand around a city (world px from the city, at zoom 1): the view and the
# painter agree on them, so a name never hides under a pawn.
CITY_RING = 16.0
TOWER_SIZE = (56.0, 64.0)
"""A castle tile's tower: width and height in world px, standing on its city."""
ARMY_SLOTS: tuple[Point, ...] = ((52, 2), (-52, 2), (46, -44), (-46, -44), (0, -62))
"""Army stacks of up to five players in one city, in order of arrival in the city."""
BANNER_SPOT: Point = (30, -52)
EMISSARY_SPOTS: tuple[Point, ...] = ((-34, -56), (-58, -46))
LABEL_GAP = 30.0


def _tile_mult(surface: pygame.Surface, texture: pygame.Surface, origin: Point) -> None:
    """Multiply `texture`, tiled in phase with the world, over the whole surface."""
    tw, th = texture.get_size()
    w, h = surface.get_size()
    for y in range(-(round(origin[1]) % th), h, th):
        for x in range(-(round(origin[0]) % tw), w, tw):
            surface.blit(texture, (x, y), special_flags=pygame.BLEND_RGB_MULT)


# -- geometry helpers ---------------------------------------------------------------------------
def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == dy == 0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


CELL = 250.0
"""World cells the scenery is cut into once, so a chunk only draws its own small pieces."""
SEAM = 8.0
"""Neighbouring cells' pieces overlap by this much (world px), so no hairline shows
between them at any zoom."""


def _clip_ring(points: Sequence[Point], x0: float, y0: float, x1: float,
               y1: float) -> list[Point]:
    """Sutherland-Hodgman: a closed ring clipped to a rectangle (may come back empty)."""
    out = list(points)
    for axis, bound, keep_low in ((0, x0, False), (0, x1, True), (1, y0, False),
                                  (1, y1, True)):
        src, out = out, []
        if not src:
            return []
        for i, cur in enumerate(src):
            prev = src[i - 1]
            cur_in = cur[axis] <= bound if keep_low else cur[axis] >= bound
            prev_in = prev[axis] <= bound if keep_low else prev[axis] >= bound
            if cur_in != prev_in:
                t = (bound - prev[axis]) / (cur[axis] - prev[axis])
                cut = (prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1]))
                out.append(cut)
            if cur_in:
                out.append(cur)
    return out if len(out) >= 3 else []


def _cut(points: Sequence[Point], rect: WorldRect,
         into: dict[tuple[int, int], list[list[Point]]]) -> None:
    """Cut a ring into the grid's cells by halving the rectangle it lies in (each vertex is
    clipped only against the halves it falls in, not against every cell)."""
    x, y, w, h = rect
    if w <= CELL + 1 and h <= CELL + 1:
        into.setdefault((int(x // CELL), int(y // CELL)), []).append(list(points))
        return
    if w >= h:
        cols = max(1, round(w / CELL))
        half = x + (cols // 2) * CELL
        parts = ((x, y, half - x, h), (half, y, x + w - half, h))
    else:
        rows = max(1, round(h / CELL))
        half = y + (rows // 2) * CELL
        parts = ((x, y, w, half - y), (x, half, w, y + h - half))
    for px_, py_, pw, ph in parts:
        if pw <= 0 or ph <= 0:
            continue
        piece = _clip_ring(points, px_ - SEAM, py_ - SEAM, px_ + pw + SEAM, py_ + ph + SEAM)
        if piece:
            _cut(piece, (px_, py_, pw, ph), into)


def _runs(points: Sequence[Point], closed: bool,
          into: dict[tuple[int, int], list[list[Point]]]) -> None:
    """Bucket a polyline's segments into the cells they touch, consecutive segments of one
    cell joined into one run (strokes are drawn from these, never along a cell's edge)."""
    pts = list(points) + ([points[0]] if closed else [])
    current: dict[tuple[int, int], list[Point]] = {}
    for a, b in itertools.pairwise(pts):
        cells = {(int(gx), int(gy))
                 for gx in range(int(min(a[0], b[0]) // CELL), int(max(a[0], b[0]) // CELL) + 1)
                 for gy in range(int(min(a[1], b[1]) // CELL), int(max(a[1], b[1]) // CELL) + 1)}
        for cell in list(current):
            if cell not in cells:
                into.setdefault(cell, []).append(current.pop(cell))
        for cell in cells:
            run = current.get(cell)
            if run is None:
                current[cell] = [a, b]
            else:
                run.append(b)
    for cell, run in current.items():
        into.setdefault(cell, []).append(run)


@functools.lru_cache(maxsize=2)
def mottle(side: int = 512) -> pygame.Surface:
    """A grey noise tile multiplied over a chunk: the paper's and the sea's mottling."""
    half = side // 2
    base = fractal_noise((half, half), 91, (214, 210, 204), (255, 255, 255), across=3,
                         octaves=4)
    surf = pygame.Surface((side, side))
    for flip_x in (False, True):  # mirrored four ways: the tile meets itself seamlessly
        for flip_y in (False, True):
            surf.blit(pygame.transform.flip(base, flip_x, flip_y),
                      (half if flip_x else 0, half if flip_y else 0))
    add_grain(surf, 93, 7)
    return surf


# -- the board ------------------------------------------------------------------------------------
_SHARED: dict[str, tuple[Any, ...]] = {}
_LABELS: dict[tuple[str, str], dict[str, tuple[Point, str]]] = {}


BOX_TITLE_MIN = 9
"""The smallest letters a box's name is printed in, in screen pixels (a city's name reads at
about that size on a small map)."""


class CoronaPainter(LayeredPainter):
    """The antique map: sea, hatched coasts, parchment land, relief, water, roads, towns,
    castles with their banner numbers, the three boxes, a compass rose and a title."""

    background = SEA
    water_lines = (9.0, 20.0, 34.0)

    def __init__(self, topology: Topology, lang: str = "es") -> None:
        super().__init__(topology)
        self.lang = lang
        kinds = {a.kind for a in topology.areas}
        self.land = [a for a in topology.areas if a.kind in ("land", "island")]
        self.relief = [a for a in topology.areas if a.kind == "mountains"]
        self.rivers = [a for a in topology.areas if a.kind == "river"]
        self.lakes = [a for a in topology.areas if a.kind in ("lake", "lagoon")]
        self.boxes_ = [a for a in topology.areas if a.kind == "box"]
        assert "land" in kinds, "the Corona map has no land"
        self.cities = [p for p in topology.places if p.kind == "city"]
        self.castles = {str(p.properties.get("city", p.key)): p for p in topology.places
                        if p.kind == "castle"}
        self.labels = [p for p in topology.places if p.kind == "label"]
        shared = _SHARED.get(topology.map_id)
        if shared is None:  # the scenery's geometry, worked out once per map and process
            shared = _SHARED[topology.map_id] = self._geometry()
        (self._rings, self._inner, self._fills, self._strokes, self._hatches,
         self._hills) = shared
        self.compass = (330.0, 2380.0)
        self.title_box = (90.0, 40.0, 700.0, 190.0)

    def _geometry(self) -> tuple[Any, ...]:
        rings = {a.id: [offset_ring(a.polygon, d) for d in self.water_lines] for a in self.land}
        inner = {a.id: offset_ring(a.polygon, -7.0) for a in self.lakes}
        fills: dict[str, dict[tuple[int, int], list[list[Point]]]] = {}
        strokes: dict[str, dict[tuple[int, int], list[list[Point]]]] = {}
        for name, areas in (("land", self.land), ("river", self.rivers),
                            ("lake", self.lakes)):
            cells: dict[tuple[int, int], list[list[Point]]] = {}
            for a in areas:
                x0, y0, w, h = bbox(a.polygon)
                gx0, gy0 = math.floor(x0 / CELL) * CELL, math.floor(y0 / CELL) * CELL
                span = (gx0, gy0, math.ceil((x0 + w - gx0) / CELL) * CELL,
                        math.ceil((y0 + h - gy0) / CELL) * CELL)
                _cut(a.polygon, span, cells)
            fills[name] = cells
        lines: dict[str, list[tuple[Sequence[Point], bool]]] = {
            "coast": [(a.polygon, True) for a in self.land],
            "river": [(a.polygon, True) for a in self.rivers],
            "lake": [(a.polygon, True) for a in self.lakes],
            "lake_inner": [(r, True) for r in inner.values()],
        }
        for i in range(len(self.water_lines)):
            lines[f"water_{i}"] = [(rings[a.id][i], True) for a in self.land]
        for name, polylines in lines.items():
            cells = {}
            for pts, closed in polylines:
                _runs(pts, closed, cells)
            strokes[name] = cells
        hatches = Grid()
        for a in self.land:
            for (x, y), (nx, ny) in resample(a.polygon, 11.0):
                end = (x + nx * 7.0, y + ny * 7.0)
                hatches.add(bbox([(x, y), end]), ((x, y), end))
        self._fills = fills
        hills = Grid()
        for hill_ in self._place_hills():
            x, y, w = hill_
            hills.add((x - w, y - w, 2 * w, 1.4 * w), hill_)
        return rings, inner, fills, strokes, hatches, hills

    def on_land(self, p: Point) -> bool:
        """Whether a world point lies on land (tested against its cell's pieces only)."""
        cell = (int(p[0] // CELL), int(p[1] // CELL))
        return any(point_in_polygon(p, tuple(poly))
                   for poly in self._fills["land"].get(cell, ()))

    @property
    def label_spots(self) -> dict[str, tuple[Point, str]]:
        """Where each town's name goes in the current language (worked out once)."""
        key = (self.topology.map_id, self.lang)
        spots = _LABELS.get(key)
        if spots is None:
            spots = _LABELS[key] = {c.key: self._label_spot(c) for c in self.cities}
        return spots

    # -- language -------------------------------------------------------------------------
    @property
    def version(self) -> Hashable:
        return self.lang

    def set_language(self, lang: str) -> None:
        self.lang = lang

    def name(self, obj: Place | Area) -> str:
        value = obj.properties.get(f"name_{self.lang}", obj.label)
        return str(value)

    # -- one-off layout -----------------------------------------------------------------------
    def _road_segments(self) -> list[tuple[Point, Point]]:
        return [s for r in self.topology.routes for s in itertools.pairwise(r.points)]

    def _place_hills(self) -> list[tuple[float, float, float]]:
        """Hills on a jittered grid inside the ranges, clear of towns, roads, rivers, lakes."""
        rng = random.Random(887)
        segments = self._road_segments()
        towns = [c.position for c in self.cities]
        hills = []
        for area in self.relief:
            x0, y0, w, h = bbox(area.polygon)
            step = 80.0
            y = y0 + step / 2
            row = 0
            while y < y0 + h:
                x = x0 + (step / 2 if row % 2 else 0.0)
                while x < x0 + w:
                    px, py = x + rng.uniform(-22, 22), y + rng.uniform(-16, 16)
                    size = rng.uniform(24, 44)
                    p = (px, py)
                    ridge = 0.5 + 0.5 * math.sin(px / 210.0 + 1.3) * math.cos(py / 170.0 - 0.4)
                    if (rng.random() < 0.3 + 0.7 * ridge
                            and point_in_polygon(p, area.polygon)
                            and self.on_land(p)
                            and all(math.dist(p, t) > 88 for t in towns)
                            and all(_segment_distance(p, a, b) > 34 for a, b in segments)
                            and not any(point_in_polygon(p, lk.polygon) for lk in self.lakes)
                            and not any(overlaps(self.boxes[b.id], (px - 40, py - 40, 80, 80))
                                        for b in self.boxes_)):
                        hills.append((px, py, size))
                    x += step
                y += step * 0.62
                row += 1
        hills.sort(key=lambda t: t[1])  # drawn from the back (north) forwards
        return hills

    def _label_spot(self, city: Place) -> tuple[Point, str]:
        """Where a town's name goes: below it unless a road or a neighbour is in the way.
        Returns the anchor point and which side of the text it names."""
        x, y = city.position
        segments = [(a, b) for a, b in self._road_segments()
                    if _segment_distance((x, y), a, b) < 400]
        others = [c.position for c in self.cities if c.key != city.key
                  and math.dist(c.position, (x, y)) < 500]
        width = 15.0 * max(6, len(self.name(city)))
        candidates = [
            ((x, y + LABEL_GAP + 6), "midtop"),
            ((x, y - LABEL_GAP - 40), "midbottom"),
            ((x + LABEL_GAP + 14, y + 14), "midleft"),
            ((x - LABEL_GAP - 14, y + 14), "midright"),
        ]

        def cost(spot: tuple[Point, str]) -> float:
            (ax, ay), anchor = spot
            if anchor == "midtop":
                box = (ax - width / 2, ay, width, 34.0)
            elif anchor == "midbottom":
                box = (ax - width / 2, ay - 34, width, 34.0)
            elif anchor == "midleft":
                box = (ax, ay - 17, width, 34.0)
            else:
                box = (ax - width, ay - 17, width, 34.0)
            bx, by, bw, bh = box
            probes = [(bx + bw * i / 6, by + bh * j / 2) for i in range(7) for j in range(3)]
            hit = sum(1 for p in probes for a, b in segments if _segment_distance(p, a, b) < 8)
            hit += sum(8 for p in others if bx - 30 < p[0] < bx + bw + 30
                       and by - 30 < p[1] < by + bh + 30)
            hit += sum(3 for p in probes if not self.on_land(p))  # a name over the sea
            return hit + (0.0 if anchor == "midtop" else 1.5)

        return min(candidates, key=cost)

    # -- painting ---------------------------------------------------------------------------
    def _layers(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> Iterator[None]:
        ox, oy = rect[0], rect[1]
        self._origin, self._zoom = (ox, oy), zoom
        px = self._px
        margin = 60 / max(zoom, 0.05)
        near = (rect[0] - margin, rect[1] - margin, rect[2] + 2 * margin, rect[3] + 2 * margin)
        cells = [(gx, gy)
                 for gx in range(int(rect[0] // CELL), int((rect[0] + rect[2]) // CELL) + 1)
                 for gy in range(int(rect[1] // CELL), int((rect[1] + rect[3]) // CELL) + 1)]
        surface.fill(SEA)
        self._fill(surface, "land", cells, LAND_LIGHT)
        yield
        self._paint_relief(surface, near, zoom)
        yield
        self._fill(surface, "river", cells, RIVER)
        self._fill(surface, "lake", cells, RIVER)
        yield
        _tile_mult(surface, mottle(), (ox * zoom, oy * zoom))
        yield
        yield from self._paint_coasts(surface, near, zoom, cells)
        yield
        self._paint_scenery_names(surface, rect, zoom)
        self._paint_compass(surface, rect, zoom)
        self._paint_title(surface, rect, zoom)
        yield
        for route in self.topology.routes:
            if overlaps(bbox(route.points), near):
                pts = [px(p) for p in route.points]
                dotted(surface, pts, ROAD, max(1.0, 3.2 * zoom), max(4.0, 13 * zoom))
        for box in self.boxes_:
            if overlaps(self.boxes[box.id], near):
                self._paint_box(surface, box, zoom)
        for city in self.cities:
            x, y = city.position
            if overlaps((x - 200, y - 120, 400, 240), near):
                yield
                self._paint_city(surface, city, zoom)

    def _fill(self, surface: pygame.Surface, name: str, cells: list[tuple[int, int]],
              colour: RGB) -> None:
        table = self._fills[name]
        to = self._px
        clip = surface.get_clip()
        z = self._zoom
        for cell in cells:
            polys = table.get(cell, ())
            if not polys:
                continue
            # Only the cell itself (and a pixel round it): the pieces overlap their
            # neighbours, and clipping may leave hairline bridges along that overlap's edge.
            x, y = to((cell[0] * CELL, cell[1] * CELL))
            surface.set_clip(pygame.Rect(math.floor(x) - 1, math.floor(y) - 1,
                                         math.ceil(CELL * z) + 3, math.ceil(CELL * z) + 3)
                             .clip(clip))
            for poly in polys:
                pygame.draw.polygon(surface, colour, [to(p) for p in poly])
        surface.set_clip(clip)

    def _stroke(self, surface: pygame.Surface, name: str, cells: list[tuple[int, int]],
                colour: RGB, width: int = 1) -> None:
        table = self._strokes[name]
        to = self._px
        for cell in cells:
            for run in table.get(cell, ()):
                pts = [to(p) for p in run]
                if width > 1:
                    pygame.draw.lines(surface, colour, False, pts, width)
                pygame.draw.aalines(surface, colour, False, pts)

    def _paint_coasts(self, surface: pygame.Surface, near: WorldRect, zoom: float,
                      cells: list[tuple[int, int]]) -> Iterator[None]:
        to = self._px
        for i in range(len(self.water_lines)):
            self._stroke(surface, f"water_{i}", cells, lerp(SEA_LINE, SEA, 0.25 + 0.25 * i))
            yield
        if zoom >= 0.18:
            width = max(1, round(1.4 * zoom))
            for n, item in enumerate(self._hatches.query(near)):
                if n and n % 600 == 0:
                    yield
                a, b = item
                pygame.draw.line(surface, SEA_LINE, to(a), to(b), width)
        yield
        self._stroke(surface, "river", cells, RIVER_EDGE)
        self._stroke(surface, "lake_inner", cells, lerp(RIVER_EDGE, RIVER, 0.5))
        self._stroke(surface, "lake", cells, RIVER_EDGE, max(1, round(1.6 * zoom)))
        self._stroke(surface, "coast", cells, INK, max(1, round(2.4 * zoom)))

    def _paint_relief(self, surface: pygame.Surface, near: WorldRect, zoom: float) -> None:
        to = self._px
        for item in self._hills.query(near):
            x, y, size = item
            sx, sy = to((x, y))
            hill(surface, (sx, sy), size * zoom)

    SCENERY_STYLES: ClassVar[dict[str, tuple[int, float, RGB]]] = {
        "sea": (58, 0.45, SEA_LINE),
        "mountains": (50, 0.6, INK_SOFT),
        "island": (34, 0.2, INK_SOFT),
        "river": (26, 0.1, RIVER_EDGE),
    }

    def scenery_name(self, place: Place, zoom: float) -> pygame.Surface | None:
        """A sea's, a range's, an island's or a river's name lettered for this zoom."""
        style = str(place.properties.get("style", "sea"))
        size, spaced, colour = self.SCENERY_STYLES.get(style, self.SCENERY_STYLES["sea"])
        text_px = round(size * zoom)
        if text_px < 9:
            return None
        words = self.name(place)
        if style in ("sea", "mountains"):
            words = words.upper()
        return lettering(words, text_px, colour, spaced, False,
                         float(place.properties.get("angle", 0.0)))

    def city_name(self, city: Place, zoom: float) -> pygame.Surface | None:
        """A town's name lettered for this zoom (bold for a castle's city)."""
        if zoom < 0.12:
            return None
        return town_name(self.name(city), max(9, round(30 * zoom)), city.key in self.castles)

    def warm_jobs(self, zoom: float) -> list[Callable[[], object]]:
        """Everything a chunk at this zoom draws from a cache, to make while idle: the first
        chunk of a new zoom then paints as fast as the others."""
        jobs: list[Callable[[], object]] = [mottle, lambda: self.label_spots]
        jobs += [functools.partial(self.scenery_name, p, zoom) for p in self.labels]
        jobs += [functools.partial(self.city_name, c, zoom) for c in self.cities]
        kinds = {str(c.properties["castle_kind"]) for c in self.castles.values()}
        jobs += [functools.partial(tower_sprite, max(8, round(TOWER_SIZE[0] * zoom)), k)
                 for k in sorted(kinds)]
        numbers = sorted({v for c in self.castles.values()
                          for v in (str(c.properties["mil"]),
                                    "–" if int(c.properties["dip"]) == 0
                                    else str(c.properties["dip"]))})
        digits_px = max(8, round(max(5.0, 13 * zoom) * 1.45))  # as `number_shield` prints them
        jobs += [functools.partial(_digits, v, digits_px, (250, 242, 220)) for v in numbers]
        jobs += [functools.partial(self._box_title, b, zoom) for b in self.boxes_]
        return jobs

    def _paint_scenery_names(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        to = self._px
        for place in self.labels:
            img = self.scenery_name(place, zoom)
            if img is None:
                continue
            x, y = place.position
            span = max(img.get_size()) / zoom
            if overlaps((x - span, y - span, 2 * span, 2 * span), rect):
                surface.blit(img, img.get_rect(center=to(place.position)))

    def _paint_compass(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        px = self._px
        x, y = self.compass
        r = 120.0
        if not overlaps((x - r - 40, y - r - 60, 2 * r + 80, 2 * r + 120), rect):
            return
        cx, cy = px(self.compass)
        rz = r * zoom
        pygame.draw.circle(surface, SEA_LINE, (cx, cy), rz * 0.78, max(1, round(2 * zoom)))
        pygame.draw.circle(surface, SEA_LINE, (cx, cy), rz * 0.7, max(1, round(1 * zoom)))
        for k in range(16):
            a = k * math.tau / 16 - math.pi / 2
            big = k % 4 == 0
            mid = k % 2 == 0
            length = rz * (1.0 if big else 0.72 if mid else 0.5)
            half = rz * (0.13 if big else 0.09 if mid else 0.06)
            tip = (cx + length * math.cos(a), cy + length * math.sin(a))
            left = (cx + half * math.cos(a - math.pi / 2), cy + half * math.sin(a - math.pi / 2))
            right = (cx + half * math.cos(a + math.pi / 2), cy + half * math.sin(a + math.pi / 2))
            dark = INK if big else INK_SOFT
            pygame.draw.polygon(surface, LAND_LIGHT, [left, tip, (cx, cy)])
            pygame.draw.polygon(surface, dark, [right, tip, (cx, cy)])
            pygame.draw.aalines(surface, INK, True, [left, tip, right])
        pygame.draw.circle(surface, GOLD, (cx, cy), max(2.0, rz * 0.07))
        text_px = round(40 * zoom)
        if text_px >= 9:
            img = lettering("N", text_px, INK, bold=True)
            surface.blit(img, img.get_rect(midbottom=(cx, cy - rz - 2 * zoom)))

    def _paint_title(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        px = self._px
        x, y, w, h = self.title_box
        if not overlaps(self.title_box, rect, 20):
            return
        x0, y0 = px((x, y))
        box = pygame.Rect(round(x0), round(y0), round(w * zoom), round(h * zoom))
        cartouche(surface, box, zoom)
        title, sub = self._title_lettering(zoom)
        if title is not None:
            centre_y = box.y + box.h * (0.4 if sub is not None else 0.5)
            surface.blit(title, title.get_rect(center=(box.centerx, centre_y)))
        if sub is not None:
            surface.blit(sub, sub.get_rect(center=(box.centerx, box.y + box.h * 0.74)))

    def _title_lettering(self, zoom: float
                         ) -> tuple[pygame.Surface | None, pygame.Surface | None]:
        """The cartouche's title and subtitle at `zoom`. On a small map (a large UI
        scale) the title keeps BOX_TITLE_MIN px, fitted to the box, and the subtitle
        gives way: never an empty cartouche."""
        title = "Regnum Italiae" if self.lang != "es" else "Reino de Italia"
        s_px = round(30 * zoom)
        sub = lettering("Anno Domini DCCCLXXXVII", s_px, INK_SOFT, 0.15) if s_px >= 8 else None
        room = (self.title_box[2] - 12) * zoom
        return fitted_lettering(title, max(BOX_TITLE_MIN, round(58 * zoom)), room, 0.08), sub

    def _paint_box(self, surface: pygame.Surface, box: Area, zoom: float) -> None:
        px = self._px
        x, y, w, h = self.boxes[box.id]
        x0, y0 = px((x, y))
        r = pygame.Rect(round(x0), round(y0), round(w * zoom), round(h * zoom))
        cartouche(surface, r, zoom)
        title = self._box_title(box, zoom)
        if title is not None and not title[1]:  # a small map: the name across the box
            surface.blit(title[0], title[0].get_rect(center=r.center))
            return
        box_icon(surface, box.key, (r.x + 46 * zoom, r.y + 46 * zoom), 30 * zoom)
        if title is not None:
            surface.blit(title[0], title[0].get_rect(midleft=(r.x + 88 * zoom, r.y + 46 * zoom)))

    def _box_title(self, box: Area, zoom: float) -> tuple[pygame.Surface, bool] | None:
        """A box's name lettered to fit beside its icon (True), never under BOX_TITLE_MIN
        px: its full name, else its first word ("Sarracenos", "Rome"); on a map too small
        for either, the first word across the whole box, without the icon (False); None
        when even that does not fit."""
        width = self.boxes[box.id][2]
        name = self.name(box)
        t_px = max(BOX_TITLE_MIN, round(32 * zoom))
        tries = [(words, (width - 100) * zoom, True) for words in dict.fromkeys(
            (name, name.split()[0]))]
        tries.append((name.split()[0], (width - 24) * zoom, False))
        for words, room, beside in tries:
            img = fitted_lettering(words, t_px, room, 0.04)
            if img is not None:
                return img, beside
        return None

    def _paint_city(self, surface: pygame.Surface, city: Place, zoom: float) -> None:
        px = self._px
        at = px(city.position)
        castle = self.castles.get(city.key)
        if castle is None:
            town(surface, at, CITY_RING * zoom, str(city.properties.get("raid", "")))
        else:
            castle_tile(surface, at, zoom, int(castle.properties["mil"]),
                        int(castle.properties["dip"]), str(castle.properties["castle_kind"]))
        img = self.city_name(city, zoom)
        if img is None:
            return
        (lx, ly), anchor = self.label_spots[city.key]
        if castle is not None and anchor == "midbottom":
            ly -= TOWER_SIZE[1] * 0.5
        spot = px((lx, ly))
        surface.blit(img, img.get_rect(**{anchor: (round(spot[0]), round(spot[1]))}))

    def label_rect(self, city_key: str) -> WorldRect:
        """Roughly where a town's name lies (world), so pieces can keep off it."""
        (x, y), anchor = self.label_spots[city_key]
        width = 15.0 * len(city_key)
        return {
            "midtop": (x - width / 2, y, width, 34.0),
            "midbottom": (x - width / 2, y - 34, width, 34.0),
            "midleft": (x, y - 17, width, 34.0),
        }.get(anchor, (x - width, y - 17, width, 34.0))

    def paint_area(self, surface: pygame.Surface, area: Area, points: list[Point],
                   zoom: float) -> None:
        """Unused: `paint` draws every layer itself."""


# -- map pictograms ------------------------------------------------------------------------------
def hill(surface: pygame.Surface, at: Point, size: float) -> None:
    """A little mountain as antique maps draw them: lit on the left, hatched on the right."""
    x, y = at
    if size < 5:
        return
    w, h = size, size * 0.62
    peak = (x + w * 0.05, y - h)
    left, right = (x - w / 2, y), (x + w / 2, y)
    pygame.draw.polygon(surface, HILL_FILL, [left, peak, right])
    lines = max(2, min(6, round(size / 7)))
    width = max(1, round(size / 26))
    for k in range(1, lines + 1):
        t = k / (lines + 1)
        top = (peak[0] + (right[0] - peak[0]) * t * 0.9, peak[1] + (right[1] - peak[1]) * t * 0.9)
        pygame.draw.line(surface, HILL_SHADE, top, (top[0] - w * 0.06, y), width)
    pygame.draw.lines(surface, INK_SOFT, False, [left, peak, right], max(1, round(size / 18)))


def town(surface: pygame.Surface, at: Point, r: float, raid: str = "") -> None:
    """A town without a castle: a ring round a dot, a raid's mark beside it if any."""
    x, y = at
    r = max(3.0, r)
    pygame.draw.circle(surface, LAND_LIGHT, at, r)
    pygame.draw.circle(surface, INK, at, r, max(1, round(r / 6)))
    pygame.draw.circle(surface, INK, at, r * 0.38)
    if raid:
        raid_mark(surface, raid, (x - r * 1.9, y - r * 1.2), r * 0.75)


def raid_mark(surface: pygame.Surface, raid: str, at: Point, r: float) -> None:
    """☾ Saracen coast (a crescent) or ✠ Magyar march (a cross pattée), in red ink."""
    x, y = at
    if r < 2:
        return
    if raid == "saracen":
        pygame.draw.circle(surface, BANNER_RED, at, r)
        pygame.draw.circle(surface, LAND_LIGHT, (x + r * 0.42, y - r * 0.12), r * 0.82)
    elif raid == "magyar":
        for a in (0.0, math.pi / 2):
            for s in (1, -1):
                c, si = math.cos(a) * s, math.sin(a) * s
                pygame.draw.polygon(surface, BANNER_RED, [
                    (x, y),
                    (x + r * c - r * 0.45 * si, y + r * si + r * 0.45 * c),
                    (x + r * c + r * 0.45 * si, y + r * si - r * 0.45 * c),
                ])


def castle_tile(surface: pygame.Surface, at: Point, zoom: float, mil: int, dip: int,
                kind: str) -> None:
    """A castle standing on its city: a tower (gilded crown for the capital, grey stone for
    the starting castles, brown for the neutral ones) with its banner numbers below."""
    img = tower_sprite(max(8, round(TOWER_SIZE[0] * zoom)), kind)
    x, y = at
    surface.blit(img, img.get_rect(midbottom=(round(x), round(y + 10 * zoom))))
    r = max(5.0, 13 * zoom)
    for value, dx in ((str(mil), -1), ("–" if dip == 0 else str(dip), 1)):
        centre = (x + dx * 24 * zoom, y + 20 * zoom)
        number_shield(surface, centre, r, value, dx < 0)


def number_shield(surface: pygame.Surface, centre: Point, r: float, value: str,
                  military: bool) -> None:
    """A small heater shield with a banner number: military (red) or diplomatic (blue)."""
    x, y = centre
    pts = [(x - r, y - r * 0.9), (x + r, y - r * 0.9), (x + r, y + r * 0.1),
           (x, y + r * 1.05), (x - r, y + r * 0.1)]
    pygame.draw.polygon(surface, (164, 48, 38) if military else (52, 86, 132), pts)
    pygame.draw.polygon(surface, OUTLINE, pts, max(1, round(r / 7)))
    img = _digits(value, max(8, round(r * 1.45)), (250, 242, 220))
    surface.blit(img, img.get_rect(center=(round(x), round(y - r * 0.08))))


@functools.lru_cache(maxsize=512)
def town_name(words: str, px: int, bold: bool) -> pygame.Surface:
    """A town's name in italics over a halo of paper: the whole word rendered twice (ink
    and halo) rather than letter by letter, so a new zoom level letters its towns fast."""
    f = lettering_font(px, bold)
    ink = f.render(words, True, INK)
    halo = f.render(words, True, LAND_LIGHT)
    pad = max(2, px // 6)
    out = pygame.Surface((ink.get_width() + 2 * pad, ink.get_height() + 2 * pad),
                         pygame.SRCALPHA)
    step = max(1, pad // 2)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        out.blit(halo, (pad + dx * step, pad + dy * step))
    out.blit(ink, (pad, pad))
    return out


@functools.lru_cache(maxsize=256)
def _digits(value: str, px: int, colour: RGB) -> pygame.Surface:
    """A number printed on a piece (a banner's number, an army's size), cached."""
    return font(px, True).render(value, True, colour)


@functools.lru_cache(maxsize=48)
def tower_sprite(px: int, kind: str) -> pygame.Surface:
    """A small stone tower with a gate and crenels; the capital's wears a gold crown."""
    w, h = px * SS, round(px * 1.15) * SS
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    stone = {"capital": (214, 196, 150), "grey": (176, 172, 164)}.get(kind, (196, 164, 120))
    pygame.draw.ellipse(big, (0, 0, 0, 70), (w * 0.08, h * 0.88, w * 0.84, h * 0.1))
    body = pygame.Rect(w * 0.2, h * 0.34, w * 0.6, h * 0.6)
    pygame.draw.rect(big, stone, body)
    pygame.draw.rect(big, shade(stone, 0.78), (body.right - w * 0.16, body.y, w * 0.16, body.h))
    top = pygame.Rect(w * 0.12, h * 0.22, w * 0.76, h * 0.14)
    pygame.draw.rect(big, stone, top)
    for k in range(4):
        pygame.draw.rect(big, stone, (w * (0.12 + 0.2 * k), h * 0.13, w * 0.16, h * 0.1))
        pygame.draw.rect(big, OUTLINE, (w * (0.12 + 0.2 * k), h * 0.13, w * 0.16, h * 0.1),
                         max(2, round(w * 0.025)))
    for rect in (body, top):
        pygame.draw.rect(big, OUTLINE, rect, max(2, round(w * 0.035)))
    door = pygame.Rect(w * 0.41, h * 0.72, w * 0.18, h * 0.22)
    pygame.draw.rect(big, (60, 40, 28), door, border_top_left_radius=round(w * 0.09),
                     border_top_right_radius=round(w * 0.09))
    pygame.draw.rect(big, (40, 28, 20), (w * 0.46, h * 0.45, w * 0.08, h * 0.12))
    if kind == "capital":  # the Iron Crown over the capital
        cx, cy, r = w * 0.5, h * 0.07, w * 0.2
        crown = [(cx - r, cy + r * 0.5), (cx - r, cy - r * 0.3), (cx - r * 0.5, cy + r * 0.05),
                 (cx, cy - r * 0.5), (cx + r * 0.5, cy + r * 0.05), (cx + r, cy - r * 0.3),
                 (cx + r, cy + r * 0.5)]
        pygame.draw.polygon(big, GOLD, crown)
        pygame.draw.polygon(big, OUTLINE, crown, max(2, round(w * 0.02)))
    return downsample(big, (px, round(px * 1.15)))


def fitted_lettering(words: str, px: int, room: float, spacing: float
                     ) -> pygame.Surface | None:
    """Bold ink lettering at `px`, or smaller to fit `room` pixels, never under
    BOX_TITLE_MIN px (None then)."""
    img = lettering(words, px, INK, spacing, True)
    if img.get_width() <= room:
        return img
    fitted = int(px * room / img.get_width())
    return lettering(words, fitted, INK, spacing, True) if fitted >= BOX_TITLE_MIN else None


def cartouche(surface: pygame.Surface, rect: pygame.Rect, zoom: float) -> None:
    """A framed parchment label (the boxes and the title)."""
    if rect.w < 4 or rect.h < 4:
        return
    shadow = rect.move(round(6 * zoom), round(8 * zoom))
    pygame.draw.rect(surface, shade(SEA_DARK, 0.7), shadow, border_radius=round(12 * zoom))
    pygame.draw.rect(surface, CARTOUCHE, rect, border_radius=round(12 * zoom))
    pygame.draw.rect(surface, INK, rect, max(1, round(3 * zoom)), border_radius=round(12 * zoom))
    inner = rect.inflate(-round(16 * zoom), -round(16 * zoom))
    if inner.w > 4 and inner.h > 4:
        pygame.draw.rect(surface, INK_SOFT, inner, max(1, round(1.5 * zoom)),
                         border_radius=round(8 * zoom))


def box_icon(surface: pygame.Surface, key: str, at: Point, r: float) -> None:
    """Rome: the crossed keys; Saracens: the crescent; Magyars: a horseman's bow."""
    x, y = at
    if r < 4:
        return
    width = max(1, round(r / 7))
    if key == "rome":
        for s in (1, -1):
            a = (x - r * 0.8 * s, y - r * 0.8)
            b = (x + r * 0.8 * s, y + r * 0.8)
            pygame.draw.line(surface, GOLD, a, b, max(2, round(r / 5)))
            pygame.draw.circle(surface, GOLD, a, r * 0.28, width)
            pygame.draw.line(surface, GOLD, b, (b[0] - r * 0.3 * s, b[1]), max(2, round(r / 6)))
    elif key == "saracens":
        pygame.draw.circle(surface, BANNER_RED, at, r * 0.9)
        pygame.draw.circle(surface, CARTOUCHE, (x + r * 0.38, y - r * 0.1), r * 0.76)
        pygame.draw.circle(surface, BANNER_RED, (x + r * 0.55, y - r * 0.05), r * 0.16)
    else:
        arc = pygame.Rect(0, 0, r * 1.2, r * 1.9)
        arc.center = (round(x), round(y))
        pygame.draw.arc(surface, INK, arc, -math.pi / 2, math.pi / 2, max(2, round(r / 6)))
        pygame.draw.line(surface, INK, (x, y - r * 0.95), (x, y + r * 0.95), width)
        pygame.draw.line(surface, BANNER_RED, (x - r * 0.9, y), (x + r * 0.7, y), width + 1)
        pygame.draw.polygon(surface, BANNER_RED, [(x + r * 0.9, y), (x + r * 0.6, y - r * 0.18),
                                                   (x + r * 0.6, y + r * 0.18)])


# -- pieces ----------------------------------------------------------------------------------
def seat_rgb(colour: int) -> RGB:
    return SEAT_COLOURS[colour % len(SEAT_COLOURS)]


def _figure(big: pygame.Surface, cx: float, base: float, w: float, colour: RGB) -> None:
    """One pawn: a rounded body with a head, like a wooden meeple seen from the front."""
    h = w * 1.25
    body = [(cx - w * 0.5, base), (cx - w * 0.38, base - h * 0.5), (cx - w * 0.18, base - h * 0.62),
            (cx + w * 0.18, base - h * 0.62), (cx + w * 0.38, base - h * 0.5), (cx + w * 0.5, base)]
    pygame.draw.polygon(big, colour, body)
    pygame.draw.polygon(big, OUTLINE, body, max(2, round(w * 0.07)))
    head = (cx, base - h * 0.76)
    pygame.draw.circle(big, colour, head, w * 0.22)
    pygame.draw.circle(big, OUTLINE, head, w * 0.22, max(2, round(w * 0.07)))


@functools.lru_cache(maxsize=256)
def pawn_stack(colour: int, n: int, px: int, lit: bool = False) -> pygame.Surface:
    """An army of `n` pawns: up to four figures standing staggered, the seat's shape on the
    front one; more than four show four (the count is written beside by the view)."""
    px = max(10, px)
    shown = max(1, min(4, n))
    w = px * SS
    side_w = round(w * (1 + 0.34 * (shown - 1)))
    h = round(w * 1.5)
    big = pygame.Surface((side_w, h), pygame.SRCALPHA)
    rgb = seat_rgb(colour)
    fig_w = w * 0.78
    pygame.draw.ellipse(big, (0, 0, 0, 80), (0, h * 0.84, side_w, h * 0.14))
    for k in range(shown):  # back to front
        cx = fig_w * 0.62 + k * w * 0.34
        base = h * 0.92 - (shown - 1 - k) * w * 0.1
        _figure(big, cx, base, fig_w, shade(rgb, 0.82 + 0.18 * (k + 1) / shown))
    front = fig_w * 0.62 + (shown - 1) * w * 0.34
    pygame.draw.polygon(big, shade(rgb, 0.45),
                        shape_points(SEAT_SHAPES[colour % len(SEAT_SHAPES)],
                                     (front, h * 0.92 - fig_w * 1.25 * 0.27), fig_w * 0.17))
    if lit:
        pygame.draw.rect(big, (255, 214, 96), big.get_rect(), max(3, round(w * 0.06)),
                         border_radius=round(w * 0.2))
    out = downsample(big, (max(1, side_w // SS), max(1, h // SS)))
    if n >= 2:  # the army's size, on a small disc by the front figure's feet
        r = max(6, round(px * 0.32))
        at = (out.get_width() - r, out.get_height() - r)
        pygame.draw.circle(out, (250, 244, 226), at, r)
        pygame.draw.circle(out, OUTLINE, at, r, max(1, r // 6))
        digits = _digits(str(n), max(8, round(r * 1.5)), OUTLINE)
        out.blit(digits, digits.get_rect(center=at))
    return out


@functools.lru_cache(maxsize=128)
def emissary(colour: int, px: int, lit: bool = False) -> pygame.Surface:
    """An emissary: a robed figure with a tall hat, the seat's shape on the robe."""
    px = max(8, px)
    w, h = px * SS, round(px * 1.4) * SS
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    rgb = seat_rgb(colour)
    pygame.draw.ellipse(big, (0, 0, 0, 80), (w * 0.08, h * 0.88, w * 0.84, h * 0.1))
    robe = [(w * 0.14, h * 0.94), (w * 0.34, h * 0.36), (w * 0.66, h * 0.36), (w * 0.86, h * 0.94)]
    pygame.draw.polygon(big, rgb, robe)
    pygame.draw.polygon(big, OUTLINE, robe, max(2, round(w * 0.05)))
    pygame.draw.circle(big, (236, 214, 180), (w * 0.5, h * 0.28), w * 0.16)
    pygame.draw.circle(big, OUTLINE, (w * 0.5, h * 0.28), w * 0.16, max(2, round(w * 0.05)))
    hat = [(w * 0.32, h * 0.2), (w * 0.5, h * 0.02), (w * 0.68, h * 0.2)]
    pygame.draw.polygon(big, shade(rgb, 0.6), hat)
    pygame.draw.polygon(big, OUTLINE, hat, max(2, round(w * 0.04)))
    pygame.draw.polygon(big, shade(rgb, 0.4),
                        shape_points(SEAT_SHAPES[colour % len(SEAT_SHAPES)],
                                     (w * 0.5, h * 0.64), w * 0.15))
    if lit:
        pygame.draw.rect(big, (255, 214, 96), big.get_rect(), max(3, round(w * 0.07)),
                         border_radius=round(w * 0.2))
    return downsample(big, (px, round(px * 1.4)))


@functools.lru_cache(maxsize=128)
def banner(colour: int, px: int, troops: bool) -> pygame.Surface:
    """A seat's banner on a castle: a pennant on a pole, the seat's shape on it; troops side
    up shows a pawn under the shape (the castle still holds an army), troops down a plain
    cloth."""
    px = max(8, px)
    w, h = px * SS, round(px * 1.3) * SS
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    rgb = seat_rgb(colour)
    pygame.draw.line(big, (70, 50, 30), (w * 0.12, h * 0.02), (w * 0.12, h * 0.98),
                     max(3, round(w * 0.06)))
    cloth = [(w * 0.14, h * 0.06), (w * 0.96, h * 0.06), (w * 0.96, h * 0.62),
             (w * 0.55, h * 0.5), (w * 0.14, h * 0.62)]
    pygame.draw.polygon(big, rgb, cloth)
    pygame.draw.polygon(big, OUTLINE, cloth, max(2, round(w * 0.04)))
    ink = shade(rgb, 0.4)
    pygame.draw.polygon(big, ink, shape_points(SEAT_SHAPES[colour % len(SEAT_SHAPES)],
                                               (w * 0.55, h * 0.24), w * 0.13))
    if troops:
        _figure(big, w * 0.55, h * 0.49, w * 0.22, (250, 242, 220))
    return downsample(big, (px, round(px * 1.3)))


# -- dice ---------------------------------------------------------------------------------------
DIE_COLOURS: dict[str, RGB] = {
    "red": (188, 48, 40),
    "yellow": (232, 190, 52),
    "green": (70, 142, 78),
    "green_plus": (40, 104, 60),
}
DIE_FACES: dict[str, tuple[int, ...]] = {
    "red": (1, 1, 2, 2, 3, 4),
    "yellow": (1, 2, 3, 3, 4, 5),
    "green": (2, 3, 4, 4, 5, 6),
    "green_plus": (3, 4, 5, 5, 6, 7),
}


def _die(name: str) -> DieKind:
    body = DIE_COLOURS[name]
    ink = (250, 244, 228) if name != "yellow" else (48, 34, 20)
    corner = "+1" if name == "green_plus" else ""
    return DieKind(f"corona_{name}",
                   tuple(DiceFace(label=str(v), corner=corner) for v in DIE_FACES[name]),
                   body=body, ink=ink)


DICE: dict[str, DieKind] = {name: _die(name) for name in DIE_FACES}
"""The three dice (and green + 1); face i (1-based) shows DIE_FACES[name][i - 1]."""


def die_face_index(name: str, value: int) -> int:
    """The 1-based face of die `name` that shows `value` (the first such face)."""
    return DIE_FACES[name].index(value) + 1
