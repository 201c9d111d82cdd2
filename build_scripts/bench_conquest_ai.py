"""`make bench`, Conquest of the Empire II's AI: decision times, strength and balance.

    python build_scripts/bench_conquest_ai.py [speed] [strength] [balance] [duel] [calibrate]

(speed, strength and balance when none is named). One JSON object per line:

- `conquest_ai_speed`: per player count (2, 4, 6), the normal and hard levels exactly as
  the app uses them (their time limits), on `SPEED_POSITIONS` positions of a random game
  with more than one choice: median and maximum seconds per decision, iterations per
  wall and per CPU second, the share of a core the search got (`cpu_share`), and
  `quiet_iterations_median`: the iterations the time limit buys when the process has a
  core to itself (iterations per CPU second times the limit, at most the level's
  iteration budget), the budgets that stand for the real levels in a long duel on a
  shared machine. Targets: normal median <= 0.5 s, hard <= 2 s.
- `conquest_ai_strength`: arenas with seats rotated, win rate and share of wins per agent
  with a 95% Wilson interval. A real hard game takes ~150 decisions of up to 1.8 s, so the
  arenas play the levels' own policies with iteration budgets and no time limit:
  `hard:HARD` (`CONQUEST_HARD`, default 60, as in docs/ai.md) and `normal:HARD/8`: on a
  quiet core hard's 1.8 s buys about 960 iterations at two players, and normal stops at
  25 (`ai.LEVEL_OVERRIDES`): an eighth gives normal more than the real levels' ratio
  (about a 36th), so the scaled arena is the harder test for hard. Targets:
  hard against random >= 0.95 of two-player games and >= 3x the fair share (0.75) at
  four; hard takes >= 0.6 of the wins against normal.
- `conquest_policy_vs_random`: the rollout policy alone (no search) in one seat against
  random seats, `CONQUEST_BALANCE` games at 2 and 4 players: cheap support for the
  arenas' short intervals.
- `conquest_balance`: AI-against-AI games at 2, 3, 4 and 6 players, every seat the
  rollout policy (the levels' own policy, no search: cheap enough for hundreds of games);
  per homeland its win rate (shared wins split) with a 95% Wilson interval, beside the
  fair share.

- `conquest_duel` (only when named): two-player games between `CONQUEST_DUEL` (default
  `hard:HARD,normal:HARD/8`), seats swapping every game, from seed `CONQUEST_SEED`
  (default 1) on: one `conquest_duel_game` line per game as it ends (a long run can be
  read, or stopped, on the way), then wins and share of wins per agent with a 95% Wilson
  interval and the median CPU seconds per decision. With `CONQUEST_DUEL_SAVES=DIR` each
  game is also written there as a save (`duel_SEED.json`), to be replayed and read.

- `conquest_temperature` (only when named `calibrate`): at 2, 4 and 6 players,
  `CONQUEST_BALANCE` games of the rollout policy with a tenth of its moves random (seeds
  9000 on); every fifth position's projected VP (`ai.projected_vp`) against who won. Per
  seasons left, the temperature of the softmax that makes those outcomes likeliest
  (`likeliest_temperature`, from `TEMPERATURE_GRID`), its mean log loss beside the log
  loss of the evaluation's own temperature, of the Hint's (`ai.CHANCE_TEMPERATURE`) and
  of a uniform guess.

- `conquest_tempo_*` (only when named `tempo`): what the evaluation's prices stand on,
  from two-player games of the policy: `tempo_action` (30 games) what an action moves
  its seat's projection against the rival's, per season (`ACTION_VP`); `tempo_talents`
  (400 games) talents taken or given at the start of season 1 or 3 against the final
  lead (`TALENT_VP`); `tempo_last_place` (500 games a season) one season's auction
  settled both ways against the final lead (`LAST_WORD_VP`).

  A duel agent may name variants of the evaluation after its spec, e.g.
  `hard:240+flat+bid`: the AI's constants of `VARIANTS` are set while that agent decides
  (and the module's own values while an agent without them does), so two versions of the
  hooks meet head to head. With `CONQUEST_PAIRED=1` each seed is played twice, the seats
  swapped, so the deal favours neither.

`CONQUEST_GAMES` sets the strength arenas' and the duel's games (default 12) and
`CONQUEST_BALANCE` the balance games per player count (default 200).
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import sys
import time
from dataclasses import replace
from typing import Any

import rules
from rules.ai.agents import make_agent_for
from rules.ai.ismcts import level_config, search
from rules.conquest_of_the_empire import GAME, State, Step
from rules.conquest_of_the_empire import actions as A
from rules.conquest_of_the_empire import ai as conquest_ai
from rules.conquest_of_the_empire.components import SEASONS, board
from rules.core import Action, Seat
from rules.core.saves import AI_LEVELS, GameRecord
from rules.simulate import arena, arena_seating

SPEED_POSITIONS = 8
HARD = int(os.environ.get("CONQUEST_HARD", "60"))
GAMES = int(os.environ.get("CONQUEST_GAMES", "12"))
BALANCE_GAMES = int(os.environ.get("CONQUEST_BALANCE", "200"))
SAVES = os.environ.get("CONQUEST_DUEL_SAVES", "")
PAIRED = os.environ.get("CONQUEST_PAIRED", "") == "1"
RED = 0
VARIANTS: dict[str, dict[str, Any]] = {
    "flat": {"SEASON_WEIGHT": (1.0, 0.4)},  # later seasons' scorings count less
    "bid": {"BID_RAISES": 2},  # the search raises an auction by at most 10 talents
    "margin": {"MARGIN_SCALE": 50.0},  # the reward's place share by the projected lead
    "calibrated": {"TEMPERATURE": (12.0, 30.0, 40.0, 100.0)},  # fitted by `calibrate`
}
"""Named changes to `conquest_ai`'s constants that a duel agent can carry (`+name`)."""
CONFIG_VARIANTS: dict[str, dict[str, Any]] = {
    "nowiden": {"use_widening": False},  # no progressive widening by `rank`
}
"""Named changes to the agent's own search config (`+name`)."""


