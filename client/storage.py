"""Save files on disk: autosave, save as, load; a bad file is refused and left untouched.

Three promises, whatever the disk or a second copy of the app does:

- Reading never stops the app: every save goes through `rules.core.saves.read_save_file`
  (regular files only, size and depth limits, the same content checks as
  `python -m rules replay`), and a refusal is a `SaveError` with a short reason.
- An autosave never ends a game: a failed write (full disk, no permission, a folder
  in the way) leaves a note for the player (`note()`) and play goes on; the next
  successful write holds the whole record again, so it catches up.
- One copy of the app owns a data folder's autosaves: the first to lock
  `tablero.lock` there. A second copy on the same folder says so, never writes,
  renames or discards them, and plays on without one (Save with a name still works).

Every unfinished game keeps its own file, so starting another never loses one:

- `games/<game>-<started>.json`: the autosave of a game the player has not named;
  deleted when the game ends (nothing to resume).
- `saves/<name>.json`: a game the player named (Save, or Rename in the list); play
  goes on in it, and it stays when the game ends, to be watched again.

`list_saves` reads both folders for the Load screen (game, players, moves, date);
`rename`, `delete` and `save_named` change them; a name is checked by `check_name`.
A file vanishing meanwhile, or a data folder that cannot be made, is never a crash.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import logging
import os
import stat
import sys
import time
from dataclasses import dataclass
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


LEGACY_AUTOSAVE = "autosave.json"  # before every game had its own file
GAMES = "games"  # autosaves of games the player has not named
SAVES = "saves"  # games the player named
SAVE_NAME_LIMIT = 60
FORBIDDEN = set('/\\:*?"<>|')
RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"{p}{n}" for p in ("COM", "LPT") for n in range(1, 10))}
LIST_LIMIT = 200  # a Load screen lists (and reads) at most this many, newest first


def autosave_path() -> Path:
    """The autosave of old versions (one for the whole folder); `list_saves` moves it
    into `games/` the first time it looks."""
    return data_dir() / LEGACY_AUTOSAVE


def folder(name: str) -> Path:
    """`games/` or `saves/` in the data folder, made when missing (OSError if it cannot)."""
    path = data_dir() / name
    path.mkdir(exist_ok=True)
    return path


def new_autosave_path(record: GameRecord) -> Path:
    """A fresh file in `games/` for a game just started or branched off a named save.
    OSError when the data folder cannot be made."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = f"{record.game}-{stamp}"
    here = folder(GAMES)
    path = here / f"{base}.json"
    n = 2
    while path.exists() or path.is_symlink() or path in _claimed:
        path = here / f"{base}-{n}.json"
        n += 1
    _claimed.add(path)  # two tables started in one second keep two files
    return path


_claimed: set[Path] = set()


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
        if sys.platform == "win32":
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
    path, the autosave of a new game in `games/` (`autosave`): never raises; None when it
    was not written."""
    if path is not None:
        write_atomic(path, record.dumps())
        return path
    try:
        fresh = new_autosave_path(record)
    except OSError as exc:
        _failed(exc)
        return None
    return fresh if autosave(record, fresh) else None


def keep(record: GameRecord, path: Path | None) -> Path | None:
    """A table's autosave after each move: into its game's own file `path`, or a fresh
    one in `games/` the first time. The path to write next time (None while the data
    folder cannot be made); a failure is a `note()` and never an exception."""
    if not owns_autosave():
        return path
    if path is None:
        try:
            path = new_autosave_path(record)
        except OSError as exc:
            _failed(exc)
            return None
    autosave(record, path)
    return path


def autosave(record: GameRecord, path: Path) -> bool:
    """Write a game's autosave; on failure remember why for `note()` and return False."""
    global _problem
    if not owns_autosave():
        return False
    try:
        write_atomic(path, record.dumps())
    except OSError as exc:
        _failed(exc)
        return False
    if _problem is not None:
        log.warning("autosave works again: the game is saved up to its last move")
    _problem = None
    return True


def _failed(exc: OSError) -> None:
    global _problem
    if _problem is None:
        log.warning("autosave failed: %s", exc)
    _problem = reason(exc)


def reason(exc: OSError) -> tuple[str, str]:
    """(catalogue key, detail) saying why a write failed."""
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


