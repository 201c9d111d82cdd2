"""Every registered game works at the table as the first ones do: the hint, undo, save and
load, autosave that survives a killed app, the results and a replay of a finished game.

One file over `client.games.registered()`, so a game is covered by registering it. The
positions come from seeded random play through the rules; the AI levels think with a
small iteration budget and no clock, so every run plays the same games.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from client import storage
from client.games import registered
from client.i18n import tr
from client.scenes import table as table_scene
from client.scenes.launch import default_seats
from client.scenes.load import LoadScene
from client.scenes.menu import MainMenu
from client.scenes.replay import ReplayScene
from client.scenes.results import ResultsScene
from client.scenes.table import TableScene
from client.session import Session
from rules import get_game

GAMES = registered()
MAP_GAMES = ("corona_de_hierro", "imperios_milenarios", "conquest_of_the_empire")
SEED = 7
FRAMES = 400  # the most frames a test waits for the AI seats to answer
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def quick_ai(monkeypatch):
    """The levels and the hint think 12 iterations of short rollouts with no time limit:
    the same answer on a loaded machine as on an idle one, and quickly."""
    from rules.ai import ismcts

    for level in ("easy", "normal", "hard"):
        fast = replace(ismcts.LEVELS[level], iterations=12, time_limit=None,
                       use_evaluation=True, rollout_depth=6)
        monkeypatch.setitem(ismcts.LEVELS, level, fast)


def kinds(game_id: str, humans: int) -> list[tuple[str, str | None]]:
    players = max(get_game(game_id).info.min_players, humans)
    return [("human", None)] * humans + [("ai", "easy")] * (players - humans)


def position(game_id: str, humans: int, moves: int = 10, seed: int = SEED) -> Session:
    """A game some `moves` into seeded random play, stopped where a human decides (the
    next seed when the game ended first)."""
    for tried in range(seed, seed + 20):
        session = Session.new(game_id, default_seats(kinds(game_id, humans)), tried, {})
        rng = random.Random(tried)
        while not session.over and len(session.steps) < 5000:
            if len(session.steps) >= moves and session.humans_to_act():
                return session
            seat = session.to_act()[0]
            session.apply(seat, rng.choice(session.legal(seat)))
    raise AssertionError("no human turn came")


def open_table(harness, session: Session) -> TableScene:
    harness.app.settings.ai_pause = 1e9  # the AI seats move when `settle` says, not mid-click
    harness.app.push(TableScene(harness.app, session))
    harness.frames(2)
    table = harness.scene
    assert isinstance(table, TableScene)
    return table


def settle(harness, table: TableScene) -> None:
    """Let the AI seats play (inline) until a human decides or the game is over."""
    for _ in range(FRAMES):
        if table.session.over or (table.session.humans_to_act() and not table.timeline.busy):
            return
        table._drive_ai(2e9)  # its pause is over: the seat to act answers (inline)
        harness.frames(1)
    raise AssertionError("the AI seats did not hand the turn back")


def lift_curtain(harness, table: TableScene) -> None:
    if table.curtain_seat is not None:
        harness.press(tr("curtain.ready", name=table.session.name(table.curtain_seat)))
        assert table.curtain_seat is None


def quiet_move(session: Session, seat: int, rng: random.Random, quiet: bool = True) -> Any:
    """A legal move for `seat` that does not end the game and (`quiet`) reveals nothing
    and rolls no die, so undo may take it back; None when there is none."""
    legal = session.legal(seat)
    rng.shuffle(legal)
    for action in legal:
        after = session.game.apply(session.state, seat, action)
        if not (quiet and after.barrier) and session.game.outcome(after.state) is None:
            return action
    return None


# -- 1. the hint ---------------------------------------------------------------------------
def ringed(harness, table: TableScene, monkeypatch) -> list[pygame.Rect]:
    """Where the table draws the hint's ring in one frame."""
    rings: list[pygame.Rect] = []
    real = table_scene.draw_ring

    def spy(surface, rect, *args, **kwargs):
        rings.append(pygame.Rect(rect))
        return real(surface, rect, *args, **kwargs)

    monkeypatch.setattr(table_scene, "draw_ring", spy)
    table.timeline.skip()
    table.draw(harness.app.window)
    monkeypatch.setattr(table_scene, "draw_ring", real)
    return rings


