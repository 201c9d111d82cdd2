"""Baseline bots: plain policies over a seat's view, arena agents by name, honest."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules import SetupError
from rules.ai.agents import BotAgent, game_bots, make_agent, make_agent_for
from rules.simulate import arena, simulate

MAP_GAMES = ("corona_de_hierro", "imperios_milenarios", "conquest_of_the_empire")
BOTS = [(gid, name) for gid in ("coup", "kobayakawa", "magnate", "carolus_magnus", *MAP_GAMES)
        for name in sorted(game_bots(rules.get_game(gid)))]
HONESTY_STEPS = {"corona_de_hierro": 150, "imperios_milenarios": 400,
                 "conquest_of_the_empire": 300}
"""Random actions the honesty test walks through (40 unless listed): a map game's first
forty are all setup, auctions or founding."""


def test_every_game_named_by_the_issue_has_its_bots() -> None:
    assert {name for gid, name in BOTS if gid == "coup"} == {"honest", "bluffer", "sceptic"}
    assert {name for gid, name in BOTS if gid == "kobayakawa"} == {"threshold", "greedy"}
    assert ("magnate", "greedy") in BOTS and ("carolus_magnus", "greedy") in BOTS
    for gid in MAP_GAMES:
        assert {name for g, name in BOTS if g == gid} == {"greedy"}


@pytest.mark.parametrize(("game_id", "name"), BOTS)
def test_a_bot_plays_only_legal_moves_to_the_end(game_id: str, name: str) -> None:
    """The bot sits at seat 0 among random players (two bluffers that never doubt each
    other could block and claim for ever, as at a real table)."""
    game = rules.get_game(game_id)
    agent = make_agent(name, seed=1)
    rng = random.Random(1)
    for seed in range(3):
        state = game.new_game(game.info.min_players, seed)
        for _ in range(20000):  # an Imperios game runs to a few thousand actions
            if not game.to_act(state):
                break
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            action = agent.choose(game, state, seat) if seat == 0 else rng.choice(legal)
            assert action in legal
            state = game.apply(state, seat, action).state
        assert game.outcome(state) is not None


@pytest.mark.parametrize(("game_id", "name"), BOTS)
def test_a_bot_decides_from_its_view_alone(game_id: str, name: str) -> None:
    """Two worlds the seat cannot tell apart get the same choice."""
    game = rules.get_game(game_id)
    rng = random.Random(7)
    state = game.new_game(game.info.min_players, 3)
    for _ in range(HONESTY_STEPS.get(game_id, 40)):
        if not game.to_act(state):
            break
        seat = game.to_act(state)[0]
        world = game.sample_world(state, seat, random.Random(rng.random()))
        assert BotAgent(name, 5).choose(game, state, seat) == BotAgent(name, 5).choose(
            game, world, seat)
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat))).state


def _wins(game_id: str, players: int, specs: list[str], games: int) -> dict[str, Any]:
    tally = simulate(rules.get_game(game_id), players, games, 11, specs)
    return dict(tally.wins_per_agent)


def test_the_honest_coup_bot_never_challenges_and_never_bluffs() -> None:
    game = rules.get_game("coup")
    agent = make_agent("honest", 2)
    rng = random.Random(2)
    for seed in range(10):
        state = game.new_game(3, seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            if seat == 0:
                action = agent.choose(game, state, seat)
                assert action.type != "challenge"
                claim = {"tax": "duke", "assassinate": "assassin", "steal": "captain",
                         "exchange": "ambassador"}.get(action.type)
                if action.type == "block":
                    claim = action.character  # type: ignore[attr-defined]
                if claim is not None:
                    assert claim in game.view(state, 0)["hand"]
            else:
                action = rng.choice(game.legal_actions(state, seat))
            state = game.apply(state, seat, action).state


def test_the_sceptic_challenges_every_claim_it_can() -> None:
    game = rules.get_game("coup")
    agent = make_agent("sceptic", 2)
    state = game.new_game(2, 4, {"two_player_variant": False})
    rng = random.Random(4)
    seen = 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = agent.choose(game, state, seat) if seat == 1 else rng.choice(legal)
        if seat == 1 and any(a.type == "challenge" for a in legal):
            assert action.type == "challenge"
            seen += 1
        state = game.apply(state, seat, action).state
    assert seen


def test_bots_beat_random_play() -> None:
    assert _wins("coup", 2, ["honest", "random"], 20)["honest"] >= 15
    assert _wins("magnate", 2, ["greedy", "random"], 10)["greedy"] >= 7
    assert _wins("carolus_magnus", 2, ["greedy", "random"], 10)["greedy"] >= 8


@pytest.mark.parametrize(("game_id", "players", "games", "least"), [
    ("conquest_of_the_empire", 2, 4, 4),
    ("corona_de_hierro", 4, 8, 4),
    ("imperios_milenarios", 4, 2, 2),
])
def test_the_map_games_greedy_bots_beat_random_play_in_the_arena(
        game_id: str, players: int, games: int, least: int) -> None:
    """By name, seats rotating, among random players (a fair share is games / players)."""
    specs = ["greedy"] + ["random"] * (players - 1)
    tally = arena(rules.get_game(game_id), players, games, 21, specs)
    assert tally.summary()["errors"] == 0
    assert tally.wins_per_agent["greedy"] >= least


@pytest.mark.parametrize("game_id", MAP_GAMES)
def test_a_table_of_greedy_map_bots_finishes_its_game(game_id: str) -> None:
    """Bots among themselves never stall (nobody drawing, two stacks walking to and fro)."""
    game = rules.get_game(game_id)
    tally = arena(game, game.info.max_players, 1, 5, ["greedy"])
    assert tally.summary()["errors"] == 0
    assert sum(tally.wins_per_seat) >= 1


def test_a_bot_of_another_game_is_refused_with_the_games_own_bots() -> None:
    with pytest.raises(SetupError) as info:
        make_agent_for(rules.get_game("kobayakawa"), "honest")
    assert info.value.code == "agent_not_for_game"
    assert info.value.params["known"] == ["greedy", "threshold"]
    with pytest.raises(SetupError) as info:
        make_agent_for(rules.get_game("conquest_of_the_empire"), "honest")
    assert info.value.params["known"] == ["greedy"]
    with pytest.raises(SetupError) as info:
        make_agent("honest:3")
    assert info.value.code == "bad_agent_argument"
