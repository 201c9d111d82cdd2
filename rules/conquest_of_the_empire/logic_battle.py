"""Land and naval battles (decisions page 1.10–1.12): allies lend, galleys join, cards are
declared, dice are rolled, casualties are removed one hit at a time by the side that takes
them, and at the end of a round the defender, then the attacker, retreats or continues."""

from __future__ import annotations

from dataclasses import replace

from rules.conquest_of_the_empire.components import (
    BASE_DICE,
    BATTLE_CHAOS,
    CATAPULT,
    CAVALRY,
    FACE_UNIT,
    GALLEY,
    INFANTRY,
    MILITARY_LAND,
    UNITS,
    board,
)
from rules.conquest_of_the_empire.logic_board import (
    check_cities,
    enemy_units_here,
    land_links,
    loc_key,
    n_provinces,
)
from rules.conquest_of_the_empire.logic_season import finish_action
from rules.conquest_of_the_empire.state import Battle, State, Step
from rules.core import Event, Seat, event

NAVAL_ROUNDS = 3
Piece = tuple[Seat, int, int]
"""(owner, unit type, location) of pieces that can be hit."""


def roll_dice(s: State, n: int) -> tuple[int, ...]:
    """`n` battle dice, faces 1..6, from the state's generator (tests replace it)."""
    return tuple(s.rng.roll(6) for _ in range(n))


# -- who fights ---------------------------------------------------------------------------


def members(b: Battle, contender: Seat) -> list[Seat]:
    return [contender, *(lender for lender, c in b.lenders if c == contender)]


def other(b: Battle, contender: Seat) -> Seat:
    return b.defender if contender == b.attacker else b.attacker


def side_pieces(s: State, b: Battle, contender: Seat) -> list[tuple[Piece, int]]:
    """Every group of pieces that fights for `contender`, with its count."""
    out: list[tuple[Piece, int]] = []
    if b.naval:
        for m in members(b, contender):
            n = s.galleys(b.place, m)
            if n:
                out.append(((m, GALLEY, b.place), n))
        return out
    seas = board().provinces[b.place].seas
    base = n_provinces()
    for m in members(b, contender):
        for u in MILITARY_LAND:
            n = s.at(b.place, m, u)
            if n:
                out.append(((m, u, b.place), n))
        if m != contender or contender in b.galleys:
            for z in seas:
                n = s.galleys(base + z, m)
                if n:
                    out.append(((m, GALLEY, base + z), n))
    return out


def side_counts(s: State, b: Battle, contender: Seat) -> list[int]:
    counts = [0] * len(UNITS)
    for (_, u, _), n in side_pieces(s, b, contender):
        counts[u] += n
    return counts


def land_alive(s: State, b: Battle, contender: Seat) -> bool:
    return any(s.military(b.place, m) for m in members(b, contender))


def played(b: Battle, seat: Seat, card: str) -> bool:
    return (seat, card) in b.cards


def defends_city(s: State, b: Battle) -> bool:
    """The defender holds the city there and the attacker played no Ballistae."""
    return (not b.naval and s.city[b.place] == b.defender
            and not played(b, b.attacker, "ballistae"))


def dice_count(s: State, b: Battle, contender: Seat) -> int:
    """3, +1 own leader, +1 all three land types, +1 more catapults, +1 city, +1 Veterans;
    in a naval battle one die per galley."""
    mine = side_counts(s, b, contender)
    if b.naval:
        return mine[GALLEY]
    theirs = side_counts(s, b, other(b, contender))
    n = BASE_DICE
    if s.leaders(b.place, contender):
        n += 1
    if mine[INFANTRY] and mine[CAVALRY] and mine[CATAPULT]:
        n += 1
    if mine[CATAPULT] > theirs[CATAPULT]:
        n += 1
    if contender == b.defender and defends_city(s, b):
        n += 1
    if played(b, contender, "legio_veterana"):
        n += 1
    return n


def score_hits(
    s: State, b: Battle, contender: Seat, faces: tuple[int, ...], only: int = -1
) -> dict[str, int]:
    """Hits per unit type: for each type, the lower of the dice showing it and the units of
    that type in the side (`only`: the pursuit, where only that type hits)."""
    mine = side_counts(s, b, contender)
    shown = [0] * len(UNITS)
    admiral = b.naval and played(b, contender, "praefectus_classis")
    for f in faces:
        u = FACE_UNIT[f - 1]
        if u < 0 and admiral:
            u = GALLEY
        if u >= 0 and (only < 0 or u == only):
            shown[u] += 1
    return {UNITS[u]: min(shown[u], mine[u]) for u in range(len(UNITS)) if min(shown[u], mine[u])}


def roll_for(
    s: State, b: Battle, contender: Seat, events: list[Event], only: int = -1
) -> tuple[Battle, int]:
    n = dice_count(s, b, contender)
    faces = roll_dice(s, n)
    per_type = score_hits(s, b, contender, faces, only)
    total = sum(per_type.values())
    target = other(b, contender)
    ignored = 0
    if total and target == b.defender and played(b, target, "testudo"):
        ignored = 1
    events.append(event(
        "dice_rolled", seat=contender, round=b.round, dice=n, faces=list(faces),
        hits=per_type, total=total - ignored, ignored=ignored, pursuit=only >= 0,
        naval=b.naval,
    ))
    b = replace(b, last=(*[x for x in b.last if x[0] != contender], (contender, faces)))
    return b, total - ignored


