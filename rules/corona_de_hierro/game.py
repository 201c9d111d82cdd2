"""Corona de Hierro for 3–5 players: the Game protocol over the state and logic modules.

# The view (`view(state, seat)`), key by key

Cities, castles and boxes are named by their map keys; seats are ints.

- `game` "corona_de_hierro", `map` the map id, `players`, `seat` (the viewer, None
  for a spectator).
- `phase` "setup" | "play" | "over"; `current` whose turn it is (in setup: who
  chooses a castle); `actions_left` 2, 1 (0 in setup and at the end); `turn`
  (turns begun, 0 in setup); `to_act` the seats that must decide now (one at most).
- `legitimacy` per seat (0..13, 13 = crown); `band` per seat ("red" | "yellow" |
  "green" | "crown"); `vp` per seat: the VP counter (castles held + chronicles);
  `chronicle` per seat (VP from Favourable Chronicle).
- `shields` per seat; `shield_pool`.
- `supply` per seat: army pawns not on the map; `banners_left` per seat;
  `emissaries_in_hand` per seat.
- `armies`: {city key: [pawns per seat]} for every city holding pawns.
- `castles`: list, one per castle in map order: {`key`, `city`, `category`
  ("capital" | "grey" | "neutral"), `mil`, `dip` (0: no right banner), `vp`,
  `legit`, `owner` (seat or None), `troops` (banner troops side up),
  `envoys`: [{`seat`, `turn` placed}]}.
- `boxes`: {"rome" | "saracens" | "magyars": [emissaries per seat]};
  `box_limits`: {box: how many it holds in all}.
- `alliances`: [{`from` requester, `to` target, `accepted`}]: the alliance zone.
- `hostages`: [holder][owner] counts.
- `hand_counts`: per seat {"political": k, "military": m} (public);
  `hand`: the viewer's own cards (ids "P01".."M14"; [] for a spectator).
- `loyalty`: the viewer's own loyalty card, {`card`: "loyalty", `seat`: named seat}
  or {`card`: "self_king", `seat`: None}; None for a spectator or before the deal.
  `loyalty_known`: [{`slot`: seat | "left_over", `card`}] every other card the viewer
  knows (Spies, Change of Allegiance); `loyalty_looks`: per seat, the slots whose card
  that seat knows (who spied on whom is public, the cards are not).
- `piles`: {"political": cards left, "military": ...}; `discards`: {deck: [ids]}
  (face up, in order).
- `pending`: None or the decision that waits: {`kind`, `seat` who decides, ...}:
  "passage" (`mover`, `city`, `action` its JSON, `askers` still to answer);
  "castle_roll" (`castle`, `mode` "military" | "diplomatic", `die`, `value`,
  `target`, `card`); "battle" (`attacker`, `defender`, `city`, `stage` "attacker" |
  "defender", `att`, `defence` (0 until rolled), `att_die`, `def_die`, `ambush`,
  `round`, `card`); "swap" | "release" | "marriage" (`asker`); "draw_five" (`deck`,
  `count`, and `cards` for the drawer only).
- `denied`: cities the current player's armies may not ask to leave again this
  turn; `free_used`: [[free action type, player]] used this turn.
- `chart`: per finished turn {`legitimacy`: [...], `vp`: [...]} for the results chart.
- `end`: None, or "crown" | "deck" | "ruined"; once over also `kings` (seats),
  `scores` (per seat {`castles`, `chronicle`, `no_hostage`, `loyalty`, `total`}) and
  `loyalty_revealed` (every seat's card).

# Events

Every event is {"type", "to", ...}; those with `to` a seat list are private.
`main_castle_chosen` (seat, castle, city) · `cards_dealt` · `loyalty_dealt`* (seat,
card) · `hand_dealt`* (cards) · `turn_started` (seat, turn) · `moved` (seat, path,
n, why) · `passage_asked` (seat, city, askers, action) · `passage_granted` /
`passage_denied` (seat, mover, city) · `recruited` (seat, castle, city, n, why) ·
`die_rolled` (seat, die, value, purpose "military" | "diplomatic" | "battle_attack" |
"battle_defend", castle/target or city/round, reroll) · `shield_spent` (seat, pool) ·
`shield_gained` (seat, why, pool) · `castle_roll_failed` · `troops_eliminated`
(seat, castle, owner) · `castle_taken` (seat, castle, how, loser) · `battle_started`
(attacker, defender, city, ambush, card) · `battle_round` (round, attack, defence,
winner, loser, loser_left, winner_left) · `battle_won` (seat, loser, city) ·
`legitimacy` (seat, delta, level, why) · `vp` · `emissary_placed` / `emissary_sent` /
`emissary_recalled` · `alliance_requested` / `alliance_accepted` /
`alliance_broken` / `request_cancelled` / `alliance_ended` · `hostage_taken` /
`hostage_released` / `swap_offered` / `release_asked` / `hostage_answer` ·
`marriage_answered` · `card_drawn` (seat, deck, left) · `card_received`* (card) ·
`five_drawn` · `five_shown`* (cards) · `five_chosen` · `card_played` (seat, card,
player, place, dest, n) · `card_discarded` · `loyalty_seen` (seat, target) ·
`loyalty_revealed`* (target, card) · `loyalty_swapped` · `pawns_added` /
`pawns_removed` (seat, city, n, why) · `game_over` (reason). (* private)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from rules.core import (
    Action,
    Game,
    GameInfo,
    IllegalAction,
    JsonDict,
    Outcome,
    Rng,
    Seat,
    Transition,
)
from rules.corona_de_hierro import logic, logic_legal
from rules.corona_de_hierro.actions import (
    ACTION_TYPES,
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
    BOXES,
    CARDS,
    CASTLES,
    CITIES,
    DECKS,
    DIE_NAMES,
    MAP_ID,
    band,
    box_limit,
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


class CoronaDeHierro(Game[CoronaState]):
    info = GameInfo(
        id="corona_de_hierro",
        title="Corona de Hierro",
        min_players=3,
        max_players=5,
        chance=True,
        hidden_information=True,
        minutes=(45, 60),
    )
    action_types = ACTION_TYPES

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> CoronaState:
        return logic.new_state(players, seed)

    def players(self, state: CoronaState) -> int:
        return state.players

    def to_act(self, state: CoronaState) -> tuple[Seat, ...]:
        seat = state.to_act()
        return () if seat is None else (seat,)

    def legal_actions(self, state: CoronaState, seat: Seat) -> list[Action]:
        return logic_legal.legal(state, seat)

    def is_legal(self, state: CoronaState, seat: Seat, action: Action) -> bool:
        return state.to_act() == seat and logic_legal.refusal(state, seat, action) is None

    def explain_illegal(self, state: CoronaState, seat: Seat, action: Action) -> IllegalAction:
        if state.to_act() != seat:
            return IllegalAction("not_your_turn", seat=seat, to_act=list(self.to_act(state)))
        refusal = logic_legal.refusal(state, seat, action)
        return refusal or IllegalAction("illegal_action", action=self.action_to_json(action))

    def _apply(self, state: CoronaState, seat: Seat, action: Action) -> Transition:
        s = state.copy()
        events: list[Any] = []
        barrier = logic_legal.perform(s, seat, action, events)
        return Transition(s, events, barrier)

    def outcome(self, state: CoronaState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        keys = logic.rank_keys(state)
        ranking = tuple(1 + sum(1 for k in keys if k > mine) for mine in keys)
        winners = tuple(p for p, r in enumerate(ranking) if r == 1)
        return Outcome(tuple(float(k[0]) for k in keys), ranking, winners)

    # -- information -------------------------------------------------------------------
    def view(self, state: CoronaState, seat: Seat | None) -> JsonDict:
        return public_view(self, state, seat)

    def sample_world(self, state: CoronaState, seat: Seat, rng: random.Random) -> CoronaState:
        return sample_world(state, seat, rng)

    def action_space(self, state: CoronaState) -> Iterable[Action]:
        cities = ("pavia", "milano", "arles", "nowhere")
        castles = ("pavia", "ivrea", "arles", "lucca", "nowhere")
        players = (-1, 0, 1, state.players)
        for c in castles:
            yield from (ChooseMainCastle(c), Recruit(c), AttackCastle(c), PlaceEmissary(c),
                        RollSupport(c), RecallEmissary(c))
            yield from (TakeHostage(c, p) for p in players)
        for a in cities:
            for b in cities:
                yield from (Move(a, b, n) for n in (0, 1, 2))
            yield from (AttackArmy(a, p) for p in players)
        for box in (*BOXES, "alliance:1", "alliance:x", "heaven"):
            yield SendEmissary(box)
            yield RecallEmissary(box)
        for p in players:
            yield from (RequestAlliance(p), AcceptAlliance(p), OfferSwap(p), AskRelease(p))
            yield from (ReleaseHostage(p, n) for n in (0, 1))
        for deck in (*DECKS, "tarot"):
            yield from (Draw(deck), DrawFive(deck))
        for card in (*CARDS, "X99"):
            yield Discard(card)
            yield Play(card, -1, "", "", 0)
            yield Play(card, 1, "", "", 0)
            yield Play(card, -1, "ivrea", "", 0)
            yield Play(card, -1, "pavia", "milano", 1)
            yield Play(card, 0, "pavia", "milano", 1)
        yield from (Reroll(), Keep(), GrantPassage(), DenyPassage(), Accept(), Decline())
        yield from (ChooseCard(i) for i in (-1, 0, 4, 5))


# -- the view ----------------------------------------------------------------------------


def _pending_view(game: CoronaDeHierro, s: CoronaState, viewer: Seat | None) -> JsonDict | None:
    p = s.pending
    if p is None:
        return None
    kind = logic_legal.pending_kind(s)
    out: JsonDict = {"kind": kind, "seat": p.seat}
    if isinstance(p, Passage):
        out.update(mover=p.mover, city=CITIES[p.city], action=game.action_to_json(p.action),
                   askers=list(p.askers))
    elif isinstance(p, CastleRoll):
        out.update(castle=CASTLES[p.castle].key, mode=p.mode, die=DIE_NAMES[p.die],
                   value=p.value, target=p.target, card=p.card or None)
    elif isinstance(p, Battle):
        out.update(attacker=p.attacker, defender=p.defender, city=CITIES[p.city], stage=p.stage,
                   att=p.att, defence=p.defence, att_die=DIE_NAMES[p.att_die],
                   def_die=DIE_NAMES[p.def_die], ambush=p.ambush, round=p.round,
                   card=p.card or None)
    elif isinstance(p, Question):
        out.update(asker=p.asker)
    elif isinstance(p, FiveChoice):
        out.update(deck=DECKS[p.deck], count=len(p.cards))
        if viewer == p.seat:
            out["cards"] = list(p.cards)
    return out


def _slot_json(s: CoronaState, slot: int) -> int | str:
    return slot if slot < s.players else "left_over"


def public_view(game: CoronaDeHierro, s: CoronaState, seat: Seat | None) -> JsonDict:
    """What `seat` may know: everything on the table, its own hand and loyalty card, and
    the loyalty cards it has looked at (module docstring, key by key)."""
    n = s.players
    dealt = bool(s.loyalty)
    mine = seat is not None and 0 <= seat < n
    view: JsonDict = {
        "game": "corona_de_hierro",
        "map": MAP_ID,
        "players": n,
        "seat": seat,
        "phase": s.phase.value,
        "current": s.current,
        "actions_left": s.actions_left,
        "turn": s.turn,
        "to_act": list(game.to_act(s)),
        "legitimacy": s.legitimacy[:],
        "band": [band(v) for v in s.legitimacy],
        "vp": [logic.vp_counter(s, p) for p in range(n)],
        "chronicle": s.chronicle[:],
        "shields": s.shields[:],
        "shield_pool": s.pool,
        "supply": s.supply[:],
        "banners_left": [logic.banners_left(s, p) for p in range(n)],
        "emissaries_in_hand": s.emissaries[:],
        "armies": {CITIES[c]: s.army[c * n:(c + 1) * n] for c in range(len(CITIES))
                   if any(s.army[c * n:(c + 1) * n])},
        "castles": [
            {"key": c.key, "city": CITIES[c.city], "category": c.category, "mil": c.mil,
             "dip": c.dip, "vp": c.vp, "legit": c.legit,
             "owner": None if s.owner[k] == NOBODY else s.owner[k], "troops": s.troops[k],
             "envoys": [{"seat": p, "turn": t} for p, t in s.envoys[k]]}
            for k, c in enumerate(CASTLES)
        ],
        "boxes": {b: s.boxes[i][:] for i, b in enumerate(BOXES)},
        "box_limits": {b: box_limit(i, n) for i, b in enumerate(BOXES)},
        "alliances": [{"from": a, "to": b, "accepted": ok} for a, b, ok in s.pacts],
        "hostages": [s.hostages[h * n:(h + 1) * n] for h in range(n)],
        "hand_counts": [
            {"political": sum(1 for c in h if c[0] == "P"),
             "military": sum(1 for c in h if c[0] == "M")} for h in s.hands
        ],
        "hand": s.hands[seat][:] if mine and seat is not None else [],
        "loyalty": logic.loyalty_json(s.loyalty[seat]) if mine and dealt and seat is not None
        else None,
        "loyalty_known": [
            {"slot": _slot_json(s, slot), "card": logic.loyalty_json(s.loyalty[slot])}
            for slot in (s.known[seat] if mine and seat is not None else ()) if slot != seat
        ],
        "loyalty_looks": [[_slot_json(s, slot) for slot in s.known[p] if slot != p]
                          for p in range(n)],
        "piles": {d: len(s.piles[i]) for i, d in enumerate(DECKS)},
        "discards": {d: s.discards[i][:] for i, d in enumerate(DECKS)},
        "pending": _pending_view(game, s, seat),
        "denied": [CITIES[c] for c in s.denied],
        "free_used": [[kind, p] for kind, p in s.free_used],
        "chart": [{"legitimacy": list(legit), "vp": list(vp)} for legit, vp in s.chart],
        "end": None if s.end is None else s.end.value,
    }
    if s.phase is Phase.OVER:
        view["kings"] = list(logic.kings(s))
        view["scores"] = logic.final_scores(s)
        view["loyalty_revealed"] = [logic.loyalty_json(s.loyalty[p]) for p in range(n)]
    return view


# -- sampling a world --------------------------------------------------------------------


def sample_world(state: CoronaState, seat: Seat, rng: random.Random) -> CoronaState:
    """A full state `seat` cannot tell from this one: the cards it has not seen (others'
    hands, the draw piles, another's Draw-five, the loyalty cards it does not know) are
    dealt again from what they could be, keeping every count; future chance is reseeded.
    Built only from what `seat` knows, in a canonical order, so two states that `seat`
    cannot tell apart give the same sample."""
    s = state.copy()
    s.rng = Rng(rng.getrandbits(64))
    if s.loyalty:
        known = set(s.known[seat])
        unknown = [slot for slot in range(len(s.loyalty)) if slot not in known]
        cards = sorted(s.loyalty[slot] for slot in unknown)
        rng.shuffle(cards)
        for slot, card in zip(unknown, cards, strict=True):
            s.loyalty[slot] = card
    five = s.pending if isinstance(s.pending, FiveChoice) and s.pending.seat != seat else None
    others = [p for p in range(s.players) if p != seat]
    # A card whose move waits for passage is in its player's hand for all to see.
    shown: dict[Seat, list[str]] = {p: [] for p in others}
    waiting = s.pending
    if isinstance(waiting, Passage) and isinstance(waiting.action, Play) and waiting.mover != seat:
        shown[waiting.mover].append(waiting.action.card)
    hidden = {p: _without(s.hands[p], shown[p]) for p in others}
    hands: dict[Seat, list[str]] = {p: shown[p][:] for p in others}
    for d, letter in enumerate("PM"):
        pool = s.piles[d][:]
        for p in others:
            pool.extend(c for c in hidden[p] if c[0] == letter)
        if five is not None and five.deck == d:
            pool.extend(five.cards)
        pool.sort()
        rng.shuffle(pool)
        for p in others:
            hands[p].extend(pool.pop() for c in hidden[p] if c[0] == letter)
        if five is not None and five.deck == d:
            s.pending = FiveChoice(five.seat, five.deck, tuple(pool.pop() for _ in five.cards))
        s.piles[d] = pool
    for p in others:
        s.hands[p] = hands[p]
    return s


def _without(cards: list[str], taken: list[str]) -> list[str]:
    """`cards` less one copy of each card in `taken`."""
    rest = cards[:]
    for c in taken:
        rest.remove(c)
    return rest


GAME = CoronaDeHierro()

__all__ = ["GAME", "CoronaDeHierro", "public_view", "sample_world"]
