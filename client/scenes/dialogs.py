"""Shared dialogs: messages, a yes-or-no question, a name box, and turning rules errors
into sentences. No file browser: saves are chosen from the Load screen's list."""

from __future__ import annotations

from html import escape
from typing import Any

import pygame
import pygame_gui

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


class Question:
    """A blocking yes-or-no question in our own words and buttons: `answer(event)` is
    True when the player says yes (or presses Enter, `enter_says_yes`); no, the close box
    or Escape (`close`) end it."""

    def __init__(self, manager: Any, title: str, question: str, yes: str, scale: float,
                 enter_says_yes: bool = True) -> None:
        from client import text

        self.enter_says_yes = enter_says_yes  # not for a yes that destroys something

        def s(v: float) -> int:
            return round(v * scale)

        rect = centred(manager, s(540), s(210))
        self.window = pygame_gui.elements.UIWindow(
            rect, manager, window_display_title=title, always_on_top=True, draggable=False
        )
        self.window.set_blocking(True)
        inner = self.window.get_container().get_rect()
        w, pad = inner.w, s(18)
        bw, bh = s(150), s(42)
        y = inner.h - bh - s(12)
        self.text = pygame_gui.elements.UITextBox(
            escape(question), pygame.Rect(pad - s(4), s(8), w - 2 * pad + s(8), y - s(16)),
            manager, container=self.window,
        )
        self.confirm_button = text.button(
            pygame.Rect(w - pad - bw, y, bw, bh), yes, manager, scale=scale, style="accent",
            container=self.window,
        )
        self.cancel_button = text.button(
            pygame.Rect(w - pad - 2 * bw - s(10), y, bw, bh), tr("dialog.cancel"), manager,
            scale=scale, container=self.window,
        )

    def alive(self) -> bool:
        return bool(self.window.alive())

    def answer(self, event: pygame.event.Event) -> bool:
        """True (and closed) when this event is the yes; closes on the no."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.cancel_button:
            self.close()
        if event.ui_element is self.confirm_button:
            self.close()
            return True
        return False

    def close(self) -> None:
        self.window.kill()


def confirm(manager: Any, title: str, question: str, yes: str, scale: float,
            enter_says_yes: bool = True) -> Question:
    """Ask a yes-or-no question (see `Question`); Enter says yes unless told otherwise."""
    return Question(manager, title, question, yes, scale, enter_says_yes)


class NameBox:
    """A small window that asks for a name: a field holding a sensible default, Enter or
    OK confirms, Cancel, the close box or Escape (`close`) gives up. A refused name is
    said under the field and the box stays open with the text as typed."""

    def __init__(
        self, manager: Any, *, title: str, prompt: str, default: str, ok: str, scale: float,
        limit: int,
    ) -> None:
        from client import text

        def s(v: float) -> int:
            return round(v * scale)

        rect = centred(manager, s(540), s(270))
        self.window = pygame_gui.elements.UIWindow(
            rect, manager, window_display_title=title, always_on_top=True, draggable=False
        )
        self.window.set_blocking(True)
        inner = self.window.get_container().get_rect()
        w, pad = inner.w, s(18)
        self.prompt = pygame_gui.elements.UITextBox(
            escape(prompt), pygame.Rect(pad - s(4), s(6), w - 2 * pad + s(8), s(40)), manager,
            container=self.window,
        )
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(pad, s(48), w - 2 * pad, s(40)), manager, container=self.window
        )
        self.entry.set_text_length_limit(limit)
        self.entry.set_text(default[:limit])
        self.error = pygame_gui.elements.UITextBox(
            "", pygame.Rect(pad - s(4), s(92), w - 2 * pad + s(8), s(56)), manager,
            container=self.window,
        )
        bw, bh = s(150), s(42)
        y = inner.h - bh - s(12)
        self.ok = text.button(pygame.Rect(w - pad - bw, y, bw, bh), ok, manager, scale=scale,
                              style="accent", container=self.window)
        self.cancel = text.button(pygame.Rect(w - pad - 2 * bw - s(10), y, bw, bh),
                                  tr("dialog.cancel"), manager, scale=scale,
                                  container=self.window)
        manager.set_focus_set(self.entry)  # type at once; Enter confirms
        self.entry.edit_position = len(self.entry.get_text())

    def alive(self) -> bool:
        return bool(self.window.alive())

    def answer(self, event: pygame.event.Event) -> str | None:
        """The name to try when this event confirms the box (Enter in the field, or OK);
        closes the box when the event gives up on it; None otherwise."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element is self.entry:
            return str(self.entry.get_text())
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.ok:
            return str(self.entry.get_text())
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.cancel:
            self.close()
        return None

    def refuse(self, words: str) -> None:
        """Say why the name cannot be used; the box stays, the name as typed."""
        self.error.set_text(f"<font color='#9c2f1c'>{escape(words)}</font>")
        self.window.ui_manager.set_focus_set(self.entry)

    def close(self) -> None:
        self.window.kill()


def name_refusal(exc: Any) -> str:
    """A refused save name (`storage.BadName`) as a sentence."""
    return tr(f"save.name.{exc.code}", **exc.params)
