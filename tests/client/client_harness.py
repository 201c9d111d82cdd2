"""Drives the real app headless: synthetic mouse events at widget positions, frame by frame."""

from __future__ import annotations

from typing import Any

import pygame

from client import i18n
from client.app import App
from client.settings import Settings


class Harness:
    def __init__(
        self, size: tuple[int, int] = (1280, 800), language: str = "en", ui_scale: float = 1.0
    ) -> None:
        settings = Settings(
            language=language, animation_speed=0.0, ai_pause=0.0, ui_scale=ui_scale
        )
        i18n.set_language(language)
        self.app = App(settings, size)
        self.app.inline_ai = True  # think in-process: deterministic and no spawn in tests

    @property
    def scene(self) -> Any:
        return self.app.scene

    def frames(self, count: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(count):
            self.app.frame(dt)

    def click(self, pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(2)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        )
        self.frames(2)

    def buttons(self) -> list[Any]:
        """Every visible, enabled pygame_gui button of the current screen."""
        out = []
        for element in self.app.manager.get_root_container().elements:
            if isinstance(element, pygame_gui_button()) and element.visible and element.is_enabled:
                out.append(element)
        return out

    def button(self, text: str) -> Any:
        for element in self.buttons():
            if element.text == text:
                return element
        raise LookupError(f"no button {text!r}; have {[b.text for b in self.buttons()]}")

    def any_button(self, text: str) -> Any:
        """A button anywhere, inside containers too; the newest first, so an open
        drop-down's option wins over a closed menu showing the same words."""
        for element in reversed(self.app.manager.get_sprite_group().sprites()):
            if isinstance(element, pygame_gui_button()) and getattr(element, "text", None) == text:
                return element
        raise LookupError(text)

    def press(self, text: str) -> None:
        self.click(self.button(text).rect.center)

    def close(self) -> None:
        if self.app.running:
            self.app.quit()


def pygame_gui_button() -> type:
    import pygame_gui

    return pygame_gui.elements.UIButton
