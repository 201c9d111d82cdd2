"""Fuzzing the two doors where outside data enters the rules: action JSON and save files."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules.core import IllegalAction, SaveError
from rules.core.saves import GameRecord, parse_save

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-50, 50) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def action_like(draw: Any) -> Any:
    game = rules.GAMES[draw(st.sampled_from(sorted(rules.GAMES)))]
    kind = draw(st.sampled_from([*game._codec.types, "nonsense"]))
    extra = draw(st.dictionaries(st.text(max_size=6), json_values, max_size=3))
    return game, {"type": kind, **extra}


@settings(max_examples=300, deadline=None)
@given(action_like())
def test_action_json_is_either_an_action_or_a_clear_refusal(case: Any) -> None:
    game, data = case
    try:
        action = game.action_from_json(data)
    except IllegalAction as exc:
        assert exc.code in {"unknown_action", "malformed_action"}
    else:
        assert game.action_from_json(game.action_to_json(action)) == action


def _valid_save() -> dict[str, Any]:
    game = rules.get_game("kobayakawa")
    state = game.new_game(3, 11)
    log = []
    for _ in range(12):
        (seat,) = game.to_act(state)
        action = game.legal_actions(state, seat)[-1]
        log.append((seat, action))
        state = game.apply(state, seat, action).state
    return GameRecord("kobayakawa", ["a", "b", "c"], 11, {}, log).to_json()


VALID = _valid_save()


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(VALID)), json_values)
def test_a_save_with_any_field_replaced_loads_or_is_refused_cleanly(key: str, value: Any) -> None:
    data = {**VALID, key: value}
    try:
        parse_save(json.dumps(data))
    except SaveError as exc:
        assert exc.code


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_are_refused_as_a_save(blob: bytes) -> None:
    try:
        parse_save(blob)
    except SaveError:
        return
    raise AssertionError("random bytes were accepted as a save")
