"""What may be done now and what doing it means: the one source that `legal_actions`,
`is_legal`, `explain_illegal` and `apply` all read.

`refusal` says why an action is refused (or None); `candidates` lists a small
superset of what could be legal; the legal actions are the candidates nobody
refuses. `perform` carries out a legal action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rules.core import Action, Event, IllegalAction, Seat, event
from rules.corona_de_hierro import logic, logic_battle, logic_cards
from rules.corona_de_hierro.actions import (
    MAIN_ACTIONS,
    Accept,
    AcceptAlliance,
    AskRelease,
    AttackArmy,
    AttackCastle,
    ChooseCard,
    ChooseMainCastle,
    Decline,
    DenyPassage,
    Discard,
    Draw,
    DrawFive,
    GrantPassage,
    Keep,
    Move,
    OfferSwap,
    PlaceEmissary,
    Play,
    RecallEmissary,
    Recruit,
    ReleaseHostage,
    RequestAlliance,
    Reroll,
    RollSupport,
    SendEmissary,
    TakeHostage,
)
from rules.corona_de_hierro.components import (
    BOX_INDEX,
    BOXES,
    CASTLE_INDEX,
    CASTLES,
    CITIES,
    CITY_INDEX,
    DECKS,
    DRAW_FIVE_COST,
    DRAW_FIVE_SEEN,
    HAND_MAX,
    NEIGHBOURS,
    band_die,
    box_limit,
    main_castle_choices,
    size_die,
)
from rules.corona_de_hierro.state import (
    NOBODY,
    Battle,
    CastleRoll,
    CoronaState,
    FiveChoice,
    Passage,
    Phase,
    Question,
)

_DECK_INDEX: dict[str, int] = {d: i for i, d in enumerate(DECKS)}
_ANSWERS = (Reroll, Keep, GrantPassage, DenyPassage, Accept, Decline, ChooseCard)


# -- refusals ----------------------------------------------------------------------------


def refusal(s: CoronaState, seat: Seat, a: Action) -> IllegalAction | None:
    """Why `seat` (the seat to act) may not do `a` now, or None if it may."""
    if s.pending is not None:
        return _answer_refusal(s, a)
    if isinstance(a, _ANSWERS):
        return IllegalAction("nothing_to_answer", action=a.TYPE)
    if s.phase is Phase.SETUP:
        if not isinstance(a, ChooseMainCastle):
            return IllegalAction("choose_main_castle_first")
        k = CASTLE_INDEX.get(a.castle, -1)
        if k < 0:
            return IllegalAction("unknown_castle", castle=a.castle)
        if k not in main_castle_choices(s.players):
            return IllegalAction("not_a_main_castle", castle=a.castle, players=s.players)
        if s.owner[k] != NOBODY:
            return IllegalAction("castle_taken", castle=a.castle, by=s.owner[k])
        return None
    if isinstance(a, ChooseMainCastle):
        return IllegalAction("setup_over")
    check = _CHECKS.get(type(a))
    if check is None:
        return IllegalAction("unknown_action", action=repr(a))
    return check(s, seat, a)


def _answer_refusal(s: CoronaState, a: Action) -> IllegalAction | None:
    p = s.pending
    if isinstance(p, Passage):
        ok: tuple[type[Action], ...] = (GrantPassage, DenyPassage)
    elif isinstance(p, CastleRoll | Battle):
        ok = (Reroll, Keep)
    elif isinstance(p, Question):
        ok = (Accept, Decline)
    else:
        ok = (ChooseCard,)
    if not isinstance(a, ok):
        return IllegalAction("answer_expected", kind=pending_kind(s),
                             expected=[t.TYPE for t in ok])
    if isinstance(a, ChooseCard) and isinstance(p, FiveChoice) and not 0 <= a.index < len(p.cards):
        return IllegalAction("no_such_card", index=a.index, shown=len(p.cards))
    return None


def pending_kind(s: CoronaState) -> str | None:
    p = s.pending
    if p is None:
        return None
    if isinstance(p, Passage):
        return "passage"
    if isinstance(p, CastleRoll):
        return "castle_roll"
    if isinstance(p, Battle):
        return "battle"
    if isinstance(p, Question):
        return p.kind
    return "draw_five"


def _city(key: str) -> int:
    return CITY_INDEX.get(key, -1)


def _castle(key: str) -> int:
    return CASTLE_INDEX.get(key, -1)


def _player(s: CoronaState, seat: Seat, q: int) -> IllegalAction | None:
    if not 0 <= q < s.players or q == seat:
        return IllegalAction("bad_player", player=q)
    return None


def _move(s: CoronaState, seat: Seat, a: Move) -> IllegalAction | None:
    src, dst = _city(a.city), _city(a.to)
    if src < 0 or dst < 0:
        return IllegalAction("unknown_city", city=a.city if src < 0 else a.to)
    have = s.pawns(src, seat)
    if not 1 <= a.n <= have:
        return IllegalAction("not_enough_pawns", city=a.city, n=a.n, have=have)
    if dst not in NEIGHBOURS[src]:
        return IllegalAction("no_road", city=a.city, to=a.to)
    if src in s.denied:
        return IllegalAction("passage_denied_this_turn", city=a.city)
    return None


def _recruit(s: CoronaState, seat: Seat, a: Recruit) -> IllegalAction | None:
    k = _castle(a.castle)
    if k < 0:
        return IllegalAction("unknown_castle", castle=a.castle)
    if s.owner[k] != seat:
        return IllegalAction("not_your_castle", castle=a.castle)
    if not s.troops[k]:
        return IllegalAction("no_troops_inside", castle=a.castle)
    if not s.supply[seat]:
        return IllegalAction("no_pawns_in_supply")
    return None


def _attack_army(s: CoronaState, seat: Seat, a: AttackArmy) -> IllegalAction | None:
    city = _city(a.city)
    if city < 0:
        return IllegalAction("unknown_city", city=a.city)
    bad = _player(s, seat, a.player)
    if bad is not None:
        return bad
    if not s.pawns(city, seat):
        return IllegalAction("no_army_there", city=a.city)
    if not s.pawns(city, a.player):
        return IllegalAction("no_enemy_army_there", city=a.city, player=a.player)
    return None


def _attack_castle(s: CoronaState, seat: Seat, a: AttackCastle) -> IllegalAction | None:
    k = _castle(a.castle)
    if k < 0:
        return IllegalAction("unknown_castle", castle=a.castle)
    if s.owner[k] == seat:
        return IllegalAction("own_castle", castle=a.castle)
    if not s.pawns(CASTLES[k].city, seat):
        return IllegalAction("no_army_there", city=CITIES[CASTLES[k].city])
    if logic.banners_left(s, seat) <= 0:
        return IllegalAction("no_banner_left")
    return None


def _neutral_with_banner(k: int, s: CoronaState, key: str) -> IllegalAction | None:
    if k < 0:
        return IllegalAction("unknown_castle", castle=key)
    if s.owner[k] != NOBODY:
        return IllegalAction("castle_not_neutral", castle=key)
    if not CASTLES[k].dip:
        return IllegalAction("castle_takes_no_emissaries", castle=key)
    return None


def _place_emissary(s: CoronaState, seat: Seat, a: PlaceEmissary) -> IllegalAction | None:
    k = _castle(a.castle)
    bad = _neutral_with_banner(k, s, a.castle)
    if bad is not None:
        return bad
    if len(s.envoys[k]) >= 2:
        return IllegalAction("castle_full", castle=a.castle)
    if not s.emissaries[seat]:
        return IllegalAction("no_emissary_in_hand")
    return None


def _roll_support(s: CoronaState, seat: Seat, a: RollSupport) -> IllegalAction | None:
    k = _castle(a.castle)
    bad = _neutral_with_banner(k, s, a.castle)
    if bad is not None:
        return bad
    turns = [t for p, t in s.envoys[k] if p == seat]
    if not turns:
        return IllegalAction("no_emissary_there", castle=a.castle)
    if min(turns) >= s.turn:
        return IllegalAction("negotiations_take_time", castle=a.castle)
    if logic.banners_left(s, seat) <= 0:
        return IllegalAction("no_banner_left")
    return None


def _send(s: CoronaState, seat: Seat, a: SendEmissary) -> IllegalAction | None:
    box = BOX_INDEX.get(a.box, -1)
    if box < 0:
        return IllegalAction("unknown_box", box=a.box)
    if not s.emissaries[seat]:
        return IllegalAction("no_emissary_in_hand")
    limit = box_limit(box, s.players)
    if sum(s.boxes[box]) >= limit:
        return IllegalAction("box_full", box=a.box, limit=limit)
    return None


def _request(s: CoronaState, seat: Seat, a: RequestAlliance) -> IllegalAction | None:
    bad = _player(s, seat, a.player)
    if bad is not None:
        return bad
    if s.pact(seat, a.player) is not None:
        return IllegalAction("pact_exists", player=a.player)
    if not s.emissaries[seat]:
        return IllegalAction("no_emissary_in_hand")
    return None


def _accept(s: CoronaState, seat: Seat, a: AcceptAlliance) -> IllegalAction | None:
    bad = _player(s, seat, a.player)
    if bad is not None:
        return bad
    if (a.player, seat, False) not in s.pacts:
        return IllegalAction("no_request_from_player", player=a.player)
    return None


def parse_place(place: str) -> tuple[str, int]:
    """A recall's place: ("castle", k), ("box", b), ("alliance", seat) or ("", -1)."""
    if place in CASTLE_INDEX:
        return "castle", CASTLE_INDEX[place]
    if place in BOX_INDEX:
        return "box", BOX_INDEX[place]
    head, _, tail = place.partition(":")
    if head == "alliance" and tail.isdigit() and str(int(tail)) == tail:
        return "alliance", int(tail)
    return "", -1


