"""The Game protocol every game implements, and the one guard all moves pass."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, NamedTuple, TypeVar

from rules.core.actions import Action, ActionCodec, JsonDict
from rules.core.errors import IllegalAction, SetupError

Seat = int
Event = dict[str, Any]
"""`{"type": ..., "to": "all" | [seats], ...}`: JSON-able, logged and animated by the client."""

S = TypeVar("S")


def event(kind: str, to: Literal["all"] | list[Seat] = "all", **data: Any) -> Event:
    """An event for the log; `to` says who may see it."""
    return {"type": kind, "to": to, **data}


def visible_events(events: Iterable[Event], seat: Seat | None) -> list[Event]:
    """The events `seat` may see (`None`: a spectator, who sees only public ones)."""
    return [e for e in events if e["to"] == "all" or (seat is not None and seat in e["to"])]


class Transition(NamedTuple):
    """What `apply` returns: the new state, its events, and whether it is an undo barrier.

    `barrier` is true when the action revealed hidden information to someone
    or resolved chance: nobody may undo past it.
    """

    state: Any
    events: list[Event]
    barrier: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: a score per seat, a rank per seat (1 is best) and the winners."""

    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    winners: tuple[Seat, ...]

    @classmethod
    def from_scores(cls, scores: Iterable[float]) -> Outcome:
        """Highest score ranks first; equal scores share a rank; all of the best win."""
        sc = tuple(scores)
        ranking = tuple(1 + sum(1 for o in sc if o > s) for s in sc)
        winners = tuple(p for p, r in enumerate(ranking) if r == 1)
        return cls(sc, ranking, winners)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its key, kind, default and allowed values."""

    key: str
    kind: Literal["bool", "int", "choice"]
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
            ok = ok and (self.minimum is None or value >= self.minimum)
            ok = ok and (self.maximum is None or value <= self.maximum)
        else:
            ok = value in self.choices
        if not ok:
            raise SetupError("bad_option_value", option=self.key, value=value)
        return value


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, declared once as data."""

    id: str
    title: str
    min_players: int
    max_players: int
    chance: bool
    hidden_information: bool
    minutes: tuple[int, int] = (15, 30)
    options: tuple[OptionSpec, ...] = field(default_factory=tuple)

    def option(self, key: str) -> OptionSpec:
        for spec in self.options:
            if spec.key == key:
                return spec
        raise SetupError("unknown_option", option=key)


class Game(ABC, Generic[S]):
    """One game's rules behind the shared protocol.

    Subclasses declare `info` and `action_types`, and implement the
    underscore hooks; the public methods guard every call the same way:
    game over? seat allowed? action known? action legal?
    """

    info: ClassVar[GameInfo]
    action_types: ClassVar[tuple[type[Action], ...]]
    _codec: ClassVar[ActionCodec]
    _kinds: ClassVar[frozenset[type[Action]]]
    """The exact classes of `action_types` (what the codec knows), for `one_pass_apply`."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "action_types" in cls.__dict__:
            cls._codec = ActionCodec(cls.action_types)
            cls._kinds = frozenset(cls.action_types)

    @property
    def id(self) -> str:
        return self.info.id

    def __repr__(self) -> str:
        return f"rules.get_game({self.info.id!r})"

    # -- setting up ------------------------------------------------------
    def normalize_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """All options with defaults filled in; unknown keys or bad values raise SetupError."""
        options = dict(options or {})
        out = {}
        for spec in self.info.options:
            given = spec.key in options
            out[spec.key] = spec.check(options.pop(spec.key)) if given else spec.default
        if options:
            raise SetupError("unknown_option", option=sorted(options)[0])
        return out

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> S:
        if not isinstance(players, int) or not (
            self.info.min_players <= players <= self.info.max_players
        ):
            raise SetupError(
                "bad_player_count",
                players=players,
                minimum=self.info.min_players,
                maximum=self.info.max_players,
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError("bad_seed", seed=seed)
        return self._new_game(players, seed, self.normalize_options(options))

    @abstractmethod
    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> S: ...

    # -- playing ---------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> tuple[Seat, ...]:
        """Seats that must decide now; empty once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> list[Action]:
        """Every choice `seat` has now (empty if it need not act)."""

    def is_legal(self, state: S, seat: Seat, action: Action) -> bool:
        """Whether `action` is listed; games may answer faster, never differently."""
        return action in self.legal_actions(state, seat)

    def explain_illegal(self, state: S, seat: Seat, action: Action) -> IllegalAction:
        """The most precise reason an unlisted action is refused."""
        return IllegalAction("illegal_action", action=self.action_to_json(action))

    def apply(self, state: S, seat: Seat, action: Action) -> Transition:
        """Play `action` for `seat`; the input state is never changed."""
        if self.outcome(state) is not None:
            raise IllegalAction("game_over")
        if not self._codec.knows(action):
            raise IllegalAction("unknown_action", action=repr(action))
        to_act = self.to_act(state)
        if seat not in to_act:
            raise IllegalAction("not_your_turn", seat=seat, to_act=list(to_act))
        if not self.is_legal(state, seat, action):
            raise self.explain_illegal(state, seat, action)
        return self._apply(state, seat, action)

    @abstractmethod
    def _apply(self, state: S, seat: Seat, action: Action) -> Transition: ...

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> JsonDict:
        """Exactly what `seat` may know (None: a spectator), as JSON-able data."""

    def open_view(self, state: S) -> JsonDict:
        """Everything on the table, secrets included: what a replay of a *finished* game
        shows (nothing is secret once it is over). A spectator's view plus every hidden
        card, in keys the game documents; never for a game in progress, never for an AI.
        Games with no hidden cards need not override it."""
        return self.view(state, None)

    @abstractmethod
    def sample_world(self, state: S, seat: Seat, rng: random.Random) -> S:
        """A full state consistent with `view(state, seat)`: unseen cards re-dealt,
        future chance reseeded. Depends only on that view and `rng`."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def players(self, state: S) -> int: ...

    # -- actions as data -------------------------------------------------
    def action_to_json(self, action: Action) -> JsonDict:
        return self._codec.to_json(action)

    def action_from_json(self, data: object) -> Action:
        return self._codec.from_json(data)

    @abstractmethod
    def action_space(self, state: S) -> Iterable[Action]:
        """Actions of every shape this game knows, legal or not: what tests and
        fuzzers try against `apply` to check that unlisted moves are refused."""


def one_pass_apply(
    play: Callable[[Any, Seat, Action], Transition],
    running: Callable[[Any], bool] | None = None,
) -> Callable[..., Transition]:
    """A game's `apply` with `Game.apply`'s guards in one pass, for games whose apply is a
    hot path (random play, arenas): an action of a known kind (exactly one of
    `action_types`) that the game's quick `is_legal` accepts, in a state that `running`
    (if given) says is not over, is played at once by `play`; anything else goes through
    `Game.apply`, which raises exactly what it always raised. The quick `is_legal` must
    hold only for a seat in `to_act` (and, without `running`, only while the game is not
    over); each game's tests hold the two paths together over every action shape."""

    def apply(self: Game[Any], state: Any, seat: Seat, action: Action) -> Transition:
        if (type(action) in self._kinds and (running is None or running(state))
                and self.is_legal(state, seat, action)):
            return play(state, seat, action)
        return Game.apply(self, state, seat, action)

    return apply