class VariantAgent:
    """An agent that decides with some of the AI's constants changed (`VARIANTS`)."""

    def __init__(self, spec: str, seed: int) -> None:
        base, *names = spec.split("+")
        self.inner = make_agent_for(GAME, base, seed)
        self.values = {key: getattr(conquest_ai, key)
                       for changes in VARIANTS.values() for key in changes}
        for name in names:
            if name in CONFIG_VARIANTS:
                inner: Any = self.inner
                inner.config = replace(inner.config, **CONFIG_VARIANTS[name])
            else:
                self.values.update(VARIANTS[name])

    def choose(self, game: Any, state: State, seat: int) -> Action:
        for key, value in self.values.items():
            setattr(conquest_ai, key, value)
        return self.inner.choose(game, state, seat)


def wilson(wins: float, n: int, z: float = 1.96) -> list[float]:
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    d = 1 + z * z / n
    return [round(max(0.0, (centre - margin) / d), 4), round(min(1.0, (centre + margin) / d), 4)]


def speed(players: int) -> dict[str, Any]:
    rng = random.Random(players)
    states = []
    s = GAME.new_game(players, seed=players)
    while GAME.to_act(s):
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        if len(legal) > 1:
            states.append(s)
        s = GAME.apply(s, seat, rng.choice(legal)).state
    states = rng.sample(states, min(SPEED_POSITIONS, len(states)))
    out: dict[str, Any] = {"bench": "conquest_ai_speed", "players": players}
    for level in ("normal", "hard"):
        config = level_config(GAME, level)
        seconds, cpu, quiet, iterations = [], [], [], 0
        for st in states:
            began = time.process_time()
            result = search(GAME, st, GAME.to_act(st)[0], config)
            used = time.process_time() - began
            seconds.append(result.seconds)
            cpu.append(used)
            iterations += result.iterations
            # a search that stopped on its iteration budget would search no more on a quiet core
            quiet.append(min(config.iterations,
                             result.iterations * result.seconds / max(used, 1e-6)))
        out[level] = {"median_decision_s": round(statistics.median(seconds), 3),
                      "max_decision_s": round(max(seconds), 3),
                      "cpu_share": round(sum(cpu) / sum(seconds), 2),
                      "iterations_per_s": round(iterations / sum(seconds), 1),
                      "iterations_per_cpu_s": round(iterations / sum(cpu), 1),
                      "quiet_iterations_median": round(statistics.median(quiet))}
    return out


