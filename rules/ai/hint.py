"""The Hint button: the action a level's search suggests for a seat, and its win chance."""

from __future__ import annotations

from typing import Any

from rules.ai.ismcts import LEVELS, level_config, search
from rules.core import Action, Game, Seat, SetupError


def hint(
    game: Game[Any], state: Any, seat: Seat, level: str = "normal", seed: int = 0
) -> tuple[Action, float]:
    """The action `level`'s search would play for `seat`, and the estimated chance
    (0..1) that `seat` wins after it. Like the agents, it reads only what `seat`
    may know; with no time limit in the level, the same inputs give the same hint."""
    if level not in LEVELS:
        raise SetupError("unknown_level", level=level, known=sorted(LEVELS))
    config = level_config(game, level)
    result = search(game, state, seat, config, seed)
    return result.action, result.win
