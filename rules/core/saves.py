"""Saves: a JSON record of a game's setup and actions, loaded only by replaying it.

A save is never executed: it is parsed as JSON, every field is checked, and
every action is replayed through `Game.apply`. Anything wrong anywhere refuses
the whole file with a `SaveError` that says what and where.

`read_save_file` is the one door for a save on disk, for the app and for
`python -m rules replay` alike: the hardened reader (`safe_json`), then the
record's structure, then its content as strictly as the app's setup screen
checks a new game (`check_content`: seat names, kinds, levels, colours), then
the replay, which checks the options and every action.
"""

from __future__ import annotations

import json
import os
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.core.actions import Action, JsonDict
from rules.core.errors import IllegalAction, SaveError, SetupError
from rules.core.game import Game, Seat, Transition
from rules.core.safe_json import CLIP, clip, loads, read_regular

if TYPE_CHECKING:
    from collections.abc import Callable

SAVE_FORMAT = "tablero-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 32 * 1024 * 1024
MAX_SAVE_DEPTH = 32
"""A save nests about 8 deep (record, actions, entry, action, a list in it)."""

# A seat, as the app's setup screen makes it: {"name", "kind", "level", "colour"}.
SEAT_KINDS = ("human", "ai")
AI_LEVELS = ("easy", "normal", "hard")
MAX_COLOURS = 7
NAME_LIMIT = 18
"""The setup screen's limit on a seat name, in characters."""
SEAT_KEYS = frozenset({"name", "kind", "level", "colour"})
APP_VERSION_LIMIT = 64
_UNPRINTABLE = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
_BIDI_CONTROLS = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))
"""Direction overrides would turn the rest of a log line around; joiners (emoji) stay."""


@dataclass(slots=True)
class GameRecord:
    """Everything needed to rebuild a game: setup plus the actions in order."""

    game: str
    seats: list[Any]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[Seat, Action]] = field(default_factory=list)
    app_version: str = ""

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_json(self) -> JsonDict:
        from rules import get_game

        game = get_game(self.game)
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "actions": [{"seat": s, "action": game.action_to_json(a)} for s, a in self.actions],
            "app_version": self.app_version,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)


def start(record: GameRecord) -> tuple[Game[Any], Any]:
    """The game and its initial state for a record's setup."""
    from rules import get_game

    game = get_game(record.game)
    return game, game.new_game(record.players, record.seed, record.options)


def replay(record: GameRecord) -> Iterator[tuple[int, Seat, Action, Transition]]:
    """Apply a record's actions one by one, yielding (index, seat, action, transition)."""
    game, state = start(record)
    for index, (seat, action) in enumerate(record.actions):
        transition = game.apply(state, seat, action)
        yield index, seat, action, transition
        state = transition.state


def final_state(record: GameRecord) -> Any:
    """The state after every action of the record."""
    game, state = start(record)
    for seat, action in record.actions:
        state = game.apply(state, seat, action).state
    return state


def parse_save(text: str | bytes) -> GameRecord:
    """Check a save's JSON and replay it; refuse the whole file on any fault."""
    return load_save(text)[0]


def load_save(text: str | bytes, strict: bool = False) -> tuple[GameRecord, Any]:
    """A save's record and its final state, after checking and replaying all of it.

    `strict` also checks the seats as the app writes them (`check_content`);
    without it any JSON list of seats will do (the rules need only its length).
    """
    data = loads(text, MAX_SAVE_DEPTH, MAX_SAVE_BYTES)
    record = record_from_json(data)
    if strict:
        check_content(record)
    return record, validate(record)


def read_save_file(path: str | os.PathLike[str]) -> tuple[GameRecord, Any]:
    """A save file on disk, checked as strictly as the app checks a new game, and its
    final state; a SaveError with a short reason otherwise. The file is only read."""
    return load_save(read_regular(path, MAX_SAVE_BYTES), strict=True)