def _recall(s: CoronaState, seat: Seat, a: RecallEmissary) -> IllegalAction | None:
    kind, i = parse_place(a.place)
    if kind == "castle":
        if not any(p == seat for p, _ in s.envoys[i]):
            return IllegalAction("no_emissary_there", place=a.place)
        return None
    if kind == "box":
        return None if s.boxes[i][seat] else IllegalAction("no_emissary_there", place=a.place)
    if kind == "alliance":
        pact = s.pact(seat, i) if 0 <= i < s.players else None
        if pact is None or pact[0] != seat:
            return IllegalAction("no_emissary_there", place=a.place)
        return None
    return IllegalAction("unknown_place", place=a.place)


def _hostage(s: CoronaState, seat: Seat, a: TakeHostage) -> IllegalAction | None:
    k = _castle(a.castle)
    if k < 0:
        return IllegalAction("unknown_castle", castle=a.castle)
    bad = _player(s, seat, a.player)
    if bad is not None:
        return bad
    if s.owner[k] != seat:
        return IllegalAction("not_your_castle", castle=a.castle)
    if not any(p == a.player for p, _ in s.envoys[k]):
        return IllegalAction("no_emissary_of_player_there", castle=a.castle, player=a.player)
    return None


def _deck(name: str) -> int:
    return _DECK_INDEX.get(name, -1)


