"""Coup played in the app by clicking: whole games, shared challenges, a chosen loss, Urbis."""

from __future__ import annotations

import random

import pygame

from client.art import coup as coup_art
from client.i18n import tr
from client.scenes.launch import default_seats
from client.scenes.table import TableScene
from client.session import Session
from rules.coup import Allow, Challenge, Concede, LoseInfluence, NoBlock, Tax

HUMAN = ("human", None)
RANDOM_AI = ("ai", "random")


def start_table(harness, kinds, seed=3, **options):
    session = Session.new("coup", default_seats(kinds), seed, options)
    harness.app.push(TableScene(harness.app, session))
    harness.frames(2)
    return harness.scene


def lift_curtain(harness, table):
    if table.curtain_seat is not None:
        harness.press(tr("curtain.ready", name=table.session.name(table.curtain_seat)))
        assert table.curtain_seat is None


def prompt_buttons(table):
    """The prompt's answer buttons (single actions or shared answers), by label."""
    return {
        button.text: button
        for button, (name, _) in table.buttons.items()
        if name in ("act", "acts") and button.visible and button.is_enabled
    }


def declare_by_clicking(harness, table, kind, target=None):
    """Click an action on the board, then (for coup, assassinate, steal) the target's plate."""
    rows = dict(table.view.board_rows())
    harness.click(rows[kind].center)
    if table.view.choosing:
        harness.click(table.view.spot(target).block.center)


def act_by_clicking(harness, table, rng):
    """One human decision made the way a player would make it."""
    lift_curtain(harness, table)
    humans = table.session.humans_to_act()
    if not humans:
        harness.frames(2)
        return
    seat = humans[0]
    view = table.view
    phase = view.view["phase"]
    legal = table.session.legal(seat)
    if phase == "action":
        kinds = [k for k, _ in view.board_rows() if any(a.type == k for a in legal)]
        kind = rng.choice(kinds)
        targets = [a.target for a in legal if a.type == kind and hasattr(a, "target")]
        declare_by_clicking(harness, table, kind, rng.choice(targets) if targets else None)
    elif phase in ("lose", "exchange"):
        harness.click(rng.choice(view.own_cards())[1].center)
    elif phase == "pick":
        harness.click(rng.choice(view.pick_rects())[1].center)
    else:
        buttons = prompt_buttons(table)
        harness.click(buttons[rng.choice(sorted(buttons))].rect.center)


def test_two_humans_and_an_ai_play_a_whole_game_by_clicking(harness):
    table = start_table(harness, [HUMAN, RANDOM_AI, HUMAN], seed=5)
    rng = random.Random(1)
    for _ in range(2000):
        if table.session.over:
            break
        act_by_clicking(harness, table, rng)
    assert table.session.over
    kinds = {step.action.type for step in table.session.steps}
    assert {"lose_influence"} <= kinds
    harness.frames(3)
    harness.press(tr("table.see_results"))
    assert type(harness.scene).__name__ == "ResultsScene"


def test_two_player_variant_picks_by_clicking_the_cards(harness):
    table = start_table(harness, [HUMAN, RANDOM_AI], seed=2)
    assert table.view.view["phase"] == "pick"
    character, rect = table.view.pick_rects()[2]
    harness.click(rect.center)
    harness.frames(4)
    assert table.session.state.picks[0] == character


def test_one_shared_prompt_asks_every_human_and_becomes_the_rules_sequence(harness):
    table = start_table(harness, [HUMAN, HUMAN, HUMAN, RANDOM_AI], seed=4, start_player=0)
    lift_curtain(harness, table)
    declare_by_clicking(harness, table, "tax")
    assert table.session.steps[-1].action == Tax()
    # The window asks seats 1, 2 (humans), then 3 (AI): one prompt, no curtain, no hand shown.
    assert table.curtain_seat is None and table.session.viewer is None
    names = [table.session.name(q) for q in (1, 2)]
    buttons = prompt_buttons(table)
    expected = {tr("coup.shared.who", name=n, answer=tr("action.coup.challenge")) for n in names}
    assert set(buttons) == expected | {tr("coup.shared.nobody")}
    harness.click(buttons[tr("coup.shared.who", name=names[1], answer="Challenge")].rect.center)
    answers = [(s.seat, s.action) for s in table.session.steps[-2:]]
    assert answers == [(1, Allow()), (2, Challenge())]
    assert table.session.state.phase.value == "prove"