def resumable() -> SaveEntry | None:
    """The unfinished game played last (the menu's Resume), or None; reads no more files
    than it takes to find it."""
    for _m, path, named in _found():
        entry = _entry(path, named)
        if entry is not None and entry.record is not None and not entry.finished:
            return entry
    return None


@dataclass
class SaveEntry:
    """One file on the Load screen: a game with its setup and progress, or a file that
    cannot be opened (`error`), which can still be deleted."""

    path: Path
    name: str
    named: bool  # in saves/ (the player's name) rather than games/ (an autosave)
    modified: float
    record: GameRecord | None = None
    state: Any = None
    finished: bool = False
    error: SaveError | None = None

    @property
    def moves(self) -> int:
        return len(self.record.actions) if self.record is not None else 0


_read_cache: dict[tuple[str, int, int], tuple[GameRecord | None, Any, bool, SaveError | None]] = {}


def _entry(path: Path, named: bool) -> SaveEntry | None:
    """A listed file read (and replayed) once per version of it; None when it is gone or
    not a regular file."""
    try:
        info = path.lstat()
    except OSError:
        return None  # deleted meanwhile
    if not stat.S_ISREG(info.st_mode):
        return None
    key = (str(path), info.st_mtime_ns, info.st_size)
    if key not in _read_cache:
        if len(_read_cache) >= 2 * LIST_LIMIT:
            _read_cache.clear()
        try:
            record, state = read_save(path)
        except SaveError as exc:
            if exc.code == "missing":
                return None
            _read_cache[key] = (None, None, False, exc)
        else:
            from client.games import has_view

            if not has_view(record.game):
                error = SaveError("no_table", game=get_game(record.game).info.title)
                _read_cache[key] = (None, None, False, error)
            else:
                over = get_game(record.game).outcome(state) is not None
                _read_cache[key] = (record, state, over, None)
    found, found_state, over, refusal = _read_cache[key]
    name = path.stem if named else default_name(found, path, info.st_mtime)
    return SaveEntry(path, name, named, info.st_mtime, found, found_state, over, refusal)


def default_name(record: GameRecord | None, path: Path | None, modified: float = 0.0) -> str:
    """What an unnamed game is called: its game and when it started ("Coup 2026-11-25
    09.47", from its file's name), which is also what the Save box suggests."""
    stem = path.stem if path is not None else ""
    title = get_game(record.game).info.title if record is not None else stem
    parts = stem.rsplit("-", 3)  # <game>-<YYYYmmdd>-<HHMMSS>[-n]
    stamp = next(
        (f"{d[:4]}-{d[4:6]}-{d[6:]} {t[:2]}.{t[2:4]}"
         for d, t in itertools.pairwise(parts)
         if len(d) == 8 and d.isdigit() and len(t) == 6 and t.isdigit()),
        time.strftime("%Y-%m-%d %H.%M", time.localtime(modified or time.time())),
    )
    return f"{title} {stamp}"


def list_saves() -> list[SaveEntry]:
    """Every game in `games/` and `saves/`, the one played last first. Never raises: a file
    deleted meanwhile is left out, a folder that cannot be read lists nothing (`folder_problem`
    says why). An old `autosave.json` moves into `games/` first (by its owner only)."""
    entries = (_entry(path, named) for _m, path, named in _found())
    return [e for e in entries if e is not None]


def _found() -> list[tuple[float, Path, bool]]:
    """(modified, path, named) of the listed files, newest first, none of them read yet."""
    global _folder_problem
    _folder_problem = None
    try:
        _adopt_legacy_autosave()
        places = [(folder(GAMES), False), (folder(SAVES), True)]
    except OSError as exc:
        _folder_problem = reason(exc)
        return []
    found: list[tuple[float, Path, bool]] = []
    for place, named in places:
        try:
            for path in place.iterdir():
                if path.suffix == ".json" and not path.name.startswith("."):
                    with contextlib.suppress(OSError):  # gone meanwhile: not listed
                        found.append((path.lstat().st_mtime, path, named))
        except OSError as exc:
            _folder_problem = reason(exc)
    found.sort(key=lambda f: f[0], reverse=True)
    return found[:LIST_LIMIT]


