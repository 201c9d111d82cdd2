"""Errors the rules raise: every one carries a stable machine code and parameters."""

from __future__ import annotations

from typing import Any


class RulesError(Exception):
    """Base of every error the rules package raises on purpose."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}({detail})" if detail else code)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.code, self.params))


def _rebuild(cls: type[RulesError], code: str, params: dict[str, Any]) -> RulesError:
    return cls(code, **params)


class IllegalAction(RulesError):
    """A move the rules refuse: `IllegalAction("not_your_turn", seat=2, to_act=(0,))`.

    The client turns `code` and `params` into a sentence in the player's
    language; the rules package holds no sentences for players.
    """


class SetupError(RulesError):
    """A game that cannot be set up: bad player count, unknown option, bad value."""


class SaveError(RulesError):
    """A save file that cannot be loaded; nothing of it is used."""
