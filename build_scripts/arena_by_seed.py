"""A long arena that a lost machine cannot undo: every seed is its own game.

    python build_scripts/arena_by_seed.py GAME --players 4 --agents hard:200,normal:25 \
        --seeds 1501-1548 --jobs 2 --log docs/arena/run.jsonl [--commit] [--root DIR]

Each seed S is played as `python -m rules arena GAME --games 1 --seed S` (from `--root`,
a worktree of the code under test), so a game depends on its seed alone: a run cut by a
stop goes on with the seeds not yet in the log, and a game cut halfway is played again
from its start and comes out the same. The agents' order turns by one place a seed (the
arena's own `arena_seating`, by the seed), so over the run every agent sits in every seat. Each
finished game is appended to `--log` as one JSON line (the arena's own progress line);
with `--commit`, the log is committed after each game, alone, so that no finished game
is lost with the machine. Seeds already in the log are skipped.

With `--checkpoints DIR`, each game is played by `build_scripts/play_seed.py` instead:
the same game, its moves kept in DIR (committed every 10 minutes with `--commit`), so a
game cut by a stop goes on where it was rather than from its start.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from threading import Lock

from play_seed import commit_alone

from rules.simulate import arena_seating


def seeds_of(text: str) -> list[int]:
    """`1501-1548,1601` as a list of whole numbers."""
    found: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        found.extend(range(int(low), int(high or low) + 1))
    return found


def done_seeds(log: Path) -> set[int]:
    """The seeds whose games the log already holds."""
    if not log.exists():
        return set()
    return {json.loads(line)["arena_game"] for line in log.read_text().splitlines() if line}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--agents", required=True)
    parser.add_argument("--seeds", required=True)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", type=Path, required=True)
    parser.add_argument("--root", type=Path, default=Path.cwd())
    parser.add_argument("--commit", action="store_true")
    parser.add_argument("--nice", type=int, default=5)
    parser.add_argument("--checkpoints", type=Path, default=None,
                        help="keep each game's moves here (build_scripts/play_seed.py), so a "
                             "game cut by a stop goes on from where it was, not from its start")
    args = parser.parse_args(argv)
    agents = args.agents.split(",")
    log = args.log.resolve()
    todo = [s for s in seeds_of(args.seeds) if s not in done_seeds(log)]
    lock = Lock()

    def play(seed: int) -> None:
        seating = arena_seating(agents, len(agents), seed)
        if args.checkpoints is None:
            command = ["nice", "-n", str(args.nice), sys.executable, "-m", "rules", "arena",
                       args.game, "--players", str(args.players), "--games", "1",
                       "--seed", str(seed), "--agents", ",".join(seating), "--progress"]
        else:  # the same game, move by move, going on from its checkpoint if it was cut
            checkpoint = args.checkpoints.resolve() / f"{log.stem}_{seed}.jsonl"
            command = ["nice", "-n", str(args.nice), sys.executable,
                       str(Path(__file__).resolve().parent / "play_seed.py"), args.game,
                       "--players", str(args.players), "--seed", str(seed),
                       "--agents", ",".join(seating), "--checkpoint", str(checkpoint)]
            if args.commit:
                command += ["--commit-every", "600"]
        env = {**os.environ, "PYTHONPATH": str(args.root.resolve())}
        done = subprocess.run(command, cwd=args.root, capture_output=True, text=True, env=env)
        lines = [line for line in done.stderr.splitlines() if line.startswith('{"arena_game"')]
        if not lines:
            print(f"seed {seed}: no result (exit {done.returncode})\n{done.stderr[-2000:]}",
                  file=sys.stderr, flush=True)
            return
        record = json.loads(lines[-1])
        record["ended"] = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
        with lock:
            with log.open("a") as out:
                out.write(json.dumps(record) + "\n")
            print(json.dumps(record), flush=True)
            if args.commit:
                commit_alone(log, f"arena log: {args.game} seed {seed} ({log.name})")

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(play, todo))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
