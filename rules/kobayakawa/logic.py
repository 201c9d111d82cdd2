"""Kobayakawa's rules of play: what may be done now and what it does (one source for
`legal_actions` and `apply`)."""

from __future__ import annotations

from typing import Any

from rules.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    JsonDict,
    Rng,
    Seat,
    Transition,
)
from rules.kobayakawa.actions import Draw, Fight, Flip, Keep, Pass
from rules.kobayakawa.components import (
    CARDS,
    CENTRE_MEDALS,
    NO_CARD,
    ROUNDS,
    START_MEDALS,
    UNDECIDED,
)
from rules.kobayakawa.state import KobayakawaState, Phase

# The phases as module constants: reading `Phase.BET` costs an enum lookup each time.
_CHOOSE, _KEEP, _BET, _OVER = Phase.CHOOSE, Phase.KEEP, Phase.BET, Phase.OVER


def new_state(players: int, seed: int, options: dict[str, Any]) -> KobayakawaState:
    """The table before the first move: medals out, the first round dealt."""
    rng = Rng(seed)
    start = options["start_player"]
    if start >= players:
        from rules.core import SetupError

        raise SetupError("bad_option_value", option="start_player", value=start)
    if start < 0:
        start = rng.below(players)
    state = KobayakawaState(
        players=players,
        rng=rng,
        medals=[START_MEDALS] * players,
        centre=CENTRE_MEDALS,
        round=1,
        start_player=start,
        phase=Phase.CHOOSE,
        order=(),
        turn=0,
        hands=[NO_CARD] * players,
        drawn=NO_CARD,
        discards=[() for _ in range(players)],
        pile=[],
        deck=[],
        stakes=[UNDECIDED] * players,
    )
    deal_round(state, [])
    return state


def legal_actions(state: KobayakawaState, seat: Seat) -> list[Action]:
    """Every action `seat` may take now (none when it is not theirs to act)."""
    phase = state.phase
    if phase is _OVER or seat != state.order[state.turn]:
        return []
    if phase is _CHOOSE:
        return [_DRAW, _FLIP]
    if phase is _KEEP:
        keeps = _KEEPS
        hand, drawn = state.hands[seat], state.drawn
        return [keeps.get(hand) or Keep(hand), keeps.get(drawn) or Keep(drawn)]
    return [_FIGHT, _PASS]


# Actions are immutable values: the lists are built from these, never anew.
_DRAW, _FLIP, _FIGHT, _PASS = Draw(), Flip(), Fight(), Pass()
_KEEPS = {card: Keep(card) for card in CARDS}


def is_legal(state: KobayakawaState, seat: Seat, action: Action) -> bool:
    """Whether `action` is in `legal_actions(state, seat)`, without listing them."""
    phase = state.phase
    if phase is _OVER or seat != state.order[state.turn]:
        return False
    kind = type(action)
    if phase is _CHOOSE:
        return kind is Draw or kind is Flip
    if phase is _KEEP:
        return isinstance(action, Keep) and (action.card == state.hands[seat]
                                             or action.card == state.drawn)
    return kind is Fight or kind is Pass


def refusal(state: KobayakawaState, seat: Seat, action: Action) -> IllegalAction:
    """Why an action that is not listed may not be taken now."""
    if isinstance(action, Keep) and state.phase is Phase.KEEP:
        return IllegalAction(
            "card_not_in_hand", card=action.card, choices=[state.hands[seat], state.drawn]
        )
    expected = [type(a).TYPE for a in legal_actions(state, seat)]
    return IllegalAction(
        "wrong_stage", action=action.TYPE, stage=state.phase.value, expected=expected
    )


def apply_action(state: KobayakawaState, seat: Seat, action: Action) -> Transition:
    """The effect of a legal action, on a copy of the state.

    Copy on write: the copy has its own copies of the lists this kind of move
    changes in place and shares every other part with `state`, which `_play` only
    ever replaces (a new round deals new lists and a new `Rng`), so `state` stays
    exactly as it was."""
    fields = state.__dict__.copy()
    kind = type(action)
    if kind is Draw:
        fields["deck"] = state.deck[:]
    elif kind is Flip:
        fields["deck"] = state.deck[:]
        fields["pile"] = state.pile[:]
    elif kind is Keep:
        fields["hands"] = state.hands[:]
        fields["discards"] = state.discards[:]
    else:  # a bet; the last one of a round pays the winner's medals
        fields["stakes"] = state.stakes[:]
        fields["medals"] = state.medals[:]
    s = _new_state(KobayakawaState)
    s.__dict__ = fields
    events: list[Event] = []
    barrier = _play(s, seat, action, events)
    return _transition(Transition, (s, events, barrier))


