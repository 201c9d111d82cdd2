"""One suite for every registered game: each game is tested by registering it.

Random seeded games are played to the end while the protocol's promises are
checked: listed actions apply, unlisted ones are refused, `apply` never
changes its input, replays and saves reproduce the game, and `view` /
`sample_world` never leak what a seat may not know.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import rules
from rules.core import Game, IllegalAction
from rules.core.saves import GameRecord, load_save

GAMES_PER_GAME = 200
ACTION_BUDGET = 150_000
"""Long games (a map game runs thousands of actions) stop after this many actions, once
MIN_GAMES are played: the suite stays inside CI's time on two cores."""
MIN_GAMES = 30
CAP = 5_000


def _setups(game: Game[Any]) -> list[int]:
    return list(range(game.info.min_players, game.info.max_players + 1))


GAME_IDS = sorted(rules.GAMES)


def play_random(
    game: Game[Any], players: int, seed: int, cap: int = CAP
) -> Iterator[tuple[Any, int, Any, Any]]:
    """Yield (state, seat, action, transition) along one random game."""
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    for _ in range(cap):
        to_act = game.to_act(state)
        if not to_act:
            return
        seat = to_act[rng.randrange(len(to_act))]
        action = rng.choice(game.legal_actions(state, seat))
        transition = game.apply(state, seat, action)
        yield state, seat, action, transition
        state = transition.state
    raise AssertionError(f"{game.id}: no end after {cap} actions (seed {seed})")


