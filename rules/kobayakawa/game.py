"""Kobayakawa: seven rounds of one hidden card, a shared Kobayakawa value, and medals bet on it."""

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
)
from rules.kobayakawa import logic
from rules.kobayakawa.actions import Draw, Fight, Flip, Keep, Pass
from rules.kobayakawa.components import CARDS, NO_CARD, ROUNDS, UNDECIDED
from rules.kobayakawa.state import KobayakawaState, Phase


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

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> KobayakawaState:
        return logic.new_state(players, seed, options)

    def players(self, state: KobayakawaState) -> int:
        return state.players

    # -- playing ---------------------------------------------------------
    def to_act(self, state: KobayakawaState) -> tuple[Seat, ...]:
        return () if state.phase is _OVER else _SEATS[state.order[state.turn]]

    # The rules' own functions, called without a method in between.
    legal_actions = staticmethod(logic.legal_actions)
    is_legal = staticmethod(logic.is_legal)

    def explain_illegal(
        self, state: KobayakawaState, seat: Seat, action: Action
    ) -> IllegalAction:
        return logic.refusal(state, seat, action)

    def _apply(self, state: KobayakawaState, seat: Seat, action: Action) -> Transition:
        return logic.apply_action(state, seat, action)

    apply = logic.checked_apply

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
            "discards": [list(d) for d in state.discards],
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

    def open_view(self, state: KobayakawaState) -> JsonDict:
        """The spectator's view plus `hands` (each seat's card, None when out of the
        round) and `drawn_card` (a card drawn and not yet kept)."""
        out = self.view(state, None)
        out["hands"] = [h or None for h in state.hands]
        out["drawn_card"] = state.drawn or None
        return out

    def sample_world(
        self, state: KobayakawaState, seat: Seat, rng: random.Random
    ) -> KobayakawaState:
        fields = state.__dict__.copy()  # the world owns its lists: the search plays in it
        fields["rng"] = Rng(rng.getrandbits(64))
        fields["medals"] = state.medals[:]
        fields["discards"] = discards = state.discards[:]
        fields["pile"] = pile = state.pile[:]
        fields["stakes"] = state.stakes[:]
        fields["hands"] = hands = state.hands[:]
        world = _new_state(KobayakawaState)
        world.__dict__ = fields
        phase = state.phase
        if phase is _OVER:
            fields["deck"] = state.deck[:]
            return world
        seen = set(pile)
        for cards in discards:
            seen.update(cards)
        seen.add(hands[seat])
        i_drew = phase is _KEEP and state.order[state.turn] == seat
        if i_drew:
            seen.add(state.drawn)
        unseen = [c for c in CARDS if c not in seen]
        rng.shuffle(unseen)
        for q in range(state.players):
            if q != seat and hands[q] != NO_CARD:
                hands[q] = unseen.pop()
        if phase is _KEEP and not i_drew:
            fields["drawn"] = unseen.pop()
        fields["deck"] = unseen[: len(state.deck)]
        return world

    def action_space(self, state: KobayakawaState) -> Iterable[Action]:
        yield Draw()
        yield Flip()
        yield Fight()
        yield Pass()
        for card in (0, *CARDS, 16):
            yield Keep(card)



_OVER, _KEEP = Phase.OVER, Phase.KEEP
_SEATS = tuple((seat,) for seat in range(Kobayakawa.info.max_players))
"""`to_act`'s answers, built once."""
_new_state = object.__new__

GAME = Kobayakawa()
