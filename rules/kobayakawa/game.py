"""Kobayakawa: seven rounds of one hidden card, a shared Kobayakawa value, and medals bet on it."""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.core import (
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    JsonDict,
    OptionSpec,
    Outcome,
    Rng,
    Seat,
    Transition,
    event,
)

CARDS = tuple(range(1, 16))
ROUNDS = 7
START_MEDALS = 4
CENTRE_MEDALS = 8
NO_CARD = 0
UNDECIDED = -1


class Phase(enum.Enum):
    CHOOSE = "choose"  # stage 1: draw a card or flip the top card onto the Kobayakawa
    KEEP = "keep"  # stage 1, after drawing: keep one of the two cards
    BET = "bet"  # stage 2: fight or pass
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Stage 1 (a): take the top card of the deck into your hand to choose from."""

    TYPE = "draw"


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Stage 1 (b): turn the top card face up onto the Kobayakawa pile, unseen."""

    TYPE = "flip"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """After drawing: keep `card`; the other card is discarded face up."""

    TYPE = "keep"
    card: int


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Stage 2: bet medals that your card wins the round."""

    TYPE = "fight"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Stage 2: do not fight this round."""

    TYPE = "pass"


@dataclass(slots=True)
class KobayakawaState:
    """The whole table, hidden cards included; only `view` decides who sees what."""

    players: int
    rng: Rng
    medals: list[int]
    centre: int
    round: int
    start_player: Seat
    phase: Phase
    order: tuple[Seat, ...]  # seats with medals this round, from the start player
    turn: int  # index into `order`
    hands: list[int]  # NO_CARD for seats out of the round
    drawn: int  # the card the seat to act has drawn, in phase KEEP
    discards: list[list[int]]  # face-up discards of this round, per seat
    pile: list[int]  # the Kobayakawa pile; the last card is its value
    deck: list[int]  # face down; the top card is the last
    stakes: list[int]  # medals bet this round per seat; UNDECIDED before stage 2 speaks
    history: list[JsonDict] = field(default_factory=list)

    def copy(self) -> KobayakawaState:
        return KobayakawaState(
            self.players,
            self.rng.copy(),
            self.medals[:],
            self.centre,
            self.round,
            self.start_player,
            self.phase,
            self.order,
            self.turn,
            self.hands[:],
            self.drawn,
            [d[:] for d in self.discards],
            self.pile[:],
            self.deck[:],
            self.stakes[:],
            self.history[:],
        )

    @property
    def seat_to_act(self) -> Seat | None:
        return None if self.phase is Phase.OVER else self.order[self.turn]

    @property
    def kobayakawa(self) -> int:
        return self.pile[-1]

    @property
    def last_round(self) -> bool:
        return self.round == ROUNDS

    @property
    def reward(self) -> int:
        """Centre medals the round's winner takes: 2 in the last round, else 1."""
        return 2 if self.last_round else 1

    def bet_for(self, seat: Seat) -> int:
        """Medals a fighter bets: 1; in the last round 2, or 1 if that is all they have."""
        return min(self.reward, self.medals[seat])


