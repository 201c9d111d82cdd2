"""Carolus Magnus's actions: every choice a player makes, one small step at a time."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Action


@dataclass(frozen=True, slots=True)
class LayDisc(Action):
    """Opening: lay the disc numbered `disc` (1..5) for this round."""

    TYPE = "lay_disc"
    disc: int


@dataclass(frozen=True, slots=True)
class PlayToCourt(Action):
    """Play one paladin of `colour` from your reserve to your court."""

    TYPE = "play_to_court"
    colour: str


@dataclass(frozen=True, slots=True)
class PlayToTerritory(Action):
    """Play one paladin of `colour` from your reserve into a territory, named by its id
    (its first tile clockwise)."""

    TYPE = "play_to_territory"
    colour: str
    territory: int


@dataclass(frozen=True, slots=True)
class MoveEmperor(Action):
    """Move the Emperor `steps` territories clockwise (1 up to your disc)."""

    TYPE = "move_emperor"
    steps: int


@dataclass(frozen=True, slots=True)
class RollDice(Action):
    """Roll one clan die per paladin played this turn and take those colours from the centre."""

    TYPE = "roll_dice"


@dataclass(frozen=True, slots=True)
class ChooseColour(Action):
    """Turn one rolled crown into a paladin of `colour` from the centre."""

    TYPE = "choose_colour"
    colour: str


ACTION_TYPES: tuple[type[Action], ...] = (
    LayDisc, PlayToCourt, PlayToTerritory, MoveEmperor, RollDice, ChooseColour,
)
