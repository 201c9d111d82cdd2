"""The map renderer: cached pictures of the map per zoom level, drawn through a camera.

The map is cut into square chunks; each zoom level keeps its own chunks, kept for when
the player comes back to that level. A level's pictures are made a little each frame:
first the pictures the view draws over the map at this level and the next ones
(`warmers`, e.g. its pieces), then the names the painter needs at this zoom
(`MapPainter.warm_jobs`), then the chunks, each a painter's step (a layer) at a time, a
half-painted chunk resumed on the next frame. A frame's share is what the rest of the
frame leaves of `FRAME_TARGET` (measured on this thread's clock over the last frames)
while the camera moves, more once it rests; a step or job expected (from what the same
kind cost before) not to fit waits for a frame with room, unless it is small or has
waited long; with the view ready and the camera still,
a ring round the view and the levels next to it are made ahead. Until the chunks in view
are ready, and while the camera eases between levels, the frame shows the last sharp
frame scaled (crisp at once), over a small whole-map picture scaled (only where the
other does not reach); a settled view is drawn from its level's chunks, unscaled.
Highlight sprites (an area lit as a legal target, or hovered) are cached per level too.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass

import pygame

from client.board.camera import Camera
from client.board.painter import MapPainter, WorldRect, bbox, steps_of

CHUNK = 256
BASE_SIDE = 1024
"""The whole-map fallback picture's longest side, in pixels."""
LEVELS_KEPT = 8
"""At most this many zoom levels' chunks are kept (those nearest the current level)..."""
CHUNKS_KEPT = 360
"""... and at most about this many chunks in all (a level's view and the ring round it is
some 40 chunks at 1920×1080, a quarter of a megabyte each), so zooming back out to a
level seen a moment ago finds it painted."""
SPRITE_BUDGET = 0.0006
"""Seconds of a frame (this thread's) for new highlight pictures; the rest wait, outlined."""
FRAME_TARGET = 0.0029
"""Seconds of the main thread's time a whole frame should stay within, painting included:
the painting of a frame gets what the rest of the last frames left of it (a little under
the 4 ms a moving map's frame may take at the 95th percentile, for what the estimates of
the work's cost miss)."""
MIN_WORK = 0.0003
"""Painting a frame gets at least this much, however busy the rest of the frame is."""
SMALL_WORK = 0.0005
"""A unit of work (a painter's step, a warm job) expected to take at most this long is
done even in a frame with no time left, so the map always gets on a little..."""
STARVED_FRAMES = 20
"""... and a longer one waits for a frame with room for it, for at most this many frames
(then it is done anyway, so a long gesture still sees the map sharpen)."""
FRAME_HISTORY = 8
"""The painting budget follows the costliest of this many last frames."""
REST_TIME = 0.3
"""A camera that has not moved for this many seconds is at rest: nothing on the map moves,
so the frames' time matters less than a sharp picture soon."""
REST_WORK = 0.004
"""Painting a frame gets this much (at least) while the camera rests."""
SPRITE_MAX_PIXELS = 360_000
RGBA = tuple[int, int, int, int]


def _fine_thread_clock() -> bool:
    try:
        return time.get_clock_info("thread_time").resolution <= 1e-5
    except (AttributeError, OSError, ValueError):
        return False


_FINE_CLOCK = _fine_thread_clock()
_clock = frame_clock = time.thread_time if _FINE_CLOCK else time.perf_counter
"""This thread's processor time where the system measures it finely (a frame's cost without
what other programs or threads took meanwhile), else the wall clock."""


@dataclass
class _Job:
    """A chunk being painted over several frames: its painter's remaining steps."""

    level: int
    key: tuple[int, int]
    surface: pygame.Surface
    steps: Iterator[None]
    done: int = 0  # steps taken so far


