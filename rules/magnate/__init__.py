"""Magnate for two players (Decktet): the rules behind the shared protocol."""

from rules.magnate.actions import (
    BuyDeed,
    Develop,
    DevelopDeed,
    Draw,
    EndTurn,
    Roll,
    Sell,
    TakeIncome,
    Trade,
)
from rules.magnate.components import CARDS, CROWNS, DECK, DISTRICTS, SUITS, Card, Kind, Suit
from rules.magnate.game import GAME, Magnate
from rules.magnate.logic import score
from rules.magnate.state import MagnateState, Phase

__all__ = [
    "CARDS",
    "CROWNS",
    "DECK",
    "DISTRICTS",
    "GAME",
    "SUITS",
    "BuyDeed",
    "Card",
    "Develop",
    "DevelopDeed",
    "Draw",
    "EndTurn",
    "Kind",
    "Magnate",
    "MagnateState",
    "Phase",
    "Roll",
    "Sell",
    "Suit",
    "TakeIncome",
    "Trade",
    "score",
]
