"""`make bench`, Imperios Milenarios part (issue 14): conservation over the issue's 300
random games per mode, the AI's decision times and strength targets with intervals, and
the balance checks of item 7 and §8. One JSON object per line.

    python build_scripts/bench_imperios.py [conservation] [speed] [strength] [real_levels] [balance]

(all five when none is named; `real_levels` reads the logs of the arenas at the real
levels, docs/ai.md; `hard_vs_random` or `hard_vs_normal` alone is one arena;
`departures`, only when named, checks hard's departures from the policy by playouts).
Environment knobs, for a quiet machine or a longer run:

- `IMPERIOS_GAMES_PER_MODE` (300): random games per player count and final Age in
  `tests/test_imperios_milenarios.py`'s conservation test (every step checked).
- `IMPERIOS_BENCH_SECONDS` (600): wall seconds each strength arena may take (whole
  games, `IMPERIOS_BENCH_JOBS` (2) at a time, seeds from `IMPERIOS_BENCH_SEED`, 1).
  `IMPERIOS_HARD` / `IMPERIOS_NORMAL` (`hard:60`, `normal:8`): the agents there, the
  levels' own policies with iteration budgets smaller than the real ones (hard's 1.8 s
  buys about 200 iterations a decision at 4 players on this 2-core machine, each rollout
  300 actions deep; normal stops at 25, `ai.LEVEL_OVERRIDES`). The ratio 60 : 8 is about
  the real levels' (190 : 25); the real levels' own figures are run D's, docs/ai.md,
  where a game of two hard and two normal seats took a median 369 CPU seconds.
- `IMPERIOS_BALANCE_GAMES` (40): games per mode of the balance table, every seat
  played by the AI's rollout policy (`ai.rollout_action`, no search: a proxy for
  AI-against-AI games that costs seconds a game); `IMPERIOS_BALANCE_SEARCH` (2): games
  per mode with `normal:12` in every seat for the 7-player modes the doubts are about.
- `IMPERIOS_ROLLOUT_NOISE` (unset): in the departures check, hard's rollouts with this
  noise (`SearchConfig.rollout_noise`) instead of its level's. `IMPERIOS_FLAT=1`: hard
  searches flat there (`SearchConfig.flat`: no tree below its own first choice);
  `IMPERIOS_ROLLOUT_DEPTH`: its rollouts cut after this many actions, not the game's.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.ai.agents import make_agent_for
from rules.ai.ismcts import IsmctsAgent, _Search, level_config, search
from rules.core import Action, Game, Seat
from rules.imperios_milenarios import GAME
from rules.imperios_milenarios.ai import rollout_action
from rules.imperios_milenarios.state import ImperiosState
from rules.simulate import arena, wilson_interval

ROOT = Path(__file__).resolve().parent.parent
GAMES_PER_MODE = int(os.environ.get("IMPERIOS_GAMES_PER_MODE", "300"))
ARENA_SECONDS = float(os.environ.get("IMPERIOS_BENCH_SECONDS", "600"))
HARD = os.environ.get("IMPERIOS_HARD", "hard:60")
NORMAL = os.environ.get("IMPERIOS_NORMAL", "normal:8")
JOBS = int(os.environ.get("IMPERIOS_BENCH_JOBS", "2"))
FIRST_SEED = int(os.environ.get("IMPERIOS_BENCH_SEED", "1"))
BALANCE_GAMES = int(os.environ.get("IMPERIOS_BALANCE_GAMES", "40"))
BALANCE_SEARCH = int(os.environ.get("IMPERIOS_BALANCE_SEARCH", "2"))
NOISE = (float(os.environ["IMPERIOS_ROLLOUT_NOISE"]) if "IMPERIOS_ROLLOUT_NOISE" in os.environ
         else None)
FLAT = os.environ.get("IMPERIOS_FLAT") == "1"
DEPTH = (int(os.environ["IMPERIOS_ROLLOUT_DEPTH"]) if "IMPERIOS_ROLLOUT_DEPTH" in os.environ
         else None)
MODES = [(n, age) for n in (4, 5, 6, 7) for age in ("cobre", "bronce", "hierro")
         if age != "hierro" or n >= 6]


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


# -- conservation --------------------------------------------------------------------------------
def conservation() -> None:
    """The rules test's random games, `GAMES_PER_MODE` per mode, on both cores."""
    env = {**os.environ, "IMPERIOS_GAMES_PER_MODE": str(GAMES_PER_MODE)}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2",
         "tests/test_imperios_milenarios.py", "-k", "random_games_conserve"],
        cwd=ROOT, env=env, capture_output=True, text=True)
    last = (done.stdout.strip().splitlines() or ["no output"])[-1]
    emit({"bench": "imperios_conservation", "games_per_mode": GAMES_PER_MODE,
          "modes": len(MODES), "games": GAMES_PER_MODE * len(MODES),
          "passed": done.returncode == 0, "pytest": last,
          "wall_s": round(time.perf_counter() - start, 1)})


