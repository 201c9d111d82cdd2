"""Corona de Hierro's 29 political and 29 military cards (decisions §8): for each kind, what
it does and when it may not be played."""

from __future__ import annotations

from typing import Any

import pytest
from test_corona_de_hierro import act, begin, castle, pawns, put, refused, rig, turn_of

from rules.corona_de_hierro import GAME, CoronaState, Phase, PlaceEmissary
from rules.corona_de_hierro.actions import Accept, Decline, DenyPassage, GrantPassage
from rules.corona_de_hierro.components import CARDS, DECKS, PAWNS, SELF_KING, deck_cards
from rules.corona_de_hierro.logic_cards import play
from rules.corona_de_hierro.state import Battle, Passage, Question

__all__ = ["rig"]  # the dice fixture, shared with the rules tests


def holding(card: str, players: int = 3, seat: int = 0) -> CoronaState:
    """Seat's turn, with `card` in its hand."""
    s = turn_of(begin(players), seat)
    s.hands[seat].append(card)
    return s


def test_each_deck_has_29_cards_in_the_kinds_of_the_decisions_page() -> None:
    for deck in DECKS:
        assert len(deck_cards(deck)) == 29
    assert len(CARDS) == 29 and sum(1 for c in CARDS.values() if c.deck == "political") == 15


def test_a_card_not_in_hand_cannot_be_played() -> None:
    s = turn_of(begin(3), 0)
    s.hands[0] = []
    assert refused(s, 0, play("P01")) == "card_not_in_hand"
    assert refused(holding("P01"), 0, play("P01", 1)) == "card_field"


def test_playing_a_card_is_one_action_and_the_card_goes_face_up_to_its_discards() -> None:
    s, events = act(holding("P12"), 0, play("P12"))
    assert s.actions_left == 1 and s.discards[0] == ["P12"] and "P12" not in s.hands[0]
    assert events[0]["type"] == "card_played" and events[0]["card"] == "P12"


# -- political ----------------------------------------------------------------------------------


def test_p01_papal_blessing_gives_one_or_two_with_an_emissary_in_rome() -> None:
    s, _ = act(holding("P01"), 0, play("P01"))
    assert s.legitimacy[0] == 3
    s = holding("P01")
    s.boxes[0][0], s.emissaries[0] = 1, 3
    s, _ = act(s, 0, play("P01"))
    assert s.legitimacy[0] == 4


def test_p02_excommunication_needs_more_emissaries_in_rome_than_the_target() -> None:
    s = holding("P02")
    assert refused(s, 0, play("P02", 1)) == "not_more_emissaries_in_rome"
    s.boxes[0][0] = 1
    s.legitimacy[1] = 5
    s, _ = act(s, 0, play("P02", 1))
    assert s.legitimacy[1] == 3


def test_p03_intrigue_sends_the_target_home_from_rome_and_may_put_yours_there() -> None:
    s = holding("P03")
    assert refused(s, 0, play("P03", 1, n=0)) == "target_has_no_emissary_in_rome"
    s.boxes[0][1], s.emissaries[1], s.legitimacy[1] = 1, 3, 3
    s, _ = act(s, 0, play("P03", 1, n=1))
    assert s.boxes[0][:2] == [1, 0] and s.emissaries[:2] == [3, 4]
    assert s.legitimacy[:2] == [3, 2]


def test_p03_without_an_emissary_in_hand_you_may_not_choose_to_place_one() -> None:
    s = holding("P03")
    s.boxes[0][1], s.emissaries[1], s.emissaries[0] = 1, 3, 0
    assert refused(s, 0, play("P03", 1, n=1)) == "no_emissary_in_hand"
    assert play("P03", 1, n=0) in GAME.legal_actions(s, 0)