class MapRenderer:
    """Draws a painter's map through a camera, caching per zoom level."""

    def __init__(self, painter: MapPainter, world_size: tuple[float, float]) -> None:
        self.painter = painter
        self.world_size = world_size
        self.base_zoom = BASE_SIDE / max(world_size)
        self._base: pygame.Surface | None = None
        self._levels: dict[int, dict[tuple[int, int], pygame.Surface]] = {}
        self._sprites: dict[tuple[Hashable, int], tuple[pygame.Surface, tuple[int, int]]] = {}
        self._version = painter.version
        self._unit = 0.0
        self._last: tuple[pygame.Surface, float, tuple[float, float]] | None = None
        self._last_of: object = None
        self._sharp: tuple[int, float, tuple[float, float], tuple[int, int]] | None = None
        self._sprite_deadline = 0.0
        self._sharp_before: object = None
        self._cost: dict[str, float] = {}  # seconds a warm job or a paint step takes, smoothed
        self._warm_todo: dict[int, deque[tuple[int, Callable[[], object]]]] = {}
        self.warmers: list[Callable[[int, float], Iterable[Callable[[], object]]]] = []
        """Functions of a level and its zoom giving jobs that make the pictures a view draws
        over the map at that level (its pieces), run a little each frame like the map's."""
        self._pieces_todo: dict[int, deque[tuple[int, Callable[[], object]]]] = {}
        self._pieces_level: int | None = None
        self._job: _Job | None = None
        self._first = True  # no work done yet this frame
        self._starved = STARVED_FRAMES  # frames in a row that did no work
        self._mark: float | None = None  # the clock when the last frame's preparing began
        self._worked = 0.0  # how long the last frame's preparing took
        self._others: deque[float] = deque(maxlen=FRAME_HISTORY)
        self._still: object = None  # the camera as `rest` last saw it
        self._rested = 0.0  # seconds the camera has kept still
        self.painted = 0  # chunks painted so far: tests read it to see the cache at work
        self.sprites_owed = False
        """The last frame drew a highlight as an outline only, its picture not made in time:
        a view keeps drawing frames until it is (see `GameView.animating`)."""
        self.settled = False
        """Nothing left to prepare: the view, a ring round it, the levels next to it and the
        view's pieces for them, the names and pieces of the levels a little farther are all
        made (the board rests until the next gesture)."""

    # -- caches ---------------------------------------------------------------------------
    def invalidate(self) -> None:
        """Forget every picture (the map's look changed)."""
        self._base = None
        self._levels.clear()
        self._sprites.clear()
        self._last = self._sharp = None
        self._version = self.painter.version
        self._warm_todo.clear()
        self._pieces_todo.clear()
        self._job = None

    def _check(self, camera: Camera) -> None:
        """Drop what no longer matches: the map's look changed, or the levels were
        renumbered (a new fit after the window changed size)."""
        if self.painter.version != self._version:
            self.invalidate()
        if camera.unit != self._unit:
            self._levels.clear()
            self._sprites.clear()
            self._last = self._sharp = None
            self._unit = camera.unit
            self._warm_todo.clear()
            self._pieces_todo.clear()
            self._job = None

    def base(self) -> pygame.Surface:
        if self._base is None:
            w, h = self.world_size
            size = (max(1, math.ceil(w * self.base_zoom)), max(1, math.ceil(h * self.base_zoom)))
            self._base = _new_opaque(size)
            self.painter.paint(self._base, (0.0, 0.0, w, h), self.base_zoom)
        return self._base

    def chunks_of(self, level: int) -> dict[tuple[int, int], pygame.Surface]:
        return self._levels.setdefault(level, {})

    def _trim(self, current: int) -> None:
        """Keep the levels nearest the current one (and the ones next to it, at least)."""
        while len(self._levels) > LEVELS_KEPT or (
                len(self._levels) > 3 and sum(map(len, self._levels.values())) > CHUNKS_KEPT):
            far = max(self._levels, key=lambda lv: abs(lv - current))
            del self._levels[far]
            self._warm_todo.pop(far, None)  # its names may leave the caches: warm them again
        for far in [lv for lv in self._warm_todo
                    if abs(lv - current) > 3 and lv not in self._levels]:
            del self._warm_todo[far]  # names warmed ahead, for a level left far behind

    def cached_levels(self) -> list[int]:
        return list(self._levels)

    def visible_chunks(self, camera: Camera, level: int,
                       margin: int = 0) -> list[tuple[int, int]]:
        """The chunks of `level` the camera's view covers, plus `margin` chunks around."""
        zoom = camera.level_zoom(level)
        x, y, w, h = camera.visible_world()
        side = CHUNK / zoom
        cols = math.ceil(self.world_size[0] / side)
        rows = math.ceil(self.world_size[1] / side)
        i0, j0 = max(0, int(x // side) - margin), max(0, int(y // side) - margin)
        i1 = min(cols - 1, int((x + w) // side) + margin)
        j1 = min(rows - 1, int((y + h) // side) + margin)
        return [(i, j) for j in range(j0, j1 + 1) for i in range(i0, i1 + 1)]

    def _paint_chunk(self, zoom: float, key: tuple[int, int]) -> pygame.Surface:
        """One chunk painted at once (what the renderer's steps add up to)."""
        surface, rect = self._chunk_canvas(zoom, key)
        self.painter.paint(surface, rect, zoom)
        self.painted += 1
        return surface

    def _chunk_canvas(self, zoom: float,
                      key: tuple[int, int]) -> tuple[pygame.Surface, WorldRect]:
        side = CHUNK / zoom
        wx, wy = key[0] * side, key[1] * side
        ww = min(side, self.world_size[0] - wx)
        wh = min(side, self.world_size[1] - wy)
        size = (max(1, math.ceil(ww * zoom)), max(1, math.ceil(wh * zoom)))
        return _new_opaque(size), (wx, wy, ww, wh)

    # -- the work of a frame -------------------------------------------------------------------
    def rest(self, camera: Camera, dt: float) -> None:
        """Count how long the camera has kept still (`dt` seconds more, unless it moved)."""
        still = (camera.level, camera.zoom, camera.origin, tuple(camera.viewport))
        if camera.easing or still != self._still:
            self._rested = 0.0
        else:
            self._rested += dt
        self._still = still

    def _frame_budget(self, now: float, cap: float) -> float:
        """How long this frame's painting may take: what is left of `FRAME_TARGET` once the
        rest of a frame is paid for (the most the main thread spent outside this work in
        the last few frames), never more than `cap` nor less than `MIN_WORK`."""
        mark, self._mark = self._mark, now
        if _FINE_CLOCK and mark is not None:
            other = now - mark - self._worked
            if 0.0 <= other < 0.25:
                self._others.append(other)
            else:  # the table was away (a menu, a pause): start measuring afresh
                self._others.clear()
        self._worked = 0.0
        if not self._others:
            return cap
        return min(cap, max(MIN_WORK, FRAME_TARGET - max(self._others)))

    def _may(self, kinds: tuple[str, ...], start: float, budget: float | None,
             first: bool) -> bool:
        """Whether one more unit of work fits in what is left of `budget`, by the cost of the
        first of `kinds` (most particular first) done before. The first of a frame also when
        it is small (`SMALL_WORK`), the work has waited `STARVED_FRAMES` already, or the
        camera rests."""
        if budget is None:
            return True
        expected = next((self._cost[k] for k in kinds if k in self._cost), 0.0)
        if _clock() - start + expected <= budget:
            return True
        return first and (expected <= SMALL_WORK or self._starved >= STARVED_FRAMES
                          or self._rested >= REST_TIME)

    def _note(self, kinds: tuple[str, ...], took: float) -> None:
        for kind in kinds:
            before = self._cost.get(kind)
            self._cost[kind] = took if before is None else 0.7 * before + 0.3 * took

    def _warm_queue(self, camera: Camera,
                    level: int) -> deque[tuple[int, Callable[[], object]]]:
        queue = self._warm_todo.get(level)
        if queue is None:
            queue = self._warm_todo[level] = deque(
                enumerate(self.painter.warm_jobs(camera.level_zoom(level))))
        return queue

    def _pieces_queue(self, camera: Camera,
                      level: int) -> deque[tuple[int, Callable[[], object]]]:
        queue = self._pieces_todo.get(level)
        if queue is None:
            zoom = camera.level_zoom(level)
            queue = self._pieces_todo[level] = deque(
                enumerate(job for warmer in self.warmers for job in warmer(level, zoom)))
        return queue

    def forget_pieces(self) -> None:
        """List the view's pieces again (they changed) before making them ahead."""
        self._pieces_todo.clear()

    def _run(self, queue: deque[tuple[int, Callable[[], object]]], start: float,
             budget: float | None, kind: str) -> bool:
        """Run warm jobs from `queue` while `budget` lasts; True once it is empty. `kind`
        names the jobs (the painter's names, the view's pieces) for the estimate of their
        cost: the same job of the last level's list costs about the same (the same name,
        say, whose first at a new size loads the font), or else what such jobs cost."""
        while queue:
            number, job = queue[0]
            kinds = (f"{kind} {number}", kind, "warm")
            if not self._may(kinds, start, budget, self._first):
                return False
            began = _clock()
            queue.popleft()
            job()
            self._note(kinds, _clock() - began)
            self._first = False
        return True

    def _work(self, camera: Camera, level: int, margin: int, start: float,
              budget: float | None) -> bool:
        """Make `level`'s pictures the camera needs (its painter's warm jobs, then the missing
        chunks of the view plus `margin` chunks round it), in small steps while `budget`
        lasts. True when all of them are ready."""
        if not self._run(self._warm_queue(camera, level), start, budget, "names"):
            return False
        chunks = self.chunks_of(level)
        wanted = [k for k in self.visible_chunks(camera, level, margin) if k not in chunks]
        job = self._job
        if job is not None and job.level == level and job.key in wanted:
            wanted.remove(job.key)
            wanted.insert(0, job.key)  # go on with the chunk already begun
        return all(self._paint_steps(camera, level, key, start, budget) for key in wanted)

    def _paint_steps(self, camera: Camera, level: int, key: tuple[int, int], start: float,
                     budget: float | None) -> bool:
        """Go on painting one chunk, a step (a layer of its painter) at a time; True once
        it is in the level's cache."""
        job = self._job
        if job is None or (job.level, job.key) != (level, key):
            zoom = camera.level_zoom(level)
            surface, rect = self._chunk_canvas(zoom, key)
            job = self._job = _Job(level, key, surface, steps_of(self.painter, surface, rect,
                                                                 zoom))
        while True:
            # A step costs about what the same step of the level's last chunk cost (the
            # same layer at the same zoom), else of another level's (chunks are the same
            # size in pixels at every level), whatever the other layers cost.
            kinds = (f"step {level} {job.done}", f"step {job.done}", "step")
            if not self._may(kinds, start, budget, self._first):
                return False
            began = _clock()
            try:
                next(job.steps)
            except StopIteration:
                self.chunks_of(level)[key] = job.surface
                self.painted += 1
                self._job = None
                return True
            finally:
                job.done += 1
                self._note(kinds, _clock() - began)
                self._first = False

    def prepare(self, camera: Camera, budget: float | None = 0.002) -> bool:
        """Paint missing chunks of the camera's level (then, when the camera rests, a ring
        round the view and the levels next to it) for at most `budget` seconds of this
        frame: while the camera moves (or kept still for less than `REST_TIME`, as `rest`
        counts) less if the rest of the frame leaves less of `FRAME_TARGET`, at rest up to
        `REST_WORK`; None: all of the current level at once. True when the current level's
        visible chunks are all ready."""
        self._check(camera)
        self.base()
        start = _clock()
        if budget is not None:
            share = self._frame_budget(start, budget)
            budget = max(budget, REST_WORK) if self._rested >= REST_TIME else share
        else:
            self._job = None  # painted whole below: a half-made chunk is not resumed
        self._first = True
        if camera.level != self._pieces_level:  # pieces may have changed since: list again
            self._pieces_todo.clear()
            self._pieces_level = camera.level
        # The pieces of this level and the next ones first: a view draws them at once
        # (a zoom step would make them all in one frame); the map can wait a little.
        pieces = all(self._run(self._pieces_queue(camera, near), start, budget, "pieces")
                     for near in (camera.level, camera.level + 1, camera.level - 1)
                     if camera.valid_level(near))
        ready = self._work(camera, camera.level, 0, start, budget)
        self.settled = False
        if ready and budget is not None and not camera.easing:
            if self._sharp is not None and self._sharp == self._sharp_before:
                # Still for two frames: get ready for the next gesture (a zoom scales the
                # last picture into the scratch surface: made now, not in its first frame).
                last = self._last_picture()
                if last is not None:
                    _scratch(camera.viewport.size, last[0])
                self.settled = self._prefetch(camera, start, budget) and pieces
            self._sharp_before = self._sharp
        self._trim(camera.level)
        self._starved = self._starved + 1 if self._first else 0
        if budget is not None:
            self._worked = _clock() - start
        return ready

    def _prefetch(self, camera: Camera, start: float, budget: float) -> bool:
        """With time to spare, paint lazily what the next gesture will need: a ring of
        chunks round the view (a pan), then the neighbouring levels (a zoom step), then the
        names and pieces two or three levels away. True when all of it is ready."""
        plan = [(camera.level, 1), (camera.level + 1, 0), (camera.level - 1, 0)]
        if not all(self._work(camera, level, margin, start, budget)
                   for level, margin in plan if camera.valid_level(level)):
            return False
        # Then the names and pieces of the levels a little farther (quick notches in a row
        # reach them before the camera rests again; a new font size costs milliseconds).
        farther = [lv for lv in (camera.level + 2, camera.level + 3, camera.level - 2)
                   if camera.valid_level(lv)]
        return all(self._run(self._pieces_queue(camera, lv), start, budget, "pieces")
                   and self._run(self._warm_queue(camera, lv), start, budget, "names")
                   for lv in farther)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, camera: Camera,
             sprite_budget: float = SPRITE_BUDGET) -> None:
        """The map in the camera's viewport: sharp chunks when ready, else scaled pictures;
        new highlight pictures get `sprite_budget` seconds of this frame (made on demand)."""
        self._check(camera)
        self._sprite_deadline = _clock() + sprite_budget
        self.sprites_owed = False
        view = camera.viewport
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip) if clip else view)
        level = camera.level
        chunks = self._levels.get(level, {})
        keys = self.visible_chunks(camera, level)
        sharp = not camera.easing and abs(camera.zoom - camera.level_zoom(level)) < 1e-9
        if not sharp:
            self._draw_scaled(surface, camera, view)
        else:
            holes = []
            placed = []
            for key in keys:
                x, y = camera.to_screen(
                    (key[0] * CHUNK / camera.zoom, key[1] * CHUNK / camera.zoom)
                )
                chunk = chunks.get(key)
                if chunk is not None:
                    placed.append((chunk, (round(x), round(y))))
                else:  # not painted yet: what the pictures at hand show there, scaled
                    hole = pygame.Rect(round(x), round(y), CHUNK, CHUNK).clip(view)
                    if hole.w and hole.h:
                        holes.append(hole)
            if len(holes) > 2:
                # Many holes: one scaled picture under them all, the chunks over it, is
                # cheaper than a scaling each (each has its own fixed cost).
                self._draw_scaled(surface, camera, holes[0].unionall(holes[1:]))
            else:
                for hole in holes:
                    self._draw_scaled(surface, camera, hole)
            surface.blits(placed, doreturn=False)
            complete = len(placed) == len(keys)
            if complete:
                # Remember (cheaply) the last sharp view; its picture is only put together
                # from the chunks if a zoom starts from it.
                self._sharp = (level, camera.zoom, camera.origin, view.size)
        surface.set_clip(clip)

    def _draw_scaled(self, surface: pygame.Surface, camera: Camera, region: pygame.Rect) -> None:
        """`region` of the view from the last sharp view scaled to the camera, and from the
        whole-map picture scaled where that does not reach (only there: each scaling costs
        by the pixels it makes)."""
        clip = surface.get_clip()
        surface.set_clip(region.clip(clip))
        self._scaled_pictures(surface, camera, region)
        surface.set_clip(clip)

    def _scaled_pictures(self, surface: pygame.Surface, camera: Camera,
                         region: pygame.Rect) -> None:
        last = self._last_picture()
        base = self.base()
        if last is None:
            _blit_scaled(surface, camera, base, self.base_zoom, (0.0, 0.0), region)
            return
        picture, zoom, origin = last
        x0, y0 = camera.to_screen(origin)
        x1, y1 = camera.to_screen((origin[0] + picture.get_width() / zoom,
                                   origin[1] + picture.get_height() / zoom))
        # One pixel in from its edges, so no seam is left between the two pictures.
        inner = pygame.Rect(math.ceil(x0) + 1, math.ceil(y0) + 1, 0, 0)
        inner.w = max(0, math.floor(x1) - 1 - inner.x)
        inner.h = max(0, math.floor(y1) - 1 - inner.y)
        inner = inner.clip(region)
        if inner != region:
            for strip in rect_around(region, inner):  # overlapping a little: no seams between
                _blit_scaled(surface, camera, base, self.base_zoom, (0.0, 0.0),
                             strip.inflate(2, 2))
        if inner.w and inner.h:
            _blit_scaled(surface, camera, picture, zoom, origin, region)

    def _last_picture(self) -> tuple[pygame.Surface, float, tuple[float, float]] | None:
        """The last sharp view as one picture, composed from its level's chunks once."""
        if self._sharp is None:
            return None
        if self._last is not None and self._last_of == self._sharp:
            return self._last
        level, zoom, origin, size = self._sharp
        chunks = self._levels.get(level)
        if not chunks:
            return None
        old = self._last[0] if self._last is not None else None
        picture = old if old is not None and old.get_size() == size else _new_opaque(size)
        picture.fill(self.painter.background)
        ox, oy = origin[0] * zoom, origin[1] * zoom
        for (i, j), chunk in chunks.items():
            x, y = round(i * CHUNK - ox), round(j * CHUNK - oy)
            if x < size[0] and y < size[1] and x + CHUNK > 0 and y + CHUNK > 0:
                picture.blit(chunk, (x, y))
        self._last, self._last_of = (picture, zoom, origin), self._sharp
        return self._last

    # -- highlights -------------------------------------------------------------------------
    def area_sprite(
        self,
        key: Hashable,
        polygons: Iterable[list[tuple[float, float]]],
        level: int,
        zoom: float,
        fill: RGBA,
        outline: RGBA,
        width: float,
        joins: Iterable[list[tuple[float, float]]] = (),
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """A translucent picture of one or more polygons at a level's zoom (cached), and the
        world→pixel offset to blit it at: (surface, top-left in level pixels). `joins` are
        quads [a1, b1, b2, a2] bridging two polygons into one shape: their fill covers the
        edges a1–a2 and b1–b2 inside the shape, and only a1–b1 and a2–b2 are outlined."""
        cached = self._sprites.get((key, level))
        if cached is not None:
            return cached
        polys = list(polygons)
        x, y, w, h = bbox([p for poly in polys for p in poly])
        pad = math.ceil(width) + 2
        left, top = math.floor(x * zoom) - pad, math.floor(y * zoom) - pad
        sprite = pygame.Surface(
            (math.ceil(w * zoom) + 2 * pad + 1, math.ceil(h * zoom) + 2 * pad + 1), pygame.SRCALPHA
        )
        for poly in polys:
            pts = [(px * zoom - left, py * zoom - top) for px, py in poly]
            pygame.draw.polygon(sprite, fill, pts)
        for poly in polys:
            pts = [(px * zoom - left, py * zoom - top) for px, py in poly]
            pygame.draw.polygon(sprite, outline, pts, max(1, round(width)))
            pygame.draw.aalines(sprite, outline, True, pts)
        for quad in joins:
            a1, b1, b2, a2 = [(px * zoom - left, py * zoom - top) for px, py in quad]
            pygame.draw.polygon(sprite, fill, _stretched([a1, b1, b2, a2], width * 1.5))
            for p, q in ((a1, b1), (a2, b2)):
                pygame.draw.line(sprite, outline, p, q, max(1, round(width)))
                pygame.draw.aaline(sprite, outline, p, q)
        sprite = _fast_alpha(sprite)
        if len(self._sprites) > 256:
            self._sprites.clear()
        self._sprites[(key, level)] = (sprite, (left, top))
        return sprite, (left, top)

    def draw_area(
        self,
        surface: pygame.Surface,
        camera: Camera,
        key: Hashable,
        polygons: Iterable[list[tuple[float, float]]],
        fill: RGBA,
        outline: RGBA,
        width: float = 3.0,
        joins: Iterable[list[tuple[float, float]]] = (),
    ) -> None:
        """Light one or more polygons (e.g. a territory that is a legal target)."""
        polys = list(polygons)
        joins = list(joins)
        cached = (key, camera.level) in self._sprites
        _, _, w, h = bbox([p for poly in polys for p in poly])
        huge = w * h * camera.zoom**2 > SPRITE_MAX_PIXELS  # close up: outline only
        late = not cached and not huge and _clock() > self._sprite_deadline
        if camera.easing or huge or late:
            # Between levels, or out of time this frame for new pictures: outlines only,
            # drawn at the current zoom (the picture comes on a later frame).
            self.sprites_owed = self.sprites_owed or late
            for poly in polys:
                pygame.draw.lines(
                    surface,
                    outline[:3],
                    True,
                    [camera.to_screen(p) for p in poly],
                    max(1, round(width)),
                )
            return
        sprite, (left, top) = self.area_sprite(
            key, polys, camera.level, camera.zoom, fill, outline, width, joins
        )
        vx = camera.viewport.x - camera.origin[0] * camera.zoom
        vy = camera.viewport.y - camera.origin[1] * camera.zoom
        surface.blit(sprite, (round(vx + left), round(vy + top)))


def _new_opaque(size: tuple[int, int]) -> pygame.Surface:
    """A new opaque surface, made in the display's pixel format when there is one."""
    display = pygame.display.get_surface() if pygame.display.get_init() else None
    return pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)


def _opaque(surface: pygame.Surface) -> pygame.Surface:
    """Match the display's pixel format when there is one (fast blits)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert()
    return surface


def _fast_alpha(surface: pygame.Surface) -> pygame.Surface:
    """Per-pixel alpha in the display's format when there is one (fast blits)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _blit_scaled(
    surface: pygame.Surface,
    camera: Camera,
    picture: pygame.Surface,
    zoom: float,
    origin: tuple[float, float],
    area: pygame.Rect | None = None,
) -> None:
    """Blit the part of `picture` (the world from `origin` at `zoom`) that the camera shows
    (in `area` of the screen, default the whole view), scaled to the camera's zoom; only the
    visible crop is scaled, so the cost stays bounded."""
    if area is None:
        vx, vy, vw, vh = camera.visible_world()
    else:
        vx, vy = camera.to_world(area.topleft)
        vw, vh = area.w / camera.zoom, area.h / camera.zoom
    pw, ph = picture.get_size()
    left = max(0.0, (vx - origin[0]) * zoom)
    top = max(0.0, (vy - origin[1]) * zoom)
    right = min(float(pw), (vx + vw - origin[0]) * zoom)
    bottom = min(float(ph), (vy + vh - origin[1]) * zoom)
    if right - left < 1 or bottom - top < 1:
        return
    crop = pygame.Rect(
        int(left), int(top), math.ceil(right - int(left)), math.ceil(bottom - int(top))
    ).clip(picture.get_rect())
    wx0, wy0 = origin[0] + crop.x / zoom, origin[1] + crop.y / zoom
    sx, sy = camera.to_screen((wx0, wy0))
    factor = camera.zoom / zoom
    size = (max(1, round(crop.w * factor)), max(1, round(crop.h * factor)))
    scaled = _scratch(size, picture)
    pygame.transform.scale(picture.subsurface(crop), size, scaled)
    surface.blit(scaled, (round(sx), round(sy)))


_SCRATCH: list[pygame.Surface] = []
SCRATCH_SPARE = 64


def _scratch(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A `size` piece of one reused surface in `like`'s format, to scale into (a new surface
    of a view's size each frame costs more than the scaling's own time)."""
    have = _SCRATCH[0] if _SCRATCH else None
    if (have is None or have.get_width() < size[0] or have.get_height() < size[1]
            or have.get_bitsize() != like.get_bitsize() or have.get_masks() != like.get_masks()):
        # With room to spare: an eased zoom asks a pixel more now and then, and a new
        # surface of a view's size costs milliseconds (its memory is touched afresh).
        grown = (max(size[0] + SCRATCH_SPARE, have.get_width() if have else 0),
                 max(size[1] + SCRATCH_SPARE, have.get_height() if have else 0))
        _SCRATCH[:] = [pygame.Surface(grown, 0, like)]
    return _SCRATCH[0].subsurface((0, 0, *size))


def rect_around(outer: pygame.Rect, inner: pygame.Rect | None) -> list[pygame.Rect]:
    """`outer` less `inner` (a rect inside it) as up to four strips: above, below, left,
    right. Used to paint around what something opaque will cover."""
    if inner is None or not inner.w or not inner.h:
        return [outer]
    strips = [
        pygame.Rect(outer.x, outer.y, outer.w, inner.y - outer.y),
        pygame.Rect(outer.x, inner.bottom, outer.w, outer.bottom - inner.bottom),
        pygame.Rect(outer.x, inner.y, inner.x - outer.x, inner.h),
        pygame.Rect(inner.right, inner.y, outer.right - inner.right, inner.h),
    ]
    return [r for r in strips if r.w > 0 and r.h > 0]


def _stretched(quad: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """A bridge quad [a1, b1, b2, a2] made longer at both ends (a→b) by `by` pixels."""
    a1, b1, b2, a2 = quad

    def push(p: tuple[float, float], q: tuple[float, float]) -> tuple[float, float]:
        d = math.dist(p, q) or 1.0
        return (p[0] + (p[0] - q[0]) / d * by, p[1] + (p[1] - q[1]) / d * by)

    return [push(a1, b1), push(b1, a1), push(b2, a2), push(a2, b2)]


def world_rect_of(polygons: Iterable[list[tuple[float, float]]]) -> WorldRect:
    return bbox([p for poly in polygons for p in poly])