# -- decision times ----------------------------------------------------------------------------
def positions(players: int, count: int, seed: int = 1) -> list[ImperiosState]:
    """Decisions with a choice from the first rounds of a policy game (where the AI thinks)."""
    rng = random.Random(seed)
    state = GAME.new_game(players, seed)
    found = []
    while GAME.to_act(state) and state.round <= 8:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if len(legal) > 1:
            found.append(state)
        state = GAME.apply(state, seat, rollout_action(GAME, state, seat, rng)).state
    return rng.sample(found, min(count, len(found)))


def speed(count: int = 8) -> None:
    """Median and worst seconds per decision of the real levels, 4 and 7 players, and the
    iterations a CPU second buys (times a level's time limit: its budget on a quiet core;
    the wall-clock figures shrink with the machine's load, that one does not)."""
    for players in (4, 7):
        states = positions(players, count)
        for level, limit in (("normal", 0.5), ("hard", 2.0)):
            config = level_config(GAME, level)
            seconds, iterations = [], 0
            cpu = time.process_time()
            for s in states:
                result = search(GAME, s, GAME.to_act(s)[0], config)
                seconds.append(result.seconds)
                iterations += result.iterations
            cpu = time.process_time() - cpu
            median = statistics.median(seconds)
            emit({"bench": "imperios_ai_speed", "players": players, "level": level,
                  "positions": len(states), "median_decision_s": round(median, 3),
                  "max_decision_s": round(max(seconds), 3),
                  "iterations_per_decision": round(iterations / len(states), 1),
                  # what the level's time limit buys on an unloaded core (CPU seconds)
                  "iterations_per_cpu_s": round(iterations / cpu, 1),
                  "cpu_share": round(cpu / sum(seconds), 2),
                  "target_median_s": limit, "met": median <= limit})


# -- strength ------------------------------------------------------------------------------------
MATCHES = {"hard_vs_random": ([HARD, "random", "random", "random"], 0.75),
           "hard_vs_normal": ([HARD, NORMAL], 0.6)}
"""Hard against three random seats (target: 3× the fair share of 1/4), and two hard
against two normal seats alternating (target: 0.6 of the wins between them)."""


def match(name: str) -> None:
    """One of `MATCHES` at 4 players for `ARENA_SECONDS`, seats rotating every game."""
    specs, wanted = MATCHES[name]
    start = time.perf_counter()
    tally = None
    seed = FIRST_SEED
    batch = max(len(specs), JOBS)  # every agent in every seat once per batch
    while tally is None or time.perf_counter() - start < ARENA_SECONDS:
        part = arena(GAME, 4, batch, seed, specs, jobs=JOBS)
        seed += batch
        if tally is None:
            tally = part
        else:
            tally.merge(part)
    summary = tally.summary()
    hard = summary["per_agent"][HARD]
    if name == "hard_vs_random":
        wins, trials = hard["wins"], hard["seat_games"]
    else:  # every game has one winner, a hard or a normal seat
        wins, trials = hard["wins"], summary["finished"]
    low, high = wilson_interval(wins, trials)
    rate = wins / trials if trials else 0.0
    verdict = "met" if low >= wanted else "missed" if high < wanted else "open"
    emit({"bench": "imperios_ai_strength", "match": name, "players": 4, "agents": specs,
          "games": summary["games"], "errors": summary["errors"],
          "mean_actions": summary["mean_actions"], "hard_wins": wins, "trials": trials,
          "hard_rate": round(rate, 3), "hard_ci95": [round(low, 3), round(high, 3)],
          "target": wanted, "verdict": verdict,
          "median_decision_s": {a: f["median_decision_s"]
                                for a, f in summary["per_agent"].items()},
          "wall_s": round(time.perf_counter() - start, 1)})


def strength() -> None:
    for name in MATCHES:
        match(name)


