"""Kobayakawa's rules of play: what may be done now and what it does (one source for
`legal_actions` and `apply`)."""

from __future__ import annotations

from typing import Any

from rules.core import (
    Action,
    Event,
    IllegalAction,
    JsonDict,
    Outcome,
    Rng,
    Seat,
    Transition,
    event,
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
        discards=[[] for _ in range(players)],
        pile=[],
        deck=[],
        stakes=[UNDECIDED] * players,
    )
    deal_round(state, [])
    return state


def legal_actions(state: KobayakawaState, seat: Seat) -> list[Action]:
    """Every action `seat` may take now (none when it is not theirs to act)."""
    if seat != state.seat_to_act:
        return []
    if state.phase is Phase.CHOOSE:
        return [Draw(), Flip()]
    if state.phase is Phase.KEEP:
        return [Keep(state.hands[seat]), Keep(state.drawn)]
    return [Fight(), Pass()]

def is_legal(state: KobayakawaState, seat: Seat, action: Action) -> bool:
    """Whether `action` is in `legal_actions(state, seat)`, without listing them."""
    if seat != state.seat_to_act:
        return False
    kind, phase = type(action), state.phase
    if phase is Phase.CHOOSE:
        return kind is Draw or kind is Flip
    if phase is Phase.KEEP:
        return kind is Keep and action in (Keep(state.hands[seat]), Keep(state.drawn))
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
    """The effect of a legal action, on a copy of the state."""
    s = state.copy()
    events: list[Event] = []
    barrier = False
    if isinstance(action, Draw):
        s.drawn = s.deck.pop()
        s.phase = Phase.KEEP
        events.append(event("drew", seat=seat))
        events.append(event("drew_card", [seat], seat=seat, card=s.drawn))
        return Transition(s, events, True)
    if isinstance(action, Keep):
        kept = action.card
        discarded = s.drawn if kept == s.hands[seat] else s.hands[seat]
        s.hands[seat] = kept
        s.drawn = NO_CARD
        s.discards[seat].append(discarded)
        events.append(event("kept", seat=seat, discarded=discarded))
        events.append(event("kept_card", [seat], seat=seat, card=kept))
    elif isinstance(action, Flip):
        card = s.deck.pop()
        s.pile.append(card)
        barrier = True
        events.append(event("flipped", seat=seat, card=card))
    elif isinstance(action, Fight):
        bet = s.bet_for(seat)
        s.medals[seat] -= bet
        s.stakes[seat] = bet
        events.append(event("fought", seat=seat, bet=bet))
    elif isinstance(action, Pass):
        s.stakes[seat] = 0
        events.append(event("passed", seat=seat))
    s.turn += 1
    if s.turn == len(s.order):
        s.turn = 0
        if s.phase is Phase.BET:
            resolve_round(s, events)
            barrier = True
        else:
            s.phase = Phase.BET
            events.append(event("stage_two", bet=[s.bet_for(q) for q in range(s.players)]))
    else:
        s.phase = Phase.CHOOSE if s.phase is Phase.KEEP else s.phase
    return Transition(s, events, barrier)


def deal_round(s: KobayakawaState, events: list[Event]) -> None:
    """Shuffle all 15 cards, deal one to each seat with medals, turn up the Kobayakawa."""
    order = []
    for i in range(s.players):
        seat = (s.start_player + i) % s.players
        if s.medals[seat] > 0:
            order.append(seat)
    deck = list(CARDS)
    s.rng.shuffle(deck)
    s.hands = [NO_CARD] * s.players
    for seat in order:
        s.hands[seat] = deck.pop()
    s.pile = [deck.pop()]
    s.deck = deck
    s.order = tuple(order)
    s.turn = 0
    s.phase = Phase.CHOOSE
    s.drawn = NO_CARD
    s.discards = [[] for _ in range(s.players)]
    s.stakes = [UNDECIDED] * s.players
    events.append(
        event(
            "round_started",
            round=s.round,
            start_player=s.start_player,
            order=order,
            kobayakawa=s.pile[-1],
            last_round=s.last_round,
        )
    )
    for seat in order:
        events.append(event("dealt_card", [seat], seat=seat, card=s.hands[seat]))


def resolve_round(s: KobayakawaState, events: list[Event]) -> None:
    """Stage 3 and the payout, then the next round or the end."""
    fighters = [q for q in s.order if s.stakes[q] > 0]
    value = s.kobayakawa
    record: JsonDict = {"round": s.round, "kobayakawa": value, "fighters": fighters}
    if not fighters:
        s.centre -= s.reward
        record.update(winner=None, revealed=[], gained=0, lost=s.reward)
        events.append(event("round_void", round=s.round, lost=s.reward))
        next_start = next_with_medals(s, s.start_player)
    else:
        winner = fighters[0]
        revealed: list[list[int]] = []
        total = s.hands[winner]
        if len(fighters) > 1:
            revealed = [[q, s.hands[q]] for q in fighters]
            events.append(event("revealed", cards=revealed))
            lowest = min(fighters, key=lambda q: s.hands[q])
            totals = {q: s.hands[q] + (value if q == lowest else 0) for q in fighters}
            # max() keeps the first of equals, and `fighters` is in turn order: ties
            # go to the fighter first in turn order from the start player.
            winner = max(fighters, key=lambda q: totals[q])
            total = totals[winner]
            record["lowest"] = lowest
        # Seats out of the round keep UNDECIDED (-1): only real bets make the pot.
        pot = sum(b for b in s.stakes if b > 0)
        gained = pot - s.stakes[winner] + s.reward
        s.medals[winner] += pot + s.reward
        s.centre -= s.reward
        record.update(winner=winner, revealed=revealed, gained=gained)
        events.append(
            event(
                "round_won",
                round=s.round,
                winner=winner,
                total=total if len(fighters) > 1 else None,
                alone=len(fighters) == 1,
                gained=gained,
                from_centre=s.reward,
            )
        )
        next_start = winner
    record["medals"] = s.medals[:]
    s.history.append(record)
    for q in s.order:
        if s.medals[q] == 0:
            events.append(event("player_out", seat=q))
    s.round += 1
    if s.round > ROUNDS or sum(1 for m in s.medals if m > 0) < 2:
        s.round = min(s.round, ROUNDS)
        s.phase = Phase.OVER
        s.order = ()
        s.hands = [NO_CARD] * s.players
        outcome = Outcome.from_scores(s.medals)
        events.append(event("game_over", medals=s.medals[:], winners=list(outcome.winners)))
        return
    s.start_player = next_start
    deal_round(s, events)


def next_with_medals(s: KobayakawaState, seat: Seat) -> Seat:
    for i in range(1, s.players + 1):
        q = (seat + i) % s.players
        if s.medals[q] > 0:
            return q
    return seat
