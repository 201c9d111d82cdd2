"""Magnate, rule by rule, as the seed rulebook and our decisions state them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules import IllegalAction, get_game
from rules.core import Action, Rng, visible_events
from rules.magnate import (
    CARDS,
    CROWNS,
    DECK,
    DISTRICTS,
    GAME,
    BuyDeed,
    Develop,
    DevelopDeed,
    Draw,
    EndTurn,
    Kind,
    MagnateState,
    Phase,
    Roll,
    Sell,
    Suit,
    TakeIncome,
    Trade,
)
from rules.magnate.components import CARD_ORDER, DECK_IDS, DISTRICT_INDEX, SUIT_INDEX
from rules.magnate.state import NO_DEED

SUIT_ORDER = [s.value for s in Suit]
FIRST = {"start_player": 0}
BOTH_CROWNS = (("the_huntress", "the_bard", "the_sea"), ("the_end", "the_calamity", "the_windfall"))


# -- building positions directly ----------------------------------------------------
def position(
    *,
    hands: tuple[list[str], list[str]] = ([], []),
    tokens: tuple[dict[str, int], dict[str, int]] = ({}, {}),
    lines: dict[tuple[int, str], list[str]] | None = None,
    deeds: dict[tuple[int, str], int] | None = None,
    deck: list[str] | None = None,
    discards: list[str] | None = None,
    phase: Phase = Phase.PLAY,
    active: int = 0,
    card_played: bool = False,
    final_turns: int = 0,
    exhaustions: int = 0,
    seed: int = 1,
) -> MagnateState:
    """A table as described; the deck holds every other card unless given."""
    s = GAME.new_game(2, seed, FIRST)
    s.phase = phase
    s.active = active
    s.crowns = BOTH_CROWNS
    s.hands = [sorted(h, key=CARD_ORDER.__getitem__) for h in hands]
    s.tokens = [[t.get(name, 0) for name in SUIT_ORDER] for t in tokens]
    s.lines = [[() for _ in DISTRICTS] for _ in range(2)]
    s.deeds = [[NO_DEED] * len(DISTRICTS) for _ in range(2)]
    for (seat, district), cards in (lines or {}).items():
        s.lines[seat][DISTRICT_INDEX[district]] = tuple(cards)
    for (seat, district), placed in (deeds or {}).items():
        s.deeds[seat][DISTRICT_INDEX[district]] = placed
    s.discards = list(discards or [])
    used = {c for h in hands for c in h} | set(s.discards)
    used |= {c for cards in (lines or {}).values() for c in cards}
    s.deck = deck if deck is not None else [c for c in DECK_IDS if c not in used]
    s.card_played = card_played
    s.final_turns = final_turns
    s.exhaustions = exhaustions
    s.dice = (5, 3) if phase is not Phase.ROLL else ()
    return s


def seed_rolling(*dice: int) -> int:
    """An Rng seed whose next rolls are the two d10 (and the d6) given."""
    sides = (10, 10, 6)
    for seed in range(200_000):
        rng = Rng(seed)
        if all(rng.roll(sides[i]) == d for i, d in enumerate(dice)):
            return seed
    raise AssertionError(f"no seed rolls {dice}")


def rolled(s: MagnateState, *dice: int) -> tuple[MagnateState, list[dict[str, Any]]]:
    """Roll `dice` for the active player from a ROLL position."""
    s.phase = Phase.ROLL
    s.dice = ()
    s.rng = Rng(seed_rolling(*dice))
    t = GAME.apply(s, s.active, Roll())
    return t.state, t.events


def tokens_of(s: MagnateState, seat: int) -> dict[str, int]:
    return {name: n for name, n in zip(SUIT_ORDER, s.tokens[seat], strict=True) if n}


def refused(s: MagnateState, seat: int, action: Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, seat, action)
    return err.value


def random_states(games: int, seed: int = 0) -> Iterator[tuple[MagnateState, int]]:
    rng = random.Random(seed)
    for k in range(games):
        s = GAME.new_game(2, seed + k)
        while GAME.to_act(s):
            (seat,) = GAME.to_act(s)
            yield s, seat
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))).state


# -- the cards -------------------------------------------------------------------
def test_the_deck_is_six_aces_and_twenty_four_numbered_cards_without_courts() -> None:
    assert len(DECK) == 30
    assert [c.kind for c in DECK].count(Kind.ACE) == 6
    numbered = [c for c in DECK if c.kind is Kind.NUMBER]
    assert sorted(c.rank for c in numbered) == sorted(list(range(2, 10)) * 3)
    assert all(len(c.suits) == 2 for c in numbered)
    # every suit appears on exactly 12 numbered cards plus its Ace
    for suit in Suit:
        assert sum(suit in c.suits for c in numbered) == 8
    assert CARDS["the_mill"].rank == 8
    assert CARDS["the_mill"].suits == (Suit.WAVES, Suit.LEAVES)
    assert CARDS["the_sailor"].rank == 4 and CARDS["the_sailor"].suits == (Suit.WAVES, Suit.LEAVES)
    assert "Card(id='the_mill', rank=8" in repr(CARDS["the_mill"])


def test_districts_are_the_four_pawns_and_the_excuse() -> None:
    assert [d.id for d in DISTRICTS] == [
        "the_watchman",
        "the_light_keeper",
        "the_harvest",
        "the_borderland",
        "the_excuse",
    ]
    assert all(len(d.suits) == 3 for d in DISTRICTS[:4])
    assert DISTRICTS[4].suits == ()


# -- setting up --------------------------------------------------------------------
def test_setup_deals_three_crowns_with_their_tokens_and_three_cards_each() -> None:
    s = GAME.new_game(2, seed=5, options=FIRST)
    assert sorted(s.crowns[0] + s.crowns[1]) == sorted(c.id for c in CROWNS)
    for seat in (0, 1):
        crown_suits = sorted(CARDS[c].suits[0].value for c in s.crowns[seat])
        assert sorted(tokens_of(s, seat)) == crown_suits
        assert sum(s.tokens[seat]) == 3
        assert len(s.hands[seat]) == 3
    assert len(s.deck) == 24
    assert set(s.deck) | set(s.hands[0]) | set(s.hands[1]) == set(DECK_IDS)
    assert s.phase is Phase.ROLL and s.active == 0
    assert all(line == () for row in s.lines for line in row)


def test_the_first_player_is_drawn_at_random_unless_chosen() -> None:
    starts = {GAME.new_game(2, k).active for k in range(20)}  # by default
    assert starts == {0, 1}
    assert GAME.new_game(2, 3, {"start_player": 1}).active == 1


# -- (a) the roll -------------------------------------------------------------------
def test_each_turn_begins_with_the_roll() -> None:
    s = GAME.new_game(2, seed=1, options=FIRST)
    assert GAME.legal_actions(s, 0) == [Roll()]
    assert refused(s, 0, Trade("moons", "suns")).code == "roll_first"
    assert refused(s, 0, Draw()).code == "roll_first"
    assert refused(s, 1, Roll()).code == "not_your_turn"


def test_the_roll_is_an_undo_barrier_with_the_dice_in_its_events() -> None:
    s = position(phase=Phase.ROLL)
    s.rng = Rng(seed_rolling(4, 7))
    t = GAME.apply(s, 0, Roll())
    assert t.barrier
    assert t.events[0]["type"] == "dice_rolled" and t.events[0]["dice"] == [4, 7]
    assert t.state.dice == (4, 7)
    assert refused(t.state, 0, Roll()).code == "already_rolled"


def test_income_is_paid_on_the_higher_die_to_both_players() -> None:
    s = position(
        lines={
            (0, "the_harvest"): ["the_lunatic"],
            (1, "the_watchman"): ["the_journey"],
            (1, "the_borderland"): ["the_market"],
        },
    )
    s, events = rolled(s, 3, 6)
    # the Lunatic (6: Moons, Waves) and the Market (6: Leaves, Knots) pay; the Journey (3) not
    assert tokens_of(s, 0) == {"moons": 1, "waves": 1}
    assert tokens_of(s, 1) == {"leaves": 1, "knots": 1}
    incomes = [e for e in events if e["type"] == "income"]
    assert [(e["seat"], e["tokens"]) for e in incomes] == [
        (0, {"moons": 1, "waves": 1}),
        (1, {"leaves": 1, "knots": 1}),
    ]
    assert s.phase is Phase.PLAY


def test_a_player_without_a_property_of_that_rank_collects_nothing() -> None:
    s = position(lines={(0, "the_harvest"): ["the_lunatic"]})
    s, events = rolled(s, 2, 8)
    assert tokens_of(s, 0) == {} and tokens_of(s, 1) == {}
    assert not [e for e in events if e["type"] == "income"]


def test_doubles_pay_only_once() -> None:
    s = position(lines={(0, "the_harvest"): ["the_forest"]})
    s, _ = rolled(s, 5, 5)
    assert tokens_of(s, 0) == {"moons": 1, "leaves": 1}


def test_every_property_of_the_rolled_rank_pays() -> None:
    s = position(
        lines={(0, "the_harvest"): ["the_forest"], (0, "the_light_keeper"): ["the_discovery"]}
    )
    s, _ = rolled(s, 5, 2)
    assert tokens_of(s, 0) == {"moons": 1, "leaves": 1, "suns": 1, "waves": 1}


def test_a_ten_pays_each_player_a_token_per_crown() -> None:
    s = position(lines={(0, "the_harvest"): ["the_forest"]})
    s, _ = rolled(s, 10, 5)
    assert tokens_of(s, 0) == {"moons": 1, "suns": 1, "waves": 1}
    assert tokens_of(s, 1) == {"leaves": 1, "wyrms": 1, "knots": 1}


def test_no_taxation_unless_a_one_shows() -> None:
    s = position(tokens=({"moons": 4}, {}))
    s, events = rolled(s, 2, 9)
    assert len(s.dice) == 2
    assert not [e for e in events if e["type"] == "taxed"]
    assert tokens_of(s, 0) == {"moons": 4}


def test_taxation_keeps_one_token_of_the_taxed_suit_and_comes_before_income() -> None:
    # a 1 shows: the d6 says 1 = Moons. Both players keep one Moon; then the
    # Lunatic (6: Moons, Waves) pays a Moon, which is not taxed.
    s = position(
        tokens=({"moons": 4, "suns": 3}, {"moons": 2}),
        lines={(0, "the_harvest"): ["the_lunatic"]},
    )
    s, events = rolled(s, 1, 6, 1)
    assert s.dice == (1, 6, 1)
    assert tokens_of(s, 0) == {"moons": 2, "suns": 3, "waves": 1}
    assert tokens_of(s, 1) == {"moons": 1}
    kinds = [e["type"] for e in events]
    assert kinds.index("taxed") < kinds.index("income")
    taxed = events[kinds.index("taxed")]
    assert taxed["suit"] == "moons" and taxed["die"] == 1 and taxed["lost"] == [3, 1]


def test_the_tax_die_faces_follow_the_usual_suit_order() -> None:
    for face, suit in enumerate(SUIT_ORDER, start=1):
        s = position(tokens=({suit: 3}, {}))
        s, _ = rolled(s, 7, 1, face)
        assert tokens_of(s, 0) == {suit: 1}


def test_tokens_on_a_deed_are_safe_from_taxation() -> None:
    s = position(
        tokens=({"waves": 3}, {}),
        lines={(0, "the_borderland"): ["the_mill"]},
        deeds={(0, "the_borderland"): 5},
    )
    s, _ = rolled(s, 1, 4, 3)
    assert tokens_of(s, 0) == {"waves": 1}
    assert s.deeds[0][DISTRICT_INDEX["the_borderland"]] == 5


def test_double_ones_tax_then_pay_the_aces() -> None:
    s = position(
        tokens=({"moons": 3}, {"suns": 2}),
        lines={(0, "the_excuse"): ["ace_of_moons"], (1, "the_harvest"): ["ace_of_suns"]},
    )
    s, events = rolled(s, 1, 1, 1)
    assert tokens_of(s, 0) == {"moons": 2}  # taxed to 1, then the Ace pays 1
    assert tokens_of(s, 1) == {"suns": 3}
    kinds = [e["type"] for e in events]
    assert kinds.index("taxed") < kinds.index("income")
    assert {e["source"] for e in events if e["type"] == "income"} == {"aces"}


def test_aces_pay_only_on_double_ones() -> None:
    s = position(lines={(0, "the_excuse"): ["ace_of_moons"]})
    s, _ = rolled(s, 1, 2, 4)
    assert tokens_of(s, 0) == {}


def test_an_unfinished_deed_pays_one_token_of_its_owners_choice() -> None:
    s = position(
        lines={
            (0, "the_borderland"): ["the_mill"],
            (0, "the_harvest"): ["the_diplomat"],
            (1, "the_watchman"): ["the_betrayal"],
        },
        deeds={(0, "the_borderland"): 2, (1, "the_watchman"): 0},
    )
    s, events = rolled(s, 8, 3)
    # the finished Diplomat pays both its suits at once; the deeds wait for a choice,
    # the roller's first, then the opponent's
    assert tokens_of(s, 0) == {"moons": 1, "suns": 1}
    assert s.phase is Phase.INCOME and GAME.to_act(s) == (0,)
    assert GAME.legal_actions(s, 0) == [
        TakeIncome("the_borderland", "waves"),
        TakeIncome("the_borderland", "leaves"),
    ]
    assert refused(s, 0, Trade("moons", "suns")).code == "income_pending"
    assert refused(s, 0, TakeIncome("the_borderland", "moons")).code == "suit_mismatch"
    s = GAME.apply(s, 0, TakeIncome("the_borderland", "leaves")).state
    assert GAME.to_act(s) == (1,)
    assert GAME.legal_actions(s, 1) == [
        TakeIncome("the_watchman", "wyrms"),
        TakeIncome("the_watchman", "knots"),
    ]
    s = GAME.apply(s, 1, TakeIncome("the_watchman", "knots")).state
    assert tokens_of(s, 0) == {"moons": 1, "suns": 1, "leaves": 1}
    assert tokens_of(s, 1) == {"knots": 1}
    assert s.phase is Phase.PLAY and GAME.to_act(s) == (0,)
    assert [e["type"] for e in events].count("income_choice") == 2


# -- (b) playing one card ------------------------------------------------------------
def test_seed_example_a_four_of_waves_and_leaves_develops_for_1_3_2_2_or_3_1() -> None:
    # The seed's example card, "the Mill, 4 of Waves and Leaves", is the Sailor in
    # our card table (the Mill is the 8 of the same suits).
    s = position(hands=(["the_sailor"], []), tokens=({"waves": 4, "leaves": 4}, {}))
    develops = [
        a
        for a in GAME.legal_actions(s, 0)
        if isinstance(a, Develop) and a.district == "the_borderland"
    ]
    assert [a.payment for a in develops] == [(1, 3), (2, 2), (3, 1)]
    t = GAME.apply(s, 0, Develop("the_sailor", "the_borderland", (1, 3)))
    assert tokens_of(t.state, 0) == {"waves": 3, "leaves": 1}
    assert t.state.lines[0][DISTRICT_INDEX["the_borderland"]] == ("the_sailor",)
    assert [e["type"] for e in t.events] == ["card_played", "tokens_spent", "property_completed"]


def test_developing_outright_needs_rank_tokens_with_one_of_each_suit() -> None:
    s = position(hands=(["the_sailor"], []), tokens=({"waves": 4, "leaves": 4}, {}))
    for payment in [(4, 0), (0, 4), (2, 1), (3, 2), (4,)]:
        err = refused(s, 0, Develop("the_sailor", "the_borderland", payment))
        assert err.code == "bad_payment" and err.params["rank"] == 4
    poor = position(hands=(["the_sailor"], []), tokens=({"waves": 1, "leaves": 2}, {}))
    err = refused(poor, 0, Develop("the_sailor", "the_borderland", (2, 2)))
    assert err.code == "cannot_afford"
    assert err.params == {"suit": "waves", "need": 2, "have": 1}
    assert not [a for a in GAME.legal_actions(poor, 0) if isinstance(a, Develop)]


def test_an_ace_costs_one_token_of_its_suit() -> None:
    s = position(hands=(["ace_of_knots"], []), tokens=({"knots": 1}, {}))
    develops = [a for a in GAME.legal_actions(s, 0) if isinstance(a, Develop)]
    # the Watchman and the Light Keeper show Knots; the Excuse takes any suit
    assert {a.district for a in develops} == {"the_watchman", "the_light_keeper", "the_excuse"}
    assert {a.payment for a in develops} == {(1,)}
    s = GAME.apply(s, 0, Develop("ace_of_knots", "the_excuse", (1,))).state
    assert tokens_of(s, 0) == {}


def test_seed_example_a_deed_costs_one_of_each_suit_then_rank_more_tokens() -> None:
    # Deed for the 4 of Waves and Leaves: 1 Wave + 1 Leaf, then 4 more: 6 in all.
    # Two Waves and a Leaf cannot pay the 4 in full, so the deed is offered.
    s = position(hands=(["the_sailor"], []), tokens=({"waves": 2, "leaves": 1}, {}))
    t = GAME.apply(s, 0, BuyDeed("the_sailor", "the_borderland"))
    s = t.state
    assert tokens_of(s, 0) == {"waves": 1}
    assert s.deeds[0][DISTRICT_INDEX["the_borderland"]] == 0
    assert [e["play"] for e in t.events if e["type"] == "card_played"] == ["deed"]
    # developed the same turn it is bought, and on later turns, a token at a time
    s = GAME.apply(s, 0, DevelopDeed("the_borderland", "waves")).state
    s.tokens[0] = [{"waves": 1, "leaves": 2}.get(n, 0) for n in SUIT_ORDER]  # a later turn
    for suit in ("leaves", "waves"):
        s = GAME.apply(s, 0, DevelopDeed("the_borderland", suit)).state
    assert s.deeds[0][DISTRICT_INDEX["the_borderland"]] == 3
    t = GAME.apply(s, 0, DevelopDeed("the_borderland", "leaves"))
    s = t.state
    assert s.deeds[0][DISTRICT_INDEX["the_borderland"]] == NO_DEED  # complete
    assert tokens_of(s, 0) == {}  # 2 for the deed and 4 more: 6 tokens in all
    assert [e["type"] for e in t.events] == ["deed_developed", "property_completed"]
    assert refused(s, 0, DevelopDeed("the_borderland", "waves")).code == "no_deed_here"


def test_no_deed_for_a_property_you_can_pay_in_full_this_turn() -> None:
    """«Si no puedes pagar una propiedad completa este turno, puedes comprar una escritura»."""
    # Seven tokens cannot pay the Mill (8, Waves and Leaves): its deed is offered
    s = position(hands=(["the_mill"], []), tokens=({"waves": 4, "leaves": 3}, {}))
    assert BuyDeed("the_mill", "the_borderland") in GAME.legal_actions(s, 0)
    # with one more Leaf the Mill (8) is paid outright: no deed
    s = position(hands=(["the_mill"], []), tokens=({"waves": 4, "leaves": 4}, {}))
    assert not [a for a in GAME.legal_actions(s, 0) if isinstance(a, BuyDeed)]
    err = refused(s, 0, BuyDeed("the_mill", "the_borderland"))
    assert err.code == "deed_when_payable_in_full"


def test_the_banks_trades_count_towards_paying_in_full() -> None:
    # Waves 4, Leaves 3 and 3 Moons: a trade makes the eighth token, so no deed.
    s = position(hands=(["the_mill"], []), tokens=({"waves": 4, "leaves": 3, "moons": 3}, {}))
    assert refused(s, 0, BuyDeed("the_mill", "the_borderland")).code == (
        "deed_when_payable_in_full"
    )
    # a suit held zero times can be made by a trade between the card's own suits
    s = position(hands=(["the_sailor"], []), tokens=({"waves": 6}, {}))
    assert refused(s, 0, BuyDeed("the_sailor", "the_borderland")).code == (
        "deed_when_payable_in_full"
    )


def test_the_mountain_paid_with_two_moons_and_two_suns_is_not_offered_as_a_deed() -> None:
    # The reported table: 2 Moons, 2 Suns, 2 Waves pay the Mountain (4) in full.
    s = position(hands=(["the_mountain"], []), tokens=({"moons": 2, "suns": 2, "waves": 2}, {}))
    legal = GAME.legal_actions(s, 0)
    assert Develop("the_mountain", "the_watchman", (2, 2)) in legal
    assert BuyDeed("the_mountain", "the_watchman") not in legal


def test_a_deed_is_developed_only_with_its_own_suits() -> None:
    s = position(
        tokens=({"moons": 2, "waves": 1}, {}),
        lines={(0, "the_borderland"): ["the_mill"]},
        deeds={(0, "the_borderland"): 1},
    )
    assert refused(s, 0, DevelopDeed("the_borderland", "moons")).code == "suit_mismatch"
    deed_steps = [a for a in GAME.legal_actions(s, 0) if isinstance(a, DevelopDeed)]
    assert deed_steps == [DevelopDeed("the_borderland", "waves")]


def test_no_deed_for_an_ace_or_a_two() -> None:
    s = position(
        hands=(["ace_of_moons", "the_author", "the_journey"], []),
        tokens=({"moons": 1, "knots": 1, "waves": 1}, {}),
    )
    for card in ("ace_of_moons", "the_author"):
        err = refused(s, 0, BuyDeed(card, "the_excuse"))
        assert err.code == "deed_not_allowed_for_rank"
    deeds = {a.card for a in GAME.legal_actions(s, 0) if isinstance(a, BuyDeed)}
    assert deeds == {"the_journey"}


def test_a_deed_needs_one_token_of_each_of_its_suits() -> None:
    s = position(hands=(["the_mill"], []), tokens=({"waves": 5}, {}))
    err = refused(s, 0, BuyDeed("the_mill", "the_borderland"))
    assert err.code == "cannot_afford" and err.params["suit"] == "leaves"


def test_selling_gives_one_token_of_each_suit_and_an_ace_gives_two() -> None:
    s = position(hands=(["the_mill", "ace_of_wyrms"], []))
    t = GAME.apply(s, 0, Sell("the_mill"))
    assert tokens_of(t.state, 0) == {"waves": 1, "leaves": 1}
    assert t.state.discards == ["the_mill"]
    t = GAME.apply(s, 0, Sell("ace_of_wyrms"))
    assert tokens_of(t.state, 0) == {"wyrms": 2}


def test_exactly_one_card_is_played_each_turn() -> None:
    s = position(hands=(["the_mill", "the_sailor"], []), tokens=({"waves": 9, "leaves": 9}, {}))
    assert refused(s, 0, Draw()).code == "must_play_card"
    s = GAME.apply(s, 0, Develop("the_sailor", "the_borderland", (2, 2))).state
    assert refused(s, 0, Sell("the_mill")).code == "one_card_per_turn"
    assert refused(s, 0, BuyDeed("the_mill", "the_excuse")).code == "one_card_per_turn"
    assert not [a for a in GAME.legal_actions(s, 0) if isinstance(a, (Develop, BuyDeed, Sell))]
    assert Draw() in GAME.legal_actions(s, 0)


def test_a_player_who_cannot_build_must_sell() -> None:
    s = position(hands=(["the_mill", "the_pact"], []), tokens=({"moons": 2}, {}))
    card_plays = [a for a in GAME.legal_actions(s, 0) if isinstance(a, (Develop, BuyDeed, Sell))]
    assert card_plays == [Sell("the_mill"), Sell("the_pact")]
    assert refused(s, 0, Draw()).code == "must_sell"


# -- placing properties --------------------------------------------------------------
def test_the_first_property_shares_a_suit_with_the_district_pawn() -> None:
    # the Battle (4: Wyrms, Knots): the Watchman (Moons, Wyrms, Knots), the Light Keeper
    # (Knots) and the Borderland (Wyrms) take it; the Harvest (Moons, Suns, Leaves) not
    s = position(hands=(["the_battle"], []), tokens=({"wyrms": 2, "knots": 2}, {}))
    places = {a.district for a in GAME.legal_actions(s, 0) if isinstance(a, Develop)}
    assert places == {"the_watchman", "the_light_keeper", "the_borderland", "the_excuse"}
    err = refused(s, 0, Develop("the_battle", "the_harvest", (2, 2)))
    assert err.code == "suit_mismatch"
    assert err.params["against"] == "the_harvest"
    assert err.params["allowed"] == ["moons", "suns", "leaves"]


def test_a_later_property_shares_a_suit_with_the_previous_one() -> None:
    s = position(
        hands=(["the_battle", "the_pact"], []),
        tokens=({"wyrms": 9, "knots": 9, "moons": 9, "suns": 9}, {}),
        lines={(0, "the_watchman"): ["the_author"]},  # Moons, Knots
    )
    assert GAME.is_legal(s, 0, Develop("the_battle", "the_watchman", (2, 2)))  # Knots
    assert GAME.is_legal(s, 0, Develop("the_pact", "the_watchman", (4, 5)))  # Moons
    s.lines[0][DISTRICT_INDEX["the_watchman"]] = ("the_author", "the_desert")  # Suns, Wyrms
    assert GAME.is_legal(s, 0, Develop("the_battle", "the_watchman", (2, 2)))  # Wyrms
    assert GAME.is_legal(s, 0, Develop("the_pact", "the_watchman", (4, 5)))  # Suns
    s.lines[0][DISTRICT_INDEX["the_watchman"]] = ("the_author", "the_origin")  # Waves, Leaves
    err = refused(s, 0, Develop("the_battle", "the_watchman", (2, 2)))
    assert err.code == "suit_mismatch" and err.params["against"] == "the_origin"


def test_anything_may_open_the_excuse_and_later_cards_follow_the_previous() -> None:
    s = position(
        hands=(["the_merchant", "the_pact"], []),
        tokens=({"leaves": 9, "knots": 9, "moons": 9, "suns": 9}, {}),
    )
    assert GAME.is_legal(s, 0, Develop("the_merchant", "the_excuse", (4, 5)))
    assert GAME.is_legal(s, 0, Develop("the_pact", "the_excuse", (4, 5)))
    s.lines[0][DISTRICT_INDEX["the_excuse"]] = ("the_merchant",)  # Leaves, Knots
    err = refused(s, 0, Develop("the_pact", "the_excuse", (4, 5)))
    assert err.code == "suit_mismatch" and err.params["against"] == "the_merchant"


def test_each_player_builds_their_own_line_in_a_district() -> None:
    s = position(
        hands=(["the_battle"], []),
        tokens=({"wyrms": 2, "knots": 2}, {}),
        lines={(1, "the_watchman"): ["the_origin"]},  # the opponent's line does not bind me
    )
    assert GAME.is_legal(s, 0, Develop("the_battle", "the_watchman", (2, 2)))


def test_no_new_card_where_an_unfinished_deed_stands() -> None:
    s = position(
        hands=(["the_battle"], []),
        tokens=({"wyrms": 2, "knots": 2}, {}),
        lines={(0, "the_watchman"): ["the_betrayal"]},
        deeds={(0, "the_watchman"): 3},
    )
    err = refused(s, 0, Develop("the_battle", "the_watchman", (2, 2)))
    assert err.code == "unfinished_deed_here" and err.params["deed"] == "the_betrayal"
    assert refused(s, 0, BuyDeed("the_battle", "the_watchman")).code == "unfinished_deed_here"


def test_a_card_with_no_legal_place_can_only_be_sold() -> None:
    # every district of mine ends in a card sharing no suit with the Origin (Waves, Leaves)
    lines = {(0, d.id): ["the_author"] for d in DISTRICTS}
    s = position(hands=(["the_origin"], []), tokens=({"waves": 5, "leaves": 5}, {}), lines=lines)
    assert GAME.legal_actions(s, 0) == [
        Sell("the_origin"),
        *[Trade("waves", t) for t in SUIT_ORDER if t != "waves"],
        *[Trade("leaves", t) for t in SUIT_ORDER if t != "leaves"],
    ]


# -- the bank --------------------------------------------------------------------------
def test_the_bank_trades_three_tokens_of_a_suit_for_one_of_another() -> None:
    s = position(tokens=({"moons": 7}, {}), hands=(["the_mill"], []))
    trades = [a for a in GAME.legal_actions(s, 0) if isinstance(a, Trade)]
    assert trades == [Trade("moons", t) for t in SUIT_ORDER if t != "moons"]
    s = GAME.apply(s, 0, Trade("moons", "waves")).state
    s = GAME.apply(s, 0, Trade("moons", "leaves")).state  # several trades in a turn
    assert tokens_of(s, 0) == {"moons": 1, "waves": 1, "leaves": 1}
    err = refused(s, 0, Trade("moons", "suns"))
    assert err.code == "cannot_afford" and err.params == {"suit": "moons", "need": 3, "have": 1}
    assert refused(s, 0, Trade("moons", "moons")).code == "same_suit"


def test_trading_is_allowed_after_playing_a_card_until_the_draw() -> None:
    s = position(tokens=({"suns": 3}, {}), card_played=True)
    assert Trade("suns", "knots") in GAME.legal_actions(s, 0)
    s = GAME.apply(s, 0, Draw()).state
    assert s.active == 1 and s.phase is Phase.ROLL
    assert refused(s, 0, Trade("suns", "knots")).code == "not_your_turn"


def test_every_move_but_the_card_play_and_the_draw_spends_tokens() -> None:
    # why random play ends: within a turn, a trade costs 2 tokens net and a deed step 1,
    # so a turn has finitely many actions; the one card play and the draw end it.
    for s, seat in random_states(20, seed=77):
        for action in GAME.legal_actions(s, seat):
            if isinstance(action, (Trade, DevelopDeed)):
                after = GAME.apply(s, seat, action).state
                assert sum(after.tokens[seat]) < sum(s.tokens[seat])


# -- (c) the draw and the end ----------------------------------------------------------
def test_drawing_ends_the_turn_and_only_the_owner_sees_the_card() -> None:
    s = position(
        hands=(["the_mill", "the_pact"], []), card_played=True, deck=["the_castle", "the_merchant"]
    )
    t = GAME.apply(s, 0, Draw())
    assert t.barrier
    assert t.state.hands[0] == ["the_mill", "the_pact", "the_merchant"]  # canonical order
    assert t.state.deck == ["the_castle"]
    assert t.state.active == 1 and t.state.phase is Phase.ROLL
    mine = visible_events(t.events, 0)
    theirs = visible_events(t.events, 1)
    assert {"type": "card_received", "to": [0], "seat": 0, "card": "the_merchant"} in mine
    assert not any(e.get("card") == "the_merchant" for e in theirs)
    assert any(e["type"] == "card_drawn" for e in theirs)


def test_the_first_exhaustion_shuffles_the_discards_into_a_new_pile() -> None:
    s = position(
        hands=(["the_mill", "the_pact"], ["the_cave", "the_castle", "the_forest"]),
        card_played=True,
        deck=["the_merchant"],
        discards=["the_author", "ace_of_moons"],
    )
    t = GAME.apply(s, 0, Draw())
    s = t.state
    assert s.exhaustions == 1
    assert sorted(s.deck) == ["ace_of_moons", "the_author"] and s.discards == []
    assert s.second_pile == ("ace_of_moons", "the_author")
    assert s.final_turns == 0
    assert [e["type"] for e in t.events if e["to"] == "all"][-3:] == [
        "deck_exhausted",
        "deck_rebuilt",
        "turn_started",
    ]


def test_the_second_exhaustion_gives_each_player_one_last_turn_without_drawing() -> None:
    s = position(
        hands=(["the_mill", "the_pact"], ["the_cave", "the_castle", "the_forest"]),
        card_played=True,
        deck=["the_merchant"],
        exhaustions=1,
    )
    s = GAME.apply(s, 0, Draw()).state  # seat 0 empties the pile the second time
    assert s.exhaustions == 2 and s.final_turns == 2
    # seat 1 plays a final turn, then seat 0 (who emptied the pile) last
    for seat in (1, 0):
        assert s.active == seat
        s, _ = rolled(s, 5, 3)
        s = GAME.apply(s, seat, Sell(s.hands[seat][0])).state
        assert refused(s, seat, Draw()).code == "no_draw_in_final_turn"
        assert EndTurn() in GAME.legal_actions(s, seat)
        s = GAME.apply(s, seat, EndTurn()).state
    assert s.phase is Phase.OVER
    assert GAME.to_act(s) == ()
    assert [len(h) for h in s.hands] == [2, 2]  # two cards left in hand, as the seed says
    assert GAME.outcome(s) is not None


def test_end_turn_is_only_for_final_turns() -> None:
    s = position(card_played=True)
    assert refused(s, 0, EndTurn()).code == "must_draw"


def test_a_first_exhaustion_with_no_discards_starts_the_final_turns() -> None:
    s = position(hands=(["the_mill"], ["the_cave"]), card_played=True, deck=["the_pact"])
    s = GAME.apply(s, 0, Draw()).state
    assert s.exhaustions == 2 and s.final_turns == 2 and s.deck == []


def test_a_whole_game_runs_through_both_exhaustions() -> None:
    rng = random.Random(3)
    s = GAME.new_game(2, seed=3)
    seen_exhaustions = set()
    while GAME.to_act(s):
        (seat,) = GAME.to_act(s)
        s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))).state
        seen_exhaustions.add(s.exhaustions)
    assert seen_exhaustions >= {0, 1, 2}


# -- victory -------------------------------------------------------------------------
def finished(
    lines: dict[tuple[int, str], list[str]],
    tokens: tuple[dict[str, int], dict[str, int]] = ({}, {}),
    deeds: dict[tuple[int, str], int] | None = None,
) -> MagnateState:
    """Play the very last EndTurn of a game with this table."""
    on_table = {c for cards in lines.values() for c in cards}
    spare = [c for c in DECK_IDS if c not in on_table]
    s = position(
        lines=lines,
        tokens=tokens,
        deeds=deeds,
        card_played=True,
        final_turns=1,
        exhaustions=2,
        deck=[],
        hands=([spare[0]], [spare[1]]),
    )
    return GAME.apply(s, 0, EndTurn()).state


def test_each_district_gives_a_point_to_the_higher_sum_of_completed_ranks() -> None:
    s = finished(
        {
            (0, "the_watchman"): ["ace_of_moons", "the_author"],  # 1 + 2 = 3
            (1, "the_watchman"): ["the_battle"],  # 4
            (0, "the_harvest"): ["the_pact"],  # 9
            (1, "the_harvest"): ["the_forest", "the_mountain"],  # 9: a tie, no point
            (0, "the_excuse"): ["the_castle"],  # 7 vs nothing
            (0, "the_borderland"): ["the_origin"],  # 2 vs nothing
        }
    )
    outcome = GAME.outcome(s)
    assert outcome is not None
    assert outcome.scores == (2.0, 1.0)
    assert outcome.winners == (0,) and outcome.ranking == (1, 2)


def test_unfinished_deeds_are_removed_and_do_not_score() -> None:
    s = finished(
        {(0, "the_harvest"): ["the_pact"], (1, "the_harvest"): ["the_author", "the_diplomat"]},
        deeds={(1, "the_harvest"): 7},
    )
    assert s.lines[1][DISTRICT_INDEX["the_harvest"]] == ("the_author",)
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.scores == (1.0, 0.0)


def test_first_tie_break_is_the_total_of_completed_ranks() -> None:
    s = finished(
        {
            (0, "the_harvest"): ["the_pact"],  # 9 beats 5
            (1, "the_harvest"): ["the_forest"],
            (0, "the_watchman"): ["the_author"],  # 2 loses to 3
            (1, "the_watchman"): ["ace_of_moons", "the_author"],
        },
        tokens=({}, {"moons": 9}),
    )
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.scores == (1.0, 1.0)
    assert outcome.winners == (0,)  # 11 against 8


def test_second_tie_break_is_the_tokens_held() -> None:
    s = finished(
        {(0, "the_harvest"): ["the_pact"], (1, "the_watchman"): ["the_soldier", "the_battle"]},
        tokens=({"moons": 2}, {"suns": 1, "knots": 2}),
    )
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.scores == (1.0, 1.0)
    assert outcome.winners == (1,) and outcome.ranking == (2, 1)


def test_a_complete_tie_is_a_shared_win() -> None:
    s = finished(
        {(0, "the_harvest"): ["the_pact"], (1, "the_watchman"): ["the_soldier", "the_battle"]},
        tokens=({"moons": 2}, {"suns": 2}),
    )
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == (0, 1) and outcome.ranking == (1, 1)


def test_the_game_over_event_reports_the_count() -> None:
    s = position(
        lines={(0, "the_harvest"): ["the_pact"]},
        card_played=True,
        final_turns=1,
        exhaustions=2,
        deck=[],
        hands=(["the_mill"], ["the_cave"]),
    )
    t = GAME.apply(s, 0, EndTurn())
    over = t.events[-1]
    assert over["type"] == "game_over"
    assert over["points"] == [1, 0] and over["totals"] == [9, 0]
    assert over["district_sums"][0] == [0, 0, 9, 0, 0]


# -- what a seat may know ------------------------------------------------------------
def test_the_view_shows_my_hand_and_only_the_size_of_theirs() -> None:
    s = GAME.new_game(2, seed=4)
    view = GAME.view(s, 0)
    assert view["hand"] == s.hands[0]
    assert view["hand_sizes"] == [3, 3]
    assert not set(s.hands[1]) & set(str(view).replace("'", " ").split())
    assert GAME.view(s, None)["hand"] is None
    assert view["deck_size"] == 24


def test_a_sampled_world_keeps_unseen_cards_outside_the_second_pile_in_their_hand() -> None:
    s = position(
        hands=(["the_mill", "the_pact", "the_cave"], ["the_castle", "the_forest", "the_author"]),
        deck=["ace_of_moons", "the_journey"],
        exhaustions=1,
    )
    s.second_pile = ("ace_of_moons", "the_author", "the_journey")
    others = {c for c in DECK_IDS} - set(s.deck) - set(s.hands[0]) - set(s.hands[1])
    s.lines[0][DISTRICT_INDEX["the_excuse"]] = tuple(sorted(others))
    for k in range(20):
        world = GAME.sample_world(s, 0, random.Random(k))
        assert GAME.view(world, 0) == GAME.view(s, 0)
        assert {"the_castle", "the_forest"} <= set(world.hands[1])
        assert set(world.deck) <= {"ace_of_moons", "the_author", "the_journey"}


def test_sampled_worlds_depend_only_on_the_view() -> None:
    for i, (s, seat) in enumerate(random_states(3, seed=11)):
        if i % 7:
            continue
        world = GAME.sample_world(s, seat, random.Random(i))
        assert GAME.view(world, seat) == GAME.view(s, seat)
        a = GAME.sample_world(s, seat, random.Random(99))
        b = GAME.sample_world(world, seat, random.Random(99))
        assert a == b


# -- legal moves and refusals agree ----------------------------------------------------
def test_listed_actions_apply_and_every_other_action_is_refused_with_a_code() -> None:
    for i, (s, seat) in enumerate(random_states(6, seed=500)):
        if i % 3:
            continue
        legal = GAME.legal_actions(s, seat)
        assert len(set(legal)) == len(legal)
        listed = set(legal)
        for action in GAME.action_space(s):
            if action in listed:
                GAME.apply(s, seat, action)
                assert GAME.action_from_json(GAME.action_to_json(action)) == action
            else:
                err = refused(s, seat, action)
                assert err.code != "illegal_action"


def test_refusal_codes_for_actions_out_of_phase() -> None:
    s = position(phase=Phase.INCOME)
    s.lines[1][DISTRICT_INDEX["the_harvest"]] = ("the_pact",)
    s.deeds[1][DISTRICT_INDEX["the_harvest"]] = 0
    s.pending = [(1, DISTRICT_INDEX["the_harvest"])]
    assert GAME.to_act(s) == (1,)
    assert refused(s, 1, Draw()).code == "income_pending"
    assert refused(s, 1, TakeIncome("the_excuse", "moons")).code == "not_income_deed"
    play = position()
    assert refused(play, 0, TakeIncome("the_excuse", "moons")).code == "wrong_phase"
    assert refused(play, 0, DevelopDeed("nowhere", "moons")).code == "unknown_district"
    assert refused(play, 0, Trade("gold", "moons")).code == "unknown_suit"
    assert refused(play, 0, Sell("the_huntress")).code == "card_not_in_hand"


# -- golden counts ("perft") -------------------------------------------------------------
def test_perft_the_opening_roll() -> None:
    s = GAME.new_game(2, seed=1, options=FIRST)
    assert len(GAME.legal_actions(s, 0)) == 1


def test_perft_a_rich_hand() -> None:
    # Sailor (4, W/L), Pact (9, M/S), Ace of Knots; tokens W3 L3 M4 S5 K1.
    s = position(
        hands=(["the_sailor", "the_pact", "ace_of_knots"], []),
        tokens=({"waves": 3, "leaves": 3, "moons": 4, "suns": 5, "knots": 1}, {}),
    )
    # Sailor: districts Light Keeper, Harvest, Borderland, Excuse = 4;
    #   3 payments each, no deed (it can be paid in full) = 12
    # Pact: Watchman, Light Keeper, Harvest, Excuse = 4; payments (4,5) only, no deed = 4
    # Ace of Knots: Watchman, Light Keeper, Excuse = 3
    # sells: 3; trades: waves, leaves, moons, suns have ≥ 3 → 4 × 5 = 20
    assert len(GAME.legal_actions(s, 0)) == 12 + 4 + 3 + 3 + 20


def test_perft_after_playing_with_two_deeds() -> None:
    s = position(
        hands=(["the_mill", "the_pact"], []),
        tokens=({"waves": 1, "wyrms": 2, "knots": 4}, {}),
        lines={(0, "the_borderland"): ["the_darkness"], (0, "the_watchman"): ["the_betrayal"]},
        deeds={(0, "the_borderland"): 2, (0, "the_watchman"): 0},
        card_played=True,
    )
    # deed steps: Darkness (W, Y): waves, wyrms; Betrayal (Y, K): wyrms, knots → 4
    # trades: knots → 5; draw → 1
    assert len(GAME.legal_actions(s, 0)) == 10


GOLDEN_COUNTS = [
    1, 3, 1, 1, 6, 1, 1, 3, 1, 1, 10, 1, 1, 8, 1, 1, 9, 1, 1, 12,
    7, 7, 6, 1, 24, 15, 14, 6, 1, 1, 9, 9, 4, 4, 3, 2, 1, 13, 6, 1,
]  # fmt: skip


def test_perft_counts_along_a_fixed_game_do_not_drift() -> None:
    """A regression net: the number of legal actions at each of 40 steps of one game."""
    counts = []
    rng = random.Random(0)
    s = GAME.new_game(2, seed=2024, options=FIRST)
    for _ in range(40):
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        counts.append(len(legal))
        s = GAME.apply(s, seat, legal[rng.randrange(len(legal))]).state
    assert counts == GOLDEN_COUNTS


def test_registered_under_its_id() -> None:
    assert get_game("magnate") is GAME
    assert GAME.info.min_players == GAME.info.max_players == 2
    assert SUIT_INDEX[Suit.KNOTS] == 5


# -- the search's hooks ------------------------------------------------------------
def test_the_rollout_policy_plays_legal_moves_to_the_end_and_evaluates_in_range() -> None:
    from rules.magnate import ai

    rng = random.Random(5)
    for seed in range(5):
        s = GAME.new_game(2, seed)
        while GAME.to_act(s):
            (seat,) = GAME.to_act(s)
            action = ai.rollout_action(GAME, s, seat, rng)
            assert action in GAME.legal_actions(s, seat)
            values = ai.evaluate(GAME, s)
            assert all(0.0 <= v <= 1.0 for v in values) and sum(values) == pytest.approx(1.0)
            s = GAME.apply(s, seat, action).state
        assert GAME.outcome(s) is not None


def test_the_mill_of_our_table_costs_two_for_the_deed_then_eight_more() -> None:
    s = position(hands=(["the_mill"], []), tokens=({"waves": 4, "leaves": 3}, {}))
    s = GAME.apply(s, 0, BuyDeed("the_mill", "the_borderland")).state
    s.tokens[0] = [{"waves": 4, "leaves": 4}.get(n, 0) for n in SUIT_ORDER]  # later turns
    for k in range(8):
        assert s.deeds[0][DISTRICT_INDEX["the_borderland"]] == k
        s = GAME.apply(s, 0, DevelopDeed("the_borderland", ("waves", "leaves")[k % 2])).state
    assert s.deeds[0][DISTRICT_INDEX["the_borderland"]] == NO_DEED
    assert sum(s.tokens[0]) == 0  # 2 for the deed and 8 more: 10 tokens in all
