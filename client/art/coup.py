"""Coup's art, drawn by code: five character cards as bold silhouettes, card backs and coins.

Two themes share one drawing: `classic` is a Renaissance court (deep reds and golds),
`urbis` is steampunk London 1884 (brass, gears, smog). Names and art change with the
theme, never the rules. Everything is drawn on a supersampled canvas in design units
(a 300 × 420 card), scaled down once and cached by size and theme.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

import pygame

from client.art._draw import (
    RGB,
    Point,
    Size,
    add_grain,
    downsample,
    lerp,
    mask_rounded,
    shade,
    text_fit,
    vertical_gradient,
)

CHARACTERS = ("duke", "assassin", "captain", "ambassador", "countess")
THEMES = ("classic", "urbis")
DESIGN = (300, 420)
_WORK = 2  # design units to canvas pixels

# One colour per character (banner, medallion, action icons), told apart by hue and value.
CHARACTER_COLOURS: dict[str, RGB] = {
    "duke": (118, 52, 150),
    "assassin": (46, 46, 56),
    "captain": (36, 86, 160),
    "ambassador": (34, 124, 84),
    "countess": (176, 38, 58),
}


class _Theme:
    """The colours one theme paints with."""

    def __init__(self, name: str) -> None:
        urbis = name == "urbis"
        self.name = name
        self.frame: RGB = (181, 140, 70) if urbis else (214, 172, 78)
        self.frame_dark: RGB = (96, 70, 38) if urbis else (132, 92, 30)
        self.sky_top: RGB = (168, 150, 118) if urbis else (134, 24, 32)
        self.sky_bottom: RGB = (72, 64, 56) if urbis else (58, 8, 16)
        self.halo: RGB = (246, 214, 140) if urbis else (236, 190, 96)
        self.figure: RGB = (30, 26, 24) if urbis else (28, 8, 12)
        self.detail: RGB = (88, 74, 60) if urbis else (96, 30, 34)
        self.metal: RGB = (200, 160, 84) if urbis else (226, 186, 92)
        self.banner: RGB = (54, 46, 38) if urbis else (44, 10, 14)


def _theme(name: str) -> _Theme:
    return _Theme(name if name in THEMES else "classic")


class _Pen:
    """Draws on the canvas in design units (300 × 420)."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.k = surface.get_width() / DESIGN[0]

    def p(self, x: float, y: float) -> Point:
        return (x * self.k, y * self.k)

    def poly(self, colour: RGB, pts: Sequence[Point], width: float = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.p(*q) for q in pts], round(width * self.k))

    def circle(self, colour: RGB, c: Point, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.p(*c), r * self.k, round(width * self.k))

    def ellipse(self, colour: RGB, rect: tuple[float, ...], width: float = 0) -> None:
        x, y, w, h = rect
        pygame.draw.ellipse(
            self.surface,
            colour,
            pygame.Rect(*self.p(x, y), w * self.k, h * self.k),
            round(width * self.k),
        )

    def rect(
        self, colour: RGB, rect: tuple[float, ...], width: float = 0, radius: float = 0
    ) -> None:
        x, y, w, h = rect
        pygame.draw.rect(
            self.surface,
            colour,
            pygame.Rect(*self.p(x, y), w * self.k, h * self.k),
            round(width * self.k),
            border_radius=round(radius * self.k),
        )

    def line(self, colour: RGB, a: Point, b: Point, width: float) -> None:
        pygame.draw.line(
            self.surface, colour, self.p(*a), self.p(*b), max(1, round(width * self.k))
        )


# -- symbols: one per character, the same meaning in both themes ---------------------


def _crown(pen: _Pen, c: Point, r: float, col: RGB) -> None:
    x, y = c
    pen.poly(
        col,
        [
            (x - r, y + 0.5 * r),
            (x - r, y - 0.5 * r),
            (x - 0.5 * r, y),
            (x, y - 0.8 * r),
            (x + 0.5 * r, y),
            (x + r, y - 0.5 * r),
            (x + r, y + 0.5 * r),
        ],
    )
    for dx in (-1, 0, 1):
        pen.circle(col, (x + dx * r, y - (0.8 if dx == 0 else 0.5) * r - 0.16 * r), 0.16 * r)


