"""Corona de Hierro's hooks for the common ISMCTS agent: a rollout policy that plays with
intent (take castles, win support, climb the track, draw and play good cards, fight only
battles worth their odds, end the game by a ruin only when ahead), an evaluation from
the VP a seat would score if the game ended now, `prune` (the search tries the best few
main actions), `information_key` (the other seats' trees keyed by their private cards)
and `rank` (those choices best first: hard's search widens progressively by it).

They run inside sampled worlds (`sample_world`), never on the real state, so the
search sees only what its seat may know.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

from rules.core import Action, Game, Seat
from rules.corona_de_hierro import logic, logic_cards
from rules.corona_de_hierro.actions import (
    Accept,
    AcceptAlliance,
    AttackArmy,
    AttackCastle,
    ChooseCard,
    Decline,
    DenyPassage,
    Discard,
    Draw,
    DrawFive,
    GrantPassage,
    Keep,
    Move,
    PlaceEmissary,
    Play,
    RecallEmissary,
    Recruit,
    RequestAlliance,
    Reroll,
    RollSupport,
    SendEmissary,
    TakeHostage,
)
from rules.corona_de_hierro.components import (
    CASTLE_INDEX,
    CASTLES,
    CITIES,
    CITY_CASTLE,
    CITY_INDEX,
    DIE_MAX,
    FACES,
    GREEN_FROM,
    NEIGHBOURS,
    band_die,
    better,
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

ROLLOUT_DEPTH = 30
"""Actions a rollout plays past the tree before `evaluate` scores it: about two rounds."""
WIN_WEIGHT = 0.8  # as in rules.ai.ismcts: the evaluation estimates the same reward
TEMPERATURE = 1.6
"""VP difference that makes one seat e times likelier to win than another."""

_PAVIA = CASTLE_INDEX.get("pavia", -1)
_GOOD_CARDS = {
    "P01": 3.0, "P12": 3.5, "P15": 1.0, "P04": 1.0, "M09": 1.5, "M06": 2.0, "M07": 2.5,
    "P05": 2.5, "P06": 2.5, "M02": 3.0, "M03": 2.5, "P02": 2.0, "P03": 1.5, "P10": 2.0,
    "P07": 1.5, "M04": 1.5, "M05": 2.0, "M10": 1.5, "P09": 1.0, "P11": 0.5, "P14": 0.5,
    "M01": 1.0, "M08": 0.5, "P13": 0.5, "P08": 0.2, "M11": 0.8, "M12": 0.8, "M13": 0.8,
    "M14": 0.8,
}


def chance(die: int, target: int) -> float:
    """The chance one roll of `die` reaches `target`."""
    return sum(1 for f in FACES[die] if f >= target) / 6


def _distance_to_targets(s: CoronaState, seat: Seat) -> list[int]:
    """Per city, roads to the nearest castle this seat does not hold (BFS over the map)."""
    far = 99
    dist = [far] * len(NEIGHBOURS)
    frontier = [CASTLES[k].city for k in range(len(CASTLES)) if s.owner[k] != seat]
    for c in frontier:
        dist[c] = 0
    while frontier:
        nxt = []
        for c in frontier:
            for d in NEIGHBOURS[c]:
                if dist[d] == far:
                    dist[d] = dist[c] + 1
                    nxt.append(d)
        frontier = nxt
    return dist


def _round_win(att_die: int, def_die: int) -> float:
    """The attacker's chance to win one battle round (ties go to him [S])."""
    return sum(1 for a in FACES[att_die] for d in FACES[def_die] if a >= d) / 36


_BATTLE: dict[tuple[int, int], float] = {}


def battle_win(mine: int, theirs: int) -> float:
    """The attacker's chance to win a whole battle without shields (§4's last table)."""
    if theirs <= 0:
        return 1.0
    if mine <= 0:
        return 0.0
    key = (mine, theirs)
    if key not in _BATTLE:
        p = _round_win(size_die(mine), size_die(theirs))
        _BATTLE[key] = p * battle_win(mine, theirs - 1) + (1 - p) * battle_win(mine - 1, theirs)
    return _BATTLE[key]