_new_state = object.__new__
_transition = tuple.__new__
"""`Transition(...)` without the named tuple's own `__new__` in between."""


def checked_apply(
    game: Game[KobayakawaState], state: KobayakawaState, seat: Seat, action: Action
) -> Transition:
    """`Game.apply` in one pass (the game's `apply`): a move `is_legal` accepts, of
    exactly one of the five action classes, is copied and played at once, as
    `apply_action` plays it; anything else goes through `Game.apply`, which raises what
    it always raised. (`one_pass_apply`'s rule, with `is_legal` and `apply_action`
    written out: random play and arenas call it for every move.)"""
    phase = state.phase
    if phase is not _OVER and seat == state.order[state.turn]:
        kind = type(action)
        fields = state.__dict__.copy()
        if phase is _CHOOSE:
            if kind is Draw:
                fields["deck"] = state.deck[:]
            elif kind is Flip:
                fields["deck"] = state.deck[:]
                fields["pile"] = state.pile[:]
            else:
                return Game.apply(game, state, seat, action)
        elif phase is _KEEP:
            if kind is not Keep or (action.card != state.hands[seat]  # type: ignore[attr-defined]
                                    and action.card != state.drawn):  # type: ignore[attr-defined]
                return Game.apply(game, state, seat, action)
            fields["hands"] = state.hands[:]
            fields["discards"] = state.discards[:]
        elif kind is Fight or kind is Pass:
            fields["stakes"] = state.stakes[:]
            fields["medals"] = state.medals[:]
        else:
            return Game.apply(game, state, seat, action)
        s = _new_state(KobayakawaState)
        s.__dict__ = fields
        events: list[Event] = []
        barrier = _play(s, seat, action, events)
        return _transition(Transition, (s, events, barrier))
    return Game.apply(game, state, seat, action)


def play(s: KobayakawaState, seat: Seat, action: Action) -> list[Event]:
    """The effect of a legal action (one `legal_actions(s, seat)` lists) on `s` itself;
    its events. `apply_action` on a copy for everyone; the search on its own worlds."""
    events: list[Event] = []
    _play(s, seat, action, events)
    return events


def _play(s: KobayakawaState, seat: Seat, action: Action, events: list[Event]) -> bool:
    """`play`, appending to `events`; whether the move is an undo barrier."""
    kind = type(action)
    barrier = False
    if kind is Draw:
        s.drawn = drawn = s.deck.pop()
        s.phase = _KEEP
        events.append({"type": "drew", "to": "all", "seat": seat})
        events.append({"type": "drew_card", "to": [seat], "seat": seat, "card": drawn})
        return True
    if kind is Pass:
        s.stakes[seat] = 0
        events.append({"type": "passed", "to": "all", "seat": seat})
    elif kind is Fight:
        reward = 2 if s.round == ROUNDS else 1
        medals = s.medals
        bet = reward if medals[seat] > reward else medals[seat]  # `s.bet_for(seat)`
        medals[seat] -= bet
        s.stakes[seat] = bet
        events.append({"type": "fought", "to": "all", "seat": seat, "bet": bet})
    elif isinstance(action, Keep):
        kept = action.card
        discarded = s.drawn if kept == s.hands[seat] else s.hands[seat]
        s.hands[seat] = kept
        s.drawn = NO_CARD
        s.discards[seat] = (*s.discards[seat], discarded)
        events.append({"type": "kept", "to": "all", "seat": seat, "discarded": discarded})
        events.append({"type": "kept_card", "to": [seat], "seat": seat, "card": kept})
    else:  # Flip
        card = s.deck.pop()
        s.pile.append(card)
        barrier = True
        events.append({"type": "flipped", "to": "all", "seat": seat, "card": card})
    turn = s.turn + 1
    if turn != len(s.order):
        s.turn = turn
        if s.phase is _KEEP:
            s.phase = _CHOOSE
    else:
        s.turn = 0
        if s.phase is _BET:
            resolve_round(s, events)
            barrier = True
        else:
            s.phase = _BET
            reward = 2 if s.round == ROUNDS else 1  # `s.bet_for(q)` for every seat
            events.append({"type": "stage_two", "to": "all",
                           "bet": [reward if m > reward else m for m in s.medals]})
    return barrier


