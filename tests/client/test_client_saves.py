"""Autosave and resume, save as / load, refused files left untouched, and undo by replay."""

from __future__ import annotations

import json
from html import escape

import pygame
import pytest
from client_harness import Harness
from test_client_play import act_by_clicking, start_table

from client import storage
from client.i18n import tr
from client.scenes.launch import load_file
from client.scenes.menu import MainMenu
from rules import SaveError
from rules.kobayakawa import Draw, Fight, Keep, Pass


def humans_turn(harness, table):
    """Let the AI seats answer first (no pause in tests): the top bar is rebuilt after
    every move, so a click landing in the same frame would miss its button."""
    for _ in range(400):
        if table.session.humans_to_act() or table.session.over:
            return
        harness.frames(1)


def test_every_action_is_autosaved_and_the_menu_offers_to_resume(harness, data_dir):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "normal")])
    assert table.save_path.parent == data_dir / "games"  # the game's own file
    for _ in range(3):
        act_by_clicking(harness, table)
        saved = json.loads(table.save_path.read_text())
        assert len(saved["actions"]) == len(table.session.record.actions)
        assert saved["seats"][0] == {
            "name": "Player 1",
            "kind": "human",
            "level": None,
            "colour": 0,
        }
    humans_turn(harness, table)
    actions = list(table.session.record.actions)
    harness.press(tr("table.menu"))
    assert table.dialog.alive()  # asked first: the game is in progress
    harness.click(table.dialog.confirm_button.rect.center)
    harness.frames(2)
    assert isinstance(harness.scene, MainMenu)
    harness.press(tr("menu.resume"))
    resumed = harness.scene
    # the AI seats may already have played on (no pause in tests): the past is the same
    assert resumed.session.record.actions[: len(actions)] == actions


def test_no_resume_without_an_unfinished_game(harness):
    harness.app.push(MainMenu(harness.app))
    harness.frames(1)
    assert tr("menu.resume") not in [b.text for b in harness.buttons()]


def test_a_finished_game_is_not_offered_for_resume(data_dir):
    from client.scenes.launch import autoplay, default_seats
    from client.session import Session

    session = Session.new("kobayakawa", default_seats([("ai", "easy")] * 3), 9, {})
    autoplay(session, 1000)
    assert session.over
    storage.write_record(session.record)
    assert storage.resumable() is None


@pytest.mark.parametrize(
    "content, code",
    [
        (b"\x00\xff not json", "not_text"),
        (b"{ this is not json", "not_json"),
        (b'{"format": "something-else"}', "not_a_save"),
    ],
)
def test_a_corrupt_or_foreign_file_is_refused_and_left_untouched(harness, tmp_path, content, code):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    error = load_file(harness.app, path)
    assert isinstance(error, SaveError) and error.code == code
    assert path.read_bytes() == content


def test_a_save_with_a_bad_seat_is_refused(harness, tmp_path):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "normal")])
    data = table.session.record.to_json()
    data["seats"][1] = {"name": 3, "kind": "robot"}
    path = tmp_path / "seat.json"
    path.write_text(json.dumps(data))
    error = load_file(harness.app, path)
    assert error is not None and error.code == "bad_seat"


def test_refusal_dialog_tells_why(harness, tmp_path):
    harness.app.push(MainMenu(harness.app))
    from client.scenes.load import LoadScene

    scene = LoadScene(harness.app)
    harness.app.push(scene)
    path = tmp_path / "broken.json"
    path.write_text("{")
    scene.open(path)
    harness.frames(2)
    windows = [
        e
        for e in harness.app.manager.get_root_container().elements
        if type(e).__name__ == "UIMessageWindow"
    ]
    assert windows and "line 1" in windows[0].text_block.html_text


def test_save_as_then_load_gives_the_same_game(harness, tmp_path):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "normal")])
    act_by_clicking(harness, table)
    act_by_clicking(harness, table)
    humans_turn(harness, table)
    harness.press(tr("table.save"))
    table._save_as("mine")
    path = table.save_path
    assert path.name == "mine.json"
    record, _state = storage.read_save(path)
    assert record.actions == table.session.record.actions
    assert load_file(harness.app, path) is None
    assert harness.scene.session.record.actions == record.actions


