"""Conquest of the Empire II rule by rule: the seed (004) and the decisions page
(shared/rules/conquest_of_the_empire.md), with both worked examples of its section 5."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

import rules
from rules.conquest_of_the_empire import GAME, State, Step, logic_battle, logic_season
from rules.conquest_of_the_empire import actions as A
from rules.conquest_of_the_empire.components import (
    CARDS,
    CITIES_TOTAL,
    CONQUEST_DESIGNS,
    DESIGNS,
    HOME_SEA,
    HOMELAND_SETS,
    SUPPLY,
    TOKENS,
    UNIT_INDEX,
    UNITS,
    VOTES,
    board,
)
from rules.conquest_of_the_empire.logic_board import dominator, land_links, reachable
from rules.conquest_of_the_empire.state import NO_CITY, UNHELD
from rules.core import Action, Event, IllegalAction

RED, BLUE, GREEN, GOLD = 0, 1, 2, 3


def P(key: str) -> int:
    return board().province_index[key]


def Z(key: str) -> int:
    """The location of a sea zone."""
    return len(board().provinces) + board().sea_index[key]


def loc(key: str) -> int:
    return P(key) if key in board().province_index else Z(key)


def play(s: State, action: Action, seat: int | None = None) -> tuple[State, list[Event]]:
    seat = s.actor if seat is None else seat
    t = GAME.apply(s, seat, action)
    return t.state, t.events


def run(s: State, *actions: Action) -> State:
    for a in actions:
        s, _ = play(s, a)
    return s


def legal(s: State) -> list[Action]:
    return GAME.legal_actions(s, s.actor)


def auction_to(s: State, order: tuple[int, ...]) -> State:
    """Play the season's auctions so that the positions come out as `order` (bids of 0)."""
    want = list(order)
    while s.step in (Step.BID, Step.NAME_A, Step.NAME_B):
        if s.step is Step.BID:
            assert s.auction is not None
            s = run(s, A.Bid(0) if s.auction.bid < 0 else A.Pass())
        else:
            placed = len(s.order) + (1 if s.step is Step.NAME_B else 0)
            s = run(s, A.NameSeat(want[placed]))
    assert s.order == order
    return s


def empty_board(s: State) -> State:
    """A copy with every piece back in supply, no influence, no tokens, no city holders."""
    s = s.copy()
    n = s.players
    s.units = [0] * len(s.units)
    s.supply = [k for _ in range(n) for k in SUPPLY]
    s.influence = [0] * len(s.influence)
    s.neutral = [0] * len(s.neutral)
    s.city = [UNHELD if p.city else NO_CITY for p in board().provinces]
    return s


def put(s: State, seat: int, where: str, **units: int) -> None:
    for name, k in units.items():
        s.put(loc(where), seat, UNIT_INDEX[name], k)


def action_phase(players: int = 3, order: tuple[int, ...] | None = None, seed: int = 1,
                 clear: bool = True) -> State:
    """The first turn of season 1 with the positions given, the board emptied if `clear`."""
    s = GAME.new_game(players, seed=seed)
    s = auction_to(s, order or tuple(range(players)))
    return empty_board(s) if clear else s.copy()


def at_turn_of(s: State, seat: int) -> State:
    s = s.copy()
    s.pos = s.order.index(seat)
    s.actor = seat
    s.step = Step.ACTION
    s.actions_done = 0
    return s


def count(s: State, seat: int, where: str, unit: str) -> int:
    return s.at(loc(where), seat, UNIT_INDEX[unit])


def types(actions: list[Action]) -> set[str]:
    return {a.TYPE for a in actions}


# -- components and setup -------------------------------------------------------------------


def test_the_map_has_42_provinces_17_seas_5_straits_and_11_keys() -> None:
    b = board()
    assert len(b.provinces) == 42 and len(b.seas) == 17 and len(b.straits) == 5
    assert len(b.keys) == 11
    assert [p.tiers for p in b.provinces if len(p.tiers) == 3] == [(25, 15, 5)]
    assert sum(1 for p in b.provinces if p.city) == 10


def test_the_deck_holds_22_designs_in_45_copies_and_8_senators() -> None:
    conquest = [c for c in CARDS if c.symbol != "senator"]
    assert len(conquest) == 22 and sum(c.copies for c in conquest) == 45
    assert sum(c.copies for c in CARDS if c.symbol == "senator") == 8
    assert len(VOTES) == 5
    assert sum(TOKENS.values()) == 52


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_player_starts_in_his_homeland_with_the_pages_army(players: int) -> None:
    s = GAME.new_game(players, seed=11)
    homes = sorted(board().provinces[h].key for h in s.homeland)
    assert homes == sorted(HOMELAND_SETS[players])
    for seat in range(players):
        home = board().provinces[s.homeland[seat]].key
        assert {u: count(s, seat, home, u) for u in UNITS[:5]} == {
            "caesar": 1, "general": 1, "infantry": 8, "cavalry": 2, "catapult": 1}
        assert count(s, seat, HOME_SEA[home], "galley") == 1
        assert s.inf(P(home), seat) == 2
        assert s.city[P(home)] == seat
        assert s.talents[seat] == 80 and s.senators[seat] == (1, 2, 3)
        assert s.chaos[seat] == 0 and s.vp[seat] == 0
    unused = set(HOME_SEA) - set(HOMELAND_SETS[players])
    assert all(s.city[P(k)] == UNHELD for k in unused)


def test_the_draft_picks_homelands_in_reverse_of_a_random_seat_order() -> None:
    s = GAME.new_game(3, seed=5, options={"homelands": "draft"})
    assert s.step is Step.DRAFT
    order = s.draft_order
    assert sorted(order) == [0, 1, 2]
    assert {a.province for a in legal(s)} == set(HOMELAND_SETS[3])  # type: ignore[attr-defined]
    s = run(s, A.PickHomeland("asia"))
    assert s.actor == order[1]
    assert A.PickHomeland("asia") not in legal(s)
    s = run(s, A.PickHomeland("africa"), A.PickHomeland("lugdunensis"))
    assert [board().provinces[s.homeland[q]].key for q in order] == [
        "asia", "africa", "lugdunensis"]
    assert s.step is Step.BID and s.season == 1


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_season_places_2n_tokens_and_reveals_2n_cards(players: int) -> None:
    s = GAME.new_game(players, seed=3)
    assert sum(s.neutral) == 2 * players and len(s.bag) == 52 - 2 * players
    assert len(s.market) == 2 * players and len(s.deck) == 53 - 2 * players
    assert s.votes_offer == tuple(sorted(v.key for v in VOTES))
    assert all(board().provinces[p].tiers for p, k in enumerate(s.neutral) if k)


# -- the alliance auction ---------------------------------------------------------------------


def test_the_opener_must_propose_a_bid_from_0_to_his_talents() -> None:
    s = GAME.new_game(4, seed=2)
    assert s.actor == s.first_opener
    assert legal(s) == [A.Bid(x) for x in range(0, 81, 5)]
    with pytest.raises(IllegalAction) as err:
        play(s, A.Pass())
    assert err.value.code == "opener_must_propose"
    with pytest.raises(IllegalAction) as err:
        play(s, A.LandMove("italia"))
    assert err.value.code == "wrong_step"
    with pytest.raises(IllegalAction) as err:
        play(s, A.Bid(85))
    assert err.value.code == "not_enough_talents"


def test_a_raise_is_5_more_and_names_two_unplaced_players() -> None:
    s = GAME.new_game(4, seed=2)
    opener = s.actor
    s = run(s, A.Bid(10), A.NameSeat(opener), A.NameSeat((opener + 1) % 4))
    nxt = (opener + 1) % 4
    assert s.actor == nxt
    assert legal(s) == [A.Pass(), *(A.Bid(x) for x in range(15, 81, 5))]
    s = run(s, A.Bid(15))
    assert s.step is Step.NAME_A and len(legal(s)) == 4
    s = run(s, A.NameSeat(nxt))
    assert A.NameSeat(nxt) not in legal(s) and len(legal(s)) == 3


def test_the_auction_ends_when_every_other_player_passed_and_the_proposer_pays() -> None:
    s = GAME.new_game(4, seed=2)
    opener = s.actor
    a, b = (opener + 2) % 4, (opener + 3) % 4
    s = run(s, A.Bid(20), A.NameSeat(a), A.NameSeat(b), A.Pass(), A.Pass())
    assert s.order == ()
    s, events = play(s, A.Pass())
    assert s.order == (a, b) and s.talents[opener] == 60
    assert any(e["type"] == "auction_won" and e["amount"] == 20 for e in events)
    # the next auction is opened by the player to the left of the previous opener
    assert s.step is Step.BID and s.actor == (opener + 1) % 4
    assert s.auction is not None and s.auction.bid == -1


def test_odd_positions_are_allied_against_even_positions() -> None:
    s = action_phase(4, (2, 0, 3, 1), clear=False)
    assert s.allied(2, 3) and s.allied(0, 1)
    assert not s.allied(2, 0) and not s.allied(3, 1)
    assert s.step is Step.ACTION and s.actor == 2 and s.turn == 1


