"""Carolus Magnus's rules in motion: setup, clan control, castles, merging, dice and the turn cycle.

Every function here changes the state it is given (a fresh copy made by
`apply`) and appends the events that tell the table what happened.
"""

from __future__ import annotations

from rules.carolus_magnus.actions import (
    ChooseColour,
    LayDisc,
    MoveEmperor,
    PlayToCourt,
    PlayToTerritory,
    RollDice,
)
from rules.carolus_magnus.components import (
    COLOURS,
    CROWN,
    CUBES_PER_COLOUR,
    DISC_CYCLE,
    DISCS,
    FACES,
    MIN_TERRITORIES,
    NOBODY,
    START_CUBES_PER_COLOUR,
    TABLES,
    ring,
    sides,
)
from rules.carolus_magnus.state import CarolusState, End, Phase, Territory, empty_cubes
from rules.core import Action, Event, Rng, Seat, Transition, event

# -- setting up ---------------------------------------------------------------------------


def new_state(players: int, seed: int, start_player: int, later_is_lower: bool) -> CarolusState:
    """The table after the rulebook's preparation, with starting reserves rolled."""
    rng = Rng(seed)
    tiles = ring()
    table = TABLES[players]
    centre = [CUBES_PER_COLOUR] * len(COLOURS)
    start_cubes = [c for c in range(len(COLOURS)) for _ in range(START_CUBES_PER_COLOUR)]
    rng.shuffle(start_cubes)
    territories = []
    for tile, colour in zip(tiles, start_cubes, strict=True):
        cubes = empty_cubes()
        cubes[colour] = 1
        centre[colour] -= 1
        territories.append(Territory((tile,), tuple(cubes)))
    emperor = rng.below(len(territories))
    if start_player < 0:
        start_player = rng.below(players)
    s = CarolusState(
        players=players,
        rng=rng,
        later_repeat_is_lower=later_is_lower,
        phase=Phase.SETUP,
        round=1,
        start_player=start_player,
        lay_order=(),
        laid=(),
        discs=[DISCS] * players,
        turn_order=(),
        turn=0,
        cubes_left=0,
        cubes_played=0,
        reserves=[empty_cubes() for _ in range(players)],
        courts=[empty_cubes() for _ in range(players)],
        control=[NOBODY] * len(COLOURS),
        centre=centre,
        castles_left=[table.castles] * sides(players),
        territories=tuple(territories),
        emperor=emperor,
        crowns=[0] * players,
        dice=(),
    )
    for seat in range(players):
        s.crowns[seat] = roll_dice(s, seat, table.reserve, [])
    if not any(s.crowns):
        start_round(s, [])
    return s


# -- one action -----------------------------------------------------------------------

COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


def apply_action(state: CarolusState, seat: Seat, action: Action) -> Transition:
    """The effect of a legal action, on a copy of the state; rolling dice is the one
    undo barrier (chance is resolved)."""
    s = state.copy()
    events = play(s, seat, action)
    return Transition(s, events, isinstance(action, RollDice))


def play(s: CarolusState, seat: Seat, action: Action) -> list[Event]:
    """The effect of a legal action (one `legal_actions(s, seat)` lists) on `s` itself;
    its events. `apply_action` on a copy for everyone; the search on its own worlds."""
    events: list[Event] = []
    if isinstance(action, PlayToTerritory):
        index = s.territory_index(action.territory)
        play_to_territory(s, seat, COLOUR_INDEX[action.colour], index, events)
    elif isinstance(action, PlayToCourt):
        play_to_court(s, seat, COLOUR_INDEX[action.colour], events)
    elif isinstance(action, MoveEmperor):
        move_emperor(s, seat, action.steps, events)
    elif isinstance(action, LayDisc):
        lay_disc(s, seat, action.disc, events)
    elif isinstance(action, RollDice):
        roll_to_refill(s, seat, events)
    elif isinstance(action, ChooseColour):
        choose_colour(s, seat, COLOUR_INDEX[action.colour], events)
    return events


# -- cubes and clans ------------------------------------------------------------------


def play_to_court(s: CarolusState, seat: Seat, colour: int, events: list[Event]) -> None:
    s.reserves[seat][colour] -= 1
    s.courts[seat][colour] += 1
    events.append({"type": "cube_to_court", "to": "all", "seat": seat, "colour": COLOURS[colour]})
    mine = s.courts[seat][colour]
    if s.control[colour] != seat and all(
        mine > s.courts[q][colour] for q in range(s.players) if q != seat
    ):
        before = s.control[colour]
        s.control[colour] = seat
        events.append(event("clan_control", colour=COLOURS[colour], seat=seat, before=before))
    cube_played(s)


def play_to_territory(
    s: CarolusState, seat: Seat, colour: int, index: int, events: list[Event]
) -> None:
    s.reserves[seat][colour] -= 1
    terrs = list(s.territories)
    terrs[index] = terrs[index].with_cube(colour)
    s.territories = tuple(terrs)
    events.append({"type": "cube_to_territory", "to": "all", "seat": seat,
                   "colour": COLOURS[colour], "territory": terrs[index].tiles[0]})
    cube_played(s)


