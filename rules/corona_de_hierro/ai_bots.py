"""Corona de Hierro's baseline bot for the arena: a plain policy over the seat's view.

`greedy` scores each legal action from what the table shows (castles, armies, envoys,
legitimacy, its own hand) and plays the best: it takes castles by arms or support when
the die is likely to reach the banner, marches its armies towards castles it does not
hold, fights battles only at good odds, keeps a few cards in hand and plays the good
ones. It never reads the hidden state (the others' hands and loyalty cards) and never
searches; the dice odds are the pure helpers of `rules.corona_de_hierro.ai`.
"""

from __future__ import annotations

import random

from rules.core import Action, JsonDict, Seat
from rules.corona_de_hierro.actions import (
    Accept,
    AcceptAlliance,
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
from rules.corona_de_hierro.ai import battle_win, chance
from rules.corona_de_hierro.components import (
    CITIES,
    CITY_INDEX,
    DIE_NAMES,
    FACES,
    NEIGHBOURS,
    band_die,
    better,
    size_die,
)

CARD_WORTH = {
    "P01": 3.0, "P12": 3.5, "M06": 2.0, "M07": 2.5, "P02": 2.0, "P10": 2.0, "M05": 2.0,
    "M03": 2.5, "P03": 1.5, "P07": 1.5, "M04": 1.5, "M09": 1.5, "M10": 1.5, "P04": 1.0,
    "P09": 1.0, "P15": 1.0, "M01": 1.0, "M11": 0.8, "M12": 0.8, "M13": 0.8, "M14": 0.8,
}
"""What playing a card with nothing to aim is worth, in rough VP-and-legitimacy points
(0.5 for a card not listed): the blessing and the chronicle first, raids last."""
CASTLE_AIMED = frozenset({"M02", "P05", "P06"})
"""Cards that take a castle: siege engines (arms, one die better), embassy and
negotiator (support; the negotiator one die better)."""


def _allied(view: JsonDict, a: Seat, b: Seat) -> bool:
    return any(p["accepted"] and {p["from"], p["to"]} == {a, b} for p in view["alliances"])


def _pawns(view: JsonDict, city: str, seat: Seat) -> int:
    row = view["armies"].get(city)
    return int(row[seat]) if row else 0


def _castle(view: JsonDict, key: str) -> JsonDict:
    return next(c for c in view["castles"] if c["key"] == key)


def _distances(view: JsonDict, seat: Seat) -> list[int]:
    """Per city, roads to the nearest castle this seat does not hold."""
    far = 99
    dist = [far] * len(CITIES)
    frontier = [CITY_INDEX[c["city"]] for c in view["castles"] if c["owner"] != seat]
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


def _take_castle(view: JsonDict, seat: Seat, castle: JsonDict, p: float) -> float:
    """A castle taken with chance `p`: Pavia, the capital, is worth most; an ally's
    castle breaks the alliance."""
    worth = 7.0 if castle["category"] == "capital" else 5.0
    owner = castle["owner"]
    return worth * p - (1.5 if owner is not None and _allied(view, seat, owner) else 0.0)


def _fight(view: JsonDict, seat: Seat, city: str, foe: Seat) -> float:
    if _allied(view, seat, foe):
        return -3.0
    p = battle_win(_pawns(view, city, seat), _pawns(view, city, foe))
    return 4.0 * p - 2.5 * (1 - p)


def _move(view: JsonDict, seat: Seat, a: Move, dist: list[int]) -> float:
    """Towards a castle it does not hold, the whole army rather than a part, and not
    into a stronger enemy army."""
    gain = dist[CITY_INDEX[a.city]] - dist[CITY_INDEX[a.to]]
    whole = a.n == _pawns(view, a.city, seat)
    row = view["armies"].get(a.to) or []
    foes = max((k for q, k in enumerate(row) if q != seat and not _allied(view, seat, q)),
               default=0)
    danger = 2.0 * (1 - battle_win(a.n + _pawns(view, a.to, seat), foes)) if foes else 0.0
    return 1.2 * gain + (0.3 if whole else 0.0) - danger


def _play(view: JsonDict, seat: Seat, a: Play) -> float:
    if a.card in CASTLE_AIMED:
        c = _castle(view, a.place)
        if a.card == "M02":
            die = better(size_die(_pawns(view, c["city"], seat)))
            return _take_castle(view, seat, c, chance(die, c["mil"]))
        die = band_die(view["legitimacy"][seat])
        return 6.0 * chance(better(die) if a.card == "P06" else die, c["dip"]) + 0.3
    if a.card == "M05":  # ambush: a battle with the first roll
        return _fight(view, seat, a.place, a.player) + 0.5
    return CARD_WORTH.get(a.card, 0.5)


def _score(view: JsonDict, seat: Seat, a: Action, dist: list[int]) -> float:
    """How good a main action looks, roughly in VP-and-legitimacy points."""
    hand = len(view["hand"])
    if isinstance(a, AttackCastle):
        c = _castle(view, a.castle)
        return _take_castle(view, seat, c, chance(size_die(_pawns(view, c["city"], seat)),
                                                  c["mil"]))
    if isinstance(a, RollSupport):
        return 6.0 * chance(band_die(view["legitimacy"][seat]), _castle(view, a.castle)["dip"])
    if isinstance(a, AttackArmy):
        return _fight(view, seat, a.city, a.player)
    if isinstance(a, Recruit):
        return 2.5
    if isinstance(a, Move):
        return _move(view, seat, a, dist)
    if isinstance(a, PlaceEmissary):
        c = _castle(view, a.castle)
        if any(e["seat"] == seat for e in c["envoys"]):
            return 0.5
        return 1.8 * chance(band_die(view["legitimacy"][seat]), c["dip"]) + 0.6
    if isinstance(a, SendEmissary):
        return 2.2 if a.box == "rome" else 0.6
    if isinstance(a, Play):
        return _play(view, seat, a)
    if isinstance(a, Draw):
        return 1.6 if hand < 3 else 0.4
    if isinstance(a, DrawFive):
        return 0.3
    if isinstance(a, AcceptAlliance):
        return 2.4
    if isinstance(a, RequestAlliance):
        return 0.3
    if isinstance(a, TakeHostage):
        return -2.0 if _allied(view, seat, a.player) else 0.8
    if isinstance(a, RecallEmissary):
        return -1.0 if a.place == "rome" else 0.1
    if isinstance(a, Discard):
        return 0.2 if hand >= 5 else -0.5
    return -0.2  # free actions: hostages swapped or released, asked for


def _answer(view: JsonDict, seat: Seat, legal: list[Action]) -> Action:
    """A decision that waits on this seat: passage, a reroll, a question, a card."""
    p = view["pending"]
    kind = p["kind"]
    if kind == "passage":
        return GrantPassage() if _allied(view, seat, p["mover"]) else DenyPassage()
    if kind == "castle_roll":  # a shield buys another roll while one can still reach it
        die = DIE_NAMES.index(p["die"])
        return Reroll() if p["value"] < p["target"] and chance(die, p["target"]) >= 0.3 else Keep()
    if kind == "battle":
        if p["stage"] == "attacker":
            mean = sum(FACES[DIE_NAMES.index(p["att_die"])]) / 6
            return Reroll() if p["att"] < mean else Keep()
        return Reroll() if p["defence"] < p["att"] else Keep()
    if kind == "draw_five":
        cards = p["cards"]
        return max((a for a in legal if isinstance(a, ChooseCard)),
                   key=lambda a: CARD_WORTH.get(cards[a.index], 0.5))
    if kind == "marriage":
        return Accept()
    return Decline()


def _main_castle(view: JsonDict, legal: list[Action]) -> Action:
    """The grey castle with the most castles within two roads of it."""
    cities = {CITY_INDEX[c["city"]] for c in view["castles"]}

    def near(a: Action) -> int:
        if not isinstance(a, ChooseMainCastle):
            return -1
        home = CITY_INDEX[_castle(view, a.castle)["city"]]
        ring = {home, *NEIGHBOURS[home]}
        ring |= {d for c in list(ring) for d in NEIGHBOURS[c]}
        return len(ring & cities)

    return max(legal, key=near)


def greedy(view: JsonDict, legal: list[Action], rng: random.Random) -> Action:
    """The best-scored legal action (ties broken at random); answers by the odds."""
    seat: Seat = view["seat"]
    if view["pending"] is not None:
        answer = _answer(view, seat, legal)
        return answer if answer in legal else legal[0]
    if view["phase"] != "play":
        return _main_castle(view, legal)
    dist = _distances(view, seat)
    return max(legal, key=lambda a: (_score(view, seat, a, dist), rng.random()))


BOTS = {"greedy": greedy}
"""Baseline bot for `python -m rules arena corona_de_hierro --agents hard,greedy,greedy`."""
