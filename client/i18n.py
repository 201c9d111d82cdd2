"""Translation catalogues (assets/i18n/<lang>.json) and `tr(key, **params)`."""

from __future__ import annotations

import json
import locale
import os
from collections.abc import Callable
from typing import Any

from client import resources

LANGUAGES = ("es", "en")
_catalogues: dict[str, dict[str, str]] = {}
_current = "en"
_listeners: list[Callable[[str], None]] = []


class _Params(dict[str, Any]):
    """Missing parameters stay visible as {name} instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class _Count(int):
    """A whole-number parameter that can choose its words: `{n:# coin|# coins}` gives
    "1 coin", "0 coins", "3 coins" (`#` is the number). Spanish and English both use the
    singular for exactly one only, so one/other is all the catalogues need."""

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return format(int(self), spec)
        one, other = spec.split("|", 1)
        return (one if self == 1 else other).replace("#", str(int(self)))


def _counted(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return _Count(value)
    if isinstance(value, str) and value.isdecimal():  # a count already made text
        return _Count(int(value))
    if isinstance(value, float) and value.is_integer():
        return _Count(int(value))
    return value


def catalogue(lang: str) -> dict[str, str]:
    """The catalogue for `lang`, loaded once: `assets/i18n/<lang>.json` plus every
    game's own `assets/i18n/<game>/<lang>.json`, so games keep their strings apart."""
    if lang not in _catalogues:
        folder = resources.asset("i18n")
        merged: dict[str, str] = {}
        for path in [folder / f"{lang}.json", *sorted(folder.glob(f"*/{lang}.json"))]:
            with open(path, encoding="utf-8") as fh:
                merged.update(json.load(fh))
        _catalogues[lang] = merged
    return _catalogues[lang]


def system_language() -> str:
    """`es` when the system locale is Spanish, otherwise `en`."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "es" if code.lower().startswith("es") else "en"


def language() -> str:
    return _current


def set_language(lang: str) -> None:
    """Switch every later `tr` call; listeners rebuild what they show."""
    global _current
    if lang not in LANGUAGES:
        lang = "en"
    catalogue(lang)
    changed = lang != _current
    _current = lang
    if changed:
        for listener in list(_listeners):
            listener(lang)


def on_change(listener: Callable[[str], None]) -> None:
    _listeners.append(listener)


def forget(listener: Callable[[str], None]) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def has(key: str) -> bool:
    return key in catalogue(_current) or key in catalogue("en")


def tr(key: str, **params: Any) -> str:
    """The sentence for `key` in the current language, with `{params}` filled in."""
    text = catalogue(_current).get(key)
    if text is None:
        text = catalogue("en").get(key, key)
    if not params:
        return text
    return text.format_map(_Params({k: _counted(v) for k, v in params.items()}))


def error_sentence(kind: str, code: str, params: dict[str, Any]) -> str:
    """An IllegalAction / SaveError / SetupError code as a sentence (`kind`: illegal, save…)."""
    key = f"{kind}.{code}"
    if has(key):
        return tr(key, **params)
    return tr(f"{kind}.unknown", code=code)
