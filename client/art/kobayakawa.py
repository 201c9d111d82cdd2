"""Kobayakawa's pieces in a Sengoku mood: ink on washi cards, a red sun, crests and medals.

Every crest (kamon) here is our own design, built from circles, petals and leaves.
Cards 1–15 share one family look — brush border, ensō behind a big numeral, corner
indices — and differ by their numeral and by a small vermilion crest whose petal count
and style come from the value. Everything is drawn large and smoothscaled down, cached
by its arguments, and returned as SRCALPHA Surfaces (treat them as read-only).
"""

from __future__ import annotations

import functools
import math
import random

import pygame

from client.art._draw import (
    RGB,
    Point,
    Size,
    alpha_gradient,
    arc_points,
    blur,
    brush_stroke,
    diagonal_gradient,
    downsample,
    font,
    fractal_noise,
    lerp,
    mask_circle,
    mask_rounded,
    rounded_rect_path,
    shade,
    text_fit,
)
from client.art.palette import INK, VERMILION
from client.art.textures import washi

MIN_VALUE, MAX_VALUE = 1, 15
CLAN_CREST = 0  # the kamon variant on medals, the card back and the Kobayakawa seal

PAPER: RGB = (246, 240, 226)
SUN_RED: RGB = (200, 46, 36)
INDIGO: RGB = (44, 58, 84)
_ERASE = (0, 0, 0, 0)
_PETALS = (3, 4, 5, 6, 8)
_DETAIL_WIDTH = 80  # cards narrower than this drop their finest marks


def _check_value(value: int) -> int:
    if not MIN_VALUE <= value <= MAX_VALUE:
        raise ValueError(f"card value must be {MIN_VALUE}..{MAX_VALUE}, got {value}")
    return value


def _factor(px: float, target: float = 384) -> int:
    """Supersampling factor so a drawing of `px` pixels is worked at about `target` px."""
    return max(2, min(8, math.ceil(target / max(1.0, px))))


# --- crests ---------------------------------------------------------------------------

def _petal(center: Point, angle: float, r0: float, r1: float, half_width: float,
           style: str) -> list[Point]:
    """A petal or leaf polygon along `angle`, from radius r0 to r1.

    "round" is blunt and full, "leaf" is pointed with a narrow base.
    """
    cx, cy = center
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    n = 24
    left: list[Point] = []
    right: list[Point] = []
    for i in range(n + 1):
        t = i / n
        if style == "round":
            wdt = half_width * math.sin(math.pi * t) ** 0.55
        else:
            wdt = half_width * math.sin(math.pi * t**0.8) ** 1.1
        r = r0 + (r1 - r0) * t
        left.append((cx + ux * r + px * wdt, cy + uy * r + py * wdt))
        right.append((cx + ux * r - px * wdt, cy + uy * r - py * wdt))
    return left + right[::-1]


def _ring(surface: pygame.Surface, c: Point, outer: float, inner: float, colour: RGB) -> None:
    pygame.draw.circle(surface, colour, c, outer)
    pygame.draw.circle(surface, _ERASE, c, inner)


def _crest_circles(surface: pygame.Surface, c: Point, ri: float, n: int, colour: RGB) -> None:
    """A central disc ringed by n discs, each with a small hollow (a ring of moons)."""
    orbit = ri * 0.6
    small = min(ri * 0.36, orbit * math.sin(math.pi / n) * 0.86)
    pygame.draw.circle(surface, colour, c, ri * 0.3)
    pygame.draw.circle(surface, _ERASE, c, ri * 0.12)
    for i in range(n):
        a = -math.pi / 2 + math.tau * i / n
        p = (c[0] + orbit * math.cos(a), c[1] + orbit * math.sin(a))
        pygame.draw.circle(surface, colour, p, small)
        pygame.draw.circle(surface, _ERASE, p, small * 0.38)


