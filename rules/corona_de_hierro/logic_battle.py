"""Corona de Hierro's dice: castle attacks, diplomacy and battles, with rerolls paid in
shields (R4, R5, R7).

A reroll is offered only while it can change the result (decision D-1 in
docs/rules/corona_de_hierro.md): a castle or support roll that failed and whose
die can still reach the banner; an attacker whose result does not yet beat every
face of the defender's die and can still grow; a defender who is losing the round
and whose die can still beat the attacker. A player without shields is never asked.
"""

from __future__ import annotations

from rules.core import Event, Seat, event
from rules.corona_de_hierro.components import (
    CASTLES,
    CITIES,
    DIE_MAX,
    DIE_NAMES,
    FACES,
    size_die,
)
from rules.corona_de_hierro.logic import (
    gain_shield,
    remove_pawns,
    shift,
    spend_shield,
    take_castle,
)
from rules.corona_de_hierro.state import NOBODY, Battle, CastleRoll, CoronaState


def roll(s: CoronaState, die: int) -> int:
    """One throw of a die from the state's generator (R16)."""
    return FACES[die][s.rng.below(6)]


# -- castles: military and diplomatic ----------------------------------------------------


def start_castle_roll(s: CoronaState, seat: Seat, castle: int, mode: str, die: int, card: str,
                      events: list[Event]) -> None:
    """Roll against the left (military) or right (diplomatic) banner; success on ≥ [S]."""
    c = CASTLES[castle]
    target = c.mil if mode == "military" else c.dip
    value = roll(s, die)
    events.append(event("die_rolled", seat=seat, die=DIE_NAMES[die], value=value,
                        purpose=mode, castle=c.key, target=target, reroll=False))
    _after_castle_roll(s, CastleRoll(seat, castle, mode, die, value, target, card), events)


def _after_castle_roll(s: CoronaState, r: CastleRoll, events: list[Event]) -> None:
    if r.value >= r.target:
        _castle_success(s, r, events)
        s.pending = None
    elif s.shields[r.seat] > 0 and DIE_MAX[r.die] >= r.target:
        s.pending = r
    else:
        events.append(event("castle_roll_failed", seat=r.seat, castle=CASTLES[r.castle].key,
                            mode=r.mode, value=r.value, target=r.target))
        s.pending = None


def _castle_success(s: CoronaState, r: CastleRoll, events: list[Event]) -> None:
    k = r.castle
    owner = s.owner[k]
    if r.mode == "military" and owner != NOBODY and s.troops[k]:
        # The owner's army inside is eliminated; conquering needs another action [S].
        s.troops[k] = False
        events.append(event("troops_eliminated", seat=r.seat, castle=CASTLES[k].key,
                            owner=owner))
        return
    take_castle(s, r.seat, k, events, "conquest" if r.mode == "military" else "diplomacy")


def answer_castle_roll(s: CoronaState, r: CastleRoll, reroll: bool, events: list[Event]) -> None:
    if not reroll:
        events.append(event("castle_roll_failed", seat=r.seat, castle=CASTLES[r.castle].key,
                            mode=r.mode, value=r.value, target=r.target))
        s.pending = None
        return
    spend_shield(s, r.seat, events)
    value = roll(s, r.die)
    events.append(event("die_rolled", seat=r.seat, die=DIE_NAMES[r.die], value=value,
                        purpose=r.mode, castle=CASTLES[r.castle].key, target=r.target,
                        reroll=True))
    _after_castle_roll(s, CastleRoll(r.seat, r.castle, r.mode, r.die, value, r.target, r.card),
                       events)


# -- battles -----------------------------------------------------------------------------


def start_battle(s: CoronaState, attacker: Seat, defender: Seat, city: int, ambush: bool,
                 card: str, events: list[Event]) -> None:
    """Attack an army (R4): rounds until one army is gone."""
    events.append(event("battle_started", attacker=attacker, defender=defender,
                        city=CITIES[city], ambush=ambush, card=card or None))
    _start_round(s, attacker, defender, city, ambush, 1, card, events)


def _dice(s: CoronaState, attacker: Seat, defender: Seat, city: int) -> tuple[int, int]:
    return size_die(s.pawns(city, attacker)), size_die(s.pawns(city, defender))


