"""What a scene may ask of the app that shows it: the floor every scene stands on.

Scenes are handed an object with this shape (the `App` in `client/app.py` is one; a
test may hand another) and never import `client.app`, so every import runs one way:
`client.app` → `client.scenes` → `client.shell`. The import-linter contract in
`pyproject.toml` holds that line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from client.settings import Settings


class Shell(Protocol):
    """The app as a scene sees it: window, UI manager and scale, settings, the scene stack,
    and the request to draw again."""

    settings: Settings
    manager: Any  # pygame_gui's UIManager, remade when the UI scale changes
    window: pygame.Surface
    inline_ai: bool  # think in-process (tests, screenshots) instead of a worker process
    autosave: bool  # whether tables write their game's autosave (off for screenshots)
    draws: int  # frames drawn so far: a scene's draw is the frame after its last if +1
    overlays: list[pygame.Rect]  # drawn over the scene by the last frame (UI, tooltip…)

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        ...

    @property
    def scale(self) -> float:
        """The UI scale: the window's size against 1280×800, times the UI-scale setting."""
        ...

    # -- the scene stack (a scene is a `client.scenes.base.Scene`) --------------------
    def push(self, scene: Any) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Any) -> None: ...

    def reset_to(self, scene: Any) -> None: ...

    # -- the window -------------------------------------------------------------------
    def rebuild(self) -> None:
        """Drop every UI element and let the visible scene build its own again."""
        ...

    def resized(self, size: tuple[int, int]) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def redraw(self) -> None:
        """Something changed that no input or animation shows: draw the next frame."""
        ...

    def toast(self, words: str) -> None:
        """A short confirmation at the bottom of the window for a few seconds."""
        ...

    def draw(self) -> None:
        """Draw the visible scene now (a screenshot); `redraw` is the usual way."""
        ...

    def quit(self) -> None: ...
