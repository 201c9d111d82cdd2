"""Coup, rule by rule, as the seed's rulebook and our decisions (docs/rules/coup.md) state them."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules import IllegalAction, SetupError, get_game
from rules.core import Action, Event
from rules.coup import (
    AMBASSADOR,
    ASSASSIN,
    CAPTAIN,
    CHARACTERS,
    COUNTESS,
    DUKE,
    GAME,
    Allow,
    Assassinate,
    Block,
    Challenge,
    Character,
    Concede,
    CoupState,
    Exchange,
    ForeignAid,
    Income,
    LaunchCoup,
    LoseInfluence,
    NoBlock,
    Phase,
    PickCard,
    ReturnCard,
    Reveal,
    Steal,
    Tax,
)

FULL_DECK = Counter({c: 3 for c in CHARACTERS})


def table(
    *hands: list[Character],
    coins: list[int] | None = None,
    actor: int = 0,
    revealed: list[list[Character]] | None = None,
    court: list[Character] | None = None,
    seed: int = 1,
) -> CoupState:
    """A table at the start of `actor`'s turn with exactly these hands, coins and face-up cards."""
    n = len(hands)
    s = GAME.new_game(n, seed, {"start_player": 0, "two_player_variant": False})
    s.hidden = [tuple(h) for h in hands]
    s.revealed = [tuple(r) for r in revealed] if revealed else [() for _ in range(n)]
    s.coins = list(coins) if coins else [2] * n
    s.treasury = 50 - sum(s.coins)
    if court is None:
        used = Counter(c for h in s.hidden + s.revealed for c in h)
        court = sorted((FULL_DECK - used).elements())
    s.court = list(court)
    s.actor = actor
    s.out = tuple(q for q in range(n) if len(s.revealed[q]) == 2)
    return s


def act(s: CoupState, *moves: Action) -> tuple[CoupState, list[Event]]:
    """Play moves, each for the one seat the game waits for; return the state and events."""
    events: list[Event] = []
    for move in moves:
        (seat,) = GAME.to_act(s)
        t = GAME.apply(s, seat, move)
        s, events = t.state, events + t.events
    return s, events


def kinds(events: list[Event]) -> list[Any]:
    return [e["type"] for e in events]


def legal(s: CoupState, seat: int | None = None) -> list[Action]:
    if seat is None:
        (seat,) = GAME.to_act(s)
    return GAME.legal_actions(s, seat)


def refused(s: CoupState, seat: int, action: Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, seat, action)
    return err.value


def allow_all(s: CoupState) -> tuple[CoupState, list[Event]]:
    """Everyone in the open challenge window lets the claim stand."""
    events: list[Event] = []
    while s.phase is Phase.CHALLENGE:
        s, ev = act(s, Allow())
        events += ev
    return s, events


def total_coins(s: CoupState) -> int:
    return s.treasury + sum(s.coins)


# -- components and set-up ---------------------------------------------------
def test_the_game_is_registered_for_two_to_six_players() -> None:
    game = get_game("coup")
    assert game is GAME
    assert (game.info.min_players, game.info.max_players) == (2, 6)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_player_gets_two_cards_and_two_coins_the_rest_is_court_and_treasury(
    players: int,
) -> None:
    s = GAME.new_game(players, 5)
    assert all(len(h) == 2 for h in s.hidden)
    assert s.coins == [2] * players
    assert len(s.court) == 15 - 2 * players
    assert s.treasury == 50 - 2 * players


def test_the_deck_is_three_of_each_of_the_five_characters() -> None:
    s = GAME.new_game(4, 3)
    assert Counter(s.court + [c for h in s.hidden for c in h]) == FULL_DECK
    assert set(CHARACTERS) == {"duke", "assassin", "captain", "ambassador", "countess"}


