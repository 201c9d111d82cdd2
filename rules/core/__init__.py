"""The shared core of every game: protocol, actions, events, errors, RNG and saves."""

from rules.core.actions import Action, ActionCodec, JsonDict
from rules.core.errors import IllegalAction, RulesError, SaveError, SetupError
from rules.core.game import (
    Event,
    Game,
    GameInfo,
    OptionSpec,
    Outcome,
    Seat,
    Transition,
    event,
    one_pass_apply,
    visible_events,
)
from rules.core.rng import Rng

__all__ = [
    "Action",
    "ActionCodec",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "JsonDict",
    "OptionSpec",
    "Outcome",
    "Rng",
    "RulesError",
    "SaveError",
    "Seat",
    "SetupError",
    "Transition",
    "event",
    "one_pass_apply",
    "visible_events",
]
