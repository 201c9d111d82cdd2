"""Actions: small frozen values with a `type`, and their exact JSON round-trip."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from typing import Any, ClassVar

from rules.core.errors import IllegalAction

JsonDict = dict[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions.

    A game declares each of its actions as a frozen dataclass with a class
    attribute `TYPE`, e.g. ``Keep(card=5)`` with ``TYPE = "keep"``; its JSON
    form is ``{"type": "keep", "card": 5}``.
    """

    TYPE: ClassVar[str] = ""

    @property
    def type(self) -> str:
        return self.TYPE


class ActionCodec:
    """Turns one game's actions into JSON and back, checking every field."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._by_type: dict[str, type[Action]] = {}
        self._fields: dict[str, dict[str, Any]] = {}
        for cls in classes:
            if not cls.TYPE or cls.TYPE in self._by_type:
                raise ValueError(f"action class {cls.__name__} needs a unique TYPE")
            self._by_type[cls.TYPE] = cls
            hints = typing.get_type_hints(cls)
            self._fields[cls.TYPE] = {f.name: hints[f.name] for f in dataclasses.fields(cls)}

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self._by_type)

    def knows(self, action: object) -> bool:
        return isinstance(action, Action) and self._by_type.get(action.TYPE) is type(action)

    def to_json(self, action: Action) -> JsonDict:
        if not self.knows(action):
            raise IllegalAction("unknown_action", action=repr(action))
        out: JsonDict = {"type": action.TYPE}
        for name in self._fields[action.TYPE]:
            value = getattr(action, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def from_json(self, data: object) -> Action:
        if not isinstance(data, dict):
            raise IllegalAction("malformed_action", reason="not_an_object")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in self._by_type:
            raise IllegalAction("unknown_action", type=str(kind))
        fields = self._fields[kind]
        extra = sorted(set(data) - set(fields) - {"type"})
        if extra:
            raise IllegalAction("malformed_action", type=kind, unexpected=extra)
        values: dict[str, Any] = {}
        for name, hint in fields.items():
            if name not in data:
                raise IllegalAction("malformed_action", type=kind, missing=name)
            values[name] = _coerce(kind, name, hint, data[name])
        return self._by_type[kind](**values)


def _coerce(kind: str, name: str, hint: Any, value: Any) -> Any:
    """Check one JSON value against its field's type; lists become tuples."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        (inner, *_rest) = typing.get_args(hint)
        if not isinstance(value, list):
            raise IllegalAction("malformed_action", type=kind, field=name)
        return tuple(_coerce(kind, name, inner, v) for v in value)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _coerce(kind, name, inner, value)
    if typing.get_origin(hint) is typing.Literal:
        if value not in typing.get_args(hint):
            raise IllegalAction("malformed_action", type=kind, field=name)
        return value
    if hint is bool:
        ok = isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif hint is str:
        ok = isinstance(value, str)
    else:
        ok = isinstance(value, hint)
    if not ok:
        raise IllegalAction("malformed_action", type=kind, field=name)
    return value
