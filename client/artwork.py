"""The art the shell draws with: client/art's palette, textures and Kobayakawa pieces,
plus the few composites the shell caches itself (opaque table felt, rounded paper plates)
and the colour-blind markings switch."""

from __future__ import annotations

from functools import lru_cache

import pygame

from client.art import palette, textures
from client.art.kobayakawa import card_back, card_face, medal, red_sun
from client.art.textures import felt, parchment, washi

Colour = tuple[int, int, int]

SEAT_COLOURS: list[Colour] = list(palette.SEAT_COLOURS)
SEAT_SHAPES: list[str] = list(palette.SEAT_SHAPES)
ACCENT: Colour = palette.ACCENT
PARCHMENT: Colour = palette.PARCHMENT
INK: Colour = palette.INK

SHAPES = True  # the colour-blind markings setting: off draws plain discs

__all__ = [
    "ACCENT",
    "INK",
    "PARCHMENT",
    "SEAT_COLOURS",
    "SEAT_SHAPES",
    "SHAPES",
    "card_back",
    "card_face",
    "draw_seat_marker",
    "felt",
    "medal",
    "panel_surface",
    "parchment",
    "red_sun",
    "table_background",
    "textures",
    "washi",
]


def draw_seat_marker(surface: pygame.Surface, center: tuple[int, int], radius: int, i: int) -> None:
    """A seat's colour and shape together, so nothing rests on colour alone."""
    if not SHAPES:
        colour = SEAT_COLOURS[i % len(SEAT_COLOURS)]
        pygame.draw.circle(surface, colour, center, radius)
        pygame.draw.circle(surface, INK, center, radius, max(1, radius // 6))
        return
    palette.draw_seat_marker(surface, center, radius, i)


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
