"""Shared drawing helpers for the art package: fonts, noise, grain, masks, blur and brush strokes.

Everything here works on plain Surfaces without a display and without numpy: large
surfaces are made by drawing small ones and smoothscaling them up, and per-pixel
randomness comes from `random.randbytes` turned into a Surface with `image.frombytes`.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Sequence
from importlib import resources
from typing import Literal

import pygame

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Size = tuple[int, int]
Point = tuple[float, float]
FontFace = Literal["regular", "bold", "jp"]

_FONT_FILES: dict[str, str] = {
    "regular": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
    "jp": "NotoSansJP-Bold.otf",
}
# Height of a lining digit as a fraction of the font's pixel size (Noto Sans).
_DIGIT_HEIGHT = 0.714


@functools.lru_cache(maxsize=8)
def font_path(face: FontFace) -> str:
    """Path of one of the Noto fonts that pygame_gui ships (we never commit fonts)."""
    return str(resources.files("pygame_gui.data").joinpath(_FONT_FILES[face]))


@functools.lru_cache(maxsize=48)
def font(face: FontFace, px: int) -> pygame.font.Font:
    """A cached Font; initialises pygame.font on first use so callers need not."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(face), max(1, px))


def text(face: FontFace, label: str, height: float, colour: RGB) -> pygame.Surface:
    """Render `label` so its digits are about `height` px tall, cropped to the ink."""
    surf = font(face, round(height / _DIGIT_HEIGHT)).render(label, True, colour)
    return surf.subsurface(surf.get_bounding_rect()).copy()


def text_fit(face: FontFace, label: str, height: float, max_width: float,
             colour: RGB) -> pygame.Surface:
    """Like `text`, but shrunk (re-rendered, not scaled) to fit within `max_width`."""
    surf = text(face, label, height, colour)
    if surf.get_width() > max_width:
        surf = text(face, label, height * max_width / surf.get_width(), colour)
    return surf


