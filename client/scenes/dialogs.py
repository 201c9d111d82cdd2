"""Shared dialogs: messages, file pickers, and turning rules errors into sentences."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from client import settings
from client.i18n import error_sentence, tr


def centred(manager: Any, w: int, h: int) -> pygame.Rect:
    sw, sh = manager.window_resolution
    rect = pygame.Rect(0, 0, min(w, sw - 20), min(h, sh - 20))
    rect.center = (sw // 2, sh // 2)
    return rect


def message(manager: Any, title: str, text: str, scale: float) -> Any:
    """A modal note with one OK button."""
    rect = centred(manager, round(520 * scale), round(280 * scale))
    window = pygame_gui.windows.UIMessageWindow(
        rect, escape(text), manager, window_title=title, always_on_top=True
    )
    if window.dismiss_button is not None:  # our word for it, not the library's translation
        window.dismiss_button.set_text(tr("dialog.ok"))
    return window


def save_error(manager: Any, exc: Any, scale: float) -> Any:
    """A refused save file: what was wrong, and that the file was left as it was."""
    text = error_sentence("save", exc.code, exc.params) + "\n\n" + tr("save.untouched")
    return message(manager, tr("save.refused_title"), text, scale)


def file_dialog(manager: Any, saving: bool, scale: float, name: str = "") -> Any:
    """pygame_gui's file picker, starting in the saves folder (`name`: the suggested file)."""
    folder = settings.data_dir() / "saves"
    folder.mkdir(exist_ok=True)
    initial = folder / (name if saving else "")
    rect = centred(manager, round(560 * scale), round(460 * scale))
    return pygame_gui.windows.UIFileDialog(
        rect,
        manager,
        window_title=tr("dialog.save_as" if saving else "dialog.load"),
        initial_file_path=str(initial),
        allow_existing_files_only=not saving,
        always_on_top=True,
    )


def picked_path(event: pygame.event.Event) -> Path:
    return Path(event.text)
