"""Menu → setup → table by clicking, the rules reference (F1), the replay viewer, resizing."""

from __future__ import annotations

import pygame
from test_client_play import act_by_clicking, start_table

from client.i18n import tr
from client.scenes.menu import MainMenu
from client.scenes.table import TableScene


def choose(harness, menu, label):
    harness.click(menu.rect.center)
    harness.click(harness.any_button(label).rect.center)


def test_setup_by_clicking_starts_the_seats_chosen(harness):
    harness.app.push(MainMenu(harness.app))
    harness.frames(1)
    harness.press(tr("menu.new_game"))
    setup = harness.scene
    kinds = [w for w, (name, _i) in setup.widgets.items() if name == "kind"]
    choose(harness, kinds[1], tr("setup.kind.human"))
    kinds = [w for w, (name, _i) in setup.widgets.items() if name == "kind"]
    choose(harness, kinds[3], tr("setup.kind.hard"))
    marker = setup._marker_rect(3)
    harness.click(marker.center)  # cycle seat 4's colour to the next free one
    harness.press(tr("setup.start"))
    table = harness.scene
    assert isinstance(table, TableScene)
    seats = table.session.seats
    assert [s["kind"] for s in seats] == ["human", "human", "ai", "ai"]
    assert seats[3]["level"] == "hard"
    assert len({s["colour"] for s in seats}) == 4
    assert table.session.record.players == 4


def test_f1_opens_the_rules_in_the_current_language_and_closes_again(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")])
    harness.key(pygame.K_F1)
    rules_scene = harness.scene
    assert type(rules_scene).__name__ == "RulesScene"
    boxes = harness.app.manager.get_root_container().elements
    html = next(e for e in boxes if type(e).__name__ == "UITextBox").html_text
    assert "Stage 1" in html and "Kobayakawa" in html
    harness.key(pygame.K_ESCAPE)
    assert harness.scene is table


def test_replay_steps_back_and_forward_through_a_finished_game(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=2)
    while not table.session.over:
        act_by_clicking(harness, table)
    harness.frames(2)
    harness.press(tr("table.see_results"))
    harness.press(tr("results.replay"))
    replay = harness.scene
    total = len(table.session.steps)
    assert replay.index == total
    harness.press(tr("replay.first"))
    assert replay.index == 0
    harness.press(tr("replay.forward"))
    harness.key(pygame.K_RIGHT)
    assert replay.index == 2
    harness.press(tr("replay.back"))
    assert replay.index == 1
    assert replay.view.view["round"] == 1
    harness.press(tr("replay.last"))
    assert replay.index == total


def test_resizing_rebuilds_the_ui_and_respects_the_minimum(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")])
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000)))
    harness.frames(2)
    assert harness.app.size == (1600, 1000)
    assert table.view.rect.width == 1600 - min(round(330 * 1.25), 1600 // 4)  # log_width
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=400, size=(700, 400)))
    harness.frames(2)
    assert harness.app.size == (1024, 640)
    assert harness.button(tr("table.menu")).rect.right <= 1024


def test_a_whole_game_can_be_played_from_the_keyboard(harness):
    table = start_table(harness, [("human", None), ("human", None), ("ai", "easy")], seed=9)
    for _ in range(400):
        if table.session.over:
            break
        if table.curtain_seat is not None:
            harness.key(pygame.K_RETURN)  # the named player is looking: show the table
        elif table.session.humans_to_act():
            before = len(table.session.steps)
            harness.key(pygame.K_1)
            assert len(table.session.steps) > before  # (the AI may have answered already)
            assert table.session.is_human(table.session.steps[before].seat)
        else:
            harness.frames(1)
    assert table.session.over


def drag(harness, start, end):
    """Press, move in steps and release: a drag the input layer turns into drag + drop."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(1, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    harness.frames(1)
    for k in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        harness.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    harness.frames(2)


def test_dragging_a_card_away_keeps_the_other_and_a_medal_to_the_middle_fights(harness):
    from rules.kobayakawa import Draw, Fight, Keep

    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=3)
    harness.app.settings.ai_pause = 3600.0
    session = table.session
    assert session.humans_to_act() == [0]
    table.play(0, Draw())
    harness.frames(2)
    spot = table.view.spot(0)
    hand, drawn = table.view.view["hand"], table.view.view["drawn"]
    drag(harness, spot.extra.center, (spot.block.centerx, spot.block.top - 120))
    assert session.steps[-1].action == Keep(hand)  # the drawn card was thrown away
    assert session.view(0)["discards"][0] == [drawn]
    for _ in range(10):  # the two AI seats play their stage 1; then seat 0 bets first
        if session.humans_to_act() == [0]:
            break
        table._drive_ai(3601.0)
    assert session.view(0)["phase"] == "bet"
    harness.frames(2)
    start = (spot.medals[0], spot.medals[1])
    drag(harness, start, table.view.table.pile.center)
    assert (session.steps[-1].seat, session.steps[-1].action) == (0, Fight())


def test_settings_take_effect_at_once_and_persist(harness, data_dir):
    import json

    from client import artwork
    from client.scenes.settings_scene import SettingsScene

    harness.app.push(MainMenu(harness.app))
    scene = SettingsScene(harness.app)
    harness.app.push(scene)
    before = harness.app.scale
    scene.change("ui_scale", 1.3)
    assert harness.app.scale > before
    scene.change("colourblind_marks", False)
    assert artwork.SHAPES is False
    scene.change("animation_speed", 0.0)
    scene.change("ai_pause", 1.5)
    saved = json.loads((data_dir / "settings.json").read_text())
    assert saved["ui_scale"] == 1.3 and saved["colourblind_marks"] is False
    assert saved["animation_speed"] == 0.0 and saved["ai_pause"] == 1.5
    scene.change("colourblind_marks", True)
    harness.press(tr("settings.done"))
    assert isinstance(harness.scene, MainMenu)


def test_setup_names_an_exact_player_count_once(harness):
    from client.scenes.setup import SetupScene

    harness.app.push(SetupScene(harness.app))
    harness.frames(1)
    labels = [b.text for b in harness.buttons()]
    assert f"Magnate  ·  {tr('setup.players_exact', n=2)}  ·  20–40 min" in labels
    assert not any("2–2" in label for label in labels)


def test_setup_offers_coups_two_player_variant_only_with_two_seats(harness):
    from client.scenes.setup import SetupScene

    harness.app.push(SetupScene(harness.app))
    harness.frames(1)
    setup = harness.scene
    setup.game_id = "coup"
    setup._reset_rows()
    harness.app.rebuild()

    def options():
        return {arg[0] for _w, (name, arg) in setup.widgets.items() if name == "option"}

    assert len(setup._occupied()) == 2 and "two_player_variant" in options()
    setup.rows[2]["kind"] = "normal"
    setup.rows[3]["kind"] = "normal"
    harness.app.rebuild()
    assert "two_player_variant" not in options() and "theme" in options()