def lerp(a: RGB, b: RGB, t: float) -> RGB:
    """Linear mix of two colours, t clamped to 0..1."""
    t = min(1.0, max(0.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def shade(colour: RGB, factor: float) -> RGB:
    """Darken (factor < 1) or lighten towards white (factor > 1) a colour."""
    if factor <= 1.0:
        return lerp((0, 0, 0), colour, factor)
    return lerp(colour, (255, 255, 255), factor - 1.0)


def cells_for(size: Size, across: int) -> Size:
    """A low-resolution grid of about `across` cells on the long side, same aspect ratio."""
    w, h = size
    long_side = max(w, h, 1)
    return max(2, round(across * w / long_side)), max(2, round(across * h / long_side))


def noise_layer(size: Size, across: int, seed: int, dark: RGB, light: RGB) -> pygame.Surface:
    """Value noise: random colours between dark and light on a coarse grid, smoothed up."""
    rng = random.Random(seed)
    cw, ch = cells_for(size, across)
    small = pygame.Surface((cw, ch))
    for y in range(ch):
        for x in range(cw):
            small.set_at((x, y), lerp(dark, light, rng.random()))
    return pygame.transform.smoothscale(small, size)


def fractal_noise(size: Size, seed: int, dark: RGB, light: RGB,
                  across: int = 4, octaves: int = 4, falloff: float = 0.55) -> pygame.Surface:
    """Several octaves of value noise laid over each other with decreasing opacity."""
    base = noise_layer(size, across, seed, dark, light)
    alpha = 0.5
    for octave in range(1, octaves):
        layer = noise_layer(size, across * 2**octave, seed * 31 + octave, dark, light)
        layer.set_alpha(round(255 * alpha))
        base.blit(layer, (0, 0))
        alpha *= falloff
    return base


@functools.lru_cache(maxsize=16)
def grain_tile(seed: int, tile: int, amount: int, sparse: float = 1.0) -> pygame.Surface:
    """A square RGB tile of grey speckles 0..amount, for BLEND_RGB_ADD or _SUB grain.

    `sparse` > 1 pushes most speckles towards 0, so only a few stand out.
    """
    rng = random.Random(seed)
    n = tile * tile
    table = bytes(round(amount * (i / 255) ** sparse) for i in range(256))
    values = rng.randbytes(n).translate(table)
    buf = bytearray(n * 3)
    buf[0::3] = values
    buf[1::3] = values
    buf[2::3] = values
    return pygame.image.frombytes(bytes(buf), (tile, tile), "RGB")


def add_grain(surface: pygame.Surface, seed: int, amount: int, sparse: float = 1.0,
              tile: int = 128) -> None:
    """Add fine zero-mean grain: a light tile added and a different dark tile subtracted."""
    light = grain_tile(seed, tile, amount, sparse)
    dark = grain_tile(seed + 7919, tile, amount, sparse)
    w, h = surface.get_size()
    for y in range(0, h, tile):
        for x in range(0, w, tile):
            surface.blit(light, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surface.blit(dark, (x, y), special_flags=pygame.BLEND_RGB_SUB)


def vignette(size: Size, colour: RGB, strength: float, power: float = 2.0,
             squareness: float = 2.0, start: float = 0.0) -> pygame.Surface:
    """An SRCALPHA overlay that darkens towards the edges.

    squareness 2 gives an ellipse; larger values hug a rectangle's edges (for paper).
    `start` is the normalised distance where darkening begins.
    """
    cw, ch = cells_for(size, 48)
    small = pygame.Surface((cw, ch), pygame.SRCALPHA)
    for y in range(ch):
        dy = abs((y + 0.5) / ch * 2 - 1)
        for x in range(cw):
            dx = abs((x + 0.5) / cw * 2 - 1)
            d = (dx**squareness + dy**squareness) ** (1 / squareness)
            t = max(0.0, (d - start) / (1 - start)) if start < 1 else 0.0
            small.set_at((x, y), (*colour, min(255, round(255 * strength * t**power))))
    return pygame.transform.smoothscale(small, size)


def diagonal_gradient(size: Size, top_left: RGB, bottom_right: RGB) -> pygame.Surface:
    """A smooth diagonal gradient: a 2×2 surface smoothscaled up (bilinear for free)."""
    mid = lerp(top_left, bottom_right, 0.5)
    small = pygame.Surface((2, 2))
    small.set_at((0, 0), top_left)
    small.set_at((1, 0), mid)
    small.set_at((0, 1), mid)
    small.set_at((1, 1), bottom_right)
    big = pygame.transform.smoothscale(small, (max(2, size[0] * 2), max(2, size[1] * 2)))
    # The middle half of the doubled surface spans corner to corner without edge clamping.
    inner = big.subsurface((size[0] // 2, size[1] // 2, size[0], size[1])).copy()
    return inner


def vertical_gradient(size: Size, top: RGB, bottom: RGB) -> pygame.Surface:
    """A smooth top-to-bottom gradient."""
    small = pygame.Surface((1, 2))
    small.set_at((0, 0), top)
    small.set_at((0, 1), bottom)
    big = pygame.transform.smoothscale(small, (max(1, size[0]), max(2, size[1] * 2)))
    return big.subsurface((0, size[1] // 2, size[0], size[1])).copy()


def alpha_gradient(size: Size, top: int, bottom: int, power: float = 1.0) -> pygame.Surface:
    """A white SRCALPHA surface whose alpha runs from `top` to `bottom`, for BLEND_RGBA_MULT."""
    rows = 64
    small = pygame.Surface((1, rows), pygame.SRCALPHA)
    for y in range(rows):
        t = (y / (rows - 1)) ** power
        small.set_at((0, y), (255, 255, 255, round(top + (bottom - top) * t)))
    return pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))


def blur(surface: pygame.Surface, amount: int) -> pygame.Surface:
    """A cheap soft blur: shrink by `amount` and smoothscale back, twice."""
    w, h = surface.get_size()
    out = surface
    for factor in (amount, max(1, amount // 2)):
        small = pygame.transform.smoothscale(out, (max(1, w // factor), max(1, h // factor)))
        out = pygame.transform.smoothscale(small, (w, h))
    return out


def mask_rounded(surface: pygame.Surface, radius: int, inset: int = 0) -> None:
    """Cut `surface` (SRCALPHA) to a rounded rectangle with anti-aliased corners."""
    w, h = surface.get_size()
    s = 4
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0))
    pygame.draw.rect(big, (255, 255, 255, 255),
                     (inset * s, inset * s, (w - 2 * inset) * s, (h - 2 * inset) * s),
                     border_radius=radius * s)
    mask = pygame.transform.smoothscale(big, (w, h))
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def mask_circle(surface: pygame.Surface) -> None:
    """Cut a square SRCALPHA surface to its inscribed circle (smooth edge if drawn large)."""
    w, h = surface.get_size()
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.circle(mask, (255, 255, 255, 255), (w / 2, h / 2), min(w, h) / 2)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def downsample(surface: pygame.Surface, size: Size) -> pygame.Surface:
    """Smoothscale a supersampled drawing down, halving at most per step for clean edges."""
    out = surface
    while out.get_width() > size[0] * 2 and out.get_height() > size[1] * 2:
        out = pygame.transform.smoothscale(out, (out.get_width() // 2, out.get_height() // 2))
    return pygame.transform.smoothscale(out, size)


class Wobble:
    """A smooth 1-D pseudo-random function: a few sines with seeded phases, range ≈ -1..1."""

    def __init__(self, seed: int, freqs: Sequence[float] = (1.0, 2.3, 5.1)) -> None:
        rng = random.Random(seed)
        self.terms = [(f, rng.uniform(0, math.tau), 1.0 / (i + 1))
                      for i, f in enumerate(freqs)]
        self.norm = sum(a for _, _, a in self.terms)

    def __call__(self, t: float) -> float:
        return sum(a * math.sin(f * t * math.tau + p) for f, p, a in self.terms) / self.norm


def polyline_length(points: Sequence[Point]) -> float:
    """Total length of an open polyline."""
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def _stroke_samples(points: Sequence[Point], step: float) -> list[tuple[float, float, float]]:
    """Evenly spaced (x, y, t) samples along a polyline, t = fraction of its length."""
    total = polyline_length(points)
    samples: list[tuple[float, float, float]] = []
    travelled = 0.0
    for a, b in itertools.pairwise(points):
        seg = math.dist(a, b)
        n = max(1, math.ceil(seg / step))
        for i in range(n):
            f = i / n
            samples.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f,
                            (travelled + seg * f) / total))
        travelled += seg
    samples.append((points[-1][0], points[-1][1], 1.0))
    return samples


def brush_stroke(surface: pygame.Surface, points: Sequence[Point], width: float,
                 colour: RGB | RGBA, seed: int, taper: float = 0.15,
                 pressure: float = 0.3, taper_out: float | None = None,
                 waves: float = 3.0) -> None:
    """Paint an ink brush stroke along a polyline as a ribbon of varying width.

    The width breathes with a smooth wobble (`pressure`, `waves` swells per stroke) and
    narrows over `taper` of the length at the start and `taper_out` (default: the same)
    at the end, which reads as a brush rather than a pen. The ribbon is filled in short
    overlapping quads, so its edges change smoothly where discs would step by whole pixels.
    """
    if polyline_length(points) <= 0:
        return
    t_in = max(1e-6, taper)
    t_out = max(1e-6, taper if taper_out is None else taper_out)
    wobble = Wobble(seed)
    samples = _stroke_samples(points, max(0.75, width * 0.25))
    edges: list[tuple[Point, Point]] = []
    for i, (x, y, t) in enumerate(samples):
        px, py, _ = samples[max(0, i - 1)]
        nx_, ny_, _ = samples[min(len(samples) - 1, i + 1)]
        dx, dy = nx_ - px, ny_ - py
        norm = math.hypot(dx, dy) or 1.0
        ends = min(t / t_in, (1 - t) / t_out, 1.0)
        r = width / 2 * (1 + pressure * wobble(t * waves)) * (0.2 + 0.8 * math.sin(
            max(0.0, ends) * math.pi / 2))
        ox, oy = -dy / norm * r, dx / norm * r
        edges.append(((x + ox, y + oy), (x - ox, y - oy)))
    for (l0, r0), (l1, r1) in itertools.pairwise(edges):
        pygame.draw.polygon(surface, colour, [l0, l1, r1, r0])
    for (x, y, _t), (left, _) in ((samples[0], edges[0]), (samples[-1], edges[-1])):
        pygame.draw.circle(surface, colour, (x, y), math.dist((x, y), left))


def rounded_rect_path(rect: tuple[float, float, float, float], radius: float,
                      start: float = 0.0, sweep: float = 1.0, n: int = 240) -> list[Point]:
    """Points around a rounded rectangle, clockwise from the top-left corner's end.

    `start` and `sweep` are fractions of the perimeter, so a sweep over 1 overlaps.
    """
    x, y, w, h = rect
    r = min(radius, w / 2, h / 2)
    straight = [w - 2 * r, h - 2 * r, w - 2 * r, h - 2 * r]
    corner = math.pi * r / 2
    perimeter = sum(straight) + 4 * corner
    corners = [(x + w - r, y + r), (x + w - r, y + h - r), (x + r, y + h - r), (x + r, y + r)]
    starts = [(x + r, y), (x + w, y + r), (x + w - r, y + h), (x, y + h - r)]
    dirs = [(1, 0), (0, 1), (-1, 0), (0, -1)]
    pts: list[Point] = []
    for i in range(n + 1):
        d = ((start + sweep * i / n) % 1.0) * perimeter
        for side in range(4):
            if d <= straight[side]:
                sx, sy = starts[side]
                pts.append((sx + dirs[side][0] * d, sy + dirs[side][1] * d))
                break
            d -= straight[side]
            if d <= corner:
                a = -math.pi / 2 + side * math.pi / 2 + d / r if r > 0 else 0.0
                cx, cy = corners[side]
                pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
                break
            d -= corner
    return pts


def arc_points(center: Point, radius: float, start: float, end: float,
               n: int = 64) -> list[Point]:
    """Points along a circular arc, angles in radians, y down (screen coordinates)."""
    cx, cy = center
    return [(cx + radius * math.cos(start + (end - start) * i / n),
             cy + radius * math.sin(start + (end - start) * i / n)) for i in range(n + 1)]