def standing(s: CoronaState, seat: Seat) -> int:
    """The VP a seat would score if the game ended now (the sampled world's loyalty card)."""
    return (logic.vp_counter(s, seat) + (0 if logic.hostages_of(s, seat) else 1)
            + logic.loyalty_score(s, seat))


def _ending(s: CoronaState, seat: Seat, mine: int = 0, theirs: Seat = NOBODY,
            loss: int = 0) -> float:
    """What ending the game now is worth to `seat` (after it gains `mine` VP and seat
    `theirs` loses `loss`): `ENDING` with a lead of 2 VP or more, nothing with a smaller
    one (a battle's legitimacy can still change who is King, and so the loyalty cards),
    twice `ENDING` lost when behind."""
    me = standing(s, seat) + mine
    best = max(standing(s, q) - (loss if q == theirs else 0)
               for q in range(s.players) if q != seat)
    if me - best >= 2:
        return ENDING
    return 0.0 if me >= best else -2 * ENDING


def _reserve(s: CoronaState, seat: Seat) -> int:
    """This seat's castles with troops inside: what it may still recruit."""
    return sum(1 for k in range(len(CASTLES)) if s.owner[k] == seat and s.troops[k])


def _fragile(s: CoronaState, seat: Seat, pawns: int) -> bool:
    """Losing these `pawns` would leave `seat` with no army and nothing to recruit (R14)."""
    return _reserve(s, seat) == 0 and logic.pawns_on_map(s, seat) <= pawns


ENDING = 5.0
"""What ending the game is worth to the rollout policy: plus when it leaves the seat
ahead, minus when behind (an attack that ruins someone ends the game, R14)."""


def _score(s: CoronaState, seat: Seat, a: Action, dist: list[int]) -> float:
    """How promising a main action looks, roughly in legitimacy-and-VP points."""
    n = s.players
    if isinstance(a, RollSupport):
        k = CASTLE_INDEX[a.castle]
        return 6.0 * chance(band_die(s.legitimacy[seat]), CASTLES[k].dip)
    if isinstance(a, AttackCastle):
        k = CASTLE_INDEX[a.castle]
        die = size_die(s.pawns(CASTLES[k].city, seat))
        p = chance(die, CASTLES[k].mil)
        owner = s.owner[k]
        score = (7.0 if k == _PAVIA else 5.0) * p - (1.5 if s.allied(seat, owner) else 0)
        if owner != NOBODY and not s.troops[k] and sum(o == owner for o in s.owner) == 1:
            # the owner's last castle: taking it ends the game (R14)
            vp = CASTLES[k].vp
            score += p * _ending(s, seat, vp, owner, vp)
        return score
    if isinstance(a, Recruit):
        return 2.5
    if isinstance(a, AttackArmy):
        city = CITY_INDEX[a.city]
        mine = s.pawns(city, seat)
        theirs = s.pawns(city, a.player)
        if s.allied(seat, a.player):
            return -3.0
        p = battle_win(mine, theirs)
        score = 4.0 * p - 2.5 * (1 - p)
        if _fragile(s, a.player, theirs):
            score += p * _ending(s, seat)
        if _fragile(s, seat, mine):
            score += (1 - p) * _ending(s, seat)
        return score
    if isinstance(a, Move):
        src, dst = CITY_INDEX[a.city], CITY_INDEX[a.to]
        gain = dist[src] - dist[dst]
        whole = a.n == s.pawns(src, seat)
        k = CITY_CASTLE[src]
        guard = k >= 0 and s.owner[k] == seat and any(
            s.army[src * n + q] for q in range(n) if q != seat)
        strongest = max((s.army[dst * n + q] for q in range(n)
                         if q != seat and not s.allied(seat, q)), default=0)
        danger = 0.0
        if strongest:
            arriving = a.n + s.pawns(dst, seat)
            lose = 1 - battle_win(arriving, strongest)
            danger = 2.0 * lose + (ENDING * lose if _fragile(s, seat, arriving) else 0)
        return 1.2 * gain + (0.3 if whole else 0) - (1.0 if guard else 0) - danger
    if isinstance(a, SendEmissary):
        return 2.2 if a.box == "rome" else 0.6
    if isinstance(a, PlaceEmissary):
        k = CASTLE_INDEX[a.castle]
        mine = any(p == seat for p, _ in s.envoys[k])
        return 0.5 if mine else 1.8 * chance(band_die(s.legitimacy[seat]), CASTLES[k].dip) + 0.6
    if isinstance(a, Draw):
        return 1.6 if len(s.hands[seat]) < 3 else 0.4
    if isinstance(a, DrawFive):
        return 0.3
    if isinstance(a, Play):
        return _card_score(s, seat, a, dist)
    if isinstance(a, AcceptAlliance):
        return 2.4
    if isinstance(a, RequestAlliance):
        return 0.3
    if isinstance(a, TakeHostage):
        return 0.8 if not s.allied(seat, a.player) else -2
    if isinstance(a, RecallEmissary):
        return -1.0 if a.place == "rome" else 0.1
    if isinstance(a, Discard):
        return -0.5 if len(s.hands[seat]) < 5 else 0.2
    return -0.2  # free actions: rarely worth it in a rollout


