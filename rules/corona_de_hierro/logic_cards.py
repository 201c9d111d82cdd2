"""Corona de Hierro's 58 initiative cards (decisions §8): when each may be played (its
required choices must exist) and what it does, all inside the one action [S]."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rules.core import Event, IllegalAction, Seat, event
from rules.corona_de_hierro import logic
from rules.corona_de_hierro.actions import Play
from rules.corona_de_hierro.components import (
    BOARD,
    CARDS,
    CASTLE_INDEX,
    CASTLES,
    CITIES,
    CITY_CASTLE,
    CITY_INDEX,
    MAGYARS,
    NEIGHBOURS,
    ROME,
    SARACENS,
    band_die,
    better,
    size_die,
)
from rules.corona_de_hierro.logic_battle import start_battle, start_castle_roll
from rules.corona_de_hierro.state import NOBODY, CoronaState, Question

NO_PLAYER = -1
_USES = {
    # p: a player; c: a castle in `place`; y: a city in `place`; t: `to`; n: `n`
    "P01": "", "P02": "p", "P03": "pn", "P04": "", "P05": "c", "P06": "c", "P07": "p",
    "P08": "p", "P09": "pc", "P10": "p", "P11": "p", "P12": "", "P13": "", "P14": "",
    "P15": "",
    "M01": "ytn", "M02": "c", "M03": "ytn", "M04": "ytnp", "M05": "yp", "M06": "y",
    "M07": "c", "M08": "ytn", "M09": "", "M10": "py", "M11": "", "M12": "", "M13": "",
    "M14": "",
}
MOVING_CARDS = frozenset({"M01", "M03", "M04"})
"""Cards whose move out of a contested city still asks passage (R3); M08 does not."""


def uses(card: str, players: int) -> str:
    """The fields a card's play fills: Change of Allegiance names a player only with 3."""
    if card == "P14" and players == 3:
        return "p"
    return _USES[card]


def play(card: str, player: int = NO_PLAYER, place: str = "", to: str = "", n: int = 0) -> Play:
    return Play(card, player, place, to, n)


# -- when a card may be played -----------------------------------------------------------


