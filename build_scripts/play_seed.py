"""One arena game that a stop cannot undo: `python -m rules arena GAME --games 1 --seed S`
played move by move, each move kept in a checkpoint so that a cut game goes on from
where it stopped instead of from its start.

    python build_scripts/play_seed.py GAME --players 4 --seed 1612 \
        --agents hard:190,normal:25 --checkpoint docs/arena/checkpoints/run_1612.jsonl \
        [--commit-every 600]

It sets the table exactly as the arena does for its game 0 (`rules.simulate._arena_games`:
one agent per distinct spec, seeded `seed * 1000 + i` in the order named, seated by
`arena_seating`), so it plays the same game. That holds across a cut because a searching
agent keeps nothing between decisions: a search is seeded by the agent's seed, the seat
and the seat's view (`rules.ai.ismcts._Search`), and the table's chance is in the state.
On a restart the checkpoint's moves are applied again without searching; an agent that
draws from its own generator as it goes (random, the bots) chooses its moves again,
cheaply, so that its generator is where it was, and must choose as recorded.

The checkpoint holds one JSON line per move: the seat, the action and the CPU seconds
spent so far. With `--commit-every N` it is committed to git every N seconds of wall
time, so a lost machine loses at most that much of the game. When the game ends, the
arena's own progress line is printed on stderr (its CPU seconds summed over every
part), and the checkpoint stays: it is the game's moves, to be read again (a replay of
the rules alone, no search) when a run asks why a game went as it did.

Run it with the code under test first on the path (the driver runs it from that
worktree with `PYTHONPATH` set to it): it imports only `rules`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def commit_alone(path: Path, message: str) -> None:
    """Commit `path` alone (it may be gone: then its removal), a few tries if the index
    is held by another commit for a moment."""
    for _ in range(5):
        added = subprocess.run(["git", "add", "-A", "--", str(path)], cwd=path.parent,
                               capture_output=True)
        made = subprocess.run(["git", "commit", "-q", "-m", message, "--", str(path)],
                              cwd=path.parent, capture_output=True)
        if added.returncode == 0 and made.returncode in (0, 1):
            return
        time.sleep(2)


def play(game_id: str, players: int, seed: int, specs: list[str], checkpoint: Path,
         commit_every: float | None = None) -> dict[str, Any]:
    """Play (or go on with) the arena's game `seed`; its progress line."""
    from rules import get_game
    from rules.ai.agents import make_agent_for
    from rules.ai.ismcts import IsmctsAgent
    from rules.core import RulesError
    from rules.simulate import ACTION_CAP, arena_seating

    game = get_game(game_id)
    names = list(dict.fromkeys(specs))
    pool = {spec: make_agent_for(game, spec, seed * 1000 + i) for i, spec in enumerate(names)}
    seat_specs = arena_seating(specs, players, 0)
    agents = [pool[spec] for spec in seat_specs]
    state = game.new_game(players, seed, {})
    count, spent = 0, 0.0
    if checkpoint.exists():
        for line in checkpoint.read_text().splitlines():
            if not line.strip():
                continue
            move = json.loads(line)
            seat, action = move["seat"], game.action_from_json(move["action"])
            if game.to_act(state)[:1] != (seat,):
                raise SystemExit(f"{checkpoint}: move {count} is not the game's (seat "
                                 f"{seat}, to act {game.to_act(state)})")
            # an agent that draws from its own generator as it goes (random, the bots)
            # chooses again, cheaply, to be where it was; a search needs not
            searching = isinstance(agents[seat], IsmctsAgent)
            if not searching and agents[seat].choose(game, state, seat) != action:
                raise SystemExit(f"{checkpoint}: move {count} is not {seat_specs[seat]}'s")
            state = game.apply(state, seat, action).state
            count, spent = count + 1, move["cpu"]
    checkpoint.parent.mkdir(parents=True, exist_ok=True)
    error = None
    cpu = time.process_time() - spent  # process time since this part began, plus before
    last_commit = time.monotonic()
    with checkpoint.open("a") as out:
        while count < ACTION_CAP:
            to_act = game.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            try:  # a rules error ends the game, as in the arena (`play_game`)
                action = agents[seat].choose(game, state, seat)
                state = game.apply(state, seat, action).state
            except RulesError as exc:
                error = f"{type(exc).__name__}: {exc}"
                break
            count += 1
            out.write(json.dumps({"seat": seat, "action": game.action_to_json(action),
                                  "cpu": round(time.process_time() - cpu, 3)}) + "\n")
            out.flush()
            if commit_every is not None and time.monotonic() - last_commit >= commit_every:
                commit_alone(checkpoint, f"arena checkpoint: {game_id} seed {seed}, {count} moves")
                last_commit = time.monotonic()
    if error is None and game.to_act(state):
        error = f"cap: no end after {ACTION_CAP} actions"
    if commit_every is not None:
        commit_alone(checkpoint, f"arena checkpoint: {game_id} seed {seed}, {count} moves")
    outcome = None if error else game.outcome(state)
    winners = [] if outcome is None else list(outcome.winners)
    return {"arena_game": seed, "seats": seat_specs, "winners": winners,
            "winning_agents": [seat_specs[w] for w in winners], "actions": count,
            "error": error, "cpu_s": round(time.process_time() - cpu, 1)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--agents", required=True)
    parser.add_argument("--checkpoint", type=Path, required=True)
    parser.add_argument("--commit-every", type=float, default=None)
    args = parser.parse_args(argv)
    checkpoint = args.checkpoint.resolve()
    line = play(args.game, args.players, args.seed, args.agents.split(","), checkpoint,
                args.commit_every)
    print(json.dumps(line), file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
