"""Imperios Milenarios played in the app by mouse: capitals founded and areas conquered by a
click on the map, totems dragged from the reserve to expand, decisions from the prompt and
the choices list; refused drops say why (the sea/land rule first); areas out of play are
grey and inert; block windows name the chokepoint; the cup draw plays token by token."""

from __future__ import annotations

import random

import pygame
import pytest
from test_table_frame_kept import whole_frame_differs

import rules
from client import games
from client.art import imperios_milenarios as art
from client.games.imperios_milenarios import words
from client.games.imperios_milenarios.view import MAP_ACTIONS, ImperiosView
from client.i18n import set_language, tr
from client.scenes.launch import default_seats
from client.scenes.table import TableScene
from client.session import Session
from rules.imperios_milenarios import GAME
from rules.imperios_milenarios.actions import (
    Accept,
    Appeal,
    Attack,
    Block,
    Conquer,
    ExpandLand,
    ExpandSea,
    Found,
    Hold,
    LetPass,
    Lift,
    Pick,
    Relocate,
    Trade,
)

HUMAN = ("human", None)
RANDOM_AI = ("ai", "random")


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The game and its view as the app finds them (whether or not registered yet)."""
    monkeypatch.setitem(rules.GAMES, "imperios_milenarios", GAME)
    monkeypatch.setitem(games._VIEWS, "imperios_milenarios",
                        "client.games.imperios_milenarios.view:ImperiosView")


def start_table(harness, kinds=(HUMAN, RANDOM_AI, RANDOM_AI, RANDOM_AI), seed=3):
    session = Session.new("imperios_milenarios", default_seats(list(kinds)), seed, {})
    harness.app.push(TableScene(harness.app, session))
    harness.frames(2)
    return harness.scene


def post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def press_and_move(harness, start, end):
    start = (int(start[0]), int(start[1]))
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    harness.frames(1)
    for k in range(1, 5):
        pos = (round(start[0] + (end[0] - start[0]) * k / 4),
               round(start[1] + (end[1] - start[1]) * k / 4))
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        harness.frames(1)


def release(harness, end):
    post(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1)
    harness.frames(2)


def drag(harness, start, end):
    press_and_move(harness, start, end)
    release(harness, end)


def area_point(view: ImperiosView, key: str):
    """A screen point inside area `key`, in the board's viewport, clear of the choices list."""
    area = view.areas_by_key[key]
    cx, cy = view.board.to_screen(area.centre)
    candidates = [(cx, cy)]
    xs = [p[0] for p in area.polygon]
    ys = [p[1] for p in area.polygon]
    for i in range(1, 12):
        for j in range(1, 12):
            wx = min(xs) + (max(xs) - min(xs)) * i / 12
            wy = min(ys) + (max(ys) - min(ys)) * j / 12
            candidates.append(view.board.to_screen((wx, wy)))
    for x, y in candidates:
        p = (round(x), round(y))
        hit = view.board.area_at(p)
        if hit is not None and hit.key == key and not (
                view.panel_rect is not None and view.panel_rect.inflate(8, 8).collidepoint(p)):
            return p
    raise AssertionError(f"no free point in {key}")


def press_action(harness, table, seat, action):
    """Press the prompt button that plays `action` for `seat` (single or shared)."""
    for button, (name, arg) in table.buttons.items():
        if name == "act" and arg == (seat, action):
            harness.click(button.rect.center)
            return True
        if name == "acts" and arg and arg[0] == (seat, action):
            harness.click(button.rect.center)
            return True
    return False


def choose_row(harness, table, action):
    """Click the row of `action` in the choices list, opening or scrolling it as needed."""
    view = table.view
    for _ in range(60):
        for r, a in view.rows:
            if a == action:
                harness.click(r.center)
                return True
        if view.toggle is not None and isinstance(action, MAP_ACTIONS):
            harness.click(view.toggle.center)
            continue
        if view.rows:
            post(pygame.MOUSEMOTION, pos=view.rows[0][0].center, rel=(0, 0), buttons=(0, 0, 0))
            post(pygame.MOUSEWHEEL, x=0, y=-1)
            harness.frames(2)
        else:
            harness.frames(1)
    return False


def gesture_for(harness, table, seat, action, legal):
    view = table.view
    where = getattr(action, "area", "")
    here = [a for a in legal if isinstance(a, MAP_ACTIONS) and a.area == where]
    if isinstance(action, ExpandLand | ExpandSea) and view.expansion_targets(legal).get(
            action.area) == action:
        drag(harness, view.lay.panels[seat].reserve.center, area_point(view, action.area))
        return
    if isinstance(action, MAP_ACTIONS) and len(here) == 1:
        harness.click(area_point(view, action.area))
        return
    if isinstance(action, MAP_ACTIONS):
        harness.click(area_point(view, action.area))  # narrows the list to that area
        assert choose_row(harness, table, action), action
        return
    if press_action(harness, table, seat, action):
        return
    assert choose_row(harness, table, action), action


def human_moves(harness, table, count, rng, prefer=None):
    session = table.session
    played = 0
    for _ in range(count * 30):
        if session.over or played >= count:
            break
        humans = session.humans_to_act()
        if not humans:
            harness.frames(1)
            continue
        seat = humans[0]
        legal = session.legal(seat)
        pool = [a for a in legal if prefer is None or prefer(a)] or legal
        action = rng.choice(pool)
        steps = len(session.steps)
        gesture_for(harness, table, seat, action, legal)
        assert len(session.steps) > steps, (action, table.error)
        assert session.steps[steps].action == action
        played += 1
    return played


def not_ending(a):
    return a.type != "end_turn"


def test_a_game_played_by_mouse_against_random_ais(harness):
    table = start_table(harness)
    rng = random.Random(5)
    played = human_moves(harness, table, 40, rng, not_ending)
    assert played >= 30
    kinds = {s.action.type for s in table.session.steps if s.seat == 0}
    assert {"found", "pick", "convert"} <= kinds
    assert kinds & {"expand_land", "expand_sea", "research", "art"}


def advance_to_expansion(harness, table, rng):
    """Play by gesture until the human may expand (a converted blue or black action)."""
    session = table.session
    for _ in range(800):
        humans = session.humans_to_act()
        if not humans:
            harness.frames(1)
            continue
        seat = humans[0]
        legal = session.legal(seat)
        if table.view.expansion_targets(legal):
            return seat, legal
        converts = [a for a in legal if a.type == "convert" and a.colour in ("blue", "black")]
        pool = converts or [a for a in legal if not isinstance(a, ExpandLand | ExpandSea)]
        gesture_for(harness, table, seat, rng.choice(pool), legal)
    raise AssertionError("never reached an expansion")


