"""Conquest of the Empire II's hooks for the search: a prune that keeps the search to a
few good choices, a rollout policy that plays with intent (buy influence where it ranks,
take leaders where there is influence to buy, guard the keys it holds, fight when
stronger, pay upkeep it can afford, recruit when poor in troops, tax when poor in
talents) and an evaluation that projects each seat's final VP from the standing on the
keys, domination, chaos and what its leaders can still buy.

Nothing but the deck's and the bag's order is hidden, so the policy reads the whole
(sampled) state. It always answers with one of `legal_actions`; `prune` hands the
search a part of the legal list (every legal action stays a human's choice, and the
rules' list is unchanged): on the menu, the best few purchases, moves, taxes, recruits
and cards by heuristic, always with every battle, vote, pass and end of turn; in a
move, the best destinations and a few unit counts; in a recruit, a few counts per type.
Auctions, votes, battles and casualties keep every choice. `rank` orders the search's
choices best first, so hard widens progressively by it (normal and easy do not).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from rules.conquest_of_the_empire import actions as A
from rules.conquest_of_the_empire.components import (
    ACTIONS_PER_TURN,
    BID_STEP,
    CAESAR,
    CATAPULT,
    CAVALRY,
    CHAOS_PENALTY,
    COST,
    DESIGNS,
    DOMINATION_VP,
    GALLEY,
    GENERAL,
    INFANTRY,
    MAINTENANCE,
    MAINTENANCE_FEE,
    SEASONS,
    SUPPLY,
    TURNS,
    UNIT_INDEX,
    board,
)
from rules.conquest_of_the_empire.logic_battle import other, side_counts
from rules.conquest_of_the_empire.logic_board import (
    dominated_counts,
    dominator,
    leader_provinces,
    n_provinces,
    reacher,
)
from rules.conquest_of_the_empire.logic_season import awards
from rules.conquest_of_the_empire.state import NEUTRAL, State, Step
from rules.core import Action, Game, Seat

ROLLOUT_DEPTH = 8
"""Actions a rollout plays past the tree before `evaluate` scores it: two or three actions.
Short, so that a decision gets more iterations among its forty-odd choices; the evaluation
counts the actions each seat still has, so a cut in mid-turn favours nobody."""
OPPONENTS_BY_POLICY = True
"""Inside the tree the other seats play the policy: with 40 or more choices at a time the
search cannot afford a tree per opponent, and the policy is a fair model of a player."""
LEVEL_OVERRIDES: dict[str, dict[str, Any]] = {
    "easy": {"use_widening": False},
    "normal": {"use_widening": False, "iterations": 25},
}
"""Normal and easy search without `rank` (untried choices at random). Normal stops at
25 iterations (about 0.05 s), where its 0.45 s would buy some 250 on a quiet core: a
casual player, who plays the policy with a glance ahead, where hard searches its full
time. At 100 iterations normal took about 0.4 of its games against hard over 101 games
(seeds 4101-4221): in a game this long and this full of dice the two levels were too
close for a player to tell apart (docs/ai.md, "Levels in the map games" and 1 December)."""
WIN_WEIGHT = 0.8  # as in rules.ai.ismcts: the evaluation estimates the same reward
TEMPERATURE = (12.0, 12.0, 12.0, 12.0)
"""VP of projected lead that make a seat e (2.7) times likelier to win, with 1, 2, 3 and 4
scorings left. 300 two-player games of the policy with a tenth of its moves random
(`bench_conquest_ai.py calibrate`, with the prices of 29 November) make 12, 30, 40 and 100
the likeliest (log loss 0.13, 0.26, 0.42, 0.64, where 12 throughout has 0.13, 0.35, 0.75,
1.42): at 12 VP most leads of the first season read as a sure win or a sure loss, and a
search's root choices come out all near 0 or all near 1. But with the fitted temperatures
`hard:900` won 1 of 8 against `normal:100` (seeds 4241-4248), where 12 throughout won 12 of
21 (docs/ai.md, 29 November): the flatter reward lets the longer search chase what the
evaluation gets wrong. So 12 stays until the evaluation is better; the knob is there for
the duel bench (`+calibrated`)."""
CHANCE_TEMPERATURE = (12.0, 25.0, 40.0, 80.0)
"""The Hint's temperatures (`win_chance`), with 1, 2, 3 and 4 scorings left: the likeliest
for how policy games end at 2, 4 and 6 players (`bench_conquest_ai.py calibrate`; 12,
25, 40 and 60 to 100, alike at every player count). The search keeps `TEMPERATURE`: a
first-season lead that it ranks as decisive is, for a player reading the Hint's figure,
one season of four."""
ACTION_VP = 6.0
"""What an action not yet taken this season is worth, in VP for each scoring still ahead
(this season's included). A rollout is cut wherever its depth runs out, mostly in the
middle of a round, where one seat has taken an action the other has still to take. Over
30 two-player games of the policy an action moved its seat's projection against the
rival's by 26, 17, 12 and 6 VP on average in seasons 1 to 4 (`build_scripts/
bench_conquest_ai.py tempo`), about 6 VP a scoring ahead. At the old flat 0.8 VP an
action, the seat that had just acted stood some 21 VP better than at the round's start,
nearly two temperatures: the evaluation rewarded acting first (docs/ai.md, 29 November)."""
UNIT_WORTH = 0.7
"""A piece on the board is worth this share of its price in talents."""
TALENT_VP = 0.9
"""What a talent is worth in VP with the whole game ahead (less as the seasons pass). In
400 two-player games of the policy, 20 to 60 talents taken away or given at the start of
season 1 moved the final lead by 0.6 to 1.2 VP a talent, and at the start of season 3 by
0.3 to 0.8 (`tempo`); the old 0.3 let a search pay 70 of its 80 talents for the order."""
TAX_VP = 1.0
"""What an influence point's taxes (5 talents a season) are worth in VP a season."""
POTENTIAL_SHARE = 0.4
"""The share of a ready purchase the evaluation counts before it is made."""
DOMINATE_VP = {"G": 1.5, "S": 0.6}
"""What taking one more province of that coin under a seat's troops is worth in a move."""
LAST_WORD_VP = (26.0, 9.0, 3.5, 3.0)
"""At two players, what the season's last place in the turn order is worth in VP, in
seasons 1 to 4: the last seat answers every move and has the last one before the scoring.
Measured with the policy as it was before it bid for the place (it named itself first):
in 500 two-player games per season, that season's auction settled one way and then the
other (`build_scripts/bench_conquest_ai.py tempo`), the final lead moved by twice these.
With the policy that now bids for the place, the same measure gives 8, 17, 10 and 5
(300 games a season, standard errors 4, 3, 2 and 1): the worth of a season's place
depends on how the later auctions go, and these numbers are not yet settled between the
two (docs/ai.md, 29 November). At four players the place made no difference (the old
policy naming itself last won 0.24 of 400 games, the fair share 0.25), so it counts at
two only."""
CASUALTY_ORDER = {INFANTRY: 0, GALLEY: 1, CAVALRY: 2, CATAPULT: 3}
SEASON_WEIGHT = (0.85, 0.85)
"""How much of one more scoring of the board as it stands the evaluation counts: the
first for this season's scoring, the second for each later one."""
MARGIN_SCALE: float | None = None
"""None: the reward's share beside the win chance follows the win chance (as a place
would); a number: it follows the projected lead over the best rival instead, on this
many VP (tanh), so that a seat far behind or far ahead still tells its moves apart."""
BID_RAISES: int | None = None
"""In an auction the search weighs passing and raises of at most this many steps of
`BID_STEP` over the standing bid (None: every amount the seat can pay)."""


# -- the policy ---------------------------------------------------------------------------


def _strength(counts: list[int]) -> float:
    return counts[INFANTRY] + 1.3 * counts[CAVALRY] + 1.6 * counts[CATAPULT] + 0.5 * counts[GALLEY]


def _left(s: State) -> int:
    """Scorings still ahead, this season's included."""
    return SEASONS - s.season + (1 if s.step is not Step.OVER else 0)


def _key_gain(s: State, seat: Seat, p: int, sources: tuple[int, ...]) -> float:
    """VP a season that `seat` gains, plus a share of what its rivals lose, if it buys
    one influence point at key province `p` from each of `sources`."""
    n = s.players
    tiers = board().provinces[p].tiers
    before = [s.inf(p, q) for q in range(n)]
    after = before[:]
    after[seat] += len(sources)
    for src in sources:
        if src >= 0:
            after[src] -= 1
    old, new = awards(before, tiers), awards(after, tiers)
    theirs = sum(old[q] - new[q] for q in range(n) if q != seat)
    return new[seat] - old[seat] + theirs / max(1, n - 1)


def _buyable(s: State, seat: Seat, p: int) -> tuple[int, ...]:
    """What a leader of `seat` in key province `p` could buy there now (neutral tokens
    first, then rivals' influence left without troops), at most two points."""
    out = [NEUTRAL] * min(2, s.neutral[p])
    for q in range(s.players):
        if len(out) >= 2:
            break
        if q != seat and s.enemy(seat, q) and s.inf(p, q) and not s.military(p, q):
            out.extend([q] * min(2 - len(out), s.inf(p, q)))
    return tuple(out[:max(0, min(2, s.talents[seat] // 10))])


def _opportunity(s: State, seat: Seat, p: int) -> float:
    """What a leader of `seat` standing in province `p` is worth: the VP its purchases
    there would bring over the seasons left."""
    if not board().provinces[p].tiers:
        return 0.0
    sources = _buyable(s, seat, p)
    return _key_gain(s, seat, p, sources) * _left(s) if sources else 0.0


def _exposed(s: State, seat: Seat, p: int) -> float:
    """VP a season that `seat` risks at key province `p`, held without troops."""
    tiers = board().provinces[p].tiers
    if not tiers or not s.inf(p, seat) or s.military(p, seat):
        return 0.0
    before = [s.inf(p, q) for q in range(s.players)]
    after = before[:]
    after[seat] -= min(2, after[seat])
    return float(awards(before, tiers)[seat] - awards(after, tiers)[seat])


def _buy_value(s: State, seat: Seat, a: A.BuyInfluence) -> float:
    p = board().province_index[a.province]
    gain = _key_gain(s, seat, p, a.sources) * _left(s)
    tax = TAX_VP * len(a.sources) * _left(s)
    return 2.0 + gain + tax + (1.0 if s.city[p] == seat else 0.0)


def _battle_value(s: State, seat: Seat, a: A.LandBattle) -> float:
    p = board().province_index[a.province]
    mine = s.military(p, seat) + 0.5 * s.leaders(p, seat)
    theirs = s.military(p, a.defender) + (1.0 if s.city[p] == a.defender else 0.0)
    return 6.0 * (mine - 1.3 * theirs) / max(1.0, mine + theirs)




def _move_values(s: State, seat: Seat, origins: list[int]) -> dict[int, float]:
    """Per origin, taking a leader from there to the best purchase it can reach, or
    troops to guard a key held without them."""
    b = board()
    reach = reacher(s, seat)
    keys = [p.index for p in b.provinces if p.tiers]
    opportunity = {p: _opportunity(s, seat, p) for p in keys}
    exposed = {p: _exposed(s, seat, p) for p in keys}
    out = {}
    for origin in origins:
        value = 0.5
        near = set(reach(origin))
        if s.leaders(origin, seat) and s.talents[seat] >= 10:
            here = opportunity.get(origin, 0.0)
            best = max((opportunity[d] for d in keys if d in near), default=0.0)
            if best > here:
                value = 1.0 + best - here
        if value == 0.5 and s.military(origin, seat) >= 2:
            guard = max((exposed[d] for d in keys if d in near), default=0.0)
            value = 1.0 + guard * 0.5 * _left(s) if guard else 0.8
        out[origin] = value
    return out


def _menu_values(s: State, seat: Seat, legal: list[Action]) -> list[float]:
    index = board().province_index
    origins = [index[a.origin] for a in legal if isinstance(a, A.LandMove)]
    moves = _move_values(s, seat, origins) if origins else {}
    return [moves[index[a.origin]] if isinstance(a, A.LandMove) else _menu_value(s, seat, a)
            for a in legal]


def _menu_value(s: State, seat: Seat, a: Action) -> float:
    """How good a menu choice looks, in rough VP (no chance in it)."""
    talents = s.talents[seat]
    if isinstance(a, A.BuyInfluence):
        return _buy_value(s, seat, a)
    if isinstance(a, A.LandBattle):
        return _battle_value(s, seat, a)
    if isinstance(a, A.LandMove):
        origin = board().province_index[a.origin]
        return _move_values(s, seat, [origin])[origin]
    if isinstance(a, A.Recruit):
        army = sum(s.military(p, seat) for p in range(n_provinces()))
        generals = s.pool(seat, GENERAL) and talents >= 40
        value = (1.0 if talents >= 40 else 0.3) + (2.5 if army < 8 else 0.0) + generals
        return value - (2.0 if not a.dilectus and s.ready(seat, "dilectus") else 0.0)
    if isinstance(a, A.SpecialTax):
        if talents < 25:
            return 4.0 if a.amount == 15 else 1.0
        return 0.6 if a.amount == 5 else 0.1
    if isinstance(a, A.AcquireCard):
        d = DESIGNS[a.card]
        if d.symbol == "senator":
            return 1.5 + d.value * 0.3
        if a.card in ("commercium", "metalla", "ludi", "annona", "publicani"):
            return 2.5
        return 1.0 if talents - d.cost >= 30 else 0.2
    if isinstance(a, A.CallVote):
        return 3.0
    if isinstance(a, A.UseAnnona):
        return 3.0 if s.chaos[seat] >= 3 else 0.0
    if isinstance(a, A.EndTurn):
        return 2.0
    if isinstance(a, A.NavalMove):
        return 0.2
    if isinstance(a, A.UseCursus):
        return 0.3
    return 0.0


def _dest_value(s: State, seat: Seat, d: int) -> float:
    """A destination for the units of the move under way."""
    act = s.act
    assert act is not None
    value = 0.0
    if s.leaders(act.origin, seat):
        value += _opportunity(s, seat, d)
    if s.military(act.origin, seat):
        value += _exposed(s, seat, d) * _left(s)
        if dominator(s, d) != seat:  # one more province towards domination VP
            value += DOMINATE_VP[board().provinces[d].coin]
        foes = max((s.military(d, q) for q in range(s.players) if s.enemy(seat, q)),
                   default=0)
        if foes:
            value += 2.0 if s.military(act.origin, seat) > 1.5 * foes else -3.0
    return value


def _unit_value(s: State, seat: Seat, a: A.MoveUnits) -> float:
    """Units to send to the chosen destination: a leader where it can buy, troops where
    there is something to guard or take, keeping one behind on a key of ours."""
    act = s.act
    assert act is not None
    unit = UNIT_INDEX[a.unit]
    have = s.at(act.origin, seat, unit)
    if unit in (CAESAR, GENERAL):
        return 3.0 if _opportunity(s, seat, act.dest) > _opportunity(s, seat, act.origin) else 0.5
    guard = s.inf(act.origin, seat) and board().provinces[act.origin].tiers
    left = s.military(act.origin, seat) - a.count
    if guard and left < 1:
        return 0.2 * a.count
    return 1.0 + a.count / max(1, have)


def _move(s: State, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
    """Send units where they count, then stop."""
    act = s.act
    assert act is not None
    sends = [a for a in legal if isinstance(a, A.MoveUnits)]
    if sends and (not act.sent or rng.random() < 0.6):
        return max(sends, key=lambda a: (_unit_value(s, seat, a), rng.random()))
    if act.moved and A.Done() in legal and rng.random() < 0.6:
        return A.Done()
    targets = [a for a in legal if isinstance(a, A.MoveTo)]
    if not targets:
        return rng.choice(legal)
    index = board().province_index
    return max(targets, key=lambda a: (_dest_value(s, seat, index[a.dest]), rng.random()))


def _bid(s: State, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
    """Open at 0; at two players raise, by the least, for the last place while it costs
    no more talents than the place is worth in VP (`LAST_WORD_VP`), and never against a
    proposal that already gives it; at more players a cheap raise now and then."""
    a = s.auction
    assert a is not None
    if a.bid < 0:
        return A.Bid(0)
    raise_ = legal[1] if len(legal) > 1 else A.Pass()
    if s.players == 2:
        worth = LAST_WORD_VP[min(s.season, SEASONS) - 1]
        wanted = a.b != seat and a.bid + BID_STEP <= worth
        return raise_ if wanted else A.Pass()
    cheap = a.bid + BID_STEP <= 10 and a.proposer != seat
    return raise_ if cheap and rng.random() < 0.3 else A.Pass()


def _name(s: State, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
    """At two players the rival first and itself last (`LAST_WORD_VP`); at more, itself
    first."""
    me = A.NameSeat(seat)
    if s.players == 2:
        first = s.step is Step.NAME_A
        for a in legal:
            if isinstance(a, A.NameSeat) and (a.seat != seat) == first:
                return a
    return me if me in legal else rng.choice(legal)


def _best(legal: list[Action], score: Any, rng: random.Random) -> Action:
    return max(legal, key=lambda a: (score(a), rng.random()))


def _casualty_key(s: State, seat: Seat, a: A.Casualty) -> tuple[int, int]:
    return (0 if a.seat != seat else 1, CASUALTY_ORDER.get(UNIT_INDEX[a.unit], 4))


def _recruit_budget(s: State, seat: Seat) -> int:
    return max(5, min(30, s.talents[seat] - 30))


# -- the search's choices ----------------------------------------------------------------------

MENU_KEEP = {"buy": 3, "move": 3, "tax": 1, "recruit": 1, "card": 2, "naval": 1}
"""Per kind of menu choice, how many the search tries (the best by `_menu_value`)."""
MENU_ALWAYS = (A.LandBattle, A.CallVote, A.UseAnnona, A.EndTurn, A.PassAction)
"""Menu choices the search always tries."""
DESTINATIONS_KEPT = 4
"""Destinations of a move under way the search tries (the best by `_dest_value`)."""

_KIND = {A.BuyInfluence: "buy", A.LandMove: "move", A.SpecialTax: "tax", A.Recruit: "recruit",
         A.AcquireCard: "card", A.NavalMove: "naval"}


def _prune_menu(s: State, seat: Seat, legal: list[Action]) -> list[Action]:
    keep: list[Action] = []
    groups: dict[str, list[tuple[float, int, Action]]] = {}
    values = _menu_values(s, seat, legal)
    for i, a in enumerate(legal):
        kind = _KIND.get(type(a))
        if kind is None:
            keep.append(a)  # battles, votes, free steps, pass, end of turn
        else:
            groups.setdefault(kind, []).append((-values[i], i, a))
    for kind, scored in groups.items():
        scored.sort(key=lambda x: (x[0], x[1]))
        keep.extend(a for _, _, a in scored[:MENU_KEEP[kind]])
    return keep


def _prune_move(s: State, seat: Seat, legal: list[Action]) -> list[Action]:
    act = s.act
    assert act is not None
    keep: list[Action] = []
    targets: list[tuple[float, int, Action]] = []
    counts: dict[str, list[int]] = {}
    for i, a in enumerate(legal):
        if isinstance(a, A.MoveTo):
            targets.append((-_dest_value(s, seat, board().province_index[a.dest]), i, a))
        elif isinstance(a, A.MoveUnits):
            counts.setdefault(a.unit, []).append(a.count)
        else:
            keep.append(a)  # done, a second origin
    for unit, ks in counts.items():
        top = max(ks)
        keep.extend(A.MoveUnits(unit, k) for k in sorted({1, (top + 1) // 2, max(1, top - 1), top}))
    targets.sort(key=lambda x: (x[0], x[1]))
    keep.extend(a for _, _, a in targets[:DESTINATIONS_KEPT])
    return keep


def _prune_recruit(s: State, seat: Seat, legal: list[Action]) -> list[Action]:
    budget = _recruit_budget(s, seat)
    counts: dict[str, list[int]] = {}
    for a in legal:
        if isinstance(a, A.RecruitUnits):
            counts.setdefault(a.unit, []).append(a.count)
    keep: list[Action] = []
    for unit, ks in counts.items():
        fit = max((k for k in ks if k * COST[UNIT_INDEX[unit]] <= budget), default=min(ks))
        keep.extend(A.RecruitUnits(unit, k) for k in sorted({min(ks), fit, max(ks)}))
    return keep


def _prune_bids(s: State, legal: list[Action]) -> list[Action]:
    assert s.auction is not None
    top = max(s.auction.bid, 0) + BID_RAISES * BID_STEP if BID_RAISES is not None else 0
    return [a for a in legal if not isinstance(a, A.Bid) or a.amount <= top]


def prune(game: Game[Any], state: State, seat: Seat, legal: list[Action]) -> list[Action]:
    """The search's choices at `seat`'s decision: the best few of a long list by the
    policy's own measures, never empty, always part of `legal`."""
    step = state.step
    if step is Step.ACTION and len(legal) > 8:
        kept = _prune_menu(state, seat, legal)
    elif step is Step.MOVE and len(legal) > 8:
        kept = _prune_move(state, seat, legal)
    elif step is Step.RECRUIT_UNIT and len(legal) > 6:
        kept = _prune_recruit(state, seat, legal)
    elif step is Step.BID and BID_RAISES is not None:
        kept = _prune_bids(state, legal)
    else:
        return legal
    return kept or legal


WIDENING = (1.0, 0.5)
"""Progressive widening by `rank` (rules.ai.ismcts): after n visits a node weighs its
best ceil(n ** 0.5) choices, tried in rank order. Hard only (`LEVEL_OVERRIDES`)."""


def rank(game: Game[Any], state: State, seat: Seat, legal: list[Action]) -> list[Action]:
    """The search's choices best first, for progressive widening: the menu by the policy's
    values; in a move the units, then the destinations by theirs (stopping first once
    units have gone); in an auction passing, then the smallest amounts; casualties in the
    policy's order; elsewhere the policy's leaning first, the rest as listed. No chance
    in it: the same state ranks the same."""
    s = state
    step = s.step
    if step is Step.ACTION:
        values = _menu_values(s, seat, legal)
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        return [legal[i] for i in order]
    if step is Step.MOVE:
        return sorted(legal, key=lambda a: -_move_rank(s, seat, a))
    if step is Step.BID:
        return sorted(legal, key=lambda a: a.amount if isinstance(a, A.Bid) else -1)
    if step is Step.CASUALTY:
        return sorted(legal, key=lambda a: _casualty_key(s, seat, a))  # type: ignore[arg-type]
    first = rollout_action(game, s, seat, random.Random(0))
    if first in legal and first != legal[0]:
        return [first, *(a for a in legal if a != first)]
    return legal


def _move_rank(s: State, seat: Seat, a: Action) -> float:
    act = s.act
    assert act is not None
    if isinstance(a, A.MoveUnits):
        return 100.0 + _unit_value(s, seat, a) if not act.sent else 50.0 + _unit_value(s, seat, a)
    if isinstance(a, A.Done):
        return 80.0 if act.moved else -100.0
    if isinstance(a, A.MoveTo):
        return _dest_value(s, seat, board().province_index[a.dest])
    return -50.0  # another origin


def information_key(game: Game[Any], world: State, seat: Seat) -> int:
    """Every sampled world of one search shows each seat the same view: only the deck's
    and the bag's order differ, and nobody sees those."""
    return 0


def rollout_action(game: Game[Any], state: State, seat: Seat, rng: random.Random) -> Action:
    s = state
    legal = game.legal_actions(s, seat)
    if len(legal) == 1:
        return legal[0]
    step = s.step
    if step is Step.ACTION:
        values = _menu_values(s, seat, legal)
        return max(zip(values, legal, strict=True), key=lambda x: (x[0], rng.random()))[1]
    if step is Step.MOVE:
        return _move(s, seat, legal, rng)
    if step is Step.BID:
        return _bid(s, seat, legal, rng)
    if step in (Step.NAME_A, Step.NAME_B):
        return _name(s, seat, legal, rng)
    if step is Step.CASUALTY:
        return min(legal, key=lambda a: _casualty_key(s, seat, a))  # type: ignore[arg-type]
    if step is Step.RETREAT:
        b = s.battle
        assert b is not None
        ours = _strength(side_counts(s, b, seat))
        theirs = _strength(side_counts(s, b, other(b, seat)))
        return A.Continue() if ours >= 0.8 * theirs or A.Retreat() not in legal else A.Retreat()
    if step in (Step.LEND, Step.GALLEYS, Step.CARDS, Step.VETO):
        return legal[0]  # lend, join, play the card, veto
    if step is Step.MAINTENANCE:
        m = s.maintenance
        assert m is not None
        fee = MAINTENANCE_FEE[MAINTENANCE[m.check][1]]
        return A.PayMaintenance() if s.talents[seat] >= fee + 10 else A.Decline()
    if step is Step.NAVAL_TARGET:
        assert s.act is not None
        loc = n_provinces() + s.act.zone
        fleet = s.galleys(loc, seat)
        best: Action = A.Done()
        for a in legal:
            if isinstance(a, A.NavalBattle) and fleet > s.galleys(loc, a.defender):
                best = a
        return best
    if step is Step.NAVAL:
        moves = [a for a in legal if isinstance(a, A.MoveGalleys)]
        return max(moves, key=lambda a: a.count) if moves and rng.random() < 0.7 else legal[-1]
    if step is Step.RECRUIT:
        places = [a for a in legal if isinstance(a, A.RecruitAt)]
        done = A.Done() in legal and s.act is not None and s.act.moved >= 3
        if not places or done:
            return A.Done()
        land = [a for a in places if a.place in board().province_index]
        return rng.choice(land or places)
    if step is Step.RECRUIT_UNIT:
        budget = _recruit_budget(s, seat)
        fits = [a for a in legal if isinstance(a, A.RecruitUnits)
                and a.unit in ("infantry", "cavalry", "catapult", "galley")]
        fits = [a for a in fits if a.count * (5 if a.unit == "infantry" else 15) <= budget]
        return max(fits, key=lambda a: (a.count, rng.random())) if fits else legal[0]
    if step is Step.VOTE:
        v = s.vote
        assert v is not None
        shows = [a for a in legal if isinstance(a, A.ShowSenators)]
        if shows and (seat == v.caller or rng.random() < 0.3):
            return min(shows, key=lambda a: (sum(a.senators), len(a.senators)))
        return A.Pass()
    return rng.choice(legal)


# -- the evaluation ----------------------------------------------------------------------------


def season_projection(s: State) -> list[float]:
    """Each seat's VP from one more scoring if the board stood as it is."""
    n = s.players
    gains = [0.0] * n
    for p in board().provinces:
        if p.tiers:
            for q, v in enumerate(awards([s.inf(p.index, r) for r in range(n)], p.tiers)):
                gains[q] += v
    table = dominated_counts(s)
    for region, coin in MAINTENANCE:
        counts = [table[q][f"{region}_{coin}"] for q in range(n)]
        best = max(counts)
        if best:
            for q in range(n):
                if counts[q] == best:
                    gains[q] += DOMINATION_VP[coin]
    for q, v in enumerate(awards(s.chaos[:], CHAOS_PENALTY)):
        gains[q] -= v
    return gains


def army_value(s: State, seat: Seat) -> int:
    """What the seat's pieces on the board cost to recruit."""
    return sum((SUPPLY[u] - s.pool(seat, u)) * COST[u] for u in range(len(SUPPLY)))


def actions_left(s: State, seat: Seat) -> int:
    """Actions `seat` still has this season: a rollout cut in the middle of a turn must not
    favour whoever happened to act before the cut."""
    if s.step is Step.OVER:
        return 0
    if not s.turn:
        return 0 if s.maintenance is not None else TURNS * ACTIONS_PER_TURN
    mine = s.order.index(seat)
    later = TURNS - s.turn
    if mine > s.pos:
        later += 1
    now = ACTIONS_PER_TURN - s.actions_done if mine == s.pos else 0
    return later * ACTIONS_PER_TURN + now


def last_word(s: State) -> list[float]:
    """Per seat, the VP its place in this season's order is worth (`LAST_WORD_VP`, two
    players only): to the seat in the last place once the order is set, less as the
    season's actions are used up; in an auction, to the seat the standing proposal (or
    the raise being made) puts last, or to the raiser while it has still to name."""
    out = [0.0] * s.players
    if s.players != 2 or s.step is Step.OVER:
        return out
    worth = LAST_WORD_VP[min(s.season, SEASONS) - 1]
    last = -1
    a = s.auction
    if len(s.order) == 2:  # the season's share of actions still to come: none at upkeep
        last = s.order[1]
        worth *= (actions_left(s, 0) + actions_left(s, 1)) / (2 * TURNS * ACTIONS_PER_TURN)
    elif a is not None:
        if a.amount >= 0:
            last = 1 - a.name_a if a.name_a >= 0 else s.actor
        elif a.proposer >= 0:
            last = a.b
    if last >= 0:
        out[last] = worth
    return out


def _potential(s: State, seat: Seat) -> float:
    """A share of the best purchase one of the seat's leaders stands ready to make, if
    the seat still has an action this season."""
    if not actions_left(s, seat):
        return 0.0
    best = max((_opportunity(s, seat, p) for p in leader_provinces(s, seat)), default=0.0)
    return POTENTIAL_SHARE * best


def projected_vp(state: State) -> list[float]:
    """Each seat's final VP as the evaluation projects it from the standing now."""
    n = state.players
    left = _left(state)
    per_season = season_projection(state)
    now, later = SEASON_WEIGHT
    seasons = now + later * (left - 1) if left else 0.0
    # a talent buys a tenth of an influence point, which scores for every season left
    worth = TALENT_VP * left / SEASONS
    talents = state.talents[:]
    a = state.auction
    if a is not None:  # a standing proposal, or a raise being made, as good as paid
        if a.amount >= 0:
            talents[state.actor] -= a.amount
        elif a.proposer >= 0:
            talents[a.proposer] -= a.bid
    word = last_word(state)
    projected = [
        state.vp[q] + seasons * per_season[q] + word[q]
        + (talents[q] + UNIT_WORTH * army_value(state, q)) * worth
        + ACTION_VP * left * actions_left(state, q) + _potential(state, q)
        for q in range(n)
    ]
    return projected


def temperature_for(left: int) -> float:
    """The softmax's temperature with `left` scorings still ahead (`TEMPERATURE`)."""
    return TEMPERATURE[min(max(left, 1), len(TEMPERATURE)) - 1]


def evaluate(game: Game[Any], state: State) -> list[float]:
    """Each seat's expected reward, from its projected final VP."""
    outcome = game.outcome(state)
    n = state.players
    if outcome is not None:
        return _shares(outcome.winners, n)
    projected = projected_vp(state)
    win = _softmax(projected, temperature_for(_left(state)))
    if MARGIN_SCALE is None:
        return [WIN_WEIGHT * w + (1 - WIN_WEIGHT) * min(1.0, w * n / 2) for w in win]
    rest = [max(projected[:q] + projected[q + 1:]) for q in range(n)]
    return [WIN_WEIGHT * w + (1 - WIN_WEIGHT) * 0.5
            * (1 + math.tanh((projected[q] - rest[q]) / MARGIN_SCALE))
            for q, w in enumerate(win)]


def win_chance(game: Game[Any], state: State) -> list[float]:
    """Each seat's chance to win, as the Hint reports it: the softmax of projected VP at
    the temperature fitted on how games end (`CHANCE_TEMPERATURE`), not the search's."""
    outcome = game.outcome(state)
    if outcome is not None:
        return _shares(outcome.winners, state.players)
    left = min(max(_left(state), 1), len(CHANCE_TEMPERATURE))
    return _softmax(projected_vp(state), CHANCE_TEMPERATURE[left - 1])


def _shares(winners: Sequence[Seat], n: int) -> list[float]:
    """A finished game's win shares (a shared win split, as the search's reward splits it)."""
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(n)]


def _softmax(projected: list[float], temperature: float) -> list[float]:
    """Each seat's share of e ** (projected VP / temperature)."""
    top = max(projected)
    strength = [math.exp((v - top) / temperature) for v in projected]
    whole = sum(strength)
    return [x / whole for x in strength]


__all__ = [
    "CHANCE_TEMPERATURE",
    "LEVEL_OVERRIDES",
    "OPPONENTS_BY_POLICY",
    "ROLLOUT_DEPTH",
    "WIDENING",
    "evaluate",
    "information_key",
    "projected_vp",
    "prune",
    "rank",
    "rollout_action",
    "season_projection",
    "temperature_for",
    "win_chance",
]