def _card_score(s: CoronaState, seat: Seat, a: Play, dist: list[int]) -> float:
    """A card's worth: the plain table, or for an aimed card what its target makes of it."""
    card = a.card
    if card in ("M02", "P05", "P06"):
        k = CASTLE_INDEX[a.place]
        c = CASTLES[k]
        if card == "M02":
            die = better(size_die(s.pawns(c.city, seat)))
            return (7.0 if k == _PAVIA else 5.0) * chance(die, c.mil) - (
                1.5 if s.allied(seat, s.owner[k]) else 0)
        die = band_die(s.legitimacy[seat])
        return 6.0 * chance(better(die) if card == "P06" else die, c.dip) + 0.3
    if card == "M05":
        return _score(s, seat, AttackArmy(a.place, a.player), dist) + 0.5
    if card == "M10":
        return 1.0 + (1.5 if _fragile(s, a.player, 1) else 0)
    return _GOOD_CARDS.get(card, 0.5)


def _answer(s: CoronaState, seat: Seat, rng: random.Random) -> Action:
    p = s.pending
    if isinstance(p, Passage):
        return GrantPassage() if s.allied(seat, p.mover) or rng.random() < 0.3 else DenyPassage()
    if isinstance(p, CastleRoll):
        return Reroll() if chance(p.die, p.target) >= 0.3 or rng.random() < 0.3 else Keep()
    if isinstance(p, Battle):
        if p.stage == "attacker":  # asked only while a better roll can still matter (D-1)
            return Reroll() if p.att < sum(FACES[p.att_die]) / 6 else Keep()
        last = s.pawns(p.city, seat) <= 1
        return Reroll() if last or rng.random() < 0.5 else Keep()
    if isinstance(p, Question):
        return Accept() if p.kind == "marriage" or rng.random() < 0.4 else Decline()
    return ChooseCard(0)


def _intents(s: CoronaState, seat: Seat, dist: list[int]) -> list[Action]:
    """A few purposeful main actions, built straight from the state (cheaper than
    listing every legal action); each is checked for legality before it is chosen."""
    n = s.players
    out: list[Action] = []
    for k, c in enumerate(CASTLES):
        owner = s.owner[k]
        if owner == seat:
            if s.troops[k]:
                out.append(Recruit(c.key))
            continue
        if s.army[c.city * n + seat]:
            out.append(AttackCastle(c.key))
        if owner == NOBODY and c.dip:
            if any(p == seat and t < s.turn for p, t in s.envoys[k]):
                out.append(RollSupport(c.key))
            elif len(s.envoys[k]) < 2:
                out.append(PlaceEmissary(c.key))
    for city in range(len(NEIGHBOURS)):
        mine = s.army[city * n + seat]
        if not mine:
            continue
        best = min(NEIGHBOURS[city], key=lambda d: dist[d])
        if dist[best] < dist[city]:
            out.append(Move(CITIES[city], CITIES[best], mine))
        for q in range(n):
            if q != seat and s.army[city * n + q]:
                out.append(AttackArmy(CITIES[city], q))
    out.append(SendEmissary("rome"))
    out.append(Draw("political"))
    out.append(Draw("military"))
    for a, b, ok in s.pacts:
        if b == seat and not ok:
            out.append(AcceptAlliance(a))
    for card in sorted(set(s.hands[seat])):
        if card in _PLAIN:
            out.append(Play(card, -1, "", "", 0))
    if any(card in _AIMED for card in s.hands[seat]):
        out.extend(a for a in logic_cards.card_candidates(s, seat) if a.card in _AIMED)
    return out


