"""Magnate's actions: roll, income, trade, develop, deeds, sell, draw."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Action


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """(a) Roll the two d10 (and the d6 when a 1 shows): taxation, then income."""

    TYPE = "roll"


@dataclass(frozen=True, slots=True)
class TakeIncome(Action):
    """The owner of an unfinished deed of the rolled rank takes one token of `suit`."""

    TYPE = "take_income"
    district: str
    suit: str


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Bank trade: three tokens of `give` for one token of another suit `take`."""

    TYPE = "trade"
    give: str
    take: str


@dataclass(frozen=True, slots=True)
class Develop(Action):
    """(b) Play `card` as a completed property in `district`.

    `payment` counts the tokens paid per suit of the card, in the card's suit
    order: the Sailor (Waves, Leaves) for 1 Wave and 3 Leaves is ``(1, 3)``.
    """

    TYPE = "develop"
    card: str
    district: str
    payment: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BuyDeed(Action):
    """(b) Play `card` as an unfinished deed in `district`, paying one token of each suit."""

    TYPE = "buy_deed"
    card: str
    district: str


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """(b) Sell `card` from hand for one token of each of its suits (an Ace: two)."""

    TYPE = "sell"
    card: str


@dataclass(frozen=True, slots=True)
class DevelopDeed(Action):
    """Put one token of `suit` on your unfinished deed in `district`."""

    TYPE = "develop_deed"
    district: str
    suit: str


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """(c) Draw a card: the end of the turn."""

    TYPE = "draw"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End a final turn (after the deck ran out the second time, nobody draws)."""

    TYPE = "end_turn"


ACTION_TYPES: tuple[type[Action], ...] = (
    Roll,
    TakeIncome,
    Trade,
    Develop,
    BuyDeed,
    Sell,
    DevelopDeed,
    Draw,
    EndTurn,
)
