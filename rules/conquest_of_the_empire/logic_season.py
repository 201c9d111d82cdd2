"""The frame of the game: setup, the homeland draft, the start of a season (tokens, card
offer), the alliance auctions, turns and their end, and the end-of-season scoring in the
seed's order (taxes, maintenance, key VP, domination VP, cities, chaos penalty)."""

from __future__ import annotations

from rules.conquest_of_the_empire.components import (
    ACTIONS_PER_TURN,
    CAVALRY,
    CHAOS_PENALTY,
    CITY_CHAOS_RELIEF,
    DESIGNS,
    DOMINATION_VP,
    GALLEY,
    HOME_SEA,
    HOMELAND_SETS,
    INFLUENCE_COST,
    MAINTENANCE,
    MAINTENANCE_CHAOS,
    MAINTENANCE_FEE,
    PUBLICANI_TALENTS,
    RETURNING,
    SEASONS,
    START_ARMY,
    START_INFLUENCE,
    START_SENATORS,
    START_TALENTS,
    SUPPLY,
    TAX_PER_INFLUENCE,
    TOKENS,
    TURNS,
    UNIT_TYPES,
    VOTE,
    board,
    deck,
)
from rules.conquest_of_the_empire.logic_board import (
    NOBODY,
    check_cities,
    cities_held,
    dominated_counts,
    leader_provinces,
    loc_key,
    n_provinces,
)
from rules.conquest_of_the_empire.state import (
    NO_CITY,
    UNHELD,
    Auction,
    Maintenance,
    State,
    Step,
)
from rules.core import Event, Rng, Seat, event

_ = CAVALRY, INFLUENCE_COST  # re-exported names used by sibling modules


def new_state(players: int, seed: int, draft: bool, events: list[Event]) -> State:
    b = board()
    rng = Rng(seed)
    locs = len(b.provinces) + len(b.seas)
    cards = deck()
    rng.shuffle(cards)
    bag = [b.province_index[k] for k, n in TOKENS.items() for _ in range(n)]
    rng.shuffle(bag)
    s = State(
        players=players, rng=rng, draft=draft, step=Step.DRAFT, actor=0, season=0, turn=0,
        pos=0, actions_done=0, order=(), first_opener=0, homeland=[-1] * players,
        draft_order=(), units=[0] * (locs * players * UNIT_TYPES),
        supply=[n for _ in range(players) for n in SUPPLY],
        influence=[0] * (len(b.provinces) * players), neutral=[0] * len(b.provinces),
        city=[UNHELD if p.city else NO_CITY for p in b.provinces], cities_built=0,
        talents=[START_TALENTS] * players, chaos=[0] * players, vp=[0] * players,
        senators=[START_SENATORS] * players, owned=[()] * players, market=(),
        votes_offer=tuple(sorted(k for k, d in DESIGNS.items() if d.symbol == VOTE)),
        deck=cards, bag=bag, removed=0, last_pass=[0] * players, card_turn=[0] * players,
        sides=(-1,) * players,
    )
    homes = HOMELAND_SETS[players]
    if draft:
        seats = list(range(players))
        rng.shuffle(seats)
        s.draft_order = tuple(reversed(seats))
        s.actor = s.draft_order[0]
        events.append(event("draft_started", order=list(s.draft_order), homelands=list(homes)))
        return s
    picks = list(homes)
    rng.shuffle(picks)
    for seat, key in enumerate(picks):
        s.homeland[seat] = b.province_index[key]
    begin_game(s, events)
    return s


def draft_choices(s: State) -> list[str]:
    taken = {board().provinces[h].key for h in s.homeland if h >= 0}
    return [k for k in HOMELAND_SETS[s.players] if k not in taken]


def pick_homeland(s: State, seat: Seat, key: str, events: list[Event]) -> None:
    s.homeland[seat] = board().province_index[key]
    events.append(event("homeland_picked", seat=seat, province=key))
    picked = sum(1 for h in s.homeland if h >= 0)
    if picked < s.players:
        s.actor = s.draft_order[picked]
        return
    begin_game(s, events)


