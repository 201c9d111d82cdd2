"""The Hint button: a legal suggestion for the seat deciding, shown in the prompt."""

from __future__ import annotations

import time

import pygame
from test_client_play import start_table

from client.ai_worker import AIWorker
from client.i18n import tr
from client.scenes.launch import default_seats
from client.session import Session


def wait_for_human(harness, table):
    for _ in range(400):
        if table.session.humans_to_act() and not table.timeline.busy:
            return
        harness.frames(1)
    raise AssertionError("no human turn came")


def test_hint_suggests_a_legal_action_shown_in_the_prompt(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")])
    wait_for_human(harness, table)
    seat = table.session.humans_to_act()[0]
    harness.press(tr("table.hint"))
    hint = table.hints.current(table.session, seat)
    assert hint is not None and hint.seat == seat
    assert hint.action in table.session.legal(seat)
    line = table._hint_line()
    assert table.view.action_label(hint.action) in line
    assert f"{round(hint.win * 100)}%" in line
    if hint.action in table.view.prompt_actions(seat, table.session.legal(seat)):
        assert table._hint_button() is not None  # its prompt button glows
    harness.frames(2)  # and it draws


def test_hint_is_cleared_by_any_action_and_the_h_key_asks_again(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")])
    wait_for_human(harness, table)
    seat = table.session.humans_to_act()[0]
    harness.key(pygame.K_h)
    hint = table.hints.current(table.session, seat)
    assert hint is not None
    table.play(seat, hint.action)
    assert table.hints.current(table.session, seat) is None
    assert table._hint_line() == ""


def test_hint_is_not_offered_behind_the_curtain_or_for_an_ai_seat(harness):
    table = start_table(harness, [("human", None), ("human", None), ("ai", "easy")])
    wait_for_human(harness, table)
    if table.curtain_seat is not None:
        assert table.hint_seat() is None
        assert tr("table.hint") not in [b.text for b in harness.buttons()]
    table.session.seats[table.session.to_act()[0]]["kind"] = "ai"
    assert table.hint_seat() is None


def test_the_worker_process_answers_a_hint_apart_from_moves():
    session = Session.new("kobayakawa", default_seats([("ai", "easy")] * 3), 5, {})
    seat = session.to_act()[0]
    worker = AIWorker()
    try:
        job = worker.submit_hint(session.record.to_json(), seat, "easy", 1)
        answer = None
        deadline = time.monotonic() + 60  # a guard against a hang, not a speed assertion
        while answer is None and time.monotonic() < deadline:
            assert worker.poll() is None  # no move was asked: a hint is not a move
            answer = worker.poll_hint()
            time.sleep(0.05)
        assert answer is not None and answer["job"] == job
        assert session.game.action_from_json(answer["action"]) in session.legal(seat)
        assert 0.0 <= answer["win"] <= 1.0
    finally:
        worker.close()


def test_the_app_asks_its_worker_process_and_keeps_drawing(harness):
    harness.app.inline_ai = False  # the real thing: a spawned process thinks the hint
    table = start_table(harness, [("human", None)] * 3)
    try:
        if table.curtain_seat is not None:
            harness.press(tr("curtain.ready", name=table.session.name(table.curtain_seat)))
        seat = table.hint_seat()
        assert seat is not None
        harness.press(tr("table.hint"))
        assert table.ai is not None and table.hints.thinking
        busy = [b for b in table.buttons if b.text == tr("table.hint_thinking")]
        assert busy and not busy[0].is_enabled  # the button says it is thinking
        deadline = time.monotonic() + 60  # a guard against a hang, not a speed assertion
        while table.hints.thinking and time.monotonic() < deadline:
            harness.frames(1)  # the window keeps drawing meanwhile
            time.sleep(0.02)
        hint = table.hints.current(table.session, seat)
        assert hint is not None and hint.action in table.session.legal(seat)
        assert tr("table.hint") in [b.text for b in harness.buttons()]
    finally:
        table.exit()


def test_a_hint_chosen_on_the_board_is_ringed_there(harness):
    from rules.coup import Steal

    session = Session.new(
        "coup", default_seats([("human", None), ("ai", "easy"), ("ai", "easy")]), 3, {}
    )
    from client.scenes.table import TableScene

    harness.app.push(TableScene(harness.app, session))
    harness.frames(2)
    table = harness.scene
    assert session.humans_to_act() == [0] and table.view.view["phase"] == "action"
    rows = dict(table.view.board_rows())
    assert table.view.hint_rect(Steal(target=1)) == rows["steal"]
    table.ask_hint()
    hint = table.hints.current(session, 0)
    assert hint is not None and table.view.hint_rect(hint.action) == rows[hint.action.type]
    harness.frames(2)


def test_a_hint_whose_worker_died_gives_the_button_back(harness):
    harness.app.inline_ai = False
    table = start_table(harness, [("human", None)] * 3)
    try:
        if table.curtain_seat is not None:
            harness.press(tr("curtain.ready", name=table.session.name(table.curtain_seat)))
        harness.press(tr("table.hint"))
        dead = table.ai
        dead._process.terminate()
        dead._process.join(timeout=10)
        harness.frames(2)
        assert not table.hints.thinking
        harness.press(tr("table.hint"))  # asking again starts a fresh worker
        assert table.ai is not dead and table.ai.alive and table.hints.thinking
    finally:
        table.exit()
