"""Conquest of the Empire II played in the app by mouse: choices clicked in the column,
places clicked on the map, stacks dragged; refused drops say why; tips name the places;
every event has a sentence in both languages; the chart follows the VP season by season."""

from __future__ import annotations

import random

import pygame

from client import i18n
from client.art import conquest_of_the_empire as art
from client.art.dice import die_face
from client.games.conquest_of_the_empire import words
from client.games.conquest_of_the_empire.view import ConquestView, places_of
from client.i18n import tr
from client.scenes.launch import default_seats
from client.scenes.table import TableScene
from client.session import Session
from rules.conquest_of_the_empire import actions as A
from rules.conquest_of_the_empire.game import ConquestOfTheEmpire

HUMAN = ("human", None)
RANDOM_AI = ("ai", "random")


def start_table(harness, kinds=(HUMAN, RANDOM_AI), seed=3):
    session = Session.new("conquest_of_the_empire", default_seats(list(kinds)), seed, {})
    harness.app.push(TableScene(harness.app, session))
    harness.frames(2)
    return harness.scene


def post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def drag(harness, start, end):
    start = (int(start[0]), int(start[1]))
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    harness.frames(1)
    for k in range(1, 5):
        pos = (round(start[0] + (end[0] - start[0]) * k / 4),
               round(start[1] + (end[1] - start[1]) * k / 4))
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        harness.frames(1)
    post(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1)
    harness.frames(2)


def place_point(view: ConquestView, key: str) -> tuple[int, int]:
    x, y = view._anchor(key)
    return (round(x), round(y))


def choose_in_column(harness, table, action):
    """Page the column to `action` and click its line, as a player would."""
    view = table.view
    view.filter_key = None
    entries = view.entries(table.ctx.legal)
    index = entries.index(action)
    per = len(view.lay.entries)
    for _ in range(40):  # page by the arrows, as a player would (bounded: never hang)
        if view.page == index // per:
            break
        arrow = view.lay.next_page if view.page < index // per else view.lay.prev_page
        harness.click(arrow.center)
    assert view.page == index // per, (view.page, index, per)
    harness.click(view.lay.entries[index % per].center)


def human_moves(harness, table, count, rng):
    """Play `count` random legal human actions by mouse, letting the AI answer between."""
    session = table.session
    played = 0
    for _ in range(count * 30):
        if session.over or played >= count:
            break
        humans = session.humans_to_act()
        if not humans:
            harness.frames(1)
            continue
        legal = session.legal(humans[0])
        quiet = [a for a in legal if a.type not in ("special_tax", "pass_action")]
        action = rng.choice(quiet or legal)
        steps = len(session.steps)
        choose_in_column(harness, table, action)
        assert len(session.steps) > steps, (action, table.error)
        assert session.steps[steps].action == action
        played += 1
    return played


def test_a_game_played_by_mouse_against_a_random_ai(harness):
    table = start_table(harness)
    played = human_moves(harness, table, 60, random.Random(5))
    assert played >= 40
    kinds = {s.action.type for s in table.session.steps if s.seat == 0}
    assert {"bid"} <= kinds
    assert kinds & {"land_move", "naval_move", "recruit", "acquire_card", "buy_influence"}


def advance_to_step(harness, table, step, rng):
    session = table.session
    for _ in range(600):
        humans = session.humans_to_act()
        if humans and session.view(None)["step"] == step:
            return humans[0]
        if not humans:
            harness.frames(1)
            continue
        legal = session.legal(humans[0])
        moves = [a for a in legal if isinstance(a, A.LandMove)]
        quiet = [a for a in legal if a.type not in ("special_tax", "pass_action")]
        choose_in_column(harness, table, rng.choice(moves or quiet or legal))
    raise AssertionError(f"never reached {step}")


def test_dragging_a_stack_starts_the_move_and_lights_its_destination(harness):
    table = start_table(harness)
    advance_to_step(harness, table, "action", random.Random(2))
    view, session = table.view, table.session
    legal = session.legal(session.humans_to_act()[0])
    origin = next(a.origin for a in legal if isinstance(a, A.LandMove)
                  and a.origin in view.areas_by_key)
    dest = next(k for k in view.areas_by_key if view.areas_by_key[k].kind == "province"
                and k != origin)
    steps = len(session.steps)
    drag(harness, place_point(view, origin), place_point(view, dest))
    assert session.steps[steps].action == A.LandMove(origin)
    assert session.view(None)["step"] == "move"
    assert view.filter_key == dest or not any(dest in places_of(a) for a in table.ctx.legal)