_AIMED = frozenset({"P02", "M02", "M05", "M06", "M07", "M10"})
"""Cards with a target that the rollout knows how to aim (and `_score` how to weigh)."""


_PLAIN = frozenset({"P01", "P04", "P12", "P13", "P15", "M09", "M11", "M12", "M13", "M14"})
"""Cards with nothing to choose: the rollout plays them when they look good."""


def rollout_action(game: Game[Any], state: CoronaState, seat: Seat,
                   rng: random.Random) -> Action:
    """A sensible move, cheaply: the best-scored purposeful action that is legal, with a
    little noise. When none of those is legal or worth playing (an army pinned in a
    contested city with a full hand, say), the best-scored of every legal action."""
    s = state
    if s.pending is not None:
        return _answer(s, seat, rng)
    if s.phase is not Phase.PLAY:
        return rng.choice(game.legal_actions(s, seat))
    dist = _distance_to_targets(s, seat)
    scored = sorted(((_score(s, seat, a, dist) + 1.5 * rng.random(), i, a)
                     for i, a in enumerate(_intents(s, seat, dist))), reverse=True)
    for value, _, a in scored:
        if value < WORTHLESS:
            break
        if game.is_legal(s, seat, a):
            return a
    legal = game.legal_actions(s, seat)
    return max(legal, key=lambda a: _score(s, seat, a, dist) + 1.5 * rng.random())


WORTHLESS = -1.0
"""An intent scored below this (a hopeless attack with the last army) is played only if
no legal action scores better."""


def information_key(game: Game[Any], world: CoronaState, seat: Seat) -> Hashable:
    """The part of `view(world, seat)` that may differ between the worlds one search
    samples: the seat's hand, its loyalty card, the cards it has looked at, and the cards
    of a Draw-five it is choosing from; the table is the same in all of them."""
    s = world
    dealt = bool(s.loyalty)
    loyalty = s.loyalty[seat] if dealt else -1
    known = tuple((slot, s.loyalty[slot]) for slot in s.known[seat] if slot != seat) \
        if dealt else ()
    p = s.pending
    five = p.cards if isinstance(p, FiveChoice) and p.seat == seat else ()
    return tuple(s.hands[seat]), loyalty, known, five


PRUNE_KEEP = 10
"""Main actions the search tries at a decision: the best by the policy's own scores."""


def prune(game: Game[Any], state: CoronaState, seat: Seat, legal: list[Action]) -> list[Action]:
    """The search's choices at `seat`'s main decision: the `PRUNE_KEEP` best of the legal
    list by `_score` (ties keep the list's order); answers and setup stay whole."""
    s = state
    if s.pending is not None or s.phase is not Phase.PLAY or len(legal) <= PRUNE_KEEP:
        return legal
    dist = _distance_to_targets(s, seat)
    ranked = sorted(range(len(legal)), key=lambda i: -_score(s, seat, legal[i], dist))
    return [legal[i] for i in sorted(ranked[:PRUNE_KEEP])]


WIDENING = (1.0, 0.5)
"""Progressive widening by `rank` (rules.ai.ismcts): after n visits a node weighs its
best ceil(n ** 0.5) choices, tried in rank order. Hard only (`LEVEL_OVERRIDES`)."""

