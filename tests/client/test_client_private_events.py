"""What only one seat may see, when it happens during a public question, waits for that
seat: its log and its animations show it once its curtain is lifted."""

from __future__ import annotations

from test_coup_client import HUMAN, lift_curtain, start_table

from rules import visible_events
from rules.coup import Allow, Exchange


def test_a_coup_exchange_drawn_during_a_public_window_waits_for_the_actor(harness):
    table = start_table(harness, [HUMAN] * 3)
    lift_curtain(harness, table)
    actor = table.session.to_act()[0]
    assert table.play(actor, Exchange())
    # Nobody's cards show while the others decide whether to challenge.
    assert table.session.viewer is None and table.curtain_seat is None
    while table.session.to_act() != (actor,):
        seat = table.session.to_act()[0]
        assert table.play(seat, Allow())
    drawn_event = next(
        ev for ev in table.session.steps[-1].transition.events if ev["type"] == "exchange_cards"
    )
    # The draw was played with nobody looking: the actor has not been shown it yet...
    assert drawn_event in table.session.unseen[actor]
    others = [s for s in range(3) if s != actor]
    assert all(drawn_event not in table.session.unseen[s] for s in others)
    assert all(drawn_event not in [ev for _, ev in table.session.events(s)] for s in others)
    assert table.curtain_seat == actor
    harness.app.settings.animation_speed = 1.0
    lift_curtain(harness, table)
    # ...and once they look, their log tells it and the new cards are tagged.
    assert table.session.unseen[actor] == []
    cards = table.view.describe(drawn_event)
    assert cards and any(entry.text == cards for entry in table.log.entries)
    assert sorted(table.view.drawn) == sorted(drawn_event["drawn"])
    assert table.view._fresh_slots(table.view.view["hand"])
    harness.frames(3)


def test_each_seat_keeps_its_own_log(harness):
    table = start_table(harness, [HUMAN] * 3)
    session = table.session
    for seat in range(3):
        expected = [
            (i, ev)
            for i, step in enumerate(session.steps)
            for ev in visible_events(step.transition.events, seat)
        ]
        assert session.events(seat) == expected