def _dagger(pen: _Pen, c: Point, r: float, col: RGB) -> None:
    x, y = c
    pen.poly(
        col,
        [
            (x, y - r),
            (x + 0.18 * r, y - 0.2 * r),
            (x + 0.12 * r, y + 0.25 * r),
            (x - 0.12 * r, y + 0.25 * r),
            (x - 0.18 * r, y - 0.2 * r),
        ],
    )
    pen.rect(col, (x - 0.55 * r, y + 0.25 * r, 1.1 * r, 0.16 * r), radius=0.06 * r)
    pen.rect(col, (x - 0.09 * r, y + 0.4 * r, 0.18 * r, 0.45 * r))
    pen.circle(col, (x, y + 0.92 * r), 0.14 * r)


def _anchor(pen: _Pen, c: Point, r: float, col: RGB) -> None:
    x, y = c
    w = 0.14 * r
    pen.circle(col, (x, y - 0.78 * r), 0.2 * r, w)
    pen.rect(col, (x - w / 2, y - 0.6 * r, w, 1.4 * r))
    pen.rect(col, (x - 0.45 * r, y - 0.4 * r, 0.9 * r, w))
    pts = [
        (x + 0.85 * r * math.cos(a), y + 0.1 * r + 0.75 * r * math.sin(a))
        for a in (i * math.pi / 12 for i in range(13))
    ]
    pygame.draw.lines(pen.surface, col, False, [pen.p(*q) for q in pts], max(1, round(w * pen.k)))
    for side in (-1, 1):
        tip = (x + side * 0.85 * r, y + 0.1 * r)
        pen.poly(
            col,
            [
                tip,
                (tip[0] - side * 0.05 * r, tip[1] - 0.35 * r),
                (tip[0] + side * 0.22 * r, tip[1] + 0.05 * r),
            ],
        )


def _arrows(pen: _Pen, c: Point, r: float, col: RGB) -> None:
    """Two thick arrows chasing each other round a circle: the exchange."""
    x, y = c
    ring_outer, ring_inner = 0.78 * r, 0.5 * r
    for start in (0.1 * math.pi, 1.1 * math.pi):
        span = [start + i * 0.1 for i in range(15)]  # about 80 degrees of ring
        outer = [(x + ring_outer * math.cos(a), y + ring_outer * math.sin(a)) for a in span]
        inner = [(x + ring_inner * math.cos(a), y + ring_inner * math.sin(a)) for a in span]
        pen.poly(col, outer + inner[::-1])
        end = span[-1]
        tip = (x + 0.64 * r * math.cos(end + 0.55), y + 0.64 * r * math.sin(end + 0.55))
        left = (x + 1.0 * r * math.cos(end), y + 1.0 * r * math.sin(end))
        right = (x + 0.28 * r * math.cos(end), y + 0.28 * r * math.sin(end))
        pen.poly(col, [tip, left, right])


def _shield(pen: _Pen, c: Point, r: float, col: RGB) -> None:
    x, y = c
    pen.poly(
        col,
        [
            (x - 0.75 * r, y - 0.8 * r),
            (x + 0.75 * r, y - 0.8 * r),
            (x + 0.7 * r, y + 0.1 * r),
            (x, y + 0.95 * r),
            (x - 0.7 * r, y + 0.1 * r),
        ],
    )
    # a rose on the shield: the Countess's mark
    hole = shade(col, 0.45)
    for i in range(5):
        a = i * math.tau / 5 - math.pi / 2
        pen.circle(
            hole, (x + 0.2 * r * math.cos(a), y - 0.05 * r + 0.2 * r * math.sin(a)), 0.17 * r
        )
    pen.circle(col, (x, y - 0.05 * r), 0.12 * r)


SYMBOLS: dict[str, Callable[[_Pen, Point, float, RGB], None]] = {
    "duke": _crown,
    "assassin": _dagger,
    "captain": _anchor,
    "ambassador": _arrows,
    "countess": _shield,
}