def check_content(record: GameRecord) -> None:
    """The seats and labels of a save, as strictly as the setup screen makes them: every
    seat a {"name", "kind", "level", "colour"} with a printable name of 1 to 18
    characters, a known kind, an AI level for an AI (none for a human), and distinct
    colours 0–6. Options and player count are checked by the replay's `new_game`."""
    if len(record.app_version) > APP_VERSION_LIMIT:
        raise SaveError("bad_field", field="app_version")
    colours: set[int] = set()
    for index, seat in enumerate(record.seats):
        if not isinstance(seat, dict) or not {"name", "kind", "colour"} <= set(seat) <= SEAT_KEYS:
            raise SaveError("bad_seat", index=index, problem="fields")
        name = seat["name"]
        if not _printable_name(name):
            raise SaveError("bad_seat_name", index=index, limit=NAME_LIMIT)
        kind, level = seat["kind"], seat.get("level")
        if kind not in SEAT_KINDS:
            raise SaveError("bad_seat", index=index, problem="kind")
        if (level not in AI_LEVELS) if kind == "ai" else (level is not None):
            raise SaveError("bad_seat", index=index, problem="level")
        colour = seat["colour"]
        if type(colour) is not int or not 0 <= colour < MAX_COLOURS or colour in colours:
            raise SaveError("bad_seat", index=index, problem="colour")
        colours.add(colour)


def _printable_name(name: object) -> bool:
    """1 to NAME_LIMIT characters, not all blank, none a control or unassigned one."""
    return (
        isinstance(name, str)
        and 0 < len(name) <= NAME_LIMIT
        and not name.isspace()
        and not any(
            unicodedata.category(c) in _UNPRINTABLE or c in _BIDI_CONTROLS for c in name
        )
    )


def record_from_json(data: object) -> GameRecord:
    """Build a record from parsed JSON, checking every field's presence and type."""
    from rules import GAMES

    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not_a_save")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:  # not True, not 1.0
        raise SaveError("unknown_version", version=_short(version), supported=SAVE_VERSION)
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise SaveError("unknown_game", game=_short(game_id))
    game = GAMES[game_id]
    seats = _field(data, "seats", list)
    seed = _field(data, "seed", int)
    options = _field(data, "options", dict)
    raw_actions = _field(data, "actions", list)
    if isinstance(seed, bool):
        raise SaveError("bad_field", field="seed")
    app_version = data.get("app_version", "")
    if not isinstance(app_version, str):
        raise SaveError("bad_field", field="app_version")
    actions: list[tuple[Seat, Action]] = []
    for index, entry in enumerate(raw_actions):
        if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
            raise SaveError("bad_action_entry", index=index)
        seat = entry["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise SaveError("bad_action_entry", index=index)
        try:
            actions.append((seat, game.action_from_json(entry["action"])))
        except IllegalAction as exc:
            raise SaveError("bad_action", index=index, reason=exc.code) from None
    return GameRecord(game_id, seats, seed, options, actions, app_version)


def validate(record: GameRecord, progress: Callable[[int], None] | None = None) -> Any:
    """Replay a record from its setup; returns the final state or raises SaveError."""
    try:
        game, state = start(record)
    except SetupError as exc:
        params = {k: _short(v) for k, v in exc.params.items()}
        raise SaveError("bad_setup", reason=exc.code, **params) from None
    for index, (seat, action) in enumerate(record.actions):
        try:
            state = game.apply(state, seat, action).state
        except IllegalAction as exc:
            raise SaveError(
                "illegal_action", index=index, seat=seat, reason=exc.code, **_prefixed(exc.params)
            ) from None
        if progress is not None:
            progress(index)
    return state


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise SaveError("bad_field", field=key)
    return value


def _prefixed(params: dict[str, Any]) -> dict[str, Any]:
    return {f"detail_{k}": _short(v) for k, v in params.items()}


def _short(value: Any) -> Any:
    """A value to echo in a refusal: itself when short, else a clipped text."""
    if value is None or isinstance(value, bool | float):
        return value
    if isinstance(value, int):
        return value if value.bit_length() < 64 else clip(value)
    if isinstance(value, str):
        return clip(value)
    try:
        fits = len(repr(value)) <= CLIP
    except (ValueError, RecursionError):
        fits = False
    return value if fits else clip(value)