def check_hint(harness, table: TableScene, monkeypatch) -> None:
    seat = table.hint_seat()
    assert seat is not None, "the human deciding may ask for a hint"
    assert tr("table.hint") in [b.text for b in harness.buttons()]
    harness.key(pygame.K_h)
    hint = table.hints.current(table.session, seat)
    assert hint is not None and hint.seat == seat
    assert hint.action in table.session.legal(seat)
    assert table.view.action_label(hint.action) in table._hint_line()
    spot = table.view.hint_rect(hint.action)
    glowing = table._hint_button()
    assert spot is not None or glowing is not None, f"{hint.action} is shown nowhere"
    if spot is not None:
        assert ringed(harness, table, monkeypatch) == [spot]  # it lights up there


@pytest.mark.parametrize("game_id", GAMES)
def test_every_choice_a_hint_may_name_lights_up_where_it_is_made(harness, game_id):
    """Through a seeded game at a hot seat, each legal move of the human deciding is on a
    prompt button (which glows) or has a spot on the table (ringed: a place on the map,
    a row of a list of orders, a card, or the pager that leads to it)."""
    players = get_game(game_id).info.min_players
    table = open_table(harness, position(game_id, humans=players, moves=0))
    session = table.session
    rng = random.Random(SEED)
    unshown: dict[str, Any] = {}
    for _ in range(120):
        lift_curtain(harness, table)
        seats = table._prompt_seats()
        if session.over or not seats:
            break
        table.draw(harness.app.window)  # as the player sees it now
        buttons = {arg[1] for name, arg in table.buttons.values() if name == "act"}
        buttons |= {a for name, arg in table.buttons.values() if name == "acts" for _s, a in arg}
        legal = session.legal(seats[0])
        for action in legal:
            if action not in buttons and table.view.hint_rect(action) is None:
                unshown.setdefault(action.type, action)
        table.play(seats[0], rng.choice(legal))
        harness.frames(1)
    assert not unshown, f"a hint would show these nowhere: {list(unshown.values())}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_shows_a_legal_move_for_the_human_against_the_ai(harness, game_id, monkeypatch):
    table = open_table(harness, position(game_id, humans=1))
    settle(harness, table)
    check_hint(harness, table, monkeypatch)
    seat = table.hint_seat()
    hint = table.hints.current(table.session, seat)
    assert table.play(seat, hint.action)  # taking it plays it
    assert table.hints.current(table.session, seat) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_at_a_hot_seat_is_for_the_human_looking(harness, game_id, monkeypatch):
    """Two humans: past the curtain, the one deciding gets the hint. A question put to the
    table in public (nobody's own view shown) offers none, so no hidden card leaks."""
    table = open_table(harness, position(game_id, humans=2))
    session = table.session
    rng = random.Random(SEED)
    for _ in range(30):
        settle(harness, table)
        lift_curtain(harness, table)
        if table.hint_seat() is not None:
            assert table.hint_seat() == session.viewer
            check_hint(harness, table, monkeypatch)
            return
        assert session.viewer is None and tr("table.hint") not in [
            b.text for b in harness.buttons()]
        seat = table._prompt_seats()[0]
        table.play(seat, quiet_move(session, seat, rng, quiet=False) or session.legal(seat)[0])
    pytest.fail("no human decided alone")


@pytest.mark.parametrize("game_id", MAP_GAMES)
def test_the_hints_note_is_as_wide_as_its_words(harness, game_id):
    """The strip over the table's edge leaves what lies beside it in sight (Conquest's
    pager, Corona's hand): a hint may ring it there."""
    table = open_table(harness, position(game_id, humans=1))
    prompt = table._prompt_rect()
    short = table._draw_note(harness.app.window, tr("table.hint_line", action="X", chance=50),
                             prompt)
    assert short.x == prompt.x and short.w < prompt.w // 2
    long = table._draw_note(harness.app.window, "word " * 200, prompt)
    assert prompt.w - table.s(40) < long.w <= prompt.w


