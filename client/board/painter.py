"""How a map looks: a painter draws any world rectangle of a map at any zoom onto a surface.

The renderer asks for pieces (chunks) of the map at a zoom level and caches them; the
painter only knows how to draw. `MapPainter` draws a plain board from the topology alone
(background, areas filled with an anti-aliased outline, routes as dotted lines), and games
subclass it for their own look. `version` names what the picture depends on besides the
map (e.g. which territories are merged): when it changes, every cached piece is dropped.

Two hooks let the renderer spread a new zoom level's work over many frames without
changing a pixel: `paint_steps` is `paint` as a generator that yields between layers (the
renderer may resume it on a later frame; a painter that overrides only `paint` is painted
in one step), and `warm_jobs(zoom)` lists small jobs that fill the caches a chunk at that
zoom reads (names, pictograms), run before the level's first chunk.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from pathlib import Path

import pygame

from rules.maps import Area, Place, Topology

Point = tuple[float, float]
WorldRect = tuple[float, float, float, float]
RGB = tuple[int, int, int]


def bbox(points: Sequence[Point]) -> WorldRect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def overlaps(a: WorldRect, b: WorldRect, margin: float = 0.0) -> bool:
    return (
        a[0] - margin < b[0] + b[2]
        and b[0] < a[0] + a[2] + margin
        and a[1] - margin < b[1] + b[3]
        and b[1] < a[1] + a[3] + margin
    )


def aa_polygon(
    surface: pygame.Surface,
    points: Sequence[Point],
    fill: RGB | None,
    outline: RGB | None = None,
    width: float = 1.0,
) -> None:
    """Fill a polygon, then draw an anti-aliased outline over its edge (pygame has no
    anti-aliased filled polygon). `width` above 1 adds a solid stroke under the AA lines."""
    if fill is not None:
        pygame.draw.polygon(surface, fill, points)
    if outline is None:
        return
    if width > 1.5:
        pygame.draw.polygon(surface, outline, points, max(1, round(width)))
    pygame.draw.aalines(surface, outline, True, points)


def dotted(
    surface: pygame.Surface, points: Sequence[Point], colour: RGB, radius: float, gap: float
) -> None:
    """A dotted polyline (roads on antique maps)."""
    carry = 0.0
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        length = math.hypot(x2 - x1, y2 - y1)
        t = carry
        while t <= length:
            f = t / length if length else 0.0
            pygame.draw.circle(surface, colour, (x1 + (x2 - x1) * f, y1 + (y2 - y1) * f), radius)
            t += gap
        carry = t - length


def has_tile_layers(path: Path) -> bool:
    """Whether a .tmx has tile layers (only then is pytmx's pygame loader worth using)."""
    try:
        return "<layer " in path.read_text(encoding="utf-8")
    except OSError:
        return False


class MapPainter:
    """Draws a map from its topology: a plain style any map game can start from."""

    background: RGB = (59, 74, 63)
    area_fill: RGB = (214, 198, 160)
    area_outline: RGB = (60, 46, 32)
    route_colour: RGB = (90, 64, 40)
    marked_places: tuple[str, ...] = ("city",)
    """Kinds of places drawn as dots (Carolus's spots are only anchors for pieces)."""

    def __init__(self, topology: Topology, tmx_path: Path | None = None) -> None:
        self.topology = topology
        self.boxes = {a.id: bbox(a.polygon) for a in topology.areas}
        self._tiles = None
        if tmx_path is not None and has_tile_layers(tmx_path):
            import pytmx.util_pygame  # only maps with tile layers pay for pytmx

            self._tiles = pytmx.util_pygame.load_pygame(str(tmx_path))

    @property
    def version(self) -> Hashable:
        return 0

    def areas(self) -> Sequence[Area]:
        """The areas this painter draws, in drawing order."""
        return self.topology.areas

    def warm_jobs(self, zoom: float) -> list[Callable[[], object]]:
        """Small jobs that make what a chunk at `zoom` draws from caches (each a few
        milliseconds at most), so the level's first chunk does not pay for all of them."""
        return []

    def paint(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        """Draw the world rectangle `rect` at `zoom` onto `surface` (its size is rect·zoom)."""
        for _ in self.paint_steps(surface, rect, zoom):
            pass

    def paint_steps(self, surface: pygame.Surface, rect: WorldRect,
                    zoom: float) -> Iterator[None]:
        """`paint` in steps: the same drawing, yielding between layers so that the renderer
        can go on with it on a later frame (the picture is the same either way)."""
        surface.fill(self.background)
        if self._tiles is not None:
            self.paint_tiles(surface, rect, zoom)
        ox, oy = rect[0], rect[1]

        def to_px(p: Point) -> Point:
            return ((p[0] - ox) * zoom, (p[1] - oy) * zoom)

        margin = 40 / max(zoom, 0.05)
        for area in self.areas():
            if overlaps(self.boxes[area.id], rect, margin):
                self.paint_area(surface, area, [to_px(p) for p in area.polygon], zoom)
        yield
        for place in self.topology.places:
            if place.kind in self.marked_places:
                x, y = place.position
                if rect[0] - margin <= x <= rect[0] + rect[2] + margin \
                        and rect[1] - margin <= y <= rect[1] + rect[3] + margin:
                    self.paint_place(surface, place, to_px(place.position), zoom)
        for route in self.topology.routes:
            if overlaps(bbox(route.points), rect, margin):
                pts = [to_px(p) for p in route.points]
                dotted(surface, pts, self.route_colour, max(1.0, 2.2 * zoom), max(4.0, 9 * zoom))

    def paint_area(
        self, surface: pygame.Surface, area: Area, points: list[Point], zoom: float
    ) -> None:
        aa_polygon(surface, points, self.area_fill, self.area_outline, max(1.0, 2.5 * zoom))

    def paint_place(self, surface: pygame.Surface, place: Place, at: Point, zoom: float) -> None:
        """A marked place (a city): a small dot with a dark ring."""
        r = max(2.0, 7 * zoom)
        pygame.draw.circle(surface, self.area_outline, at, r + max(1.0, 1.5 * zoom))
        pygame.draw.circle(surface, self.area_fill, at, r)

    def paint_tiles(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        """Tile layers, scaled (maps drawn with tiles in Tiled; Carolus has none)."""
        tmx = self._tiles
        assert tmx is not None
        tw, th = tmx.tilewidth, tmx.tileheight
        size = (math.ceil(tw * zoom) + 1, math.ceil(th * zoom) + 1)
        x0, y0 = int(rect[0] // tw), int(rect[1] // th)
        x1, y1 = int((rect[0] + rect[2]) // tw) + 1, int((rect[1] + rect[3]) // th) + 1
        for layer in tmx.visible_tile_layers:
            for x, y, image in tmx.layers[layer].tiles():
                if x0 <= x <= x1 and y0 <= y <= y1:
                    pos = ((x * tw - rect[0]) * zoom, (y * th - rect[1]) * zoom)
                    surface.blit(pygame.transform.scale(image, size), pos)



class LayeredPainter(MapPainter):
    """A painter that draws a chunk in layers (`_layers`, yielding between them) which read
    the chunk's origin and zoom from the painter (`_px`). The renderer may paint another
    chunk between two steps of this one, so `paint_steps` puts them back before each step."""

    _origin: Point = (0.0, 0.0)
    _zoom: float = 1.0

    def _px(self, p: Point) -> Point:
        """World to this chunk's pixels."""
        return ((p[0] - self._origin[0]) * self._zoom, (p[1] - self._origin[1]) * self._zoom)

    def paint_steps(self, surface: pygame.Surface, rect: WorldRect,
                    zoom: float) -> Iterator[None]:
        here = ((rect[0], rect[1]), zoom)
        self._origin, self._zoom = here
        for _ in self._layers(surface, rect, zoom):
            yield
            self._origin, self._zoom = here

    def _layers(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> Iterator[None]:
        """The chunk's layers, drawn in order, yielding after each."""
        raise NotImplementedError

def steps_of(painter: MapPainter, surface: pygame.Surface, rect: WorldRect,
             zoom: float) -> Iterator[None]:
    """The painter's `paint` of `rect` as steps: its `paint_steps` unless its class (or one
    between it and `MapPainter`) overrides `paint` alone, then `paint` in one step."""
    for klass in type(painter).__mro__:
        if "paint_steps" in vars(klass):
            return painter.paint_steps(surface, rect, zoom)
        if "paint" in vars(klass):
            break
    return _one_step(painter, surface, rect, zoom)


def _one_step(painter: MapPainter, surface: pygame.Surface, rect: WorldRect,
              zoom: float) -> Iterator[None]:
    painter.paint(surface, rect, zoom)
    yield