# -- silhouettes ----------------------------------------------------------------------


def _bust(pen: _Pen, col: RGB, head: Point = (150, 150), r: float = 42, wide: float = 1.0) -> None:
    pen.ellipse(col, (150 - 104 * wide, 212, 208 * wide, 200))
    pen.rect(col, (head[0] - 17, head[1] + 20, 34, 50))
    pen.circle(col, head, r)


def _duke(pen: _Pen, t: _Theme) -> None:
    f, d = t.figure, t.detail
    _bust(pen, f, wide=1.1)
    if t.name == "urbis":
        pen.ellipse(f, (96, 106, 108, 20))
        pen.rect(f, (114, 40, 72, 76), radius=4)
        pen.rect(d, (114, 92, 72, 10))
        for side in (-1, 1):  # mutton chops
            pen.ellipse(f, (150 + side * 40 - 14, 148, 28, 46))
        pen.poly(d, [(150, 200), (132, 226), (150, 262), (168, 226)])  # cravat
    else:
        _crown(pen, (150, 98), 40, t.metal)
        for i in range(9):  # ermine collar
            pen.circle(shade(t.halo, 1.25), (72 + i * 19.5, 232 + abs(i - 4) * 6), 12)
            pen.circle(f, (72 + i * 19.5, 236 + abs(i - 4) * 6), 3)
    pen.rect(t.metal, (112, 262, 76, 6))


def _assassin(pen: _Pen, t: _Theme) -> None:
    f, d = t.figure, t.detail
    _bust(pen, f)
    if t.name == "urbis":
        pen.ellipse(f, (94, 112, 112, 22))  # bowler hat
        pen.ellipse(f, (112, 70, 76, 64))
        pen.poly(f, [(96, 204), (122, 168), (150, 230), (178, 168), (204, 204), (196, 240)])
        pen.rect(t.metal, (120, 140, 60, 10), radius=5)  # goggles' glint
        pen.circle(t.halo, (134, 145), 6)
        pen.circle(t.halo, (166, 145), 6)
    else:
        pen.poly(f, [(150, 80), (208, 168), (220, 222), (80, 222), (92, 168)])  # hood
        pen.poly(d, [(150, 116), (182, 164), (170, 196), (130, 196), (118, 164)])
        pen.circle(t.halo, (138, 160), 3.5)
        pen.circle(t.halo, (162, 160), 3.5)
    # the blade held across the chest
    pen.poly(shade(t.metal, 1.2), [(92, 300), (198, 214), (204, 222), (100, 308)])
    pen.rect(t.metal, (76, 296, 30, 10), radius=4)


def _captain(pen: _Pen, t: _Theme) -> None:
    f, d = t.figure, t.detail
    _bust(pen, f, wide=1.05)
    for side in (-1, 1):  # epaulettes
        pen.ellipse(t.metal, (150 + side * 78 - 28, 222, 56, 18))
    if t.name == "urbis":
        pen.circle(f, (186, 168), 20)  # her hair bun
        pen.poly(f, [(100, 128), (200, 128), (190, 92), (110, 92)])  # airship cap
        pen.ellipse(f, (96, 118, 124, 18))
        for x in (128, 168):  # goggles on the cap
            pen.circle(t.metal, (x, 104), 15)
            pen.circle(t.halo, (x, 104), 9)
    else:
        pen.poly(f, [(66, 118), (150, 96), (236, 104), (224, 124), (150, 122), (74, 132)])  # brim
        pen.ellipse(f, (108, 70, 88, 50))  # a cavalier's soft crown
        plume = [(120, 86), (84, 52), (60, 44), (74, 62), (58, 66), (92, 80), (104, 96)]
        pen.poly(d, plume)
        pen.rect(t.metal, (110, 100, 84, 8), radius=3)  # hat band
    for i in range(3):
        pen.circle(t.metal, (150, 248 + i * 22), 4)


