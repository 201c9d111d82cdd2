"""Kobayakawa for 3–6 players: the rules behind the shared protocol."""

from rules.kobayakawa.game import (
    CARDS,
    GAME,
    ROUNDS,
    Draw,
    Fight,
    Flip,
    Keep,
    Kobayakawa,
    KobayakawaState,
    Pass,
    Phase,
)

__all__ = [
    "CARDS",
    "GAME",
    "ROUNDS",
    "Draw",
    "Fight",
    "Flip",
    "Keep",
    "Kobayakawa",
    "KobayakawaState",
    "Pass",
    "Phase",
]
