"""Table and paper textures made by noise: felt, wood, parchment and washi.

All are deterministic (fixed seeds), cached by size and returned as opaque-looking
SRCALPHA Surfaces. They are shared: `.copy()` before drawing on one, and `.convert()`
a full-screen background once a display exists, for faster blits.
Noise is generated on coarse grids and smoothscaled up; fine grain comes from small
tiles, so a 1920×1080 felt takes a few tens of milliseconds.
"""

from __future__ import annotations

import functools
import math
import random

import pygame

from client.art._draw import (
    RGB,
    Size,
    add_grain,
    blur,
    fractal_noise,
    lerp,
    noise_layer,
    vignette,
)

_FELT_DARK: RGB = (32, 45, 41)
_FELT_LIGHT: RGB = (56, 74, 67)
_WOOD_DARK: RGB = (84, 54, 32)
_WOOD_LIGHT: RGB = (140, 98, 62)
_PARCH_DARK: RGB = (204, 184, 146)
_PARCH_LIGHT: RGB = (238, 226, 198)
_WASHI_DARK: RGB = (232, 224, 206)
_WASHI_LIGHT: RGB = (248, 244, 234)


def _checked(size: Size) -> Size:
    w, h = int(size[0]), int(size[1])
    if w <= 0 or h <= 0:
        raise ValueError(f"texture size must be positive, got {size!r}")
    return w, h


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out


def draw_fibres(surface: pygame.Surface, seed: int, count: int, length: tuple[float, float],
                colours: list[RGB], curl: float = 0.4) -> None:
    """Scatter thin curved fibres (paper pulp strands) straight onto an opaque surface.

    Colours should sit close to the paper's own: anti-aliased lines blend by coverage,
    and a translucent layer would grey their edges.
    """
    rng = random.Random(seed)
    w, h = surface.get_size()
    for _ in range(count):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        angle = rng.uniform(0, math.tau)
        bend = rng.uniform(-curl, curl)
        seg = rng.uniform(*length) / 5
        points = [(x, y)]
        for _ in range(5):
            angle += bend * rng.uniform(0.3, 1.0)
            x += math.cos(angle) * seg
            y += math.sin(angle) * seg
            points.append((x, y))
        pygame.draw.aalines(surface, rng.choice(colours), False, points)


@functools.lru_cache(maxsize=8)
def felt(size: Size) -> pygame.Surface:
    """Dark green-grey baize: soft value noise, fine grain and a gentle vignette."""
    size = _checked(size)
    surf = fractal_noise(size, 11, _FELT_DARK, _FELT_LIGHT, across=5, octaves=4)
    add_grain(surf, 101, 9)
    add_grain(surf, 103, 14, sparse=3.0, tile=96)
    surf.blit(vignette(size, (8, 12, 10), 0.45, power=2.2, start=0.3), (0, 0))
    return _with_alpha(surf)


