"""Carolus Magnus for 2–4 players: the Game protocol over the state and logic modules."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from rules.carolus_magnus import logic
from rules.carolus_magnus.actions import (
    ACTION_TYPES,
    ChooseColour,
    LayDisc,
    MoveEmperor,
    PlayToCourt,
    PlayToTerritory,
    RollDice,
)
from rules.carolus_magnus.components import (
    COLOURS,
    DISCS,
    FACES,
    MAP_ID,
    NOBODY,
    TABLES,
    ring,
    side_of,
    sides,
)
from rules.carolus_magnus.state import CarolusState, End, Phase
from rules.core import (
    Action,
    Game,
    GameInfo,
    IllegalAction,
    JsonDict,
    OptionSpec,
    Outcome,
    Rng,
    Seat,
    SetupError,
    Transition,
    one_pass_apply,
)

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
_EXPECTED = {
    Phase.SETUP: "choose_colour",
    Phase.OPENING: "lay_disc",
    Phase.CUBES: "play_cube",
    Phase.EMPEROR: "move_emperor",
    Phase.ROLL: "roll_dice",
    Phase.CROWNS: "choose_colour",
}


# Every action built once: legal lists and the rollout policy hand out these values.
TO_COURT = tuple(PlayToCourt(colour) for colour in COLOURS)
TO_TERRITORY = tuple({tile: PlayToTerritory(colour, tile) for tile in ring()} for colour in COLOURS)
"""Per colour, by territory id (a territory's first tile, any tile of the ring)."""
EMPEROR_MOVES = tuple(MoveEmperor(k) for k in DISCS)
"""`EMPEROR_MOVES[k - 1]` moves the Emperor `k` steps."""
ROLL_DICE = RollDice()
CHOOSE = tuple(ChooseColour(colour) for colour in COLOURS)
LAY = {d: LayDisc(d) for d in DISCS}


_SEATS = tuple((seat,) for seat in range(4))
"""`to_act`'s answers, built once."""


def free_discs(s: CarolusState, seat: Seat) -> list[int]:
    """The discs `seat` may lay: those nobody laid this round, or any it holds if every
    one of them is taken (a forced repeat)."""
    mine = s.discs[seat]
    taken = {d for _, d in s.laid}
    free = [d for d in mine if d not in taken]
    return free or list(mine)


def running(state: CarolusState) -> bool:
    """Whether the game goes on (its one-pass `apply` plays only then)."""
    return state.phase is not Phase.OVER


class CarolusMagnus(Game[CarolusState]):
    info = GameInfo(
        id="carolus_magnus",
        title="Carolus Magnus",
        min_players=2,
        max_players=4,
        chance=True,
        hidden_information=False,
        minutes=(30, 45),
        options=(
            # -1: the first round's start player is drawn from the seed.
            OptionSpec("start_player", "int", -1, minimum=-1, maximum=3),
            # Of two equal discs (a forced repeat), which counts as lower.
            OptionSpec("repeated_disc", "choice", "earlier_is_lower",
                       choices=("earlier_is_lower", "later_is_lower")),
        ),
    )
    action_types = ACTION_TYPES

    # -- setting up ----------------------------------------------------------------
    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> CarolusState:
        start = options["start_player"]
        if start >= players:
            raise SetupError("bad_option_value", option="start_player", value=start)
        later = options["repeated_disc"] == "later_is_lower"
        return logic.new_state(players, seed, start, later)

    def players(self, state: CarolusState) -> int:
        return state.players

    # -- playing -----------------------------------------------------------------------
    def to_act(self, state: CarolusState) -> tuple[Seat, ...]:
        seat = state.active
        return () if seat is None else _SEATS[seat]

    def legal_actions(self, state: CarolusState, seat: Seat) -> list[Action]:
        """Every action of the phase that `_refusal` lets through, listed from shared
        action values: what filtering the phase's candidates would give, in their order."""
        s = state
        if seat != s.active:
            return []
        phase = s.phase
        if phase is Phase.CUBES:
            out: list[Action] = []
            ids = [t.tiles[0] for t in s.territories]
            for c, n in enumerate(s.reserves[seat]):
                if n:
                    out.append(TO_COURT[c])
                    by_tile = TO_TERRITORY[c]
                    out.extend([by_tile[i] for i in ids])
            return out
        if phase is Phase.EMPEROR:
            return list(EMPEROR_MOVES[: s.disc_of(seat)])
        if phase is Phase.ROLL:
            return [ROLL_DICE]
        if phase is Phase.CROWNS or phase is Phase.SETUP:
            return [CHOOSE[c] for c, n in enumerate(s.centre) if n]
        if phase is Phase.OPENING:
            return [LAY[d] for d in free_discs(s, seat)]
        return []

    def is_legal(self, state: CarolusState, seat: Seat, action: Action) -> bool:
        """Whether `_refusal` lets the active seat play `action`: the frequent kinds
        answered at once, any other by `_refusal`."""
        s = state
        if seat != s.active:
            return False
        kind = type(action)
        if kind is PlayToTerritory or kind is PlayToCourt:
            assert isinstance(action, PlayToTerritory | PlayToCourt)
            c = _COLOUR_INDEX.get(action.colour)
            if s.phase is not Phase.CUBES or c is None or not s.reserves[seat][c]:
                return False
            return not isinstance(action, PlayToTerritory) or (
                s.territory_index(action.territory) >= 0)
        if kind is MoveEmperor:
            assert isinstance(action, MoveEmperor)
            steps = action.steps
            return (s.phase is Phase.EMPEROR
                    and not (steps < 0 or steps == 0 or steps > s.disc_of(seat)))
        if kind is ChooseColour:
            assert isinstance(action, ChooseColour)
            c = _COLOUR_INDEX.get(action.colour)
            return ((s.phase is Phase.CROWNS or s.phase is Phase.SETUP) and c is not None
                    and s.centre[c] > 0)
        if kind is RollDice:
            return s.phase is Phase.ROLL
        if kind is LayDisc:
            assert isinstance(action, LayDisc)
            return s.phase is Phase.OPENING and action.disc in free_discs(s, seat)
        return self._refusal(s, seat, action) is None

    apply = one_pass_apply(logic.apply_action, running)

    def explain_illegal(self, state: CarolusState, seat: Seat, action: Action) -> IllegalAction:
        if seat != state.active:
            return IllegalAction("not_your_turn", seat=seat, to_act=list(self.to_act(state)))
        refusal = self._refusal(state, seat, action)
        return refusal or IllegalAction("illegal_action", action=self.action_to_json(action))

    def _refusal(self, s: CarolusState, seat: Seat, a: Action) -> IllegalAction | None:
        """Why the active `seat` may not play `a` now, or None if it may: the one check
        that `legal_actions`, `is_legal` and `explain_illegal` share."""
        phase = s.phase
        if isinstance(a, PlayToCourt | PlayToTerritory):
            return _refuse_cube(s, seat, a)
        if isinstance(a, MoveEmperor):
            return _refuse_emperor(s, seat, a)
        if isinstance(a, LayDisc):
            if phase is not Phase.OPENING:
                return _wrong_phase(s, a)
            return _refuse_disc(s, seat, a.disc)
        if isinstance(a, RollDice):
            if phase is Phase.CUBES:
                return IllegalAction("must_play_cubes_first", cubes_left=s.cubes_left)
            if phase is Phase.EMPEROR:
                return IllegalAction("must_move_emperor_first")
            return None if phase is Phase.ROLL else _wrong_phase(s, a)
        if isinstance(a, ChooseColour):
            if phase not in (Phase.CROWNS, Phase.SETUP):
                return IllegalAction("no_crown_to_choose", phase=phase.value)
            c = _COLOUR_INDEX.get(a.colour)
            if c is None:
                return IllegalAction("unknown_colour", colour=a.colour, colours=list(COLOURS))
            if not s.centre[c]:
                return IllegalAction("colour_not_in_centre", colour=a.colour)
            return None
        return IllegalAction("unknown_action", action=repr(a))

    def _apply(self, state: CarolusState, seat: Seat, action: Action) -> Transition:
        return logic.apply_action(state, seat, action)

    def outcome(self, state: CarolusState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        total = TABLES[state.players].castles
        n_sides = sides(state.players)
        keys = [
            (int(side == state.last_castle_side), state.castles_on_board(side, total),
             state.clans_of(side))
            for side in range(n_sides)
        ]
        side_rank = [1 + sum(1 for k in keys if k > mine) for mine in keys]
        seat_side = [side_of(state.players, p) for p in range(state.players)]
        scores = tuple(float(keys[side][1]) for side in seat_side)
        ranking = tuple(side_rank[side] for side in seat_side)
        winners = tuple(p for p in range(state.players) if ranking[p] == 1)
        return Outcome(scores, ranking, winners)

    # -- information -------------------------------------------------------------------
    def view(self, state: CarolusState, seat: Seat | None) -> JsonDict:
        return public_view(state, seat)

    def sample_world(self, state: CarolusState, seat: Seat, rng: random.Random) -> CarolusState:
        # Nothing is hidden: only the future dice are unknown, so reseed them.
        s = state.copy()
        s.rng = Rng(rng.getrandbits(64))
        return s

    def action_space(self, state: CarolusState) -> Iterable[Action]:
        colours = (*COLOURS, "purple")
        tiles = (-1, *ring(), len(ring()))
        for d in range(0, len(DISCS) + 2):
            yield LayDisc(d)
        for colour in colours:
            yield PlayToCourt(colour)
            yield ChooseColour(colour)
            for t in tiles:
                yield PlayToTerritory(colour, t)
        for k in range(-1, len(DISCS) + 2):
            yield MoveEmperor(k)
        yield RollDice()


# -- refusals -----------------------------------------------------------------------------------


def _wrong_phase(s: CarolusState, a: Action) -> IllegalAction:
    return IllegalAction("wrong_phase", action=a.TYPE, phase=s.phase.value,
                         expected=_EXPECTED.get(s.phase))


def _refuse_disc(s: CarolusState, seat: Seat, disc: int) -> IllegalAction | None:
    mine = s.discs[seat]
    if disc not in mine:
        if disc in DISCS:
            return IllegalAction("disc_already_used", disc=disc, discs=list(mine))
        return IllegalAction("no_such_disc", disc=disc)
    taken = {d for _, d in s.laid}
    if disc in taken and any(d not in taken for d in mine):
        by = next(who for who, d in s.laid if d == disc)
        return IllegalAction("disc_already_laid", disc=disc, by=by,
                             free=[d for d in mine if d not in taken])
    return None


def _refuse_cube(
    s: CarolusState, seat: Seat, a: PlayToCourt | PlayToTerritory
) -> IllegalAction | None:
    if s.phase is not Phase.CUBES:
        if s.phase in (Phase.EMPEROR, Phase.ROLL, Phase.CROWNS):
            return IllegalAction("cubes_already_played", phase=s.phase.value)
        return _wrong_phase(s, a)
    c = _COLOUR_INDEX.get(a.colour)
    if c is None:
        return IllegalAction("unknown_colour", colour=a.colour, colours=list(COLOURS))
    if not s.reserves[seat][c]:
        return IllegalAction("no_cube_of_colour", colour=a.colour)
    if isinstance(a, PlayToTerritory) and s.territory_index(a.territory) < 0:
        holder = s.territory_of_tile(a.territory)
        if holder < 0:
            return IllegalAction("no_such_territory", territory=a.territory)
        return IllegalAction("not_a_territory_id", tile=a.territory,
                             territory=s.territories[holder].id)
    return None


def _refuse_emperor(s: CarolusState, seat: Seat, a: MoveEmperor) -> IllegalAction | None:
    if s.phase is Phase.CUBES:
        return IllegalAction("must_play_cubes_first", cubes_left=s.cubes_left)
    if s.phase in (Phase.ROLL, Phase.CROWNS):
        return IllegalAction("emperor_already_moved")
    if s.phase is not Phase.EMPEROR:
        return _wrong_phase(s, a)
    allowed = s.disc_of(seat)
    if a.steps < 0:
        return IllegalAction("not_clockwise", steps=a.steps)
    if a.steps == 0:
        return IllegalAction("emperor_must_move", steps=0, allowed=allowed)
    if a.steps > allowed:
        return IllegalAction("emperor_too_far", steps=a.steps, allowed=allowed)
    return None


# -- the view ----------------------------------------------------------------------------------


def _colours(counts: Iterable[int]) -> dict[str, int]:
    return dict(zip(COLOURS, counts, strict=True))


def public_view(s: CarolusState, seat: Seat | None) -> JsonDict:
    """Everything on the table, which is everything: no information is hidden."""
    total = TABLES[s.players].castles
    active = s.active
    n_sides = sides(s.players)
    k = len(s.territories)
    steps = s.disc_of(active) if active is not None and s.phase is Phase.EMPEROR else 0
    return {
        "game": "carolus_magnus",
        "map": MAP_ID,
        "players": s.players,
        "seat": seat,
        "sides": n_sides,
        "side_of_seat": [side_of(s.players, p) for p in range(s.players)],
        "round": s.round,
        "phase": s.phase.value,
        "to_act": [] if active is None else [active],
        "start_player": s.start_player,
        "lay_order": list(s.lay_order),
        "laid": [{"seat": p, "disc": d} for p, d in s.laid],
        "discs": [list(d) for d in s.discs],
        "turn_order": list(s.turn_order),
        "turn": s.turn,
        "cubes_per_turn": TABLES[s.players].per_turn,
        "cubes_left": s.cubes_left,
        "cubes_played": s.cubes_played,
        "reserves": [_colours(r) for r in s.reserves],
        "courts": [_colours(c) for c in s.courts],
        "control": {COLOURS[c]: (None if p == NOBODY else p) for c, p in enumerate(s.control)},
        "centre": _colours(s.centre),
        "castles_left": s.castles_left[:],
        "castles_on_board": [s.castles_on_board(side, total) for side in range(n_sides)],
        "clans": [s.clans_of(side) for side in range(n_sides)],
        "territories": [
            {"id": t.id, "tiles": list(t.tiles), "cubes": _colours(t.cubes),
             "owner": None if t.owner == NOBODY else t.owner, "castles": t.castles}
            for t in s.territories
        ],
        "tile_territory": {str(tile): t.id for t in s.territories for tile in t.tiles},
        "emperor": s.territories[s.emperor].id,
        "emperor_moves": [
            {"steps": d, "territory": s.territories[(s.emperor + d) % k].id}
            for d in range(1, steps + 1)
        ],
        "crowns": s.crowns[:],
        "dice": [FACES[f] for f in s.dice],
        "end": None if s.end is None else s.end.value,
        "winner_side": None if s.last_castle_side == NOBODY else s.last_castle_side,
    }


def emperor_steps_to(state: CarolusState, territory_id: int) -> int:
    """Clockwise steps from the Emperor to a territory (given by its id or any of its tiles);
    -1 if there is no such tile. Clients use it to turn a drop into `MoveEmperor(steps)`."""
    index = state.territory_of_tile(territory_id)
    if index < 0:
        return -1
    return (index - state.emperor) % len(state.territories)


GAME = CarolusMagnus()

__all__ = ["GAME", "CarolusMagnus", "End", "emperor_steps_to", "public_view"]
