"""Quieter rollouts (`SearchConfig.rollout_noise`, rules/ai/ismcts.py): a level may play
its rollouts with less noise than the game's policy, while the policy keeps its own
noise where it models the other seats in the tree and suggests a new node's first move.

Imperios Milenarios is the test bed: its policy takes `noise`, its opponents decide by
the policy in the tree, and its rollouts are cut at `ROLLOUT_DEPTH` and evaluated."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import rules
from rules.ai import ismcts
from rules.ai.ismcts import SearchConfig, _Search, game_hooks, search
from rules.core import Action, Game, Seat
from rules.imperios_milenarios import ai

GAME = rules.get_game("imperios_milenarios")


def a_decision() -> tuple[Any, Seat]:
    """A decision of the first round with more than one choice the search weighs."""
    state = GAME.new_game(4, 5)
    rng = random.Random(5)
    while True:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if len(ai.prune(GAME, state, seat, legal)) > 2:
            return state, seat
        state = GAME.apply(state, seat, ai.rollout_action(GAME, state, seat, rng)).state


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[float | None]:
    """The noise of every call the search makes to the policy (None: the policy's own)."""
    seen: list[float | None] = []

    def recorded(game: Game[Any], state: Any, seat: Seat, rng: random.Random,
                 **kwargs: float) -> Action:
        seen.append(kwargs.get("noise"))
        return ai.rollout_action(game, state, seat, rng, **kwargs)

    hooks = game_hooks(GAME)
    monkeypatch.setitem(ismcts._HOOKS, GAME.id, replace(hooks, rollout_action=recorded))
    return seen


def test_only_the_rollouts_are_quieter(calls: list[float | None]) -> None:
    state, seat = a_decision()
    run = _Search(GAME, state, seat, SearchConfig(iterations=60, rollout_noise=0.25), 1)
    run.run(GAME.legal_actions(state, seat))
    assert set(calls) == {None, 0.25}  # the tree's model of the others keeps its noise
    assert calls.count(0.25) >= 60 * 10  # every rollout, many steps each


def test_without_the_setting_the_policy_is_called_as_always(calls: list[float | None]) -> None:
    state, seat = a_decision()
    search(GAME, state, seat, SearchConfig(iterations=30), 1)
    assert calls and set(calls) == {None}


def test_a_different_rollout_noise_changes_what_the_search_learns() -> None:
    state, seat = a_decision()
    loud = search(GAME, state, seat, SearchConfig(iterations=60), 2)
    quiet = search(GAME, state, seat, SearchConfig(iterations=60, rollout_noise=0.0), 2)
    assert loud.stats != quiet.stats


def test_the_policy_at_no_noise_plays_the_rankings_first_choice() -> None:
    state, seat = a_decision()
    legal = GAME.legal_actions(state, seat)
    first = ai.rank(GAME, state, seat, legal)[0]
    for salt in range(5):
        assert ai.rollout_action(GAME, state, seat, random.Random(salt), noise=0.0) == first


def test_the_policys_own_noise_is_the_default() -> None:
    state, seat = a_decision()
    for salt in range(5):
        plain = ai.rollout_action(GAME, state, seat, random.Random(salt))
        named = ai.rollout_action(GAME, state, seat, random.Random(salt), noise=ai.NOISE)
        assert plain == named
