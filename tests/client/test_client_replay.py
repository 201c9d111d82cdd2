"""Replays: a finished game shows every hand at every step; a game in progress none."""

from __future__ import annotations

import random

import pygame
import pytest

from client.art.coup import CHARACTERS
from client.i18n import tr
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


def coup_two_player_variant(seed: int = 7) -> Session:
    seats = [seat_dict(f"P{i}", "human", None, i) for i in range(2)]
    session = Session.new("coup", seats, seed, {"two_player_variant": True})
    rng = random.Random(1)
    while session.to_act():
        seat = session.to_act()[0]
        session.apply(seat, rng.choice(session.legal(seat)))
    return session


def pick_faces(harness, replay, monkeypatch):
    """The characters drawn face up in the pick's row of five, this frame."""
    from client.games.coup import view as coup_view

    drawn, real = [], coup_view.art.card_face
    rects = [tuple(r) for _c, r in replay.view.pick_rects()]

    def spy(character, size, *args, **kwargs):
        drawn.append((character, tuple(size)))
        return real(character, size, *args, **kwargs)

    monkeypatch.setattr(coup_view.art, "card_face", spy)
    surface = pygame.Surface(harness.app.size)
    replay.draw(surface)
    monkeypatch.setattr(coup_view.art, "card_face", real)
    size = tuple(rects[0][2:])
    return [c for c, s in drawn if s == size]


def test_a_coup_two_player_replay_shows_the_sets_and_each_pick_step_by_step(
    harness, monkeypatch
):
    """The two-player variant's picks are secret while playing; once the game is over the
    replay shows the set of five face up, each seat's kept character in its hand from the
    step it was picked, and the log names it, stepping forward and back."""
    session = coup_two_player_variant()
    first, second = session.steps[0], session.steps[1]
    assert (first.action.type, second.action.type) == ("pick_card", "pick_card")
    replay = ReplayScene(harness.app, session)
    harness.app.push(replay)
    harness.frames(1)
    replay.step("first")
    harness.frames(1)
    assert pick_faces(harness, replay, monkeypatch) == list(CHARACTERS)
    assert all(not faces for faces in replay.view.open_faces.values())
    replay.step("forward")
    harness.frames(1)
    assert replay.view.open_faces[first.seat] == [first.action.character]
    assert replay.view.open_faces[second.seat] == []
    name = replay.view.words.card
    said = tr("log.coup.picked_open", seat=session.name(first.seat),
              card=name(first.action.character))
    assert replay.log.entries[-1].text == said
    assert pick_faces(harness, replay, monkeypatch) == list(CHARACTERS)
    replay.step("forward")
    harness.frames(1)
    assert replay.view.view["phase"] == "action"
    assert replay.view.open_faces[second.seat][:1] == [second.action.character]
    texts = [e.text for e in replay.log.entries]
    assert said in texts and tr("log.coup.picked_open", seat=session.name(second.seat),
                                card=name(second.action.character)) in texts
    replay.step("back")
    replay.step("back")
    harness.frames(1)
    assert replay.index == 0 and all(not f for f in replay.view.open_faces.values())
    assert not any(session.name(first.seat) in e.text for e in replay.log.entries)


def test_a_coup_two_player_game_in_progress_keeps_its_picks_secret_in_replay(
    harness, monkeypatch
):
    session = coup_two_player_variant().truncated(1)
    replay = ReplayScene(harness.app, session)
    harness.app.push(replay)
    harness.frames(1)
    assert replay.view.view["phase"] == "pick"
    assert pick_faces(harness, replay, monkeypatch) == []
    seat = session.steps[0].seat
    assert replay.log.entries[-1].text == tr("log.coup.picked", seat=session.name(seat))