def _start_round(s: CoronaState, attacker: Seat, defender: Seat, city: int, ambush: bool,
                 rnd: int, card: str, events: list[Event]) -> None:
    att_die, def_die = _dice(s, attacker, defender, city)
    value = roll(s, att_die)
    events.append(event("die_rolled", seat=attacker, die=DIE_NAMES[att_die], value=value,
                        purpose="battle_attack", city=CITIES[city], round=rnd, reroll=False))
    b = Battle(attacker, defender, city, "attacker", value, 0, att_die, def_die, ambush, rnd, card)
    _after_attacker_roll(s, b, events)


def _attacker_may_reroll(s: CoronaState, b: Battle) -> bool:
    return s.shields[b.attacker] > 0 and b.att < DIE_MAX[b.att_die] and b.att < DIE_MAX[b.def_die]


def _defender_may_reroll(s: CoronaState, b: Battle) -> bool:
    return (not b.ambush and s.shields[b.defender] > 0 and b.defence <= b.att
            and DIE_MAX[b.def_die] > b.att)


def _after_attacker_roll(s: CoronaState, b: Battle, events: list[Event]) -> None:
    if _attacker_may_reroll(s, b):
        s.pending = b
    else:
        _defender_roll(s, b, events)


def _defender_roll(s: CoronaState, b: Battle, events: list[Event]) -> None:
    value = roll(s, b.def_die)
    events.append(event("die_rolled", seat=b.defender, die=DIE_NAMES[b.def_die], value=value,
                        purpose="battle_defend", city=CITIES[b.city], round=b.round,
                        reroll=False))
    b = Battle(b.attacker, b.defender, b.city, "defender", b.att, value, b.att_die, b.def_die,
               b.ambush, b.round, b.card)
    _after_defender_roll(s, b, events)


def _after_defender_roll(s: CoronaState, b: Battle, events: list[Event]) -> None:
    if _defender_may_reroll(s, b):
        s.pending = b
    else:
        _resolve_round(s, b, events)


def _resolve_round(s: CoronaState, b: Battle, events: list[Event]) -> None:
    """Higher wins, a tie goes to the attacker; the loser removes a pawn [S]."""
    winner, loser = (b.attacker, b.defender) if b.att >= b.defence else (b.defender, b.attacker)
    remove_pawns(s, b.city, loser, 1)
    left = s.pawns(b.city, loser)
    events.append(event("battle_round", city=CITIES[b.city], round=b.round, attack=b.att,
                        defence=b.defence, winner=winner, loser=loser, loser_left=left,
                        winner_left=s.pawns(b.city, winner)))
    if left:
        _start_round(s, b.attacker, b.defender, b.city, b.ambush, b.round + 1, b.card, events)
        return
    s.pending = None
    events.append(event("battle_won", seat=winner, loser=loser, city=CITIES[b.city]))
    shift(s, winner, 1, events, "battle_won")
    shift(s, loser, -1, events, "battle_lost")
    gain_shield(s, loser, events, "battle_lost")


def answer_battle(s: CoronaState, b: Battle, reroll: bool, events: list[Event]) -> None:
    if b.stage == "attacker":
        if not reroll:
            _defender_roll(s, b, events)
            return
        spend_shield(s, b.attacker, events)
        value = roll(s, b.att_die)
        events.append(event("die_rolled", seat=b.attacker, die=DIE_NAMES[b.att_die],
                            value=value, purpose="battle_attack", city=CITIES[b.city],
                            round=b.round, reroll=True))
        b = Battle(b.attacker, b.defender, b.city, "attacker", value, 0, b.att_die, b.def_die,
                   b.ambush, b.round, b.card)
        _after_attacker_roll(s, b, events)
        return
    if not reroll:
        _resolve_round(s, b, events)
        return
    spend_shield(s, b.defender, events)
    value = roll(s, b.def_die)
    events.append(event("die_rolled", seat=b.defender, die=DIE_NAMES[b.def_die], value=value,
                        purpose="battle_defend", city=CITIES[b.city], round=b.round,
                        reroll=True))
    b = Battle(b.attacker, b.defender, b.city, "defender", b.att, value, b.att_die, b.def_die,
               b.ambush, b.round, b.card)
    _after_defender_roll(s, b, events)