def test_a_dragged_totem_lights_only_the_legal_expansions(harness):
    table = start_table(harness)
    seat, legal = advance_to_expansion(harness, table, random.Random(8))
    view = table.view
    targets = view.expansion_targets(legal)
    key = next(iter(targets))
    press_and_move(harness, view.lay.panels[seat].reserve.center, area_point(view, key))
    assert view.held
    assert view.expansion_targets(table.ctx.legal) == targets
    release(harness, area_point(view, key))
    assert table.session.steps[-1].action == targets[key]


def test_an_illegal_drop_snaps_back_and_says_why(harness):
    table = start_table(harness)
    seat, legal = advance_to_expansion(harness, table, random.Random(8))
    view = table.view
    targets = view.expansion_targets(legal)
    mine = words.presence(view, seat)
    wrong = next(k for k in view.view["areas"] if k not in targets and k in mine)
    steps = len(table.session.steps)
    drag(harness, view.lay.panels[seat].reserve.center, area_point(view, wrong))
    assert len(table.session.steps) == steps
    assert not view.held
    assert view.flash == words.articles(tr("im.refuse.already_there", area=words.area(view, wrong)))


def test_the_sea_land_rule_is_the_reason_a_black_totem_cannot_sail():
    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    view.layout(pygame.Rect(0, 0, 1280, 700), 1.0)
    state = GAME.new_game(4, 3, {})
    for area in ("persia", "india", "babilonia", "saba"):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, Found(area)).state
    v = GAME.view(state, None)
    v["phase"], v["window"] = "black", {"kind": "phase_turn", "colour": "black", "available": 1}
    view.show(v, None)
    persia = next(c["seat"] for c in v["civs"] if c["first_capital"] == "persia")
    assert view.flash == ""
    reason = words.drop_reason(view, persia, "mar_arabigo", "black")
    assert reason == words.articles(
        tr("im.refuse.black_sea", area=words.area(view, "mar_arabigo")))
    v["phase"], v["window"]["colour"] = "blue", "blue"
    view.show(v, None)
    assert words.drop_reason(view, persia, "nis", "blue") == tr(
        "im.refuse.blue_land", area=words.area(view, "nis"))


def founded_table() -> tuple[ImperiosView, object]:
    """A view of 1280×700 and §7's four capitals founded (Persia, India, Babilonia, Saba)."""
    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    view.layout(pygame.Rect(0, 0, 1280, 700), 1.0)
    state = GAME.new_game(4, 3, {})
    for area in ("persia", "india", "babilonia", "saba"):
        state = GAME.apply(state, GAME.to_act(state)[0], Found(area)).state
    return view, state


def test_a_drop_the_table_cannot_explain_goes_to_the_rules_for_their_reason():
    """Beside a totem of yours that is cut off from your capitals the table sees nothing
    wrong, so the drop becomes the expansion it asks for and the rules refuse it with their
    reason; a drop on the choices list never reaches the area hidden under it."""
    view, state = founded_table()
    v = GAME.view(state, None)
    persia = next(c["seat"] for c in v["civs"] if c["first_capital"] == "persia")
    v["areas"]["decan"]["presence"].append(persia)
    v["phase"], v["window"] = "black", {"kind": "phase_turn", "colour": "black", "available": 1,
                                        "seat": persia}
    view.show(v, persia)
    view.acting_seat = lambda: persia
    assert words.drop_reason(view, persia, "magadha", "black") is None
    view.held = True
    assert view.drop((0, 0), area_point(view, "magadha"), []) == ExpandLand("magadha")
    exc = rules.IllegalAction("no_route", area="magadha")
    assert view.refusal(exc) == tr("im.illegal.no_route", area=words.area(view, "magadha"))
    box = view.lay.choices
    over_list = next((x, y) for x in range(box.x + 2, box.right - 2, 8)
                     for y in range(box.y + 2, box.bottom - 2, 8)
                     if view.area_at((x, y)) is not None)  # an area lies under the list here
    view.rows = [(view.lay.choices, ExpandLand("magadha"))]
    view.held = True
    assert view.drop((0, 0), over_list, [ExpandLand(view.area_at(over_list).key)]) is None


def test_a_click_on_an_area_with_no_move_says_why():
    """A click where the acting civilisation has no move, while it has moves on the map,
    becomes the move it most likely meant (conquest, attack, founding) for the rules to
    refuse with their reason, or the reason a totem cannot go there; with no map move to
    make (choosing a colour) a click only looks."""
    from test_imperios_milenarios import INDIA, PERSIA, RED, example_setup, phase_turn
    from test_imperios_milenarios import put as put_totems

    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    view.layout(pygame.Rect(0, 0, 1280, 700), 1.0)
    s = example_setup().copy()
    put_totems(s, PERSIA, "decan")  # beside India's totems, cut off from Persia's capital
    s = phase_turn(s, PERSIA, RED)
    s.armies[PERSIA] = 3
    s.cache.clear()
    legal = GAME.legal_actions(s, PERSIA)
    assert Conquer("ormuz") in legal
    view.show(GAME.view(s, None), PERSIA)

    def refused_with(key):
        asked = view.click(area_point(view, key), legal)
        assert asked is not None and asked not in legal
        with pytest.raises(rules.IllegalAction) as err:
            GAME.apply(s, PERSIA, asked)
        return asked, view.refusal(err.value)

    assert refused_with("parsua") == (Conquer("parsua"), tr(
        "im.illegal.nothing_to_conquer", area=words.area(view, "parsua")))
    assert refused_with("elam")[1] == tr("im.illegal.not_enough_armies_to_conquer", armies=3,
                                         needed=4, area=words.area(view, "elam"))
    assert refused_with("saba")[1] == tr("im.illegal.not_present", area=words.area(view, "saba"))
    assert refused_with("decan") == (Attack("decan", INDIA, "expel"), tr(
        "im.illegal.no_route", area=words.area(view, "decan")))
    # black: a totem asked onto the sea is told the land rule; no move is made
    s = phase_turn(s, PERSIA, 3, avail=1)
    legal = GAME.legal_actions(s, PERSIA)
    view.show(GAME.view(s, None), PERSIA)
    assert view.click(area_point(view, "mar_arabigo"), legal) is None
    assert view.flash == words.drop_reason(view, PERSIA, "mar_arabigo", "black")
    assert view.flash
    # founding: a site that is not free is the rules' refusal
    state = GAME.new_game(4, 3, {})
    state = GAME.apply(state, GAME.to_act(state)[0], Found("persia")).state
    seat = GAME.to_act(state)[0]
    view.show(GAME.view(state, None), seat)
    legal = GAME.legal_actions(state, seat)
    assert view.click(area_point(view, "elam"), legal) == Found("elam")
    assert Found("elam") not in legal
    # nothing on the map to do (choosing a colour): a click on the map only looks
    for site in ("india", "babilonia", "saba"):
        state = GAME.apply(state, GAME.to_act(state)[0], Found(site)).state
    seat = GAME.to_act(state)[0]
    view.show(GAME.view(state, None), seat)
    view.flash = ""
    assert Pick("red") in GAME.legal_actions(state, seat)
    assert view.click(area_point(view, "parsua"), GAME.legal_actions(state, seat)) is None
    assert view.flash == ""
    # red with no army: the area clicked still gets its own reason
    s = phase_turn(example_setup(), PERSIA, RED)
    legal = GAME.legal_actions(s, PERSIA)
    assert not any(isinstance(a, MAP_ACTIONS) for a in legal)
    view.show(GAME.view(s, None), PERSIA)
    for key, code in (("parsua", "nothing_to_conquer"), ("ormuz", "not_enough_armies")):
        with pytest.raises(rules.IllegalAction) as err:
            GAME.apply(s, PERSIA, view.click(area_point(view, key), legal))
        assert err.value.code == code