def test_a_drop_out_of_reach_snaps_back_with_the_rules_reason(harness):
    table = start_table(harness)
    advance_to_step(harness, table, "move", random.Random(4))
    view, session = table.view, table.session
    legal = session.legal(session.humans_to_act()[0])
    reachable = {a.dest for a in legal if isinstance(a, A.MoveTo)}
    origin = session.view(None)["act"]["origin"]
    far = next(k for k, a in view.areas_by_key.items()
               if a.kind == "province" and k not in reachable and k != origin)
    steps = len(session.steps)
    drag(harness, place_point(view, origin), place_point(view, far))
    assert len(session.steps) == steps
    assert table.error, "a refused drop says why"
    assert view.held is None


def test_clicking_a_place_plays_its_one_action_or_narrows_the_list(harness):
    table = start_table(harness)
    advance_to_step(harness, table, "move", random.Random(4))
    view, session = table.view, table.session
    legal = session.legal(session.humans_to_act()[0])
    dest = next(a.dest for a in legal if isinstance(a, A.MoveTo))
    about = [a for a in legal if dest in places_of(a)]
    steps = len(session.steps)
    harness.click(place_point(view, dest))
    if len(about) == 1:
        assert session.steps[steps].action == about[0]
    else:
        assert view.filter_key == dest
        assert view.entries(table.ctx.legal) == about


def test_hovering_a_province_names_it_in_latin_spanish_and_english(harness):
    table = start_table(harness)
    view = table.view
    tip = view.tip_at(place_point(view, "italia"))
    assert tip is not None
    assert "Italia" in tip and "Italy" in tip
    assert "25 / 15 / 5" in tip and "Roma" in tip
    assert view.tip_at(place_point(view, "mare_tyrrhenum")).startswith("Mare Tyrrhenum")
    armenia = view.tip_at(place_point(view, "armenia"))
    assert armenia.startswith("Armenia") and "Armenia · Armenia" not in armenia  # said once


def test_the_straits_tip_says_which_zone_cuts_it(harness):
    table = start_table(harness)
    tip = words.strait_tip(table.view, "st_messana")
    assert "Tyrrhenian" in tip or "Tirreno" in tip


def test_every_event_has_a_sentence_in_both_languages():
    game = ConquestOfTheEmpire()
    names = ["Ana", "Bruno", "Carla"]
    view = ConquestView(names, [{"colour": i} for i in range(3)])
    seen: dict[str, dict] = {}
    for seed in range(3):
        state = game.new_game(3, seed, {})
        rng = random.Random(seed)
        for _ in range(2500):
            if game.outcome(state) is not None:
                break
            seat = game.to_act(state)[0]
            t = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            state = t.state
            for ev in t.events:
                seen.setdefault(ev["type"], ev)
        view.show(game.view(state, None), None)
    for lang in ("es", "en"):
        i18n.set_language(lang)
        for kind, ev in seen.items():
            sentence = view.describe(ev)
            assert sentence, kind
            assert "{" not in sentence and "coe." not in sentence, (kind, sentence)
    i18n.set_language("en")
    assert {"battle_started", "dice_rolled", "season_scored", "game_over"} <= set(seen)


def test_every_action_label_is_worded():
    game = ConquestOfTheEmpire()
    view = ConquestView(["Ana", "Bruno"], [{"colour": 0}, {"colour": 1}])
    state = game.new_game(2, 1, {})
    rng = random.Random(1)
    labels = set()
    for _ in range(1500):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        view.show(game.view(state, None), None)
        legal = game.legal_actions(state, seat)
        for a in legal:
            label = view.action_label(a)
            assert label and "{" not in label and "coe." not in label, (a, label)
            labels.add(a.type)
        assert view.prompt(seat, legal) and "{" not in view.prompt(seat, legal)
        state = game.apply(state, seat, rng.choice(legal)).state
    assert len(labels) >= 15


def test_the_recruit_prompt_offers_done_only_once_a_unit_is_recruited():
    game = ConquestOfTheEmpire()
    view = ConquestView(["Ana", "Bruno"], [{"colour": 0}, {"colour": 1}])
    state = game.new_game(2, 7, {})
    rng = random.Random(7)
    while A.Recruit(False) not in game.legal_actions(state, game.to_act(state)[0]):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat))).state
    seat = game.to_act(state)[0]
    state = game.apply(state, seat, A.Recruit(False)).state
    legal = game.legal_actions(state, seat)
    view.show(game.view(state, None), None)
    name = words.seat(view, seat)
    assert view.prompt(seat, legal) == tr("coe.prompt.recruit_first", name=name)
    while not any(isinstance(a, A.RecruitUnits) for a in legal):
        state = game.apply(state, seat, next(a for a in legal if isinstance(a, A.RecruitAt))).state
        legal = game.legal_actions(state, seat)
    state = game.apply(state, seat, A.RecruitUnits("infantry", 1)).state
    legal = game.legal_actions(state, seat)
    view.show(game.view(state, None), None)
    assert A.Done() in legal
    assert view.prompt(seat, legal) == tr("coe.prompt.recruit", name=name)


