"""Magnate's rules of play: which moves a seat has, why any other is refused, and what
each move does (the roll, income, cards, deeds, the draw, the end and the score).

`legal_actions` enumerates; `refusal` checks one action on its own (so `apply`
need not enumerate). Both read the same small predicates below, and a test
holds them together over the whole action space. `apply_action` is the effect.
"""

from __future__ import annotations

import functools
from operator import add

from rules.core import Action, Event, IllegalAction, Seat, Transition, event
from rules.magnate.actions import (
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
    ACE_RANK,
    CARD_ORDER,
    CARDS,
    CROWN_ROLL,
    DECK_IDS,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    DISTRICTS,
    EXCUSE,
    INCOME_DIE,
    RANK,
    SUIT_IDS,
    SUIT_INDEX,
    SUITS,
    TAX_DIE,
)
from rules.magnate.state import NO_DEED, PLAYERS, MagnateState, Phase, sort_cards

DEED_MIN_RANK = 3
"""Aces and 2s cannot be bought as deeds: the deed would cost what the card does."""
TRADE_COST = 3
FINAL_TURNS = PLAYERS

SUIT_NAMES: tuple[str, ...] = tuple(s.value for s in SUITS)
_SUIT_POS: dict[str, int] = {s.value: SUIT_INDEX[s] for s in SUITS}

# Suit sets as bit masks: two cards share a suit when their masks meet.
MASK: dict[str, int] = {cid: sum(1 << i for i in sids) for cid, sids in SUIT_IDS.items()}
_DISTRICT_MASK: tuple[int, ...] = tuple(MASK[d.id] for d in DISTRICTS)

# Every action object built once: the hot path hands out shared instances.
ROLL = Roll()
DRAW = Draw()
END_TURN = EndTurn()
TRADES = tuple(tuple(Trade(SUIT_NAMES[g], SUIT_NAMES[t]) for t in range(6)) for g in range(6))
DEED_STEPS = tuple(tuple(DevelopDeed(d, SUIT_NAMES[i]) for i in range(6)) for d in DISTRICT_IDS)
INCOMES = tuple(tuple(TakeIncome(d, SUIT_NAMES[i]) for i in range(6)) for d in DISTRICT_IDS)
SELLS = {cid: Sell(cid) for cid in DECK_IDS}
BUYS = {cid: tuple(BuyDeed(cid, d) for d in DISTRICT_IDS) for cid in DECK_IDS}


def payments(rank: int, suits: int) -> list[tuple[int, ...]]:
    """Every way to pay `rank` tokens over `suits` suits with at least one of each."""
    if suits == 1:
        return [(rank,)]
    return [(x, rank - x) for x in range(1, rank)]


DEVELOPS = {
    cid: tuple(
        {p: Develop(cid, d, p) for p in payments(RANK[cid], len(SUIT_IDS[cid]))}
        for d in DISTRICT_IDS
    )
    for cid in DECK_IDS
}
DEVELOPS_BY_COUNT = {
    cid: tuple(
        {p[0]: action for p, action in per_payment.items()} for per_payment in per_district
    )
    for cid, per_district in DEVELOPS.items()
}
"""Per card and district, the development by how many tokens of the card's first suit it
pays (a one-suit card: its rank)."""


# The phases as module constants: reading `Phase.PLAY` costs an enum lookup each time.
_ROLL, _INCOME, _PLAY, _OVER = Phase.ROLL, Phase.INCOME, Phase.PLAY, Phase.OVER


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
        return bool(MASK[card] & MASK[line[-1]])
    return district == EXCUSE or bool(MASK[card] & _DISTRICT_MASK[district])


def can_build_now(s: MagnateState, seat: Seat) -> bool:
    """Whether any card in hand can be developed or bought as a deed with the tokens held."""
    tokens = s.tokens[seat]
    for card in s.hands[seat]:
        places = [d for d in range(len(DISTRICTS)) if can_place(s, seat, card, d)]
        if places and (_develop_range(tokens, card) or deed_affordable(tokens, card)):
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


