"""User settings, persisted as JSON in the user data directory."""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from client import i18n
from rules.core import SaveError
from rules.core.safe_json import clip, read_json

log = logging.getLogger("tablero")

SETTINGS_LIMIT = 64 * 1024
"""A settings file is a few hundred bytes; anything past this is not one."""


def data_dir() -> Path:
    """Where saves and settings live: $TABLERO_DATA_DIR, else the platform's user data dir."""
    override = os.environ.get("TABLERO_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir("tablero"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file of this write's own (never shared with another write or
    another copy of the app), fsync, then os.replace: never a half-written file. On any
    failure the temporary file is removed and the OSError goes to the caller."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with open(fd, "wb") as fh:
            fh.write(text.encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # 0 = animations off; 2 = twice as fast
AI_PAUSES = (0.0, 0.4, 0.8, 1.5)
UI_SCALES = (0.85, 1.0, 1.15, 1.3)
FLOAT_CHOICES = {"ui_scale": UI_SCALES, "animation_speed": ANIMATION_SPEEDS, "ai_pause": AI_PAUSES}
WINDOW_MIN = (1024, 640)
WINDOW_MAX = (7680, 4320)
"""A remembered window larger than an 8K screen is not a window size but damage."""


@dataclass
class Settings:
    language: str = ""
    fullscreen: bool = False
    ui_scale: float = 1.0
    animation_speed: float = 1.0
    ai_pause: float = 0.8
    colourblind_marks: bool = True
    window: tuple[int, int] = (1280, 800)

    @classmethod
    def load(cls) -> Settings:
        """The saved settings; whatever the file holds, this returns usable settings.

        A value out of range falls back to its default with a note in the log; a file
        that is not settings at all (damaged, too large, too deep, a folder, a pipe)
        is renamed aside to `settings.json.bad` and replaced by the defaults."""
        settings = cls()
        try:
            path = data_dir() / "settings.json"
            raw: Any = read_json(path, SETTINGS_LIMIT, max_depth=4)
        except SaveError as exc:
            if exc.code != "missing":
                settings._set_aside(exc)
            raw = {}
        except OSError as exc:  # the data folder itself cannot be made
            log.warning("settings: data folder unusable (%s); using the defaults", exc)
            raw = {}
        if not isinstance(raw, dict):
            settings._set_aside(SaveError("not_settings"))
            raw = {}
        for f in fields(cls):
            if f.name in raw and not settings._set_checked(f.name, raw[f.name]):
                log.warning("settings: %s = %s is out of range; using %r",
                            f.name, clip(raw[f.name]), getattr(settings, f.name))
        if settings.language not in i18n.LANGUAGES:
            settings.language = i18n.system_language()
        return settings

    def _set_aside(self, exc: SaveError) -> None:
        """Rename a damaged settings file to settings.json.bad and write the defaults."""
        path = data_dir() / "settings.json"
        aside = path.with_name("settings.json.bad")
        try:
            if aside.is_dir() and not aside.is_symlink():
                aside = path.with_name(f"settings.json.bad-{os.getpid()}")
            os.replace(path, aside)
        except OSError as err:
            log.warning("settings: damaged (%s) and cannot be set aside (%s)", exc.code, err)
            return
        log.warning("settings: damaged (%s); kept as %s, defaults used", exc.code, aside.name)
        self.save()

    def _set_checked(self, name: str, value: Any) -> bool:
        """Take a value from the file when it is of the right type and in range."""
        if name == "window":
            ok = (
                isinstance(value, list)
                and len(value) == 2
                and all(
                    type(v) is int and 0 < v <= limit
                    for v, limit in zip(value, WINDOW_MAX, strict=True)
                )
            )
            if ok:
                self.window = (max(WINDOW_MIN[0], value[0]), max(WINDOW_MIN[1], value[1]))
            return ok
        current = getattr(self, name)
        if isinstance(current, bool):
            ok = isinstance(value, bool)
        elif isinstance(current, float):
            ok = (
                isinstance(value, int | float)
                and not isinstance(value, bool)
                and math.isfinite(value)
                and any(abs(value - choice) < 1e-9 for choice in FLOAT_CHOICES[name])
            )
            value = float(value) if ok else value
        else:
            ok = isinstance(value, str) and (value == "" or value in i18n.LANGUAGES)
        if ok:
            setattr(self, name, value)
        return ok

    def use_language_for_now(self, language: str) -> None:
        """Show the app in `language` without making it the saved setting (`--lang`): the
        file keeps the language chosen in Settings, unless the player chooses another."""
        self._saved_language = self.language
        self._for_now: str | None = language
        self.language = language

    def choose_language(self, language: str) -> None:
        """The player's own choice in Settings: this one is kept."""
        self._for_now = None
        self.language = language

    def save(self) -> None:
        data = asdict(self)
        data["window"] = list(self.window)
        if self.language == getattr(self, "_for_now", None):  # --lang: not a choice to keep
            data["language"] = self._saved_language
        try:
            write_atomic(data_dir() / "settings.json", json.dumps(data, indent=1))
        except OSError as exc:  # a full disk or a read-only folder: the settings still apply
            log.warning("settings: could not be saved (%s)", exc.strerror or exc)
