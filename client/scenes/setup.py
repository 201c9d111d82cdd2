"""New-game setup: a game, its seats (human, AI level or empty), names, colours and options."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pygame_gui

import rules
from client import artwork, resources, text
from client.games import has_view
from client.i18n import error_sentence, tr
from client.input import Intent
from client.scenes.base import Scene, draw_panel
from client.session import Session, seat_dict
from rules import SetupError
from rules.core.saves import NAME_LIMIT

KINDS = ("human", "easy", "normal", "hard", "empty")
MAX_ROWS = 6
# Options that only mean something at some player counts: (game, key) → (fewest, most).
OPTION_PLAYERS = {("coup", "two_player_variant"): (2, 2)}


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
        room = left.bottom - self.s(12) - y - self.s(50)  # the pitch takes its 50
        step = min(self.s(50), room // max(1, len(rules.GAMES)))
        rows = []
        for game_id in rules.GAMES:
            rect = pygame.Rect(left.x + self.s(16), y, left.w - self.s(32), step - self.s(6))
            rows.append((game_id, rect))
            y += step + (self.s(50) if game_id == self.game_id else 0)
        return rows

    def _build_games(self) -> None:
        for game_id, rect in self._game_rows():
            info = rules.GAMES[game_id].info
            lo, hi = info.min_players, info.max_players
            players = (
                tr("setup.players_exact", n=lo)
                if lo == hi
                else tr("setup.players_range", lo=lo, hi=hi)
            )
            minutes = f"{info.minutes[0]}–{info.minutes[1]} min"
            style = "accent" if game_id == self.game_id else "button"
            # As much as fits whole: title, players, minutes; the tooltip has it all.
            options = [f"{info.title}  ·  {players}  ·  {minutes}", f"{info.title}  ·  {players}"]
            words = next(
                (o for o in options
                 if not text.fit_widget_text(o, rect.w, style, self.app.scale)[2]),
                info.title,
            )
            tip = f"{info.title} · {players} · {minutes}. " + tr(f"game.{game_id}.pitch")
            if not has_view(game_id):
                tip += " " + tr("setup.coming_soon")
            button = text.button(
                rect,
                words,
                self.manager,
                scale=self.app.scale,
                tip=tip,
                style=style,
            )
            if not has_view(game_id):
                button.disable()
            self.widgets[button] = ("game", game_id)

    def _kind_label(self, kind: str) -> str:
        return tr(f"setup.kind.{kind}")

    def _shown_options(self) -> list[Any]:
        """The game's options the setup offers (bool or choice, and only at the player
        counts where they mean something)."""
        n = len(self._occupied())
        out = []
        for spec in rules.GAMES[self.game_id].info.options:
            if spec.key == "start_player" or spec.kind not in ("bool", "choice"):
                continue
            lo, hi = OPTION_PLAYERS.get((self.game_id, spec.key), (0, MAX_ROWS))
            if lo <= n <= hi:
                out.append(spec)
        return out

    def _grid(self) -> tuple[int, int, int]:
        """(first row's y, the step between rows, a widget's height): the seat rows, the
        first player and the options share the panel, closer together when they must."""
        _, right = self._panels()
        top = right.y + self.s(56)
        first = "start_player" in {o.key for o in rules.GAMES[self.game_id].info.options}
        rows = len(self.rows) + int(first) + len(self._shown_options())
        room = right.bottom - self.s(10) - top
        step = max(self.s(30), min(self.s(54), room // max(1, rows)))
        return top, step, min(self.s(40), step - self.s(6))

    def _columns(self) -> tuple[int, int, int, int]:
        """(kind menu x, its width, name/option x, its width) inside the seats panel."""
        _, right = self._panels()
        x = right.x + self.s(70)
        kind_w = self.s(210)
        field_x = x + kind_w + self.s(14)
        return x, kind_w, field_x, min(self.s(300), right.right - self.s(16) - field_x)

    def _build_rows(self) -> None:
        top, step, wh = self._grid()
        x, kind_w, field_x, field_w = self._columns()
        y = top
        labels = [self._kind_label(k) for k in KINDS]
        for i, row in enumerate(self.rows):
            kind = text.dropdown(
                labels,
                self._kind_label(row["kind"]),
                pygame.Rect(x, y, kind_w, wh),
                self.manager,
                scale=self.app.scale,
            )
            self.widgets[kind] = ("kind", i)
            if row["kind"] != "empty":
                entry = pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(field_x, y, field_w, wh),
                    self.manager,
                    placeholder_text=self._default_name(i),
                )
                entry.set_text_length_limit(NAME_LIMIT)
                if row["name"]:
                    entry.set_text(row["name"])
                self.widgets[entry] = ("name", i)
            y += step
        self.first_label_y = -1
        if "start_player" in {o.key for o in rules.GAMES[self.game_id].info.options}:
            self._build_first_player(y)
            y += step
        self._build_options(y, step)

    def _build_options(self, y: int, step: int) -> None:
        """The game's other options (bool or choice) as menus whose words come from
        `option.<game>.<key>` and `option.<game>.<key>.<value>` in the catalogue."""
        self.option_labels: list[tuple[int, str]] = []
        _top, _step, wh = self._grid()
        _x, _kw, field_x, field_w = self._columns()
        for spec in self._shown_options():
            values = [True, False] if spec.kind == "bool" else list(spec.choices)
            prefix = f"option.{self.game_id}.{spec.key}"
            labels = [tr(f"{prefix}.{str(v).lower()}") for v in values]
            current = self.options.get(spec.key, spec.default)
            menu = text.dropdown(
                labels,
                labels[values.index(current)] if current in values else labels[0],
                pygame.Rect(field_x, y, field_w, wh),
                self.manager,
                scale=self.app.scale,
            )
            self.widgets[menu] = ("option", (spec.key, values, labels))
            self.option_labels.append((y, tr(prefix)))
            y += step

    def _build_first_player(self, y: int) -> None:
        seats = self._occupied()
        _top, _step, wh = self._grid()
        _x, _kw, field_x, field_w = self._columns()
        labels = [tr("setup.first_random")] + [self._name(i) for i in seats]
        current = (
            labels[0] if self.first < 0 or self.first >= len(seats) else labels[self.first + 1]
        )
        menu = text.dropdown(
            labels,
            current,
            pygame.Rect(field_x, y, field_w, wh),
            self.manager,
            scale=self.app.scale,
        )
        self.widgets[menu] = ("first", labels)
        self.first_label_y = y

    def _build_footer(self) -> None:
        w, h = self.app.size
        start = pygame.Rect(0, 0, self.s(240), self.s(54))
        start.bottomright = (w - self.s(30), h - self.s(24))
        button = text.button(
            start,
            tr("setup.start"),
            self.manager,
            scale=self.app.scale,
            tip=tr("setup.start_tip"),
            style="accent",
        )
        self.widgets[button] = ("start", None)
        back = pygame.Rect(0, 0, self.s(160), self.s(54))
        back.bottomleft = (self.s(30), h - self.s(24))
        button = text.button(back, tr("setup.back"), self.manager, scale=self.app.scale)
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
        top, step, wh = self._grid()
        return pygame.Rect(right.x + self.s(16), top + i * step, self.s(40), wh)

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
        left, right = self._panels()
        title = pygame.Rect(self.s(30), self.s(20), surface.get_width() - self.s(60), self.s(64))
        text.draw(surface, tr("setup.title"), title, self.s(34), artwork.PARCHMENT, bold=True,
                  valign="middle", max_lines=1)
        draw_panel(surface, left, self.app.scale)
        draw_panel(surface, right, self.app.scale)
        self._heading(surface, tr("setup.games"), left)
        heading = self._heading(surface, tr("setup.seats"), right)
        self._draw_count(surface, right, heading)
        for game_id, rect in self._game_rows():
            if game_id != self.game_id:
                continue
            pitch = pygame.Rect(left.x + self.s(20), rect.bottom + self.s(4), left.w - self.s(40),
                                self.s(46))
            text.draw(surface, tr(f"game.{game_id}.pitch"), pitch, self.s(15), (70, 60, 50))
        _top, _step, wh = self._grid()
        for i in self._occupied():
            artwork.draw_seat_marker(
                surface, self._marker_rect(i).center, min(self.s(14), wh // 2 - 2),
                self.rows[i]["colour"],
            )
        _x, _kw, field_x, field_w = self._columns()
        for i, _row in enumerate(self.rows):
            if self.rows[i]["kind"] == "empty":
                r = self._marker_rect(i)
                box = pygame.Rect(field_x + self.s(8), r.y, field_w - self.s(8), r.h)
                text.draw(surface, tr("setup.empty_seat"), box, self.s(15), (120, 105, 90),
                          valign="middle", max_lines=1)
        labels = [(y, label) for y, label in getattr(self, "option_labels", [])]
        if getattr(self, "first_label_y", -1) >= 0:
            labels.append((self.first_label_y, tr("setup.first_player")))
        for y, label in labels:
            box = pygame.Rect(right.x + self.s(16), y, field_x - right.x - self.s(28), wh)
            text.draw(surface, label, box, self.s(16), artwork.INK, bold=True, align="right",
                      valign="middle")

    def _heading(self, surface: pygame.Surface, words: str, rect: pygame.Rect) -> pygame.Rect:
        box = pygame.Rect(rect.x + self.s(18), rect.y + self.s(10), rect.w - self.s(36), self.s(38))
        box.w = min(box.w // 3, resources.font(self.s(20), True).size(words)[0])
        return text.draw(surface, words, box, self.s(20), artwork.INK, bold=True,
                         valign="middle", max_lines=1)

    def _draw_count(
        self, surface: pygame.Surface, right: pygame.Rect, heading: pygame.Rect
    ) -> None:
        """How many sit down (or why the game cannot start), beside the panel's heading."""
        info = rules.GAMES[self.game_id].info
        n = len(self._occupied())
        ok = info.min_players <= n <= info.max_players
        lo, hi = info.min_players, info.max_players
        count = tr("setup.count_exact" if lo == hi else "setup.count", n=n, lo=lo, hi=hi)
        words = self.error or count
        colour = artwork.INK if ok and not self.error else (160, 30, 20)
        x = heading.right + self.s(20)
        box = pygame.Rect(x, right.y + self.s(6), right.right - self.s(18) - x, self.s(46))
        text.draw(surface, words, box, self.s(16), colour, bold=not ok, align="right",
                  valign="middle")
