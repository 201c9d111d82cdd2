"""Saves: a JSON record of a game's setup and actions, loaded only by replaying it.

A save is never executed: it is parsed as JSON, every field is checked, and
every action is replayed through `Game.apply`. Anything wrong anywhere refuses
the whole file with a `SaveError` that says what and where.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.core.actions import Action, JsonDict
from rules.core.errors import IllegalAction, SaveError, SetupError
from rules.core.game import Game, Seat, Transition

if TYPE_CHECKING:
    from collections.abc import Callable

SAVE_FORMAT = "tablero-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 32 * 1024 * 1024


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


def load_save(text: str | bytes) -> tuple[GameRecord, Any]:
    """A save's record and its final state, after checking and replaying all of it."""
    if isinstance(text, bytes):
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError("too_large", size=len(text))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError("not_text", position=exc.start) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError("not_json", line=exc.lineno, column=exc.colno) from None
    record = record_from_json(data)
    return record, validate(record)


def record_from_json(data: object) -> GameRecord:
    """Build a record from parsed JSON, checking every field's presence and type."""
    from rules import GAMES

    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not_a_save")
    version = data.get("version")
    if version != SAVE_VERSION:
        raise SaveError("unknown_version", version=version, supported=SAVE_VERSION)
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise SaveError("unknown_game", game=game_id)
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
        raise SaveError("bad_setup", reason=exc.code, **exc.params) from None
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
    return {f"detail_{k}": v for k, v in params.items()}