def test_with_three_players_the_last_takes_position_three_without_an_auction() -> None:
    s = GAME.new_game(3, seed=4)
    s = run(s, A.Bid(0), A.NameSeat(2), A.NameSeat(0), A.Pass(), A.Pass())
    assert s.order == (2, 0, 1) and s.step is Step.ACTION
    assert s.allied(2, 1) and not s.allied(0, 1)


def test_with_two_players_there_are_no_allies() -> None:
    s = action_phase(2, (1, 0), clear=False)
    assert not s.allied(0, 1) and s.enemy(0, 1)


# -- turns, passing, the card action --------------------------------------------------------


def test_each_player_takes_two_actions_per_turn_in_position_order() -> None:
    s = action_phase(3, (1, 2, 0), clear=False)
    s = run(s, A.SpecialTax(5))
    assert s.actor == 1 and s.actions_done == 1
    s = run(s, A.SpecialTax(5))
    assert s.actor == 2 and s.turn == 1
    s = run(s, A.SpecialTax(5), A.SpecialTax(5), A.SpecialTax(5), A.SpecialTax(5))
    assert s.actor == 1 and s.turn == 2


def test_special_tax_gives_5_to_25_talents_and_1_chaos_per_5() -> None:
    s = action_phase(2, clear=False)
    assert [a for a in legal(s) if isinstance(a, A.SpecialTax)] == [
        A.SpecialTax(x) for x in (5, 10, 15, 20, 25)]
    s2 = run(s, A.SpecialTax(25))
    assert s2.talents[0] == s.talents[0] + 25 and s2.chaos[0] == 5


def test_a_player_may_not_pass_twice_in_two_turns_in_a_row() -> None:
    s = action_phase(2, clear=False)
    s = run(s, A.PassAction())
    assert A.PassAction() not in legal(s)  # same turn
    s = run(s, A.SpecialTax(5), A.SpecialTax(5), A.SpecialTax(5))
    assert s.turn == 2 and s.actor == 0
    assert A.PassAction() not in legal(s)  # the next turn
    with pytest.raises(IllegalAction) as err:
        play(s, A.PassAction())
    assert err.value.code == "pass_limit"
    s = run(s, A.SpecialTax(5), A.SpecialTax(5), A.SpecialTax(5), A.SpecialTax(5))
    assert s.turn == 3 and A.PassAction() in legal(s)


def test_a_card_may_be_taken_once_per_turn_and_free_cards_still_use_the_action() -> None:
    s = action_phase(2, clear=False)
    s.market = ("senator_2", "senator_4")
    s = run(s, A.AcquireCard("senator_4"))
    assert s.senators[0] == (1, 2, 3, 4) and s.actions_done == 1
    assert not [a for a in legal(s) if isinstance(a, A.AcquireCard)]
    with pytest.raises(IllegalAction) as err:
        play(s, A.AcquireCard("senator_2"))
    assert err.value.code == "card_already_taken_this_turn"


# -- buying influence ---------------------------------------------------------------------------


def test_caesar_buys_up_to_two_points_and_a_general_one_at_10_each() -> None:
    s = action_phase(3, (0, 1, 2))
    put(s, RED, "italia", caesar=1)
    put(s, RED, "syria", general=1)
    s.neutral[P("italia")] = 3
    s.neutral[P("syria")] = 2
    buys = [a for a in legal(s) if isinstance(a, A.BuyInfluence)]
    assert A.BuyInfluence("italia", "caesar", (-1, -1)) in buys
    assert A.BuyInfluence("syria", "general", (-1,)) in buys
    assert A.BuyInfluence("syria", "general", (-1, -1)) not in buys
    s2 = run(s, A.BuyInfluence("italia", "caesar", (-1, -1)))
    assert s2.inf(P("italia"), RED) == 2 and s2.neutral[P("italia")] == 1
    assert s2.talents[RED] == s.talents[RED] - 20


def test_influence_of_an_ally_or_of_a_player_with_military_land_units_is_not_for_sale() -> None:
    s = action_phase(3, (0, 1, 2))  # 0 and 2 allied, 1 the enemy
    put(s, RED, "italia", caesar=1)
    s.add_inf(P("italia"), GREEN, 2)
    s.add_inf(P("italia"), BLUE, 2)
    buys = {a.sources for a in legal(s) if isinstance(a, A.BuyInfluence)}  # type: ignore[attr-defined]
    assert buys == {(BLUE,), (BLUE, BLUE)}
    put(s, BLUE, "italia", infantry=1)
    s = s.copy()
    assert not [a for a in legal(s) if isinstance(a, A.BuyInfluence)]


def test_influence_is_bought_only_in_key_provinces_with_a_leader() -> None:
    s = action_phase(2)
    put(s, RED, "dacia", caesar=1)
    put(s, RED, "italia", infantry=3)
    s.neutral[P("italia")] = 1
    assert not [a for a in legal(s) if isinstance(a, A.BuyInfluence)]
    with pytest.raises(IllegalAction) as err:
        play(s, A.BuyInfluence("italia", "caesar", (-1,)))
    assert err.value.code == "no_leader_there"


def test_a_player_with_0_talents_may_not_buy_recruit_or_take_paid_cards() -> None:
    s = action_phase(2, clear=False)
    s.talents[0] = 0
    s.neutral[s.homeland[0]] = 2
    s.market = ("auxilia", "commercium")
    kinds = types(legal(s))
    assert "buy_influence" not in kinds and "recruit" not in kinds
    assert [a for a in legal(s) if isinstance(a, A.AcquireCard)] == [A.AcquireCard("commercium")]
    assert {"land_move", "naval_move", "special_tax", "pass_action"} <= kinds


# -- movement ------------------------------------------------------------------------------------


def test_land_units_stop_on_entering_a_province_with_enemy_military_units() -> None:
    s = action_phase(2)
    put(s, RED, "narbonensis", infantry=2)
    put(s, BLUE, "cisalpina", infantry=1)
    r = reachable(s, RED, P("narbonensis"))
    assert P("cisalpina") in r and P("italia") not in r
    assert P("raetia") in r  # around by Germania


def test_enemy_leaders_alone_do_not_stop_movement_and_allies_never_do() -> None:
    s = action_phase(3, (0, 1, 2))
    put(s, RED, "cisalpina", infantry=1)
    put(s, BLUE, "italia", general=1)
    assert P("sicilia") in reachable(s, RED, P("cisalpina"))
    put(s, GREEN, "italia", infantry=5)
    s = s.copy()
    assert P("sicilia") in reachable(s, RED, P("cisalpina"))


def test_a_strait_is_cut_by_an_enemy_galley_in_its_zone() -> None:
    s = action_phase(3, (0, 1, 2))
    put(s, RED, "thracia", infantry=1)
    assert P("asia") in reachable(s, RED, P("thracia"))
    put(s, GREEN, "mare_aegaeum", galley=1)  # an ally's galley cuts nothing
    assert P("asia") in reachable(s, RED, P("thracia"))
    put(s, BLUE, "mare_aegaeum", galley=1)
    put(s, BLUE, "propontis", galley=1)
    links = land_links(s, RED, P("thracia"))
    assert P("asia") not in links and P("bithynia") not in links
    assert P("moesia") in links


def test_a_land_move_sends_any_units_from_one_origin_to_several_destinations() -> None:
    s = action_phase(2)
    put(s, RED, "italia", caesar=1, infantry=4)
    s = run(s, A.LandMove("italia"), A.MoveTo("cisalpina", False), A.MoveUnits("infantry", 2),
            A.MoveTo("sicilia", False), A.MoveUnits("infantry", 1), A.MoveUnits("caesar", 1))
    assert count(s, RED, "cisalpina", "infantry") == 2
    assert count(s, RED, "sicilia", "infantry") == 1 and count(s, RED, "sicilia", "caesar") == 1
    assert s.step is Step.MOVE and A.Done() in legal(s)
    s = run(s, A.Done())
    assert s.actions_done == 1 and s.step is Step.ACTION


def test_sea_transport_needs_a_galley_next_to_the_destination_and_carries_4_per_galley() -> None:
    s = action_phase(2)
    put(s, RED, "achaea", caesar=1, infantry=9)
    put(s, RED, "mare_ionium", galley=1)
    s = run(s, A.LandMove("achaea"))
    sea = {a.dest for a in legal(s) if isinstance(a, A.MoveTo) and a.by_sea}  # type: ignore[attr-defined]
    assert sea == {"italia", "sicilia"}  # the coasts of mare_ionium but the origin
    s = run(s, A.MoveTo("sicilia", True))
    assert max(a.count for a in legal(s) if isinstance(a, A.MoveUnits)  # type: ignore[attr-defined]
               and a.unit == "infantry") == 4  # type: ignore[attr-defined]
    s = run(s, A.MoveUnits("infantry", 4))
    s = run(s, A.MoveTo("italia", True))
    # the galley is full: only the leader, who travels free, may still go
    assert [a for a in legal(s) if isinstance(a, A.MoveUnits)] == [A.MoveUnits("caesar", 1)]


