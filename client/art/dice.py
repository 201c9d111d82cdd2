"""Dice drawn by code for every game: faces defined as data (numbers, pips, colours, pictograms).

A game describes its dice once with `DieKind` (a name, its faces, body and ink colours,
a silhouette) and draws a face with `die_face(kind, value, px)`. Pictograms are named
painters registered by the game (`register_symbol`), so this module knows no game.
Faces are cached SRCALPHA surfaces; `client.widgets.dice` animates them.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from client.art._draw import RGB, Point, downsample, font, shade

Painter = Callable[[pygame.Surface, Point, float, RGB], None]
"""Draws a pictogram onto an SRCALPHA surface: (surface, centre, radius, colour)."""

SS = 4
IVORY: RGB = (244, 236, 216)
INK: RGB = (36, 30, 28)
_SYMBOLS: dict[str, Painter] = {}


@dataclass(frozen=True, slots=True)
class DiceFace:
    """One face: a `label` (number or letter), `pips` (1–6), a registered `symbol`, or a mix.

    `colour` paints the face itself (a clan's colour on a colour die); `ink` draws on it.
    """

    label: str = ""
    pips: int = 0
    symbol: str = ""
    colour: RGB | None = None
    ink: RGB | None = None
    corner: str = ""  # a small label in the corner, e.g. the number under a pictogram


@dataclass(frozen=True, slots=True)
class DieKind:
    """A kind of die: `faces[value - 1]` is shown for `value`; `shape` is square or kite (d10)."""

    name: str
    faces: tuple[DiceFace, ...]
    body: RGB = IVORY
    ink: RGB = INK
    shape: str = "square"

    @property
    def sides(self) -> int:
        return len(self.faces)


def numbered(name: str, sides: int, body: RGB = IVORY, ink: RGB = INK,
             shape: str = "square") -> DieKind:
    """A die showing 1..sides as numerals (a d10 looks best with shape='kite')."""
    return DieKind(name, tuple(DiceFace(label=str(i)) for i in range(1, sides + 1)), body, ink,
                   shape)


def pipped(name: str, body: RGB = IVORY, ink: RGB = INK) -> DieKind:
    """The classic d6 with pips."""
    return DieKind(name, tuple(DiceFace(pips=i) for i in range(1, 7)), body, ink)


def register_symbol(name: str, painter: Painter) -> None:
    """Make a pictogram available to faces as `DiceFace(symbol=name)`."""
    _SYMBOLS[name] = painter


def _silhouette(shape: str, side: float) -> list[Point]:
    if shape == "kite":  # a d10 seen from above: a kite with a flattened top
        return [(side * 0.5, side * 0.03), (side * 0.97, side * 0.42), (side * 0.5, side * 0.97),
                (side * 0.03, side * 0.42)]
    r = side * 0.12
    pts: list[Point] = []
    for cx, cy, a0 in ((side - r - 2, r + 2, -90), (side - r - 2, side - r - 2, 0),
                       (r + 2, side - r - 2, 90), (r + 2, r + 2, 180)):
        for i in range(9):
            a = math.radians(a0 + i * 90 / 8)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


_PIP_SPOTS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def _body(kind: DieKind, face: DiceFace, side: int) -> pygame.Surface:
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    pts = _silhouette(kind.shape, side)
    colour = face.colour or kind.body
    pygame.draw.polygon(big, (0, 0, 0, 90), [(x + side * 0.03, y + side * 0.05) for x, y in pts])
    pygame.draw.polygon(big, colour, pts)
    light = [(side / 2 + (x - side / 2) * 0.8, side / 2 + (y - side / 2) * 0.8 - side * 0.03)
             for x, y in pts]
    pygame.draw.polygon(big, shade(colour, 1.12), light)
    if kind.shape == "kite":  # the facets meeting under the number
        mid = (side * 0.5, side * 0.62)
        for x, y in pts:
            pygame.draw.line(big, shade(colour, 0.82), mid, (x, y), max(1, side // 90))
    pygame.draw.polygon(big, shade(colour, 0.45), pts, max(2, side // 40))
    return big


def _paint_face(big: pygame.Surface, kind: DieKind, face: DiceFace) -> None:
    side = big.get_width()
    ink = face.ink or kind.ink
    cy = side * (0.45 if kind.shape == "kite" else 0.5)
    if face.pips:
        step = side * 0.24
        for dx, dy in _PIP_SPOTS[face.pips]:
            pygame.draw.circle(big, ink, (side / 2 + dx * step, side / 2 + dy * step), side * 0.085)
    if face.symbol:
        painter = _SYMBOLS.get(face.symbol)
        if painter is None:
            raise KeyError(f"no dice symbol {face.symbol!r}; register_symbol() it first")
        layer = pygame.Surface((side, side), pygame.SRCALPHA)
        painter(layer, (side / 2, cy), side * (0.26 if kind.shape == "kite" else 0.32), ink)
        big.blit(layer, (0, 0))


def _text_layer(kind: DieKind, face: DiceFace, px: int) -> pygame.Surface:
    """Labels drawn at their final size (crisp), over the downsampled body."""
    out = pygame.Surface((px, px), pygame.SRCALPHA)
    ink = face.ink or kind.ink
    if face.label:
        size = round(px * (0.36 if kind.shape == "kite" else 0.5))
        if len(face.label) > 1:
            size = round(size * 0.85)
        img = font("bold", size).render(face.label, True, ink)
        cy = px * (0.45 if kind.shape == "kite" else 0.5)
        out.blit(img, img.get_rect(center=(px / 2, cy)))
        if face.label in ("6", "9"):  # underline, so a turned 6 is not read as 9
            y = cy + img.get_height() * 0.36
            pygame.draw.line(out, ink, (px / 2 - size * 0.22, y), (px / 2 + size * 0.22, y),
                             max(1, px // 24))
    if face.corner:
        img = font("bold", max(9, round(px * 0.2))).render(face.corner, True, ink)
        out.blit(img, img.get_rect(bottomright=(px * 0.9, px * 0.95)))
    return out


@functools.lru_cache(maxsize=256)
def die_face(kind: DieKind, value: int, px: int) -> pygame.Surface:
    """Die `kind` showing `value` (1-based), `px` square."""
    if not 1 <= value <= kind.sides:
        raise ValueError(f"{kind.name} has faces 1..{kind.sides}, not {value}")
    face = kind.faces[value - 1]
    side = max(8, px) * SS
    big = _body(kind, face, side)
    _paint_face(big, kind, face)
    out = downsample(big, (max(8, px), max(8, px)))
    out.blit(_text_layer(kind, face, max(8, px)), (0, 0))
    return out
