"""Results: the ranking, the scores, and a chart of how the game went, round by round."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pygame_gui

from client import artwork, resources, text
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

    def build_ui(self) -> None:
        w, h = self.app.size
        self.buttons = {}
        names = [("replay", False), ("table", False), ("new", True), ("menu", False)]
        bw, bh, gap = self.s(210), self.s(50), self.s(14)
        x = w // 2 - (len(names) * bw + (len(names) - 1) * gap) // 2
        # One size for the row (the tightest label's), in the accent's own style.
        most = text.shared_size([(tr(f"results.{n}"), bw) for n, _a in names], "accent",
                                self.app.scale)
        for i, (name, accent) in enumerate(names):
            rect = pygame.Rect(x + i * (bw + gap), h - self.s(78), bw, bh)
            button = text.button(
                rect,
                tr(f"results.{name}"),
                self.manager,
                scale=self.app.scale,
                tip=tr(f"results.{name}_tip"),
                style="accent" if accent else "button",
                most=most,
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
        charts = self.view.charts(self.final, self.history())
        if not charts:
            return None
        rect = self._panels()[1]
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        part = rect.h // len(charts)  # several: one under the other, each its own title
        for i, (title, series) in enumerate(charts):
            self._draw_chart(surf, pygame.Rect(0, i * part, rect.w, part), title, series)
        return surf

    def _draw_chart(
        self, surf: pygame.Surface, area: pygame.Rect, title: str, series: list[list[float]]
    ) -> None:
        head = pygame.Rect(self.s(20), area.y + self.s(14), area.w - self.s(40), self.s(40))
        text.draw(surf, title, head, self.s(20), artwork.INK, bold=True, max_lines=1)
        plot = pygame.Rect(self.s(64), area.y + self.s(60), area.w - self.s(100),
                           area.h - self.s(120))
        # from 0, or from the lowest value when a line goes below it (a score can)
        low = min(0, math.floor(min(min(s) for s in series)))
        top = max(math.ceil(max(max(s) for s in series)), low + 1)
        span = top - low
        steps = max(len(s) for s in series) - 1 or 1
        grid = (170, 150, 120)
        step = max(1, span // 6)
        while span / step * self.s(22) > plot.h:  # a small chart: fewer lines, labels apart
            step += 1

        def height(value: float) -> float:
            return plot.bottom - plot.h * (value - low) / span

        for value in range(-(-low // step) * step if low < 0 else 0, top + 1, step):
            y = height(value)
            pygame.draw.line(surf, artwork.INK if value == 0 and low < 0 else grid,
                             (plot.x, y), (plot.right, y), 1)
            text.label(surf, str(value), self.s(14), (plot.x - self.s(8), round(y)), artwork.INK,
                       anchor="midright")
        room = max(1, plot.w // self.s(52))  # labels that fit side by side, "start" too
        every = max(1, round(steps / 12), -(-steps // room))  # a long game: every few turns
        for k in [*range(0, steps - every // 2, every), steps]:
            x = plot.x + plot.w * k / steps
            words = str(k) if k else tr("results.start")
            anchor = "topleft" if not k else "midtop"
            at = (round(x) - (self.s(6) if not k else 0), plot.bottom + self.s(8))
            text.label(surf, words, self.s(14), at, artwork.INK, anchor=anchor)
        axis = pygame.Rect(plot.x, plot.bottom + self.s(32), plot.w, self.s(26))
        text.draw(surf, self.view.chart_axis(), axis, self.s(15), artwork.INK, align="center",
                  max_lines=1)
        for seat, values in enumerate(series):
            marker = self.session.seats[seat]["colour"]
            colour = artwork.SEAT_COLOURS[marker % len(artwork.SEAT_COLOURS)]
            offset = (seat - len(series) / 2) * self.s(2)  # equal lines stay distinguishable
            points = [(plot.x + plot.w * k / steps, height(v) + offset)
                      for k, v in enumerate(values)]
            if len(points) > 1:
                pygame.draw.lines(surf, artwork.INK, False, points, self.s(5))
                pygame.draw.lines(surf, colour, False, points, self.s(3))
            dense = len(points) > 24  # a long game: mark only where the line ends
            for p in points[-1:] if dense else points:
                artwork.draw_seat_marker(surf, (round(p[0]), round(p[1])), self.s(7), marker)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, _ = surface.get_size()
        outcome = self.session.outcome()
        winners = ", ".join(self.session.name(q) for q in outcome.winners)
        key = "results.winner" if len(outcome.winners) == 1 else "results.winners"
        title = pygame.Rect(self.s(40), self.s(16), w - self.s(80), self.s(84))
        text.draw(surface, tr(key, names=winners), title, self.s(36), artwork.PARCHMENT,
                  bold=True, align="center", valign="middle", free_text=True)
        left, right = self._panels()
        draw_panel(surface, left, self.app.scale)
        draw_panel(surface, right, self.app.scale)
        if self.chart_surface is not None:
            surface.blit(self.chart_surface, right)
        head = pygame.Rect(left.x + self.s(20), left.y + self.s(14), left.w - self.s(40),
                           self.s(40))
        text.draw(surface, tr("results.ranking"), head, self.s(20), artwork.INK, bold=True,
                  max_lines=1)
        order = sorted(range(len(outcome.ranking)), key=lambda q: (outcome.ranking[q], q))
        row_h = min(self.s(54), (left.bottom - self.s(8) - left.y - self.s(64)) // len(order))
        for i, seat in enumerate(order):
            y = left.y + self.s(64) + i * row_h
            text.label(surface, f"{outcome.ranking[seat]}.", self.s(24),
                       (left.x + self.s(22), y), artwork.INK, bold=True)
            artwork.draw_seat_marker(
                surface,
                (left.x + self.s(76), y + self.s(16)),
                self.s(12),
                self.session.seats[seat]["colour"],
            )
            # The name and the score share the row; neither runs into the other.
            score = self.view.score_text(outcome.scores[seat])
            x0, x1 = left.x + self.s(100), left.right - self.s(20)
            natural = resources.font(self.s(18)).size(score)[0]
            score_w = min(natural, (x1 - x0) * 11 // 20)
            score_box = pygame.Rect(x1 - score_w, y, score_w, row_h - self.s(4))
            name_box = pygame.Rect(x0, y, score_box.x - self.s(12) - x0, row_h - self.s(4))
            detail = self.view.score_detail(self.final, seat)
            if detail and row_h >= self.s(46):  # the name over a short line of what the
                # score is made of, where a row has room for both
                name_box.h = self.s(28)
                below = pygame.Rect(x0, name_box.bottom, x1 - x0, row_h - self.s(30))
                text.draw(surface, detail, below, self.s(14), artwork.INK, max_lines=1)
            text.draw(surface, self.session.name(seat), name_box, self.s(20), artwork.INK,
                      bold=seat in outcome.winners, max_lines=1, free_text=True)
            text.draw(surface, score, score_box, self.s(18), artwork.INK, align="right")