def test_areas_out_of_play_are_grey_and_inert(harness):
    table = start_table(harness)
    view = table.view
    naciente = {a.id for a in view.areas_by_key.values()
                if a.properties["half"] in ("N", "both")}
    assert view.painter.in_play == frozenset(naciente)
    roma = view.areas_by_key["roma"]
    assert roma.id not in view.painter.in_play
    assert tr("im.tip.out_of_play") in words.area_tip(view, "roma")
    # Egipto, greyed in a Naciente game but on screen beside it: no click, no hover light
    egipto = view.areas_by_key["egipto"]
    assert egipto.id not in view.painter.in_play
    point = view.board.to_screen(egipto.centre)
    assert view.lay.board.collidepoint(point) and view.area_at(point) is egipto
    legal = table.session.legal(table.session.humans_to_act()[0])
    assert view.click(point, legal) is None
    lit = []
    real_light = view.board.light

    def light(surface, key, *args, **kwargs):
        lit.append(key)
        return real_light(surface, key, *args, **kwargs)

    view.board.light = light
    post(pygame.MOUSEMOTION, pos=point, rel=(1, 1), buttons=(0, 0, 0))
    harness.frames(2)
    assert lit and not any(key[1] == "egipto" for key in lit)
    persia = view.board.to_screen(view.areas_by_key["persia"].centre)
    post(pygame.MOUSEMOTION, pos=persia, rel=(1, 1), buttons=(0, 0, 0))
    harness.frames(2)
    assert ("hover", "persia") in lit or any(key[1] == "persia" for key in lit)


def contest_asking(role):
    """A state (by random play) whose contest asks its `role` ("attacker", "defender")."""
    for seed in range(60):
        rng = random.Random(seed)
        state = GAME.new_game(4, seed, {})
        for _ in range(3000):
            seats = GAME.to_act(state)
            if not seats:
                break
            w = GAME.view(state, None)["window"]
            if w["kind"] == "contest" and seats[0] == w["contest"][role]:
                return state
            state = GAME.apply(state, seats[0], rng.choice(GAME.legal_actions(state, seats[0]))
                               ).state
    raise AssertionError(f"no contest asking its {role}")


def test_the_contest_asks_each_side_by_its_role_and_lights_the_place_at_stake():
    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    for role in ("defender", "attacker"):
        state = contest_asking(role)
        v = GAME.view(state, None)
        c = v["window"]["contest"]
        view.show(v, None)
        asked = GAME.to_act(state)[0]
        other = c["attacker"] if role == "defender" else c["defender"]
        key = ("im.prompt.contest.defender." + c["kind"] if role == "defender"
               else "im.prompt.contest.attacker")
        sentence = view.prompt(asked, GAME.legal_actions(state, asked))
        assert sentence == words.articles(tr(
            key, name="ABCD"[asked], attacker=words.civ(view, c["attacker"]),
            defender=words.civ(view, c["defender"]), area=words.area(view, c["area"]),
            points=c["points"], armies=v["civs"][asked]["armies"]))
        assert words.civ(view, other) in sentence  # who it is against
        assert " 1 points" not in sentence and " 1 armies" not in sentence
    lit = []
    view.layout(pygame.Rect(0, 0, 1280, 800), 1.0)
    view.board.light = lambda surface, key, *a, **k: lit.append(key)
    from client.games.base import DrawContext

    view.draw(pygame.Surface((1280, 800)), DrawContext())
    assert ("contest", c["area"]) in lit
    sack = Attack(c["area"], c["defender"], "sack")
    assert view.action_tip(sack) != view.action_tip(Attack(c["area"], c["defender"], "expel"))


def find_window(kind, players=4, tries=40):
    """A state (by random play) whose open window is `kind`."""
    for seed in range(tries):
        rng = random.Random(seed)
        state = GAME.new_game(players, seed, {})
        for _ in range(3000):
            seats = GAME.to_act(state)
            if not seats:
                break
            if GAME.view(state, None)["window"]["kind"] == kind:
                return state
            legal = GAME.legal_actions(state, seats[0])
            state = GAME.apply(state, seats[0], rng.choice(legal)).state
    raise AssertionError(f"no {kind} window found")


def test_a_block_window_is_a_shared_question_naming_the_chokepoint():
    state = find_window("block")
    view = ImperiosView([f"P{i}" for i in range(4)], [{}] * 4)
    view.layout(pygame.Rect(0, 0, 1280, 700), 1.0)
    v = GAME.view(state, None)
    view.show(v, None)
    action = v["window"]["action"]
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_actions(state, seat)
    shared = view.shared_prompt(seat, legal)
    assert [plays for _label, plays in shared] == [[(seat, a)] for a in legal]
    route, chokes = view.current_route()
    assert route == action["route"] and chokes
    for key in chokes:
        assert key in route[1:-1] and seat in v["areas"][key]["presence"]
    sentence = view.prompt(seat, legal)
    assert all(words.area(view, k) in sentence for k in chokes)


def test_the_cup_draw_plays_token_by_token():
    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    events = [{"type": "token_drawn", "seat": 1, "colour": c, "cup": 7 - i, "to": "all"}
              for i, c in enumerate(("red", "blue", "blue", "black"))]
    tweens = view.tweens_for(events, {})
    assert [g[0].kind for g in tweens] == ["draw"] * 4
    assert [g[0].data["colour"] for g in tweens] == ["red", "blue", "blue", "black"]