def test_a_galley_next_to_two_destinations_carries_4_in_all() -> None:
    s = action_phase(2)
    put(s, RED, "achaea", infantry=6)
    put(s, RED, "mare_ionium", galley=1)
    put(s, RED, "mare_tyrrhenum", galley=1)
    s = run(s, A.LandMove("achaea"), A.MoveTo("sicilia", True), A.MoveUnits("infantry", 4))
    # mare_ionium's and mare_tyrrhenum's galleys both touch italia and sicilia: 8 in all
    s = run(s, A.MoveTo("italia", True))
    assert max(a.count for a in legal(s) if isinstance(a, A.MoveUnits)) == 2  # type: ignore[attr-defined]


def test_via_militaris_gives_a_second_origin() -> None:
    s = action_phase(2)
    put(s, RED, "italia", infantry=1)
    put(s, RED, "dacia", infantry=1)
    s.owned[RED] = (("via_militaris", True),)
    s = run(s, A.LandMove("italia"), A.MoveTo("cisalpina", False), A.MoveUnits("infantry", 1))
    assert A.LandMove("dacia") in legal(s)
    assert A.LandMove("cisalpina") not in legal(s)  # units that moved do not move again
    s = run(s, A.LandMove("dacia"), A.MoveTo("moesia", False), A.MoveUnits("infantry", 1))
    assert s.owned[RED] == (("via_militaris", False),)
    assert s.actions_done == 1


def test_naval_movement_brings_galleys_from_anywhere_to_one_zone() -> None:
    s = action_phase(2)
    put(s, RED, "oceanus_atlanticus", galley=2)
    put(s, RED, "mare_aegyptium", galley=1)
    s = run(s, A.NavalMove("mare_ionium"), A.MoveGalleys("oceanus_atlanticus", 2),
            A.MoveGalleys("mare_aegyptium", 1))
    assert count(s, RED, "mare_ionium", "galley") == 3 and s.actions_done == 1


# -- recruiting ---------------------------------------------------------------------------------


def test_recruits_need_a_leader_and_own_influence_and_bring_2_chaos() -> None:
    s = action_phase(2)
    put(s, RED, "italia", caesar=1)
    put(s, RED, "dacia", general=1)
    s.add_inf(P("dacia"), BLUE, 1)
    assert "recruit" not in types(legal(s))
    s.add_inf(P("italia"), RED, 1)
    s = s.copy()
    s = run(s, A.Recruit(False))
    places = {a.place for a in legal(s) if isinstance(a, A.RecruitAt)}  # type: ignore[attr-defined]
    assert places == {"italia", "mare_tyrrhenum", "mare_adriaticum", "mare_ionium"}
    s = run(s, A.RecruitAt("italia"), A.RecruitUnits("catapult", 2), A.RecruitAt("mare_ionium"),
            A.RecruitUnits("galley", 1), A.Done())
    assert count(s, RED, "italia", "catapult") == 2 and count(s, RED, "mare_ionium", "galley") == 1
    assert s.talents[RED] == 80 - 30 - 15 and s.chaos[RED] == 2


def test_a_recruit_action_recruits_at_least_one_unit() -> None:
    s = action_phase(2)
    put(s, RED, "italia", caesar=1)
    s.add_inf(P("italia"), RED, 1)
    s.owned[RED] = (("dilectus", True),)
    for free in (False, True):
        t = run(s.copy(), A.Recruit(free))
        assert A.Done() not in legal(t)
        with pytest.raises(IllegalAction) as err:
            play(t, A.Done())
        assert err.value.code == "nothing_done_yet"
        t = run(t, A.RecruitAt("italia"), A.RecruitUnits("infantry", 1))
        assert A.Done() in legal(t)


def test_recruits_never_exceed_the_supply() -> None:
    s = action_phase(2)
    put(s, RED, "italia", caesar=1, general=1, catapult=5)
    s.add_inf(P("italia"), RED, 1)
    s = run(s.copy(), A.Recruit(False), A.RecruitAt("italia"))
    assert [a for a in legal(s) if a == A.RecruitUnits("catapult", 2)] == []
    assert A.RecruitUnits("catapult", 1) in legal(s)
    assert A.RecruitUnits("general", 4) not in legal(s) and A.RecruitUnits("general", 3) in legal(s)


def test_dilectus_makes_one_recruit_free_of_chaos() -> None:
    s = action_phase(2)
    put(s, RED, "italia", caesar=1)
    s.add_inf(P("italia"), RED, 1)
    s.owned[RED] = (("dilectus", True),)
    s = run(s, A.Recruit(True), A.RecruitAt("italia"), A.RecruitUnits("infantry", 2), A.Done())
    assert s.chaos[RED] == 0 and s.owned[RED] == (("dilectus", False),)


# -- land battle ----------------------------------------------------------------------------------


class Dice:
    """Fixed battle dice: each roll takes the next list, which must have the right size."""

    def __init__(self, *rolls: tuple[int, ...]) -> None:
        self.rolls = list(rolls)

    def __call__(self, s: State, n: int) -> tuple[int, ...]:
        faces = self.rolls.pop(0)
        assert len(faces) == n, f"rolled {n} dice, expected {len(faces)}"
        return faces


def rolls(events: list[Event]) -> list[tuple[int, list[int], int]]:
    return [(e["seat"], e["faces"], e["total"]) for e in events if e["type"] == "dice_rolled"]


def italia_battle() -> State:
    """Section 5.1's table: Red attacks Blue in Italia, Blue's ally Green is there."""
    s = action_phase(3, (BLUE, RED, GREEN))
    put(s, RED, "italia", caesar=1, infantry=4, cavalry=1, catapult=1)
    put(s, RED, "mare_adriaticum", galley=1)
    put(s, BLUE, "italia", general=1, infantry=3, cavalry=1)
    put(s, GREEN, "italia", infantry=1)
    s.city[P("italia")] = BLUE
    return at_turn_of(s, RED)


def test_worked_example_5_1_the_land_battle_in_italia(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice(
        (6, 5, 4, 2, 1),  # Blue, 5 dice: General, Roma
        (5, 5, 5, 4, 3, 2),  # Red, 6 dice: Caesar, all three types, more catapults
        (4, 4, 6, 3, 1, 2),  # Red's pursuit
    ))
    s = italia_battle()
    log: list[Event] = []

    def go(a: Action) -> None:
        nonlocal s
        s, ev = play(s, a)
        log.extend(ev)

    go(A.LandBattle("italia", BLUE))
    assert s.step is Step.LEND and s.actor == GREEN
    go(A.Lend())
    assert s.step is Step.GALLEYS and s.actor == RED
    go(A.JoinGalleys())
    # Blue rolls first (it defends Roma): 2 infantry hits + 1 cavalry hit on Red
    assert rolls(log) == [(BLUE, [6, 5, 4, 2, 1], 3)]
    assert s.step is Step.CASUALTY and s.actor == RED
    go(A.Casualty(RED, "galley", "mare_adriaticum"))
    go(A.Casualty(RED, "infantry", "italia"))
    go(A.Casualty(RED, "infantry", "italia"))
    # Red still rolls 6 dice: 2 infantry (3 faces), cavalry 1, catapult 1, galley 0
    assert rolls(log)[1] == (RED, [5, 5, 5, 4, 3, 2], 4)
    assert s.actor == BLUE
    go(A.Casualty(GREEN, "infantry", "italia"))
    for _ in range(3):
        go(A.Casualty(BLUE, "infantry", "italia"))
    assert s.step is Step.RETREAT and s.actor == BLUE  # the defender decides first
    go(A.Retreat())
    # pursuit: two cavalry faces, one cavalry: one hit, Blue's cavalry is removed
    assert rolls(log)[2] == (RED, [4, 4, 6, 3, 1, 2], 1)
    assert count(s, BLUE, "italia", "cavalry") == 0
    # only the General is left: he may go anywhere next door
    assert s.step is Step.RETREAT_TO
    assert {a.province for a in legal(s)} == {"cisalpina", "sicilia"}  # type: ignore[attr-defined]
    go(A.RetreatTo("cisalpina"))
    assert count(s, BLUE, "cisalpina", "general") == 1
    assert s.chaos[BLUE] == 2 and s.chaos[GREEN] == 0 and s.chaos[RED] == 0
    assert [count(s, RED, "italia", u) for u in ("infantry", "cavalry", "catapult")] == [2, 1, 1]
    assert s.city[P("italia")] == RED  # Red takes Roma at the end of the action
    assert any(e["type"] == "city_taken" and e["seat"] == RED for e in log)
    assert s.actions_done == 1 and s.step is Step.ACTION


def test_dice_are_3_plus_leader_plus_all_three_types_plus_more_catapults_plus_city() -> None:
    s = run(italia_battle(), A.LandBattle("italia", BLUE))
    assert s.step is Step.LEND
    dice = GAME.view(s, None)["battle"]["dice"]
    # Red: 3 + Caesar + infantry, cavalry and catapult + 1 catapult against none
    # Blue: 3 + General + Roma (no catapult, so no mixed-army die)
    assert dice == {str(RED): 6, str(BLUE): 5}
    s.city[P("italia")] = UNHELD
    s.put(P("italia"), RED, UNIT_INDEX["caesar"], -1)
    s = s.copy()
    assert GAME.view(s, None)["battle"]["dice"] == {str(RED): 5, str(BLUE): 4}


