"""The map pipeline every map game shares: a Tiled map's topology drawn through a camera.

`Board` ties together the map's topology (`rules.maps`), a painter (its look), the
renderer (cached pictures per zoom level) and the camera (zoom, pan, fit), and turns
screen points into areas (hit-testing). A game's view owns one Board, forwards the
wheel, keys and pan drags to it, draws its tokens over it with `board.to_screen`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

from client.board import pieces
from client.board.camera import Camera
from client.board.painter import MapPainter, WorldRect, bbox, overlaps
from client.board.render import SPRITE_BUDGET, MapRenderer, rect_around
from client.input import Intent
from rules.maps import Area, Place, Topology, load_topology, map_path

Point = tuple[float, float]

PAN_KEY_FRACTION = 0.12
"""An arrow key pans this fraction of the viewport."""

__all__ = ["Board", "Camera", "MapPainter", "MapRenderer", "bbox"]


class Board:
    """One map on screen: camera, cached rendering, hit-testing and the pan/zoom gestures."""

    def __init__(self, topology: Topology, painter: MapPainter | None = None) -> None:
        self.topology = topology
        self.painter = painter or MapPainter(topology)
        size = (float(topology.size[0]), float(topology.size[1]))
        self.renderer = MapRenderer(self.painter, size)
        self.camera = Camera(size, pygame.Rect(0, 0, 1, 1))
        self.focus: WorldRect | None = None
        self.clear_bottom = 0  # screen pixels at the viewport's foot the fit keeps clear
        self.clear_top = 0  # ... and at its head
        self._boxes = {a.id: bbox(a.polygon) for a in topology.areas}
        self.pan_from: tuple[int, int] | None = None  # where a pan drag last was
        self._last_hit: tuple[object, Area | None] | None = None
        self._unhurried = False  # the next frame makes every picture it needs (`settle`)

    @classmethod
    def load(cls, map_id: str) -> Board:
        return cls(load_topology(map_id))

    @staticmethod
    def tmx_path(map_id: str) -> Path:
        return map_path(map_id)

    # -- layout and camera --------------------------------------------------------------
    def layout(self, viewport: pygame.Rect, focus: WorldRect | None = None,
               clear_bottom: int = 0, clear_top: int = 0) -> None:
        """Show the board in `viewport`, fitted to `focus` (default: the whole map) between
        the viewport's highest `clear_top` and lowest `clear_bottom` pixels, where panels
        may lie over the map."""
        self.camera.set_viewport(viewport)
        self.focus = focus
        self.clear_bottom = clear_bottom
        self.clear_top = clear_top
        self.fit()

    def fit(self) -> None:
        self.camera.fit(self.focus, self.clear_bottom, self.clear_top)

    def keep_clear(self, bottom: int, top: int) -> None:
        """Change the bands the fit keeps clear (a panel opened or closed over the map): the
        picture moves to the new fit only if nobody has panned or zoomed since the last
        fit; otherwise Home uses the new bands."""
        if (bottom, top) == (self.clear_bottom, self.clear_top):
            return
        untouched = self.camera.at_fit()
        self.clear_bottom, self.clear_top = bottom, top
        if untouched:
            self.fit()

    def to_screen(self, p: tuple[float, float]) -> tuple[float, float]:
        return self.camera.to_screen(p)

    def to_world(self, p: tuple[float, float]) -> tuple[float, float]:
        return self.camera.to_world(p)

    @property
    def zoom(self) -> float:
        return self.camera.zoom

    # -- hit-testing ------------------------------------------------------------------------
    def area_at(self, pos: tuple[int, int], kind: str | None = None) -> Area | None:
        """The area under a screen point (None outside the viewport or between areas)."""
        if not self.camera.viewport.collidepoint(pos):
            return None
        # A frame asks for the pointer's area several times (highlight, tooltip): the last
        # answer holds while neither the point nor the camera has moved.
        asked = (tuple(pos), kind, self.camera.origin, self.camera.zoom,
                 self.camera.viewport.topleft)
        if self._last_hit is not None and self._last_hit[0] == asked:
            return self._last_hit[1]
        found = self._area_at(self.camera.to_world(pos), kind)
        self._last_hit = (asked, found)
        return found

    def _area_at(self, world: tuple[float, float], kind: str | None) -> Area | None:
        probe = (world[0], world[1], 0.0, 0.0)
        for area in self.topology.areas:
            if (
                (kind is None or area.kind == kind)
                and overlaps(self._boxes[area.id], probe)
                and area.contains(world)
            ):
                return area
        return None

    def place_at(self, pos: tuple[int, int], kind: str | None = None,
                 radius: float = 12.0) -> Place | None:
        """The nearest place (a city, a castle spot) within `radius` screen pixels of a screen
        point, for maps whose pieces stand on points rather than in areas."""
        if not self.camera.viewport.collidepoint(pos):
            return None
        best: Place | None = None
        best_d = radius
        for place in self.topology.places:
            if kind is not None and place.kind != kind:
                continue
            x, y = self.camera.to_screen(place.position)
            d = ((x - pos[0]) ** 2 + (y - pos[1]) ** 2) ** 0.5
            if d <= best_d:
                best, best_d = place, d
        return best

    # -- gestures ------------------------------------------------------------------------------
    def wheel(self, pos: tuple[int, int], steps: int) -> bool:
        """Mouse wheel over the board: zoom in (steps > 0) or out about the pointer."""
        if not self.camera.viewport.collidepoint(pos) or not steps:
            return False
        self.camera.zoom_step(steps, pos)
        return True

    def key(self, name: str) -> bool:
        """Keyboard camera commands: zoom_in, zoom_out, fit, pan_left/right/up/down."""
        cam = self.camera
        dx = round(cam.viewport.w * PAN_KEY_FRACTION)
        dy = round(cam.viewport.h * PAN_KEY_FRACTION)
        moves = {
            "pan_left": (dx, 0),
            "pan_right": (-dx, 0),
            "pan_up": (0, dy),
            "pan_down": (0, -dy),
        }
        if name == "zoom_in":
            cam.zoom_step(1)
        elif name == "zoom_out":
            cam.zoom_step(-1)
        elif name == "fit":
            self.fit()
        elif name in moves:
            cam.finish()
            cam.pan(*moves[name])
        else:
            return False
        return True

    @property
    def panning(self) -> bool:
        """A drag is moving the board now."""
        return self.pan_from is not None

    def camera_gesture(self, intent: Intent, may_pan: Callable[[tuple[int, int]], bool]) -> bool:
        """A map view's camera gestures, one place for every game: the wheel zooms, the
        camera keys move it, and a drag that starts on the board where `may_pan(start)`
        allows (not on a piece the view lets the player pick up) pans until its drop.
        True when the intent was the camera's."""
        if intent.kind == "wheel":
            return self.wheel(intent.pos, 1 if intent.name == "in" else -1)
        if intent.kind == "command":
            name = {"back": "pan_left", "forward": "pan_right"}.get(intent.name, intent.name)
            return self.key(name)
        if intent.kind == "drag":
            if self.pan_from is None:
                if not self.camera.viewport.collidepoint(intent.start) or not may_pan(intent.start):
                    return False
                self.pan_from = intent.start
            self.pan_drag(self.pan_from, intent.pos)
            self.pan_from = intent.pos
            return True
        if intent.kind == "drop" and self.pan_from is not None:
            self.pan_from = None
            return True
        return False

    def pan_drag(self, prev: tuple[int, int], pos: tuple[int, int]) -> None:
        """The board dragged from `prev` to `pos` (screen): it follows the pointer."""
        self.camera.finish()
        self.camera.pan(pos[0] - prev[0], pos[1] - prev[1])

    # -- frames ----------------------------------------------------------------------------------
    def update(self, dt: float, budget: float | None = 0.002) -> bool:
        """Ease the camera and paint missing map pieces within `budget` seconds (less while
        the camera moves, see `MapRenderer.prepare`). True when the view's map is sharp."""
        self.camera.update(dt)
        self.renderer.rest(self.camera, dt)
        return self.renderer.prepare(self.camera, budget)

    def settle(self) -> None:
        """Where a still window gets to by itself, at once: the camera's move finished, the
        map in view painted sharp, and the next frame's highlights and pieces all drawn from
        their own pictures (a screenshot shows what a player sees, not a first frame's
        scaled stand-ins)."""
        self.camera.finish()
        self.renderer.prepare(self.camera, None)
        self._unhurried = True

    @property
    def whole(self) -> bool:
        """The last frame drew every highlight and piece from its own picture (none was an
        outline or a stand-in waiting for its picture to be made)."""
        return not (self.renderer.sprites_owed or pieces.stood_in())

    def draw(self, surface: pygame.Surface) -> None:
        """The map, and (until the view's pieces are drawn) the frame's budgets for new
        pictures of highlights and pieces: the usual ones, none after `settle`."""
        unhurried, self._unhurried = self._unhurried, False
        pieces.begin_frame(self.camera.easing, math.inf if unhurried else None)
        self.renderer.draw(surface, self.camera, math.inf if unhurried else SPRITE_BUDGET)

    def warm_with(self, jobs: Callable[[int, float], Iterable[Callable[[], object]]]) -> None:
        """Have the pictures a view draws over the map (its pieces at a level's size) made a
        little each frame, for the current zoom level and the two next to it, before a zoom
        step needs them all in one frame: `jobs(level, zoom)` lists what to make."""
        self.renderer.warmers.append(jobs)

    def pieces_changed(self) -> None:
        """The view shows a new state: list its pieces' pictures again (`warm_with`)."""
        self.renderer.forget_pieces()

    def light(
        self,
        surface: pygame.Surface,
        key: object,
        polygons: list[list[Point]],
        fill: tuple[int, int, int, int],
        outline: tuple[int, int, int, int],
        width: float = 3.0,
        joins: list[list[Point]] | None = None,
    ) -> None:
        """Highlight polygons (a legal target, the hovered territory) over the map; `key`
        names them for the sprite cache; `joins` bridge several into one shape."""
        self.renderer.draw_area(
            surface, self.camera, key, polygons, fill, outline, width, joins or ()
        )

    def fill_outside(self, surface: pygame.Surface, texture: pygame.Surface) -> None:
        """Tile the viewport with `texture` in phase with a map painted with the same texture
        from world (0, 0), so the table goes on past the map's edges."""
        view = self.camera.viewport
        w, h = self.topology.size
        corner = self.camera.to_screen((0.0, 0.0))
        far = self.camera.to_screen((float(w), float(h)))
        if (
            corner[0] <= view.x
            and corner[1] <= view.y
            and far[0] >= view.right
            and far[1] >= view.bottom
        ):
            return
        tw, th = texture.get_size()
        x0 = view.x - (view.x - round(corner[0])) % tw
        y0 = view.y - (view.y - round(corner[1])) % th
        clip = surface.get_clip()
        # Only round the map (a pixel into it, for the rounding): the map covers the rest.
        inside = pygame.Rect(math.ceil(corner[0]) + 1, math.ceil(corner[1]) + 1, 0, 0)
        inside.w = max(0, math.floor(far[0]) - 1 - inside.x)
        inside.h = max(0, math.floor(far[1]) - 1 - inside.y)
        for strip in rect_around(view, inside.clip(view)):
            surface.set_clip(strip)
            for y in range(y0 + (strip.y - y0) // th * th, strip.bottom, th):
                for x in range(x0 + (strip.x - x0) // tw * tw, strip.right, tw):
                    surface.blit(texture, (x, y))
        surface.set_clip(clip)
