"""Issue 17: nothing in the data folder can stop the app, and the disk cannot lose a game.

Each numbered case of the issue has its test here (the command line's are in
test_client_cli.py): a damaged autosave or settings file (1), two copies of the
app on one data folder (2), a full disk or a folder in the way of the autosave
(3), hostile seat names (4), and files that are not regular files (5).
"""

from __future__ import annotations

import errno
import json
import logging
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from test_client_play import act_by_clicking, start_table

from client import resources, storage
from client.app import App, write_crash_log
from client.scenes.launch import default_seats, load_file
from client.scenes.menu import MainMenu
from client.scenes.table import TableScene
from client.session import Session, seat_dict
from client.settings import Settings
from rules import SaveError
from rules.core.saves import GameRecord

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fresh_storage_state(monkeypatch):
    """The autosave's note is per process: each test starts with none."""
    monkeypatch.setattr(storage, "_problem", None)
    monkeypatch.setattr(storage, "_second_copy", False)


def _unfinished_save(seed: int = 3, moves: int = 6) -> GameRecord:
    from client.scenes.launch import autoplay

    session = Session.new("kobayakawa", default_seats([("human", None), ("ai", "easy"),
                                                      ("ai", "easy")]), seed, {})
    autoplay(session, moves)
    return session.record


def _deep(depth: int) -> bytes:
    data = _unfinished_save().to_json()
    data["options"]["x"] = "@@"
    return json.dumps(data).replace('"@@"', "[" * depth + "]" * depth).encode()


HOSTILE_AUTOSAVES = {
    "nested 5,000 deep": _deep(5000),
    "nested 100,000 deep": _deep(100_000),
    "a 4,301-digit seed": _unfinished_save().dumps().replace('"seed": 3', '"seed": ' + "9" * 4301,
                                                             1).encode(),
    "a NaN seed": _unfinished_save().dumps().replace('"seed": 3', '"seed": NaN', 1).encode(),
}


def _starts_to_the_menu(harness) -> MainMenu:
    harness.app.push(MainMenu(harness.app))
    harness.frames(2)
    assert isinstance(harness.scene, MainMenu)
    return harness.scene


# -- case 1: a damaged autosave or save ------------------------------------------------------
@pytest.mark.parametrize("what", sorted(HOSTILE_AUTOSAVES))
def test_a_hostile_autosave_is_not_offered_and_the_menu_opens(harness, data_dir, what):
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / "autosave.json"
    path.write_bytes(HOSTILE_AUTOSAVES[what])
    assert storage.resumable() is None
    menu = _starts_to_the_menu(harness)
    assert menu.resume is None
    error = load_file(harness.app, path)  # Load → the same file: a sentence, no traceback
    assert isinstance(error, SaveError)
    assert error.code in {"too_deep", "number_too_long", "not_a_number"}
    assert path.read_bytes() == HOSTILE_AUTOSAVES[what]


