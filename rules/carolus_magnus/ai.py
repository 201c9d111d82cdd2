"""Carolus Magnus's hooks for the search: a rollout policy that plays with intent, and an
evaluation from castles and clans.

Nothing in Carolus Magnus is hidden, so the policy may read the whole
(sampled) state; it stays cheap because rollouts run thousands of times.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rules.carolus_magnus.actions import (
    ChooseColour,
    MoveEmperor,
    PlayToCourt,
    PlayToTerritory,
)
from rules.carolus_magnus.components import COLOURS, NOBODY, TABLES, sides
from rules.carolus_magnus.logic import majority
from rules.carolus_magnus.state import CarolusState, Phase
from rules.core import Action, Game, Seat

ROLLOUT_DEPTH = 40
"""Actions a rollout plays past the tree before `evaluate` scores it: two or three turns."""

WIN_WEIGHT = 0.8  # as in rules.ai.ismcts: the evaluation estimates the same reward
COURT_SHARE = 0.45
"""How often the policy plays a cube to its court rather than onto a territory."""


def _emperor_gain(s: CarolusState, seat: Seat, steps: int) -> float:
    """What the stop `steps` ahead is worth to the mover's side: castles won or lost."""
    side = s.side(seat)
    t = s.territories[(s.emperor + steps) % len(s.territories)]
    winner = majority(s, t)
    if winner == NOBODY or winner == t.owner:
        return 0.0
    gain = float(max(1, t.castles))
    if winner == side:
        return gain
    return -gain if t.owner == side else -0.5 * gain


def _court_colour(s: CarolusState, seat: Seat, rng: random.Random) -> int:
    """The reserve colour whose clan this seat is closest to taking or most needs to keep."""
    best, best_score = -1, -math.inf
    for c, n in enumerate(s.reserves[seat]):
        if not n:
            continue
        rival = max(s.courts[q][c] for q in range(s.players) if q != seat)
        gap = s.courts[seat][c] - rival
        score = -abs(gap) + rng.random()
        if score > best_score:
            best, best_score = c, score
    return best


def rollout_action(
    game: Game[Any], state: CarolusState, seat: Seat, rng: random.Random
) -> Action:
    s = state
    if s.phase is Phase.CUBES:
        if rng.random() < COURT_SHARE:
            return PlayToCourt(COLOURS[_court_colour(s, seat, rng)])
        colours = [c for c, n in enumerate(s.reserves[seat]) if n]
        colour = COLOURS[rng.choice(colours)]
        near = [s.territories[(s.emperor + k) % len(s.territories)].id for k in range(1, 6)]
        return PlayToTerritory(colour, rng.choice(near))
    if s.phase is Phase.EMPEROR:
        steps = range(1, s.disc_of(seat) + 1)
        return MoveEmperor(max(steps, key=lambda k: (_emperor_gain(s, seat, k), rng.random())))
    if s.phase is Phase.OPENING:  # the opening is left to chance in rollouts
        return rng.choice(game.legal_actions(s, seat))
    if s.phase in (Phase.CROWNS, Phase.SETUP):
        options = [c for c, n in enumerate(s.centre) if n]
        mine = s.courts[seat]
        return ChooseColour(COLOURS[max(options, key=lambda c: (mine[c], rng.random()))])
    legal = game.legal_actions(s, seat)
    return legal[0] if len(legal) == 1 else rng.choice(legal)


def evaluate(game: Game[Any], state: CarolusState) -> list[float]:
    """Each seat's expected reward, from its side's share of castles (and clans)."""
    outcome = game.outcome(state)
    n_sides = sides(state.players)
    total = TABLES[state.players].castles
    if outcome is not None:
        return [1.0 if p in outcome.winners else 0.0 for p in range(state.players)]
    strength = [
        math.exp(0.6 * state.castles_on_board(side, total) + 0.25 * state.clans_of(side))
        for side in range(n_sides)
    ]
    whole = sum(strength)
    win = [strength[state.side(p)] / whole for p in range(state.players)]
    # the place term of the search's reward, roughly: a likely winner also places well
    return [WIN_WEIGHT * w + (1 - WIN_WEIGHT) * min(1.0, w * n_sides / 2) for w in win]


__all__ = ["ROLLOUT_DEPTH", "evaluate", "rollout_action"]
