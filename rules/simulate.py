"""Playing whole games between agents: the engine behind `simulate` and `arena`."""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from rules.ai.agents import Agent, make_agent_for
from rules.core import Game, Outcome, RulesError, Seat

ACTION_CAP = 20_000
Z_95 = 1.959963984540054

DecisionHook = Callable[[Seat, Agent, float], None]
"""Called after every decision with the seat, its agent and the seconds it took."""


@dataclass(slots=True)
class PlayedGame:
    """One finished (or failed) game: its outcome, its length and any error."""

    outcome: Outcome | None
    actions: int
    error: str | None = None


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) with no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(slots=True)
class AgentRecord:
    """One agent's figures over an arena: seats played, wins, and how long it thought."""

    seat_games: int = 0
    wins: float = 0.0
    decision_s: list[float] = field(default_factory=list)
    iterations: int = 0

    def merge(self, other: AgentRecord) -> None:
        self.seat_games += other.seat_games
        self.wins += other.wins
        self.decision_s.extend(other.decision_s)
        self.iterations += other.iterations

    def summary(self, all_wins: float) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.seat_games)
        thinking = sum(self.decision_s)
        return {
            "seat_games": self.seat_games,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / self.seat_games, 4) if self.seat_games else 0.0,
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "share_of_wins": round(self.wins / all_wins, 4) if all_wins else 0.0,
            "decisions": len(self.decision_s),
            "mean_decision_s": round(thinking / len(self.decision_s), 4)
            if self.decision_s
            else 0.0,
            "median_decision_s": round(statistics.median(self.decision_s), 4)
            if self.decision_s
            else 0.0,
            "max_decision_s": round(max(self.decision_s), 4) if self.decision_s else 0.0,
            "iterations_per_s": round(self.iterations / thinking, 1) if thinking > 0 else 0.0,
        }


@dataclass(slots=True)
class Tally:
    """Running totals over many games, printed as the JSON summary."""

    game: str
    players: int
    agent_names: list[str]
    games: int = 0
    finished: int = 0
    errors: int = 0
    actions: int = 0
    wall_s: float = 0.0
    wins_per_seat: list[float] = field(default_factory=list)
    wins_per_agent: dict[str, float] = field(default_factory=dict)
    error_samples: list[str] = field(default_factory=list)
    per_agent: dict[str, AgentRecord] = field(default_factory=dict)
    """Filled by `arena`: win rates with confidence intervals and thinking times."""

    def add(self, played: PlayedGame, seat_agents: Sequence[str]) -> None:
        self.games += 1
        self.actions += played.actions
        if played.error is not None:
            self.errors += 1
            if len(self.error_samples) < 5:
                self.error_samples.append(played.error)
            return
        if played.outcome is None:
            return
        self.finished += 1
        if self.per_agent:
            for name in seat_agents:
                self.per_agent[name].seat_games += 1
        share = 1.0 / len(played.outcome.winners)
        for seat in played.outcome.winners:
            self.wins_per_seat[seat] += share
            name = seat_agents[seat]
            self.wins_per_agent[name] = self.wins_per_agent.get(name, 0.0) + share
            if self.per_agent:
                self.per_agent[name].wins += share

    def merge(self, other: Tally) -> None:
        """Add another tally of the same game and agents (e.g. from another process)."""
        self.games += other.games
        self.finished += other.finished
        self.errors += other.errors
        self.actions += other.actions
        self.wins_per_seat = [a + b for a, b in zip(self.wins_per_seat, other.wins_per_seat,
                                                     strict=True)]
        for name, wins in other.wins_per_agent.items():
            self.wins_per_agent[name] = self.wins_per_agent.get(name, 0.0) + wins
        self.error_samples = (self.error_samples + other.error_samples)[:5]
        for name, record in other.per_agent.items():
            self.per_agent.setdefault(name, AgentRecord()).merge(record)

    def summary(self) -> dict[str, Any]:
        wall = max(self.wall_s, 1e-9)
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "agents": self.agent_names,
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "mean_actions": round(self.actions / self.games, 2) if self.games else 0.0,
            "wall_s": round(self.wall_s, 3),
            "games_per_s": round(self.games / wall, 2),
            "actions_per_s": round(self.actions / wall, 1),
            "wins_per_seat": [round(w, 3) for w in self.wins_per_seat],
            "wins_per_agent": {k: round(v, 3) for k, v in sorted(self.wins_per_agent.items())},
        }
        if self.per_agent:
            all_wins = sum(r.wins for r in self.per_agent.values())
            out["per_agent"] = {
                name: record.summary(all_wins) for name, record in self.per_agent.items()
            }
        if self.error_samples:
            out["error_samples"] = self.error_samples
        return out


