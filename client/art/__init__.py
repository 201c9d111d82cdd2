"""Tablero's art, all drawn by our own code: palette and seat markers, table textures,
per-game pieces (Kobayakawa cards, medals) and the app icon.

Import the submodule you need (`from client.art import palette, textures`); nothing heavy
is imported here. Every drawing function returns a cached Surface: treat it as read-only
and `.copy()` it before drawing on it.
"""
