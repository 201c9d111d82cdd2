"""Conquest of the Empire's panels over the map, played by mouse in the app: the alliance
auction and the Senate vote read by the whole table and answered with their buttons,
recruiting by dragging a unit from the supply tray, casualties clicked in the battle panel,
and the end of a season's scoring walked step by step in the order of §4.1."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import pygame
import pytest

from client import i18n, resources, text
from client.games.conquest_of_the_empire import panels, words
from client.i18n import tr
from client.input import Intent
from client.scenes.launch import default_seats
from client.scenes.table import TableScene
from client.session import Session
from rules import get_game
from rules.conquest_of_the_empire import actions as A
from rules.conquest_of_the_empire import logic
from rules.conquest_of_the_empire.components import UNITS
from rules.conquest_of_the_empire.logic_board import loc_key
from rules.core.saves import GameRecord

GAME = get_game("conquest_of_the_empire")
PLAYERS = 4


def _prefer(kind: str, legal: list[Any]) -> list[Any]:
    wanted = {
        "vote": ("call_vote",),
        "vote_effect": ("call_vote", "show_senators"),
        "casualty": ("land_battle", "continue", "lend", "join_galleys"),
        "recruit": ("recruit",),
    }.get(kind, ())
    hit = [a for a in legal if a.type in wanted]
    quiet = [a for a in legal if a.type not in ("pass_action", "special_tax", "end_turn")]
    return hit or quiet or legal


@cache
def position(kind: str, seed: int = 5, want: str = "") -> tuple[tuple[Any, ...], int]:
    """(the actions of a seeded random game up to the first position of `kind`, the seat
    asked there). `want`: a further condition (a standing bid, a recruitable infantry)."""
    rng = random.Random(seed)
    state = GAME.new_game(PLAYERS, seed, GAME.normalize_options({}))
    actions: list[tuple[int, Any]] = []
    for _ in range(8000):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        step = state.step.value
        if step == kind and (
            not want
            or (want == "standing" and state.auction is not None and state.auction.bid >= 0
                and any(isinstance(a, A.Bid) for a in legal) and len(
                    [a for a in legal if isinstance(a, A.Bid)]) > 1)
            or (want == "infantry" and any(isinstance(a, A.Recruit) for a in legal)
                and logic.recruit_bases(state, seat) and state.pool(seat, 2)
                and state.talents[seat] >= 5)
        ):
            return tuple(actions), seat
        action = rng.choice(_prefer(kind, legal))
        state = GAME.apply(state, seat, action).state
        actions.append((seat, action))
    raise AssertionError(f"no {kind} position")


def open_table(harness, kind: str, want: str = "", seed: int = 5) -> TableScene:
    actions, seat = position(kind, seed, want)
    kinds = [("human", None) if q == seat else ("ai", "random") for q in range(PLAYERS)]
    return table_of(harness, kinds, seed, actions)


def table_of(harness, kinds: list[tuple[str, Any]], seed: int,
             actions: Sequence[tuple[int, Any]]) -> TableScene:
    """The app's table for a seeded game with these seats, `actions` in."""
    record = GameRecord("conquest_of_the_empire", default_seats(kinds), seed,
                        GAME.normalize_options({}))
    record.actions = list(actions)
    table = TableScene(harness.app, Session(record))
    harness.app.push(table)
    harness.frames(2)
    return table


def spots(table: TableScene) -> list[Any]:
    return [spot for _rect, found in table.view.panels(table.ctx.legal) for spot in found]


