"""Map board speed for `make bench`: a map game's table frame times while panning and zooming.

    python -m client.board.bench [GAME]      # one JSON line (default: carolus_magnus)

Each map game's table is drawn at 1920×1080 by the real app loop, crowded with pieces
(a late Carolus game; every pawn, banner and emissary of a 5-player Corona table; 350
totems of 7 Imperios civilisations; 300+ Conquest pictograms and tokens: views set by
hand where no real position holds that many); the pointer drags the board round a
loop, then the wheel zooms in and out one notch at a time, several levels deep, from a
table at rest (its board has painted what it prepares ahead). Frame
time is the whole `App.frame` (events, scene, UI, drawing), as a player would feel it,
in wall-clock milliseconds and in this process's CPU milliseconds (steadier when the
machine is busy).
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

Size = tuple[int, int]
SETTLE_FRAMES = 3000
"""At most this many frames of rest before the gestures."""
Table = tuple[Any, Any, dict[str, int]]
"""The app, its table scene, and what is on the board (for the JSON line)."""


def _post(kind: int, **fields: Any) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, **fields))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2)


def _table(game_id: str, players: int, size: Size, moves: int) -> tuple[Any, Any]:
    """The app showing `game_id` with AI seats that never move, `moves` actions in."""
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
    session = Session.new(game_id, default_seats([("ai", "easy")] * players), 3, {})
    autoplay(session, moves)
    scene = TableScene(app, session)
    app.push(scene)
    return app, scene


def _show(app: Any, scene: Any, view: dict[str, Any]) -> None:
    """Draw `view` and let the table rest as a player's would before a gesture: the board
    paints lazily, a little each frame, until it has nothing left to prepare (the view,
    a ring round it, the levels next to it, the pieces' pictures for them, the names and
    pieces of the levels a little farther: `MapRenderer.settled`)."""
    scene.view.show(view, None)
    for _ in range(30):
        app.frame(1 / 60)
    renderer = scene.view.board.renderer
    for _ in range(SETTLE_FRAMES):
        if renderer.settled:
            break
        app.frame(1 / 60)


def _late_carolus(size: Size) -> Table:
    """A Carolus game 220 moves in: cubes everywhere, castles, merged lands."""
    app, scene = _table("carolus_magnus", 4, size, 220)
    _show(app, scene, scene.view.view)
    cubes = sum(sum(t["cubes"].values()) for t in scene.view.view["territories"])
    return app, scene, {"cubes_on_board": cubes}


def _full_corona(size: Size) -> Table:
    """Every piece of 5 players on the map: 40 pawns spread over the cities, a banner on
    all ten castles and all 20 emissaries on the castles (two each)."""
    app, scene = _table("corona_de_hierro", 5, size, 20)
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
    _show(app, scene, view)
    return app, scene, {"pawns_on_board": sum(sum(n) for n in armies.values())}


def _crowded_imperios(size: Size) -> Table:
    """7 civilisations on the whole map, totems of several in every area."""
    app, scene = _table("imperios_milenarios", 7, size, 30)
    view = dict(scene.view.view)
    areas: dict[str, dict[str, Any]] = {}
    for i, key in enumerate(sorted(view["areas"])):
        seats = [(i + k) % 7 for k in range(4 + i % 4)]
        areas[key] = {"presence": seats, "control": seats[0] if i % 3 == 0 else None}
    view["areas"] = areas
    _show(app, scene, view)
    totems = sum(len(a["presence"]) + (a["control"] is not None) for a in areas.values())
    return app, scene, {"totems_on_board": totems}


def _busy_conquest(size: Size) -> Table:
    """6 players: every homeland's starting army and a mid-game's stacks (three unit types
    of each seat in fourteen provinces each, galleys in four zones each), with influence
    on every key province."""
    app, scene = _table("conquest_of_the_empire", 6, size, 0)
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
    _show(app, scene, view)
    chips = sum(1 for per_seat in units.values() for row in per_seat for n in row.values() if n)
    tokens = sum(1 for row in view["influence"].values() for n in row if n)
    tokens += sum(1 for n in view["neutral"].values() if n)
    return app, scene, {"unit_pictograms": chips, "tokens": tokens}


TABLES: dict[str, tuple[str, Callable[[Size], Table]]] = {
    "carolus_magnus": ("carolus_board_frame", _late_carolus),
    "corona_de_hierro": ("corona_board_frame", _full_corona),
    "imperios_milenarios": ("imperios_board_frame", _crowded_imperios),
    "conquest_of_the_empire": ("conquest_board_frame", _busy_conquest),
}
"""Every map game's crowded table for the bench, and the name of its JSON line."""


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
    """Wheel notches in and out about points near the middle, 24 frames each (every notch
    moves: the farthest level is the whole map fitted)."""
    import pygame

    for k, step in enumerate([1] * 5 + [-1] * 5 + [1] * 3 + [-1] * 3):
        anchor = (vp.centerx + 80 * ((k % 3) - 1), vp.centery + 60 * ((k % 2) * 2 - 1))
        _post(pygame.MOUSEMOTION, pos=anchor, rel=(0, 0), buttons=(0, 0, 0))
        _post(pygame.MOUSEWHEEL, x=0, y=step)
        for _ in range(24):
            clock.frame()


def board_frames(game_id: str = "carolus_magnus", size: Size = (1920, 1080)) -> dict[str, object]:
    """Pan, then zoom, a map game's crowded table and report its frame times."""
    name, build = TABLES[game_id]
    app, scene, pieces = build(size)
    vp = scene.view.board.camera.viewport
    clock = _Clock(app)
    _pan(clock, vp)
    n = len(clock.wall)
    _zoom(clock, vp)
    app.quit()
    pan, zoom = clock.wall[:n], clock.wall[n:]
    return {
        "bench": name,
        "size": f"{size[0]}x{size[1]}",
        **pieces,
        "pan_p95_ms": _percentile(pan, 0.95),
        "zoom_p95_ms": _percentile(zoom, 0.95),
        "zoom_max_ms": round(max(zoom), 2),
        "all_p95_ms": _percentile(clock.wall, 0.95),
        "pan_p95_cpu_ms": _percentile(clock.cpu[:n], 0.95),
        "zoom_p95_cpu_ms": _percentile(clock.cpu[n:], 0.95),
        "zoom_max_cpu_ms": round(max(clock.cpu[n:]), 2),
        "frames": len(clock.wall),
    }


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "carolus_magnus"
    if game_id not in TABLES:
        raise SystemExit(f"no board bench for {game_id!r}; known: {', '.join(TABLES)}")
    print(json.dumps(board_frames(game_id)), flush=True)


if __name__ == "__main__":
    main()
