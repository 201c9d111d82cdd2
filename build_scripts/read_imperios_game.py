"""Read an Imperios arena game again from its moves: what each seat did, not who searched.

    python build_scripts/read_imperios_game.py docs/arena/checkpoints/imperios_run_d_1801.jsonl \
        --seed 1801 --seats normal:25,hard:190,normal:25,hard:190

Replays the checkpoint `build_scripts/play_seed.py` keeps (the rules alone, no search; a
game that has not ended is read as far as it went) and prints one JSON line per seat: its
agent, final (or current) score, census by round, sacks made and suffered, and how often it
ended a phase-turn while a conversion was legal and its hand held more tokens than the
round's end keeps (tokens thrown away: docs/ai.md, 7 December 2026). `--seats` names each
seat's agent, as the arena log's line for the seed gives them ("seats"). Run it with the
code of the run first on the path (`PYTHONPATH=../wtd`) if the rules have changed since.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

CENSUS_ROUNDS = (3, 6, 9, 12, 15)


def read(path: Path, seed: int, seats: list[str]) -> list[dict[str, Any]]:
    from rules import get_game
    from rules.imperios_milenarios.actions import Convert, EndTurn
    from rules.imperios_milenarios.components import RESERVE_LIMIT
    from rules.imperios_milenarios.logic_score import score
    from rules.imperios_milenarios.state import Stage

    game = get_game("imperios_milenarios")
    players = len(seats)
    state = game.new_game(players, seed, {})
    ended, thrown, sacked, lost = Counter(), Counter(), Counter(), Counter()
    census: dict[int, list[int]] = {}
    for line in path.read_text().splitlines():
        move = json.loads(line)
        seat, action = move["seat"], game.action_from_json(move["action"])
        if isinstance(action, EndTurn) and state.stage is Stage.PHASE:
            ended[seat] += 1
            if (sum(state.hand[seat]) > RESERVE_LIMIT[state.age[seat]] and any(
                    isinstance(a, Convert) for a in game.legal_actions(state, seat))):
                thrown[seat] += 1
        step = game.apply(state, seat, action)
        for ev in step.events:
            if ev["type"] == "sacked":
                sacked[ev["seat"]] += 1
                lost[ev["defender"]] += 1
        state = step.state
        if state.round in CENSUS_ROUNDS and state.round not in census:
            census[state.round] = list(state.census)
    outcome = game.outcome(state)
    return [{"seat": p, "agent": seats[p], "score": score(state, p)["total"],
             "won": outcome is not None and p in outcome.winners, "round": state.round,
             "census_by_round": {r: c[p] for r, c in census.items()},
             "phase_turns_ended": ended[p], "ended_over_tokens_thrown_away": thrown[p],
             "sacks_made": sacked[p], "sacks_suffered": lost[p]} for p in range(players)]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkpoint", type=Path)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--seats", required=True, help="each seat's agent, from the log")
    args = parser.parse_args(argv)
    if not args.checkpoint.is_file():
        parser.error(f"no such checkpoint: {args.checkpoint}")
    seats = args.seats.split(",")
    if not 4 <= len(seats) <= 7:
        parser.error("--seats names one agent per seat, 4 to 7 of them")
    for row in read(args.checkpoint, args.seed, seats):
        print(json.dumps(row))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
