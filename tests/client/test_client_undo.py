"""Undo against the AI: your own moves come back, with the AI moves after them, until a
card was seen or chance resolved; another human's move always stands."""

from __future__ import annotations

import random

from client.session import Session, seat_dict
from rules.kobayakawa import Fight, Flip, Pass
from rules.magnate import Sell, Trade


def kobayakawa(*kinds: str, seed: int = 3) -> Session:
    seats = [seat_dict(f"P{i}", k, "easy" if k == "ai" else None, i) for i, k in enumerate(kinds)]
    return Session.new("kobayakawa", seats, seed, {"start_player": 0})


def to_stage_two(session: Session) -> None:
    """Everyone flips (a barrier each time) until the betting starts with seat 0."""
    while session.view(0)["phase"] != "bet":
        (seat,) = session.to_act()
        session.apply(seat, Flip())


def test_you_take_back_your_move_and_the_ai_moves_made_after_it() -> None:
    session = kobayakawa("human", "ai", "ai", "ai")
    to_stage_two(session)
    before = list(session.record.actions)
    session.apply(0, Fight())
    session.apply(1, Pass())  # the AI bets: no card seen, no chance
    session.apply(2, Fight())
    assert session.can_undo() and session.undo_seat() == 0
    assert session.undo()
    assert session.record.actions == before and session.to_act() == (0,)


def test_undo_is_refused_once_chance_resolved_or_a_card_was_seen_since() -> None:
    session = kobayakawa("human", "ai", "ai", "ai")
    to_stage_two(session)
    for seat, action in ((0, Fight()), (1, Pass()), (2, Pass()), (3, Fight())):
        session.apply(seat, action)  # the last bet shows the fighters' cards: a barrier
    assert not session.can_undo()
    assert session.undo_refusal() == "barrier"
    count = len(session.record.actions)
    assert not session.undo() and len(session.record.actions) == count


def test_another_humans_move_stands() -> None:
    session = kobayakawa("human", "human", "ai")
    to_stage_two(session)
    session.viewer = 0
    session.apply(0, Fight())
    session.viewer = 1
    session.apply(1, Pass())
    session.viewer = 0  # the first player looks again: the second one's bet is theirs
    assert session.undo_refusal() == "other_human"
    session.viewer = 1
    assert session.undo_seat() == 1 and session.undo()
    assert session.to_act() == (1,)


def test_ctrl_z_steps_back_through_your_own_moves_one_after_another() -> None:
    seats = [seat_dict("Ana", "human", None, 0), seat_dict("IA", "ai", "easy", 1)]
    session = Session.new("magnate", seats, 2, {"start_player": 0})
    rng = random.Random(0)
    while not (session.to_act() == (0,) and session.view(0)["phase"] == "play"):
        (seat,) = session.to_act()
        session.apply(seat, rng.choice(session.legal(seat)))
    start = list(session.record.actions)
    card = session.view(0)["hand"][0]
    session.apply(0, Sell(card))  # one token of each suit...
    trades = [a for a in session.legal(0) if isinstance(a, Trade)]
    assert trades, "this table lets Ana trade after selling"
    session.apply(0, trades[0])
    assert session.undo() and session.record.actions == [*start, (0, Sell(card))]
    assert session.undo()
    assert session.record.actions == start
    assert session.undo_refusal() == "barrier"  # the roll before them was chance


def test_the_game_over_ends_undo() -> None:
    session = kobayakawa("human", "ai", "ai")
    rng = random.Random(1)
    while session.to_act():
        (seat,) = session.to_act()
        session.apply(seat, rng.choice(session.legal(seat)))
    assert session.undo_refusal() == "game_over"