def test_the_start_player_is_an_option_or_drawn_from_the_seed() -> None:
    assert GAME.to_act(GAME.new_game(4, 3, {"start_player": 2})) == (2,)
    starts = {GAME.new_game(4, seed).actor for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    with pytest.raises(SetupError):
        GAME.new_game(3, 1, {"start_player": 4})


def test_two_player_variant_is_on_by_default_and_starts_with_secret_picks() -> None:
    s = GAME.new_game(2, 7, {"start_player": 0})
    assert s.variant and s.phase is Phase.PICK
    assert GAME.to_act(s) == (0, 1)
    assert legal(s, 0) == [PickCard(c) for c in CHARACTERS] == legal(s, 1)
    # the start player has 1 coin, the other 2; the court is the third set of five
    assert s.coins == [1, 2] and s.treasury == 47
    assert sorted(s.court) == sorted(CHARACTERS)


def test_two_player_variant_keeps_the_pick_and_deals_one_card_from_the_third_set() -> None:
    s = GAME.new_game(2, 7, {"start_player": 1})
    t = GAME.apply(s, 0, PickCard(DUKE))
    assert not t.barrier and GAME.to_act(t.state) == (1,)
    assert t.state.hidden[0] == (DUKE,)
    assert all(e["to"] == [0] for e in t.events if "character" in e)
    t = GAME.apply(t.state, 1, PickCard(DUKE))
    s = t.state
    assert t.barrier and s.phase is Phase.ACTION and GAME.to_act(s) == (1,)
    assert [h[0] for h in s.hidden] == [DUKE, DUKE]
    assert len(s.court) == 3
    dealt = [h[1] for h in s.hidden]
    assert Counter(dealt + s.court) == Counter(CHARACTERS)
    assert s.coins == [2, 1]


def test_two_player_variant_can_be_turned_off() -> None:
    s = GAME.new_game(2, 7, {"two_player_variant": False, "start_player": 0})
    assert not s.variant and s.phase is Phase.ACTION
    assert s.coins == [2, 2] and len(s.court) == 11 and all(len(h) == 2 for h in s.hidden)


def test_two_player_variant_applies_only_to_two_players() -> None:
    s = GAME.new_game(3, 7, {"two_player_variant": True})
    assert not s.variant and s.phase is Phase.ACTION


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_theme_never_changes_rules(players: int) -> None:
    for seed in range(10):
        rng = random.Random(seed)
        a = GAME.new_game(players, seed, {"theme": "classic"})
        b = GAME.new_game(players, seed, {"theme": "urbis"})
        while GAME.to_act(a):
            assert GAME.to_act(a) == GAME.to_act(b)
            seat = GAME.to_act(a)[0]
            moves = GAME.legal_actions(a, seat)
            assert moves == GAME.legal_actions(b, seat)
            move = rng.choice(moves)
            ta, tb = GAME.apply(a, seat, move), GAME.apply(b, seat, move)
            assert ta.events == tb.events and ta.barrier == tb.barrier
            a, b = ta.state, tb.state
            assert GAME.view(b, seat) == {**GAME.view(a, seat), "theme": "urbis"}
        assert GAME.outcome(a) == GAME.outcome(b)
    with pytest.raises(SetupError):
        GAME.new_game(players, 1, {"theme": "steampunk"})


# -- the turn: one action, never none ----------------------------------------
def test_a_player_must_take_an_action_on_their_turn() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    types = {a.TYPE for a in legal(s)}
    assert types == {"income", "foreign_aid", "tax", "steal", "exchange"}


def test_income_takes_one_coin_from_the_treasury_and_cannot_be_answered() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    t = GAME.apply(s, 0, Income())
    assert t.state.coins[0] == 3 and t.state.treasury == s.treasury - 1
    assert GAME.to_act(t.state) == (1,) and t.state.phase is Phase.ACTION
    assert not t.barrier


def test_foreign_aid_takes_two_coins_when_nobody_blocks() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    s, _ = act(s, ForeignAid())
    assert s.phase is Phase.BLOCK and GAME.to_act(s) == (1,)
    s, _ = act(s, NoBlock(), NoBlock())
    assert s.coins[0] == 4 and GAME.to_act(s) == (1,)


def test_foreign_aid_cannot_be_challenged_only_blocked_by_a_duke() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    s, _ = act(s, ForeignAid())
    assert legal(s) == [Block(DUKE), NoBlock()]
    assert refused(s, 1, Challenge()).code == "wrong_window"
    assert refused(s, 1, Block(COUNTESS)).code == "cannot_block"


def test_foreign_aid_is_blocked_by_a_duke_claim_from_any_player() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    # seat 1 lets it pass, seat 2 (not the next player) blocks; nobody challenges the Duke
    s, ev = act(s, ForeignAid(), NoBlock(), Block(DUKE), Allow(), Allow())
    assert "action_blocked" in kinds(ev)
    assert s.coins[0] == 2 and GAME.to_act(s) == (1,)


def test_a_blocked_foreign_aid_gives_no_coins_even_to_a_bluffer() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    s, _ = act(s, ForeignAid(), Block(DUKE), Allow(), Allow())  # seat 1 has no Duke
    assert s.coins == [2, 2, 2]


def test_coup_costs_seven_and_the_target_loses_an_influence_at_once() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], coins=[7, 2, 2])
    s, ev = act(s, LaunchCoup(2))
    assert s.coins[0] == 0 and s.treasury == 50 - 4
    assert "challenge_window" not in kinds(ev) and "block_window" not in kinds(ev)
    # the target chooses which of its two cards to turn up
    assert s.phase is Phase.LOSE and legal(s) == [LoseInfluence(AMBASSADOR), LoseInfluence(DUKE)]
    s, ev = act(s, LoseInfluence(DUKE))
    assert s.revealed[2] == (DUKE,) and s.hidden[2] == (AMBASSADOR,)
    assert GAME.to_act(s) == (1,)


def test_coup_needs_seven_coins() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], coins=[6, 2])
    assert not any(isinstance(a, LaunchCoup) for a in legal(s))
    err = refused(s, 0, LaunchCoup(1))
    assert err.code == "not_enough_coins" and err.params["cost"] == 7


def test_ten_coins_forces_a_coup() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], coins=[10, 2, 2])
    assert legal(s) == [LaunchCoup(1), LaunchCoup(2)]
    err = refused(s, 0, Tax())
    assert err.code == "must_coup" and err.params["coins"] == 10


def test_nine_coins_do_not_force_a_coup() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], coins=[9, 2])
    assert Income() in legal(s) and LaunchCoup(1) in legal(s)


# -- character actions --------------------------------------------------------
def test_tax_claims_the_duke_and_takes_three_coins() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    s, _ = act(s, Tax())
    assert s.phase is Phase.CHALLENGE and s.claim == DUKE
    s, _ = allow_all(s)
    assert s.coins[0] == 5


