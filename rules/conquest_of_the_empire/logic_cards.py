"""Cards and the Senate: acquiring a card and resolving it (3.2), buying influence with the
Tribunus Plebis' veto window, and Senate votes (3.4)."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from rules.conquest_of_the_empire.components import (
    AERARIUM_TALENTS,
    ANNONA_RELIEF,
    CITIES_TOTAL,
    COMMERCIUM_MAX,
    COMMERCIUM_PER_GALLEY,
    DESIGNS,
    GALLEY,
    GENERAL,
    HOSTIS_PUBLICUS_CHAOS,
    IMMEDIATE,
    INFLUENCE_COST,
    LEX_FRUMENTARIA_RELIEF,
    LUDI_RELIEF,
    METALLA_MAX,
    METALLA_PER_GOLD,
    PLACEMENT,
    SEDITIO_CHAOS,
    SENATOR,
    TRIUMPHUS_VP,
    UNITS,
    board,
)
from rules.conquest_of_the_empire.logic_board import (
    caesar_province,
    dominated,
    dominator,
    galleys_on_board,
    leader_provinces,
    loc_key,
    n_provinces,
)
from rules.conquest_of_the_empire.logic_season import after_step, finish_action
from rules.conquest_of_the_empire.state import NEUTRAL, NO_CITY, Act, State, Step, Vote
from rules.core import Event, Seat, event

PRINTED_CITIES = 10


# -- acquiring --------------------------------------------------------------------------


def printed_cities() -> int:
    return sum(1 for p in board().provinces if p.city)


def cities_left(s: State) -> int:
    return CITIES_TOTAL - printed_cities() - s.cities_built


def card_targets(s: State, seat: Seat, design: str) -> list[tuple[str, ...]]:
    """The choices a card resolved at once offers (empty: it needs none or has none)."""
    b = board()
    base = n_provinces()
    if design in ("equites_numidae", "auxilia"):
        return [(loc_key(p),) for p in leader_provinces(s, seat)]
    if design == "classis":
        zones = sorted({z for p in leader_provinces(s, seat) for z in b.provinces[p].seas})
        return [(loc_key(base + z),) for z in zones]
    if design == "colonia":
        if cities_left(s) <= 0:
            return []
        return [(p.key,) for p in b.provinces
                if s.city[p.index] == NO_CITY and s.military(p.index, seat)
                and dominator(s, p.index) == seat]
    if design == "proscriptio":
        return [
            (b.provinces[p].key, str(q))
            for p in leader_provinces(s, seat) if b.provinces[p].tiers
            for q in range(s.players) if s.enemy(seat, q) and s.inf(p, q)
        ]
    if design == "seditio":
        return [(str(q),) for q in range(s.players) if s.enemy(seat, q)]
    if design == "tempestas":
        return [
            (b.seas[z].key, str(q)) for z in range(len(b.seas))
            for q in range(s.players) if s.enemy(seat, q) and s.galleys(base + z, q)
        ]
    return []


NEEDS_TARGET = ("colonia", "proscriptio", "seditio", "tempestas")


def can_acquire(s: State, seat: Seat, design: str) -> bool:
    d = DESIGNS.get(design)
    if d is None or s.card_turn[seat] == s.turn:
        return False
    if design not in s.market and design not in s.votes_offer:
        return False
    if d.cost > s.talents[seat]:
        return False
    cost = d.cost + (INFLUENCE_COST if design == "proscriptio" else 0)
    if s.talents[seat] < cost:
        return False
    return design not in NEEDS_TARGET or bool(card_targets(s, seat, design))


def acquirable(s: State, seat: Seat) -> list[str]:
    if s.card_turn[seat] == s.turn:
        return []
    return [d for d in sorted(set(s.market) | set(s.votes_offer)) if can_acquire(s, seat, d)]


def acquire(s: State, seat: Seat, design: str, events: list[Event]) -> None:
    d = DESIGNS[design]
    s.talents[seat] -= d.cost
    s.card_turn[seat] = s.turn
    if design in s.votes_offer:
        s.votes_offer = tuple(v for v in s.votes_offer if v != design)
    else:
        market = list(s.market)
        market.remove(design)
        s.market = tuple(market)
    events.append(event("card_acquired", seat=seat, card=design, cost=d.cost))
    if d.symbol == SENATOR:
        s.senators[seat] = tuple(sorted((*s.senators[seat], d.value)))
        finish_action(s, events)
        return
    if d.symbol != IMMEDIATE:
        s.owned[seat] = (*s.owned[seat], (design, True))
        finish_action(s, events)
        return
    s.removed += 1
    resolve_immediate(s, seat, design, events)


def resolve_immediate(s: State, seat: Seat, design: str, events: list[Event]) -> None:
    if design in PLACEMENT:
        unit, n = PLACEMENT[design]
        left = min(n, s.pool(seat, unit))
        if left and card_targets(s, seat, design):
            s.act = Act(kind="card", card=design, left=left)
            s.step = Step.CARD_TARGET
            return
        events.append(event("card_effect", seat=seat, card=design, placed=0))
    elif design in NEEDS_TARGET:
        s.act = Act(kind="card", card=design, left=1)
        s.step = Step.CARD_TARGET
        return
    elif design == "legatus":
        home = caesar_province(s, seat)
        placed = 1 if s.pool(seat, GENERAL) and home >= 0 else 0
        if placed:
            s.put(home, seat, GENERAL, 1)
        events.append(event("card_effect", seat=seat, card=design, placed=placed,
                            province=loc_key(home) if home >= 0 else None))
    elif design == "commercium":
        gain = min(COMMERCIUM_MAX, COMMERCIUM_PER_GALLEY * galleys_on_board(s, seat))
        s.talents[seat] += gain
        events.append(event("card_effect", seat=seat, card=design, talents=gain))
    elif design == "metalla":
        gold = dominated(s, seat, "E", "G") + dominated(s, seat, "A", "G")
        gain = min(METALLA_MAX, METALLA_PER_GOLD * gold)
        s.talents[seat] += gain
        events.append(event("card_effect", seat=seat, card=design, talents=gain))
    elif design == "ludi":
        relief = min(LUDI_RELIEF, s.chaos[seat])
        s.chaos[seat] -= relief
        events.append(event("card_effect", seat=seat, card=design, chaos=-relief))
    finish_action(s, events)


def target_options(s: State, seat: Seat) -> list[tuple[str, ...]]:
    assert s.act is not None
    return card_targets(s, seat, s.act.card)


def place_at(s: State, seat: Seat, key: str, events: list[Event]) -> None:
    from rules.conquest_of_the_empire.logic_board import loc_of

    act = s.act
    assert act is not None
    loc = loc_of(key)
    if act.card == "colonia":
        s.city[loc] = seat
        s.cities_built += 1
        events.append(event("city_built", seat=seat, province=key))
        finish_action(s, events)
        return
    unit, _ = PLACEMENT[act.card]
    s.put(loc, seat, unit, 1 if unit == GALLEY else act.left)
    placed = 1 if unit == GALLEY else act.left
    events.append(event("units_placed", seat=seat, card=act.card, place=key,
                        unit=UNITS[unit], count=placed))
    left = act.left - placed
    if left > 0:
        s.act = replace(act, left=left)
        return
    finish_action(s, events)


def name_target(s: State, seat: Seat, q: Seat, events: list[Event]) -> None:
    """Seditio's victim."""
    s.chaos[q] += SEDITIO_CHAOS
    events.append(event("card_effect", seat=seat, card="seditio", target=q, chaos=SEDITIO_CHAOS))
    finish_action(s, events)


