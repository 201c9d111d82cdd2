"""Settings: language, window or full screen, UI scale, animations, AI pause, colour-blind marks."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from client import artwork, i18n, text
from client.i18n import tr
from client.input import Intent
from client.scenes.base import Scene, draw_panel
from client.settings import AI_PAUSES, ANIMATION_SPEEDS, UI_SCALES


def _choices(name: str) -> list[tuple[str, Any]]:
    """(label, value) pairs for one setting, labelled in the current language."""
    if name == "language":
        return [(tr(f"settings.language.{lang}"), lang) for lang in i18n.LANGUAGES]
    if name == "fullscreen":
        return [(tr("settings.window"), False), (tr("settings.fullscreen_on"), True)]
    if name == "ui_scale":
        return [(f"{round(v * 100)} %", v) for v in UI_SCALES]
    if name == "animation_speed":
        return [(tr(f"settings.anim.{i}"), v) for i, v in enumerate(ANIMATION_SPEEDS)]
    if name == "ai_pause":
        comma = i18n.language() == "es"  # 0,8 s in Spanish, 0.8 s in English
        return [
            (tr("settings.seconds", s=f"{v:g}".replace(".", "," if comma else ".")), v)
            for v in AI_PAUSES
        ]
    return [(tr("settings.on"), True), (tr("settings.off"), False)]


SETTINGS = (
    "language",
    "fullscreen",
    "ui_scale",
    "animation_speed",
    "ai_pause",
    "colourblind_marks",
)


class SettingsScene(Scene):
    def build_ui(self) -> None:
        self.widgets: dict[Any, str] = {}
        panel = self._panel()
        y, step, height = self._grid()
        for name in SETTINGS:
            choices = _choices(name)
            value = getattr(self.app.settings, name)
            current = next((label for label, v in choices if v == value), choices[0][0])
            labels = [label for label, _ in choices]
            room = panel.right - self.s(24) - panel.centerx - self.s(10)
            width = min(room, text.dropdown_width(labels, self.app.scale, self.s(300)))
            menu = text.dropdown(
                labels,
                current,
                pygame.Rect(panel.centerx + self.s(10), y, width, height),
                self.manager,
                scale=self.app.scale,
            )
            self.widgets[menu] = name
            y += step
        back = pygame.Rect(0, 0, self.s(200), self.s(52))
        back.midbottom = (panel.centerx, panel.bottom - self.s(20))
        button = text.button(back, tr("settings.done"), self.manager, scale=self.app.scale,
                             style="accent")
        self.widgets[button] = "done"

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(self.s(760), w - 20), min(self.s(560), h - 20))
        rect.center = (w // 2, h // 2)
        return rect

    def _grid(self) -> tuple[int, int, int]:
        """(first row's y, the step between rows, a menu's height), closer when needed."""
        panel = self._panel()
        top = panel.y + self.s(64)
        room = panel.bottom - self.s(84) - top
        step = min(self.s(62), room // len(SETTINGS))
        return top, step, min(self.s(42), step - self.s(8))

    def handle_ui(self, event: pygame.event.Event) -> None:
        name = self.widgets.get(event.ui_element)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and name == "done":
            self.app.pop()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and name:
            value = dict(_choices(name))[event.text]
            self.change(name, value)

    def change(self, name: str, value: Any) -> None:
        """Apply one setting at once (no restart) and persist it."""
        settings = self.app.settings
        if getattr(settings, name) == value:
            return
        if name == "language":
            settings.choose_language(value)  # kept, even over a --lang of this run
        else:
            setattr(settings, name, value)
        settings.save()
        if name == "language":
            i18n.set_language(value)  # the app rebuilds every visible string
        elif name == "fullscreen":
            settings.fullscreen = not value
            self.app.toggle_fullscreen()
        elif name == "colourblind_marks":
            artwork.SHAPES = bool(value)
        elif name == "ui_scale":
            self.app.resized(self.app.size)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "cancel":
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = self._panel()
        draw_panel(surface, panel, self.app.scale)
        title = pygame.Rect(panel.x + self.s(20), panel.y + self.s(12), panel.w - self.s(40),
                            self.s(44))
        text.draw(surface, tr("settings.title"), title, self.s(28), artwork.INK, bold=True,
                  align="center", max_lines=1)
        y, step, height = self._grid()
        for name in SETTINGS:
            box = pygame.Rect(panel.x + self.s(24), y, panel.centerx - self.s(34) - panel.x, height)
            text.draw(surface, tr(f"settings.{name}"), box, self.s(18), artwork.INK,
                      align="right", valign="middle")
            y += step