def cube_played(s: CarolusState) -> None:
    s.cubes_left -= 1
    s.cubes_played += 1
    if s.cubes_left == 0:
        s.phase = Phase.EMPEROR


# -- the Emperor and castles ----------------------------------------------------------


def strengths(s: CarolusState, t: Territory) -> list[int]:
    """Per side: paladins there of the colours it controls, plus its castles there."""
    out = [0] * len(s.castles_left)
    control = s.control
    teams = s.players == 4  # partners sit opposite: a seat's side is its parity
    for colour, n in enumerate(t.cubes):
        if n:
            seat = control[colour]
            if seat != NOBODY:
                out[seat % 2 if teams else seat] += n
    if t.owner != NOBODY:
        out[t.owner] += t.castles
    return out


def majority(s: CarolusState, t: Territory) -> int:
    """The side strictly strongest in `t` (with at least one), else NOBODY."""
    return strongest(strengths(s, t))


def strongest(power: list[int]) -> int:
    """The side strictly strongest by `power` (with at least one), else NOBODY."""
    best = max(power)
    if best == 0 or power.count(best) > 1:
        return NOBODY
    return power.index(best)


def move_emperor(s: CarolusState, seat: Seat, steps: int, events: list[Event]) -> None:
    s.emperor = (s.emperor + steps) % len(s.territories)
    here = s.territories[s.emperor]
    events.append({"type": "emperor_moved", "to": "all", "seat": seat, "steps": steps,
                   "territory": here.tiles[0]})
    resolve_castles(s, events)
    if s.end is None:
        if s.cubes_played:
            s.phase = Phase.ROLL
        else:
            end_turn(s, events)


def resolve_castles(s: CarolusState, events: list[Event]) -> None:
    """Where the Emperor stops, the strict majority builds a castle or takes the territory."""
    here = s.territories[s.emperor]
    power = strengths(s, here)
    winner = strongest(power)
    if winner == NOBODY or winner == here.owner:
        events.append({"type": "no_change", "to": "all", "territory": here.tiles[0],
                       "strengths": power})
        return
    if here.owner == NOBODY:
        placed = 1
        events.append(event("castle_built", side=winner, territory=here.id, strengths=power))
    else:
        s.castles_left[here.owner] += here.castles
        # A side short of castles places all it has left, and so wins at once.
        placed = min(here.castles, s.castles_left[winner])
        events.append(event("territory_taken", side=winner, before=here.owner,
                            territory=here.id, castles=placed, strengths=power))
    s.castles_left[winner] -= placed
    terrs = list(s.territories)
    terrs[s.emperor] = Territory(here.tiles, here.cubes, winner, placed)
    s.territories = tuple(terrs)
    merge_around(s, s.emperor, winner, events)
    if s.castles_left[winner] == 0:
        s.last_castle_side = winner
        finish(s, End.LAST_CASTLE, events)
    elif len(s.territories) < MIN_TERRITORIES:
        finish(s, End.FEW_TERRITORIES, events)


def merge_around(s: CarolusState, index: int, side: int, events: list[Event]) -> None:
    """Join the territory at `index` with its ring neighbours holding castles of `side`."""
    terrs = s.territories
    k = len(terrs)
    prev, nxt = (index - 1) % k, (index + 1) % k
    take_prev = terrs[prev].owner == side
    take_next = terrs[nxt].owner == side
    if not (take_prev or take_next):
        return
    start = prev if take_prev else index
    count = 1 + take_prev + take_next
    run = [terrs[(start + j) % k] for j in range(count)]
    merged = Territory(
        tiles=tuple(tile for t in run for tile in t.tiles),
        cubes=tuple(sum(t.cubes[c] for t in run) for c in range(len(COLOURS))),
        owner=side,
        castles=sum(t.castles for t in run),
    )
    rest = [terrs[(start + j) % k] for j in range(count, k)]
    new = [merged, *rest]
    # keep the list starting with the territory that holds the ring's first tile
    first = ring()[0]
    shift = next(i for i, t in enumerate(new) if first in t.tiles)
    s.territories = tuple(new[shift:] + new[:shift])
    s.emperor = (0 - shift) % len(new)
    events.append(event("territories_merged", side=side, territories=[t.id for t in run],
                        territory=merged.id, tiles=list(merged.tiles)))


# -- dice -----------------------------------------------------------------------------------


def roll_dice(s: CarolusState, seat: Seat, dice: int, events: list[Event]) -> int:
    """Roll `dice` clan dice for `seat`, take the colours rolled; return the crowns to choose."""
    faces = tuple(s.rng.below(len(FACES)) for _ in range(dice))
    s.dice = faces
    events.append({"type": "dice_rolled", "to": "all", "seat": seat,
                   "dice": [FACES[f] for f in faces]})
    crowns = 0
    for face in faces:
        if face == CROWN:
            crowns += 1
            continue
        if s.centre[face] == 0:
            return_colour(s, face, events)
        if s.centre[face] == 0:
            # still none: the die counts as a crown
            crowns += 1
            events.append(event("die_as_crown", seat=seat, colour=COLOURS[face]))
            continue
        take_cube(s, seat, face, events)
    if crowns and not any(s.centre):
        events.append(event("crowns_lost", seat=seat, crowns=crowns))
        crowns = 0
    return crowns