def _draw(s: CoronaState, seat: Seat, a: Draw | DrawFive) -> IllegalAction | None:
    d = _deck(a.deck)
    if d < 0:
        return IllegalAction("unknown_deck", deck=a.deck)
    if len(s.hands[seat]) >= HAND_MAX:
        return IllegalAction("hand_full", limit=HAND_MAX)
    if not s.piles[d]:
        return IllegalAction("deck_empty", deck=a.deck)
    if isinstance(a, DrawFive) and s.shields[seat] < DRAW_FIVE_COST:
        return IllegalAction("not_enough_shields", cost=DRAW_FIVE_COST, have=s.shields[seat])
    return None


def _discard(s: CoronaState, seat: Seat, a: Discard) -> IllegalAction | None:
    if a.card not in s.hands[seat]:
        return IllegalAction("card_not_in_hand", card=a.card)
    return None


def _play(s: CoronaState, seat: Seat, a: Play) -> IllegalAction | None:
    return logic_cards.card_refusal(s, seat, a)


def _free_used(s: CoronaState, kind: str, player: int) -> IllegalAction | None:
    if (kind, player) in s.free_used:
        return IllegalAction("free_action_used", action=kind, player=player)
    return None


def _release(s: CoronaState, seat: Seat, a: ReleaseHostage) -> IllegalAction | None:
    bad = _player(s, seat, a.player) or _free_used(s, a.TYPE, a.player)
    if bad is not None:
        return bad
    held = s.held(seat, a.player)
    if not 1 <= a.n <= held:
        return IllegalAction("not_enough_hostages", player=a.player, n=a.n, held=held)
    return None