REAL_LEVEL_RUNS = {"hard_vs_random": ("docs/arena/imperios_random_d.jsonl", 0.75),
                   "hard_vs_normal": ("docs/arena/imperios_run_d.jsonl", 0.6)}
"""The arenas at the real levels (`hard:190`, what hard searches in its 1.8 s here, and
`normal:25`), one game a seed, declared and read in docs/ai.md (7 December, run D): far
too long for a bench (a game of two hard seats takes some six CPU minutes), so the bench
reads their committed logs."""


def real_levels() -> None:
    """Hard's share of the wins in the logged real-level arenas, with its 95% interval."""
    for name, (log, wanted) in REAL_LEVEL_RUNS.items():
        games = [json.loads(line) for line in (ROOT / log).read_text().splitlines() if line]
        wins = sum(sum(a.startswith("hard") for a in g["winning_agents"])
                   / len(g["winning_agents"]) for g in games if g["winning_agents"])
        low, high = wilson_interval(wins, len(games))
        emit({"bench": "imperios_ai_strength_real_levels", "match": name, "log": log,
              "agents": sorted({a for g in games for a in g["seats"]}), "games": len(games),
              "errors": sum(1 for g in games if g["error"]), "hard_wins": wins,
              "hard_rate": round(wins / len(games), 3) if games else 0.0,
              "hard_ci95": [round(low, 3), round(high, 3)], "target": wanted,
              "verdict": "met" if low >= wanted else "missed" if high < wanted else "open"})


# -- balance ------------------------------------------------------------------------------------
class PolicyAgent:
    """Plays the AI's rollout policy: each legal action scored by the heuristic."""

    def __init__(self, seed: int) -> None:
        self.name = "policy"
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any], state: ImperiosState, seat: Seat) -> Action:
        return rollout_action(game, state, seat, self.rng)


def play(players: int, final: str, seed: int, spec: str) -> dict[str, Any]:
    """One game with `spec` in every seat: winner, rounds, why it ended, Ages reached."""
    agents = [PolicyAgent(seed * 10 + i) if spec == "policy"
              else make_agent_for(GAME, spec, seed * 10 + i) for i in range(players)]
    state = GAME.new_game(players, seed, {"final_age": final})
    actions = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat)).state
        actions += 1
    outcome = GAME.outcome(state)
    assert outcome is not None
    return {"winner": outcome.winners[0], "rounds": state.round, "actions": actions,
            "ends": sorted(e.value for e in state.ends), "ages": list(state.age)}


def balance_mode(players: int, final: str, games: int, spec: str) -> dict[str, Any]:
    start = time.perf_counter()
    played = [play(players, final, 1000 + k, spec) for k in range(games)]
    rounds = [g["rounds"] for g in played]
    final_index = ("piedra", "cobre", "bronce", "hierro").index(final)
    reached = sum(sum(1 for a in g["ages"] if a >= final_index) for g in played)
    return {"bench": "imperios_balance", "players": players, "final_age": final,
            "agents": spec, "games": games,
            "wins_per_seat": [sum(g["winner"] == p for g in played) for p in range(players)],
            "rounds_median": statistics.median(rounds), "rounds_min": min(rounds),
            "rounds_max": max(rounds),
            "actions_median": statistics.median(g["actions"] for g in played),
            "ends": dict(Counter(e for g in played for e in g["ends"]).most_common()),
            "civs_in_final_age": round(reached / (games * players), 3),
            "wall_s": round(time.perf_counter() - start, 1)}


def balance() -> None:
    for players, final in MODES:
        emit(balance_mode(players, final, BALANCE_GAMES, "policy"))
    for players, final in ((7, "bronce"), (7, "hierro")):
        if BALANCE_SEARCH:
            emit(balance_mode(players, final, BALANCE_SEARCH, "normal:12"))


