"""Goals and the final score (items 40–45 of the decisions page)."""

from __future__ import annotations

from rules.core import Seat
from rules.imperios_milenarios.components import (
    CAPITAL_LEVEL,
    COLOSO,
    GOALS,
    GOOD_SHORTFALL_VP,
    GOODS_MASK,
    MERCADO,
    TECHS,
    TECHS_MASK,
    WONDER_VP,
    WONDERS,
    Goals,
    bits,
    board,
    tech_bit,
)
from rules.imperios_milenarios.state import ImperiosState

_BRANCH_BITS = tuple(
    tuple((tech_bit(branch, level), TECHS[3 * branch + level - 1].vp) for level in (3, 2, 1))
    for branch in range(4)
)
"""Per branch, (bit, VP) from the highest level down: only the highest owned scores."""


def total(s: ImperiosState, p: Seat) -> int:
    """The score's total alone (what the AI reads many times)."""
    return score(s, p)["total"]


def counts(s: ImperiosState, p: Seat) -> tuple[int, int, int, int]:
    """Capitals and cities controlled, goods and technologies owned (item 41)."""
    b = board(s.players)
    ctrl = s.control[p]
    caps = (ctrl & b.shaded).bit_count()
    return (caps, ctrl.bit_count() - caps, (s.items[p] & GOODS_MASK).bit_count(),
            (s.items[p] & TECHS_MASK).bit_count())


def goals_met(s: ImperiosState, p: Seat, goals: Goals) -> bool:
    caps, cities, goods, techs = counts(s, p)
    return (caps >= goals.capitals and cities >= goals.cities and goods >= goals.goods
            and techs >= goals.techs)


def score(s: ImperiosState, p: Seat) -> dict[str, int]:
    """The final score's parts (item 44) and their total."""
    b = board(s.players)
    ctrl = s.control[p]
    census = s.census[p]
    mine = s.items[p]
    wealth = 2 * census
    market = census if mine >> MERCADO & 1 else 0
    capitals = CAPITAL_LEVEL * (ctrl & b.shaded).bit_count()
    cities = sum(b.city[a] for a in bits(ctrl & ~b.shaded))
    others = 0
    for q in range(s.players):
        if q != p:
            others |= s.presence[q]
    settlements = sum(b.settlement[a] for a in bits(s.presence[p] & ~others))
    wonder = 0
    colossus = 0
    if p in s.wonders:
        wonder = WONDER_VP
        if s.wonders[COLOSO] == p:
            colossus = (mine & TECHS_MASK).bit_count()
    techs = 0
    for levels in _BRANCH_BITS:
        for bit, vp in levels:
            if mine & bit:
                techs += vp
                break
    goods = (mine & GOODS_MASK).bit_count()
    shortfall = max(0, GOALS[s.final_age].goods - goods)
    parts = {
        "census": wealth,
        "market": market,
        "capitals": capitals,
        "cities": cities,
        "settlements": settlements,
        "wonder": wonder,
        "colossus": colossus,
        "technologies": techs,
        "goods": -GOOD_SHORTFALL_VP * shortfall,
    }
    parts["total"] = sum(parts.values())
    return parts


def milenario_key(s: ImperiosState, p: Seat) -> tuple[int, int]:
    """Item 45: the most advanced Age first, then the earliest founder."""
    founded = s.founded.index(p) if p in s.founded else len(s.founded)
    return (s.age[p], -founded)


__all__ = ["WONDERS", "counts", "goals_met", "milenario_key", "score"]
