"""Imperios Milenarios's baseline bot for the arena: a plain policy over the seat's view.

`greedy` scores each legal action from what the table shows and plays the best: it
founds where the ring of neighbours is worth most, converts tokens only when their
actions buy something this turn (research and wonders wanting several), conquers and
expands into the best areas, researches and builds whenever it can, sacks a capital
when its armies carry it, picks and keeps the colours its Age's goals ask for, and
blocks the leader. It never reads the hidden state (the order of the cups) and never
searches; the map questions (reach, expansion targets) are the pure bitmask helpers of
`rules.imperios_milenarios.logic_map`, fed from the view.
"""

from __future__ import annotations

import random

from rules.core import Action, JsonDict, Seat
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
from rules.imperios_milenarios.ai import PICK_WEIGHT, TECH_BY_KEY, worth
from rules.imperios_milenarios.components import (
    CAPITAL_SACK_CENSUS,
    ITEM_COINS,
    ITEM_INDEX,
    SCHEME_ACTIONS,
    SCHEME_TOKENS,
    WONDERS,
    YELLOW,
    bits,
    board,
)
from rules.imperios_milenarios.logic_map import land_targets, reach, sea_targets

GOAL_OF_COLOUR = {"red": ("capitals", "cities"), "yellow": ("technologies",),
                  "blue": ("goods",), "black": ()}
"""The Age goals each colour's actions work towards."""


class _Table:
    """The view's map as the bitmasks the map helpers take, worked out once per decision."""

    def __init__(self, view: JsonDict, seat: Seat) -> None:
        self.view = view
        self.seat = seat
        self.civ: JsonDict = view["civs"][seat]
        self.b = board(view["players"])
        index = self.b.index
        self.net = self.caps = self.theirs = 0
        for key, area in view["areas"].items():
            bit = 1 << index[key]
            if seat in area["presence"]:
                self.net |= bit
            if area["control"] is not None and area["control"] != seat:
                self.theirs |= bit
        for key in self.civ["capitals"]:
            self.caps |= 1 << index[key]

    def total(self, seat: Seat) -> int:
        return int(self.view["civs"][seat]["score"]["total"])

    def gap(self, other: Seat) -> float:
        """How far `other` is ahead of this seat in points."""
        return float(self.total(other) - self.total(self.seat))

    def need(self, colour: str) -> float:
        """How much the Age's goals ask for `colour` now."""
        have, want = self.civ["goals"], self.civ["next_goals"]
        short = any(have[g] < want[g] for g in GOAL_OF_COLOUR[colour])
        if colour == "black":
            return 0.5
        return (0.6 if colour == "blue" else 1.0) if short else 0.0

    def spendable(self, colour: str) -> bool:
        """Whether actions of `colour` would buy something this turn."""
        window = self.view["window"]
        if colour == "red" or window["kind"] in ("contest", "sack"):
            return True
        hand = self.civ["hand"]
        if colour == "yellow":  # save up for research unless the hand is too full to keep
            yellow = hand["yellow"] + window.get("available", 0)
            discount = any(TECH_BY_KEY[t].branch == YELLOW and TECH_BY_KEY[t].level == 2
                           for t in self.civ["technologies"])
            return (yellow >= 3 or sum(hand.values()) > self.civ["keep_limit"]
                    or (yellow >= 2 and discount))
        r = reach(self.b, self.net, self.caps)
        if colour == "blue":
            return bool(sea_targets(self.b, r, self.net) or self.theirs & self.net & r)
        free_wonder = self.civ["wonder"] is None and any(
            w["builder"] is None for w in self.view["wonders"].values())
        return bool(land_targets(self.b, r, self.net)) or free_wonder

    def sack_cost(self, defender: Seat, area: str) -> int:
        """Armies a sack costs beyond beating the defender: the icon − 1, +1 for its
        Ingeniería, +1 for its Pirámides."""
        civ = self.view["civs"][defender]
        extra = int("ingenieria" in civ["technologies"]) + int(civ["wonder"] == "piramides")
        return self.b.level(self.b.index[area]) - 1 + extra

    def leads_after_sack(self, victim: Seat) -> bool:
        """Whether this seat would lead once it sacked `victim`'s last capital."""
        totals = [self.total(q) for q in range(self.view["players"])]
        totals[self.seat] += 2 * CAPITAL_SACK_CENSUS
        totals[victim] -= 5
        return all(totals[self.seat] > t for q, t in enumerate(totals) if q != self.seat)