def last_actions(table: TableScene, since: int) -> list[Any]:
    return [step.action for step in table.session.steps[since:]]


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def drag(harness, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    harness.frames(1)
    for k in range(1, 5):
        pos = (round(start[0] + (end[0] - start[0]) * k / 4),
               round(start[1] + (end[1] - start[1]) * k / 4))
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        harness.frames(1)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    harness.frames(2)


def point(table: TableScene, key: str) -> tuple[int, int]:
    x, y = table.view._anchor(key)
    return round(x), round(y)


# -- the auction ------------------------------------------------------------------------------
def test_the_auction_panel_raises_in_steps_of_five_and_bids_by_its_button(harness):
    table = open_table(harness, "bid", "standing")
    legal = table.ctx.legal
    bids = sorted(a.amount for a in legal if isinstance(a, A.Bid))
    assert bids[1] - bids[0] == 5
    by_command = {s.command: s for s in spots(table)}
    assert by_command["amount"].label == str(bids[0])
    harness.click(by_command["bid+"].rect.center)
    assert table.view.bid_amount(bids) == bids[1]
    raise_button = next(s for s in spots(table) if isinstance(s.action, A.Bid))
    assert raise_button.action == A.Bid(bids[1])
    assert raise_button.label == tr("coe.auction.raise", amount=bids[1])
    since = len(table.session.steps)
    harness.click(raise_button.rect.center)
    assert last_actions(table, since)[0] == A.Bid(bids[1])
    assert table.session.view(None)["step"] == "name_a"


def test_a_standing_proposal_is_read_by_everyone_and_pass_is_a_panel_button(harness):
    table = open_table(harness, "bid", "standing")
    auction = table.session.view(None)["auction"]
    rect, _found = table.view.panels(table.ctx.legal)[-1]
    assert table.view.board.camera.viewport.contains(rect)
    _title, standing, lines = words.auction_lines(table.view)
    names = table.view.names
    assert names[auction["proposer"]] in standing and str(auction["bid"]) in standing
    assert names[auction["a"]] in standing and names[auction["b"]] in standing
    assert len(lines) == PLAYERS
    button = next(s for s in spots(table) if s.action == A.Pass())
    since = len(table.session.steps)
    harness.click(button.rect.center)
    assert last_actions(table, since)[0] == A.Pass()


def test_positions_a_and_b_are_named_with_the_panels_seat_buttons(harness):
    table = open_table(harness, "name_a")
    auction = table.session.view(None)["auction"]
    _title, standing, _lines = words.auction_lines(table.view)
    key = "coe.auction.opening" if auction["bid"] is None else "coe.auction.raising"
    assert tr(key, name=table.view.names[auction["asked"]], amount=auction["amount"]) in standing
    seat_buttons = [s for s in spots(table) if isinstance(s.action, A.NameSeat)]
    assert {s.action for s in seat_buttons} == {
        a for a in table.ctx.legal if isinstance(a, A.NameSeat)}
    first = seat_buttons[0]
    assert first.label == table.view.names[first.action.seat]
    assert table.view.key_spots(table.ctx.legal) == [s.rect for s in seat_buttons]
    since = len(table.session.steps)
    harness.key(pygame.K_1)  # the prompt has no buttons: 1 presses the panel's first seat
    assert last_actions(table, since)[0] == first.action
    assert table.session.view(None)["step"] == "name_b"
    again = [s.action for s in spots(table) if isinstance(s.action, A.NameSeat)]
    assert first.action not in again  # A and B are two different players


# -- the Senate vote -----------------------------------------------------------------------------
def test_the_vote_panel_shows_each_seats_senators_and_shows_by_button(harness):
    table = open_table(harness, "vote")
    _title, _effect, _best, lines = words.vote_lines(table.view)
    view = table.session.view(None)
    for seat, line in enumerate(lines):
        hand = "+".join({1: "I", 2: "II", 3: "III", 4: "IV"}[x] for x in view["senators"][seat])
        assert (hand or "—") in line
    shows = [s for s in spots(table) if isinstance(s.action, A.ShowSenators)]
    assert shows and all(str(sum(s.action.senators)) in s.label for s in shows)
    since = len(table.session.steps)
    harness.click(shows[-1].rect.center)
    assert last_actions(table, since)[0] == shows[-1].action


def test_the_votes_winner_chooses_its_effect_on_the_panel(harness):
    table = open_table(harness, "vote_effect")
    vote = table.session.view(None)["vote"]
    _title, _effect, best, _lines = words.vote_lines(table.view)
    assert best == tr("coe.vote.won", best=vote["best"], name=table.view.names[vote["leader"]])
    targets = [s for s in spots(table) if s.action is not None]
    assert targets and {s.action for s in targets} <= set(table.ctx.legal)
    since = len(table.session.steps)
    harness.click(targets[0].rect.center)
    assert last_actions(table, since)[0] == targets[0].action


# -- recruiting from the supply -------------------------------------------------------------------
def test_dragging_an_infantry_from_the_supply_recruits_it_where_it_lands(harness):
    table = open_table(harness, "action", "infantry")
    view = table.view
    seat = table.session.humans_to_act()[0]
    targets = panels.recruit_targets(view, table.ctx.legal, seat, "infantry")
    assert targets
    slot = next(s for s in spots(table) if s.command == "unit" and s.label == "infantry")
    dest = sorted(targets)[0]
    since = len(table.session.steps)
    before = table.session.view(None)["talents"][seat]
    drag(harness, slot.rect.center, point(table, dest))
    assert last_actions(table, since)[:3] == [
        A.Recruit(False), A.RecruitAt(dest), A.RecruitUnits("infantry", 1)]
    assert table.session.view(None)["talents"][seat] == before - 5
    assert view.held_unit is None


def test_a_unit_dropped_where_it_cannot_be_recruited_snaps_back_and_says_why(harness):
    table = open_table(harness, "action", "infantry")
    view = table.view
    seat = table.session.humans_to_act()[0]
    targets = panels.recruit_targets(view, table.ctx.legal, seat, "infantry")
    far = next(k for k, a in view.areas_by_key.items()
               if a.kind == "province" and k not in targets)
    slot = next(s for s in spots(table) if s.command == "unit" and s.label == "infantry")
    since = len(table.session.steps)
    drag(harness, slot.rect.center, point(table, far))
    assert len(table.session.steps) == since
    assert view.flash == words.recruit_refusal(view, table.ctx.legal, seat, "infantry", far)
    assert view.flash and view.held_unit is None
    sea = next(k for k, a in view.areas_by_key.items() if a.kind == "sea")
    assert words.recruit_refusal(view, table.ctx.legal, seat, "infantry", sea) == tr(
        "coe.tray.land_on_land", unit=tr("coe.unit_name.infantry"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_trays_lit_places_are_the_rules_recruit_places(seed):
    """What the tray lights is what the rules accept, unit type by unit type."""
    from client.games.conquest_of_the_empire.view import ConquestView

    rng = random.Random(seed)
    state = GAME.new_game(3, seed, GAME.normalize_options({}))
    view = ConquestView(["Ana", "Bruno", "Carla"], [{"colour": i} for i in range(3)])
    view.layout(pygame.Rect(0, 0, 1280, 800), 1.0)
    checked = 0
    for _ in range(1500):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if any(isinstance(a, A.Recruit) for a in legal):
            view.show(GAME.view(state, None), None)
            for u, unit in enumerate(UNITS):
                if unit == "caesar":
                    continue
                rules_places = {
                    loc_key(loc) for loc in logic.recruit_places(state, seat)
                    if u in logic.recruit_types(state, seat, loc)
                }
                assert panels.recruit_targets(view, legal, seat, unit) == rules_places, unit
            checked += 1
        state = GAME.apply(state, seat, rng.choice(legal)).state
    assert checked >= 3


# -- battles --------------------------------------------------------------------------------------
def test_clicking_a_lit_unit_in_the_battle_panel_removes_it_for_one_hit(harness):
    table = open_table(harness, "casualty")
    lit = [s for s in spots(table) if s.enabled and isinstance(s.action, A.Casualty)]
    assert {s.action for s in lit} == {
        a for a in table.ctx.legal if isinstance(a, A.Casualty)}
    assert all(not s.enabled for s in spots(table) if s not in lit)  # the other side's
    since = len(table.session.steps)
    harness.click(lit[0].rect.center)
    assert last_actions(table, since)[0] == lit[0].action


def test_each_rounds_hits_are_shown_per_unit_type(harness):
    table = open_table(harness, "casualty")
    view = table.view
    battle = table.session.view(None)["battle"]
    roll = {"type": "dice_rolled", "seat": battle["attacker"], "round": battle["round"],
            "faces": [5, 4, 4], "hits": {"infantry": 2, "cavalry": 1}, "dice": 3,
            "total": 3, "ignored": 0, "pursuit": False, "naval": battle["naval"]}
    view.tweens_for([roll], table.session.view(None))
    for lang in ("en", "es"):
        i18n.set_language(lang)
        line = words.hits_line(view, battle["attacker"], battle)
        assert tr("coe.unit.infantry", n=2) in line and tr("coe.unit.cavalry", n=1) in line
    i18n.set_language("en")


# -- the end of a season ---------------------------------------------------------------------------
def season_events(players: int, seed: int = 4) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    state = GAME.new_game(players, seed, GAME.normalize_options({}))
    events: list[dict[str, Any]] = []
    while True:
        seat = GAME.to_act(state)[0]
        t = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        state = t.state
        events += [e for e in t.events if e["type"] in panels.SCORING_EVENTS]
        if any(e["type"] == "season_scored" for e in t.events):
            return events


def test_the_season_scoring_walks_the_steps_of_4_1_in_order_and_is_dismissed(harness):
    table = open_table(harness, "bid")
    view = table.view
    events = season_events(PLAYERS)
    half = events.index(next(e for e in events if e["type"] == "key_scored"))
    view.tweens_for(events[:half], {})  # the maintenance may wait for a player's answer
    assert view.scoring is None
    view.tweens_for(events[half:], {})
    assert view.scoring is not None and view.scoring.season == 1
    assert view.scoring.steps() == ["taxes", "maintenance", "keys", "domination", "cities",
                                    "chaos", "total"]
    keys = [e for e in events if e["type"] == "key_scored"]
    assert len(words.scoring_rows(view, view.scoring, "keys")) == len(keys) == 11
    harness.frames(1)
    read = []
    spots_seen: set[tuple[int, ...]] = set()
    for _ in range(10):
        if view.scoring is None:
            break
        read.append(panels.SCORING_STEPS[view.scoring.page])
        _rect, buttons = panels.scoring_overlay(view)
        forward = next(b for b in buttons if b.command in ("next", "close")
                       and b.rect.right == max(x.rect.right for x in buttons))
        spots_seen.add((forward.rect.right, forward.rect.y, forward.rect.h))
        view.gesture(Intent("click", forward.rect.center), [])
    assert read == list(panels.SCORING_STEPS)
    assert len(spots_seen) == 1  # Next (then Close) stays under the pointer
    assert view.scoring is None


def test_the_scoring_totals_are_the_rules_gains():
    from client.games.conquest_of_the_empire.view import ConquestView

    view = ConquestView(["Ana", "Bruno", "Carla"], [{"colour": i} for i in range(3)])
    events = season_events(3)
    view.tweens_for(events, {})
    done = next(e for e in events if e["type"] == "season_scored")
    totals = words.scoring_rows(view, view.scoring, "total")
    for seat, (marker, line) in enumerate(totals):
        assert marker == seat
        assert f"{done['gains'][seat]:+d}" in line and f"{done['vp'][seat]} VP" in line


def test_every_new_sentence_is_in_spanish_and_english():
    folder = resources.asset("i18n") / "conquest_of_the_empire"
    es = json.loads((folder / "es.json").read_text(encoding="utf-8"))
    en = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    new = [k for k in en if k.startswith(("coe.auction.", "coe.vote.", "coe.battle.",
                                          "coe.tray.", "coe.score."))]
    assert len(new) > 50
    assert set(new) <= set(es)
    assert all(es[k] != en[k] or k.endswith(("talents", "cost", "named_a", "key"))
               for k in new)


def test_the_trays_levy_switch_makes_the_dragged_recruit_spend_dilectus(harness):
    table = open_table(harness, "action", "infantry")
    view = table.view
    legal = [*table.ctx.legal, A.Recruit(True)]  # as if the seat owned a ready Levy
    switch = next(s for _r, found in view.panels(legal) for s in found
                  if s.command == "dilectus")
    assert switch.label == tr("coe.tray.dilectus_off")
    assert view.click(switch.rect.center, legal) is None
    assert view.dilectus
    dest = sorted(panels.recruit_targets(view, legal, view.acting_seat(), "infantry"))[0]
    first, rest = panels.recruit_plan(view, legal, "infantry", dest)
    assert first == A.Recruit(True)
    assert rest == [A.RecruitAt(dest), A.RecruitUnits("infantry", 1)]
    assert panels.recruit_plan(view, table.ctx.legal, "infantry", dest)[0] == A.Recruit(False)


def test_once_the_game_is_over_the_column_says_so_instead_of_waiting(harness):
    """Nobody is asked anything any more: the column's title says the game is over."""
    rng = random.Random(3)
    state = GAME.new_game(PLAYERS, 3, GAME.normalize_options({}))
    actions: list[tuple[int, Any]] = []
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action).state
        actions.append((seat, action))
    table = table_of(harness, [("ai", "random")] * PLAYERS, 3, actions)
    assert table.session.over
    with text.recording() as rec:
        table.draw(harness.app.window)
    assert tr("coe.panel.over") in rec.shown
    assert tr("coe.panel.nothing") not in rec.shown


def test_a_choice_shown_whole_has_no_tooltip_and_a_cut_one_says_all(harness, monkeypatch):
    """The column's choices: a tooltip that only repeated the entry's words ("Pass") is not
    shown; an entry whose words are cut short shows them whole in its tooltip."""
    table = table_of(harness, [("human", None)] * PLAYERS, 4, [])
    view = table.view
    legal = table.ctx.legal
    shown = view.entries(legal)[:len(view.lay.entries)]
    assert shown, "the season's first auction offers its choices in the column"
    rect = view.lay.entries[0]
    label = words.action_label(view, shown[0])
    assert view.fits(label, panels.ENTRY_TEXT, panels.entry_words_box(view, rect, shown[0]))
    assert view.tip_at(rect.center) is None
    long = "Bid 10 talents for positions A and B, " * 8
    monkeypatch.setattr(words, "action_label", lambda _view, _action: long)
    assert view.tip_at(rect.center) == long