def test_the_results_chart_follows_the_vp_season_by_season():
    game = ConquestOfTheEmpire()
    state = game.new_game(2, 7, {})
    rng = random.Random(7)
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat))).state
    final = game.view(state, None)
    view = ConquestView(["Ana", "Bruno"], [{"colour": 0}, {"colour": 1}])
    title, series = view.chart(final, [])
    assert title == tr("coe.chart")
    assert len(series) == 2 and all(len(s) == 5 for s in series)
    assert [s[-1] for s in series] == [float(v) for v in final["vp"]]


def test_battle_dice_show_blank_galley_catapult_cavalry_and_two_infantry():
    assert art.BATTLE_FACES == ("blank", "galley", "catapult", "cavalry", "infantry", "infantry")
    faces = [die_face(art.BATTLE_DIE, v, 40) for v in range(1, 7)]
    assert all(f.get_size() == (40, 40) for f in faces)
    blank, galley = faces[0], faces[1]
    assert pygame.image.tobytes(blank, "RGBA") != pygame.image.tobytes(galley, "RGBA")
    assert pygame.image.tobytes(faces[4], "RGBA") == pygame.image.tobytes(faces[5], "RGBA")


def test_unit_chips_differ_by_seat_shape_not_only_colour():
    a = art.unit_chip("infantry", 0, 32)
    b = art.unit_chip("infantry", 1, 32)
    mask_a = pygame.mask.from_surface(a).count()
    mask_b = pygame.mask.from_surface(b).count()
    assert mask_a != mask_b  # a circle and a square cover different pixels
    assert art.unit_chip("galley", 0, 32, 3).get_size() == (32, 32)


def test_the_whole_map_in_a_small_window_keeps_its_names(data_dir, monkeypatch):
    """At 1280×800, at UI scale 100 % and 130 %, the map fitted whole is small; its
    provinces and open seas are still named, at the smallest size that reads (8 px). The
    narrow seas' names, lettered smaller to fit them, wait for a closer zoom (a hover names
    them meanwhile)."""
    from client_harness import Harness

    from rules.maps import load_topology

    topology = load_topology("conquest_of_the_empire")
    provinces = {str(a.properties.get("name_la", a.label)).upper()
                 for a in topology.areas_of("province")}
    seas = {str(topology.area(p.area).properties.get("name_la", topology.area(p.area).label))
            .upper() for p in topology.places if p.kind == "label" and p.area is not None
            and float(p.properties.get("size", 30.0)) >= 30}
    assert len(seas) >= 8
    for scale in (1.0, 1.3):
        harness = Harness(ui_scale=scale)
        try:
            view = start_table(harness).view
            camera = view.board.camera
            zoom = camera.level_zoom(camera.level)
            assert zoom < 8 / 30  # a name 30 world px tall would be under 8 px here
            written: list[tuple[str, int]] = []
            real = art.lettering

            def spy(words, px, *args, real=real, written=written, **kwargs):
                written.append((words, px))
                return real(words, px, *args, **kwargs)

            monkeypatch.setattr(art, "lettering", spy)
            w, h = topology.size
            canvas = pygame.Surface((round(w * zoom) + 1, round(h * zoom) + 1))
            view.painter.paint(canvas, (0.0, 0.0, float(w), float(h)), zoom)
            monkeypatch.setattr(art, "lettering", real)
            named = {words for words, px in written if px >= 8}
            assert provinces <= named, (scale, sorted(provinces - named))
            assert seas <= named, (scale, sorted(seas - named))
        finally:
            harness.close()


def test_a_lit_sea_stays_blue_and_a_lit_province_turns_gold(harness):
    """The places a choice reaches are lit: land in gold light, water lightened but still
    water (gold over the sea's blue would read as a marsh, another kind of place)."""
    table = start_table(harness)
    session, rng = table.session, random.Random(5)
    while not any(places_of(a) for a in table.ctx.legal):  # past the auction, into moves
        seat = session.to_act()[0]
        assert table.play(seat, rng.choice(session.legal(seat)))
        harness.frames(1)
    view = table.view
    calls: list[tuple[str, tuple[int, int, int, int]]] = []
    real = view.board.light

    def spy(surface, key, polygons, fill, outline, width=3.0, joins=None):
        calls.append((key[0], fill))
        real(surface, key, polygons, fill, outline, width, joins)

    view.board.light = spy
    lit = set()
    for action in table.ctx.legal:
        lit |= places_of(action)
    assert lit
    harness.app.redraw()
    harness.frames(1)
    kinds = {key: view.areas_by_key[key].kind for key, _ in calls}
    assert "province" in kinds.values() and {"sea", "outer_sea"} & set(kinds.values())

    def over(base, fill):
        a = fill[3] / 255
        return tuple(round(b * (1 - a) + f * a) for b, f in zip(base, fill[:3], strict=True))

    for key, fill in calls:
        if kinds[key] == "province":
            r, g, b = over(art.LAND_LIGHT, fill)
            assert r >= g >= b, key
        else:
            r, g, b = over(art.SEA, fill)
            assert b > g > r, key


