"""Carolus Magnus played in the app by mouse: discs clicked, cubes and the Emperor dragged,
dice rolled, crowns chosen; refused drops snap back with a reason; only legal steps light."""

from __future__ import annotations

import random

import pygame
from test_table_frame_kept import whole_frame_differs

from client.i18n import tr
from client.scenes.launch import default_seats
from client.scenes.table import TableScene
from client.session import Session
from rules.carolus_magnus import (
    ChooseColour,
    LayDisc,
    MoveEmperor,
    PlayToCourt,
    PlayToTerritory,
    RollDice,
)

HUMAN = ("human", None)
RANDOM_AI = ("ai", "random")
COLOURS = ("yellow", "red", "pink", "green", "blue")


def start_table(harness, kinds=(HUMAN, RANDOM_AI), seed=3):
    session = Session.new("carolus_magnus", default_seats(list(kinds)), seed, {})
    harness.app.push(TableScene(harness.app, session))
    harness.frames(2)
    table = harness.scene
    if table.curtain_seat is not None:
        harness.press(tr("curtain.ready", name=table.session.name(table.curtain_seat)))
    return table


def post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def press_and_move(harness, start, end):
    """Press at `start` and move to `end` in a few steps, without letting go."""
    start = (int(start[0]), int(start[1]))
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    harness.frames(1)
    for k in range(1, 5):
        pos = (
            round(start[0] + (end[0] - start[0]) * k / 4),
            round(start[1] + (end[1] - start[1]) * k / 4),
        )
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        harness.frames(1)


def release(harness, end):
    post(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1)
    harness.frames(2)


def drag(harness, start, end):
    press_and_move(harness, start, end)
    release(harness, end)


def territory_point(view, tid):
    """A screen point well inside territory `tid` (the centre spot of its first tile)."""
    tiles = view.territory(tid)["tiles"]
    x, y = view.board.to_screen(view.spots[tiles[0]]["centre"])
    return (round(x), round(y))


def emperor_point(view):
    return view._emperor_screen_rect().center


def gesture_for(harness, table, seat, action):
    """Play `action` the way a player would: click, drag or press the prompt button."""
    view = table.view
    panel = view.panels[seat]
    if isinstance(action, LayDisc):
        harness.click(panel.discs[action.disc - 1].center)
    elif isinstance(action, PlayToCourt):
        drag(harness, panel.reserve[COLOURS.index(action.colour)].center, panel.court.center)
    elif isinstance(action, PlayToTerritory):
        drag(
            harness,
            panel.reserve[COLOURS.index(action.colour)].center,
            territory_point(view, action.territory),
        )
    elif isinstance(action, MoveEmperor):
        drag(harness, emperor_point(view), territory_point(view, view.emperor_target(action.steps)))
    elif isinstance(action, ChooseColour):
        harness.click(view._centre_cube_rects()[action.colour].center)
    elif isinstance(action, RollDice):
        harness.press(view.action_label(action))
    else:
        raise AssertionError(action)


def human_moves(harness, table, count, rng):
    """Play `count` human actions by gesture, letting the AI answer in between."""
    session = table.session
    played = 0
    for _ in range(count * 20):
        if session.over or played >= count:
            break
        humans = session.humans_to_act()
        if not humans:
            harness.frames(1)
            continue
        seat = humans[0]
        legal = session.legal(seat)
        action = rng.choice(legal)
        steps = len(session.steps)
        gesture_for(harness, table, seat, action)
        assert len(session.steps) > steps, (action, table.error)
        assert session.steps[steps].action == action
        played += 1
    return played


def test_a_game_played_by_clicking_and_dragging_against_a_random_ai(harness):
    table = start_table(harness)
    rng = random.Random(5)
    played = human_moves(harness, table, 45, rng)
    assert played >= 30
    kinds = {s.action.type for s in table.session.steps if s.seat == 0}
    assert {"lay_disc", "move_emperor", "roll_dice"} <= kinds
    assert kinds & {"play_to_court", "play_to_territory"}
    assert table.session.view(None)["round"] >= 3


