"""Magnate's hooks for the search: a rollout policy that builds like a sensible player,
and an evaluation from the districts' standing.

The policy reads only what the deciding seat would know in the sampled world:
its own hand and tokens, and the public table. It never trades (a trade always
loses two tokens) unless that is the only move, which keeps rollouts short.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rules.core import Action, Game, Seat
from rules.magnate.cards import DISTRICT_INDEX, DISTRICTS, RANK, SUIT_BY_NAME, SUIT_INDEX
from rules.magnate.state import (
    NO_DEED,
    PLAYERS,
    BuyDeed,
    Develop,
    DevelopDeed,
    MagnateState,
    Phase,
    Sell,
    TakeIncome,
    Trade,
)

ROLLOUT_DEPTH = 60
"""Actions a rollout plays past the tree before `evaluate` scores it: a few turns."""

_DEED_STEP = 15.0
_DEVELOP = 20.0
_DEED = 8.0
_SELL = 4.0
_TRADE = -5.0


def district_sums(state: MagnateState, seat: Seat, partial: float = 0.0) -> list[float]:
    """Completed ranks per district; an unfinished deed counts `partial` of its rank."""
    sums = []
    for d, line in enumerate(state.lines[seat]):
        total = float(sum(RANK[c] for c in line))
        if state.deeds[seat][d] != NO_DEED:
            rank = RANK[line[-1]]
            total -= rank * (1.0 - partial * (2 + state.deeds[seat][d]) / (rank + 2))
        sums.append(total)
    return sums


def _points(mine: float, theirs: float) -> int:
    return (mine > theirs) - (mine < theirs)


def _swing(state: MagnateState, seat: Seat, district: str, rank: int) -> int:
    """How much adding `rank` in `district` changes the point balance there (0–2)."""
    d = DISTRICT_INDEX[district]
    mine = district_sums(state, seat)[d]
    theirs = district_sums(state, 1 - seat)[d]
    return _points(mine + rank, theirs) - _points(mine, theirs)


def _score(state: MagnateState, seat: Seat, action: Action) -> float:
    if isinstance(action, DevelopDeed):
        return _DEED_STEP
    if isinstance(action, Develop):
        rank = RANK[action.card]
        spread = max(action.payment) - min(action.payment)
        return _DEVELOP + rank + 4 * _swing(state, seat, action.district, rank) - 0.1 * spread
    if isinstance(action, BuyDeed):
        rank = RANK[action.card]
        return _DEED + rank / 2 + 2 * _swing(state, seat, action.district, rank)
    if isinstance(action, Sell):
        return _SELL - RANK[action.card] / 3
    if isinstance(action, Trade):
        return _TRADE
    return 0.0


def rollout_action(game: Game[Any], state: MagnateState, seat: Seat, rng: random.Random) -> Action:
    """Build the best property in reach, feed deeds, sell the weakest card otherwise."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase is Phase.INCOME:
        tokens = state.tokens[seat]
        return min(
            legal,
            key=lambda a: (
                tokens[SUIT_INDEX[SUIT_BY_NAME[a.suit]]] if isinstance(a, TakeIncome) else 0
            ),
        )
    return max(legal, key=lambda a: _score(state, seat, a) + rng.random())


def evaluate(game: Game[Any], state: MagnateState) -> list[float]:
    """Estimated reward per seat: a logistic of the district lead, the rank total and
    the tokens, sharper as the deck runs down."""
    outcome = game.outcome(state)
    if outcome is not None:
        return [1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(2)]
    sums = [district_sums(state, p, partial=0.6) for p in range(PLAYERS)]
    lead = sum(math.tanh((sums[0][d] - sums[1][d]) / 4.0) for d in range(len(DISTRICTS)))
    lead += (sum(sums[0]) - sum(sums[1])) / 20.0
    lead += (sum(state.tokens[0]) - sum(state.tokens[1])) / 30.0
    late = 1.0 + state.exhaustions
    p0 = 1.0 / (1.0 + math.exp(-0.8 * late * lead))
    return [p0, 1.0 - p0]
