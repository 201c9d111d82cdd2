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


def carolus_frames(size: tuple[int, int] = (1920, 1080), actions: int = 220) -> dict[str, object]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("TABLERO_DATA_DIR", os.path.join("build", "bench-data"))
    import pygame

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
    view = scene.view.view
    cubes = sum(sum(t["cubes"].values()) for t in view["territories"])
    board = scene.view.board  # type: ignore[attr-defined]  # a map game's view
    vp = board.camera.viewport
    for _ in range(30):  # settle: the first level's pictures are painted lazily
        app.frame(1 / 60)

    cpu: list[float] = []

    def timed() -> float:
        start, used = time.perf_counter(), time.process_time()
        app.frame(1 / 60)
        cpu.append((time.process_time() - used) * 1000)
        return (time.perf_counter() - start) * 1000

    pan: list[float] = []
    start = (vp.x + 10, vp.bottom - 10)
    _post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for i in range(300):
        a = i / 300 * math.tau
        pos = (round(start[0] + 200 * math.sin(a)), round(start[1] - 150 * (1 - math.cos(a))))
        _post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        pan.append(timed())
    _post(pygame.MOUSEBUTTONUP, pos=start, button=1)
    app.frame(1 / 60)

    zoom: list[float] = []
    steps = [1] * 5 + [-1] * 7 + [1] * 2
    for k, step in enumerate(steps):
        anchor = (vp.centerx + 80 * ((k % 3) - 1), vp.centery + 60 * ((k % 2) * 2 - 1))
        _post(pygame.MOUSEMOTION, pos=anchor, rel=(0, 0), buttons=(0, 0, 0))
        _post(pygame.MOUSEWHEEL, x=0, y=step)
        for _ in range(24):
            zoom.append(timed())
    app.quit()
    everything = pan + zoom
    return {
        "bench": "carolus_board_frame",
        "size": f"{size[0]}x{size[1]}",
        "cubes_on_board": cubes,
        "pan_p95_ms": _percentile(pan, 0.95),
        "zoom_p95_ms": _percentile(zoom, 0.95),
        "zoom_max_ms": round(max(zoom), 2),
        "all_p95_ms": _percentile(everything, 0.95),
        # CPU time of this process per frame: the same frames, less disturbed by other
        # programs on a busy machine.
        "pan_p95_cpu_ms": _percentile(cpu[: len(pan)], 0.95),
        "zoom_p95_cpu_ms": _percentile(cpu[len(pan):], 0.95),
        "zoom_max_cpu_ms": round(max(cpu[len(pan):]), 2),
        "frames": len(everything),
    }


def main() -> None:
    print(json.dumps(carolus_frames()), flush=True)


if __name__ == "__main__":
    main()
