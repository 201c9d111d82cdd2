"""The rules reference: each game's rules in the current language, from assets/rules/."""

from __future__ import annotations

import re
from html import escape
from typing import Any

import pygame
import pygame_gui

import rules
from client import artwork, i18n, resources, text
from client.i18n import tr
from client.input import Intent
from client.scenes.base import Scene, draw_panel


def markdown_to_html(text: str) -> str:
    """The small Markdown our rule texts use (#, ##, -, **bold**, *italic*) as pygame_gui HTML."""
    out = []
    for raw in text.splitlines():
        line = escape(raw.rstrip())
        line = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", line)
        line = re.sub(r"\*(.+?)\*", r"<i>\1</i>", line)
        if line.startswith("# "):
            out.append(f"<font size=6><b>{line[2:]}</b></font>")
        elif line.startswith("## "):
            out.append(f"<font size=5><b>{line[3:]}</b></font>")
        elif line.startswith(("- ", "* ")):
            out.append(f"  •  {line[2:]}")
        else:
            out.append(line)
    return "<br>".join(out)


def games_with_rules() -> list[str]:
    """Games whose rule text exists under assets/rules/ (in any language)."""
    return [
        g
        for g in rules.GAMES
        if any(resources.asset("rules", f"{g}.{lang}.md").exists() for lang in i18n.LANGUAGES)
    ]


def rules_text(game_id: str, lang: str) -> str:
    path = resources.asset("rules", f"{game_id}.{lang}.md")
    if not path.exists():
        path = resources.asset("rules", f"{game_id}.en.md")
    return path.read_text(encoding="utf-8")


class RulesScene(Scene):
    def __init__(self, app: Any, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id

    def build_ui(self) -> None:
        self.widgets: dict[Any, str] = {}
        panel = self._panel()
        body = panel.inflate(-self.s(40), -self.s(120)).move(0, self.s(10))
        html = markdown_to_html(rules_text(self.game_id, i18n.language()))
        pygame_gui.elements.UITextBox(html, body, self.manager, object_id="#rules_text")
        close = pygame.Rect(0, 0, self.s(200), self.s(48))
        close.midbottom = (panel.centerx, panel.bottom - self.s(12))
        button = text.button(close, tr("rules.close"), self.manager, scale=self.app.scale,
                             style="accent")
        self.widgets[button] = "close"
        games = games_with_rules()
        if len(games) > 1:
            titles = [rules.GAMES[g].info.title for g in games]
            width = text.dropdown_width(titles, self.app.scale, self.s(240))
            menu = text.dropdown(
                titles,
                rules.GAMES[self.game_id].info.title,
                pygame.Rect(
                    panel.right - self.s(20) - width, panel.y + self.s(14), width, self.s(40)
                ),
                self.manager,
                scale=self.app.scale,
            )
            self.widgets[menu] = "game"

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(self.s(60), self.s(30), w - self.s(120), h - self.s(60))

    def handle_ui(self, event: pygame.event.Event) -> None:
        what = self.widgets.get(event.ui_element)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and what == "close":
            self.app.pop()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and what == "game":
            by_title = {rules.GAMES[g].info.title: g for g in games_with_rules()}
            self.game_id = by_title.get(event.text, self.game_id)
            self.app.rebuild()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "cancel" or (intent.kind == "command" and intent.name == "help"):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = self._panel()
        draw_panel(surface, panel, self.app.scale)
        title = tr("rules.title", game=rules.GAMES[self.game_id].info.title)
        menu = self.s(280) if len(games_with_rules()) > 1 else 0  # the game menu, top right
        box = pygame.Rect(panel.x + self.s(20) + menu, panel.y + self.s(8),
                          panel.w - self.s(40) - 2 * menu, self.s(60))
        text.draw(surface, title, box, self.s(26), artwork.INK, bold=True, align="center",
                  valign="middle")
