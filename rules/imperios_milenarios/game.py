"""Imperios Milenarios for 4–7 players: the Game protocol over the state and logic modules.

`view(state, seat)` returns one JSON dict; every key:

- `game` ("imperios_milenarios"), `map` (the map id), `players`, `seat` (the viewer
  or None), `final_age` ("cobre" | "bronce" | "hierro"), `half` ("N" | "P" | "all").
- `round` (1.., 0 while founding), `stage` ("found" | "pick" | "phase" | "keep" |
  "over"), `phase` (the colour of the phase while stage is "phase", else None),
  `dragon` (the seat holding the Dragón Azul), `turn_order` (this round's seats),
  `active` (whose pick, phase-turn or keep it is; the founder while founding; None
  once over), `to_act` (the seats that must decide now: one or none).
- `window`: the open decision, `{"kind": ..., "seat": decider}` plus, by kind:
  "found" `{}`; "pick" `{}`; "phase_turn" `{"colour", "available"}` (converted
  actions not spent yet; in the blue phase also `"trades"`: per partner not traded
  with this round `{"partner", "receive", "give"}`, the item slugs a trade with it
  could exchange, for the table to show before one is declared); "keep" `{"limit"}`;
  "block" / "appeal" / "reconsider"
  `{"action": {"kind", "actor", "area", "target", "k", "route", "blockers",
  "asked", "appealed"}}`; "contest" / "sack" `{"contest": {"kind", "attacker",
  "defender", "area", "turn", "points", "sack_cost"}}`; "good" `{"conqueror",
  "area"}`; "trade_receive" / "trade_give" `{"trade": {"actor", "partner", "area",
  "k", "receive"}}` (`receive` an item slug or None); "relocate" `{"placing"
  (what: "presence" | "control" | "item" | "wonder"), "target" (an area, item or
  wonder slug), "avoid" (area slug or None)}`; "over" `{}`.
- `civs`: per seat `{seat, census, armies, age, reserve, totems_on_map, hand,
  cup, discard` (each `{red, yellow, blue, black}` counts: the order of the
  tokens in the cup is the only thing hidden) `, draws, keep_limit, goods,
  technologies` (slugs owned, globalised ones included) `, wonder` (slug or None)
  `, capitals, cities` (area slugs it controls; where it is present is in
  `areas`) `, first_capital` (slug or None)
  `, traded_with` (seats traded with this round) `, goals` (`{capitals, cities,
  goods, technologies}` now) `, next_goals` (the goals of its Age, same keys)
  `, score` (the final-score breakdown if the game ended now: `census, market,
  capitals, cities, settlements, wonder, colossus, technologies, goods, total`)`}`.
- `areas`: per in-play area slug `{presence: [seats with a totem], control: seat
  or None}`; areas out of play are absent. What never changes (kind, capital
  site, city level, settlement VP, half) is in the map, as its properties.
- `pool`: `{colour: count}`; `goods`: per good slug `{owners: [seats], globalised}`;
  `technologies`: per slug `{owners, globalised}`; `wonders`: per slug `{builder:
  seat or None}`. Their fixed values (box, coins, branch, level, cost, VP) are the
  tables `GOODS` and `TECHS` of `rules.imperios_milenarios.components`.
- `ends`: the end triggers met so far (strings; the round is finished first),
  `last_round` (bool), `history`: once the game is over, per round `{census:
  [...], score: [...]}` (empty before), `outcome`: None, or `{scores, ranking,
  winners}` once over.

Events (all public, `to: "all"`), in the order things happen: `founded {seat, area,
neighbours}`, `dragon {seat}`, `round {round, dragon, order}`, `token_drawn {seat,
colour, cup}` one per token and `cup_refilled {seat, tokens}`, `picked {seat, colour,
pool, from_discard?}`, `pool_exhausted {colour}`, `phase {colour}`, `recruited {seat,
tokens, armies}`, `converted {seat, colour, tokens, actions, available}`, `art {seat,
census}`, `research {seat, tech}`, `wonder_built {seat, wonder}`, `expanded {seat,
area, by: "land" | "sea"}`, `declared {seat, action, area, target, k, route,
blockers}`, `blocked {seat, actor, area}`, `appealed {seat, blocker}`, `held`,
`lifted`, `let_pass {seat}`, `action_blocked {seat, action, area, by}`, `conquered
{seat, area, armies}`, `good_won {seat, good, area}`, `no_good {seat}`, `attack {seat,
defender, area, attack}`, `defended` / `pressed {seat, armies}`, `yielded`,
`withdrew`, `abandoned {seat}`, `expelled {seat, defender, area}`, `sacked {seat,
defender, area, armies, census}`, `last_capital_sacked {seat}`, `trade_open {seat,
partner, area, k}`, `traded {seat, partner, area, k, received, given, paid, census,
partner_census}`, `relocated {seat, area}`, `totem_lacking {seat}`, `globalised
{item}`, `turn_ended {seat, colour, lost}`, `kept {seat, tokens}`, `age_advanced
{seat, age}`, `game_over {reasons}`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

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
    SetupError,
    Transition,
)
from rules.imperios_milenarios import logic
from rules.imperios_milenarios.actions import (
    ACTION_TYPES,
    Abandon,
    Accept,
    Appeal,
    Art,
    Attack,
    Block,
    Build,
    ChooseGood,
    Conquer,
    Convert,
    Defend,
    EndTurn,
    ExpandLand,
    ExpandSea,
    Found,
    Give,
    Hold,
    Keep,
    LetPass,
    Lift,
    Pick,
    Press,
    Receive,
    Relocate,
    Research,
    Sack,
    Trade,
    Withdraw,
    Yield,
)
from rules.imperios_milenarios.components import (
    AGES,
    BLACK,
    BLUE,
    COLOURS,
    DRAWS_PER_AGE,
    FINAL_AGES,
    GOALS,
    GOODS,
    ITEMS,
    MAP_ID,
    N_GOODS,
    NAVEGACION,
    SCHEMES,
    TECHS,
    WONDERS,
    bits,
    board,
)
from rules.imperios_milenarios.logic_map import capitals, reach
from rules.imperios_milenarios.logic_score import counts, milenario_key, score
from rules.imperios_milenarios.state import ImperiosState, Stage

_WINDOW_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "found": (Found,),
    "pick": (Pick,),
    "keep": (Keep,),
    "phase_turn": (Convert, Art, Research, Conquer, Attack, ExpandLand, ExpandSea, Trade,
                   Build, EndTurn),
    "block": (Block, LetPass),
    "appeal": (Accept, Appeal),
    "reconsider": (Hold, Lift),
    "contest": (Convert, Defend, Yield, Press, Withdraw),
    "sack": (Convert, Sack, Abandon),
    "good": (ChooseGood,),
    "trade_receive": (Receive,),
    "trade_give": (Give,),
    "relocate": (Relocate,),
}


class ImperiosMilenarios(Game[ImperiosState]):
    info = GameInfo(
        id="imperios_milenarios",
        title="Imperios Milenarios",
        min_players=4,
        max_players=7,
        chance=True,
        hidden_information=False,
        minutes=(120, 150),
        options=(
            # The Age whose goals end the game; hierro (the epic game) needs 6–7 players.
            OptionSpec("final_age", "choice", "bronce", choices=FINAL_AGES),
        ),
    )
    action_types = ACTION_TYPES

    # -- setting up ------------------------------------------------------------------------
    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> ImperiosState:
        final = options["final_age"]
        if final == "hierro" and players < 6:
            raise SetupError("bad_option_value", option="final_age", value=final,
                             needs_players=6)
        s = logic.new_state(players, seed, AGES.index(final))
        logic.advance(s, [])
        return s

    def players(self, state: ImperiosState) -> int:
        return state.players

    # -- playing ---------------------------------------------------------------------------
    def to_act(self, state: ImperiosState) -> tuple[Seat, ...]:
        seat = logic.decider(state)
        return () if seat is None else (seat,)

    def legal_actions(self, state: ImperiosState, seat: Seat) -> list[Action]:
        cached = state.cache.get(seat)
        if cached is None:
            cached = logic.legal(state, seat)
            state.cache[seat] = cached
        return list(cached)

    def is_legal(self, state: ImperiosState, seat: Seat, action: Action) -> bool:
        cached = state.cache.get(seat)
        if cached is None:
            cached = logic.legal(state, seat)
            state.cache[seat] = cached
        return action in cached

    def explain_illegal(self, state: ImperiosState, seat: Seat, action: Action) -> IllegalAction:
        return refusal(state, seat, action)

    def _apply(self, state: ImperiosState, seat: Seat, action: Action) -> Transition:
        s = state.copy()
        events: list[Event] = []
        round_before = s.round
        logic.play(s, seat, action, events)
        return Transition(s, events, s.round != round_before)

    def outcome(self, state: ImperiosState) -> Outcome | None:
        if state.stage is not Stage.OVER:
            return None
        return final_outcome(state)

    # -- information -----------------------------------------------------------------------
    def view(self, state: ImperiosState, seat: Seat | None) -> JsonDict:
        # Everything shown is public, so the table is built once per state and shared
        # (shallowly) by every seat's view: treat a view as read-only.
        base = state.cache.get("view")
        if base is None:
            base = public_view(state, None)
            state.cache["view"] = base
        return {**base, "seat": seat}

    def sample_world(self, state: ImperiosState, seat: Seat, rng: random.Random) -> ImperiosState:
        # Only the order of the tokens in the cups is unknown, and it is not stored:
        # reseeding the generator reshuffles every cup.
        s = state.copy()
        s.rng = Rng(rng.getrandbits(64))
        s.cache.update(state.cache)  # views and legal lists do not depend on the generator
        return s

    def action_space(self, state: ImperiosState) -> Iterable[Action]:
        # One or a few of every shape (the generic tests try them at every step of
        # thousands-long games, so the list stays short).
        b = board(state.players)
        n = state.players
        r = state.round
        keys = [b.keys[b.order[(r * 7 + i * 11) % len(b.order)]] for i in range(3)]
        for k in (*keys, "atlantida"):
            yield Found(k)
            yield Conquer(k)
            yield ExpandLand(k)
            yield ExpandSea(k)
            yield Relocate(k)
        yield Attack(keys[0], (r + 1) % n, "sack")
        yield Attack(keys[1], (r + 2) % n, "expel")
        yield Trade((r + 1) % n, keys[2], 1 + r % 3)
        for c in (COLOURS[r % 4], "green"):
            yield Pick(c)
            yield Convert(c, SCHEMES[r % 3])
        item = ITEMS[r % len(ITEMS)]
        yield Receive(item)
        yield Give(item)
        yield ChooseGood(GOODS[r % len(GOODS)].key)
        yield Research(TECHS[r % len(TECHS)].key)
        yield Build(WONDERS[r % 3])
        yield Build("faro")
        yield Keep(1, 1, 0, 0)
        yield Keep(9, 0, 0, 0)
        for cls in (Art, Defend, Yield, Press, Withdraw, Sack, Abandon, Block, LetPass, Accept,
                    Appeal, Hold, Lift, EndTurn):
            yield cls()


# -- refusals --------------------------------------------------------------------------------
def refusal(s: ImperiosState, seat: Seat, a: Action) -> IllegalAction:
    """The most precise stable reason an unlisted action is refused."""
    who = logic.decider(s)
    if who != seat:
        return IllegalAction("not_your_turn", seat=seat, to_act=[] if who is None else [who])
    kind = logic.window(s)
    if not isinstance(a, _WINDOW_ACTIONS.get(kind, ())):
        return IllegalAction("not_now", action=a.TYPE, window=kind)
    b = board(s.players)
    area = getattr(a, "area", None)
    if area is not None and area not in b.index:
        return IllegalAction("unknown_area", area=area)
    if area is not None and not b.in_play >> b.index[area] & 1:
        return IllegalAction("area_out_of_play", area=area)
    if isinstance(a, Convert):
        if a.colour not in COLOURS or a.scheme not in SCHEMES:
            return IllegalAction("unknown_conversion", colour=a.colour, scheme=a.scheme)
        colour = COLOURS.index(a.colour)
        expected = 0 if kind in ("contest", "sack") else s.colour
        if colour != expected:
            return IllegalAction("wrong_colour", colour=a.colour, phase=COLOURS[expected])
        if a.scheme not in logic.schemes(s, seat, colour):
            return IllegalAction("cannot_convert", colour=a.colour, scheme=a.scheme,
                                 tokens=s.hand[seat][colour])
    if isinstance(a, Pick) and a.colour not in COLOURS:
        return IllegalAction("unknown_colour", colour=a.colour)
    if isinstance(a, Found):
        return IllegalAction("not_a_free_capital_site", area=a.area)
    if isinstance(a, ExpandLand | ExpandSea):
        reason = _expansion_refusal(s, seat, a)
        if reason is not None:
            return reason
    if isinstance(a, Trade) and (a.partner == seat or not 0 <= a.partner < s.players):
        return IllegalAction("no_such_partner", partner=a.partner)
    if isinstance(a, Trade) and s.traded[seat] >> a.partner & 1:
        return IllegalAction("already_traded", partner=a.partner)
    if isinstance(a, Research | Art | Build | ExpandLand | ExpandSea | Trade) and s.avail < 1:
        return IllegalAction("no_actions_converted", colour=COLOURS[s.colour])
    if isinstance(a, Conquer | Attack):
        p_area = b.index[a.area]
        if isinstance(a, Conquer) and not b.conquerable >> p_area & 1:  # a sea, a settlement
            return IllegalAction("nothing_to_conquer", area=a.area)
        if not s.presence[seat] >> p_area & 1:
            return IllegalAction("not_present", area=a.area)
        if not reach(b, s.presence[seat], capitals(s, seat)) >> p_area & 1:
            return IllegalAction("no_route", area=a.area)
        reason = _conquer_refusal(s, seat, a) if isinstance(a, Conquer) else _attack_refusal(
            s, seat, a)
        if reason is not None:
            return reason
    if isinstance(a, Relocate) and s.placements:
        if not s.presence[seat] >> b.index[a.area] & 1:
            return IllegalAction("no_totem_there", area=a.area)
        return IllegalAction("acted_area", area=a.area)
    if isinstance(a, Sack):
        c = s.contest
        assert c is not None
        return IllegalAction("not_enough_armies", armies=s.armies[seat],
                             needed=logic.sack_cost(s, c.defender, c.area))
    if isinstance(a, Defend | Press):
        return IllegalAction("not_enough_armies", armies=s.armies[seat], needed=1)
    if isinstance(a, Keep):
        return IllegalAction("bad_keep", limit=logic.keep_limit(s, seat),
                             hand=dict(zip(COLOURS, s.hand[seat], strict=True)))
    return IllegalAction("illegal_action", action=a.TYPE, window=kind)


def _expansion_refusal(
    s: ImperiosState, seat: Seat, a: ExpandLand | ExpandSea
) -> IllegalAction | None:
    """Why an expansion is refused: phase, technology, the land/sea rule, adjacency."""
    b = board(s.players)
    area = b.index[a.area]
    land = isinstance(a, ExpandLand)
    if land and s.colour != BLACK:
        return IllegalAction("wrong_phase", action=a.TYPE, phase=COLOURS[s.colour])
    if not land and s.colour not in (BLUE, BLACK):
        return IllegalAction("wrong_phase", action=a.TYPE, phase=COLOURS[s.colour])
    if not land and s.colour == BLACK and not s.items[seat] >> NAVEGACION & 1:
        return IllegalAction("needs_navegacion", area=a.area)
    if s.presence[seat] >> area & 1:
        return IllegalAction("already_present", area=a.area)
    if s.avail < 1:
        return IllegalAction("no_actions_converted", colour=COLOURS[s.colour])
    r = reach(b, s.presence[seat], capitals(s, seat))
    near = b.adj[area] & r
    if not near:  # beside none of its areas, or only beside ones cut off from its capitals
        if b.adj[area] & s.presence[seat]:
            return IllegalAction("no_route", area=a.area)
        return IllegalAction("not_adjacent", area=a.area)
    if land and (b.sea >> area & 1 or not near & b.land):
        return IllegalAction("land_expansion_needs_land", area=a.area)
    if not land and not (b.sea >> area & 1 or near & b.sea):
        return IllegalAction("sea_expansion_needs_sea", area=a.area)
    if not land and ("expand_sea", area, -1, 0) in s.refused:
        return IllegalAction("already_blocked", area=a.area)
    return None


def _holder(s: ImperiosState, area: int) -> Seat | None:
    """The civilisation that controls `area`, if any (one at most)."""
    return next((q for q in range(s.players) if s.control[q] >> area & 1), None)


def _conquer_refusal(s: ImperiosState, seat: Seat, a: Conquer) -> IllegalAction | None:
    """Why a conquest of a city or capital site is refused where the civilisation is
    present and joined to a capital (`refusal` has named any other area as nothing to
    conquer): someone controls it, the icon costs more armies than it has (or it has
    none), or it was blocked this turn (items 28, 29)."""
    b = board(s.players)
    area = b.index[a.area]
    holder = _holder(s, area)
    if holder == seat:
        return IllegalAction("already_yours", area=a.area)
    if holder is not None:
        return IllegalAction("held_by", area=a.area, holder=holder)
    if b.level(area) > s.armies[seat]:  # also with no army at all
        return IllegalAction("not_enough_armies", armies=s.armies[seat], needed=b.level(area),
                             area=a.area)
    if ("conquer", area, -1, 0) in s.refused:
        return IllegalAction("already_blocked", area=a.area)
    return None


def _attack_refusal(s: ImperiosState, seat: Seat, a: Attack) -> IllegalAction | None:
    """Why an attack is refused where the attacker is present and joined to a capital:
    nobody of that seat there, the wrong kind for what it holds, no army for its first
    point, or blocked this turn."""
    b = board(s.players)
    area = b.index[a.area]
    if a.seat == seat or not 0 <= a.seat < s.players or not s.presence[a.seat] >> area & 1:
        return IllegalAction("no_rival_there", area=a.area)
    kind = "sack" if s.control[a.seat] >> area & 1 else "expel"
    if a.kind != kind:
        return IllegalAction("wrong_attack", area=a.area, kind=kind)
    if s.armies[seat] < 1:  # an attack's first point costs one
        return IllegalAction("not_enough_armies", armies=s.armies[seat], needed=1)
    if (kind, area, a.seat, 0) in s.refused:
        return IllegalAction("already_blocked", area=a.area)
    return None


# -- the end ---------------------------------------------------------------------------------
def final_outcome(s: ImperiosState) -> Outcome:
    """Scores per item 44; ranks strict by score, then the most milenario (item 45)."""
    n = s.players
    scores = [score(s, p)["total"] for p in range(n)]
    keys = [(scores[p], *milenario_key(s, p)) for p in range(n)]
    ranking = tuple(1 + sum(1 for q in range(n) if keys[q] > keys[p]) for p in range(n))
    winners = tuple(p for p in range(n) if ranking[p] == 1)
    return Outcome(tuple(float(x) for x in scores), ranking, winners)


# -- the view --------------------------------------------------------------------------------
def _colours(counts_: list[int]) -> dict[str, int]:
    return dict(zip(COLOURS, counts_, strict=True))


def _window(s: ImperiosState) -> JsonDict:
    b = board(s.players)
    keys = b.keys
    kind = logic.window(s)
    out: JsonDict = {"kind": kind, "seat": logic.decider(s)}
    if kind == "phase_turn":
        out.update(colour=COLOURS[s.colour], available=s.avail)
        if s.colour == BLUE:
            out["trades"] = _trade_previews(s, s.active)
    elif kind == "keep":
        out["limit"] = logic.keep_limit(s, s.active)
    elif s.placements and kind == "relocate":
        pl = s.placements[0]
        target = (keys[pl.target] if pl.what in ("presence", "control")
                  else ITEMS[pl.target] if pl.what == "item" else WONDERS[pl.target])
        out.update(placing=pl.what, target=target,
                   avoid=None if pl.avoid < 0 else keys[pl.avoid])
    elif kind == "good" and s.good is not None:
        out.update(conqueror=s.good[0], area=keys[s.good[1]])
    elif s.declared is not None:
        d = s.declared
        out["action"] = {
            "kind": d.kind, "actor": d.actor, "area": keys[d.area],
            "target": None if d.target < 0 else d.target, "k": d.k,
            "route": [keys[a] for a in d.route], "blockers": list(d.blockers),
            "asked": d.asked, "appealed": d.appealed,
        }
    elif s.contest is not None:
        c = s.contest
        out["contest"] = {
            "kind": c.kind, "attacker": c.attacker, "defender": c.defender,
            "area": keys[c.area], "turn": c.turn, "points": c.rounds,
            "sack_cost": logic.sack_cost(s, c.defender, c.area) if c.kind == "sack" else None,
        }
    elif s.trade is not None:
        t = s.trade
        out["trade"] = {"actor": t.actor, "partner": t.partner, "area": keys[t.area],
                        "k": t.k, "receive": None if t.get < 0 else ITEMS[t.get]}
    return out


def _trade_previews(s: ImperiosState, p: Seat) -> list[JsonDict]:
    """What `p` could receive from and give to each partner it has not traded with this
    round (items 34–35): what a trade's later steps would offer, before it is declared."""
    out: list[JsonDict] = []
    for q in range(s.players):
        if q == p or s.traded[p] >> q & 1:
            continue
        receive = logic.receivable(s, p, q)
        if receive:
            out.append({"partner": q, "receive": [ITEMS[i] for i in receive],
                        "give": [ITEMS[i] for i in logic.givable_items(s, p, q)]})
    return out