def test_a_round_of_draws_and_a_run_of_recruits_are_one_log_line_each():
    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    view.show(GAME.view(GAME.new_game(4, 1, {}), None), None)

    def drawn(seat: int, colours: str) -> list[dict]:
        names = {"r": "red", "y": "yellow", "u": "blue", "k": "black"}
        return [{"type": "token_drawn", "seat": seat, "colour": names[c], "cup": 7, "to": "all"}
                for c in colours]

    events = [(5, {"type": "round", "round": 2, "dragon": 0, "order": [0, 1], "to": "all"}),
              *[(5, ev) for ev in drawn(0, "rurk")],
              (5, {"type": "cup_refilled", "seat": 1, "tokens": 6, "to": "all"}),
              *[(5, ev) for ev in drawn(1, "y")],
              *[(6, ev) for ev in drawn(1, "u")],
              (7, {"type": "phase", "colour": "red", "to": "all"}),
              *[(step, {"type": "recruited", "seat": 2, "tokens": 1, "armies": armies, "to": "all"})
                for step, armies in ((8, 1), (9, 2), (10, 3))],
              (11, {"type": "recruited", "seat": 3, "tokens": 1, "armies": 1, "to": "all"})]
    set_language("es")
    lines = view.log_entries(events)
    set_language("en")
    assert [(index, bold) for index, _, bold in lines] == [
        (5, True), (5, False), (5, False), (5, False), (6, False), (7, True), (10, False),
        (11, False)]
    texts = [text for _, text, _ in lines]
    assert texts[1] == f"{words.civ(view, 0)} roba 4 fichas: 2 rojas, 1 azul, 1 negra."
    # a lone draw, and a draw of another step, keep the one-token sentence
    assert texts[3] == f"{words.civ(view, 1)} roba una ficha amarilla."
    assert texts[4] == f"{words.civ(view, 1)} roba una ficha azul."
    # recruits one after another, over several steps, are one line with what they leave
    assert texts[6] == f"{words.civ(view, 2)} recluta 3 veces: ahora tiene 3 ejércitos."
    assert texts[7] == f"{words.civ(view, 3)} recluta: ahora tiene 1 ejército."
    converted = {"type": "converted", "seat": 0, "colour": "yellow", "tokens": 3, "actions": 4,
                 "available": 4, "to": "all"}
    set_language("es")
    assert view.describe(converted) == f"{words.civ(view, 0)} convierte 3 amarillas en 4 acciones."
    set_language("en")
    assert view.describe(converted) == f"{words.civ(view, 0)} converts 3 yellow into 4 actions."


def test_a_sea_is_named_with_its_article_in_sentences_and_bare_on_its_tooltip():
    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    view.show(GAME.view(GAME.new_game(4, 1, {}), None), None)
    sailed = {"type": "expanded", "seat": 1, "area": "mar_rojo", "by": "sea", "to": "all"}
    walked = {"type": "expanded", "seat": 1, "area": "egipto", "by": "land", "to": "all"}
    who = words.civ(view, 1)
    set_language("es")
    try:
        assert view.describe(sailed) == f"{who} navega al Mar Rojo."
        assert view.describe(walked) == f"{who} se expande a Egipto."
        assert view.action_label(Relocate("golfo_persico")) == "Retirar del Golfo Pérsico"
        assert view.action_label(ExpandSea("mar_rojo")) == "Navegar al Mar Rojo"
        assert view.refusal(rules.IllegalAction("area_out_of_play", area="mar_negro")) == (
            "El Mar Negro está fuera de juego en esta partida.")
        assert words.area_tip(view, "mar_rojo").startswith("Mar Rojo — ")
    finally:
        set_language("en")
    assert view.describe(sailed) == f"{who} sails to the Red Sea."
    assert view.action_label(ExpandSea("mar_rojo")) == "Sail to the Red Sea"
    assert words.area_tip(view, "mar_rojo").startswith("Red Sea — ")


def test_the_red_turn_invites_a_click_on_the_map_only_when_an_area_can_be_taken():
    rng = random.Random(3)
    state = GAME.new_game(4, 3, {})
    view = ImperiosView([f"P{i}" for i in range(4)], [{}] * 4)
    seen = set()
    while GAME.to_act(state) and len(seen) < 2:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        view.show(GAME.view(state, seat), seat)
        window = view.view["window"]
        if window.get("kind") == "phase_turn" and window["colour"] == "red":
            targets = any(isinstance(a, Conquer | Attack) for a in legal)
            sentence = view.prompt(seat, legal)
            armies = view.view["civs"][seat]["armies"]
            key = "im.prompt.turn.red" if targets else "im.prompt.turn.red_none"
            assert sentence == tr(key, name=f"P{seat}", armies=armies, n=0)
            seen.add(targets)
        state = GAME.apply(state, seat, rng.choice(legal)).state
    assert seen == {True, False}


def test_words_for_every_event_and_label_in_both_languages():
    rng = random.Random(2)
    state = GAME.new_game(5, 2, {})
    view = ImperiosView([f"P{i}" for i in range(5)], [{}] * 5)
    seen = set()
    for lang in ("es", "en"):
        set_language(lang)
        for _ in range(700):
            seats = GAME.to_act(state)
            if not seats:
                break
            view.show(GAME.view(state, None), None)
            legal = GAME.legal_actions(state, seats[0])
            for a in legal:
                assert "im." not in view.action_label(a), a
                assert "im." not in view.action_tip(a), a
            assert "im." not in view.prompt(seats[0], legal)
            step = GAME.apply(state, seats[0], rng.choice(legal))
            state = step.state
            for ev in step.events:
                line = view.describe(ev)
                seen.add(ev["type"])
                assert line is None or "im." not in line, (ev, line)
    set_language("en")
    assert {"founded", "picked", "token_drawn", "turn_ended"} <= seen


def test_the_end_shows_the_score_breakdown_and_a_chart():
    rng = random.Random(4)
    state = GAME.new_game(4, 4, {"final_age": "cobre"})
    first_round = state
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))).state
        if first_round.round < 1:
            first_round = state
    view = ImperiosView([f"P{i}" for i in range(4)], [{}] * 4)
    final = GAME.view(state, None)
    view.show(final, None)
    history = [GAME.view(first_round, None)]
    (census_title, census), (title, series) = view.charts(final, history)
    assert view.chart(final, history) == (title, series)
    assert (census_title, title) == (tr("im.chart.census"), tr("im.chart"))
    rounds = final["history"]
    assert len(rounds) == final["round"] >= 1
    for seat, line in enumerate(series):
        # the score starts where round 1 starts, below zero for the goods not yet owned
        start = history[0]["civs"][seat]["score"]["total"]
        assert start < 0
        assert line == [start, *(r["score"][seat] for r in rounds)]
        assert line[-1] == final["civs"][seat]["score"]["total"]
        total = sum(n for _label, n in words.score_lines(view, seat))
        assert total == final["civs"][seat]["score"]["total"]
    for seat, line in enumerate(census):
        assert line == [0, *(r["census"][seat] for r in rounds)]
        assert line[-1] == final["civs"][seat]["census"]
    assert any(line[-1] > 0 for line in census)
    surface = pygame.Surface((1280, 800))
    view.layout(pygame.Rect(0, 50, 950, 640), 1.0)
    from client.games.base import DrawContext

    view.draw(surface, DrawContext())


