"""The Hint button: the action a level's search suggests for a seat, and its win chance."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.ai.ismcts import LEVELS, level_config, search
from rules.core import Action, Game, Seat, SetupError


def hint(
    game: Game[Any], state: Any, seat: Seat, level: str = "normal", seed: int = 0
) -> tuple[Action, float]:
    """The action `level`'s search would play for `seat`, and the estimated chance
    (0..1) that `seat` wins after it. Like the agents, it reads only what `seat`
    may know. It stops at the level's time limit too, so where that comes before the
    iteration budget (the map games, on most machines) a faster machine may search
    further; where the iterations run out first, the same inputs give the same hint.

    The hint thinks for the level's common budget (`LEVELS`), with the game's
    policy changes but not a shorter budget its `LEVEL_OVERRIDES` give the level as
    an opponent: the map games' normal answers after a glance ahead so that a player
    meets a clearly weaker opponent than hard, but a suggestion should be the best
    that level's search finds in its time (docs/ai.md, 4 December 2026)."""
    if level not in LEVELS:
        raise SetupError("unknown_level", level=level, known=sorted(LEVELS))
    common = LEVELS[level]
    config = replace(level_config(game, level), iterations=common.iterations,
                     time_limit=common.time_limit)
    result = search(game, state, seat, config, seed)
    return result.action, result.win