def test_a_character_action_may_be_claimed_without_the_card() -> None:
    s = table([CAPTAIN, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    assert Tax() in legal(s) and Exchange() in legal(s)
    s, _ = act(s, Tax())
    s, _ = allow_all(s)
    assert s.coins[0] == 5


def test_assassination_costs_three_and_the_target_loses_an_influence() -> None:
    s = table([ASSASSIN, CAPTAIN], [COUNTESS, DUKE], [AMBASSADOR, DUKE], coins=[3, 2, 2])
    s, _ = act(s, Assassinate(2))
    assert s.coins[0] == 0 and s.treasury == 50 - 4
    s, _ = allow_all(s)
    # the target alone is asked whether it blocks
    assert s.phase is Phase.BLOCK and GAME.to_act(s) == (2,)
    assert legal(s) == [Block(COUNTESS), NoBlock()]
    s, _ = act(s, NoBlock(), LoseInfluence(DUKE))
    assert s.revealed[2] == (DUKE,) and s.coins[0] == 0


def test_assassination_needs_three_coins() -> None:
    s = table([ASSASSIN, CAPTAIN], [COUNTESS, DUKE], coins=[2, 2])
    assert refused(s, 0, Assassinate(1)).code == "not_enough_coins"


def test_assassination_blocked_by_the_countess_still_costs_three() -> None:
    s = table([ASSASSIN, CAPTAIN], [COUNTESS, DUKE], [AMBASSADOR, DUKE], coins=[3, 2, 2])
    s, ev = act(s, Assassinate(1), Allow(), Allow(), Block(COUNTESS), Allow(), Allow())
    assert "action_blocked" in kinds(ev)
    assert s.coins[0] == 0 and s.revealed == [(), (), ()]
    assert total_coins(s) == 50


def test_extortion_takes_two_coins_from_the_target() -> None:
    s = table([CAPTAIN, DUKE], [COUNTESS, DUKE], coins=[2, 5])
    s, _ = act(s, Steal(1), Allow(), NoBlock())
    assert s.coins == [4, 3]


def test_extortion_of_a_player_with_one_coin_takes_only_that_one() -> None:
    s = table([CAPTAIN, DUKE], [COUNTESS, DUKE], coins=[2, 1])
    s, _ = act(s, Steal(1), Allow(), NoBlock())
    assert s.coins == [3, 0]


def test_extortion_of_a_player_without_coins_takes_nothing() -> None:
    s = table([CAPTAIN, DUKE], [COUNTESS, DUKE], coins=[2, 0])
    s, _ = act(s, Steal(1), Allow(), NoBlock())
    assert s.coins == [2, 0]


def test_extortion_is_blocked_by_the_captain_or_the_ambassador() -> None:
    for blocker in (CAPTAIN, AMBASSADOR):
        s = table([CAPTAIN, DUKE], [COUNTESS, DUKE], [ASSASSIN, DUKE], coins=[2, 4, 2])
        s, _ = act(s, Steal(1), Allow(), Allow())
        assert legal(s) == [Block(CAPTAIN), Block(AMBASSADOR), NoBlock()]
        s, ev = act(s, Block(blocker), Allow(), Allow())
        assert "action_blocked" in kinds(ev) and s.coins == [2, 4, 2]


def test_exchange_draws_two_from_the_court_and_returns_two() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], court=[DUKE, AMBASSADOR, COUNTESS])
    s, ev = act(s, Exchange(), Allow())
    assert s.phase is Phase.EXCHANGE
    assert sorted(s.hidden[0]) == sorted([DUKE, CAPTAIN, AMBASSADOR, COUNTESS])
    assert len(s.court) == 1
    # the drawn cards are told only to the actor
    (drawn,) = [e for e in ev if e["type"] == "exchange_cards"]
    assert drawn["to"] == [0] and sorted(drawn["drawn"]) == [AMBASSADOR, COUNTESS]
    s, ev = act(s, ReturnCard(CAPTAIN))
    assert s.phase is Phase.EXCHANGE and s.influence(0) == 2
    s, ev = act(s, ReturnCard(DUKE))
    assert sorted(s.hidden[0]) == [AMBASSADOR, COUNTESS]
    assert sorted(s.court) == [CAPTAIN, DUKE, DUKE]
    assert "court_shuffled" in kinds(ev) and GAME.to_act(s) == (1,)


def test_exchange_may_keep_the_original_cards() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], court=[DUKE, AMBASSADOR, COUNTESS])
    s, _ = act(s, Exchange(), Allow(), ReturnCard(AMBASSADOR), ReturnCard(COUNTESS))
    assert sorted(s.hidden[0]) == [CAPTAIN, DUKE]


def test_exchange_with_one_influence_keeps_one_card() -> None:
    s = table([DUKE], [COUNTESS, ASSASSIN], revealed=[[CAPTAIN], []])
    s, _ = act(s, Exchange(), Allow())
    assert len(s.hidden[0]) == 3 and s.influence(0) == 1
    s, _ = act(s, ReturnCard(s.hidden[0][0]))
    s, _ = act(s, ReturnCard(s.hidden[0][0]))
    assert len(s.hidden[0]) == 1


# -- challenges ---------------------------------------------------------------
def test_challenge_window_goes_round_the_table_from_the_claimant() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], [DUKE, CAPTAIN], actor=2)
    s, _ = act(s, Tax())
    assert s.window == (3, 0, 1)
    s, _ = act(s, Allow())
    assert GAME.to_act(s) == (0,)


def test_the_first_challenge_closes_the_window() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], [DUKE, CAPTAIN])
    s, _ = act(s, Tax(), Allow(), Challenge())
    assert s.phase is Phase.PROVE and s.challenger == 2 and GAME.to_act(s) == (0,)


def test_anyone_may_challenge_even_when_not_involved() -> None:
    s = table([CAPTAIN, DUKE], [COUNTESS, DUKE], [ASSASSIN, DUKE], coins=[2, 4, 2])
    s, _ = act(s, Steal(1), Allow(), Challenge())  # seat 2 is not the target
    assert s.challenger == 2


def test_challenges_are_resolved_before_the_action() -> None:
    s = table([CAPTAIN, DUKE], [COUNTESS, DUKE], [ASSASSIN, DUKE])
    s, ev = act(s, Tax(), Challenge())
    assert s.coins[0] == 2  # no coins until the challenge is settled
    s, ev = act(s, Concede(), LoseInfluence(CAPTAIN))
    assert s.coins[0] == 2 and "action_failed" in kinds(ev)


def test_winner_of_a_challenge_shuffles_the_card_back_and_draws() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], court=[AMBASSADOR] * 3)
    s, _ = act(s, Tax(), Challenge())
    assert legal(s) == [Reveal(), Concede()]
    t = GAME.apply(s, 0, Reveal())
    s = t.state
    assert t.barrier
    assert sorted(s.hidden[0]) == [AMBASSADOR, CAPTAIN]
    assert Counter(s.court) == Counter({AMBASSADOR: 2, DUKE: 1})
    revealed = [e for e in t.events if e["type"] == "revealed"]
    assert revealed[0]["to"] == "all" and revealed[0]["character"] == DUKE
    # the new card is known only to its holder
    (drew,) = [e for e in t.events if e["type"] == "drew_card"]
    assert drew["to"] == [0] and drew["character"] == AMBASSADOR
    # the challenger loses an influence (its last choice), then the tax goes through
    assert s.phase is Phase.LOSE and GAME.to_act(s) == (1,)
    s, _ = act(s, LoseInfluence(ASSASSIN))
    assert s.coins[0] == 5 and s.revealed[1] == (ASSASSIN,)


