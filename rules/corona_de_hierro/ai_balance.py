"""The balance check of the decisions page §10, measured in AI-against-AI games.

    python -m rules.corona_de_hierro.ai_balance --players 4 --games 100 --agents policy
    python -m rules.corona_de_hierro.ai_balance --players 4 --games 20 --agents normal:40

`policy` is the AI's rollout policy (`ai.rollout_action`) playing on the real state (a
cheap stand-in for the search, which sees every card: a measuring tool, never an
opponent); any other spec is an agent as `python -m rules arena`
builds it (`hard:N`, `normal:N`, `random`). Castles are chosen by the agents too.

Printed as one JSON object: seat win rates (a shared win split), how games end, who was
ruined and how (no castle / no army), mean actions per player (the two per turn, the
one that ended the game included), win rate per start castle and how often each start
was chosen first, and the targets of §10 with a verdict each.

    python -m rules.corona_de_hierro.ai_balance --bench

is `make bench`'s part for this game, one JSON object per line: the real levels' seconds
per decision, hard's share of the wins against three random seats and against two normal
seats (budgets `CORONA_BENCH_HARD`, games `CORONA_BENCH_GAMES`) with 95% intervals and a
verdict against the issue's targets, and the §10 check at 3, 4 and 5 players: many games
of the rollout policy, then a few (`CORONA_BENCH_SEARCH_GAMES`) of the search itself
(`CORONA_BENCH_SEARCH`, normal:25), which ends far fewer games by a ruin.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

import rules
from rules.ai.agents import Agent, make_agent_for
from rules.ai.ismcts import level_config, search
from rules.core import Action, Game, Seat
from rules.corona_de_hierro import ai
from rules.corona_de_hierro.actions import ChooseMainCastle
from rules.corona_de_hierro.components import CASTLES
from rules.corona_de_hierro.state import CoronaState, End
from rules.simulate import arena, wilson_interval

CAP = 5000


class PolicyAgent:
    """The rollout policy on the real state: what the search imagines a player does."""

    def __init__(self, seed: int) -> None:
        self.name = "policy"
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any], state: Any, seat: Seat) -> Action:
        return ai.rollout_action(game, state, seat, self.rng)


def build(game: Game[Any], spec: str, seed: int) -> Agent:
    """`policy`, or any agent `python -m rules arena` knows."""
    return PolicyAgent(seed) if spec == "policy" else make_agent_for(game, spec, seed)


def ruin_kind(s: CoronaState) -> list[str]:
    """For a ruined game: per ruined seat, 'castle' (holds none) or 'army'."""
    out = []
    for p in range(s.players):
        if not any(o == p for o in s.owner):
            out.append("castle")
        elif not any(s.army[c * s.players + p] for c in range(len(s.army) // s.players)) and \
                not any(o == p and t for o, t in zip(s.owner, s.troops, strict=True)):
            out.append("army")
    return out


def ruined_seats(s: CoronaState) -> list[Seat]:
    return [p for p in range(s.players) if not any(o == p for o in s.owner) or (
        not any(s.army[c * s.players + p] for c in range(len(s.army) // s.players))
        and not any(o == p and t for o, t in zip(s.owner, s.troops, strict=True)))]


def play(game: Game[Any], players: int, seed: int, agents: list[Agent]) -> dict[str, Any]:
    cpu = time.process_time()
    s: CoronaState = game.new_game(players, seed)
    starts: list[str] = [""] * players
    first: str = ""
    count = 0
    last: tuple[Seat, str, Seat] = (0, "", 0)
    while game.to_act(s) and count < CAP:
        seat = game.to_act(s)[0]
        action = agents[seat].choose(game, s, seat)
        if s.pending is None:
            last = (seat, action.TYPE + (":" + str(getattr(action, "card", ""))), s.current)
        if isinstance(action, ChooseMainCastle):
            starts[seat] = action.castle
            if not first:
                first = action.castle
        s = game.apply(s, seat, action).state
        count += 1
    outcome = game.outcome(s)
    if outcome is None:
        return {"error": f"no end after {count} decisions"}
    main_actions = 2 * (s.turn - 1) + (2 - s.actions_left) + (1 if s.end else 0)
    return {
        "winners": list(outcome.winners),
        "end": s.end.value if s.end else "?",
        "ruin": ruin_kind(s) if s.end is End.RUINED else [],
        "ruined_seats": ruined_seats(s) if s.end is End.RUINED else [],
        "last": last,
        "actions_per_player": main_actions / players,
        "starts": starts,
        "first": first,
        "crowned": max(s.legitimacy),
        "decisions": count,
        "cpu_s": round(time.process_time() - cpu, 1),
    }


def measure(players: int, games: int, seed: int, specs: list[str],
            quiet: bool = False) -> dict[str, Any]:
    game = rules.get_game("corona_de_hierro")
    wins = [0.0] * players
    ends: Counter[str] = Counter()
    ruins: Counter[str] = Counter()
    per_start: dict[str, list[float]] = {}
    per_agent: dict[str, list[float]] = {}
    first: Counter[str] = Counter()
    actions: list[float] = []
    errors = 0
    for k in range(games):
        seat_specs = [specs[(i + k) % len(specs)] for i in range(players)]
        agents = [build(game, spec, seed * 1000 + k * 10 + i)
                  for i, spec in enumerate(seat_specs)]
        result = play(game, players, seed + k, agents)
        if "error" in result:
            errors += 1
            continue
        share = 1 / len(result["winners"])
        for w in result["winners"]:
            wins[w] += share
        ends[result["end"]] += 1
        ruins.update(result["ruin"])
        actions.append(result["actions_per_player"])
        first[result["first"]] += 1
        for p, spec in enumerate(seat_specs):
            per_agent.setdefault(spec, []).append(share if p in result["winners"] else 0.0)
        for p, castle in enumerate(result["starts"]):
            per_start.setdefault(castle, []).append(share if p in result["winners"] else 0.0)
        if not quiet:
            print(f"game {k} seed {seed + k} {seat_specs}: {result}", file=sys.stderr,
                  flush=True)
    played = games - errors
    rates = [round(w / played, 3) for w in wins]
    end_share = {e: round(ends[e] / played, 3) for e in ("crown", "deck", "ruined")}
    mean_actions = round(statistics.mean(actions), 1) if actions else 0.0
    greys = [c.key for c in CASTLES
             if c.category == "grey" and (players == 5 or not c.five_players_only)]
    return {
        "players": players,
        "games": played,
        "errors": errors,
        "agents": specs,
        "seat_win_rate": rates,
        "agent_win_rate": {a: round(statistics.mean(v), 3) for a, v in per_agent.items()},
        "ends": end_share,
        "ruined_by": dict(ruins),
        "actions_per_player": mean_actions,
        "actions_per_player_range": [round(min(actions), 1), round(max(actions), 1)]
        if actions else [],
        "start_win_rate": {c: round(statistics.mean(v), 3) for c, v in sorted(per_start.items())},
        "start_chosen_first": {c: first[c] for c in greys},
        "targets": {
            "seat_spread_le_0.08": round(max(rates) - min(rates), 3) <= 0.08,
            "crown_0.3_to_0.6": 0.3 <= end_share["crown"] <= 0.6,
            "deck_most_of_rest": end_share["deck"] > end_share["ruined"],
            "every_start_first": all(first[c] for c in greys),
            "actions_20_to_40": 20 <= mean_actions <= 40,
        },
    }


# -- make bench: the AI targets, with intervals ----------------------------------

HARD_BUDGET = int(os.environ.get("CORONA_BENCH_HARD", "160"))
"""Iterations of `hard:N` in the bench's arenas; normal gets an eighth, near the levels'
ratio (hard's 1.8 s buys about 860 iterations on a quiet core, and normal stops at 100,
`ai.LEVEL_OVERRIDES`; docs/ai.md gives the equivalence)."""
BENCH_GAMES = int(os.environ.get("CORONA_BENCH_GAMES", "8"))
BENCH_JOBS = int(os.environ.get("CORONA_BENCH_JOBS", "2"))
"""Processes the bench's arenas play in (as bench_ai's); 1 on a shared machine."""
BALANCE_GAMES = int(os.environ.get("CORONA_BENCH_BALANCE_GAMES", "300"))
SEARCH_BALANCE_GAMES = int(os.environ.get("CORONA_BENCH_SEARCH_GAMES", "4"))
BALANCE_SEARCH = os.environ.get("CORONA_BENCH_SEARCH", "normal:25")
"""The search that plays the §10 check's slower games (all seats)."""
SPEED_POSITIONS = 6