def advance_to(harness, table, phase):
    """Play random legal human actions by gesture until the human must act in `phase`."""
    rng = random.Random(11)
    session = table.session
    for _ in range(400):
        humans = session.humans_to_act()
        if humans and session.view(None)["phase"] == phase:
            return humans[0]
        if not humans:
            harness.frames(1)
            continue
        legal = session.legal(humans[0])
        preferred = [a for a in legal if not isinstance(a, PlayToTerritory)] or legal
        gesture_for(harness, table, humans[0], rng.choice(preferred))
    raise AssertionError(f"never reached {phase}")


def test_dragging_the_emperor_lights_only_the_legal_steps(harness):
    table = start_table(harness)
    seat = advance_to(harness, table, "emperor")
    view = table.view
    disc = view.view["laid"] and next(d["disc"] for d in view.view["laid"] if d["seat"] == seat)
    expected = {view.emperor_target(k) for k in range(1, disc + 1)}
    press_and_move(harness, emperor_point(view), territory_point(view, view.emperor_target(1)))
    assert view.held == ("emperor", "")
    lit = view.lit_territories(table.ctx.legal)
    assert lit == expected
    assert view.view["emperor"] not in lit or disc >= len(view.view["territories"])
    release(harness, territory_point(view, view.emperor_target(1)))
    assert table.session.steps[-1].action == MoveEmperor(1) or table.session.steps[-1].seat != seat


def test_an_illegal_emperor_drop_snaps_back_with_the_reason(harness):
    table = start_table(harness)
    seat = advance_to(harness, table, "emperor")
    view = table.view
    steps = len(table.session.steps)
    disc = next(d["disc"] for d in view.view["laid"] if d["seat"] == seat)
    here = view.view["emperor"]
    drag(harness, emperor_point(view), territory_point(view, here))  # zero steps
    assert len(table.session.steps) == steps
    assert view.held is None
    assert table.error == tr("illegal.emperor_must_move", allowed=disc)
    if disc < len(view.view["territories"]) - 1:
        far = view.emperor_target(disc + 1)
        drag(harness, emperor_point(view), territory_point(view, far))
        assert len(table.session.steps) == steps
        assert table.error == tr("illegal.emperor_too_far", steps=disc + 1, allowed=disc)


def test_a_cube_dropped_off_the_targets_snaps_back(harness):
    table = start_table(harness)
    seat = advance_to(harness, table, "cubes")
    view = table.view
    colour = next(c for c in COLOURS if view.view["reserves"][seat][c])
    steps = len(table.session.steps)
    middle = view.board.to_screen(view.painter.middle)
    drag(
        harness,
        view.panels[seat].reserve[COLOURS.index(colour)].center,
        (round(middle[0]), round(middle[1])),
    )
    assert len(table.session.steps) == steps
    assert view.held is None
    assert view.flash == tr("cm.hint.drop_cube")


def test_dragging_the_empty_board_pans_and_the_wheel_zooms(harness):
    table = start_table(harness)
    view = table.view
    camera = view.board.camera
    vp = camera.viewport
    start = (vp.x + 12, vp.bottom - 12)  # a corner of the table, clear of every piece
    before = view.board.to_screen(view.painter.middle)
    drag(harness, start, (start[0] + 60, start[1] - 40))
    after = view.board.to_screen(view.painter.middle)
    assert round(after[0] - before[0]) == 60 and round(after[1] - before[1]) == -40
    zoom = camera.zoom
    post(pygame.MOUSEMOTION, pos=vp.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=1)
    harness.frames(30)
    assert camera.zoom > zoom


def test_the_players_zoom_survives_the_moves_that_follow(harness):
    table = start_table(harness)
    view = table.view
    camera = view.board.camera
    post(pygame.MOUSEMOTION, pos=camera.viewport.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=1)
    harness.frames(30)
    zoomed = camera.zoom
    human_moves(harness, table, 2, random.Random(2))
    assert camera.zoom == zoomed


