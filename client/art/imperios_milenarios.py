"""Imperios Milenarios drawn by code: the antique map of the ancient world and its pieces.

The board (`ImperiosPainter`, over the shared `client/board/` and the antique look of
`client/art/antique.py`) is parchment land on a blue-grey sea with water-lined, hatched
coasts; the lands beyond play in duller paper with their names spaced out; the 14 seas
lettered in capitals with dashed borders; shaded capital sites hatched in red-brown;
each land area's name over its pictogram (a crowned shield for a capital site, a tower
with its level for a city, a hut with its points for a settlement); the Poniente /
Naciente line dotted in red; the Bosporus crossing dotted. In a half-map game the areas
out of play are washed grey and carry no pictogram. Everything comes from the map
(`maps/imperios_milenarios.tmx`); nothing here knows the rules.

Pieces: `totem` (a civilisation's totem: a carved post in its colour crowned by its
shape, so no information rests on colour alone), `action_token` (a token of one of the
four phase colours, each with its own symbol: sword, sheaf, wave, column) and `cup`.
Sprites are drawn large, smoothscaled down and cached by size.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Iterator, Sequence

import pygame

from client.art import antique
from client.art._draw import RGB, Point, downsample, lerp, shade
from client.art.antique import INK, INK_SOFT, SEA_LINE
from client.art.palette import OUTLINE, SEAT_COLOURS, SEAT_SHAPES, shape_points
from client.board.painter import LayeredPainter, WorldRect, bbox, dotted, overlaps
from rules.maps import Area, Topology

HALF_LINE_RED: RGB = (150, 40, 32)
TOKEN_COLOURS: dict[str, RGB] = {
    "red": (190, 46, 38),
    "yellow": (226, 182, 44),
    "blue": (58, 118, 190),
    "black": (44, 42, 46),
}
COLOURS = ("red", "yellow", "blue", "black")
NAME_PX = 30.0  # world px of a land name at zoom 1
SEA_PX = 34.0
WILD_PX = 34.0
ICON_PX = 52.0
NAME_FLOOR = 11  # smallest name on screen
TITLE_BOX: WorldRect = (160.0, 1720.0, 1040.0, 230.0)
COMPASS: Point = (2900.0, 2200.0)


class ImperiosPainter(LayeredPainter):
    """The antique map of Imperios Milenarios (see the module docstring)."""

    background = antique.SEA

    def __init__(self, topology: Topology, lang: str = "es",
                 in_play: frozenset[int] | None = None) -> None:
        super().__init__(topology)
        self.lang = lang
        self.in_play = in_play
        by_kind: dict[str, list[Area]] = {}
        for a in topology.areas:
            by_kind.setdefault(a.kind, []).append(a)
        self.lands = by_kind.get("land", [])
        self.seas = by_kind.get("sea", [])
        self.wild = by_kind.get("wild", [])
        self.ocean = by_kind.get("ocean", [])
        self.lakes = by_kind.get("lake", [])
        self.islands = by_kind.get("island", [])
        shores = [a.polygon for a in self.lands + self.wild + self.islands]
        self.coast = antique.Coastline(shores)
        self.shapes = antique.MapShapes()
        for a in self.lands:
            self.shapes.add_fill("land", a.id, a.polygon)
            self.shapes.add_line("land", a.id, a.polygon, closed=True)
        for a in self.seas:
            self.shapes.add_fill("sea", a.id, a.polygon)
            self.shapes.add_line("sea", a.id, a.polygon, closed=True)
        for a in self.wild + self.islands:
            self.shapes.add_fill("wild", a.id, a.polygon)
            self.shapes.add_line("wild", a.id, a.polygon, closed=True)
        for a in self.ocean + self.lakes:
            self.shapes.add_fill("deep", a.id, a.polygon)
        zooms = [(tol and antique.MapShapes.MAX_ERROR / tol) or 1.0
                 for tol in antique.MapShapes.LODS]
        self.shapes.prepare(zooms)  # a few tenths of a second now, no stall on a zoom later
        self.coast.shapes.prepare(zooms)
        self.shaded = [a for a in self.lands if a.properties.get("capital_site") is True]
        self.half_line = [r for r in topology.routes if r.kind == "half_line"]
        self.crossings = [r for r in topology.routes if r.kind == "strait"]
        self._label_cache: dict[object, list[tuple[WorldRect, pygame.Surface, Point, str]]] = {}

    # -- what the picture depends on ----------------------------------------------------------
    @property
    def version(self) -> Hashable:
        return (self.lang, self.in_play)

    def set_language(self, lang: str) -> None:
        self.lang = lang

    def set_in_play(self, in_play: frozenset[int] | None) -> None:
        """Areas in play (None: all); the others are washed grey."""
        self.in_play = in_play

    def playing(self, area: Area) -> bool:
        return self.in_play is None or area.id in self.in_play

    def name(self, area: Area) -> str:
        return str(area.properties.get(f"name_{self.lang}", area.label))

    def areas(self) -> Sequence[Area]:
        return [*self.seas, *self.lands]

    # -- painting -------------------------------------------------------------------------------
    def _fills(self, group: str, near: WorldRect,
               keys: frozenset[int] | None = None) -> list[list[Point]]:
        (ox, oy), z = self._origin, self._zoom
        return [[((x - ox) * z, (y - oy) * z) for x, y in piece]
                for _k, piece in self.shapes.fills(group, near, z, keys)]

    def _lines(self, group: str, near: WorldRect,
               keys: frozenset[int] | None = None) -> list[list[Point]]:
        (ox, oy), z = self._origin, self._zoom
        return [[((x - ox) * z, (y - oy) * z) for x, y in run]
                for _k, run in self.shapes.lines(group, near, z, keys)]

    def _layers(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> Iterator[None]:
        self._origin, self._zoom = (rect[0], rect[1]), zoom
        origin = (rect[0] * zoom, rect[1] * zoom)
        antique.tile(surface, antique.sea_texture(), origin)
        margin = 8 / max(zoom, 0.05)
        near = (rect[0] - margin, rect[1] - margin, rect[2] + 2 * margin, rect[3] + 2 * margin)
        wide = (rect[0] - 40, rect[1] - 40, rect[2] + 80, rect[3] + 80)  # water-lines reach
        yield
        deep = self._fills("deep", near)
        if deep:
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for p in deep:
                pygame.draw.polygon(layer, (*antique.SEA_DEEP, antique.DEEP_ALPHA), p)
            surface.blit(layer, (0, 0))
        line_w = max(1, round(1.6 * zoom))
        border = lerp(SEA_LINE, antique.SEA, 0.35)
        for run in self._lines("sea", near):
            antique.dashed(surface, run, border, line_w, max(3.0, 14 * zoom), max(3.0, 10 * zoom))
        yield
        yield from self.coast.paint_steps(surface, wide, zoom, self._origin)
        yield
        antique.fill_polygons(surface, antique.wild_texture(), self._fills("wild", near), origin)
        yield
        antique.fill_polygons(surface, antique.land_texture(), self._fills("land", near), origin)
        yield
        shaded = frozenset(a.id for a in self.shaded if self.playing(a))
        pieces = self._fills("land", near, shaded)
        if pieces:
            antique.fill_polygons(surface, antique.hatch_texture(
                64, (*antique.SHADE, 110), 16, max(1, round(5 * zoom))), pieces, origin)
        if self.in_play is not None:
            out = frozenset(a.id for a in self.seas + self.lands if not self.playing(a))
            grey = self._fills("land", near, out) + self._fills("sea", near, out)
            if grey:
                layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                for p in grey:
                    pygame.draw.polygon(layer, antique.GREY_WASH, p)
                surface.blit(layer, (0, 0))
        yield
        width = max(1, round(2.2 * zoom))
        for run in self._lines("land", near):
            if width > 1:
                pygame.draw.lines(surface, INK, False, run, width)
            pygame.draw.aalines(surface, INK, False, run)
        for run in self._lines("wild", near):
            pygame.draw.aalines(surface, INK_SOFT, False, run)
        yield
        for route in self.crossings:
            if overlaps(bbox(route.points), near):
                dotted(surface, [self._px(p) for p in route.points], INK,
                       max(1.5, 4.0 * zoom), max(4.0, 12 * zoom))
        for route in self.half_line:
            if overlaps(bbox(route.points), near):
                dotted(surface, [self._px(p) for p in route.points], HALF_LINE_RED,
                       max(1.2, 4.5 * zoom), max(5.0, 18 * zoom))
        yield
        self._paint_ornaments(surface, rect, zoom)
        yield
        self._paint_names(surface, rect, zoom)

    def _paint_ornaments(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        if overlaps(TITLE_BOX, rect, 40):
            x, y, w, h = TITLE_BOX
            box = pygame.Rect(*(round(v) for v in (*self._px((x, y)), w * zoom, h * zoom)))
            antique.cartouche(surface, box, zoom)
            title = "IMPERIOS MILENARIOS"
            px = max(8, round(62 * zoom))
            img = antique.lettering(title, px, INK, 0.08, bold=True)
            surface.blit(img, img.get_rect(center=(box.centerx, box.centery - 28 * zoom)))
            sub = "Poniente · Naciente"
            img = antique.lettering(sub, max(7, round(40 * zoom)), INK_SOFT, 0.1)
            surface.blit(img, img.get_rect(center=(box.centerx, box.centery + 52 * zoom)))
        r = 130.0
        if overlaps((COMPASS[0] - r, COMPASS[1] - r - 80, 2 * r, 2 * r + 80), rect):
            antique.compass_rose(surface, self._px(COMPASS), r * zoom)
        for route in self.half_line:  # the halves' names at the top of the line
            top = route.points[0]
            for words, dx, anchor in (("PONIENTE", -30.0, "midright"),
                                      ("NACIENTE", 30.0, "midleft")):
                if words == "PONIENTE" and self.lang == "en":
                    words = "WEST (PONIENTE)"
                if words == "NACIENTE" and self.lang == "en":
                    words = "EAST (NACIENTE)"
                at = (top[0] + dx, top[1] + 60)
                if overlaps((at[0] - 600, at[1] - 40, 1200, 80), rect):
                    img = antique.lettering(words, max(8, round(36 * zoom)), HALF_LINE_RED,
                                            0.35, bold=True, halo=antique.WILD_LIGHT)
                    surface.blit(img, img.get_rect(**{anchor: self._px(at)}))

    def _paint_names(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        for box, img, world, anchor in self._labels(zoom):
            if overlaps(box, rect):
                surface.blit(img, img.get_rect(**{anchor: self._px(world)}))

    def _labels(self, zoom: float) -> list[tuple[WorldRect, pygame.Surface, Point, str]]:
        """Every name and pictogram at this zoom with its world box, made once per zoom
        level (and language and areas in play), so a chunk only blits the few it meets."""
        key = (zoom, self.lang, self.in_play)
        got = self._label_cache.get(key)
        if got is not None:
            return got
        out: list[tuple[WorldRect, pygame.Surface, Point, str]] = []
        for make, world, anchor in self._label_makers(zoom):
            img = make()
            w, h = img.get_width() / zoom, img.get_height() / zoom
            x, y = world
            corner = {"center": (x - w / 2, y - h / 2), "midbottom": (x - w / 2, y - h),
                      "midtop": (x - w / 2, y)}[anchor]
            out.append(((corner[0], corner[1], w, h), img, world, anchor))
        if len(self._label_cache) > 8:
            self._label_cache.clear()
        self._label_cache[key] = out
        return out

    def _label_makers(self, zoom: float) -> list[tuple[Callable[[], pygame.Surface], Point,
                                                          str]]:
        """How to make each name and pictogram at this zoom (from cached pictures), where
        it goes and by which point of it."""
        out: list[tuple[Callable[[], pygame.Surface], Point, str]] = []
        lettering = antique.lettering
        px = round(WILD_PX * zoom)
        if px >= 9:
            for area in self.wild + self.ocean + self.lakes:
                colour = INK_SOFT if area.kind == "wild" else SEA_LINE
                out.append((functools.partial(lettering, self.name(area).upper(), px, colour,
                                              0.45), area.centre, "center"))
        for area in self.seas:
            px = max(NAME_FLOOR, round(SEA_PX * zoom))
            colour = SEA_LINE if self.playing(area) else shade(SEA_LINE, 0.7)
            out.append((functools.partial(lettering, self.name(area).upper(), px, colour, 0.3),
                        area.centre, "center"))
        for area in self.lands:
            playing = self.playing(area)
            px = max(NAME_FLOOR, round(NAME_PX * zoom))
            colour = INK if playing else (70, 70, 74)
            x, y = area.centre
            out.append((functools.partial(lettering, self.name(area), px, colour, 0.02,
                                          bold=playing,
                                          halo=antique.LAND_LIGHT if playing else None),
                        (x, y - 6), "midbottom"))
            if playing and _icon_kind(area) is not None:
                out.append((functools.partial(self._icon, area, max(14, round(ICON_PX * zoom))),
                            (x, y), "midtop"))
        return out

    def _icon(self, area: Area, px: int) -> pygame.Surface:
        icon = self.icon(area, px)
        assert icon is not None
        return icon

    def warm_jobs(self, zoom: float) -> list[Callable[[], object]]:
        """Each name and pictogram of this zoom, one job each, then the level's label list."""
        jobs: list[Callable[[], object]] = [make for make, _w, _a in self._label_makers(zoom)]
        jobs.append(functools.partial(self._labels, zoom))
        return jobs

    def icon(self, area: Area, px: int) -> pygame.Surface | None:
        """The pictogram printed on a land area (None for a sea)."""
        p = area.properties
        kind = _icon_kind(area)
        if kind is None:
            return None
        if kind == "capital":
            return antique.capital_icon(5, px)
        if kind == "city":
            return antique.tower_icon(int(p.get("city_level", 0)), px)
        return antique.hut_icon(int(p.get("settlement_vp", 0)), px)


