"""Carolus Magnus drawn by code: the ring of territory tiles on a table, clan cubes with
symbols, castle towers in seat colours, the golden Emperor, discs and the clan dice.

Every clan has a colour AND a mark (yellow sun, red cross, pink rose, green leaf, blue
wave) on its cubes and dice, so no information rests on colour alone. Sprites are drawn
four times larger and smoothscaled down (anti-aliased fills) and cached by size.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Hashable, Iterator, Sequence

import pygame

from client.art._draw import RGB, Point, add_grain, downsample, fractal_noise, shade
from client.art.dice import DiceFace, DieKind, Painter, register_symbol
from client.art.palette import OUTLINE, SEAT_COLOURS, SEAT_SHAPES, shape_points
from client.board.painter import MapPainter, WorldRect, aa_polygon, overlaps
from client.resources import font
from rules.maps import Area, Topology

SS = 4
CLANS: dict[str, RGB] = {
    "yellow": (238, 196, 44),
    "red": (200, 52, 44),
    "pink": (234, 134, 178),
    "green": (72, 150, 72),
    "blue": (52, 104, 200),
}
CLAN_ORDER = tuple(CLANS)
GOLD: RGB = (226, 178, 60)
TABLE_DARK: RGB = (70, 46, 30)
TABLE_LIGHT: RGB = (118, 80, 50)
TILE_TINTS: dict[str, RGB] = {
    "arch": (150, 168, 104),  # meadow
    "gable": (204, 176, 112),  # wheat
    "crenel": (170, 150, 124),  # heath and stone
}
TILE_EDGE: RGB = (52, 38, 26)


# -- clan marks --------------------------------------------------------------------------
def clan_mark(surface: pygame.Surface, clan: str, centre: Point, r: float, ink: RGB) -> None:
    """The clan's symbol, in `ink`, within radius r around `centre`."""
    cx, cy = centre
    w = max(1, round(r * 0.32))
    if clan == "yellow":  # a sun: disc with short rays
        pygame.draw.circle(surface, ink, centre, r * 0.42)
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(
                surface,
                ink,
                (cx + r * 0.6 * math.cos(a), cy + r * 0.6 * math.sin(a)),
                (cx + r * 0.95 * math.cos(a), cy + r * 0.95 * math.sin(a)),
                w,
            )
    elif clan == "red":  # a cross
        pygame.draw.rect(surface, ink, (cx - r * 0.2, cy - r * 0.85, r * 0.4, r * 1.7))
        pygame.draw.rect(surface, ink, (cx - r * 0.85, cy - r * 0.2, r * 1.7, r * 0.4))
    elif clan == "pink":  # a rose: four petals round a heart
        for k in range(4):
            a = k * math.pi / 2 + math.pi / 4
            pygame.draw.circle(
                surface, ink, (cx + r * 0.45 * math.cos(a), cy + r * 0.45 * math.sin(a)), r * 0.38
            )
        pygame.draw.circle(surface, shade(ink, 2.5), centre, r * 0.2)
    elif clan == "green":  # a leaf: a pointed oval with its vein
        pts = [
            (
                cx + r * 0.9 * math.sin(t * math.pi) * (0.55 if i else -0.55),
                cy - r * 0.95 + 1.9 * r * t,
            )
            for i in (0, 1)
            for t in ([k / 10 for k in range(11)] if i else [1 - k / 10 for k in range(11)])
        ]
        pygame.draw.polygon(surface, ink, pts)
    elif clan == "blue":  # waves: two wavy lines
        for dy in (-0.3, 0.3):
            pts = [
                (
                    cx - r * 0.9 + 1.8 * r * k / 12,
                    cy + dy * r + 0.22 * r * math.sin(k / 12 * 2 * math.tau),
                )
                for k in range(13)
            ]
            pygame.draw.lines(surface, ink, False, pts, w)


def _crown(surface: pygame.Surface, centre: Point, r: float, ink: RGB) -> None:
    cx, cy = centre
    pts = [
        (cx - r, cy + r * 0.55),
        (cx - r, cy - r * 0.45),
        (cx - r * 0.5, cy),
        (cx, cy - r * 0.8),
        (cx + r * 0.5, cy),
        (cx + r, cy - r * 0.45),
        (cx + r, cy + r * 0.55),
    ]
    pygame.draw.polygon(surface, ink, pts)
    for x, y in (pts[1], pts[3], pts[5]):
        pygame.draw.circle(surface, ink, (x, y), r * 0.16)


