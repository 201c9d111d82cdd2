"""The art the client draws with: client.art's functions when present, simple local ones if not.

client/art/ is written by the art engineer; until a function exists there, the
fallback below draws a plain but honest version so the table stays usable.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

import pygame

from client import resources

Colour = tuple[int, int, int]

_FALLBACK_COLOURS: list[Colour] = [
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (240, 228, 66),
    (0, 114, 178),
    (213, 94, 0),
    (204, 121, 167),
]
_FALLBACK_SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "star", "cross"]


def _art(module: str, name: str) -> Any:
    try:
        mod = __import__(f"client.art.{module}", fromlist=[name])
    except ImportError:
        return None
    return getattr(mod, name, None)


SEAT_COLOURS: list[Colour] = list(_art("palette", "SEAT_COLOURS") or _FALLBACK_COLOURS)
SEAT_SHAPES: list[str] = list(_art("palette", "SEAT_SHAPES") or _FALLBACK_SHAPES)
ACCENT: Colour = tuple(_art("palette", "ACCENT") or (214, 64, 52))[:3]  # type: ignore[assignment]
PARCHMENT: Colour = tuple(_art("palette", "PARCHMENT") or (233, 220, 190))[:3]  # type: ignore[assignment]
INK: Colour = tuple(_art("palette", "INK") or (38, 32, 28))[:3]  # type: ignore[assignment]


def shape_points(shape: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    cx, cy = center
    if shape == "square":
        k = r * 0.8
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (i * math.pi / 3 for i in range(6))
        ]
    if shape == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    if shape == "cross":
        k, t = r * 0.9, r * 0.32
        return [
            (cx - t, cy - k),
            (cx + t, cy - k),
            (cx + t, cy - t),
            (cx + k, cy - t),
            (cx + k, cy + t),
            (cx + t, cy + t),
            (cx + t, cy + k),
            (cx - t, cy + k),
            (cx - t, cy + t),
            (cx - k, cy + t),
            (cx - k, cy - t),
            (cx - t, cy - t),
        ]
    return []


def _fallback_marker(surface: pygame.Surface, center: tuple[int, int], radius: int, i: int) -> None:
    colour = SEAT_COLOURS[i % len(SEAT_COLOURS)]
    shape = SEAT_SHAPES[i % len(SEAT_SHAPES)]
    if shape == "circle":
        pygame.draw.circle(surface, colour, center, radius)
        pygame.draw.circle(surface, INK, center, radius, max(1, radius // 6))
        return
    pts = shape_points(shape, center, radius)
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, INK, pts, max(1, radius // 6))


SHAPES = True  # the colour-blind markings setting: off draws plain discs


def draw_seat_marker(surface: pygame.Surface, center: tuple[int, int], radius: int, i: int) -> None:
    """A seat's colour and shape together, so nothing rests on colour alone."""
    if not SHAPES:
        colour = SEAT_COLOURS[i % len(SEAT_COLOURS)]
        pygame.draw.circle(surface, colour, center, radius)
        pygame.draw.circle(surface, INK, center, radius, max(1, radius // 6))
        return
    fn = _art("palette", "draw_seat_marker")
    (fn or _fallback_marker)(surface, center, radius, i)


@lru_cache(maxsize=8)
def _noise_texture(size: tuple[int, int], base: Colour, spread: int, seed: int) -> pygame.Surface:
    """A calm speckled texture: a small random tile smoothed up to size, then a vignette."""
    rng = random.Random(seed)
    tile = pygame.Surface((48, 30))
    for y in range(30):
        for x in range(48):
            d = rng.randint(-spread, spread)
            tile.set_at((x, y), tuple(max(0, min(255, c + d)) for c in base))
    surf = pygame.transform.smoothscale(tile, size)
    shade = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    for i in range(12):
        rect = pygame.Rect(0, 0, w, h).inflate(-w * i // 12, -h * i // 12)
        pygame.draw.rect(shade, (0, 0, 0, 6), rect, max(1, w // 24), border_radius=w // 8)
    surf.blit(shade, (0, 0))
    return surf


def felt(size: tuple[int, int]) -> pygame.Surface:
    fn = _art("textures", "felt")
    return fn(size) if fn else _noise_texture(size, (46, 66, 58), 6, 1)


def parchment(size: tuple[int, int]) -> pygame.Surface:
    fn = _art("textures", "parchment")
    return fn(size) if fn else _noise_texture(size, PARCHMENT, 8, 2)


def washi(size: tuple[int, int]) -> pygame.Surface:
    fn = _art("textures", "washi")
    return fn(size) if fn else _noise_texture(size, (240, 233, 214), 6, 3)


@lru_cache(maxsize=64)
def _fallback_card_face(value: int, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    body = washi(size).copy()
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=w // 10)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(body, (0, 0))
    pygame.draw.rect(surf, INK, surf.get_rect(), max(2, w // 40), border_radius=w // 10)
    pygame.draw.circle(surf, (196, 48, 40), (w // 2, int(h * 0.56)), int(w * 0.30))
    numeral = resources.font(int(h * 0.42), True).render(str(value), True, INK)
    surf.blit(numeral, numeral.get_rect(center=(w // 2, int(h * 0.50))))
    small = resources.font(max(10, int(h * 0.11)), True).render(str(value), True, INK)
    surf.blit(small, (w // 12, h // 24))
    return surf


@lru_cache(maxsize=8)
def _fallback_card_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (52, 40, 62), surf.get_rect(), border_radius=w // 10)
    pygame.draw.rect(
        surf,
        (200, 170, 110),
        surf.get_rect().inflate(-w // 8, -w // 8),
        max(2, w // 30),
        border_radius=w // 14,
    )
    pygame.draw.circle(surf, (196, 48, 40), (w // 2, h // 2), int(w * 0.22))
    return surf


@lru_cache(maxsize=8)
def _fallback_medal(radius: int) -> pygame.Surface:
    surf = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    c = (radius, radius)
    pygame.draw.circle(surf, (150, 110, 40), c, radius)
    pygame.draw.circle(surf, (218, 178, 86), c, radius - max(2, radius // 6))
    for k in range(3):
        a = k * 2 * math.pi / 3 - math.pi / 2
        p = (radius + radius * 0.3 * math.cos(a), radius + radius * 0.3 * math.sin(a))
        pygame.draw.circle(surf, (150, 110, 40), p, radius * 0.3, max(1, radius // 8))
    return surf


@lru_cache(maxsize=8)
def _fallback_red_sun(radius: int) -> pygame.Surface:
    surf = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    pygame.draw.circle(surf, (196, 48, 40), (radius, radius), radius)
    return surf


def card_face(value: int, size: tuple[int, int]) -> pygame.Surface:
    fn = _art("kobayakawa", "card_face")
    return fn(value, size) if fn else _fallback_card_face(value, size)


def card_back(size: tuple[int, int]) -> pygame.Surface:
    fn = _art("kobayakawa", "card_back")
    return fn(size) if fn else _fallback_card_back(size)


def medal(radius: int) -> pygame.Surface:
    fn = _art("kobayakawa", "medal")
    return fn(radius) if fn else _fallback_medal(radius)


def red_sun(radius: int) -> pygame.Surface:
    fn = _art("kobayakawa", "red_sun")
    return fn(radius) if fn else _fallback_red_sun(radius)


@lru_cache(maxsize=4)
def table_background(size: tuple[int, int]) -> pygame.Surface:
    """The felt as an opaque, display-format surface: the cheapest full-window blit."""
    surf = felt(size)
    return surf.convert() if pygame.display.get_surface() is not None else surf


@lru_cache(maxsize=64)
def panel_surface(size: tuple[int, int], radius: int, paper: str = "parchment") -> pygame.Surface:
    """A rounded paper plate (parchment, or washi for Japanese tables) with a thin rim."""
    surf = (washi(size) if paper == "washi" else parchment(size)).copy()
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(
        surf, (120, 100, 70), surf.get_rect(), max(1, radius // 6), border_radius=radius
    )
    return surf