def _wood_streaks(size: Size, seed: int) -> pygame.Surface:
    """Long horizontal streaks: a grid tall in rows and short in columns, stretched wide."""
    _w, h = size
    rng = random.Random(seed)
    cols, rows = 10, max(8, h // 6)
    small = pygame.Surface((cols, rows))
    row_vals = [rng.random() for _ in range(rows)]
    for y in range(rows):
        for x in range(cols):
            v = 0.75 * row_vals[y] + 0.25 * rng.random()
            small.set_at((x, y), lerp(_WOOD_DARK, _WOOD_LIGHT, v))
    return pygame.transform.smoothscale(small, size)


def _wood_grain_lines(surface: pygame.Surface, seed: int, plank: int) -> None:
    """Wavy darker grain lines and plank seams with staggered butt joints."""
    rng = random.Random(seed)
    w, h = surface.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(8, w // 40)
    for _ in range(max(4, h // 5)):
        y0, amp = rng.uniform(0, h), rng.uniform(1, 6)
        phase, freq = rng.uniform(0, math.tau), rng.uniform(0.5, 2.0)
        points = [(float(x), y0 + amp * math.sin(phase + freq * x / w * math.tau))
                  for x in range(0, w + step, step)]
        pygame.draw.aalines(layer, (50, 30, 16, rng.randint(20, 60)), False, points)
    for i, y in enumerate(range(plank, h, plank)):
        pygame.draw.line(layer, (30, 18, 10, 150), (0, y), (w, y), 2)
        pygame.draw.line(layer, (200, 160, 120, 40), (0, y + 2), (w, y + 2), 1)
        offset = (i * 0.37 % 1.0) * w
        for x in (offset, offset + w * 0.5):
            joint = x % w
            pygame.draw.line(layer, (30, 18, 10, 120), (joint, y), (joint, y + plank), 2)
    surface.blit(layer, (0, 0))


@functools.lru_cache(maxsize=8)
def wood(size: Size) -> pygame.Surface:
    """Warm wooden table: planks with streaky grain, fine grain and a soft vignette."""
    size = _checked(size)
    surf = _wood_streaks(size, 21)
    mottle = noise_layer(size, 6, 22, _WOOD_DARK, _WOOD_LIGHT)
    mottle.set_alpha(70)
    surf.blit(mottle, (0, 0))
    _wood_grain_lines(surf, 23, max(48, size[1] // 6))
    add_grain(surf, 201, 8)
    surf.blit(vignette(size, (20, 10, 4), 0.4, power=2.0, start=0.35), (0, 0))
    return _with_alpha(surf)


@functools.lru_cache(maxsize=16)
def parchment(size: Size) -> pygame.Surface:
    """Muted parchment for panels: mottled, a few fibres, softly darkened edges."""
    size = _checked(size)
    w, h = size
    surf = fractal_noise(size, 31, _PARCH_DARK, _PARCH_LIGHT, across=4, octaves=4)
    stains = noise_layer(size, 7, 32, (170, 140, 96), _PARCH_LIGHT)
    stains.set_alpha(60)
    surf.blit(stains, (0, 0))
    count = max(6, w * h // 5000)
    draw_fibres(surf, 33, count, (6, 22), [(204, 184, 148), (240, 230, 206), (196, 176, 140)])
    add_grain(surf, 301, 10)
    surf.blit(vignette(size, (110, 78, 40), 0.55, power=1.8, squareness=5.0, start=0.6),
              (0, 0))
    return _with_alpha(surf)


@functools.lru_cache(maxsize=16)
def washi(size: Size) -> pygame.Surface:
    """Japanese paper: pale and warm, long kozo fibres, a few flecks, faint mottling."""
    size = _checked(size)
    w, h = size
    surf = fractal_noise(size, 41, _WASHI_DARK, _WASHI_LIGHT, across=5, octaves=3)
    long_side = max(w, h)
    count = max(12, w * h // 2400)
    draw_fibres(surf, 42, count, (long_side * 0.03, long_side * 0.12),
                [(253, 251, 244), (251, 248, 240), (226, 216, 196)], curl=0.6)
    draw_fibres(surf, 43, count // 3, (2, 5), [(190, 176, 150), (204, 192, 168)])
    add_grain(surf, 401, 7)
    surf.blit(vignette(size, (150, 130, 96), 0.22, power=2.0, squareness=4.0, start=0.6),
              (0, 0))
    return _with_alpha(surf)


@functools.lru_cache(maxsize=32)
def soft_shadow(size: Size, corner_radius: int = 8, spread: int = 8,
                alpha: int = 110) -> pygame.Surface:
    """A blurred dark rounded rectangle to lay under a card or panel of `size`.

    The surface is `spread` px larger on every side: blit it at the piece's top-left
    minus `spread`, nudged a few px down and right for light from the top left.
    """
    w, h = _checked(size)
    pad = max(1, spread)
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(out, (0, 0, 0, alpha), (pad, pad, w, h), border_radius=corner_radius)
    return blur(out, max(2, pad))
