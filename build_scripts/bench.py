"""`make bench`: the speed figures the issues ask for, printed as one JSON object per line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def simulate(game: str, players: int, games: int) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-m", "rules", "simulate", game, "--players", str(players),
         "--games", str(games), "--agents", "random", "--seed", "1"],
        check=True, capture_output=True, text=True,
    ).stdout
    result: dict[str, object] = json.loads(out)
    return {k: result[k] for k in ("game", "players", "games", "errors", "actions_per_s", "wall_s")}


def packaged_cold_start(root: Path = ROOT, runs: int = 3) -> dict[str, object]:
    """The built app (`make dist`) from launch to a saved picture of the main menu,
    headless, with a fresh data folder each time: best and worst of `runs`."""
    exe = root / "dist" / "tablero" / "tablero"
    if not exe.exists():
        return {"bench": "packaged_cold_start", "skipped": "run make dist first"}
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   "TABLERO_DATA_DIR": str(Path(tmp) / "data")}
            start = time.perf_counter()
            done = subprocess.run([str(exe), "--screenshot", str(Path(tmp) / "menu.png")],
                                  env=env, capture_output=True, text=True)
            times.append(time.perf_counter() - start)
        if done.returncode != 0:  # e.g. a build older than `--screenshot` without --game
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            return {"bench": "packaged_cold_start", "error": last, "exit": done.returncode}
    archives = sorted((root / "dist").glob("tablero-*.tar.gz"))
    size = round(archives[-1].stat().st_size / 2**20, 1) if archives else None
    return {"bench": "packaged_cold_start", "best_s": round(min(times), 3),
            "worst_s": round(max(times), 3), "archive_mb": size}


def main() -> None:
    print(json.dumps({"bench": "simulate", **simulate("kobayakawa", 5, 2000)}))
    print(json.dumps({"bench": "simulate", **simulate("coup", 4, 2000)}))
    print(json.dumps({"bench": "simulate", **simulate("magnate", 2, 2000)}))
    for players in (2, 3, 4):
        print(json.dumps({"bench": "simulate", **simulate("carolus_magnus", players, 1000)}))
    for players in (3, 4, 5):
        print(json.dumps({"bench": "simulate", **simulate("corona_de_hierro", players, 1000)}))
    for players in (4, 5, 7):  # random Imperios games run ~3,000 actions: 500 is enough
        print(json.dumps({"bench": "simulate", **simulate("imperios_milenarios", players, 500)}))
    for players in (2, 4, 6):  # issue 15: 0 errors, >= 5,000 actions/s
        print(json.dumps({"bench": "simulate", **simulate("conquest_of_the_empire", players, 300)}))
    # Conquest's conservation at every step of 300 random games per player count (2 to 6).
    sys.stdout.flush()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
         str(ROOT / "tests" / "test_conquest_of_the_empire.py"), "-k", "conservation"],
        env={**os.environ, "COE_RANDOM_GAMES": "300"}, capture_output=True, text=True)
    print(json.dumps({"bench": "conquest_conservation", "games_per_player_count": 300,
                      "passed": done.returncode == 0,
                      "result": (done.stdout.strip().splitlines() or [""])[-1]}), flush=True)
    # The client: cold start to an interactive menu, table frame times at 1920x1080, and
    # idle CPU (seconds per second) on the menu and at a table waiting for the human.
    sys.stdout.flush()
    subprocess.run([sys.executable, "-m", "client.bench"], check=True)
    # The map board: Carolus Magnus's table at 1920x1080 while panning and zooming.
    subprocess.run([sys.executable, "-m", "client.board.bench"], check=True)
    # Corona de Hierro's table, every pawn, banner and emissary of 5 players on the map.
    subprocess.run([sys.executable, "-m", "client.board.bench", "corona_de_hierro"], check=True)
    # Imperios Milenarios's table: 7 civilisations, 350 totems on the whole map.
    subprocess.run([sys.executable, "-m", "client.board.bench", "imperios_milenarios"],
                   check=True)
    # Conquest of the Empire's table: 6 players' armies and a mid-game spread (300+ pieces).
    subprocess.run([sys.executable, "-m", "client.board.bench", "conquest_of_the_empire"],
                   check=True)
    # The AI: decision times per level, and hard against random and normal in arenas.
    subprocess.run([sys.executable, __file__.replace("bench.py", "bench_ai.py")], check=True)
    # Imperios Milenarios: conservation at every step of 300 random games per player count
    # and final Age, decision times at 4 and 7 players, hard against random and normal with
    # 95% intervals (scaled arenas, and the logged ones at the real levels), and the balance
    # table of item 7 and §8 (build_scripts/bench_imperios.py).
    subprocess.run([sys.executable, __file__.replace("bench.py", "bench_imperios.py")],
                   check=True)
    # Conquest of the Empire's AI: decision times at 2/4/6 players, hard against random and
    # normal with 95% intervals, seat win rates by homeland (build_scripts/bench_conquest_ai.py).
    subprocess.run([sys.executable, __file__.replace("bench.py", "bench_conquest_ai.py")],
                   check=True)
    # Corona de Hierro's AI targets (decision times, hard against random and normal, with
    # 95% intervals) and the decisions page's §10 balance check at 3, 4 and 5 players.
    subprocess.run([sys.executable, "-m", "rules.corona_de_hierro.ai_balance", "--bench"],
                   check=True)
    # Coup's hard AI: how often it bluffs and how often its challenges win (4 players).
    subprocess.run([sys.executable, __file__.replace("bench.py", "bench_coup_bluff.py"),
                    "8", "4", "hard"], check=True)
    # Hostile files: the fuzzers of make test by the thousand (cases and failures).
    subprocess.run([sys.executable, __file__.replace("bench.py", "bench_fuzz.py")], check=False)
    # The packaged app (if built): cold start to the menu, and the archive's size.
    print(json.dumps(packaged_cold_start()), flush=True)


if __name__ == "__main__":
    main()
