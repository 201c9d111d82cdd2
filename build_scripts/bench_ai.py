"""`make bench`, AI part: per game, decision times per level and strength in arenas.

Printed as one JSON object per line:

- `ai_speed`: on positions from random games, the seconds per decision
  (median and max) and iterations per second of the normal and hard levels,
  exactly as the app uses them (with their time limits).
- `ai_strength`: arenas with seats rotated, win rate per agent with a 95%
  Wilson interval. A hard game of Magnate takes minutes, so within the
  bench's few minutes the arenas play the levels' own policies with smaller
  iteration budgets and no time limits: `hard:N` with N what the hard level
  searches in `DECISION_S` seconds on this machine (at most its own budget),
  and `normal:N/6` (the levels' own ratio), as many games as fit in
  `SECONDS_PER_ARENA`. `BENCH_AI_DECISION_S=2 BENCH_AI_SECONDS=3600` measures
  the full levels.

  Kobayakawa is the exception (`FULL_BUDGET_GAMES`): its arenas play the levels'
  own iteration budgets (`hard:2500` against `normal:400`), for `FULL_BUDGET_SECONDS`
  each. Its levels differ in how they model the other seats: normal lets them learn
  by their own UCB statistics, which turn them into mind readers only once their
  information sets repeat (a few hundred iterations); at a tenth of a second
  (`normal:30`) those nodes are new every iteration, normal plays like its policy,
  and the arena would measure a difference the real levels do not have. A full
  hard decision there takes about one second, so the bench can afford it.

Targets: hard beats random in at least 95% of two-player games and takes at
least twice its fair share in n-player games; hard beats normal in at least
60% of the games (two-player) or takes at least 60% of the wins when two
hard and two normal seats alternate (n-player).

- `ai_speed_vs_baseline`: `bench_ai_speed.py` run on this tree and on the
  rules of commit `BASELINE` (extracted with `git archive` into a temporary
  folder), alternating, `SPEED_ROUNDS` times each, best figure kept: random
  games per second, hard iterations per second (CPU time) and Python calls
  per iteration, before and after, with the ratio.
- `ai_target`: the strength targets of issue 18 at the *real* levels against the
  baseline bots, seats rotated, for `BENCH_AI_TARGET_SECONDS` each. The levels play
  the iteration budgets they reach within their time limits on a quiet machine
  (`COUP_HARD`, `KOBAYAKAWA_HARD`, `normal:400`), so a loaded machine gives the same
  games (a hard game of Coup takes half a minute, so the bench's figure has a wide
  interval; `docs/ai.md` gives the longer runs and their commands).
- `ai_bots`: every game's baseline bots by name, then the map games' greedy bots
  (`rules/<game>/ai_bots.py`, no target in issue 18) against random players and
  against hard at the budgets of these games' own arenas, seats rotated, for
  `BENCH_AI_BOT_SECONDS` each (at least one round of two games).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import rules
from rules.ai.agents import game_bots
from rules.ai.ismcts import LEVELS, search
from rules.simulate import arena

DECISION_S = float(os.environ.get("BENCH_AI_DECISION_S", "0.1"))
SECONDS_PER_ARENA = float(os.environ.get("BENCH_AI_SECONDS", "120"))
SPEED_POSITIONS = 5
JOBS = 2
FULL_BUDGET_GAMES = frozenset({"kobayakawa"})
FULL_BUDGET_SECONDS = float(os.environ.get("BENCH_AI_FULL_SECONDS", "600"))
GAMES_PER_ROUND = JOBS
ROOT = Path(__file__).resolve().parent.parent
BASELINE = "a09691a"
"""The commit before issue 18's work on speed and inference."""
SPEED_ROUNDS = 2
SPEED_SECONDS = float(os.environ.get("BENCH_AI_SPEED_SECONDS", "4"))
TARGET_SECONDS = float(os.environ.get("BENCH_AI_TARGET_SECONDS", "240"))
COUP_HARD = "hard:8000"
"""Coup's hard level as it plays on a quiet machine: it stops at its 8,000 iterations
(median 0.9 s) before its 1.8 s. As an iteration budget the arena plays the same games
however loaded the machine is (a loaded machine cut the timed level to a few hundred)."""
KOBAYAKAWA_HARD = "hard:6000"
"""Kobayakawa's hard level on a quiet machine: its 1.8 s buy about 6,000 iterations."""
TARGETS: list[tuple[str, int, list[str], float]] = [
    # game, players, agents (hard first), hard's win rate the issue asks for
    ("coup", 2, [COUP_HARD, "honest"], 0.75),
    ("coup", 2, [COUP_HARD, "bluffer"], 0.75),
    ("coup", 2, [COUP_HARD, "sceptic"], 0.75),
    ("coup", 2, [COUP_HARD, "normal:400"], 0.6),
    ("kobayakawa", 4, [KOBAYAKAWA_HARD, "threshold", "threshold", "threshold"], 0.40),
    ("magnate", 2, ["hard", "greedy"], 0.8),
    ("carolus_magnus", 2, ["hard", "greedy"], 0.8),
]