def _swap(s: CoronaState, seat: Seat, a: OfferSwap) -> IllegalAction | None:
    bad = _player(s, seat, a.player) or _free_used(s, a.TYPE, a.player)
    if bad is not None:
        return bad
    if not s.held(seat, a.player) or not s.held(a.player, seat):
        return IllegalAction("no_hostages_to_swap", player=a.player)
    return None


def _ask(s: CoronaState, seat: Seat, a: AskRelease) -> IllegalAction | None:
    bad = _player(s, seat, a.player) or _free_used(s, a.TYPE, a.player)
    if bad is not None:
        return bad
    if not s.held(a.player, seat):
        return IllegalAction("no_hostage_held_by_player", player=a.player)
    return None


Check = Callable[[CoronaState, Seat, Any], IllegalAction | None]
_CHECKS: dict[type, Check] = {
    Move: _move, Recruit: _recruit, AttackArmy: _attack_army, AttackCastle: _attack_castle,
    PlaceEmissary: _place_emissary, RollSupport: _roll_support, SendEmissary: _send,
    RequestAlliance: _request, AcceptAlliance: _accept, RecallEmissary: _recall,
    TakeHostage: _hostage, Draw: _draw, DrawFive: _draw, Discard: _discard, Play: _play,
    ReleaseHostage: _release, OfferSwap: _swap, AskRelease: _ask,
}


# -- candidates --------------------------------------------------------------------------


def candidates(s: CoronaState, seat: Seat) -> Iterator[Action]:
    """A small superset of `seat`'s legal actions now (it is the seat to act)."""
    p = s.pending
    if p is not None:
        yield from _answers(p)
        return
    if s.phase is Phase.SETUP:
        yield from (ChooseMainCastle(CASTLES[k].key) for k in main_castle_choices(s.players))
        return
    n = s.players
    others = [q for q in range(n) if q != seat]
    envoys_in_hand = s.emissaries[seat] > 0
    for c in range(len(CITIES)):
        k = s.army[c * n + seat]
        if not k:
            continue
        if c not in s.denied:
            for d in NEIGHBOURS[c]:
                for m in range(1, k + 1):
                    yield Move(CITIES[c], CITIES[d], m)
        for q in others:
            if s.army[c * n + q]:
                yield AttackArmy(CITIES[c], q)
    banner = logic.banners_left(s, seat) > 0
    for i, castle in enumerate(CASTLES):
        owner = s.owner[i]
        envoys = s.envoys[i]
        if owner == seat:
            if s.troops[i]:
                yield Recruit(castle.key)
            for q in sorted({p for p, _ in envoys if p != seat}):
                yield TakeHostage(castle.key, q)
        elif banner and s.army[castle.city * n + seat]:
            yield AttackCastle(castle.key)
        if owner == NOBODY and castle.dip:
            if envoys_in_hand and len(envoys) < 2:
                yield PlaceEmissary(castle.key)
            if banner and any(p == seat and t < s.turn for p, t in envoys):
                yield RollSupport(castle.key)
        if any(p == seat for p, _ in envoys):
            yield RecallEmissary(castle.key)
    for b, box in enumerate(BOXES):
        if envoys_in_hand and sum(s.boxes[b]) < box_limit(b, n):
            yield SendEmissary(box)
        if s.boxes[b][seat]:
            yield RecallEmissary(box)
    for q in others:
        pact = s.pact(seat, q)
        if pact is None:
            if envoys_in_hand:
                yield RequestAlliance(q)
        elif pact[0] == seat:
            yield RecallEmissary(f"alliance:{q}")
        elif not pact[2]:
            yield AcceptAlliance(q)
    if len(s.hands[seat]) < HAND_MAX:
        for d, deck in enumerate(DECKS):
            if s.piles[d]:
                yield Draw(deck)
                if s.shields[seat] >= DRAW_FIVE_COST:
                    yield DrawFive(deck)
    for card in sorted(set(s.hands[seat])):
        yield Discard(card)
    yield from logic_cards.card_candidates(s, seat)
    for q in others:
        held = s.held(seat, q)
        for m in range(1, held + 1):
            yield ReleaseHostage(q, m)
        if held:
            yield OfferSwap(q)
        if s.held(q, seat):
            yield AskRelease(q)


