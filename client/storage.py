"""Save files on disk: autosave, save as, load; a bad file is refused and left untouched.

Three promises, whatever the disk or a second copy of the app does:

- Reading never stops the app: every save goes through `rules.core.saves.read_save_file`
  (regular files only, size and depth limits, the same content checks as
  `python -m rules replay`), and a refusal is a `SaveError` with a short reason.
- An autosave never ends a game: a failed write (full disk, no permission, a folder
  in the way) leaves a note for the player (`note()`) and play goes on; the next
  successful write holds the whole record again, so it catches up.
- One copy of the app owns a data folder's autosave: the first to lock
  `tablero.lock` there. A second copy on the same folder says so, never writes
  or discards the autosave, and plays on without one (Save as still works).
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import stat
from pathlib import Path
from typing import Any

from client.settings import data_dir, write_atomic
from rules import SaveError, get_game
from rules.core.saves import GameRecord, read_save_file

log = logging.getLogger("tablero")

LOCK_NAME = "tablero.lock"
_owners: dict[str, bool] = {}  # the data folder → whether this process owns its autosave
_held: list[int] = []  # the lock file's descriptor: held (locked) while the process lives
_problem: tuple[str, str] | None = None  # the last autosave failure: (catalogue key, detail)
_second_copy = False


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def owns_autosave() -> bool:
    """Whether this process may write the data folder's autosave: it holds the folder's
    lock (taken on the first call and kept until the process ends), or no lock can be
    taken at all there (then the writes themselves will say what is wrong)."""
    global _second_copy
    try:
        folder = data_dir().resolve()
    except OSError:
        return True
    key = str(folder)
    if key not in _owners:
        _release()  # one data folder per process (tests move between many)
        _owners[key] = _lock(folder / LOCK_NAME)
        _second_copy = not _owners[key]
        if _second_copy:
            log.warning("another Tablero is open on %s: this copy does not autosave", folder)
    return _owners[key]


def _release() -> None:
    """Let go of the data folder held so far (its lock ends with its descriptor)."""
    while _held:
        fd = _held.pop()
        with contextlib.suppress(OSError):
            os.close(fd)
    _owners.clear()


def _lock(path: Path) -> bool:
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        log.warning("no lock on the data folder (%s): autosaving unguarded", exc.strerror)
        return True
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return True
        if os.name == "nt":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return False
    _held.append(fd)
    return True


def write_record(record: GameRecord, path: Path | None = None) -> Path | None:
    """Save as (`path` given): write atomically, an OSError goes to the caller. Without a
    path, the autosave (`autosave`): never raises; None when it was not written."""
    if path is not None:
        write_atomic(path, record.dumps())
        return path
    return autosave_path() if autosave(record) else None


def autosave(record: GameRecord) -> bool:
    """Write the autosave; on failure remember why for `note()` and return False."""
    global _problem
    if not owns_autosave():
        return False
    try:
        write_atomic(autosave_path(), record.dumps())
    except OSError as exc:
        if _problem is None:
            log.warning("autosave failed: %s", exc)
        _problem = _reason(exc)
        return False
    if _problem is not None:
        log.warning("autosave works again: the game is saved up to its last move")
    _problem = None
    return True


def _reason(exc: OSError) -> tuple[str, str]:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "storage.reason.disk_full", ""
    if exc.errno == errno.EROFS:
        return "storage.reason.read_only", ""
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "storage.reason.no_permission", ""
    if exc.errno in (errno.EISDIR, errno.ENOTDIR, errno.EEXIST, errno.ENOTEMPTY):
        return "storage.reason.in_the_way", ""
    return "storage.reason.other", str(exc.strerror or type(exc).__name__)[:60]


def note() -> str | None:
    """What the player should know about saving now: a failed autosave, or that
    another copy owns the autosave; None when all is well."""
    from client.i18n import tr

    if _second_copy:
        return tr("storage.second_copy")
    if _problem is not None:
        key, detail = _problem
        return tr("storage.autosave_failed", reason=tr(key, detail=detail))
    return None


def second_copy() -> bool:
    """Whether this process found another copy of the app owning its data folder."""
    return _second_copy


def read_save(path: Path) -> tuple[GameRecord, Any]:
    """Load and fully replay a save file; SaveError says why it is refused. The same
    door as `python -m rules replay`: `rules.core.saves.read_save_file`."""
    return read_save_file(path)


def resumable() -> tuple[GameRecord, Any] | None:
    """The autosaved game when it exists, loads cleanly and is unfinished."""
    try:
        record, state = read_save(autosave_path())
    except (SaveError, OSError):
        return None
    from client.games import has_view

    if get_game(record.game).outcome(state) is not None or not has_view(record.game):
        return None
    return record, state


def discard_autosave() -> None:
    """Forget the autosave (a finished game); only its owner may, and only a file."""
    if not owns_autosave():
        return
    try:
        path = autosave_path()
        if path.is_file():
            path.unlink()
    except OSError as exc:
        log.warning("the finished game's autosave stays: %s", exc.strerror)
