"""Replays: a finished game shows every hand at every step; a game in progress none."""

from __future__ import annotations

import random

import pytest

from client.scenes.replay import ReplayScene
from client.session import Session, seat_dict


def finished_kobayakawa() -> Session:
    seats = [seat_dict(f"P{i}", "human", None, i) for i in range(3)]
    session = Session.new("kobayakawa", seats, 9, {})
    rng = random.Random(9)
    while session.to_act():
        (seat,) = session.to_act()
        session.apply(seat, rng.choice(session.legal(seat)))
    return session


def test_the_replay_of_a_finished_game_shows_every_hand(harness):
    session = finished_kobayakawa()
    replay = ReplayScene(harness.app, session)
    harness.app.push(replay)
    harness.frames(1)
    replay.step("first")
    replay.step("forward")
    harness.frames(1)
    state = session.steps[0].transition.state
    assert replay.view.view["hands"] == [h or None for h in state.hands]


def test_the_replay_of_a_game_in_progress_keeps_the_hands_hidden(harness):
    session = finished_kobayakawa().truncated(5)
    replay = ReplayScene(harness.app, session)
    harness.app.push(replay)
    harness.frames(1)
    assert "hands" not in replay.view.view and replay.view.view["hand"] is None


def finished(game_id: str, players: int, seed: int) -> Session:
    seats = [seat_dict(f"P{i}", "human", None, i) for i in range(players)]
    session = Session.new(game_id, seats, seed, {})
    rng = random.Random(seed)
    while session.to_act():
        seat = session.to_act()[0]
        session.apply(seat, rng.choice(session.legal(seat)))
    return session


def cards_of(hand: object) -> list[object]:
    if hand is None:
        return []
    return list(hand) if isinstance(hand, list) else [hand]


@pytest.mark.parametrize(("game_id", "players"), [("kobayakawa", 4), ("coup", 3), ("magnate", 2)])
def test_every_hand_is_drawn_face_up_once_the_game_is_over(harness, game_id, players):
    session = finished(game_id, players, 5)
    replay = ReplayScene(harness.app, session)
    harness.app.push(replay)
    harness.frames(1)
    checked = 0
    for index in (1, len(session.steps) // 3, len(session.steps) // 2, len(session.steps) - 1):
        replay.index = index
        harness.app.rebuild()
        harness.frames(1)
        state = session.steps[index - 1].transition.state
        hands = session.game.open_view(state)["hands"]
        for seat, hand in enumerate(hands):
            cards = cards_of(hand)
            if game_id == "kobayakawa" and not replay.view.view["in_round"][seat]:
                continue
            assert replay.view.open_faces.get(seat, [])[: len(cards)] == cards, (index, seat)
            checked += len(cards)
    assert checked  # some face-down card was turned up


@pytest.mark.parametrize(("game_id", "players"), [("kobayakawa", 4), ("coup", 3), ("magnate", 2)])
def test_a_game_in_progress_turns_no_hand_up_in_its_replay(harness, game_id, players):
    session = finished(game_id, players, 5).truncated(6)
    replay = ReplayScene(harness.app, session)
    harness.app.push(replay)
    harness.frames(1)
    assert replay.view.open_faces == {}
