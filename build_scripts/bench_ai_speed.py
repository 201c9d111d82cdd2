"""Engine and search speed of whatever `rules` package is first on the path.

`bench_ai.py` runs this once on the working tree and once on the baseline's
`rules/` (extracted from a fixed commit), back to back, so both figures come
from the same machine in the same minute. It prints one JSON object:

Times are this process's CPU seconds (`time.process_time`), which other jobs on
a shared machine disturb far less than the wall clock.

- `random_games_per_s`: per game, uniformly random games played to the end
  through `Game.apply` (every check included) per second;
- `hard_iterations_per_s`: per game, ISMCTS iterations per second of the hard
  level's policy (`level_config(game, "hard")`) with a fixed iteration budget and
  no time limit, on the same positions from a seeded random game;
- `calls_per_iteration` and `calls_per_game`: Python function calls per search
  iteration and per random game, counted by `cProfile`: a figure the machine's
  load does not change.

Usage: `python build_scripts/bench_ai_speed.py [seconds per figure]`.
"""

from __future__ import annotations

import cProfile
import json
import pstats
import random
import sys
import time
from dataclasses import replace
from functools import partial
from typing import Any

import rules
from rules.ai.ismcts import level_config, search

GAMES = {"coup": 2, "kobayakawa": 4, "magnate": 2, "carolus_magnus": 2}
RANDOM_PLAY = ("coup", "kobayakawa")
RANDOM_PLAYERS = {"coup": 4, "kobayakawa": 5}  # as `make bench`'s simulate lines
POSITIONS = 4
ITERATIONS = 200


def random_game(game: Any, players: int, seed: int) -> int:
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    actions = 0
    while True:
        to_act = game.to_act(state)
        if not to_act:
            return actions
        seat = to_act[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat))).state
        actions += 1


def positions(game: Any, players: int) -> list[Any]:
    rng = random.Random(1)
    found = []
    state = game.new_game(players, 1)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            found.append(state)
        state = game.apply(state, seat, rng.choice(legal)).state
    return rng.sample(found, min(POSITIONS, len(found)))


def searches(game: Any, states: list[Any]) -> int:
    config = replace(level_config(game, "hard"), iterations=ITERATIONS, time_limit=None)
    done = 0
    for s in states:
        done += search(game, s, game.to_act(s)[0], config, seed=1).iterations
    return done


def twenty_games(game: Any, players: int) -> None:
    for k in range(20):
        random_game(game, players, k)


def counted_searches(game: Any, states: list[Any], counted: list[int]) -> None:
    counted.append(searches(game, states))


def calls(run: Any) -> int:
    profile = cProfile.Profile()
    profile.enable()
    run()
    profile.disable()
    return int(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    out: dict[str, Any] = {"random_games_per_s": {}, "calls_per_game": {},
                           "hard_iterations_per_s": {}, "calls_per_iteration": {}}
    for game_id in RANDOM_PLAY:
        game = rules.get_game(game_id)
        players = RANDOM_PLAYERS[game_id]
        start, played = time.process_time(), 0
        while time.process_time() - start < budget:
            random_game(game, players, played)
            played += 1
        out["random_games_per_s"][game_id] = round(played / (time.process_time() - start), 1)
        out["calls_per_game"][game_id] = round(calls(partial(twenty_games, game, players)) / 20)
    for game_id, players in GAMES.items():
        game = rules.get_game(game_id)
        states = positions(game, players)
        start, done = time.process_time(), 0
        while time.process_time() - start < budget:
            done += searches(game, states)
        out["hard_iterations_per_s"][game_id] = round(done / (time.process_time() - start))
        counted: list[int] = []
        total = calls(partial(counted_searches, game, states, counted))
        out["calls_per_iteration"][game_id] = round(total / counted[0])
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
