"""Conquest of the Empire II actions: every choice a seat makes, one small step at a time
(decisions page §6). Places are named by the map's slugs (`"italia"`, `"mare_tyrrhenum"`),
units by `components.UNITS` (`"infantry"`), cards by their design key (`"testudo"`)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Action

# -- setup and auctions ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PickHomeland(Action):
    """Draft option: take this homeland."""

    TYPE = "pick_homeland"
    province: str


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Auction: open with `amount` (≥ 0) or raise to it (≥ the bid + 5); then name A and B."""

    TYPE = "bid"
    amount: int


@dataclass(frozen=True, slots=True)
class NameSeat(Action):
    """Name a player: position A or B of a proposal, the target of Seditio or Hostis Publicus."""

    TYPE = "name_seat"
    seat: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass in an auction or a Senate vote."""

    TYPE = "pass"


# -- the action menu --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BuyInfluence(Action):
    """Buy 1–2 influence points in `province` with one leader ("caesar" or "general"); each
    entry of `sources` is one point, taken from a seat, or -1 for a neutral token. A General
    buying 2 uses Clientela."""

    TYPE = "buy_influence"
    province: str
    leader: str
    sources: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LandMove(Action):
    """Start a land movement from `origin` (or, with Via Militaris, add a second origin)."""

    TYPE = "land_move"
    origin: str


@dataclass(frozen=True, slots=True)
class MoveTo(Action):
    """Choose the next destination of the movement, by land or by sea."""

    TYPE = "move_to"
    dest: str
    by_sea: bool


@dataclass(frozen=True, slots=True)
class MoveUnits(Action):
    """Send `count` units of type `unit` from the origin to the chosen destination."""

    TYPE = "move_units"
    unit: str
    count: int


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the step under way: a movement, a recruit, battle cards, a naval move without a
    battle."""

    TYPE = "done"


@dataclass(frozen=True, slots=True)
class NavalMove(Action):
    """Start a naval movement to sea zone `zone`."""

    TYPE = "naval_move"
    zone: str


@dataclass(frozen=True, slots=True)
class MoveGalleys(Action):
    """Move `count` of your galleys from sea zone `origin` to the naval movement's zone."""

    TYPE = "move_galleys"
    origin: str
    count: int


@dataclass(frozen=True, slots=True)
class NavalBattle(Action):
    """After a naval movement: fight `defender`'s galleys in the zone."""

    TYPE = "naval_battle"
    defender: int


@dataclass(frozen=True, slots=True)
class SpecialTax(Action):
    """Take 5–25 talents; 1 chaos per 5."""

    TYPE = "special_tax"
    amount: int


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Start a recruit action (`dilectus`: spend Dilectus so it brings no chaos)."""

    TYPE = "recruit"
    dilectus: bool


@dataclass(frozen=True, slots=True)
class RecruitAt(Action):
    """Recruit at this province (land units) or sea zone (galleys)."""

    TYPE = "recruit_at"
    place: str


@dataclass(frozen=True, slots=True)
class RecruitUnits(Action):
    """Recruit `count` units of type `unit` at the chosen place."""

    TYPE = "recruit_units"
    unit: str
    count: int


@dataclass(frozen=True, slots=True)
class AcquireCard(Action):
    """Take a card from the market or a Senate Vote card, paying its cost."""

    TYPE = "acquire_card"
    card: str


@dataclass(frozen=True, slots=True)
class PlaceAt(Action):
    """A card's placement: the province (or sea zone) where its units or its city go."""

    TYPE = "place_at"
    place: str


@dataclass(frozen=True, slots=True)
class Proscribe(Action):
    """Proscriptio: buy 1 influence of `seat` in `province`."""

    TYPE = "proscribe"
    province: str
    seat: int


@dataclass(frozen=True, slots=True)
class SinkGalley(Action):
    """Tempestas: remove one of `seat`'s galleys from `zone`."""

    TYPE = "sink_galley"
    zone: str
    seat: int