def test_a_leader_alone_never_attacks_and_is_never_attacked() -> None:
    s = action_phase(2)
    put(s, RED, "italia", caesar=1)
    put(s, BLUE, "italia", infantry=2)
    put(s, RED, "dacia", infantry=2)
    put(s, BLUE, "dacia", general=1)
    assert "land_battle" not in types(legal(s))


def test_allies_may_not_attack_each_other() -> None:
    s = action_phase(3, (0, 1, 2))
    put(s, RED, "italia", infantry=2)
    put(s, GREEN, "italia", infantry=2)
    assert "land_battle" not in types(legal(s))


def test_when_both_sides_are_wiped_out_both_lose(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((5, 1, 1), (5, 1, 1)))
    s = action_phase(2)
    put(s, RED, "dacia", infantry=1)
    put(s, BLUE, "dacia", infantry=1)
    s, events = play(s, A.LandBattle("dacia", BLUE))
    assert s.chaos == [2, 2]
    assert next(e for e in events if e["type"] == "battle_over")["losers"] == [RED, BLUE]


def test_a_side_with_no_way_out_may_not_retreat(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((1, 1, 1), (1, 1, 1)))
    s = action_phase(2)
    put(s, RED, "sicilia", infantry=2)
    put(s, BLUE, "sicilia", infantry=2)
    put(s, BLUE, "italia", infantry=1)  # the only way out of Sicily is held by the enemy
    s = at_turn_of(s, BLUE)
    s = run(s, A.LandBattle("sicilia", RED))
    assert s.step is Step.RETREAT and s.actor == RED
    assert legal(s) == [A.Continue()]


def test_the_defender_decides_first_then_the_attacker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((1, 1, 1), (1, 1, 1), (1, 1, 1),
                                                       (1, 1, 1)))
    s = action_phase(2)
    put(s, RED, "dacia", infantry=2)
    put(s, BLUE, "dacia", infantry=2)
    s = run(s, A.LandBattle("dacia", BLUE))
    assert s.actor == BLUE and set(legal(s)) == {A.Continue(), A.Retreat()}
    s = run(s, A.Continue())
    assert s.actor == RED and s.step is Step.RETREAT
    s, _events = play(s, A.Continue())
    assert s.battle is not None and s.battle.round == 2


def test_a_retreat_goes_with_all_land_units_to_one_province_without_enemies(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((1, 1, 1), (1, 1, 1, 1)))
    s = action_phase(2)
    put(s, RED, "moesia", infantry=3)
    put(s, BLUE, "moesia", general=1, infantry=2)
    put(s, RED, "pannonia", infantry=1)
    put(s, RED, "thracia", caesar=1)  # an enemy leader bars a retreat too
    s = run(s, A.LandBattle("moesia", BLUE), A.Retreat())
    targets = {a.province for a in legal(s)}  # type: ignore[attr-defined]
    assert targets == {"dalmatia", "dacia", "macedonia"}  # not pannonia (Red), not thracia
    s = run(s, A.RetreatTo("dacia"))
    assert count(s, BLUE, "dacia", "infantry") == 2 and count(s, BLUE, "dacia", "general") == 1
    assert s.chaos[BLUE] == 2


# -- naval battle -------------------------------------------------------------------------------


def test_a_naval_battle_lasts_at_most_3_rounds_and_hits_only_on_galleys(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice(
        (3, 4), (1, 5), (2, 6), (5, 5), (6, 6), (4,)))
    s = action_phase(2)
    put(s, RED, "mare_ionium", galley=2)
    put(s, BLUE, "mare_ionium", galley=2)
    s = run(s, A.NavalMove("mare_ionium"), A.NavalBattle(BLUE))
    assert count(s, BLUE, "mare_ionium", "galley") == 1
    assert count(s, RED, "mare_ionium", "galley") == 2
    assert s.chaos == [0, 0] and s.battle is None and s.actions_done == 1


def test_the_side_that_loses_all_its_galleys_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((2, 2), (1,)))
    s = action_phase(2)
    put(s, RED, "mare_ionium", galley=2)
    put(s, BLUE, "mare_ionium", galley=1)
    s = run(s, A.NavalMove("mare_ionium"), A.NavalBattle(BLUE))
    assert s.chaos == [0, 2]


# -- cards: the 22 designs -------------------------------------------------------------------------


def with_card(s: State, design: str, seat: int = RED) -> State:
    s = s.copy()
    s.market = tuple(sorted((*s.market, design)))
    return at_turn_of(s, seat)


def basic() -> State:
    s = action_phase(3, (0, 1, 2))
    put(s, RED, "italia", caesar=1, infantry=2)
    put(s, RED, "achaea", general=1, infantry=1)
    put(s, RED, "mare_ionium", galley=1)
    put(s, BLUE, "africa", caesar=1, infantry=3)
    put(s, BLUE, "mare_africum", galley=1)
    put(s, GREEN, "syria", caesar=1, infantry=1)
    s.market = ()
    return s


def test_card_legio_veterana_adds_a_die_every_round(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((5, 5, 5, 5, 1), (1, 1, 1)))
    s = basic()
    put(s, BLUE, "italia", infantry=1)
    s.owned[RED] = (("legio_veterana", True),)
    s = at_turn_of(s, RED)
    s = run(s, A.LandBattle("italia", BLUE))
    assert s.step is Step.GALLEYS  # Red's galley in mare_ionium may join
    s = run(s, A.Decline())
    assert s.step is Step.CARDS and legal(s) == [A.PlayCard("legio_veterana"), A.Done()]
    s, events = play(s, A.PlayCard("legio_veterana"))
    assert rolls(events)[0][1] == [5, 5, 5, 5, 1]  # 3 + Caesar + Veterans = 5 dice


def test_card_legio_veterana_precondition_a_ready_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((1, 1, 1, 1), (1, 1, 1)))
    s = basic()
    put(s, BLUE, "italia", infantry=1)
    s.owned[RED] = (("legio_veterana", False),)
    s = at_turn_of(s, RED)
    s = run(s, A.LandBattle("italia", BLUE), A.Decline())
    assert s.step is Step.RETREAT  # no card step: the round was rolled with 4 dice


def test_card_testudo_ignores_the_first_hit_each_round(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((5, 5, 1, 1), (1, 1, 1)))
    s = basic()
    put(s, BLUE, "italia", infantry=2)
    s.owned[BLUE] = (("testudo", True),)
    s = at_turn_of(s, RED)
    s = run(s, A.LandBattle("italia", BLUE), A.Decline())
    assert s.actor == BLUE and legal(s) == [A.PlayCard("testudo"), A.Done()]
    s, events = play(s, A.PlayCard("testudo"))
    assert rolls(events)[0][2] == 1  # two hits, the first ignored
    assert count(s, BLUE, "italia", "infantry") == 1


def test_card_testudo_precondition_only_the_defender() -> None:
    s = basic()
    put(s, BLUE, "italia", infantry=2)
    s.owned[RED] = (("testudo", True),)
    s = at_turn_of(s, RED)
    s = run(s, A.LandBattle("italia", BLUE), A.Decline())
    assert s.step is not Step.CARDS and s.owned[RED] == (("testudo", True),)


def test_card_ballistae_takes_away_the_city_die_and_the_first_roll(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((1, 1, 1, 1), (1, 1, 1)))
    s = basic()
    put(s, BLUE, "italia", infantry=2)
    s.city[P("italia")] = BLUE
    s.owned[RED] = (("ballistae", True),)
    s = at_turn_of(s, RED)
    s = run(s, A.LandBattle("italia", BLUE), A.Decline())
    s, events = play(s, A.PlayCard("ballistae"))
    assert [r[0] for r in rolls(events)] == [RED, BLUE]  # the attacker rolls with him
    assert len(rolls(events)[1][1]) == 3  # no city die


def test_card_ballistae_precondition_only_the_attacker() -> None:
    s = basic()
    put(s, RED, "africa", infantry=2)
    s.owned[BLUE] = (("ballistae", True),)
    s = at_turn_of(s, RED)
    s = run(s, A.LandBattle("africa", BLUE))  # Blue's galley in mare_africum may join
    assert s.step is Step.GALLEYS and s.actor == BLUE
    s = run(s, A.Decline())
    assert s.step is not Step.CARDS and s.owned[BLUE] == (("ballistae", True),)


def placement_test(design: str, unit: str, n: int) -> None:
    s = with_card(basic(), design)
    s = run(s, A.AcquireCard(design))
    assert {a.place for a in legal(s)} == {"italia", "achaea"}  # type: ignore[attr-defined]
    s = run(s, A.PlaceAt("achaea"))
    assert count(s, RED, "achaea", unit) == n + (1 if unit == "infantry" else 0)
    assert s.chaos[RED] == 0 and s.actions_done == 1


