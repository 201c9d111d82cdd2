"""Magnate played in the app with the mouse: drags onto districts, deeds, the discards, the bank."""

from __future__ import annotations

import random

import pygame
import pytest
from client_harness import Harness

from client import text
from client.art.dice import DiceFace, DieKind, die_face, numbered
from client.games.magnate.panels import SUITS
from client.i18n import tr
from client.scenes.launch import default_seats
from client.scenes.table import TableScene
from client.session import Session
from client.widgets.dice import DiceTray
from rules import IllegalAction
from rules.magnate import BuyDeed, Develop, DevelopDeed, Draw, Roll, Sell, TakeIncome, Trade
from rules.magnate.components import DISTRICT_IDS

HUMAN = ("human", None)
RANDOM_AI = ("ai", "random")


def start_table(harness, session):
    harness.app.push(TableScene(harness.app, session))
    harness.frames(2)
    return harness.scene


def new_session(kinds, seed=3):
    return Session.new("magnate", default_seats(kinds), seed, {"start_player": 0})


def drag(harness, start, end):
    """Press at `start`, move in two steps, release at `end`: the input layer's drag and drop."""
    start, end = (int(start[0]), int(start[1])), (int(end[0]), int(end[1]))
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    harness.frames(1)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    harness.frames(1)
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (middle, end):
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        harness.frames(1)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    harness.frames(2)


def lift_curtain(harness, table):
    if table.curtain_seat is not None:
        harness.press(tr("curtain.ready", name=table.session.name(table.curtain_seat)))


def hand_rect(table, card):
    return next(rect for c, rect in table.view.hand_rects() if c == card)


def district_spot(table, district):
    return table.view.table.columns[DISTRICT_IDS.index(district)].district.center


def choose(harness, table, action):
    """Click the chooser's line for `action` (through a first step when it has one)."""
    chooser = table.view.chooser
    assert chooser is not None, "a chooser should be open"
    for option, rect in zip(chooser.options, chooser.rects, strict=True):
        if option.action == action or (
            option.then and any(o.action == action for o in option.then)
        ):
            harness.click(rect.center)
            if table.view.chooser is not None:
                choose(harness, table, action)
            return
    raise AssertionError(f"{action} is not offered")


def perform(harness, table, seat, action):
    """Make one decision the way a player would: buttons, drags, clicks on the table."""
    view = table.view
    if isinstance(action, (Roll, Draw, TakeIncome)) or action.type == "end_turn":
        harness.press(view.action_label(action))
    elif isinstance(action, (Develop, BuyDeed)):
        start, end = hand_rect(table, action.card).center, district_spot(table, action.district)
        if len(table.session.steps) % 2:
            drag(harness, start, end)
        else:  # the other way: click the card, then the district
            harness.click(start)
            assert view.held == ("card", action.card)
            harness.click(end)
        if view.chooser is not None:
            choose(harness, table, action)
    elif isinstance(action, Sell):
        drag(harness, hand_rect(table, action.card).center, view.table.discard.center)
    elif isinstance(action, DevelopDeed):
        deed = view.deed_rect(seat, DISTRICT_IDS.index(action.district))
        drag(harness, view.token_slot(seat, action.suit).center, deed.center)
    elif isinstance(action, Trade):
        harness.click(view.table.bank.center)
        choose(harness, table, action)
    else:  # pragma: no cover - every Magnate action is covered above
        raise AssertionError(action)


def test_a_game_against_a_random_ai_played_with_the_mouse(harness):
    table = start_table(harness, new_session([HUMAN, RANDOM_AI]))
    rng = random.Random(5)
    moves = 0
    while not table.session.over and moves < 80:
        humans = table.session.humans_to_act()
        if not humans:
            harness.frames(2)
            continue
        seat = humans[0]
        legal = table.session.legal(seat)
        builds = [a for a in legal if isinstance(a, (Develop, BuyDeed, DevelopDeed, Trade))]
        action = rng.choice(builds) if builds and rng.random() < 0.7 else rng.choice(legal)
        before = len(table.session.steps)
        perform(harness, table, seat, action)
        assert len(table.session.steps) > before, table.error
        assert table.session.steps[before].action == action  # the AI may answer at once
        moves += 1
    assert table.session.state.turn > 6
    kinds = {step.action.type for step in table.session.steps if step.seat == 0}
    assert {"roll", "draw"} <= kinds and kinds & {"develop", "buy_deed", "sell"}


