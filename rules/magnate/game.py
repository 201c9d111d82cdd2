"""Magnate for two players: the turn (roll, play one card, draw), the end and the scoring."""

from __future__ import annotations

import random
from collections.abc import Iterable
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
from rules.magnate.cards import (
    CARD_ORDER,
    DECK_IDS,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    DISTRICTS,
    RANK,
    SUIT_IDS,
)
from rules.magnate.moves import SUIT_NAMES, TRADE_COST, legal_actions, refusal, suit_index
from rules.magnate.state import (
    ACTION_TYPES,
    NO_DEED,
    PLAYERS,
    BuyDeed,
    Develop,
    DevelopDeed,
    Draw,
    EndTurn,
    MagnateState,
    Phase,
    Roll,
    Sell,
    TakeIncome,
    Trade,
    new_state,
    sort_cards,
)

TAX_DIE = 6
INCOME_DIE = 10
CROWN_ROLL = 10
ACE_RANK = 1
FINAL_TURNS = PLAYERS


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
        if state.phase is Phase.OVER:
            return ()
        if state.phase is Phase.INCOME:
            return (state.pending[0][0],)
        return (state.active,)

    def legal_actions(self, state: MagnateState, seat: Seat) -> list[Action]:
        return legal_actions(state, seat)

    def is_legal(self, state: MagnateState, seat: Seat, action: Action) -> bool:
        return refusal(state, seat, action) is None

    def explain_illegal(self, state: MagnateState, seat: Seat, action: Action) -> IllegalAction:
        return refusal(state, seat, action) or super().explain_illegal(state, seat, action)

    def _apply(self, state: MagnateState, seat: Seat, action: Action) -> Transition:
        s = state.copy()
        events: list[Event] = []
        kind = type(action)
        if kind is Roll:
            _roll(s, events)
            return Transition(s, events, True)
        if kind is Draw or kind is EndTurn:
            _end_turn(s, events)
            return Transition(s, events, kind is Draw)
        if kind is Trade:
            assert isinstance(action, Trade)
            give, take = suit_index(action.give), suit_index(action.take)
            s.tokens[seat][give] -= TRADE_COST
            s.tokens[seat][take] += 1
            events.append(
                event("traded", seat=seat, give=action.give, count=TRADE_COST, take=action.take)
            )
        elif kind is DevelopDeed:
            assert isinstance(action, DevelopDeed)
            _develop_deed(s, seat, DISTRICT_INDEX[action.district], action.suit, events)
        elif kind is TakeIncome:
            assert isinstance(action, TakeIncome)
            _take_income(s, seat, action, events)
        else:
            assert isinstance(action, (Develop, BuyDeed, Sell))
            _play_card(s, seat, action, events)
        return Transition(s, events, False)

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

    def sample_world(self, state: MagnateState, seat: Seat, rng: random.Random) -> MagnateState:
        """Re-deal the opponent's hand and the pile from the cards `seat` has not seen.

        Built only from public facts and `seat`'s hand: the unseen cards in
        canonical order. After the first exhaustion the second pile holds only
        cards that were discarded face up before it was built, so unseen cards
        outside it must be in the opponent's hand.
        """
        s = state.copy()
        s.rng = Rng(rng.getrandbits(64))
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


# -- the roll ------------------------------------------------------------------
def _roll(s: MagnateState, events: list[Event]) -> None:
    """Two d10: taxation if either shows 1 (before income), then income on the higher die."""
    first, second = s.rng.roll(INCOME_DIE), s.rng.roll(INCOME_DIE)
    s.dice = (first, second)
    events.append(event("dice_rolled", seat=s.active, dice=[first, second]))
    if ACE_RANK in s.dice:
        tax = s.rng.roll(TAX_DIE)
        s.dice = (first, second, tax)
        _tax(s, tax - 1, tax, events)
    high = max(first, second)
    order = (s.active, 1 - s.active)
    for p in order:
        gains = [0] * 6
        if high == CROWN_ROLL:
            source = "crowns"
            for crown in s.crowns[p]:
                gains[SUIT_IDS[crown][0]] += 1
        else:
            # Double 1s pay the Aces; otherwise the higher die's rank (doubles pay once).
            source = "aces" if high == ACE_RANK else "properties"
            _rank_income(s, p, high, gains)
        if any(gains):
            for i, n in enumerate(gains):
                s.tokens[p][i] += n
            events.append(event("income", seat=p, source=source, rank=high, tokens=_named(gains)))
    s.phase = Phase.INCOME if s.pending else Phase.PLAY
    for p, d in s.pending:
        events.append(
            event("income_choice", seat=p, district=DISTRICT_IDS[d], card=s.lines[p][d][-1])
        )