def test_the_supply_tray_leaves_the_fitted_map_whole(data_dir):
    """At 1280×800, at UI scale 100 % and 130 %, the map fitted whole lies above the supply
    tray (its cartouche and Mauretania were under the tray at 130 %)."""
    from client_harness import Harness

    from client.games.conquest_of_the_empire import panels

    for scale in (1.0, 1.3):
        harness = Harness(ui_scale=scale)
        try:
            table = start_table(harness)
            session, rng = table.session, random.Random(5)
            for _ in range(200):  # past the auction, to a turn where a recruit is offered
                if panels.recruiting(table.view, table.ctx.legal):
                    break
                seat = session.to_act()[0]
                assert table.play(seat, rng.choice(session.legal(seat)))
                harness.frames(1)
            view = table.view
            rect, _slots = panels.tray(view, table.ctx.legal)
            assert rect is not None
            camera = view.board.camera
            assert camera.level == 0
            w, h = view.board.topology.size
            assert view.board.to_screen((0.0, float(h)))[1] <= rect.top, scale
            assert view.board.to_screen((float(w), 0.0))[0] >= view.lay.board.right - 1
        finally:
            harness.close()


def play_past_the_auction(harness, table, rng):
    """Random moves for every seat until the alliance auction is over."""
    session = table.session
    for _ in range(200):
        if session.view(None)["step"] not in ("bid", "name_a", "name_b"):
            break
        seat = session.to_act()[0]
        assert table.play(seat, rng.choice(session.legal(seat)))
        harness.frames(1)
    harness.frames(2)


def test_the_auction_pushes_the_fitted_map_below_it_and_gives_the_room_back(data_dir):
    """At 1280×800, at UI scale 100 % and 130 %: while the alliance auction is open the
    whole fitted map lies below its panel (Britannia and Gallia were under it); once it
    closes the map is fitted above the supply tray's band again. A map the player zoomed
    stays where the player put it."""
    from client_harness import Harness

    from client.games.conquest_of_the_empire import panels

    for scale in (1.0, 1.3):
        harness = Harness(ui_scale=scale)
        try:
            table = start_table(harness, kinds=(HUMAN, RANDOM_AI, RANDOM_AI, RANDOM_AI))
            harness.frames(2)
            view, rng = table.view, random.Random(5)
            rect, _spots = panels.auction_panel(view, table.ctx.legal)
            assert rect is not None
            board = view.board
            w, h = board.topology.size
            top_left = board.to_screen((0.0, 0.0))
            bottom_right = board.to_screen((float(w), float(h)))
            assert top_left[1] >= rect.bottom, scale
            assert bottom_right[1] <= view.lay.board.bottom + 1, scale
            assert top_left[0] >= view.lay.board.left - 1
            assert bottom_right[0] <= view.lay.board.right + 1
            play_past_the_auction(harness, table, rng)
            band = view.lay.board.bottom - panels.tray_band(view)
            assert board.to_screen((0.0, float(h)))[1] <= band + 1, scale
            assert board.to_screen((0.0, 0.0))[1] < top_left[1], scale  # moved up again
        finally:
            harness.close()


def test_a_map_the_player_moved_stays_put_when_the_auction_opens_or_closes(data_dir):
    from client_harness import Harness

    from client.games.conquest_of_the_empire import panels

    harness = Harness()
    try:
        table = start_table(harness, kinds=(HUMAN, RANDOM_AI, RANDOM_AI, RANDOM_AI))
        harness.frames(2)
        view, rng = table.view, random.Random(5)
        board = view.board
        board.camera.pan(40, -30)
        where = (board.camera.zoom, board.camera.origin)
        play_past_the_auction(harness, table, rng)
        assert (board.camera.zoom, board.camera.origin) == where
        board.fit()  # Home: the fit of the moment, above the tray
        h = board.topology.size[1]
        band = view.lay.board.bottom - panels.tray_band(view)
        assert board.to_screen((0.0, float(h)))[1] <= band + 1
    finally:
        harness.close()