def test_p04_synod_rewards_emissaries_in_rome_and_punishes_the_rest() -> None:
    s = holding("P04")
    s.boxes[0][2], s.emissaries[2] = 1, 3
    s, _ = act(s, 0, play("P04"))
    assert s.legitimacy == [1, 1, 3]


def test_p05_urgent_embassy_places_an_emissary_and_rolls_at_once(rig: Any) -> None:
    s = holding("P05")
    rig(3)
    s, _ = act(s, 0, play("P05", place="genova"))
    assert s.owner[castle("genova")] == 0 and s.envoys[castle("genova")] == ((0, s.turn),)
    s = holding("P05")
    s.shields[0] = 0
    rig(1)
    s, _ = act(s, 0, play("P05", place="ravenna"))
    assert s.owner[castle("ravenna")] == -1 and s.envoys[castle("ravenna")] != ()


def test_p05_needs_a_castle_that_accepts_emissaries_and_one_in_hand() -> None:
    s = holding("P05")
    assert refused(s, 0, play("P05", place="pavia")) == "castle_takes_no_emissaries"
    s.emissaries[0] = 0
    assert refused(s, 0, play("P05", place="genova")) == "no_emissary_in_hand"


def test_p06_skilled_negotiator_rolls_one_step_better_even_on_an_emissary_placed_now(
    rig: Any,
) -> None:
    s = holding("P06")
    assert refused(s, 0, play("P06", place="ivrea")) == "no_emissary_there"
    s, _ = act(s, 0, PlaceEmissary("ivrea"))
    rig(4)
    s, events = act(s, 0, play("P06", place="ivrea"))
    assert events[1]["type"] == "die_rolled" and events[1]["die"] == "yellow"
    assert s.owner[castle("ivrea")] == 0


def test_p07_dynastic_marriage_asks_at_once_and_accepted_forms_an_alliance() -> None:
    s, _ = act(holding("P07"), 0, play("P07", 2))
    assert isinstance(s.pending, Question) and GAME.to_act(s) == (2,)
    s, _ = act(s, 2, Accept())
    assert s.pacts == ((0, 2, True),) and s.legitimacy == [3, 2, 4] and s.emissaries[0] == 3
    assert s.actions_left == 1 and GAME.to_act(s) == (0,)
    s, _ = act(holding("P07"), 0, play("P07", 2))
    s, _ = act(s, 2, Decline())
    assert s.pacts == () and s.legitimacy == [2, 2, 2] and s.actions_left == 1


def test_p07_needs_no_pact_with_the_target_and_an_emissary_in_hand() -> None:
    s = holding("P07")
    s.pacts, s.emissaries[1] = ((1, 0, False),), 3
    assert refused(s, 0, play("P07", 1)) == "pact_exists"
    s.emissaries[0] = 0
    assert refused(s, 0, play("P07", 2)) == "no_emissary_in_hand"


def test_p08_release_from_the_oath_ends_an_alliance_without_loss() -> None:
    s = holding("P08")
    assert refused(s, 0, play("P08", 1)) == "not_allied"
    s.pacts, s.emissaries[1] = ((1, 0, True),), 3
    s, _ = act(s, 0, play("P08", 1))
    assert s.pacts == () and s.emissaries[1] == 4 and s.legitimacy[0] == 2


def test_p09_envoy_seized_takes_the_target_emissary_from_any_castle() -> None:
    s = holding("P09")
    assert refused(s, 0, play("P09", 1, "verona")) == "no_emissary_of_player_there"
    s.envoys[castle("verona")], s.emissaries[1] = ((1, 1),), 3
    s, _ = act(s, 0, play("P09", 1, "verona"))
    assert s.held(0, 1) == 1 and s.envoys[castle("verona")] == ()


def test_p10_ransom_brings_home_every_emissary_one_player_holds() -> None:
    s = holding("P10")
    assert refused(s, 0, play("P10", 1)) == "no_hostage_held_by_player"
    s.hostages[1 * 3 + 0], s.emissaries[0] = 2, 2
    s, _ = act(s, 0, play("P10", 1))
    assert s.held(1, 0) == 0 and s.emissaries[0] == 4


