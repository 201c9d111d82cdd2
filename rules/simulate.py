"""Playing whole games between agents: the engine behind `simulate` and `arena`."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.ai.agents import Agent, make_agent
from rules.core import Game, Outcome, RulesError

ACTION_CAP = 20_000


@dataclass(slots=True)
class PlayedGame:
    """One finished (or failed) game: its outcome, its length and any error."""

    outcome: Outcome | None
    actions: int
    error: str | None = None


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
        share = 1.0 / len(played.outcome.winners)
        for seat in played.outcome.winners:
            self.wins_per_seat[seat] += share
            name = seat_agents[seat]
            self.wins_per_agent[name] = self.wins_per_agent.get(name, 0.0) + share

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
            action = agents[seat].choose(game, state, seat)
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
    agents = [make_agent(spec, seed * 1000 + i) for i, spec in enumerate(seat_specs)]
    tally = Tally(game.info.id, players, seat_specs, wins_per_seat=[0.0] * players)
    start = time.perf_counter()
    for k in range(games):
        tally.add(play_game(game, players, seed + k, agents, options), seat_specs)
    tally.wall_s = time.perf_counter() - start
    return tally


def arena(
    game: Game[Any],
    players: int,
    games: int,
    seed: int,
    agent_specs: Sequence[str],
    options: dict[str, Any] | None = None,
) -> Tally:
    """Like `simulate`, but the seating rotates every game so no agent keeps a seat."""
    names = list(dict.fromkeys(agent_specs))
    tally = Tally(game.info.id, players, names, wins_per_seat=[0.0] * players)
    pool = {spec: make_agent(spec, seed * 1000 + i) for i, spec in enumerate(names)}
    start = time.perf_counter()
    for k in range(games):
        seat_specs = [agent_specs[(i + k) % len(agent_specs)] for i in range(players)]
        agents = [pool[spec] for spec in seat_specs]
        tally.add(play_game(game, players, seed + k, agents, options), seat_specs)
    tally.wall_s = time.perf_counter() - start
    return tally