LEVEL_OVERRIDES: dict[str, dict[str, Any]] = {
    "easy": {"use_widening": False},
    "normal": {"use_widening": False, "iterations": 100},
}
"""Normal and easy search as they did before `rank` (untried choices at random). Normal
also stops at 100 iterations (about 0.15 s), where its 0.45 s would buy some 230 on a
quiet core: a casual player, who plays the policy with a glance ahead, where hard
searches its full time (docs/ai.md, "Levels in the map games")."""


def _answer_first(s: CoronaState, seat: Seat) -> type[Action] | None:
    """The answer the policy leans to, without its noise (None: no preference)."""
    p = s.pending
    if isinstance(p, Passage):
        return GrantPassage if s.allied(seat, p.mover) else DenyPassage
    if isinstance(p, CastleRoll):
        return Reroll if chance(p.die, p.target) >= 0.3 else Keep
    if isinstance(p, Battle):
        if p.stage == "attacker":
            return Reroll if p.att < sum(FACES[p.att_die]) / 6 else Keep
        return Reroll if p.att >= p.defence else Keep  # ties go to the attacker
    if isinstance(p, Question):
        return Accept if p.kind == "marriage" else Decline
    return None


def rank(game: Game[Any], state: CoronaState, seat: Seat,
         legal: list[Action]) -> list[Action]:
    """The search's choices best first, for progressive widening: main actions by the
    policy's `_score` (no noise), answers the policy's leaning first, a Draw-five's cards
    by their worth; castle choice as listed."""
    s = state
    p = s.pending
    if p is None:
        if s.phase is not Phase.PLAY:
            return legal
        dist = _distance_to_targets(s, seat)
        return sorted(legal, key=lambda a: -_score(s, seat, a, dist))
    if isinstance(p, FiveChoice):
        return sorted(legal, key=lambda a: -_GOOD_CARDS.get(
            p.cards[a.index], 0.5) if isinstance(a, ChooseCard) else 0.0)
    first = _answer_first(s, seat)
    return sorted(legal, key=lambda a: not isinstance(a, first)) if first else legal


def _value(s: CoronaState, seat: Seat) -> float:
    """VP if the game ended now, plus a little for what should soon turn into VP."""
    vp: float = logic.vp_counter(s, seat) + (0 if logic.hostages_of(s, seat) else 1)
    vp += logic.loyalty_score(s, seat)
    level = s.legitimacy[seat]
    vp += 0.12 * level + (0.4 if level >= GREEN_FROM else 0)
    vp += 0.25 * sum(1 for k in range(len(CASTLES)) if s.owner[k] == seat and s.troops[k])
    vp += 0.08 * (logic.pawns_on_map(s, seat)) + 0.1 * len(s.hands[seat])
    vp += 0.05 * s.shields[seat]
    threatened = 0.0
    for k, c in enumerate(CASTLES):
        if s.owner[k] == NOBODY or s.owner[k] == seat:
            continue
        if s.pawns(c.city, seat):
            die = size_die(s.pawns(c.city, seat))
            if DIE_MAX[die] >= c.mil:
                threatened += 0.3 * chance(die, c.mil)
    return vp + threatened


def evaluate(game: Game[Any], state: CoronaState) -> list[float]:
    """Each seat's expected reward, from a softmax of its estimated final VP."""
    outcome = game.outcome(state)
    n = state.players
    if outcome is not None:
        return [1.0 if p in outcome.winners else 0.0 for p in range(n)]
    values = [_value(state, p) for p in range(n)]
    top = max(values)
    weights = [math.exp((v - top) / TEMPERATURE) for v in values]
    whole = sum(weights)
    win = [w / whole for w in weights]
    return [WIN_WEIGHT * w + (1 - WIN_WEIGHT) * min(1.0, w * n / 2) for w in win]


__all__ = ["LEVEL_OVERRIDES", "ROLLOUT_DEPTH", "WIDENING", "evaluate", "information_key",
           "prune", "rank", "rollout_action"]