def _attack(t: _Table, a: Attack) -> float:
    civs = t.view["civs"]
    armies = civs[t.seat]["armies"]
    if a.kind == "sack":
        spare = armies - 1 - t.sack_cost(a.seat, a.area) - civs[a.seat]["armies"]
        if spare < 0:
            return -1.0
        if civs[a.seat]["capitals"] == [a.area]:  # the last one: the game ends this round
            return 12.0 if t.leads_after_sack(a.seat) else -1.0
        return 8.0 + 0.2 * t.gap(a.seat)
    area = t.b.index[a.area]
    presence = t.view["areas"][a.area]["presence"]
    alone = t.b.settlement[area] and all(q in (t.seat, a.seat) for q in presence)
    if alone and armies > civs[a.seat]["armies"]:
        return 2.0 + t.b.settlement[area]
    return -1.0


def _value(t: _Table, a: Action) -> float:
    """How much the bot likes `a` (higher is better; below 0, only if nothing else)."""
    b = t.b
    if isinstance(a, EndTurn):
        return 0.0
    if isinstance(a, Found):
        return sum(worth(b, n) for n in bits(b.adj[b.index[a.area]]))
    if isinstance(a, Convert):
        if not t.spendable(a.colour):
            return -1.0
        return 40.0 + SCHEME_ACTIONS[a.scheme] - SCHEME_TOKENS[a.scheme]
    if isinstance(a, Build):
        return 30.0 + (2.0 if a.wonder == WONDERS[2] else 0.0)
    if isinstance(a, Conquer):
        return 20.0 + b.level(b.index[a.area])
    if isinstance(a, Research):
        tech = TECH_BY_KEY[a.tech]
        short = t.civ["goals"]["technologies"] < t.civ["next_goals"]["technologies"]
        return 12.0 + (4.0 if short else 0.0) + (2.0 if tech.level == 1 else tech.level)
    if isinstance(a, Trade):
        return 14.0 - 2.0 * a.k
    if isinstance(a, Sack):
        return 10.0
    if isinstance(a, Art):
        return 5.0
    if isinstance(a, ExpandLand | ExpandSea):
        return 4.0 + worth(b, b.index[a.area])
    if isinstance(a, Attack):
        return _attack(t, a)
    if isinstance(a, Receive):
        return float(ITEM_COINS[ITEM_INDEX[a.item]])
    if isinstance(a, Give):
        return -float(ITEM_COINS[ITEM_INDEX[a.item]])
    if isinstance(a, ChooseGood):
        return float(ITEM_COINS[ITEM_INDEX[a.good]])
    if isinstance(a, Pick):
        return PICK_WEIGHT[a.colour] + t.need(a.colour)
    if isinstance(a, Keep):
        return 1.2 * a.yellow + 1.0 * a.black + 0.9 * a.blue + 0.8 * a.red
    if isinstance(a, Block):  # stand in the way of whoever leads
        actor = t.view["window"]["action"]["actor"]
        return 0.5 + 0.1 * t.gap(actor)
    if isinstance(a, Defend):
        return 2.0
    if isinstance(a, Press):
        return 1.0 + 0.3 * (int(t.civ["armies"]) - 2)
    if isinstance(a, Yield | Withdraw | Abandon):
        return 0.8
    if isinstance(a, Appeal | Hold):
        return 0.6
    if isinstance(a, LetPass | Lift | Accept):
        return 0.5
    if isinstance(a, Relocate):  # put the piece back where it costs least
        area = b.index[a.area]
        return -b.level(area) - 2.0 * b.settlement[area] - (1.0 if b.land >> area & 1 else 0.0)
    return 0.0


def greedy(view: JsonDict, legal: list[Action], rng: random.Random) -> Action:
    """The best-valued legal action, ties broken at random."""
    if len(legal) == 1:
        return legal[0]
    table = _Table(view, view["seat"])
    return max(legal, key=lambda a: (_value(table, a), rng.random()))


BOTS = {"greedy": greedy}
"""Baseline bot for `python -m rules arena imperios_milenarios --agents hard,greedy,...`."""
