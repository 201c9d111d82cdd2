"""Agents: anything that picks an action for a seat, and the factory that builds them by name."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Protocol

from rules.core import Action, Game, Seat, SetupError


class Agent(Protocol):
    """Chooses an action for `seat`. An honest agent looks at `state` only through
    `game.legal_actions(state, seat)`, `game.view(state, seat)` and
    `game.sample_world(state, seat, rng)`."""

    name: str

    def choose(self, game: Game[Any], state: Any, seat: Seat) -> Action: ...


class RandomAgent:
    """Uniformly random among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any], state: Any, seat: Seat) -> Action:
        return self.rng.choice(game.legal_actions(state, seat))


AgentFactory = Callable[[str | None, int], Agent]
_FACTORIES: dict[str, AgentFactory] = {
    "random": lambda arg, seed: RandomAgent(seed),
}


def register_agent(kind: str, factory: AgentFactory) -> None:
    """Make `kind` (or `kind:ARG`) buildable by `make_agent`."""
    _FACTORIES[kind] = factory


def agent_kinds() -> list[str]:
    _load_optional()
    return sorted(_FACTORIES)


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build an agent from a spec such as `random`, `ismcts:200` or `hard`."""
    _load_optional()
    kind, _, arg = spec.strip().partition(":")
    factory = _FACTORIES.get(kind)
    if factory is None:
        raise SetupError("unknown_agent", agent=spec, known=sorted(_FACTORIES))
    try:
        return factory(arg or None, seed)
    except ValueError:
        raise SetupError("bad_agent_argument", agent=spec) from None


def _load_optional() -> None:
    """Search agents register themselves when their module is importable."""
    try:
        importlib.import_module("rules.ai.ismcts")
    except ModuleNotFoundError as exc:
        if exc.name != "rules.ai.ismcts":
            raise