def _ambassador(pen: _Pen, t: _Theme) -> None:
    f, d = t.figure, t.detail
    _bust(pen, f)
    if t.name == "urbis":
        pen.ellipse(f, (104, 108, 92, 16))
        pen.rect(f, (120, 66, 60, 50), radius=3)
        pen.circle(t.metal, (166, 152), 10, 3)  # monocle
        pygame.draw.line(pen.surface, t.metal, pen.p(176, 152), pen.p(190, 214), 2)
        pen.poly(
            shade(CHARACTER_COLOURS["ambassador"], 0.9),
            [(90, 236), (110, 222), (214, 320), (190, 320)],
        )  # sash
    else:
        pen.ellipse(f, (102, 94, 96, 40))  # beret
        pen.circle(f, (190, 108), 10)
        for i in range(10):  # ruff
            a = math.pi * (0.05 + 0.09 * i)
            pen.circle(shade(t.halo, 1.3), (150 + 46 * math.cos(a), 196 + 10 * math.sin(a)), 14)
        pen.rect(t.metal, (122, 234, 56, 5))  # chain of office
        pen.circle(t.metal, (150, 256), 9)
    del d


def _countess(pen: _Pen, t: _Theme) -> None:
    f, d = t.figure, t.detail
    pen.ellipse(f, (58, 226, 184, 190))
    pen.rect(f, (137, 168, 26, 70))
    pen.circle(f, (150, 152), 38)
    if t.name == "urbis":
        pen.ellipse(f, (82, 100, 136, 28))  # wide hat
        pen.ellipse(f, (110, 78, 80, 42))
        pen.poly(d, [(184, 96), (236, 52), (244, 62), (196, 104)])  # feather
        pen.rect(d, (104, 118, 92, 30))  # veil
        for x in range(108, 196, 8):
            pygame.draw.line(pen.surface, f, pen.p(x, 118), pen.p(x, 148), 1)
        _gear(pen, (150, 270), 16, t.metal, 8)
    else:
        pen.circle(f, (150, 106), 30)  # hair piled high
        pen.circle(f, (116, 132), 16)
        pen.circle(f, (184, 132), 16)
        for i in range(5):  # tiara
            pen.circle(t.metal, (126 + i * 12, 112 - (2 - abs(i - 2)) * 5), 4)
        for i in range(9):  # pearls
            a = math.pi * (0.2 + 0.075 * i)
            pen.circle(shade(t.halo, 1.3), (150 + 40 * math.cos(a), 226 + 26 * math.sin(a)), 4)


def _gear(
    pen: _Pen, c: Point, r: float, col: RGB, teeth: int = 10, hole: RGB | None = None
) -> None:
    x, y = c
    pts: list[Point] = []
    for i in range(teeth * 4):
        a = i * math.tau / (teeth * 4)
        rr = r if (i % 4) in (1, 2) else r * 0.8
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    pen.poly(col, pts)
    if hole is not None:
        pen.circle(hole, c, r * 0.35)


FIGURES: dict[str, Callable[[_Pen, _Theme], None]] = {
    "duke": _duke,
    "assassin": _assassin,
    "captain": _captain,
    "ambassador": _ambassador,
    "countess": _countess,
}


# -- cards ----------------------------------------------------------------------------


def _canvas() -> pygame.Surface:
    return pygame.Surface((DESIGN[0] * _WORK, DESIGN[1] * _WORK), pygame.SRCALPHA)


def _frame(pen: _Pen, t: _Theme) -> None:
    pen.rect(t.frame_dark, (0, 0, 300, 420), radius=18)
    pen.rect(t.frame, (6, 6, 288, 408), radius=14)
    pen.rect(t.frame_dark, (16, 16, 268, 388), 3, radius=8)
    if t.name == "urbis":
        for x, y in ((14, 14), (286, 14), (14, 406), (286, 406)):
            pen.circle(t.frame_dark, (x, y), 5)
            pen.circle(shade(t.frame, 1.2), (x - 1, y - 1), 3)
    else:
        for x, y in ((24, 24), (276, 24), (24, 396), (276, 396)):
            pen.poly(t.frame_dark, [(x, y - 9), (x + 9, y), (x, y + 9), (x - 9, y)])


