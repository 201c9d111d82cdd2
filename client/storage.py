"""Save files on disk: autosave, save as, load; a bad file is refused and left untouched."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from client.settings import data_dir, write_atomic
from rules import SaveError, get_game
from rules.core.saves import GameRecord, load_save

AI_LEVELS = ("easy", "normal", "hard")
SEAT_KINDS = ("human", "ai")
MAX_COLOURS = 7


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def write_record(record: GameRecord, path: Path | None = None) -> Path:
    """Write a record atomically (temporary file, fsync, rename); the autosave by default."""
    target = path or autosave_path()
    write_atomic(target, record.dumps())
    return target


def check_seats(seats: list[Any]) -> None:
    """The client's part of a save: one dict per seat with name, kind, level and colour."""
    colours = set()
    for index, seat in enumerate(seats):
        ok = isinstance(seat, dict) and isinstance(seat.get("name"), str)
        ok = ok and seat.get("kind") in SEAT_KINDS
        colour = seat.get("colour") if isinstance(seat, dict) else None
        ok = ok and isinstance(colour, int) and not isinstance(colour, bool)
        ok = ok and 0 <= colour < MAX_COLOURS and colour not in colours  # type: ignore[operator]
        if ok and seat["kind"] == "ai":
            ok = seat.get("level") in AI_LEVELS
        if not ok:
            raise SaveError("bad_seat", index=index)
        colours.add(colour)


def read_save(path: Path) -> tuple[GameRecord, Any]:
    """Load and fully replay a save file; SaveError says why it is refused."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SaveError("unreadable", reason=exc.strerror or str(exc)) from None
    record, state = load_save(data)
    check_seats(record.seats)
    return record, state


def resumable() -> tuple[GameRecord, Any] | None:
    """The autosaved game when it exists, loads cleanly and is unfinished."""
    path = autosave_path()
    if not path.exists():
        return None
    try:
        record, state = read_save(path)
    except SaveError:
        return None
    from client.games import has_view

    if get_game(record.game).outcome(state) is not None or not has_view(record.game):
        return None
    return record, state


def discard_autosave() -> None:
    path = autosave_path()
    if path.exists():
        path.unlink()