def test_p11_spies_show_one_loyalty_card_to_the_spy_only() -> None:
    s = holding("P11")
    assert refused(s, 0, play("P11", 0)) == "bad_target"
    s, events = act(s, 0, play("P11", 2))
    private = [e for e in events if e["to"] != "all"]
    assert private[0]["to"] == [0] and private[0]["card"]["seat"] == s.loyalty[2]
    assert GAME.view(s, 0)["loyalty_known"] == [
        {"slot": 2, "card": {"card": "loyalty", "seat": s.loyalty[2]}}]
    assert GAME.view(s, 1)["loyalty_known"] == [] and GAME.view(s, 1)["loyalty_looks"][0] == [2]


def test_p12_favourable_chronicle_is_a_vp_for_good() -> None:
    s, _ = act(holding("P12"), 0, play("P12"))
    assert s.chronicle[0] == 1 and GAME.view(s, 1)["vp"][0] == 3
    assert refused(holding("P12"), 0, play("P12", n=1)) == "card_field"


def test_p13_restless_nobles_lower_everyone_on_the_highest_level() -> None:
    s = holding("P13")
    s.legitimacy = [6, 6, 4]
    s, _ = act(s, 0, play("P13"))
    assert s.legitimacy == [5, 5, 4]


def test_p14_change_of_allegiance_swaps_with_the_left_over_card_unseen() -> None:
    s = holding("P14", players=4)
    mine, left = s.loyalty[0], s.loyalty[4]
    assert refused(s, 0, play("P14", 1)) == "card_field"
    s, events = act(s, 0, play("P14"))
    assert s.loyalty[0] == left and s.loyalty[4] == mine
    view = GAME.view(s, 0)
    assert view["loyalty"]["seat"] == (None if left == SELF_KING else left)
    assert view["loyalty_known"][0]["slot"] == "left_over"
    assert all(e["to"] == [0] for e in events if "card" in e and e["type"] != "card_played")


def test_p14_with_three_players_is_a_look_as_spies() -> None:
    s = holding("P14")
    assert refused(s, 0, play("P14")) == "card_field"
    s, _ = act(s, 0, play("P14", 1))
    assert s.known[0] == (0, 1)


def test_p15_defenders_of_the_realm_reward_emissaries_with_the_barbarians() -> None:
    s = holding("P15", players=4)
    s.boxes[1][1], s.boxes[2][2], s.emissaries[1], s.emissaries[2] = 1, 1, 3, 3
    s, _ = act(s, 0, play("P15"))
    assert s.legitimacy == [2, 3, 3, 2]


# -- military -----------------------------------------------------------------------------------


def test_m01_forced_march_moves_along_two_roads() -> None:
    s = holding("M01")
    put(s, "arles", 0, 2)
    s, events = act(s, 0, play("M01", place="arles", to="genova", n=2))
    assert pawns(s, "genova", 0) == 2 and events[1]["path"] == ["arles", "nice", "genova"]


def test_m01_stops_on_entering_a_contested_city_and_still_asks_to_leave_one() -> None:
    s = holding("M01")
    put(s, "nice", 1, 1)
    assert refused(s, 0, play("M01", place="arles", to="genova", n=1)) == "too_far"
    assert play("M01", place="arles", to="nice", n=1) in GAME.legal_actions(s, 0)
    s = holding("M01")
    put(s, "arles", 2, 1)
    s, _ = act(s, 0, play("M01", place="arles", to="genova", n=1))
    assert isinstance(s.pending, Passage) and "M01" in s.hands[0]
    s, _ = act(s, 2, DenyPassage())
    assert "M01" in s.hands[0] and s.actions_left == 2  # nothing spent, card kept


