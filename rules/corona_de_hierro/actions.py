"""Corona de Hierro's actions (decisions page §10): setup, the twelve actions, free
actions and answers out of turn. Cities, castles and boxes are named by their map keys."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Action


# -- setup -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseMainCastle(Action):
    """Setup: take a grey castle as your main castle (banner troops up, 1 pawn in its city)."""

    TYPE = "choose_main_castle"
    castle: str


# -- the twelve actions [S] --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Move(Action):
    """1. Move `n` of your pawns in `city` along one road `to` a neighbouring city."""

    TYPE = "move"
    city: str
    to: str
    n: int


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """2. Bring the army out of one of your castles with troops inside."""

    TYPE = "recruit"
    castle: str


@dataclass(frozen=True, slots=True)
class AttackArmy(Action):
    """3. Attack `player`'s army in `city`, where you have pawns."""

    TYPE = "attack_army"
    city: str
    player: int


@dataclass(frozen=True, slots=True)
class AttackCastle(Action):
    """4. Attack a castle by military means with your army in its city."""

    TYPE = "attack_castle"
    castle: str


@dataclass(frozen=True, slots=True)
class PlaceEmissary(Action):
    """5a. Send an emissary to a neutral castle that accepts them."""

    TYPE = "place_emissary"
    castle: str


@dataclass(frozen=True, slots=True)
class RollSupport(Action):
    """5b. Roll for a castle's support, where your emissary arrived on an earlier turn."""

    TYPE = "roll_support"
    castle: str


@dataclass(frozen=True, slots=True)
class SendEmissary(Action):
    """6–7. Send an emissary to `box`: "rome", "saracens" or "magyars"."""

    TYPE = "send_emissary"
    box: str


@dataclass(frozen=True, slots=True)
class RequestAlliance(Action):
    """8. Put an emissary on `player`'s space in the alliance zone."""

    TYPE = "request_alliance"
    player: int


@dataclass(frozen=True, slots=True)
class AcceptAlliance(Action):
    """9. Accept the alliance `player` asked of you (+2 legitimacy)."""

    TYPE = "accept_alliance"
    player: int


@dataclass(frozen=True, slots=True)
class RecallEmissary(Action):
    """10. Take an emissary back to hand from `place`: a castle key, "rome", "saracens",
    "magyars", or "alliance:<seat>" (your request or alliance with that seat)."""

    TYPE = "recall_emissary"
    place: str


@dataclass(frozen=True, slots=True)
class TakeHostage(Action):
    """Take `player`'s emissary on a castle you hold as your hostage (R9)."""

    TYPE = "take_hostage"
    castle: str
    player: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """11a. Take the top card of `deck` ("political" or "military")."""

    TYPE = "draw"
    deck: str


@dataclass(frozen=True, slots=True)
class DrawFive(Action):
    """11b. Pay 3 shields, see the top five of `deck`, keep one (answer `choose_card`)."""

    TYPE = "draw_five"
    deck: str


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """11c. Discard a card from your hand."""

    TYPE = "discard"
    card: str


@dataclass(frozen=True, slots=True)
class Play(Action):
    """12. Play an initiative card. Unused fields are -1 / "" / 0; per card (§8):

    player — the target (P02 P03 P07 P08 P09 P10 P11 M04 M05 M10, P14 with 3 players);
    place — a castle (P05 P06 P09 M02 M07) or a city (M01 M03 M04 M05 M06 M08 M10);
    to — the destination city of a move (M01 M03 M04 M08);
    n — pawns moved (M01 M03 M04 M08), or 1/0: also place an emissary in Rome (P03).
    """

    TYPE = "play"
    card: str
    player: int
    place: str
    to: str
    n: int


# -- free actions (R9): on your own turn, no action spent --------------------------------
@dataclass(frozen=True, slots=True)
class ReleaseHostage(Action):
    """Give back `n` of `player`'s emissaries you hold."""

    TYPE = "release_hostage"
    player: int
    n: int


@dataclass(frozen=True, slots=True)
class OfferSwap(Action):
    """Offer `player` one of his hostages for one of yours he holds (he answers at once)."""

    TYPE = "offer_swap"
    player: int


@dataclass(frozen=True, slots=True)
class AskRelease(Action):
    """Ask `player` to release one of your emissaries he holds (he answers at once)."""

    TYPE = "ask_release"
    player: int


# -- answers -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Spend a shield and roll your die again (the last result counts)."""

    TYPE = "reroll"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the result of your die."""

    TYPE = "keep"


@dataclass(frozen=True, slots=True)
class GrantPassage(Action):
    """Let the army leave the contested city."""

    TYPE = "grant_passage"


@dataclass(frozen=True, slots=True)
class DenyPassage(Action):
    """Refuse passage: the move does not happen and nothing is spent."""

    TYPE = "deny_passage"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Say yes: to a hostage swap, a release asked of you, a Dynastic Marriage."""

    TYPE = "accept"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Say no."""

    TYPE = "decline"


@dataclass(frozen=True, slots=True)
class ChooseCard(Action):
    """Draw-five: keep the card at `index` among those shown."""

    TYPE = "choose_card"
    index: int


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseMainCastle, Move, Recruit, AttackArmy, AttackCastle, PlaceEmissary, RollSupport,
    SendEmissary, RequestAlliance, AcceptAlliance, RecallEmissary, TakeHostage, Draw, DrawFive,
    Discard, Play, ReleaseHostage, OfferSwap, AskRelease, Reroll, Keep, GrantPassage,
    DenyPassage, Accept, Decline, ChooseCard,
)

MAIN_ACTIONS: tuple[type[Action], ...] = (
    Move, Recruit, AttackArmy, AttackCastle, PlaceEmissary, RollSupport, SendEmissary,
    RequestAlliance, AcceptAlliance, RecallEmissary, TakeHostage, Draw, DrawFive, Discard, Play,
)
FREE_ACTIONS: tuple[type[Action], ...] = (ReleaseHostage, OfferSwap, AskRelease)