def _answers(p: object) -> Iterator[Action]:
    if isinstance(p, Passage):
        yield from (GrantPassage(), DenyPassage())
    elif isinstance(p, CastleRoll | Battle):
        yield from (Reroll(), Keep())
    elif isinstance(p, Question):
        yield from (Accept(), Decline())
    elif isinstance(p, FiveChoice):
        yield from (ChooseCard(i) for i in range(len(p.cards)))


def legal(s: CoronaState, seat: Seat) -> list[Action]:
    if s.to_act() != seat:
        return []
    return [a for a in candidates(s, seat) if refusal(s, seat, a) is None]


# -- doing it ----------------------------------------------------------------------------


def perform(s: CoronaState, seat: Seat, a: Action, events: list[Event]) -> bool:
    """Carry out a legal action on `s`; returns whether chance or hidden cards were involved."""
    before = s.rng.state
    if s.pending is not None:
        if _answer(s, seat, a, events):
            logic.finish_action(s, events)
    elif isinstance(a, ChooseMainCastle):
        logic.choose_main_castle(s, seat, CASTLE_INDEX[a.castle], events)
        return s.phase is Phase.PLAY
    elif isinstance(a, MAIN_ACTIONS):
        hidden = isinstance(a, Draw | DrawFive | Play)
        _main(s, seat, a, events)
        if s.pending is None:
            logic.finish_action(s, events)
        return hidden or s.rng.state != before
    else:
        _free(s, seat, a, events)
    return s.rng.state != before


def _main(s: CoronaState, seat: Seat, a: Action, events: list[Event]) -> None:
    n = s.players
    if isinstance(a, Move):
        src, dst = CITY_INDEX[a.city], CITY_INDEX[a.to]
        askers = logic.contested_by(s, src, seat)
        if askers:
            _ask_passage(s, seat, src, a, askers, events)
        else:
            logic.move(s, seat, (src, dst), a.n, events)
    elif isinstance(a, Play):
        askers = logic_cards.passage_askers(s, seat, a)
        if askers:
            _ask_passage(s, seat, CITY_INDEX[a.place], a, askers, events)
        else:
            logic_cards.resolve(s, seat, a, events)
    elif isinstance(a, Recruit):
        logic.recruit(s, seat, CASTLE_INDEX[a.castle], 0, events)
    elif isinstance(a, AttackArmy):
        logic.attack_on(s, seat, a.player, events)
        logic_battle.start_battle(s, seat, a.player, CITY_INDEX[a.city], False, "", events)
    elif isinstance(a, AttackCastle):
        k = CASTLE_INDEX[a.castle]
        logic.attack_on(s, seat, s.owner[k], events)
        die = size_die(s.army[CASTLES[k].city * n + seat])
        logic_battle.start_castle_roll(s, seat, k, "military", die, "", events)
    elif isinstance(a, PlaceEmissary):
        logic.place_emissary(s, seat, CASTLE_INDEX[a.castle], events)
    elif isinstance(a, RollSupport):
        die = band_die(s.legitimacy[seat])
        logic_battle.start_castle_roll(s, seat, CASTLE_INDEX[a.castle], "diplomatic", die, "",
                                       events)
    elif isinstance(a, SendEmissary):
        logic.send_emissary(s, seat, BOX_INDEX[a.box], events)
    elif isinstance(a, RequestAlliance):
        logic.request_alliance(s, seat, a.player, events)
    elif isinstance(a, AcceptAlliance):
        logic.accept_alliance(s, seat, a.player, events)
    elif isinstance(a, RecallEmissary):
        kind, i = parse_place(a.place)
        if kind == "castle":
            logic.recall_from_castle(s, seat, i, events)
        elif kind == "box":
            logic.recall_from_box(s, seat, i, events)
        else:
            logic.recall_from_alliance(s, seat, i, events)
    elif isinstance(a, TakeHostage):
        logic.attack_on(s, seat, a.player, events)
        logic.take_hostage(s, seat, CASTLE_INDEX[a.castle], a.player, events)
    elif isinstance(a, Draw):
        logic.draw(s, seat, _DECK_INDEX[a.deck], events)
    elif isinstance(a, DrawFive):
        _draw_five(s, seat, _DECK_INDEX[a.deck], events)
    elif isinstance(a, Discard):
        logic.discard(s, seat, a.card, events, "discard")


