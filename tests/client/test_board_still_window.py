"""What a still window shows of a map: the headless screenshot is the same picture, and a
window goes on drawing until the picture is whole (its chunks and its highlights).

One file over the registered games that draw a board (`client/board`), so a new map game is
covered by registering it. Frames are counted, never timed.
"""

from __future__ import annotations

import argparse
import random

import pygame
import pytest
from client_harness import Harness

from client.app import App
from client.games import registered
from client.scenes import launch
from client.scenes.launch import default_seats
from client.scenes.table import TableScene
from client.session import Session
from client.settings import Settings

SEED = 7
MOVES = 12
BOARD_GAMES = ("carolus_magnus", "corona_de_hierro", "imperios_milenarios",
               "conquest_of_the_empire")


def test_the_list_covers_every_registered_game_with_a_board(data_dir):
    harness = Harness()
    try:
        with_board = [g for g in registered()
                      if getattr(table(harness, g).view, "board", None) is not None]
    finally:
        harness.close()
    assert sorted(with_board) == sorted(BOARD_GAMES)


def played(game_id: str) -> Session:
    """A seeded position a few random moves into the game, the first seat a human."""
    from rules import get_game

    players = get_game(game_id).info.min_players
    kinds = [("human", None)] + [("ai", "easy")] * (players - 1)
    session = Session.new(game_id, default_seats(kinds), SEED, {})
    rng = random.Random(SEED)
    for _ in range(MOVES):
        if session.over:
            break
        seat = session.to_act()[0]
        session.apply(seat, rng.choice(session.legal(seat)))
    return session


def table(harness: Harness, game_id: str) -> TableScene:
    session = played(game_id)
    humans = session.humans_to_act() or session.humans()
    if humans:
        session.lift_curtain(humans[0])
    scene = TableScene(harness.app, session)
    harness.app.push(scene)
    scene.timeline.skip()
    scene.ctx.thinking = None
    return scene


def still(harness: Harness, scene: TableScene, limit: int = 3000) -> int:
    """Frames until the table stops asking for them (nothing left to paint or finish)."""
    for n in range(limit):
        harness.frames(1)
        if not scene.animating():
            return n
    raise AssertionError(f"still animating after {limit} frames")


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_the_screenshot_is_the_picture_a_still_window_settles_on(game_id, data_dir, tmp_path):
    """A window left alone paints its map a little each frame until it is sharp; the
    headless screenshot shows that picture at once (not a first frame's scaled stand-in:
    the map's names appear only at their own zoom)."""
    harness = Harness()
    try:
        scene = table(harness, game_id)
        still(harness, scene)
        harness.app.draw()  # the frame after the last one painted, as the loop draws it
        view = pygame.Rect(scene.view.board.camera.viewport)
        window = harness.app.window.subsurface(view).copy()
    finally:
        harness.close()

    # What `--screenshot` does with a table (`launch.screenshot`): one frame, settled first.
    out = tmp_path / "shot.png"
    shot = Harness()
    try:
        scene = table(shot, game_id)
        shot.app.manager.update(0.01)
        shot.app.draw()
        scene.view.settle()
        shot.app.draw()
        pygame.image.save(shot.app.window, str(out))
    finally:
        shot.close()
    picture = pygame.image.load(str(out)).subsurface(view)
    shown, settled = pygame.image.tobytes(picture, "RGB"), pygame.image.tobytes(window, "RGB")
    differ = sum(1 for i in range(0, len(shown), 3) if shown[i:i + 3] != settled[i:i + 3])
    # The same picture: a map's names or lights missing differ by tens of thousands of
    # pixels. (Four or so may differ now and then in Imperios on a loaded machine, in a
    # sea's name: a painting that depends on something not traced yet.)
    assert differ <= view.w * view.h // 2000, differ


def test_a_highlight_not_made_in_time_keeps_the_window_drawing_until_it_is(data_dir,
                                                                          monkeypatch):
    """A lit target whose picture did not fit in a frame is drawn as an outline; the table
    keeps asking for frames until the filled picture is drawn, so an idle window is never
    left showing outlines only."""
    harness = Harness()
    try:
        scene = table(harness, "conquest_of_the_empire")
        still(harness, scene)
        board = scene.view.board
        board.renderer._sprites.clear()
        with monkeypatch.context() as m:
            m.setattr("client.board.SPRITE_BUDGET", -1.0)  # no time for new pictures
            harness.app.redraw()
            harness.frames(1)
            assert board.renderer.sprites_owed and not board.whole and scene.animating()
        frames = still(harness, scene)
        assert frames < 10 and board.whole and board.renderer._sprites
    finally:
        harness.close()


def test_a_piece_stood_in_keeps_the_window_drawing_until_its_picture_is_made(data_dir,
                                                                             monkeypatch):
    """A piece whose picture at this size was not made in time is drawn from another size;
    the table keeps asking for frames until it is drawn from its own picture."""
    from client.board import pieces

    harness = Harness()
    try:
        scene = table(harness, "conquest_of_the_empire")
        still(harness, scene)
        board, stacks = scene.view.board, scene.view.stacks
        assert stacks._made
        for key, sizes in stacks._made.items():  # only another size of each is made
            stacks._made[key] = {px + 1: picture for px, picture in sizes.items()}
        stacks._stand_ins.clear()
        with monkeypatch.context() as m:
            m.setattr(pieces, "MAKE_BUDGET", -1.0)  # no time for new pictures
            harness.app.redraw()
            harness.frames(1)
            assert pieces.stood_in() and not board.whole and scene.animating()
        frames = still(harness, scene)
        assert frames < 10 and board.whole
    finally:
        harness.close()


def test_the_screenshot_command_settles_the_board(data_dir, tmp_path, monkeypatch):
    """`--screenshot` asks the view to settle before it draws (the test above shows what
    settling gives)."""
    settled = []
    monkeypatch.setattr(
        "client.games.base.GameView.settle", lambda self: settled.append(type(self).__name__))
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests of this process
    out = tmp_path / "table.png"
    app = App(Settings(language="en", animation_speed=0.0, ai_pause=0.0), (1280, 800))
    args = argparse.Namespace(game="carolus_magnus", seats=[("human", None), ("ai", "easy")],
                              seed=3, options={}, autoplay=2, screenshot=str(out))
    assert launch.screenshot(app, args) == 0
    assert settled and out.exists()
