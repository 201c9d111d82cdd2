"""Corona de Hierro's AI hooks (`rules/corona_de_hierro/ai.py`): the odds the policy
reckons with, how it weighs an attack that would end the game (R14), and what the
search is allowed to try. The common agent's own checks (legal moves, honesty,
information keys) run for every game in tests/test_ai.py."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from test_corona_de_hierro import begin, put, turn_of

from rules.ai.ismcts import LEVELS, level_config, search
from rules.corona_de_hierro import GAME, AttackArmy, CoronaState, Keep, Reroll, ai
from rules.corona_de_hierro.components import CASTLE_INDEX
from rules.corona_de_hierro.state import Battle

WHOLE_BATTLE = {  # decisions page §4: attacker wins the whole battle, no shields (%)
    (1, 1): 64, (1, 2): 27, (1, 3): 6, (1, 4): 1,
    (2, 1): 92, (2, 2): 67, (2, 3): 29, (2, 4): 12,
    (3, 1): 99, (3, 2): 92, (3, 3): 68, (3, 4): 46,
    (4, 1): 100, (4, 2): 98, (4, 3): 86, (4, 4): 71,
}


@pytest.mark.parametrize(("mine", "theirs"), sorted(WHOLE_BATTLE))
def test_the_policy_reckons_with_the_battle_odds_of_the_decisions_page(
    mine: int, theirs: int
) -> None:
    assert ai.battle_win(mine, theirs) * 100 == pytest.approx(WHOLE_BATTLE[mine, theirs], abs=1)


def _last_army_at_vienne(mine: int, theirs: int, leader: int) -> CoronaState:
    """Three players; seats 0 and 1 face each other at Vienne, everything else emptied:
    neither has troops left inside his castle, so whoever loses this battle is ruined
    (R14) and the game ends. `leader` has 5 VP of Favourable Chronicles."""
    s = turn_of(begin(3), 0)
    for seat, castle in ((0, "arles"), (1, "st_maurice")):
        s.troops[CASTLE_INDEX[castle]] = False
        put(s, castle, seat, 0)
    put(s, "vienne", 0, mine)
    put(s, "vienne", 1, theirs)
    s.chronicle[leader] = 5
    return s


def _picks(s: CoronaState, seat: int, tries: int = 40) -> list[str]:
    return [ai.rollout_action(GAME, s, seat, random.Random(k)).TYPE for k in range(tries)]


def test_a_player_behind_does_not_throw_his_last_army_into_a_losing_battle() -> None:
    s = _last_army_at_vienne(mine=1, theirs=3, leader=1)
    assert GAME.is_legal(s, 0, AttackArmy("vienne", 1))
    assert "attack_army" not in _picks(s, 0)


def test_a_leader_ends_the_game_by_beating_a_rivals_last_army() -> None:
    s = _last_army_at_vienne(mine=3, theirs=1, leader=0)
    assert _picks(s, 0).count("attack_army") >= 36


def test_a_player_behind_does_not_end_the_game_by_beating_a_rivals_last_army() -> None:
    """Ruining a rival ends the game (R14): worth it only to whoever would then win."""
    s = _last_army_at_vienne(mine=3, theirs=1, leader=2)
    s.chronicle[2] = 9
    assert ai.battle_win(3, 1) > 0.95
    assert "attack_army" not in _picks(s, 0)


def test_an_attacker_rerolls_a_low_result_and_keeps_a_high_one() -> None:
    s = _last_army_at_vienne(mine=3, theirs=3, leader=0)
    low = Battle(0, 1, 0, "attacker", 2, 0, 2, 2, False, 1, "")
    high = Battle(0, 1, 0, "attacker", 5, 0, 2, 2, False, 1, "")
    s.pending = low
    assert isinstance(ai.rollout_action(GAME, s, 0, random.Random(1)), Reroll)
    s.pending = high
    assert isinstance(ai.rollout_action(GAME, s, 0, random.Random(1)), Keep)


def test_the_search_tries_the_best_few_main_actions_in_the_rules_order() -> None:
    rng = random.Random(5)
    s = begin(4)
    checked = 0
    while GAME.to_act(s) and checked < 30:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        kept = ai.prune(GAME, s, seat, legal)
        assert kept and all(a in legal for a in kept)
        assert [legal.index(a) for a in kept] == sorted(legal.index(a) for a in kept)
        if s.pending is not None or len(legal) <= ai.PRUNE_KEEP:
            assert kept == legal
        else:
            assert len(kept) == ai.PRUNE_KEEP
            checked += 1
        s = GAME.apply(s, seat, ai.rollout_action(GAME, s, seat, rng)).state
    assert checked == 30


def test_a_leaders_search_ends_the_game_by_beating_a_rivals_last_army() -> None:
    """The search (hard's policy, 60 iterations) sees the ruin end the game in its favour."""
    s = _last_army_at_vienne(mine=3, theirs=1, leader=0)
    config = replace(LEVELS["hard"], iterations=60, time_limit=None)
    result = search(GAME, s, 0, config, seed=1)
    assert result.action == AttackArmy("vienne", 1)


def test_the_ranking_orders_main_actions_by_the_policys_scores_and_keeps_them_all() -> None:
    rng = random.Random(9)
    s = begin(4)
    checked = 0
    while GAME.to_act(s) and checked < 30:
        seat = GAME.to_act(s)[0]
        legal = ai.prune(GAME, s, seat, GAME.legal_actions(s, seat))
        ranked = ai.rank(GAME, s, seat, legal)
        assert sorted(map(repr, ranked)) == sorted(map(repr, legal))
        assert ranked == ai.rank(GAME, s, seat, legal)  # no randomness
        if s.pending is None:
            dist = ai._distance_to_targets(s, seat)
            scores = [ai._score(s, seat, a, dist) for a in ranked]
            assert scores == sorted(scores, reverse=True)
            checked += 1
        s = GAME.apply(s, seat, ai.rollout_action(GAME, s, seat, rng)).state
    assert checked == 30


def test_a_defender_losing_the_round_ranks_a_reroll_first_and_a_winning_one_keeps() -> None:
    s = _last_army_at_vienne(mine=3, theirs=3, leader=0)
    s.pending = Battle(0, 1, 0, "defender", 4, 3, 2, 2, False, 1, "")  # ties: attacker's
    assert isinstance(ai.rank(GAME, s, 1, [Keep(), Reroll()])[0], Reroll)
    s.pending = Battle(0, 1, 0, "defender", 3, 5, 2, 2, False, 1, "")
    assert isinstance(ai.rank(GAME, s, 1, [Reroll(), Keep()])[0], Keep)


def test_only_hard_widens_its_search_by_the_ranking() -> None:
    assert level_config(GAME, "hard").use_widening
    assert not level_config(GAME, "normal").use_widening
    assert not level_config(GAME, "easy").use_widening