def reach_play_phase(harness, table):
    """Roll by the button and answer any deed income, until the card play is open."""
    lift_curtain(harness, table)
    seat = table.session.humans_to_act()[0]
    while table.session.state.phase.value != "play":
        action = table.session.legal(seat)[0]
        harness.press(table.view.action_label(action))
    return seat


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_card_dropped_on_an_illegal_district_snaps_back_and_says_why(data_dir, language):
    harness = Harness(language=language)
    try:
        table = start_table(harness, new_session([HUMAN, RANDOM_AI], seed=11))
        seat = reach_play_phase(harness, table)
        legal = table.session.legal(seat)
        state = table.session.state
        tries = [
            (card, district)
            for card in state.hands[seat]
            for district in DISTRICT_IDS
            if not any(
                isinstance(a, (Develop, BuyDeed)) and (a.card, a.district) == (card, district)
                for a in legal
            )
        ]
        card, district = tries[0]
        meant = table.view._closest_try(card, district)
        with pytest.raises(IllegalAction) as refused:
            table.session.game.apply(state, seat, meant)
        drag(harness, hand_rect(table, card).center, district_spot(table, district))
        assert table.session.state is state  # nothing was played
        assert table.error == table.view.refusal(refused.value)
        assert table.error and "{" not in table.error and "illegal." not in table.error
        assert table.view.held is None and table.view.snap is not None
        assert card in table.session.state.hands[seat]
    finally:
        harness.close()


def play_until(session, wanted, rng):
    """Drive both seats straight through the rules until the human may take a `wanted` action."""
    for _ in range(400):
        seat = session.to_act()[0]
        legal = session.legal(seat)
        if seat == 0 and any(isinstance(a, wanted) for a in legal):
            return
        deeds = [a for a in legal if isinstance(a, BuyDeed)]
        action = deeds[0] if deeds and seat == 0 else rng.choice(legal)
        session.apply(seat, action)
    raise AssertionError("the position never came")


def test_dragging_a_token_onto_a_deed_develops_it(harness):
    session = new_session([HUMAN, RANDOM_AI], seed=4)
    play_until(session, DevelopDeed, random.Random(2))
    table = start_table(harness, session)
    lift_curtain(harness, table)
    step = next(a for a in table.session.legal(0) if isinstance(a, DevelopDeed))
    d = DISTRICT_IDS.index(step.district)
    before = table.session.state.deeds[0][d]
    tokens = table.session.state.tokens[0][:]
    drag(harness, table.view.token_slot(0, step.suit).center, table.view.deed_rect(0, d).center)
    assert table.session.steps[-1].action == step
    state = table.session.state
    assert sum(state.tokens[0]) == sum(tokens) - 1
    assert state.deeds[0][d] in (before + 1, -1)  # one more token, or complete


def test_a_token_dropped_where_there_is_no_deed_is_refused(harness):
    session = new_session([HUMAN, RANDOM_AI], seed=4)
    play_until(session, DevelopDeed, random.Random(2))
    table = start_table(harness, session)
    lift_curtain(harness, table)
    state = table.session.state
    suits = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
    suit = next(s for s, n in zip(suits, state.tokens[0], strict=True) if n)
    empty = next(d for d in range(5) if state.deeds[0][d] == -1)
    drag(harness, table.view.token_slot(0, suit).center,
         table.view.table.columns[empty].district.center)
    assert table.session.state is state
    assert table.error == tr("illegal.no_deed_here",
                             district=tr(f"card.{DISTRICT_IDS[empty]}"))


def test_the_dice_land_on_the_rules_roll(harness):
    table = start_table(harness, new_session([HUMAN, RANDOM_AI], seed=8))
    for _ in range(6):  # a few of the human's rolls: the d6 shows only when a 1 does
        lift_curtain(harness, table)
        while not table.session.humans_to_act():
            harness.frames(2)
        seat = table.session.humans_to_act()[0]
        if table.session.state.phase.value != "roll":
            legal = table.session.legal(seat)
            order = ("draw", "end_turn", "sell", "take_income")
            table.play(seat, min(legal, key=lambda a: order.index(a.type)
                                 if a.type in order else len(order)))
            continue
        harness.press(table.view.action_label(Roll()))
        dice = list(table.session.state.dice)
        tray = table.view.tray
        assert tray.values() == dice
        assert tray.shown(at=tray.duration) == dice
        assert len(dice) == (3 if 1 in dice[:2] else 2)


