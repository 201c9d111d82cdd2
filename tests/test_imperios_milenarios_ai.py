"""Imperios Milenarios's AI hooks: the evaluation reads a position by what wins the
policy's games, and the search's pruning keeps the choices that matter (docs/ai.md)."""

from __future__ import annotations

import importlib
import math
from dataclasses import replace

import pytest
from test_imperios_milenarios import PERSIA, YELLOW, example_setup, own, phase_turn

from rules.ai.ismcts import level_config, search
from rules.imperios_milenarios import GAME, Art, Convert, EndTurn, Research
from rules.imperios_milenarios.ai import (
    FEATURES,
    WEIGHTS,
    evaluate,
    features,
    prune,
    rank,
    win_shares,
)
from rules.imperios_milenarios.logic_score import score
from rules.imperios_milenarios.state import ImperiosState, Stage


def yellow_turn(hand_yellow: int, avail: int) -> ImperiosState:
    s = example_setup()
    s.round = 3
    return phase_turn(s, PERSIA, YELLOW, hand=(0, hand_yellow, 0, 0), avail=avail)


def test_the_evaluation_shares_out_what_an_outcome_shares_out() -> None:
    s = yellow_turn(0, 0)
    s.census[:] = [7, 3, 0, 12]
    values = evaluate(GAME, s)
    n = s.players
    assert all(0.0 <= v <= 1.0 for v in values)
    # an outcome gives 0.8 to the winners and 0.2 x (n - rank) / (n - 1) to each seat
    assert abs(sum(values) - (0.8 + 0.2 * n / 2)) < 1e-9
    assert max(range(n), key=lambda p: values[p]) == 3


def test_a_finished_game_is_valued_as_its_outcome() -> None:
    s = yellow_turn(0, 0)
    s.census[:] = [7, 3, 0, 12]
    s.stage = Stage.OVER
    outcome = GAME.outcome(s)
    assert outcome is not None
    values = evaluate(GAME, s)
    assert values[3] == max(values) and 3 in outcome.winners
    assert sorted(range(4), key=lambda p: -values[p]) == sorted(
        range(4), key=lambda p: outcome.ranking[p])


def logit_of(s: ImperiosState, seat: int) -> float:
    """The civilisation's win logit against the first other civilisation's."""
    shares = win_shares(s)
    other = (seat + 1) % s.players
    return math.log(shares[seat] / shares[other])


def test_a_technology_towards_the_ages_goal_raises_the_win_chance() -> None:
    s = yellow_turn(0, 0)
    before = win_shares(s)[PERSIA]
    points = score(s, PERSIA)["total"]
    own(s, PERSIA, "agricultura")  # a level-1 technology: 2 points, and one of Piedra's two
    assert score(s, PERSIA)["total"] == points + 2
    assert win_shares(s)[PERSIA] > before


def test_a_wonder_counts_for_more_as_the_end_nears() -> None:
    s = yellow_turn(0, 0)
    base = logit_of(s, PERSIA)
    built = s.copy()
    built.wonders[0] = PERSIA
    built.reserve[PERSIA] -= 1
    built.cache.clear()
    early = logit_of(built, PERSIA) - base
    for t in (s, built):
        t.pool[YELLOW] = 0  # the pool is out of a colour: this round is the last
        t.cache.clear()
    assert logit_of(built, PERSIA) - logit_of(s, PERSIA) > early > 0


def test_the_features_read_the_position_in_the_order_of_their_names() -> None:
    s = yellow_turn(0, 0)
    s.census[:] = [7, 3, 0, 12]
    rows = features(s)
    assert len(rows) == s.players and all(len(r) == len(FEATURES) for r in rows)
    census = FEATURES.index("census")
    assert [r[census] for r in rows] == [7, 3, 0, 12]
    assert [r[FEATURES.index("score")] for r in rows] == [
        score(s, p)["total"] for p in range(s.players)]
    turn = FEATURES.index("turn")
    assert sorted(r[turn] for r in rows) == [0, 1 / 3, 2 / 3, 1]
    assert set(FEATURES) == set(WEIGHTS)


def test_the_search_does_not_end_a_turn_that_has_actions_waiting_to_be_spent() -> None:
    s = yellow_turn(1, 3)
    legal = GAME.legal_actions(s, PERSIA)
    assert EndTurn() in legal and Art() in legal
    kept = prune(GAME, s, PERSIA, legal)
    assert EndTurn() not in kept
    assert Art() in kept and any(isinstance(a, Research) for a in kept)
    assert GAME.legal_actions(s, PERSIA) == legal  # a human may still end the turn


def test_the_search_may_end_a_turn_with_nothing_converted() -> None:
    s = yellow_turn(1, 0)
    legal = GAME.legal_actions(s, PERSIA)
    assert EndTurn() in prune(GAME, s, PERSIA, legal)