def test_loser_of_a_challenge_loses_an_influence_of_their_choice() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    s, _ = act(s, Tax(), Challenge(), Reveal())
    assert s.loser == 1 and legal(s) == [LoseInfluence(COUNTESS), LoseInfluence(ASSASSIN)]
    s, _ = act(s, LoseInfluence(COUNTESS))
    assert s.revealed[1] == (COUNTESS,)


def test_a_challenged_player_may_decline_to_show_a_card() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    s, ev = act(s, Tax(), Challenge(), Concede())
    assert "challenge_lost" in kinds(ev) and s.loser == 0
    s, ev = act(s, LoseInfluence(DUKE))
    assert s.coins[0] == 2 and s.revealed[0] == (DUKE,) and "action_failed" in kinds(ev)


def test_a_challenged_player_without_the_card_can_only_concede() -> None:
    s = table([CAPTAIN, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    s, _ = act(s, Tax(), Challenge())
    assert legal(s) == [Concede()]
    assert refused(s, 0, Reveal()).code == "card_not_held"


def test_a_failed_action_costs_nothing() -> None:
    s = table([CAPTAIN, DUKE], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], coins=[3, 2, 2])
    s, _ = act(s, Assassinate(1), Challenge())
    assert s.coins[0] == 0
    s, _ = act(s, Concede(), LoseInfluence(CAPTAIN))
    assert s.coins[0] == 3 and s.revealed[1] == () and total_coins(s) == 50


def test_a_challenge_cannot_come_after_the_claim_was_allowed() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], coins=[2, 5, 2])
    s, _ = act(s, Steal(1), Allow(), Allow())
    assert s.phase is Phase.BLOCK
    assert refused(s, 1, Challenge()).code == "wrong_window"


def test_a_block_can_be_challenged_by_any_player_including_the_actor() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], [DUKE, CAPTAIN])
    s, _ = act(s, ForeignAid(), NoBlock(), Block(DUKE))
    # the block's window goes round the table from the blocker: 3, then the actor, then 1
    assert s.window == (3, 0, 1) and s.claimant == 2 and s.claim == DUKE
    s, _ = act(s, Allow(), Challenge())
    assert s.challenger == 0


def test_a_challenged_blocker_with_the_card_wins_and_the_action_fails() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    s, ev = act(s, ForeignAid(), NoBlock(), Block(DUKE), Challenge(), Reveal())
    assert s.loser == 0
    s, ev = act(s, LoseInfluence(CAPTAIN))
    assert "action_blocked" in kinds(ev) and s.coins[0] == 2
    assert DUKE not in s.revealed[2] and len(s.hidden[2]) == 2


def test_a_challenged_blocker_without_the_card_loses_and_the_action_goes_on() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    s, ev = act(s, ForeignAid(), Block(DUKE), Challenge(), Concede(), LoseInfluence(COUNTESS))
    assert "block_failed" in kinds(ev) and s.coins[0] == 4 and s.revealed[1] == (COUNTESS,)


def test_an_extortion_blocker_must_show_the_character_it_claimed() -> None:
    s = table([CAPTAIN, DUKE], [CAPTAIN, DUKE], coins=[2, 4])
    s, _ = act(s, Steal(1), Allow(), Block(AMBASSADOR), Challenge())
    assert legal(s) == [Concede()]  # a Captain is no proof of an Ambassador
    s, _ = act(s, Concede(), LoseInfluence(DUKE))
    assert s.coins == [4, 2]


def test_the_target_may_still_block_after_failing_a_challenge() -> None:
    s = table([CAPTAIN, DUKE], [AMBASSADOR, DUKE], [ASSASSIN, DUKE], coins=[2, 4, 2])
    s, _ = act(s, Steal(1), Challenge(), Reveal(), LoseInfluence(DUKE))
    assert s.phase is Phase.BLOCK and GAME.to_act(s) == (1,)
    s, ev = act(s, Block(AMBASSADOR), Allow(), Allow())
    assert "action_blocked" in kinds(ev) and s.coins == [2, 4, 2]


def test_double_assassination_by_losing_a_challenge_to_the_assassin() -> None:
    s = table([ASSASSIN, DUKE], [CAPTAIN, DUKE], [AMBASSADOR, DUKE], coins=[3, 5, 2])
    s, _ = act(s, Assassinate(1), Challenge(), Reveal())
    s, _ = act(s, LoseInfluence(CAPTAIN))
    # the target may still claim the Countess, but lets it through: the second influence goes
    s, ev3 = act(s, NoBlock())
    assert s.revealed[1] == (CAPTAIN, DUKE) and 1 in s.out
    assert s.coins[1] == 0 and s.treasury == 50 - s.coins[0] - s.coins[2]
    assert "eliminated" in kinds(ev3) and GAME.to_act(s) == (2,)


def test_double_assassination_by_a_false_countess() -> None:
    s = table([ASSASSIN, DUKE], [CAPTAIN, DUKE], [AMBASSADOR, DUKE], coins=[3, 2, 2])
    s, _ = act(s, Assassinate(1), Allow(), Allow(), Block(COUNTESS), Allow(), Challenge())
    assert legal(s) == [Concede()]
    s, ev = act(s, Concede(), LoseInfluence(DUKE))
    assert "block_failed" in kinds(ev) and s.revealed[1] == (DUKE, CAPTAIN)
    assert 1 in s.out and s.coins[0] == 0


def test_an_assassin_whose_target_dies_to_the_challenge_keeps_nothing_back() -> None:
    s = table(
        [ASSASSIN, DUKE], [CAPTAIN], [AMBASSADOR, DUKE], coins=[3, 2, 2], revealed=[[], [DUKE], []]
    )
    s, _ = act(s, Assassinate(1), Challenge(), Reveal())
    assert 1 in s.out and s.coins[0] == 0 and GAME.to_act(s) == (2,)


