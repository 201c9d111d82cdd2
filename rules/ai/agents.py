"""Agents: anything that picks an action for a seat, and the factory that builds them by name."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Protocol

from rules.core import Action, Game, JsonDict, Seat, SetupError


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


Bot = Callable[[JsonDict, list[Action], random.Random], Action]
"""A baseline bot: a plain policy from the seat's view and its legal actions."""


def game_bots(game: Game[Any]) -> dict[str, Bot]:
    """The baseline bots a game offers: `BOTS` in `rules/<game id>/ai.py`, and in
    `rules/<game id>/ai_bots.py` where the game keeps its bots apart from its search hooks."""
    bots: dict[str, Bot] = {}
    for name in ("ai", "ai_bots"):
        module_name = f"rules.{game.id}.{name}"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not module_name.startswith(exc.name):
                raise  # the module exists but something it imports does not
            continue
        bots.update(getattr(module, "BOTS", {}))
    return bots


class BotAgent:
    """One of a game's baseline bots (`honest`, `threshold`, `greedy`, ...): simple,
    written here, and reading only its seat's view and legal actions."""

    def __init__(self, name: str, seed: int = 0) -> None:
        self.name = name
        self.rng = random.Random(seed)

    def supports(self, game: Game[Any]) -> bool:
        return self.name in game_bots(game)

    def choose(self, game: Game[Any], state: Any, seat: Seat) -> Action:
        bot = game_bots(game).get(self.name)
        if bot is None:
            raise SetupError("unknown_agent", agent=self.name, known=sorted(game_bots(game)))
        return bot(game.view(state, seat), game.legal_actions(state, seat), self.rng)


def bot_names() -> list[str]:
    """Every baseline bot name some registered game offers."""
    import rules

    return sorted({name for game in rules.GAMES.values() for name in game_bots(game)})


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


def supports(agent: Agent, game: Game[Any]) -> bool:
    """Whether `agent` can play `game` (a baseline bot only plays the games that define it)."""
    check = getattr(agent, "supports", None)
    return True if check is None else bool(check(game))


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


def make_agent_for(game: Game[Any], spec: str, seed: int = 0) -> Agent:
    """`make_agent`, refusing an agent that cannot play `game` (a bot of another game)."""
    agent = make_agent(spec, seed)
    if not supports(agent, game):
        raise SetupError("agent_not_for_game", agent=spec, game=game.id,
                         known=sorted(game_bots(game)))
    return agent


def _bot_factory(name: str) -> AgentFactory:
    def build(arg: str | None, seed: int) -> Agent:
        if arg is not None:
            raise ValueError(f"{name} takes no argument")
        return BotAgent(name, seed)

    return build


def _load_optional() -> None:
    """Search agents register themselves when their module is importable; every
    game's baseline bots are buildable by name."""
    for name in bot_names():
        _FACTORIES.setdefault(name, _bot_factory(name))
    try:
        importlib.import_module("rules.ai.ismcts")
    except ModuleNotFoundError as exc:
        if exc.name != "rules.ai.ismcts":
            raise
