"""Per-game views: how each game's state is drawn and how gestures become its actions."""

from __future__ import annotations

import importlib

from client.games.base import GameView

_VIEWS: dict[str, str] = {
    "kobayakawa": "client.games.kobayakawa.view:KobayakawaView",
    "coup": "client.games.coup.view:CoupView",
    "magnate": "client.games.magnate.view:MagnateView",
    "carolus_magnus": "client.games.carolus_magnus.view:CarolusView",
    "corona_de_hierro": "client.games.corona_de_hierro.view:CoronaView",
    "imperios_milenarios": "client.games.imperios_milenarios.view:ImperiosView",
    "conquest_of_the_empire": "client.games.conquest_of_the_empire.view:ConquestView",
}


def registered() -> list[str]:
    """Every game with a view, in menu order (the layout audit opens each one's table)."""
    return list(_VIEWS)


def has_view(game_id: str) -> bool:
    return game_id in _VIEWS


def view_class(game_id: str) -> type[GameView]:
    """The GameView subclass that draws `game_id` (KeyError when none exists yet)."""
    module, _, name = _VIEWS[game_id].partition(":")
    cls: type[GameView] = getattr(importlib.import_module(module), name)
    return cls