def sink(s: State, seat: Seat, zone: int, q: Seat, events: list[Event]) -> None:
    s.put(n_provinces() + zone, q, GALLEY, -1)
    events.append(event("galley_sunk", seat=seat, target=q, zone=board().seas[zone].key))
    finish_action(s, events)


# -- buying influence and the Tribune's veto ----------------------------------------------


def buy_options(s: State, seat: Seat) -> list[tuple[str, str, tuple[int, ...]]]:
    """(province, leader, sources) for every purchase the seat may make."""
    from rules.conquest_of_the_empire.components import CAESAR

    out: list[tuple[str, str, tuple[int, ...]]] = []
    afford = s.talents[seat] // INFLUENCE_COST
    if afford < 1:
        return out
    b = board()
    for p in leader_provinces(s, seat):
        prov = b.provinces[p]
        if not prov.tiers:
            continue
        avail = {NEUTRAL: s.neutral[p]} if s.neutral[p] else {}
        for q in range(s.players):
            if s.enemy(seat, q) and s.inf(p, q) and not s.military(p, q):
                avail[q] = s.inf(p, q)
        if not avail:
            continue
        ones = [(src,) for src in sorted(avail)]
        twos = [
            (a, c) for a, c in product(sorted(avail), repeat=2)
            if a <= c and (a != c or avail[a] >= 2)
        ] if afford >= 2 else []
        if s.at(p, seat, CAESAR):
            out.extend((prov.key, "caesar", src) for src in ones + twos)
        if s.at(p, seat, GENERAL):
            out.extend((prov.key, "general", src) for src in ones)
            if s.ready(seat, "clientela"):
                out.extend((prov.key, "general", src) for src in twos)
    return out