def _ask_passage(s: CoronaState, seat: Seat, city: int, a: Action, askers: tuple[Seat, ...],
                 events: list[Event]) -> None:
    s.pending = Passage(seat, city, a, askers)
    events.append(event("passage_asked", seat=seat, city=CITIES[city], askers=list(askers),
                        action=a.TYPE))


def _draw_five(s: CoronaState, seat: Seat, deck: int, events: list[Event]) -> None:
    for _ in range(DRAW_FIVE_COST):
        logic.spend_shield(s, seat, events)
    pile = s.piles[deck]
    k = min(DRAW_FIVE_SEEN, len(pile))
    shown = tuple(reversed(pile[len(pile) - k:]))
    del pile[len(pile) - k:]
    s.pending = FiveChoice(seat, deck, shown)
    events.append(event("five_drawn", seat=seat, deck=DECKS[deck], n=k))
    events.append(event("five_shown", to=[seat], seat=seat, cards=list(shown)))


def _answer(s: CoronaState, seat: Seat, a: Action, events: list[Event]) -> bool:
    """Resolve the pending decision; True when the action it belonged to is complete."""
    p = s.pending
    if isinstance(p, Passage):
        if isinstance(a, DenyPassage):
            s.pending = None
            s.denied = (*s.denied, p.city)
            events.append(event("passage_denied", seat=seat, mover=p.mover,
                                city=CITIES[p.city]))
            return False
        events.append(event("passage_granted", seat=seat, mover=p.mover, city=CITIES[p.city]))
        if len(p.askers) > 1:
            s.pending = Passage(p.mover, p.city, p.action, p.askers[1:])
            return False
        s.pending = None
        _carry_out(s, p.mover, p.action, events)
        return s.pending is None
    if isinstance(p, CastleRoll):
        logic_battle.answer_castle_roll(s, p, isinstance(a, Reroll), events)
        return s.pending is None
    if isinstance(p, Battle):
        logic_battle.answer_battle(s, p, isinstance(a, Reroll), events)
        return s.pending is None
    if isinstance(p, Question):
        s.pending = None
        yes = isinstance(a, Accept)
        if p.kind == "marriage":
            logic_cards.marriage_answer(s, p, yes, events)
            return True
        _hostage_answer(s, p, yes, events)
        return False
    assert isinstance(p, FiveChoice) and isinstance(a, ChooseCard)
    s.pending = None
    kept = p.cards[a.index]
    s.hands[seat].append(kept)
    pile = s.piles[p.deck]
    pile.extend(c for i, c in enumerate(p.cards) if i != a.index)
    s.rng.shuffle(pile)
    events.append(event("five_chosen", seat=seat, deck=DECKS[p.deck], returned=len(p.cards) - 1,
                        left=len(pile)))
    events.append(event("card_received", to=[seat], seat=seat, card=kept))
    return True


def _carry_out(s: CoronaState, seat: Seat, a: Action, events: list[Event]) -> None:
    if isinstance(a, Move):
        logic.move(s, seat, (CITY_INDEX[a.city], CITY_INDEX[a.to]), a.n, events)
    else:
        assert isinstance(a, Play)
        logic_cards.resolve(s, seat, a, events)


def _hostage_answer(s: CoronaState, q: Question, yes: bool, events: list[Event]) -> None:
    events.append(event("hostage_answer", seat=q.seat, asker=q.asker, question=q.kind,
                        accepted=yes))
    if not yes:
        return
    if q.kind == "swap":
        logic.release(s, q.asker, q.seat, 1, events, "swap")
        logic.release(s, q.seat, q.asker, 1, events, "swap")
    else:
        logic.release(s, q.seat, q.asker, 1, events, "asked")


def _free(s: CoronaState, seat: Seat, a: Action, events: list[Event]) -> None:
    if isinstance(a, ReleaseHostage):
        s.free_used = (*s.free_used, (a.TYPE, a.player))
        logic.release(s, seat, a.player, a.n, events, "gift")
    elif isinstance(a, OfferSwap):
        s.free_used = (*s.free_used, (a.TYPE, a.player))
        s.pending = Question("swap", seat, a.player)
        events.append(event("swap_offered", seat=seat, player=a.player))
    elif isinstance(a, AskRelease):
        s.free_used = (*s.free_used, (a.TYPE, a.player))
        s.pending = Question("release", seat, a.player)
        events.append(event("release_asked", seat=seat, player=a.player))
