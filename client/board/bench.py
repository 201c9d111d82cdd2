"""Map board speed for `make bench`: Carolus Magnus's table frame times while panning and zooming.

    python -m client.board.bench          # one JSON line

A late Carolus game (cubes on every territory, castles, merged lands) is drawn at
1920×1080 by the real app loop; the pointer drags the board around, then the wheel
zooms in and out one notch at a time, several levels deep. Frame time is the whole
`App.frame` (events, scene, UI, drawing), as a player would feel it, in wall-clock
milliseconds and in this process's CPU milliseconds (steadier when the machine is busy).
"""

from __future__ import annotations

import json
import math
import os
import time
from typing import Any


def _post(kind: int, **fields: Any) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, **fields))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2)


def _late_carolus_table(size: tuple[int, int], actions: int) -> tuple[Any, Any]:
    """The app showing a Carolus game `actions` moves in (AI seats), settled."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("TABLERO_DATA_DIR", os.path.join("build", "bench-data"))
    from client.app import App
    from client.scenes.launch import autoplay, default_seats
    from client.scenes.table import TableScene
    from client.session import Session
    from client.settings import Settings

    app = App(Settings(language="en", animation_speed=1.0, ai_pause=3600.0), size)
    app.inline_ai = True
    app.autosave = False
    session = Session.new("carolus_magnus", default_seats([("ai", "easy")] * 4), 3, {})
    autoplay(session, actions)
    scene = TableScene(app, session)
    app.push(scene)
    for _ in range(30):  # settle: the first level's pictures are painted lazily
        app.frame(1 / 60)
    return app, scene


class _Clock:
    """Times whole app frames: wall-clock and this process's CPU milliseconds."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def frame(self) -> None:
        start, used = time.perf_counter(), time.process_time()
        self.app.frame(1 / 60)
        self.cpu.append((time.process_time() - used) * 1000)
        self.wall.append((time.perf_counter() - start) * 1000)


def _pan(clock: _Clock, vp: Any) -> None:
    """Drag the board round a loop from a bare corner of the table, one move per frame."""
    import pygame

    start = (vp.x + 10, vp.bottom - 10)
    _post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for i in range(300):
        a = i / 300 * math.tau
        pos = (round(start[0] + 200 * math.sin(a)), round(start[1] - 150 * (1 - math.cos(a))))
        _post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        clock.frame()
    _post(pygame.MOUSEBUTTONUP, pos=start, button=1)
    clock.app.frame(1 / 60)


def _zoom(clock: _Clock, vp: Any) -> None:
    """Wheel notches in and out about points near the middle, 24 frames each."""
    import pygame

    for k, step in enumerate([1] * 5 + [-1] * 7 + [1] * 2):
        anchor = (vp.centerx + 80 * ((k % 3) - 1), vp.centery + 60 * ((k % 2) * 2 - 1))
        _post(pygame.MOUSEMOTION, pos=anchor, rel=(0, 0), buttons=(0, 0, 0))
        _post(pygame.MOUSEWHEEL, x=0, y=step)
        for _ in range(24):
            clock.frame()


def carolus_frames(size: tuple[int, int] = (1920, 1080), actions: int = 220) -> dict[str, object]:
    app, scene = _late_carolus_table(size, actions)
    cubes = sum(sum(t["cubes"].values()) for t in scene.view.view["territories"])
    vp = scene.view.board.camera.viewport
    clock = _Clock(app)
    _pan(clock, vp)
    n = len(clock.wall)
    _zoom(clock, vp)
    app.quit()
    pan, zoom = clock.wall[:n], clock.wall[n:]
    return {
        "bench": "carolus_board_frame",
        "size": f"{size[0]}x{size[1]}",
        "cubes_on_board": cubes,
        "pan_p95_ms": _percentile(pan, 0.95),
        "zoom_p95_ms": _percentile(zoom, 0.95),
        "zoom_max_ms": round(max(zoom), 2),
        "all_p95_ms": _percentile(clock.wall, 0.95),
        # CPU time of this process per frame: the same frames, less disturbed by other
        # programs on a busy machine.
        "pan_p95_cpu_ms": _percentile(clock.cpu[:n], 0.95),
        "zoom_p95_cpu_ms": _percentile(clock.cpu[n:], 0.95),
        "zoom_max_cpu_ms": round(max(clock.cpu[n:]), 2),
        "frames": len(clock.wall),
    }


def _full_corona_table(size: tuple[int, int]) -> tuple[Any, Any]:
    """The app showing a 5-player Corona de Hierro table with every piece on the map: the
    40 army pawns spread over the cities, a banner on all ten castles, and all 20
    emissaries on the castles (two each). Drawn from a view set by hand (no position of a
    real game holds them all at once), on a table whose AI seats never move."""
    import random

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("TABLERO_DATA_DIR", os.path.join("build", "bench-data"))
    from client.app import App
    from client.scenes.launch import autoplay, default_seats
    from client.scenes.table import TableScene
    from client.session import Session
    from client.settings import Settings

    app = App(Settings(language="en", animation_speed=1.0, ai_pause=3600.0), size)
    app.inline_ai = True
    app.autosave = False
    session = Session.new("corona_de_hierro", default_seats([("ai", "easy")] * 5), 3, {})
    autoplay(session, 20)
    scene = TableScene(app, session)
    app.push(scene)
    view = dict(scene.view.view)
    rng = random.Random(1)
    cities = sorted(scene.view.city_pos)
    armies: dict[str, list[int]] = {}
    for seat in range(5):
        for _ in range(8):
            armies.setdefault(rng.choice(cities), [0] * 5)[seat] += 1
    view["armies"] = armies
    view["castles"] = [
        {**c, "owner": i % 5, "troops": i % 2 == 0,
         "envoys": [{"seat": (2 * i + k) % 5, "turn": 1} for k in range(2)]}
        for i, c in enumerate(view["castles"])
    ]
    view["emissaries_in_hand"] = [0] * 5
    view["supply"] = [0] * 5
    scene.view.show(view, None)
    for _ in range(30):  # settle: the first level's pictures are painted lazily
        app.frame(1 / 60)
    return app, scene