def test_two_people_share_the_table_without_a_curtain(harness):
    table = start_table(harness, kinds=(HUMAN, HUMAN), seed=4)
    assert table.curtain_seat is None
    played = human_moves(harness, table, 12, random.Random(9))
    assert played == 12
    assert {s.seat for s in table.session.steps} == {0, 1}


def test_a_cube_can_be_clicked_then_put_down_with_a_second_click(harness):
    table = start_table(harness)
    seat = advance_to(harness, table, "cubes")
    view = table.view
    colour = next(c for c in COLOURS if view.view["reserves"][seat][c])
    slot = view.panels[seat].reserve[COLOURS.index(colour)].center
    steps = len(table.session.steps)
    harness.click(slot)
    assert view.held == ("cube", colour) and len(table.session.steps) == steps
    target = view.view["territories"][3]["id"]
    harness.click(territory_point(view, target))
    assert table.session.steps[steps].action == PlayToTerritory(colour, target)
    assert view.held is None


def test_the_results_chart_follows_the_castles_round_by_round(harness):
    from client.games.carolus_magnus.view import CarolusView
    from client.scenes.launch import autoplay

    table = start_table(harness, kinds=(RANDOM_AI, RANDOM_AI), seed=6)
    session = table.session
    for _ in range(60):
        if session.over:
            break
        autoplay(session, 5)
        table.view.show(session.view(None), None)
    assert session.over
    final = session.view(None)
    history = [session.game.view(session.initial, None)] + [
        session.game.view(step.transition.state, None) for step in session.steps
    ]
    title, series = CarolusView(["a", "b"], session.seats).chart(final, history)
    assert title == tr("cm.chart")
    assert len(series[0]) == final["round"] + 1  # the start, then every round
    assert series[0][-1] == final["castles_on_board"][0]
    assert all(a <= 10 for line in series for a in line)


def test_number_keys_lay_a_disc_and_choose_a_crowns_colour(harness):
    """Keys 1–9 on Carolus's table: the discs you may lay, the colours a crown may take."""
    import pygame

    from client.scenes.launch import default_seats
    from client.scenes.table import TableScene
    from client.session import Session

    session = Session.new("carolus_magnus", default_seats([("human", None), ("human", None)]),
                          5, {"start_player": 0})
    harness.app.push(TableScene(harness.app, session))
    harness.frames(2)
    table = harness.scene
    for _ in range(20):  # crowns first (if any), then the discs
        if table.curtain_seat is not None:
            table.command("curtain")
            harness.frames(1)
        seat = table.session.humans_to_act()[0]
        legal = table.session.legal(seat)
        spots = table._key_spots()
        if not spots:
            break
        kinds = {a.type for a in legal}
        assert kinds & {"choose_colour", "lay_disc"}
        steps = len(table.session.steps)
        if "lay_disc" in kinds:  # key n is disc n
            disc = max(a.disc for a in legal if a.type == "lay_disc")
            harness.key(pygame.K_0 + disc)
            assert len(table.session.steps) == steps + 1
            assert table.session.steps[-1].action.disc == disc
            return
        harness.key(pygame.K_1 + len(spots) - 1)
        assert len(table.session.steps) == steps + 1
    raise AssertionError("no disc was laid by a number key")


