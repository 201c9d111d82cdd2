"""Conquest of the Empire II for 2–6 players: legions and galleys around the Roman
Mediterranean, alliance auctions, the Senate, battle dice (seed 004, decisions page
`shared/rules/conquest_of_the_empire.md`, our own in `docs/rules/conquest_of_the_empire.md`)."""

from rules.conquest_of_the_empire.components import (
    CARDS,
    DESIGNS,
    MAP_ID,
    UNITS,
    VOTES,
    board,
)
from rules.conquest_of_the_empire.game import GAME, ConquestOfTheEmpire, public_view
from rules.conquest_of_the_empire.state import State, Step

__all__ = [
    "CARDS",
    "DESIGNS",
    "GAME",
    "MAP_ID",
    "UNITS",
    "VOTES",
    "ConquestOfTheEmpire",
    "State",
    "Step",
    "board",
    "public_view",
]
