"""Magnate's and Carolus Magnus's quick paths play exactly as the checked ones: `apply`'s
one-pass checks against `Game.apply`, the search's in-place `play` against `apply` on a
copy, and Magnate's rollout policy against its plain definition."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import IllegalAction, get_game
from rules.core import Action, Game

GAMES = (("magnate", (2,)), ("carolus_magnus", (2, 3, 4)))


def _guarded(game: Any, apply: Any, state: Any, seat: Any, action: Any) -> Any:
    """What an apply call gives: its events and every seat's view after, or its refusal."""
    try:
        t = apply(state, seat, action)
    except IllegalAction as err:
        return ("refused", err.code, err.params)
    views = [game.view(t.state, q) for q in (*range(game.players(t.state)), None)]
    return (t.events, t.barrier, views)


def _shapes(game: Any, state: Any, rng: random.Random) -> list[Any]:
    """Every listed action of every seat, a sample of every shape the game knows, and
    two that are no action at all."""
    space = list(game.action_space(state))
    listed = [a for q in range(game.players(state)) for a in game.legal_actions(state, q)]
    return [*listed, *rng.sample(space, min(40, len(space))), "roll", None]


@pytest.mark.parametrize(("game_id", "counts"), GAMES)
def test_apply_plays_and_refuses_exactly_as_the_shared_guard_does(
    game_id: str, counts: tuple[int, ...]
) -> None:
    """The one-pass `apply` against `Game.apply`'s checks, for actions of every shape,
    every seat (and some that are none), along random games and after them."""
    game = get_game(game_id)

    def shared(state: Any, seat: Any, action: Any) -> Any:
        return Game.apply(game, state, seat, action)

    rng = random.Random(8)
    for players in counts[::2]:  # Carolus: two and four players (teams)
        s = game.new_game(players, players)
        step = 0
        while True:
            step += 1
            for action in _shapes(game, s, rng) if step % 3 == 1 or not game.to_act(s) else []:
                for seat in (-1, *range(players), players, True):
                    mine = _guarded(game, game.apply, s, seat, action)
                    assert mine == _guarded(game, shared, s, seat, action)
                    if isinstance(action, Action):
                        assert game.is_legal(s, seat, action) == (mine[0] != "refused")
            if not game.to_act(s):
                break
            seat = game.to_act(s)[0]
            s = game.apply(s, seat, rng.choice(game.legal_actions(s, seat))).state


@pytest.mark.parametrize(("game_id", "counts"), GAMES)
def test_the_search_plays_in_place_what_apply_plays_on_a_copy(
    game_id: str, counts: tuple[int, ...]
) -> None:
    game = get_game(game_id)
    play = __import__(f"rules.{game_id}.ai", fromlist=["play"]).play
    rng = random.Random(9)
    for players in counts:
        for seed in range(3):
            s = game.new_game(players, seed)
            while game.to_act(s):
                seat = game.to_act(s)[0]
                action = rng.choice(game.legal_actions(s, seat))
                before = game.view(s, None)
                t = game.apply(s, seat, action)
                assert game.view(s, None) == before  # apply left its input alone
                mine = s.copy()
                assert play(game, mine, seat, action) == t.events
                assert mine == t.state
                s = t.state


def _magnate_policy_as_defined(state: Any, seat: int, rng: random.Random) -> Action:
    """Magnate's rollout policy as its docstring defines it, the long way."""
    from rules.magnate import GAME, ai
    from rules.magnate.actions import BuyDeed, Develop, TakeIncome
    from rules.magnate.components import SUIT_BY_NAME, SUIT_INDEX
    from rules.magnate.state import Phase

    legal = GAME.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase is Phase.INCOME:
        tokens = state.tokens[seat]
        return min(legal, key=lambda a: tokens[SUIT_INDEX[SUIT_BY_NAME[a.suit]]]
                   if isinstance(a, TakeIncome) else 0)
    sums = None
    if any(isinstance(a, Develop | BuyDeed) for a in legal):
        sums = ai.district_sums(state, seat), ai.district_sums(state, 1 - seat)
    return max(legal, key=lambda a: ai._score(a, sums) + rng.random())


def test_magnate_rollout_policy_chooses_as_its_plain_definition_with_the_same_noise() -> None:
    from rules.magnate import GAME, ai

    walk = random.Random(3)
    for seed in range(8):
        s = GAME.new_game(2, seed)
        step = 0
        while GAME.to_act(s):
            (seat,) = GAME.to_act(s)
            quick, plain = random.Random(step), random.Random(step)
            choice = ai.rollout_action(GAME, s, seat, quick)
            assert choice == _magnate_policy_as_defined(s, seat, plain)
            assert quick.random() == plain.random()  # the same noise drawn
            mover = choice if walk.random() < 0.7 else walk.choice(GAME.legal_actions(s, seat))
            s = GAME.apply(s, seat, mover).state
            step += 1
