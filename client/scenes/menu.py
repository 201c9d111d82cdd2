"""The main menu: resume, new game, load, rules, settings, quit."""

from __future__ import annotations

import pygame
import pygame_gui

import rules
from client import artwork, storage, text
from client.i18n import tr
from client.input import Intent
from client.scenes.base import Scene


class MainMenu(Scene):
    def enter(self) -> None:
        self.resume = storage.resumable()  # the unfinished game played last
        self.buttons: dict[object, str] = {}

    def build_ui(self) -> None:
        self.resume = storage.resumable()
        w, h = self.app.size
        bw, bh, gap = self.s(380), self.s(58), self.s(14)
        entries = []
        if self.resume:
            entries.append(("resume", "menu.resume", "menu.resume_tip"))
            record = self.resume.record
            assert record is not None
            self.resume_detail = tr(
                "menu.resume_detail",
                game=rules.GAMES[record.game].info.title,
                players=record.players,
                moves=len(record.actions),
                names=", ".join(str(seat["name"]) for seat in record.seats),
            )
        entries += [
            ("new", "menu.new_game", "menu.new_game_tip"),
            ("load", "menu.load", "menu.load_tip"),
            ("rules", "menu.rules", "menu.rules_tip"),
            ("settings", "menu.settings", "menu.settings_tip"),
            ("quit", "menu.quit", "menu.quit_tip"),
        ]
        # Below the tagline, however tall it wrapped; the buttons close up if they must.
        tagline = text.fit(tr("menu.tagline"), self.s(20), w - self.s(80), self.s(56))
        top = max(int(h * 0.40), int(h * 0.19) + self.s(112) + tagline.height + self.s(14))
        per = (h - self.s(16) - top) // len(entries)
        bh = min(bh, per - gap)
        self.buttons = {}
        for i, (name, key, tip) in enumerate(entries):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + i * (bh + gap))
            primary = i == 0
            tip_text = tr(tip) + (" " + self.resume_detail if name == "resume" else "")
            button = text.button(
                rect,
                tr(key),
                self.manager,
                scale=self.app.scale,
                tip=tip_text,
                style="menu_accent" if primary else "menu_button",
            )
            self.buttons[button] = name

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        name = self.buttons.get(event.ui_element)
        if name:
            self.choose(name)

    def choose(self, name: str) -> None:
        from client.scenes import launch

        if name == "resume" and self.resume:
            entry = self.resume
            assert entry.record is not None  # resumable() lists only games that load
            launch.open_table(self.app, entry.record, entry.state, path=entry.path)
        elif name == "new":
            launch.open_setup(self.app)
        elif name == "load":
            launch.open_load(self.app)
        elif name == "rules":
            launch.open_rules(self.app, "kobayakawa")
        elif name == "settings":
            launch.open_settings(self.app)
        elif name == "quit":
            self.app.quit()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "command" and intent.name == "help":
            self.choose("rules")
        elif intent.kind == "command" and intent.name == "load":
            self.choose("load")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        centre = (w // 2, int(h * 0.19))
        sun = artwork.red_sun(self.s(100))
        surface.blit(sun, sun.get_rect(center=centre))
        text.label(surface, "Tablero", self.s(64), centre, artwork.PARCHMENT, bold=True,
                   anchor="center")
        sub = pygame.Rect(0, centre[1] + self.s(112), w - self.s(80), self.s(56))
        sub.centerx = w // 2
        text.draw(surface, tr("menu.tagline"), sub, self.s(20), (214, 206, 186), align="center")
        text.label(surface, f"v{rules.__version__}", self.s(14),
                   (w - self.s(12), h - self.s(8)), (170, 170, 160), anchor="bottomright")
