"""The board camera: world (map pixels) ↔ screen, zoom about a point, pan, fit, eased zoom steps.

Zoom moves in discrete levels (each `STEP` times the previous, level 0 being the zoom that
fits the board in the viewport), so the renderer can cache one picture of the map per
level; between two levels the camera eases for a short while and the renderer scales
what it already has. Pan is in screen pixels; the world point
under the zoom's anchor stays where it is on screen throughout a zoom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from client.anim import ease_out

Point = tuple[float, float]

STEP = 1.25
"""One zoom level is this many times the previous one."""
ZOOM_TIME = 0.22
"""Seconds a zoom step takes to ease in."""
MIN_LEVEL = -3
MAX_ZOOM = 4.0
"""Closest view: four screen pixels per map pixel."""


@dataclass
class _Ease:
    start: float
    target: float
    anchor: Point  # screen point kept fixed
    elapsed: float = 0.0


class Camera:
    """World points to a viewport on screen: screen = viewport.topleft + (world - origin)·zoom."""

    def __init__(self, world_size: tuple[float, float], viewport: pygame.Rect) -> None:
        self.world_size = world_size
        self.viewport = pygame.Rect(viewport)
        self.level = 0
        self.unit = 1.0  # the zoom of level 0: the board fitted to the viewport
        self.zoom = 1.0
        self.origin: Point = (0.0, 0.0)  # the world point at the viewport's top left
        self._ease: _Ease | None = None
        self._fitted: tuple[float, Point] | None = None  # zoom and origin the last fit chose

    def level_zoom(self, level: int) -> float:
        """The zoom factor (screen pixels per map pixel) of a level: unit · STEP ** level."""
        return float(self.unit * STEP**level)

    def max_level(self) -> int:
        return max(0, math.floor(math.log(MAX_ZOOM / self.unit) / math.log(STEP)))

    def min_level(self) -> int:
        """The farthest level: the whole map fitted, no smaller (a focus on part of the map,
        such as Imperios' half, may zoom out until the whole map shows; never past MIN_LEVEL)."""
        whole = self.whole_zoom()
        if whole >= self.unit * 0.999:
            return 0
        return max(MIN_LEVEL, math.floor(math.log(whole / self.unit) / math.log(STEP)))

    def whole_zoom(self) -> float:
        """The zoom that fits the whole map in the viewport, no band kept clear."""
        return min(self.viewport.w / max(self.world_size[0], 1.0),
                   self.viewport.h / max(self.world_size[1], 1.0))

    def valid_level(self, level: int) -> bool:
        """Whether a zoom step can reach `level`."""
        return self.min_level() <= level <= self.max_level()

    # -- conversions --------------------------------------------------------------------
    def to_screen(self, p: Point) -> tuple[float, float]:
        return (
            self.viewport.x + (p[0] - self.origin[0]) * self.zoom,
            self.viewport.y + (p[1] - self.origin[1]) * self.zoom,
        )

    def to_world(self, p: Point) -> Point:
        return (
            self.origin[0] + (p[0] - self.viewport.x) / self.zoom,
            self.origin[1] + (p[1] - self.viewport.y) / self.zoom,
        )

    def visible_world(self) -> tuple[float, float, float, float]:
        """The world rectangle (x, y, w, h) the viewport shows now."""
        return (*self.origin, self.viewport.w / self.zoom, self.viewport.h / self.zoom)

    # -- moves ------------------------------------------------------------------------------
    def set_zoom(self, zoom: float, anchor: Point | None = None) -> None:
        """Zoom at once to `zoom`, keeping the world point under `anchor` (screen) still."""
        anchor = anchor or self.viewport.center
        fixed = self.to_world(anchor)
        self.zoom = zoom
        self.origin = (
            fixed[0] - (anchor[0] - self.viewport.x) / zoom,
            fixed[1] - (anchor[1] - self.viewport.y) / zoom,
        )
        self._clamp()

    def zoom_step(self, steps: int, anchor: Point | None = None, animate: bool = True) -> None:
        """Move `steps` levels in (positive) or out, about `anchor`; eased unless told not to."""
        level = max(self.min_level(), min(self.max_level(), self.level + steps))
        if level == self.level:
            return
        self.level = level
        anchor = anchor or self.viewport.center
        if animate:
            self._ease = _Ease(self.zoom, self.level_zoom(level), anchor)
        else:
            self._ease = None
            self.set_zoom(self.level_zoom(level), anchor)

    def pan(self, dx: float, dy: float) -> None:
        """Move the picture by (dx, dy) screen pixels (dragging it right shows what was left)."""
        self.origin = (self.origin[0] - dx / self.zoom, self.origin[1] - dy / self.zoom)
        self._clamp()

    def fit(self, world_rect: tuple[float, float, float, float] | None = None,
            clear_bottom: float = 0.0, clear_top: float = 0.0) -> None:
        """Show all of `world_rect` (default: the whole map), centred and as large as fits
        in the viewport between its highest `clear_top` and lowest `clear_bottom` pixels
        (where panels of the table lie over the map; each at most half the viewport);
        that zoom becomes level 0. No easing."""
        x, y, w, h = world_rect or (0.0, 0.0, *self.world_size)
        half = self.viewport.h / 2
        below = max(0.0, min(clear_bottom, half))
        above = max(0.0, min(clear_top, half))
        free = max(1.0, self.viewport.h - below - above)
        self.unit = min(self.viewport.w / max(w, 1.0), free / max(h, 1.0))
        self.level = 0
        self.zoom = self.unit
        self._ease = None
        self.centre_on((x + w / 2, y + h / 2 + (below - above) / 2 / self.zoom))
        self._fitted = (self.zoom, self.origin)

    def at_fit(self) -> bool:
        """Whether the picture is still where the last fit put it (no pan nor zoom since)."""
        return self._ease is None and self._fitted == (self.zoom, self.origin)

    def centre_on(self, world: Point) -> None:
        self.origin = (
            world[0] - self.viewport.w / 2 / self.zoom,
            world[1] - self.viewport.h / 2 / self.zoom,
        )
        self._clamp()

    def set_viewport(self, viewport: pygame.Rect) -> None:
        self.viewport = pygame.Rect(viewport)
        self._clamp()

    # -- time ------------------------------------------------------------------------------
    @property
    def easing(self) -> bool:
        return self._ease is not None

    def update(self, dt: float) -> None:
        ease = self._ease
        if ease is None:
            return
        ease.elapsed += dt
        t = ease_out(ease.elapsed / ZOOM_TIME)
        # Interpolate in log space so each frame changes the zoom by the same ratio.
        zoom = ease.start * (ease.target / ease.start) ** t
        self.set_zoom(zoom, ease.anchor)
        if ease.elapsed >= ZOOM_TIME:
            self.set_zoom(ease.target, ease.anchor)
            self._ease = None

    def finish(self) -> None:
        """Land a running zoom at once."""
        if self._ease is not None:
            self.set_zoom(self._ease.target, self._ease.anchor)
            self._ease = None

    def _clamp(self) -> None:
        """Keep some of the map in view: its centre never leaves the viewport's area."""
        w, h = self.world_size
        vw, vh = self.viewport.w / self.zoom, self.viewport.h / self.zoom
        x = min(max(self.origin[0], w * 0.5 - vw), w * 0.5)
        y = min(max(self.origin[1], h * 0.5 - vh), h * 0.5)
        self.origin = (x, y)