def deal_round(s: KobayakawaState, events: list[Event]) -> None:
    """Shuffle all 15 cards, deal one to each seat with medals, turn up the Kobayakawa.
    Every list and the generator are new, not changed: `apply_action`'s copy shares
    the old ones with the state it was made from."""
    players, medals = s.players, s.medals
    rotation = _ROTATION[players][s.start_player]
    if min(medals) > 0:  # everyone still plays
        order = list(rotation)
    else:
        order = [seat for seat in rotation if medals[seat] > 0]
    deck = list(CARDS)
    s.rng = rng = Rng(s.rng.state)
    rng.shuffle(deck)
    s.hands = hands = [NO_CARD] * players
    dealt: list[Event] = []
    for seat in order:
        hands[seat] = card = deck.pop()
        dealt.append({"type": "dealt_card", "to": [seat], "seat": seat, "card": card})
    s.pile = [kobayakawa := deck.pop()]
    s.deck = deck
    s.order = tuple(order)
    s.turn = 0
    s.phase = _CHOOSE
    s.drawn = NO_CARD
    s.discards = [()] * players
    s.stakes = [UNDECIDED] * players
    events.append({"type": "round_started", "to": "all", "round": s.round,
                   "start_player": s.start_player, "order": order, "kobayakawa": kobayakawa,
                   "last_round": s.round == ROUNDS})
    events += dealt


_ROTATION = [[tuple((start + i) % n for i in range(n)) for start in range(n)] for n in range(7)]
"""Per player count and start player: every seat in turn order from the start player."""


def resolve_round(s: KobayakawaState, events: list[Event]) -> None:
    """Stage 3 and the payout, then the next round or the end."""
    stakes, hands, medals = s.stakes, s.hands, s.medals
    fighters = []
    pot = 0  # only real bets make the pot (seats out of the round keep UNDECIDED, -1)
    for q in s.order:
        if stakes[q] > 0:
            fighters.append(q)
            pot += stakes[q]
    value = s.pile[-1]
    reward = 2 if s.round == ROUNDS else 1  # `s.reward`
    record: JsonDict = {"round": s.round, "kobayakawa": value, "fighters": fighters}
    if not fighters:
        s.centre -= reward
        record["winner"], record["revealed"], record["gained"] = None, [], 0
        record["lost"] = reward
        events.append({"type": "round_void", "to": "all", "round": s.round, "lost": reward})
        next_start = next_with_medals(s, s.start_player)
    else:
        winner = fighters[0]
        revealed: list[list[int]] = []
        total = hands[winner]
        if len(fighters) > 1:
            revealed = [[q, hands[q]] for q in fighters]
            events.append({"type": "revealed", "to": "all", "cards": revealed})
            lowest = min(fighters, key=hands.__getitem__)
            # The first of equal totals wins, and `fighters` is in turn order: ties
            # go to the fighter first in turn order from the start player.
            total = -1
            for q in fighters:
                mine = hands[q] + value if q == lowest else hands[q]
                if mine > total:
                    winner, total = q, mine
            record["lowest"] = lowest
        gained = pot - stakes[winner] + reward
        medals[winner] += pot + reward
        s.centre -= reward
        record["winner"], record["revealed"], record["gained"] = winner, revealed, gained
        events.append({"type": "round_won", "to": "all", "round": s.round, "winner": winner,
                       "total": total if len(fighters) > 1 else None,
                       "alone": len(fighters) == 1, "gained": gained,
                       "from_centre": reward})
        next_start = winner
    record["medals"] = medals[:]
    s.history = (*s.history, record)
    everyone_left = min(medals) > 0  # the usual case: nobody is out, three seats or more
    if not everyone_left:
        for q in s.order:
            if medals[q] == 0:
                events.append({"type": "player_out", "to": "all", "seat": q})
    s.round += 1
    if s.round > ROUNDS or (not everyone_left and len([m for m in medals if m > 0]) < 2):
        s.round = min(s.round, ROUNDS)
        s.phase = _OVER
        s.order = ()
        s.hands = [NO_CARD] * s.players
        top = max(medals)  # the winners, as `Outcome.from_scores(medals)` has them
        events.append({"type": "game_over", "to": "all", "medals": medals[:],
                       "winners": [q for q, m in enumerate(medals) if m == top]})
        return
    s.start_player = next_start
    deal_round(s, events)


def next_with_medals(s: KobayakawaState, seat: Seat) -> Seat:
    for i in range(1, s.players + 1):
        q = (seat + i) % s.players
        if s.medals[q] > 0:
            return q
    return seat