def test_m02_siege_engines_roll_one_step_better_than_the_army_size(rig: Any) -> None:
    s = holding("M02")
    assert refused(s, 0, play("M02", place="genova")) == "no_army_there"
    put(s, "genova", 0, 3)
    rig(5)
    s, events = act(s, 0, play("M02", place="genova"))
    assert events[1]["die"] == "green_plus" and s.owner[castle("genova")] == 0


def test_m03_surprise_assault_moves_one_road_then_attacks_that_castle(rig: Any) -> None:
    s = holding("M03")
    put(s, "nice", 0, 2)
    assert refused(s, 0, play("M03", place="nice", to="arles", n=1)) == "own_castle"
    assert refused(s, 0, play("M03", place="arles", to="vienne", n=1)) == "no_castle_there"
    rig(4)
    s, events = act(s, 0, play("M03", place="nice", to="genova", n=2))
    assert pawns(s, "genova", 0) == 2 and events[2]["die"] == "yellow"
    assert s.owner[castle("genova")] == 0


def test_m04_cavalry_charge_moves_in_and_attacks_a_non_allied_army(rig: Any) -> None:
    s = holding("M04")
    s.shields = [0, 0, 0]
    put(s, "nice", 1, 1)
    rig(3, 1)
    s, _ = act(s, 0, play("M04", 1, "arles", "nice", 1))
    assert pawns(s, "nice", 1) == 0 and pawns(s, "nice", 0) == 1 and s.legitimacy[0] == 3


def test_m04_may_not_charge_an_ally() -> None:
    s = holding("M04")
    put(s, "nice", 1, 1)
    s.pacts, s.emissaries[1] = ((1, 0, True),), 3
    assert refused(s, 0, play("M04", 1, "arles", "nice", 1)) == "target_is_an_ally"


def test_m05_ambush_leaves_the_defender_no_shield_to_spend(rig: Any) -> None:
    s = holding("M05")
    s.shields[0] = 0
    put(s, "arles", 1, 1)
    rig(2, 1)
    s, _ = act(s, 0, play("M05", 1, "arles"))
    assert not isinstance(s.pending, Battle) and pawns(s, "arles", 1) == 0
    assert s.shields[1] == 3  # the loser's shield, none spent


def test_m05_needs_both_armies_in_the_city_and_no_alliance() -> None:
    s = holding("M05")
    assert refused(s, 0, play("M05", 1, "nice")) == "no_army_there"
    put(s, "arles", 1, 1)
    s.pacts, s.emissaries[0] = ((0, 1, True),), 3
    assert refused(s, 0, play("M05", 1, "arles")) == "target_is_an_ally"


def test_m06_mercenaries_add_a_pawn_from_the_supply() -> None:
    s, _ = act(holding("M06"), 0, play("M06", place="arles"))
    assert pawns(s, "arles", 0) == 2 and s.supply[0] == PAWNS - 2
    s = holding("M06")
    assert refused(s, 0, play("M06", place="nice")) == "no_army_there"
    put(s, "nice", 0, PAWNS - 1)
    assert refused(s, 0, play("M06", place="nice")) == "no_pawns_in_supply"


def test_m07_general_levy_recruits_one_pawn_more() -> None:
    s, _ = act(holding("M07"), 0, play("M07", place="arles"))
    assert pawns(s, "arles", 0) == 3 and not s.troops[castle("arles")]
    s = holding("M07")
    s.legitimacy[0] = 8
    s, _ = act(s, 0, play("M07", place="arles"))
    assert pawns(s, "arles", 0) == 4
    s = holding("M07")
    s.troops[castle("arles")] = False
    assert refused(s, 0, play("M07", place="arles")) == "no_troops_inside"


def test_m08_orderly_retreat_leaves_a_contested_city_without_asking() -> None:
    s = holding("M08")
    assert refused(s, 0, play("M08", place="arles", to="nice", n=1)) == "city_not_contested"
    put(s, "arles", 1, 2)
    s, _ = act(s, 0, play("M08", place="arles", to="nice", n=1))
    assert s.pending is None and pawns(s, "nice", 0) == 1