@pytest.mark.parametrize("players", [4, 5, 7])
def test_the_final_score_sheet_shows_every_part_at_1280x800_in_spanish(data_dir, players):
    """§7's final score, part by part and civilisation by civilisation, on the table at the
    end, in the longer language at the smallest window (at 130 % with seven); the results
    list has every civilisation's row inside its panel."""
    from client_harness import Harness

    from client import text
    from client.scenes.results import ResultsScene
    from rules.core.saves import GameRecord

    rng = random.Random(players)
    options = GAME.normalize_options({"final_age": "cobre"})
    state = GAME.new_game(players, players, options)
    actions = []
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action).state
        actions.append((seat, action))
    record = GameRecord("imperios_milenarios", default_seats([RANDOM_AI] * players), players,
                        options)
    record.actions = actions
    h = Harness(language="es", ui_scale=1.3 if players == 7 else 1.0)
    try:
        table = TableScene(h.app, Session(record))
        h.app.push(table)
        h.frames(2)
        assert table.session.over
        sheet = words.score_sheet(table.view)
        assert len(sheet) >= 4  # census, capitals, goods short… and the total
        with text.recording() as rec:
            table.draw(h.app.window)
        for label, values in sheet:
            assert label in rec.shown, label
            assert {str(n) for n in values if n} <= rec.shown, (label, values)
        scene = ResultsScene(h.app, table.session)
        h.app.push(scene)
        h.frames(2)
        with text.recording() as rec:
            scene.draw(h.app.window)
        left = scene._panels()[0]
        seats = {table.session.name(q) for q in range(players)}
        names = [p.ink for p in rec.placed if p.string in seats]
        assert len(names) == players and all(left.contains(r) for r in names)
    finally:
        h.close()


def test_totems_and_tokens_differ_by_shape_as_well_as_colour():
    sizes = {art.totem(seat, 30).get_size() for seat in range(7)}
    assert len(sizes) == 1
    shapes = {bytes(pygame.image.tobytes(pygame.transform.grayscale(art.totem(s, 30)), "RGBA"))
              for s in range(7)}
    assert len(shapes) == 7  # in grey, the seven totems still differ (their shapes)
    tokens = {bytes(pygame.image.tobytes(pygame.transform.grayscale(art.action_token(c, 30)),
                                         "RGBA")) for c in ("red", "yellow", "blue", "black")}
    assert len(tokens) == 4


def test_the_map_painter_draws_a_chunk_with_its_pictograms():
    from rules.maps import load_topology

    topo = load_topology("imperios_milenarios")
    painter = art.ImperiosPainter(topo, "es")
    surface = pygame.Surface((256, 256))
    persia = next(a for a in topo.areas if a.key == "persia")
    x, y = persia.centre
    painter.paint(surface, (x - 128, y - 128, 256, 256), 1.0)
    assert painter.icon(persia, 40) is not None
    colours = {surface.get_at((i, j))[:3] for i in range(0, 256, 16) for j in range(0, 256, 16)}
    assert len(colours) > 20  # parchment, sea, ink and lettering, not a flat fill
    painter.set_in_play(frozenset({persia.id}))
    assert painter.version != ("es", None)


@pytest.mark.parametrize("action", [Found("persia"), Conquer("ur"), Relocate("nis"),
                                    Trade(1, "sind", 2), Attack("ur", 1, "sack")])
def test_map_actions_are_the_areas_they_name(action):
    assert isinstance(action, MAP_ACTIONS)


def actions_to_window(kind, players=4, tries=40):
    """(seed, the actions of a random game up to its first `kind` window)."""
    for seed in range(tries):
        rng = random.Random(seed)
        state = GAME.new_game(players, seed, {})
        played = []
        for _ in range(3000):
            seats = GAME.to_act(state)
            if not seats:
                break
            if GAME.view(state, None)["window"]["kind"] == kind:
                return seed, played
            action = rng.choice(GAME.legal_actions(state, seats[0]))
            played.append((seats[0], action))
            state = GAME.apply(state, seats[0], action).state
    raise AssertionError(f"no {kind} window found")


def shared_buttons(table):
    """The shared prompt's buttons: {action: (seat, button)}."""
    out = {}
    for button, (name, arg) in table.buttons.items():
        if name == "acts":
            for seat, action in arg:
                out[action] = (seat, button)
    return out


def route_is_drawn(harness, view, route):
    """The route's red line: the dots on at least two of its areas' centres are painted in
    the route's colour, a red the parchment map never uses (a panel may hide the rest)."""
    from client.games.imperios_milenarios.view import ROUTE

    surface = pygame.display.get_surface()
    painted = 0
    for key in route:
        x, y = (round(c) for c in view.board.to_screen(view.areas_by_key[key].centre))
        if view.board.camera.viewport.collidepoint(x, y):
            painted += tuple(surface.get_at((x, y)))[:3] == ROUTE
    return painted >= 2


def test_a_block_window_reached_in_play_is_a_shared_prompt_then_the_appeal(harness):
    """Four humans at one table: a random game reaches a real block window; the table asks
    the blocker without a curtain, names the chokepoint, draws the route; the blocker
    blocks, the actor appeals, the blocker holds, and the action is refused."""
    seed, played = actions_to_window("block")
    session = Session.new("imperios_milenarios", default_seats([HUMAN] * 4), seed, {})
    for seat, action in played:
        session.apply(seat, action)
    harness.app.push(TableScene(harness.app, session))
    harness.frames(3)
    table = harness.scene
    view = table.view
    window = session.view(None)["window"]
    declared = window["action"]
    actor, blocker, area_key = declared["actor"], declared["asked"], declared["area"]
    assert session.humans_to_act() == [blocker] and table.curtain_seat is None
    route, chokes = view.current_route()
    assert route == declared["route"] and route[-1] in (area_key, *route) and chokes
    for key in chokes:  # a land area of the route, between its ends, holding a blocker totem
        assert key in route[1:-1] and blocker in session.view(None)["areas"][key]["presence"]
    sentence = view.prompt(blocker, session.legal(blocker))
    assert all(words.area(view, k) in sentence for k in chokes)
    assert words.civ(view, actor) in sentence
    assert route_is_drawn(harness, view, route)
    buttons = shared_buttons(table)
    assert set(buttons) == {Block(), LetPass()}
    assert {seat for seat, _b in buttons.values()} == {blocker}

    harness.click(buttons[Block()][1].rect.center)
    assert session.steps[-1].action == Block() and session.steps[-1].seat == blocker
    assert session.view(None)["window"]["kind"] == "appeal"
    assert session.humans_to_act() == [actor] and table.curtain_seat is None
    assert view.current_route() == (route, chokes)
    assert route_is_drawn(harness, view, route)
    sentence = view.prompt(actor, session.legal(actor))
    assert all(words.area(view, k) in sentence for k in chokes)
    assert words.civ(view, blocker) in sentence
    buttons = shared_buttons(table)
    assert set(buttons) == {Accept(), Appeal()}

    harness.click(buttons[Appeal()][1].rect.center)
    assert session.steps[-1].action == Appeal() and session.steps[-1].seat == actor
    assert session.view(None)["window"]["kind"] == "reconsider"
    assert session.humans_to_act() == [blocker]
    assert route_is_drawn(harness, view, route)
    sentence = view.prompt(blocker, session.legal(blocker))
    assert words.civ(view, actor) in sentence  # who appeals, and against which block
    assert all(words.area(view, k) in sentence for k in chokes)
    buttons = shared_buttons(table)
    assert set(buttons) == {Hold(), Lift()}

    harness.click(buttons[Hold()][1].rect.center)
    assert session.steps[-1].action == Hold()
    events = [ev["type"] for ev in session.steps[-1].transition.events]
    assert "action_blocked" in events
    assert session.view(None)["window"]["kind"] not in ("block", "appeal", "reconsider")
    assert view.current_route() == ([], [])
    again = [a for a in session.legal(actor) if getattr(a, "area", None) == area_key
             and a.type == ("attack" if declared["kind"] in ("sack", "expel")
                            else declared["kind"])]
    assert not again  # a blocked action may not be declared again in this phase-turn


