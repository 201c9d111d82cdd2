"""Conquest of the Empire II's hooks for the search: a rollout policy that plays with
intent (buy influence where it ranks, fight when stronger, pay upkeep it can afford,
recruit when poor in troops, tax when poor in talents) and an evaluation that projects
each seat's final VP from the standing on the keys, domination and chaos.

Nothing but the deck's and the bag's order is hidden, so the policy reads the whole
(sampled) state. It always answers with one of `legal_actions`, so every legal action
stays reachable for the search and for a human; the policy only orders them.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rules.conquest_of_the_empire import actions as A
from rules.conquest_of_the_empire.components import (
    ACTIONS_PER_TURN,
    CATAPULT,
    CAVALRY,
    CHAOS_PENALTY,
    COST,
    DESIGNS,
    DOMINATION_VP,
    GALLEY,
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
from rules.conquest_of_the_empire.logic_board import dominated_counts, n_provinces
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
WIN_WEIGHT = 0.8  # as in rules.ai.ismcts: the evaluation estimates the same reward
TEMPERATURE = 12.0
"""VP of projected lead that make a seat e (2.7) times likelier to win."""
ACTION_VP = 0.8
"""What an action not yet taken this season is worth in VP."""
UNIT_WORTH = 0.7
"""A piece on the board is worth this share of its price in talents."""
TALENT_VP = 0.3
"""What a talent is worth in VP with the whole game ahead (less as the seasons pass)."""
CASUALTY_ORDER = {INFANTRY: 0, GALLEY: 1, CAVALRY: 2, CATAPULT: 3}


# -- the policy ---------------------------------------------------------------------------


def _strength(counts: list[int]) -> float:
    return counts[INFANTRY] + 1.3 * counts[CAVALRY] + 1.6 * counts[CATAPULT] + 0.5 * counts[GALLEY]


def _buy_value(s: State, seat: Seat, a: A.BuyInfluence) -> float:
    p = board().province_index[a.province]
    tiers = board().provinces[p].tiers
    mine = s.inf(p, seat)
    rival = max((s.inf(p, q) for q in range(s.players) if q != seat), default=0)
    value = 0.0
    for src in a.sources:
        gain = tiers[0] if mine + 1 > rival else tiers[min(1, len(tiers) - 1)]
        value += 2.0 + gain / 5 + (1.5 if src != NEUTRAL else 0.0)
        mine += 1
        if src != NEUTRAL and src >= 0:
            rival = max(0, rival - 1) if s.inf(p, src) >= rival else rival
    return value + (1.0 if s.city[p] == seat else 0.0)


def _battle_value(s: State, seat: Seat, a: A.LandBattle) -> float:
    p = board().province_index[a.province]
    mine = s.military(p, seat) + 0.5 * s.leaders(p, seat)
    theirs = s.military(p, a.defender) + (1.0 if s.city[p] == a.defender else 0.0)
    return 6.0 * (mine - 1.3 * theirs) / max(1.0, mine + theirs)


def _menu_value(s: State, seat: Seat, a: Action, rng: random.Random) -> float:
    talents = s.talents[seat]
    if isinstance(a, A.BuyInfluence):
        return _buy_value(s, seat, a) if talents >= 10 * len(a.sources) + 5 else 0.5
    if isinstance(a, A.LandBattle):
        return _battle_value(s, seat, a)
    if isinstance(a, A.Recruit):
        army = sum(s.military(p, seat) for p in range(n_provinces()))
        value = (1.0 if talents >= 40 else 0.3) + (2.5 if army < 8 else 0.0)
        return value - (2.0 if not a.dilectus and s.ready(seat, "dilectus") else 0.0)
    if isinstance(a, A.SpecialTax):
        if talents < 25:
            return 4.0 if a.amount == 15 else 1.0
        return 0.6 if a.amount == 5 else 0.1
    if isinstance(a, A.LandMove):
        return 1.5 + rng.random()
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


def _move(s: State, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
    """Send the biggest group to a key province (tokens and enemy cities first), then stop."""
    act = s.act
    assert act is not None
    sends = [a for a in legal if isinstance(a, A.MoveUnits)]
    if sends and (not act.sent or rng.random() < 0.6):
        return max(sends, key=lambda a: (a.count, rng.random()))
    if act.moved and A.Done() in legal and rng.random() < 0.6:
        return A.Done()
    targets = [a for a in legal if isinstance(a, A.MoveTo)]
    if not targets:
        return rng.choice(legal)
    keys = _key_slugs()
    index = board().province_index
    best = max(targets, key=lambda a: (
        (a.dest in keys) * (1 + s.neutral[index[a.dest]] + (s.city[index[a.dest]] >= 0)),
        rng.random()))
    return best


_KEYS: frozenset[str] = frozenset()


def _key_slugs() -> frozenset[str]:
    global _KEYS
    if not _KEYS:
        _KEYS = frozenset(p.key for p in board().provinces if p.tiers)
    return _KEYS


def _best(legal: list[Action], score: Any, rng: random.Random) -> Action:
    return max(legal, key=lambda a: (score(a), rng.random()))


def _casualty_key(s: State, seat: Seat, a: A.Casualty) -> tuple[int, int]:
    return (0 if a.seat != seat else 1, CASUALTY_ORDER.get(UNIT_INDEX[a.unit], 4))


def rollout_action(game: Game[Any], state: State, seat: Seat, rng: random.Random) -> Action:
    s = state
    legal = game.legal_actions(s, seat)
    if len(legal) == 1:
        return legal[0]
    step = s.step
    if step is Step.ACTION:
        return _best(legal, lambda a: _menu_value(s, seat, a, rng), rng)
    if step is Step.MOVE:
        return _move(s, seat, legal, rng)
    if step is Step.BID:
        assert s.auction is not None
        if s.auction.bid < 0:
            return A.Bid(0)
        # a cheap raise now and then; position is worth little against talents
        cheap = s.auction.bid + 5 <= 10 and s.auction.proposer != seat
        return legal[1] if cheap and rng.random() < 0.3 else A.Pass()
    if step in (Step.NAME_A, Step.NAME_B):
        me = A.NameSeat(seat)
        return me if me in legal else rng.choice(legal)
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
        budget = max(5, min(30, s.talents[seat] - 30))
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


def evaluate(game: Game[Any], state: State) -> list[float]:
    """Each seat's expected reward, from its projected final VP."""
    outcome = game.outcome(state)
    n = state.players
    if outcome is not None:
        return [1.0 if p in outcome.winners else 0.0 for p in range(n)]
    left = SEASONS - state.season + (1 if state.step is not Step.OVER else 0)
    per_season = season_projection(state)
    # a talent buys a tenth of an influence point, which scores for every season left
    worth = TALENT_VP * left / SEASONS
    talents = state.talents[:]
    a = state.auction
    if a is not None:  # a standing proposal, or a raise being made, as good as paid
        if a.amount >= 0:
            talents[state.actor] -= a.amount
        elif a.proposer >= 0:
            talents[a.proposer] -= a.bid
    projected = [
        state.vp[q] + left * per_season[q] * 0.85
        + (talents[q] + UNIT_WORTH * army_value(state, q)) * worth
        + ACTION_VP * actions_left(state, q)
        for q in range(n)
    ]
    top = max(projected)
    strength = [math.exp((v - top) / TEMPERATURE) for v in projected]
    whole = sum(strength)
    win = [x / whole for x in strength]
    return [WIN_WEIGHT * w + (1 - WIN_WEIGHT) * min(1.0, w * n / 2) for w in win]


__all__ = ["ROLLOUT_DEPTH", "evaluate", "rollout_action", "season_projection"]