def test_card_equites_numidae_places_2_cavalry_where_a_leader_is() -> None:
    placement_test("equites_numidae", "cavalry", 2)


def test_card_auxilia_places_3_infantry_where_a_leader_is() -> None:
    placement_test("auxilia", "infantry", 3)


def test_placement_cards_place_as_many_as_the_supply_holds() -> None:
    s = basic()
    s.supply[RED * 6 + UNIT_INDEX["cavalry"]] = 1
    s = run(with_card(s, "equites_numidae"), A.AcquireCard("equites_numidae"),
            A.PlaceAt("italia"))
    assert count(s, RED, "italia", "cavalry") == 1


def test_card_classis_places_2_galleys_next_to_provinces_with_a_leader() -> None:
    s = with_card(basic(), "classis")
    s = run(s, A.AcquireCard("classis"))
    zones = {a.place for a in legal(s)}  # type: ignore[attr-defined]
    assert zones == {"mare_tyrrhenum", "mare_adriaticum", "mare_ionium", "mare_aegaeum",
                     "mare_creticum"}
    s = run(s, A.PlaceAt("mare_creticum"), A.PlaceAt("mare_aegaeum"))
    assert count(s, RED, "mare_creticum", "galley") == 1
    assert count(s, RED, "mare_aegaeum", "galley") == 1 and s.actions_done == 1


def test_card_praefectus_classis_hits_on_blank_faces_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((1, 1), (3,)))
    s = basic()
    put(s, RED, "mare_africum", galley=1)
    s.owned[RED] = (("praefectus_classis", True),)
    s = at_turn_of(s, RED)
    s = run(s, A.NavalMove("mare_africum"), A.MoveGalleys("mare_ionium", 1), A.NavalBattle(BLUE))
    assert legal(s) == [A.PlayCard("praefectus_classis"), A.Done()]
    s, events = play(s, A.PlayCard("praefectus_classis"))
    assert rolls(events)[0][2] == 2  # both blanks hit; Blue has one galley to lose
    assert count(s, BLUE, "mare_africum", "galley") == 0 and s.chaos[BLUE] == 2


def test_card_via_militaris_precondition_a_ready_card() -> None:
    s = basic()
    s.owned[RED] = (("via_militaris", False),)
    s = at_turn_of(s, RED)
    s = run(s, A.LandMove("achaea"), A.MoveTo("macedonia", False), A.MoveUnits("infantry", 1))
    assert "land_move" not in types(legal(s))


def test_card_legatus_places_a_general_with_the_caesar() -> None:
    s = run(with_card(basic(), "legatus"), A.AcquireCard("legatus"))
    assert count(s, RED, "italia", "general") == 1 and s.talents[RED] == 65
    assert s.chaos[RED] == 0


def test_card_publicani_brings_10_talents_in_each_tax_phase() -> None:
    s = basic()
    s.owned[RED] = (("publicani", True),)
    events: list[Event] = []
    s.turn = 4
    logic_season.end_season(s, events)
    assert next(e for e in events if e["type"] == "taxes")["talents"][RED] == 10


def test_card_commercium_gives_5_per_galley_at_most_25() -> None:
    s = basic()
    put(s, RED, "mare_aegaeum", galley=7)
    s = run(with_card(s, "commercium"), A.AcquireCard("commercium"))
    assert s.talents[RED] == 105
    s2 = run(with_card(basic(), "commercium"), A.AcquireCard("commercium"))
    assert s2.talents[RED] == 85


def test_card_metalla_gives_10_per_gold_province_dominated_at_most_30() -> None:
    s = run(with_card(basic(), "metalla"), A.AcquireCard("metalla"))
    assert s.talents[RED] == 80 + 20  # Italia and Achaea are gold and Red's


def test_card_annona_is_a_free_step_that_takes_3_chaos() -> None:
    s = basic()
    s.chaos[RED] = 4
    s.owned[RED] = (("annona", True),)
    s = at_turn_of(s, RED)
    assert A.UseAnnona() in legal(s)
    s = run(s, A.UseAnnona())
    assert s.chaos[RED] == 1 and s.actions_done == 0 and s.step is Step.ACTION
    assert A.UseAnnona() not in legal(s)


def test_card_ludi_takes_5_chaos_not_below_0() -> None:
    s = basic()
    s.chaos[RED] = 3
    s = run(with_card(s, "ludi"), A.AcquireCard("ludi"))
    assert s.chaos[RED] == 0


def test_card_colonia_builds_a_city_only_in_a_dominated_province_without_one() -> None:
    s = action_phase(2)
    put(s, RED, "dacia", caesar=1, infantry=1)
    s = run(with_card(s, "colonia"), A.AcquireCard("colonia"))
    assert legal(s) == [A.PlaceAt("dacia")]
    s = run(s, A.PlaceAt("dacia"))
    assert s.city[P("dacia")] == RED and s.cities_built == 1
    t = action_phase(2)
    put(t, RED, "italia", caesar=1, infantry=1)  # Roma is printed: no room
    t = with_card(t, "colonia")
    assert A.AcquireCard("colonia") not in legal(t)
    t.cities_built = CITIES_TOTAL - 10
    assert A.AcquireCard("colonia") not in legal(t.copy())


def test_card_dilectus_precondition_a_ready_card() -> None:
    s = action_phase(2)
    put(s, RED, "italia", caesar=1)
    s.add_inf(P("italia"), RED, 1)
    assert A.Recruit(True) not in legal(s)


def test_card_clientela_lets_a_general_buy_2_points() -> None:
    s = basic()
    s.neutral[P("achaea")] = 2
    s = at_turn_of(s, RED)
    assert A.BuyInfluence("achaea", "general", (-1, -1)) not in legal(s)
    s.owned[RED] = (("clientela", True),)
    s = at_turn_of(s, RED)
    s = run(s, A.BuyInfluence("achaea", "general", (-1, -1)))
    assert s.inf(P("achaea"), RED) == 2 and s.owned[RED] == (("clientela", False),)


def test_card_tribunus_plebis_vetoes_a_purchase_in_a_response_window() -> None:
    s = basic()
    put(s, BLUE, "asia", caesar=1)
    s.add_inf(P("asia"), RED, 2)
    s.neutral[P("asia")] = 1
    s.owned[RED] = (("tribunus_plebis", True),)
    s = at_turn_of(s, BLUE)
    s = run(s, A.BuyInfluence("asia", "caesar", (-1, RED)))
    assert s.step is Step.VETO and s.actor == RED and legal(s) == [A.Veto(), A.Decline()]
    vetoed = run(s, A.Veto())
    # Red's point is neither taken nor paid for; the neutral token is bought
    assert vetoed.inf(P("asia"), RED) == 2 and vetoed.inf(P("asia"), BLUE) == 1
    assert vetoed.talents[BLUE] == 70
    assert vetoed.actions_done == 1 and vetoed.actor == BLUE  # the action is still used
    assert vetoed.owned[RED] == (("tribunus_plebis", False),)
    allowed = run(s, A.Decline())
    assert allowed.inf(P("asia"), RED) == 1 and allowed.inf(P("asia"), BLUE) == 2
    assert allowed.talents[BLUE] == 60


def test_card_tribunus_plebis_has_no_window_for_neutral_tokens() -> None:
    s = basic()
    put(s, BLUE, "italia", general=1)
    s.neutral[P("italia")] = 1
    s.owned[RED] = (("tribunus_plebis", True),)
    s = run(at_turn_of(s, BLUE), A.BuyInfluence("italia", "general", (-1,)))
    assert s.step is Step.ACTION and s.inf(P("italia"), BLUE) == 1


def test_card_proscriptio_buys_influence_despite_military_units() -> None:
    s = basic()
    s.add_inf(P("africa"), BLUE, 2)
    put(s, RED, "africa", general=1)
    s = with_card(s, "proscriptio")
    s = run(s, A.AcquireCard("proscriptio"))
    assert legal(s) == [A.Proscribe("africa", BLUE)]
    s = run(s, A.Proscribe("africa", BLUE))
    assert s.inf(P("africa"), RED) == 1 and s.inf(P("africa"), BLUE) == 1
    assert s.talents[RED] == 80 - 20 - 10


def test_card_proscriptio_precondition_a_leader_and_enemy_influence() -> None:
    s = with_card(basic(), "proscriptio")
    assert A.AcquireCard("proscriptio") not in legal(s)


def test_card_seditio_gives_3_chaos_to_a_non_allied_player() -> None:
    s = run(with_card(basic(), "seditio"), A.AcquireCard("seditio"))
    assert legal(s) == [A.NameSeat(BLUE)]  # Green is Red's ally
    s = run(s, A.NameSeat(BLUE))
    assert s.chaos[BLUE] == 3


def test_card_tempestas_removes_a_non_allied_galley() -> None:
    s = basic()
    put(s, GREEN, "mare_aegaeum", galley=1)
    s = run(with_card(s, "tempestas"), A.AcquireCard("tempestas"))
    assert legal(s) == [A.SinkGalley("mare_africum", BLUE)]
    s = run(s, A.SinkGalley("mare_africum", BLUE))
    assert count(s, BLUE, "mare_africum", "galley") == 0 and s.chaos[BLUE] == 0


