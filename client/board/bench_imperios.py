"""Map board speed for `make bench`: Imperios Milenarios's table on the whole map.

    python -m client.board.bench_imperios          # one JSON line

A 7-civilisation game is drawn at 1920×1080 by the real app loop, with totems of
several civilisations in every area (more than 300 pieces: more than any real position,
drawn from a view set by hand), while the pointer drags the board round a loop and the
wheel zooms in and out one notch at a time (the same gestures as Carolus's bench).
Frame time is the whole `App.frame`, wall-clock and this process's CPU milliseconds.
"""

from __future__ import annotations

import json
import os
from typing import Any

from client.board.bench import _Clock, _pan, _percentile, _zoom


def _crowded_table(size: tuple[int, int]) -> tuple[Any, Any]:
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
    session = Session.new("imperios_milenarios", default_seats([("ai", "easy")] * 7), 3, {})
    autoplay(session, 30)
    scene = TableScene(app, session)
    app.push(scene)
    view = dict(scene.view.view)
    areas = {}
    for i, key in enumerate(sorted(view["areas"])):
        seats = [(i + k) % 7 for k in range(4 + i % 4)]
        areas[key] = {"presence": seats, "control": seats[0] if i % 3 == 0 else None}
    view["areas"] = areas
    scene.view.show(view, None)
    for _ in range(30):  # settle: the first level's pictures are painted lazily
        app.frame(1 / 60)
    return app, scene


def imperios_frames(size: tuple[int, int] = (1920, 1080)) -> dict[str, object]:
    app, scene = _crowded_table(size)
    totems = sum(len(a["presence"]) + (a["control"] is not None)
                 for a in scene.view.view["areas"].values())
    vp = scene.view.board.camera.viewport
    clock = _Clock(app)
    _pan(clock, vp)
    n = len(clock.wall)
    _zoom(clock, vp)
    app.quit()
    pan, zoom = clock.wall[:n], clock.wall[n:]
    return {
        "bench": "imperios_board_frame",
        "size": f"{size[0]}x{size[1]}",
        "totems_on_board": totems,
        "pan_p95_ms": _percentile(pan, 0.95),
        "zoom_p95_ms": _percentile(zoom, 0.95),
        "all_p95_ms": _percentile(clock.wall, 0.95),
        "pan_p95_cpu_ms": _percentile(clock.cpu[:n], 0.95),
        "zoom_p95_cpu_ms": _percentile(clock.cpu[n:], 0.95),
        "frames": len(clock.wall),
    }


def main() -> None:
    print(json.dumps(imperios_frames()), flush=True)


if __name__ == "__main__":
    main()