@dataclass(frozen=True, slots=True)
class LandBattle(Action):
    """Attack `defender`'s military land units in `province`."""

    TYPE = "land_battle"
    province: str
    defender: int


@dataclass(frozen=True, slots=True)
class PassAction(Action):
    """Use an action to do nothing (at most one pass in two turns in a row)."""

    TYPE = "pass_action"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End your turn after your second action, leaving free steps unused."""

    TYPE = "end_turn"


# -- free steps -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CallVote(Action):
    """Free step: call a Senate vote on a ready Senate Vote card you own."""

    TYPE = "call_vote"
    card: str


@dataclass(frozen=True, slots=True)
class UseAnnona(Action):
    """Free step: spend Annona to lose 3 chaos."""

    TYPE = "use_annona"


@dataclass(frozen=True, slots=True)
class UseCursus(Action):
    """Free step: spend Cursus Publicus to move one leader ("caesar"/"general") from `origin`."""

    TYPE = "use_cursus"
    origin: str
    leader: str


@dataclass(frozen=True, slots=True)
class MoveLeader(Action):
    """Cursus Publicus: the province (where you have a military land unit) the leader goes to."""

    TYPE = "move_leader"
    dest: str


# -- answers: votes, vetoes, battles, maintenance ----------------------------------------


@dataclass(frozen=True, slots=True)
class ShowSenators(Action):
    """Senate vote: show these senators (values), totalling more than the best so far."""

    TYPE = "show_senators"
    senators: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TakeToken(Action):
    """Imperium Proconsulare: turn a neutral token in this key province into your influence."""

    TYPE = "take_token"
    province: str


@dataclass(frozen=True, slots=True)
class Veto(Action):
    """Tribunus Plebis: veto the purchase of your influence."""

    TYPE = "veto"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Say no: do not lend, do not join galleys, do not veto, do not pay maintenance."""

    TYPE = "decline"


@dataclass(frozen=True, slots=True)
class Lend(Action):
    """Battle: lend all your military units there (and galleys next to it) to your ally."""

    TYPE = "lend"


@dataclass(frozen=True, slots=True)
class JoinGalleys(Action):
    """Land battle: all your galleys next to the province join it."""

    TYPE = "join_galleys"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Battle: declare a ready battle card."""

    TYPE = "play_card"
    card: str


@dataclass(frozen=True, slots=True)
class Casualty(Action):
    """Battle: remove one `unit` of `seat` (yours or a lender's) at `place` for one hit."""

    TYPE = "casualty"
    seat: int
    unit: str
    place: str


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Battle: retreat (and lose)."""

    TYPE = "retreat"


@dataclass(frozen=True, slots=True)
class Continue(Action):
    """Battle: fight another round."""

    TYPE = "continue"


@dataclass(frozen=True, slots=True)
class RetreatTo(Action):
    """Battle: the neighbouring province the retreating side goes to."""

    TYPE = "retreat_to"
    province: str


@dataclass(frozen=True, slots=True)
class PayMaintenance(Action):
    """Pay this maintenance (10 gold, 5 silver) instead of taking 2 chaos."""

    TYPE = "pay_maintenance"


ACTION_TYPES: tuple[type[Action], ...] = (
    PickHomeland, Bid, NameSeat, Pass, BuyInfluence, LandMove, MoveTo, MoveUnits, Done,
    NavalMove, MoveGalleys, NavalBattle, SpecialTax, Recruit, RecruitAt, RecruitUnits,
    AcquireCard, PlaceAt, Proscribe, SinkGalley, LandBattle, PassAction, EndTurn, CallVote,
    UseAnnona, UseCursus, MoveLeader, ShowSenators, TakeToken, Veto, Decline, Lend,
    JoinGalleys, PlayCard, Casualty, Retreat, Continue, RetreatTo, PayMaintenance,
)