# -- 2. undo --------------------------------------------------------------------------------
def undo_against_the_ai(harness, game_id: str, seed: int) -> tuple[int, int]:
    """Play one human's moves against the AI: the first quiet one is taken back, then
    moves go on until undo is refused. (Moves taken back, refusals seen.)"""
    table = open_table(harness, position(game_id, humans=1, moves=4, seed=seed))
    session = table.session
    (human,) = session.humans()
    rng = random.Random(seed)
    undone = refused = 0
    for _ in range(40):
        settle(harness, table)
        if session.over or (undone and refused):
            break
        # A quiet move until one was taken back, then any: a die or a card comes soon.
        action = quiet_move(session, human, rng, quiet=not undone)
        if action is None:  # every move here rolls, reveals or ends the game
            table.play(human, session.legal(human)[0])
            continue
        before, view = list(session.record.actions), session.view(human)
        assert table.play(human, action)
        settle(harness, table)
        if session.can_undo() and not undone:
            assert session.undo_seat() == human
            harness.press(tr("table.undo"))
            assert session.record.actions == before and session.view(human) == view
            assert human in session.to_act() and not table.error
            undone += 1
            table.play(human, action)
        elif not session.can_undo() and not session.over:
            assert session.undo_refusal() == "barrier"
            count = len(session.record.actions)
            harness.key(pygame.K_z, pygame.KMOD_CTRL)
            assert len(session.record.actions) == count
            assert table.error == tr("table.undo_refused.barrier")
            refused += 1
    harness.app.reset_to(MainMenu(harness.app))
    return undone, refused


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_against_the_ai_takes_back_your_move_and_theirs_until_chance(harness, game_id):
    """Your quiet move and the AI moves after it come back with Undo; once a die was
    rolled or a card seen since, Ctrl+Z says why and changes nothing."""
    for seed in range(SEED, SEED + 4):  # another game when this one ended first
        undone, refused = undo_against_the_ai(harness, game_id, seed)
        if undone and refused:
            return
    pytest.fail("no game showed both an undo and a refusal")


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_at_a_hot_seat_gives_back_only_your_own_move(harness, game_id):
    table = open_table(harness, position(game_id, humans=2, moves=4))
    session = table.session
    rng = random.Random(SEED)
    for _ in range(60):
        settle(harness, table)
        lift_curtain(harness, table)
        seats = table._prompt_seats()
        if session.over or not seats:
            pytest.fail("no quiet move by a human came")
        mover = seats[0]
        action = quiet_move(session, mover, rng)
        if action is None:
            table.play(mover, session.legal(mover)[0])
            continue
        before = list(session.record.actions)
        assert table.play(mover, action)
        harness.frames(2)
        if table.curtain_seat is not None:  # the next human's curtain offers it to the mover
            harness.press(tr("curtain.undo", name=session.name(mover)))
        elif session.viewer == mover:
            harness.press(tr("table.undo"))
        else:  # another human looks now: the mover's move stands
            assert session.undo_refusal() in ("other_human", "barrier")
            harness.key(pygame.K_z, pygame.KMOD_CTRL)
            assert table.error == tr(f"table.undo_refused.{session.undo_refusal()}")
            continue
        assert session.record.actions == before
        assert mover in session.to_act() and session.viewer == mover
        return
    pytest.fail("no quiet move by a human came")


# -- 3. save, load, resume ------------------------------------------------------------------
def leave_to_menu(harness, table: TableScene) -> None:
    harness.press(tr("table.menu"))
    harness.click(table.dialog.confirm_button.rect.center)
    harness.frames(2)
    assert isinstance(harness.scene, MainMenu)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_named_save_loads_from_the_saved_games_screen_as_it_was(harness, data_dir, game_id):
    table = open_table(harness, position(game_id, humans=1, moves=12))
    settle(harness, table)
    session = table.session
    seat = session.humans_to_act()[0]
    view, legal = session.view(seat), session.legal(seat)
    harness.press(tr("table.save"))
    table.dialog.entry.set_text(f"{game_id} night")
    harness.key(pygame.K_RETURN)
    assert table.save_path == data_dir / "saves" / f"{game_id} night.json"
    leave_to_menu(harness, table)
    harness.press(tr("menu.load"))
    load = harness.scene
    assert isinstance(load, LoadScene)
    names = [entry.name for entry in load.entries]
    load.select(names.index(f"{game_id} night"))
    harness.frames(1)
    harness.press(tr("load.resume"))
    resumed = harness.scene
    assert isinstance(resumed, TableScene) and resumed is not table
    assert resumed.session.record.actions == session.record.actions
    assert resumed.session.view(seat) == view and resumed.session.legal(seat) == legal
    assert resumed.save_path == table.save_path  # play goes on in the named file
    harness.frames(2)
    assert resumed.session.humans_to_act() == [seat]


# -- 4. autosave through a killed app -------------------------------------------------------
def wait_for_autosave(folder: Path, process: subprocess.Popen[str], actions: int) -> Path:
    deadline = time.monotonic() + 120  # a guard against a hang, not a speed assertion
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        for path in sorted(folder.glob("*.json")):
            try:
                data = json.loads(path.read_text())
            except (OSError, ValueError):
                continue
            if len(data["actions"]) >= actions:
                return path
        time.sleep(0.2)
    raise AssertionError("the app wrote no autosave")


