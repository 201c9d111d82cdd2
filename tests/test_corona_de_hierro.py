"""Corona de Hierro rule by rule: the seed's sentences and the decisions page's rulings.

Positions are built from a real setup and then arranged by hand; dice are scripted
where a result matters (`rig`). Cards are in test_corona_de_hierro_cards.py; dice
tables, perft counts, hidden information and random games in
test_corona_de_hierro_play.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.core import Action, IllegalAction
from rules.corona_de_hierro import (
    GAME,
    AcceptAlliance,
    AskRelease,
    AttackArmy,
    AttackCastle,
    ChooseMainCastle,
    CoronaState,
    DenyPassage,
    Discard,
    Draw,
    DrawFive,
    End,
    GrantPassage,
    Keep,
    Move,
    OfferSwap,
    Phase,
    PlaceEmissary,
    RecallEmissary,
    Recruit,
    ReleaseHostage,
    RequestAlliance,
    Reroll,
    RollSupport,
    SendEmissary,
    TakeHostage,
    logic,
    logic_battle,
)
from rules.corona_de_hierro.actions import Accept, ChooseCard, Decline
from rules.corona_de_hierro.components import (
    CASTLE_INDEX,
    CITY_INDEX,
    PAWNS,
    SELF_KING,
    SHIELDS,
    band,
    band_die,
    size_die,
)
from rules.corona_de_hierro.state import NOBODY, Battle, CastleRoll, Passage

MAINS = ("arles", "st_maurice", "cividale", "spoleto", "lucca")


def begin(players: int = 3, seed: int = 1) -> CoronaState:
    """A table right after the castle choice (seat i holds MAINS[i])."""
    s = GAME.new_game(players, seed)
    for seat in range(players):
        s = GAME.apply(s, seat, ChooseMainCastle(MAINS[seat])).state
    return s


def turn_of(s: CoronaState, seat: int, actions: int = 2) -> CoronaState:
    s = s.copy()
    s.current, s.actions_left = seat, actions
    return s


def put(s: CoronaState, city: str, seat: int, k: int) -> None:
    """Set `seat`'s pawns in `city` to k, through the supply."""
    i = CITY_INDEX[city] * s.players + seat
    s.supply[seat] -= k - s.army[i]
    s.army[i] = k
    assert s.supply[seat] >= 0


def pawns(s: CoronaState, city: str, seat: int) -> int:
    return s.pawns(CITY_INDEX[city], seat)


def castle(key: str) -> int:
    return CASTLE_INDEX[key]


def act(s: CoronaState, seat: int, a: Action) -> tuple[CoronaState, list[dict[str, Any]]]:
    t = GAME.apply(s, seat, a)
    return t.state, t.events


def refused(s: CoronaState, seat: int, a: Action) -> str:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, seat, a)
    return err.value.code