def test_nobody_lets_every_human_pass_then_the_ai_answers(harness):
    table = start_table(harness, [HUMAN, HUMAN, HUMAN, RANDOM_AI], seed=4, start_player=0)
    lift_curtain(harness, table)
    declare_by_clicking(harness, table, "foreign_aid")
    buttons = prompt_buttons(table)
    assert tr("coup.shared.nobody") in buttons
    harness.click(buttons[tr("coup.shared.nobody")].rect.center)
    answers = [(s.seat, s.action) for s in table.session.steps[1:3]]
    assert answers == [(1, NoBlock()), (2, NoBlock())]
    for _ in range(20):
        if len(table.session.steps) > 3:
            break
        harness.frames(2)
    assert table.session.steps[3].seat == 3


def test_the_loser_clicks_the_card_to_turn_face_up(harness):
    table = start_table(harness, [HUMAN, HUMAN, RANDOM_AI], seed=8, start_player=0)
    lift_curtain(harness, table)
    declare_by_clicking(harness, table, "tax")
    buttons = prompt_buttons(table)
    challenge = tr("action.coup.challenge")
    harness.click(buttons[challenge].rect.center)  # seat 1 alone before the AI: no names
    lift_curtain(harness, table)  # the claimant decides in private whether to show the card
    harness.click(prompt_buttons(table)[tr("action.coup.concede")].rect.center)
    assert table.session.steps[-1].action == Concede()
    lift_curtain(harness, table)
    assert table.session.state.phase.value == "lose"
    hand = list(table.session.state.hidden[0])
    card, rect = table.view.own_cards()[1]
    assert card == hand[1]
    harness.click(rect.center)
    assert table.session.steps[-1].action == LoseInfluence(card)
    assert list(table.session.state.revealed[0]) == [card]


def test_urbis_changes_names_and_art_never_the_rules(harness):
    classic = Session.new("coup", default_seats([RANDOM_AI] * 4), 11, {"theme": "classic"})
    urbis = Session.new("coup", default_seats([RANDOM_AI] * 4), 11, {"theme": "urbis"})
    rng = random.Random(3)
    for _ in range(60):
        if classic.over:
            break
        seat = classic.to_act()[0]
        action = rng.choice(classic.legal(seat))
        assert urbis.legal(seat) == classic.legal(seat)
        classic.apply(seat, action)
        urbis.apply(seat, action)
        plain = {k: v for k, v in urbis.view(None).items() if k != "theme"}
        assert plain == {k: v for k, v in classic.view(None).items() if k != "theme"}
    harness.app.push(TableScene(harness.app, urbis))
    harness.frames(3)
    table = harness.scene
    assert table.view.theme == "urbis"
    size = (90, 126)
    a = coup_art.card_face("captain", size, "classic")
    b = coup_art.card_face("captain", size, "urbis")
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    assert coup_art.card_back(size, "urbis").get_flags() & pygame.SRCALPHA


def test_urbis_names_follow_the_players_language():
    from client import i18n

    i18n.set_language("es")
    try:
        assert tr("coup.card.urbis.captain") == "Capitana"
        assert tr("coup.card.classic.captain") == "Capitán"
        assert tr("option.coup.theme.urbis").startswith("Urbis")
    finally:
        i18n.set_language("en")


def test_setup_shows_coups_options_and_starts_an_urbis_table(harness):
    from client.scenes.setup import SetupScene

    harness.app.push(SetupScene(harness.app))
    harness.frames(2)
    setup = harness.scene
    harness.press(f"Coup  ·  {tr('setup.players_range', lo=2, hi=6)}  ·  15–20 min")
    options = {arg[0]: (w, arg) for w, (name, arg) in setup.widgets.items() if name == "option"}
    assert set(options) == {"two_player_variant", "theme"}
    menu, (_, _, labels) = options["theme"]
    assert labels == [tr("option.coup.theme.classic"), tr("option.coup.theme.urbis")]
    harness.click(menu.rect.center)
    harness.frames(3)
    items = menu.current_state.options_selection_list.item_list
    urbis = next(i for i in items if i["text"] == tr("option.coup.theme.urbis"))
    harness.click(urbis["button_element"].rect.center)
    harness.frames(5)
    assert setup.options == {"theme": "urbis"}
    harness.press(tr("setup.start"))
    table = harness.scene
    assert table.session.record.options["theme"] == "urbis"
    assert table.view.theme == "urbis"


