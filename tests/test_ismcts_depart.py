"""Departing from the ranking only on evidence (`SearchConfig.depart_z`, rules/ai/ismcts.py):
the search plays the game's ranking's first choice at the root unless the most visited
action's mean reward beats it by `depart_z` standard errors of their difference.

Carolus Magnus with a ranking by the action's text, reversed, is the test bed, as in
tests/test_ismcts_widening.py."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_ismcts_widening import GAME, WIDENING, by_text, opening

from rules.ai import ismcts
from rules.ai.ismcts import ActionStats, SearchConfig, _Edge, _Search, game_hooks, search


@pytest.fixture(autouse=True)
def ranked(monkeypatch: pytest.MonkeyPatch) -> None:
    hooks = game_hooks(GAME)
    monkeypatch.setitem(ismcts._HOOKS, GAME.id, replace(hooks, rank=by_text, widening=WIDENING))


def test_the_rule_changes_only_the_pick_never_what_the_search_learnt() -> None:
    state, seat, _ = opening()
    for seed in range(3):
        plain = search(GAME, state, seat, SearchConfig(iterations=80), seed)
        held = search(GAME, state, seat, SearchConfig(iterations=80, depart_z=1.5), seed)
        assert plain.stats == held.stats and plain.iterations == held.iterations


def test_without_evidence_enough_the_rankings_choice_is_played() -> None:
    state, seat, legal = opening()
    first = by_text(GAME, state, seat, legal)[0]
    picks = {search(GAME, state, seat, SearchConfig(iterations=80, depart_z=1e9), seed).action
             for seed in range(4)}
    assert picks == {first}
    plain = {search(GAME, state, seat, SearchConfig(iterations=80), seed).action
             for seed in range(4)}
    assert plain != {first}  # the most visited is not always the ranking's first here


def test_at_zero_the_better_mean_of_the_two_is_played() -> None:
    state, seat, legal = opening()
    first = by_text(GAME, state, seat, legal)[0]
    for seed in range(4):
        result = search(GAME, state, seat, SearchConfig(iterations=80, depart_z=0.0), seed)
        stats = {s.action: s for s in result.stats}
        most = max(result.stats, key=lambda s: (s.visits, s.reward))
        expected = most.action if most.reward > stats[first].reward else first
        assert result.action == expected


def rigged(depart_z: float) -> ismcts.Action:
    """A root where the ranking's first choice has 100 visits at a mean of 0.50 and another
    action 200 at 0.52, both with a variance of 0.01: the standard error of the difference
    is sqrt(0.01/100 + 0.01/200) = 0.0122, so the gap of 0.02 is 1.63 of them."""
    state, seat, legal = opening()
    first, other = by_text(GAME, state, seat, legal)[:2]
    run = _Search(GAME, state, seat, SearchConfig(iterations=1, depart_z=depart_z), seed=1)
    stats = []
    for action, visits, mean in ((first, 100, 0.50), (other, 200, 0.52)):
        edge = run.root[action] = _Edge()
        edge.visits, edge.reward = visits, mean * visits
        run.squares[edge] = visits * (0.01 + mean ** 2)
        stats.append(ActionStats(action, visits, mean, mean))
    stats += [ActionStats(a, 0, 0.0, 0.0) for a in legal if a not in (first, other)]
    best = max(stats, key=lambda s: (s.visits, s.reward))
    return run._anchored(legal, stats, best).action


def test_the_gap_is_weighed_in_standard_errors_of_the_difference() -> None:
    state, seat, legal = opening()
    first, other = by_text(GAME, state, seat, legal)[:2]
    assert rigged(1.5) == other  # 1.63 standard errors: evidence enough at 1.5
    assert rigged(1.7) == first  # not at 1.7