# -- starting ---------------------------------------------------------------------------


def start_battle(
    s: State, attacker: Seat, defender: Seat, place: int, naval: bool, events: list[Event]
) -> None:
    b = Battle(naval=naval, place=place, attacker=attacker, defender=defender)
    events.append(event("battle_started", naval=naval, place=loc_key(place),
                        attacker=attacker, defender=defender))
    ask = tuple(
        q for q in s.order
        if q not in (attacker, defender)
        and (s.allied(q, attacker) or s.allied(q, defender))
        and (s.galleys(place, q) if naval else s.military(place, q))
    )
    s.battle = replace(b, stage="lend", ask=ask)
    advance(s, events)


def usable_cards(s: State, b: Battle, seat: Seat) -> list[str]:
    if b.naval:
        wanted = ["praefectus_classis"]
    else:
        wanted = ["legio_veterana", "ballistae" if seat == b.attacker else "testudo"]
    return [c for c in wanted if s.ready(seat, c) and not played(b, seat, c)]


def advance(s: State, events: list[Event]) -> None:
    """Walk the battle's set-up steps (lend, galleys, cards) to the next seat that has a
    choice, then fight."""
    b = s.battle
    assert b is not None
    base = n_provinces()
    while True:
        if b.ask:
            seat = b.ask[0]
            s.battle = b
            s.actor = seat
            s.step = {"lend": Step.LEND, "galleys": Step.GALLEYS, "cards": Step.CARDS}[b.stage]
            return
        if b.stage == "lend":
            seas = board().provinces[b.place].seas if not b.naval else ()
            ask = () if b.naval else tuple(
                c for c in (b.attacker, b.defender)
                if any(s.galleys(base + z, c) for z in seas)
            )
            b = replace(b, stage="galleys", ask=ask)
        elif b.stage == "galleys":
            b = replace(b, stage="cards", ask=tuple(
                c for c in (b.attacker, b.defender) if usable_cards(s, b, c)))
        else:
            s.battle = b
            new_round(s, events)
            return


def answer(s: State, seat: Seat, yes: bool, events: list[Event]) -> None:
    """A lend or galley answer."""
    b = s.battle
    assert b is not None
    if b.stage == "lend":
        if yes:
            to = b.attacker if s.allied(seat, b.attacker) else b.defender
            b = replace(b, lenders=(*b.lenders, (seat, to)))
            events.append(event("units_lent", seat=seat, contender=to))
        else:
            events.append(event("lend_declined", seat=seat))
    elif yes:
        b = replace(b, galleys=(*b.galleys, seat))
        events.append(event("galleys_joined", seat=seat))
    else:
        events.append(event("galleys_kept", seat=seat))
    s.battle = replace(b, ask=b.ask[1:])
    advance(s, events)


def play_card(s: State, seat: Seat, card: str, events: list[Event]) -> None:
    b = s.battle
    assert b is not None
    s.spend(seat, card)
    b = replace(b, cards=(*b.cards, (seat, card)))
    events.append(event("battle_card", seat=seat, card=card))
    if not usable_cards(s, b, seat):
        b = replace(b, ask=b.ask[1:])
    s.battle = b
    advance(s, events)


def cards_done(s: State, seat: Seat, events: list[Event]) -> None:
    b = s.battle
    assert b is not None
    s.battle = replace(b, ask=b.ask[1:])
    advance(s, events)


# -- rounds -----------------------------------------------------------------------------


def new_round(s: State, events: list[Event]) -> None:
    b = s.battle
    assert b is not None
    city = defends_city(s, b)
    b = replace(b, round=b.round + 1, city=city, last=())
    events.append(event("battle_round", round=b.round, city=city))
    if city:
        b, hits = roll_for(s, b, b.defender, events)
        s.battle = replace(b, hits=hits, hit_side=b.attacker, stage="city_attacker")
    else:
        b, on_def = roll_for(s, b, b.attacker, events)
        b, on_att = roll_for(s, b, b.defender, events)
        s.battle = replace(b, hits=on_att, hit_side=b.attacker, queued=on_def,
                           stage="attacker")
    casualties(s, events)


def casualty_options(s: State) -> list[Piece]:
    b = s.battle
    assert b is not None
    return [piece for piece, _ in side_pieces(s, b, b.hit_side)]


def casualties(s: State, events: list[Event]) -> None:
    """Remove hits while the choice is forced; stop where the side has a real choice."""
    b = s.battle
    assert b is not None
    while b.hits > 0:
        options = casualty_options(s)
        if not options:
            events.append(event("hits_lost", seat=b.hit_side, hits=b.hits))
            b = replace(b, hits=0)
            break
        if len(options) > 1:
            s.battle = b
            s.step = Step.CASUALTY
            s.actor = b.hit_side
            return
        remove(s, options[0], events)
        b = replace(b, hits=b.hits - 1)
    s.battle = b
    after_casualties(s, events)


