"""Kobayakawa's showdown on the table: the revealed cards and a round-result panel stay up,
and the next round's question waits, until a click or the panel's generous time."""

from __future__ import annotations

from test_client_play import start_table

from client.games.kobayakawa.view import RESULT_HOLD
from client.i18n import set_language, tr


def play_to_a_showdown(harness, table):
    """The human always fights, the AI seats play; stop as a showdown is held up while
    the human is the one to answer next (the question that must wait)."""
    harness.app.settings.animation_speed = 1.0
    for _ in range(3000):
        if table._holding() and table.session.humans_to_act():
            return next(t for t in table.timeline.queue if t.kind == "result")
        assert not table.session.over, "the game ended without a showdown"
        if table.timeline.busy:
            table.timeline.skip()
        elif table.session.humans_to_act():
            seat = table.session.humans_to_act()[0]
            legal = table.session.legal(seat)
            table.play(seat, next((a for a in legal if a.type == "fight"), legal[0]))
        harness.frames(1)
    raise AssertionError("no showdown came")


def prompt_buttons(table):
    return [b for b, (name, _arg) in table.buttons.items() if name in ("act", "acts")]


def showdown_words(table):
    """What the panel must say, from the round's record in the rules' history."""
    record = table.session.view(None)["history"][-1]
    value = record["kobayakawa"]
    cards = dict((q, c) for q, c in record["revealed"])
    low = min(cards.values())
    said = {q: (f"{c} + {value} = {c + value}" if c == low else str(c)) for q, c in cards.items()}
    total = {q: c + (value if c == low else 0) for q, c in cards.items()}
    winner = record["winner"]
    best = max((q for q in cards if q != winner), key=lambda q: total[q])
    key = "koba.result.ties" if total[best] == total[winner] else "koba.result.beats"
    return tr(key, a=said[winner], b=said[best]), winner


def test_a_showdown_holds_its_result_and_the_next_question_until_a_click(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=4)
    result = play_to_a_showdown(harness, table)
    line, winner = showdown_words(table)
    assert result.data["result"]["line"] == line  # e.g. «3 + 12 = 15 beats 14»
    assert table.session.name(winner) in result.data["result"]["title"]
    harness.frames(3)  # it draws, the cards face up beside it
    assert table._prompt_seats() == [] and prompt_buttons(table) == []
    assert table.ctx.legal == []  # no gesture on the table plays either
    harness.frames(30, dt=0.1)  # three seconds: still there, unread
    assert table._holding() and prompt_buttons(table) == []
    harness.click(table.table_rect.center)
    assert not table._holding()
    harness.frames(2)
    assert prompt_buttons(table)  # the next round's question is live now
    assert table.ctx.legal == table.session.legal(table.session.humans_to_act()[0])


def test_the_showdown_lets_go_after_its_time_and_then_the_game_goes_on(harness):
    table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=4)
    play_to_a_showdown(harness, table)
    harness.frames(int(RESULT_HOLD) + 4, dt=1.0)
    assert not table._holding()
    assert prompt_buttons(table)


def test_the_round_result_reads_in_spanish_too(harness):
    set_language("es")
    try:
        table = start_table(harness, [("human", None), ("ai", "easy"), ("ai", "easy")], seed=4)
        result = play_to_a_showdown(harness, table)
        words = result.data["result"]
        assert words["title"].startswith("Ronda ") and " gana " in words["title"]
        assert " vence a " in words["line"] or " empata con " in words["line"]
        harness.frames(2)
    finally:
        set_language("en")
