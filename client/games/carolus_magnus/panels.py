"""Carolus Magnus's screen-space pieces: seat panels (discs, reserve, court) and the centre.

Pure drawing from the view dict: nothing here decides what is legal; callers say which
things are lit (clickable or droppable) and which are hidden while they fly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client import artwork, resources
from client import text as fitted
from client.art import carolus as art
from client.games.base import lit_key, rect_around, thinking_dots
from client.games.carolus_magnus.layout import SeatPanel
from client.i18n import tr
from client.scenes.base import draw_panel

INK = artwork.INK
MUTED = (92, 80, 66)
SOFT = (232, 224, 204)
ACCENT = artwork.ACCENT
COLOURS = art.CLAN_ORDER


def label(
    surface: pygame.Surface,
    text: str,
    size: int,
    pos: tuple[int, int],
    colour: tuple[int, ...] = INK,
    bold: bool = False,
    anchor: str = "topleft",
    width: int = 0,
    free_text: bool = False,
) -> pygame.Rect:
    """A short text at `pos`; with `width`, fitted into that many pixels (client.text)."""
    if not width:
        return fitted.label(surface, text, size, pos, colour, bold=bold, anchor=anchor)
    height = resources.font(size, bold).get_height()
    box = pygame.Rect(0, 0, width, height)
    setattr(box, anchor, pos)
    return fitted.draw(surface, text, box, size, colour, bold=bold, max_lines=1,
                       free_text=free_text)


class PanelPainter:
    """Draws the seat panels; `s` turns a base length into pixels at the UI scale."""

    def __init__(self, names: list[str], seat_colours: list[int], scale: float) -> None:
        self.names = names
        self.colours = seat_colours
        self.scale = scale
        self._cache: dict[int, tuple[Any, pygame.Surface, tuple[int, int],
                                     pygame.Surface | None, pygame.Rect]] = {}

    def s(self, v: float) -> int:
        return round(v * self.scale)

    def draw(self, surface: pygame.Surface, p: SeatPanel, v: dict[str, Any],
             lit: dict[str, Any], thinking: bool, now: float, serial: int = -1,
             backdrop: Callable[[], pygame.Surface] | None = None,
             keep_out: pygame.Rect | None = None) -> None:
        """`lit`: discs (numbers clickable), reserve (colours draggable), court (a drop
        target now), acting (this seat must act), held (a colour picked up from here).
        The panel is drawn once into a picture and reused while nothing it shows changes
        (`serial` names the view it was drawn from). With a `backdrop` (gives what lies under
        the panel on `surface`, at the same place: the table's felt) the picture is made opaque
        over it, a cheaper blit; `keep_out` (the board) is never drawn over."""
        dots = thinking_dots(now) if thinking else 0
        key = (serial, lit_key(lit), dots,
               tuple(p.rect))
        cached = self._cache.get(p.seat)
        if serial < 0 or cached is None or cached[0] != key:
            m = self.s(8)
            picture = pygame.Surface(p.rect.inflate(2 * m, 2 * m).size, pygame.SRCALPHA)
            self._draw(picture, moved(p, m - p.rect.x, m - p.rect.y), v, lit, dots)
            solid = None
            if pygame.display.get_surface() is not None:
                picture = picture.convert_alpha()
                felt = backdrop() if backdrop is not None else None
                if felt is not None and felt.get_rect().contains(p.rect):
                    # The panel itself over the felt, opaque; its margin (the shadow, which
                    # a neighbour's may overlap) stays see-through.
                    solid = felt.subsurface(p.rect).copy()
                    solid.blit(picture, (0, 0), pygame.Rect(m, m, *p.rect.size))
            cached = (key, picture, (p.rect.x - m, p.rect.y - m), solid, pygame.Rect(p.rect))
            self._cache[p.seat] = cached
        _, picture, corner, solid, inner = cached
        at = picture.get_rect(topleft=corner)
        if keep_out is not None and at.colliderect(keep_out):
            # Only the panel's see-through margin reaches the board: leave the board as is.
            if at.centerx < keep_out.centerx:
                at.w = max(0, keep_out.left - at.x)
            else:
                at.w, at.x = max(0, at.right - keep_out.right), keep_out.right
        parts = [at] if solid is None else rect_around(at, inner.clip(at))
        for part in parts:
            surface.blit(picture, part, part.move(-corner[0], -corner[1]))
        if solid is not None:
            surface.blit(solid, inner)

    def _draw(self, surface: pygame.Surface, p: SeatPanel, v: dict[str, Any],
              lit: dict[str, Any], dots: int) -> None:
        draw_panel(surface, p.rect, self.scale)
        if lit.get("acting"):
            pygame.draw.rect(
                surface,
                ACCENT,
                p.rect.inflate(self.s(4), self.s(4)),
                self.s(3),
                border_radius=self.s(10),
            )
        self._header(surface, p, v, dots)
        self._discs(surface, p, v, lit.get("discs", set()))
        self._reserve(surface, p, v, lit.get("reserve", set()), lit.get("held"))
        self._court(surface, p, v, bool(lit.get("court")))

    def _header(
        self, surface: pygame.Surface, p: SeatPanel, v: dict[str, Any], dots: int
    ) -> None:
        seat = p.seat
        h = p.header
        artwork.draw_seat_marker(
            surface, (h.x + self.s(20), h.centery + self.s(2)), self.s(10), self.colours[seat]
        )
        side = v["side_of_seat"][seat]
        castles = v["castles_left"][side]
        tower = art.tower(self.colours[side], self.s(20))
        right = h.right - self.s(10)
        count = label(surface, f"×{castles}", self.s(16), (right, h.centery + self.s(3)), INK,
                      True, "midright")
        surface.blit(
            tower,
            tower.get_rect(midright=(right - count.w - self.s(3), h.centery + self.s(2))),
        )
        name = self.names[seat]
        if dots:
            name += " " + "." * dots
        room = h.w - self.s(44) - count.w - tower.get_width() - self.s(16)
        label(
            surface,
            name,
            self.s(17),
            (h.x + self.s(36), h.centery + self.s(2)),
            INK,
            True,
            "midleft",
            room,
            free_text=True,
        )

    def _discs(
        self, surface: pygame.Surface, p: SeatPanel, v: dict[str, Any], lit: set[int]
    ) -> None:
        held = set(v["discs"][p.seat])
        laid = {d["disc"] for d in v["laid"] if d["seat"] == p.seat}
        for n, rect in enumerate(p.discs, start=1):
            state = "laid" if n in laid else "lit" if n in lit else "free" if n in held else "used"
            surface.blit(art.disc(n, rect.w, state), rect)

    def _reserve(
        self,
        surface: pygame.Surface,
        p: SeatPanel,
        v: dict[str, Any],
        lit: set[str],
        held: str | None,
    ) -> None:
        top = p.reserve[0].y - self.s(19)
        label(surface, tr("cm.reserve"), self.s(14), (p.rect.x + self.s(12), top), MUTED, True)
        counts = v["reserves"][p.seat]
        size = min(self.s(22), p.reserve[0].w - self.s(12))
        for colour, slot in zip(COLOURS, p.reserve, strict=True):
            n = max(0, counts[colour] - (1 if held == colour else 0))
            spot = pygame.Rect(0, 0, size, size)
            spot.midtop = (slot.centerx, slot.y + self.s(4))
            if colour in lit and n:  # may be picked up now: a warm glow behind it
                glow = spot.inflate(self.s(8), self.s(8))
                pygame.draw.rect(surface, (255, 226, 140), glow, border_radius=self.s(6))
                pygame.draw.rect(surface, ACCENT, glow, self.s(2), border_radius=self.s(6))
            cube = art.cube(colour, size, colour in lit and bool(n))
            if not n:  # none left: the colour stays recognisable, faded, over its 0
                cube = cube.copy()
                cube.set_alpha(80)
            surface.blit(cube, spot)
            below = pygame.Rect(slot.x, spot.bottom + self.s(4), slot.w, slot.bottom - spot.bottom
                                - self.s(4))
            fitted.draw(surface, str(n), below, self.s(15), INK if n else MUTED, bold=True,
                        align="center", valign="middle", max_lines=1)

    def _court(
        self, surface: pygame.Surface, p: SeatPanel, v: dict[str, Any], target: bool
    ) -> None:
        box = p.court
        fill = (236, 222, 176) if target else (222, 208, 176)
        pygame.draw.rect(surface, fill, box, border_radius=self.s(6))
        pygame.draw.rect(
            surface,
            ACCENT if target else (170, 150, 116),
            box,
            self.s(3) if target else 1,
            border_radius=self.s(6),
        )
        label(
            surface, tr("cm.court"), self.s(14), (box.x + self.s(8), box.y + self.s(2)), MUTED, True
        )
        court = v["courts"][p.seat]
        control = v["control"]
        for colour, row in zip(COLOURS, p.rows, strict=True):
            self._court_row(surface, row, colour, court[colour], control.get(colour) == p.seat)

    def _court_row(
        self, surface: pygame.Surface, row: pygame.Rect, colour: str, n: int, controls: bool
    ) -> None:
        size = max(self.s(12), row.h - self.s(6))
        x = row.x + self.s(2)
        if controls:
            surface.blit(
                art.control_marker(colour, size + self.s(2)),
                (x, row.centery - (size + self.s(2)) // 2),
            )
        x += size + self.s(8)
        surface.blit(art.cube(colour, size), (x, row.centery - size // 2))
        label(
            surface, str(n), self.s(15), (x + size + self.s(6), row.centery), INK, True, "midleft"
        )
        small = max(self.s(9), size * 2 // 3)
        room = row.right - (x + size + self.s(34))
        step = min(small + self.s(2), room // max(1, n)) if n else 0
        for i in range(n):
            surface.blit(
                art.cube(colour, small),
                (x + size + self.s(30) + i * step, row.centery - small // 2),
            )


def moved(p: SeatPanel, dx: int, dy: int) -> SeatPanel:
    """The same panel with every rect moved by (dx, dy): for drawing it off screen."""
    return SeatPanel(
        p.seat, p.rect.move(dx, dy), p.header.move(dx, dy), [r.move(dx, dy) for r in p.discs],
        [r.move(dx, dy) for r in p.reserve], p.court.move(dx, dy),
        [r.move(dx, dy) for r in p.rows],
    )