def test_the_relocate_prompt_names_what_the_totem_is_for():
    """A random 4-player bronce game (seed 561) builds the Pyramids with an empty reserve:
    the prompt asks for an area to take a totem from, and names the wonder."""
    state = GAME.new_game(4, 561, {"final_age": "bronce"})
    rng = random.Random(561)
    while not any(pl.what == "wonder" for pl in state.placements):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))).state
    view = ImperiosView([f"P{i}" for i in range(4)], [{}] * 4)
    seat = GAME.to_act(state)[0]
    view.show(GAME.view(state, None), None)
    for lang, expected in (("en", "for Pyramids"), ("es", "para Pirámides")):
        set_language(lang)
        assert expected in view.prompt(seat, GAME.legal_actions(state, seat))
    set_language("en")


def test_the_table_past_the_map_edge_is_the_open_sea_at_the_edge(harness):
    """A half-map game shows the sea beyond the map's east edge: it goes on as the deep
    water it meets there, not as a lighter band that shows where the map stops."""
    from client.art import antique
    from rules.maps import point_in_polygon

    table = start_table(harness)  # four players: Naciente, framed up to the east edge
    view, board = table.view, table.view.board
    surface = harness.app.window
    ocean = [a.polygon for a in view.painter.ocean]
    width, _height = board.topology.size
    edge_x, _ = board.to_screen((float(width), 0.0))
    viewport = board.camera.viewport
    assert viewport.left < edge_x < viewport.right - 12  # the edge is on the table

    def inside_ocean(wx: float, wy: float) -> bool:
        return any(point_in_polygon((wx, wy), p) for p in ocean)

    def mean(rect: pygame.Rect) -> tuple[float, ...]:
        pixels = [surface.get_at((x, y))[:3] for x in range(rect.left, rect.right)
                  for y in range(rect.top, rect.bottom)]
        return tuple(sum(c[i] for c in pixels) / len(pixels) for i in range(3))

    deep = antique.deep_sea_texture()
    tex = [deep.get_at((x, y))[:3] for x in range(0, 512, 4) for y in range(0, 512, 4)]
    texture_mean = tuple(sum(c[i] for c in tex) / len(tex) for i in range(3))
    rows = [y for y in range(viewport.top + 8, viewport.bottom - 8, 8)
            if inside_ocean(width - 30.0, board.to_world((edge_x, y))[1])]
    assert len(rows) >= 8  # the ocean reaches the east edge along a good stretch
    band_out = pygame.Rect(round(edge_x) + 3, rows[0], 8, rows[-1] - rows[0])
    band_in = pygame.Rect(round(edge_x) - 11, rows[0], 8, rows[-1] - rows[0])
    outside, inside = mean(band_out), mean(band_in)
    assert all(abs(o - i) < 4 for o, i in zip(outside, inside, strict=True)), (outside, inside)
    assert all(abs(o - t) < 6 for o, t in zip(outside, texture_mean, strict=True)), (
        outside, texture_mean)



@pytest.mark.parametrize("language", ["es", "en"])
def test_a_civilisations_tip_explains_its_score_by_its_parts(harness, language):
    """From the first round a civilisation's score is negative (the goods it lacks for the
    final Age count against it): its tip says so, part by part."""
    table = start_table(harness)
    set_language(language)
    score = table.view.view["civs"][0]["score"]
    assert score["goods"] < 0 and score["total"] == score["goods"]
    try:
        tip = words.civ_tip(table.view, 0)
        assert f"{tr('im.score.goods')} {score['goods']:+d}" in tip
        assert str(score["total"]) in tip
    finally:
        set_language("en")


def test_keeping_no_tokens_is_said_as_a_sentence_in_both_languages():
    """Keeping nothing is its own choice and line, not "Keep none" pasted into a template
    (Spanish "Guardar ninguna" would not agree); "none" agrees with what it counts."""
    from rules.imperios_milenarios.actions import Keep

    view = ImperiosView([f"P{i}" for i in range(4)], [{}] * 4)
    view.show(GAME.view(GAME.new_game(4, 1, {}), None), None)
    nothing = {"type": "kept", "seat": 0, "tokens": {"red": 0, "yellow": 0, "blue": 0,
                                                     "black": 0}}
    some = {**nothing, "tokens": {**nothing["tokens"], "red": 2}}
    try:
        set_language("es")
        assert view.action_label(Keep(0, 0, 0, 0)) == "No guardar ninguna ficha"
        assert view.describe(nothing).endswith("no guarda ninguna ficha.")
        assert "2" in view.describe(some) and "ninguna" not in view.describe(some)
        assert "Tecnologías: ninguna. Maravilla: ninguna." in words.civ_tip(view, 0)
        set_language("en")
        assert view.action_label(Keep(0, 0, 0, 0)) == "Keep no tokens"
        assert view.describe(nothing).endswith("keeps no tokens.")
    finally:
        set_language("en")


