"""Carolus Magnus's hooks for the search: a rollout policy that plays with intent, and an
evaluation from castles and clans.

Nothing in Carolus Magnus is hidden, so the policy may read the whole
(sampled) state; it stays cheap because rollouts run thousands of times.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rules.carolus_magnus import logic
from rules.carolus_magnus.actions import (
    ChooseColour,
    LayDisc,
    MoveEmperor,
    PlayToCourt,
    PlayToTerritory,
)
from rules.carolus_magnus.components import NOBODY, TABLES, sides
from rules.carolus_magnus.game import (
    CHOOSE,
    EMPEROR_MOVES,
    LAY,
    TO_COURT,
    TO_TERRITORY,
    free_discs,
)
from rules.carolus_magnus.logic import majority
from rules.carolus_magnus.state import CarolusState, Phase
from rules.core import Action, Event, Game, JsonDict, Seat

ROLLOUT_DEPTH = 40
"""Actions a rollout plays past the tree before `evaluate` scores it: two or three turns."""

WIN_WEIGHT = 0.8  # as in rules.ai.ismcts: the evaluation estimates the same reward
COURT_SHARE = 0.45
"""How often the policy plays a cube to its court rather than onto a territory."""


def _emperor_gain(s: CarolusState, side: int, steps: int) -> float:
    """What the stop `steps` ahead is worth to the mover's side: castles won or lost."""
    t = s.territories[(s.emperor + steps) % len(s.territories)]
    winner = majority(s, t)
    if winner == NOBODY or winner == t.owner:
        return 0.0
    gain = float(max(1, t.castles))
    if winner == side:
        return gain
    return -gain if t.owner == side else -0.5 * gain


def _court_colour(s: CarolusState, seat: Seat, rng: random.Random) -> int:
    """The reserve colour whose clan this seat is closest to taking or most needs to keep."""
    best, best_score = -1, -math.inf
    courts = s.courts
    mine = courts[seat]
    rivals = [court for q, court in enumerate(courts) if q != seat]
    for c, n in enumerate(s.reserves[seat]):
        if not n:
            continue
        rival = max([court[c] for court in rivals])
        score = -abs(mine[c] - rival) + rng.random()
        if score > best_score:
            best, best_score = c, score
    return best


_NEAR = range(1, 6)
"""The stops ahead a rollout's cube goes to: as far as the highest disc reaches."""


def rollout_action(
    game: Game[Any], state: CarolusState, seat: Seat, rng: random.Random
) -> Action:
    s = state
    phase = s.phase
    if phase is Phase.CUBES:
        if rng.random() < COURT_SHARE:
            return TO_COURT[_court_colour(s, seat, rng)]
        colours = [c for c, n in enumerate(s.reserves[seat]) if n]
        by_tile = TO_TERRITORY[rng.choice(colours)]
        terrs = s.territories
        k = len(terrs)
        here = s.emperor
        near = [terrs[(here + step) % k].tiles[0] for step in _NEAR]
        return by_tile[rng.choice(near)]
    if phase is Phase.EMPEROR:
        best, best_key = 0, (-math.inf, 0.0)
        side = s.side(seat)
        for steps in range(1, s.disc_of(seat) + 1):
            key = (_emperor_gain(s, side, steps), rng.random())
            if key > best_key:
                best, best_key = steps, key
        return EMPEROR_MOVES[best - 1]
    if phase is Phase.OPENING:  # the opening is left to chance in rollouts
        return LAY[rng.choice(free_discs(s, seat))]
    if phase is Phase.CROWNS or phase is Phase.SETUP:
        options = [c for c, n in enumerate(s.centre) if n]
        mine = s.courts[seat]
        return CHOOSE[max(options, key=lambda c: (mine[c], rng.random()))]
    legal = game.legal_actions(s, seat)
    return legal[0] if len(legal) == 1 else rng.choice(legal)


def information_key(game: Game[Any], world: CarolusState, seat: Seat) -> int:
    """Nothing is hidden and a sampled world differs from the table only in its future
    dice, so every sampled world shows a seat the same view: one key for them all."""
    return 0


def play(game: Game[Any], state: CarolusState, seat: Seat, action: Action) -> list[Event]:
    """For the search: a legal action played on a world it owns, in place (see
    `logic.play`, the same code `apply` runs on its copy)."""
    return logic.play(state, seat, action)


