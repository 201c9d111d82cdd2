"""What may be done and what it does: the one source `legal_actions` and `apply` read.

`legal(s)` lists the choices of the seat that must decide (`s.actor`) at the current
step; `play(s, seat, action, events)` carries one of them out on a copy. The action
menu, land and naval movement, recruiting, the special tax, passing and Cursus
Publicus live here; cards and votes in `logic_cards`, battles in `logic_battle`, the
season's frame (auctions, turns, scoring) in `logic_season`.
"""

from __future__ import annotations

from dataclasses import replace

from rules.conquest_of_the_empire import logic_battle as battle
from rules.conquest_of_the_empire import logic_cards as cards
from rules.conquest_of_the_empire import logic_season as season
from rules.conquest_of_the_empire.actions import (
    AcquireCard,
    Bid,
    BuyInfluence,
    CallVote,
    Casualty,
    Continue,
    Decline,
    Done,
    EndTurn,
    JoinGalleys,
    LandBattle,
    LandMove,
    Lend,
    MoveGalleys,
    MoveLeader,
    MoveTo,
    MoveUnits,
    NameSeat,
    NavalBattle,
    NavalMove,
    Pass,
    PassAction,
    PayMaintenance,
    PickHomeland,
    PlaceAt,
    PlayCard,
    Proscribe,
    Recruit,
    RecruitAt,
    RecruitUnits,
    Retreat,
    RetreatTo,
    ShowSenators,
    SinkGalley,
    SpecialTax,
    TakeToken,
    UseAnnona,
    UseCursus,
    Veto,
)
from rules.conquest_of_the_empire.components import (
    ACTIONS_PER_TURN,
    CAESAR,
    COST,
    DESIGNS,
    GALLEY,
    GENERAL,
    LAND_UNITS,
    MILITARY_LAND,
    RECRUIT_CHAOS,
    RECRUITABLE,
    TAX_STEPS,
    UNIT_INDEX,
    UNIT_TYPES,
    UNITS,
    VOTE,
    board,
)
from rules.conquest_of_the_empire.logic_board import (
    cut_zones,
    leader_provinces,
    loc_key,
    loc_of,
    n_provinces,
    reachable,
    sea_capacity_left,
)
from rules.conquest_of_the_empire.state import Act, State, Step
from rules.core import Action, Event, Seat, event

# -- the action menu -----------------------------------------------------------------------


def free_steps(s: State, seat: Seat) -> list[Action]:
    out: list[Action] = []
    cursus = False
    for design, ready in s.owned[seat]:
        if not ready:
            continue
        if DESIGNS[design].symbol == VOTE:
            out.append(CallVote(design))
        elif design == "annona":
            out.append(UseAnnona())
        elif design == "cursus_publicus":
            cursus = True
    if cursus:
        starts = sorted({(o, leader) for o, leader, _ in season.cursus_moves(s, seat)})
        out.extend(UseCursus(loc_key(o), UNITS[leader]) for o, leader in starts)
    return sorted(set(out), key=repr)


def pass_allowed(s: State, seat: Seat) -> bool:
    """At most one pass in any two turns in a row of this season."""
    last = s.last_pass[seat]
    return last == 0 or last < s.turn - 1


def menu(s: State, seat: Seat) -> list[Action]:
    out = free_steps(s, seat)
    if s.actions_done >= ACTIONS_PER_TURN:
        out.append(EndTurn())
        return out
    out.extend(BuyInfluence(p, leader, src) for p, leader, src in cards.buy_options(s, seat))
    out.extend(LandMove(loc_key(o)) for o in move_origins(s, seat))
    if any(s.galleys(n_provinces() + z, seat) for z in range(len(board().seas))):
        out.extend(NavalMove(z.key) for z in board().seas)
    out.extend(SpecialTax(a) for a in TAX_STEPS)
    if recruit_places(s, seat):
        out.append(Recruit(False))
        if s.ready(seat, "dilectus"):
            out.append(Recruit(True))
    out.extend(AcquireCard(d) for d in cards.acquirable(s, seat))
    out.extend(LandBattle(loc_key(p), q) for p, q in battle_options(s, seat))
    if pass_allowed(s, seat):
        out.append(PassAction())
    return out


# -- land movement -----------------------------------------------------------------------


