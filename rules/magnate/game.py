"""Magnate for two players: the turn (roll, play one card, draw), the end and the scoring."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

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
    Transition,
    one_pass_apply,
)
from rules.magnate import logic
from rules.magnate.actions import (
    ACTION_TYPES,
    BuyDeed,
    Develop,
    DevelopDeed,
    Draw,
    EndTurn,
    Roll,
    Sell,
    TakeIncome,
    Trade,
)
from rules.magnate.components import (
    DECK_IDS,
    DISTRICT_IDS,
    DISTRICTS,
    RANK,
)
from rules.magnate.logic import SUIT_NAMES, legal_actions, refusal, score
from rules.magnate.state import NO_DEED, PLAYERS, MagnateState, Phase, new_state, sort_cards

_SEATS = tuple((seat,) for seat in range(PLAYERS))
"""`to_act`'s answers, built once."""
_OVER, _INCOME = Phase.OVER, Phase.INCOME
_new_state = object.__new__


def running(state: MagnateState) -> bool:
    """Whether the game goes on (its one-pass `apply` plays only then)."""
    return state.phase is not Phase.OVER


class Magnate(Game[MagnateState]):
    """Magnate (Cristyn Magnus), played with the Decktet: build the duchy's districts."""

    info = GameInfo(
        id="magnate",
        title="Magnate",
        min_players=2,
        max_players=2,
        chance=True,
        hidden_information=True,
        minutes=(20, 40),
        options=(
            # -1: the first player is chosen at random from the seed.
            OptionSpec("start_player", "int", -1, minimum=-1, maximum=PLAYERS - 1),
        ),
    )
    action_types = ACTION_TYPES

    # -- setting up ------------------------------------------------------
    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> MagnateState:
        return new_state(seed, options["start_player"])

    def players(self, state: MagnateState) -> int:
        return PLAYERS

    # -- playing ---------------------------------------------------------
    def to_act(self, state: MagnateState) -> tuple[Seat, ...]:
        phase = state.phase
        if phase is _OVER:
            return ()
        return _SEATS[state.pending[0][0] if phase is _INCOME else state.active]

    # The rules' own functions, called without a method in between.
    legal_actions = staticmethod(legal_actions)
    is_legal = staticmethod(logic.is_legal)

    def explain_illegal(self, state: MagnateState, seat: Seat, action: Action) -> IllegalAction:
        return refusal(state, seat, action) or super().explain_illegal(state, seat, action)

    def _apply(self, state: MagnateState, seat: Seat, action: Action) -> Transition:
        return logic.apply_action(state, seat, action)

    apply = one_pass_apply(logic.apply_action, running)

    def outcome(self, state: MagnateState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        tally = score(state)
        keys = [(tally.points[p], tally.totals[p], tally.tokens[p]) for p in range(PLAYERS)]
        ranking = tuple(1 + sum(1 for k in keys if k > mine) for mine in keys)
        winners = tuple(p for p in range(PLAYERS) if ranking[p] == 1)
        return Outcome(tuple(float(x) for x in tally.points), ranking, winners)

    # -- information -----------------------------------------------------
    def view(self, state: MagnateState, seat: Seat | None) -> JsonDict:
        s = state
        return {
            "game": self.info.id,
            "players": PLAYERS,
            "seat": seat,
            "turn": s.turn,
            "phase": s.phase.value,
            "active": s.active,
            "start_player": s.start_player,
            "to_act": list(self.to_act(s)),
            "dice": list(s.dice),
            "pending_income": [[q, DISTRICT_IDS[d]] for q, d in s.pending],
            "card_played": s.card_played,
            "hand": s.hands[seat][:] if seat is not None else None,
            "hand_sizes": [len(h) for h in s.hands],
            "crowns": [list(c) for c in s.crowns],
            "tokens": [dict(zip(SUIT_NAMES, t, strict=True)) for t in s.tokens],
            "districts": [_district_view(s, d) for d in range(len(DISTRICTS))],
            "deck_size": len(s.deck),
            "discards": s.discards[:],
            "second_pile": None if s.second_pile is None else list(s.second_pile),
            "exhaustions": s.exhaustions,
            "final_turns": s.final_turns,
        }

    def open_view(self, state: MagnateState) -> JsonDict:
        """The spectator's view plus `hands` (each seat's cards)."""
        out = self.view(state, None)
        out["hands"] = [h[:] for h in state.hands]
        return out

    def sample_world(self, state: MagnateState, seat: Seat, rng: random.Random) -> MagnateState:
        """Re-deal the opponent's hand and the pile from the cards `seat` has not seen.

        Built only from public facts and `seat`'s hand: the unseen cards in
        canonical order. After the first exhaustion the second pile holds only
        cards that were discarded face up before it was built, so unseen cards
        outside it must be in the opponent's hand.
        """
        # `state.copy()` but for the parts dealt anew below: the deck, the other's hand
        fields = state.__dict__.copy()
        fields["rng"] = Rng(rng.getrandbits(64))
        fields["hands"] = hands = state.hands[:]
        hands[seat] = hands[seat][:]
        fields["tokens"] = [t[:] for t in state.tokens]
        fields["lines"] = [row[:] for row in state.lines]
        fields["deeds"] = [row[:] for row in state.deeds]
        fields["discards"] = state.discards[:]
        fields["pending"] = state.pending[:]
        s = _new_state(MagnateState)
        s.__dict__ = fields
        other = 1 - seat
        seen = set(s.hands[seat]) | set(s.discards)
        for row in s.lines:
            for line in row:
                seen.update(line)
        unseen = [c for c in DECK_IDS if c not in seen]
        if s.second_pile is None:
            forced: list[str] = []
            free = unseen
        else:
            pile = set(s.second_pile)
            forced = [c for c in unseen if c not in pile]
            free = [c for c in unseen if c in pile]
        rng.shuffle(free)
        take = len(s.hands[other]) - len(forced)
        s.hands[other] = sort_cards(forced + free[:take])
        s.deck = free[take:]
        return s

    def action_space(self, state: MagnateState) -> Iterable[Action]:
        yield Roll()
        yield Draw()
        yield EndTurn()
        districts = (*DISTRICT_IDS, "nowhere")
        suits = (*SUIT_NAMES, "gold")
        for d in districts:
            for suit in suits:
                yield TakeIncome(d, suit)
                yield DevelopDeed(d, suit)
        for give in suits:
            for take in suits:
                yield Trade(give, take)
        for card in (*DECK_IDS, "the_huntress"):
            yield Sell(card)
            rank = RANK[card]
            for d in districts:
                yield BuyDeed(card, d)
                for x in range(0, rank + 2):
                    yield Develop(card, d, (x, rank - x))
                yield Develop(card, d, (rank,))


def _district_view(s: MagnateState, d: int) -> JsonDict:
    """One district: each player's line, oldest first; a deed shows the tokens on it."""
    lines = []
    for p in range(PLAYERS):
        line = s.lines[p][d]
        deed = s.deeds[p][d]
        entries = [{"card": card, "complete": True, "tokens": 0} for card in line]
        if entries and deed != NO_DEED:
            entries[-1].update(complete=False, tokens=deed)
        lines.append(entries)
    return {"id": DISTRICT_IDS[d], "properties": lines}


GAME = Magnate()
