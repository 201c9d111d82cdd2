"""Conquest of the Empire II's baseline bot for the arena: a plain policy over the view.

`greedy` buys the influence that brings the most VP over the seasons left, walks its
leaders to the key provinces where there is influence to buy, marches spare troops
into provinces it does not dominate (keeping one on each key it holds), attacks only
stacks clearly weaker than its own, recruits when its army is small, taxes when poor,
takes the free income cards, pays upkeep it can afford, never raises a bid, and takes
casualties cheapest first (a lender's before its own, infantry before catapults). It
reads only the view (the deck's and the bag's order are the only hidden things) and
never searches; the scoring table is the pure `awards` of the rules, fed from the view.
"""

from __future__ import annotations

import random

from rules.conquest_of_the_empire import actions as A
from rules.conquest_of_the_empire.components import DESIGNS, SEASONS, board
from rules.conquest_of_the_empire.logic_season import awards
from rules.core import Action, JsonDict, Seat

MILITARY = ("infantry", "cavalry", "catapult")
LEADERS = ("caesar", "general")
STRENGTH = {"infantry": 1.0, "cavalry": 1.3, "catapult": 1.6, "galley": 0.5}
"""A unit's weight in a land battle (the catapult adds a die, the cavalry pursues)."""
CASUALTY_ORDER = {"infantry": 0, "galley": 1, "cavalry": 2, "catapult": 3}
DOMINATE_VP = {"G": 1.5, "S": 0.6}
"""What one more province of that coin under a seat's troops is worth in a move."""
FREE_INCOME = frozenset({"commercium", "metalla"})
ODDS = 1.5
"""Attack, or march next to an enemy stack, only with this many times its strength."""