def return_colour(s: CarolusState, colour: int, events: list[Event]) -> None:
    """A colour gone from the centre: every court gives back as many as the smallest holds."""
    n = min(court[colour] for court in s.courts)
    if n:
        for court in s.courts:
            court[colour] -= n
        s.centre[colour] += n * len(s.courts)
    events.append(event("colour_returned", colour=COLOURS[colour], each=n))


def take_cube(s: CarolusState, seat: Seat, colour: int, events: list[Event]) -> None:
    s.centre[colour] -= 1
    s.reserves[seat][colour] += 1
    events.append({"type": "cube_taken", "to": "all", "seat": seat, "colour": COLOURS[colour]})


def choose_colour(s: CarolusState, seat: Seat, colour: int, events: list[Event]) -> None:
    take_cube(s, seat, colour, events)
    s.crowns[seat] -= 1
    if s.crowns[seat] and not any(s.centre):
        events.append(event("crowns_lost", seat=seat, crowns=s.crowns[seat]))
        s.crowns[seat] = 0
    if s.phase is Phase.SETUP:
        if not any(s.crowns):
            start_round(s, events)
    elif not s.crowns[seat]:
        end_turn(s, events)


def roll_to_refill(s: CarolusState, seat: Seat, events: list[Event]) -> None:
    s.crowns[seat] = roll_dice(s, seat, s.cubes_played, events)
    if s.crowns[seat]:
        s.phase = Phase.CROWNS
    else:
        end_turn(s, events)


# -- rounds and turns -------------------------------------------------------------------


def start_round(s: CarolusState, events: list[Event]) -> None:
    if s.round > 1 and (s.round - 1) % DISC_CYCLE == 0:
        s.discs = [DISCS] * s.players
        events.append(event("discs_returned", round=s.round))
    s.lay_order = tuple((s.start_player + i) % s.players for i in range(s.players))
    s.laid = ()
    s.turn_order = ()
    s.turn = 0
    s.phase = Phase.OPENING
    events.append(event("round_started", round=s.round, start_player=s.start_player))


def lay_disc(s: CarolusState, seat: Seat, disc: int, events: list[Event]) -> None:
    s.discs[seat] = tuple(d for d in s.discs[seat] if d != disc)
    s.laid = (*s.laid, (seat, disc))
    events.append({"type": "disc_laid", "to": "all", "seat": seat, "disc": disc})
    if len(s.laid) < s.players:
        return
    # Lowest disc first; of equal discs (forced repeats) the earlier laid is lower,
    # or the later one with the option `repeated_disc="later_is_lower"`.
    sign = -1 if s.later_repeat_is_lower else 1
    order = sorted(range(len(s.laid)), key=lambda i: (s.laid[i][1], sign * i))
    s.turn_order = tuple(s.laid[i][0] for i in order)
    s.turn = 0
    events.append(event("turn_order", order=list(s.turn_order)))
    start_turn(s, events)


def start_turn(s: CarolusState, events: list[Event]) -> None:
    seat = s.turn_order[s.turn]
    s.cubes_left = min(TABLES[s.players].per_turn, sum(s.reserves[seat]))
    s.cubes_played = 0
    s.dice = ()
    s.phase = Phase.CUBES if s.cubes_left else Phase.EMPEROR
    events.append({"type": "turn_started", "to": "all", "seat": seat, "cubes": s.cubes_left,
                   "steps": s.disc_of(seat)})


def settled(s: CarolusState) -> bool:
    """No stop of the Emperor can build or take a castle: in every territory the
    strict majority is nobody's or already the owner's."""
    return all(majority(s, t) in (NOBODY, t.owner) for t in s.territories)


def end_turn(s: CarolusState, events: list[Event]) -> None:
    if not any(s.centre) and not any(any(r) for r in s.reserves) and settled(s):
        # No paladin can ever be played again and no stop can change a castle:
        # nothing on the board can change any more.
        finish(s, End.SUPPLY_EXHAUSTED, events)
        return
    s.turn += 1
    if s.turn < len(s.turn_order):
        start_turn(s, events)
        return
    s.start_player = s.turn_order[0]
    s.round += 1
    start_round(s, events)


def finish(s: CarolusState, why: End, events: list[Event]) -> None:
    s.end = why
    s.phase = Phase.OVER
    s.cubes_left = 0
    s.crowns = [0] * s.players
    total = TABLES[s.players].castles
    events.append(event(
        "game_over",
        reason=why.value,
        castles=[s.castles_on_board(side, total) for side in range(len(s.castles_left))],
        clans=[s.clans_of(side) for side in range(len(s.castles_left))],
        last_castle_side=None if s.last_castle_side == NOBODY else s.last_castle_side,
    ))
