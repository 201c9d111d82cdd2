"""An idle screen is drawn once, then left alone until something changes: draws are
counted frame by frame (never timed)."""

from __future__ import annotations

import pygame
from test_client_play import act_by_clicking, start_table

from client.app import SETTLE
from client.scenes.menu import MainMenu

SETTLED = round(SETTLE * 60) + 2  # frames at 60 per second until input stops counting


def draws_during(harness, frames: int) -> int:
    before = harness.app.draws
    harness.frames(frames)
    return harness.app.draws - before


def test_an_idle_menu_is_not_redrawn_every_frame(harness):
    harness.app.push(MainMenu(harness.app))
    assert draws_during(harness, 1) == 1  # the new screen is drawn
    harness.frames(SETTLED)
    assert draws_during(harness, 300) == 0


def test_input_wakes_the_menu_and_it_settles_again(harness):
    harness.app.push(MainMenu(harness.app))
    harness.frames(SETTLED)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 400), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    assert draws_during(harness, 1) == 1  # drawn at once
    assert draws_during(harness, SETTLED) >= SETTLED - 2  # hover and tooltip time
    assert draws_during(harness, 200) == 0


def test_a_table_waiting_for_a_human_is_not_redrawn_every_frame(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=4)
    for _ in range(400):
        if table.session.humans_to_act():
            break
        harness.frames(1)
    harness.frames(SETTLED)
    assert table.session.humans_to_act() and not table.animating()
    assert draws_during(harness, 300) == 0


def test_a_move_that_comes_without_input_is_drawn(harness):
    """An AI's answer arrives with no event: the table notices the change and is drawn."""
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=4)
    act_by_clicking(harness, table)
    harness.frames(SETTLED)
    seat = table.session.to_act()[0]
    assert draws_during(harness, 10) == 0
    assert table.play(seat, table.session.legal(seat)[0])  # as `_ai_answer` does
    assert draws_during(harness, 1) == 1


def test_the_table_asks_for_frames_while_a_tween_plays(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=4)
    harness.app.settings.animation_speed = 1.0
    harness.frames(SETTLED)
    before = table.session.view(table.session.viewer)
    table._animate([{"type": "round_started", "order": before["order"], "kobayakawa": 9}],
                   before)
    assert table.animating()
    assert draws_during(harness, 5) == 5


def test_make_bench_reports_idle_cpu_on_the_menu_and_at_a_waiting_table(data_dir):
    """The figures `make bench` prints (their values are machine-dependent, not tested):
    both screens measured, and neither drawn while idle."""
    from client.bench import idle_cpu

    figures = idle_cpu(seconds=0.3)
    assert figures["bench"] == "client_idle_cpu"
    for where in ("menu", "table"):
        assert figures[f"{where}_cpu_per_s"] >= 0
        assert figures[f"{where}_draws"] == 0


def test_a_map_board_is_drawn_until_its_pieces_are_painted_then_rests(harness):
    """The map is painted a few pieces a frame: the table keeps drawing until the last
    one is in (else the blurry stand-in would stay), then rests like any other."""
    from client.scenes.launch import default_seats
    from client.scenes.table import TableScene
    from client.session import Session

    session = Session.new("carolus_magnus", default_seats([("human", None), ("ai", "easy")]),
                          3, {})
    table = TableScene(harness.app, session)
    harness.app.push(table)
    board = table.view.board
    board.renderer.chunks_of(board.camera.level).clear()  # nothing painted yet
    assert table.view.animating()
    for _ in range(600):
        harness.frames(1)
        if not table.animating():
            break
    assert not table.view.animating()
    painted = board.renderer.chunks_of(board.camera.level)
    assert all(k in painted for k in board.renderer.visible_chunks(board.camera,
                                                                   board.camera.level))
    harness.frames(SETTLED)
    assert draws_during(harness, 120) == 0
