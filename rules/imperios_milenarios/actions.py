"""Imperios Milenarios's actions: every choice a player makes, one small step at a time.

Areas, goods, technologies and wonders are named by their slug (`"persia"`,
`"seda"`, `"vela"`, `"jardines"`); colours are "red", "yellow", "blue", "black".
A trade is built in three steps: `trade(partner, area, k)` declares it (the
block window follows), then `receive(item)` and `give(item)`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Action


@dataclass(frozen=True, slots=True)
class Found(Action):
    """Setup: found the first capital in a shaded area (2 totems, 1 in each neighbour)."""

    TYPE = "found"
    area: str


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Take one token of `colour` from the common pool (or a discard once it is empty)."""

    TYPE = "pick"
    colour: str


@dataclass(frozen=True, slots=True)
class Convert(Action):
    """Turn tokens of `colour` into actions: scheme "1:1", "3:4" (level-1 technology of the
    branch) or "2:3" (level 2). Red actions are armies at once: this is recruiting."""

    TYPE = "convert"
    colour: str
    scheme: str


@dataclass(frozen=True, slots=True)
class Art(Action):
    """Spend 1 yellow action: +1 census."""

    TYPE = "art"


@dataclass(frozen=True, slots=True)
class Research(Action):
    """Spend 3/4/5 yellow actions on a technology of level 1/2/3."""

    TYPE = "research"
    tech: str


@dataclass(frozen=True, slots=True)
class Conquer(Action):
    """Spend armies (the icon) to control a neutral city or capital where you are present."""

    TYPE = "conquer"
    area: str


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack `seat` in `area`: kind "sack" (its city or capital) or "expel" (its presence)."""

    TYPE = "attack"
    area: str
    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """Contest, defender: pay 1 army to parry the point."""

    TYPE = "defend"


@dataclass(frozen=True, slots=True)
class Yield(Action):
    """Contest, defender: stop defending; the attacker wins the contest."""

    TYPE = "yield"


@dataclass(frozen=True, slots=True)
class Press(Action):
    """Contest, attacker: pay 1 more army."""

    TYPE = "press"


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Contest, attacker: give up; nothing changes and armies paid are lost."""

    TYPE = "withdraw"


@dataclass(frozen=True, slots=True)
class Sack(Action):
    """After an undefended point: pay the icon − 1 (+ the defender's fortifications)."""

    TYPE = "sack"


@dataclass(frozen=True, slots=True)
class Abandon(Action):
    """After an undefended point: do not sack; the point is lost."""

    TYPE = "abandon"


@dataclass(frozen=True, slots=True)
class ChooseGood(Action):
    """The good a conquest pays."""

    TYPE = "choose_good"
    good: str


@dataclass(frozen=True, slots=True)
class ExpandLand(Action):
    """Spend 1 black action: a totem in a land area next to one of yours on land."""

    TYPE = "expand_land"
    area: str


@dataclass(frozen=True, slots=True)
class ExpandSea(Action):
    """Spend 1 blue action (or black with Navegación): embark, land or sail to an area."""

    TYPE = "expand_sea"
    area: str


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Declare a trade with `partner` at its city or capital `area`, budget `k` blue actions."""

    TYPE = "trade"
    partner: int
    area: str
    k: int


@dataclass(frozen=True, slots=True)
class Receive(Action):
    """Trade, second step: the good or technology you receive."""

    TYPE = "receive"
    item: str


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Trade, last step: the good or technology you give."""

    TYPE = "give"
    item: str


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Spend 6 black actions on a wonder."""

    TYPE = "build"
    wonder: str


@dataclass(frozen=True, slots=True)
class Block(Action):
    """Block window: stop the declared action from a chokepoint you alone hold."""

    TYPE = "block"


@dataclass(frozen=True, slots=True)
class LetPass(Action):
    """Block window: do not block."""

    TYPE = "let_pass"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """The actor accepts the block: the action is not made and costs nothing."""

    TYPE = "accept"


@dataclass(frozen=True, slots=True)
class Appeal(Action):
    """The actor asks the blocker to reconsider (once per declared action)."""

    TYPE = "appeal"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    """The blocker keeps the block."""

    TYPE = "hold"


@dataclass(frozen=True, slots=True)
class Lift(Action):
    """The blocker lifts the block; the next eligible player is asked."""

    TYPE = "lift"


@dataclass(frozen=True, slots=True)
class Relocate(Action):
    """With an empty reserve: take one of your totems from this area to place it."""

    TYPE = "relocate"
    area: str


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """End of round: the tokens of each colour kept for the next round."""

    TYPE = "keep"
    red: int
    yellow: int
    blue: int
    black: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End your phase-turn; converted actions not spent are lost."""

    TYPE = "end_turn"


ACTION_TYPES: tuple[type[Action], ...] = (
    Found, Pick, Convert, Art, Research, Conquer, Attack, Defend, Yield, Press, Withdraw,
    Sack, Abandon, ChooseGood, ExpandLand, ExpandSea, Trade, Receive, Give, Build, Block,
    LetPass, Accept, Appeal, Hold, Lift, Relocate, Keep, EndTurn,
)
