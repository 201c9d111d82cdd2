"""One game being played: its record, states, hot-seat viewer, undo and whose turn it is.

Pure logic over the rules API (no pygame), so tests and the table scene share it.
The client never decides outcomes: every change goes through `Game.apply`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import rules
from rules import Action, Event, Seat, Transition, get_game, visible_events
from rules.core.saves import GameRecord


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action and what it did."""

    seat: Seat
    action: Action
    transition: Transition


def seat_dict(name: str, kind: str, level: str | None, colour: int) -> dict[str, Any]:
    """A seat as saves store it: the client's own data about who sits there."""
    return {"name": name, "kind": kind, "level": level if kind == "ai" else None, "colour": colour}


class Session:
    """A game in progress, rebuilt only by replaying its record."""

    def __init__(self, record: GameRecord) -> None:
        self.game = get_game(record.game)
        self.record = record
        if not record.app_version:
            record.app_version = rules.__version__
        self.viewer: Seat | None = None
        self._replay(list(record.actions))
        if self.human_count() == 1:
            self.viewer = self.humans()[0]

    @classmethod
    def new(
        cls, game_id: str, seats: list[dict[str, Any]], seed: int, options: dict[str, Any]
    ) -> Session:
        game = get_game(game_id)
        record = GameRecord(game_id, seats, seed, game.normalize_options(options))
        game.new_game(len(seats), seed, record.options)  # SetupError early, before any UI
        return cls(record)

    def _replay(self, actions: list[tuple[Seat, Action]]) -> None:
        self.initial = self.game.new_game(
            self.record.players, self.record.seed, self.record.options
        )
        self.state: Any = self.initial
        self.steps: list[Step] = []
        # Each seat's own log: every event visible to it, kept as actions are applied, so
        # what a seat alone may see survives moves made while someone else (or nobody) looked.
        self.logs: dict[Seat, list[tuple[int, Event]]] = {s: [] for s in range(len(self.seats))}
        # Per human seat: events only it may see that the screen has not shown it yet.
        self.unseen: dict[Seat, list[Event]] = {s: [] for s in range(len(self.seats))}
        self.record.actions = []
        for seat, action in actions:
            self.apply(seat, action)

    # -- who sits where ----------------------------------------------------
    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.record.seats

    def is_human(self, seat: Seat) -> bool:
        return bool(self.seats[seat]["kind"] == "human")

    def humans(self) -> list[Seat]:
        return [s for s in range(len(self.seats)) if self.is_human(s)]

    def human_count(self) -> int:
        return len(self.humans())

    def name(self, seat: Seat) -> str:
        return str(self.seats[seat]["name"])

    # -- playing -------------------------------------------------------------
    def to_act(self) -> tuple[Seat, ...]:
        return self.game.to_act(self.state)

    def humans_to_act(self) -> list[Seat]:
        return [s for s in self.to_act() if self.is_human(s)]

    def ais_to_act(self) -> list[Seat]:
        return [s for s in self.to_act() if not self.is_human(s)]

    def outcome(self) -> Any:
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome() is not None

    def legal(self, seat: Seat) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def apply(self, seat: Seat, action: Action) -> Transition:
        """Play an action (IllegalAction propagates untouched) and log it in the record."""
        transition = self.game.apply(self.state, seat, action)
        index = len(self.steps)
        self.steps.append(Step(seat, action, transition))
        self.record.actions.append((seat, action))
        for who, log in self.logs.items():
            log.extend((index, ev) for ev in visible_events(transition.events, who))
        self.state = transition.state
        return transition

    def view(self, seat: Seat | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def events(self, seat: Seat | None) -> list[tuple[int, Event]]:
        """Every event `seat` may see, with the index of the step that made it."""
        if seat is not None:
            return list(self.logs[seat])
        out = []
        for index, step in enumerate(self.steps):
            for ev in visible_events(step.transition.events, seat):
                out.append((index, ev))
        return out

    # -- hot seat ---------------------------------------------------------------
    def next_viewer(self, shared_ok: bool = False) -> Seat | None:
        """The human who must see their private view now (None: no human, or a shared prompt)."""
        humans = self.humans_to_act()
        if not humans or (shared_ok and len(humans) > 1):
            return None
        return humans[0]

    def curtain_for(self, shared_ok: bool = False) -> Seat | None:
        """The human a curtain must name before the table shows, or None."""
        if self.human_count() < 2:
            return None
        nxt = self.next_viewer(shared_ok)
        if nxt is None or nxt == self.viewer:
            return None
        return nxt

    def lift_curtain(self, seat: Seat) -> None:
        self.viewer = seat

    def note_shown(self, events: list[Event], shown_to: Seat | None) -> None:
        """The screen showed `events` as `shown_to` may see them: keep, for every other
        human, what only they could have seen, to show them when they next look."""
        shown = visible_events(events, shown_to)
        for seat in self.humans():
            if seat != shown_to:
                missed = [ev for ev in visible_events(events, seat) if ev not in shown]
                self.unseen[seat].extend(missed)

    def take_unseen(self, seat: Seat) -> list[Event]:
        """What `seat` alone may see and has not been shown yet (then forgotten)."""
        events, self.unseen[seat] = self.unseen[seat], []
        return events

    # -- undo ---------------------------------------------------------------------
    def _undo_scan(self) -> tuple[int | None, str]:
        """The step the viewer may take back (with every AI move after it), or why not.

        A human takes back their own last move even if AI seats moved since, as long as
        nothing since (their move included) was an undo barrier: no hidden information
        was revealed and no chance was resolved. Another human's move always stands.
        """
        if self.over:
            return None, "game_over"
        viewer = self.viewer
        if viewer is None or not self.is_human(viewer):
            return None, "nothing"
        for index in range(len(self.steps) - 1, -1, -1):
            step = self.steps[index]
            if step.transition.barrier:
                return None, "barrier"
            if step.seat == viewer:
                return index, ""
            if self.is_human(step.seat):
                return None, "other_human"
        return None, "nothing"

    def can_undo(self) -> bool:
        return self._undo_scan()[0] is not None

    def undo_refusal(self) -> str | None:
        """Why undo is refused now (`nothing`, `barrier`, `other_human`, `game_over`), or None."""
        index, why = self._undo_scan()
        return None if index is not None else why

    def undo_seat(self) -> Seat | None:
        """Whose move an undo now would take back."""
        index = self._undo_scan()[0]
        return None if index is None else self.steps[index].seat

    def undo(self) -> bool:
        """Replay the record up to the viewer's last own move (AI moves after it go too);
        False when the policy forbids it. Called again, it steps further back."""
        index = self._undo_scan()[0]
        if index is None:
            return False
        self._replay(list(self.record.actions[:index]))
        return True

    def truncated(self, count: int) -> Session:
        """A copy of this game replayed up to its first `count` actions (for replays)."""
        record = GameRecord(
            self.record.game,
            self.record.seats,
            self.record.seed,
            self.record.options,
            list(self.record.actions[:count]),
            self.record.app_version,
        )
        return Session(record)