def test_the_dice_tray_tumbles_and_settles_on_the_given_values():
    d10 = numbered("d10", 10, shape="kite")
    clans = [DiceFace(colour=c) for c in [(200, 40, 40), (40, 90, 200), (240, 210, 60)]]
    colours = DieKind("clan", (*clans, DiceFace(label="K")))
    tray = DiceTray(size=48)
    tray.place((200, 100))
    tray.roll([(d10, 7), (d10, 1), (colours, 4)])
    seen = set()
    surface = pygame.Surface((400, 200), pygame.SRCALPHA)
    while tray.rolling:
        seen.add(tuple(tray.shown()))
        tray.draw(surface)
        tray.update(1 / 60)
    assert len(seen) > 3  # several faces went by
    assert tray.shown() == [7, 1, 4] == tray.values()
    tray.roll([(d10, 10), (d10, 2)])
    tray.skip()
    assert tray.shown() == [10, 2] and not tray.rolling
    assert die_face(colours, 2, 40).get_at((20, 20))[:3] != die_face(colours, 1, 40).get_at(
        (20, 20)
    )[:3]
    with pytest.raises(ValueError):
        tray.roll([(d10, 11)])


def test_two_humans_each_see_their_own_hand_and_answer_deed_income_in_public(harness):
    table = start_table(harness, new_session([HUMAN, HUMAN], seed=9))
    rng = random.Random(3)
    seen = set()
    public = 0
    for _ in range(120):
        lift_curtain(harness, table)
        seat = table.session.humans_to_act()[0]
        view = table.view
        if seat != table.session.state.active:  # a deed's income, chosen in public
            assert table.session.viewer is None and view.view["hand"] is None
            public += 1
        else:
            assert view.bottom == seat == table.session.viewer
            hand = [card for card, _ in view.hand_rects()]
            assert hand == table.session.state.hands[seat]  # own cards, face up
            assert view.view["seat"] == seat  # the view drawn is this seat's, nobody else's
            seen.add(seat)
        legal = table.session.legal(seat)
        perform(harness, table, seat, rng.choice(legal))
    assert seen == {0, 1} and public  # (seed 9 has a few deed incomes for the other player)


def test_the_decktet_is_drawn_by_code_one_look_per_kind_and_cached():
    from client.art import decktet

    colours = set(decktet.SUIT_COLOURS.values())
    assert len(colours) == 6
    symbols = [pygame.image.tobytes(decktet.suit_symbol(s, 32), "RGBA") for s in decktet.SUITS]
    assert len(set(symbols)) == 6
    faces = {
        "ace": decktet.card_face("ace", 1, ("waves",), "Ace", (80, 112)),
        "number": decktet.card_face("number", 4, ("waves", "leaves"), "Sailor", (80, 112)),
        "crown": decktet.card_face("crown", 10, ("wyrms",), "Calamity", (80, 112)),
        "pawn": decktet.card_face("pawn", 0, ("moons", "wyrms", "knots"), "Watchman", (80, 112)),
        "excuse": decktet.card_face("excuse", 0, (), "Excuse", (80, 112)),
    }
    for face in faces.values():
        assert face.get_size() == (80, 112) and face.get_flags() & pygame.SRCALPHA
    assert len({pygame.image.tobytes(f, "RGBA") for f in faces.values()}) == 5
    assert decktet.card_back((80, 112)) is decktet.card_back((80, 112))
    assert decktet.card_face("ace", 1, ("waves",), "Ace", (80, 112)) is faces["ace"]
    with pytest.raises(ValueError):
        decktet.suit_symbol("cups", 20)


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_refusal_reads_as_a_sentence(language):
    from client import i18n
    from client.games.magnate.view import MagnateView

    i18n.set_language(language)
    view = MagnateView(["Ana", "Bruno"], default_seats([HUMAN, HUMAN]))
    session = new_session([HUMAN, HUMAN], seed=12)
    game, rng, codes = session.game, random.Random(4), set()
    for _ in range(60):
        seat = session.to_act()[0]
        legal = session.legal(seat)
        for action in game.action_space(session.state):
            if action in legal:
                continue
            exc = game.explain_illegal(session.state, seat, action)
            sentence = view.refusal(exc)
            codes.add(exc.code)
            assert "{" not in sentence and exc.code not in sentence, (exc, sentence)
        session.apply(seat, rng.choice(legal))
    assert {"roll_first", "suit_mismatch", "cannot_afford", "one_card_per_turn"} <= codes
    i18n.set_language("en")