class _Table:
    """The view, with the questions the policy asks of it."""

    def __init__(self, view: JsonDict) -> None:
        self.view = view
        self.seat: Seat = view["seat"]
        self.n: int = view["players"]
        self.talents: int = view["talents"][self.seat]
        self.left: int = SEASONS - view["season"] + 1
        """Scorings still ahead, this season's included."""
        self.b = board()

    def units(self, place: str, seat: Seat) -> dict[str, int]:
        rows = self.view["units"].get(place)
        return rows[seat] if rows else {}

    def military(self, place: str, seat: Seat) -> int:
        mine = self.units(place, seat)
        return sum(mine.get(u, 0) for u in MILITARY)

    def strength(self, place: str, seat: Seat) -> float:
        return sum(STRENGTH.get(u, 0.0) * k for u, k in self.units(place, seat).items())

    def leaders(self, place: str, seat: Seat) -> int:
        mine = self.units(place, seat)
        return sum(mine.get(u, 0) for u in LEADERS)

    def enemy(self, q: Seat) -> bool:
        return q != self.seat and q not in self.view["allies"][self.seat]

    def foes(self, place: str) -> float:
        """The strongest enemy stack at `place`."""
        return max((self.strength(place, q) for q in range(self.n) if self.enemy(q)),
                   default=0.0)

    def is_key(self, place: str) -> bool:
        return place in self.view["influence"]

    def influence(self, place: str, seat: Seat) -> int:
        return int(self.view["influence"][place][seat]) if self.is_key(place) else 0

    def key_gain(self, place: str, sources: tuple[int, ...]) -> float:
        """VP a season this seat gains, and a share of what its rivals lose, buying one
        point at key `place` from each of `sources` (-1 a neutral token)."""
        tiers = self.b.provinces[self.b.province_index[place]].tiers
        before = list(self.view["influence"][place])
        after = before[:]
        after[self.seat] += len(sources)
        for q in sources:
            if q >= 0:
                after[q] -= 1
        old, new = awards(before, tiers), awards(after, tiers)
        theirs = sum(old[q] - new[q] for q in range(self.n) if q != self.seat)
        return new[self.seat] - old[self.seat] + theirs / max(1, self.n - 1)

    def buyable(self, place: str) -> tuple[int, ...]:
        """What a leader standing at key `place` could buy there: neutral tokens, then
        enemy influence left without troops; at most two points, and what it can pay."""
        if not self.is_key(place):
            return ()
        out = [-1] * min(2, self.view["neutral"][place])
        for q in range(self.n):
            if self.enemy(q) and self.influence(place, q) and not self.military(place, q):
                out.extend([q] * self.influence(place, q))
        return tuple(out[:min(2, self.talents // 10)])

    def opportunity(self, place: str) -> float:
        """VP over the seasons left that a leader standing at `place` could buy."""
        sources = self.buyable(place)
        return self.key_gain(place, sources) * self.left if sources else 0.0

    def guard(self, place: str) -> int:
        """Troops to keep at `place`: one on a key where the seat holds influence."""
        return 1 if self.influence(place, self.seat) else 0

    def neighbours(self, place: str) -> list[str]:
        if place not in self.b.province_index:
            return []
        p = self.b.provinces[self.b.province_index[place]]
        return [self.b.provinces[d].key for d in p.land]

    def unheld(self, place: str) -> float:
        """What dominating `place` would add: its coin's worth, if not dominated yet."""
        if self.view["dominator"].get(place) == self.seat:
            return 0.0
        return DOMINATE_VP[self.b.provinces[self.b.province_index[place]].coin]


# -- the menu ----------------------------------------------------------------------------


def _buy(t: _Table, a: A.BuyInfluence) -> float:
    """The VP its points bring each season left, and their taxes."""
    return 2.0 + (t.key_gain(a.province, a.sources) + len(a.sources)) * t.left


def _battle(t: _Table, a: A.LandBattle) -> float:
    mine = t.strength(a.province, t.seat)
    theirs = t.strength(a.province, a.defender)
    if t.view["cities"].get(a.province) == a.defender:
        theirs += 1.0  # the city's die
    return 4.0 + mine / max(1.0, theirs) if mine >= ODDS * theirs else -1.0


def _land_move(t: _Table, origin: str) -> float:
    """A leader to a better purchase, or spare troops to a province not yet ours."""
    value = -1.0
    if t.leaders(origin, t.seat):
        here = t.opportunity(origin)
        best = max((t.opportunity(k) for k in t.view["influence"]), default=0.0)
        if best > here:
            value = 2.0 + 0.1 * (best - here)
    spare = t.military(origin, t.seat) - t.guard(origin)
    if spare >= 2:
        gain = max((t.unheld(d) for d in t.neighbours(origin)), default=0.0)
        if gain:
            value = max(value, 1.0 + gain)
    return value


def _menu(t: _Table, a: Action) -> float:
    """How good a menu choice looks, in rough VP."""
    chaos = t.view["chaos"][t.seat]
    if isinstance(a, A.BuyInfluence):
        return _buy(t, a)
    if isinstance(a, A.LandBattle):
        return _battle(t, a)
    if isinstance(a, A.LandMove):
        return _land_move(t, a.origin)
    if isinstance(a, A.CallVote):
        return 3.0
    if isinstance(a, A.UseAnnona):
        return 3.0 if chaos >= 3 else -1.0
    if isinstance(a, A.Recruit):
        army = sum(t.military(place, t.seat) for place in t.view["units"])
        value = 2.5 if army < 8 and t.talents >= 25 else 1.2 if t.talents >= 60 else -1.0
        return value + (0.1 if a.dilectus else 0.0)
    if isinstance(a, A.SpecialTax):
        if t.talents >= 20:
            return -1.0
        return 1.5 if a.amount == 15 else 0.5
    if isinstance(a, A.AcquireCard):
        d = DESIGNS[a.card]
        if a.card in FREE_INCOME:
            return 2.2
        if d.symbol == "senator":
            return 1.0 + 0.2 * d.value
        return -0.5
    if isinstance(a, A.EndTurn):
        return 0.5
    if isinstance(a, A.PassAction):
        return 0.0
    return -0.5  # naval moves and Cursus Publicus: left to better players


# -- a land movement under way -----------------------------------------------------------


def _destination(t: _Table, origin: str, dest: str) -> float:
    """Where the stack at `origin` should go."""
    value = 0.0
    if t.leaders(origin, t.seat):
        value += max(0.0, t.opportunity(dest) - t.opportunity(origin))
    spare = t.strength(origin, t.seat) - t.guard(origin)
    if spare > 0 and dest in t.b.province_index:
        value += t.unheld(dest)
        if t.influence(dest, t.seat) and not t.military(dest, t.seat):
            value += 1.0  # a key of ours without a guard
        foes = t.foes(dest)
        if foes:
            value += 2.0 if spare >= ODDS * foes else -3.0
    return value


def _send(t: _Table, origin: str, dest: str, legal: list[Action]) -> Action | None:
    """The next units to send to `dest`: leaders where they buy more, then every
    military unit but the guard, the biggest group first. None when nothing is wanted."""
    sends = [a for a in legal if isinstance(a, A.MoveUnits)]
    if t.opportunity(dest) > t.opportunity(origin):
        for a in sends:
            if a.unit in LEADERS:
                return a
    spare = t.military(origin, t.seat) - t.guard(origin)
    if spare <= 0 or _destination(t, origin, dest) < 0:
        return None
    troops = [a for a in sends if a.unit in MILITARY and a.count <= spare]
    return max(troops, key=lambda a: a.count, default=None)


def _move(t: _Table, legal: list[Action], rng: random.Random) -> Action:
    act = t.view["act"]
    origin = act["origin"]
    if act["dest"] is not None:
        send = _send(t, origin, act["dest"], legal)
        if send is not None:
            return send
        if A.Done() in legal:
            return A.Done()
        return min((a for a in legal if isinstance(a, A.MoveUnits)), key=lambda a: a.count)
    targets = [a for a in legal if isinstance(a, A.MoveTo)] or legal
    return max(targets, key=lambda a: (_destination(t, origin, a.dest), rng.random())
               if isinstance(a, A.MoveTo) else (-99.0, 0.0))


# -- answers -----------------------------------------------------------------------------


def _retreat(t: _Table, legal: list[Action]) -> Action:
    b = t.view["battle"]
    them = b["defender"] if t.seat == b["attacker"] else b["attacker"]

    def side(c: Seat) -> float:
        return sum(STRENGTH.get(r["unit"], 0.0) * int(r["count"]) for r in b["sides"][str(c)])

    keep_on = side(t.seat) >= 0.8 * side(them)
    return A.Continue() if keep_on or A.Retreat() not in legal else A.Retreat()


def _leader_seat(t: _Table, legal: list[Action]) -> Action:
    """Name the enemy with the most VP (Seditio, Hostis Publicus)."""
    vp = t.view["vp"]
    named = [a for a in legal if isinstance(a, A.NameSeat)]
    return max(named, key=lambda a: (t.enemy(a.seat), vp[a.seat]), default=legal[0])


def _place(t: _Table, legal: list[Action]) -> Action:
    """A card's placement: a key of ours without a guard, else where troops stand."""
    def value(a: Action) -> float:
        if not isinstance(a, A.PlaceAt):
            return -1.0
        exposed = t.influence(a.place, t.seat) and not t.military(a.place, t.seat)
        return (2.0 if exposed else 0.0) + t.leaders(a.place, t.seat) + t.unheld(a.place)

    return max(legal, key=value)


def _answer(t: _Table, step: str, legal: list[Action], rng: random.Random) -> Action:
    view, seat = t.view, t.seat
    if step == "bid":  # open at nothing, never raise
        return A.Pass() if A.Pass() in legal else min(
            (a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.amount)
    if step in ("name_a", "name_b"):
        me = A.NameSeat(seat)
        return me if me in legal else _leader_seat(t, legal)
    if step == "casualty":
        return min(legal, key=lambda a: (a.seat == seat, CASUALTY_ORDER.get(a.unit, 4))
                   if isinstance(a, A.Casualty) else (True, 9))
    if step == "retreat":
        return _retreat(t, legal)
    if step == "retreat_to":  # where the enemy is weakest
        return min(legal, key=lambda a: (t.foes(a.province), -t.military(a.province, seat))
                   if isinstance(a, A.RetreatTo) else (99.0, 0))
    if step == "maintenance":
        fee = view["maintenance"]["fee"]
        return A.PayMaintenance() if t.talents >= fee + 10 else A.Decline()
    if step == "vote":  # the caller shows the least that wins; the others keep theirs
        shows = [a for a in legal if isinstance(a, A.ShowSenators)]
        if shows and view["vote"]["caller"] == seat:
            return min(shows, key=lambda a: (sum(a.senators), len(a.senators)))
        return A.Pass()
    if step == "vote_effect":
        tokens = [a for a in legal if isinstance(a, A.TakeToken)]
        if tokens:
            return max(tokens, key=lambda a: t.key_gain(a.province, (-1,)))
        return _leader_seat(t, legal)
    if step == "card_target":
        buys = [a for a in legal if isinstance(a, A.Proscribe)]
        if buys:
            return max(buys, key=lambda a: t.key_gain(a.province, (a.seat,)))
        if isinstance(legal[0], A.NameSeat):
            return _leader_seat(t, legal)
        sinks = [a for a in legal if isinstance(a, A.SinkGalley) and t.enemy(a.seat)]
        return sinks[0] if sinks else _place(t, legal)
    if step == "cursus":
        return max(legal, key=lambda a: t.opportunity(a.dest)
                   if isinstance(a, A.MoveLeader) else -1.0)
    if step == "naval":
        moves = [a for a in legal if isinstance(a, A.MoveGalleys)]
        return max(moves, key=lambda a: a.count) if moves else legal[-1]
    if step == "naval_target":
        zone = view["act"]["zone"]
        fleet = t.units(zone, seat).get("galley", 0)
        fights = [a for a in legal if isinstance(a, A.NavalBattle)
                  and fleet > t.units(zone, a.defender).get("galley", 0)]
        return fights[0] if fights else A.Done()
    if step == "recruit":
        places = [a for a in legal if isinstance(a, A.RecruitAt)]
        if A.Done() in legal and view["act"]["moved"]:
            return A.Done()
        land = [a for a in places if a.place in t.b.province_index]
        return max(land or places, key=lambda a: (
            t.influence(a.place, seat) and not t.military(a.place, seat), rng.random()))
    if step == "recruit_unit":  # infantry, as many as leave 30 talents in hand
        budget = max(5, min(30, t.talents - 30))
        units = [a for a in legal if isinstance(a, A.RecruitUnits)]
        fits = [a for a in units if a.unit == "infantry" and 5 * a.count <= budget]
        return max(fits, key=lambda a: a.count) if fits else min(units, key=lambda a: a.count)
    # the rest say yes: lend to an ally, join with galleys, play a battle card, veto
    return legal[0]


def greedy(view: JsonDict, legal: list[Action], rng: random.Random) -> Action:
    """The best menu choice by `_menu`; in a move, the best destination and units; an
    answer by the simple rules of `_answer`."""
    if len(legal) == 1:
        return legal[0]
    t = _Table(view)
    step = view["step"]
    if step == "action":
        return max(legal, key=lambda a: (_menu(t, a), rng.random()))
    if step == "move":
        return _move(t, legal, rng)
    return _answer(t, step, legal, rng)


BOTS = {"greedy": greedy}
"""Baseline bot for `python -m rules arena conquest_of_the_empire --agents hard,greedy`."""