def move_origins(s: State, seat: Seat, exclude: tuple[int, ...] = ()) -> list[int]:
    """Provinces whose units can go somewhere: a neighbour by land or an open strait (the
    search always enters a neighbour), or a coast next to one of the seat's galleys."""
    b = board()
    base = n_provinces()
    cut = cut_zones(s, seat)
    coasts = {d for z in range(len(b.seas)) if s.galleys(base + z, seat)
              for d in b.seas[z].coasts}
    out = []
    u = s.units
    stride = s.players * UNIT_TYPES
    mine = seat * UNIT_TYPES
    for p in range(base):
        i = p * stride + mine
        if not any(u[i:i + GALLEY]) or p in exclude:
            continue
        if any(zone < 0 or zone not in cut for _, zone in b.crossings[p]) or (
            b.provinces[p].seas and coasts - {p}
        ):
            out.append(p)
    return out


def move_targets(
    s: State, seat: Seat, origin: int, loads: tuple[tuple[int, int], ...]
) -> list[tuple[int, bool]]:
    """(destination, by sea) pairs to which at least one unit at `origin` can go."""
    if not s.land_units(origin, seat):
        return []
    out = [(d, False) for d in reachable(s, seat, origin)]
    b = board()
    if not b.provinces[origin].seas:
        return out
    base = n_provinces()
    leaders = s.leaders(origin, seat)
    military = s.military(origin, seat)
    coasts = sorted({
        d for z in range(len(b.seas)) if s.galleys(base + z, seat) for d in b.seas[z].coasts
    })
    for d in coasts:
        if d == origin:
            continue
        if leaders or (military and (not loads or sea_capacity_left(s, seat, loads, d) > 0)):
            out.append((d, True))
    return out


def move_step(s: State, seat: Seat) -> list[Action]:
    act = s.act
    assert act is not None
    out: list[Action] = []
    origin = act.origin
    if act.dest >= 0:
        room = sea_capacity_left(s, seat, act.loads, act.dest) if act.sea else 0
        for u in LAND_UNITS:
            n = s.at(origin, seat, u)
            if act.sea and u in MILITARY_LAND:
                n = min(n, room)
            out.extend(MoveUnits(UNITS[u], k) for k in range(1, n + 1))
        if not act.sent:  # a destination just chosen: send something there first
            return out
    out.extend(
        MoveTo(loc_key(d), sea) for d, sea in move_targets(s, seat, origin, act.loads)
        if (d, sea) != (act.dest, act.sea)
    )
    if act.moved:
        out.append(Done())
        if second_origin_allowed(s, seat):
            out.extend(LandMove(loc_key(o)) for o in
                       move_origins(s, seat, (act.origin, *act.dests)))
    return out


def second_origin_allowed(s: State, seat: Seat) -> bool:
    act = s.act
    return act is not None and not act.second and s.ready(seat, "via_militaris")


def start_move(s: State, seat: Seat, origin: int, events: list[Event]) -> None:
    if s.act is not None and s.act.kind == "move":
        s.spend(seat, "via_militaris")
        events.append(event("card_used", seat=seat, card="via_militaris",
                            origin=loc_key(origin)))
        s.act = replace(s.act, origin=origin, dest=-1, sea=False, second=True)
        return
    s.act = Act(kind="move", origin=origin)
    s.step = Step.MOVE
    events.append(event("move_started", seat=seat, origin=loc_key(origin)))


def move_units(s: State, seat: Seat, unit: int, count: int, events: list[Event]) -> None:
    act = s.act
    assert act is not None
    s.shift(act.origin, act.dest, seat, unit, count)
    loads = act.loads
    if act.sea and unit in MILITARY_LAND:
        loads = (*loads, (act.dest, count))
    dests = act.dests if act.dest in act.dests else (*act.dests, act.dest)
    s.act = replace(act, moved=act.moved + count, sent=act.sent + count, loads=loads,
                    dests=dests)
    events.append(event("units_moved", seat=seat, origin=loc_key(act.origin),
                        dest=loc_key(act.dest), by_sea=act.sea, unit=UNITS[unit], count=count))
    if not s.land_units(act.origin, seat) and not second_origin_allowed(s, seat):
        season.finish_action(s, events)


# -- naval movement ---------------------------------------------------------------------


def naval_step(s: State, seat: Seat) -> list[Action]:
    act = s.act
    assert act is not None
    base = n_provinces()
    out: list[Action] = []
    for z in range(len(board().seas)):
        if z != act.zone:
            n = s.galleys(base + z, seat)
            out.extend(MoveGalleys(board().seas[z].key, k) for k in range(1, n + 1))
    if s.galleys(base + act.zone, seat):
        out.append(Done())
    return out


def galleys_elsewhere(s: State, seat: Seat, zone: int) -> bool:
    base = n_provinces()
    return any(s.galleys(base + z, seat) for z in range(len(board().seas)) if z != zone)