def deed_affordable(tokens: list[int], card: str) -> bool:
    """A deed may be bought: the card is not an Ace or a 2, one token of each of its
    suits is held, and the full price cannot be paid this turn (the seed's condition)."""
    if RANK[card] < DEED_MIN_RANK:
        return False
    for i in SUIT_IDS[card]:
        if not tokens[i]:
            return False
    return not payable_in_full(tokens, card)


def payable_in_full(tokens: list[int], card: str) -> bool:
    """Whether the card's whole price can be paid this turn, counting what the bank's
    trades (three of one suit for one of another) could make.

    Trading straight into the card's suits is always at least as good as a chain of
    trades, so the tokens of the other suits add `t // 3` each. Between the card's own
    two suits one trade can only help to cover a suit held zero times; it costs two.
    """
    sids = SUIT_IDS[card]
    rank = RANK[card]
    extra = 0
    for i, t in enumerate(tokens):
        if t >= TRADE_COST and i not in sids:
            extra += t // TRADE_COST
    if len(sids) == 1:
        return tokens[sids[0]] + extra >= rank
    a, b = tokens[sids[0]], tokens[sids[1]]
    if extra >= (a == 0) + (b == 0) and a + b + extra >= rank:
        return True
    if a >= TRADE_COST and extra >= (a == TRADE_COST) and a + b - 2 + extra >= rank:
        return True  # three of the first suit traded for one of the second
    return b >= TRADE_COST and extra >= (b == TRADE_COST) and a + b - 2 + extra >= rank


# -- enumeration ---------------------------------------------------------------
def legal_actions(state: MagnateState, seat: Seat) -> list[Action]:
    """Every action `seat` may take now, each listed once."""
    s = state
    phase = s.phase
    if phase is _OVER:
        return []
    if phase is _INCOME:
        owner, district = s.pending[0]
        if seat != owner:
            return []
        choices = INCOMES[district]
        return [choices[i] for i in SUIT_IDS[s.lines[owner][district][-1]]]
    if seat != s.active:
        return []
    if phase is _ROLL:
        return [ROLL]
    out: list[Action] = []
    tokens = s.tokens[seat]
    if not s.card_played:
        _card_plays(s, seat, tokens, out)
    out.extend(deed_steps(s, seat))
    for give in range(6):
        if tokens[give] >= TRADE_COST:
            row = TRADES[give]
            out.extend(row[t] for t in range(6) if t != give)
    if s.card_played:
        out.append(END_TURN if s.final_turns else DRAW)
    return out


def deed_steps(s: MagnateState, seat: Seat) -> list[Action]:
    """A token of each suit `seat` holds onto each of its unfinished deeds of that suit,
    district by district."""
    deeds = s.deeds[seat]
    if max(deeds) == NO_DEED:  # no unfinished deed (the usual case)
        return []
    out: list[Action] = []
    tokens = s.tokens[seat]
    lines = s.lines[seat]
    for district, placed in enumerate(deeds):
        if placed != NO_DEED:
            steps = DEED_STEPS[district]
            for i in SUIT_IDS[lines[district][-1]]:
                if tokens[i]:
                    out.append(steps[i])
    return out


_ANY_SUIT = (1 << len(SUITS)) - 1


def accepted_suits(s: MagnateState, seat: Seat) -> list[int]:
    """Per district, the suits (a mask) a new property of `seat`'s there may show: the
    district's, the last property's, any at the Excuse, none on an unfinished deed (what
    `can_place` says, for every card at once)."""
    accepted = []
    deeds = s.deeds[seat]
    for district, line in enumerate(s.lines[seat]):
        if deeds[district] != NO_DEED:
            accepted.append(0)
        elif line:
            accepted.append(MASK[line[-1]])
        else:
            accepted.append(_ANY_SUIT if district == EXCUSE else _DISTRICT_MASK[district])
    return accepted


def develop_counts(tokens: list[int], card: str) -> range:
    """The tokens of the card's first suit that an affordable development pays: a range
    of `DEVELOPS_BY_COUNT`'s keys (a one-suit card: its rank, or none)."""
    sids = SUIT_IDS[card]
    rank = RANK[card]
    if len(sids) == 1:
        return range(rank, rank + 1) if tokens[sids[0]] >= rank else range(0)
    return range(max(1, rank - tokens[sids[1]]), min(tokens[sids[0]], rank - 1) + 1)