def test_ambassador_exchange_after_a_failed_challenge() -> None:
    s = table([AMBASSADOR, DUKE], [CAPTAIN, DUKE], court=[COUNTESS] * 3 + [ASSASSIN] * 3)
    s, _ = act(s, Exchange(), Challenge())
    t = GAME.apply(s, 0, Reveal())
    s = t.state
    assert AMBASSADOR not in s.hidden[0] or Counter(s.court)[AMBASSADOR] == 0
    s, ev = act(s, LoseInfluence(CAPTAIN))
    # the challenger has lost; the exchange now goes ahead with the refreshed hand
    assert s.phase is Phase.EXCHANGE and len(s.hidden[0]) == 4 and len(s.court) == 4
    assert "exchange_cards" in kinds(ev)
    s, _ = act(s, ReturnCard(s.hidden[0][0]))
    s, _ = act(s, ReturnCard(s.hidden[0][0]))
    assert len(s.hidden[0]) == 2 and len(s.court) == 6 and GAME.to_act(s) == (1,)


# -- influence, elimination, the end ------------------------------------------
def test_a_lost_influence_stays_face_up_in_front_of_its_owner() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], coins=[7, 2, 2])
    s, _ = act(s, LaunchCoup(1), LoseInfluence(ASSASSIN))
    view = GAME.view(s, 2)
    assert view["revealed"][1] == [ASSASSIN] and view["influence"][1] == 1


def test_a_player_with_one_card_left_has_no_choice_to_make() -> None:
    s = table(
        [DUKE, CAPTAIN],
        [COUNTESS],
        [AMBASSADOR, DUKE],
        coins=[7, 2, 2],
        revealed=[[], [ASSASSIN], []],
    )
    s, ev = act(s, LaunchCoup(1))
    assert kinds(ev)[-3:] == ["influence_lost", "eliminated", "turn"]


def test_a_player_with_two_equal_cards_is_still_asked() -> None:
    # skipping the question would tell everyone the two cards are alike
    s = table([DUKE, CAPTAIN], [COUNTESS, COUNTESS], [AMBASSADOR, DUKE], coins=[7, 2, 2])
    s, _ = act(s, LaunchCoup(1))
    assert GAME.to_act(s) == (1,) and legal(s) == [LoseInfluence(COUNTESS)]


def test_a_player_without_influence_leaves_and_their_coins_return_to_the_treasury() -> None:
    s = table(
        [DUKE, CAPTAIN],
        [COUNTESS],
        [AMBASSADOR, DUKE],
        coins=[7, 6, 2],
        revealed=[[], [ASSASSIN], []],
    )
    s, _ = act(s, LaunchCoup(1))
    assert s.coins == [0, 0, 2] and s.treasury == 48 and s.out == (1,)
    assert s.revealed[1] == (ASSASSIN, COUNTESS)
    assert GAME.to_act(s) == (2,)


def test_eliminated_players_are_skipped_and_cannot_be_targeted() -> None:
    s = table(
        [DUKE, CAPTAIN],
        [],
        [AMBASSADOR, DUKE],
        coins=[7, 0, 2],
        revealed=[[], [ASSASSIN, COUNTESS], []],
    )
    assert LaunchCoup(1) not in legal(s) and Steal(1) not in legal(s)
    assert refused(s, 0, LaunchCoup(1)).code == "target_eliminated"
    s, _ = act(s, Income())
    assert GAME.to_act(s) == (2,)
    s, _ = act(s, Tax())
    assert s.window == (0,)


def test_the_last_player_standing_wins_and_there_are_no_ties() -> None:
    s = table(
        [DUKE, CAPTAIN],
        [COUNTESS],
        [AMBASSADOR],
        coins=[7, 2, 2],
        revealed=[[], [ASSASSIN], [DUKE]],
    )
    s.out = ()
    s, _ = act(s, LaunchCoup(2))
    assert s.out == (2,) and GAME.to_act(s) == (1,)
    s, _ = act(s, Tax(), Challenge(), Concede())
    assert s.phase is Phase.OVER and GAME.to_act(s) == ()
    outcome = GAME.outcome(s)
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.ranking == (1, 2, 3)
    assert all(GAME.legal_actions(s, q) == [] for q in range(3))
    assert refused(s, 0, Income()).code == "game_over"


def test_random_games_end_and_keep_fifty_coins_and_fifteen_cards() -> None:
    rng = random.Random(3)
    for seed in range(60):
        players = 2 + seed % 5
        s = GAME.new_game(players, seed)
        steps = 0
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))).state
            steps += 1
            assert total_coins(s) == 50 and min(s.coins) >= 0 and s.treasury >= 0
            cards = len(s.court) + sum(
                len(h) + len(r) for h, r in zip(s.hidden, s.revealed, strict=True)
            )
            if not s.variant:
                assert cards == 15
            elif s.phase is not Phase.PICK:
                assert cards == 7  # both picks and the third set
        assert GAME.outcome(s) is not None and steps < 1000


# -- the treasury --------------------------------------------------------------
def test_income_aid_and_tax_take_only_what_the_treasury_holds() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], coins=[2, 2])
    s.treasury = 2
    s, _ = act(s, Tax(), Allow())
    assert s.coins[0] == 4 and s.treasury == 0
    s, _ = act(s, Income())
    assert s.coins[1] == 2 and s.treasury == 0


# -- what each seat may know ---------------------------------------------------
def test_view_shows_own_cards_but_not_others_or_the_court() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    v = GAME.view(s, 1)
    assert v["hand"] == [COUNTESS, ASSASSIN]
    assert v["influence"] == [2, 2, 2] and v["court_size"] == 9 and v["treasury"] == 44
    text = repr({k: v[k] for k in v if k != "hand"})
    for card in CHARACTERS:
        assert card not in text
    assert GAME.view(s, None)["hand"] is None