def test_a_totem_carried_over_the_boards_leaves_no_trace_on_them(harness):
    """The boards round the map are kept from one frame to the next (`Kept`): a totem
    carried across them is put back from the kept pictures where it was, so each frame
    is the one the table would draw whole."""
    table = start_table(harness)
    seat, legal = advance_to_expansion(harness, table, random.Random(8))
    view = table.view
    start = view.lay.panels[seat].reserve.center
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    harness.frames(1)
    strip = view.lay.strip.rect if view.lay.strip is not None else view.lay.panels[seat].rect
    target = area_point(view, next(iter(view.expansion_targets(legal))))
    path = [(start[0], start[1] + 40), (start[0] + 30, strip.centery),
            (strip.centerx, strip.centery), (start[0], start[1] - 30), target]
    checked = kept = 0
    for end in path:
        for k in range(1, 4):
            pos = (round(start[0] + (end[0] - start[0]) * k / 3),
                   round(start[1] + (end[1] - start[1]) * k / 3))
            post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
            harness.frames(1)
            assert view.held
            kept += table.ctx.drawn_over is not None  # the boards were put back in parts
            assert whole_frame_differs(harness.app) is None, pos
            checked += 1
        start = end
    assert checked == 15 and kept >= 10


def test_the_dragon_shows_on_a_board_only_once_every_capital_is_founded():
    from client import text
    from client.games.base import DrawContext

    view = ImperiosView(["Ana", "Bea", "Cai", "Dan"], [{}] * 4)
    view.layout(pygame.Rect(0, 0, 1280, 800), 1.0)
    for state, shown in ((GAME.new_game(4, 1, {}), False), (find_window("pick"), True)):
        view.show(GAME.view(state, None), None)
        with text.recording() as rec:
            view.draw(pygame.Surface((1280, 800)), DrawContext())
        assert ("D" in rec.shown) == shown


def test_a_trades_rows_give_each_item_its_trade_value_with_the_jardines():
    """Item 35: an item is worth its coins, +1 when its giver has the Jardines; the rows of
    what you receive and what you give say what it is worth in this trade."""
    from rules.imperios_milenarios.actions import Give, Receive

    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    v = GAME.view(GAME.new_game(4, 1, {}), None)
    v["window"] = {"kind": "trade_receive",
                   "trade": {"actor": 0, "partner": 1, "area": "sind", "k": 1, "receive": None}}
    v["wonders"]["jardines"]["builder"] = 1
    view.show(v, None)
    seda = words.coins("seda")
    assert view.action_label(Receive("seda")) == tr("im.action.receive", item=words.item("seda"),
                                                    coins=seda + 1)
    assert view.action_label(Give("seda")) == tr("im.action.give", item=words.item("seda"),
                                                 coins=seda)


def test_a_trade_shows_what_it_could_exchange_and_at_what_value_before_it_is_declared():
    """The trade row's tooltip and the partner's city's tooltip: the items it could bring
    and give, each at its value in the trade (the Jardines count), and what a difference
    costs, before the trade is declared and any block is asked."""
    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    view.layout(pygame.Rect(0, 0, 1280, 700), 1.0)
    v = GAME.view(GAME.new_game(4, 1, {}), None)
    v["window"] = {"kind": "phase_turn", "seat": 0, "colour": "blue", "available": 2,
                   "trades": [{"partner": 1, "receive": ["seda", "vino"], "give": ["betun"]}]}
    v["wonders"]["jardines"]["builder"] = 1
    v["areas"]["sind"].update(control=1, presence=[1, 0])
    view.show(v, 0)
    view.acting_seat = lambda: 0
    preview = words.trade_preview(view, 0, 1)
    seda, vino, betun = (words.coins(k) for k in ("seda", "vino", "betun"))
    assert preview == tr("im.trade.preview", partner=words.civ(view, 1),
                         receive=f"{words.item('seda')} ({seda + 1}), "
                                 f"{words.item('vino')} ({vino + 1})",
                         give=f"{words.item('betun')} ({betun})")
    trade = Trade(1, "sind", 1)
    view.rows = [(pygame.Rect(10, 10, 200, 30), trade)]
    assert view.tip_at((20, 20)) == f"{view.action_label(trade)}\n{preview}"
    assert words.area_tip(view, "sind").endswith(preview)
    assert words.trade_preview(view, 0, 2) is None


def test_a_long_choices_list_pages_with_its_arrows():
    """When the list holds more rows than fit, its footer says which it shows and its ▲ ▼
    page through the rest (the wheel is not the only way); a drag on the list never pans."""
    from test_imperios_milenarios import PERSIA, RED, example_setup, phase_turn

    from client import text
    from client.games.base import DrawContext

    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    view.layout(pygame.Rect(0, 0, 1280, 700), 1.0)
    s = phase_turn(example_setup(), PERSIA, RED)
    v = GAME.view(s, None)
    legal = [Conquer(k) for k in sorted(v["areas"])][:40]  # more than any page holds
    view.show(v, PERSIA)
    view.show_map_moves = True
    listed = view.choice_actions(legal)
    surface = pygame.Surface((1280, 700))
    ctx = DrawContext()
    ctx.legal = legal

    def shown():
        view._draw_choices(surface, ctx)
        return [a for _r, a in view.rows]

    assert shown() == listed[:view.page] and len(listed) > view.page
    up, down = view.pager
    assert not view._may_pan(down.center, legal) and not view._may_pan(up.center, legal)
    assert view.click(down.center, legal) is None
    with text.recording() as rec:
        rows = shown()
    assert rows == listed[view.scroll:view.scroll + view.page] and view.scroll > 0
    assert tr("im.choices.range", first=view.scroll + 1, last=view.scroll + len(rows),
              n=len(listed)) in rec.shown
    assert view.click(up.center, legal) is None
    assert shown() == listed[:view.page]


def test_prompt_buttons_in_two_rows_read_left_to_right_then_down(harness):
    """Four colours to pick do not fit one row at 1280×800: they read red, yellow on top and
    blue, black below, the view's order, as a player reads; the last one ends the plate."""
    table = start_table(harness, kinds=(HUMAN,) * 4)
    session = table.session
    while session.view(None)["stage"] == "found":
        seat = session.humans_to_act()[0]
        harness.click(area_point(table.view, session.legal(seat)[0].area))
    seat = session.humans_to_act()[0]
    picks = [a for a in table.view.prompt_actions(seat, session.legal(seat))]
    assert [a.colour for a in picks] == ["red", "yellow", "blue", "black"]
    placed = {arg[1]: button.rect for button, (name, arg) in table.buttons.items()
              if name == "act"}
    assert len({r.top for r in placed.values()}) == 2  # two rows
    reading = sorted(placed, key=lambda a: (placed[a].top, placed[a].left))
    assert reading == picks


