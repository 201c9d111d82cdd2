"""Conquest of the Empire II for 2–6 players: the Game protocol over the state and logic.

`view(state, seat)` is the whole table as JSON (everything is public but the order of the
deck and of the token bag). Its keys:

- `game`, `map` ("conquest_of_the_empire"), `players`, `seat` (the viewer or None),
  `option_homelands` ("random" | "draft").
- `season` (1..4), `turn` (1..4 in the action phase, 0 outside it), `step` (a
  `Step` value: "bid", "action", "move", "casualty", ...), `to_act` ([seat] or []),
  `actor` (seat or None), `current` (the seat whose turn it is, or None),
  `actions_done` (0..2 this turn), `order` (seats by position this season, filled
  during the auctions), `positions` (per seat 1..N or 0), `sides` (per seat: 0 odd
  positions, 1 even positions, None if unplaced), `allies` (per seat: allied seats),
  `first_opener`.
- `homelands` (per seat: province key or None), `talents`, `chaos`, `vp` (per seat),
  `senators` (per seat: values in hand), `cards` (per seat: list of {card, ready}),
  `last_pass` (per seat: turn of its last pass, 0 none), `card_taken_turn` (per seat),
  `pass_allowed` (per seat), `card_allowed` (per seat).
- `market` (list of {card, cost, symbol} on offer, sorted), `senate_votes` (Senate
  Vote cards still on offer, with cost), `deck_size`, `bag_size`, `bag` (tokens left
  per key province; their order is hidden), `cards_removed`, `cities_left`.
- `units`: {location key: [per seat {unit type: count}]} for locations holding units;
  `supply`: per seat {unit type: pieces not on the board}.
- `influence`: {key province: [per seat]}, `neutral`: {key province: tokens},
  `cities`: {province: holder seat or None} for every city (printed or built),
  `dominator`: {province: seat} for dominated provinces, `domination`: per seat
  {"E_G","E_S","A_G","A_S": provinces dominated}, `cut_straits`: per seat the strait
  keys an enemy galley cuts for that seat.
- `auction`: None or {opener, asked, bid (None before the opening), proposer, a, b,
  passes, amount (a raise being built) , name_a, unplaced}.
- `act`: None or the action under way {kind, origin, dest, by_sea, moved, loads
  [[dest, units]], dests, second_origin, zone, place, dilectus, card, left, province,
  sources, price, sea_room (military units that may still go by sea to dest)}.
- `battle`: None or {naval, place, attacker, defender, lenders [[lender, contender]],
  ask, galleys (contenders whose galleys joined), cards [[seat, card]], round, city,
  hits, hit_side, queued, stage, retreating, dice (per contender, attacker and
  defender: the dice it rolls now), sides ({contender: [{seat, unit, place, count}]}),
  last_roll [[seat, faces]]}.
- `vote`: None or {card, caller, asked, shows (per seat), best, leader, passes}.
- `maintenance`: None or {region, coin, fee, queue, paid [[seat, "E_G"...]]}.
- `history`: per finished season, per seat {vp, talents, chaos} at its end;
  `last_scoring`: None or {season, gains}.
- `over`, `winners` (seats, once over), `final` (per seat [vp, -chaos, talents,
  influence], the tie-break key).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from rules.conquest_of_the_empire import actions as A
from rules.conquest_of_the_empire import logic
from rules.conquest_of_the_empire.actions import ACTION_TYPES
from rules.conquest_of_the_empire.components import (
    DESIGNS,
    MAINTENANCE,
    MAINTENANCE_FEE,
    MAP_ID,
    TAX_STEPS,
    UNITS,
    board,
)
from rules.conquest_of_the_empire.logic_battle import dice_count, side_pieces
from rules.conquest_of_the_empire.logic_board import (
    cut_zones,
    dominated_counts,
    dominators,
    galley_zones,
    loc_key,
    n_provinces,
    sea_capacity_left,
)
from rules.conquest_of_the_empire.logic_cards import cities_left
from rules.conquest_of_the_empire.logic_season import final_keys, new_state
from rules.conquest_of_the_empire.state import NO_CITY, UNHELD, State, Step
from rules.core import (
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    JsonDict,
    OptionSpec,
    Outcome,
    Rng,
    Seat,
    Transition,
)

_MENU = ("buy_influence", "land_move", "naval_move", "special_tax", "recruit", "acquire_card",
         "land_battle", "pass_action", "end_turn", "call_vote", "use_annona", "use_cursus")
STEP_TYPES: dict[Step, tuple[str, ...]] = {
    Step.DRAFT: ("pick_homeland",),
    Step.BID: ("bid", "pass"),
    Step.NAME_A: ("name_seat",),
    Step.NAME_B: ("name_seat",),
    Step.ACTION: _MENU,
    Step.MOVE: ("move_to", "move_units", "done", "land_move"),
    Step.NAVAL: ("move_galleys", "done"),
    Step.NAVAL_TARGET: ("naval_battle", "done"),
    Step.RECRUIT: ("recruit_at", "done"),
    Step.RECRUIT_UNIT: ("recruit_units",),
    Step.CARD_TARGET: ("place_at", "proscribe", "name_seat", "sink_galley"),
    Step.VETO: ("veto", "decline"),
    Step.CURSUS: ("move_leader",),
    Step.VOTE: ("show_senators", "pass"),
    Step.VOTE_EFFECT: ("take_token", "name_seat"),
    Step.LEND: ("lend", "decline"),
    Step.GALLEYS: ("join_galleys", "decline"),
    Step.CARDS: ("play_card", "done"),
    Step.CASUALTY: ("casualty",),
    Step.RETREAT: ("retreat", "continue"),
    Step.RETREAT_TO: ("retreat_to",),
    Step.MAINTENANCE: ("pay_maintenance", "decline"),
    Step.OVER: (),
}
"""The action types each step answers to: any other is refused as `wrong_step`."""

_BARRIER_EVENTS = frozenset({"dice_rolled", "tokens_drawn", "cards_revealed", "vote_result",
                             "game_started", "draft_started"})


class ConquestOfTheEmpire(Game[State]):
    info = GameInfo(
        id="conquest_of_the_empire",
        title="Conquest of the Empire II",
        min_players=2,
        max_players=6,
        chance=True,
        hidden_information=False,
        minutes=(90, 180),
        options=(OptionSpec("homelands", "choice", "random", choices=("random", "draft")),),
    )
    action_types = ACTION_TYPES

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return new_state(players, seed, options["homelands"] == "draft", [])

    def players(self, state: State) -> int:
        return state.players

    # -- playing ----------------------------------------------------------------------
    def to_act(self, state: State) -> tuple[Seat, ...]:
        return () if state.step is Step.OVER else (state.actor,)

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if state.step is Step.OVER or seat != state.actor:
            return []
        cached = state.cache.get("legal")
        if cached is None:
            cached = logic.legal(state)
            state.cache["legal"] = cached
        return list(cached)

    def is_legal(self, state: State, seat: Seat, action: Action) -> bool:
        return seat == state.actor and action in self.legal_actions(state, seat)

    def explain_illegal(self, state: State, seat: Seat, action: Action) -> IllegalAction:
        return explain(state, seat, action, self.legal_actions(state, seat))

    def _apply(self, state: State, seat: Seat, action: Action) -> Transition:
        s = state.copy()
        events: list[Event] = []
        logic.play(s, seat, action, events)
        barrier = any(e["type"] in _BARRIER_EVENTS for e in events)
        return Transition(s, events, barrier)

    def outcome(self, state: State) -> Outcome | None:
        if state.step is not Step.OVER:
            return None
        keys = final_keys(state)
        ranking = tuple(1 + sum(1 for k in keys if k > mine) for mine in keys)
        winners = tuple(p for p in range(state.players) if ranking[p] == 1)
        return Outcome(tuple(float(v) for v in state.vp), ranking, winners)

    # -- information --------------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> JsonDict:
        """The whole table (see the module docstring). States never change once made, so
        the table is worked out once per state; do not mutate the returned dict."""
        table = state.cache.get("view")
        if table is None:
            table = public_view(state, None)
            state.cache["view"] = table
        return {**table, "seat": seat}

    def sample_world(self, state: State, seat: Seat, rng: random.Random) -> State:
        """Only the deck's order, the bag's order and future chance are unknown: reshuffle
        exactly those (from their sorted contents, so the sample depends on the view)."""
        s = state.copy()
        s.deck = sorted(s.deck)
        s.bag = sorted(s.bag)
        r = Rng(rng.getrandbits(64))
        r.shuffle(s.deck)
        r.shuffle(s.bag)
        s.rng = Rng(rng.getrandbits(64))
        return s

    def action_space(self, state: State) -> Iterable[Action]:
        b = board()
        keys = [p.key for p in b.provinces]
        zones = [z.key for z in b.seas]
        seats = range(-1, state.players + 1)
        for k in (*keys[:6], "atlantis"):
            yield A.PickHomeland(k)
            yield A.LandMove(k)
            yield A.MoveTo(k, False)
            yield A.MoveTo(k, True)
            yield A.RecruitAt(k)
            yield A.PlaceAt(k)
            yield A.TakeToken(k)
            yield A.RetreatTo(k)
            yield A.MoveLeader(k)
            yield A.UseCursus(k, "caesar")
            for q in seats:
                yield A.LandBattle(k, q)
                yield A.Proscribe(k, q)
            yield A.BuyInfluence(k, "caesar", (-1,))
            yield A.BuyInfluence(k, "general", (-1, -1))
        for z in zones[:4]:
            yield A.NavalMove(z)
            yield A.MoveGalleys(z, 1)
            yield A.SinkGalley(z, 0)
        for amount in (-5, 0, 3, 5, 100, 1000):
            yield A.Bid(amount)
        for q in seats:
            yield A.NameSeat(q)
            yield A.NavalBattle(q)
        for amount in (*TAX_STEPS, 0, 30):
            yield A.SpecialTax(amount)
        for u in (*UNITS, "elephant"):
            yield A.MoveUnits(u, 1)
            yield A.RecruitUnits(u, 1)
            yield A.Casualty(0, u, keys[0])
        for c in (*DESIGNS, "nothing"):
            yield A.AcquireCard(c)
            yield A.PlayCard(c)
            yield A.CallVote(c)
        yield from (A.Pass(), A.Done(), A.PassAction(), A.EndTurn(), A.UseAnnona(),
                    A.Veto(), A.Decline(), A.Lend(), A.JoinGalleys(), A.Retreat(),
                    A.Continue(), A.PayMaintenance(), A.Recruit(False), A.Recruit(True),
                    A.ShowSenators((1,)), A.ShowSenators((9,)))


# -- refusals ------------------------------------------------------------------------------


def explain(s: State, seat: Seat, a: Action, legal: list[Action]) -> IllegalAction:
    """The most precise reason an unlisted action is refused."""
    if seat != s.actor:
        return IllegalAction("not_your_turn", seat=seat, to_act=[s.actor])
    if a.TYPE not in STEP_TYPES[s.step]:
        return IllegalAction("wrong_step", step=s.step.value, action=a.TYPE,
                             expected=sorted({x.TYPE for x in legal}))
    if isinstance(a, A.Pass) and s.step is Step.BID:
        return IllegalAction("opener_must_propose")
    if isinstance(a, A.Bid):
        if a.amount % 5:
            return IllegalAction("bid_not_multiple_of_5", amount=a.amount)
        if a.amount > s.talents[seat]:
            return IllegalAction("not_enough_talents", need=a.amount, have=s.talents[seat])
        bid = s.auction.bid if s.auction is not None else -1
        return IllegalAction("bid_too_low", amount=a.amount, minimum=0 if bid < 0 else bid + 5)
    if isinstance(a, A.AcquireCard):
        d = DESIGNS.get(a.card)
        if d is None or (a.card not in s.market and a.card not in s.votes_offer):
            return IllegalAction("card_not_offered", card=a.card)
        if s.card_turn[seat] == s.turn:
            return IllegalAction("card_already_taken_this_turn")
        if s.talents[seat] < d.cost:
            return IllegalAction("not_enough_talents", need=d.cost, have=s.talents[seat])
        return IllegalAction("card_has_no_target", card=a.card)
    if isinstance(a, A.BuyInfluence):
        p = board().province_index.get(a.province, -1)
        if p < 0 or not board().provinces[p].tiers:
            return IllegalAction("not_a_key_province", province=a.province)
        if a.leader not in ("caesar", "general") or not s.at(p, seat, UNITS.index(a.leader)):
            return IllegalAction("no_leader_there", province=a.province, leader=a.leader)
        if s.talents[seat] < 10 * len(a.sources):
            return IllegalAction("not_enough_talents", need=10 * len(a.sources),
                                 have=s.talents[seat])
        return IllegalAction("influence_not_for_sale", province=a.province,
                             sources=list(a.sources))
    if isinstance(a, A.PassAction):
        return IllegalAction("pass_limit", last_pass=s.last_pass[seat], turn=s.turn)
    if isinstance(a, A.MoveTo):
        if s.act is not None and s.act.dest >= 0 and not s.act.sent:
            return IllegalAction("send_units_first", dest=loc_key(s.act.dest))
        if a.by_sea:
            return IllegalAction("no_sea_transport", dest=a.dest)
        return IllegalAction("unreachable", dest=a.dest)
    if isinstance(a, A.MoveUnits | A.RecruitUnits):
        return IllegalAction("too_many_units", unit=a.unit, count=a.count)
    if isinstance(a, A.LandMove):
        return IllegalAction("cannot_move_from", origin=a.origin)
    if isinstance(a, A.RecruitAt):
        return IllegalAction("cannot_recruit_at", place=a.place)
    if isinstance(a, A.LandBattle):
        return IllegalAction("no_battle_there", province=a.province, defender=a.defender)
    if isinstance(a, A.Retreat):
        return IllegalAction("no_retreat_possible")
    if isinstance(a, A.EndTurn):
        return IllegalAction("actions_left", left=2 - s.actions_done)
    if isinstance(a, A.Done):
        return IllegalAction("nothing_done_yet")
    if isinstance(a, A.CallVote | A.UseAnnona | A.UseCursus | A.PlayCard):
        return IllegalAction("card_not_ready")
    if isinstance(a, A.RetreatTo):
        return IllegalAction("cannot_retreat_to", province=a.province)
    if isinstance(a, A.ShowSenators):
        return IllegalAction("senators_not_enough", senators=list(a.senators))
    if isinstance(a, A.NameSeat):
        return IllegalAction("cannot_name_seat", seat=a.seat)
    return IllegalAction("illegal_action", action=a.TYPE)


# -- the view ---------------------------------------------------------------------------------


def _units_at(s: State, loc: int) -> list[dict[str, int]] | None:
    n = s.players
    width = len(UNITS)
    chunk = s.units[loc * n * width:(loc + 1) * n * width]
    if not any(chunk):
        return None
    return [
        {UNITS[u]: k for u, k in enumerate(chunk[q * width:(q + 1) * width]) if k}
        for q in range(n)
    ]


def public_view(s: State, seat: Seat | None) -> JsonDict:
    b = board()
    n = s.players
    provinces = b.provinces
    locs = n_provinces() + len(b.seas)
    units = {}
    for loc in range(locs):
        rows = _units_at(s, loc)
        if rows is not None:
            units[loc_key(loc)] = rows
    keys = [p for p in provinces if p.tiers]
    over = s.step is Step.OVER
    final = final_keys(s)
    winners = None
    if over:
        best = max(final)
        winners = [q for q in range(n) if final[q] == best]
    current = s.current if s.turn and s.order and s.step is not Step.OVER else None
    cuts = []
    zones = galley_zones(s)
    for q in range(n):
        cut = cut_zones(s, q, zones)
        cuts.append([st.key for st in b.straits if st.zone in cut])
    doms = dominators(s)
    return {
        "game": "conquest_of_the_empire",
        "map": MAP_ID,
        "players": n,
        "seat": seat,
        "option_homelands": "draft" if s.draft else "random",
        "season": s.season,
        "turn": s.turn,
        "step": s.step.value,
        "to_act": [] if over else [s.actor],
        "actor": None if over else s.actor,
        "current": current,
        "actions_done": s.actions_done,
        "order": list(s.order),
        "positions": [s.position(q) for q in range(n)],
        "sides": [None if not s.position(q) else (s.position(q) - 1) % 2 for q in range(n)],
        "allies": [[r for r in range(n) if s.allied(q, r)] for q in range(n)],
        "first_opener": s.first_opener,
        "homelands": [provinces[h].key if h >= 0 else None for h in s.homeland],
        "talents": s.talents[:],
        "chaos": s.chaos[:],
        "vp": s.vp[:],
        "senators": [list(x) for x in s.senators],
        "cards": [[{"card": d, "ready": r} for d, r in s.owned[q]] for q in range(n)],
        "last_pass": s.last_pass[:],
        "card_taken_turn": s.card_turn[:],
        "pass_allowed": [logic.pass_allowed(s, q) for q in range(n)],
        "card_allowed": [s.card_turn[q] != s.turn for q in range(n)],
        "market": [_card(c) for c in s.market],
        "senate_votes": [_card(c) for c in s.votes_offer],
        "deck_size": len(s.deck),
        "bag_size": len(s.bag),
        "bag": {p.key: s.bag.count(p.index) for p in keys},
        "cards_removed": s.removed,
        "cities_left": cities_left(s),
        "units": units,
        "supply": [{UNITS[u]: s.pool(q, u) for u in range(len(UNITS))} for q in range(n)],
        "influence": {p.key: [s.inf(p.index, q) for q in range(n)] for p in keys},
        "neutral": {p.key: s.neutral[p.index] for p in keys},
        "cities": {
            p.key: (None if s.city[p.index] == UNHELD else s.city[p.index])
            for p in provinces if s.city[p.index] != NO_CITY
        },
        "dominator": {p.key: d for p, d in zip(provinces, doms, strict=True) if d >= 0},
        "domination": dominated_counts(s, doms),
        "cut_straits": cuts,
        "auction": _auction(s),
        "act": _act(s),
        "battle": _battle(s),
        "vote": None if s.vote is None else {
            "card": s.vote.card, "caller": s.vote.caller, "asked": s.vote.asked,
            "shows": [list(x) for x in s.vote.shows], "best": s.vote.best,
            "leader": None if s.vote.leader < 0 else s.vote.leader, "passes": s.vote.passes,
        },
        "maintenance": _maintenance(s),
        "history": [
            [{"vp": v, "talents": t, "chaos": c} for v, t, c in season]
            for season in s.history
        ],
        "last_scoring": None if not s.last_scoring else {
            "season": s.last_scoring[0], "gains": list(s.last_scoring[1]),
        },
        "over": over,
        "winners": winners,
        "final": [list(k) for k in final],
    }


def _card(c: str) -> JsonDict:
    d = DESIGNS[c]
    return {"card": c, "cost": d.cost, "symbol": d.symbol}


def _auction(s: State) -> JsonDict | None:
    a = s.auction
    if a is None:
        return None
    return {
        "opener": a.opener, "asked": a.asked, "bid": None if a.bid < 0 else a.bid,
        "proposer": None if a.proposer < 0 else a.proposer,
        "a": None if a.a < 0 else a.a, "b": None if a.b < 0 else a.b, "passes": a.passes,
        "amount": None if a.amount < 0 else a.amount,
        "name_a": None if a.name_a < 0 else a.name_a,
        "unplaced": [q for q in range(s.players) if q not in s.order],
    }


def _key(loc: int) -> str | None:
    return None if loc < 0 else loc_key(loc)


def _act(s: State) -> JsonDict | None:
    a = s.act
    if a is None:
        return None
    room = None
    if a.kind == "move" and a.dest >= 0 and a.sea:
        room = sea_capacity_left(s, s.actor, a.loads, a.dest)
    return {
        "kind": a.kind, "origin": _key(a.origin), "dest": _key(a.dest), "by_sea": a.sea,
        "moved": a.moved, "loads": [[loc_key(d), k] for d, k in a.loads],
        "dests": [loc_key(d) for d in a.dests], "second_origin": a.second,
        "zone": None if a.zone < 0 else board().seas[a.zone].key, "place": _key(a.place),
        "dilectus": a.free, "card": a.card or None, "left": a.left,
        "province": _key(a.province), "sources": list(a.sources), "price": a.price,
        "sea_room": room,
    }


def _battle(s: State) -> JsonDict | None:
    b = s.battle
    if b is None:
        return None
    sides = {}
    for c in (b.attacker, b.defender):
        sides[str(c)] = [
            {"seat": q, "unit": UNITS[u], "place": loc_key(loc), "count": k}
            for (q, u, loc), k in side_pieces(s, b, c)
        ]
    return {
        "naval": b.naval, "place": loc_key(b.place), "attacker": b.attacker,
        "defender": b.defender, "lenders": [list(x) for x in b.lenders], "ask": list(b.ask),
        "galleys": list(b.galleys), "cards": [list(x) for x in b.cards], "round": b.round,
        "city": b.city, "hits": b.hits, "hit_side": None if b.hit_side < 0 else b.hit_side,
        "queued": b.queued, "stage": b.stage,
        "retreating": None if b.retreating < 0 else b.retreating,
        "dice": {str(c): dice_count(s, b, c) for c in (b.attacker, b.defender)},
        "sides": sides,
        "last_roll": [[q, list(f)] for q, f in b.last],
    }


def _maintenance(s: State) -> JsonDict | None:
    m = s.maintenance
    if m is None or m.check < 0:
        return None
    region, coin = MAINTENANCE[m.check]
    return {
        "region": region, "coin": coin, "fee": MAINTENANCE_FEE[coin], "queue": list(m.queue),
        "paid": [[q, "_".join(MAINTENANCE[c])] for q, c in m.paid],
    }


GAME = ConquestOfTheEmpire()

__all__ = ["GAME", "ConquestOfTheEmpire", "public_view"]