def test_view_shows_the_pending_claim_block_and_awaited_answer() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], coins=[3, 2, 2])
    s, _ = act(s, Assassinate(2), Allow(), Allow(), Block(COUNTESS))
    p = GAME.view(s, 1)["pending"]
    assert p["action"] == "assassinate" and p["target"] == 2 and p["claim"] == COUNTESS
    assert p["blocker"] == 2 and p["awaiting"] == 0 and p["window"] == [0, 1]


def test_an_exchange_hand_is_seen_only_by_its_holder() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN])
    s, _ = act(s, Exchange(), Allow())
    assert len(GAME.view(s, 0)["hand"]) == 4
    assert GAME.view(s, 1)["influence"][0] == 2
    for seat in (0, 1):
        world = GAME.sample_world(s, seat, random.Random(4))
        assert GAME.view(world, seat) == GAME.view(s, seat)


def test_sample_world_depends_only_on_what_the_seat_can_see() -> None:
    a = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    b = table([DUKE, CAPTAIN], [DUKE, DUKE], [ASSASSIN, ASSASSIN])
    assert GAME.view(a, 0) == GAME.view(b, 0) and a != b
    assert GAME.sample_world(a, 0, random.Random(9)) == GAME.sample_world(b, 0, random.Random(9))
    world = GAME.sample_world(a, 0, random.Random(9))
    assert world.hidden[0] == (DUKE, CAPTAIN)
    assert Counter(world.court + [c for h in world.hidden for c in h]) == FULL_DECK


def test_sampled_worlds_respect_the_face_up_cards() -> None:
    # all three Dukes are visible to seat 0: nobody else can hold one in any world
    s = table(
        [DUKE, CAPTAIN], [COUNTESS], [AMBASSADOR, ASSASSIN], revealed=[[], [DUKE], []], court=None
    )
    s.hidden[0] = (DUKE, DUKE)
    s.court = sorted(
        (FULL_DECK - Counter([DUKE, DUKE, DUKE, COUNTESS, AMBASSADOR, ASSASSIN])).elements()
    )
    for k in range(20):
        world = GAME.sample_world(s, 0, random.Random(k))
        assert DUKE not in (*world.court, *world.hidden[1], *world.hidden[2])


def test_sample_world_in_the_two_player_variant_reconsiders_the_other_pick() -> None:
    s = GAME.new_game(2, 11, {"start_player": 0})
    s, _ = act_pick(s)
    picks = {GAME.sample_world(s, 0, random.Random(k)).picks[1] for k in range(40)}
    assert len(picks) > 1
    for k in range(10):
        world = GAME.sample_world(s, 0, random.Random(k))
        assert len(world.court) == 3 and GAME.view(world, 0) == GAME.view(s, 0)


def act_pick(s: CoupState) -> tuple[CoupState, list[Event]]:
    s = GAME.apply(s, 0, PickCard(DUKE)).state
    t = GAME.apply(s, 1, PickCard(CAPTAIN))
    return t.state, t.events


def test_undo_barriers_fall_where_cards_are_shown_or_drawn() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE])
    assert not GAME.apply(s, 0, Tax()).barrier
    s, _ = act(s, Tax())
    assert not GAME.apply(s, 1, Allow()).barrier
    s, _ = act(s, Challenge())
    assert GAME.apply(s, 0, Reveal()).barrier
    t = GAME.apply(s, 0, Concede())
    assert not t.barrier and t.state.phase is Phase.LOSE
    assert GAME.apply(t.state, 0, LoseInfluence(DUKE)).barrier


# -- codes for the client ------------------------------------------------------
def test_illegal_actions_say_exactly_what_is_wrong() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], coins=[3, 2, 2])
    assert refused(s, 1, Income()).code == "not_your_turn"
    assert refused(s, 0, Steal(5)).code == "no_such_target"
    assert refused(s, 0, Steal(0)).code == "cannot_target_self"
    assert refused(s, 0, Challenge()).code == "wrong_window"
    assert refused(s, 0, LoseInfluence(DUKE)).params["window"] == "action"
    s, _ = act(s, Steal(1), Allow(), Allow())
    err = refused(s, 1, Block(DUKE))
    assert err.code == "cannot_block" and err.params["allowed"] == [CAPTAIN, AMBASSADOR]
    s, _ = act(s, NoBlock())
    s.coins[1] = 7
    s, _ = act(s, LaunchCoup(0))
    assert refused(s, 0, LoseInfluence(COUNTESS)).code == "card_not_held"


def test_every_action_round_trips_through_json() -> None:
    s = GAME.new_game(6, 1)
    for action in GAME.action_space(s):
        data = GAME.action_to_json(action)
        assert GAME.action_from_json(data) == action
    assert GAME.action_to_json(Block(COUNTESS)) == {"type": "block", "character": "countess"}
    with pytest.raises(IllegalAction):
        GAME.action_from_json({"type": "block", "character": "queen"})


# -- golden counts ("perft") ---------------------------------------------------
def perft(s: CoupState, depth: int) -> int:
    """Action sequences of length `depth` from `s` (whoever is to act at each step)."""
    if depth == 0 or not GAME.to_act(s):
        return 1
    total = 0
    for seat in GAME.to_act(s):
        for action in GAME.legal_actions(s, seat):
            total += perft(GAME.apply(s, seat, action).state, depth - 1)
    return total


def test_perft_opening_of_four_players() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], [DUKE, CAPTAIN])
    # income, foreign aid, tax, exchange, 3 extortions
    assert len(legal(s)) == 7
    s.coins[0] = 3
    assert len(legal(s)) == 10  # + 3 assassinations
    s.coins[0] = 7
    assert len(legal(s)) == 13  # + 3 coups
    s.coins[0] = 10
    assert len(legal(s)) == 3  # coups only


def test_perft_six_players_with_one_out() -> None:
    s = table(
        [DUKE, CAPTAIN],
        [COUNTESS, ASSASSIN],
        [],
        [DUKE, CAPTAIN],
        [ASSASSIN, COUNTESS],
        [AMBASSADOR, AMBASSADOR],
        coins=[8, 2, 0, 2, 2, 2],
        revealed=[[], [], [CAPTAIN, DUKE], [], [], []],
    )
    assert len(legal(s)) == 1 + 1 + 4 + 1 + 4 + 4 + 1


