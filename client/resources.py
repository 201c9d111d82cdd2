"""Finds assets from source or a PyInstaller bundle, and caches fonts and rendered text."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import lru_cache
from importlib import resources as importlib_resources
from pathlib import Path

import pygame


def root() -> Path:
    """The directory that holds `assets/`: the bundle dir when frozen, else the repo root."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def asset(*parts: str) -> Path:
    """Path of a file under `assets/`."""
    return root().joinpath("assets", *parts)


@lru_cache(maxsize=4)
def font_path(bold: bool = False) -> str:
    """Noto Sans as shipped inside pygame_gui: no font files of our own to commit."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidate = Path(bundle, "pygame_gui", "data", name)
        if candidate.exists():
            return str(candidate)
    return str(importlib_resources.files("pygame_gui.data").joinpath(name))


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}
_TEXT: dict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = {}
_TEXT_LIMIT = 2048
# Set by `client.text.recording()`: every string rendered, so the layout audit can tell
# text drawn past the fitting helper (which notes where it places text) from text it placed.
render_hook: Callable[[str], None] | None = None


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A Noto Sans font at `size` pixels, opened once."""
    size = max(8, int(size))
    key = (size, bold)
    cached = _FONTS.get(key)
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = pygame.font.Font(font_path(bold), size)
        _FONTS[key] = cached
    return cached


def text(string: str, size: int, colour: tuple[int, ...], bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: static labels are never re-rendered each frame."""
    if render_hook is not None:
        render_hook(string)
    key = (string, int(size), bold, tuple(colour))
    surf = _TEXT.get(key)
    if surf is None:
        if len(_TEXT) > _TEXT_LIMIT:
            _TEXT.clear()
        surf = font(size, bold).render(string, True, colour)
        _TEXT[key] = surf
    return surf


def wrap(string: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `string` into lines that fit `width` pixels at this font size (`client.text`
    does the work: linear time, long words broken)."""
    from client import text

    return text.wrap(string, size, width, bold)