def test_card_tempestas_precondition_an_enemy_galley() -> None:
    s = basic()
    s.put(Z("mare_africum"), BLUE, UNIT_INDEX["galley"], -1)
    assert A.AcquireCard("tempestas") not in legal(with_card(s, "tempestas"))


def test_card_cursus_publicus_moves_a_leader_to_a_province_with_military_units() -> None:
    s = basic()
    s.owned[RED] = (("cursus_publicus", True),)
    s = at_turn_of(s, RED)
    assert A.UseCursus("italia", "caesar") in legal(s)
    s = run(s, A.UseCursus("italia", "caesar"))
    assert legal(s) == [A.MoveLeader("achaea")]
    s = run(s, A.MoveLeader("achaea"))
    assert count(s, RED, "achaea", "caesar") == 1 and s.actions_done == 0


def test_free_steps_remain_after_the_second_action_with_end_turn() -> None:
    s = basic()
    s.owned[RED] = (("annona", True),)
    s = run(at_turn_of(s, RED), A.SpecialTax(5), A.SpecialTax(5))
    assert s.actor == RED and set(legal(s)) == {A.UseAnnona(), A.EndTurn()}
    s = run(s, A.EndTurn())
    assert s.actor == BLUE


def test_every_card_design_has_a_test() -> None:
    names = {n for n in globals() if n.startswith("test_card_")}
    for design in CONQUEST_DESIGNS:
        assert any(design in n for n in names), design


def test_circle_cards_return_to_the_market_at_the_end_of_the_season() -> None:
    s = basic()
    s.owned[RED] = (("testudo", False), ("legio_veterana", False))
    s.turn = 4
    events: list[Event] = []
    logic_season.end_season(s, events)
    while s.step is Step.MAINTENANCE:
        s = run(s, A.Decline())
    assert "testudo" in s.market and s.owned[RED] == (("legio_veterana", True),)


# -- the Senate ----------------------------------------------------------------------------------


def vote_table(card: str) -> State:
    s = basic()
    s.owned[RED] = ((card, True),)
    return at_turn_of(s, RED)


def test_a_vote_goes_round_in_turn_order_and_the_highest_total_wins() -> None:
    s = run(vote_table("aerarium"), A.CallVote("aerarium"))
    assert s.step is Step.VOTE and s.actor == RED
    s = run(s, A.ShowSenators((2,)))
    assert s.actor == BLUE and A.ShowSenators((2,)) not in legal(s)
    s = run(s, A.ShowSenators((3,)), A.Pass())
    assert s.actor == RED
    s = run(s, A.ShowSenators((1, 3)))  # take the II back, show I and III
    s = run(s, A.Pass(), A.Pass())
    assert s.talents[RED] == 105 and s.senators[RED] == (2,)
    assert s.senators[BLUE] == (1, 2, 3) and s.step is Step.ACTION and s.actions_done == 0


def test_the_leader_in_italia_takes_one_winning_senator_at_random() -> None:
    s = vote_table("triumphus")
    s.add_inf(P("italia"), GREEN, 1)
    s = run(s, A.CallVote("triumphus"), A.ShowSenators((1, 2, 3)), A.Pass(), A.Pass())
    assert s.vp[RED] == 5 and s.senators[RED] == ()
    assert len(s.senators[GREEN]) == 4


def test_vote_lex_frumentaria_takes_5_chaos() -> None:
    s = vote_table("lex_frumentaria")
    s.chaos[RED] = 7
    s = run(s, A.CallVote("lex_frumentaria"), A.ShowSenators((1,)), A.Pass(), A.Pass())
    assert s.chaos[RED] == 2


def test_vote_aerarium_gives_25_talents() -> None:
    s = run(vote_table("aerarium"), A.CallVote("aerarium"), A.Pass(), A.ShowSenators((1,)),
            A.Pass(), A.Pass())
    assert s.talents[BLUE] == 105


def test_vote_triumphus_gives_5_vp() -> None:
    s = run(vote_table("triumphus"), A.CallVote("triumphus"), A.ShowSenators((3,)), A.Pass(),
            A.Pass())
    assert s.vp[RED] == 5


def test_vote_imperium_proconsulare_turns_a_neutral_token_into_influence() -> None:
    s = vote_table("imperium_proconsulare")
    s.neutral[P("syria")] = 1
    s = run(s, A.CallVote("imperium_proconsulare"), A.ShowSenators((3,)), A.Pass(), A.Pass())
    assert s.step is Step.VOTE_EFFECT and legal(s) == [A.TakeToken("syria")]
    s = run(s, A.TakeToken("syria"))
    assert s.inf(P("syria"), RED) == 1 and s.neutral[P("syria")] == 0


def test_vote_hostis_publicus_gives_4_chaos_to_another_player() -> None:
    s = run(vote_table("hostis_publicus"), A.CallVote("hostis_publicus"), A.ShowSenators((3,)),
            A.Pass(), A.Pass())
    assert legal(s) == [A.NameSeat(BLUE), A.NameSeat(GREEN)]
    s = run(s, A.NameSeat(GREEN))
    assert s.chaos[GREEN] == 4


def test_a_vote_card_is_spent_for_the_season_even_when_nobody_shows() -> None:
    s = run(vote_table("aerarium"), A.CallVote("aerarium"), A.Pass(), A.Pass(), A.Pass())
    assert s.owned[RED] == (("aerarium", False),) and s.talents == [80, 80, 80]
    assert A.CallVote("aerarium") not in legal(s)


def test_vote_cards_are_bought_with_the_card_action_and_always_on_offer() -> None:
    s = basic()
    s.votes_offer = tuple(v.key for v in VOTES)
    s = at_turn_of(s, RED)
    assert {a.card for a in legal(s) if isinstance(a, A.AcquireCard)} == set(  # type: ignore[attr-defined]
        s.votes_offer)
    s = run(s, A.AcquireCard("triumphus"))
    assert s.owned[RED] == (("triumphus", True),) and s.talents[RED] == 65
    assert "triumphus" not in s.votes_offer


# -- end of season ------------------------------------------------------------------------------


def test_worked_example_5_2_end_of_season_2_with_3_players() -> None:
    s = empty_board(GAME.new_game(3, seed=1))
    s.homeland = [P("asia"), P("africa"), P("lugdunensis")]
    s.set_order((RED, BLUE, GREEN))
    s.season = 2
    influence = {
        "italia": (3, 2, 2), "asia": (3, 0, 0), "africa": (1, 2, 0),
        "lugdunensis": (0, 0, 3), "sicilia": (0, 2, 1), "achaea": (1, 0, 0),
        "britannia": (0, 0, 2),
    }
    for key, row in influence.items():
        for seat, k in enumerate(row):
            s.add_inf(P(key), seat, k)
    s.neutral[P("syria")] = 2
    dominate = {
        RED: ["italia", "achaea", "dacia", "dalmatia", "moesia", "asia", "bithynia",
              "galatia", "cilicia"],
        BLUE: ["africa", "numidia", "sicilia", "tripolitania", "cyrenaica"],
        GREEN: ["lugdunensis", "narbonensis", "baetica", "aquitania", "belgica",
                "germania_inferior", "germania_superior"],
    }
    for seat, keys in dominate.items():
        for key in keys:
            put(s, seat, key, infantry=1)
    for key, holder in {"italia": RED, "asia": RED, "achaea": RED, "africa": BLUE,
                        "lugdunensis": GREEN, "baetica": GREEN}.items():
        s.city[P(key)] = holder
    s.chaos = [17, 9, 13]
    s.talents = [100, 100, 100]
    s.vp = [0, 0, 0]
    events: list[Event] = []
    logic_season.end_season(s, events)
    assert next(e for e in events if e["type"] == "taxes")["talents"] == [75, 40, 55]
    answers = [(RED, True), (GREEN, True), (GREEN, True), (BLUE, True), (RED, True),
               (BLUE, False)]
    for seat, pay in answers:
        assert s.step is Step.MAINTENANCE and s.actor == seat
        s, ev = play(s, A.PayMaintenance() if pay else A.Decline())
        events.extend(ev)
    keys = {e["province"]: e["vp"] for e in events if e["type"] == "key_scored"}
    assert keys["italia"] == [25, 15, 15]
    assert keys["sicilia"] == [0, 15, 5] and keys["africa"] == [5, 10, 0]
    assert keys["syria"] == [0, 0, 0]
    assert [sum(v[q] for v in keys.values()) for q in range(3)] == [55, 40, 45]
    assert next(e for e in events if e["type"] == "domination_vp")["vp"] == [15, 10, 15]
    assert next(e for e in events if e["type"] == "chaos_penalty")["chaos"] == [8, 8, 7]
    assert next(e for e in events if e["type"] == "chaos_penalty")["vp"] == [-10, -10, 0]
    assert s.last_scoring == (2, (60, 40, 60))
    assert s.vp == [60, 40, 60] and s.chaos == [8, 8, 7]