def undo_setup(harness):
    table = start_table(harness, [("human", None), ("human", None), ("human", None)], seed=4)
    act_by_clicking(harness, table)  # lift the first curtain
    return table


def test_undo_takes_back_your_own_move_but_not_a_seen_card(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=11)
    harness.app.settings.ai_pause = 60.0  # the AI waits: the undo window stays open
    session = table.session
    while session.humans_to_act() != [0] or session.view(0)["phase"] != "bet":
        if session.humans_to_act():
            seat = session.humans_to_act()[0]
            legal = session.legal(seat)
            table.play(seat, next((a for a in legal if not isinstance(a, Draw)), legal[0]))
        else:
            table._drive_ai(61.0)
    before = list(session.record.actions)
    harness.press(table.view.action_label(Fight()))
    assert len(session.record.actions) == len(before) + 1
    harness.key(pygame.K_z, pygame.KMOD_CTRL)
    assert session.record.actions == before
    harness.press(table.view.action_label(Pass()))
    assert session.record.actions[-1] == (0, Pass())


def test_undo_refused_after_drawing_a_card(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=5)
    harness.app.settings.ai_pause = 60.0
    session = table.session
    while session.humans_to_act() != [0] or session.view(0)["phase"] != "choose":
        table._drive_ai(61.0)
    table.play(0, Draw())
    assert not session.can_undo()  # the drawn card was seen: a barrier
    count = len(session.record.actions)
    harness.key(pygame.K_z, pygame.KMOD_CTRL)
    assert len(session.record.actions) == count
    assert table.error == tr("table.undo_refused.barrier")
    keep = session.legal(0)[0]
    assert isinstance(keep, Keep)
    table.play(0, keep)
    assert session.can_undo()
    table.undo()
    assert session.view(0)["phase"] == "keep"


def test_undo_never_crosses_a_barrier_or_another_seats_human_move(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=5)
    session = table.session
    for _ in range(200):
        if session.over:
            break
        if session.can_undo():
            index = max(i for i, st in enumerate(session.steps) if st.seat == 0)
            assert not any(st.transition.barrier for st in session.steps[index:])
        if session.humans_to_act():
            seat = session.humans_to_act()[0]
            table.play(seat, session.legal(seat)[-1])
        else:
            table._drive_ai(10.0)


def test_language_switch_takes_effect_without_restart(harness, data_dir):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=5)
    english = [b.text for b in harness.buttons()]
    assert "Menu" in english
    from client.scenes.settings_scene import SettingsScene

    settings = SettingsScene(harness.app)
    harness.app.push(settings)
    language_menu = next(w for w, name in settings.widgets.items() if name == "language")
    harness.click(language_menu.rect.center)  # opens the list of languages
    harness.click(harness.any_button("Español").rect.center)
    harness.frames(2)
    assert "Listo" in [b.text for b in harness.buttons()]
    harness.press("Listo")
    spanish = [b.text for b in harness.buttons()]
    assert "Menú" in spanish and "Guardar" in spanish
    assert harness.scene is table
    assert "Ronda 1" in table.log.text()
    assert json.loads((data_dir / "settings.json").read_text())["language"] == "es"
    settings.change("language", "en")


def test_illegal_action_codes_become_sentences(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=5)
    session = table.session
    seat = next(s for s in range(3) if s not in session.to_act())
    assert not table.play(seat, Draw())
    assert table.error == tr("illegal.not_your_turn")
    assert "not_your_turn" not in table.error


def test_resume_survives_a_new_harness(data_dir):
    first = Harness()
    first.app.inline_ai = True
    table = start_table(first, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=8)
    act_by_clicking(first, table)
    actions = list(table.session.record.actions)
    first.close()
    second = Harness()
    second.app.push(MainMenu(second.app))
    second.frames(1)
    second.press(tr("menu.resume"))
    assert second.scene.session.record.actions[: len(actions)] == actions
    second.close()