def test_m09_veterans_take_two_shields_or_what_the_pool_has() -> None:
    s, _ = act(holding("M09"), 0, play("M09"))
    assert s.shields[0] == 4
    s = holding("M09")
    s.shields[1] += s.pool - 1
    s.pool = 1
    s, _ = act(s, 0, play("M09"))
    assert s.shields[0] == 3 and s.pool == 0


def test_m10_desertion_takes_a_pawn_from_an_army_of_two_or_more() -> None:
    s = holding("M10")
    assert refused(s, 0, play("M10", 1, "st_maurice")) == "army_too_small"
    put(s, "st_maurice", 1, 2)
    s, _ = act(s, 0, play("M10", 1, "st_maurice"))
    assert pawns(s, "st_maurice", 1) == 1 and s.supply[1] == PAWNS - 1


@pytest.mark.parametrize("card, box", [("M11", 1), ("M12", 2)])
def test_m11_m12_raids_strike_everyone_without_an_emissary_there(card: str, box: int) -> None:
    s = holding(card)
    s.boxes[box][1], s.emissaries[1] = 1, 3
    s, _ = act(s, 0, play(card))
    assert s.legitimacy == [1, 2, 1]
    assert refused(holding(card), 0, play(card, 1)) == "card_field"


def test_m13_the_coast_is_sacked_also_takes_a_pawn_in_every_saracen_city() -> None:
    s = holding("M13")
    put(s, "genova", 1, 2)
    put(s, "nice", 2, 1)
    s.boxes[1][2], s.emissaries[2] = 1, 3
    s, _ = act(s, 0, play("M13"))
    assert pawns(s, "arles", 0) == 0 and pawns(s, "genova", 1) == 1 and pawns(s, "nice", 2) == 1
    assert s.legitimacy == [1, 1, 2]


def test_m14_the_magyars_at_the_brenta_take_a_pawn_in_every_magyar_city() -> None:
    s = holding("M14", seat=1)
    s.boxes[2][0], s.emissaries[0] = 1, 3
    put(s, "verona", 0, 1)
    s, _ = act(s, 1, play("M14"))
    assert pawns(s, "cividale", 2) == 0 and pawns(s, "verona", 0) == 1
    assert s.legitimacy == [2, 1, 1]
    # Seat 2 lost his last pawn but can still recruit from Cividale: the game goes on (R14).
    assert s.phase is Phase.PLAY


def test_a_targeted_card_against_an_ally_breaks_the_alliance_first() -> None:
    s = holding("M10")
    put(s, "st_maurice", 1, 2)
    s.pacts, s.emissaries[0] = ((0, 1, True),), 3
    s, events = act(s, 0, play("M10", 1, "st_maurice"))
    assert s.pacts == () and s.legitimacy[0] == 0
    assert [e["type"] for e in events][:3] == ["card_played", "alliance_broken", "legitimacy"]


def test_raids_are_no_attack_and_leave_alliances_standing() -> None:
    s = holding("M11")
    s.pacts, s.emissaries[0] = ((0, 1, True),), 3
    s, _ = act(s, 0, play("M11"))
    assert s.pacts == ((0, 1, True),)


def test_a_card_move_granted_passage_is_carried_out(rig: Any) -> None:
    s = holding("M03")
    put(s, "nice", 0, 1)
    put(s, "nice", 1, 1)
    s.shields[0] = 0
    s, _ = act(s, 0, play("M03", place="nice", to="genova", n=1))
    assert isinstance(s.pending, Passage)
    rig(1)
    s, _ = act(s, 1, GrantPassage())
    assert pawns(s, "genova", 0) == 1 and "M03" not in s.hands[0]
    assert s.pending is None and s.actions_left == 1