def test_perft_depth_two_and_three_from_a_three_player_table() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], coins=[3, 2, 2])
    # income, foreign aid, tax, exchange, 2 extortions, 2 assassinations
    assert perft(s, 1) == 8
    # income: the next player's 6; every other action: the first answer (2 choices)
    assert perft(s, 2) == 6 + 2 + 2 + 2 + 2 * 2 + 2 * 2
    # income 16; aid 2+2; tax 2+2 (seat 0 can reveal the Duke); exchange 1+2 (seat 0
    # can only concede the Ambassador); extortion 2×(2+2); assassination 2×(1+2)
    assert perft(s, 3) == 16 + 4 + 4 + 3 + 8 + 6


def test_perft_two_player_variant_picks() -> None:
    s = GAME.new_game(2, 5, {"start_player": 0})
    assert perft(s, 1) == 10
    assert perft(s, 2) == 50


def test_turns_pass_clockwise() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], actor=1)
    seats = []
    for _ in range(4):
        seats.append(GAME.to_act(s)[0])
        s, _ = act(s, Income())
    assert seats == [1, 2, 0, 1]


def test_the_table_counts_the_turns_so_a_repeated_position_is_not_the_same_view() -> None:
    """Steal and block can bring back the same coins and cards turn after turn; the
    turn count is public, so the AI (seeded by its view) does not repeat itself forever."""
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, DUKE], actor=1)
    first = GAME.view(s, 1)
    for _ in range(3):
        s, _ = act(s, Income())
    s.coins, s.treasury = [2, 2, 2], 44
    again = GAME.view(s, 1)
    assert again["turns"] == first["turns"] + 3
    assert {**again, "turns": first["turns"]} == first


def test_coins_cannot_be_given_and_cards_cannot_be_shown_at_will() -> None:
    types = {a.TYPE for a in GAME.action_space(GAME.new_game(4, 1))}
    assert types == {
        "income", "foreign_aid", "coup", "tax", "assassinate", "steal", "exchange",
        "challenge", "allow", "block", "no_block", "reveal", "concede",
        "lose_influence", "return_card", "pick_card",
    }  # fmt: skip
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN])
    assert refused(s, 0, Reveal()).code == "wrong_window"


# -- the search's hooks ------------------------------------------------------------
def test_the_rollout_policy_only_plays_legal_moves_and_evaluations_are_rewards() -> None:
    from rules.coup import ai

    rng = random.Random(5)
    for seed in range(40):
        players = 2 + seed % 5
        s = GAME.new_game(players, seed)
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            move = ai.rollout_action(GAME, s, seat, rng)
            assert move in GAME.legal_actions(s, seat)
            values = ai.evaluate(GAME, s)
            assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
            s = GAME.apply(s, seat, move).state


def test_the_rollout_policy_challenges_a_claim_it_knows_is_false() -> None:
    from rules.coup import ai

    s = table([DUKE, DUKE], [COUNTESS, ASSASSIN], [CAPTAIN], revealed=[[], [], [DUKE]], actor=1)
    s, _ = act(s, Tax(), Allow())  # seat 1 claims a Duke; seat 0 sees all three
    assert GAME.to_act(s) == (0,)
    assert ai.rollout_action(GAME, s, 0, random.Random(1)) == Challenge()


def test_a_plain_player_bluffs_more_against_a_rival_who_lets_every_claim_pass() -> None:
    from rules.coup.ai import BLUFF, bluff_chance

    s = table([COUNTESS, AMBASSADOR], [DUKE, CAPTAIN])
    assert bluff_chance(s, (1,)) == pytest.approx(BLUFF)
    s.allowances = (0, 8)
    trusting = bluff_chance(s, (1,))
    s.allowances, s.challenges = (0, 0), (0, 8)
    assert trusting > 2 * BLUFF and bluff_chance(s, (1,)) < BLUFF


def test_a_plain_player_does_not_rob_a_rival_who_claimed_a_blocker() -> None:
    from rules.coup.ai import rollout_action

    s = table([CAPTAIN, COUNTESS], [DUKE, AMBASSADOR], coins=[2, 6])
    rng = random.Random(3)
    assert Steal(1) in {rollout_action(GAME, s, 0, rng) for _ in range(40)}
    s.claimed = ((), (AMBASSADOR,))
    assert Steal(1) not in {rollout_action(GAME, s, 0, rng) for _ in range(40)}


def test_the_stakes_do_not_outweigh_a_rivals_record_of_letting_claims_pass() -> None:
    """A claimant on its last influence is doubted more by a rival with no record, but a
    rival who let ten claims pass is still expected to let this one pass more often than not."""
    from rules.coup.ai import doubt_chance

    s = table([DUKE], [CAPTAIN, COUNTESS], revealed=[[ASSASSIN], []])
    s, _ = act(s, Tax())
    fresh = doubt_chance(s, 1)
    s.allowances = (0, 10)
    assert doubt_chance(s, 1) < fresh / 2


# -- the public record the AI reads the others by, and a seat's memory of the court ----
def test_claims_and_blocks_are_recorded_in_public_until_the_hand_changes() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN], [AMBASSADOR, CAPTAIN])
    s, _ = act(s, Tax())
    s, _ = allow_all(s)
    view = GAME.view(s, 2)
    assert view["claimed"] == [[DUKE], [], []]
    s, _ = act(s, Steal(0))
    s, _ = allow_all(s)
    s, _ = act(s, Block(AMBASSADOR))
    s, _ = allow_all(s)
    # seat 0 blocked seat 1's extortion with the Ambassador, beside its earlier Duke
    assert GAME.view(s, 2)["claimed"] == [[DUKE, AMBASSADOR], [CAPTAIN], []]
    # a challenge won by showing the card replaces it: the old claims say nothing now
    s2 = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN])
    s2, _ = act(s2, Tax(), Challenge(), Reveal(), LoseInfluence(COUNTESS))
    assert s2.claimed[0] == () and s2.shown == (1, 0)


