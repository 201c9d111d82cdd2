"""A whole Kobayakawa game played by clicking, as three people sharing one screen."""

from __future__ import annotations

import pygame

from client.i18n import tr
from client.scenes.launch import default_seats
from client.scenes.table import TableScene
from client.session import Session
from rules.kobayakawa import Keep


def start_table(harness, kinds, seed=3):
    session = Session.new("kobayakawa", default_seats(kinds), seed, {})
    harness.app.push(TableScene(harness.app, session))
    harness.frames(2)
    return harness.scene


def act_by_clicking(harness, table, pick=-1):
    """Let the AI seats play, click through the curtain if one is up, then click a legal
    action's button (or its card, for keeping one): the last one unless `pick` says."""
    for _ in range(400):
        if table.session.humans_to_act() or table.session.over:
            break
        harness.frames(1)
    if table.session.over:
        return
    if table.curtain_seat is not None:
        name = table.session.name(table.curtain_seat)
        harness.press(tr("curtain.ready", name=name))
        assert table.curtain_seat is None
    seat = table.session.humans_to_act()[0]
    legal = table.session.legal(seat)
    action = legal[pick % len(legal)]
    if isinstance(action, Keep):
        spot = table.view.spot(seat)
        rect = spot.extra if action.card == table.view.view["drawn"] else spot.hand
        harness.click(rect.center)
    else:
        harness.press(table.view.action_label(action))


def test_three_humans_play_a_whole_game_by_clicking(harness):
    table = start_table(harness, [("human", None)] * 3)
    clicks = 0
    kinds = set()
    while not table.session.over:
        before = len(table.session.steps)
        # vary the choices (draw, keep either card, flip, fight, pass) as people would
        act_by_clicking(harness, table, pick=before // 3)
        kinds.add(table.session.steps[-1].action.type)
        assert len(table.session.steps) == before + 1
        clicks += 1
        assert clicks < 500
    assert table.session.outcome() is not None
    assert kinds == {"draw", "keep", "flip", "fight", "pass"}
    harness.frames(3)
    harness.press(tr("table.see_results"))
    assert type(harness.scene).__name__ == "ResultsScene"


def test_curtain_names_the_next_human_and_hides_the_table(harness):
    table = start_table(harness, [("human", None), ("human", None), ("ai", "easy")])
    first = table.session.humans_to_act()[0]
    assert table.curtain_seat == first
    assert table.log_box is None  # nothing of the table is shown behind the curtain
    harness.press(tr("curtain.ready", name=table.session.name(first)))
    assert table.curtain_seat is None and table.session.viewer == first


def test_ai_seats_never_raise_a_curtain(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")])
    for _ in range(60):
        assert table.curtain_seat is None
        if table.session.over:
            break
        if table.session.humans_to_act():
            act_by_clicking(harness, table)
        else:
            harness.frames(2)
    assert len(table.session.steps) > 10


def test_a_top_bar_click_is_not_lost_when_an_ai_moves_in_the_same_frame(harness):
    """The bar's buttons that do not change stay the same buttons after a move, so a press
    begun before an AI's move and released after it still opens the rules."""
    harness.app.settings.ai_pause = 1000.0  # the AI seats move when this test says
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")])
    for _ in range(20):
        if table.session.ais_to_act():
            break
        seat = table.session.humans_to_act()[0]
        table.play(seat, table.session.legal(seat)[0])
    seat = table.session.ais_to_act()[0]
    rules = harness.button(tr("table.rules"))
    pos = rules.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    harness.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    harness.frames(1)
    steps = len(table.session.steps)
    assert table.play(seat, table.session.legal(seat)[0])  # the AI's move lands meanwhile
    assert len(table.session.steps) == steps + 1
    assert harness.button(tr("table.rules")) is rules
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    harness.frames(2)
    assert type(harness.scene).__name__ == "RulesScene"