def buy(s: State, seat: Seat, province: int, leader: str, sources: tuple[int, ...],
        events: list[Event]) -> None:
    if leader == "general" and len(sources) == 2:
        s.spend(seat, "clientela")
        events.append(event("card_used", seat=seat, card="clientela"))
    s.act = Act(kind="buy", province=province, sources=sources, price=INFLUENCE_COST)
    ask_veto(s, seat, events)


def ask_veto(s: State, seat: Seat, events: list[Event]) -> None:
    act = s.act
    assert act is not None
    for q in s.order:
        if q != seat and q in act.sources and s.ready(q, "tribunus_plebis"):
            s.step = Step.VETO
            s.actor = q
            return
    complete_purchase(s, seat, events)


def answer_veto(s: State, seat: Seat, veto: bool, events: list[Event]) -> None:
    act = s.act
    assert act is not None
    buyer = s.current
    if veto:
        s.spend(seat, "tribunus_plebis")
        kept = tuple(x for x in act.sources if x != seat)
        events.append(event("purchase_vetoed", seat=seat, buyer=buyer,
                            points=len(act.sources) - len(kept)))
        s.act = replace(act, sources=kept)
    else:
        events.append(event("veto_declined", seat=seat))
    complete_purchase(s, buyer, events)


def complete_purchase(s: State, seat: Seat, events: list[Event]) -> None:
    act = s.act
    assert act is not None
    p = act.province
    for src in act.sources:
        s.talents[seat] -= act.price
        if src == NEUTRAL:
            s.neutral[p] -= 1
        else:
            s.add_inf(p, src, -1)
        s.add_inf(p, seat, 1)
    events.append(event("influence_bought", seat=seat, province=loc_key(p),
                        sources=list(act.sources), talents=act.price * len(act.sources)))
    finish_action(s, events)


def proscribe(s: State, seat: Seat, province: int, q: Seat, events: list[Event]) -> None:
    s.act = Act(kind="buy", province=province, sources=(q,), price=INFLUENCE_COST)
    ask_veto(s, seat, events)


# -- free steps -----------------------------------------------------------------------------


def use_annona(s: State, seat: Seat, events: list[Event]) -> None:
    s.spend(seat, "annona")
    relief = min(ANNONA_RELIEF, s.chaos[seat])
    s.chaos[seat] -= relief
    events.append(event("card_used", seat=seat, card="annona", chaos=-relief))
    after_step(s, events)


# -- Senate votes ---------------------------------------------------------------------------


def call_vote(s: State, seat: Seat, card: str, events: list[Event]) -> None:
    s.spend(seat, card)
    s.vote = Vote(card=card, caller=seat, asked=seat, shows=((),) * s.players)
    s.step = Step.VOTE
    s.actor = seat
    events.append(event("vote_called", seat=seat, card=card))


def senator_sets(s: State, seat: Seat) -> list[tuple[int, ...]]:
    """Every distinct set of the seat's senators whose total beats the best showing."""
    v = s.vote
    assert v is not None
    counts: dict[int, int] = {}
    for x in s.senators[seat]:
        counts[x] = counts.get(x, 0) + 1
    values = sorted(counts)
    out = []
    for takes in product(*(range(counts[x] + 1) for x in values)):
        total = sum(x * k for x, k in zip(values, takes, strict=True))
        if total > v.best:
            out.append(tuple(x for x, k in zip(values, takes, strict=True) for _ in range(k)))
    out.sort(key=lambda t: (sum(t), t))
    return out


