"""Saved games: every unfinished game and every named save in one list (name, game,
players, moves, last played), to resume, watch, rename or delete. No file browser and
no paths: the files live in the data folder (`client/storage.py`)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

import rules
from client import artwork, storage, text
from client.i18n import error_sentence, tr
from client.input import Intent
from client.scenes import dialogs
from client.scenes.base import Scene, draw_panel
from client.shell import Shell

# The list's columns: (catalogue key, share of the row's width).
COLUMNS = (("name", 0.27), ("game", 0.16), ("players", 0.26), ("moves", 0.10), ("date", 0.21))
DOUBLE_CLICK = 0.45  # seconds


class LoadScene(Scene):
    def __init__(self, app: Shell, current: Path | None = None) -> None:
        super().__init__(app)
        self.current = current  # the game on the table below, if Load was opened from one

    def enter(self) -> None:
        self.dialog: Any = None
        self.dialog_kind = ""
        self.selected = 0
        self.top = 0  # the first row shown (the wheel and the arrow keys scroll)
        self.clock = 0.0
        self.last_click: tuple[int, float] = (-1, -10.0)
        self.entries: list[storage.SaveEntry] = []

    # -- layout -------------------------------------------------------------------------
    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(self.s(1000), w - self.s(40)), min(self.s(660), h - 20))
        rect.center = (w // 2, h // 2)
        return rect

    def _list_rect(self) -> pygame.Rect:
        panel = self._panel()
        top = panel.y + self.s(100)
        return pygame.Rect(panel.x + self.s(24), top, panel.w - self.s(48),
                           panel.bottom - self.s(98) - top)

    def _row_h(self) -> int:
        return self.s(40)

    def _rows(self) -> int:
        return max(1, self._list_rect().h // self._row_h())

    def _row_rect(self, index: int) -> pygame.Rect:
        area = self._list_rect()
        return pygame.Rect(area.x, area.y + (index - self.top) * self._row_h(), area.w,
                           self._row_h())

    def _cells(self, row: pygame.Rect) -> list[pygame.Rect]:
        x, cells, pad = row.x, [], self.s(8)
        for _key, share in COLUMNS:
            w = round(row.w * share)
            cells.append(pygame.Rect(x + pad, row.y, w - 2 * pad, row.h))
            x += w
        return cells

    # -- the list -----------------------------------------------------------------------
    def build_ui(self) -> None:
        self.entries = storage.list_saves()
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self._scroll_to(self.selected)
        self.widgets: dict[Any, str] = {}
        panel = self._panel()
        entry = self.chosen()
        bh, gap = self.s(46), self.s(10)
        y = panel.bottom - self.s(20) - bh
        open_words = tr("load.resume")
        if entry is not None and (entry.finished or entry.record is None):
            open_words = tr("load.open_finished")
        buttons = [
            ("open", open_words, tr("load.resume_tip"), True, self._can_open(entry)),
            ("replay", tr("load.replay"), tr("load.replay_tip"), False,
             self._can_open(entry) and entry is not None and not entry.finished),
            ("rename", tr("load.rename"), self._change_tip(entry, "rename"), False,
             self._can_change(entry) and entry is not None and entry.record is not None),
            ("delete", tr("load.delete"), self._change_tip(entry, "delete"), False,
             self._can_change(entry)),
        ]
        back_w = self.s(150)
        room = panel.w - self.s(48) - back_w - gap * len(buttons)
        bw = min(self.s(190), room // len(buttons))
        x = panel.x + self.s(24)
        for name, words, tip, accent, enabled in buttons:
            button = text.button(pygame.Rect(x, y, bw, bh), words, self.manager,
                                 scale=self.app.scale, tip=tip,
                                 style="accent" if accent else "button")
            if not enabled:
                button.disable()
            self.widgets[button] = name
            x += bw + gap
        back = pygame.Rect(panel.right - self.s(24) - back_w, y, back_w, bh)
        button = text.button(back, tr("setup.back"), self.manager, scale=self.app.scale)
        self.widgets[button] = "back"

    def chosen(self) -> storage.SaveEntry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def _can_open(self, entry: storage.SaveEntry | None) -> bool:
        return entry is not None and entry.record is not None

    def _can_change(self, entry: storage.SaveEntry | None) -> bool:
        """Rename and delete: not the game on the table below, not in a second copy."""
        return entry is not None and entry.path != self.current and not storage.second_copy()

    def _change_tip(self, entry: storage.SaveEntry | None, what: str) -> str:
        if entry is not None and entry.path == self.current:
            return tr("load.on_the_table")
        if storage.second_copy():
            return tr("load.second_copy_tip")
        return tr(f"load.{what}_tip")

    def _scroll_to(self, index: int) -> None:
        rows = self._rows()
        if index < self.top:
            self.top = index
        elif index >= self.top + rows:
            self.top = index - rows + 1
        self.top = max(0, min(self.top, max(0, len(self.entries) - rows)))

    def select(self, index: int) -> None:
        if self.entries and index != self.selected:
            self.selected = max(0, min(index, len(self.entries) - 1))
            self._scroll_to(self.selected)
            self.app.rebuild()  # the buttons follow the chosen game

    # -- input --------------------------------------------------------------------------
    def handle_ui(self, event: pygame.event.Event) -> None:
        if isinstance(self.dialog, dialogs.NameBox) and self.dialog.alive():
            name = self.dialog.answer(event)
            if name is not None:
                self._rename(name)
            return
        if isinstance(self.dialog, dialogs.Question) and self.dialog.alive():
            if self.dialog.answer(event):
                self._delete()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.widgets:
            return
        self.command(self.widgets[event.ui_element])

    def command(self, name: str) -> None:
        entry = self.chosen()
        if name == "back":
            self.app.pop()
        elif entry is None:
            return
        elif name in ("open", "replay"):
            if entry.path == self.current and name == "open":
                self.app.pop()  # the game on the table: back to it
            else:
                self.open(entry.path, replay=name == "replay")
        elif name == "rename" and self._can_change(entry) and entry.record is not None:
            self.dialog_kind = "rename"
            self.dialog = dialogs.NameBox(
                self.manager, title=tr("load.rename_title"), prompt=tr("save.name_prompt"),
                default=entry.name, ok=tr("load.rename"), scale=self.app.scale,
                limit=storage.SAVE_NAME_LIMIT,
            )
        elif name == "delete" and self._can_change(entry):
            self.dialog_kind = "delete"
            self.deleting = entry.path
            self.dialog = dialogs.confirm(
                self.manager, tr("load.delete_title"),
                tr("load.delete_question", name=entry.name), tr("load.delete"), self.app.scale,
                enter_says_yes=False,  # deleting takes a click on Delete
            )

    def _rename(self, name: str) -> None:
        entry = self.chosen()
        if entry is None:
            return
        try:
            path = storage.rename(entry.path, name)
        except storage.BadName as exc:
            self.dialog.refuse(dialogs.name_refusal(exc))
            return
        except OSError as exc:
            key, detail = storage.reason(exc)
            self.dialog.refuse(tr("save.failed", reason=tr(key, detail=detail)))
            return
        self.dialog.close()
        self.app.toast(tr("load.renamed", name=path.stem))
        self.entries = storage.list_saves()
        self.selected = next((i for i, e in enumerate(self.entries) if e.path == path), 0)
        self.app.rebuild()

    def _delete(self) -> None:
        entry = self.chosen()
        if entry is None or entry.path != getattr(self, "deleting", None):
            return
        try:
            storage.delete(entry.path)
        except (storage.BadName, OSError) as exc:
            if isinstance(exc, storage.BadName):
                words = dialogs.name_refusal(exc)
            else:
                key, detail = storage.reason(exc)
                words = tr("save.failed", reason=tr(key, detail=detail))
            dialogs.message(self.manager, tr("load.delete_title"), words, self.app.scale)
            return
        self.app.toast(tr("load.deleted", name=entry.name))
        self.app.rebuild()

    def open(self, path: Path, replay: bool = False) -> None:
        """Open a save; a refused one (damaged, or deleted meanwhile) gets a clear dialog
        and the list is read again."""
        from client.scenes import launch

        error = launch.load_file(self.app, path, replay)
        if error is not None:
            self.app.rebuild()
            dialogs.save_error(self.manager, error, self.app.scale)

    def _modal(self) -> bool:
        return self.dialog is not None and self.dialog.alive()

    def handle(self, intent: Intent) -> None:
        if self._modal():
            if intent.kind == "cancel":
                self.dialog.close()
            return  # keys are the name being typed, or the question's
        if intent.kind == "cancel":
            self.app.pop()
        elif intent.kind == "click":
            self._click(intent.pos)
        elif intent.kind == "wheel" and self._list_rect().collidepoint(intent.pos):
            step = -3 if intent.name == "in" else 3
            most = max(0, len(self.entries) - self._rows())
            self.top = max(0, min(self.top + step, most))
            self.app.redraw()
        elif intent.kind == "command" and intent.name in ("pan_up", "pan_down"):
            self.select(self.selected + (-1 if intent.name == "pan_up" else 1))
        elif intent.kind == "command" and intent.name == "confirm":
            self.command("open")

    def _click(self, pos: tuple[int, int]) -> None:
        if not self._list_rect().collidepoint(pos):
            return
        index = self.top + (pos[1] - self._list_rect().y) // self._row_h()
        if not 0 <= index < len(self.entries):
            return
        again = self.last_click[0] == index and self.clock - self.last_click[1] < DOUBLE_CLICK
        self.last_click = (index, self.clock)
        if again:
            self.command("open")  # a double click opens, as in every file list
        else:
            self.select(index)

    def update(self, dt: float) -> None:
        self.clock += dt

    # -- drawing ------------------------------------------------------------------------
    def _values(self, entry: storage.SaveEntry) -> list[str]:
        record = entry.record
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.modified))
        if record is None:  # why it cannot be opened: the row's tooltip
            return [entry.path.stem, tr("load.damaged"), "", "", when]
        names = ", ".join(str(seat["name"]) for seat in record.seats)
        moves = tr("load.finished") if entry.finished else str(entry.moves)
        return [entry.name, rules.GAMES[record.game].info.title,
                f"{record.players} · {names}", moves, when]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = self._panel()
        draw_panel(surface, panel, self.app.scale)
        title = pygame.Rect(panel.x + self.s(20), panel.y + self.s(12), panel.w - self.s(40),
                            self.s(44))
        text.draw(surface, tr("load.title"), title, self.s(28), artwork.INK, bold=True,
                  align="center", max_lines=1)
        area = self._list_rect()
        head = pygame.Rect(area.x, area.y - self.s(36), area.w, self.s(34))
        for (key, _share), cell in zip(COLUMNS, self._cells(head), strict=True):
            text.draw(surface, tr(f"load.col.{key}"), cell, self.s(16), (92, 74, 56),
                      bold=True, valign="bottom", max_lines=1)
        pygame.draw.line(surface, (150, 128, 98), head.bottomleft, head.bottomright, 1)
        self.tips = []
        if not self.entries:
            words = storage.folder_problem() or tr("load.empty")
            text.draw(surface, words, area.inflate(-self.s(40), -self.s(40)), self.s(18),
                      artwork.INK, align="center", valign="middle")
            return
        clip = surface.get_clip()
        surface.set_clip(area)
        for index in range(self.top, min(len(self.entries), self.top + self._rows())):
            entry = self.entries[index]
            row = self._row_rect(index)
            if index == self.selected:
                pygame.draw.rect(surface, (214, 190, 140), row, border_radius=self.s(6))
                pygame.draw.rect(surface, artwork.ACCENT, row, 2, border_radius=self.s(6))
            elif index % 2:
                pygame.draw.rect(surface, (228, 214, 184), row, border_radius=self.s(6))
            colour = artwork.INK if entry.record is not None else (140, 60, 40)
            values = self._values(entry)
            for column, (value, cell) in enumerate(zip(values, self._cells(row), strict=True)):
                # The save's name and the seats' names are the players' own words: a long
                # one ends in "…", and its tooltip shows it whole.
                free = column in (0, 2)  # a long game title wraps to a second line
                text.draw(surface, value, cell, self.s(17), colour, valign="middle",
                          max_lines=1 if free else 2, free_text=free)
            if entry.path == self.current:
                self.tips.append((row, tr("load.on_the_table")))
            elif entry.error is not None:
                why = error_sentence("save", entry.error.code, entry.error.params)
                self.tips.append((row, why))
        surface.set_clip(clip)
        rows = self._rows()
        if len(self.entries) > rows:  # where the shown rows are in the whole list
            shown = tr("load.range", first=self.top + 1,
                       last=min(len(self.entries), self.top + rows), total=len(self.entries))
            line = pygame.Rect(area.x, area.bottom + self.s(2), area.w, self.s(22))
            text.draw(surface, shown, line, self.s(14), (92, 74, 56), align="right",
                      max_lines=1)
