"""Progressive widening in the search (`rank` and `WIDENING` hooks, rules/ai/ismcts.py):
a node weighs only its best few choices by the game's ranking, more as it is visited,
and a game without a ranking searches exactly as before.

Carolus Magnus is the test bed: nothing is hidden, it has no `prune`, its opening
offers five choices, and every seat decides by UCB in the tree. The ranking given
here is deliberately not the listed order (it sorts by the action's text, reversed).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

import rules
from rules.ai import ismcts
from rules.ai.ismcts import SearchConfig, _Edge, _Node, _Search, game_hooks, search
from rules.core import Action, Game, Seat

GAME = rules.get_game("carolus_magnus")
WIDENING = (1.0, 0.5)


def by_text(game: Game[Any], state: Any, seat: Seat, legal: list[Action]) -> list[Action]:
    return sorted(legal, key=str, reverse=True)


@pytest.fixture
def ranked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Carolus's hooks with `by_text` as its ranking."""
    hooks = game_hooks(GAME)
    assert hooks.rank is None  # the test bed has no ranking of its own
    monkeypatch.setitem(ismcts._HOOKS, GAME.id, replace(hooks, rank=by_text, widening=WIDENING))


def opening() -> tuple[Any, Seat, list[Action]]:
    state = GAME.new_game(players=2, seed=3, options={})
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_actions(state, seat)
    assert len(legal) == 5
    return state, seat, legal


def allowed(visits: int) -> int:
    c, alpha = WIDENING
    return max(1, math.ceil(c * visits**alpha))


@pytest.mark.parametrize("iterations", [1, 2, 3, 5, 6, 10, 17])
def test_the_root_weighs_only_the_best_ranked_few(ranked: None, iterations: int) -> None:
    state, seat, legal = opening()
    run = _Search(GAME, state, seat, SearchConfig(iterations=iterations), seed=1)
    for _ in range(iterations):  # every iteration (a search may stop once settled)
        run.iterate()
    tried = {a for a, e in run.root.items() if e.visits > 0}
    # the last iteration saw iterations - 1 visits before it
    best = by_text(GAME, state, seat, legal)[: allowed(iterations - 1)]
    assert tried == set(best) and set(run.root) == tried
    assert search(GAME, state, seat, SearchConfig(iterations=iterations), seed=1).action in best


def test_a_small_budget_plays_the_ranking_and_a_larger_one_widens(ranked: None) -> None:
    state, seat, legal = opening()
    first = by_text(GAME, state, seat, legal)[0]
    assert search(GAME, state, seat, SearchConfig(iterations=2), seed=1).action == first
    wide = search(GAME, state, seat, SearchConfig(iterations=200), seed=1)
    assert all(s.visits > 0 for s in wide.stats)  # every choice weighed in the end


def nodes(node: _Node) -> Iterator[_Node]:
    yield node
    for edge in node.values():
        for child in edge.after.values():
            yield from nodes(child)


def test_every_node_of_every_tree_holds_at_most_its_allowance(ranked: None) -> None:
    state, seat, _ = opening()
    run = _Search(GAME, state, seat, SearchConfig(iterations=300), seed=2)
    for _ in range(300):
        run.iterate()
    checked = 0
    for root in [run.root, *run.roots.values()]:
        for node in nodes(root):
            chosen = [e for key, e in node.items() if not isinstance(key, tuple)]
            if not chosen:  # a node where another seat moves: its edges are by who moved
                continue
            visits = sum(e.visits for e in chosen)
            assert len(chosen) <= allowed(visits)
            checked += 1
    assert checked > 50
    # and the trees below the root widened too, not only the root
    assert any(len([k for k in n if not isinstance(k, tuple)]) > 1
               for root in run.roots.values() for n in nodes(root))


def figures(config: SearchConfig, seed: int) -> list[tuple[Action, int, float]]:
    state, seat, _ = opening()
    result = search(GAME, state, seat, config, seed)
    return [(s.action, s.visits, s.reward) for s in result.stats]


def test_widening_off_is_the_search_without_a_ranking(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = [figures(SearchConfig(iterations=60), seed) for seed in range(3)]
    hooks = game_hooks(GAME)
    monkeypatch.setitem(ismcts._HOOKS, GAME.id, replace(hooks, rank=by_text))
    off = SearchConfig(iterations=60, use_widening=False)
    assert [figures(off, seed) for seed in range(3)] == plain
    assert [figures(SearchConfig(iterations=60), seed) for seed in range(3)] != plain


def test_the_config_may_set_the_widening(ranked: None) -> None:
    state, seat, legal = opening()
    narrow = SearchConfig(iterations=30, widening=(0.5, 0.3))  # 30 visits: k = 2
    tried = {s.action for s in search(GAME, state, seat, narrow, seed=1).stats if s.visits}
    assert tried == set(by_text(GAME, state, seat, legal)[:2])


def test_an_untried_choice_is_expanded_by_rank_not_at_random(ranked: None) -> None:
    state, seat, legal = opening()
    run = _Search(GAME, state, seat, SearchConfig(iterations=5), seed=4)
    order = []
    for _ in range(5):
        before = set(run.root)
        run.iterate()
        order.extend(a for a in run.root if a not in before)
    assert order == by_text(GAME, state, seat, legal)[: len(order)]
    assert isinstance(run.root[order[0]], _Edge) and len(order) == allowed(4)