def test_plain_tablero_starts_whatever_the_data_folder_holds(tmp_path):
    """The real start-up path, in a child process: the main menu reads the autosave and
    the settings (before the fix: RecursionError at every start)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.json").write_bytes(HOSTILE_AUTOSAVES["nested 100,000 deep"])
    (data / "settings.json").write_text('{"ui_scale": NaN, "window": [100000, 100000], "a": '
                                        + "[" * 100_000 + "]" * 100_000 + "}")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLERO_DATA_DIR": str(data)}
    done = subprocess.run([sys.executable, "-m", "client.app", "--screenshot",
                           str(tmp_path / "menu.png")], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and (tmp_path / "menu.png").stat().st_size > 0
    assert (data / "autosave.json").read_bytes() == HOSTILE_AUTOSAVES["nested 100,000 deep"]
    assert "settings: damaged (too_large)" in (data / "tablero.log").read_text()  # 200 kB
    if hasattr(os, "mkfifo"):  # nor does a FIFO where the log goes block the start
        (data / "tablero.log").unlink()
        os.mkfifo(data / "tablero.log")
        again = subprocess.run([sys.executable, "-m", "client.app", "--screenshot",
                                str(tmp_path / "menu2.png")], env=env, capture_output=True,
                               text=True, timeout=120)
        assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr[-2000:]


# -- case 1: settings -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "content",
    [
        '{"ui_scale": 0}', '{"ui_scale": -1}', '{"ui_scale": 1e6}', '{"ui_scale": 1.07}',
        '{"window": [100000, 100000]}',
        '{"window": [1, 100000]}', '{"window": 123456789012345678901234567890}',
        '{"window": [123456789012345678901234567890, 800]}', '{"animation_speed": -3}',
        '{"ai_pause": 1e300}', '{"fullscreen": 1}', '{"language": "klingon"}',
    ],
)
def test_settings_out_of_range_fall_back_with_a_log_note(data_dir, caplog, content):
    data_dir.mkdir(parents=True)
    path = data_dir / "settings.json"
    path.write_text(content)
    with caplog.at_level(logging.WARNING, logger="tablero"):
        settings = Settings.load()
    defaults = Settings()
    assert settings.ui_scale == defaults.ui_scale and settings.window == defaults.window
    assert settings.animation_speed == defaults.animation_speed
    assert settings.ai_pause == defaults.ai_pause and settings.fullscreen is False
    assert settings.language in ("es", "en")
    assert "settings:" in caplog.text
    assert path.read_text() == content  # in range of the type: kept, not set aside


@pytest.mark.parametrize(
    "content",
    [
        b'{"a": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        b"[" * 100_000,
        b'{"window": [' + b"9" * 5000 + b", 800]}",
        b"\x00\xff\xfe",
        b'{"ui_scale": 1.0',
        b'{"ui_scale": NaN}',  # JSON has no NaN nor Infinity: not a settings file
        b'{"ui_scale": Infinity}',
        b'{"ui_scale": 1e999}',
        b"[1, 2]",
        b" " * (65 * 1024),
    ],
)
def test_a_damaged_settings_file_is_set_aside_and_replaced(data_dir, caplog, content):
    data_dir.mkdir(parents=True)
    path = data_dir / "settings.json"
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="tablero"):
        settings = Settings.load()
    assert settings.window == (1280, 800) and settings.ui_scale == 1.0
    assert (data_dir / "settings.json.bad").read_bytes() == content
    assert isinstance(json.loads(path.read_text()), dict)  # the defaults, written afresh
    assert "damaged" in caplog.text
    app = App(settings)  # and the app opens with them
    app.push(MainMenu(app))
    app.frame(1 / 60)
    app.quit()


def test_a_settings_folder_or_fifo_does_not_stop_the_app(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").mkdir()
    assert Settings.load().window == (1280, 800)
    assert (data_dir / "settings.json.bad").is_dir()
    if hasattr(os, "mkfifo"):
        os.unlink(data_dir / "settings.json")  # the defaults written in the folder's place
        os.mkfifo(data_dir / "settings.json")
        assert _finishes(Settings.load)
        assert (data_dir / "settings.json").is_file()


# -- case 2: two copies of the app on one data folder -----------------------------------------
COPY = textwrap.dedent(
    """
    import json, os, sys
    from client import storage
    from client.app import App
    from client.scenes.launch import autoplay, default_seats
    from client.scenes.table import TableScene
    from client.session import Session
    from client.settings import Settings

    seed = int(sys.argv[1])
    owner = storage.owns_autosave()  # what main() does at start
    print(json.dumps({"owner": owner}), flush=True)
    sys.stdin.readline()  # both copies are up: go together
    app = App(Settings(language="en", animation_speed=0.0, ai_pause=0.0), (1024, 640))
    app.inline_ai = True
    session = Session.new("kobayakawa", default_seats([("human", None)] + [("ai", "easy")] * 2),
                          seed, {})
    autoplay(session, 4)
    table = TableScene(app, session)
    app.push(table)
    for _ in range(300):  # every write races the other copy's
        table.autosave()
    app.frame(1 / 60)
    print(json.dumps({"actions": len(session.record.actions), "note": storage.note()}),
          flush=True)
    app.quit()
    """
)


def test_two_copies_on_one_data_folder_neither_crashes_nor_destroys_the_others_game(tmp_path):
    data = tmp_path / "data"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLERO_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    copies = []
    for seed in (101, 202):  # the first takes the folder, then the second starts
        child = subprocess.Popen([sys.executable, "-c", COPY, str(seed)], env=env, cwd=ROOT,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        copies.append((child, json.loads(child.stdout.readline() or "{}")))
    for child, _ in copies:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    results = []
    for child, hello in copies:
        out, err = child.communicate(timeout=180)
        assert child.returncode == 0, err[-2000:]
        results.append((hello, json.loads(out.strip().splitlines()[-1])))
    (first, first_end), (second, second_end) = results
    assert first["owner"] is True and second["owner"] is False
    assert first_end["note"] is None
    assert "already open" in second_end["note"]
    files = list((data / "games").iterdir())  # the first copy's game, and only it
    assert len(files) == 1
    saved = json.loads(files[0].read_text())
    assert saved["seed"] == 101 and len(saved["actions"]) == first_end["actions"]


@pytest.mark.skipif(os.name == "nt", reason="the holder below uses flock")
def test_a_second_copy_neither_writes_nor_discards_the_first_copy_s_autosave(data_dir):
    (data_dir / "games").mkdir(parents=True)
    first_game = _unfinished_save(seed=7).dumps().encode()
    theirs = data_dir / "games" / "kobayakawa-20260101-120000.json"
    theirs.write_bytes(first_game)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, sys; f = open(sys.argv[1], 'a'); "
         "fcntl.flock(f, fcntl.LOCK_EX); print('held', flush=True); sys.stdin.read()",
         str(data_dir / storage.LOCK_NAME)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert storage.owns_autosave() is False
        assert storage.write_record(_unfinished_save(seed=8)) is None
        assert storage.keep(_unfinished_save(seed=8), None) is None
        assert storage.keep(_unfinished_save(seed=7, moves=9), theirs) == theirs  # not written
        storage.finish(theirs)
        for change in (lambda: storage.rename(theirs, "mine"), lambda: storage.delete(theirs)):
            with pytest.raises(storage.BadName, match="second_copy"):
                change()
        assert theirs.read_bytes() == first_game
        assert list((data_dir / "games").iterdir()) == [theirs]
        assert "already open" in (storage.note() or "")
        assert storage.resumable() is not None  # its game can still be watched or resumed
    finally:
        holder.communicate("", timeout=30)


# -- case 3: a full disk, or a folder in the way -----------------------------------------------
def test_a_full_disk_during_autosave_keeps_the_game_playing(harness, data_dir, monkeypatch):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")])
    before = table.save_path.read_bytes()
    real_fsync = os.fsync

    def disk_full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    for _ in range(2):
        act_by_clicking(harness, table)
    drawn = []
    real_text = resources.text

    def recording_text(string, *args, **kwargs):
        drawn.append(string)
        return real_text(string, *args, **kwargs)

    monkeypatch.setattr(resources, "text", recording_text)
    harness.frames(3)
    monkeypatch.setattr(resources, "text", real_text)
    assert "Could not save: disk full." in " ".join(drawn)  # the player sees it on the table
    assert harness.scene is table and harness.app.running
    assert storage.note() == "Could not save: disk full. Play goes on, and the next save " \
                             "catches up."
    assert table.save_path.read_bytes() == before  # the last good save stands
    assert not list(table.save_path.parent.glob(".*.tmp"))
    monkeypatch.setattr(os, "fsync", real_fsync)
    act_by_clicking(harness, table)
    saved = json.loads(table.save_path.read_text())
    assert len(saved["actions"]) == len(table.session.record.actions)  # caught up
    assert storage.note() is None


def test_a_folder_where_the_autosave_goes_does_not_end_the_game(harness, data_dir):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")])
    path = table.save_path
    path.unlink()
    path.mkdir()  # something put a folder where this game's file goes
    act_by_clicking(harness, table)
    harness.frames(2)
    assert harness.scene is table and "in the way" in (storage.note() or "")
    storage.finish(path)  # a finished game's file goes, but a folder is left alone
    assert path.is_dir()


def test_a_file_where_the_games_folder_goes_does_not_end_the_game(harness, data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "games").write_text("not a folder")
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")])
    act_by_clicking(harness, table)
    harness.frames(2)
    assert harness.scene is table and table.save_path is None
    assert "in the way" in (storage.note() or "")
    assert storage.list_saves() == [] and "in the way" in storage.folder_problem()


def test_a_folder_named_like_the_old_temporary_file_is_no_obstacle(harness, data_dir):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")])
    path = table.save_path
    path.with_name(path.name + ".tmp").mkdir()  # every write has a temporary file of its own
    act_by_clicking(harness, table)
    saved = json.loads(path.read_text())
    assert len(saved["actions"]) == len(table.session.record.actions)
    assert storage.note() is None


def test_the_crash_log_is_written_where_it_can_be(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("TABLERO_DATA_DIR", str(blocker / "data"))  # the data folder cannot be
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    where = write_crash_log("Traceback: boom")
    assert where == str(tmp_path / "tablero-crash.log")
    assert Path(where).read_text() == "Traceback: boom"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_crash_log_does_not_hang_the_crash(tmp_path, data_dir, monkeypatch):
    data_dir.mkdir(parents=True)
    os.mkfifo(data_dir / "crash.log")
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    where = []
    assert _finishes(lambda: where.append(write_crash_log("report")))
    assert where == [str(tmp_path / "tablero-crash.log")]


def test_a_full_disk_for_the_crash_log_falls_back_to_the_temporary_folder(
    tmp_path, data_dir, monkeypatch
):
    real_fsync = os.fsync
    calls = []

    def first_disk_full(fd):
        calls.append(fd)
        if len(calls) == 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", first_disk_full)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    assert write_crash_log("report") == str(tmp_path / "tablero-crash.log")


# -- case 4: hostile seat names ----------------------------------------------------------------
@pytest.mark.parametrize("name", ["Ana\x00", "x" * 10_000, "x" * 100_000, "x" * 19, "\u202e"])
def test_a_save_with_a_hostile_seat_name_is_refused(tmp_path, name):
    record = _unfinished_save()
    record.seats[1]["name"] = name
    path = tmp_path / "names.json"
    path.write_text(record.dumps(), encoding="utf-8")
    error = load_file(None, path)  # refused before any scene opens
    assert isinstance(error, SaveError) and error.code == "bad_seat_name"


@pytest.mark.parametrize("game_id, players", [("kobayakawa", 3), ("coup", 2)])
def test_a_long_name_is_measured_a_bounded_number_of_times(harness, monkeypatch, game_id,
                                                           players):
    """Drawing the table measures a name in the fonts a bounded number of times,
    however long it is (the shortening loop was quadratic: 16 s for 5 frames)."""
    calls = [0]
    real_font = resources.font

    def counting_font(*args, **kwargs):
        calls[0] += 1
        return real_font(*args, **kwargs)

    def frames_cost(name: str) -> int:
        seats = [  # one human, so no curtain: the whole table is drawn for seat 0
            seat_dict(name if i == 1 else f"P{i}", "ai" if i else "human", "easy", i)
            for i in range(players)
        ]
        table = TableScene(harness.app, Session(GameRecord(game_id, seats, 5, {})))
        harness.app.reset_to(table)
        table.timeline.skip()
        monkeypatch.setattr(resources, "font", counting_font)
        calls[0] = 0
        harness.frames(2)
        monkeypatch.setattr(resources, "font", real_font)
        return calls[0]

    assert frames_cost("x" * 10_000) <= frames_cost("Bo") + 200


# -- case 5: what is not a regular file ------------------------------------------------------
def _finishes(call, seconds: float = 30) -> bool:
    worker = threading.Thread(target=call, daemon=True)
    worker.start()
    worker.join(seconds)
    return not worker.is_alive()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_the_autosave_neither_blocks_the_menu_nor_a_load(harness, data_dir):
    data_dir.mkdir(parents=True)
    os.mkfifo(data_dir / "autosave.json")
    assert _finishes(storage.resumable)
    assert storage.resumable() is None
    errors = []
    assert _finishes(lambda: errors.append(load_file(harness.app, data_dir / "autosave.json")))
    assert errors[0].code == "not_a_file"
    _starts_to_the_menu(harness)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_symlink_to_a_device_is_refused_before_reading(harness, data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "autosave.json").symlink_to("/dev/zero")
    assert _finishes(storage.resumable)
    error = load_file(harness.app, data_dir / "autosave.json")
    assert isinstance(error, SaveError) and error.code == "not_a_file"
