"""Load or resume: the autosave, recent saves, and any file through the file dialog."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from client import artwork, settings, storage, text
from client.i18n import tr
from client.input import Intent
from client.scenes import dialogs
from client.scenes.base import Scene, draw_panel


def recent_saves(limit: int = 6) -> list[Path]:
    folder = settings.data_dir() / "saves"
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)[:limit]


class LoadScene(Scene):
    def enter(self) -> None:
        self.dialog: Any = None

    def build_ui(self) -> None:
        self.widgets: dict[Any, tuple[str, Any]] = {}
        panel = self._panel()
        bw, bh = panel.w - self.s(60), self.s(46)
        y = panel.y + self.s(70)
        entries: list[tuple[str, str, Any, bool]] = []
        if storage.resumable():
            entries.append((tr("load.resume"), "resume", None, True))
        for path in recent_saves():
            entries.append((path.name, "file", path, False))
        entries.append((tr("load.browse"), "browse", None, not entries))
        for words, name, arg, accent in entries:
            rect = pygame.Rect(panel.x + self.s(30), y, bw, bh)
            if name in ("resume", "file"):  # every saved game can also be watched move by move
                rect.width -= self.s(150)
                watch = pygame.Rect(rect.right + self.s(10), y, self.s(140), bh)
                button = text.button(
                    watch, tr("load.replay"), self.manager, scale=self.app.scale,
                    tip=tr("load.replay_tip"),
                )
                self.widgets[button] = ("replay", arg or storage.autosave_path())
            tip = str(arg) if arg else tr(f"load.{name}_tip")
            button = text.button(
                rect, words, self.manager, scale=self.app.scale, tip=tip,
                style="accent" if accent else "button",
            )
            self.widgets[button] = (name, arg)
            y += bh + self.s(10)
        back = pygame.Rect(0, 0, self.s(180), self.s(48))
        back.midbottom = (panel.centerx, panel.bottom - self.s(20))
        button = text.button(back, tr("setup.back"), self.manager, scale=self.app.scale)
        self.widgets[button] = ("back", None)

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, self.s(640), self.s(600))
        rect.center = (w // 2, h // 2)
        return rect

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.open(Path(event.text))
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.widgets:
            return
        name, arg = self.widgets[event.ui_element]
        if name == "resume":
            self.open(storage.autosave_path())
        elif name == "file":
            self.open(arg)
        elif name == "replay":
            self.open(arg, replay=True)
        elif name == "browse":
            self.dialog = dialogs.file_dialog(self.manager, False, self.app.scale)
        elif name == "back":
            self.app.pop()

    def open(self, path: Path, replay: bool = False) -> None:
        """Open a save; a refused one gets a clear dialog and stays exactly as it was."""
        from client.scenes import launch

        error = launch.load_file(self.app, path, replay)
        if error is not None:
            dialogs.save_error(self.manager, error, self.app.scale)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "cancel" and self.dialog is None:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = self._panel()
        draw_panel(surface, panel, self.app.scale)
        title = pygame.Rect(panel.x + self.s(20), panel.y + self.s(12), panel.w - self.s(40),
                            self.s(44))
        text.draw(surface, tr("load.title"), title, self.s(28), artwork.INK, bold=True,
                  align="center", max_lines=1)