# -- departures from the policy ----------------------------------------------------------------
def departures() -> None:
    """Whether hard's search improves on the policy's own choice, without an arena: at
    `IMPERIOS_DEPARTURE_POSITIONS` (16) decisions with a choice, drawn from a policy game
    (seed `IMPERIOS_BENCH_SEED`), hard (`IMPERIOS_HARD`) decides; where it departs from
    the policy's first choice (`ai.rank` of what `ai.prune` keeps), both actions are
    scored by `IMPERIOS_PLAYOUTS` (200) games played to the end by the policy in every
    seat, from sampled worlds, the same worlds and playout seeds for both actions
    (common random numbers). The mean gain in the decider's win chance says whether the
    search's evaluation leads it to better moves than the policy's (against players
    who play the policy, as normal nearly does); a few CPU minutes a position."""
    from rules.imperios_milenarios.ai import prune, rank

    count = int(os.environ.get("IMPERIOS_DEPARTURE_POSITIONS", "16"))
    playouts = int(os.environ.get("IMPERIOS_PLAYOUTS", "200"))
    rng = random.Random(FIRST_SEED)
    state = GAME.new_game(4, FIRST_SEED)
    found = []
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if len(prune(GAME, state, seat, GAME.legal_actions(state, seat))) > 1:
            found.append(state)
        state = GAME.apply(state, seat, rollout_action(GAME, state, seat, rng)).state
    picks = sorted(rng.sample(range(len(found)), min(count, len(found))))
    agent = make_agent_for(GAME, HARD, FIRST_SEED)
    assert isinstance(agent, IsmctsAgent), HARD  # a level of the search, `hard:1300`
    config = agent.config_for(GAME)
    if NOISE is not None:
        config = replace(config, rollout_noise=NOISE)
    if FLAT:
        config = replace(config, flat=True)
    if DEPTH is not None:
        config = replace(config, rollout_depth=DEPTH)

    def win_chance(s: ImperiosState, seat: Seat, action: Action, salt: int) -> float:
        after = GAME.apply(s, seat, action).state
        total = 0.0
        for k in range(playouts):
            play_rng = random.Random(salt * 100_003 + k)
            world = GAME.sample_world(after, seat, play_rng)
            while GAME.to_act(world):
                actor = GAME.to_act(world)[0]
                world = GAME.apply(world, actor, rollout_action(GAME, world, actor,
                                                                play_rng)).state
            outcome = GAME.outcome(world)
            assert outcome is not None  # nobody left to act: the game is over
            total += (seat in outcome.winners) / len(outcome.winners)
        return total / playouts

    start = time.perf_counter()
    gains = []
    for i in picks:
        s = found[i]
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        first = rank(GAME, s, seat, prune(GAME, s, seat, legal))[0]
        # The level's search, its squares of rewards kept (`depart_z` 0 changes no
        # statistic, only the pick): the most visited is what the search plays without
        # `depart_z`, and its lead over the ranking's first choice is measured in
        # standard errors, so any `depart_z` can be read off the gains.
        run = _Search(GAME, s, seat, replace(config, depart_z=0.0), agent.seed)
        stats = run.run(legal).stats
        choice = max(stats, key=lambda st: (st.visits, st.reward)).action
        if choice == first:
            continue
        gain = win_chance(s, seat, choice, i) - win_chance(s, seat, first, i)
        gains.append(gain)
        emit({"bench": "imperios_departure", "position": i, "round": s.round,
              "policy": repr(first), "hard": repr(choice), "gain": round(gain, 3),
              "lead_z": round(run.lead(choice, first), 2)})
    mean = statistics.fmean(gains) if gains else 0.0
    spread = statistics.stdev(gains) if len(gains) > 1 else 0.0
    emit({"bench": "imperios_departures", "agent": HARD, "seed": FIRST_SEED,
          "rollout_noise": config.rollout_noise, "flat": config.flat,
          "rollout_depth": config.rollout_depth,
          "positions": len(picks), "departures": len(gains), "playouts": playouts,
          "mean_gain": round(mean, 4), "stdev_gain": round(spread, 4),
          "wall_s": round(time.perf_counter() - start, 1)})


PARTS = {"conservation": conservation, "speed": speed, "strength": strength,
         "real_levels": real_levels, "balance": balance}
"""What `make bench` runs (all of these when no part is named)."""
ON_DEMAND = {"hard_vs_random": lambda: match("hard_vs_random"),
             "hard_vs_normal": lambda: match("hard_vs_normal"), "departures": departures}
"""Parts run only when named: one arena of `strength` alone, and the departures check."""


def main(argv: list[str]) -> None:
    every = {**PARTS, **ON_DEMAND}
    names = argv or list(PARTS)
    unknown = [n for n in names if n not in every]
    if unknown:
        raise SystemExit(f"unknown part {unknown}; choose from {sorted(every)}")
    for name in names:
        every[name]()


if __name__ == "__main__":
    main(sys.argv[1:])
