"""User settings, persisted as JSON in the user data directory."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from client import i18n


def data_dir() -> Path:
    """Where saves and settings live: $TABLERO_DATA_DIR, else the platform's user data dir."""
    override = os.environ.get("TABLERO_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir("tablero"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file, fsync, then os.replace: never a half-written file."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # 0 = animations off; 2 = twice as fast
AI_PAUSES = (0.0, 0.4, 0.8, 1.5)
UI_SCALES = (0.85, 1.0, 1.15, 1.3)


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
        path = data_dir() / "settings.json"
        settings = cls()
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raw = {}
        if isinstance(raw, dict):
            for f in fields(cls):
                if f.name in raw:
                    settings._set_checked(f.name, raw[f.name])
        if settings.language not in i18n.LANGUAGES:
            settings.language = i18n.system_language()
        return settings

    def _set_checked(self, name: str, value: Any) -> None:
        current = getattr(self, name)
        if name == "window":
            if (
                isinstance(value, list)
                and len(value) == 2
                and all(isinstance(v, int) for v in value)
            ):
                self.window = (max(1024, value[0]), max(640, value[1]))
            return
        if isinstance(current, bool):
            ok = isinstance(value, bool)
        elif isinstance(current, float):
            ok = isinstance(value, int | float) and not isinstance(value, bool)
            value = float(value) if ok else value
        else:
            ok = isinstance(value, type(current))
        if ok:
            setattr(self, name, value)

    def save(self) -> None:
        data = asdict(self)
        data["window"] = list(self.window)
        with contextlib.suppress(OSError):
            write_atomic(data_dir() / "settings.json", json.dumps(data, indent=1))
