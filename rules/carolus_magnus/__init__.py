"""Carolus Magnus for 2–4 players: the rules behind the shared protocol."""

from rules.carolus_magnus.actions import (
    ChooseColour,
    LayDisc,
    MoveEmperor,
    PlayToCourt,
    PlayToTerritory,
    RollDice,
)
from rules.carolus_magnus.components import COLOURS, FACES, NOBODY, TABLES, ring, side_of, sides
from rules.carolus_magnus.game import GAME, CarolusMagnus, emperor_steps_to, public_view
from rules.carolus_magnus.state import CarolusState, End, Phase, Territory

__all__ = [
    "COLOURS",
    "FACES",
    "GAME",
    "NOBODY",
    "TABLES",
    "CarolusMagnus",
    "CarolusState",
    "ChooseColour",
    "End",
    "LayDisc",
    "MoveEmperor",
    "Phase",
    "PlayToCourt",
    "PlayToTerritory",
    "RollDice",
    "Territory",
    "emperor_steps_to",
    "public_view",
    "ring",
    "side_of",
    "sides",
]
