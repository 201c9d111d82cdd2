"""Every unfinished game keeps its own file and stays resumable from the Saved games
list (game, players, moves, date); games can be renamed and deleted there; a new game
never discards another; a file vanishing or a data folder that cannot be made is no crash."""

from __future__ import annotations

import json
import os

import pygame
import pytest
from test_client_play import act_by_clicking, start_table
from test_client_saves import humans_turn

from client import storage
from client.i18n import tr
from client.scenes.launch import autoplay, default_seats, open_load
from client.scenes.load import LoadScene
from client.scenes.menu import MainMenu
from client.scenes.results import ResultsScene
from client.session import Session

THREE = [("human", None), ("ai", "easy"), ("ai", "easy")]


@pytest.fixture(autouse=True)
def _fresh_storage_state(monkeypatch):
    monkeypatch.setattr(storage, "_problem", None)
    monkeypatch.setattr(storage, "_second_copy", False)


def played(game: str, seed: int, moves: int, kinds=THREE) -> Session:
    session = Session.new(game, default_seats(kinds), seed, {})
    autoplay(session, moves)
    return session


def open_list(harness) -> LoadScene:
    harness.app.push(MainMenu(harness.app))
    open_load(harness.app)
    harness.frames(2)
    assert isinstance(harness.scene, LoadScene)
    return harness.scene


def test_two_unfinished_games_are_both_listed_with_game_players_moves_and_date(harness):
    first = start_table(harness, THREE, seed=3)
    act_by_clicking(harness, first)
    humans_turn(harness, first)
    first_file = first.save_path
    second = start_table(harness, [("human", None), ("ai", "easy")] * 2, seed=4)
    assert second.save_path != first_file and first_file.exists()  # nothing discarded
    listed = open_list(harness)
    by_path = {e.path: e for e in listed.entries}
    assert set(by_path) == {first_file, second.save_path}
    entry = by_path[first_file]
    assert entry.record.players == 3 and entry.moves == len(first.session.steps)
    values = listed._values(entry)
    assert values[1] == "Kobayakawa"
    assert values[2] == "3 · Player 1, AI 2, AI 3"
    assert values[3] == str(len(first.session.steps))
    assert values[4][:2] == "20" and ":" in values[4]  # e.g. 2026-11-25 10:07
    assert values[0].startswith("Kobayakawa 20")  # an unnamed game: its game and start


def test_resuming_from_the_list_plays_on_in_the_same_file(harness, data_dir):
    table = start_table(harness, THREE, seed=3)
    act_by_clicking(harness, table)
    humans_turn(harness, table)
    path, steps = table.save_path, len(table.session.steps)
    listed = open_list(harness)
    listed.selected = next(i for i, e in enumerate(listed.entries) if e.path == path)
    harness.app.rebuild()
    harness.press(tr("load.resume"))
    resumed = harness.scene
    assert resumed.session.record.actions[:steps] == table.session.record.actions[:steps]
    assert resumed.save_path == path
    act_by_clicking(harness, resumed)
    assert len(json.loads(path.read_text())["actions"]) == len(resumed.session.steps)
    assert [p.name for p in (data_dir / "games").iterdir()] == [path.name]  # no second file


def test_leaving_a_game_in_progress_asks_first_and_staying_keeps_playing(harness):
    table = start_table(harness, THREE, seed=3)
    humans_turn(harness, table)
    harness.press(tr("table.menu"))
    assert table.dialog.alive()
    harness.click(table.dialog.cancel_button.rect.center)
    harness.frames(2)
    assert harness.scene is table and not table.dialog.alive()
    harness.press(tr("table.menu"))
    harness.key(pygame.K_ESCAPE)  # Escape says no too
    assert harness.scene is table and not table.dialog.alive()
    harness.press(tr("table.menu"))
    harness.key(pygame.K_RETURN)  # Enter says yes: leave (the game stays in the list)
    assert isinstance(harness.scene, MainMenu)
    assert harness.scene.resume is not None and harness.scene.resume.path == table.save_path