def evaluate(game: Game[Any], state: CarolusState) -> list[float]:
    """Each seat's expected reward, from its side's share of castles (and clans)."""
    outcome = game.outcome(state)
    n_sides = sides(state.players)
    total = TABLES[state.players].castles
    if outcome is not None:
        return [1.0 if p in outcome.winners else 0.0 for p in range(state.players)]
    strength = [
        math.exp(0.6 * state.castles_on_board(side, total) + 0.25 * state.clans_of(side))
        for side in range(n_sides)
    ]
    whole = sum(strength)
    win = [strength[state.side(p)] / whole for p in range(state.players)]
    # the place term of the search's reward, roughly: a likely winner also places well
    return [WIN_WEIGHT * w + (1 - WIN_WEIGHT) * min(1.0, w * n_sides / 2) for w in win]


__all__ = ["ROLLOUT_DEPTH", "evaluate", "information_key", "play", "rollout_action"]


# -- baseline bot for the arena: a plain policy over the seat's view ------------------
def _side_strengths(view: JsonDict, t: JsonDict) -> list[int]:
    """Each side's strength in territory `t`: cubes of the colours it controls plus its
    castles there."""
    power = [0] * view["sides"]
    for colour, holder in view["control"].items():
        if holder is not None:
            power[view["side_of_seat"][holder]] += t["cubes"][colour]
    if t["owner"] is not None:
        power[t["owner"]] += t["castles"]
    return power


def _strict_winner(power: list[int]) -> int | None:
    best = max(power)
    return power.index(best) if best > 0 and power.count(best) == 1 else None


def _reach(view: JsonDict, seat: Seat) -> list[int]:
    """The territories (ids) the Emperor can reach this turn with `seat`'s disc."""
    disc = next((d["disc"] for d in view["laid"] if d["seat"] == seat), 1)
    ids = [t["id"] for t in view["territories"]]
    here = ids.index(view["emperor"])
    return [ids[(here + step) % len(ids)] for step in range(1, disc + 1)]


def _cube_value(view: JsonDict, seat: Seat, action: Action) -> float:
    side = view["side_of_seat"][seat]
    if isinstance(action, PlayToCourt):
        court = view["courts"][seat][action.colour] + 1
        others = max((c[action.colour] for q, c in enumerate(view["courts"]) if q != seat),
                     default=0)
        holder = view["control"][action.colour]
        gains = court > others and (holder is None or view["side_of_seat"][holder] != side)
        return 2.0 if gains else 0.3
    assert isinstance(action, PlayToTerritory)
    holder = view["control"][action.colour]
    if holder is None:
        return 0.1
    if view["side_of_seat"][holder] != side:
        return -2.0
    t = next(t for t in view["territories"] if t["id"] == action.territory)
    after = dict(t, cubes={**t["cubes"], action.colour: t["cubes"][action.colour] + 1})
    builds = (_strict_winner(_side_strengths(view, after)) == side and t["owner"] != side
              and t["id"] in _reach(view, seat))
    return 4.0 if builds else 1.0


def _stop_value(view: JsonDict, seat: Seat, territory: int) -> float:
    side = view["side_of_seat"][seat]
    t = next(t for t in view["territories"] if t["id"] == territory)
    winner = _strict_winner(_side_strengths(view, t))
    if winner is None or winner == t["owner"]:
        return 0.0
    castles = max(1, t["castles"])
    return float(castles) if winner == side else -float(castles)


def greedy_builder(view: JsonDict, legal: list[Action], rng: random.Random) -> Action:
    """Takes the widest reach, builds or takes a castle whenever the Emperor can stop
    there, plays cubes where they make its majority or win a clan, never helps a rival."""
    seat = view["seat"]
    first = legal[0]
    if isinstance(first, LayDisc):
        return max(legal, key=lambda a: a.disc if isinstance(a, LayDisc) else 0)
    if isinstance(first, MoveEmperor):
        stops = {m["steps"]: m["territory"] for m in view["emperor_moves"]}
        return max(legal, key=lambda a: _stop_value(view, seat, stops[a.steps])
                   if isinstance(a, MoveEmperor) else -99.0)
    if isinstance(first, (PlayToCourt, PlayToTerritory)):
        return max(legal, key=lambda a: _cube_value(view, seat, a))
    if isinstance(first, ChooseColour):
        mine = view["courts"][seat]
        return max(legal, key=lambda a: mine[a.colour] if isinstance(a, ChooseColour) else -1)
    return first


BOTS = {"greedy": greedy_builder}
"""Baseline bot for `python -m rules arena carolus_magnus --agents hard,greedy`."""
