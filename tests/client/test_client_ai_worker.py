"""AI seats think in a spawned process and answer with an action's JSON."""

from __future__ import annotations

import time

import rules
from client.ai_worker import AIWorker, build_agent, think
from client.scenes.launch import default_seats
from client.session import Session


def new_session():
    return Session.new("kobayakawa", default_seats([("ai", "easy")] * 4), 5, {})


def test_the_worker_process_answers_with_a_legal_action():
    session = new_session()
    seat = session.to_act()[0]
    worker = AIWorker()
    try:
        job = worker.submit(session.record.to_json(), seat, "easy", 1)
        answer = None
        deadline = time.monotonic() + 60  # a guard against a hang, not a speed assertion
        while answer is None and time.monotonic() < deadline:
            answer = worker.poll()
            time.sleep(0.05)
        assert answer is not None and answer["job"] == job
        action = session.game.action_from_json(answer["action"])
        assert action in session.legal(seat)
    finally:
        worker.close()
    assert not worker.alive


def test_a_cancelled_answer_is_dropped():
    session = new_session()
    worker = AIWorker()
    try:
        worker.submit(session.record.to_json(), session.to_act()[0], "easy", 1)
        worker.cancel()
        time.sleep(0.5)
        assert worker.poll() is None and not worker.busy
    finally:
        worker.close()


def test_unknown_levels_fall_back_to_the_random_agent():
    agent = build_agent("no_such_level", 3)
    assert agent.name == "random"
    session = new_session()
    answer = think(
        {
            "job": 7,
            "record": session.record.to_json(),
            "seat": session.to_act()[0],
            "level": "no_such_level",
            "seed": 3,
        }
    )
    assert answer["job"] == 7
    assert rules.get_game("kobayakawa").action_from_json(answer["action"])
