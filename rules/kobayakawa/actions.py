"""Kobayakawa's actions: draw or flip, keep, fight or pass."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Action


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Stage 1 (a): take the top card of the deck into your hand to choose from."""

    TYPE = "draw"


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Stage 1 (b): turn the top card face up onto the Kobayakawa pile, unseen."""

    TYPE = "flip"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """After drawing: keep `card`; the other card is discarded face up."""

    TYPE = "keep"
    card: int


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Stage 2: bet medals that your card wins the round."""

    TYPE = "fight"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Stage 2: do not fight this round."""

    TYPE = "pass"