def strength(players: int, name: str, specs: list[str], seed: int = 1) -> dict[str, Any]:
    summary = arena(GAME, players, GAMES, seed, specs).summary()
    return {
        "bench": "conquest_ai_strength", "players": players, "match": name, "agents": specs,
        "games": summary["games"], "errors": summary["errors"],
        "per_agent": {
            agent: {k: figures[k] for k in ("win_rate", "win_rate_ci95", "share_of_wins",
                                            "median_decision_s")}
            for agent, figures in summary["per_agent"].items()
        },
    }


def duel(specs: list[str], games: int, seed: int) -> dict[str, Any]:
    """Two-player games between `specs` (seats swap every game), one JSON line per game as
    it ends (so that a long run can be read, or stopped, on the way), then the summary:
    wins and share of wins per agent with a 95% Wilson interval, and CPU seconds per
    decision (the iteration budgets make the result independent of the machine's load)."""
    agents = {spec: VariantAgent(spec, seed * 1000 + i) for i, spec in enumerate(specs)}
    wins = dict.fromkeys(specs, 0.0)
    cpu: dict[str, list[float]] = {spec: [] for spec in specs}
    for k in range(games):
        seating = arena_seating(specs, 2, k)
        s = GAME.new_game(2, seed=seed + (k // 2 if PAIRED else k))
        played: list[tuple[int, Action]] = []
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            forced = len(GAME.legal_actions(s, seat)) == 1
            began = time.process_time()
            action = agents[seating[seat]].choose(GAME, s, seat)
            if not forced:  # only decisions: a forced step costs nothing
                cpu[seating[seat]].append(time.process_time() - began)
            played.append((seat, action))
            s = GAME.apply(s, seat, action).state
        if SAVES:
            save_game(seed + (k // 2 if PAIRED else k), seating, played)
        outcome = GAME.outcome(s)
        assert outcome is not None
        for seat in outcome.winners:
            wins[seating[seat]] += 1 / len(outcome.winners)
        print(json.dumps({"bench": "conquest_duel_game", "seed": seed + (k // 2 if PAIRED else k),
                          "seats": seating,
                          "winners": [seating[q] for q in outcome.winners], "vp": s.vp}),
              flush=True)
    total = sum(wins.values())
    return {"bench": "conquest_duel", "agents": specs, "games": games, "seed": seed,
            "per_agent": {spec: {"wins": wins[spec],
                                 "share_of_wins": round(wins[spec] / total, 3) if total else 0.0,
                                 "share_ci95": wilson(wins[spec], games),
                                 "median_cpu_s": round(statistics.median(cpu[spec]), 3)
                                 if cpu[spec] else 0.0}
                          for spec in specs}}


def save_game(seed: int, seating: list[str], played: list[tuple[int, Action]]) -> None:
    """A duel game as a save in `SAVES` (`python -m rules replay` or the app's load), so a
    lost game can be looked at move by move without playing it again."""
    seats = [{"name": spec, "kind": "ai", "colour": i,
              "level": spec.partition(":")[0] if spec.partition(":")[0] in AI_LEVELS else "easy"}
             for i, spec in enumerate(seating)]
    record = GameRecord(GAME.id, seats, seed, {}, played)
    os.makedirs(SAVES, exist_ok=True)
    with open(os.path.join(SAVES, f"duel_{seed}.json"), "w", encoding="utf-8") as out:
        out.write(record.dumps())


def policy_game(players: int, seed: int, policy_seats: range | tuple[int, ...] | None = None
                ) -> State:
    """One game with the given seats (every seat if None) playing the rollout policy and
    the others uniformly random legal actions."""
    rng = random.Random(seed)
    s = GAME.new_game(players, seed=seed)
    seats = range(players) if policy_seats is None else policy_seats
    while GAME.to_act(s):
        seat = GAME.to_act(s)[0]
        if seat in seats:
            action = conquest_ai.rollout_action(GAME, s, seat, rng)
        else:
            action = rng.choice(GAME.legal_actions(s, seat))
        s = GAME.apply(s, seat, action).state
    return s


def policy_versus_random(players: int) -> dict[str, Any]:
    """The search's rollout policy alone in one seat (rotating) against random seats."""
    wins = 0.0
    for k in range(BALANCE_GAMES):
        me = k % players
        outcome = GAME.outcome(policy_game(players, 5000 + k, (me,)))
        assert outcome is not None
        wins += 1 / len(outcome.winners) if me in outcome.winners else 0.0
    return {"bench": "conquest_policy_vs_random", "players": players, "games": BALANCE_GAMES,
            "win_rate": round(wins / BALANCE_GAMES, 3),
            "win_rate_ci95": wilson(wins, BALANCE_GAMES)}


def balance(players: int) -> dict[str, Any]:
    wins: dict[str, float] = {}
    vp: dict[str, list[int]] = {}
    for k in range(BALANCE_GAMES):
        s = policy_game(players, seed=1000 * players + k)
        outcome = GAME.outcome(s)
        assert outcome is not None
        for seat in range(players):
            home = board().provinces[s.homeland[seat]].key
            share = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
            wins[home] = wins.get(home, 0.0) + share
            vp.setdefault(home, []).append(s.vp[seat])
    return {
        "bench": "conquest_balance", "players": players, "games": BALANCE_GAMES,
        "agents": "rollout policy", "fair_share": round(1 / players, 3),
        "per_homeland": {
            home: {"win_rate": round(w / BALANCE_GAMES, 3),
                   "win_rate_ci95": wilson(w, BALANCE_GAMES),
                   "mean_vp": round(statistics.mean(vp[home]), 1)}
            for home, w in sorted(wins.items())
        },
    }


TEMPERATURE_GRID = (6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 130, 160, 200)
CALIBRATION_NOISE = 0.1


def _log_loss(points: list[tuple[list[float], tuple[int, ...]]], temperature: float) -> float:
    """Mean log loss of the winners' chance, a softmax of projected VP at `temperature`
    (for two seats the sigmoid of the lead over the temperature)."""
    total = 0.0
    for projected, winners in points:
        shares = conquest_ai._softmax(projected, temperature)
        total -= math.log(min(max(sum(shares[q] for q in winners), 1e-9), 1.0))
    return total / len(points)


def calibrate(players: int) -> dict[str, Any]:
    """How much a projected lead decides, per seasons left: the evaluation's softmax
    fitted to how policy games end at `players` seats."""
    by_left: dict[int, list[tuple[list[float], tuple[int, ...]]]] = {}
    for k in range(BALANCE_GAMES):
        rng = random.Random(k)
        s = GAME.new_game(players, seed=9000 + k)
        seen: list[tuple[int, list[float]]] = []
        step = 0
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            step += 1
            if step % 5 == 0:
                seen.append((conquest_ai._left(s), conquest_ai.projected_vp(s)))
            if rng.random() < CALIBRATION_NOISE:
                action = rng.choice(GAME.legal_actions(s, seat))
            else:
                action = conquest_ai.rollout_action(GAME, s, seat, rng)
            s = GAME.apply(s, seat, action).state
        outcome = GAME.outcome(s)
        assert outcome is not None
        for left, projected in seen:
            by_left.setdefault(left, []).append((projected, tuple(outcome.winners)))
    rows = {}
    for left, points in sorted(by_left.items(), reverse=True):
        best = min(TEMPERATURE_GRID, key=lambda t: _log_loss(points, t))
        own = conquest_ai.temperature_for(left)
        hint = conquest_ai.CHANCE_TEMPERATURE[left - 1]
        rows[str(left)] = {"positions": len(points), "likeliest_temperature": best,
                           "log_loss": round(_log_loss(points, best), 3),
                           "evaluation_temperature": own,
                           "log_loss_at_evaluation": round(_log_loss(points, own), 3),
                           "hint_temperature": hint,
                           "log_loss_at_hint": round(_log_loss(points, hint), 3),
                           "log_loss_uniform": round(math.log(players), 3)}
    return {"bench": "conquest_temperature", "players": players, "games": BALANCE_GAMES,
            "noise": CALIBRATION_NOISE, "per_seasons_left": rows}


def _policy_step(s: State, rng: random.Random) -> State:
    """The seat to act plays the policy's move."""
    seat = GAME.to_act(s)[0]
    after: State = GAME.apply(s, seat, conquest_ai.rollout_action(GAME, s, seat, rng)).state
    return after


def _play_out(s: State, rng: random.Random) -> State:
    """The policy in every seat from `s` to the end of the game."""
    while GAME.to_act(s):
        s = _policy_step(s, rng)
    return s


def _without_actions(s: State) -> list[float]:
    """`projected_vp` less its count of the actions each seat still has."""
    left = conquest_ai._left(s)
    return [v - conquest_ai.ACTION_VP * left * conquest_ai.actions_left(s, q)
            for q, v in enumerate(conquest_ai.projected_vp(s))]


def tempo_action(games: int) -> dict[str, Any]:
    """What an action moves its seat's projection against the rival's, per season, in
    two-player games of the policy (the evaluation's count of actions in hand left out):
    the measure of `ACTION_VP`."""
    gains: dict[int, list[float]] = {}
    for seed in range(games):
        rng = random.Random(seed)
        s = GAME.new_game(2, seed=seed)
        start: tuple[tuple[int, int, int, int], Seat, list[float], int] | None = None
        while GAME.to_act(s):
            if s.step is Step.ACTION and s.turn:
                key = (s.season, s.turn, s.pos, s.actions_done)
                if start is not None and start[0] != key:
                    _, actor, before, season = start
                    after = _without_actions(s)
                    gains.setdefault(season, []).append(
                        after[actor] - after[1 - actor] - before[actor] + before[1 - actor])
                    start = None
                if start is None:
                    start = (key, s.actor, _without_actions(s), s.season)
            s = _policy_step(s, rng)
    return {"bench": "conquest_tempo_action", "games": games,
            "mean_gain_by_season": {k: round(statistics.mean(v), 2)
                                    for k, v in sorted(gains.items())},
            "per_scoring_ahead": {k: round(statistics.mean(v) / (SEASONS - k + 1), 2)
                                  for k, v in sorted(gains.items())},
            "action_vp": conquest_ai.ACTION_VP}


def _auction_fixed(s: State, last: Seat) -> State:
    """The season's auction settled at 0 with `last` in the last place (two players)."""
    opener = s.actor
    for step in (A.Bid(0), A.NameSeat(1 - last), A.NameSeat(last)):
        s = GAME.apply(s, opener, step).state
    while s.step is Step.BID:
        s = GAME.apply(s, s.actor, A.Pass()).state
    return s


def tempo_last_place(games: int) -> dict[str, Any]:
    """What the last place in one season's order is worth at two players: the same seeds
    played with that season's auction settled one way and then the other (the policy
    everywhere else); half the mean difference of the final lead: the measure of
    `LAST_WORD_VP`."""
    out = {}
    for season in range(1, SEASONS + 1):
        diffs, wins = [], [0.0, 0.0]
        for seed in range(games):
            leads = []
            for k, last in enumerate((RED, 1 - RED)):
                rng = random.Random(seed)
                s = GAME.new_game(2, seed=seed)
                while s.season < season or s.step is not Step.BID:
                    s = _policy_step(s, rng)
                s = _play_out(_auction_fixed(s, last), rng)
                outcome = GAME.outcome(s)
                assert outcome is not None
                wins[k] += 1 / len(outcome.winners) if RED in outcome.winners else 0.0
                leads.append(s.vp[RED] - s.vp[1 - RED])
            diffs.append((leads[0] - leads[1]) / 2)
        out[season] = {"last_place_vp": round(statistics.mean(diffs), 1),
                       "standard_error": round(statistics.pstdev(diffs) / math.sqrt(games), 1),
                       "win_rate_last": round(wins[0] / games, 3),
                       "win_rate_first": round(wins[1] / games, 3)}
    return {"bench": "conquest_tempo_last_place", "games": games, "by_season": out,
            "last_word_vp": conquest_ai.LAST_WORD_VP}


def tempo_talents(games: int) -> dict[str, Any]:
    """What a talent is worth: talents taken from or given to one seat at the start of
    season 1 and of season 3's actions, the final lead against the same seed unchanged
    (the policy in both seats, from the same dice): the measure of `TALENT_VP`."""
    extras = (-60, -40, -20, 20, 40)
    out: dict[str, dict[str, float]] = {}
    for season in (1, 3):
        moved: dict[int, list[int]] = {extra: [] for extra in extras}
        for seed in range(games):
            rng = random.Random(seed)
            s = GAME.new_game(2, seed=seed)
            while s.season < season or s.step is not Step.ACTION:
                s = _policy_step(s, rng)
            fork = rng.getstate()
            leads = {}
            for extra in (0, *extras):
                rng.setstate(fork)
                changed = s.copy()
                changed.talents[RED] = max(0, changed.talents[RED] + extra)
                end = _play_out(changed, rng)
                leads[extra] = end.vp[RED] - end.vp[1 - RED]
            for extra in extras:
                moved[extra].append(leads[extra] - leads[0])
        out[str(season)] = {str(extra): round(statistics.mean(moved[extra]) / extra, 2)
                            for extra in extras}
    return {"bench": "conquest_tempo_talents", "games": games, "vp_per_talent": out,
            "talent_vp": conquest_ai.TALENT_VP}


def main(parts: list[str]) -> None:
    parts = parts or ["speed", "strength", "balance"]
    assert rules.get_game("conquest_of_the_empire") is GAME
    if "speed" in parts:
        for players in (2, 4, 6):
            print(json.dumps(speed(players)), flush=True)
    if "strength" in parts:
        hard, normal = f"hard:{HARD}", f"normal:{max(2, HARD // 8)}"
        for players, name, specs in (
            (2, "hard_vs_random", [hard, "random"]),
            (4, "hard_vs_random", [hard, "random", "random", "random"]),
            (2, "hard_vs_normal", [hard, normal]),
        ):
            print(json.dumps(strength(players, name, specs)), flush=True)
        for players in (2, 4):
            print(json.dumps(policy_versus_random(players)), flush=True)
    if "duel" in parts:  # not in the default run: see docs/ai.md for the budgets
        duelists = os.environ.get("CONQUEST_DUEL", f"hard:{HARD},normal:{max(2, HARD // 8)}")
        seed = int(os.environ.get("CONQUEST_SEED", "1"))
        print(json.dumps(duel(duelists.split(","), GAMES, seed)), flush=True)
    if "calibrate" in parts:
        for players in (2, 4, 6):
            print(json.dumps(calibrate(players)), flush=True)
    if "tempo" in parts:  # not in the default run: the measures behind the evaluation
        print(json.dumps(tempo_action(30)), flush=True)
        print(json.dumps(tempo_talents(400)), flush=True)
        print(json.dumps(tempo_last_place(500)), flush=True)
    if "balance" in parts:
        for players in (2, 3, 4, 6):
            print(json.dumps(balance(players)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
