"""`make bench`: the speed figures the issues ask for, printed as one JSON object per line."""

from __future__ import annotations

import json
import subprocess
import sys


def simulate(game: str, players: int, games: int) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-m", "rules", "simulate", game, "--players", str(players),
         "--games", str(games), "--agents", "random", "--seed", "1"],
        check=True, capture_output=True, text=True,
    ).stdout
    result: dict[str, object] = json.loads(out)
    return {k: result[k] for k in ("game", "players", "games", "errors", "actions_per_s", "wall_s")}


def main() -> None:
    print(json.dumps({"bench": "simulate", **simulate("kobayakawa", 5, 2000)}))
    print(json.dumps({"bench": "simulate", **simulate("coup", 4, 2000)}))
    print(json.dumps({"bench": "simulate", **simulate("magnate", 2, 2000)}))
    for players in (2, 3, 4):
        print(json.dumps({"bench": "simulate", **simulate("carolus_magnus", players, 1000)}))
    # The client: cold start to an interactive menu, and table frame times at 1920x1080.
    sys.stdout.flush()
    subprocess.run([sys.executable, "-m", "client.bench"], check=True)
    # The map board: Carolus Magnus's table at 1920x1080 while panning and zooming.
    subprocess.run([sys.executable, "-m", "client.board.bench"], check=True)
    # The AI: decision times per level, and hard against random and normal in arenas.
    subprocess.run([sys.executable, __file__.replace("bench.py", "bench_ai.py")], check=True)


if __name__ == "__main__":
    main()
