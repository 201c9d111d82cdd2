"""Tablero's rules: every game's logic behind one protocol, pure Python, no drawing.

    import rules
    game = rules.get_game("kobayakawa")
    state = game.new_game(players=4, seed=7)
"""

from __future__ import annotations

import importlib
from typing import Any

from rules.core import (
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Outcome,
    SaveError,
    Seat,
    SetupError,
    Transition,
    event,
    visible_events,
)

__version__ = "0.1.0"

# One line per game package; each exposes `GAME`, an instance of its Game class.
_GAME_PACKAGES = (
    "kobayakawa",
    "coup",
    "magnate",
    "carolus_magnus",
    "corona_de_hierro",
    "conquest_of_the_empire",
    "imperios_milenarios",
)

GAMES: dict[str, Game[Any]] = {}
for _name in _GAME_PACKAGES:
    _game: Game[Any] = importlib.import_module(f"rules.{_name}").GAME
    GAMES[_game.info.id] = _game


def get_game(game_id: str) -> Game[Any]:
    """The registered game with this id; SetupError("unknown_game") otherwise."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise SetupError("unknown_game", game=game_id, known=sorted(GAMES)) from None


__all__ = [
    "GAMES",
    "Action",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Outcome",
    "SaveError",
    "Seat",
    "SetupError",
    "Transition",
    "__version__",
    "event",
    "get_game",
    "visible_events",
]
