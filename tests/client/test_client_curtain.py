"""Hot seat: a move's animation plays in the public view before the next curtain rises."""

from __future__ import annotations

from test_client_play import start_table

from client.i18n import tr


def lift(harness, table):
    if table.curtain_seat is not None:
        harness.press(tr("curtain.ready", name=table.session.name(table.curtain_seat)))


def test_the_curtain_rises_only_after_the_moves_animation(harness):
    harness.app.settings.animation_speed = 1.0
    table = start_table(harness, [("human", None)] * 3)
    deferred = 0
    for _ in range(30):
        while table.timeline.busy:
            harness.frames(1)
        lift(harness, table)
        seat = table.session.humans_to_act()[0]
        mover_saw = table.session.view(seat)
        action = table.session.legal(seat)[0]
        table.play(seat, action)
        if table.curtain_next is None:
            continue
        deferred += 1
        # The move plays out on the open table, showing nobody's hidden cards...
        assert table.curtain_seat is None and table.timeline.busy
        assert table.view.viewer is None
        assert table.view.view == table.session.view(None) != mover_saw
        assert table._prompt_seats() == [] and table.hint_seat() is None
        nxt = table.curtain_next
        for _ in range(600):
            if not table.timeline.busy:
                break
            harness.frames(1)
        harness.frames(1)
        # ...then the curtain names the next human.
        assert table.curtain_seat == nxt and table.curtain_next is None
        if deferred >= 3:
            break
    assert deferred >= 3


def test_with_animations_off_the_curtain_rises_at_once(harness):
    table = start_table(harness, [("human", None)] * 3)
    lift(harness, table)
    for _ in range(30):
        seat = table.session.humans_to_act()[0]
        table.play(seat, table.session.legal(seat)[0])
        assert table.curtain_next is None
        if table.curtain_seat is not None:
            return
    raise AssertionError("no curtain came")


def test_in_a_game_with_nothing_hidden_the_human_deciding_may_ask_a_hint_and_undo(harness):
    """Carolus Magnus at a hot seat: no curtain ever, yet the human on turn is the
    table's viewer, so the Hint and Undo work for them as when they play alone."""
    from client.scenes.launch import default_seats
    from client.scenes.table import TableScene
    from client.session import Session

    session = Session.new("carolus_magnus", default_seats([("human", None)] * 2), 5, {})
    harness.app.push(TableScene(harness.app, session))
    harness.frames(2)
    table = harness.scene
    undone = False
    for _ in range(60):
        while table.timeline.busy:
            harness.frames(1)
        assert table.curtain_seat is None
        seat = table.session.humans_to_act()[0]
        assert table.session.viewer == seat and table.hint_seat() == seat
        before = len(table.session.record.actions)
        table.play(seat, table.session.legal(seat)[0])
        if table.session.over:
            break
        if table.session.humans_to_act() == [seat] and table._undo_allowed():
            table.session.undo()
            assert len(table.session.record.actions) == before
            undone = True
            break
    assert undone, "no own move of a human could be taken back"
