"""Coup's actions: every choice a seat can make, on its turn and out of it."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Action, Seat
from rules.coup.components import Character


# -- the actor's turn --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Income(Action):
    """Ingresos: take 1 coin from the treasury. Cannot be challenged or blocked."""

    TYPE = "income"


@dataclass(frozen=True, slots=True)
class ForeignAid(Action):
    """Ayuda extranjera: take 2 coins; any other player may block it claiming the Duke."""

    TYPE = "foreign_aid"


@dataclass(frozen=True, slots=True)
class LaunchCoup(Action):
    """Coup: pay 7 coins; `target` loses an influence. Always succeeds."""

    TYPE = "coup"
    target: Seat


@dataclass(frozen=True, slots=True)
class Tax(Action):
    """Duke – Impuestos: claim the Duke and take 3 coins."""

    TYPE = "tax"


@dataclass(frozen=True, slots=True)
class Assassinate(Action):
    """Assassin – Asesinato: pay 3 coins; `target` loses an influence unless the Countess blocks."""

    TYPE = "assassinate"
    target: Seat


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Captain – Extorsión: take 2 coins (or the only one) from `target`."""

    TYPE = "steal"
    target: Seat


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Ambassador – Intercambio: draw 2 from the court, then return 2 cards."""

    TYPE = "exchange"


# -- answers out of turn -----------------------------------------------------
@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Doubt the claim in the open window: the claimant must show the character."""

    TYPE = "challenge"


@dataclass(frozen=True, slots=True)
class Allow(Action):
    """Let the claim in the open window stand (no challenge from this seat)."""

    TYPE = "allow"


@dataclass(frozen=True, slots=True)
class Block(Action):
    """Claim `character` to block the pending action."""

    TYPE = "block"
    character: Character


@dataclass(frozen=True, slots=True)
class NoBlock(Action):
    """Do not block the pending action."""

    TYPE = "no_block"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Challenged: show the claimed character and win the challenge."""

    TYPE = "reveal"


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """Challenged: decline to show a card and lose the challenge."""

    TYPE = "concede"


@dataclass(frozen=True, slots=True)
class LoseInfluence(Action):
    """Turn one face-down `character` face up: that influence is lost."""

    TYPE = "lose_influence"
    character: Character


@dataclass(frozen=True, slots=True)
class ReturnCard(Action):
    """Exchange: put one `character` from your hand back into the court."""

    TYPE = "return_card"
    character: Character


@dataclass(frozen=True, slots=True)
class PickCard(Action):
    """Two-player variant: secretly keep `character` from your set of five."""

    TYPE = "pick_card"
    character: Character


TURN_ACTIONS: tuple[type[Action], ...] = (
    Income,
    ForeignAid,
    LaunchCoup,
    Tax,
    Assassinate,
    Steal,
    Exchange,
)
ACTION_TYPES: tuple[type[Action], ...] = (
    *TURN_ACTIONS,
    Challenge,
    Allow,
    Block,
    NoBlock,
    Reveal,
    Concede,
    LoseInfluence,
    ReturnCard,
    PickCard,
)