def _verdict(low: float, high: float, wanted: float) -> str:
    return "met" if low >= wanted else "missed" if high < wanted else "open"


def bench_speed(players: int = 4) -> dict[str, Any]:
    """Seconds per decision of the real levels (their time limits), on main decisions
    of rollout-policy games."""
    game = rules.get_game("corona_de_hierro")
    rng = random.Random(1)
    states = []
    for seed in range(3):
        s: CoronaState = game.new_game(players, seed)
        while game.to_act(s):
            seat = game.to_act(s)[0]
            if len(game.legal_actions(s, seat)) > 1:
                states.append(s)
            s = game.apply(s, seat, ai.rollout_action(game, s, seat, rng)).state
    states = rng.sample(states, SPEED_POSITIONS)
    out: dict[str, Any] = {"bench": "corona_ai_speed", "players": players}
    for level, wanted in (("normal", 0.5), ("hard", 2.0)):
        seconds = []
        iterations = 0
        cpu = time.process_time()
        config = level_config(game, level)
        for s in states:
            result = search(game, s, game.to_act(s)[0], config)
            seconds.append(result.seconds)
            iterations += result.iterations
        per_cpu_s = iterations / max(time.process_time() - cpu, 1e-9)
        median = statistics.median(seconds)
        limit = config.time_limit or 0.0
        out[level] = {"median_decision_s": round(median, 3),
                      "max_decision_s": round(max(seconds), 3),
                      "iterations_per_s": round(iterations / sum(seconds), 1),
                      "iterations_per_cpu_s": round(per_cpu_s, 1),
                      # what the time limit buys a process with a core to itself
                      "quiet_core_iterations": min(config.iterations,
                                                   round(per_cpu_s * limit)),
                      "target_s": wanted, "verdict": "met" if median <= wanted else "missed"}
    return out


