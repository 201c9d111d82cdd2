"""Which moves a seat has: the list of legal actions and, side by side, why any other is refused.

`legal_actions` enumerates; `refusal` checks one action on its own (so `apply`
need not enumerate). Both read the same small predicates below, and a test
holds them together over the whole action space.
"""

from __future__ import annotations

from rules.core import Action, IllegalAction, Seat
from rules.magnate.cards import (
    CARDS,
    DECK_IDS,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    DISTRICTS,
    EXCUSE,
    RANK,
    SUIT_IDS,
    SUIT_INDEX,
    SUITS,
)
from rules.magnate.state import (
    NO_DEED,
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
)

DEED_MIN_RANK = 3
"""Aces and 2s cannot be bought as deeds: the deed would cost what the card does."""
TRADE_COST = 3

SUIT_NAMES: tuple[str, ...] = tuple(s.value for s in SUITS)
_SUIT_POS: dict[str, int] = {s.value: SUIT_INDEX[s] for s in SUITS}

# Suit sets as bit masks: two cards share a suit when their masks meet.
_MASK: dict[str, int] = {cid: sum(1 << i for i in sids) for cid, sids in SUIT_IDS.items()}
_DISTRICT_MASK: tuple[int, ...] = tuple(_MASK[d.id] for d in DISTRICTS)

# Every action object built once: the hot path hands out shared instances.
ROLL = Roll()
DRAW = Draw()
END_TURN = EndTurn()
_TRADES = tuple(tuple(Trade(SUIT_NAMES[g], SUIT_NAMES[t]) for t in range(6)) for g in range(6))
_DEED_STEPS = tuple(tuple(DevelopDeed(d, SUIT_NAMES[i]) for i in range(6)) for d in DISTRICT_IDS)
_INCOME = tuple(tuple(TakeIncome(d, SUIT_NAMES[i]) for i in range(6)) for d in DISTRICT_IDS)
_SELL = {cid: Sell(cid) for cid in DECK_IDS}
_BUY = {cid: tuple(BuyDeed(cid, d) for d in DISTRICT_IDS) for cid in DECK_IDS}


def payments(rank: int, suits: int) -> list[tuple[int, ...]]:
    """Every way to pay `rank` tokens over `suits` suits with at least one of each."""
    if suits == 1:
        return [(rank,)]
    return [(x, rank - x) for x in range(1, rank)]


_DEVELOP = {
    cid: tuple(
        {p: Develop(cid, d, p) for p in payments(RANK[cid], len(SUIT_IDS[cid]))}
        for d in DISTRICT_IDS
    )
    for cid in DECK_IDS
}


# -- shared predicates ---------------------------------------------------------
def placement_against(s: MagnateState, seat: Seat, district: int) -> str | None:
    """The card a new property in `district` must share a suit with (None: any suit)."""
    line = s.lines[seat][district]
    if line:
        return line[-1]
    return None if district == EXCUSE else DISTRICT_IDS[district]


def can_place(s: MagnateState, seat: Seat, card: str, district: int) -> bool:
    if s.deeds[seat][district] != NO_DEED:
        return False
    line = s.lines[seat][district]
    if line:
        return bool(_MASK[card] & _MASK[line[-1]])
    return district == EXCUSE or bool(_MASK[card] & _DISTRICT_MASK[district])


def can_build_now(s: MagnateState, seat: Seat) -> bool:
    """Whether any card in hand can be developed or bought as a deed with the tokens held."""
    tokens = s.tokens[seat]
    for card in s.hands[seat]:
        places = [d for d in range(len(DISTRICTS)) if can_place(s, seat, card, d)]
        if places and (_develop_range(tokens, card) or _deed_affordable(tokens, card)):
            return True
    return False


def _develop_range(tokens: list[int], card: str) -> range:
    """Counts of the card's first suit that make a valid, affordable payment."""
    sids = SUIT_IDS[card]
    rank = RANK[card]
    if len(sids) == 1:
        return range(1, 2) if tokens[sids[0]] >= rank else range(0)
    a, b = sids
    return range(max(1, rank - tokens[b]), min(tokens[a], rank - 1) + 1)


def _deed_affordable(tokens: list[int], card: str) -> bool:
    """A deed may be bought: the card is not an Ace or a 2, one token of each of its
    suits is held, and the full price cannot be paid this turn (the seed's condition)."""
    if RANK[card] < DEED_MIN_RANK or payable_in_full(tokens, card):
        return False
    return all(tokens[i] >= 1 for i in SUIT_IDS[card])