def _tax(s: MagnateState, suit: int, die: int, events: list[Event]) -> None:
    """Whoever holds more than one token of the taxed suit keeps one (deeds are safe)."""
    lost = []
    for p in range(PLAYERS):
        extra = max(0, s.tokens[p][suit] - 1)
        s.tokens[p][suit] -= extra
        lost.append(extra)
    events.append(event("taxed", die=die, suit=SUIT_NAMES[suit], lost=lost))


def _rank_income(s: MagnateState, p: Seat, rank: int, gains: list[int]) -> None:
    """Completed properties of `rank` pay a token per suit; deeds queue a choice of one."""
    for d, line in enumerate(s.lines[p]):
        last = len(line) - 1
        for i, card in enumerate(line):
            if RANK[card] != rank:
                continue
            if i == last and s.deeds[p][d] != NO_DEED:
                s.pending.append((p, d))
            else:
                for suit in SUIT_IDS[card]:
                    gains[suit] += 1


def _take_income(s: MagnateState, seat: Seat, action: TakeIncome, events: list[Event]) -> None:
    _, district = s.pending.pop(0)
    s.tokens[seat][suit_index(action.suit)] += 1
    card = s.lines[seat][district][-1]
    events.append(
        event(
            "income",
            seat=seat,
            source="deed",
            rank=RANK[card],
            district=action.district,
            card=card,
            tokens={action.suit: 1},
        )
    )
    if not s.pending:
        s.phase = Phase.PLAY


# -- playing a card ------------------------------------------------------------
def _play_card(
    s: MagnateState, seat: Seat, action: Develop | BuyDeed | Sell, events: list[Event]
) -> None:
    card = action.card
    s.hands[seat].remove(card)
    s.card_played = True
    sids = SUIT_IDS[card]
    if isinstance(action, Sell):
        gains = [0] * 6
        for i in sids:
            gains[i] += 2 if len(sids) == 1 else 1
        for i, n in enumerate(gains):
            s.tokens[seat][i] += n
        s.discards.append(card)
        events.append(event("card_played", seat=seat, card=card, play="sell"))
        events.append(event("tokens_gained", seat=seat, source="sale", tokens=_named(gains)))
        return
    d = DISTRICT_INDEX[action.district]
    paid = [0] * 6
    counts = action.payment if isinstance(action, Develop) else (1,) * len(sids)
    for i, n in zip(sids, counts, strict=True):
        paid[i] += n
        s.tokens[seat][i] -= n
    s.lines[seat][d] = (*s.lines[seat][d], card)
    play = "develop" if isinstance(action, Develop) else "deed"
    events.append(event("card_played", seat=seat, card=card, play=play, district=action.district))
    events.append(event("tokens_spent", seat=seat, tokens=_named(paid), on=play))
    if isinstance(action, Develop):
        events.append(event("property_completed", seat=seat, card=card, district=action.district))
    else:
        s.deeds[seat][d] = 0


def _develop_deed(s: MagnateState, seat: Seat, d: int, suit: str, events: list[Event]) -> None:
    """One token onto the deed; when the tokens on it reach its rank, it is complete."""
    card = s.lines[seat][d][-1]
    s.tokens[seat][suit_index(suit)] -= 1
    placed = s.deeds[seat][d] + 1
    rank = RANK[card]
    events.append(
        event(
            "deed_developed",
            seat=seat,
            card=card,
            district=DISTRICT_IDS[d],
            suit=suit,
            tokens=placed,
            rank=rank,
        )
    )
    if placed >= rank:
        s.deeds[seat][d] = NO_DEED
        events.append(event("property_completed", seat=seat, card=card, district=DISTRICT_IDS[d]))
    else:
        s.deeds[seat][d] = placed