def test_a_hinted_move_lights_its_disc_court_territory_or_stop_on_the_table(harness, monkeypatch):
    """Hints are not text only: the disc to lay, the court row or territory a paladin goes
    to, the Emperor's stop and the colour a crown takes are ringed on the table."""
    table = start_table(harness)
    view = table.view
    seen = set()
    for phase in ("opening", "cubes", "emperor"):
        seat = advance_to(harness, table, phase)
        panel = view.panels[seat]
        for action in table.session.legal(seat):
            rect = view.hint_rect(action)
            seen.add(action.type)
            if isinstance(action, LayDisc):
                assert rect == panel.discs[action.disc - 1]
            elif isinstance(action, PlayToCourt):
                assert rect == panel.rows[COLOURS.index(action.colour)]
            elif isinstance(action, (PlayToTerritory, MoveEmperor)):
                tid = (action.territory if isinstance(action, PlayToTerritory)
                       else view.emperor_target(action.steps))
                assert rect is not None and rect.collidepoint(territory_point(view, tid))
                assert view.board.camera.viewport.contains(rect)
            elif isinstance(action, ChooseColour):
                assert rect == view._centre_cube_rects()[action.colour]
            else:
                assert rect is None  # rolling the dice is the prompt's button
    assert {"lay_disc", "play_to_court", "play_to_territory", "move_emperor"} <= seen
    rings = []
    monkeypatch.setattr("client.scenes.table.draw_ring",
                        lambda surface, rect, scale, now: rings.append(rect) or rect)
    harness.press(tr("table.hint"))
    hint = table.hints.current(table.session, seat)
    assert hint is not None and isinstance(hint.action, MoveEmperor)
    harness.frames(2)
    assert rings and rings[-1] == view.hint_rect(hint.action)
    assert tr("cm.action.move_emperor", steps=hint.action.steps,
              where=view.territory_name(view.emperor_target(hint.action.steps))) \
        in table._hint_line()


def test_the_dice_land_before_the_paladins_they_bring_show(harness):
    """Rolling the clan dice: the reserve and the centre keep their counts and the log its
    lines until the dice land (the table's `holds_state`); then both move on."""
    table = start_table(harness)
    seat = advance_to(harness, table, "roll")
    harness.app.settings.animation_speed = 1.0
    before = table.session.view(seat)
    roll = next(a for a in table.session.legal(seat) if isinstance(a, RollDice))
    harness.press(table.view.action_label(roll))
    step = len(table.session.steps) - 1
    after = table.session.game.view(table.session.steps[step].transition.state, seat)
    assert (after["reserves"], after["centre"]) != (before["reserves"], before["centre"])
    events = table.session.steps[step].transition.events
    lines = [table.view.describe(ev) for ev in events if ev["type"] == "dice_rolled"]
    assert lines and all(lines)
    assert table.view.dice.rolling
    for _ in range(3):  # while they tumble: the old counts, no line of the roll yet
        shown = table.view.view
        assert (shown["reserves"], shown["centre"]) == (before["reserves"], before["centre"])
        assert not any(line in [e.text for e in table.log.entries] for line in lines)
        assert table.ctx.acting == (seat,)  # the roller's panel stays the one lit
        harness.frames(5)
    for _ in range(200):
        if not table._holds("holds_state"):
            break
        harness.frames(1)
    harness.frames(1)
    shown = table.view.view
    assert (shown["reserves"], shown["centre"]) == (after["reserves"], after["centre"])
    assert all(line in [e.text for e in table.log.entries] for line in lines)


def test_the_emperor_carried_over_the_panels_leaves_no_trace_on_them(harness):
    """The seats' panels beside the map are kept from one frame to the next (`Kept`): the
    emperor carried over them is put back from the kept pictures where it was, so each
    frame is the one the table would draw whole."""
    table = start_table(harness)
    advance_to(harness, table, "emperor")
    view = table.view
    start = emperor_point(view)
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    harness.frames(1)
    panel = next(iter(view.panels.values())).rect
    checked = kept = 0
    for end in [panel.center, (panel.centerx, panel.bottom - 10), start]:
        for k in range(1, 4):
            pos = (round(start[0] + (end[0] - start[0]) * k / 3),
                   round(start[1] + (end[1] - start[1]) * k / 3))
            post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
            harness.frames(1)
            assert view.held == ("emperor", "")
            kept += table.ctx.drawn_over is not None  # the panels were put back in parts
            assert whole_frame_differs(harness.app) is None, pos
            checked += 1
        start = end
    assert checked == 9 and kept >= 6