def _icon_kind(area: Area) -> str | None:
    """Which pictogram a land area carries: a capital site's, a city's, a settlement's."""
    p = area.properties
    if p.get("capital_site") is True:
        return "capital"
    if int(p.get("city_level", 0)):
        return "city"
    if int(p.get("settlement_vp", 0)):
        return "settlement"
    return None


# -- pieces ---------------------------------------------------------------------------------------
def seat_rgb(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@functools.lru_cache(maxsize=256)
def totem(seat: int, px: int, lit: bool = False) -> pygame.Surface:
    """A civilisation's totem, `px` tall: a carved post in its colour crowned by its shape."""
    w, h = round(px * 0.62) * 4, px * 4
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = seat_rgb(seat)
    dark = shade(colour, 0.6)
    if lit:
        pygame.draw.ellipse(big, (255, 214, 96, 150), (0, h * 0.72, w, h * 0.28))
    pygame.draw.ellipse(big, (0, 0, 0, 80), (w * 0.14, h * 0.86, w * 0.72, h * 0.12))
    post = pygame.Rect(round(w * 0.3), round(h * 0.36), round(w * 0.4), round(h * 0.56))
    pygame.draw.rect(big, colour, post, border_radius=round(w * 0.06))
    for k in range(1, 4):  # carved bands
        yy = post.y + post.h * k / 4
        pygame.draw.line(big, dark, (post.x, yy), (post.right - 1, yy), max(2, h // 40))
    pygame.draw.rect(big, OUTLINE, post, max(2, h // 36), border_radius=round(w * 0.06))
    head = shape_points(SEAT_SHAPES[seat % len(SEAT_SHAPES)], (w / 2, h * 0.22), w * 0.44)
    pygame.draw.polygon(big, colour, head)
    pygame.draw.polygon(big, OUTLINE, head, max(2, h // 30))
    eye = (w / 2, h * 0.22)
    pygame.draw.circle(big, (250, 244, 228), eye, w * 0.09)
    pygame.draw.circle(big, OUTLINE, eye, w * 0.045)
    return downsample(big, (max(1, w // 4), max(1, h // 4)))


def _symbol(big: pygame.Surface, colour: str, c: float, r: float, ink: RGB) -> None:
    width = max(2, round(r * 0.16))
    if colour == "red":  # two crossed swords
        for sgn in (-1, 1):
            a = (c - r * 0.55 * sgn, c - r * 0.55)
            b = (c + r * 0.5 * sgn, c + r * 0.5)
            pygame.draw.line(big, ink, a, b, width)
            mid = (c + r * 0.28 * sgn, c + r * 0.28)  # the guard, across the blade
            pygame.draw.line(big, ink, (mid[0] - r * 0.2, mid[1] + r * 0.2 * sgn),
                             (mid[0] + r * 0.2, mid[1] - r * 0.2 * sgn), width)
    elif colour == "yellow":  # a sheaf: three ears on one stalk
        pygame.draw.line(big, ink, (c, c + r * 0.7), (c, c - r * 0.2), width)
        for dx, top in ((-0.35, 0.05), (0.0, -0.2), (0.35, 0.05)):
            ear = pygame.Rect(0, 0, round(r * 0.28), round(r * 0.62))
            ear.center = (round(c + dx * r), round(c + (top - 0.3) * r))
            pygame.draw.ellipse(big, ink, ear)
        pygame.draw.line(big, ink, (c - r * 0.35, c + r * 0.1), (c, c + r * 0.4), width)
        pygame.draw.line(big, ink, (c + r * 0.35, c + r * 0.1), (c, c + r * 0.4), width)
    elif colour == "blue":  # two waves
        for dy in (-0.22, 0.28):
            pts = [(c - r * 0.7 + r * 1.4 * t / 16,
                    c + dy * r + math.sin(t / 16 * 2 * math.pi * 1.5) * r * 0.16)
                   for t in range(17)]
            pygame.draw.lines(big, ink, False, pts, width)
    else:  # a column
        pygame.draw.rect(big, ink, (c - r * 0.5, c - r * 0.62, r, r * 0.18))
        pygame.draw.rect(big, ink, (c - r * 0.5, c + r * 0.46, r, r * 0.18))
        for dx in (-0.28, 0.0, 0.28):
            pygame.draw.line(big, ink, (c + dx * r, c - r * 0.44), (c + dx * r, c + r * 0.46),
                             width)


@functools.lru_cache(maxsize=128)
def action_token(colour: str, px: int, lit: bool = False) -> pygame.Surface:
    """An action token of a phase colour, `px` across, with that colour's symbol (sword,
    sheaf, wave, column) so colours are told apart without hue."""
    side = px * 4
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    c = side / 2
    fill = TOKEN_COLOURS[colour]
    ink = (246, 238, 214) if colour in ("red", "blue", "black") else (70, 48, 20)
    if lit:
        pygame.draw.circle(big, (255, 214, 96), (c, c), c)
    pygame.draw.circle(big, (0, 0, 0, 90), (c + side * 0.03, c + side * 0.05), c * 0.9)
    pygame.draw.circle(big, fill, (c, c), c * 0.9)
    pygame.draw.circle(big, lerp(fill, (255, 255, 255), 0.25), (c, c), c * 0.74, max(2, side // 30))
    pygame.draw.circle(big, OUTLINE, (c, c), c * 0.9, max(2, side // 28))
    _symbol(big, colour, c, c * 0.62, ink)
    return downsample(big, (px, px))


@functools.lru_cache(maxsize=32)
def cup(seat: int, px: int) -> pygame.Surface:
    """A civilisation's cup (where its tokens are drawn from), `px` tall, in its colour."""
    w, h = round(px * 0.9) * 4, px * 4
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = seat_rgb(seat)
    body = [(w * 0.1, h * 0.12), (w * 0.9, h * 0.12), (w * 0.74, h * 0.94), (w * 0.26, h * 0.94)]
    pygame.draw.polygon(big, shade(colour, 0.8), body)
    pygame.draw.polygon(big, OUTLINE, body, max(2, h // 30))
    pygame.draw.ellipse(big, shade(colour, 0.45), (w * 0.1, h * 0.04, w * 0.8, h * 0.16))
    pygame.draw.ellipse(big, OUTLINE, (w * 0.1, h * 0.04, w * 0.8, h * 0.16), max(2, h // 36))
    mark = shape_points(SEAT_SHAPES[seat % len(SEAT_SHAPES)], (w / 2, h * 0.55), w * 0.18)
    pygame.draw.polygon(big, (246, 238, 214), mark)
    pygame.draw.polygon(big, OUTLINE, mark, max(2, h // 40))
    return downsample(big, (max(1, w // 4), max(1, h // 4)))

