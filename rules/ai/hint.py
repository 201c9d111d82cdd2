"""The Hint button: the action a level's search suggests for a seat, and its win chance."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rules.ai.ismcts import LEVELS, game_hooks, level_config, search
from rules.core import Action, Game, Seat, SetupError

CHANCE_WORLDS = 16
"""Worlds the calibrated chance is averaged over (only the hidden order of a deck or a
bag differs between them)."""


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
    that level's search finds in its time (docs/ai.md, 4 December 2026).

    Where the game offers a calibrated `win_chance` (its search's evaluation being
    sharper than a probability on purpose), the chance reported is that one's, after the
    suggested action, averaged over `CHANCE_WORLDS` worlds the seat cannot tell apart."""
    if level not in LEVELS:
        raise SetupError("unknown_level", level=level, known=sorted(LEVELS))
    common = LEVELS[level]
    config = replace(level_config(game, level), iterations=common.iterations,
                     time_limit=common.time_limit)
    result = search(game, state, seat, config, seed)
    chance = game_hooks(game).win_chance
    if chance is None:
        return result.action, result.win
    rng = random.Random(f"{seed}|{seat}|hint")
    total = 0.0
    for _ in range(CHANCE_WORLDS):
        world = game.sample_world(state, seat, rng)
        total += chance(game, game.apply(world, seat, result.action).state)[seat]
    return result.action, total / CHANCE_WORLDS
