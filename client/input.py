"""The input layer: raw pygame events become intents that scenes and tests speak."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

DRAG_THRESHOLD = 6


@dataclass(frozen=True, slots=True)
class Intent:
    """`kind`: click, drag, drop, hover, wheel, cancel or command; `name` names a command
    (or, for the wheel, "in" or "out")."""

    kind: str
    pos: tuple[int, int] = (0, 0)
    name: str = ""
    start: tuple[int, int] = (0, 0)


_KEY_COMMANDS = {
    (pygame.K_z, True): "undo",
    (pygame.K_s, True): "save",
    (pygame.K_o, True): "load",
    (pygame.K_q, True): "quit",
    (pygame.K_F1, False): "help",
    (pygame.K_h, False): "hint",
    (pygame.K_F11, False): "fullscreen",
    (pygame.K_SPACE, False): "skip",
    (pygame.K_LEFT, False): "back",
    (pygame.K_RIGHT, False): "forward",
    (pygame.K_UP, False): "pan_up",
    (pygame.K_DOWN, False): "pan_down",
    (pygame.K_PLUS, False): "zoom_in",
    (pygame.K_EQUALS, False): "zoom_in",
    (pygame.K_KP_PLUS, False): "zoom_in",
    (pygame.K_MINUS, False): "zoom_out",
    (pygame.K_KP_MINUS, False): "zoom_out",
    (pygame.K_HOME, False): "fit",
    (pygame.K_RETURN, False): "confirm",
    (pygame.K_KP_ENTER, False): "confirm",
}
# 1..9 pick the prompt's choices from the left, so a game can be played from the keyboard.
_KEY_COMMANDS.update({(getattr(pygame, f"K_{n}"), False): f"choose{n}" for n in range(1, 10)})


class InputMapper:
    """Turns events into intents: a press and release close together is a click,
    a press that moves further is a drag ending in a drop."""

    def __init__(self) -> None:
        self._pressed_at: tuple[int, int] | None = None
        self._dragging = False
        self._pointer: tuple[int, int] = (0, 0)

    def translate(self, ev: pygame.event.Event) -> list[Intent]:
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self._pressed_at = ev.pos
            self._dragging = False
            return []
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            return [Intent("cancel", ev.pos)]
        if ev.type == pygame.MOUSEMOTION:
            self._pointer = ev.pos
            return self._motion(ev.pos)
        if ev.type == pygame.MOUSEWHEEL and ev.y:
            return [Intent("wheel", self._pointer, "in" if ev.y > 0 else "out")]
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            start, dragging = self._pressed_at, self._dragging
            self._pressed_at, self._dragging = None, False
            if start is None:
                return []
            if dragging:
                return [Intent("drop", ev.pos, start=start)]
            return [Intent("click", ev.pos, start=start)]
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                return [Intent("cancel")]
            ctrl = bool(ev.mod & pygame.KMOD_CTRL)
            name = _KEY_COMMANDS.get((ev.key, ctrl))
            if name:
                return [Intent("command", name=name)]
        return []

    def _motion(self, pos: tuple[int, int]) -> list[Intent]:
        intents = [Intent("hover", pos)]
        start = self._pressed_at
        if start is not None:
            far = abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_THRESHOLD
            if far or self._dragging:
                self._dragging = True
                intents.append(Intent("drag", pos, start=start))
        return intents