def begin_game(s: State, events: list[Event]) -> None:
    """Armies, galleys, influence and cities in the homelands, then season 1."""
    b = board()
    for seat, home in enumerate(s.homeland):
        for unit, n in START_ARMY:
            s.put(home, seat, unit, n)
        s.put(s.sea_loc(b.sea_index[HOME_SEA[b.provinces[home].key]]), seat, GALLEY, 1)
        s.add_inf(home, seat, START_INFLUENCE)
        if s.city[home] != NO_CITY:
            s.city[home] = seat
    s.first_opener = s.rng.below(s.players)
    events.append(event(
        "game_started", players=s.players,
        homelands=[b.provinces[h].key for h in s.homeland], first_opener=s.first_opener,
    ))
    start_season(s, events)


# -- seasons --------------------------------------------------------------------------


def start_season(s: State, events: list[Event]) -> None:
    s.season += 1
    s.turn = 0
    s.pos = 0
    s.actions_done = 0
    s.set_order(())
    s.last_pass = [0] * s.players
    s.card_turn = [0] * s.players
    events.append(event("season_started", season=s.season))
    # 1. province tokens
    drawn = []
    for _ in range(min(2 * s.players, len(s.bag))):
        p = s.bag.pop()
        s.neutral[p] += 1
        drawn.append(loc_key(p))
    events.append(event("tokens_drawn", provinces=drawn))
    # 2. the card offer: unbought cards leave the game, circle cards stay
    kept = tuple(c for c in s.market if DESIGNS[c].symbol == RETURNING)
    discarded = [c for c in s.market if DESIGNS[c].symbol != RETURNING]
    s.removed += len(discarded)
    revealed = [s.deck.pop() for _ in range(min(2 * s.players, len(s.deck)))]
    s.market = tuple(sorted(kept + tuple(revealed)))
    events.append(event("cards_revealed", cards=revealed, discarded=discarded,
                        market=list(s.market)))
    # 3. the alliance auctions
    open_auction(s, s.first_opener, events)


def open_auction(s: State, opener: Seat, events: list[Event]) -> None:
    s.auction = Auction(opener=opener, asked=opener)
    s.step = Step.BID
    s.actor = opener
    events.append(event("auction_opened", opener=opener, unplaced=unplaced(s)))


def unplaced(s: State) -> list[Seat]:
    return [p for p in range(s.players) if p not in s.order]


def bid_amounts(s: State, seat: Seat) -> list[int]:
    a = s.auction
    assert a is not None
    low = 0 if a.bid < 0 else a.bid + 5
    return list(range(low, s.talents[seat] + 1, 5))


def place_bid(s: State, seat: Seat, amount: int, events: list[Event]) -> None:
    from dataclasses import replace

    assert s.auction is not None
    s.auction = replace(s.auction, amount=amount)
    s.step = Step.NAME_A


def name_position(s: State, seat: Seat, who: Seat, events: list[Event]) -> None:
    from dataclasses import replace

    a = s.auction
    assert a is not None
    if s.step is Step.NAME_A:
        s.auction = replace(a, name_a=who)
        s.step = Step.NAME_B
        return
    s.auction = Auction(
        opener=a.opener, asked=(seat + 1) % s.players, bid=a.amount, proposer=seat,
        a=a.name_a, b=who, passes=0,
    )
    events.append(event("auction_bid", seat=seat, amount=a.amount, a=a.name_a, b=who))
    s.step = Step.BID
    s.actor = s.auction.asked


def pass_auction(s: State, seat: Seat, events: list[Event]) -> None:
    from dataclasses import replace

    a = s.auction
    assert a is not None
    events.append(event("auction_pass", seat=seat))
    passes = a.passes + 1
    if passes < s.players - 1:
        s.auction = replace(a, passes=passes, asked=(seat + 1) % s.players)
        s.actor = s.auction.asked
        return
    s.talents[a.proposer] -= a.bid
    s.set_order((*s.order, a.a, a.b))
    events.append(event("auction_won", seat=a.proposer, amount=a.bid, a=a.a, b=a.b,
                        positions=[len(s.order) - 1, len(s.order)]))
    rest = unplaced(s)
    if len(rest) == 1:
        s.set_order((*s.order, rest[0]))
        events.append(event("last_position", seat=rest[0], position=len(s.order)))
        rest = []
    if rest:
        open_auction(s, (a.opener + 1) % s.players, events)
        return
    s.auction = None
    events.append(event(
        "season_order", order=list(s.order),
        sides=[[p for i, p in enumerate(s.order) if i % 2 == k] for k in (0, 1)],
    ))
    s.turn = 1
    s.pos = 0
    begin_turn(s, events)