def start_naval(s: State, seat: Seat, zone: int, events: list[Event]) -> None:
    s.act = Act(kind="naval", zone=zone)
    events.append(event("naval_move_started", seat=seat, zone=board().seas[zone].key))
    if galleys_elsewhere(s, seat, zone):
        s.step = Step.NAVAL
        return
    after_naval(s, seat, events)


def move_galleys(s: State, seat: Seat, origin: int, count: int, events: list[Event]) -> None:
    act = s.act
    assert act is not None
    base = n_provinces()
    s.shift(base + origin, base + act.zone, seat, GALLEY, count)
    s.act = replace(act, moved=act.moved + count)
    events.append(event("galleys_moved", seat=seat, origin=board().seas[origin].key,
                        dest=board().seas[act.zone].key, count=count))
    if not galleys_elsewhere(s, seat, act.zone):
        after_naval(s, seat, events)


def naval_foes(s: State, seat: Seat, zone: int) -> list[Seat]:
    loc = n_provinces() + zone
    return [q for q in range(s.players) if s.enemy(seat, q) and s.galleys(loc, q)]


def after_naval(s: State, seat: Seat, events: list[Event]) -> None:
    act = s.act
    assert act is not None
    if naval_foes(s, seat, act.zone):
        s.step = Step.NAVAL_TARGET
        return
    season.finish_action(s, events)


# -- recruiting ---------------------------------------------------------------------------


def recruit_bases(s: State, seat: Seat) -> list[int]:
    """Provinces with one of the seat's leaders and at least one of its own influence."""
    return [p for p in leader_provinces(s, seat) if s.inf(p, seat)]


def recruit_types(s: State, seat: Seat, loc: int) -> list[int]:
    land = loc < n_provinces()
    return [
        u for u in RECRUITABLE
        if (u != GALLEY) == land and s.pool(seat, u) and s.talents[seat] >= COST[u]
    ]


def recruit_places(s: State, seat: Seat) -> list[int]:
    bases = recruit_bases(s, seat)
    base = n_provinces()
    zones = sorted({base + z for p in bases for z in board().provinces[p].seas})
    return [loc for loc in (*bases, *zones) if recruit_types(s, seat, loc)]


def recruit_units(s: State, seat: Seat, unit: int, count: int, events: list[Event]) -> None:
    act = s.act
    assert act is not None
    s.talents[seat] -= COST[unit] * count
    s.put(act.place, seat, unit, count)
    s.act = replace(act, moved=act.moved + count)
    events.append(event("recruited", seat=seat, place=loc_key(act.place), unit=UNITS[unit],
                        count=count, talents=COST[unit] * count))
    if recruit_places(s, seat):
        s.step = Step.RECRUIT
        return
    end_recruit(s, seat, events)


def end_recruit(s: State, seat: Seat, events: list[Event]) -> None:
    act = s.act
    assert act is not None
    chaos = 0 if act.free else RECRUIT_CHAOS
    s.chaos[seat] += chaos
    events.append(event("recruit_done", seat=seat, units=act.moved, chaos=chaos))
    season.finish_action(s, events)


# -- battles ------------------------------------------------------------------------------


def battle_options(s: State, seat: Seat) -> list[tuple[int, Seat]]:
    out: list[tuple[int, Seat]] = []
    for p in range(n_provinces()):
        if s.military(p, seat):
            out.extend((p, q) for q in range(s.players) if s.enemy(seat, q) and s.military(p, q))
    return out


# -- legal actions ------------------------------------------------------------------------


