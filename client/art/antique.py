"""The antique-map look the map games share: parchment, sea, coasts, lettering and pictograms.

ART.md asks the three map games for antique maps: parchment land, blue-grey seas with
hatched coasts, hand-lettered names, roads and borders as dotted lines, cities and
castles as small pictograms. This module holds the pieces any of them can use; a game's
`MapPainter` subclass (e.g. `client/art/imperios_milenarios.py`) combines them. Nothing
here knows a game's rules or a map's layers.

Everything is drawn by code, deterministic, and cached:

- Colours: `SEA`, `SEA_DARK`, `SEA_LINE`, `LAND_*`, `WILD_*` (land beyond play),
  `INK`, `INK_SOFT`, `SHADE` (shaded sites), `GREY_WASH` (areas out of play).
- Textures (tiled, seamless, `functools` cached by size): `sea_texture`,
  `deep_sea_texture` (the sea under the deep water's wash, for the table past a map's
  edge), `land_texture`, `wild_texture`, `hatch_texture` (diagonal lines on transparency, for
  shading an area). `tile(surface, texture, origin)` lays one in phase with the
  world so map chunks meet without seams; `fill_polygons` paints a texture inside
  polygons only (a mask), for parchment land over a sea or hatching over an area.
- Lettering: `lettering(words, px, colour, spaced=, bold=, angle=, halo=)` renders a
  name in Noto Sans Italic (the hand-lettered look), letters spread out for seas and
  regions, a halo of paper under it so it reads over lines; cached.
- Coasts: `Coastline(polygons)` precomputes water-lines (rings offset into the sea)
  and short hatches along every coast, bucketed in a `Grid`, so a chunk paints only
  what it touches: call `paint(surface, near, zoom, to_px)` *before* the land, which
  then covers the hatches that fell inland (shared inland borders need no special case).
- Lines: `dotted` (from the board painter) and `dashed` polylines.
- Pictograms (sprites drawn 4× and smoothscaled, cached by size): `tower_icon` (a city,
  with its level), `hut_icon` (a settlement, with its points), `capital_icon` (a
  crowned shield with its value), `number_disc`, and `compass_rose` / `cartouche` for
  the map's ornaments.

Costs: a 256 px map chunk with a dozen areas paints in a few milliseconds; the
renderer (`client/board/render.py`) caches chunks per zoom level.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import sys
from collections.abc import Iterable, Iterator, Sequence
from importlib import resources as importlib_resources
from pathlib import Path

import pygame

from client.art._draw import RGB, Point, add_grain, downsample, fractal_noise, lerp, shade
from client.board.painter import WorldRect, bbox, dotted, overlaps

__all__ = [
    "DEEP_ALPHA",
    "GREY_WASH",
    "INK",
    "INK_SOFT",
    "LAND_DARK",
    "LAND_LIGHT",
    "SEA",
    "SEA_DARK",
    "SEA_LINE",
    "SHADE",
    "WILD_DARK",
    "WILD_LIGHT",
    "Coastline",
    "Grid",
    "MapShapes",
    "capital_icon",
    "cartouche",
    "compass_rose",
    "dashed",
    "deep_sea_texture",
    "dotted",
    "fill_polygons",
    "hatch_texture",
    "hut_icon",
    "land_texture",
    "lettering",
    "number_disc",
    "offset_ring",
    "resample",
    "sea_texture",
    "signed_area",
    "simplify",
    "tile",
    "tower_icon",
    "wild_texture",
]

SS = 4  # supersampling of pictograms

SEA: RGB = (128, 152, 163)
SEA_DARK: RGB = (104, 128, 141)
SEA_LIGHT: RGB = (150, 171, 178)
SEA_DEEP: RGB = (98, 120, 134)
DEEP_ALPHA = 90
"""How strongly the deep water is washed with `SEA_DEEP` over the sea."""
SEA_LINE: RGB = (76, 98, 112)
LAND_DARK: RGB = (210, 190, 144)
LAND_LIGHT: RGB = (240, 228, 193)
WILD_DARK: RGB = (160, 150, 124)
WILD_LIGHT: RGB = (192, 182, 154)
INK: RGB = (70, 48, 30)
INK_SOFT: RGB = (120, 94, 64)
SHADE: RGB = (150, 78, 52)
GOLD: RGB = (190, 146, 56)
GREY_WASH: tuple[int, int, int, int] = (96, 96, 100, 150)


# -- fonts and lettering ----------------------------------------------------------------------
def _font_file(name: str) -> str:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidate = Path(bundle, "pygame_gui", "data", name)
        if candidate.exists():
            return str(candidate)
    return str(importlib_resources.files("pygame_gui.data").joinpath(name))


@functools.lru_cache(maxsize=64)
def lettering_font(px: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans Italic (as pygame_gui ships it): the map's hand-lettered names."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "NotoSans-BoldItalic.ttf" if bold else "NotoSans-Italic.ttf"
    return pygame.font.Font(_font_file(name), max(6, px))


@functools.lru_cache(maxsize=1024)
def lettering(words: str, px: int, colour: RGB, spaced: float = 0.0, bold: bool = False,
              angle: float = 0.0, halo: RGB | None = None) -> pygame.Surface:
    """A name in italics, letters spread by `spaced` × size, turned by `angle` degrees, over
    a soft halo of `halo` (the paper's colour) so it reads across lines and hatching."""
    f = lettering_font(px, bold)
    gap = round(px * spaced)
    glyphs = [f.render(ch, True, colour) for ch in words] or [f.render(" ", True, colour)]
    width = sum(g.get_width() for g in glyphs) + gap * max(0, len(glyphs) - 1)
    pad = max(2, px // 6)
    out = pygame.Surface((width + 2 * pad, f.get_linesize() + 2 * pad), pygame.SRCALPHA)
    if halo is not None:
        ghost = [f.render(ch, True, halo) for ch in words]
        step = max(1, pad // 2)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            x = pad
            for g in ghost:
                out.blit(g, (x + dx * step, pad + dy * step))
                x += g.get_width() + gap
    x = pad
    for g in glyphs:
        out.blit(g, (x, pad))
        x += g.get_width() + gap
    if angle:
        out = pygame.transform.rotozoom(out, angle, 1.0)
    return out


# -- textures ------------------------------------------------------------------------------
@functools.lru_cache(maxsize=4)
def sea_texture(side: int = 512) -> pygame.Surface:
    """Blue-grey sea, faintly mottled (tiles seamlessly: no vignette)."""
    surf = fractal_noise((side, side), 71, SEA_DARK, SEA_LIGHT, across=4, octaves=4)
    tint = pygame.Surface((side, side))
    tint.fill(SEA)
    tint.set_alpha(150)
    surf.blit(tint, (0, 0))
    add_grain(surf, 73, 6)
    return surf


@functools.lru_cache(maxsize=4)
def deep_sea_texture(side: int = 512) -> pygame.Surface:
    """The open sea: `sea_texture` under the wash a map lays on its deep water
    (`SEA_DEEP` at `DEEP_ALPHA`), so the table past a map's edge meets the deep water
    at the edge without a seam."""
    surf = sea_texture(side).copy()
    wash = pygame.Surface((side, side))
    wash.fill(SEA_DEEP)
    wash.set_alpha(DEEP_ALPHA)
    surf.blit(wash, (0, 0))
    return surf


def _stained(side: int, seed: int, dark: RGB, light: RGB, stains: int) -> pygame.Surface:
    surf = fractal_noise((side, side), seed, dark, light, across=5, octaves=4)
    rng = random.Random(seed + 2)
    for _ in range(stains):  # pale stains and darker foxing, wrapped so tiles meet
        r = rng.uniform(8, 40)
        x, y = rng.uniform(0, side), rng.uniform(0, side)
        spot = pygame.Surface((round(2 * r), round(2 * r)), pygame.SRCALPHA)
        tone = (150, 118, 70, 22) if rng.random() < 0.5 else (250, 240, 214, 30)
        pygame.draw.ellipse(spot, tone, spot.get_rect())
        for ox in (-side, 0, side):
            for oy in (-side, 0, side):
                surf.blit(spot, (x - r + ox, y - r + oy))
    add_grain(surf, seed + 4, 9)
    return surf


@functools.lru_cache(maxsize=4)
def land_texture(side: int = 512) -> pygame.Surface:
    """Parchment for the land: mottled, stained and grained."""
    return _stained(side, 81, LAND_DARK, LAND_LIGHT, 28)


@functools.lru_cache(maxsize=4)
def wild_texture(side: int = 512) -> pygame.Surface:
    """Duller, darker parchment for land beyond play (the edge of the known world)."""
    return _stained(side, 91, WILD_DARK, WILD_LIGHT, 20)


@functools.lru_cache(maxsize=16)
def hatch_texture(side: int, colour: tuple[int, int, int, int], spacing: int,
                  width: int = 2) -> pygame.Surface:
    """Diagonal lines (down to the right) on transparency, tiling seamlessly when `side`
    is a multiple of `spacing`: the shading of an area."""
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    for k in range(-side, 2 * side, spacing):
        pygame.draw.line(surf, colour, (k, 0), (k + side, side), width)
    return surf


def tile(surface: pygame.Surface, texture: pygame.Surface, origin: Point) -> None:
    """Cover `surface` with `texture` in phase with the world: `origin` is the surface's
    top-left corner in pixels of the world at this zoom, so neighbouring chunks meet."""
    tw, th = texture.get_size()
    w, h = surface.get_size()
    for y in range(-(round(origin[1]) % th), h, th):
        for x in range(-(round(origin[0]) % tw), w, tw):
            surface.blit(texture, (x, y))


def fill_polygons(surface: pygame.Surface, texture: pygame.Surface,
                  polygons: Iterable[Sequence[Point]], origin: Point) -> bool:
    """Paint `texture` (tiled in phase with the world) inside `polygons` only (pixel
    coordinates of `surface`). Returns whether anything was drawn."""
    polys = [p for p in polygons if len(p) >= 3]
    if not polys:
        return False
    w, h = surface.get_size()
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    for p in polys:
        pygame.draw.polygon(mask, (255, 255, 255, 255), p)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    tile(layer, texture, origin)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(layer, (0, 0))
    return True


# -- geometry -------------------------------------------------------------------------------------
def signed_area(poly: Sequence[Point]) -> float:
    return sum(a[0] * b[1] - b[0] * a[1]
               for a, b in zip(poly, [*poly[1:], poly[0]], strict=True)) / 2


def resample(poly: Sequence[Point], step: float) -> list[tuple[Point, Point]]:
    """Points every `step` along a closed ring, each with its outward unit normal."""
    out: list[tuple[Point, Point]] = []
    sign = 1.0 if signed_area(poly) > 0 else -1.0
    carry = 0.0
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        if length < 1e-9:
            continue
        nx, ny = (y2 - y1) / length * sign, -(x2 - x1) / length * sign
        t = carry
        while t < length:
            f = t / length
            out.append(((x1 + (x2 - x1) * f, y1 + (y2 - y1) * f), (nx, ny)))
            t += step
        carry = t - length
    return out


def offset_ring(poly: Sequence[Point], d: float) -> list[Point]:
    """The ring pushed `d` outwards along its vertex normals (a water-line off a coast)."""
    sign = 1.0 if signed_area(poly) > 0 else -1.0
    n = len(poly)
    out = []
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = poly[i - 1], poly[i], poly[(i + 1) % n]
        nx1, ny1 = by - ay, -(bx - ax)
        nx2, ny2 = cy - by, -(cx - bx)
        l1, l2 = math.hypot(nx1, ny1) or 1.0, math.hypot(nx2, ny2) or 1.0
        nx, ny = nx1 / l1 + nx2 / l2, ny1 / l1 + ny2 / l2
        ln = math.hypot(nx, ny) or 1.0
        out.append((bx + nx / ln * d * sign, by + ny / ln * d * sign))
    return out


class Grid:
    """World items bucketed in square cells, to find those a chunk needs quickly."""

    def __init__(self, cell: float = 256.0) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.items: list[tuple[WorldRect, object]] = []

    def add(self, box: WorldRect, item: object) -> None:
        index = len(self.items)
        self.items.append((box, item))
        c = self.cell
        for gx in range(int(box[0] // c), int((box[0] + box[2]) // c) + 1):
            for gy in range(int(box[1] // c), int((box[1] + box[3]) // c) + 1):
                self.cells.setdefault((gx, gy), []).append(index)

    def query(self, rect: WorldRect) -> list[object]:
        c = self.cell
        seen: set[int] = set()
        out = []
        for gx in range(int(rect[0] // c), int((rect[0] + rect[2]) // c) + 1):
            for gy in range(int(rect[1] // c), int((rect[1] + rect[3]) // c) + 1):
                for index in self.cells.get((gx, gy), ()):
                    if index not in seen:
                        seen.add(index)
                        box, item = self.items[index]
                        if overlaps(box, rect):
                            out.append(item)
        return out


def simplify(points: Sequence[Point], eps: float) -> list[Point]:
    """Douglas–Peucker with its ends kept (iterative, so long rings are fine)."""
    n = len(points)
    if n < 3 or eps <= 0:
        return list(points)
    keep = [False] * n
    keep[0] = keep[-1] = True
    stack = [(0, n - 1)]
    while stack:
        i, j = stack.pop()
        (ax, ay), (bx, by) = points[i], points[j]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy)
        best, idx = -1.0, -1
        for k in range(i + 1, j):
            px, py = points[k]
            d = (abs(dy * (px - ax) - dx * (py - ay)) / norm if norm
                 else math.hypot(px - ax, py - ay))
            if d > best:
                best, idx = d, k
        if idx >= 0 and best > eps:
            keep[idx] = True
            stack.append((i, idx))
            stack.append((idx, j))
    return [p for p, k in zip(points, keep, strict=True) if k]


class MapShapes:
    """A map's polygons and lines simplified per level of detail, lines also cut into
    square cells of world pixels on first use, so painting a chunk touches little more
    than what lies in it.

    `add_fill(group, key, polygon)` and `add_line(group, key, points, closed=)` register
    geometry under a group name ("land", "water0", ...); `fills(group, rect, zoom)` gives
    `(key, world points)` for the polygons meeting `rect`, `lines(group, rect, zoom)` the
    runs of lines passing through the cells that meet it.
    """

    LODS = (0.0, 2.0, 6.0)
    """Simplification tolerances in world pixels; a zoom uses the coarsest one that stays
    within `MAX_ERROR` screen pixels."""
    MAX_ERROR = 1.2

    def __init__(self, cell: float = 256.0) -> None:
        self.cell = cell
        self._fill_src: dict[str, list[tuple[int, list[Point], WorldRect]]] = {}
        self._line_src: dict[str, list[tuple[int, list[Point], WorldRect]]] = {}
        self._simple: dict[tuple[str, str, int, int], list[Point]] = {}
        self._cells: dict[tuple[str, str, int, int, int], list[tuple[int, list[Point]]]] = {}
        self._cut: set[tuple[str, int]] = set()

    def add_fill(self, group: str, key: int, polygon: Sequence[Point]) -> None:
        self._fill_src.setdefault(group, []).append((key, list(polygon), bbox(polygon)))

    def add_line(self, group: str, key: int, points: Sequence[Point],
                 closed: bool = False) -> None:
        pts = [*points, points[0]] if closed and points else list(points)
        self._line_src.setdefault(group, []).append((key, pts, bbox(pts)))

    def lod(self, zoom: float) -> int:
        best = 0
        for i, tol in enumerate(self.LODS):
            if tol * zoom <= self.MAX_ERROR:
                best = i
        return best

    def _simplified(self, what: str, group: str, index: int, lod: int,
                    points: list[Point], closed: bool) -> list[Point]:
        key = (what, group, index, lod)
        got = self._simple.get(key)
        if got is None:
            tol = self.LODS[lod]
            if closed and len(points) > 8:
                half = len(points) // 2
                got = simplify(points[: half + 1], tol)[:-1] + simplify(
                    [*points[half:], points[0]], tol)[:-1]
            else:
                got = simplify(points, tol)
            if len(got) < (3 if closed else 2):
                got = points
            self._simple[key] = got
        return got

    def _cell_keys(self, rect: WorldRect) -> list[tuple[int, int]]:
        c = self.cell
        return [(gx, gy)
                for gx in range(int(rect[0] // c), int((rect[0] + rect[2]) // c) + 1)
                for gy in range(int(rect[1] // c), int((rect[1] + rect[3]) // c) + 1)]

    def fills(self, group: str, rect: WorldRect, zoom: float,
              keys: frozenset[int] | None = None) -> list[tuple[int, list[Point]]]:
        """The group's polygons meeting `rect` (only `keys` if given), simplified for `zoom`.

        Whole polygons, not pieces: a polygon cut at a cell edge would come back with
        zero-width bridges that pygame draws as hairlines."""
        lod = self.lod(zoom)
        out: list[tuple[int, list[Point]]] = []
        for index, (key, poly, pbox) in enumerate(self._fill_src.get(group, ())):
            if (keys is None or key in keys) and overlaps(pbox, rect):
                out.append((key, self._simplified("fill", group, index, lod, poly, True)))
        return out

    def lines(self, group: str, rect: WorldRect, zoom: float,
              keys: frozenset[int] | None = None) -> list[tuple[int, list[Point]]]:
        """Runs of the group's lines in the cells meeting `rect`, each run once."""
        lod = self.lod(zoom)
        out: list[tuple[int, list[Point]]] = []
        seen: set[int] = set()
        for gx, gy in self._cell_keys(rect):
            if (group, lod) not in self._cut:
                self._cut_lines(group, lod)
            for run in self._cells.get(("line", group, lod, gx, gy), ()):
                if id(run[1]) not in seen and (keys is None or run[0] in keys):
                    seen.add(id(run[1]))
                    out.append(run)
        return out

    def prepare(self, zooms: Iterable[float]) -> None:
        """Simplify and cut everything now for these zooms (rather than on first paint)."""
        for lod in sorted({self.lod(z) for z in zooms}):
            for group in self._line_src:
                if (group, lod) not in self._cut:
                    self._cut_lines(group, lod)
            for group, src in self._fill_src.items():
                for index, (_key, poly, _box) in enumerate(src):
                    self._simplified("fill", group, index, lod, poly, True)

    def _cut_lines(self, group: str, lod: int) -> None:
        """Cut every line of a group into runs, one per cell its points pass through."""
        self._cut.add((group, lod))
        c = self.cell
        for index, (key, pts, _box) in enumerate(self._line_src.get(group, ())):
            if len(pts) > 3 and pts[0] == pts[-1]:
                simple = [*self._simplified("line", group, index, lod, pts[:-1], True), pts[0]]
            else:
                simple = self._simplified("line", group, index, lod, pts, False)
            run: list[Point] = [simple[0]]
            here = (int(simple[0][0] // c), int(simple[0][1] // c))
            for p in simple[1:]:
                run.append(p)
                cell = (int(p[0] // c), int(p[1] // c))
                if cell != here:
                    self._file_run(group, lod, key, run)
                    run, here = [p], cell
            if len(run) > 1:
                self._file_run(group, lod, key, run)

    def _file_run(self, group: str, lod: int, key: int, run: list[Point]) -> None:
        for gx, gy in self._cell_keys(bbox(run)):
            self._cells.setdefault(("line", group, lod, gx, gy), []).append((key, run))


class Coastline:
    """Water-lines and hatches along the coasts of some land polygons, ready to paint.

    Paint it over the sea and *before* the land: the land then covers the lines that fell
    inland (borders between two land polygons), so only true coasts keep them.
    """

    def __init__(self, polygons: Sequence[Sequence[Point]],
                 water_lines: Sequence[float] = (9.0, 20.0, 34.0),
                 hatch_step: float = 11.0, hatch_length: float = 7.0) -> None:
        self.water_lines = tuple(water_lines)
        self.shapes = MapShapes()
        for i, d in enumerate(self.water_lines):
            for poly in polygons:
                self.shapes.add_line(f"water{i}", 0, offset_ring(poly, d), closed=True)
        self.hatches = Grid()
        for poly in polygons:
            for (x, y), (nx, ny) in resample(poly, hatch_step):
                end = (x + nx * hatch_length, y + ny * hatch_length)
                self.hatches.add(bbox([(x, y), end]), ((x, y), end))

    def paint(self, surface: pygame.Surface, near: WorldRect, zoom: float, origin: Point,
              line: RGB = SEA_LINE, sea: RGB = SEA) -> None:
        """Paint what meets `near` (world) onto a surface whose corner is world `origin`."""
        for _ in self.paint_steps(surface, near, zoom, origin, line, sea):
            pass

    def paint_steps(self, surface: pygame.Surface, near: WorldRect, zoom: float,
                    origin: Point, line: RGB = SEA_LINE, sea: RGB = SEA) -> Iterator[None]:
        """`paint`, yielding after each water-line and every few hundred hatches (the map's
        renderer spreads a chunk over frames)."""
        ox, oy = origin
        z = zoom
        for i, _d in enumerate(self.water_lines):
            if zoom < 0.5 and i == len(self.water_lines) - 1 and i > 0:
                break  # far out, the outermost line is lost in the others
            colour = lerp(line, sea, 0.25 + 0.25 * i)
            for _key, run in self.shapes.lines(f"water{i}", near, zoom):
                pygame.draw.aalines(surface, colour, False,
                                    [((x - ox) * z, (y - oy) * z) for x, y in run])
            yield
        if zoom >= 0.3:
            width = max(1, round(1.4 * zoom))
            every = 1 if zoom >= 0.7 else 2  # farther out, every other hatch
            for n, item in enumerate(self.hatches.query(near)):
                if n % every:
                    continue
                if n and n % 600 == 0:
                    yield
                seg: tuple[Point, Point] = item  # type: ignore[assignment]
                (ax, ay), (bx, by) = seg
                pygame.draw.line(surface, line, ((ax - ox) * z, (ay - oy) * z),
                                 ((bx - ox) * z, (by - oy) * z), width)


def dashed(surface: pygame.Surface, points: Sequence[Point], colour: RGB, width: int,
           dash: float, gap: float, closed: bool = False) -> None:
    """A dashed polyline (sea borders, frontiers); `closed` joins the last point to the first."""
    on, left = True, dash
    pts = [*points, points[0]] if closed and points else list(points)
    for (x1, y1), (x2, y2) in itertools.pairwise(pts):
        length = math.hypot(x2 - x1, y2 - y1)
        t = 0.0
        while t < length:
            step = min(left, length - t)
            if on:
                f0, f1 = t / length, (t + step) / length
                pygame.draw.line(surface, colour, (x1 + (x2 - x1) * f0, y1 + (y2 - y1) * f0),
                                 (x1 + (x2 - x1) * f1, y1 + (y2 - y1) * f1), width)
            t += step
            left -= step
            if left <= 1e-9:
                on = not on
                left = dash if on else gap


# -- pictograms ------------------------------------------------------------------------------------
def _digits(value: str, px: float, colour: RGB) -> pygame.Surface:
    f = lettering_font(max(6, round(px)), bold=True)
    return f.render(value, True, colour)


@functools.lru_cache(maxsize=128)
def number_disc(value: str, px: int, fill: RGB = LAND_LIGHT, ink: RGB = INK) -> pygame.Surface:
    """A number in a ringed disc of diameter `px` (a value printed on the map)."""
    side = px * SS
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    c = side / 2
    pygame.draw.circle(big, ink, (c, c), c)
    pygame.draw.circle(big, fill, (c, c), c - max(2, side * 0.09))
    digits = _digits(value, side * 0.62, ink)
    big.blit(digits, digits.get_rect(center=(c, c + side * 0.02)))
    return downsample(big, (px, px))


@functools.lru_cache(maxsize=64)
def tower_icon(level: int, px: int) -> pygame.Surface:
    """A city: a crenellated tower over its level in a disc (3, 4 or 5 points); `px` tall."""
    w, h = round(px * 0.8) * SS, px * SS
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    ink, stone = INK, (222, 204, 160)
    body = pygame.Rect(round(w * 0.24), round(h * 0.16), round(w * 0.52), round(h * 0.5))
    pygame.draw.rect(big, stone, body)
    merlon = body.w // 5
    for k in (0, 2, 4):
        pygame.draw.rect(big, stone, (body.x + k * merlon, body.y - merlon, merlon, merlon))
        pygame.draw.rect(big, ink, (body.x + k * merlon, body.y - merlon, merlon, merlon),
                         max(2, SS))
    pygame.draw.rect(big, ink, body, max(2, SS + 1))
    door = pygame.Rect(0, 0, body.w // 3, body.h // 2)
    door.midbottom = body.midbottom
    pygame.draw.ellipse(big, ink, (door.x, door.y - door.w // 2, door.w, door.w))
    pygame.draw.rect(big, ink, (door.x, door.y, door.w, door.h))
    disc = number_disc(str(level), round(h * 0.42))
    disc_big = pygame.transform.smoothscale(disc, (round(h * 0.42), round(h * 0.42)))
    big.blit(disc_big, disc_big.get_rect(midbottom=(w / 2, h)))
    return downsample(big, (max(1, w // SS), max(1, h // SS)))


@functools.lru_cache(maxsize=64)
def hut_icon(points: int, px: int) -> pygame.Surface:
    """A settlement: a thatched hut over its points in a disc (1, 2 or 3 VP); `px` tall."""
    w, h = round(px * 0.8) * SS, px * SS
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    ink, wall, thatch = INK, (226, 210, 170), (188, 150, 82)
    base = pygame.Rect(round(w * 0.3), round(h * 0.34), round(w * 0.4), round(h * 0.28))
    pygame.draw.rect(big, wall, base)
    pygame.draw.rect(big, ink, base, max(2, SS))
    roof = [(w * 0.18, base.y + 2), (w / 2, h * 0.06), (w * 0.82, base.y + 2)]
    pygame.draw.polygon(big, thatch, roof)
    pygame.draw.polygon(big, ink, roof, max(2, SS))
    for k in range(1, 4):  # straw strokes
        x = w * 0.18 + (w * 0.64) * k / 4
        pygame.draw.line(big, shade(thatch, 0.7), (w / 2, h * 0.1), (x, base.y), max(1, SS // 2))
    disc = number_disc(str(points), round(h * 0.38), fill=(236, 226, 190))
    disc_big = pygame.transform.smoothscale(disc, (round(h * 0.38), round(h * 0.38)))
    big.blit(disc_big, disc_big.get_rect(midbottom=(w / 2, h)))
    return downsample(big, (max(1, w // SS), max(1, h // SS)))


@functools.lru_cache(maxsize=64)
def capital_icon(value: int, px: int, fill: RGB = SHADE) -> pygame.Surface:
    """A capital site: a crowned shield carrying its value; `px` tall."""
    w, h = round(px * 0.8) * SS, px * SS
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    crown_h = h * 0.22
    crown = [(w * 0.22, crown_h), (w * 0.22, h * 0.06), (w * 0.36, h * 0.14), (w * 0.5, h * 0.02),
             (w * 0.64, h * 0.14), (w * 0.78, h * 0.06), (w * 0.78, crown_h)]
    pygame.draw.polygon(big, GOLD, crown)
    pygame.draw.polygon(big, INK, crown, max(2, SS))
    top = crown_h + h * 0.02
    shield = [(w * 0.1, top), (w * 0.9, top), (w * 0.9, top + h * 0.4), (w * 0.5, h * 0.98),
              (w * 0.1, top + h * 0.4)]
    pygame.draw.polygon(big, fill, shield)
    pygame.draw.polygon(big, INK, shield, max(2, SS + 1))
    digits = _digits(str(value), h * 0.42, LAND_LIGHT)
    big.blit(digits, digits.get_rect(center=(w / 2, top + h * 0.3)))
    return downsample(big, (max(1, w // SS), max(1, h // SS)))


def compass_rose(surface: pygame.Surface, centre: Point, r: float, ink: RGB = INK,
                 fill: RGB = LAND_LIGHT) -> None:
    """An eight-pointed compass rose with N lettered above it."""
    cx, cy = centre
    pygame.draw.circle(surface, ink, (cx, cy), r * 0.62, max(1, round(r * 0.03)))
    for k in range(8):
        a = math.pi / 4 * k - math.pi / 2
        length = r if k % 2 == 0 else r * 0.6
        tip = (cx + math.cos(a) * length, cy + math.sin(a) * length)
        side = r * 0.14
        left = (cx + math.cos(a - math.pi / 2) * side, cy + math.sin(a - math.pi / 2) * side)
        right = (cx + math.cos(a + math.pi / 2) * side, cy + math.sin(a + math.pi / 2) * side)
        pygame.draw.polygon(surface, fill, [tip, left, (cx, cy)])
        pygame.draw.polygon(surface, ink, [tip, right, (cx, cy)])
        pygame.draw.aalines(surface, ink, True, [tip, left, (cx, cy), right])
    px = max(8, round(r * 0.4))
    n = lettering("N", px, ink, bold=True)
    surface.blit(n, n.get_rect(midbottom=(cx, cy - r - 2)))


def cartouche(surface: pygame.Surface, rect: pygame.Rect, zoom: float,
              fill: RGB = (232, 216, 172)) -> None:
    """A framed parchment panel (a title or a legend), double ruled."""
    pygame.draw.rect(surface, shade(fill, 0.75), rect.move(round(4 * zoom), round(4 * zoom)),
                     border_radius=round(10 * zoom))
    pygame.draw.rect(surface, fill, rect, border_radius=round(10 * zoom))
    pygame.draw.rect(surface, INK, rect, max(1, round(3 * zoom)), border_radius=round(10 * zoom))
    inner = rect.inflate(-round(16 * zoom), -round(16 * zoom))
    pygame.draw.rect(surface, INK_SOFT, inner, max(1, round(1.5 * zoom)),
                     border_radius=round(6 * zoom))