def _goal_dict(values: tuple[int, int, int, int]) -> dict[str, int]:
    return dict(zip(("capitals", "cities", "goods", "technologies"), values, strict=True))


def public_view(s: ImperiosState, seat: Seat | None) -> JsonDict:
    """Everything on the table but the order of the tokens in the cups."""
    b = board(s.players)
    keys = b.keys
    n = s.players
    over = s.stage is Stage.OVER
    decider = logic.decider(s)
    civs = []
    for p in range(n):
        ctrl = s.control[p]
        mine = s.items[p]
        g = GOALS[min(s.age[p], len(GOALS) - 1)]
        civs.append({
            "seat": p,
            "census": s.census[p],
            "armies": s.armies[p],
            "age": AGES[s.age[p]],
            "reserve": s.reserve[p],
            "totems_on_map": s.presence[p].bit_count() + ctrl.bit_count(),
            "hand": _colours(s.hand[p]),
            "cup": _colours(s.cup[p]),
            "discard": _colours(s.discard[p]),
            "draws": DRAWS_PER_AGE[s.age[p]],
            "keep_limit": logic.keep_limit(s, p),
            "goods": [ITEMS[i] for i in bits(mine) if i < N_GOODS],
            "technologies": [ITEMS[i] for i in bits(mine) if i >= N_GOODS],
            "wonder": next((WONDERS[w] for w, o in enumerate(s.wonders) if o == p), None),
            "capitals": [keys[a] for a in bits(ctrl & b.shaded)],
            "cities": [keys[a] for a in bits(ctrl & ~b.shaded)],
            "first_capital": None if s.first_capital[p] < 0 else keys[s.first_capital[p]],
            "traded_with": bits(s.traded[p]),
            "goals": _goal_dict(counts(s, p)),
            "next_goals": _goal_dict((g.capitals, g.cities, g.goods, g.techs)),
            "score": score(s, p),
        })
    areas = {}
    for a in b.order:
        bit = 1 << a
        areas[keys[a]] = {
            "presence": [p for p in range(n) if s.presence[p] & bit],
            "control": _holder(s, a),
        }
    def owners(i: int) -> list[int]:
        return [p for p in range(n) if s.items[p] >> i & 1]
    outcome = final_outcome(s) if over else None
    return {
        "game": "imperios_milenarios",
        "map": MAP_ID,
        "players": n,
        "seat": seat,
        "final_age": AGES[s.final_age],
        "half": {4: "N", 5: "P"}.get(n, "all"),
        "round": s.round,
        "stage": s.stage.value,
        "phase": COLOURS[s.colour] if s.stage is Stage.PHASE else None,
        "dragon": s.dragon,
        "turn_order": s.order(),
        "active": None if over else (decider if s.stage is Stage.FOUND else s.active),
        "to_act": [] if decider is None else [decider],
        "window": _window(s),
        "civs": civs,
        "areas": areas,
        "pool": _colours(s.pool),
        "goods": {g.key: {"owners": owners(i), "globalised": bool(s.globalised >> i & 1)}
                  for i, g in enumerate(GOODS)},
        "technologies": {
            t.key: {"owners": owners(N_GOODS + i),
                    "globalised": bool(s.globalised >> (N_GOODS + i) & 1)}
            for i, t in enumerate(TECHS)
        },
        "wonders": {w: {"builder": None if s.wonders[i] < 0 else s.wonders[i]}
                    for i, w in enumerate(WONDERS)},
        "ends": [e.value for e in s.ends],
        "last_round": bool(s.ends),
        "history": [{"census": list(c), "score": list(sc)} for c, sc in s.history]
        if over else [],
        "outcome": None if outcome is None else {
            "scores": list(outcome.scores), "ranking": list(outcome.ranking),
            "winners": list(outcome.winners)},
    }


GAME = ImperiosMilenarios()

__all__ = ["GAME", "ImperiosMilenarios", "final_outcome", "public_view", "refusal"]
