"""Magnate for two players (Decktet): the rules behind the shared protocol."""

from rules.magnate.cards import CARDS, CROWNS, DECK, DISTRICTS, SUITS, Card, Kind, Suit
from rules.magnate.game import GAME, Magnate, score
from rules.magnate.state import (
    BuyDeed,
    Develop,
    DevelopDeed,
    Draw,
    EndTurn,
    MagnateState,
    Phase,
    Roll,
    Sell,
    TakeIncome,
    Trade,
)

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