def _window(pen: _Pen, t: _Theme) -> pygame.Rect:
    """The portrait's background: a halo in the court's red, or a gaslit London smog."""
    win = pygame.Rect(*pen.p(26, 26), 248 * pen.k, 300 * pen.k)
    pen.surface.blit(vertical_gradient(win.size, t.sky_top, t.sky_bottom), win)
    glow = pygame.Surface(win.size, pygame.SRCALPHA)
    cx, cy = win.w / 2, win.h * 0.46
    for i in range(14, 0, -1):
        r = win.w * 0.055 * i
        alpha = round(16 + 6 * (14 - i))
        pygame.draw.circle(glow, (*t.halo, min(255, alpha)), (cx, cy), r)
    pen.surface.blit(glow, win)
    if t.name == "urbis":
        skyline = [
            (26, 326),
            (26, 250),
            (46, 250),
            (46, 226),
            (58, 226),
            (58, 250),
            (80, 262),
            (80, 214),
            (90, 200),
            (100, 214),
            (100, 262),
            (236, 262),
            (236, 206),
            (244, 190),
            (252, 206),
            (252, 240),
            (274, 240),
            (274, 326),
        ]
        pen.poly(lerp(t.sky_bottom, t.sky_top, 0.35), skyline)
        fog = pygame.Surface(win.size, pygame.SRCALPHA)
        for i in range(5):
            y = win.h * (0.55 + 0.09 * i)
            pygame.draw.ellipse(
                fog, (190, 180, 160, 34), (-win.w * 0.2 + i * 17, y, win.w * 1.4, win.h * 0.14)
            )
        pen.surface.blit(fog, win)
        _gear(pen, (40, 40), 30, shade(t.frame_dark, 1.1), 9, t.sky_top)
        _gear(pen, (262, 300), 24, shade(t.frame_dark, 1.1), 8, t.sky_bottom)
    return win


def _banner(pen: _Pen, t: _Theme, character: str) -> None:
    colour = CHARACTER_COLOURS[character]
    pen.rect(t.banner, (26, 326, 248, 68))
    pen.rect(shade(colour, 0.9), (26, 326, 248, 8))
    pen.circle(t.frame_dark, (150, 322), 36)
    pen.circle(t.frame, (150, 322), 32)
    pen.circle(colour, (150, 322), 27)
    SYMBOLS[character](pen, (150, 322), 19, shade(t.metal, 1.15))