def legal(s: State) -> list[Action]:
    """Every choice of `s.actor` now."""
    seat = s.actor
    step = s.step
    if step is Step.ACTION:
        return menu(s, seat)
    if step is Step.MOVE:
        return move_step(s, seat)
    if step is Step.CASUALTY:
        return [Casualty(q, UNITS[u], loc_key(loc)) for q, u, loc in battle.casualty_options(s)]
    if step is Step.BID:
        a = s.auction
        assert a is not None
        bids: list[Action] = [Bid(x) for x in season.bid_amounts(s, seat)]
        return bids if a.bid < 0 else [Pass(), *bids]
    if step is Step.NAME_A:
        return [NameSeat(q) for q in season.unplaced(s)]
    if step is Step.NAME_B:
        assert s.auction is not None
        return [NameSeat(q) for q in season.unplaced(s) if q != s.auction.name_a]
    if step is Step.RETREAT:
        return [Continue(), Retreat()] if battle.can_retreat(s, seat) else [Continue()]
    if step is Step.RETREAT_TO:
        b = s.battle
        assert b is not None
        only = not battle.land_alive(s, b, seat)
        return [RetreatTo(loc_key(p)) for p in battle.retreat_targets(s, seat, only)]
    if step in (Step.LEND, Step.GALLEYS):
        return [Lend() if step is Step.LEND else JoinGalleys(), Decline()]
    if step is Step.CARDS:
        b = s.battle
        assert b is not None
        return [*(PlayCard(c) for c in battle.usable_cards(s, b, seat)), Done()]
    if step is Step.NAVAL:
        return naval_step(s, seat)
    if step is Step.NAVAL_TARGET:
        assert s.act is not None
        return [*(NavalBattle(q) for q in naval_foes(s, seat, s.act.zone)), Done()]
    if step is Step.RECRUIT:
        out: list[Action] = [RecruitAt(loc_key(loc)) for loc in recruit_places(s, seat)]
        assert s.act is not None
        return [*out, Done()] if s.act.moved else out  # a recruit brings at least 1 unit
    if step is Step.RECRUIT_UNIT:
        assert s.act is not None
        loc = s.act.place
        return [
            RecruitUnits(UNITS[u], k) for u in recruit_types(s, seat, loc)
            for k in range(1, min(s.pool(seat, u), s.talents[seat] // COST[u]) + 1)
        ]
    if step is Step.CARD_TARGET:
        return card_target_actions(s, seat)
    if step is Step.VETO:
        return [Veto(), Decline()]
    if step is Step.CURSUS:
        assert s.act is not None
        leader = UNIT_INDEX[s.act.card]
        return [MoveLeader(loc_key(d)) for o, u, d in season.cursus_moves(s, seat)
                if o == s.act.origin and u == leader]
    if step is Step.VOTE:
        return [Pass(), *(ShowSenators(t) for t in cards.senator_sets(s, seat))]
    if step is Step.VOTE_EFFECT:
        assert s.vote is not None
        targets = cards.vote_targets(s, seat, s.vote.card)
        if s.vote.card == "imperium_proconsulare":
            return [TakeToken(k) for k in targets]
        return [NameSeat(int(q)) for q in targets]
    if step is Step.MAINTENANCE:
        return [PayMaintenance(), Decline()]
    if step is Step.DRAFT:
        return [PickHomeland(k) for k in season.draft_choices(s)]
    return []


def card_target_actions(s: State, seat: Seat) -> list[Action]:
    assert s.act is not None
    card = s.act.card
    options = cards.target_options(s, seat)
    if card == "proscriptio":
        return [Proscribe(p, int(q)) for p, q in options]
    if card == "tempestas":
        return [SinkGalley(z, int(q)) for z, q in options]
    if card == "seditio":
        return [NameSeat(int(q)) for (q,) in options]
    return [PlaceAt(k) for (k,) in options]


# -- applying ------------------------------------------------------------------------------


def play(s: State, seat: Seat, a: Action, events: list[Event]) -> None:
    """Carry out a legal action on `s` (already a copy)."""
    step = s.step
    if step is Step.ACTION:
        play_menu(s, seat, a, events)
    elif step is Step.MOVE:
        if isinstance(a, MoveUnits):
            move_units(s, seat, UNIT_INDEX[a.unit], a.count, events)
        elif isinstance(a, MoveTo):
            assert s.act is not None
            s.act = replace(s.act, dest=loc_of(a.dest), sea=a.by_sea, sent=0)
        elif isinstance(a, LandMove):
            start_move(s, seat, loc_of(a.origin), events)
        else:
            season.finish_action(s, events)
    elif step is Step.CASUALTY:
        assert isinstance(a, Casualty)
        battle.take_casualty(s, (a.seat, UNIT_INDEX[a.unit], loc_of(a.place)), events)
    elif step is Step.BID:
        if isinstance(a, Bid):
            season.place_bid(s, seat, a.amount, events)
        else:
            season.pass_auction(s, seat, events)
    elif step in (Step.NAME_A, Step.NAME_B):
        assert isinstance(a, NameSeat)
        season.name_position(s, seat, a.seat, events)
    elif step is Step.RETREAT:
        battle.decide(s, seat, isinstance(a, Retreat), events)
    elif step is Step.RETREAT_TO:
        assert isinstance(a, RetreatTo)
        battle.retreat_to(s, loc_of(a.province), events)
    elif step in (Step.LEND, Step.GALLEYS):
        battle.answer(s, seat, not isinstance(a, Decline), events)
    elif step is Step.CARDS:
        if isinstance(a, PlayCard):
            battle.play_card(s, seat, a.card, events)
        else:
            battle.cards_done(s, seat, events)
    elif step is Step.NAVAL:
        assert s.act is not None
        if isinstance(a, MoveGalleys):
            move_galleys(s, seat, board().sea_index[a.origin], a.count, events)
        else:
            after_naval(s, seat, events)
    elif step is Step.NAVAL_TARGET:
        assert s.act is not None
        if isinstance(a, NavalBattle):
            battle.start_battle(s, seat, a.defender, n_provinces() + s.act.zone, True, events)
        else:
            season.finish_action(s, events)
    elif step is Step.RECRUIT:
        if isinstance(a, RecruitAt):
            assert s.act is not None
            s.act = replace(s.act, place=loc_of(a.place))
            s.step = Step.RECRUIT_UNIT
        else:
            end_recruit(s, seat, events)
    elif step is Step.RECRUIT_UNIT:
        assert isinstance(a, RecruitUnits)
        recruit_units(s, seat, UNIT_INDEX[a.unit], a.count, events)
    elif step is Step.CARD_TARGET:
        play_card_target(s, seat, a, events)
    elif step is Step.VETO:
        cards.answer_veto(s, seat, isinstance(a, Veto), events)
    elif step is Step.CURSUS:
        assert isinstance(a, MoveLeader) and s.act is not None
        leader = UNIT_INDEX[s.act.card]
        dest = loc_of(a.dest)
        s.shift(s.act.origin, dest, seat, leader, 1)
        events.append(event("leader_moved", seat=seat, unit=s.act.card,
                            origin=loc_key(s.act.origin), dest=a.dest, card="cursus_publicus"))
        s.act = None
        season.after_step(s, events)
    elif step is Step.VOTE:
        if isinstance(a, ShowSenators):
            cards.show(s, seat, a.senators, events)
        else:
            cards.pass_vote(s, seat, events)
    elif step is Step.VOTE_EFFECT:
        if isinstance(a, TakeToken):
            cards.vote_effect(s, seat, a.province, events)
        elif isinstance(a, NameSeat):
            cards.vote_effect(s, seat, str(a.seat), events)
    elif step is Step.MAINTENANCE:
        season.answer_maintenance(s, seat, isinstance(a, PayMaintenance), events)
    elif step is Step.DRAFT:
        assert isinstance(a, PickHomeland)
        season.pick_homeland(s, seat, a.province, events)


def play_menu(s: State, seat: Seat, a: Action, events: list[Event]) -> None:
    if isinstance(a, BuyInfluence):
        cards.buy(s, seat, board().province_index[a.province], a.leader, a.sources, events)
    elif isinstance(a, LandMove):
        start_move(s, seat, loc_of(a.origin), events)
    elif isinstance(a, NavalMove):
        start_naval(s, seat, board().sea_index[a.zone], events)
    elif isinstance(a, SpecialTax):
        s.talents[seat] += a.amount
        s.chaos[seat] += a.amount // 5
        events.append(event("special_tax", seat=seat, talents=a.amount, chaos=a.amount // 5))
        season.finish_action(s, events)
    elif isinstance(a, Recruit):
        if a.dilectus:
            s.spend(seat, "dilectus")
            events.append(event("card_used", seat=seat, card="dilectus"))
        s.act = Act(kind="recruit", free=a.dilectus)
        s.step = Step.RECRUIT
    elif isinstance(a, AcquireCard):
        cards.acquire(s, seat, a.card, events)
    elif isinstance(a, LandBattle):
        battle.start_battle(s, seat, a.defender, loc_of(a.province), False, events)
    elif isinstance(a, PassAction):
        s.last_pass[seat] = s.turn
        events.append(event("action_passed", seat=seat))
        season.finish_action(s, events)
    elif isinstance(a, EndTurn):
        events.append(event("turn_ended", seat=seat))
        season.end_turn(s, events)
    elif isinstance(a, CallVote):
        cards.call_vote(s, seat, a.card, events)
    elif isinstance(a, UseAnnona):
        cards.use_annona(s, seat, events)
    elif isinstance(a, UseCursus):
        s.spend(seat, "cursus_publicus")
        s.act = Act(kind="cursus", origin=loc_of(a.origin), card=a.leader)
        s.step = Step.CURSUS


def play_card_target(s: State, seat: Seat, a: Action, events: list[Event]) -> None:
    if isinstance(a, PlaceAt):
        cards.place_at(s, seat, a.place, events)
    elif isinstance(a, Proscribe):
        cards.proscribe(s, seat, board().province_index[a.province], a.seat, events)
    elif isinstance(a, NameSeat):
        cards.name_target(s, seat, a.seat, events)
    elif isinstance(a, SinkGalley):
        cards.sink(s, seat, board().sea_index[a.zone], a.seat, events)


_ = CAESAR, GENERAL