register_symbol("carolus_crown", _crown)


def _mark_painter(clan: str) -> Painter:
    def paint(surface: pygame.Surface, centre: Point, r: float, ink: RGB) -> None:
        clan_mark(surface, clan, centre, r * 0.95, ink)

    return paint


for _clan in CLANS:
    register_symbol(f"carolus_{_clan}", _mark_painter(_clan))

CLAN_DIE = DieKind(
    "carolus_clan",
    (
        *(DiceFace(symbol=f"carolus_{c}", colour=CLANS[c], ink=shade(CLANS[c], 0.35))
          for c in CLANS),
        DiceFace(symbol="carolus_crown", colour=(246, 236, 206), ink=GOLD),
    ),
    body=(246, 236, 206),
)
"""A clan die: faces 1–5 the clans in COLOURS order, face 6 the crown."""


# -- sprites -------------------------------------------------------------------------------
@functools.lru_cache(maxsize=128)
def cube(clan: str, px: int, lit: bool = False) -> pygame.Surface:
    """A paladin cube seen slightly from above, its clan mark on the top."""
    px = max(8, px)
    side = px * SS
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    colour = CLANS[clan]
    d = side * 0.16  # depth of the visible sides
    top = pygame.Rect(side * 0.04, side * 0.04, side * 0.8, side * 0.8)
    pygame.draw.rect(
        big,
        (0, 0, 0, 80),
        top.move(d + side * 0.03, d + side * 0.03),
        border_radius=round(side * 0.08),
    )
    pygame.draw.rect(big, shade(colour, 0.62), top.move(d, d), border_radius=round(side * 0.08))
    pygame.draw.rect(
        big, shade(colour, 0.78), top.move(d * 0.5, d * 0.5), border_radius=round(side * 0.08)
    )
    pygame.draw.rect(big, colour, top, border_radius=round(side * 0.08))
    pygame.draw.rect(
        big,
        shade(colour, 1.15),
        top.inflate(-side * 0.16, -side * 0.16),
        border_radius=round(side * 0.06),
    )
    pygame.draw.rect(
        big,
        ACCENT_RING if lit else OUTLINE,
        top,
        max(2, round(side * (0.08 if lit else 0.035))),
        border_radius=round(side * 0.08),
    )
    clan_mark(big, clan, top.center, top.w * 0.3, shade(colour, 0.32))
    return downsample(big, (px, px))


ACCENT_RING: RGB = (255, 214, 96)


@functools.lru_cache(maxsize=64)
def tower(seat_colour: int, px: int) -> pygame.Surface:
    """A castle: a small crenellated tower in the seat's colour with its shape as a crest."""
    px = max(10, px)
    w, h = px * SS, round(px * 1.25) * SS
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = SEAT_COLOURS[seat_colour % len(SEAT_COLOURS)]
    body = pygame.Rect(w * 0.18, h * 0.3, w * 0.64, h * 0.64)
    pygame.draw.ellipse(big, (0, 0, 0, 90), (w * 0.08, h * 0.86, w * 0.9, h * 0.13))
    pygame.draw.rect(big, colour, body)
    pygame.draw.rect(big, shade(colour, 0.75), (body.right - w * 0.14, body.y, w * 0.14, body.h))
    battlement = pygame.Rect(w * 0.1, h * 0.16, w * 0.8, h * 0.16)
    pygame.draw.rect(big, colour, battlement)
    for k in range(3):
        pygame.draw.rect(big, colour, (w * (0.1 + 0.3 * k), h * 0.05, w * 0.2, h * 0.13))
    door = pygame.Rect(w * 0.4, h * 0.74, w * 0.2, h * 0.2)
    pygame.draw.rect(
        big,
        shade(colour, 0.35),
        door,
        border_top_left_radius=round(w * 0.1),
        border_top_right_radius=round(w * 0.1),
    )
    for rect in (body, battlement):
        pygame.draw.rect(big, OUTLINE, rect, max(2, round(w * 0.04)))
    for k in range(3):
        pygame.draw.rect(
            big,
            OUTLINE,
            (w * (0.1 + 0.3 * k), h * 0.05, w * 0.2, h * 0.13),
            max(2, round(w * 0.04)),
        )
    shape = SEAT_SHAPES[seat_colour % len(SEAT_SHAPES)]
    crest = shape_points(shape, (w * 0.5, h * 0.52), w * 0.15)
    pygame.draw.polygon(big, (250, 246, 236), crest)
    pygame.draw.polygon(big, OUTLINE, crest, max(2, round(w * 0.025)))
    return downsample(big, (px, round(px * 1.25)))