def test_a_card_play_can_be_undone_from_the_table(harness):
    table = start_table(harness, new_session([HUMAN, RANDOM_AI], seed=11))
    seat = reach_play_phase(harness, table)
    play = next(a for a in table.session.legal(seat) if isinstance(a, (Develop, BuyDeed, Sell)))
    perform(harness, table, seat, play)
    assert play.card not in table.session.state.hands[seat]
    harness.press(tr("table.undo"))
    assert play.card in table.session.state.hands[seat]
    assert play.card in [card for card, _ in table.view.hand_rects()]
    assert table.view.held is None and table.view.chooser is None


def test_a_hinted_play_lights_where_it_goes_on_the_table(harness, monkeypatch):
    """The Hint's line names the piece; the table rings the place it goes: the district a
    card is built or deeded in, the discard pile for a sale, the deed, the bank."""
    table = start_table(harness, new_session([HUMAN, RANDOM_AI], seed=57))
    seat = reach_play_phase(harness, table)
    view = table.view
    legal = table.session.legal(seat)
    columns = view.table.columns
    for action in legal:
        rect = view.hint_rect(action)
        if isinstance(action, (Develop, BuyDeed)):
            col = columns[DISTRICT_IDS.index(action.district)]
            assert rect.contains(col.district) and rect.contains(col.areas[seat])
        elif isinstance(action, Sell):
            assert rect == view.table.discard
        elif isinstance(action, Trade):
            assert rect == view.table.bank
        elif isinstance(action, DevelopDeed):
            assert rect == view.deed_rect(seat, DISTRICT_IDS.index(action.district))
        else:  # drawing and ending the turn are the prompt's buttons, which glow instead
            assert rect is None
    assert any(isinstance(a, (Develop, BuyDeed)) for a in legal)
    rings = []
    monkeypatch.setattr("client.scenes.table.draw_ring",
                        lambda surface, rect, scale, now: rings.append(rect) or rect)
    harness.press(tr("table.hint"))
    hint = table.hints.current(table.session, seat)
    assert hint is not None
    harness.frames(2)
    expected = view.hint_rect(hint.action)
    assert (rings[-1] == expected) if expected is not None else not rings


def drawn_counters(table):
    """The token counters (×n) the table draws now, both strips, in drawing order."""
    surface = pygame.Surface(table.app.size)
    with text.recording() as rec:
        table.draw(surface)
    return [p.string for p in rec.placed if p.string.startswith("×")]


def counters_of(view, table):
    return [f"×{view['tokens'][seat].get(suit, 0)}"
            for seat in (table.view.top, table.view.bottom) for suit in SUITS]


def test_a_roll_shows_its_tokens_and_log_line_when_the_dice_land(harness):
    """The dice tumble first; what they bring (tokens, the log's line) shows as they land,
    and the next question waits for them (the table's `holds_state`)."""
    table = start_table(harness, new_session([HUMAN, RANDOM_AI], seed=2))
    harness.app.settings.animation_speed = 1.0
    lift_curtain(harness, table)
    seat = table.session.humans_to_act()[0]
    assert table.session.state.phase.value == "roll"
    before = table.session.view(seat)
    harness.press(table.view.action_label(Roll()))
    after = table.session.view(seat)
    assert after["tokens"] != before["tokens"]  # this roll pays someone
    events = table.session.steps[-1].transition.events
    lines = [table.view.describe(ev) for ev in events if ev["type"] in ("dice_rolled", "income")]
    assert lines and all(lines)
    assert table.view.tray.rolling
    for _ in range(3):  # while the dice tumble: the old counters, no line yet, no question
        assert drawn_counters(table) == counters_of(before, table)
        assert not any(line in [e.text for e in table.log.entries] for line in lines)
        assert not [b for b, (name, _a) in table.buttons.items() if name == "act"]
        harness.frames(5)
    for _ in range(200):
        if not table.timeline.busy:
            break
        harness.frames(1)
    assert not table.timeline.busy
    assert drawn_counters(table) == counters_of(after, table)
    log = [e.text for e in table.log.entries]
    assert all(line in log for line in lines)
    harness.frames(40)  # and once landed the dice are still: nothing to redraw every frame
    assert not table.view.animating()
