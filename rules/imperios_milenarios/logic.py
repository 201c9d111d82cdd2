"""What may be done and what it does: the one source `legal_actions` and `apply` read.

`decider` names the seat that must decide now, `legal` lists its choices, and
`play` carries one out and then `advance`s through everything automatic
(placements with a totem in reserve, forced yields, skipped turns, the draw,
the Age and end checks) up to the next real decision. Item numbers refer to
`shared/rules/imperios_milenarios.md`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rules.core import Action, Event, Rng, Seat, event
from rules.imperios_milenarios.actions import (
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
    ARMY_MAX,
    BLACK,
    BLUE,
    CAPITAL_SACK_CENSUS,
    CENSUS_MAX,
    COLOURS,
    DRAWS_PER_AGE,
    GOALS,
    GOODS,
    INGENIERIA,
    ITEM_COINS,
    ITEMS,
    JARDINES,
    LEVEL_MAX_COINS,
    MAP_TOTEMS,
    N_GOODS,
    NAVEGACION,
    PIRAMIDES,
    RED,
    RESERVE_LIMIT,
    SACK_CENSUS,
    SCHEME_ACTIONS,
    SCHEME_TOKENS,
    START_CUP_PER_COLOUR,
    TECHS,
    TOKENS_PER_COLOUR,
    WONDER_COST,
    WONDERS,
    YELLOW,
    bits,
    board,
    prerequisite,
    tech_bit,
)
from rules.imperios_milenarios.logic_map import (
    FAR,
    capitals,
    distance,
    eligible_blockers,
    founding_sites,
    land_targets,
    reach,
    route,
    sea_targets,
)
from rules.imperios_milenarios.logic_score import goals_met, score
from rules.imperios_milenarios.state import (
    Contest,
    Declared,
    End,
    ImperiosState,
    Placement,
    Stage,
    TradeStep,
    founding_order,
)

COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


# -- setting up ------------------------------------------------------------------------------
def new_state(players: int, seed: int, final_age: int) -> ImperiosState:
    n = players
    s = ImperiosState(
        players=n,
        final_age=final_age,
        rng=Rng(seed),
        stage=Stage.FOUND,
        round=0,
        dragon=0,
        colour=0,
        turn=0,
        founded=(),
        first_capital=[-1] * n,
        pool=[TOKENS_PER_COLOUR - START_CUP_PER_COLOUR * n] * 4,
        cup=[[START_CUP_PER_COLOUR] * 4 for _ in range(n)],
        hand=[[0] * 4 for _ in range(n)],
        discard=[[0] * 4 for _ in range(n)],
        census=[0] * n,
        armies=[0] * n,
        age=[0] * n,
        reserve=[MAP_TOTEMS] * n,
        presence=[0] * n,
        control=[0] * n,
        items=[0] * n,
        globalised=0,
        wonders=[-1] * len(WONDERS),
        avail=0,
        traded=[0] * n,
        refused=(),
        ends=(),
    )
    return s


# -- who decides -----------------------------------------------------------------------------
def decider(s: ImperiosState) -> Seat | None:
    """The one seat that must decide now (item 16's windows, in their fixed order)."""
    cache = s.cache
    if "who" in cache:
        return cache["who"]  # type: ignore[no-any-return]
    who = _decider(s)
    cache["who"] = who
    return who


def _decider(s: ImperiosState) -> Seat | None:
    if s.placements:
        return s.placements[0].seat
    if s.good is not None:
        return s.good[0]
    d = s.declared
    if d is not None:
        return d.actor if d.step == "appeal" else d.asked
    c = s.contest
    if c is not None:
        return c.defender if c.turn == "defender" else c.attacker
    if s.trade is not None:
        return s.trade.actor
    stage = s.stage
    if stage is Stage.OVER:
        return None
    if stage is Stage.FOUND:
        return founding_order(s.players)[len(s.founded)]
    return s.active


def window(s: ImperiosState) -> str:
    """The name of the open decision window (the view's `window.kind`)."""
    if s.placements:
        return "relocate"
    if s.good is not None:
        return "good"
    if s.declared is not None:
        step = s.declared.step
        return "block" if step == "ask" else step
    if s.contest is not None:
        return "sack" if s.contest.turn == "sack" else "contest"
    if s.trade is not None:
        return "trade_receive" if s.trade.get < 0 else "trade_give"
    if s.stage is Stage.PHASE:
        return "phase_turn"
    return str(s.stage.value)


# -- small helpers ---------------------------------------------------------------------------
def owns(s: ImperiosState, p: Seat, item: int) -> bool:
    return bool(s.items[p] >> item & 1)


def has_wonder(s: ImperiosState, p: Seat, wonder: int) -> bool:
    return s.wonders[wonder] == p


def value(s: ImperiosState, owner: Seat, item: int) -> int:
    """An item's trade value for the civilisation that hands it over (item 35)."""
    return ITEM_COINS[item] + (1 if s.wonders[JARDINES] == owner else 0)


def trade_payment(s: ImperiosState, actor: Seat, partner: Seat, get: int, give: int) -> int:
    """Census positions the initiator pays: ⌈difference / 2⌉, never negative."""
    diff = value(s, partner, get) - value(s, actor, give)
    return (diff + 1) // 2 if diff > 0 else 0


def sack_cost(s: ImperiosState, defender: Seat, area: int) -> int:
    """The icon − 1, +1 for the defender's Ingeniería, +1 for its Pirámides (item 30)."""
    cost = board(s.players).level(area) - 1
    if owns(s, defender, INGENIERIA):
        cost += 1
    if has_wonder(s, defender, PIRAMIDES):
        cost += 1
    return cost


def schemes(s: ImperiosState, p: Seat, colour: int) -> list[str]:
    """The conversions `p` can make now in `colour` (item 17)."""
    h = s.hand[p][colour]
    out = []
    if h >= 1:
        out.append("1:1")
    if h >= 3 and s.items[p] & tech_bit(colour, 1):
        out.append("3:4")
    if h >= 2 and s.items[p] & tech_bit(colour, 2):
        out.append("2:3")
    return out


def _converts(s: ImperiosState, p: Seat, colour: int) -> list[Action]:
    name = COLOURS[colour]
    return [Convert(name, sc) for sc in schemes(s, p, colour)]


def is_refused(s: ImperiosState, key: tuple[Any, ...]) -> bool:
    """A blocked action may not be declared again in this phase-turn (item 25): same type
    and target; for a trade the same partner with the same or a smaller budget."""
    if key[0] == "trade":
        return any(r[0] == "trade" and r[2] == key[2] and key[3] <= r[3] for r in s.refused)
    return key in s.refused


def neutral(s: ImperiosState, area: int) -> bool:
    bit = 1 << area
    return not any(c & bit for c in s.control)


def eligible_goods(s: ImperiosState, p: Seat, area: int) -> list[int]:
    """Goods a conquest of `area` may pay `p` (item 28): its half's box, worth at most
    4/8/12 coins by level (a capital as 5), and not owned yet."""
    b = board(s.players)
    box = b.box(area)
    most = LEVEL_MAX_COINS[b.level(area)]
    return [i for i, g in enumerate(GOODS)
            if g.box == box and g.coins <= most and not s.items[p] >> i & 1]


def relocation_sources(s: ImperiosState, pl: Placement) -> int:
    """Areas the owner may take a totem from to place it (item 38)."""
    avoid = 0 if pl.avoid < 0 else 1 << pl.avoid
    return s.presence[pl.seat] & ~avoid


def pick_colours(s: ImperiosState) -> list[int]:
    return [c for c in range(4) if s.pool[c] or any(d[c] for d in s.discard)]


def keep_limit(s: ImperiosState, p: Seat) -> int:
    return RESERVE_LIMIT[s.age[p]]


# -- the legal actions -----------------------------------------------------------------------
def legal(s: ImperiosState, seat: Seat) -> list[Action]:
    """Every choice `seat` has now; empty if it need not decide."""
    if decider(s) != seat:
        return []
    b = board(s.players)
    keys = b.keys
    if s.placements:
        return [Relocate(keys[a]) for a in bits(relocation_sources(s, s.placements[0]))]
    if s.good is not None:
        p, area = s.good
        return [ChooseGood(GOODS[i].key) for i in eligible_goods(s, p, area)]
    d = s.declared
    if d is not None:
        if d.step == "ask":
            return [Block(), LetPass()]
        if d.step == "appeal":
            return [Accept(), Appeal()]
        return [Hold(), Lift()]
    c = s.contest
    if c is not None:
        out = _converts(s, seat, RED)
        if c.turn == "defender":
            if s.armies[seat] >= 1:
                out.append(Defend())
            out.append(Yield())
        elif c.turn == "attacker":
            if s.armies[seat] >= 1:
                out.append(Press())
            out.append(Withdraw())
        else:
            if s.armies[seat] >= sack_cost(s, c.defender, c.area):
                out.append(Sack())
            out.append(Abandon())
        return out
    t = s.trade
    if t is not None:
        if t.get < 0:
            return [Receive(ITEMS[i]) for i in receivable(s, t.actor, t.partner)]
        return [Give(ITEMS[i]) for i in givable(s, t.actor, t.partner, t.get)]
    stage = s.stage
    if stage is Stage.FOUND:
        return [Found(keys[a]) for a in founding_sites(s, seat)]
    if stage is Stage.PICK:
        return [Pick(COLOURS[c]) for c in pick_colours(s)]
    if stage is Stage.KEEP:
        return _keeps(s, seat)
    if stage is Stage.PHASE:
        return phase_actions(s, seat)
    return []


def _keeps(s: ImperiosState, p: Seat) -> list[Action]:
    h = s.hand[p]
    limit = keep_limit(s, p)
    out: list[Action] = []
    for r in range(min(h[0], limit) + 1):
        for y in range(min(h[1], limit - r) + 1):
            for u in range(min(h[2], limit - r - y) + 1):
                k = limit - r - y - u
                if k <= h[3]:
                    out.append(Keep(r, y, u, k))
    return out


def red_targets(s: ImperiosState, p: Seat) -> list[Action]:
    """Conquests and attacks `p` may declare now (items 28, 29, 31)."""
    armies = s.armies[p]
    if armies < 1:
        return []
    b = board(s.players)
    n = s.players
    ctrl_all = 0
    others = 0
    for q in range(n):
        ctrl_all |= s.control[q]
        if q != p:
            others |= s.presence[q]
    mine = s.presence[p]
    conquests = mine & b.conquerable & ~ctrl_all
    fights = mine & others
    if not conquests and not fights:
        return []
    r = reach(b, mine, capitals(s, p))
    out: list[Action] = []
    refused = s.refused
    for a in bits((conquests | fights) & r):
        bit = 1 << a
        if conquests & bit:
            if b.level(a) <= armies and ("conquer", a, -1, 0) not in refused:
                out.append(Conquer(b.keys[a]))
            if not fights & bit:
                continue
        for q in range(n):
            if q == p or not s.presence[q] & bit:
                continue
            kind = "sack" if s.control[q] & bit else "expel"
            if (kind, a, q, 0) not in refused:
                out.append(Attack(b.keys[a], q, kind))
    return out


def phase_actions(s: ImperiosState, p: Seat) -> list[Action]:
    colour = s.colour
    out = _converts(s, p, colour)
    avail = s.avail
    b = board(s.players)
    if colour == RED:
        out.extend(red_targets(s, p))
    elif colour == YELLOW:
        if avail >= 1:
            out.append(Art())
            for t in research_options(s, p):
                out.append(Research(TECHS[t - N_GOODS].key))
    elif avail >= 1:
        net = s.presence[p]
        r = reach(b, net, capitals(s, p))
        if colour == BLUE or s.items[p] >> NAVEGACION & 1:
            for a in bits(sea_targets(b, r, net)):
                if not is_refused(s, ("expand_sea", a, -1, 0)):
                    out.append(ExpandSea(b.keys[a]))
        if colour == BLUE:
            out.extend(trade_declarations(s, p, r))
        else:
            for a in bits(land_targets(b, r, net)):
                out.append(ExpandLand(b.keys[a]))
            if avail >= WONDER_COST and p not in s.wonders:
                out.extend(Build(w) for i, w in enumerate(WONDERS) if s.wonders[i] < 0)
    out.append(EndTurn())
    return out


def research_options(s: ImperiosState, p: Seat) -> list[int]:
    mine = s.items[p]
    out = []
    for i, t in enumerate(TECHS):
        item = N_GOODS + i
        if t.cost <= s.avail and not mine >> item & 1:
            pre = prerequisite(item)
            if not pre or mine & pre:
                out.append(item)
    return out


def _can_receive(s: ImperiosState, p: Seat, item: int) -> bool:
    if s.items[p] >> item & 1:
        return False
    pre = prerequisite(item)
    return not pre or bool(s.items[p] & pre)


def receivable(s: ImperiosState, actor: Seat, partner: Seat) -> list[int]:
    """Items the initiator may ask for: the partner's, lacking in the initiator, with some
    item to give that the initiator can pay the difference for (items 34–35)."""
    gives = givable_items(s, actor, partner)
    if not gives:
        return []
    best = max(value(s, actor, g) for g in gives)
    out = []
    for item in bits(s.items[partner]):
        if _can_receive(s, actor, item):
            diff = value(s, partner, item) - best
            if diff <= 0 or (diff + 1) // 2 <= s.census[actor]:
                out.append(item)
    return out


def givable_items(s: ImperiosState, actor: Seat, partner: Seat) -> list[int]:
    """Items the initiator could give the partner (it lacks them), whatever it receives."""
    return [i for i in bits(s.items[actor]) if _can_receive(s, partner, i)]


def givable(s: ImperiosState, actor: Seat, partner: Seat, get: int) -> list[int]:
    return [g for g in givable_items(s, actor, partner)
            if trade_payment(s, actor, partner, get, g) <= s.census[actor]]


def trade_declarations(s: ImperiosState, p: Seat, r: int) -> list[Action]:
    """Trades `p` may declare (item 33): a partner not traded with this round, one of its
    cities or capitals where `p` is present and which `p` reaches, every budget from
    ⌈d/2⌉ up to the blue actions converted."""
    b = board(s.players)
    out: list[Action] = []
    net = s.presence[p]
    caps = capitals(s, p)
    for q in range(s.players):
        if q == p or s.traded[p] >> q & 1:
            continue
        places = s.control[q] & net & r
        if not places or not receivable(s, p, q):
            continue
        for a in bits(places):
            d = distance(b, net, caps, a)
            for k in range(max(1, (d + 1) // 2), s.avail + 1):
                if not is_refused(s, ("trade", a, q, k)):
                    out.append(Trade(q, b.keys[a], k))
    return out


def has_options(s: ImperiosState, p: Seat, colour: int) -> bool:
    """Whether a phase-turn gives `p` anything but `end_turn` (item 12)."""
    if s.hand[p][colour]:
        return True
    if colour == RED:
        return bool(red_targets(s, p))
    return s.avail > 0 and len(phase_actions(s, p)) > 1


# -- doing -----------------------------------------------------------------------------------
def play(s: ImperiosState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """Carry out a legal action on `s` (a fresh copy), then everything automatic after it."""
    b = board(s.players)
    if isinstance(a, Convert):
        convert(s, seat, COLOUR_INDEX[a.colour], a.scheme, ev)
    elif isinstance(a, EndTurn):
        ev.append(event("turn_ended", seat=seat, colour=COLOURS[s.colour], lost=s.avail))
        s.avail = 0
        s.refused = ()
        s.turn += 1
    elif isinstance(a, Found):
        found(s, seat, b.index[a.area], ev)
    elif isinstance(a, Pick):
        pick(s, seat, COLOUR_INDEX[a.colour], ev)
    elif isinstance(a, Keep):
        keep(s, seat, (a.red, a.yellow, a.blue, a.black), ev)
    elif isinstance(a, Art):
        s.avail -= 1
        s.census[seat] = min(CENSUS_MAX, s.census[seat] + 1)
        ev.append(event("art", seat=seat, census=s.census[seat]))
    elif isinstance(a, Research):
        item = ITEMS.index(a.tech)
        s.avail -= TECHS[item - N_GOODS].cost
        ev.append(event("research", seat=seat, tech=a.tech))
        s.placements += (Placement(seat, "item", item),)
    elif isinstance(a, Build):
        w = WONDERS.index(a.wonder)
        s.avail -= WONDER_COST
        s.wonders[w] = seat
        ev.append(event("wonder_built", seat=seat, wonder=a.wonder))
        s.placements += (Placement(seat, "wonder", w),)
    elif isinstance(a, ExpandLand):
        area = b.index[a.area]
        s.avail -= 1
        ev.append(event("expanded", seat=seat, area=a.area, by="land"))
        s.placements += (Placement(seat, "presence", area, area),)
    elif isinstance(a, ExpandSea):
        declare(s, seat, "expand_sea", b.index[a.area], -1, 0, ev)
    elif isinstance(a, Conquer):
        declare(s, seat, "conquer", b.index[a.area], -1, 0, ev)
    elif isinstance(a, Attack):
        declare(s, seat, a.kind, b.index[a.area], a.seat, 0, ev)
    elif isinstance(a, Trade):
        declare(s, seat, "trade", b.index[a.area], a.partner, a.k, ev)
    elif isinstance(a, Block | LetPass | Accept | Appeal | Hold | Lift):
        block_step(s, seat, a, ev)
    elif isinstance(a, Defend | Yield | Press | Withdraw | Sack | Abandon):
        contest_step(s, seat, a, ev)
    elif isinstance(a, ChooseGood):
        p, area = s.good  # type: ignore[misc]
        s.good = None
        item = ITEMS.index(a.good)
        ev.append(event("good_won", seat=p, good=a.good, area=b.keys[area]))
        s.placements += (Placement(p, "item", item, area),)
    elif isinstance(a, Receive):
        t = s.trade
        assert t is not None
        s.trade = TradeStep(t.actor, t.partner, t.area, t.k, ITEMS.index(a.item))
    elif isinstance(a, Give):
        resolve_trade(s, ITEMS.index(a.item), ev)
    elif isinstance(a, Relocate):
        relocate(s, seat, b.index[a.area], ev)
    advance(s, ev)


def convert(s: ImperiosState, p: Seat, colour: int, scheme: str, ev: list[Event]) -> None:
    tokens = SCHEME_TOKENS[scheme]
    gained = SCHEME_ACTIONS[scheme]
    s.hand[p][colour] -= tokens
    s.discard[p][colour] += tokens
    if colour == RED:
        s.armies[p] = min(ARMY_MAX, s.armies[p] + gained)
        ev.append(event("recruited", seat=p, tokens=tokens, armies=s.armies[p]))
    else:
        s.avail += gained
        ev.append(event("converted", seat=p, colour=COLOURS[colour], tokens=tokens,
                        actions=gained, available=s.avail))


def found(s: ImperiosState, p: Seat, area: int, ev: list[Event]) -> None:
    b = board(s.players)
    around = b.adj[area]
    s.presence[p] |= (1 << area) | around
    s.control[p] |= 1 << area
    s.reserve[p] -= 2 + around.bit_count()
    s.founded += (p,)
    s.first_capital[p] = area
    ev.append(event("founded", seat=p, area=b.keys[area],
                    neighbours=[b.keys[i] for i in bits(around)]))


def pick(s: ImperiosState, p: Seat, c: int, ev: list[Event]) -> None:
    """Item 9: from the pool; once it is empty, from a discard (own first, then the
    first player after `p` in turn order who has one)."""
    if s.pool[c]:
        s.pool[c] -= 1
        s.hand[p][c] += 1
        ev.append(event("picked", seat=p, colour=COLOURS[c], pool=s.pool[c]))
        if not s.pool[c] and End.POOL_EMPTY not in s.ends:
            s.ends += (End.POOL_EMPTY,)
            ev.append(event("pool_exhausted", colour=COLOURS[c]))
    else:
        n = s.players
        for i in range(n):
            q = (p + i) % n
            if s.discard[q][c]:
                s.discard[q][c] -= 1
                s.hand[p][c] += 1
                ev.append(event("picked", seat=p, colour=COLOURS[c], pool=0, from_discard=q))
                break
    s.turn += 1


def keep(s: ImperiosState, p: Seat, kept: tuple[int, int, int, int], ev: list[Event]) -> None:
    for c in range(4):
        s.discard[p][c] += s.hand[p][c] - kept[c]
        s.hand[p][c] = kept[c]
    ev.append(event("kept", seat=p, tokens=dict(zip(COLOURS, kept, strict=True))))
    s.turn += 1


def declare(
    s: ImperiosState, p: Seat, kind: str, area: int, target: int, k: int, ev: list[Event]
) -> None:
    """A blockable map action: open the block window if anyone may block, else resolve."""
    b = board(s.players)
    colour = s.colour
    blockers = eligible_blockers(s, p, kind, area, k, colour)
    # a sea expansion's last step has a sea at one end (item 21): to land, from a sea
    last = b.sea if kind == "expand_sea" and not b.sea >> area & 1 else None
    path = route(b, s.presence[p], capitals(s, p), area, last)
    d = Declared(kind, p, area, target, k, colour, blockers, route=path)
    ev.append(event("declared", seat=p, action=kind, area=b.keys[area],
                    target=None if target < 0 else target, k=k,
                    route=[b.keys[i] for i in path], blockers=list(blockers)))
    if blockers:
        s.declared = d
    else:
        resolve(s, d, ev)


def block_step(s: ImperiosState, seat: Seat, a: Action, ev: list[Event]) -> None:
    d = s.declared
    assert d is not None
    if isinstance(a, Block):
        ev.append(event("blocked", seat=seat, actor=d.actor, area=board(s.players).keys[d.area]))
        s.declared = _replace(d, step="appeal")
        if d.appealed:  # one appeal per declared action: the actor can only accept
            _refuse(s, d, ev)
    elif isinstance(a, LetPass | Lift):
        ev.append(event("lifted" if isinstance(a, Lift) else "let_pass", seat=seat))
        if d.at + 1 < len(d.blockers):
            s.declared = _replace(d, at=d.at + 1, step="ask")
        else:
            s.declared = None
            resolve(s, d, ev)
    elif isinstance(a, Appeal):
        ev.append(event("appealed", seat=seat, blocker=d.asked))
        s.declared = _replace(d, step="reconsider", appealed=True)
    else:  # Accept or Hold
        if isinstance(a, Hold):
            ev.append(event("held", seat=seat))
        _refuse(s, d, ev)


def _replace(d: Declared, **changes: Any) -> Declared:
    return dataclasses.replace(d, **changes)


def _refuse(s: ImperiosState, d: Declared, ev: list[Event]) -> None:
    """The block stands: nothing is spent and the same action may not be declared again."""
    s.declared = None
    s.refused += ((d.kind, d.area, d.target, d.k),)
    ev.append(event("action_blocked", seat=d.actor, action=d.kind,
                    area=board(s.players).keys[d.area], by=d.asked))


def resolve(s: ImperiosState, d: Declared, ev: list[Event]) -> None:
    """The declared action goes ahead."""
    b = board(s.players)
    p, area = d.actor, d.area
    if d.kind == "conquer":
        cost = b.level(area)
        s.armies[p] -= cost
        ev.append(event("conquered", seat=p, area=b.keys[area], armies=cost))
        s.placements += (Placement(p, "control", area, area),)
        s.good = (p, area)
    elif d.kind in ("sack", "expel"):
        s.armies[p] -= 1
        ev.append(event("attack", seat=p, defender=d.target, area=b.keys[area], attack=d.kind))
        s.contest = Contest(d.kind, p, d.target, area, "defender")
    elif d.kind == "expand_sea":
        s.avail -= 1
        ev.append(event("expanded", seat=p, area=b.keys[area], by="sea"))
        s.placements += (Placement(p, "presence", area, area),)
    else:
        ev.append(event("trade_open", seat=p, partner=d.target, area=b.keys[area], k=d.k))
        s.trade = TradeStep(p, d.target, area, d.k)


def contest_step(s: ImperiosState, seat: Seat, a: Action, ev: list[Event]) -> None:
    c = s.contest
    assert c is not None
    b = board(s.players)
    if isinstance(a, Defend):
        s.armies[seat] -= 1
        ev.append(event("defended", seat=seat, armies=s.armies[seat]))
        s.contest = Contest(c.kind, c.attacker, c.defender, c.area, "attacker", c.rounds)
    elif isinstance(a, Press):
        s.armies[seat] -= 1
        ev.append(event("pressed", seat=seat, armies=s.armies[seat]))
        s.contest = Contest(c.kind, c.attacker, c.defender, c.area, "defender", c.rounds + 1)
    elif isinstance(a, Yield):
        ev.append(event("yielded", seat=seat))
        if c.kind == "expel":
            s.contest = None
            _remove(s, c.defender, c.area, 1)
            ev.append(event("expelled", seat=c.attacker, defender=c.defender,
                            area=b.keys[c.area]))
        else:
            s.contest = Contest(c.kind, c.attacker, c.defender, c.area, "sack", c.rounds)
    elif isinstance(a, Withdraw):
        s.contest = None
        ev.append(event("withdrew", seat=seat))
    elif isinstance(a, Abandon):
        s.contest = None
        ev.append(event("abandoned", seat=seat))
    else:  # Sack
        sack(s, c, ev)


def sack(s: ImperiosState, c: Contest, ev: list[Event]) -> None:
    """Item 30: pay, the defender's two totems go, the place is neutral, census up."""
    b = board(s.players)
    p, q, area = c.attacker, c.defender, c.area
    cost = sack_cost(s, q, area)
    s.armies[p] -= cost
    s.contest = None
    capital = bool(b.shaded >> area & 1)
    _remove(s, q, area, 2)
    gain = CAPITAL_SACK_CENSUS if capital else SACK_CENSUS[b.city[area]]
    s.census[p] = min(CENSUS_MAX, s.census[p] + gain)
    ev.append(event("sacked", seat=p, defender=q, area=b.keys[area], armies=cost,
                    census=s.census[p]))
    if capital and not capitals(s, q) and End.LAST_CAPITAL not in s.ends:
        s.ends += (End.LAST_CAPITAL,)
        ev.append(event("last_capital_sacked", seat=q))


def _remove(s: ImperiosState, p: Seat, area: int, totems: int) -> None:
    bit = 1 << area
    if totems == 2 or not s.control[p] & bit:
        s.reserve[p] += 2 if s.control[p] & bit else 1
        s.presence[p] &= ~bit
        s.control[p] &= ~bit
    else:
        s.reserve[p] += 1
        s.control[p] &= ~bit


def relocate(s: ImperiosState, p: Seat, area: int, ev: list[Event]) -> None:
    _remove(s, p, area, 1)
    ev.append(event("relocated", seat=p, area=board(s.players).keys[area]))


def resolve_trade(s: ImperiosState, give: int, ev: list[Event]) -> None:
    """Item 36: A pays, P advances, A gains k, each places a totem on what it receives."""
    t = s.trade
    assert t is not None
    a, p, get = t.actor, t.partner, t.get
    s.trade = None
    pay = trade_payment(s, a, p, get, give)
    s.avail -= t.k
    s.census[a] -= pay
    s.census[p] = min(CENSUS_MAX, s.census[p] + pay)
    s.census[a] = min(CENSUS_MAX, s.census[a] + t.k)
    s.traded[a] |= 1 << p
    ev.append(event("traded", seat=a, partner=p, area=board(s.players).keys[t.area], k=t.k,
                    received=ITEMS[get], given=ITEMS[give], paid=pay,
                    census=s.census[a], partner_census=s.census[p]))
    # both totems are placed before globalisation is checked (item 36), and neither comes
    # from the partner's city the trade acted on (item 38)
    s.placements += (Placement(a, "item", get, t.area), Placement(p, "item", give, t.area))


def place(s: ImperiosState, pl: Placement, ev: list[Event]) -> None:
    p = pl.seat
    s.reserve[p] -= 1
    if pl.what == "presence":
        s.presence[p] |= 1 << pl.target
    elif pl.what == "control":
        s.control[p] |= 1 << pl.target
    elif pl.what == "item":
        s.items[p] |= 1 << pl.target
        globalise(s, ev)
    # a wonder's totem only leaves the reserve


def globalise(s: ImperiosState, ev: list[Event]) -> None:
    """Item 39: an item every civilisation owns gives each its totem back. Checked once no
    item totem is still to be placed, so a trade's two placements come first (item 36)."""
    if any(pl.what == "item" for pl in s.placements):
        return
    owned = ~s.globalised
    for items in s.items:
        owned &= items
    for i in bits(owned):
        s.globalised |= 1 << i
        for q in range(s.players):
            s.reserve[q] += 1
        ev.append(event("globalised", item=ITEMS[i]))


# -- what happens by itself ------------------------------------------------------------------
def advance(s: ImperiosState, ev: list[Event]) -> None:
    """Run everything automatic up to the next decision (or the end)."""
    n = s.players
    while True:
        if s.placements:
            pl = s.placements[0]
            if s.reserve[pl.seat] == 0:
                if relocation_sources(s, pl):
                    return
                s.placements = s.placements[1:]
                ev.append(event("totem_lacking", seat=pl.seat))
                if pl.what == "item":
                    globalise(s, ev)  # what the other side of a trade placed may complete a set
                continue
            s.placements = s.placements[1:]
            place(s, pl, ev)
            continue
        if s.good is not None:
            if eligible_goods(s, *s.good):
                return
            ev.append(event("no_good", seat=s.good[0]))
            s.good = None
            continue
        if s.declared is not None:
            return
        c = s.contest
        if c is not None:
            if c.turn == "defender":
                if not s.armies[c.defender] and not s.hand[c.defender][RED]:
                    contest_step(s, c.defender, Yield(), ev)
                    continue
            elif c.turn == "attacker":
                if not s.armies[c.attacker] and not s.hand[c.attacker][RED]:
                    contest_step(s, c.attacker, Withdraw(), ev)
                    continue
            elif (s.armies[c.attacker] < sack_cost(s, c.defender, c.area)
                  and not s.hand[c.attacker][RED]):
                contest_step(s, c.attacker, Abandon(), ev)
                continue
            return
        if s.trade is not None:
            return
        stage = s.stage
        if stage is Stage.FOUND:
            if len(s.founded) < n:
                return
            s.dragon = s.founded[-1]
            ev.append(event("dragon", seat=s.dragon))
            start_round(s, ev)
        elif stage is Stage.PICK:
            if s.turn >= n:
                s.stage = Stage.PHASE
                s.colour = RED
                s.turn = 0
                ev.append(event("phase", colour=COLOURS[RED]))
            elif pick_colours(s):
                return
            else:
                s.turn += 1
        elif stage is Stage.PHASE:
            if s.turn >= n:
                s.turn = 0
                s.colour += 1
                if s.colour > BLACK:
                    s.stage = Stage.KEEP
                else:
                    ev.append(event("phase", colour=COLOURS[s.colour]))
            elif has_options(s, s.active, s.colour):
                return
            else:  # only end_turn is left: the turn ends by itself
                s.turn += 1
                s.avail = 0
                s.refused = ()
        elif stage is Stage.KEEP:
            if s.turn >= n:
                end_round(s, ev)
            elif sum(s.hand[s.active]) > keep_limit(s, s.active):
                return
            else:
                s.turn += 1
        else:
            return


def start_round(s: ImperiosState, ev: list[Event]) -> None:
    """Item 8: everyone draws by Age, in turn order, from the cup (refilled from the
    discard when short); then the pick."""
    s.round += 1
    s.stage = Stage.PICK
    s.turn = 0
    s.traded = [0] * s.players
    ev.append(event("round", round=s.round, dragon=s.dragon, order=s.order()))
    for p in s.order():
        draw(s, p, DRAWS_PER_AGE[s.age[p]], ev)


def draw(s: ImperiosState, p: Seat, count: int, ev: list[Event]) -> None:
    cup, rng = s.cup[p], s.rng
    for _ in range(count):
        total = cup[0] + cup[1] + cup[2] + cup[3]
        if not total:
            dis = s.discard[p]
            poured = sum(dis)
            if not poured:
                return
            for c in range(4):
                cup[c] += dis[c]
                dis[c] = 0
            ev.append(event("cup_refilled", seat=p, tokens=poured))
            total = poured
        x = rng.below(total)
        c = 0
        while x >= cup[c]:
            x -= cup[c]
            c += 1
        cup[c] -= 1
        s.hand[p][c] += 1
        ev.append(event("token_drawn", seat=p, colour=COLOURS[c], cup=total - 1))


def end_round(s: ImperiosState, ev: list[Event]) -> None:
    """Items 40–42: the Age check, the end check, the Dragón passes to the right."""
    n = s.players
    final = s.final_age
    for p in s.order():
        age = s.age[p]
        if age < final and goals_met(s, p, GOALS[age]):
            s.age[p] = age + 1
            ev.append(event("age_advanced", seat=p, age=AGES[age + 1]))
    ends = list(s.ends)
    if sum(1 for a in s.age if a >= final) * 2 >= n:
        ends.append(End.HALF_IN_FINAL_AGE)
    if any(goals_met(s, p, GOALS[final]) for p in range(n)):
        ends.append(End.FINAL_GOALS)
    s.ends = tuple(ends)
    s.history += ((tuple(s.census), tuple(score(s, p)["total"] for p in range(n))),)
    if ends:
        s.stage = Stage.OVER
        ev.append(event("game_over", reasons=[e.value for e in ends]))
        return
    s.dragon = (s.dragon - 1) % n
    start_round(s, ev)


__all__ = ["COLOUR_INDEX", "FAR", "advance", "decider", "legal", "new_state", "play", "window"]