def card_refusal(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    """Why `seat` may not play `a` now, or None: its fields and its preconditions."""
    card = a.card
    if card not in CARDS:
        return IllegalAction("unknown_card", card=card)
    if card not in s.hands[seat]:
        return IllegalAction("card_not_in_hand", card=card)
    need = uses(card, s.players)
    bad = _field_refusal(s, seat, a, need)
    if bad is not None:
        return bad
    return _CHECKS[card](s, seat, a)


def _field_refusal(s: CoronaState, seat: Seat, a: Play, need: str) -> IllegalAction | None:
    if ("p" in need) != (a.player != NO_PLAYER):
        return IllegalAction("card_field", card=a.card, field="player", value=a.player)
    if ("c" in need or "y" in need) != (a.place != ""):
        return IllegalAction("card_field", card=a.card, field="place", value=a.place)
    if ("t" in need) != (a.to != ""):
        return IllegalAction("card_field", card=a.card, field="to", value=a.to)
    if "n" not in need and a.n != 0:
        return IllegalAction("card_field", card=a.card, field="n", value=a.n)
    if "p" in need and not (0 <= a.player < s.players and a.player != seat):
        return IllegalAction("bad_target", card=a.card, player=a.player)
    if "c" in need and a.place not in CASTLE_INDEX:
        return IllegalAction("unknown_castle", castle=a.place)
    if "y" in need and a.place not in CITY_INDEX:
        return IllegalAction("unknown_city", city=a.place)
    if "t" in need and a.to not in CITY_INDEX:
        return IllegalAction("unknown_city", city=a.to)
    if "t" in need and not 1 <= a.n <= s.pawns(CITY_INDEX[a.place], seat):
        return IllegalAction("not_enough_pawns", city=a.place, n=a.n,
                             have=s.pawns(CITY_INDEX[a.place], seat))
    return None


def _ok(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    return None


def _excommunication(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    mine, theirs = s.boxes[ROME][seat], s.boxes[ROME][a.player]
    if mine <= theirs:
        return IllegalAction("not_more_emissaries_in_rome", mine=mine, theirs=theirs)
    return None


def _intrigue(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    if not s.boxes[ROME][a.player]:
        return IllegalAction("target_has_no_emissary_in_rome", player=a.player)
    if a.n not in (0, 1):
        return IllegalAction("card_field", card=a.card, field="n", value=a.n)
    if a.n and not s.emissaries[seat]:
        return IllegalAction("no_emissary_in_hand")
    return None


def _castle_for_support(s: CoronaState, k: int) -> IllegalAction | None:
    c = CASTLES[k]
    if s.owner[k] != NOBODY:
        return IllegalAction("castle_not_neutral", castle=c.key)
    if not c.dip:
        return IllegalAction("castle_takes_no_emissaries", castle=c.key)
    return None


def _urgent_embassy(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    k = CASTLE_INDEX[a.place]
    bad = _castle_for_support(s, k) or _banner(s, seat)
    if bad is not None:
        return bad
    if len(s.envoys[k]) >= 2:
        return IllegalAction("castle_full", castle=a.place)
    if not s.emissaries[seat]:
        return IllegalAction("no_emissary_in_hand")
    return None


def _skilled_negotiator(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    k = CASTLE_INDEX[a.place]
    bad = _castle_for_support(s, k) or _banner(s, seat)
    if bad is not None:
        return bad
    if not any(p == seat for p, _ in s.envoys[k]):
        return IllegalAction("no_emissary_there", castle=a.place)
    return None


def _banner(s: CoronaState, seat: Seat) -> IllegalAction | None:
    if logic.banners_left(s, seat) <= 0:
        return IllegalAction("no_banner_left")
    return None


def _marriage(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    if s.pact(seat, a.player) is not None:
        return IllegalAction("pact_exists", player=a.player)
    if not s.emissaries[seat]:
        return IllegalAction("no_emissary_in_hand")
    return None


def _release_oath(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    if not s.allied(seat, a.player):
        return IllegalAction("not_allied", player=a.player)
    return None


def _envoy_seized(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    if not any(p == a.player for p, _ in s.envoys[CASTLE_INDEX[a.place]]):
        return IllegalAction("no_emissary_of_player_there", castle=a.place, player=a.player)
    return None


def _ransom(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    if not s.held(a.player, seat):
        return IllegalAction("no_hostage_held_by_player", player=a.player)
    return None


def _forced_march(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    src, dst = CITY_INDEX[a.place], CITY_INDEX[a.to]
    if src in s.denied:
        return IllegalAction("passage_denied_this_turn", city=a.place)
    if march_path(s, seat, src, dst) is None:
        return IllegalAction("too_far", city=a.place, to=a.to, allowed=2)
    return None


def march_path(s: CoronaState, seat: Seat, src: int, dst: int) -> tuple[int, ...] | None:
    """A path of 1 or 2 roads; the march would stop on entering a contested city, so the
    middle city must hold no non-allied army."""
    if dst == src:
        return None
    if dst in NEIGHBOURS[src]:
        return (src, dst)
    for mid in NEIGHBOURS[src]:
        if dst in NEIGHBOURS[mid] and not logic.contested_by(s, mid, seat):
            return (src, mid, dst)
    return None


def _siege(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    k = CASTLE_INDEX[a.place]
    if s.owner[k] == seat:
        return IllegalAction("own_castle", castle=a.place)
    if not s.pawns(CASTLES[k].city, seat):
        return IllegalAction("no_army_there", city=CITIES[CASTLES[k].city])
    return _banner(s, seat)


def _one_road(s: CoronaState, seat: Seat, a: Play, asks: bool) -> IllegalAction | None:
    src, dst = CITY_INDEX[a.place], CITY_INDEX[a.to]
    if dst not in NEIGHBOURS[src]:
        return IllegalAction("no_road", city=a.place, to=a.to)
    if asks and src in s.denied:
        return IllegalAction("passage_denied_this_turn", city=a.place)
    return None


def _surprise(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    bad = _one_road(s, seat, a, True)
    if bad is not None:
        return bad
    k = CITY_CASTLE[CITY_INDEX[a.to]]
    if k < 0:
        return IllegalAction("no_castle_there", city=a.to)
    if s.owner[k] == seat:
        return IllegalAction("own_castle", castle=CASTLES[k].key)
    return _banner(s, seat)


def _charge(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    bad = _one_road(s, seat, a, True)
    if bad is not None:
        return bad
    return _enemy_army(s, seat, CITY_INDEX[a.to], a.player)


def _enemy_army(s: CoronaState, seat: Seat, city: int, target: Seat) -> IllegalAction | None:
    if not s.pawns(city, target):
        return IllegalAction("no_enemy_army_there", city=CITIES[city], player=target)
    if s.allied(seat, target):
        return IllegalAction("target_is_an_ally", player=target)
    return None


def _ambush(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    city = CITY_INDEX[a.place]
    if not s.pawns(city, seat):
        return IllegalAction("no_army_there", city=a.place)
    return _enemy_army(s, seat, city, a.player)


def _mercenaries(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    if not s.pawns(CITY_INDEX[a.place], seat):
        return IllegalAction("no_army_there", city=a.place)
    if not s.supply[seat]:
        return IllegalAction("no_pawns_in_supply")
    return None


def _levy(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    k = CASTLE_INDEX[a.place]
    if s.owner[k] != seat:
        return IllegalAction("not_your_castle", castle=a.place)
    if not s.troops[k]:
        return IllegalAction("no_troops_inside", castle=a.place)
    if not s.supply[seat]:
        return IllegalAction("no_pawns_in_supply")
    return None


def _retreat(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    bad = _one_road(s, seat, a, False)
    if bad is not None:
        return bad
    if not logic.contested_by(s, CITY_INDEX[a.place], seat):
        return IllegalAction("city_not_contested", city=a.place)
    return None


def _desertion(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    have = s.pawns(CITY_INDEX[a.place], a.player)
    if have < 2:
        return IllegalAction("army_too_small", city=a.place, player=a.player, pawns=have)
    return None


_CHECKS = {
    "P01": _ok, "P02": _excommunication, "P03": _intrigue, "P04": _ok, "P05": _urgent_embassy,
    "P06": _skilled_negotiator, "P07": _marriage, "P08": _release_oath, "P09": _envoy_seized,
    "P10": _ransom, "P11": _ok, "P12": _ok, "P13": _ok, "P14": _ok, "P15": _ok,
    "M01": _forced_march, "M02": _siege, "M03": _surprise, "M04": _charge, "M05": _ambush,
    "M06": _mercenaries, "M07": _levy, "M08": _retreat, "M09": _ok, "M10": _desertion,
    "M11": _ok, "M12": _ok, "M13": _ok, "M14": _ok,
}


# -- every play worth checking -----------------------------------------------------------


def card_candidates(s: CoronaState, seat: Seat) -> Iterator[Play]:
    """A superset of the legal plays of the cards in `seat`'s hand."""
    n = s.players
    others = [q for q in range(n) if q != seat]
    mine = [c for c in range(len(CITIES)) if s.army[c * n + seat]]
    for card in sorted(set(s.hands[seat])):
        need = uses(card, n)
        if need == "":
            yield play(card)
        elif need == "p":
            yield from (play(card, q) for q in others)
        elif need == "pn":
            yield from (play(card, q, n=k) for q in others for k in (0, 1))
        elif need == "c":
            yield from (play(card, place=CASTLES[k].key) for k in _castle_choices(s, seat, card))
        elif need == "pc":
            for i, castle in enumerate(CASTLES):
                for q in sorted({p for p, _ in s.envoys[i] if p != seat}):
                    yield play(card, q, castle.key)
        elif need == "y":
            yield from (play(card, place=CITIES[c]) for c in mine)
        elif need in ("yp", "py"):
            for c in range(len(CITIES)):
                if card == "M05" and c not in mine:
                    continue
                for q in others:
                    if s.army[c * n + q]:
                        yield play(card, q, CITIES[c])
        else:
            yield from _move_plays(s, seat, card, mine)


def _castle_choices(s: CoronaState, seat: Seat, card: str) -> list[int]:
    """The castles worth checking for a card that names one."""
    n = s.players
    if card == "M07":
        return [k for k in range(len(CASTLES)) if s.owner[k] == seat and s.troops[k]]
    if card == "M02":
        return [k for k, c in enumerate(CASTLES)
                if s.owner[k] != seat and s.army[c.city * n + seat]]
    if card == "P06":
        return [k for k in range(len(CASTLES)) if any(p == seat for p, _ in s.envoys[k])]
    return [k for k, c in enumerate(CASTLES) if c.dip and s.owner[k] == NOBODY]


def _move_plays(s: CoronaState, seat: Seat, card: str, mine: list[int]) -> Iterator[Play]:
    n = s.players
    for c in mine:
        k = s.army[c * n + seat]
        if card == "M01":
            dests = set(NEIGHBOURS[c])
            for mid in NEIGHBOURS[c]:
                dests.update(NEIGHBOURS[mid])
            dests.discard(c)
        else:
            dests = set(NEIGHBOURS[c])
        for d in sorted(dests):
            for m in range(1, k + 1):
                if card == "M04":
                    for q in range(n):
                        if q != seat and s.army[d * n + q]:
                            yield play(card, q, CITIES[c], CITIES[d], m)
                else:
                    yield play(card, place=CITIES[c], to=CITIES[d], n=m)


# -- what a card does --------------------------------------------------------------------


def passage_askers(s: CoronaState, seat: Seat, a: Play) -> tuple[Seat, ...]:
    """Who must let this card's army leave its city (R3); empty if nobody."""
    if a.card not in MOVING_CARDS:
        return ()
    return logic.contested_by(s, CITY_INDEX[a.place], seat)


def resolve(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    """Play a legal card (passage, if any, already granted): discard it, then its effect."""
    logic.discard(s, seat, a.card, events, "play")
    events[-1].update(player=None if a.player == NO_PLAYER else a.player,
                      place=a.place or None, dest=a.to or None, n=a.n)
    _EFFECTS[a.card](s, seat, a, events)


def _papal_blessing(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    logic.shift(s, seat, 2 if s.boxes[ROME][seat] else 1, events, a.card)


def _excommunicate(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    logic.attack_on(s, seat, a.player, events)
    logic.shift(s, a.player, -2, events, a.card)


def _intrigue_effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    logic.attack_on(s, seat, a.player, events)
    logic.recall_from_box(s, a.player, ROME, events)
    if a.n:
        logic.send_emissary(s, seat, ROME, events)


def _synod(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    for p in range(s.players):
        logic.shift(s, p, 1 if s.boxes[ROME][p] else -1, events, a.card)


def _embassy(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    k = CASTLE_INDEX[a.place]
    logic.place_emissary(s, seat, k, events)
    start_castle_roll(s, seat, k, "diplomatic", band_die(s.legitimacy[seat]), a.card, events)


def _negotiator(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    die = better(band_die(s.legitimacy[seat]))
    start_castle_roll(s, seat, CASTLE_INDEX[a.place], "diplomatic", die, a.card, events)


def _marry(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    s.pending = Question("marriage", seat, a.player)


def marriage_answer(s: CoronaState, q: Question, yes: bool, events: list[Event]) -> None:
    """Dynastic Marriage: accepted, an alliance with the proposer's emissary, +2 to the one
    who accepts and +1 to the proposer; declined, nothing."""
    events.append(event("marriage_answered", seat=q.seat, asker=q.asker, accepted=yes))
    if not yes:
        return
    s.emissaries[q.asker] -= 1
    s.pacts = (*s.pacts, (q.asker, q.seat, True))
    logic.shift(s, q.seat, 2, events, "P07")
    logic.shift(s, q.asker, 1, events, "P07")


def _release_from_oath(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    pact = logic.drop_pact(s, seat, a.player)
    events.append(event("alliance_ended", seat=seat, other=a.player,
                        requester=None if pact is None else pact[0]))


def _seize(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    logic.attack_on(s, seat, a.player, events)
    logic.take_hostage(s, seat, CASTLE_INDEX[a.place], a.player, events, a.card)


def _ransom_effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    logic.release(s, a.player, seat, s.held(a.player, seat), events, a.card)


def _spies(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    if a.player not in s.known[seat]:
        s.known[seat] = tuple(sorted((*s.known[seat], a.player)))
    events.append(event("loyalty_seen", seat=seat, target=a.player))
    events.append(event("loyalty_revealed", to=[seat], seat=seat, target=a.player,
                        card=logic.loyalty_json(s.loyalty[a.player])))


def _chronicle(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    s.chronicle[seat] += 1
    events.append(event("vp", seat=seat, delta=1, why=a.card))


def _restless(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    top = max(s.legitimacy)
    for p in range(s.players):
        if s.legitimacy[p] == top:
            logic.shift(s, p, -1, events, a.card)


def _allegiance(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    if s.players == 3:
        _spies(s, seat, a, events)
        return
    left = s.players
    s.loyalty[seat], s.loyalty[left] = s.loyalty[left], s.loyalty[seat]
    # Knowledge follows the cards: whoever knew one slot now knows the other.
    for p in range(s.players):
        slots = set(s.known[p])
        has_mine, has_left = seat in slots, left in slots
        slots.discard(seat)
        slots.discard(left)
        if has_mine:
            slots.add(left)
        if has_left:
            slots.add(seat)
        if p == seat:
            slots.update((seat, left))
        s.known[p] = tuple(sorted(slots))
    events.append(event("loyalty_swapped", seat=seat))
    events.append(event("loyalty_dealt", to=[seat], seat=seat,
                        card=logic.loyalty_json(s.loyalty[seat])))


def _defenders(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    for p in range(s.players):
        if s.boxes[SARACENS][p] or s.boxes[MAGYARS][p]:
            logic.shift(s, p, 1, events, a.card)


def _march(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    path = march_path(s, seat, CITY_INDEX[a.place], CITY_INDEX[a.to])
    assert path is not None
    logic.move(s, seat, path, a.n, events, a.card)


def _siege_effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    k = CASTLE_INDEX[a.place]
    logic.attack_on(s, seat, s.owner[k], events)
    die = better(size_die(s.pawns(CASTLES[k].city, seat)))
    start_castle_roll(s, seat, k, "military", die, a.card, events)


def _surprise_effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    dst = CITY_INDEX[a.to]
    logic.move(s, seat, (CITY_INDEX[a.place], dst), a.n, events, a.card)
    k = CITY_CASTLE[dst]
    logic.attack_on(s, seat, s.owner[k], events)
    start_castle_roll(s, seat, k, "military", size_die(s.pawns(dst, seat)), a.card, events)


def _charge_effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    dst = CITY_INDEX[a.to]
    logic.move(s, seat, (CITY_INDEX[a.place], dst), a.n, events, a.card)
    logic.attack_on(s, seat, a.player, events)
    start_battle(s, seat, a.player, dst, False, a.card, events)


def _ambush_effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    logic.attack_on(s, seat, a.player, events)
    start_battle(s, seat, a.player, CITY_INDEX[a.place], True, a.card, events)


def _mercenaries_effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    logic.add_pawns(s, CITY_INDEX[a.place], seat, 1)
    events.append(event("pawns_added", seat=seat, city=a.place, n=1, why=a.card))


def _levy_effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    logic.recruit(s, seat, CASTLE_INDEX[a.place], 1, events, a.card)


def _retreat_effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    logic.move(s, seat, (CITY_INDEX[a.place], CITY_INDEX[a.to]), a.n, events, a.card)


def _veterans(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    for _ in range(2):
        logic.gain_shield(s, seat, events, a.card)


def _desertion_effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
    logic.attack_on(s, seat, a.player, events)
    logic.remove_pawns(s, CITY_INDEX[a.place], a.player, 1)
    events.append(event("pawns_removed", seat=a.player, city=a.place, n=1, why=a.card))


Effect = Callable[[CoronaState, Seat, Play, list[Event]], None]


def _raid(box: int, mark: str) -> Effect:
    def effect(s: CoronaState, seat: Seat, a: Play, events: list[Event]) -> None:
        struck = [p for p in range(s.players) if not s.boxes[box][p]]
        for p in struck:
            logic.shift(s, p, -1, events, a.card)
        if not mark:
            return
        for c, raid in enumerate(BOARD.raid):
            if raid != mark:
                continue
            for p in struck:
                if logic.remove_pawns(s, c, p, 1):
                    events.append(event("pawns_removed", seat=p, city=CITIES[c], n=1,
                                        why=a.card))

    return effect


_EFFECTS: dict[str, Effect] = {
    "P01": _papal_blessing, "P02": _excommunicate, "P03": _intrigue_effect, "P04": _synod,
    "P05": _embassy, "P06": _negotiator, "P07": _marry, "P08": _release_from_oath,
    "P09": _seize, "P10": _ransom_effect, "P11": _spies, "P12": _chronicle, "P13": _restless,
    "P14": _allegiance, "P15": _defenders, "M01": _march, "M02": _siege_effect,
    "M03": _surprise_effect, "M04": _charge_effect, "M05": _ambush_effect,
    "M06": _mercenaries_effect, "M07": _levy_effect, "M08": _retreat_effect,
    "M09": _veterans, "M10": _desertion_effect, "M11": _raid(SARACENS, ""),
    "M12": _raid(MAGYARS, ""), "M13": _raid(SARACENS, "saracen"), "M14": _raid(MAGYARS, "magyar"),
}

__all__ = ["card_candidates", "card_refusal", "marriage_answer",
           "passage_askers", "resolve", "uses"]
