"""Magnate's hooks for the search: a rollout policy that builds like a sensible player,
and an evaluation from the districts' standing.

The policy reads only what the deciding seat would know in the sampled world:
its own hand and tokens, and the public table. It never trades (a trade always
loses two tokens) unless that is the only move, which keeps rollouts short.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import Any

from rules.core import Action, Event, Game, JsonDict, Seat
from rules.magnate import logic
from rules.magnate.actions import BuyDeed, Develop, DevelopDeed, Sell, Trade
from rules.magnate.components import DISTRICT_INDEX, DISTRICTS, RANK, SUIT_IDS
from rules.magnate.state import NO_DEED, PLAYERS, MagnateState, Phase

ROLLOUT_DEPTH = 20
"""Actions a rollout plays past the tree before `evaluate` scores it: about two turns
each. Measured at equal time (0.1 s a decision, 30 games): depth 20 beat depth 60
in 0.67 of the games; shorter rollouts buy three times the iterations."""

_DEED_STEP = 15.0
_DEVELOP = 20.0
_DEED = 8.0
_SELL = 4.0
_TRADE = -5.0


def district_sums(state: MagnateState, seat: Seat, partial: float = 0.0) -> list[float]:
    """Completed ranks per district; an unfinished deed counts `partial` of its rank."""
    lines = state.lines[seat]
    sums = list(_row_sums(tuple(lines)))
    deeds = state.deeds[seat]
    if max(deeds) == NO_DEED:  # no unfinished deed
        return sums
    for d, tokens in enumerate(deeds):
        if tokens != NO_DEED:
            rank = RANK[lines[d][-1]]
            sums[d] -= rank * (1.0 - partial * (2 + tokens) / (rank + 2))
    return sums


@functools.lru_cache(maxsize=1 << 14)
def _row_sums(lines: tuple[tuple[str, ...], ...]) -> tuple[float, ...]:
    """`_line_sum` of each district line of a seat (cached: rows recur across rollouts)."""
    return tuple(map(_line_sum, lines))


@functools.lru_cache(maxsize=1 << 14)
def _line_sum(line: tuple[str, ...]) -> float:
    """The ranks of a district line, summed (cached: lines recur across rollouts)."""
    return float(sum(RANK[c] for c in line))


def _points(mine: float, theirs: float) -> int:
    return (mine > theirs) - (mine < theirs)


def _swing(mine: list[float], theirs: list[float], district: str, rank: int) -> int:
    """How much adding `rank` in `district` changes the point balance there (0–2)."""
    d = DISTRICT_INDEX[district]
    return _points(mine[d] + rank, theirs[d]) - _points(mine[d], theirs[d])


Sums = tuple[list[float], list[float]]
"""District sums of the deciding seat and of its rival."""


def _score(action: Action, sums: Sums | None) -> float:
    """How much the policy likes `action`; `sums` is needed only for building moves."""
    if isinstance(action, DevelopDeed):
        return _DEED_STEP
    if isinstance(action, Sell):
        return _SELL - RANK[action.card] / 3
    if isinstance(action, Trade):
        return _TRADE
    if not isinstance(action, (Develop, BuyDeed)):
        return 0.0
    assert sums is not None  # rollout_action sums the districts whenever it may build
    rank = RANK[action.card]
    swing = _swing(*sums, action.district, rank)
    if isinstance(action, Develop):
        spread = max(action.payment) - min(action.payment)
        return _DEVELOP + rank + 4 * swing - 0.1 * spread
    return _DEED + rank / 2 + 2 * swing


def rollout_action(game: Game[Any], state: MagnateState, seat: Seat, rng: random.Random) -> Action:
    """Build the best property in reach, feed deeds, sell the weakest card otherwise.

    The choice is `max(legal, key=_score(a) + rng.random())`, the noise drawn in the
    listed order (the income: the suit held fewest); the turn's steps work it out
    without building the list (a test holds them to this definition)."""
    phase = state.phase
    if phase is _ROLL:
        return logic.ROLL
    if phase is _INCOME:
        return _income_choice(state, seat)
    if phase is _PLAY and seat == state.active:
        if state.card_played:
            return _after_the_card(state, seat, rng)
        if len(state.hands[seat]) > 1:
            return _card_to_play(state, seat, rng)
    legal = logic.legal_actions(state, seat)  # the plain way
    if len(legal) == 1:
        return legal[0]
    sums = None
    if any(isinstance(a, (Develop, BuyDeed)) for a in legal):
        sums = district_sums(state, seat), district_sums(state, 1 - seat)
    return max(legal, key=lambda a: _score(a, sums) + rng.random())


_ROLL, _INCOME, _PLAY = Phase.ROLL, Phase.INCOME, Phase.PLAY
"""The phases as module constants: reading `Phase.ROLL` costs an enum lookup each time."""


def _card_plays(card: str) -> tuple[Any, ...]:
    """What `_card_to_play` reads of a card, in one tuple: its first and second suit
    (-1 for an Ace), rank, suit mask, developments by count per district, deeds per
    district, sale, the sale's and the deed's scores before the swing, and per count of
    the first suit the spread's penalty (`_score`'s `0.1 * spread`)."""
    sids = SUIT_IDS[card]
    rank = RANK[card]
    one_suit = len(sids) == 1
    return (
        sids[0], -1 if one_suit else sids[1], rank, logic.MASK[card],
        logic.DEVELOPS_BY_COUNT[card], logic.BUYS[card], logic.SELLS[card],
        _SELL - rank / 3, _DEED + rank / 2,
        tuple(0.1 * (0 if one_suit else abs(rank - 2 * x)) for x in range(rank + 1)),
    )


_CARD_PLAYS = {card: _card_plays(card) for card in logic.SELLS}
_NO_COUNTS = range(0)


def _card_to_play(state: MagnateState, seat: Seat, rng: random.Random) -> Action:
    """`rollout_action` before the card is played, with two or more cards in hand: the
    rules' list (every card's developments and deeds district by district, then its
    sale; the deed steps; the trades) scored in that order as `_score` does and its noise
    drawn as it goes, without building the list. A trade (-5, plus a noise under 1)
    never beats the sale listed before it (at least 1), so its noise is only drawn."""
    tokens = state.tokens[seat]
    noise = rng.random
    best: Action = logic.END_TURN  # replaced by the first listed action
    best_value = -math.inf
    accepted: list[int] | None = None
    sums: Sums | None = None
    for card in state.hands[seat]:
        first, second, rank, mask, by_count, buys, sell, sell_value, deed_value, penalty = (
            _CARD_PLAYS[card])
        # `logic.develop_counts` and `logic.deed_affordable`, written out
        held = tokens[first]
        if second < 0:
            counts = range(rank, rank + 1) if held >= rank else _NO_COUNTS
            deed = rank >= logic.DEED_MIN_RANK and held != 0
        elif held == 0 or tokens[second] == 0:  # both need a token of each suit
            counts, deed = _NO_COUNTS, False
        else:
            counts = range(max(1, rank - tokens[second]), min(held, rank - 1) + 1)
            deed = rank >= logic.DEED_MIN_RANK
        if deed:
            deed = not logic.payable_in_full(tokens, card)
        if counts or deed:
            if accepted is None:
                accepted = logic.accepted_suits(state, seat)
            for district in range(len(DISTRICTS)):
                if not mask & accepted[district]:
                    continue
                if sums is None:
                    sums = district_sums(state, seat), district_sums(state, 1 - seat)
                mine, theirs = sums[0][district], sums[1][district]
                after = mine + rank
                swing = ((after > theirs) - (after < theirs)) - ((mine > theirs) - (mine < theirs))
                built = _DEVELOP + rank + 4 * swing
                options = by_count[district]
                for x in counts:
                    value = built - penalty[x] + noise()
                    if value > best_value:
                        best, best_value = options[x], value
                if deed:
                    value = deed_value + 2 * swing + noise()
                    if value > best_value:
                        best, best_value = buys[district], value
        value = sell_value + noise()
        if value > best_value:
            best, best_value = sell, value
    best, best_value, _steps = _deed_steps_scored(state, seat, noise, best, best_value)
    if max(tokens) >= logic.TRADE_COST:
        for held in tokens:
            if held >= logic.TRADE_COST:
                for _ in range(5):  # the five trades giving this suit
                    noise()
    return best


def _deed_steps_scored(state: MagnateState, seat: Seat, noise: Callable[[], float],
                       best: Action, best_value: float) -> tuple[Action, float, int]:
    """The rollout's scores of `logic.deed_steps` (written out, in the rules' order): each
    step _DEED_STEP plus a noise, against the best so far; and how many steps there were."""
    listed = 0
    deeds = state.deeds[seat]
    if max(deeds) != NO_DEED:
        tokens, lines = state.tokens[seat], state.lines[seat]
        for district, placed in enumerate(deeds):
            if placed != NO_DEED:
                steps = logic.DEED_STEPS[district]
                for i in SUIT_IDS[lines[district][-1]]:
                    if tokens[i]:
                        value = _DEED_STEP + noise()
                        if value > best_value:
                            best, best_value = steps[i], value
                        listed += 1
    return best, best_value, listed


def _after_the_card(state: MagnateState, seat: Seat, rng: random.Random) -> Action:
    """`rollout_action` once the card is played, without listing: the rules list the deed
    steps, then the trades, then the draw (or the end), and score them 15, -5 and 0 (+ a
    noise under 1), so a deed step wins if there is one (the first of the highest noise),
    else the draw. The noise is drawn for every listed action, as the long way does."""
    tokens = state.tokens[seat]
    best: Action = logic.END_TURN if state.final_turns else logic.DRAW
    best, _value, steps = _deed_steps_scored(state, seat, rng.random, best, -math.inf)
    listed = 1 + steps
    trades = 0
    if max(tokens) >= logic.TRADE_COST:
        for held in tokens:
            if held >= logic.TRADE_COST:
                trades += 5
    if listed + trades > 1:
        for _ in range(trades + 1):
            rng.random()
    return best


def _income_choice(state: MagnateState, seat: Seat) -> Action:
    """The deed's suit this seat holds fewest tokens of (the first listed on a tie)."""
    owner, district = state.pending[0]
    choices = logic.INCOMES[district]
    tokens = state.tokens[seat]
    suits = SUIT_IDS[state.lines[owner][district][-1]]
    return choices[min(suits, key=tokens.__getitem__)]


