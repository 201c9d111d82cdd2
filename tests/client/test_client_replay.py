"""Replays: a finished game shows every hand at every step; a game in progress none."""

from __future__ import annotations

import random

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
