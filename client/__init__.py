"""Tablero's desktop client: pygame-ce + pygame_gui scenes over the rules package."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