def _crest_petals(surface: pygame.Surface, c: Point, ri: float, n: int, colour: RGB,
                  style: str) -> None:
    """n petals or leaves around a hollow centre; leaves get a carved vein."""
    half = ri * 0.55 * math.sin(math.pi / n) * (1.05 if style == "round" else 0.95)
    r0 = ri * (0.2 if style == "round" else 0.14)
    for i in range(n):
        a = -math.pi / 2 + math.tau * i / n
        pygame.draw.polygon(surface, colour, _petal(c, a, r0, ri, half, style))
        if style == "leaf":
            tip = (c[0] + math.cos(a) * ri * 0.82, c[1] + math.sin(a) * ri * 0.82)
            base = (c[0] + math.cos(a) * ri * 0.3, c[1] + math.sin(a) * ri * 0.3)
            pygame.draw.line(surface, _ERASE, base, tip, max(1, round(ri * 0.05)))
    pygame.draw.circle(surface, _ERASE, c, ri * 0.22)
    pygame.draw.circle(surface, colour, c, ri * 0.13)


def _crest_clan(surface: pygame.Surface, c: Point, ri: float, colour: RGB) -> None:
    """The clan crest: three long veined leaves, three short ones between, a ringed heart."""
    for i in range(6):
        a = -math.pi / 2 + math.tau * i / 6
        long_leaf = i % 2 == 0
        r0, r1, half = (0.16, 1.0, 0.27) if long_leaf else (0.3, 0.7, 0.17)
        pygame.draw.polygon(surface, colour, _petal(c, a, ri * r0, ri * r1, ri * half, "leaf"))
        if long_leaf:
            base = (c[0] + math.cos(a) * ri * 0.36, c[1] + math.sin(a) * ri * 0.36)
            tip = (c[0] + math.cos(a) * ri * 0.84, c[1] + math.sin(a) * ri * 0.84)
            pygame.draw.line(surface, _ERASE, base, tip, max(1, round(ri * 0.05)))
    pygame.draw.circle(surface, _ERASE, c, ri * 0.27)
    _ring(surface, c, ri * 0.22, ri * 0.12, colour)
    pygame.draw.circle(surface, colour, c, ri * 0.06)