@functools.lru_cache(maxsize=16)
def emperor(px: int, glow: bool = False) -> pygame.Surface:
    """The Emperor: a golden figure, crowned, with a wide robe; `glow` when it may move."""
    px = max(12, px)
    w, h = px * SS, round(px * 1.3) * SS
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    if glow:
        pygame.draw.ellipse(big, (255, 220, 110, 110), (0, h * 0.05, w, h * 0.95))
    pygame.draw.ellipse(big, (0, 0, 0, 100), (w * 0.12, h * 0.86, w * 0.76, h * 0.12))
    robe = [(w * 0.5, h * 0.3), (w * 0.82, h * 0.92), (w * 0.18, h * 0.92)]
    pygame.draw.polygon(big, shade(GOLD, 0.8), robe)
    pygame.draw.polygon(big, GOLD, [(w * 0.5, h * 0.3), (w * 0.6, h * 0.92), (w * 0.26, h * 0.92)])
    pygame.draw.polygon(big, OUTLINE, robe, max(2, round(w * 0.035)))
    head = (w * 0.5, h * 0.28)
    pygame.draw.circle(big, (238, 206, 120), head, w * 0.14)
    pygame.draw.circle(big, OUTLINE, head, w * 0.14, max(2, round(w * 0.03)))
    _crown(big, (w * 0.5, h * 0.12), w * 0.16, (250, 210, 70))
    pygame.draw.line(
        big, OUTLINE, (w * 0.28, h * 0.92), (w * 0.72, h * 0.92), max(2, round(w * 0.035))
    )
    return downsample(big, (px, round(px * 1.3)))


@functools.lru_cache(maxsize=64)
def disc(number: int, px: int, state: str = "free") -> pygame.Surface:
    """A turn-order disc: `state` free (in hand), laid (this round), used or lit (clickable)."""
    px = max(12, px)
    side = px * SS
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    face = {
        "free": (232, 218, 184),
        "laid": (250, 222, 120),
        "used": (120, 112, 100),
        "lit": (255, 232, 150),
    }[state]
    c = side / 2
    pygame.draw.circle(big, (0, 0, 0, 90), (c + side * 0.03, c + side * 0.05), side * 0.46)
    pygame.draw.circle(big, shade(face, 0.7), (c, c + side * 0.03), side * 0.46)
    pygame.draw.circle(big, face, (c, c), side * 0.44)
    ring = ACCENT_RING if state == "lit" else OUTLINE
    pygame.draw.circle(
        big, ring, (c, c), side * 0.44, max(2, round(side * (0.08 if state == "lit" else 0.035)))
    )
    out = downsample(big, (px, px))
    ink = (70, 64, 58) if state == "used" else (40, 30, 24)
    img = font(max(8, round(px * 0.62)), True).render(str(number), True, ink)
    out.blit(img, img.get_rect(center=(px / 2, px / 2)))
    return out


@functools.lru_cache(maxsize=8)
def control_marker(clan: str, px: int) -> pygame.Surface:
    """A clan's control marker: a shield in the clan colour with its mark."""
    px = max(10, px)
    side = px * SS
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    colour = CLANS[clan]
    pts = [
        (side * 0.1, side * 0.08),
        (side * 0.9, side * 0.08),
        (side * 0.9, side * 0.5),
        (side * 0.5, side * 0.95),
        (side * 0.1, side * 0.5),
    ]
    pygame.draw.polygon(big, colour, pts)
    pygame.draw.polygon(big, GOLD, pts, max(3, round(side * 0.08)))
    clan_mark(big, clan, (side * 0.5, side * 0.42), side * 0.24, shade(colour, 0.3))
    return downsample(big, (px, px))


