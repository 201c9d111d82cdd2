"""Results: the ranking, the scores, and a chart of how the game went, round by round."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from client import artwork, resources, storage
from client.games import view_class
from client.i18n import tr
from client.scenes.base import Scene, draw_panel
from client.session import Session


class ResultsScene(Scene):
    def __init__(self, app: Any, session: Session) -> None:
        super().__init__(app)
        self.session = session
        names = [session.name(s) for s in range(len(session.seats))]
        self.view = view_class(session.record.game)(names, session.seats)
        self.final = session.view(None)
        self.chart_surface: pygame.Surface | None = None
        self._history: list[dict[str, Any]] | None = None
        self.buttons: dict[Any, str] = {}

    def enter(self) -> None:
        if self.app.autosave:
            storage.discard_autosave()  # a finished game is nothing to resume

    def build_ui(self) -> None:
        w, h = self.app.size
        self.buttons = {}
        names = [("replay", False), ("table", False), ("new", True), ("menu", False)]
        bw, bh, gap = self.s(210), self.s(50), self.s(14)
        x = w // 2 - (len(names) * bw + (len(names) - 1) * gap) // 2
        for i, (name, accent) in enumerate(names):
            rect = pygame.Rect(x + i * (bw + gap), h - self.s(78), bw, bh)
            button = pygame_gui.elements.UIButton(
                rect,
                tr(f"results.{name}"),
                self.manager,
                tool_tip_text=tr(f"results.{name}_tip"),
                object_id="#accent" if accent else None,
            )
            self.buttons[button] = name
        self.chart_surface = self._render_chart()

    def handle_ui(self, event: pygame.event.Event) -> None:
        from client.scenes import launch

        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        name = self.buttons.get(event.ui_element)
        if name == "replay":
            launch.open_replay(self.app, self.session)
        elif name == "table":
            self.app.pop()
        elif name == "new":
            launch.back_to_menu(self.app)
            launch.open_setup(self.app)
        elif name == "menu":
            launch.back_to_menu(self.app)

    def on_cancel(self) -> None:
        self.app.pop()

    def _panels(self) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = self.app.size
        top, bottom = self.s(110), h - self.s(100)
        left = pygame.Rect(self.s(40), top, self.s(400), bottom - top)
        right = pygame.Rect(left.right + self.s(30), top, w - left.right - self.s(70), bottom - top)
        return left, right

    def history(self) -> list[dict[str, Any]]:
        """The public view at the start and after every action (made once, when needed)."""
        if self._history is None:
            game, session = self.session.game, self.session
            self._history = [game.view(session.initial, None)] + [
                game.view(step.transition.state, None) for step in session.steps
            ]
        return self._history

    def _render_chart(self) -> pygame.Surface | None:
        data = self.view.chart(self.final, self.history())
        if data is None:
            return None
        title, series = data
        rect = self._panels()[1]
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        head = resources.text(title, self.s(20), artwork.INK, True)
        surf.blit(head, (self.s(20), self.s(14)))
        plot = pygame.Rect(self.s(64), self.s(60), rect.w - self.s(100), rect.h - self.s(120))
        top = max(max(s) for s in series) or 1
        steps = max(len(s) for s in series) - 1 or 1
        grid = (170, 150, 120)
        for value in range(0, int(top) + 1, max(1, int(top) // 6)):
            y = plot.bottom - plot.h * value / top
            pygame.draw.line(surf, grid, (plot.x, y), (plot.right, y), 1)
            lab = resources.text(str(value), self.s(14), artwork.INK)
            surf.blit(lab, lab.get_rect(midright=(plot.x - self.s(8), y)))
        every = max(1, round(steps / 12))  # a long game labels every few turns
        for k in [*range(0, steps - every // 2, every), steps]:
            x = plot.x + plot.w * k / steps
            lab = resources.text(str(k) if k else tr("results.start"), self.s(14), artwork.INK)
            surf.blit(lab, lab.get_rect(midtop=(x, plot.bottom + self.s(8))))
        axis = resources.text(self.view.chart_axis(), self.s(15), artwork.INK)
        surf.blit(axis, axis.get_rect(midtop=(plot.centerx, plot.bottom + self.s(32))))
        for seat, values in enumerate(series):
            marker = self.session.seats[seat]["colour"]
            colour = artwork.SEAT_COLOURS[marker % len(artwork.SEAT_COLOURS)]
            offset = (seat - len(series) / 2) * self.s(2)  # equal lines stay distinguishable
            points = [
                (plot.x + plot.w * k / steps, plot.bottom - plot.h * v / top + offset)
                for k, v in enumerate(values)
            ]
            if len(points) > 1:
                pygame.draw.lines(surf, artwork.INK, False, points, self.s(5))
                pygame.draw.lines(surf, colour, False, points, self.s(3))
            dense = len(points) > 24  # a long game: mark only where the line ends
            for p in points[-1:] if dense else points:
                artwork.draw_seat_marker(surf, (round(p[0]), round(p[1])), self.s(7), marker)
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, _ = surface.get_size()
        outcome = self.session.outcome()
        winners = ", ".join(self.session.name(q) for q in outcome.winners)
        key = "results.winner" if len(outcome.winners) == 1 else "results.winners"
        title = resources.text(tr(key, names=winners), self.s(36), artwork.PARCHMENT, True)
        surface.blit(title, title.get_rect(center=(w // 2, self.s(56))))
        left, right = self._panels()
        draw_panel(surface, left, self.app.scale)
        draw_panel(surface, right, self.app.scale)
        if self.chart_surface is not None:
            surface.blit(self.chart_surface, right)
        head = resources.text(tr("results.ranking"), self.s(20), artwork.INK, True)
        surface.blit(head, (left.x + self.s(20), left.y + self.s(14)))
        order = sorted(range(len(outcome.ranking)), key=lambda q: (outcome.ranking[q], q))
        row_h = self.s(54)
        for i, seat in enumerate(order):
            y = left.y + self.s(64) + i * row_h
            rank = resources.text(f"{outcome.ranking[seat]}.", self.s(24), artwork.INK, True)
            surface.blit(rank, (left.x + self.s(22), y))
            artwork.draw_seat_marker(
                surface,
                (left.x + self.s(76), y + self.s(16)),
                self.s(12),
                self.session.seats[seat]["colour"],
            )
            name = resources.text(
                self.session.name(seat), self.s(20), artwork.INK, seat in outcome.winners
            )
            surface.blit(name, (left.x + self.s(100), y + self.s(2)))
            score = resources.text(
                self.view.score_text(outcome.scores[seat]), self.s(18), artwork.INK
            )
            surface.blit(score, score.get_rect(topright=(left.right - self.s(20), y + self.s(4))))