def test_coins_and_cards_animate_and_a_click_skips_them(harness):
    harness.app.settings.animation_speed = 1.0
    table = start_table(harness, [HUMAN, RANDOM_AI, RANDOM_AI], seed=6, start_player=0)
    declare_by_clicking(harness, table, "income")
    assert table.timeline.busy  # the coin flies from the treasury to the player
    kinds = {t.kind for t in table.timeline.queue}
    assert "fly" in kinds
    harness.frames(3)  # drawn part-way through: the count changes when the coin lands
    assert table.view._count(0) == 2 and table.session.state.coins[0] == 3
    harness.click((5, 400))  # any click lands everything at once
    assert not table.timeline.busy
    harness.frames(1)
    assert table.view._count(0) == 3
    rng = random.Random(2)
    for _ in range(200):
        if table.session.over or len(table.session.steps) > 30:
            break
        if table.timeline.busy:
            harness.frames(4)
        else:
            act_by_clicking(harness, table, rng)
    assert len(table.session.steps) > 10


def test_every_character_has_its_own_face_in_each_theme_cached_with_alpha():
    import pytest

    size = (72, 101)
    for theme in ("classic", "urbis"):
        faces = [coup_art.card_face(c, size, theme) for c in coup_art.CHARACTERS]
        pixels = {pygame.image.tobytes(f, "RGBA") for f in faces}
        assert len(pixels) == 5
        assert all(f.get_size() == size and f.get_flags() & pygame.SRCALPHA for f in faces)
        assert coup_art.card_face("duke", size, theme) is faces[0]
        assert coup_art.coin(12, theme).get_size() == (24, 24)
    with pytest.raises(ValueError):
        coup_art.card_face("jester", size)


def test_escape_takes_back_a_half_chosen_target(harness):
    table = start_table(harness, [HUMAN, RANDOM_AI, RANDOM_AI], seed=6, start_player=0)
    harness.click(dict(table.view.board_rows())["steal"].center)
    assert table.view.choosing == "steal"
    harness.key(pygame.K_ESCAPE)
    assert table.view.choosing is None and not table.session.steps
    assert table.view.tip_at(dict(table.view.board_rows())["tax"].center)


def test_every_coup_sentence_exists_in_spanish_and_english_with_the_same_fields():
    import json
    import string

    from client import resources

    folder = resources.asset("i18n", "coup")
    es = json.loads((folder / "es.json").read_text(encoding="utf-8"))
    en = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    assert set(es) == set(en)

    def fields(text):
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    assert [k for k in en if fields(en[k]) != fields(es[k])] == []
    codes = ["wrong_window", "must_coup", "not_enough_coins", "no_such_target"]
    codes += ["cannot_target_self", "target_eliminated", "cannot_block", "card_not_held"]
    assert all(f"illegal.{code}" in en for code in [*codes, "already_picked"])


def test_an_exchange_tags_the_cards_drawn_and_returns_them_by_clicking(harness):
    table = start_table(harness, [HUMAN, HUMAN, HUMAN], seed=4, start_player=0)
    lift_curtain(harness, table)
    declare_by_clicking(harness, table, "exchange")
    harness.click(prompt_buttons(table)[tr("coup.shared.nobody")].rect.center)
    lift_curtain(harness, table)
    hand = list(table.session.state.hidden[0])
    assert len(hand) == 4 and table.view.drawn == hand[2:]
    _, rect = table.view.own_cards()[3]
    harness.click(rect.center)
    assert table.session.steps[-1].action.type == "return_card"
    assert len(table.view.drawn) == 1
    _, rect = table.view.own_cards()[0]
    harness.click(rect.center)
    assert table.session.state.phase.value != "exchange"
    assert len(table.session.state.hidden[0]) == 2 and table.view.drawn == []


def test_number_keys_choose_on_the_action_board_then_the_target(harness):
    """The README's 1–9 work on Coup's board too: a row's number declares it (or opens its
    targets), then the targets take the numbers; each number is drawn on what it presses."""
    table = start_table(harness, [HUMAN, RANDOM_AI, RANDOM_AI], seed=6, start_player=0)
    lift_curtain(harness, table)
    legal = table.session.legal(0)
    spots = table._key_spots()
    kinds = [kind for kind, rect in table.view.board_rows() if rect in spots]
    assert kinds and kinds == [k for k, _r in table.view.board_rows()
                               if any(a.type == k for a in legal)]
    harness.key(pygame.K_1 + kinds.index("steal"))
    assert table.view.choosing == "steal"
    targets = table._key_spots()
    assert len(targets) == 3  # two rivals, then "back"
    harness.key(pygame.K_1)
    last = table.session.steps[0]
    assert (last.seat, last.action.type, last.action.target) == (0, "steal", 1)
