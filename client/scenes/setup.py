"""New-game setup: a game, its seats (human, AI level or empty), names, colours and options."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pygame_gui

import rules
from client import artwork, resources
from client.games import has_view
from client.i18n import error_sentence, tr
from client.input import Intent
from client.scenes.base import Scene, draw_panel
from client.session import Session, seat_dict
from rules import SetupError

KINDS = ("human", "easy", "normal", "hard", "empty")
MAX_ROWS = 6


class SetupScene(Scene):
    def enter(self) -> None:
        playable = [g for g in rules.GAMES if has_view(g)]
        self.game_id = playable[0] if playable else next(iter(rules.GAMES))
        self.rows: list[dict[str, Any]] = []
        self.first = -1
        self.options: dict[str, Any] = {}
        self.error = ""
        self._reset_rows()

    def _reset_rows(self) -> None:
        info = rules.GAMES[self.game_id].info
        self.options = {}  # another game's options would be refused
        self.rows = []
        for i in range(min(MAX_ROWS, info.max_players)):
            kind = "human" if i == 0 else ("normal" if i < info.min_players else "empty")
            self.rows.append({"kind": kind, "name": "", "colour": i})
        self.first = -1

    # -- building -----------------------------------------------------------------
    def build_ui(self) -> None:
        self.widgets: dict[Any, tuple[str, Any]] = {}
        self._build_games()
        self._build_rows()
        self._build_footer()

    def _panels(self) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = self.app.size
        top, bottom = self.s(100), h - self.s(96)
        left = pygame.Rect(self.s(30), top, self.s(380), bottom - top)
        right = pygame.Rect(left.right + self.s(24), top, w - left.right - self.s(54), bottom - top)
        return left, right

    def _game_rows(self) -> list[tuple[str, pygame.Rect]]:
        """Each game's button; the chosen one has its pitch written under it."""
        left, _ = self._panels()
        y = left.y + self.s(56)
        rows = []
        for game_id in rules.GAMES:
            rect = pygame.Rect(left.x + self.s(16), y, left.w - self.s(32), self.s(42))
            rows.append((game_id, rect))
            y += self.s(50) + (self.s(50) if game_id == self.game_id else 0)
        return rows

    def _build_games(self) -> None:
        for game_id, rect in self._game_rows():
            info = rules.GAMES[game_id].info
            players = f"{info.min_players}–{info.max_players}"
            minutes = f"{info.minutes[0]}–{info.minutes[1]} min"
            text = f"{info.title}  ·  {players}  ·  {minutes}"
            tip = tr(f"game.{game_id}.pitch")
            if not has_view(game_id):
                tip += " " + tr("setup.coming_soon")
            button = pygame_gui.elements.UIButton(
                rect,
                text,
                self.manager,
                tool_tip_text=tip,
                object_id="#accent" if game_id == self.game_id else None,
            )
            if not has_view(game_id):
                button.disable()
            self.widgets[button] = ("game", game_id)

    def _kind_label(self, kind: str) -> str:
        return tr(f"setup.kind.{kind}")

    def _build_rows(self) -> None:
        _, right = self._panels()
        y = right.y + self.s(56)
        x = right.x + self.s(70)
        labels = [self._kind_label(k) for k in KINDS]
        for i, row in enumerate(self.rows):
            kind = pygame_gui.elements.UIDropDownMenu(
                labels,
                self._kind_label(row["kind"]),
                pygame.Rect(x, y, self.s(210), self.s(40)),
                self.manager,
            )
            self.widgets[kind] = ("kind", i)
            if row["kind"] != "empty":
                entry = pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(x + self.s(224), y, self.s(260), self.s(40)),
                    self.manager,
                    placeholder_text=self._default_name(i),
                )
                entry.set_text_length_limit(18)
                if row["name"]:
                    entry.set_text(row["name"])
                self.widgets[entry] = ("name", i)
            y += self.s(54)
        self._build_first_player(x, y + self.s(20))
        self._build_options(x, y + self.s(74))

    def _build_options(self, x: int, y: int) -> None:
        """The game's other options (bool or choice) as menus whose words come from
        `option.<game>.<key>` and `option.<game>.<key>.<value>` in the catalogue."""
        self.option_labels: list[tuple[int, str]] = []
        for spec in rules.GAMES[self.game_id].info.options:
            if spec.key == "start_player" or spec.kind not in ("bool", "choice"):
                continue
            values = [True, False] if spec.kind == "bool" else list(spec.choices)
            prefix = f"option.{self.game_id}.{spec.key}"
            labels = [tr(f"{prefix}.{str(v).lower()}") for v in values]
            current = self.options.get(spec.key, spec.default)
            menu = pygame_gui.elements.UIDropDownMenu(
                labels,
                labels[values.index(current)] if current in values else labels[0],
                pygame.Rect(x + self.s(224), y, self.s(260), self.s(40)),
                self.manager,
            )
            self.widgets[menu] = ("option", (spec.key, values, labels))
            self.option_labels.append((y, tr(prefix)))
            y += self.s(54)

    def _build_first_player(self, x: int, y: int) -> None:
        seats = self._occupied()
        if "start_player" not in {o.key for o in rules.GAMES[self.game_id].info.options}:
            return
        labels = [tr("setup.first_random")] + [self._name(i) for i in seats]
        current = (
            labels[0] if self.first < 0 or self.first >= len(seats) else labels[self.first + 1]
        )
        menu = pygame_gui.elements.UIDropDownMenu(
            labels,
            current,
            pygame.Rect(x + self.s(224), y, self.s(260), self.s(40)),
            self.manager,
        )
        self.widgets[menu] = ("first", labels)
        self.first_label_y = y

    def _build_footer(self) -> None:
        w, h = self.app.size
        start = pygame.Rect(0, 0, self.s(240), self.s(54))
        start.bottomright = (w - self.s(30), h - self.s(24))
        button = pygame_gui.elements.UIButton(
            start,
            tr("setup.start"),
            self.manager,
            tool_tip_text=tr("setup.start_tip"),
            object_id="#accent",
        )
        self.widgets[button] = ("start", None)
        back = pygame.Rect(0, 0, self.s(160), self.s(54))
        back.bottomleft = (self.s(30), h - self.s(24))
        button = pygame_gui.elements.UIButton(back, tr("setup.back"), self.manager)
        self.widgets[button] = ("back", None)

    # -- seats -----------------------------------------------------------------------
    def _default_name(self, i: int) -> str:
        kind = self.rows[i]["kind"]
        return tr("seat.default_human" if kind == "human" else "seat.default_ai", n=i + 1)

    def _name(self, i: int) -> str:
        return self.rows[i]["name"].strip() or self._default_name(i)

    def _occupied(self) -> list[int]:
        return [i for i, row in enumerate(self.rows) if row["kind"] != "empty"]

    def _marker_rect(self, i: int) -> pygame.Rect:
        _, right = self._panels()
        y = right.y + self.s(56) + i * self.s(54)
        return pygame.Rect(right.x + self.s(16), y, self.s(40), self.s(40))

    def _cycle_colour(self, i: int) -> None:
        used = {row["colour"] for j, row in enumerate(self.rows) if j != i}
        colour = self.rows[i]["colour"]
        for _ in range(len(artwork.SEAT_COLOURS)):
            colour = (colour + 1) % len(artwork.SEAT_COLOURS)
            if colour not in used:
                break
        self.rows[i]["colour"] = colour

    def seat_dicts(self) -> list[dict[str, Any]]:
        out = []
        for i in self._occupied():
            row = self.rows[i]
            kind = "human" if row["kind"] == "human" else "ai"
            level = None if kind == "human" else row["kind"]
            out.append(seat_dict(self._name(i), kind, level, row["colour"]))
        return out

    def start(self) -> None:
        from client.scenes.table import TableScene

        seats = self.seat_dicts()
        options = dict(self.options)
        if "start_player" in {o.key for o in rules.GAMES[self.game_id].info.options}:
            options["start_player"] = self.first if self.first < len(seats) else -1
        try:
            session = Session.new(self.game_id, seats, random.randrange(1, 2**31), options)
        except SetupError as exc:
            self.error = error_sentence("setup", exc.code, exc.params)
            return
        self.app.replace(TableScene(self.app, session))

    # -- input ------------------------------------------------------------------------
    def handle_ui(self, event: pygame.event.Event) -> None:
        what = self.widgets.get(event.ui_element)
        if what is None:
            return
        name, arg = what
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if name == "game" and arg != self.game_id:
                self.game_id = arg
                self._reset_rows()
                self.app.rebuild()
            elif name == "start":
                self.start()
            elif name == "back":
                self.app.pop()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if name == "kind":
                labels = [self._kind_label(k) for k in KINDS]
                self.rows[arg]["kind"] = KINDS[labels.index(event.text)]
                self.first = -1
                self.app.rebuild()
            elif name == "first":
                self.first = arg.index(event.text) - 1
            elif name == "option":
                key, values, labels = arg
                self.options[key] = values[labels.index(event.text)]
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and name == "name":
            self.rows[arg]["name"] = event.text

    def handle(self, intent: Intent) -> None:
        if intent.kind == "click":
            for i in self._occupied():
                if self._marker_rect(i).collidepoint(intent.pos):
                    self._cycle_colour(i)
        elif intent.kind == "cancel":
            self.app.pop()

    def update(self, dt: float) -> None:
        self.tips = [(self._marker_rect(i), tr("setup.colour_tip")) for i in self._occupied()]

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        title = resources.text(tr("setup.title"), self.s(34), artwork.PARCHMENT, True)
        surface.blit(title, title.get_rect(midleft=(self.s(30), self.s(52))))
        left, right = self._panels()
        draw_panel(surface, left, self.app.scale)
        draw_panel(surface, right, self.app.scale)
        self._heading(surface, tr("setup.games"), left)
        self._heading(surface, tr("setup.seats"), right)
        for game_id, rect in self._game_rows():
            if game_id != self.game_id:
                continue
            lines = resources.wrap(tr(f"game.{game_id}.pitch"), self.s(15), left.w - self.s(40))
            for k, line in enumerate(lines[:2]):
                img = resources.text(line, self.s(15), (70, 60, 50))
                surface.blit(img, (left.x + self.s(20), rect.bottom + self.s(6) + k * self.s(20)))
        for i in self._occupied():
            artwork.draw_seat_marker(
                surface, self._marker_rect(i).center, self.s(14), self.rows[i]["colour"]
            )
        for i, _row in enumerate(self.rows):
            if self.rows[i]["kind"] == "empty":
                img = resources.text(tr("setup.empty_seat"), self.s(15), (120, 105, 90))
                r = self._marker_rect(i)
                surface.blit(img, img.get_rect(midleft=(r.x + self.s(278), r.centery)))
        if hasattr(self, "first_label_y"):
            img = resources.text(tr("setup.first_player"), self.s(16), artwork.INK, True)
            surface.blit(
                img, img.get_rect(midright=(right.x + self.s(280), self.first_label_y + self.s(20)))
            )
        for y, label in getattr(self, "option_labels", []):
            img = resources.text(label, self.s(16), artwork.INK, True)
            surface.blit(img, img.get_rect(midright=(right.x + self.s(280), y + self.s(20))))
        self._draw_count(surface, right)

    def _heading(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        img = resources.text(text, self.s(20), artwork.INK, True)
        surface.blit(img, (rect.x + self.s(18), rect.y + self.s(14)))

    def _draw_count(self, surface: pygame.Surface, right: pygame.Rect) -> None:
        info = rules.GAMES[self.game_id].info
        n = len(self._occupied())
        ok = info.min_players <= n <= info.max_players
        text = self.error or tr("setup.count", n=n, lo=info.min_players, hi=info.max_players)
        colour = artwork.INK if ok and not self.error else (160, 30, 20)
        img = resources.text(text, self.s(16), colour, not ok)
        surface.blit(img, (right.x + self.s(20), right.bottom - self.s(40)))