@functools.lru_cache(maxsize=96)
def card_face(character: str, size: Size, theme: str = "classic", name: str = "") -> pygame.Surface:
    """A character's card, `size` in pixels: portrait, symbol medallion and `name` on a banner
    (the caller translates it: the art knows no language)."""
    if character not in FIGURES:
        raise ValueError(f"unknown Coup character {character!r}")
    t = _theme(theme)
    big = _canvas()
    pen = _Pen(big)
    _frame(pen, t)
    win = _window(pen, t)
    figure = _canvas()
    FIGURES[character](_Pen(figure), t)
    big.blit(figure, win, area=win)
    _banner(pen, t, character)
    add_grain(big, 11 + CHARACTERS.index(character), 10, 2.0)
    out = downsample(big, size)
    mask_rounded(out, round(min(size) * 0.06))
    if not name:
        return out
    w, h = size
    label = text_fit("bold", name, h * 0.075, w * 0.8, (246, 232, 200))
    out.blit(label, label.get_rect(center=(w // 2, round(h * 0.888))))
    return out


@functools.lru_cache(maxsize=16)
def card_back(size: Size, theme: str = "classic") -> pygame.Surface:
    """The court's card back: a gold lattice and crown seal, or brass plate and gears."""
    t = _theme(theme)
    big = _canvas()
    pen = _Pen(big)
    _frame(pen, t)
    inner = pygame.Rect(*pen.p(26, 26), 248 * pen.k, 368 * pen.k)
    big.blit(vertical_gradient(inner.size, t.sky_top, t.sky_bottom), inner)
    if t.name == "urbis":
        for x, y, r, n in (
            (150, 210, 86, 14),
            (70, 96, 48, 9),
            (232, 330, 52, 10),
            (62, 350, 30, 7),
        ):
            _gear(pen, (x, y), r, shade(t.frame_dark, 1.15), n, t.sky_bottom)
        _gear(pen, (150, 210), 60, t.frame, 12, t.frame_dark)
        pen.circle(t.frame_dark, (150, 210), 30)
        _crown(pen, (150, 212), 20, t.metal)
    else:
        sub = big.subsurface(inner)  # drawing on it clips the lattice to the panel
        step, h = 34 * pen.k, inner.h
        width = max(1, round(2 * pen.k))
        for i in range(-14, 16):
            left = i * step
            pygame.draw.line(sub, shade(t.frame, 0.7), (left, 0), (left + h, h), width)
            pygame.draw.line(sub, shade(t.frame, 0.7), (left + h, 0), (left, h), width)
        pen.circle(t.frame_dark, (150, 210), 64)
        pen.circle(t.frame, (150, 210), 58)
        pen.circle(t.sky_top, (150, 210), 50)
        _crown(pen, (150, 214), 30, t.metal)
    add_grain(big, 5, 10, 2.0)
    out = downsample(big, size)
    mask_rounded(out, round(min(size) * 0.06))
    return out


@functools.lru_cache(maxsize=24)
def coin(radius: int, theme: str = "classic") -> pygame.Surface:
    """A coin token: a gold ducat with a crown, or a brass token cut like a gear."""
    t = _theme(theme)
    side = 8 * radius
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    pen = _Pen(big)
    pen.k = side / 100
    if t.name == "urbis":
        _gear(pen, (50, 50), 49, (120, 86, 40), 12)
        pen.circle((204, 160, 84), (50, 50), 36)
        pen.circle((150, 110, 52), (50, 50), 36, 3)
        pen.circle((120, 86, 40), (50, 50), 11)
        pen.circle((232, 200, 130), (44, 42), 6)
    else:
        pen.circle((132, 92, 28), (50, 50), 49)
        pen.circle((232, 188, 78), (50, 50), 44)
        pen.circle((178, 132, 44), (50, 50), 36, 3)
        _crown(pen, (50, 54), 18, (160, 116, 36))
        pen.circle((252, 226, 150), (38, 34), 7)
    return downsample(big, (2 * radius, 2 * radius))


@functools.lru_cache(maxsize=64)
def symbol(character: str, radius: int, theme: str = "classic") -> pygame.Surface:
    """A character's medallion alone, for the action board and speech balloons."""
    t = _theme(theme)
    side = 8 * radius
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    pen = _Pen(big)
    pen.k = side / 100
    pen.circle(t.frame_dark, (50, 50), 49)
    pen.circle(t.frame, (50, 50), 45)
    pen.circle(CHARACTER_COLOURS[character], (50, 50), 39)
    SYMBOLS[character](pen, (50, 50), 27, shade(t.metal, 1.15))
    return downsample(big, (2 * radius, 2 * radius))


@functools.lru_cache(maxsize=4)
def smog(size: Size) -> pygame.Surface:
    """Urbis's table mood: a sepia haze thickening towards the bottom, with drifting banks."""
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    for row in range(0, h, 4):
        t = row / max(1, h)
        pygame.draw.rect(out, (92, 74, 52, round(40 + 50 * t)), (0, row, w, 4))
    bank = pygame.Surface((max(1, w // 4), max(1, h // 4)), pygame.SRCALPHA)
    for i in range(7):
        x = (i * 0.37 % 1.0) * bank.get_width() - bank.get_width() * 0.2
        y = bank.get_height() * (0.15 + 0.12 * i)
        rect = (x, y, bank.get_width() * 0.7, bank.get_height() * 0.14)
        pygame.draw.ellipse(bank, (190, 172, 140, 16), rect)
    out.blit(pygame.transform.smoothscale(bank, size), (0, 0))
    return out