BOT_SECONDS = float(os.environ.get("BENCH_AI_BOT_SECONDS", "60"))
MAP_BOT_MATCHES: list[tuple[str, int, list[str]]] = [
    ("conquest_of_the_empire", 2, ["greedy", "random"]),
    ("corona_de_hierro", 4, ["greedy", "random", "random", "random"]),
    ("imperios_milenarios", 4, ["greedy", "random", "random", "random"]),
    ("conquest_of_the_empire", 2, ["hard:240", "greedy"]),
    ("corona_de_hierro", 4, ["hard:160", "greedy", "greedy", "greedy"]),
    ("imperios_milenarios", 4, ["hard:60", "greedy", "greedy", "greedy"]),
]
"""The map games' greedy bots. A game against random takes a fraction of a CPU second;
against hard, about 55 CPU seconds (Conquest, `hard:240`), 6 (Corona, `hard:160`) and
23 (Imperios, `hard:60`): `docs/ai.md` gives the longer runs."""


def bots_named() -> dict[str, Any]:
    """Every game's baseline bots, as `--agents` names them."""
    return {"bench": "ai_bots", "bots": {game_id: sorted(game_bots(rules.get_game(game_id)))
                                         for game_id in sorted(rules.GAMES)}}


def bot_match(game_id: str, players: int, specs: list[str]) -> dict[str, Any]:
    """One map-game bot arena, with the command that plays it longer."""
    command = (f"nice -n 15 python -m rules arena {game_id} --players {players} --games 12 "
               f"--seed 300 --agents {','.join(specs)}")
    result = strength(rules.get_game(game_id), players, "bot", specs, BOT_SECONDS)
    return {**result, "bench": "ai_bots", "longer": command}


def speed_versus_baseline() -> dict[str, Any]:
    """This tree's engine and search speed beside the baseline commit's, same minutes."""
    script = str(ROOT / "build_scripts" / "bench_ai_speed.py")
    best: dict[str, dict[str, dict[str, float]]] = {"before": {}, "after": {}}
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", BASELINE, "rules", "maps"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        for _ in range(SPEED_ROUNDS):
            for label, path in (("before", tmp), ("after", str(ROOT))):
                env = {**os.environ, "PYTHONPATH": path}
                out = subprocess.run([sys.executable, script, str(SPEED_SECONDS)], cwd=path,
                                     env=env, check=True, capture_output=True, text=True).stdout
                for figure, per_game in json.loads(out).items():
                    kept = best[label].setdefault(figure, {})
                    for game, value in per_game.items():
                        better = min if figure.startswith("calls") else max
                        kept[game] = better(kept.get(game, value), value)
    ratio = {
        figure: {game: round(best["after"][figure][game] / value, 2)
                 for game, value in per_game.items() if value}
        for figure, per_game in best["before"].items()
    }
    return {"bench": "ai_speed_vs_baseline", "baseline": BASELINE, "rounds": SPEED_ROUNDS,
            "before": best["before"], "after": best["after"], "after_over_before": ratio}