def test_a_colours_button_tells_what_is_left_of_it_and_what_it_is_for():
    view, state = founded_table()
    v = GAME.view(state, None)
    view.show(v, None)
    tip = words.action_tip(view, Pick("blue"))
    assert tip == tr("im.action.pick.tip", colour=words.colour("blue"), n=v["pool"]["blue"],
                     use=tr("im.colour_use.blue"))
    assert str(v["pool"]["blue"]) in tip
    v["pool"]["blue"] = 0  # from a discard now (item 9)
    view.show(v, None)
    assert words.action_tip(view, Pick("blue")).startswith(
        tr("im.action.pick.tip_discard", colour=words.colour("blue"), n=0,
           use="").split(":")[0])


def test_a_short_choice_of_what_to_keep_is_on_the_prompts_buttons():
    """Item 14's keep window with a few ways to keep (one colour in hand: one way) is
    answered on the prompt, as a good to choose is; a long one waits in the list."""
    from rules.imperios_milenarios.actions import Keep

    view = ImperiosView(["A", "B", "C", "D"], [{}] * 4)
    view.layout(pygame.Rect(0, 0, 1280, 700), 1.0)
    view.rect = pygame.Rect(0, 0, 1280, 700)
    one = [Keep(0, 0, 2, 0)]
    assert view.prompt_actions(0, one) == one
    many = [Keep(r, 0, 2 - r, 0) for r in range(3)] + [Keep(0, 1, 0, 1)]
    assert view.prompt_actions(0, many) == []


@pytest.mark.parametrize("players", [6, 7])
def test_a_small_board_still_counts_its_goods_and_technologies(players):
    """With six or seven civilisations at 1280×800 the boards have no row for the items'
    names: each still shows how many goods and technologies it owns, beside its reserve,
    and pointing there names them."""
    from client import text
    from client.games.base import DrawContext
    from client.games.imperios_milenarios import panels

    rng = random.Random(players)
    state = GAME.new_game(players, players, {})
    for _ in range(400):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))).state
    view = ImperiosView([f"P{i}" for i in range(players)], [{}] * players)
    view.layout(pygame.Rect(0, 52, 950, 650), 1.0)  # the table beside the log, at 1280×800
    v = GAME.view(state, None)
    view.show(v, None)
    surface = pygame.Surface((1280, 800))
    view.draw(surface, DrawContext())
    for seat, panel in view.lay.panels.items():
        assert "items" not in panel.show and panel.chips.w > 0
        with text.recording() as rec:
            panels.draw_civ(view, surface, panel, {})
        counts = {str(len(v["civs"][seat]["goods"])), str(len(v["civs"][seat]["technologies"]))}
        inside = {p.string for p in rec.placed if panel.chips.contains(p.ink)}
        assert counts <= inside, (seat, counts, inside)
        tip = next(t for r, t in view.tips if r.collidepoint(panel.chips.center))
        assert all(words.item(g) in tip for g in v["civs"][seat]["goods"])


def test_every_refusal_code_of_the_rules_has_its_own_sentence_in_both_languages():
    """Each code the rules refuse with reads as its own sentence, never the generic one."""
    import json
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2]
    source = "".join(p.read_text() for p in (root / "rules" / "imperios_milenarios").glob("*.py"))
    codes = set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', source))
    assert {"nothing_to_conquer", "held_by", "no_rival_there", "acted_area"} <= codes
    for lang in ("en", "es"):
        catalogue = json.loads((root / "assets" / "i18n" / "imperios_milenarios" /
                                f"{lang}.json").read_text(encoding="utf-8"))
        missing = sorted(c for c in codes if f"im.illegal.{c}" not in catalogue
                         and not any(k.startswith(f"im.illegal.{c}.") for k in catalogue))
        assert not missing, (lang, missing)


def test_the_status_line_keeps_the_phase_beside_the_hint_button_in_spanish_at_130():
    """At 1280×800 and 130 % in Spanish, the Hint button leaves the status line too little
    room for "Ronda 2 · fase roja" on one line: it goes on two, broken between its parts, and
    the phase is still read in the bar (it used to be dropped)."""
    from client_harness import Harness

    from client import text

    h = Harness(language="es", ui_scale=1.3)
    try:
        table = start_table(h)
        session = table.session
        for _ in range(400):
            humans = session.humans_to_act()
            if humans and session.view(None)["stage"] == "phase" and not table.timeline.busy:
                break
            if humans:
                table.play(humans[0], session.legal(humans[0])[0])
            h.frames(1)
        h.frames(2)
        assert table.hint_seat() is not None and tr("table.hint") in [
            b.text for b in h.buttons()]
        status = table.view.status()
        parts = status.split(" · ")
        assert len(parts) >= 2
        with text.recording() as rec:
            table.draw(h.app.window)
        assert not any(p.string == status for p in rec.placed)  # not on one line…
        assert parts[0] in rec.shown and " · ".join(parts[1:]) in rec.shown  # …but whole
    finally:
        h.close()


@pytest.mark.parametrize(("language", "scale"), [("es", 1.3), ("en", 1.0)])
def test_a_trades_items_to_give_show_their_value_difference_whole(language, scale):
    """The give step of a trade (item 16's "good" window, in its small steps) lists each
    item with what the difference in value costs: where that does not fit one row (in
    Spanish at 130 %), the rows take two lines and nothing of it is cut; so does the
    list's title."""
    from client_harness import Harness

    from client import text
    from rules.core.saves import GameRecord
    from rules.imperios_milenarios.actions import Give, Receive

    rng = random.Random(5)
    state = GAME.new_game(4, 5, {})
    actions = []
    while GAME.to_act(state):  # a game steered into a trade: declare, let pass, take an item
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if any(isinstance(a, Give) for a in legal):
            break
        steer = [a for a in legal if isinstance(a, Trade | Receive | LetPass)]
        action = rng.choice(steer or legal)
        state = GAME.apply(state, seat, action).state
        actions.append((seat, action))
    else:
        pytest.fail("the steered game ended without reaching a trade's give step")
    kinds = [RANDOM_AI] * 4
    kinds[seat] = HUMAN
    record = GameRecord("imperios_milenarios", default_seats(kinds), 5, {})
    record.actions = actions
    h = Harness(language=language, ui_scale=scale)
    try:
        table = TableScene(h.app, Session(record))
        h.app.push(table)
        h.frames(2)
        assert table.view.view["window"]["kind"] == "trade_give"
        with text.recording() as rec:
            table.draw(h.app.window)
        labels = {table.view._row_label(a) for _r, a in table.view.rows}
        assert labels and all(" · " in label for label in labels)  # item · difference
        placed = [p for p in rec.placed if p.full in labels]
        assert len(placed) == len(labels)
        assert all(p.string.replace("\n", " ") == p.full for p in placed), [
            p.string for p in placed]
        if language == "es":
            assert any("\n" in p.string for p in placed)  # two lines were needed here
        title = table.view._choices_title()[0]
        assert [p.string.replace("\n", " ") for p in rec.placed if p.full == title] == [title]
    finally:
        h.close()
