"""Kobayakawa for 3–6 players: the rules behind the shared protocol."""

from rules.kobayakawa.actions import Draw, Fight, Flip, Keep, Pass
from rules.kobayakawa.components import CARDS, ROUNDS
from rules.kobayakawa.game import GAME, Kobayakawa
from rules.kobayakawa.state import KobayakawaState, Phase

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