# -- turns ----------------------------------------------------------------------------


def begin_turn(s: State, events: list[Event]) -> None:
    s.actions_done = 0
    s.act = None
    s.step = Step.ACTION
    s.actor = s.current
    events.append(event("turn_started", seat=s.actor, turn=s.turn, position=s.pos + 1))


def has_free_step(s: State, seat: Seat) -> bool:
    """A ready Senate Vote card, Annona, or a Cursus Publicus with a leader to move."""
    for design, ready in s.owned[seat]:
        if not ready:
            continue
        if DESIGNS[design].symbol == VOTE or design == "annona":
            return True
        if design == "cursus_publicus" and cursus_moves(s, seat):
            return True
    return False


def cursus_moves(s: State, seat: Seat) -> list[tuple[int, int, int]]:
    """(origin, leader type, destination) for every leader move Cursus Publicus allows."""
    from rules.conquest_of_the_empire.components import CAESAR, GENERAL

    targets = [p for p in range(n_provinces()) if s.military(p, seat)]
    out: list[tuple[int, int, int]] = []
    for p in leader_provinces(s, seat):
        for leader in (CAESAR, GENERAL):
            if s.at(p, seat, leader):
                out.extend((p, leader, t) for t in targets if t != p)
    return out


def finish_action(s: State, events: list[Event]) -> None:
    """An action is over: cities change hands, then the turn goes on."""
    s.act = None
    s.battle = None
    check_cities(s, events)
    s.actions_done += 1
    after_step(s, events)


def after_step(s: State, events: list[Event]) -> None:
    """Back to the seat's menu, or on to the next seat when it has nothing left to do."""
    seat = s.current
    s.step = Step.ACTION
    s.actor = seat
    if s.actions_done < ACTIONS_PER_TURN or has_free_step(s, seat):
        return
    end_turn(s, events)


def end_turn(s: State, events: list[Event]) -> None:
    s.pos += 1
    if s.pos == s.players:
        s.pos = 0
        s.turn += 1
        if s.turn > TURNS:
            end_season(s, events)
            return
    begin_turn(s, events)


# -- end of season ---------------------------------------------------------------------


def end_season(s: State, events: list[Event]) -> None:
    s.turn = 0
    s.act = None
    check_cities(s, events)
    # Phase 5.1: taxes
    gains = []
    for seat in range(s.players):
        total = 0
        for p in range(n_provinces()):
            k = s.inf(p, seat)
            if k:
                total += TAX_PER_INFLUENCE * k * (2 if s.city[p] == seat else 1)
        total += PUBLICANI_TALENTS * sum(1 for d, _ in s.owned[seat] if d == "publicani")
        s.talents[seat] += total
        gains.append(total)
    events.append(event("taxes", season=s.season, talents=gains))
    s.maintenance = Maintenance(check=-1, queue=())
    next_maintenance(s, events)


def maintenance_dominators(s: State, check: int) -> list[Seat]:
    region, coin = MAINTENANCE[check]
    table = dominated_counts(s)
    counts = [table[seat][f"{region}_{coin}"] for seat in range(s.players)]
    best = max(counts)
    if best < 1:
        return []
    return [seat for seat in s.order if counts[seat] == best]


def next_maintenance(s: State, events: list[Event]) -> None:
    """Walk the maintenance checks; stop at the next seat that must choose."""
    from dataclasses import replace

    m = s.maintenance
    assert m is not None
    while True:
        if not m.queue:
            if m.check + 1 >= len(MAINTENANCE):
                s.maintenance = m
                score_season(s, events)
                return
            check = m.check + 1
            m = replace(m, check=check, queue=tuple(maintenance_dominators(s, check)))
            region, coin = MAINTENANCE[check]
            events.append(event("maintenance_check", region=region, coin=coin,
                                fee=MAINTENANCE_FEE[coin], seats=list(m.queue)))
            continue
        seat = m.queue[0]
        fee = MAINTENANCE_FEE[MAINTENANCE[m.check][1]]
        if s.talents[seat] >= fee:
            s.maintenance = m
            s.step = Step.MAINTENANCE
            s.actor = seat
            return
        s.chaos[seat] += MAINTENANCE_CHAOS
        events.append(event("maintenance_unpaid", seat=seat, chaos=MAINTENANCE_CHAOS,
                            coin=MAINTENANCE[m.check][1], region=MAINTENANCE[m.check][0]))
        m = replace(m, queue=m.queue[1:])


