"""Imperios Milenarios's hooks for the common ISMCTS agent: a rollout policy that plays
towards the Age goals and the score, and an evaluation fitted on who wins the policy's
games (`WEIGHTS`).

Nothing but the order of the tokens in the cups is hidden, so the policy may
read the whole sampled state. It scores each legal action with a cheap
heuristic (plus a little noise) and plays the best, so every legal action
stays reachable in the tree while rollouts play with intent.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from rules.core import Action, Game, Seat
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
    CAPITAL_SACK_CENSUS,
    GOALS,
    ITEM_COINS,
    ITEM_INDEX,
    RESERVE_LIMIT,
    SCHEME_ACTIONS,
    SCHEME_TOKENS,
    START_CUP_PER_COLOUR,
    TECHS,
    TOKENS_PER_COLOUR,
    WONDERS,
    YELLOW,
    Board,
    bits,
    board,
    tech_bit,
)
from rules.imperios_milenarios.logic import sack_cost
from rules.imperios_milenarios.logic_map import capitals, land_targets, reach, sea_targets
from rules.imperios_milenarios.logic_score import counts, score
from rules.imperios_milenarios.state import ImperiosState

ROLLOUT_DEPTH = 30
"""Actions a rollout plays past the tree before `evaluate` scores it: most of a round."""

LEVEL_OVERRIDES: dict[str, dict[str, Any]] = {
    "easy": {"use_evaluation": True},
    "normal": {"iterations": 25},
    "hard": {"rollout_depth": 300},
}
"""A game lasts thousands of actions: even easy cuts its (random) rollouts at
`ROLLOUT_DEPTH` and evaluates, instead of playing every rollout to the end. Hard plays its
rollouts ten times as far (300 actions, some ten rounds) before it evaluates: fewer
iterations in its time, each seeing where a plan leads. Run D measured it against normal at
the real levels (docs/ai.md, 7 December): hard won 37 of 48 games. Normal stops
at 25 iterations (about 0.04 s), where its 0.45 s would buy some 360 on a quiet core: a
casual player, who plays the policy with a glance ahead, where hard searches its full
time. At 100 iterations it took 2 of 5 real-level games against hard, as in Conquest,
where normal at 100 was too close to hard for a player to tell the levels apart
(docs/ai.md, "Levels in the map games" and 1 December)."""

OPPONENTS_BY_POLICY = True
"""The other civilisations decide by the policy inside the tree, not by UCB. Nothing is
hidden, so it is not about mind reading (Coup's reason): at a few dozen iterations a
rival's node is visited a few times, and each visit after the first tried one of its
other choices at random, so the deeper search met rivals playing at random and learnt
from noise. 4 players, `hard:40` against `normal:10`, seeds 600-603: 0 of 4 wins without
it, 3 of 4 with it (docs/ai.md)."""

WIN_WEIGHT = 0.8  # as in rules.ai.ismcts: the evaluation estimates the same reward

TECH_BY_KEY = {t.key: t for t in TECHS}
PICK_WEIGHT = {"red": 0.8, "yellow": 1.3, "blue": 1.0, "black": 1.1}
"""A token's worth by colour before the goals: yellow buys research and art."""


def _leader_gap(s: ImperiosState, seat: Seat, other: Seat) -> float:
    """How far `other` is ahead of `seat` in points (computed once per state)."""
    totals = s.cache.get("ai_totals")
    if totals is None:
        totals = [score(s, p)["total"] for p in range(s.players)]
        s.cache["ai_totals"] = totals
    return float(totals[other] - totals[seat])


def _leads_after_sack(s: ImperiosState, seat: Seat, victim: Seat) -> bool:
    """Whether `seat` would lead once it sacked `victim`'s capital (census +5, 2 points
    each; the victim loses the capital's 5): ending the game pays only the leader."""
    _leader_gap(s, seat, seat)  # fills the cache
    totals = list(s.cache["ai_totals"])
    totals[seat] += 2 * CAPITAL_SACK_CENSUS
    totals[victim] -= 5
    return all(totals[seat] > totals[q] for q in range(s.players) if q != seat)


def _area_worth(s: ImperiosState, key: str) -> float:
    return worth(board(s.players), board(s.players).index[key])


def worth(b: Board, a: int) -> float:
    """An area's worth: its city level, its settlement VP, and land over sea."""
    return b.level(a) * 1.0 + b.settlement[a] * 1.5 + (0.5 if b.land >> a & 1 else 0.0)


def _need(s: ImperiosState, seat: Seat, colour: str) -> float:
    """How much the civilisation's goals ask for tokens of `colour` now."""
    caps, cities, goods, techs = counts(s, seat)
    goals = GOALS[min(s.age[seat], s.final_age)]
    if colour == "yellow":
        return 1.0 if techs < goals.techs else 0.0
    if colour == "red":
        return 1.0 if cities < goals.cities or caps < goals.capitals else 0.0
    if colour == "blue":
        return 0.6 if goods < goals.goods else 0.0
    return 0.5


def _spendable(s: ImperiosState, seat: Seat, colour: str) -> bool:
    """Whether actions of `colour` would buy anything now (cheap, approximate)."""
    if colour == "red" or s.contest is not None:
        return True
    if colour == "yellow":  # save up for a technology unless the hand is too full
        yellow = s.hand[seat][YELLOW] + s.avail
        return yellow >= 3 or sum(s.hand[seat]) > RESERVE_LIMIT[s.age[seat]] or (
            yellow >= 2 and bool(s.items[seat] & tech_bit(YELLOW, 2)))
    b = board(s.players)
    net = s.presence[seat]
    r = reach(b, net, capitals(s, seat))
    if colour == "blue":
        others = 0
        for q in range(s.players):
            if q != seat:
                others |= s.control[q]
        return bool(sea_targets(b, r, net) or others & net & r)
    return bool(land_targets(b, r, net)) or (seat not in s.wonders and -1 in s.wonders)


def _value(s: ImperiosState, seat: Seat, a: Action) -> float:
    """How much the policy likes `a` for `seat` (higher is better): by the action's type
    (one dictionary look-up, not a chain of `isinstance`: the rollouts ask this for every
    legal action of every step)."""
    kind = type(a)
    fixed = _FIXED_VALUE.get(kind)
    if fixed is not None:
        return fixed
    valuer = _VALUERS.get(kind)
    return valuer(s, seat, a) if valuer is not None else 0.0


def _found(s: ImperiosState, seat: Seat, a: Any) -> float:
    """A totem in every neighbour: what the site's ring is worth."""
    b = board(s.players)
    return sum(worth(b, n) for n in bits(b.adj[b.index[a.area]]))


def _convert(s: ImperiosState, seat: Seat, a: Any) -> float:
    if not _spendable(s, seat, a.colour):
        return -1.0  # keep the token for a round where it buys something
    # convert everything before spending: research and wonders need several
    return 40.0 + SCHEME_ACTIONS[a.scheme] - SCHEME_TOKENS[a.scheme]


def _conquer(s: ImperiosState, seat: Seat, a: Any) -> float:
    b = board(s.players)
    return 20.0 + b.level(b.index[a.area])


def _attack(s: ImperiosState, seat: Seat, a: Any) -> float:
    b = board(s.players)
    area = b.index[a.area]
    if a.kind == "sack":
        spare = s.armies[seat] - 1 - sack_cost(s, a.seat, area) - s.armies[a.seat]
        if spare < 0:
            return -1.0
        if capitals(s, a.seat) == 1 << area:  # the last one: the game ends this round
            return 12.0 if _leads_after_sack(s, seat, a.seat) else -1.0
        return 8.0 + 0.2 * _leader_gap(s, seat, a.seat)
    alone = b.settlement[area] and not any(
        s.presence[q] >> area & 1 for q in range(s.players) if q not in (seat, a.seat))
    if alone and s.armies[seat] > s.armies[a.seat]:
        return 2.0 + b.settlement[area]
    return -1.0


def _research(s: ImperiosState, seat: Seat, a: Any) -> float:
    t = TECH_BY_KEY[a.tech]
    need = GOALS[s.age[seat]].techs - counts(s, seat)[3]
    return 12.0 + (4.0 if need > 0 else 0.0) + (2.0 if t.level == 1 else t.level)


def _build(s: ImperiosState, seat: Seat, a: Any) -> float:
    return 30.0 + (2.0 if a.wonder == WONDERS[2] else 0.0)


def _expand(s: ImperiosState, seat: Seat, a: Any) -> float:
    return 4.0 + _area_worth(s, a.area)


def _block(s: ImperiosState, seat: Seat, a: Any) -> float:
    d = s.declared
    return 0.5 + (0.1 * _leader_gap(s, seat, d.actor) if d is not None else 0.0)


def _relocate(s: ImperiosState, seat: Seat, a: Any) -> float:
    b = board(s.players)
    area = b.index[a.area]
    return -b.level(area) - 2.0 * b.settlement[area] - (1.0 if b.land >> area & 1 else 0.0)


_FIXED_VALUE: dict[type, float] = {
    EndTurn: 0.0, Art: 5.0, LetPass: 0.5, Lift: 0.5, Accept: 0.5, Appeal: 0.6, Hold: 0.6,
    Defend: 2.0, Sack: 10.0, Yield: 0.8, Withdraw: 0.8, Abandon: 0.8,
}
"""Actions the policy values the same whatever the state."""

_VALUERS: dict[type, Callable[[ImperiosState, Seat, Any], float]] = {
    Found: _found,
    Convert: _convert,
    Conquer: _conquer,
    Attack: _attack,
    Research: _research,
    Build: _build,
    ExpandLand: _expand,
    ExpandSea: _expand,
    Trade: lambda s, seat, a: 14.0 - 2.0 * a.k,
    Receive: lambda s, seat, a: float(ITEM_COINS[ITEM_INDEX[a.item]]),
    Give: lambda s, seat, a: -float(ITEM_COINS[ITEM_INDEX[a.item]]),
    ChooseGood: lambda s, seat, a: float(ITEM_COINS[ITEM_INDEX[a.good]]),
    Pick: lambda s, seat, a: PICK_WEIGHT[a.colour] + _need(s, seat, a.colour),
    Keep: lambda s, seat, a: 1.2 * a.yellow + 1.0 * a.black + 0.9 * a.blue + 0.8 * a.red,
    Block: _block,
    Press: lambda s, seat, a: 1.0 + 0.3 * (s.armies[seat] - 2),
    Relocate: _relocate,
}
"""The rest, by type; any other action is worth 0."""


PRUNE_KEEP = 8
"""The search's choices at a long decision: the policy's best few (the red phase lists
every attack on every totem of every neighbour, fifty at a time). Humans keep them all."""


def prune(game: Game[Any], state: ImperiosState, seat: Seat, legal: list[Action]
          ) -> list[Action]:
    """What the search weighs, in the listed order. A long list: the policy's
    `PRUNE_KEEP` best, and those as good as the last of them unless the policy advises
    against it (a negative value). A short list: whole but for what the policy advises
    against, while something else is left. Ending the turn whenever it is legal, except
    while converted actions wait and something spends them, or while the hand holds more
    tokens than the round's end keeps and one the policy would convert is left (the
    excess goes to the discard either way, so converting it is free: the searches ended
    such turns two to four times as often as the policy, docs/ai.md, 7 December 2026).

    Every choice pruned here is one the search's tree would otherwise try at random
    once the policy's own is tried, at every node of its own turn: at a few dozen
    iterations a conversion then looked bad because its continuation ended the turn
    and wasted the actions (a deeper search chose worse than a shallow one)."""
    if len(legal) < 2:
        return legal
    values = [_value(state, seat, a) for a in legal]
    ranked = sorted(range(len(legal)), key=lambda i: -values[i])
    if len(legal) > PRUNE_KEEP:
        bar = values[ranked[PRUNE_KEEP - 1]]
        keep = set(ranked[:PRUNE_KEEP])
        if bar >= 0:
            keep.update(i for i, v in enumerate(values) if v >= bar)
    else:
        keep = {i for i, v in enumerate(values) if v >= 0} or set(range(len(legal)))
    spends = state.avail > 0 and any(
        i in keep and not isinstance(a, EndTurn | Convert) for i, a in enumerate(legal))
    # tokens beyond what the round's end keeps go to the discard anyway: converting them
    # costs nothing, so the turn does not end while one of them could still be converted
    excess = state.avail == 0 and sum(state.hand[seat]) > RESERVE_LIMIT[state.age[seat]] and any(
        i in keep and isinstance(a, Convert) for i, a in enumerate(legal))
    for i, a in enumerate(legal):
        if isinstance(a, EndTurn):
            if spends or excess:
                keep.discard(i)
            else:
                keep.add(i)
    return [a for i, a in enumerate(legal) if i in keep]


WIDENING = (1.0, 0.5)
"""Progressive widening (rules/ai/ismcts.py): after n visits a node of the search weighs
the best max(1, ceil(n ** 0.5)) of its choices by `rank`. Without it, the second visit of
a node of the searcher's own turn tried one of its choices at random, so a deeper search
learnt from random tries (docs/ai.md, 27 November 2026)."""


def rank(game: Game[Any], state: ImperiosState, seat: Seat, legal: list[Action]
         ) -> list[Action]:
    """The search's choices best first: by the policy's value, without its noise (ties in
    the listed order)."""
    values = [_value(state, seat, a) for a in legal]
    order = sorted(range(len(legal)), key=lambda i: -values[i])
    return [legal[i] for i in order]


def information_key(game: Game[Any], world: ImperiosState, seat: Seat) -> int:
    """Every sampled world of one search shows each seat the same view: only the order of
    the tokens in the cups differs, and nobody sees it (so no view is built and frozen)."""
    return 0


NOISE = 2.0
"""The policy's noise: each action's value plus `NOISE` times a uniform draw, so actions
within a couple of points of the best are played now and then."""


def rollout_action(
    game: Game[Any], state: ImperiosState, seat: Seat, rng: random.Random,
    noise: float = NOISE,
) -> Action:
    """The action of highest value plus `noise` times a uniform draw (a search level's
    `rollout_noise` quiets its own rollouts)."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    return max(legal, key=lambda a: _value(state, seat, a) + noise * rng.random())


def _closeness(s: ImperiosState) -> float:
    """How near the game is to its end, 0 to 1: the Ages of the half of the table that
    ends it when it reaches the final Age, or the colour the pool is shortest of."""
    n = s.players
    half = (n + 1) // 2
    ages = sorted(s.age, reverse=True)[:half]
    by_ages = sum(ages) / (half * s.final_age)
    by_pool = 1.0 - min(s.pool) / (TOKENS_PER_COLOUR - START_CUP_PER_COLOUR * n)
    return min(1.0, max(by_ages, by_pool))


def _goal_share(s: ImperiosState, seat: Seat) -> float:
    """The share of the current Age's four goals met, 0 to 1 (each counted up to its need)."""
    caps, cities, goods, techs = counts(s, seat)
    goals = GOALS[min(s.age[seat], s.final_age)]
    return (min(caps, goals.capitals) / goals.capitals + min(cities, goals.cities) / goals.cities
            + min(goods, goals.goods) / goals.goods + min(techs, goals.techs) / goals.techs) / 4


FEATURES = ("score", "age", "goal_share", "census", "armies", "reserve", "present",
            "controlled", "hand", "cup", "discard", "goods", "techs", "wonder", "turn",
            "capitals", "cities")
"""What `features` gives for each civilisation, in order."""


def features(s: ImperiosState) -> list[list[float]]:
    """Per civilisation, plain figures of its position (`FEATURES`): the score so far, the
    Age and the share of its goals met, census, armies and reserve, areas present in and
    controlled, tokens in hand, cup and discard, goods and technologies owned, a wonder
    built, its place in this round's turn order (0 first, 1 last), capitals, cities."""
    order = s.order()
    last = max(1, s.players - 1)
    out = []
    for p in range(s.players):
        caps, cities, goods, techs = counts(s, p)
        out.append([
            float(score(s, p)["total"]), float(s.age[p]), _goal_share(s, p),
            float(s.census[p]), float(s.armies[p]), float(s.reserve[p]),
            float(s.presence[p].bit_count()), float(s.control[p].bit_count()),
            float(sum(s.hand[p])), float(sum(s.cup[p])), float(sum(s.discard[p])),
            float(goods), float(techs), float(p in s.wonders), order.index(p) / last,
            float(caps), float(cities)])
    return out


WEIGHTS: dict[str, tuple[float, float]] = {
    "score": (-0.0633, 0.0908), "age": (0.4235, -0.0833), "goal_share": (1.4367, -2.3323),
    "census": (0.197, -0.2263), "armies": (0.1035, -0.0232), "reserve": (-0.9474, 0.5199),
    "present": (-0.9827, 0.5593), "controlled": (-0.0437, 0.631), "hand": (0.1921, -0.1233),
    "cup": (0.2156, -0.2116), "discard": (0.2153, -0.2122), "goods": (-0.9864, 0.494),
    "techs": (-0.8352, 0.5688), "wonder": (0.4177, 2.6715), "turn": (0.0186, -0.0139),
    "capitals": (0.4475, 0.4532), "cities": (-0.4912, 0.1778),
}
"""Per feature (`FEATURES`), its weight in logits of the win at the start of the game and
at its end (`_closeness` 0 and 1), blended linearly in between: a conditional logit of
the winner fitted on 1,200 policy games of every mode (`build_scripts/fit_imperios_eval.py
1600 1`, 3 December 2026; it replaced a softmax of the score plus points per Age and
per goal met, which the fit beat on held-out positions, log-loss 1.321 against 1.427,
1.068 against 1.119 at 4 players and bronce, and which `hard:100` with this evaluation
beat head to head: docs/ai.md). The weights of the totems' places (reserve, areas, goods and
technologies) move together because the 45 totems add up: only their differences mean
anything."""
_WEIGHT_ROWS = tuple(WEIGHTS[name] for name in FEATURES)


def win_shares(s: ImperiosState) -> list[float]:
    """Each civilisation's chance to win as the evaluation sees it: a softmax of its
    features weighted by `WEIGHTS` at this point of the game."""
    t = _closeness(s)
    blend = [(1.0 - t) * start + t * end for start, end in _WEIGHT_ROWS]
    logits = [sum(w * x for w, x in zip(blend, row, strict=True)) for row in features(s)]
    top = max(logits)
    strength = [math.exp(u - top) for u in logits]
    whole = sum(strength)
    return [x / whole for x in strength]


def win_chance(game: Game[Any], state: ImperiosState) -> list[float]:
    """Each civilisation's chance to win, as the Hint reports it: `win_shares`, the
    conditional logit fitted on who wins, whose figures are probabilities by how they were
    fitted; the search's reward mixes in the place (`WIN_WEIGHT`) and is not one. A
    finished game gives its winners their shares."""
    outcome = game.outcome(state)
    if outcome is not None:
        share = 1.0 / len(outcome.winners)
        return [share if p in outcome.winners else 0.0 for p in range(state.players)]
    return win_shares(state)


def evaluate(game: Game[Any], state: ImperiosState) -> list[float]:
    """Each seat's expected reward: its chance to win (`win_shares`), and for the place
    the chance of finishing above each other seat (smooth, so that one point more is
    always worth a little, not only when it passes someone)."""
    n = state.players
    outcome = game.outcome(state)
    if outcome is not None:  # the search's own reward (a win shared, a place by rank)
        return [WIN_WEIGHT * (p in outcome.winners) / len(outcome.winners)
                + (1 - WIN_WEIGHT) * (n - outcome.ranking[p]) / (n - 1) for p in range(n)]
    strength = win_shares(state)
    values = []
    for p in range(n):
        above = sum(strength[p] / (strength[p] + strength[q]) for q in range(n) if q != p)
        place = above / (n - 1)
        values.append(WIN_WEIGHT * strength[p] + (1 - WIN_WEIGHT) * place)
    return values


__all__ = [
    "FEATURES", "LEVEL_OVERRIDES", "NOISE", "OPPONENTS_BY_POLICY", "PICK_WEIGHT", "PRUNE_KEEP",
    "ROLLOUT_DEPTH", "TECH_BY_KEY", "WIDENING", "evaluate", "features", "information_key",
    "prune", "rank", "rollout_action", "win_chance", "win_shares", "worth",
]