def test_the_game_ends_after_the_fourth_season_with_most_vp_winning() -> None:
    s = GAME.new_game(2, seed=8)
    rng = random.Random(8)
    seasons = set()
    while GAME.to_act(s):
        seasons.add(s.season)
        s = run(s, rng.choice(legal(s)))
    assert seasons == {1, 2, 3, 4} and len(s.history) == 4
    out = GAME.outcome(s)
    assert out is not None and s.vp[out.winners[0]] == max(s.vp)


def test_ties_on_a_key_share_the_place_and_skip_the_next() -> None:
    assert logic_season.awards([3, 3, 1], (25, 15, 5)) == [25, 25, 5]
    assert logic_season.awards([2, 0, 2, 2], (15, 5)) == [15, 0, 15, 15]
    assert logic_season.awards([0, 0], (10, 5)) == [0, 0]


def test_cities_change_hands_when_the_holder_has_no_military_units_and_is_not_an_ally() -> None:
    s = action_phase(3, (0, 1, 2))
    s.city[P("thracia")] = BLUE
    put(s, RED, "thracia", infantry=2)
    put(s, BLUE, "thracia", general=1)
    s = run(s, A.SpecialTax(5))
    assert s.city[P("thracia")] == RED
    t = action_phase(3, (0, 1, 2))
    t.city[P("thracia")] = GREEN  # an ally's city is never taken
    put(t, RED, "thracia", infantry=2)
    t = run(t, A.SpecialTax(5))
    assert t.city[P("thracia")] == GREEN
    assert dominator(t, P("thracia")) == RED


# -- perft ---------------------------------------------------------------------------------------


def perft(s: State, depth: int) -> int:
    if depth == 0 or not GAME.to_act(s):
        return 1
    return sum(perft(GAME.apply(s, s.actor, a).state, depth - 1) for a in legal(s))


def test_perft_a_seasons_first_auction() -> None:
    s = GAME.new_game(4, seed=21)
    # 17 opening bids (0..80), then A among 4 unplaced, then B among the other 3
    assert [perft(s, d) for d in (1, 2, 3)] == [17, 17 * 4, 17 * 4 * 3]


def test_perft_a_land_move_from_a_homeland() -> None:
    s = action_phase(2, (0, 1), seed=1, clear=False)
    home = board().provinces[s.homeland[s.actor]].key
    s = run(s, A.LandMove(home))
    assert home == "africa"
    # Africa's army by land: every province but Africa, the four islands without a strait
    # and Achaea, which lies behind the enemy's Macedonia (entered, but there it stops):
    # 42 - 1 - 4 - 1 = 36; by sea, the coasts of mare_africum but Africa: Sicily, Tripolitania
    assert perft(s, 1) == 36 + 2
    # then how many of one type: by land 1 Caesar + 1 General + 8 infantry + 2 cavalry +
    # 1 catapult = 13 choices; by sea the galley carries 4 infantry at most: 9 choices
    assert perft(s, 2) == 36 * 13 + 2 * 9
    assert perft(s, 3) == 23154


def test_perft_a_battle_rounds_casualties(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice",
                        lambda s, n: tuple((6, 5, 4, 2, 1)[i % 5] for i in range(n)))
    s = italia_battle()
    s = run(s, A.LandBattle("italia", BLUE), A.Lend(), A.JoinGalleys())
    assert s.step is Step.CASUALTY and s.battle is not None and s.battle.hits == 3
    # Red's side holds one galley, 4 infantry, one cavalry, one catapult: 4 kinds to lose
    assert perft(s, 1) == 4
    # after the galley, cavalry or catapult 3 kinds are left, after an infantry still 4
    assert perft(s, 2) == 3 + 4 + 3 + 3
    assert perft(s, 3) == PERFT_CASUALTIES


PERFT_CASUALTIES = 34
"""Ordered choices of three losses among one galley, four infantry, one cavalry and one
catapult (the same type twice in a row is one choice): 34."""


# -- conservation over random games ------------------------------------------------------------


RANDOM_GAMES = int(os.environ.get("COE_RANDOM_GAMES", "4"))


def random_states(players: int, seed: int) -> Iterator[State]:
    rng = random.Random(seed)
    s = GAME.new_game(players, seed=seed)
    while GAME.to_act(s):
        yield s
        s = GAME.apply(s, s.actor, rng.choice(legal(s))).state
    yield s


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conservation_at_every_step_of_random_games(players: int) -> None:
    for k in range(RANDOM_GAMES):
        last = None
        seasons = set()
        for s in random_states(players, seed=100 * players + k):
            seasons.add(s.season)
            for q in range(players):
                for u in range(6):
                    on = sum(s.at(loc_, q, u) for loc_ in range(59))
                    assert on + s.pool(q, u) == SUPPLY[u] and s.pool(q, u) >= 0
                assert s.talents[q] >= 0 and s.chaos[q] >= 0
            cities = sum(1 for h in s.city if h != NO_CITY)
            assert cities == 10 + s.cities_built <= CITIES_TOTAL
            # a token is in the bag, on the board, or bought (then it is influence)
            assert len(s.bag) + sum(s.neutral) + sum(s.influence) - START_INF * players == 52
            # a card is in the deck, on offer, owned, a senator in hand, or out of the game
            owned = sum(1 for q in range(players) for d, _ in s.owned[q]
                        if DESIGNS[d].symbol != "vote")
            hands = sum(len(h) for h in s.senators)
            assert len(s.deck) + len(s.market) + owned + hands + s.removed == 53 + 3 * players
            last = s
        assert last is not None and last.step is Step.OVER and seasons == {1, 2, 3, 4}


START_INF = 2


def test_the_game_is_registered() -> None:
    assert rules.get_game("conquest_of_the_empire") is GAME


_: Any = DESIGNS


# -- more of the season's frame ----------------------------------------------------------------


def finish_season(s: State) -> State:
    """Score the season from the state's board (maintenance declined by everyone)."""
    s = s.copy()
    s.turn = 4
    logic_season.end_season(s, [])
    while s.step is Step.MAINTENANCE:
        s = run(s, A.Decline())
    return s


def test_unbought_tokens_stay_and_unbought_cards_leave_the_market() -> None:
    s = basic()
    s.neutral[P("syria")] = 1
    s.market = ("ludi", "annona")
    s = finish_season(s)
    assert s.season == 2
    assert s.neutral[P("syria")] >= 1  # still there, plus whatever was drawn
    assert "annona" in s.market and "ludi" not in s.market  # circle cards stay
    assert len(s.market) == 1 + 2 * 3


def test_the_last_player_of_a_season_opens_the_next_seasons_first_auction() -> None:
    s = finish_season(basic())
    assert s.first_opener == 2 and s.actor == 2 and s.step is Step.BID


def test_chaos_carries_over_and_cities_calm_it_but_not_below_0() -> None:
    s = basic()
    s.chaos = [2, 7, 0]
    s.city[P("italia")] = RED
    s.city[P("africa")] = BLUE
    s = finish_season(s)
    # maintenance declined: Red (Europe gold) +2, Blue and Green (tied on Africa-Asia
    # gold) +2 each. Before taxes Red takes the empty Athenae and Green Antiochia, which
    # they dominate; then each city calms 3: Red 4 - 6, Blue 9 - 3, Green 2 - 3
    assert s.city[P("achaea")] == RED and s.city[P("syria")] == GREEN
    assert s.chaos == [0, 6, 0]
    t = basic()
    t.chaos = [1, 0, 0]
    t.city[P("italia")] = RED
    t.city[P("achaea")] = RED
    t.set_order((1, 0, 2))
    t.talents = [100, 100, 100]
    t.turn = 4
    logic_season.end_season(t, [])
    t = run(t, A.PayMaintenance(), A.PayMaintenance(), A.PayMaintenance())
    assert t.chaos[RED] == 0  # 1 - 6, but never below 0


def test_a_player_who_cannot_pay_maintenance_takes_2_chaos_without_being_asked() -> None:
    s = basic()
    s.talents = [0, 0, 0]
    events: list[Event] = []
    s.turn = 4
    s.influence = [0] * len(s.influence)
    logic_season.end_season(s, events)
    unpaid = [e for e in events if e["type"] == "maintenance_unpaid"]
    assert unpaid and all(e["chaos"] == 2 for e in unpaid)
    assert s.step is Step.BID  # nobody was asked: the next season began


def test_the_chaos_penalty_spares_a_player_with_0_chaos() -> None:
    assert logic_season.awards([0, 0, 3], (10, 5)) == [0, 0, 10]
    assert logic_season.awards([4, 4, 1], (10, 5)) == [10, 10, 0]


def test_maintenance_is_asked_of_every_tied_dominator_in_turn_order() -> None:
    s = basic()
    s.set_order((2, 0, 1))
    s.talents = [50, 50, 50]
    s.turn = 4
    put(s, GREEN, "macedonia", infantry=1)  # Green: Macedonia; Red: Italia and Achaea
    put(s, GREEN, "thracia", infantry=1)
    logic_season.end_season(s, [])
    assert s.step is Step.MAINTENANCE and s.maintenance is not None
    assert s.maintenance.queue == (GREEN, RED)