def bench_match(name: str, specs: list[str], wanted: float, games: int) -> dict[str, Any]:
    """Hard's share of the wins in a 4-player arena (seats rotate), with a 95% interval:
    against three random seats the target is 3× the fair share (0.75); against two
    normal seats, 0.6 of the wins between them."""
    game = rules.get_game("corona_de_hierro")
    tally = arena(game, 4, games, 1, specs, jobs=BENCH_JOBS)
    summary = tally.summary()
    hard = summary["per_agent"][specs[0]]
    won = hard["wins"]
    all_wins = sum(r["wins"] for r in summary["per_agent"].values())
    if name == "hard_vs_random":  # one hard seat a game: its win rate is its share
        rate = hard["win_rate"]
        low, high = hard["win_rate_ci95"]
    else:
        rate = round(won / all_wins, 3) if all_wins else 0.0
        low, high = (round(x, 3) for x in wilson_interval(won, round(all_wins)))
    return {
        "bench": "corona_ai_target", "match": name, "agents": specs, "games": summary["games"],
        "errors": summary["errors"], "hard_share_of_wins": rate, "ci95": [low, high],
        "target": wanted, "verdict": _verdict(low, high, wanted),
        "median_decision_s": {a: r["median_decision_s"] for a, r in summary["per_agent"].items()},
        "wall_s": summary["wall_s"],
    }


def bench() -> None:
    print(json.dumps(bench_speed()), flush=True)
    hard, normal = f"hard:{HARD_BUDGET}", f"normal:{max(2, HARD_BUDGET // 8)}"
    print(json.dumps(bench_match("hard_vs_random", [hard, "random", "random", "random"], 0.75,
                                 BENCH_GAMES)), flush=True)
    print(json.dumps(bench_match("hard_vs_normal", [hard, normal], 0.6, BENCH_GAMES)),
          flush=True)
    for players in (3, 4, 5):
        result = measure(players, BALANCE_GAMES, 0, ["policy"], quiet=True)
        print(json.dumps({"bench": "corona_balance", **result}), flush=True)
    for players in (3, 4, 5):  # the search itself: slower, fewer games, what players meet
        result = measure(players, SEARCH_BALANCE_GAMES, 0, [BALANCE_SEARCH], quiet=True)
        print(json.dumps({"bench": "corona_balance", **result}), flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rules.corona_de_hierro.ai_balance")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agents", default="policy", help="comma-separated; seats rotate")
    parser.add_argument("--bench", action="store_true",
                        help="make bench's lines: decision times, hard's targets, §10 checks")
    args = parser.parse_args(argv)
    if args.bench:
        bench()
        return
    specs = [a.strip() for a in args.agents.split(",")]
    print(json.dumps(measure(args.players, args.games, args.seed, specs)))


if __name__ == "__main__":
    main()
