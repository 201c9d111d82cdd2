"""The log panel: every event in words, drawn from cached line surfaces (cheap every frame).

pygame_gui's text box re-lays out all of its HTML whenever the text changes, which
cost hundreds of milliseconds per move with a long log; this panel wraps each
entry once and only blits the lines that show.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client import artwork, resources, text

RECENT = (138, 42, 28)  # the last action's lines: ink red, not the accent (that means "act")


@dataclass(frozen=True, slots=True)
class Entry:
    text: str
    bold: bool = False
    recent: bool = False


class LogPanel:
    """Wrapped, scrollable lines; new entries keep the view pinned to the bottom."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.size = 15
        self.entries: list[Entry] = []
        self.lines: list[tuple[str, bool, bool, bool]] = []  # text, bold, recent, starts entry
        self.scroll = 0  # lines scrolled up from the bottom

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        if rect != self.rect or max(14, round(15 * scale)) != self.size:
            self.rect = rect
            self.size = max(14, round(15 * scale))
            self._wrap()

    def set_entries(self, entries: list[Entry]) -> None:
        if entries != self.entries:
            self.entries = entries
            self.scroll = 0
            self._wrap()

    def _wrap(self) -> None:
        width = self.rect.w - 16
        self.lines = []
        for entry in self.entries:
            wrapped = resources.wrap(entry.text, self.size, width, entry.bold)
            for k, line in enumerate(wrapped):
                self.lines.append((line, entry.bold, entry.recent, k == 0))

    @property
    def line_height(self) -> int:
        return resources.font(self.size).get_linesize()

    @property
    def entry_gap(self) -> int:
        return max(2, self.size // 4)  # a little air between entries, none inside one

    def visible_count(self) -> int:
        return max(1, self.rect.h // self.line_height)

    def scroll_by(self, lines: int) -> None:
        top = max(0, len(self.lines) - self.visible_count())
        self.scroll = max(0, min(top, self.scroll + lines))

    def text(self) -> str:
        return "\n".join(entry.text for entry in self.entries)

    def draw(self, surface: pygame.Surface) -> None:
        end = len(self.lines) - self.scroll
        start, height = end, 0
        while start > 0:  # fit as many lines, gaps included, as the panel holds
            line = self.lines[start - 1]
            step = self.line_height + (self.entry_gap if line[3] else 0)
            if height + step > self.rect.h:
                break
            height += step
            start -= 1
        count = self.visible_count()
        y = self.rect.y
        for words, bold, recent, first in self.lines[start:end]:
            y += self.entry_gap if first else 0
            colour = RECENT if recent else artwork.INK
            box = pygame.Rect(self.rect.x + 6, y, self.rect.w - 10, self.line_height)
            text.draw(surface, words, box, self.size, colour, bold=bold, floor=self.size)
            y += self.line_height
        if len(self.lines) > count:  # a thin bar says there is more above (mouse wheel scrolls)
            track = pygame.Rect(self.rect.right - 5, self.rect.y, 4, self.rect.h)
            pygame.draw.rect(surface, (200, 184, 150), track, border_radius=2)
            size = max(12, track.h * count // len(self.lines))
            top = (
                track.bottom
                - size
                - (track.h - size) * self.scroll // max(1, len(self.lines) - count)
            )
            pygame.draw.rect(surface, (120, 100, 70), (track.x, top, 4, size), border_radius=2)