def remove(s: State, piece: Piece, events: list[Event]) -> None:
    seat, unit, loc = piece
    s.put(loc, seat, unit, -1)
    events.append(event("casualty", seat=seat, unit=UNITS[unit], place=loc_key(loc)))


def take_casualty(s: State, piece: Piece, events: list[Event]) -> None:
    b = s.battle
    assert b is not None
    remove(s, piece, events)
    s.battle = replace(b, hits=b.hits - 1)
    casualties(s, events)


def after_casualties(s: State, events: list[Event]) -> None:
    b = s.battle
    assert b is not None
    stage = b.stage
    if stage == "attacker":
        s.battle = replace(b, hits=b.queued, queued=0, hit_side=b.defender, stage="defender")
        casualties(s, events)
    elif stage == "city_attacker":
        b, hits = roll_for(s, b, b.attacker, events)
        s.battle = replace(b, hits=hits, hit_side=b.defender, stage="defender")
        casualties(s, events)
    elif stage == "defender":
        end_round(s, events)
    elif stage == "pursuit":
        retreat_move(s, events)


def end_round(s: State, events: list[Event]) -> None:
    b = s.battle
    assert b is not None
    if b.naval:
        alive = {c: side_counts(s, b, c)[GALLEY] > 0 for c in (b.attacker, b.defender)}
        losers = tuple(c for c in (b.attacker, b.defender) if not alive[c])
        if losers or b.round >= NAVAL_ROUNDS:
            finish(s, losers, events)
        else:
            new_round(s, events)
        return
    losers = tuple(c for c in (b.attacker, b.defender) if not land_alive(s, b, c))
    if losers:
        finish(s, losers, events)
        return
    s.battle = replace(b, stage="decide_defender")
    s.step = Step.RETREAT
    s.actor = b.defender


def retreat_targets(s: State, seat: Seat, leaders_only: bool) -> list[int]:
    b = s.battle
    assert b is not None
    links = land_links(s, seat, b.place)
    if leaders_only:
        return sorted(links)
    return sorted(p for p in links if not enemy_units_here(s, seat, p))


def can_retreat(s: State, seat: Seat) -> bool:
    return bool(retreat_targets(s, seat, False))


def decide(s: State, seat: Seat, retreat: bool, events: list[Event]) -> None:
    b = s.battle
    assert b is not None
    if not retreat:
        events.append(event("battle_continue", seat=seat))
        if seat == b.defender:
            s.battle = replace(b, stage="decide_attacker")
            s.actor = b.attacker
            return
        new_round(s, events)
        return
    events.append(event("battle_retreat", seat=seat))
    b = replace(b, retreating=seat)
    pursuer = other(b, seat)
    if side_counts(s, b, pursuer)[CAVALRY]:
        b, hits = roll_for(s, b, pursuer, events, only=CAVALRY)
        s.battle = replace(b, hits=hits, hit_side=seat, stage="pursuit")
        casualties(s, events)
        return
    s.battle = b
    retreat_move(s, events)


def retreat_move(s: State, events: list[Event]) -> None:
    b = s.battle
    assert b is not None
    seat = b.retreating
    leaders_only = not land_alive(s, b, seat)
    if leaders_only and not s.leaders(b.place, seat):
        finish(s, (seat,), events)
        return
    targets = retreat_targets(s, seat, leaders_only)
    if not targets:
        events.append(event("retreat_blocked", seat=seat))
        finish(s, (seat,), events)
        return
    if len(targets) == 1:
        retreat_to(s, targets[0], events)
        return
    s.battle = replace(b, stage="retreat_to")
    s.step = Step.RETREAT_TO
    s.actor = seat


def retreat_to(s: State, dest: int, events: list[Event]) -> None:
    from rules.conquest_of_the_empire.components import LAND_UNITS

    b = s.battle
    assert b is not None
    seat = b.retreating
    moved: dict[str, dict[str, int]] = {}
    for m in members(b, seat):
        kinds = LAND_UNITS if m == seat else MILITARY_LAND
        for u in kinds:
            n = s.at(b.place, m, u)
            if n:
                s.shift(b.place, dest, m, u, n)
                moved.setdefault(str(m), {})[UNITS[u]] = n
    events.append(event("retreated", seat=seat, origin=loc_key(b.place), dest=loc_key(dest),
                        units=moved))
    check_cities(s, events)
    finish(s, (seat,), events)


def finish(s: State, losers: tuple[Seat, ...], events: list[Event]) -> None:
    b = s.battle
    assert b is not None
    for q in losers:
        s.chaos[q] += BATTLE_CHAOS
    contenders = (b.attacker, b.defender)
    winner = next(iter(c for c in contenders if c not in losers)) if len(losers) == 1 else None
    events.append(event("battle_over", naval=b.naval, place=loc_key(b.place),
                        losers=list(losers), winner=winner, rounds=b.round,
                        chaos=BATTLE_CHAOS))
    s.battle = None
    finish_action(s, events)


def loc_side_key(loc: int) -> str:
    return loc_key(loc)