def _card_plays(s: MagnateState, seat: Seat, tokens: list[int], out: list[Action]) -> None:
    """Every play of every card in hand, in hand order: its developments and deed in each
    district that takes it (`can_place`), then its sale."""
    accepted = accepted_suits(s, seat)
    for card in s.hands[seat]:
        sids = SUIT_IDS[card]
        if not (tokens[sids[0]] and tokens[sids[-1]]):  # no token of a suit: only the sale
            out.append(SELLS[card])
            continue
        counts = develop_counts(tokens, card)
        deed = deed_affordable(tokens, card)
        if counts or deed:
            mask = MASK[card]
            by_count = DEVELOPS_BY_COUNT[card]
            buys = BUYS[card]
            for district in range(len(DISTRICTS)):
                if not mask & accepted[district]:
                    continue
                options = by_count[district]
                for x in counts:
                    out.append(options[x])
                if deed:
                    out.append(buys[district])
        out.append(SELLS[card])


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


def is_legal(state: MagnateState, seat: Seat, action: Action) -> bool:
    """Whether `refusal(state, seat, action)` is None: the turn's frequent steps (the
    roll, a deed's token, the draw, the end of a final turn) answered at once, the rest
    by `refusal`."""
    s = state
    kind = type(action)
    if kind is DevelopDeed:  # the most frequent in the search's rollouts
        assert isinstance(action, DevelopDeed)
        if s.phase is not _PLAY or seat != s.active:
            return False
        district = DISTRICT_INDEX.get(action.district)
        if district is None or s.deeds[seat][district] == NO_DEED:
            return False
        suit = _SUIT_POS.get(action.suit, -1)
        return suit in SUIT_IDS[s.lines[seat][district][-1]] and s.tokens[seat][suit] >= 1
    if kind is Roll:
        return s.phase is _ROLL and seat == s.active
    if kind is Draw or kind is EndTurn:
        return (s.phase is _PLAY and seat == s.active and s.card_played
                and bool(s.final_turns) is (kind is EndTurn))
    if kind is Develop or kind is BuyDeed or kind is Sell:
        assert isinstance(action, Develop | BuyDeed | Sell)
        return (s.phase is _PLAY and seat == s.active and not s.card_played
                and action.card in s.hands[seat]
                and (kind is Sell or _card_placed(s, seat, action)))
    if kind is TakeIncome:  # `refusal`: only in phase INCOME, by the owner, as listed
        assert isinstance(action, TakeIncome)
        if s.phase is not _INCOME:
            return False
        owner, pending = s.pending[0]
        return (seat == owner and DISTRICT_INDEX.get(action.district) == pending
                and _SUIT_POS.get(action.suit, -1) in SUIT_IDS[s.lines[owner][pending][-1]])
    return refusal(s, seat, action) is None


def _card_placed(s: MagnateState, seat: Seat, action: Develop | BuyDeed | Sell) -> bool:
    """`_card_refusal`'s checks after the card is found in hand, as one answer."""
    assert isinstance(action, Develop | BuyDeed)
    card = action.card
    district = DISTRICT_INDEX.get(action.district)
    if district is None or not can_place(s, seat, card, district):
        return False  # can_place also refuses a district holding an unfinished deed
    tokens = s.tokens[seat]
    if isinstance(action, BuyDeed):
        return deed_affordable(tokens, card)
    payment = action.payment
    sids = SUIT_IDS[card]
    if len(payment) != len(sids) or sum(payment) != RANK[card] or min(payment, default=0) < 1:
        return False
    return all(tokens[i] >= n for i, n in zip(sids, payment, strict=True))


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


# -- what an action does -----------------------------------------------------
def apply_action(state: MagnateState, seat: Seat, action: Action) -> Transition:
    """The effect of a legal action, on a copy of the state; the roll and the draw are
    undo barriers (chance, a drawn card)."""
    s = state.copy()
    kind = type(action)
    return Transition(s, play(s, seat, action), kind is Roll or kind is Draw)