def corona_frames(size: tuple[int, int] = (1920, 1080)) -> dict[str, object]:
    app, scene = _full_corona_table(size)
    pawns = sum(sum(n) for n in scene.view.view["armies"].values())
    vp = scene.view.board.camera.viewport
    clock = _Clock(app)
    _pan(clock, vp)
    n = len(clock.wall)
    _zoom(clock, vp)
    app.quit()
    pan, zoom = clock.wall[:n], clock.wall[n:]
    return {
        "bench": "corona_board_frame",
        "size": f"{size[0]}x{size[1]}",
        "pawns_on_board": pawns,
        "pan_p95_ms": _percentile(pan, 0.95),
        "zoom_p95_ms": _percentile(zoom, 0.95),
        "all_p95_ms": _percentile(clock.wall, 0.95),
        "pan_p95_cpu_ms": _percentile(clock.cpu[:n], 0.95),
        "zoom_p95_cpu_ms": _percentile(clock.cpu[n:], 0.95),
        "frames": len(clock.wall),
    }


def _busy_conquest_table(size: tuple[int, int]) -> tuple[Any, Any]:
    """The app showing a 6-player Conquest of the Empire table: every homeland's starting
    army and, spread over the map, a mid-game's stacks (three unit types of each seat in
    fourteen provinces each, galleys in four zones each) with influence on every key
    province. Drawn from a view set by hand on a table whose AI seats never move."""
    import random

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("TABLERO_DATA_DIR", os.path.join("build", "bench-data"))
    from client.app import App
    from client.scenes.launch import default_seats
    from client.scenes.table import TableScene
    from client.session import Session
    from client.settings import Settings

    app = App(Settings(language="en", animation_speed=1.0, ai_pause=3600.0), size)
    app.inline_ai = True
    app.autosave = False
    session = Session.new("conquest_of_the_empire", default_seats([("ai", "easy")] * 6), 3, {})
    scene = TableScene(app, session)
    app.push(scene)
    view = dict(scene.view.view)
    topo = scene.view.topology
    rng = random.Random(1)
    provinces = [a.key for a in topo.areas_of("province")]
    seas = [a.key for a in topo.areas_of("sea")]
    units: dict[str, list[dict[str, int]]] = {
        k: [dict(c) for c in v] for k, v in view["units"].items()
    }
    for seat in range(6):
        for key in rng.sample(provinces, 14):
            row = units.setdefault(key, [{} for _ in range(6)])[seat]
            for unit in rng.sample(["infantry", "cavalry", "catapult", "general"], 3):
                row[unit] = row.get(unit, 0) + rng.randint(1, 4)
        for key in rng.sample(seas, 4):
            row = units.setdefault(key, [{} for _ in range(6)])[seat]
            row["galley"] = row.get("galley", 0) + rng.randint(1, 3)
    view["units"] = units
    keys = [a.key for a in topo.areas_of("province") if a.properties.get("tiers")]
    view["influence"] = {k: [rng.randint(0, 2) for _ in range(6)] for k in keys}
    view["neutral"] = {k: rng.randint(0, 2) for k in keys}
    scene.view.show(view, None)
    for _ in range(30):  # settle: the first level's pictures are painted lazily
        app.frame(1 / 60)
    return app, scene


def conquest_frames(size: tuple[int, int] = (1920, 1080)) -> dict[str, object]:
    app, scene = _busy_conquest_table(size)
    v = scene.view.view
    chips = sum(1 for per_seat in v["units"].values() for row in per_seat for n in row.values()
                if n)
    tokens = sum(1 for row in v["influence"].values() for n in row if n)
    tokens += sum(1 for n in v["neutral"].values() if n)
    vp = scene.view.board.camera.viewport
    clock = _Clock(app)
    _pan(clock, vp)
    n = len(clock.wall)
    _zoom(clock, vp)
    app.quit()
    pan, zoom = clock.wall[:n], clock.wall[n:]
    return {
        "bench": "conquest_board_frame",
        "size": f"{size[0]}x{size[1]}",
        "unit_pictograms": chips,
        "tokens": tokens,
        "pan_p95_ms": _percentile(pan, 0.95),
        "zoom_p95_ms": _percentile(zoom, 0.95),
        "all_p95_ms": _percentile(clock.wall, 0.95),
        "pan_p95_cpu_ms": _percentile(clock.cpu[:n], 0.95),
        "zoom_p95_cpu_ms": _percentile(clock.cpu[n:], 0.95),
        "frames": len(clock.wall),
    }


def main() -> None:
    import sys

    if sys.argv[1:] == ["conquest_of_the_empire"]:
        print(json.dumps(conquest_frames()), flush=True)
        return
    if sys.argv[1:] == ["corona_de_hierro"]:
        print(json.dumps(corona_frames()), flush=True)
        return
    print(json.dumps(carolus_frames()), flush=True)


if __name__ == "__main__":
    main()