# -- the board -------------------------------------------------------------------------------
@functools.lru_cache(maxsize=2)
def table_texture(side: int = 768) -> pygame.Surface:
    """Dark wood for the table under the ring (tiled; no vignette, so tiles meet unseen)."""
    surf = fractal_noise((side, side), 37, TABLE_DARK, TABLE_LIGHT, across=6, octaves=4)
    rng = random.Random(5)
    for _ in range(90):
        y = rng.uniform(0, side)
        amp = rng.uniform(1, 5)
        pts = [
            (x, y + amp * math.sin(x / side * math.tau * 2 + y)) for x in range(0, side + 16, 16)
        ]
        pygame.draw.aalines(surf, shade(TABLE_DARK, 0.8), False, pts)
    add_grain(surf, 41, 10)
    return surf


def bridge(a: Sequence[Point], b: Sequence[Point]) -> list[Point]:
    """The quad filling the gap between two neighbouring tiles: the two corners of each
    tile nearest the other, joined."""

    def corners(p: Sequence[Point], q: Sequence[Point]) -> list[Point]:
        ranked = sorted(p, key=lambda v: min(math.dist(v, w) for w in q))
        first = ranked[0]
        second = next(v for v in ranked[1:] if math.dist(v, first) > 60)
        return [first, second]

    a1, a2 = corners(a, b)
    b1, b2 = corners(b, a)
    if math.dist(a1, b1) + math.dist(a2, b2) > math.dist(a1, b2) + math.dist(a2, b1):
        b1, b2 = b2, b1
    return [a1, b1, b2, a2]