def target(game_id: str, players: int, specs: list[str], wanted: float) -> dict[str, Any]:
    """One strength target at the real levels: hard's win rate, interval, and verdict."""
    game = rules.get_game(game_id)
    result = strength(game, players, "target", specs, TARGET_SECONDS)
    figures = result["per_agent"][specs[0]]
    low, high = figures["win_rate_ci95"]
    verdict = "met" if low >= wanted else "missed" if high < wanted else "open"
    return {**result, "bench": "ai_target", "target": wanted, "hard_win_rate": figures["win_rate"],
            "hard_ci95": [low, high], "verdict": verdict}


def bench_players(game: rules.Game[Any]) -> int:
    """Two players where the game allows it, else four (or its minimum)."""
    if game.info.min_players <= 2 <= game.info.max_players:
        return 2
    return max(game.info.min_players, min(4, game.info.max_players))


def speed(game: rules.Game[Any], players: int) -> dict[str, Any]:
    rng = random.Random(1)
    states = []
    state = game.new_game(players, seed=1)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            states.append(state)
        state = game.apply(state, seat, rng.choice(legal)).state
    states = rng.sample(states, min(SPEED_POSITIONS, len(states)))
    out: dict[str, Any] = {"bench": "ai_speed", "game": game.id, "players": players}
    for level in ("normal", "hard"):
        seconds, iterations = [], 0
        for s in states:
            result = search(game, s, game.to_act(s)[0], LEVELS[level])
            seconds.append(result.seconds)
            iterations += result.iterations
        out[level] = {
            "median_decision_s": round(statistics.median(seconds), 3),
            "max_decision_s": round(max(seconds), 3),
            "iterations_per_s": round(iterations / sum(seconds), 1),
        }
    return out


def strength(
    game: rules.Game[Any], players: int, name: str, specs: list[str], seconds: float
) -> dict[str, Any]:
    """Rounds of `GAMES_PER_ROUND` games until `seconds` are spent; seats rotate."""
    start = time.perf_counter()
    tally = None
    seed = 1
    while tally is None or time.perf_counter() - start < seconds:
        part = arena(game, players, GAMES_PER_ROUND, seed, specs, jobs=JOBS)
        seed += GAMES_PER_ROUND
        if tally is None:
            tally = part
        else:
            tally.merge(part)
    summary = tally.summary()
    return {
        "bench": "ai_strength",
        "game": game.id,
        "players": players,
        "match": name,
        "agents": specs,
        "games": summary["games"],
        "errors": summary["errors"],
        "wall_s": round(time.perf_counter() - start, 1),
        "per_agent": {
            agent: {k: figures[k] for k in ("win_rate", "win_rate_ci95", "share_of_wins",
                                            "median_decision_s", "iterations_per_s")}
            for agent, figures in summary["per_agent"].items()
        },
    }


def main() -> None:
    print(json.dumps(speed_versus_baseline()), flush=True)
    for game_id, players, specs, wanted in TARGETS:
        if game_id in rules.GAMES:
            print(json.dumps(target(game_id, players, specs, wanted)), flush=True)
    print(json.dumps(bots_named()), flush=True)
    for game_id, players, specs in MAP_BOT_MATCHES:
        if game_id in rules.GAMES:
            print(json.dumps(bot_match(game_id, players, specs)), flush=True)
    ratio = LEVELS["hard"].iterations / LEVELS["normal"].iterations
    for game_id in sorted(rules.GAMES):
        game = rules.get_game(game_id)
        players = bench_players(game)
        timing = speed(game, players)
        print(json.dumps(timing), flush=True)
        seconds = SECONDS_PER_ARENA
        if game_id in FULL_BUDGET_GAMES:
            budget, seconds = LEVELS["hard"].iterations, FULL_BUDGET_SECONDS
        else:
            budget = int(timing["hard"]["iterations_per_s"] * DECISION_S)
            budget = max(12, min(LEVELS["hard"].iterations, budget))
        hard, normal = f"hard:{budget}", f"normal:{max(2, round(budget / ratio))}"
        versus_random = [hard] + ["random"] * (players - 1)
        for name, specs in (("hard_vs_random", versus_random), ("hard_vs_normal", [hard, normal])):
            print(json.dumps(strength(game, players, name, specs, seconds)), flush=True)


if __name__ == "__main__":
    main()