def test_a_player_who_passed_may_raise_later_in_the_same_auction() -> None:
    s = GAME.new_game(3, seed=4)
    opener = s.actor
    second, third = (opener + 1) % 3, (opener + 2) % 3
    s = run(s, A.Bid(0), A.NameSeat(opener), A.NameSeat(second))
    s = run(s, A.Pass())  # second passes
    s = run(s, A.Bid(5), A.NameSeat(third), A.NameSeat(second))  # third raises
    s = run(s, A.Pass())  # opener passes
    assert s.actor == second and A.Bid(10) in legal(s)


def test_nobody_takes_a_senator_when_italia_is_tied() -> None:
    s = vote_table("triumphus")
    s.add_inf(P("italia"), GREEN, 1)
    s.add_inf(P("italia"), BLUE, 1)
    s = run(s, A.CallVote("triumphus"), A.ShowSenators((1, 2, 3)), A.Pass(), A.Pass())
    assert s.senators[GREEN] == (1, 2, 3) and s.senators[BLUE] == (1, 2, 3)


def test_an_ally_lends_his_galleys_with_his_land_units(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((1, 1, 1), (1, 1, 1)))
    s = action_phase(3, (0, 1, 2))
    put(s, RED, "dacia", infantry=2)
    put(s, BLUE, "moesia", infantry=1)
    put(s, RED, "moesia", infantry=1)
    put(s, GREEN, "moesia", infantry=1)
    put(s, GREEN, "pontus_euxinus", galley=2)
    s = run(s, A.LandBattle("moesia", BLUE))
    assert s.step is Step.LEND and s.actor == GREEN
    s = run(s, A.Lend())
    side = GAME.view(s, None)["battle"]["sides"][str(RED)]
    assert {"seat": GREEN, "unit": "galley", "place": "pontus_euxinus", "count": 2} in side


def test_a_retreat_may_not_cross_a_strait_cut_by_an_enemy_galley(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((1, 1, 1), (1, 1, 1)))
    s = action_phase(2)
    put(s, RED, "sicilia", infantry=2)
    put(s, BLUE, "sicilia", infantry=2)
    put(s, RED, "mare_tyrrhenum", galley=1)  # cuts Messana for Blue
    s = run(s, A.LandBattle("sicilia", BLUE))  # Red's galley may join
    s = run(s, A.Decline())
    assert s.step is Step.RETREAT and s.actor == BLUE and legal(s) == [A.Continue()]


def test_units_moved_by_sea_may_move_again_in_a_later_action() -> None:
    s = action_phase(2)
    put(s, RED, "achaea", infantry=2)
    put(s, RED, "mare_ionium", galley=1)
    s = run(s, A.LandMove("achaea"), A.MoveTo("italia", True), A.MoveUnits("infantry", 2))
    assert s.actions_done == 1 and A.LandMove("italia") in legal(s)


def test_the_view_holds_every_documented_key_and_is_json() -> None:
    import json

    from rules.conquest_of_the_empire import game as game_module

    s = italia_battle()
    s = run(s, A.LandBattle("italia", BLUE))
    view = GAME.view(s, RED)
    json.dumps(view)
    doc = game_module.__doc__ or ""
    for key in view:
        assert f"`{key}`" in doc, key
    assert view["battle"]["attacker"] == RED and view["seat"] == RED
    assert view["units"]["italia"][RED] == {"caesar": 1, "infantry": 4, "cavalry": 1,
                                           "catapult": 1}


@pytest.mark.parametrize("design", sorted(DESIGNS))
def test_every_card_and_vote_needs_its_cost_and_the_card_action(design: str) -> None:
    s = basic()
    put(s, RED, "dacia", infantry=1)  # a dominated province without a city (Colonia)
    s.add_inf(P("italia"), BLUE, 1)  # enemy influence where Red's Caesar is (Proscriptio)
    cost = DESIGNS[design].cost + (10 if design == "proscriptio" else 0)
    if DESIGNS[design].symbol == "vote":
        s.votes_offer = (design,)
    else:
        s.market = (design,)
    s.talents[RED] = cost
    s = at_turn_of(s, RED)
    assert A.AcquireCard(design) in legal(s)
    if cost:
        s.talents[RED] = cost - 5
        assert A.AcquireCard(design) not in legal(s.copy())
        s.talents[RED] = cost
    s.card_turn[RED] = s.turn  # a card was taken this turn already
    assert A.AcquireCard(design) not in legal(s.copy())


def test_a_drafted_game_plays_to_its_end() -> None:
    s = GAME.new_game(6, seed=12, options={"homelands": "draft"})
    rng = random.Random(12)
    while GAME.to_act(s):
        s = run(s, rng.choice(legal(s)))
    assert GAME.outcome(s) is not None and len(s.history) == 4


def test_sample_world_reshuffles_exactly_the_deck_and_the_bag() -> None:
    s = GAME.new_game(4, seed=5)
    orders = set()
    for k in range(5):
        w = GAME.sample_world(s, 0, random.Random(k))
        assert sorted(w.deck) == sorted(s.deck) and sorted(w.bag) == sorted(s.bag)
        assert GAME.view(w, 0) == GAME.view(s, 0)
        assert (w.units, w.influence, w.talents, w.market) == (
            s.units, s.influence, s.talents, s.market)
        orders.add((tuple(w.deck), tuple(w.bag)))
    assert len(orders) == 5


def test_equal_vp_is_broken_by_fewest_chaos_then_most_talents() -> None:
    s = basic()
    s.step = Step.OVER
    s.vp = [50, 50, 50]
    s.chaos = [3, 1, 1]
    s.talents = [90, 20, 30]
    out = GAME.outcome(s)
    assert out is not None and out.winners == (GREEN,)
    assert out.ranking == (3, 2, 1)


def test_enemy_galleys_do_not_stop_a_sea_transport() -> None:
    s = action_phase(2)
    put(s, RED, "achaea", infantry=2)
    put(s, RED, "mare_ionium", galley=1)
    put(s, BLUE, "mare_ionium", galley=3)
    s = run(s, A.LandMove("achaea"))
    assert A.MoveTo("sicilia", True) in legal(s)


def test_destroyed_units_go_back_to_their_owners_supply(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logic_battle, "roll_dice", Dice((5, 5, 5), (1, 1, 1)))
    s = action_phase(2)
    put(s, RED, "dacia", infantry=3)
    put(s, BLUE, "dacia", infantry=2)
    before = s.pool(BLUE, UNIT_INDEX["infantry"])
    s = run(s, A.LandBattle("dacia", BLUE))
    assert s.pool(BLUE, UNIT_INDEX["infantry"]) == before + 2 and s.chaos[BLUE] == 2


def test_a_chosen_destination_receives_units_before_another_is_chosen() -> None:
    s = action_phase(2)
    put(s, RED, "italia", infantry=2)
    s = run(s, A.LandMove("italia"), A.MoveTo("cisalpina", False))
    assert types(legal(s)) == {"move_units"}
    with pytest.raises(IllegalAction) as err:
        play(s, A.MoveTo("sicilia", False))
    assert err.value.code == "send_units_first"
    with pytest.raises(IllegalAction) as err:
        play(s, A.Done())
    assert err.value.code == "nothing_done_yet"


def test_a_drafted_game_saves_and_replays() -> None:
    from rules.core.saves import GameRecord, load_save

    s = GAME.new_game(3, seed=9, options={"homelands": "draft"})
    rng = random.Random(9)
    log = []
    for _ in range(120):
        a = rng.choice(legal(s))
        log.append((s.actor, a))
        s = run(s, a)
    record = GameRecord(GAME.id, ["a", "b", "c"], 9, {"homelands": "draft"}, log)
    loaded, state = load_save(record.dumps())
    assert loaded.options == {"homelands": "draft"} and state == s


# -- the AI hooks -----------------------------------------------------------------------------


def test_the_rollout_policy_always_answers_with_a_legal_action() -> None:
    from rules.conquest_of_the_empire import ai

    for players in (2, 4, 6):
        rng = random.Random(players)
        s = GAME.new_game(players, seed=players)
        while GAME.to_act(s):
            a = ai.rollout_action(GAME, s, s.actor, rng)
            assert a in legal(s)
            values = ai.evaluate(GAME, s)
            assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
            s = run(s, a)


def test_the_policy_beats_random_play() -> None:
    from rules.conquest_of_the_empire import ai

    wins = 0
    for k in range(6):
        rng = random.Random(k)
        s = GAME.new_game(2, seed=k)
        while GAME.to_act(s):
            seat = s.actor
            a = ai.rollout_action(GAME, s, seat, rng) if seat == k % 2 else rng.choice(legal(s))
            s = run(s, a)
        out = GAME.outcome(s)
        assert out is not None
        wins += (k % 2) in out.winners
    assert wins >= 5


def test_the_search_answers_with_a_legal_action() -> None:
    from rules.ai.ismcts import SearchConfig, search

    s = action_phase(3, clear=False)
    result = search(GAME, s, s.actor, SearchConfig(iterations=30))
    assert result.action in legal(s)