def draw_kamon(surface: pygame.Surface, center: Point, radius: float, variant: int,
               colour: RGB) -> None:
    """Draw a crest straight onto an SRCALPHA surface (erasing its holes to transparent).

    Variant 0 is the clan crest; 1..15 step through five petal counts (3, 4, 5, 6, 8)
    in three styles: ringed moons, round petals, pointed leaves.
    """
    _ring(surface, center, radius * 0.98, radius * 0.86, colour)
    ri = radius * 0.78
    if variant == CLAN_CREST:
        _crest_clan(surface, center, ri, colour)
        return
    n = _PETALS[(variant - 1) % len(_PETALS)]
    style = ("circles", "round", "leaf")[((variant - 1) // len(_PETALS)) % 3]
    if style == "circles":
        _crest_circles(surface, center, ri, n, colour)
    else:
        _crest_petals(surface, center, ri, n, colour, style)


@functools.lru_cache(maxsize=128)
def kamon(radius: int, variant: int, colour: RGB) -> pygame.Surface:
    """A crest of our own design, (2·radius)² SRCALPHA, anti-aliased."""
    side = max(2, 2 * radius)
    s = _factor(side)
    big = pygame.Surface((side * s, side * s), pygame.SRCALPHA)
    draw_kamon(big, (side * s / 2, side * s / 2), radius * s, variant, colour)
    return downsample(big, (side, side))


# --- sun and medal --------------------------------------------------------------------

def _radial_disc(surface: pygame.Surface, c: Point, r: float, edge: RGB, middle: RGB,
                 light: Point = (-0.25, -0.3)) -> None:
    """A disc shaded by concentric circles, its brightest point shifted towards the light."""
    steps = max(8, min(64, round(r / 2)))
    for i in range(steps):
        t = i / steps
        rr = r * (1 - t)
        shift = r * t
        p = (c[0] + light[0] * shift, c[1] + light[1] * shift)
        pygame.draw.circle(surface, lerp(edge, middle, t**0.7), p, rr)


@functools.lru_cache(maxsize=32)
def red_sun(radius: int) -> pygame.Surface:
    """The red sun: a vermilion disc, faintly lighter towards its heart, (2·radius)²."""
    side = max(2, 2 * radius)
    s = _factor(side)
    big = pygame.Surface((side * s, side * s), pygame.SRCALPHA)
    c = (side * s / 2, side * s / 2)
    _radial_disc(big, c, radius * s, (176, 34, 30), (222, 66, 46), light=(-0.1, -0.15))
    # Mottle like pigment printed on paper; multiplying leaves the alpha untouched.
    mottle = fractal_noise(big.get_size(), 61 + radius, (214, 214, 214), (255, 255, 255),
                           across=6, octaves=3)
    big.blit(mottle, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    mask_circle(big)
    return downsample(big, (side, side))


_GOLD_LIGHT: RGB = (252, 226, 148)
_GOLD: RGB = (212, 164, 72)
_GOLD_DARK: RGB = (118, 78, 30)


def _medal_body(side: int, r: float) -> pygame.Surface:
    """Raised rim lit from the top left, recessed field, soft radial sheen."""
    body = pygame.Surface((side, side), pygame.SRCALPHA)
    c = (side / 2, side / 2)
    rim = _as_alpha(diagonal_gradient((side, side), _GOLD_LIGHT, _GOLD_DARK))
    mask_circle(rim)
    body.blit(rim, (0, 0))
    pygame.draw.circle(body, shade(_GOLD_DARK, 0.8), c, r * 0.985, max(1, round(r * 0.02)))
    well = _as_alpha(diagonal_gradient((side, side), _GOLD_DARK, _GOLD_LIGHT))
    inner = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.circle(inner, (255, 255, 255, 255), c, r * 0.84)
    well.blit(inner, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    body.blit(well, (0, 0))
    field = pygame.Surface((side, side), pygame.SRCALPHA)
    _radial_disc(field, c, r * 0.79, shade(_GOLD, 0.92), shade(_GOLD, 1.18))
    body.blit(field, (0, 0))
    return body


def _as_alpha(surface: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out


@functools.lru_cache(maxsize=32)
def medal(radius: int) -> pygame.Surface:
    """A bronze-gold medal with the clan crest embossed, rim highlight; (2·radius)²."""
    side = max(2, 2 * radius)
    s = _factor(side, 320)
    big_side = side * s
    r = radius * s
    c = (big_side / 2, big_side / 2)
    body = _medal_body(big_side, r)
    crest_r = r * (0.62 if radius >= 20 else 0.66)
    off = max(1.0, r * 0.03)
    for colour, (dx, dy) in ((_GOLD_DARK, (off * 1.3, off * 1.3)), (_GOLD_LIGHT, (-off, -off)),
                             (shade(_GOLD, 1.02), (0.0, 0.0))):
        layer = pygame.Surface((big_side, big_side), pygame.SRCALPHA)
        draw_kamon(layer, (c[0] + dx, c[1] + dy), crest_r, CLAN_CREST, colour)
        body.blit(layer, (0, 0))
    sheen = pygame.Surface((big_side, big_side), pygame.SRCALPHA)
    pygame.draw.ellipse(sheen, (255, 250, 230, 45),
                        (c[0] - r * 0.62, c[1] - r * 0.78, r * 0.9, r * 0.55))
    body.blit(blur(sheen, max(4, r // 6)), (0, 0))
    return downsample(body, (side, side))


# --- cards ----------------------------------------------------------------------------

def _card_canvas(size: Size) -> tuple[pygame.Surface, int]:
    """A supersampled washi sheet for a card, and the factor it was scaled by."""
    w, h = size
    if w <= 0 or h <= 0:
        raise ValueError(f"card size must be positive, got {size!r}")
    # Small cards are worked larger, so thin brush lines stay smooth once scaled down.
    s = max(1, min(4, math.ceil(720 / max(w, h))))
    return washi((w * s, h * s)).copy(), s


def _finish_card(big: pygame.Surface, size: Size) -> pygame.Surface:
    """Edge line, downsample, round the corners."""
    w, h = big.get_size()
    radius = round(min(w, h) * 0.06)
    pygame.draw.rect(big, (150, 136, 112), (0, 0, w, h), max(1, w // 160),
                     border_radius=radius)
    out = downsample(big, size)
    mask_rounded(out, round(min(size) * 0.06))
    return out


def _brush_frame(surface: pygame.Surface, inset: float, width: float, colour: RGB,
                 seed: int) -> None:
    """One brush stroke around the card, pressed at the start and lifted past it."""
    w, h = surface.get_size()
    rect = (inset, inset, w - 2 * inset, h - 2 * inset)
    start = 0.02 + (seed % 5) * 0.003
    pts = rounded_rect_path(rect, w * 0.035, start=start, sweep=1.04, n=400)
    brush_stroke(surface, pts, width, colour, seed, taper=0.01, taper_out=0.06,
                 pressure=0.18, waves=5.0)


def _enso(surface: pygame.Surface, c: Point, r: float, width: float, colour: RGB,
          alpha: int, seed: int) -> None:
    """A brush circle left open where the brush lifted, on its own translucent layer."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    start = -math.pi * 0.6 + (seed % 7) * 0.9
    pts = arc_points(c, r, start, start + math.tau * 0.9, n=120)
    brush_stroke(layer, pts, width, colour, seed, taper=0.3, pressure=0.35)
    layer.set_alpha(alpha)
    surface.blit(layer, (0, 0))


def _index_block(value: int, w: int, h: int, detail: bool) -> pygame.Surface:
    """Top-left corner index: a small numeral over a tiny vermilion crest."""
    block = pygame.Surface((round(w * 0.16), round(h * 0.2)), pygame.SRCALPHA)
    bw = block.get_width()
    num = text_fit("bold", str(value), h * 0.075, bw * 0.96, INK)
    rect = block.blit(num, num.get_rect(midtop=(bw / 2, 0)))
    if value in (6, 9):  # underlined, so the upside-down index is not misread
        y = rect.bottom + h * 0.006
        pygame.draw.line(block, INK, (rect.left, y), (rect.right, y), max(1, round(h * 0.006)))
    if not detail:
        return block
    crest = kamon(round(w * 0.04), value, VERMILION)
    block.blit(crest, crest.get_rect(midtop=(bw / 2, num.get_height() + h * 0.022)))
    return block


_KANJI_DIGITS = "一二三四五六七八九"


def kanji_numeral(value: int) -> str:
    """The value in kanji (1..99), as written on the cards' side: 十五 for 15."""
    tens, ones = divmod(value, 10)
    head = "" if tens == 0 else ("十" if tens == 1 else _KANJI_DIGITS[tens - 1] + "十")
    return head + (_KANJI_DIGITS[ones - 1] if ones else "")


def _kanji_column(value: int, w: int, h: int) -> pygame.Surface:
    """The kanji numeral written top to bottom, each character in an equal cell."""
    px = max(6, round(h * 0.058))
    face = font("jp", px)
    chars = kanji_numeral(value)
    column = pygame.Surface((round(px * 1.2), round(px * 1.05 * len(chars))), pygame.SRCALPHA)
    for i, ch in enumerate(chars):
        glyph = face.render(ch, True, (64, 58, 60))
        rect = glyph.get_rect(center=(column.get_width() / 2, px * 1.05 * (i + 0.5)))
        column.blit(glyph, rect)
    return column


def _draw_face(big: pygame.Surface, value: int, special: bool, detail: bool) -> None:
    """Everything printed on a card face, at supersampled size.

    Without `detail` (cards under ~80 px wide) the tiny corner crests and kanji are
    left out: at that size they would only read as specks.
    """
    w, h = big.get_size()
    centre = (w / 2, h * 0.44)
    enso_colour = VERMILION if special else (58, 56, 60)
    _enso(big, centre, w * 0.35, w * 0.05, enso_colour, 90 if special else 62, 97 * value)
    numeral = text_fit("bold", str(value), h * 0.33, w * 0.62, INK)
    big.blit(numeral, numeral.get_rect(center=centre))
    inset = w * 0.06
    _brush_frame(big, inset, w * 0.02, INK, 1000 + value)
    inner = pygame.Rect(0, 0, round(w - 2 * inset - w * 0.07), round(h - 2 * inset - w * 0.07))
    inner.center = (w // 2, h // 2)
    pygame.draw.rect(big, VERMILION if special else (128, 118, 108), inner,
                     max(1, round(w * (0.008 if special else 0.005))))
    block = _index_block(value, w, h, detail)
    tl = (round(inset + w * 0.05), round(inset + w * 0.05))
    big.blit(block, tl)
    flipped = pygame.transform.rotate(block, 180)
    big.blit(flipped, flipped.get_rect(bottomright=(w - tl[0], h - tl[1])))
    if detail:
        column = _kanji_column(value, w, h)
        right = (w - tl[0] - block.get_width() / 2, tl[1])
        big.blit(column, column.get_rect(midtop=right))
        column = pygame.transform.rotate(column, 180)
        big.blit(column, column.get_rect(midbottom=(w - right[0], h - right[1])))
    crest = kamon(round(w * 0.1), value, VERMILION)
    big.blit(crest, crest.get_rect(center=(w / 2, h * 0.8)))


def _seal(width: int) -> pygame.Surface:
    """A square vermilion hanko with the clan crest carved out, a little worn."""
    side = max(8, width)
    seal = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(seal, VERMILION, (0, 0, side, side), border_radius=round(side * 0.12))
    pygame.draw.rect(seal, _ERASE, (side * 0.08, side * 0.08, side * 0.84, side * 0.84),
                     max(1, round(side * 0.035)), border_radius=round(side * 0.08))
    crest = kamon(round(side * 0.34), CLAN_CREST, PAPER)
    seal.blit(crest, crest.get_rect(center=(side / 2, side / 2)),
              special_flags=pygame.BLEND_RGBA_SUB)
    rng = random.Random(5)
    for _ in range(18):
        pygame.draw.circle(seal, _ERASE, (rng.uniform(0, side), rng.uniform(0, side)),
                           rng.uniform(0.3, 1.2) * side / 60)
    return pygame.transform.rotozoom(seal, 7, 1.0)


@functools.lru_cache(maxsize=64)
def card_face(value: int, size: Size) -> pygame.Surface:
    """The face of card `value` (1..15): washi, brush frame, big numeral, corner indices."""
    _check_value(value)
    big, _ = _card_canvas(size)
    _draw_face(big, value, special=False, detail=size[0] >= _DETAIL_WIDTH)
    return _finish_card(big, size)


@functools.lru_cache(maxsize=16)
def kobayakawa_card(value: int, size: Size) -> pygame.Surface:
    """The card showing the current Kobayakawa value: red ensō, red frame and a clan seal."""
    _check_value(value)
    big, _ = _card_canvas(size)
    _draw_face(big, value, special=True, detail=size[0] >= _DETAIL_WIDTH)
    w, h = big.get_size()
    seal = _seal(round(w * 0.2))
    # Stamped low on the left like an artist's seal, clear of numeral and indices.
    big.blit(seal, seal.get_rect(center=(w * 0.24, h * 0.69)))
    return _finish_card(big, size)


def _ridge(w: int, base: float, height: float, seed: int, peaks: int) -> list[Point]:
    """A mountain ridge line across the width: sharp-ish peaks from summed sines."""
    rng = random.Random(seed)
    terms = [(rng.uniform(0.6, 1.4) * k, rng.uniform(0, math.tau), 1 / k)
             for k in range(1, peaks + 1)]
    pts: list[Point] = []
    for i in range(65):
        x = w * i / 64
        v = sum(a * abs(math.sin(f * math.pi * x / w + p)) for f, p, a in terms)
        pts.append((x, base - height * v / sum(a for _, _, a in terms)))
    return pts


def _mountains(big: pygame.Surface, ridge: list[Point], bottom: float, colour: RGB,
               alpha: int) -> None:
    """An ink-wash range: filled under its ridge, dissolving into mist towards `bottom`."""
    w, h = big.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(layer, colour, [*ridge, (w, bottom), (0, bottom)])
    top = min(y for _, y in ridge)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    mask.fill((255, 255, 255, 255), (0, 0, w, round(top)))
    mask.blit(alpha_gradient((w, max(2, round(bottom - top))), 255, 0, power=1.3),
              (0, round(top)), special_flags=pygame.BLEND_RGBA_MAX)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    layer.set_alpha(alpha)
    big.blit(layer, (0, 0))
    ridge_layer = pygame.Surface((w, h), pygame.SRCALPHA)
    brush_stroke(ridge_layer, ridge, max(1.0, w * 0.006), shade(colour, 0.75), 5,
                 taper=0.05, pressure=0.5, waves=6.0)
    ridge_layer.set_alpha(alpha)
    big.blit(ridge_layer, (0, 0))


def _waves(big: pygame.Surface, top: float, bottom: float, colour: RGB) -> None:
    """Rows of overlapping wave scales (concentric arcs) in indigo ink."""
    w, _ = big.get_size()
    layer = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    layer.set_clip(pygame.Rect(0, round(top), w, round(bottom - top)))
    r = w / 9
    line = max(1, round(r * 0.07))
    for row in range(int((bottom - top) / (r * 0.5)) + 3):
        y = top + row * r * 0.5
        shift = r if row % 2 else 0.0
        for k in range(-1, 7):
            c = (k * 2 * r + shift - r * 0.5, y)
            pygame.draw.circle(layer, _ERASE, c, r)
            for f in (1.0, 0.74, 0.5, 0.27):
                pygame.draw.circle(layer, colour, c, r * f, line)
    big.blit(layer, (0, 0))


@functools.lru_cache(maxsize=8)
def card_back(size: Size) -> pygame.Surface:
    """The common back: a red sun with the clan crest over ink mountains and wave scales."""
    big, _ = _card_canvas(size)
    w, h = big.get_size()
    inset = w * 0.06
    big.set_clip(pygame.Rect(round(inset), round(inset), round(w - 2 * inset),
                             round(h - 2 * inset)))
    sun_r = round(w * 0.26)
    sun = red_sun(sun_r)
    big.blit(sun, sun.get_rect(center=(w / 2, h * 0.36)))
    crest = kamon(round(sun_r * 0.58), CLAN_CREST, PAPER)
    big.blit(crest, crest.get_rect(center=(w / 2, h * 0.36)))
    _mountains(big, _ridge(w, h * 0.6, h * 0.16, 3, 4), h * 0.76, (128, 126, 132), 190)
    _mountains(big, _ridge(w, h * 0.69, h * 0.11, 8, 3), h * 0.8, (56, 54, 62), 230)
    band = pygame.Rect(0, round(h * 0.78), w, h)
    big.blit(washi((w, h)), band, band)
    _waves(big, h * 0.78, h, INDIGO)
    big.set_clip(None)
    _brush_frame(big, inset, w * 0.024, INK, 77)
    return _finish_card(big, size)