_folder_problem: tuple[str, str] | None = None


def folder_problem() -> str | None:
    """Why the last `list_saves` could not read the data folder, as a sentence; or None."""
    from client.i18n import tr

    if _folder_problem is None:
        return None
    key, detail = _folder_problem
    return tr("load.folder_problem", reason=tr(key, detail=detail))


def _adopt_legacy_autosave() -> None:
    old = autosave_path()
    if not old.is_file() or old.is_symlink() or not owns_autosave():
        return
    try:
        record, _state = read_save(old)
    except SaveError:
        return  # a damaged old autosave stays where it is, untouched
    os.replace(old, new_autosave_path(record))


class BadName(ValueError):
    """A save name that cannot be used; `code` is a catalogue key's last part."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def check_name(name: str) -> str:
    """The name as it will be used (trimmed), or BadName with why: empty, too long,
    characters a file name cannot hold, a dot at either end, or a name Windows keeps for
    a device (the same saves folder may travel between systems)."""
    name = name.strip()
    if not name:
        raise BadName("empty")
    if len(name) > SAVE_NAME_LIMIT:
        raise BadName("too_long", limit=SAVE_NAME_LIMIT)
    bad = sorted({c for c in name if c in FORBIDDEN or not c.isprintable()})
    if bad:
        shown = " ".join(c if c.isprintable() else "·" for c in bad)
        raise BadName("bad_characters", chars=shown)
    if name.startswith(".") or name.endswith("."):
        raise BadName("dot")
    if name.split(".")[0].strip().upper() in RESERVED:
        raise BadName("reserved", name=name)  # Windows gives these names to devices
    return name


def is_listed(path: Path) -> bool:
    """Whether `path` is one of the Load list's files (in this data folder's `games/` or
    `saves/`), so a table may go on saving into it."""
    try:
        return path.resolve().parent in (folder(GAMES).resolve(), folder(SAVES).resolve())
    except OSError:
        return False


def named_path(name: str) -> Path:
    """Where a game named `name` is kept (the name checked first)."""
    return folder(SAVES) / f"{check_name(name)}.json"


def _taken(path: Path, current: Path | None) -> bool:
    if current is not None and path == current:
        return False
    if path.exists() or path.is_symlink():
        return True
    try:  # a case-insensitive disk: "Coup" and "coup" are one file
        return any(p.name.casefold() == path.name.casefold() and p != current
                   for p in path.parent.iterdir())
    except OSError:
        return False


def save_named(record: GameRecord, name: str, current: Path | None) -> Path:
    """Save: the game under `name` in `saves/`, where play then goes on. An unnamed game's
    autosave moves there (it is not left behind as a second copy); a named one stays as it
    was, like Save as. BadName for a bad or taken name, OSError when it cannot be written."""
    path = named_path(name)
    if _taken(path, current):
        raise BadName("taken", name=path.stem)
    write_atomic(path, record.dumps())
    moved = current is not None and current != path and current.parent.name == GAMES
    if moved and current is not None and owns_autosave():  # a second copy leaves them be
        _remove(current)
    return path


def rename(path: Path, name: str) -> Path:
    """Give a listed game a (new) name; its file moves to `saves/<name>.json`."""
    _may_change(path)
    target = named_path(name)
    if _taken(target, path):
        raise BadName("taken", name=target.stem)
    if not path.is_file() or path.is_symlink():
        raise BadName("gone")
    os.replace(path, target)
    return target


def delete(path: Path) -> None:
    """Delete a listed file (gone already is fine)."""
    _may_change(path)
    _remove(path)


def _may_change(path: Path) -> None:
    if not owns_autosave():
        raise BadName("second_copy")


def _remove(path: Path) -> None:
    try:
        if path.is_file() or path.is_symlink():
            path.unlink()
    except FileNotFoundError:
        pass


def finish(path: Path | None) -> None:
    """A game has ended: its unnamed autosave goes (nothing to resume); a named game
    stays to be watched. Only the folder's owner deletes anything, and only a file."""
    if path is None or path.parent.name != GAMES or not owns_autosave():
        return
    try:
        _remove(path)
    except OSError as exc:
        log.warning("the finished game's autosave stays: %s", exc.strerror)
