"""Corona de Hierro's state: the board's pieces, the hidden cards, whose decision it is."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.core import Action, Rng, Seat

NOBODY = -1


class Phase(enum.Enum):
    """Where the game stands."""

    SETUP = "setup"  # choosing main castles, seat 0 upward
    PLAY = "play"  # turns of two actions
    OVER = "over"


class End(enum.Enum):
    """Why the game ended [S]."""

    CROWN = "crown"  # a player reached the crown and became King
    DECK = "deck"  # the last card of a deck was taken
    RUINED = "ruined"  # a player lost his last castle, or his last army and cannot recruit


# -- decisions that wait for an answer ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class Passage:
    """A move out of a contested city waits for every non-allied player there (R3).

    `askers` still have to answer, the first of them now; `action` is the move
    (or card) that is carried out once everyone has granted passage.
    """

    mover: Seat
    city: int
    action: Action
    askers: tuple[Seat, ...]

    @property
    def seat(self) -> Seat:
        return self.askers[0]


@dataclass(frozen=True, slots=True)
class CastleRoll:
    """A failed roll against a castle's banner that its roller may reroll with a shield.

    `mode` is "military" (left banner, R5) or "diplomatic" (right banner, R7).
    """

    seat: Seat
    castle: int
    mode: str
    die: int
    value: int
    target: int
    card: str  # the card that made the roll, "" for a plain action


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle between two armies in one city (R4), waiting for a reroll decision.

    `stage` says who decides now: "attacker" (his roll `att`, the defender has not
    rolled) or "defender" (knowing both results). `ambush`: the defender may not
    spend shields (card M05).
    """

    attacker: Seat
    defender: Seat
    city: int
    stage: str
    att: int
    defence: int
    att_die: int
    def_die: int
    ambush: bool
    round: int
    card: str

    @property
    def seat(self) -> Seat:
        return self.attacker if self.stage == "attacker" else self.defender


@dataclass(frozen=True, slots=True)
class Question:
    """A yes/no answer asked at once of another player: `kind` is "swap" (a hostage
    exchange offered, R9), "release" (a hostage asked back, R9) or "marriage" (P07)."""

    kind: str
    asker: Seat
    seat: Seat


@dataclass(frozen=True, slots=True)
class FiveChoice:
    """Draw-five (R11): `seat` sees `cards` (the top of `deck`) and keeps one."""

    seat: Seat
    deck: int
    cards: tuple[str, ...]


Pending = Passage | CastleRoll | Battle | Question | FiveChoice


@dataclass(slots=True)
class CoronaState:
    """The whole table. Hidden: the hands, the loyalty cards, the order of the draw piles.

    Cities and castles are indexes into `components.CITIES` / `CASTLES`.
    """

    players: int
    rng: Rng
    phase: Phase
    current: Seat  # whose turn it is (in SETUP: who chooses a castle)
    actions_left: int
    turn: int  # turns played so far, counting the current one (0 during setup)
    legitimacy: list[int]
    shields: list[int]
    pool: int  # shields in the common pool
    chronicle: list[int]  # VP from Favourable Chronicle cards
    supply: list[int]  # army pawns not on the map, per seat
    army: list[int]  # pawns per city and seat: army[city * players + seat]
    owner: list[int]  # per castle: the seat holding it, or NOBODY
    troops: list[bool]  # per castle: banner troops side up (an army inside)
    envoys: list[tuple[tuple[Seat, int], ...]]  # per castle: (seat, turn placed)
    emissaries: list[int]  # emissaries in each seat's hand
    boxes: list[list[int]]  # per box (Rome, Saracens, Magyars), per seat
    pacts: tuple[tuple[Seat, Seat, bool], ...]  # (requester, target, accepted)
    hostages: list[int]  # hostages[holder * players + owner]
    hands: list[list[str]]
    piles: list[list[str]]  # draw piles, political then military; the top is the end
    discards: list[list[str]]
    loyalty: list[int]  # per slot: the seats' cards, then the left-over card if any
    known: list[tuple[int, ...]]  # per seat: the loyalty slots whose card it knows
    pending: Pending | None = None
    denied: tuple[int, ...] = ()  # cities the current army may not ask to leave again
    free_used: tuple[tuple[str, Seat], ...] = ()  # free actions used this turn
    end: End | None = None
    chart: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    """Per finished turn: (legitimacy per seat, VP on the counter per seat)."""

    def copy(self) -> CoronaState:
        return CoronaState(
            self.players,
            self.rng.copy(),
            self.phase,
            self.current,
            self.actions_left,
            self.turn,
            self.legitimacy[:],
            self.shields[:],
            self.pool,
            self.chronicle[:],
            self.supply[:],
            self.army[:],
            self.owner[:],
            self.troops[:],
            self.envoys[:],
            self.emissaries[:],
            [b[:] for b in self.boxes],
            self.pacts,
            self.hostages[:],
            [h[:] for h in self.hands],
            [p[:] for p in self.piles],
            [d[:] for d in self.discards],
            self.loyalty[:],
            self.known[:],
            self.pending,
            self.denied,
            self.free_used,
            self.end,
            self.chart,
        )

    # -- small readers every module uses -------------------------------------------------
    def pawns(self, city: int, seat: Seat) -> int:
        return self.army[city * self.players + seat]

    def held(self, holder: Seat, owner: Seat) -> int:
        """Emissaries of `owner` that `holder` keeps as hostages."""
        return self.hostages[holder * self.players + owner]

    def pact(self, a: Seat, b: Seat) -> tuple[Seat, Seat, bool] | None:
        """The request or alliance between two players, either way round, or None."""
        for p in self.pacts:
            if (p[0] == a and p[1] == b) or (p[0] == b and p[1] == a):
                return p
        return None

    def allied(self, a: Seat, b: Seat) -> bool:
        p = self.pact(a, b)
        return p is not None and p[2]

    def to_act(self) -> Seat | None:
        """The one seat that decides now, or None once the game is over."""
        if self.phase is Phase.OVER:
            return None
        p = self.pending
        return self.current if p is None else p.seat

    def castles_of(self, seat: Seat) -> int:
        return sum(1 for o in self.owner if o == seat)