def information_key(game: Game[Any], world: MagnateState, seat: Seat) -> tuple[str, ...]:
    """What tells `seat`'s views apart among the worlds sampled in one search: the table
    is the same in all of them, so its own hand."""
    return tuple(world.hands[seat])


def play(game: Game[Any], state: MagnateState, seat: Seat, action: Action) -> list[Event]:
    """For the search: a legal action played on a world it owns, in place (see
    `logic.play`, the same code `apply` runs on its copy)."""
    return logic.play(state, seat, action)


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


# -- baseline bot for the arena: a plain policy over the seat's view ------------------
def greedy_builder(view: JsonDict, legal: list[Action], rng: random.Random) -> Action:
    """Builds the highest property it can pay at once, else develops its deeds, else
    buys the highest deed, else sells its lowest card; never trades."""
    develops = [a for a in legal if isinstance(a, Develop)]
    if develops:
        return max(develops, key=lambda a: RANK[a.card])
    steps = [a for a in legal if isinstance(a, DevelopDeed)]
    if steps:
        return steps[0]
    deeds = [a for a in legal if isinstance(a, BuyDeed)]
    if deeds:
        return max(deeds, key=lambda a: RANK[a.card])
    sells = [a for a in legal if isinstance(a, Sell)]
    if sells:
        return min(sells, key=lambda a: RANK[a.card])
    rest = [a for a in legal if not isinstance(a, Trade)]
    return rest[0] if rest else legal[0]


BOTS = {"greedy": greedy_builder}
"""Baseline bot for `python -m rules arena magnate --agents hard,greedy`."""