def next_voter(s: State, seat: Seat) -> Seat:
    i = s.order.index(seat)
    return s.order[(i + 1) % s.players]


def show(s: State, seat: Seat, senators: tuple[int, ...], events: list[Event]) -> None:
    v = s.vote
    assert v is not None
    shows = list(v.shows)
    shows[seat] = senators
    events.append(event("senators_shown", seat=seat, senators=list(senators),
                        total=sum(senators)))
    s.vote = replace(v, shows=tuple(shows), best=sum(senators), leader=seat, passes=0,
                     asked=next_voter(s, seat))
    s.actor = s.vote.asked


def pass_vote(s: State, seat: Seat, events: list[Event]) -> None:
    v = s.vote
    assert v is not None
    events.append(event("vote_pass", seat=seat))
    passes = v.passes + 1
    if passes >= (s.players - 1 if v.leader >= 0 else s.players):
        s.vote = replace(v, passes=passes)
        resolve_vote(s, events)
        return
    s.vote = replace(v, passes=passes, asked=next_voter(s, seat))
    s.actor = s.vote.asked


def italia_leader(s: State) -> Seat:
    p = board().province_index["italia"]
    values = [s.inf(p, q) for q in range(s.players)]
    best = max(values)
    if best < 1 or values.count(best) > 1:
        return -1
    return values.index(best)


def resolve_vote(s: State, events: list[Event]) -> None:
    v = s.vote
    assert v is not None
    if v.leader < 0:
        events.append(event("vote_result", card=v.card, winner=None))
        s.vote = None
        after_step(s, events)
        return
    winner = v.leader
    shown = list(v.shows[winner])
    hand = list(s.senators[winner])
    for x in shown:
        hand.remove(x)
    s.senators[winner] = tuple(hand)
    taker = italia_leader(s)
    taken = None
    if taker >= 0:
        taken = shown.pop(s.rng.below(len(shown)))
        s.senators[taker] = tuple(sorted((*s.senators[taker], taken)))
    s.removed += len(shown)
    events.append(event("vote_result", card=v.card, winner=winner, total=v.best,
                        spent=list(v.shows[winner]), italia=taker if taker >= 0 else None,
                        senator_taken=taken))
    card = v.card
    if card == "lex_frumentaria":
        relief = min(LEX_FRUMENTARIA_RELIEF, s.chaos[winner])
        s.chaos[winner] -= relief
        events.append(event("vote_effect", card=card, seat=winner, chaos=-relief))
    elif card == "aerarium":
        s.talents[winner] += AERARIUM_TALENTS
        events.append(event("vote_effect", card=card, seat=winner, talents=AERARIUM_TALENTS))
    elif card == "triumphus":
        s.vp[winner] += TRIUMPHUS_VP
        events.append(event("vote_effect", card=card, seat=winner, vp=TRIUMPHUS_VP))
    elif card in ("imperium_proconsulare", "hostis_publicus") and vote_targets(s, winner, card):
        s.step = Step.VOTE_EFFECT
        s.actor = winner
        return
    s.vote = None
    after_step(s, events)


def vote_targets(s: State, winner: Seat, card: str) -> list[str]:
    if card == "imperium_proconsulare":
        return [p.key for p in board().provinces if s.neutral[p.index]]
    return [str(q) for q in range(s.players) if q != winner]


def vote_effect(s: State, seat: Seat, target: str, events: list[Event]) -> None:
    v = s.vote
    assert v is not None
    if v.card == "imperium_proconsulare":
        p = board().province_index[target]
        s.neutral[p] -= 1
        s.add_inf(p, seat, 1)
        events.append(event("vote_effect", card=v.card, seat=seat, province=target))
    else:
        q = int(target)
        s.chaos[q] += HOSTIS_PUBLICUS_CHAOS
        events.append(event("vote_effect", card=v.card, seat=seat, target=q,
                            chaos=HOSTIS_PUBLICUS_CHAOS))
    s.vote = None
    after_step(s, events)


__all__ = ["PRINTED_CITIES", "acquirable", "acquire", "buy_options", "call_vote"]