class Kobayakawa(Game[KobayakawaState]):
    info = GameInfo(
        id="kobayakawa",
        title="Kobayakawa",
        min_players=3,
        max_players=6,
        chance=True,
        hidden_information=True,
        minutes=(15, 20),
        options=(
            # -1: chosen at random from the seed.
            OptionSpec("start_player", "int", -1, minimum=-1, maximum=5),
        ),
    )
    action_types = (Draw, Flip, Keep, Fight, Pass)

    # -- setting up ------------------------------------------------------
    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> KobayakawaState:
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
        _deal_round(state, [])
        return state

    def players(self, state: KobayakawaState) -> int:
        return state.players

    # -- playing ---------------------------------------------------------
    def to_act(self, state: KobayakawaState) -> tuple[Seat, ...]:
        seat = state.seat_to_act
        return () if seat is None else (seat,)

    def legal_actions(self, state: KobayakawaState, seat: Seat) -> list[Action]:
        if seat != state.seat_to_act:
            return []
        if state.phase is Phase.CHOOSE:
            return [Draw(), Flip()]
        if state.phase is Phase.KEEP:
            return [Keep(state.hands[seat]), Keep(state.drawn)]
        return [Fight(), Pass()]

    def explain_illegal(
        self, state: KobayakawaState, seat: Seat, action: Action
    ) -> IllegalAction:
        if isinstance(action, Keep) and state.phase is Phase.KEEP:
            return IllegalAction(
                "card_not_in_hand", card=action.card, choices=[state.hands[seat], state.drawn]
            )
        expected = [type(a).TYPE for a in self.legal_actions(state, seat)]
        return IllegalAction(
            "wrong_stage", action=action.TYPE, stage=state.phase.value, expected=expected
        )

    def _apply(self, state: KobayakawaState, seat: Seat, action: Action) -> Transition:
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
                _resolve_round(s, events)
                barrier = True
            else:
                s.phase = Phase.BET
                events.append(event("stage_two", bet=[s.bet_for(q) for q in range(s.players)]))
        else:
            s.phase = Phase.CHOOSE if s.phase is Phase.KEEP else s.phase
        return Transition(s, events, barrier)

    def outcome(self, state: KobayakawaState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        return Outcome.from_scores(state.medals)

    # -- information -----------------------------------------------------
    def view(self, state: KobayakawaState, seat: Seat | None) -> JsonDict:
        in_round = set(state.order) if state.phase is not Phase.OVER else set()
        return {
            "game": self.info.id,
            "players": state.players,
            "seat": seat,
            "round": state.round,
            "rounds": ROUNDS,
            "last_round": state.last_round,
            "phase": state.phase.value,
            "to_act": list(self.to_act(state)),
            "start_player": state.start_player,
            "order": list(state.order),
            "medals": state.medals[:],
            "centre": state.centre,
            "stakes": [None if b == UNDECIDED else b for b in state.stakes],
            "bets": [state.bet_for(q) for q in range(state.players)],
            "kobayakawa": state.pile[-1] if state.pile else None,
            "pile": state.pile[:],
            "deck_size": len(state.deck),
            "discards": [d[:] for d in state.discards],
            "in_round": [q in in_round for q in range(state.players)],
            "hand": state.hands[seat] if seat is not None and state.hands[seat] else None,
            "drawn": (
                state.drawn
                if seat is not None and state.phase is Phase.KEEP and state.seat_to_act == seat
                else None
            ),
            "drawing": state.seat_to_act if state.phase is Phase.KEEP else None,
            "history": [dict(h) for h in state.history],
        }

    def sample_world(
        self, state: KobayakawaState, seat: Seat, rng: random.Random
    ) -> KobayakawaState:
        s = state.copy()
        s.rng = Rng(rng.getrandbits(64))
        if s.phase is Phase.OVER:
            return s
        seen = set(s.pile)
        for pile in s.discards:
            seen.update(pile)
        seen.add(s.hands[seat])
        i_drew = s.phase is Phase.KEEP and s.seat_to_act == seat
        if i_drew:
            seen.add(s.drawn)
        unseen = [c for c in CARDS if c not in seen]
        s.rng.shuffle(unseen)
        for q in range(s.players):
            if q != seat and s.hands[q] != NO_CARD:
                s.hands[q] = unseen.pop()
        if s.phase is Phase.KEEP and not i_drew:
            s.drawn = unseen.pop()
        s.deck = unseen[: len(state.deck)]
        return s

    def action_space(self, state: KobayakawaState) -> Iterable[Action]:
        yield Draw()
        yield Flip()
        yield Fight()
        yield Pass()
        for card in (0, *CARDS, 16):
            yield Keep(card)


def _deal_round(s: KobayakawaState, events: list[Event]) -> None:
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


def _resolve_round(s: KobayakawaState, events: list[Event]) -> None:
    """Stage 3 and the payout, then the next round or the end."""
    fighters = [q for q in s.order if s.stakes[q] > 0]
    value = s.kobayakawa
    record: JsonDict = {"round": s.round, "kobayakawa": value, "fighters": fighters}
    if not fighters:
        s.centre -= s.reward
        record.update(winner=None, revealed=[], gained=0, lost=s.reward)
        events.append(event("round_void", round=s.round, lost=s.reward))
        next_start = _next_with_medals(s, s.start_player)
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
    _deal_round(s, events)


def _next_with_medals(s: KobayakawaState, seat: Seat) -> Seat:
    for i in range(1, s.players + 1):
        q = (seat + i) % s.players
        if s.medals[q] > 0:
            return q
    return seat


GAME = Kobayakawa()
