"""Client speed figures for `make bench`: table frame times with animations, cold start,
and the CPU an idle menu or table costs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time


def frame_times(size: tuple[int, int] = (1920, 1080), frames: int = 600) -> dict[str, object]:
    """Frame times of the table scene at `size`, with deal/flip/medal animations always running."""
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
    kinds: list[tuple[str, str | None]] = [("human", None)] + [("ai", "easy")] * 4
    session = Session.new("kobayakawa", default_seats(kinds), 7, {})
    autoplay(session, 12)
    session.lift_curtain(session.humans()[0])
    scene = TableScene(app, session)
    app.push(scene)
    view = scene.view.view
    replay = [
        {"type": "round_started", "order": view["order"], "kobayakawa": 9},
        {"type": "fought", "seat": view["order"][0], "bet": 1},
        {"type": "flipped", "seat": view["order"][1], "card": 4},
    ]
    times, cpu = [], []
    for i in range(frames):
        if not scene.timeline.busy:
            scene._animate(replay, view)
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        if i == 0:
            times.clear()  # the first frame renders and caches the static surfaces
            cpu.clear()
    app.quit()
    times.sort()
    cpu.sort()
    return {
        "bench": "client_frame",
        "size": f"{size[0]}x{size[1]}",
        "frames": len(times),
        "p50_ms": round(times[len(times) // 2], 2),
        "p95_ms": round(times[int(len(times) * 0.95)], 2),
        "max_ms": round(times[-1], 2),
        # CPU time of the frame's own thread: what the frame costs when other programs
        # (or other test runs) share the cores and stretch the wall-clock figures.
        "cpu_p95_ms": round(cpu[int(len(cpu) * 0.95)], 2),
    }


def idle_cpu(seconds: float = 4.0, size: tuple[int, int] = (1280, 800)) -> dict[str, object]:
    """CPU seconds per wall second while the app waits, run by its own loop (`App.run`'s
    pace): on the main menu, and at a Kobayakawa table waiting for the human; headless.
    Both after a second and a half to settle (hover and tooltip time after the start)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("TABLERO_DATA_DIR", os.path.join("build", "bench-data"))
    from client.app import FPS, IDLE_FPS, SETTLE, App
    from client.scenes.launch import autoplay, default_seats
    from client.scenes.menu import MainMenu
    from client.scenes.table import TableScene
    from client.session import Session
    from client.settings import Settings

    app = App(Settings(language="en"), size)
    app.inline_ai = True
    app.autosave = False
    kinds: list[tuple[str, str | None]] = [("human", None)] + [("ai", "easy")] * 3
    session = Session.new("kobayakawa", default_seats(kinds), 7, {})
    autoplay(session, 12)
    while session.ais_to_act():  # the table waits for the human, not for an AI
        autoplay(session, 1)
    session.lift_curtain(session.humans()[0])
    figures: dict[str, object] = {"bench": "client_idle_cpu", "seconds": seconds}
    for name, scene in (("menu", MainMenu(app)), ("table", TableScene(app, session))):
        app.reset_to(scene)

        def run(span: float) -> tuple[float, int]:
            start, start_cpu, draws = time.perf_counter(), time.process_time(), app.draws
            while time.perf_counter() - start < span:
                rate = FPS if app.needs_drawing() else IDLE_FPS
                app.frame(app.clock.tick(rate) / 1000)
            wall = time.perf_counter() - start
            return (time.process_time() - start_cpu) / wall, app.draws - draws

        run(SETTLE + 0.5)
        cpu, draws = run(seconds)
        figures[f"{name}_cpu_per_s"] = round(cpu, 3)
        figures[f"{name}_draws"] = draws
    app.quit()
    return figures


def _ready() -> None:
    """Child side of the cold start: build the app, draw the menu once, say so."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from client.app import App
    from client.scenes.menu import MainMenu
    from client.settings import Settings

    app = App(Settings(language="en"))
    app.push(MainMenu(app))
    app.frame(0.0)
    print("ready", flush=True)
    app.quit()


def cold_start(runs: int = 3) -> dict[str, object]:
    """Seconds from launching Python to an interactive main menu (best and worst of `runs`)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.setdefault("TABLERO_DATA_DIR", os.path.join("build", "bench-data"))
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "client.bench", "--ready"], env=env,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        child.stdout.readline()
        seconds.append(time.perf_counter() - start)
        child.wait()
    return {"bench": "client_cold_start", "runs": runs, "best_s": round(min(seconds), 3),
            "worst_s": round(max(seconds), 3)}


def main() -> None:
    if "--ready" in sys.argv:
        _ready()
        return
    print(json.dumps(cold_start()), flush=True)
    print(json.dumps(frame_times()), flush=True)
    print(json.dumps(idle_cpu()), flush=True)


if __name__ == "__main__":
    main()