# -- the draw, the end ---------------------------------------------------------
def _end_turn(s: MagnateState, events: list[Event]) -> None:
    """(c) Draw (not in a final turn); then the other player's turn, or the end."""
    seat = s.active
    if s.final_turns:
        s.final_turns -= 1
        events.append(event("turn_ended", seat=seat, final=True))
        if not s.final_turns:
            _finish(s, events)
            return
    else:
        _draw(s, seat, events)
    s.active = 1 - seat
    s.phase = Phase.ROLL
    s.dice = ()
    s.card_played = False
    s.turn += 1
    events.append(event("turn_started", seat=s.active, final=bool(s.final_turns)))


def _draw(s: MagnateState, seat: Seat, events: list[Event]) -> None:
    card = s.deck.pop()
    hand = s.hands[seat]
    hand.append(card)
    hand.sort(key=CARD_ORDER.__getitem__)
    events.append(event("card_drawn", seat=seat, deck_size=len(s.deck)))
    events.append(event("card_received", [seat], seat=seat, card=card))
    if s.deck:
        return
    s.exhaustions += 1
    events.append(event("deck_exhausted", count=s.exhaustions))
    if s.exhaustions == 1 and s.discards:
        pile = sort_cards(s.discards)
        s.second_pile = tuple(pile)
        s.discards = []
        s.rng.shuffle(pile)
        s.deck = pile
        events.append(event("deck_rebuilt", cards=sort_cards(pile), size=len(pile)))
        return
    # The second exhaustion (or a first one with no discards to rebuild from):
    # everyone takes one more turn without drawing, the one who emptied it last.
    s.exhaustions = 2
    s.final_turns = FINAL_TURNS
    events.append(event("final_turns", order=[1 - seat, seat]))


class Tally:
    """The final count: points per seat, completed rank totals and tokens (the tie-breaks)."""

    __slots__ = ("district_sums", "points", "tokens", "totals")

    def __init__(self, s: MagnateState) -> None:
        self.district_sums = [
            [sum(RANK[c] for c in _completed(s, p, d)) for d in range(len(DISTRICTS))]
            for p in range(PLAYERS)
        ]
        self.points = [0] * PLAYERS
        for d in range(len(DISTRICTS)):
            a, b = self.district_sums[0][d], self.district_sums[1][d]
            if a != b:
                self.points[0 if a > b else 1] += 1
        self.totals = [sum(row) for row in self.district_sums]
        self.tokens = [sum(t) for t in s.tokens]


def score(s: MagnateState) -> Tally:
    return Tally(s)


def _completed(s: MagnateState, p: Seat, d: int) -> tuple[str, ...]:
    line = s.lines[p][d]
    return line if s.deeds[p][d] == NO_DEED else line[:-1]


def _finish(s: MagnateState, events: list[Event]) -> None:
    """The Grand Duke dies: unfinished deeds leave the board with their tokens; count."""
    for p in range(PLAYERS):
        for d in range(len(DISTRICTS)):
            if s.deeds[p][d] != NO_DEED:
                card = s.lines[p][d][-1]
                events.append(
                    event(
                        "deed_removed",
                        seat=p,
                        card=card,
                        district=DISTRICT_IDS[d],
                        tokens=s.deeds[p][d],
                    )
                )
                s.lines[p][d] = s.lines[p][d][:-1]
                s.deeds[p][d] = NO_DEED
                s.discards.append(card)
    s.phase = Phase.OVER
    tally = score(s)
    events.append(
        event(
            "game_over",
            points=tally.points,
            district_sums=tally.district_sums,
            totals=tally.totals,
            tokens=tally.tokens,
        )
    )


def _named(counts: list[int]) -> dict[str, int]:
    return {SUIT_NAMES[i]: n for i, n in enumerate(counts) if n}


GAME = Magnate()