def play(s: MagnateState, seat: Seat, action: Action) -> list[Event]:
    """The effect of a legal action (one `legal_actions(s, seat)` lists) on `s` itself;
    its events. `apply_action` on a copy for everyone; the search on its own worlds."""
    events: list[Event] = []
    kind = type(action)
    if kind is DevelopDeed:
        assert isinstance(action, DevelopDeed)
        _develop_deed(s, seat, DISTRICT_INDEX[action.district], action.suit, events)
    elif kind is Roll:
        _roll(s, events)
    elif kind is Draw or kind is EndTurn:
        _end_turn(s, events)
    elif kind is Trade:
        assert isinstance(action, Trade)
        tokens = s.tokens[seat]
        tokens[_SUIT_POS[action.give]] -= TRADE_COST
        tokens[_SUIT_POS[action.take]] += 1
        events.append({"type": "traded", "to": "all", "seat": seat, "give": action.give,
                       "count": TRADE_COST, "take": action.take})
    elif kind is TakeIncome:
        assert isinstance(action, TakeIncome)
        _take_income(s, seat, action, events)
    elif kind is Sell:
        assert isinstance(action, Sell)
        _sell(s, seat, action.card, events)
    else:
        assert isinstance(action, (Develop, BuyDeed))
        _build(s, seat, action, events)
    return events


# -- the roll ------------------------------------------------------------------
def _roll(s: MagnateState, events: list[Event]) -> None:
    """Two d10: taxation if either shows 1 (before income), then income on the higher die."""
    rng = s.rng
    first, second = rng.below(INCOME_DIE) + 1, rng.below(INCOME_DIE) + 1  # `roll`
    s.dice = (first, second)
    active = s.active
    events.append({"type": "dice_rolled", "to": "all", "seat": active, "dice": [first, second]})
    if first == ACE_RANK or second == ACE_RANK:
        tax = s.rng.roll(TAX_DIE)
        s.dice = (first, second, tax)
        _tax(s, tax - 1, tax, events)
    high = first if first > second else second
    for p in (active, 1 - active):
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
            tokens = s.tokens[p]
            tokens[:] = map(add, tokens, gains)
            events.append({"type": "income", "to": "all", "seat": p, "source": source,
                           "rank": high, "tokens": _named(gains)})
    s.phase = _INCOME if s.pending else _PLAY
    for p, d in s.pending:
        events.append({"type": "income_choice", "to": "all", "seat": p,
                       "district": DISTRICT_IDS[d], "card": s.lines[p][d][-1]})


def _tax(s: MagnateState, suit: int, die: int, events: list[Event]) -> None:
    """Whoever holds more than one token of the taxed suit keeps one (deeds are safe)."""
    lost = []
    for p in range(PLAYERS):
        extra = max(0, s.tokens[p][suit] - 1)
        s.tokens[p][suit] -= extra
        lost.append(extra)
    events.append({"type": "taxed", "to": "all", "die": die, "suit": SUIT_NAMES[suit],
                   "lost": lost})


def _rank_income(s: MagnateState, p: Seat, rank: int, gains: list[int]) -> None:
    """Completed properties of `rank` pay a token per suit; deeds queue a choice of one."""
    lines = s.lines[p]
    if rank not in _row_ranks(tuple(lines)):
        return
    deeds = s.deeds[p]
    for d, line in enumerate(lines):
        last = len(line) - 1
        for i, card in enumerate(line):
            if RANK[card] != rank:
                continue
            if i == last and deeds[d] != NO_DEED:
                s.pending.append((p, d))
            else:
                for suit in SUIT_IDS[card]:
                    gains[suit] += 1


@functools.lru_cache(maxsize=1 << 14)
def _row_ranks(lines: tuple[tuple[str, ...], ...]) -> frozenset[int]:
    """The ranks in a seat's district lines (cached: rows recur across the search's
    worlds)."""
    return frozenset(RANK[card] for line in lines for card in line)


def _take_income(s: MagnateState, seat: Seat, action: TakeIncome, events: list[Event]) -> None:
    _, district = s.pending.pop(0)
    s.tokens[seat][_SUIT_POS[action.suit]] += 1
    card = s.lines[seat][district][-1]
    events.append({"type": "income", "to": "all", "seat": seat, "source": "deed",
                   "rank": RANK[card], "district": action.district, "card": card,
                   "tokens": {action.suit: 1}})
    if not s.pending:
        s.phase = _PLAY


