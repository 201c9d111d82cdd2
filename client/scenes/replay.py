"""The replay viewer: step forward and back through a finished or loaded game."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from client import artwork, resources, text
from client.games import view_class
from client.games.base import DrawContext
from client.i18n import tr
from client.input import Intent
from client.scenes.base import Scene, draw_panel
from client.scenes.log_panel import Entry, LogPanel
from client.scenes.table import LOG_LINES, PROMPT_HEIGHT, TOP_BAR, log_width
from client.session import Session
from rules import visible_events


class ReplayScene(Scene):
    """The table after any number of actions. A finished game shows every hand at every
    step (`Game.open_view`: nothing is secret once it is over); a game still in
    progress shows a spectator's eyes, so nothing hidden leaks."""

    def __init__(self, app: Any, session: Session) -> None:
        super().__init__(app)
        self.session = session
        names = [session.name(s) for s in range(len(session.seats))]
        self.view = view_class(session.record.game)(names, session.seats)
        self.index = len(session.steps)
        self.buttons: dict[Any, str] = {}
        self.ctx = DrawContext()
        self.log = LogPanel()

    def build_ui(self) -> None:
        w, h = self.app.size
        self.buttons = {}
        log_w = log_width(w, self.app.scale)
        table = pygame.Rect(
            0, self.s(TOP_BAR), w - log_w, h - self.s(TOP_BAR) - self.s(PROMPT_HEIGHT)
        )
        self.view.layout(table, self.app.scale)
        bw, bh, gap = self.s(70), self.s(48), self.s(8)
        y = table.bottom + (self.s(PROMPT_HEIGHT) - bh) // 2
        x = table.centerx - (4 * bw + 3 * gap) // 2
        for i, name in enumerate(("first", "back", "forward", "last")):
            rect = pygame.Rect(x + i * (bw + gap), y, bw, bh)
            self._button(rect, tr(f"replay.{name}"), tr(f"replay.{name}_tip"), name)
        done = pygame.Rect(0, self.s(7), self.s(150), self.s(38))
        done.right = w - self.s(8)
        self._button(done, tr("replay.close"), tr("replay.close_tip"), "close")
        log = pygame.Rect(
            w - log_w + self.s(10),
            self.s(TOP_BAR) + self.s(44),
            log_w - self.s(20),
            h - self.s(TOP_BAR) - self.s(62),
        )
        self.log.layout(log, self.app.scale)
        self._show()  # first: a finished game's log may name what this step's view shows
        self.log.set_entries(self._log_entries())

    def _button(self, rect: pygame.Rect, words: str, tip: str, name: str) -> None:
        button = text.button(rect, words, self.manager, scale=self.app.scale, tip=tip)
        self.buttons[button] = name

    def _state(self) -> Any:
        if self.index == 0:
            return self.session.initial
        return self.session.steps[self.index - 1].transition.state

    def _show(self) -> None:
        game, state = self.session.game, self._state()
        shown = game.open_view(state) if self.session.over else game.view(state, None)
        self.view.show(shown, None)
        self.tips = list(self.view.tips)
        last = self.session.steps[self.index - 1] if self.index else None
        self.ctx.last_seat = last.seat if last else None
        self.ctx.last_action = last.action.type if last else None
        self.ctx.acting = self.session.game.to_act(self._state())

    def _log_entries(self) -> list[Entry]:
        """The last LOG_LINES events up to this step, as the table's log keeps them: a
        step of a long game's replay describes a few hundred lines, not thousands."""
        events: list[tuple[int, Any]] = []
        for index in range(self.index - 1, -1, -1):
            seen = visible_events(self.session.steps[index].transition.events, None)
            events[:0] = [(index, ev) for ev in seen]
            if len(events) >= LOG_LINES:
                break
        else:
            initial = self.session.game.view(self.session.initial, None)
            events[:0] = [(-1, ev) for ev in self.view.opening_events(initial)]
        events = events[-LOG_LINES:]
        return [Entry(text, bold, index == self.index - 1)
                for index, text, bold in self.view.log_entries(events)]

    def step(self, name: str) -> None:
        last = len(self.session.steps)
        target = {"first": 0, "back": self.index - 1, "forward": self.index + 1, "last": last}[name]
        index = max(0, min(last, target))
        if index != self.index:  # the layout stays: only the table and its log change
            self.index = index
            self._show()
            self.log.set_entries(self._log_entries())
            self.app.redraw()

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        name = self.buttons.get(event.ui_element)
        if name == "close":
            self.app.pop()
        elif name:
            self.step(name)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "wheel" and self.log.rect.collidepoint(intent.pos):
            self.log.scroll_by(3 if intent.name == "in" else -3)
            return
        if intent.kind == "command" and intent.name in ("back", "forward"):
            self.step(intent.name)
        elif intent.kind == "cancel":
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.view.draw(surface, self.ctx)
        w, h = surface.get_size()
        bar = pygame.Rect(0, 0, w, self.s(TOP_BAR))
        surface.fill((28, 34, 31), bar)
        title = tr(
            "replay.title",
            game=self.session.game.info.title,
            i=self.index,
            n=len(self.session.steps),
        )
        log_w = log_width(w, self.app.scale)
        room = pygame.Rect(self.s(16), bar.y, w - log_w - self.s(32), bar.h)
        natural = resources.font(self.s(19), True).size(title)[0]
        head = pygame.Rect(room.x, room.y, min(natural, room.w * 7 // 10), room.h)
        shown = text.draw(surface, title, head, self.s(19), artwork.PARCHMENT, bold=True,
                          valign="middle", max_lines=1)
        status = pygame.Rect(shown.right + self.s(20), room.y,
                             room.right - shown.right - self.s(20), room.h)
        words = self.view.status()
        if not text.fit(words, self.s(16), max(1, status.w), status.h, max_lines=1).elided:
            text.draw(surface, words, status, self.s(16), (214, 206, 186), valign="middle",
                      max_lines=1)
        log = pygame.Rect(w - log_w, self.s(TOP_BAR), log_w, h - self.s(TOP_BAR))
        log = log.inflate(-self.s(8), -self.s(12))
        draw_panel(surface, log, self.app.scale)
        head = pygame.Rect(log.x + self.s(14), log.y + self.s(8), log.w - self.s(28),
                           self.log.rect.y - log.y - self.s(10))
        text.draw(surface, tr("table.log"), head, self.s(18), artwork.INK, bold=True, max_lines=1)
        self.log.draw(surface)