@pytest.mark.parametrize("game_id", MAP_GAMES)
def test_a_killed_app_leaves_its_game_to_resume_where_it_was(harness, data_dir, game_id):
    seats = ",".join(["human"] * get_game(game_id).info.min_players)
    env = {**os.environ, "TABLERO_DATA_DIR": str(data_dir), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    cmd = [sys.executable, "-c", "from client.app import main; raise SystemExit(main())",
           "--game", game_id, "--seats", seats, "--seed", str(SEED), "--autoplay", "6"]
    process = subprocess.Popen(cmd, cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    try:
        path = wait_for_autosave(data_dir / "games", process, 6)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
    saved = json.loads(path.read_text())["actions"]
    assert len(saved) == 6
    storage._release()  # the dead app's lock went with it; this process takes the folder
    harness.app.push(MainMenu(harness.app))
    harness.frames(1)
    harness.press(tr("menu.load"))
    assert path in [entry.path for entry in harness.scene.entries]  # it is in the list
    harness.press(tr("setup.back"))
    harness.press(tr("menu.resume"))
    table = harness.scene
    assert isinstance(table, TableScene) and table.save_path == path
    expected = Session(storage.read_save(path)[0])
    assert table.session.record.actions == expected.record.actions  # where it was killed
    seat = table.session.to_act()[0]
    assert table.session.view(seat) == expected.view(seat)


def running(pid: int) -> bool:
    """Whether a process is alive (a zombie waiting to be reaped is not)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_the_ai_worker_of_a_killed_app_does_not_outlive_it():
    code = ("import time; from client.ai_worker import AIWorker; w = AIWorker(); "
            "print(w._process.pid, flush=True); time.sleep(120)")
    app = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, text=True,
                           stdout=subprocess.PIPE, start_new_session=True)
    worker = int(app.stdout.readline())
    try:
        assert running(worker)
        app.kill()  # SIGKILL: the app gets no chance to close its worker
        app.wait()
        deadline = time.monotonic() + 60  # a guard against a hang, not a speed assertion
        while running(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not running(worker), "the AI worker outlived its app"
    finally:
        app.stdout.close()
        if running(worker):
            os.kill(worker, signal.SIGKILL)


# -- 5. the end: results and a replay drawn step by step -------------------------------------
def finished(game_id: str, seed: int = SEED) -> Session:
    session = Session.new(game_id, default_seats(kinds(game_id, 0)), seed, {})
    rng = random.Random(seed)
    for _ in range(20000):
        if session.over:
            return session
        seat = session.to_act()[0]
        session.apply(seat, rng.choice(session.legal(seat)))
    raise AssertionError("random play did not finish the game")


def stride(count: int, most: int = 150) -> int:
    """How many steps one drawn step of the replay moves: one at a time in a game of up
    to `most` steps, else as many as keep it to about `most` drawings."""
    return max(1, -(-count // most))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_shows_its_results_and_replays_from_first_to_last(harness, game_id):
    done = finished(game_id)
    final_move = done.record.actions[-1]
    session = done.truncated(len(done.steps) - 1)
    table = open_table(harness, session)
    table.play(*final_move)  # the game's last move is made at the table
    for _ in range(FRAMES):
        if tr("table.see_results") in [b.text for b in harness.buttons()]:
            break
        harness.frames(1)
    harness.press(tr("table.see_results"))
    results = harness.scene
    assert isinstance(results, ResultsScene)
    harness.frames(2)
    harness.press(tr("results.replay"))
    replay = harness.scene
    assert isinstance(replay, ReplayScene) and replay.index == len(session.steps)
    harness.press(tr("replay.first"))
    assert replay.index == 0
    harness.press(tr("replay.forward"))
    assert replay.index == 1
    last = len(session.steps)
    every = stride(last)
    while replay.index < last:  # forward to the end, each step shown and drawn
        if every == 1:
            harness.key(pygame.K_RIGHT)
        else:
            replay.index = min(last, replay.index + every) - 1
            replay.step("forward")
            harness.frames(1)
    assert replay.index == last
    harness.key(pygame.K_LEFT)
    assert replay.index == last - 1
    harness.press(tr("replay.last"))
    assert replay.index == last
    harness.press(tr("replay.close"))
    assert harness.scene is results
