"""A flat search (`SearchConfig.flat`, rules/ai/ismcts.py): the searcher grows no tree
below its own first choice, so every iteration plays one of its actions at the root and
rolls out from there, each judged by the same continuation.

Imperios Milenarios is the test bed: its decisions have many choices, its rollouts are
cut at `ROLLOUT_DEPTH` and evaluated, and its searches are long enough to grow deep."""

from __future__ import annotations

from test_ismcts_rollout_noise import a_decision

import rules
from rules.ai.ismcts import SearchConfig, SearchResult, _Search

GAME = rules.get_game("imperios_milenarios")


def searched(flat: bool) -> tuple[_Search, SearchResult]:
    """The search after 120 iterations (fewer if it settles first), and its result."""
    state, seat = a_decision()
    run = _Search(GAME, state, seat, SearchConfig(iterations=120, flat=flat), 3)
    return run, run.run(GAME.legal_actions(state, seat))


def test_a_flat_search_grows_nothing_below_its_first_choice() -> None:
    run, result = searched(flat=True)
    done = result.iterations
    edges = list(run.root.values())
    assert len(edges) > 1  # it weighed more than one action
    assert done > 100
    assert sum(e.visits for e in edges) == done  # every iteration went through the root
    assert all(not e.after for e in edges)  # and stopped there: no node below
    assert not any(run.roots.values())  # nor any of the other seats' trees


def test_the_usual_search_grows_below_its_first_choice() -> None:
    run, _ = searched(flat=False)
    assert any(e.after for e in run.root.values())


def test_a_flat_search_judges_differently_and_still_plays_a_legal_action() -> None:
    (_, flat), (_, deep) = searched(flat=True), searched(flat=False)
    state, seat = a_decision()
    assert flat.action in GAME.legal_actions(state, seat)
    assert flat.stats != deep.stats