# -- playing a card ------------------------------------------------------------
def _sell(s: MagnateState, seat: Seat, card: str, events: list[Event]) -> None:
    """One token of each of the card's suits (two for an Ace's single suit)."""
    s.hands[seat].remove(card)
    s.card_played = True
    sids = SUIT_IDS[card]
    gains = [0] * 6
    for i in sids:
        gains[i] += 2 if len(sids) == 1 else 1
    tokens = s.tokens[seat]
    for i, n in enumerate(gains):
        tokens[i] += n
    s.discards.append(card)
    events.append({"type": "card_played", "to": "all", "seat": seat, "card": card,
                   "play": "sell"})
    events.append({"type": "tokens_gained", "to": "all", "seat": seat, "source": "sale",
                   "tokens": _named(gains)})


def _build(s: MagnateState, seat: Seat, action: Develop | BuyDeed, events: list[Event]) -> None:
    """The card as a completed property (paid in full) or as a deed (one of each suit)."""
    card = action.card
    s.hands[seat].remove(card)
    s.card_played = True
    sids = SUIT_IDS[card]
    develop = type(action) is Develop
    d = DISTRICT_INDEX[action.district]
    paid = [0] * 6
    counts = action.payment if isinstance(action, Develop) else (1,) * len(sids)
    tokens = s.tokens[seat]
    for i, n in zip(sids, counts, strict=True):
        paid[i] += n
        tokens[i] -= n
    s.lines[seat][d] = (*s.lines[seat][d], card)
    play = "develop" if develop else "deed"
    events.append({"type": "card_played", "to": "all", "seat": seat, "card": card,
                   "play": play, "district": action.district})
    events.append({"type": "tokens_spent", "to": "all", "seat": seat, "tokens": _named(paid),
                   "on": play})
    if develop:
        events.append({"type": "property_completed", "to": "all", "seat": seat, "card": card,
                       "district": action.district})
    else:
        s.deeds[seat][d] = 0


def _develop_deed(s: MagnateState, seat: Seat, d: int, suit: str, events: list[Event]) -> None:
    """One token onto the deed; when the tokens on it reach its rank, it is complete."""
    card = s.lines[seat][d][-1]
    s.tokens[seat][_SUIT_POS[suit]] -= 1
    placed = s.deeds[seat][d] + 1
    rank = RANK[card]
    district = DISTRICT_IDS[d]
    events.append({"type": "deed_developed", "to": "all", "seat": seat, "card": card,
                   "district": district, "suit": suit, "tokens": placed, "rank": rank})
    if placed >= rank:
        s.deeds[seat][d] = NO_DEED
        events.append({"type": "property_completed", "to": "all", "seat": seat, "card": card,
                       "district": district})
    else:
        s.deeds[seat][d] = placed


# -- the draw, the end ---------------------------------------------------------
def _end_turn(s: MagnateState, events: list[Event]) -> None:
    """(c) Draw (not in a final turn); then the other player's turn, or the end."""
    seat = s.active
    if s.final_turns:
        s.final_turns -= 1
        events.append({"type": "turn_ended", "to": "all", "seat": seat, "final": True})
        if not s.final_turns:
            _finish(s, events)
            return
    else:
        _draw(s, seat, events)
    s.active = 1 - seat
    s.phase = _ROLL
    s.dice = ()
    s.card_played = False
    s.turn += 1
    events.append({"type": "turn_started", "to": "all", "seat": s.active,
                   "final": bool(s.final_turns)})


def _draw(s: MagnateState, seat: Seat, events: list[Event]) -> None:
    card = s.deck.pop()
    hand = s.hands[seat]
    hand.append(card)
    hand.sort(key=CARD_ORDER.__getitem__)
    events.append({"type": "card_drawn", "to": "all", "seat": seat, "deck_size": len(s.deck)})
    events.append({"type": "card_received", "to": [seat], "seat": seat, "card": card})
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
