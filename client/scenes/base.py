"""The scene lifecycle every screen follows: enter, build_ui, handle, update, draw, exit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import artwork, text
from client.input import Intent

if TYPE_CHECKING:
    from client.shell import Shell


class Scene:
    """A screen on the app's stack.

    enter/exit run once when pushed and popped; build_ui runs whenever the
    scene becomes visible, the window is resized or the language changes;
    draw only draws, it changes nothing.
    """

    def __init__(self, app: Shell) -> None:
        self.app = app
        self.tips: list[tuple[pygame.Rect, str]] = []  # custom-drawn things that explain themselves

    # -- lifecycle -----------------------------------------------------------
    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def build_ui(self) -> None:
        pass

    def handle(self, intent: Intent) -> None:
        if intent.kind == "cancel":
            self.on_cancel()

    def on_cancel(self) -> None:
        pass

    def handle_ui(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        """Whether the screen moves by itself now (a tween, a pulse, an AI thinking): the
        app draws every frame while it does, and otherwise only after input or a change
        (`self.app.redraw()`)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(artwork.table_background(surface.get_size()), (0, 0))

    # -- helpers -------------------------------------------------------------
    @property
    def manager(self) -> Any:
        return self.app.manager

    def s(self, value: float) -> int:
        """A length in pixels at the current UI scale."""
        return round(value * self.app.scale)

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        for rect, words in reversed(self.tips):
            if rect.collidepoint(pos):
                return words
        return text.tip_at(pos)  # a text shortened with "…" shows all of itself


def ui_rects(manager: Any) -> list[pygame.Rect]:
    """Where pygame_gui's `draw_ui` puts pixels: each visible element's picture."""
    drawn = []
    for image, rect, area, *_blend in manager.get_sprite_group().visible:
        w, h = area.size if area is not None else image.get_size()
        if w > 0 and h > 0:
            drawn.append(pygame.Rect(rect[0], rect[1], w, h))
    return drawn


def draw_tooltip(surface: pygame.Surface, pos: tuple[int, int], words: str,
                 scale: float) -> pygame.Rect:
    """A dark ink note near the pointer, kept inside the window (a very long text is cut
    to what the window holds); its rect."""
    size = max(14, round(15 * scale))
    pad = round(8 * scale)
    sw, sh = surface.get_size()
    fitted = text.fit(words, size, round(360 * scale), sh - 2 * pad - 8, floor=size)
    w, h = fitted.width + 2 * pad, fitted.height + 2 * pad
    x, y = pos[0] + round(16 * scale), pos[1] + round(18 * scale)
    x = max(4, min(x, sw - w - 4))
    y = y if y + h < sh - 4 else max(4, pos[1] - h - 8)
    box = pygame.Rect(x, y, w, h)
    with text.layer("tooltip"):
        pygame.draw.rect(surface, (*artwork.INK, 240), box, border_radius=pad)
        pygame.draw.rect(surface, artwork.PARCHMENT, box, 1, border_radius=pad)
        text.draw(surface, words, box.inflate(-2 * pad, -2 * pad), size, artwork.PARCHMENT,
                  floor=size, tips=[])
    return box


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """A parchment panel with a soft shadow (the texture is cached by size)."""
    radius = round(8 * scale)
    shadow = pygame.Rect(rect).move(round(3 * scale), round(4 * scale))
    pygame.draw.rect(surface, (20, 26, 22), shadow, border_radius=radius)
    surface.blit(artwork.panel_surface(rect.size, radius), rect.topleft)