def test_a_caught_bluff_is_counted_and_its_claim_dropped() -> None:
    s = table([CAPTAIN, COUNTESS], [AMBASSADOR, ASSASSIN])
    s, _ = act(s, Tax(), Challenge(), Concede())
    assert s.caught == (1, 0) and s.claimed[0] == ()
    assert GAME.view(s, 1)["caught"] == [1, 0]


def test_a_block_not_made_is_recorded_against_the_blocking_characters() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN])
    s, _ = act(s, ForeignAid(), NoBlock())
    assert GAME.view(s, 0)["passed"] == [[], [DUKE]]


def test_a_seat_remembers_the_cards_it_put_back_and_others_do_not_see_them() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN])
    s, _ = act(s, Exchange(), Allow(), ReturnCard(CAPTAIN), ReturnCard(DUKE))
    assert sorted(GAME.view(s, 0)["court_known"]) == [CAPTAIN, DUKE]
    assert GAME.view(s, 1)["court_known"] == []
    # the sampled worlds keep them in the court, and forget what the other seat knows
    for k in range(20):
        world = GAME.sample_world(s, 0, random.Random(k))
        assert Counter([CAPTAIN, DUKE]) <= Counter(world.court)
        assert GAME.view(world, 0) == GAME.view(s, 0)
    other = GAME.sample_world(s, 1, random.Random(3))
    assert other.court_known[0] == ()


def test_a_seat_forgets_the_court_once_another_seat_draws_from_it() -> None:
    s = table([DUKE, CAPTAIN], [COUNTESS, ASSASSIN])
    s, _ = act(s, Exchange(), Allow(), ReturnCard(CAPTAIN), ReturnCard(DUKE))
    assert s.court_known[0]
    s, _ = act(s, Exchange(), Allow())
    assert s.court_known[0] == ()


def test_the_ai_weighs_worlds_by_the_claims_and_trusts_a_proven_claimant_more() -> None:
    from rules.coup.ai import bluff_rate, world_weight

    s = table([COUNTESS, ASSASSIN], [DUKE, CAPTAIN])
    s, _ = act(s, Income(), Tax())
    s, _ = allow_all(s)
    holding, lying = s.copy(), s.copy()
    lying.hidden[1] = (AMBASSADOR, CAPTAIN)
    assert world_weight(GAME, holding, 0) == 1.0
    assert world_weight(GAME, lying, 0) == pytest.approx(bluff_rate(s, 1))
    # a seat that showed its cards when challenged is believed more
    lying.shown = (0, 3)
    assert bluff_rate(lying, 1) < bluff_rate(s, 1)
    lying.caught, lying.shown = (0, 3), (0, 0)
    assert bluff_rate(lying, 1) > bluff_rate(s, 1)


def test_the_quick_legality_check_agrees_with_the_list_everywhere() -> None:
    rng = random.Random(5)
    for players, variant in ((2, True), (3, False), (4, False)):
        s = GAME.new_game(players, players, {"two_player_variant": variant})
        while GAME.to_act(s):
            space = list(GAME.action_space(s))
            for seat in range(-1, players + 1):
                listed = GAME.legal_actions(s, seat)
                for action in space:
                    assert GAME.is_legal(s, seat, action) == (action in listed), (seat, action)
            seat = GAME.to_act(s)[0]
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))).state


def test_in_the_variant_a_sampled_rival_holds_its_pick_until_its_hand_goes_through_the_court() -> (
    None
):
    s = GAME.new_game(2, 11, {"start_player": 0})
    s, _ = act_pick(s)
    for k in range(30):
        world = GAME.sample_world(s, 0, random.Random(k))
        assert world.picks[1] in world.hidden[1]
    s.redrawn = (False, True)
    assert GAME.view(s, 0)["redrawn"] == [False, True]
    loose = [GAME.sample_world(s, 0, random.Random(k)) for k in range(60)]
    assert any(w.picks[1] not in w.hidden[1] for w in loose)


def _guarded(game: Any, state: Any, seat: Any, action: Any) -> Any:
    """What an apply call gives: its events and every seat's view after, or its refusal."""
    try:
        t = game.apply(state, seat, action)
    except IllegalAction as err:
        return ("refused", err.code, err.params)
    views = [GAME.view(t.state, q) for q in (*range(GAME.players(t.state)), None)]
    return (t.events, t.barrier, views)


def test_apply_plays_and_refuses_exactly_as_the_shared_guard_does() -> None:
    """Coup's one-pass `apply` against `Game.apply`'s checks, for every action of every shape,
    every seat (and some that are none), along random games and after them."""
    from rules.core import Game

    class Shared:
        def apply(self, state: CoupState, seat: Any, action: Any) -> Any:
            return Game.apply(GAME, state, seat, action)

    rng = random.Random(8)
    for players, variant in ((2, True), (3, False)):
        s = GAME.new_game(players, players, {"two_player_variant": variant})
        while True:
            for action in [*GAME.action_space(s), "tax", None]:
                for seat in (-1, *range(players), players, True):
                    assert _guarded(GAME, s, seat, action) == _guarded(Shared(), s, seat, action)
            if not GAME.to_act(s):
                break
            seat = GAME.to_act(s)[0]
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))).state


def test_the_search_plays_in_place_what_apply_plays_on_a_copy() -> None:
    from rules.coup.ai import play

    rng = random.Random(9)
    for players, variant in ((2, True), (4, False)):
        s = GAME.new_game(players, 3, {"two_player_variant": variant})
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            action = rng.choice(GAME.legal_actions(s, seat))
            before = GAME.view(s, None)
            t = GAME.apply(s, seat, action)
            assert GAME.view(s, None) == before  # apply left its input alone
            mine = s.copy()
            assert play(GAME, mine, seat, action) == t.events
            assert mine == t.state
            s = t.state