def test_the_search_converts_what_the_rounds_end_would_discard_before_ending_the_turn(
) -> None:
    """Stone Age keeps 2 tokens: with 5 in hand, 3 go to the discard at the round's end
    whatever is done, so converting the red ones costs nothing and the turn is not ended
    over them (run C's hard ended such turns 58 to 63 times a game, normal 16 to 36);
    with 2 in hand, ending the turn keeps them, and stays a choice."""
    s = phase_turn(example_setup(), PERSIA, 0, hand=(2, 0, 1, 2))
    legal = GAME.legal_actions(s, PERSIA)
    assert EndTurn() in legal and Convert("red", "1:1") in legal
    assert prune(GAME, s, PERSIA, legal) == [Convert("red", "1:1")]
    assert GAME.legal_actions(s, PERSIA) == legal  # a human may still end the turn
    s = phase_turn(example_setup(), PERSIA, 0, hand=(1, 0, 1, 0))
    assert EndTurn() in prune(GAME, s, PERSIA, GAME.legal_actions(s, PERSIA))


def test_a_short_list_loses_what_the_policy_advises_against_while_something_is_left() -> None:
    s = yellow_turn(1, 0)  # one yellow token: too few for research, so the policy keeps it
    legal = GAME.legal_actions(s, PERSIA)
    assert Convert("yellow", "1:1") in legal
    assert prune(GAME, s, PERSIA, legal) == [EndTurn()]
    s = yellow_turn(3, 0)  # three: research is in reach, convert them
    assert Convert("yellow", "1:1") in prune(GAME, s, PERSIA, GAME.legal_actions(s, PERSIA))


def test_the_ranking_orders_the_choices_by_the_policys_value() -> None:
    s = yellow_turn(3, 3)  # three yellow tokens and actions waiting
    legal = GAME.legal_actions(s, PERSIA)
    ranked = rank(GAME, s, PERSIA, legal)
    assert sorted(map(str, ranked)) == sorted(map(str, legal))  # the same actions
    # converting the tokens first, then research, then art, ending the turn last
    assert ranked[0] == Convert("yellow", "1:1")
    assert all(isinstance(a, Research) for a in ranked[1:5])
    assert ranked[5:] == [Art(), EndTurn()]
    assert rank(GAME, s, PERSIA, legal) == ranked  # no noise: the same order every time


def test_a_tiny_search_plays_the_rankings_first_choice_and_a_larger_one_weighs_more() -> None:
    s = yellow_turn(3, 3)
    config = replace(level_config(GAME, "hard"), time_limit=None)
    first = rank(GAME, s, PERSIA, prune(GAME, s, PERSIA, GAME.legal_actions(s, PERSIA)))[0]
    small = search(GAME, s, PERSIA, replace(config, iterations=2), seed=5)
    assert small.action == first and sum(1 for x in small.stats if x.visits) == 1
    larger = search(GAME, s, PERSIA, replace(config, iterations=30), seed=5)
    weighed = sum(1 for x in larger.stats if x.visits)
    assert 1 < weighed <= math.ceil(29**0.5)


def test_the_hint_reports_the_fitted_win_chance_not_the_search_reward(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Hint's figure is the fitted chance to win after the suggested action, averaged
    over the worlds the seat cannot tell apart; the search's reward mixes in the place
    (a quarter of four seats would read 0.30) and is no probability."""
    from rules.imperios_milenarios import ai

    hint_module = importlib.import_module("rules.ai.hint")
    real = hint_module.search
    monkeypatch.setattr(hint_module, "search", lambda g, st, seat, config, seed: real(
        g, st, seat, replace(config, iterations=10, time_limit=None), seed))
    s = phase_turn(example_setup(), PERSIA, YELLOW, hand=(0, 2, 0, 0))
    chance = ai.win_chance(GAME, s)
    assert len(chance) == 4 and all(0 < c < 1 for c in chance)
    assert sum(chance) == pytest.approx(1.0)
    action, said = hint_module.hint(GAME, s, PERSIA, level="normal", seed=3)
    after = GAME.apply(s, PERSIA, action).state  # nothing hidden changes: one world
    assert said == pytest.approx(ai.win_chance(GAME, after)[PERSIA])


def test_hard_plays_its_rollouts_ten_times_as_far_as_the_other_levels() -> None:
    """Hard plays a rollout 300 actions on (some ten rounds) before it evaluates, easy and
    normal the game's 30; a named budget (`hard:190`, run D's agent) keeps hard's depth."""
    from rules.ai.agents import make_agent
    from rules.ai.ismcts import game_hooks
    from rules.imperios_milenarios.ai import ROLLOUT_DEPTH

    assert game_hooks(GAME).rollout_depth == ROLLOUT_DEPTH == 30
    assert level_config(GAME, "hard").rollout_depth == 300
    assert level_config(GAME, "normal").rollout_depth is None  # the game's 30
    assert level_config(GAME, "easy").rollout_depth is None
    named = make_agent("hard:190", 1).config_for(GAME)  # type: ignore[attr-defined]
    assert (named.iterations, named.rollout_depth) == (190, 300)