def test_a_game_can_be_renamed_from_the_list_and_a_taken_name_is_refused(harness, data_dir):
    storage.write_record(played("coup", 5, 4).record)
    storage.write_record(played("kobayakawa", 6, 4).record)
    listed = open_list(harness)
    listed.selected = 0
    harness.app.rebuild()
    harness.press(tr("load.rename"))
    box = listed.dialog
    assert box.alive() and box.entry.get_text() == listed.entries[0].name
    box.entry.set_text("Sunday")
    harness.key(pygame.K_RETURN)
    harness.frames(2)
    assert not box.alive()
    assert (data_dir / "saves" / "Sunday.json").is_file()
    assert len(list((data_dir / "games").iterdir())) == 1  # it moved, no copy stayed
    assert listed.chosen().name == "Sunday" and listed.chosen().named
    other = next(i for i, e in enumerate(listed.entries) if e.name != "Sunday")
    listed.selected = other
    harness.app.rebuild()
    harness.press(tr("load.rename"))
    listed._rename("sunday")  # the same name on a disk that ignores case
    assert listed.dialog.alive()
    assert tr("save.name.taken", name="sunday").split("“")[0] in listed.dialog.error.html_text


def test_a_game_is_deleted_only_after_a_yes(harness, data_dir):
    path = storage.write_record(played("kobayakawa", 6, 4).record)
    listed = open_list(harness)
    harness.press(tr("load.delete"))
    question = listed.dialog
    assert question.alive() and path.exists()
    harness.key(pygame.K_RETURN)  # Enter never deletes: it takes a click on Delete
    assert question.alive() and path.exists()
    harness.click(question.cancel_button.rect.center)
    harness.frames(2)
    assert path.exists() and not question.alive()
    harness.press(tr("load.delete"))
    harness.click(listed.dialog.confirm_button.rect.center)
    harness.frames(3)
    assert not path.exists() and listed.entries == []
    assert harness.app._toast[0].startswith(tr("load.deleted", name="").split("“")[0])


def test_a_save_deleted_behind_the_lists_back_is_a_sentence_not_a_crash(harness):
    path = storage.write_record(played("kobayakawa", 6, 4).record)
    listed = open_list(harness)
    os.unlink(path)  # another program, or the player in a file manager
    harness.press(tr("load.resume"))
    harness.frames(2)
    assert harness.scene is listed and harness.app.running
    assert listed.entries == []  # the list was read again
    listed.command("rename")  # nothing chosen any more: nothing happens
    listed.command("delete")
    harness.frames(2)
    assert harness.scene is listed


def test_a_data_folder_that_cannot_be_made_lists_nothing_and_says_why(harness, tmp_path,
                                                                      monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("TABLERO_DATA_DIR", str(blocker / "data"))  # under a file: no folder
    assert storage.list_saves() == [] and storage.resumable() is None
    listed = open_list(harness)
    assert listed.entries == [] and storage.folder_problem()
    harness.frames(2)
    assert harness.scene is listed and harness.app.running


def test_a_finished_unnamed_game_goes_and_a_named_one_stays_to_be_watched(harness, data_dir):
    unnamed = start_table(harness, [("ai", "easy")] * 3, seed=9)
    for _ in range(3000):
        if unnamed.session.over:
            break
        harness.frames(1)
    assert unnamed.session.over and not unnamed.save_path.exists()
    done = played("kobayakawa", 9, 1000, [("ai", "easy")] * 3)
    named = storage.save_named(done.record, "Final", None)
    entry = storage.list_saves()[0]
    assert entry.path == named and entry.finished and storage.resumable() is None
    listed = open_list(harness)
    assert listed._values(entry)[3] == tr("load.finished")
    harness.press(tr("load.open_finished"))
    assert type(harness.scene).__name__ == "ReplayScene"


def test_the_old_single_autosave_joins_the_list(harness, data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "autosave.json").write_text(played("kobayakawa", 6, 4).record.dumps())
    entry = storage.resumable()
    assert entry is not None and entry.path.parent == data_dir / "games"
    assert not (data_dir / "autosave.json").exists()


def test_the_game_on_the_table_cannot_be_renamed_or_deleted_from_its_own_list(harness):
    table = start_table(harness, THREE, seed=3)
    humans_turn(harness, table)
    harness.press(tr("table.load"))
    listed = harness.scene
    assert isinstance(listed, LoadScene) and listed.current == table.save_path
    assert listed.chosen().path == table.save_path
    labels = [b.text for b in harness.buttons()]
    assert tr("load.rename") not in labels and tr("load.delete") not in labels  # disabled
    harness.press(tr("load.resume"))
    assert harness.scene is table  # back to the same game, not a second copy of it


def test_the_setup_screen_limits_names_to_what_a_save_accepts(harness):
    from client.scenes.setup import SetupScene
    from rules.core.saves import NAME_LIMIT

    harness.app.push(SetupScene(harness.app))
    harness.frames(1)
    entries = [e for e in harness.scene.widgets if hasattr(e, "set_text_length_limit")]
    assert entries and all(e.length_limit == NAME_LIMIT for e in entries)


def test_a_long_list_scrolls_and_the_keys_choose_and_open(harness, data_dir):
    record = played("kobayakawa", 6, 2).record
    for n in range(25):
        storage.save_named(record, f"Game {n:02}", None)
    listed = open_list(harness)
    assert len(listed.entries) == 25 and listed._rows() < 25
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=listed._list_rect().center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    harness.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    harness.frames(2)
    assert listed.top == 3  # three rows on per notch
    harness.key(pygame.K_DOWN)
    harness.key(pygame.K_DOWN)
    chosen = listed.chosen()
    assert listed.selected == 2  # and scrolled back into view:
    assert listed.top <= listed.selected < listed.top + listed._rows()
    harness.key(pygame.K_RETURN)
    harness.frames(2)
    table = harness.scene
    assert type(table).__name__ == "TableScene" and table.save_path == chosen.path


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size, ui", [((1024, 640), 1.3), ((1280, 800), 1.3),
                                      ((1280, 800), 1.0), ((1920, 1080), 1.15)],
                         ids=["1024x640-130", "1280x800-130", "1280x800-100", "1920x1080-115"])
