"""Tablero's app icon: a felt table in a wooden rim, with a card and a die on it.

Used for the window icon and the Linux desktop entry (build_scripts/make_icon.py
writes assets/icon.png from it). Shapes are kept bold so the icon still reads at 32 px.
"""

from __future__ import annotations

import functools

import pygame

from client.art._draw import blur, downsample, mask_rounded, shade
from client.art.kobayakawa import red_sun
from client.art.palette import INK
from client.art.textures import felt, washi, wood

_IVORY = (244, 236, 216)


def _shadow(shape: pygame.Surface, spread: int, alpha: int) -> pygame.Surface:
    """A soft drop shadow the shape of `shape`'s alpha."""
    w, h = shape.get_size()
    pad = spread * 2
    sil = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    sil.blit(shape, (pad, pad))
    sil.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
    sil.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return blur(sil, max(2, spread))


def _card(u: float, scale: float) -> pygame.Surface:
    """A washi card with a brush-dark frame and a big red sun."""
    w, h = round(u * 0.34 * scale), round(u * 0.48 * scale)
    card = washi((w, h)).copy()
    pygame.draw.rect(card, INK, (0, 0, w, h), max(2, round(u * 0.014)),
                     border_radius=round(w * 0.1))
    inset = round(w * 0.12)
    pygame.draw.rect(card, shade(INK, 1.6), (inset, inset, w - 2 * inset, h - 2 * inset),
                     max(1, round(u * 0.006)), border_radius=round(w * 0.04))
    sun = red_sun(round(w * 0.27))
    card.blit(sun, sun.get_rect(center=(w / 2, h / 2)))
    mask_rounded(card, round(w * 0.1))
    return card


def _die(u: float, scale: float) -> pygame.Surface:
    """An ivory die showing five, lit from the top left."""
    side = round(u * 0.3 * scale)
    die = pygame.Surface((side, side), pygame.SRCALPHA)
    radius = round(side * 0.2)
    pygame.draw.rect(die, shade(_IVORY, 0.72), (0, 0, side, side), border_radius=radius)
    pygame.draw.rect(die, _IVORY, (0, 0, side - side * 0.05, side - side * 0.05),
                     border_radius=radius)
    pygame.draw.rect(die, shade(_IVORY, 1.4), (side * 0.1, side * 0.06, side * 0.6, side * 0.08),
                     border_radius=round(side * 0.04))
    pip = side * 0.095
    for fx, fy in ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)):
        pygame.draw.circle(die, INK, (side * fx * 0.95, side * fy * 0.95), pip)
    return die


def _place(canvas: pygame.Surface, piece: pygame.Surface, angle: float,
           centre: tuple[float, float], spread: int) -> None:
    turned = pygame.transform.rotozoom(piece, angle, 1.0)
    shadow = _shadow(turned, spread, 150)
    canvas.blit(shadow, shadow.get_rect(center=(centre[0] + spread * 0.6,
                                                centre[1] + spread * 1.0)))
    canvas.blit(turned, turned.get_rect(center=centre))


@functools.lru_cache(maxsize=8)
def app_icon(size: int = 256) -> pygame.Surface:
    """The app icon as a square SRCALPHA Surface of `size` px (rounded, transparent corners).

    At 48 px and below the rim thins and the card and die grow, so they still read.
    """
    if size <= 0:
        raise ValueError(f"icon size must be positive, got {size}")
    small = size <= 48
    u = max(512, size * 4)
    canvas = pygame.Surface((u, u), pygame.SRCALPHA)
    canvas.blit(wood((u, u)), (0, 0))
    rim = round(u * (0.05 if small else 0.075))
    table = felt((u - 2 * rim, u - 2 * rim)).copy()
    mask_rounded(table, round(u * 0.12))
    canvas.blit(_shadow(table, round(u * 0.01), 200), (rim - round(u * 0.02),) * 2)
    canvas.blit(table, (rim, rim))
    scale = 1.3 if small else 1.0
    card_at, die_at = ((0.4, 0.44), (0.68, 0.68)) if small else ((0.42, 0.46), (0.66, 0.66))
    _place(canvas, _card(u, scale), 12, (u * card_at[0], u * card_at[1]), round(u * 0.02))
    _place(canvas, _die(u, scale), -16, (u * die_at[0], u * die_at[1]), round(u * 0.02))
    frame = pygame.Surface((u, u), pygame.SRCALPHA)
    pygame.draw.rect(frame, (30, 18, 10, 255), (0, 0, u, u), max(2, u // 128),
                     border_radius=round(u * 0.2))
    canvas.blit(frame, (0, 0))
    mask_rounded(canvas, round(u * 0.2))
    return downsample(canvas, (size, size))