def payable_in_full(tokens: list[int], card: str) -> bool:
    """Whether the card's whole price can be paid this turn, counting what the bank's
    trades (three of one suit for one of another) could make.

    Trading straight into the card's suits is always at least as good as a chain of
    trades, so the tokens of the other suits add `t // 3` each. Between the card's own
    two suits one trade can only help to cover a suit held zero times; it costs two.
    """
    sids = SUIT_IDS[card]
    rank = RANK[card]
    extra = sum(tokens[i] // TRADE_COST for i in range(len(tokens)) if i not in sids)
    if len(sids) == 1:
        return tokens[sids[0]] + extra >= rank
    a, b = (tokens[i] for i in sids)
    starts = [(a, b)]
    if a >= TRADE_COST:
        starts.append((a - TRADE_COST, b + 1))
    if b >= TRADE_COST:
        starts.append((a + 1, b - TRADE_COST))
    return any(
        extra >= (x == 0) + (y == 0) and x + y + extra >= rank for x, y in starts
    )


# -- enumeration ---------------------------------------------------------------
def legal_actions(s: MagnateState, seat: Seat) -> list[Action]:
    """Every action `seat` may take now, each listed once."""
    phase = s.phase
    if phase is Phase.OVER:
        return []
    if phase is Phase.INCOME:
        owner, district = s.pending[0]
        if seat != owner:
            return []
        choices = _INCOME[district]
        return [choices[i] for i in SUIT_IDS[s.lines[owner][district][-1]]]
    if seat != s.active:
        return []
    if phase is Phase.ROLL:
        return [ROLL]
    out: list[Action] = []
    tokens = s.tokens[seat]
    if not s.card_played:
        for card in s.hands[seat]:
            _card_plays(s, seat, card, tokens, out)
    for district, placed in enumerate(s.deeds[seat]):
        if placed != NO_DEED:
            steps = _DEED_STEPS[district]
            for i in SUIT_IDS[s.lines[seat][district][-1]]:
                if tokens[i]:
                    out.append(steps[i])
    for give in range(6):
        if tokens[give] >= TRADE_COST:
            row = _TRADES[give]
            out.extend(row[t] for t in range(6) if t != give)
    if s.card_played:
        out.append(END_TURN if s.final_turns else DRAW)
    return out


def _card_plays(
    s: MagnateState, seat: Seat, card: str, tokens: list[int], out: list[Action]
) -> None:
    develop = _DEVELOP[card]
    counts = _develop_range(tokens, card)
    deed = _deed_affordable(tokens, card)
    if counts or deed:
        rank = RANK[card]
        two = len(SUIT_IDS[card]) == 2
        for district in range(len(DISTRICTS)):
            if not can_place(s, seat, card, district):
                continue
            options = develop[district]
            for x in counts:
                out.append(options[(x, rank - x) if two else (rank,)])
            if deed:
                out.append(_BUY[card][district])
    out.append(_SELL[card])


# -- one action on its own -------------------------------------------------------
def refusal(s: MagnateState, seat: Seat, action: Action) -> IllegalAction | None:
    """Why `seat` may not take `action` now, or None when it is legal."""
    if s.phase is Phase.OVER:
        return IllegalAction("game_over")
    if s.phase is Phase.INCOME:
        owner = s.pending[0][0]
        if seat != owner:
            return IllegalAction("not_your_turn", seat=seat, to_act=[owner])
        if isinstance(action, TakeIncome):
            return _income_refusal(s, action)
        return IllegalAction(
            "income_pending", action=action.TYPE, seat=owner, district=DISTRICT_IDS[s.pending[0][1]]
        )
    if seat != s.active:
        return IllegalAction("not_your_turn", seat=seat, to_act=[s.active])
    if isinstance(action, Roll):
        return None if s.phase is Phase.ROLL else IllegalAction("already_rolled")
    if s.phase is Phase.ROLL:
        return IllegalAction("roll_first", action=action.TYPE)
    if isinstance(action, TakeIncome):
        return IllegalAction("wrong_phase", action=action.TYPE, phase=s.phase.value)
    if isinstance(action, (Develop, BuyDeed, Sell)):
        return _card_refusal(s, seat, action)
    if isinstance(action, DevelopDeed):
        return _deed_step_refusal(s, seat, action)
    if isinstance(action, Trade):
        return _trade_refusal(s, seat, action)
    if isinstance(action, (Draw, EndTurn)):
        return _end_refusal(s, seat, action)
    return IllegalAction("unknown_action", action=repr(action))


def _income_refusal(s: MagnateState, action: TakeIncome) -> IllegalAction | None:
    owner, district = s.pending[0]
    if DISTRICT_INDEX.get(action.district) != district:
        return IllegalAction(
            "not_income_deed", district=action.district, expected=DISTRICT_IDS[district]
        )
    card = s.lines[owner][district][-1]
    if _SUIT_POS.get(action.suit, -1) not in SUIT_IDS[card]:
        return IllegalAction("suit_mismatch", suit=action.suit, card=card, suits=_names(card))
    return None


def _card_refusal(
    s: MagnateState, seat: Seat, action: Develop | BuyDeed | Sell
) -> IllegalAction | None:
    if s.card_played:
        return IllegalAction("one_card_per_turn", action=action.TYPE)
    card = action.card
    if card not in s.hands[seat]:
        return IllegalAction("card_not_in_hand", card=card)
    if isinstance(action, Sell):
        return None
    district = DISTRICT_INDEX.get(action.district)
    if district is None:
        return IllegalAction("unknown_district", district=action.district)
    if isinstance(action, BuyDeed) and RANK[card] < DEED_MIN_RANK:
        return IllegalAction(
            "deed_not_allowed_for_rank", card=card, rank=RANK[card], minimum=DEED_MIN_RANK
        )
    if s.deeds[seat][district] != NO_DEED:
        return IllegalAction(
            "unfinished_deed_here", district=action.district, deed=s.lines[seat][district][-1]
        )
    if not can_place(s, seat, card, district):
        against = placement_against(s, seat, district)
        return IllegalAction(
            "suit_mismatch",
            card=card,
            district=action.district,
            against=against,
            suits=_names(card),
            allowed=_names(against) if against else [],
        )
    if isinstance(action, BuyDeed):
        if payable_in_full(s.tokens[seat], card):
            return IllegalAction("deed_when_payable_in_full", card=card, rank=RANK[card])
        return _afford(s.tokens[seat], {i: 1 for i in SUIT_IDS[card]})
    return _payment_refusal(s.tokens[seat], card, action.payment)


def _payment_refusal(
    tokens: list[int], card: str, payment: tuple[int, ...]
) -> IllegalAction | None:
    sids = SUIT_IDS[card]
    rank = RANK[card]
    if len(payment) != len(sids) or sum(payment) != rank or min(payment, default=0) < 1:
        return IllegalAction(
            "bad_payment", card=card, payment=list(payment), rank=rank, suits=_names(card)
        )
    return _afford(tokens, dict(zip(sids, payment, strict=True)))


def _afford(tokens: list[int], need: dict[int, int]) -> IllegalAction | None:
    for i, n in need.items():
        if tokens[i] < n:
            return IllegalAction("cannot_afford", suit=SUIT_NAMES[i], need=n, have=tokens[i])
    return None


def _deed_step_refusal(s: MagnateState, seat: Seat, action: DevelopDeed) -> IllegalAction | None:
    district = DISTRICT_INDEX.get(action.district)
    if district is None:
        return IllegalAction("unknown_district", district=action.district)
    if s.deeds[seat][district] == NO_DEED:
        return IllegalAction("no_deed_here", district=action.district)
    card = s.lines[seat][district][-1]
    suit = _SUIT_POS.get(action.suit, -1)
    if suit not in SUIT_IDS[card]:
        return IllegalAction("suit_mismatch", suit=action.suit, card=card, suits=_names(card))
    return _afford(s.tokens[seat], {suit: 1})


def _trade_refusal(s: MagnateState, seat: Seat, action: Trade) -> IllegalAction | None:
    give = _SUIT_POS.get(action.give)
    take = _SUIT_POS.get(action.take)
    if give is None or take is None:
        bad = action.give if give is None else action.take
        return IllegalAction("unknown_suit", suit=bad)
    if give == take:
        return IllegalAction("same_suit", suit=action.give)
    return _afford(s.tokens[seat], {give: TRADE_COST})


def _end_refusal(s: MagnateState, seat: Seat, action: Draw | EndTurn) -> IllegalAction | None:
    if isinstance(action, Draw) and s.final_turns:
        return IllegalAction("no_draw_in_final_turn")
    if isinstance(action, EndTurn) and not s.final_turns:
        return IllegalAction("must_draw")
    if not s.card_played:
        return IllegalAction("must_play_card" if can_build_now(s, seat) else "must_sell")
    return None


def _names(card: str) -> list[str]:
    return [s.value for s in CARDS[card].suits]


def suit_index(name: str) -> int:
    """The index 0–5 of a suit named in an action."""
    return _SUIT_POS[name]