def test_the_saved_games_screens_fit(harness, data_dir, lang, size, ui):
    """The list, the name box (with a refusal) and both questions pass the layout audit's
    checks: nothing clipped, overflowing, overlapping or shortened but the players' own
    words (a save's name, the seats' names)."""
    from test_layout_audit import audited_frame, configure

    from client import text

    app = harness.app
    configure(app, lang, size, ui)
    six = [("human", None), ("human", None), ("ai", "hard")] * 2
    storage.write_record(played("carolus_magnus", 4, 40, THREE[:2]).record)
    storage.write_record(played("coup", 5, 12, six).record)
    storage.save_named(played("magnate", 57, 20, THREE[:2]).record, "A name " + "long " * 10, None)
    storage.save_named(played("kobayakawa", 9, 1000, [("ai", "easy")] * 3).record, "Ended", None)
    (data_dir / "saves" / "Broken.json").write_text("{ not json")
    listed = open_list(harness)
    assert len(listed.entries) == 5
    problems = audited_frame(app, "list")

    def dialog(where: str, box) -> None:
        """The dialog's own words (the screen under it is audited on its own)."""
        app.manager.update(0.0)
        app.draw()
        inside = [e for e in app.manager.get_sprite_group().sprites()
                  if box.window.rect.contains(e.rect)]

        class Only:  # widget_problems over the dialog's widgets alone
            def get_sprite_group(self):
                return self

            def sprites(self):
                return inside

        problems.extend(f"{where}: {p}" for p in
                        text.widget_problems(Only(), app.window.get_rect()))

    listed.selected = next(i for i, e in enumerate(listed.entries) if e.name.startswith("A "))
    app.rebuild()
    listed.command("rename")
    dialog("rename", listed.dialog)
    listed._rename("a/b:c")
    dialog("rename refused", listed.dialog)
    listed.dialog.close()
    listed.command("delete")
    dialog("delete question", listed.dialog)
    listed.dialog.close()
    table = start_table(harness, THREE, seed=3)
    table.command("save")
    dialog("save box", table.dialog)
    table.dialog.close()
    table.command("menu")
    dialog("leave question", table.dialog)
    assert not problems, "\n".join(dict.fromkeys(problems))


def test_finishing_a_game_leaves_an_old_unfinished_autosave_alone(harness, data_dir):
    """The results screen discards nothing: a finished game's own file goes through the
    table (`storage.finish`); an old single autosave is somebody's game still to resume."""
    data_dir.mkdir(parents=True)
    old = played("kobayakawa", 6, 4).record.dumps()
    (data_dir / "autosave.json").write_text(old)
    session = Session.new("coup", default_seats([("ai", "random")] * 3), 4, {})
    while not session.over:
        autoplay(session, 10)
    harness.app.push(ResultsScene(harness.app, session))
    harness.frames(2)
    assert (data_dir / "autosave.json").read_text() == old
    entry = storage.resumable()
    assert entry is not None and entry.path.parent == data_dir / "games"