@pytest.fixture
def rig(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Script the dice: rig(5, 2, ...) makes the next throws show those faces."""

    def script(*values: int) -> None:
        it: Iterator[int] = iter(values)
        monkeypatch.setattr(logic_battle, "roll", lambda s, die: next(it))

    return script


# -- setup -------------------------------------------------------------------------------


def test_each_player_gets_two_shields_and_the_rest_stay_in_the_pool() -> None:
    for players in (3, 4, 5):
        s = GAME.new_game(players, 1)
        assert s.shields == [2] * players
        assert s.pool == SHIELDS - 2 * players


def test_legitimacy_starts_at_two_in_the_red_band() -> None:
    s = begin()
    assert s.legitimacy == [2, 2, 2] and band(2) == "red"


def test_main_castles_are_chosen_among_the_grey_ones_youngest_first() -> None:
    s = GAME.new_game(3, 1)
    assert GAME.to_act(s) == (0,)
    assert refused(s, 0, ChooseMainCastle("ivrea")) == "not_a_main_castle"
    assert refused(s, 0, ChooseMainCastle("pavia")) == "not_a_main_castle"
    s, _ = act(s, 0, ChooseMainCastle("spoleto"))
    assert GAME.to_act(s) == (1,)
    assert refused(s, 1, ChooseMainCastle("spoleto")) == "castle_taken"


def test_lucca_is_eligible_only_with_five_players() -> None:
    for players in (3, 4):
        s = GAME.new_game(players, 1)
        assert refused(s, 0, ChooseMainCastle("lucca")) == "not_a_main_castle"
    s = GAME.new_game(5, 1)
    assert ChooseMainCastle("lucca") in GAME.legal_actions(s, 0)


def test_a_main_castle_has_troops_inside_and_one_pawn_in_the_city_below() -> None:
    s = begin()
    k = castle("arles")
    assert s.owner[k] == 0 and s.troops[k]
    assert pawns(s, "arles", 0) == 1 and s.supply[0] == PAWNS - 1


def test_the_vp_counter_starts_at_zero_and_shows_the_castles_held() -> None:
    s = GAME.new_game(3, 1)
    assert GAME.view(s, 0)["vp"] == [0, 0, 0]
    assert GAME.view(begin(), 0)["vp"] == [2, 2, 2]


def test_three_players_remove_me_declaro_and_leave_no_card_over() -> None:
    s = begin(3)
    assert sorted(s.loyalty) == [0, 1, 2]


@pytest.mark.parametrize("players", [4, 5])
def test_four_or_five_players_leave_one_loyalty_card_over_seen_by_nobody(players: int) -> None:
    s = begin(players)
    assert sorted(s.loyalty) == [*range(players), SELF_KING]
    for seat in range(players):
        view = GAME.view(s, seat)
        assert view["loyalty_known"] == []
        assert view["loyalty"] == {
            "card": "self_king" if s.loyalty[seat] == SELF_KING else "loyalty",
            "seat": None if s.loyalty[seat] == SELF_KING else s.loyalty[seat],
        }


def test_each_player_is_dealt_one_political_and_one_military_card() -> None:
    s = begin(4)
    for hand in s.hands:
        assert sorted(c[0] for c in hand) == ["M", "P"]
    assert [len(p) for p in s.piles] == [29 - 4, 29 - 4]


def test_the_last_to_choose_plays_first_then_seat_order() -> None:
    s = begin(4)
    assert s.phase is Phase.PLAY and GAME.to_act(s) == (3,) and s.actions_left == 2


def test_unchosen_grey_castles_stay_neutral_without_troops_or_emissaries() -> None:
    s = turn_of(begin(3), 0)
    k = castle("spoleto")
    assert s.owner[k] == NOBODY and not s.troops[k]
    assert refused(s, 0, PlaceEmissary("spoleto")) == "castle_takes_no_emissaries"


# -- the turn ----------------------------------------------------------------------------


def test_a_turn_is_two_actions_then_the_player_to_the_left() -> None:
    s = begin(3)
    assert GAME.to_act(s) == (2,)
    s, _ = act(s, 2, SendEmissary("rome"))
    assert GAME.to_act(s) == (2,) and s.actions_left == 1
    s, events = act(s, 2, SendEmissary("rome"))
    assert GAME.to_act(s) == (0,) and s.actions_left == 2
    assert events[-1]["type"] == "turn_started"


def test_the_same_action_may_be_taken_twice() -> None:
    s = turn_of(begin(3), 0)
    s, _ = act(s, 0, Draw("political"))
    s, _ = act(s, 0, Draw("political"))
    assert len(s.hands[0]) == 4


def test_nobody_may_pass_but_drawing_or_discarding_is_always_possible() -> None:
    s = turn_of(begin(3), 0)
    s.emissaries[0] = 0
    s.hands[0] = ["P01", "P12", "P12", "M09", "M09"]
    legal = GAME.legal_actions(s, 0)
    assert Discard("P01") in legal and Draw("political") not in legal


def test_the_second_action_is_lost_when_the_first_ends_the_game() -> None:
    s = turn_of(begin(3), 0)
    s.legitimacy[0] = 12
    s, events = act(s, 0, SendEmissary("rome"))
    assert s.phase is Phase.OVER and s.end is End.CROWN and GAME.to_act(s) == ()
    assert events[-1] == {"type": "game_over", "to": "all", "reason": "crown"}


# -- 1. moving an army -------------------------------------------------------------------


def test_an_army_moves_along_one_road_with_all_or_some_of_its_pawns() -> None:
    s = turn_of(begin(3), 0)
    put(s, "arles", 0, 3)
    s, _ = act(s, 0, Move("arles", "nice", 2))
    assert pawns(s, "arles", 0) == 1 and pawns(s, "nice", 0) == 2


def test_no_move_without_a_road_between_the_cities() -> None:
    s = turn_of(begin(3), 0)
    assert refused(s, 0, Move("arles", "genova", 1)) == "no_road"
    assert refused(s, 0, Move("arles", "nice", 2)) == "not_enough_pawns"


def test_pawns_arriving_where_you_have_an_army_join_it() -> None:
    s = turn_of(begin(3), 0)
    put(s, "nice", 0, 2)
    s, _ = act(s, 0, Move("arles", "nice", 1))
    assert pawns(s, "nice", 0) == 3


def test_entering_a_city_held_by_an_enemy_is_always_allowed() -> None:
    s = turn_of(begin(3), 0)
    put(s, "nice", 1, 2)
    s, _ = act(s, 0, Move("arles", "nice", 1))
    assert pawns(s, "nice", 0) == 1 and s.pending is None


def test_pawns_leave_a_contested_city_only_with_passage() -> None:
    s = turn_of(begin(3), 0)
    put(s, "nice", 0, 2)
    put(s, "nice", 1, 1)
    s, _events = act(s, 0, Move("nice", "genova", 2))
    assert isinstance(s.pending, Passage) and GAME.to_act(s) == (1,)
    assert GAME.legal_actions(s, 1) == [GrantPassage(), DenyPassage()]
    assert pawns(s, "nice", 0) == 2 and s.actions_left == 2
    s, _ = act(s, 1, GrantPassage())
    assert pawns(s, "genova", 0) == 2 and s.actions_left == 1


def test_passage_is_asked_of_every_non_allied_player_there_in_seat_order() -> None:
    s = turn_of(begin(4), 1)
    put(s, "nice", 1, 1)
    for q in (0, 2, 3):
        put(s, "nice", q, 1)
    s.pacts = ((1, 2, True),)
    s.emissaries[1] -= 1
    s, _ = act(s, 1, Move("nice", "genova", 1))
    assert s.pending is not None and s.pending.askers == (3, 0)
    s, _ = act(s, 3, GrantPassage())
    assert GAME.to_act(s) == (0,)
    s, _ = act(s, 0, GrantPassage())
    assert pawns(s, "genova", 1) == 1


def test_a_denial_cancels_the_move_spends_nothing_and_pins_that_army_this_turn() -> None:
    s = turn_of(begin(3), 0)
    put(s, "nice", 0, 2)
    put(s, "nice", 1, 1)
    s, _ = act(s, 0, Move("nice", "genova", 1))
    s, events = act(s, 1, DenyPassage())
    assert pawns(s, "nice", 0) == 2 and s.actions_left == 2 and GAME.to_act(s) == (0,)
    assert events[-1]["type"] == "passage_denied"
    assert refused(s, 0, Move("nice", "arles", 1)) == "passage_denied_this_turn"
    s, _ = act(s, 0, Draw("military"))
    s, _ = act(s, 0, Draw("military"))
    s = turn_of(s, 0)
    s.denied = ()
    assert Move("nice", "arles", 1) in GAME.legal_actions(s, 0)


def test_passage_binds_both_sides() -> None:
    s = turn_of(begin(3), 1)
    put(s, "nice", 0, 1)
    put(s, "nice", 1, 1)
    s, _ = act(s, 1, Move("nice", "genova", 1))
    assert GAME.to_act(s) == (0,)


def test_allies_never_block_each_other() -> None:
    s = turn_of(begin(3), 0)
    put(s, "nice", 0, 1)
    put(s, "nice", 1, 1)
    s.pacts = ((0, 1, True),)
    s.emissaries[0] -= 1
    s, _ = act(s, 0, Move("nice", "genova", 1))
    assert s.pending is None and pawns(s, "genova", 0) == 1


# -- 2. recruiting -----------------------------------------------------------------------


def test_recruiting_flips_the_banner_and_brings_one_pawn_out_in_red_or_yellow() -> None:
    for level in (2, 6):
        s = turn_of(begin(3), 0)
        s.legitimacy[0] = level
        s, events = act(s, 0, Recruit("arles"))
        assert not s.troops[castle("arles")] and pawns(s, "arles", 0) == 2
        assert events[0]["type"] == "recruited" and events[0]["n"] == 1


def test_recruiting_in_the_green_band_brings_a_medium_army_of_two() -> None:
    s = turn_of(begin(3), 0)
    s.legitimacy[0] = 8
    s, _ = act(s, 0, Recruit("arles"))
    assert pawns(s, "arles", 0) == 3


def test_recruiting_is_allowed_with_enemies_in_the_city() -> None:
    s = turn_of(begin(3), 0)
    put(s, "arles", 1, 3)
    s, _ = act(s, 0, Recruit("arles"))
    assert pawns(s, "arles", 0) == 2


def test_a_castle_never_refills_its_army() -> None:
    s = turn_of(begin(3), 0)
    s, _ = act(s, 0, Recruit("arles"))
    assert refused(s, 0, Recruit("arles")) == "no_troops_inside"
    assert refused(s, 0, Recruit("st_maurice")) == "not_your_castle"


def test_the_supply_gives_what_it_still_has_and_none_forbids_recruiting() -> None:
    s = turn_of(begin(3), 0)
    s.legitimacy[0] = 9
    put(s, "nice", 0, PAWNS - 2)
    s, _ = act(s, 0, Recruit("arles"))
    assert s.supply[0] == 0 and pawns(s, "arles", 0) == 2
    s = turn_of(begin(3), 0)
    put(s, "nice", 0, PAWNS - 1)
    assert refused(s, 0, Recruit("arles")) == "no_pawns_in_supply"


# -- 3. battles --------------------------------------------------------------------------


def test_the_die_follows_the_army_size() -> None:
    assert [size_die(k) for k in (1, 2, 3, 7)] == [0, 1, 2, 2]  # red, yellow, green, green


def test_tie_goes_to_the_attacker(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.shields = [0, 0, 0]
    put(s, "nice", 0, 1)
    put(s, "nice", 1, 1)
    rig(2, 2)
    s, events = act(s, 0, AttackArmy("nice", 1))
    assert pawns(s, "nice", 1) == 0 and pawns(s, "nice", 0) == 1
    rounds = [e for e in events if e["type"] == "battle_round"]
    assert rounds[0]["winner"] == 0 and rounds[0]["attack"] == rounds[0]["defence"] == 2


def test_rounds_go_on_until_one_army_is_gone_and_dice_follow_the_sizes(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.shields = [0, 0, 0]
    put(s, "nice", 0, 3)
    put(s, "nice", 1, 2)
    rig(1, 5, 2, 3, 6, 1, 4, 1)  # defender, defender, attacker, attacker wins
    s, events = act(s, 0, AttackArmy("nice", 1))
    dice = [(e["seat"], e["die"]) for e in events if e["type"] == "die_rolled"]
    assert dice == [(0, "green"), (1, "yellow"), (0, "yellow"), (1, "yellow"),
                    (0, "red"), (1, "yellow"), (0, "red"), (1, "red")]
    assert pawns(s, "nice", 0) == 1 and pawns(s, "nice", 1) == 0
    assert s.supply[1] == PAWNS - 1  # losses go back to the owner's supply


def test_the_winner_gains_a_level_and_the_loser_loses_one_and_takes_a_shield(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.shields = [0, 0, 0]
    put(s, "nice", 0, 1)
    put(s, "nice", 1, 1)
    pool = s.pool
    rig(1, 3)
    s, _ = act(s, 0, AttackArmy("nice", 1))
    assert s.legitimacy == [1, 3, 2] and s.shields == [1, 0, 0] and s.pool == pool - 1
    assert s.actions_left == 1


def test_the_attacker_rerolls_first_then_the_defender_knowing_both_results(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    put(s, "nice", 0, 1)
    put(s, "nice", 1, 1)
    rig(1, 3, 2, 4)
    s, _ = act(s, 0, AttackArmy("nice", 1))
    assert isinstance(s.pending, Battle) and s.pending.stage == "attacker"
    assert GAME.to_act(s) == (0,) and GAME.view(s, 1)["pending"]["att"] == 1
    s, events = act(s, 0, Reroll())
    assert s.shields[0] == 1 and events[0]["type"] == "shield_spent"
    assert s.pending is not None and s.pending.att == 3  # still below the defender's best face
    s, _ = act(s, 0, Keep())
    assert isinstance(s.pending, Battle) and s.pending.stage == "defender"
    assert (s.pending.att, s.pending.defence) == (3, 2) and GAME.to_act(s) == (1,)
    s, _ = act(s, 1, Reroll())
    assert pawns(s, "nice", 0) == 0 and s.legitimacy[1] == 3  # the last result counts: 4


def test_no_reroll_is_asked_without_shields_or_when_it_cannot_change_the_result(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    put(s, "nice", 0, 3)
    put(s, "nice", 1, 1)
    rig(5, 1)  # green 5 beats every red face: nothing to reroll; the defender has no hope
    s, _ = act(s, 0, AttackArmy("nice", 1))
    assert s.pending is None
    s = turn_of(begin(3), 0)
    s.shields[1] = 0
    put(s, "nice", 0, 1)
    put(s, "nice", 1, 1)
    rig(4, 1)
    s, _ = act(s, 0, AttackArmy("nice", 1))
    assert s.pending is None


def test_attacking_needs_both_armies_in_the_city() -> None:
    s = turn_of(begin(3), 0)
    put(s, "nice", 1, 1)
    assert refused(s, 0, AttackArmy("nice", 1)) == "no_army_there"
    assert refused(s, 0, AttackArmy("arles", 1)) == "no_enemy_army_there"
    assert refused(s, 0, AttackArmy("arles", 0)) == "bad_player"


# -- 4. castles by force -----------------------------------------------------------------


def test_a_neutral_castle_falls_on_a_roll_at_least_its_left_number(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    put(s, "genova", 0, 2)
    rig(4)
    s, events = act(s, 0, AttackCastle("genova"))
    assert s.owner[castle("genova")] == 0 and s.troops[castle("genova")]
    assert s.legitimacy[0] == 3 and GAME.view(s, 0)["vp"][0] == 4
    assert {"type": "die_rolled", "die": "yellow"}.items() <= events[0].items()


def test_a_failed_attack_costs_nothing_but_the_action(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.shields[0] = 0
    put(s, "genova", 0, 2)
    rig(3)
    s, _ = act(s, 0, AttackCastle("genova"))
    assert s.owner[castle("genova")] == NOBODY and pawns(s, "genova", 0) == 2
    assert s.actions_left == 1 and s.legitimacy[0] == 2


def test_a_failed_castle_roll_may_be_rerolled_for_a_shield_without_another_action(
    rig: Any,
) -> None:
    s = turn_of(begin(3), 0)
    put(s, "genova", 0, 3)
    rig(3, 5)
    s, _ = act(s, 0, AttackCastle("genova"))
    assert isinstance(s.pending, CastleRoll) and s.actions_left == 2
    s, _ = act(s, 0, Reroll())
    assert s.owner[castle("genova")] == 0 and s.actions_left == 1 and s.shields[0] == 1


def test_a_red_die_against_pavia_is_never_offered_a_reroll(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    put(s, "pavia", 0, 1)
    rig(4)
    s, _ = act(s, 0, AttackCastle("pavia"))
    assert s.pending is None and s.owner[castle("pavia")] == NOBODY


def test_troops_inside_an_enemy_castle_are_eliminated_first_then_another_action_conquers(
    rig: Any,
) -> None:
    s = turn_of(begin(3), 0)
    put(s, "st_maurice", 0, 3)
    rig(6, 4)
    s, events = act(s, 0, AttackCastle("st_maurice"))
    k = castle("st_maurice")
    assert s.owner[k] == 1 and not s.troops[k] and s.legitimacy == [2, 2, 2]
    assert any(e["type"] == "troops_eliminated" for e in events)
    s, _ = act(s, 0, AttackCastle("st_maurice"))
    assert s.owner[k] == 0 and s.troops[k]
    assert s.legitimacy == [3, 1, 2] and s.shields[1] == 3


def test_the_owner_army_in_the_city_does_not_protect_the_castle(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.troops[castle("st_maurice")] = False
    put(s, "st_maurice", 0, 2)
    put(s, "st_maurice", 1, 4)
    rig(5)
    s, _ = act(s, 0, AttackCastle("st_maurice"))
    assert s.owner[castle("st_maurice")] == 0


def test_pavia_moves_legitimacy_by_three_both_ways(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    put(s, "pavia", 0, 3)
    rig(5)
    s, _ = act(s, 0, AttackCastle("pavia"))
    assert s.legitimacy[0] == 5 and GAME.view(s, 0)["vp"][0] == 5
    s = turn_of(s, 1)
    s.troops[castle("pavia")] = False
    put(s, "pavia", 1, 3)
    rig(6)
    s, _ = act(s, 1, AttackCastle("pavia"))
    assert s.legitimacy[:2] == [2, 5] and s.shields[0] == 3


def test_a_player_who_loses_his_last_castle_ends_the_game(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.troops[castle("st_maurice")] = False
    put(s, "st_maurice", 0, 3)
    rig(4)
    s, _ = act(s, 0, AttackCastle("st_maurice"))
    assert s.phase is Phase.OVER and s.end is End.RUINED


# -- 5. castles by diplomacy -------------------------------------------------------------


def test_emissaries_go_to_any_neutral_castle_with_a_right_banner_whatever_the_distance() -> None:
    s = turn_of(begin(3), 0)
    s, _ = act(s, 0, PlaceEmissary("ravenna"))
    assert s.envoys[castle("ravenna")] == ((0, s.turn),) and s.emissaries[0] == 3
    for key in ("pavia", "st_maurice"):
        assert refused(s, 0, PlaceEmissary(key)) in ("castle_takes_no_emissaries",
                                                      "castle_not_neutral")


def test_no_emissary_goes_to_a_castle_someone_holds(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.owner[castle("genova")] = 1
    assert refused(s, 0, PlaceEmissary("genova")) == "castle_not_neutral"


def test_a_castle_takes_at_most_two_emissaries_of_one_or_several_players() -> None:
    s = turn_of(begin(3), 0)
    s, _ = act(s, 0, PlaceEmissary("ivrea"))
    s, _ = act(s, 0, PlaceEmissary("ivrea"))
    s = turn_of(s, 1)
    assert refused(s, 1, PlaceEmissary("ivrea")) == "castle_full"


def test_support_is_rolled_only_on_a_later_turn_of_the_sender(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s, _ = act(s, 0, PlaceEmissary("genova"))
    assert refused(s, 0, RollSupport("genova")) == "negotiations_take_time"
    s.turn += 1
    s = turn_of(s, 0)
    rig(3)
    s, events = act(s, 0, RollSupport("genova"))
    assert events[0]["die"] == "red" and events[0]["target"] == 3
    assert s.owner[castle("genova")] == 0 and s.troops[castle("genova")]
    assert s.legitimacy[0] == 3 and s.envoys[castle("genova")] != ()


def test_support_rolls_the_band_die() -> None:
    assert [band_die(level) for level in (0, 3, 4, 7, 8, 12)] == [0, 0, 1, 1, 2, 2]


def test_emissaries_stay_on_a_castle_until_recalled_with_an_action() -> None:
    s = turn_of(begin(3), 0)
    s, _ = act(s, 0, PlaceEmissary("verona"))
    s, _ = act(s, 0, RecallEmissary("verona"))
    assert s.envoys[castle("verona")] == () and s.emissaries[0] == 4
    assert GAME.to_act(s) == (1,)


def test_rolling_needs_your_emissary_on_a_still_neutral_castle() -> None:
    s = turn_of(begin(3), 0)
    s.envoys[castle("ivrea")] = ((1, 0),)
    assert refused(s, 0, RollSupport("ivrea")) == "no_emissary_there"
    s.envoys[castle("ivrea")] = ((0, 0),)
    s.owner[castle("ivrea")] = 2
    assert refused(s, 0, RollSupport("ivrea")) == "castle_not_neutral"


# -- 6–7. Rome and the barbarians --------------------------------------------------------


def test_each_emissary_in_rome_raises_legitimacy_and_taking_it_out_lowers_it() -> None:
    s = turn_of(begin(3), 0)
    s, _ = act(s, 0, SendEmissary("rome"))
    s, _ = act(s, 0, SendEmissary("rome"))
    assert s.legitimacy[0] == 4 and s.boxes[0][0] == 2
    s = turn_of(s, 0)
    s, _ = act(s, 0, RecallEmissary("rome"))
    assert s.legitimacy[0] == 3 and s.emissaries[0] == 3


def test_rome_holds_as_many_emissaries_as_players_plus_one() -> None:
    s = turn_of(begin(3), 0)
    s.boxes[0] = [2, 1, 1]
    assert refused(s, 0, SendEmissary("rome")) == "box_full"


@pytest.mark.parametrize("players, limit", [(3, 1), (4, 2), (5, 3)])
def test_each_barbarian_people_holds_players_minus_two(players: int, limit: int) -> None:
    s = turn_of(begin(players), 0)
    for box in ("saracens", "magyars"):
        s.boxes[1 if box == "saracens" else 2][1] = limit
        assert refused(s, 0, SendEmissary(box)) == "box_full"


def test_an_emissary_with_the_barbarians_changes_nothing_at_once() -> None:
    s = turn_of(begin(3), 0)
    s, events = act(s, 0, SendEmissary("saracens"))
    assert s.legitimacy[0] == 2 and [e["type"] for e in events] == ["emissary_sent"]


def test_emissaries_are_four_per_colour() -> None:
    s = turn_of(begin(3), 0)
    s.emissaries[0] = 0
    assert refused(s, 0, SendEmissary("rome")) == "no_emissary_in_hand"


# -- 8–9. alliances ----------------------------------------------------------------------


def test_a_request_puts_an_emissary_in_the_alliance_zone_and_acceptance_gives_two() -> None:
    s = turn_of(begin(3), 0)
    s, _ = act(s, 0, RequestAlliance(1))
    assert s.pacts == ((0, 1, False),) and s.emissaries[0] == 3
    assert refused(s, 0, RequestAlliance(1)) == "pact_exists"
    s = turn_of(s, 1)
    s, _ = act(s, 1, AcceptAlliance(0))
    assert s.pacts == ((0, 1, True),) and s.legitimacy[1] == 4 and s.allied(0, 1)


def test_only_the_asked_player_accepts_on_his_own_turn() -> None:
    s = turn_of(begin(3), 0)
    s, _ = act(s, 0, RequestAlliance(1))
    s = turn_of(s, 2)
    assert refused(s, 2, AcceptAlliance(0)) == "no_request_from_player"


def test_a_pending_request_comes_back_without_penalty() -> None:
    s = turn_of(begin(3), 0)
    s, _ = act(s, 0, RequestAlliance(1))
    s, _ = act(s, 0, RecallEmissary("alliance:1"))
    assert s.pacts == () and s.emissaries[0] == 4 and s.legitimacy[0] == 2


def test_recalling_the_emissary_of_an_accepted_alliance_breaks_it_for_two() -> None:
    s = turn_of(begin(3), 0)
    s.pacts, s.emissaries[0], s.legitimacy[0] = ((0, 1, True),), 3, 5
    s, _ = act(s, 0, RecallEmissary("alliance:1"))
    assert s.pacts == () and s.legitimacy[0] == 3 and s.emissaries[0] == 4


def test_attacking_an_ally_breaks_the_alliance_first_and_costs_two(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.pacts, s.emissaries[1], s.legitimacy[0] = ((1, 0, True),), 3, 5
    put(s, "nice", 0, 1)
    put(s, "nice", 1, 1)
    s.shields = [0, 0, 0]
    rig(3, 1)
    s, events = act(s, 0, AttackArmy("nice", 1))
    kinds = [e["type"] for e in events]
    assert kinds.index("alliance_broken") < kinds.index("battle_started")
    assert s.pacts == () and s.emissaries[1] == 4  # the emissary goes home, free
    assert s.legitimacy[0] == 5 - 2 + 1


def test_an_attack_cancels_a_pending_request_between_the_two(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.pacts, s.emissaries[0] = ((0, 1, False),), 3
    s.troops[castle("st_maurice")] = True
    put(s, "st_maurice", 0, 1)
    s.shields = [0, 0, 0]
    rig(1)
    s, _ = act(s, 0, AttackCastle("st_maurice"))
    assert s.pacts == () and s.emissaries[0] == 4 and s.legitimacy[0] == 2


def test_alliances_may_be_made_with_everybody_while_emissaries_last() -> None:
    s = turn_of(begin(4), 0)
    for q in (1, 2, 3):
        s.actions_left = 2
        s, _ = act(s, 0, RequestAlliance(q))
    assert len(s.pacts) == 3 and s.emissaries[0] == 1


# -- hostages (R9) -----------------------------------------------------------------------


def hostage_table() -> CoronaState:
    """Seat 0 holds Genova, where seat 1 has an emissary; seat 2 holds one of seat 0's."""
    s = turn_of(begin(3), 0)
    s.owner[castle("genova")] = 0
    s.envoys[castle("genova")] = ((1, 1),)
    s.emissaries[1] = 3
    return s


def test_the_holder_of_a_castle_takes_an_emissary_there_as_hostage_with_an_action() -> None:
    s, _ = act(hostage_table(), 0, TakeHostage("genova", 1))
    assert s.envoys[castle("genova")] == () and s.held(0, 1) == 1 and s.actions_left == 1
    assert refused(turn_of(hostage_table(), 2), 2, TakeHostage("genova", 1)) == "not_your_castle"


def test_hostages_are_given_back_free_once_per_turn_towards_each_player() -> None:
    s, _ = act(hostage_table(), 0, TakeHostage("genova", 1))
    s, _ = act(s, 0, ReleaseHostage(1, 1))
    assert s.held(0, 1) == 0 and s.emissaries[1] == 4 and s.actions_left == 1
    s.hostages[0 * 3 + 1] = 1
    s.emissaries[1] = 3
    assert refused(s, 0, ReleaseHostage(1, 1)) == "free_action_used"


def test_a_swap_offered_is_answered_at_once_by_the_other_player() -> None:
    s = hostage_table()
    s.hostages[0 * 3 + 2] = 1
    s.hostages[2 * 3 + 0] = 1
    s.emissaries[0], s.emissaries[2] = 3, 3
    s, _ = act(s, 0, OfferSwap(2))
    assert GAME.to_act(s) == (2,) and GAME.legal_actions(s, 2) == [Accept(), Decline()]
    s, _ = act(s, 2, Accept())
    assert s.held(0, 2) == s.held(2, 0) == 0 and s.emissaries[0] == s.emissaries[2] == 4
    assert GAME.to_act(s) == (0,) and s.actions_left == 2


def test_a_release_asked_may_be_refused() -> None:
    s = hostage_table()
    s.hostages[2 * 3 + 0] = 1
    s.emissaries[0] = 3
    s, _ = act(s, 0, AskRelease(2))
    s, _ = act(s, 2, Decline())
    assert s.held(2, 0) == 1 and refused(s, 0, AskRelease(2)) == "free_action_used"


def test_taking_an_ally_emissary_hostage_breaks_the_alliance() -> None:
    s = hostage_table()
    s.pacts = ((0, 1, True),)
    s.emissaries[0] = 3
    s, _ = act(s, 0, TakeHostage("genova", 1))
    assert s.pacts == () and s.legitimacy[0] == 0


def test_one_vp_at_the_end_for_a_player_none_of_whose_emissaries_is_hostage() -> None:
    s = hostage_table()
    s.hostages[1 * 3 + 0] = 1
    s.emissaries[0] = 3
    assert [sc["no_hostage"] for sc in logic.final_scores(s)] == [0, 1, 1]


# -- 11. cards in hand -------------------------------------------------------------------


def test_a_hand_holds_at_most_five_cards_of_both_decks() -> None:
    s = turn_of(begin(3), 0)
    s.hands[0] = ["P01", "P01", "M09", "M09", "M06"]
    assert refused(s, 0, Draw("political")) == "hand_full"
    s, _ = act(s, 0, Discard("M06"))
    assert s.discards[1] == ["M06"] and s.actions_left == 1
    s, _ = act(s, 0, Draw("political"))
    assert len(s.hands[0]) == 5


def test_drawing_takes_the_top_card_and_only_the_drawer_sees_it() -> None:
    s = turn_of(begin(3), 0)
    top = s.piles[0][-1]
    s, events = act(s, 0, Draw("political"))
    assert s.hands[0][-1] == top
    private = [e for e in events if e["to"] != "all"]
    assert private == [{"type": "card_received", "to": [0], "seat": 0, "card": top}]


def test_draw_five_costs_three_shields_keeps_one_and_shuffles_the_rest_back() -> None:
    s = turn_of(begin(3), 0)
    assert refused(s, 0, DrawFive("military")) == "not_enough_shields"
    s.shields[0], s.pool = 3, s.pool - 1
    top5 = list(reversed(s.piles[1][-5:]))
    size = len(s.piles[1])
    s, _events = act(s, 0, DrawFive("military"))
    assert s.shields[0] == 0 and GAME.to_act(s) == (0,)
    assert GAME.view(s, 0)["pending"]["cards"] == top5
    assert "cards" not in GAME.view(s, 1)["pending"]
    assert GAME.legal_actions(s, 0) == [ChooseCard(i) for i in range(5)]
    s, _ = act(s, 0, ChooseCard(2))
    assert s.hands[0][-1] == top5[2] and len(s.piles[1]) == size - 1
    assert s.actions_left == 1


def test_taking_the_last_card_of_a_deck_ends_the_game() -> None:
    s = turn_of(begin(3), 0)
    s.discards[0].extend(s.piles[0][:-1])
    s.piles[0] = s.piles[0][-1:]
    s, _ = act(s, 0, Draw("political"))
    assert s.phase is Phase.OVER and s.end is End.DECK


# -- the end and the score ---------------------------------------------------------------


def test_a_player_without_pawns_and_without_troops_inside_ends_the_game(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.troops[castle("st_maurice")] = False
    s.shields = [0, 0, 0]
    put(s, "st_maurice", 0, 1)
    rig(4, 1)
    s, _ = act(s, 0, AttackArmy("st_maurice", 1))
    assert s.phase is Phase.OVER and s.end is End.RUINED


def test_legitimacy_never_falls_below_zero_and_a_crowned_marker_no_longer_moves() -> None:
    s = turn_of(begin(3), 0)
    s.legitimacy = [0, 13, 2]
    logic.shift(s, 0, -2, [], "test")
    logic.shift(s, 1, -3, [], "test")
    assert s.legitimacy[:2] == [0, 13]


def scored(legit: list[int], loyalty: list[int]) -> list[int]:
    s = begin(len(legit))
    s.legitimacy, s.loyalty = legit, loyalty + s.loyalty[len(legit):]
    return [logic.loyalty_score(s, p) for p in range(len(legit))]


def test_loyalty_cards_score_by_the_named_player_area_king_or_not() -> None:
    # Nobody crowned: seat 1 (6, yellow) stands highest and is King.
    assert scored([3, 6, 5], [1, 2, 0]) == [2, 1, 0]
    assert scored([13, 9, 2], [0, 1, 2]) == [6, 2, 0]
    assert scored([9, 9, 2], [1, 0, 2]) == [4, 4, 0]  # a tie makes both Kings


def test_me_declaro_scores_only_for_a_king() -> None:
    assert scored([13, 2, 2, 2], [SELF_KING, 0, 1, 2]) == [9, 6, 0, 0]
    assert scored([5, 9, 2, 2], [SELF_KING, 0, 1, 2]) == [0, 1, 4, 0]


def test_most_vp_wins_and_ties_go_to_legitimacy_then_castles_then_pawns() -> None:
    s = begin(3)
    s.phase, s.end = Phase.OVER, End.DECK
    s.loyalty = [2, 2, 2]  # everyone counts on seat 2, who is not King: 0 in red
    s.legitimacy = [4, 4, 3]
    outcome = GAME.outcome(s)
    assert outcome is not None
    # 2 VP castle + 1 no hostage + 0 loyalty each; seats 0 and 1 tie on legitimacy,
    # castles and pawns: a shared win.
    assert outcome.scores == (3.0, 3.0, 3.0) and outcome.winners == (0, 1)
    put(s, "nice", 1, 2)
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == (1,)


def test_a_favourable_chronicle_vp_is_never_lost() -> None:
    s = begin(3)
    s.chronicle[0] = 1
    assert GAME.view(s, 0)["vp"][0] == 3


# -- hidden information ------------------------------------------------------------------


def test_hands_and_loyalty_cards_are_seen_only_by_their_owner_counts_by_all() -> None:
    s = begin(3)
    for seat in range(3):
        view = GAME.view(s, seat)
        assert view["hand"] == s.hands[seat]
        assert view["hand_counts"] == [{"political": 1, "military": 1}] * 3
    spectator = GAME.view(s, None)
    assert spectator["hand"] == [] and spectator["loyalty"] is None


def test_the_loyalty_cards_are_revealed_at_the_end() -> None:
    s = begin(3)
    s.phase, s.end = Phase.OVER, End.DECK
    view = GAME.view(s, None)
    assert [c["seat"] for c in view["loyalty_revealed"]] == s.loyalty
    assert len(view["scores"]) == 3 and view["kings"] == [0, 1, 2]


def test_answers_are_refused_when_nothing_is_asked() -> None:
    s = turn_of(begin(3), 0)
    assert refused(s, 0, Reroll()) == "nothing_to_answer"
    assert refused(s, 0, GrantPassage()) == "nothing_to_answer"
    assert refused(s, 0, ChooseMainCastle("arles")) == "setup_over"
    assert refused(s, 0, Keep()) == "nothing_to_answer"


def test_a_player_with_no_banner_left_cannot_take_a_castle() -> None:
    s = turn_of(begin(3), 0)
    put(s, "genova", 0, 2)
    s.envoys[castle("ivrea")] = ((0, 0),)
    s.emissaries[0] = 3
    for key in ("pavia", "verona", "ravenna", "spoleto", "lucca", "st_maurice", "cividale"):
        s.owner[castle(key)] = 0
    assert s.castles_of(0) == 8  # all 8 banners are on the board
    assert refused(s, 0, AttackCastle("genova")) == "no_banner_left"
    assert refused(s, 0, RollSupport("ivrea")) == "no_banner_left"


def test_dice_and_drawn_cards_come_out_as_events(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    put(s, "genova", 0, 1)
    s.shields[0] = 0
    rig(2)
    _, events = act(s, 0, AttackCastle("genova"))
    assert events[0] == {"type": "die_rolled", "to": "all", "seat": 0, "die": "red",
                         "value": 2, "purpose": "military", "castle": "genova", "target": 4,
                         "reroll": False}
    assert events[1]["type"] == "castle_roll_failed"


def test_the_view_has_every_documented_key_as_json() -> None:
    import json

    s = begin(4)
    view = GAME.view(s, 1)
    json.dumps(view)
    for key in ("game", "map", "players", "seat", "phase", "current", "actions_left", "turn",
                "to_act", "legitimacy", "band", "vp", "chronicle", "shields", "shield_pool",
                "supply", "banners_left", "emissaries_in_hand", "armies", "castles", "boxes",
                "box_limits", "alliances", "hostages", "hand_counts", "hand", "loyalty",
                "loyalty_known", "loyalty_looks", "piles", "discards", "pending", "denied",
                "free_used", "chart", "end"):
        assert key in view, key
    assert view["armies"] == {"arles": [1, 0, 0, 0], "st_maurice": [0, 1, 0, 0],
                              "cividale": [0, 0, 1, 0], "spoleto": [0, 0, 0, 1]}
    arles = next(c for c in view["castles"] if c["key"] == "arles")
    assert arles == {"key": "arles", "city": "arles", "category": "grey", "mil": 4, "dip": 0,
                     "vp": 2, "legit": 1, "owner": 0, "troops": True, "envoys": []}
    assert view["box_limits"] == {"rome": 5, "saracens": 2, "magyars": 2}


def test_a_castle_may_be_attacked_again_and_again_each_try_one_action(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.shields[0] = 0
    put(s, "genova", 0, 1)
    rig(1, 2)
    s, _ = act(s, 0, AttackCastle("genova"))
    assert AttackCastle("genova") in GAME.legal_actions(s, 0)
    s, _ = act(s, 0, AttackCastle("genova"))
    assert GAME.to_act(s) == (1,) and s.owner[castle("genova")] == NOBODY


def test_a_dry_pool_gives_no_shield_to_the_loser(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.shields = [0, 0, 0]
    s.pool = 0
    s.shields[2] = SHIELDS
    put(s, "nice", 0, 1)
    put(s, "nice", 1, 1)
    rig(3, 1)
    s, _ = act(s, 0, AttackArmy("nice", 1))
    assert s.shields[:2] == [0, 0] and s.legitimacy[1] == 1


def test_the_crown_reached_inside_an_action_ends_the_game_after_it(rig: Any) -> None:
    s = turn_of(begin(3), 0)
    s.legitimacy = [12, 2, 2]
    s.shields = [0, 0, 0]
    put(s, "genova", 0, 3)
    rig(6)
    s, _events = act(s, 0, AttackCastle("genova"))
    assert s.legitimacy[0] == 13 and s.end is End.CROWN
    outcome = GAME.outcome(s)
    assert outcome is not None and GAME.view(s, None)["kings"] == [0]