def final(game: Game[Any], players: int, seed: int) -> tuple[Any, list[tuple[int, Any]]]:
    state = game.new_game(players, seed)
    log = []
    for _, seat, action, transition in play_random(game, players, seed):
        log.append((seat, action))
        state = transition.state
    return state, log


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_games_end_with_an_outcome_and_replay_exactly(game_id: str) -> None:
    game = rules.get_game(game_id)
    setups = _setups(game)
    played = 0
    for k in range(GAMES_PER_GAME):
        if k >= MIN_GAMES and played >= ACTION_BUDGET:
            break
        players = setups[k % len(setups)]
        state, log = final(game, players, seed=k)
        played += len(log)
        outcome = game.outcome(state)
        assert outcome is not None, f"seed {k}: finished without an outcome"
        assert game.to_act(state) == ()
        assert all(game.legal_actions(state, p) == [] for p in range(players))
        assert len(outcome.scores) == len(outcome.ranking) == players
        assert outcome.winners and all(0 <= w < players for w in outcome.winners)
        assert all(1 <= r <= players for r in outcome.ranking)
        assert all(outcome.ranking[w] == 1 for w in outcome.winners)
        # the same seed and the same actions give the same game, bit for bit
        replayed = game.new_game(players, seed=k)
        for seat, action in log:
            replayed = game.apply(replayed, seat, action).state
        assert replayed == state
        with pytest.raises(IllegalAction) as err:
            game.apply(state, 0, log[-1][1])
        assert err.value.code == "game_over"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_listed_actions_apply_and_unlisted_are_refused(game_id: str) -> None:
    game = rules.get_game(game_id)
    rng = random.Random(1)
    for k, players in enumerate(_setups(game) * 4):
        for state, seat, _, _ in play_random(game, players, seed=1000 + k):
            legal = game.legal_actions(state, seat)
            assert legal, "a seat to act must have a choice"
            assert len(set(legal)) == len(legal), "legal actions are listed once"
            for action in legal:
                game.apply(state, seat, action)
                assert game.action_from_json(game.action_to_json(action)) == action
            unlisted = [a for a in game.action_space(state) if a not in legal]
            for action in rng.sample(unlisted, min(6, len(unlisted))):
                with pytest.raises(IllegalAction):
                    game.apply(state, seat, action)
            others = [p for p in range(players) if p not in game.to_act(state)]
            if others:
                with pytest.raises(IllegalAction) as err:
                    game.apply(state, rng.choice(others), legal[0])
                assert err.value.code == "not_your_turn"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_never_changes_its_input(game_id: str) -> None:
    game = rules.get_game(game_id)
    for k, players in enumerate(_setups(game) * 2):
        for state, seat, action, transition in play_random(game, players, seed=2000 + k):
            before = copy.deepcopy(state)
            game.apply(state, seat, action)
            assert state == before
            assert transition.state is not state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_events_and_views_are_json_with_valid_audiences(game_id: str) -> None:
    game = rules.get_game(game_id)
    for k, players in enumerate(_setups(game)):
        for state, _, _, transition in play_random(game, players, seed=3000 + k):
            for ev in transition.events:
                json.dumps(ev)
                assert isinstance(ev["type"], str)
                assert ev["to"] == "all" or (
                    isinstance(ev["to"], list) and all(0 <= p < players for p in ev["to"])
                )
            assert isinstance(transition.barrier, bool)
            for seat in [None, *range(players)]:
                json.dumps(game.view(state, seat))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_open_view_of_a_finished_game_adds_to_the_spectators_view(game_id: str) -> None:
    """A replay of a finished game shows every secret: the spectator's view, with every
    one of its keys unchanged, plus whatever the game kept hidden."""
    game = rules.get_game(game_id)
    for k, players in enumerate(_setups(game)):
        for state, _, _, _ in play_random(game, players, seed=3500 + k):
            opened = game.open_view(state)
            json.dumps(opened)
            public = game.view(state, None)
            assert {key: opened[key] for key in public} == public


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_saves_round_trip_through_json(game_id: str) -> None:
    game = rules.get_game(game_id)
    for k, players in enumerate(_setups(game) * 2):
        seed = 4000 + k
        steps = list(play_random(game, players, seed))
        cut = random.Random(seed).randrange(len(steps) + 1)
        log = [(seat, action) for _, seat, action, _ in steps[:cut]]
        record = GameRecord(game.id, [f"seat {i}" for i in range(players)], seed, {}, log)
        loaded, state = load_save(record.dumps())
        assert loaded.actions == log and loaded.seed == seed and loaded.game == game.id
        expected = steps[cut][0] if cut < len(steps) else steps[-1][3].state
        assert state == expected


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_views_and_sampled_worlds_hide_what_a_seat_cannot_see(game_id: str) -> None:
    game = rules.get_game(game_id)
    redealt = 0
    reseeded = 0
    samples = 0
    for k, players in enumerate(_setups(game) * 3):
        for i, (state, _, _, _) in enumerate(play_random(game, players, seed=5000 + k)):
            if i % 3:
                continue
            for seat in range(players):
                world = game.sample_world(state, seat, random.Random(i))
                # the sampled world is consistent with what the seat knows ...
                assert game.view(world, seat) == game.view(state, seat)
                assert game.to_act(world) == game.to_act(state)
                assert game.legal_actions(world, seat) == game.legal_actions(state, seat)
                # ... and depends on nothing else: two states this seat cannot tell
                # apart give the very same sample for the same generator.
                a = game.sample_world(state, seat, random.Random(7))
                b = game.sample_world(world, seat, random.Random(7))
                assert a == b
                samples += 1
                reseeded += world != state
                # what the other seats hold must really be re-dealt, not kept
                redealt += any(
                    game.view(world, q) != game.view(state, q) for q in range(players) if q != seat
                )
    if game.info.hidden_information:
        # In card games others nearly always hold something this seat cannot see; a
        # sampler that kept their cards would change their views far less often.
        assert redealt >= 0.3 * samples, (
            f"sample_world changed what other seats see in only {redealt}/{samples} samples:"
            " are hidden cards kept?"
        )
    if game.info.chance:
        assert reseeded, "sample_world never changed the state: future chance not reseeded?"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_setup_is_checked(game_id: str) -> None:
    game = rules.get_game(game_id)
    for players in (game.info.min_players - 1, game.info.max_players + 1):
        with pytest.raises(rules.SetupError) as err:
            game.new_game(players, seed=1)
        assert err.value.code == "bad_player_count"
    with pytest.raises(rules.SetupError) as err:
        game.new_game(game.info.min_players, seed=1, options={"no_such_option": 1})
    assert err.value.code == "unknown_option"
    assert game.new_game(game.info.min_players, seed=9) == game.new_game(
        game.info.min_players, seed=9
    )