def test_a_saved_unfinished_game_can_be_watched_as_a_replay(harness, tmp_path):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=6)
    for _ in range(3):
        act_by_clicking(harness, table)
    path = tmp_path / "half.json"
    storage.write_record(table.session.record, path)
    assert load_file(harness.app, path, replay=True) is None
    replay = harness.scene
    assert type(replay).__name__ == "ReplayScene"
    assert replay.index == len(table.session.steps)
    assert replay.view.viewer is None  # a spectator's eyes: nobody's hidden card


def test_save_asks_a_name_with_a_default_and_enter_confirms(harness, data_dir):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=6)
    act_by_clicking(harness, table)
    humans_turn(harness, table)
    unnamed = table.save_path
    harness.press(tr("table.save"))
    box = table.dialog
    assert box.alive() and box.entry.get_text().startswith("Kobayakawa 20")  # game and date
    box.entry.set_text("Friday night")
    harness.key(pygame.K_RETURN)
    assert not box.alive()
    assert table.save_path == data_dir / "saves" / "Friday night.json"
    assert not unnamed.exists()  # the autosave became the named game: no second copy
    record, _state = storage.read_save(table.save_path)
    assert record.actions == table.session.record.actions[: len(record.actions)]
    assert harness.app._toast[0] == tr("save.saved", name="Friday night")  # "saved"
    act_by_clicking(harness, table)  # play goes on in the named file
    assert len(storage.read_save(table.save_path)[0].actions) == len(table.session.steps)


@pytest.mark.parametrize("name, sentence", [
    ("  ", ("empty", {})),
    ("a/b", ("bad_characters", {"chars": "/"})),
    ("x" * 61, ("too_long", {"limit": 60})),
    (".hidden", ("dot", {})),
    ("nul", ("reserved", {"name": "nul"})),
    ("COM3.old", ("reserved", {"name": "COM3.old"})),
])
def test_a_bad_save_name_is_said_in_the_box_and_saves_nothing(harness, data_dir, name, sentence):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=6)
    humans_turn(harness, table)
    before = table.save_path
    harness.press(tr("table.save"))
    table.dialog.entry.set_text_length_limit(100)  # longer than the box allows, as pasted
    table.dialog.entry.set_text(name)
    harness.click(table.dialog.ok.rect.center)
    assert table.dialog.alive()
    code, params = sentence
    assert escape(tr(f"save.name.{code}", **params)) in table.dialog.error.html_text
    assert table.save_path == before
    assert not (data_dir / "saves").exists() or not list((data_dir / "saves").iterdir())


def test_a_name_already_taken_is_refused_until_another_is_chosen(harness, data_dir):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=6)
    (data_dir / "saves").mkdir(exist_ok=True)
    other = data_dir / "saves" / "Mine.json"
    other.write_text("kept")
    humans_turn(harness, table)
    harness.press(tr("table.save"))
    table._save_as("mine")  # the same name on a disk that ignores case
    assert escape(tr("save.name.taken", name="mine")) in table.dialog.error.html_text
    assert other.read_text() == "kept"
    table._save_as("Mine 2")
    assert not table.dialog.alive() and table.save_path.name == "Mine 2.json"


def test_typing_a_name_does_not_play_moves(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=6)
    act_by_clicking(harness, table)
    humans_turn(harness, table)
    steps = len(table.session.steps)
    harness.press(tr("table.save"))
    harness.key(pygame.K_1)  # "1" would press the prompt's first button at the table
    harness.key(pygame.K_h)
    assert len(table.session.steps) == steps and table.dialog.alive()
    harness.key(pygame.K_ESCAPE)
    assert not table.dialog.alive()


def test_the_player_who_just_moved_may_undo_from_the_next_players_curtain(harness):
    table = start_table(harness, [("human", None), ("human", None), ("human", None)], seed=3)
    session = table.session
    first = table.curtain_seat
    harness.press(tr("curtain.ready", name=session.name(first)))
    harness.press(table.view.action_label(Draw()))
    keep = session.legal(first)[0]
    table.play(first, keep)  # not a barrier: the kept card was already seen
    harness.frames(2)
    assert table.curtain_seat is not None and table.curtain_seat != first
    count = len(session.record.actions)
    harness.press(tr("curtain.undo", name=session.name(first)))
    assert len(session.record.actions) == count - 1
    assert table.curtain_seat is None and session.viewer == first
    assert session.view(first)["phase"] == "keep"