def answer_maintenance(s: State, seat: Seat, pay: bool, events: list[Event]) -> None:
    from dataclasses import replace

    m = s.maintenance
    assert m is not None
    region, coin = MAINTENANCE[m.check]
    if pay:
        s.talents[seat] -= MAINTENANCE_FEE[coin]
        m = replace(m, paid=(*m.paid, (seat, m.check)))
        events.append(event("maintenance_paid", seat=seat, talents=MAINTENANCE_FEE[coin],
                            region=region, coin=coin))
    else:
        s.chaos[seat] += MAINTENANCE_CHAOS
        events.append(event("maintenance_declined", seat=seat, chaos=MAINTENANCE_CHAOS,
                            region=region, coin=coin))
    s.maintenance = replace(m, queue=m.queue[1:])
    next_maintenance(s, events)


def awards(values: list[int], tiers: tuple[int, ...]) -> list[int]:
    """Each tied group takes the award of its place, and the places it fills are skipped;
    a value of 0 never ranks."""
    out = [0] * len(values)
    place = 0
    for v in sorted({v for v in values if v > 0}, reverse=True):
        if place >= len(tiers):
            break
        group = [p for p, w in enumerate(values) if w == v]
        for p in group:
            out[p] = tiers[place]
        place += len(group)
    return out


def score_season(s: State, events: list[Event]) -> None:
    b = board()
    m = s.maintenance
    assert m is not None
    before = s.vp[:]
    # Phase 6.1: key provinces
    keys = {}
    for p in b.provinces:
        if not p.tiers:
            continue
        got = awards([s.inf(p.index, q) for q in range(s.players)], p.tiers)
        for q, v in enumerate(got):
            s.vp[q] += v
        keys[p.key] = got
        events.append(event("key_scored", province=p.key, vp=got,
                            influence=[s.inf(p.index, q) for q in range(s.players)]))
    # 6.2: domination VP for every maintenance paid
    dom = [0] * s.players
    for seat, check in m.paid:
        dom[seat] += DOMINATION_VP[MAINTENANCE[check][1]]
    for q in range(s.players):
        s.vp[q] += dom[q]
    events.append(event("domination_vp", vp=dom))
    # 6.3: cities calm chaos
    relief = []
    for q in range(s.players):
        r = min(s.chaos[q], CITY_CHAOS_RELIEF * cities_held(s, q))
        s.chaos[q] -= r
        relief.append(r)
    events.append(event("city_relief", chaos=relief, cities=[cities_held(s, q)
                                                             for q in range(s.players)]))
    # 6.4: the chaos penalty
    penalty = awards(s.chaos[:], CHAOS_PENALTY)
    for q in range(s.players):
        s.vp[q] -= penalty[q]
    events.append(event("chaos_penalty", vp=[-x for x in penalty], chaos=s.chaos[:]))
    gains = [s.vp[q] - before[q] for q in range(s.players)]
    s.last_scoring = (s.season, tuple(gains))
    s.history = (*s.history, tuple((s.vp[q], s.talents[q], s.chaos[q])
                                   for q in range(s.players)))
    events.append(event("season_scored", season=s.season, gains=gains, vp=s.vp[:],
                        talents=s.talents[:], chaos=s.chaos[:]))
    # 6.5: housekeeping
    s.maintenance = None
    returned = []
    for q in range(s.players):
        kept = []
        for design, _ in s.owned[q]:
            if DESIGNS[design].symbol == RETURNING:
                returned.append(design)
            else:
                kept.append((design, True))
        s.owned[q] = tuple(kept)
    s.market = tuple(sorted(s.market + tuple(returned)))
    s.first_opener = s.order[-1]
    if s.season >= SEASONS:
        s.step = Step.OVER
        s.actor = NOBODY
        events.append(event("game_over", vp=s.vp[:], chaos=s.chaos[:], talents=s.talents[:]))
        return
    start_season(s, events)


def final_keys(s: State) -> list[tuple[int, int, int, int]]:
    """Per seat the tie-break key of 1.14: VP, fewest chaos, talents, influence."""
    n = s.players
    return [(s.vp[q], -s.chaos[q], s.talents[q], sum(s.influence[q::n])) for q in range(n)]