def play_game(
    game: Game[Any],
    players: int,
    seed: int,
    agents: Sequence[Agent],
    options: dict[str, Any] | None = None,
    cap: int = ACTION_CAP,
    on_decision: DecisionHook | None = None,
) -> PlayedGame:
    """Play one game to the end (or the cap); agents sit in seat order."""
    state = game.new_game(players, seed, options)
    count = 0
    try:
        while count < cap:
            to_act = game.to_act(state)
            if not to_act:
                return PlayedGame(game.outcome(state), count)
            seat = to_act[0]
            start = time.perf_counter()
            action = agents[seat].choose(game, state, seat)
            if on_decision is not None:
                on_decision(seat, agents[seat], time.perf_counter() - start)
            state = game.apply(state, seat, action).state
            count += 1
    except RulesError as exc:
        return PlayedGame(None, count, f"{type(exc).__name__}: {exc}")
    return PlayedGame(None, count, f"cap: no end after {cap} actions")


def simulate(
    game: Game[Any],
    players: int,
    games: int,
    seed: int,
    agent_specs: Sequence[str],
    options: dict[str, Any] | None = None,
) -> Tally:
    """Play `games` games with agents given per seat (the list repeats if shorter)."""
    seat_specs = [agent_specs[i % len(agent_specs)] for i in range(players)]
    agents = [make_agent_for(game, spec, seed * 1000 + i) for i, spec in enumerate(seat_specs)]
    tally = Tally(game.info.id, players, seat_specs, wins_per_seat=[0.0] * players)
    start = time.perf_counter()
    for k in range(games):
        tally.add(play_game(game, players, seed + k, agents, options), seat_specs)
    tally.wall_s = time.perf_counter() - start
    return tally


def arena_seating(agent_specs: Sequence[str], players: int, k: int) -> list[str]:
    """Game `k`'s agent per seat: the list (repeated if shorter) shifted by k seats."""
    return [agent_specs[(i + k) % len(agent_specs)] for i in range(players)]


def arena(
    game: Game[Any],
    players: int,
    games: int,
    seed: int,
    agent_specs: Sequence[str],
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: bool = False,
) -> Tally:
    """Like `simulate`, but the seating rotates every game so no agent keeps a seat;
    per agent: win rate with a 95% Wilson interval, decision times, iterations/s.

    `jobs` > 1 plays the games in that many processes; the results are the same,
    only the timings share the machine. `progress`: one JSON line a game on stderr as
    it ends (its seed, the agent in each seat, the winners, actions and CPU seconds),
    so a long arena can be read, or stopped, on the way.
    """
    if not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs!r}")
    start = time.perf_counter()
    if jobs == 1 or games < 2:
        tally = _arena_games(game.info.id, players, seed, list(agent_specs), options,
                             list(range(games)), progress)
    else:
        chunks = [list(range(j, games, jobs)) for j in range(jobs)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(_arena_games, [game.info.id] * jobs, [players] * jobs,
                                  [seed] * jobs, [list(agent_specs)] * jobs,
                                  [options] * jobs, chunks, [progress] * jobs))
        tally = parts[0]
        for part in parts[1:]:
            tally.merge(part)
    tally.wall_s = time.perf_counter() - start
    return tally


def _arena_games(
    game_id: str,
    players: int,
    seed: int,
    agent_specs: list[str],
    options: dict[str, Any] | None,
    game_numbers: list[int],
    progress: bool = False,
) -> Tally:
    """Play the listed arena games (a whole arena, or one process's share of it)."""
    from rules import get_game

    game = get_game(game_id)
    names = list(dict.fromkeys(agent_specs))
    records = {name: AgentRecord() for name in names}
    tally = Tally(game_id, players, names, wins_per_seat=[0.0] * players, per_agent=records)
    pool = {spec: make_agent_for(game, spec, seed * 1000 + i) for i, spec in enumerate(names)}

    def record(seat: Seat, agent: Agent, seconds: float) -> None:
        entry = records[seat_specs[seat]]
        entry.decision_s.append(seconds)
        entry.iterations += int(getattr(agent, "last_iterations", 0))

    for k in game_numbers:
        seat_specs = arena_seating(agent_specs, players, k)
        agents = [pool[spec] for spec in seat_specs]
        cpu = time.process_time()
        played = play_game(game, players, seed + k, agents, options, on_decision=record)
        tally.add(played, seat_specs)
        if progress:
            winners = [] if played.outcome is None else list(played.outcome.winners)
            line = {"arena_game": seed + k, "seats": seat_specs, "winners": winners,
                    "winning_agents": [seat_specs[w] for w in winners],
                    "actions": played.actions, "error": played.error,
                    "cpu_s": round(time.process_time() - cpu, 1)}
            print(json.dumps(line), file=sys.stderr, flush=True)
    return tally