class CarolusPainter(MapPainter):
    """The ring of tiles on a wooden table; merged territories drawn as one piece."""

    background = TABLE_DARK

    def __init__(self, topology: Topology) -> None:
        super().__init__(topology)
        self.ring = topology.ring("territory")
        self.territories: tuple[tuple[int, ...], ...] = tuple((t,) for t in self.ring)
        self._bridges: list[tuple[int, list[Point]]] = []
        self._origin: Point = (0.0, 0.0)
        supply = topology.areas_of("supply")
        self.middle = supply[0].centre if supply else (topology.size[0] / 2, topology.size[1] / 2)
        self.label_at = {a.id: self._label_spot(a) for a in self.areas()}

    def _label_spot(self, area: Area) -> Point:
        """The numeral sits just inside the tile's plain outer edge (clear of the Emperor,
        who stands near the inner edge, and of the castle)."""
        mx, my = self.middle
        here = math.dist(self.middle, area.centre)
        rim = min(d for d in (math.dist(self.middle, p) for p in area.polygon) if d > here)
        dx, dy = area.centre[0] - mx, area.centre[1] - my
        d = math.hypot(dx, dy) or 1.0
        return (mx + dx / d * (rim - 18), my + dy / d * (rim - 18))

    @property
    def version(self) -> Hashable:
        return self.territories

    def set_territories(self, territories: Sequence[Sequence[int]]) -> None:
        """Which tiles form each territory now (from the view); bridges join merged tiles."""
        new = tuple(tuple(t) for t in territories)
        if new == self.territories:
            return
        self.territories = new
        self._bridges = []
        for tiles in new:
            for u, v in itertools.pairwise(tiles):
                poly = bridge(self.topology.area(u).polygon, self.topology.area(v).polygon)
                self._bridges.append((u, poly))

    def shape(self, tiles: Sequence[int]) -> tuple[list[list[Point]], list[list[Point]]]:
        """A territory's outline: its tiles' polygons, and the bridges joining them."""
        polys = [list(self.topology.area(t).polygon) for t in tiles]
        joins = [poly for u, poly in self._bridges if u in tiles[:-1]]
        return polys, joins

    def areas(self) -> Sequence[Area]:
        return self.topology.areas_of("territory")

    def paint_steps(self, surface: pygame.Surface, rect: WorldRect,
                    zoom: float) -> Iterator[None]:
        for _ in self._layers(surface, rect, zoom):
            yield
            self._origin = (rect[0], rect[1])  # another chunk may have been painted meanwhile

    def _layers(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> Iterator[None]:
        tex = table_texture()
        tw = tex.get_width()
        ox, oy = rect[0] * zoom, rect[1] * zoom
        w, h = surface.get_size()
        for y in range(-(round(oy) % tw), h, tw):
            for x in range(-(round(ox) % tw), w, tw):
                surface.blit(tex, (x, y))
        self._paint_supply(surface, rect, zoom)
        ox, oy = self._origin = (rect[0], rect[1])
        yield

        def px(p: Point) -> Point:
            return ((p[0] - ox) * zoom, (p[1] - oy) * zoom)

        margin = 60 / max(zoom, 0.05)
        lw = max(1.0, 3.0 * zoom)
        shadow = (round(5 * zoom), round(7 * zoom))
        for area in self.areas():
            if overlaps(self.boxes[area.id], rect, margin):
                pts = [px(p) for p in area.polygon]
                pygame.draw.polygon(
                    surface,
                    shade(TABLE_DARK, 0.6),
                    [(x + shadow[0], y + shadow[1]) for x, y in pts],
                )
        yield
        for area in self.areas():
            if overlaps(self.boxes[area.id], rect, margin):
                self.paint_area(surface, area, [px(p) for p in area.polygon], zoom)
        yield
        for first, poly in self._bridges:
            tint = TILE_TINTS.get(str(self.topology.area(first).properties.get("shape")), GOLD)
            pts = [px(p) for p in poly]
            a1, b1, b2, a2 = pts
            grow = _grown(pts, lw * 1.6)
            pygame.draw.polygon(surface, tint, grow)
            pygame.draw.line(surface, TILE_EDGE, a1, b1, max(1, round(lw)))
            pygame.draw.line(surface, TILE_EDGE, a2, b2, max(1, round(lw)))
            pygame.draw.aaline(surface, TILE_EDGE, a1, b1)
            pygame.draw.aaline(surface, TILE_EDGE, a2, b2)

    def paint_area(
        self, surface: pygame.Surface, area: Area, points: list[Point], zoom: float
    ) -> None:
        tint = TILE_TINTS.get(str(area.properties.get("shape")), (190, 170, 130))
        lw = max(1.0, 3.0 * zoom)
        pygame.draw.polygon(surface, tint, points)
        inner = _shrunk(points, lw * 2.2)
        pygame.draw.lines(surface, shade(tint, 1.12), True, inner, max(1, round(lw)))
        aa_polygon(surface, points, None, TILE_EDGE, lw)
        label_px = max(14, round(30 * zoom))  # readable at 1280×800; hidden when tiny
        if zoom >= 0.2:
            img = font(label_px, True).render(area.label, True, shade(tint, 0.55))
            x, y = self.label_at[area.id]
            ox, oy = self._origin
            surface.blit(img, img.get_rect(center=((x - ox) * zoom, (y - oy) * zoom)))

    def _paint_supply(self, surface: pygame.Surface, rect: WorldRect, zoom: float) -> None:
        supply = self.topology.areas_of("supply")
        if not supply:
            return
        area = supply[0]
        cx, cy = area.centre
        r = max(math.dist(area.centre, p) for p in area.polygon) * 0.95
        if not overlaps((cx - r, cy - r, 2 * r, 2 * r), rect, 10):
            return
        c = ((cx - rect[0]) * zoom, (cy - rect[1]) * zoom)
        pygame.draw.circle(
            surface, shade(TABLE_DARK, 0.6), (c[0] + 6 * zoom, c[1] + 8 * zoom), r * zoom
        )
        pygame.draw.circle(surface, (96, 66, 42), c, r * zoom)
        pygame.draw.circle(surface, (64, 82, 70), c, r * zoom * 0.86)
        pygame.draw.circle(surface, (52, 68, 58), c, r * zoom * 0.86, max(1, round(6 * zoom)))
        for k, colour in ((1.0, TILE_EDGE), (0.86, TILE_EDGE)):
            pygame.draw.circle(surface, colour, c, r * zoom * k, max(1, round(2 * zoom)))


def _shrunk(points: list[Point], by: float) -> list[Point]:
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        k = max(0.0, (d - by) / d)
        out.append((cx + (x - cx) * k, cy + (y - cy) * k))
    return out


def _grown(quad: list[Point], by: float) -> list[Point]:
    """The bridge quad a little longer at both ends, so it hides the tiles' side edges."""
    a1, b1, b2, a2 = quad

    def push(p: Point, q: Point) -> Point:
        d = math.dist(p, q) or 1.0
        return (p[0] + (p[0] - q[0]) / d * by, p[1] + (p[1] - q[1]) / d * by)

    return [push(a1, b1), push(b1, a1), push(b2, a2), push(a2, b2)]
