"""The suite's colours and the seat markers: a colour-blind-safe colour plus a shape per seat.

Seat colours follow the Okabe–Ito palette (minus its black, which vanishes on felt),
with the blue lifted a little so it still reads on the dark table. Every seat also
has its own shape, so no information rests on colour alone.
"""

from __future__ import annotations

import functools
import math

import pygame

from client.art._draw import RGB, RGBA, Point, alpha_gradient, downsample

SEAT_COLOURS: list[RGB] = [
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
    (0, 158, 115),    # bluish green
    (240, 228, 66),   # yellow
    (213, 94, 0),     # vermilion
    (40, 128, 204),   # blue (Okabe–Ito 0,114,178 lifted for dark felt)
    (204, 121, 167),  # reddish purple
]
SEAT_SHAPES: list[str] = ["circle", "square", "triangle", "diamond", "hexagon", "star", "cross"]

# The one colour that means "your turn / act here"; used for glows and outlines, so
# it is told apart from the seat colours by where it appears as much as by its hue.
ACCENT: RGB = (255, 206, 92)
PARCHMENT: RGB = (228, 214, 182)
PARCHMENT_DARK: RGB = (176, 152, 112)
INK: RGB = (30, 28, 32)
FELT: RGB = (44, 60, 54)
WOOD: RGB = (112, 76, 48)
VERMILION: RGB = (196, 44, 36)
OUTLINE: RGB = (18, 20, 22)


def shape_points(shape: str, center: Point, radius: float) -> list[Point]:
    """The outline of a seat shape as polygon points, sized to look equally big.

    Shapes with less area than a circle (triangle, star, cross) reach further out so
    that markers of different seats weigh the same on the table.
    """
    cx, cy = center
    r = radius

    def ring(n: int, rad: float, phase: float, dy: float = 0.0) -> list[Point]:
        return [(cx + rad * math.cos(phase + math.tau * i / n),
                 cy + dy + rad * math.sin(phase + math.tau * i / n)) for i in range(n)]

    if shape == "circle":
        return ring(max(24, round(r * 2)), r * 0.92, 0.0)
    if shape == "square":
        return ring(4, r * 1.16, math.pi / 4)
    if shape == "triangle":
        return ring(3, r * 1.2, -math.pi / 2, dy=r * 0.16)
    if shape == "diamond":
        h, w = r * 1.08, r * 0.8
        return [(cx, cy - h), (cx + w, cy), (cx, cy + h), (cx - w, cy)]
    if shape == "hexagon":
        return ring(6, r * 1.0, 0.0)
    if shape == "star":
        outer, inner = r * 1.12, r * 0.5
        return [(cx + (outer if i % 2 == 0 else inner) * math.cos(-math.pi / 2 + math.pi * i / 5),
                 cy + r * 0.06 + (outer if i % 2 == 0 else inner)
                 * math.sin(-math.pi / 2 + math.pi * i / 5)) for i in range(10)]
    if shape == "cross":
        a, b = r * 0.34, r * 1.0
        return [(cx - a, cy - b), (cx + a, cy - b), (cx + a, cy - a), (cx + b, cy - a),
                (cx + b, cy + a), (cx + a, cy + a), (cx + a, cy + b), (cx - a, cy + b),
                (cx - a, cy + a), (cx - b, cy + a), (cx - b, cy - a), (cx - a, cy - a)]
    raise ValueError(f"unknown seat shape {shape!r}; expected one of {SEAT_SHAPES}")


def _stroke_polygon(surface: pygame.Surface, points: list[Point], colour: RGB | RGBA,
                    width: float) -> None:
    """Stroke a closed polygon with round joins (thick lines plus discs)."""
    w = max(1, round(width))
    for a, b in zip(points, points[1:] + points[:1], strict=True):
        pygame.draw.line(surface, colour, a, b, w)
        pygame.draw.circle(surface, colour, a, width / 2)


def _sheen(side: int, points: list[Point]) -> pygame.Surface:
    """A soft light falling from the top, cut to the shape, for a token's slight relief."""
    layer = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (255, 255, 255, 255), points)
    ys = [y for _, y in points]
    top, bottom = min(ys), max(ys)
    fade = alpha_gradient((side, max(2, round(bottom - top))), 70, 0, power=0.5)
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    mask.blit(fade, (0, round(top)), special_flags=pygame.BLEND_RGBA_MAX)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return layer


@functools.lru_cache(maxsize=256)
def seat_marker(radius: int, seat_index: int) -> pygame.Surface:
    """A seat's marker as a cached SRCALPHA sprite of size (2·radius + pad)² .

    Drawn four times larger and smoothscaled down, so fill and outline are both
    anti-aliased (pygame has no anti-aliased filled polygon).
    """
    seat = seat_index % len(SEAT_COLOURS)
    pad = max(2, radius // 3)
    side = 2 * (radius + pad)
    s = 4
    big = pygame.Surface((side * s, side * s), pygame.SRCALPHA)
    c = side * s / 2
    width = max(1.6, radius * 0.16) * s
    points = shape_points(SEAT_SHAPES[seat], (c, c), radius * s - width / 2)
    # A soft contact shadow first, so light colours (yellow) lift off light panels too.
    shadow = [(x + width * 0.35, y + width * 0.55) for x, y in points]
    pygame.draw.polygon(big, (0, 0, 0, 70), shadow)
    _stroke_polygon(big, shadow, (0, 0, 0, 70), width * 1.4)
    pygame.draw.polygon(big, SEAT_COLOURS[seat], points)
    big.blit(_sheen(side * s, points), (0, 0))
    _stroke_polygon(big, points, OUTLINE, width)
    return downsample(big, (side, side))


def draw_seat_marker(surface: pygame.Surface, center: Point, radius: float,
                     seat_index: int) -> pygame.Rect:
    """Draw seat `seat_index`'s shape in its colour with a dark outline; returns the dirty rect."""
    sprite = seat_marker(max(2, round(radius)), seat_index)
    rect = sprite.get_rect(center=(round(center[0]), round(center[1])))
    return surface.blit(sprite, rect)
