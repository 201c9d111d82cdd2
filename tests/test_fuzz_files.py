"""Fuzzing the files Tablero opens: real saves mutated every way a disk or a hand can.

Each case writes a mutated save and opens it through the one door the app and
`python -m rules replay` share (`read_save_file`) and through the command line
itself. The contract: the save loads (and then round-trips), or it is refused
with a `SaveError` whose sentence is one short line; never another exception,
never a traceback, and the file is byte-identical afterwards.

`make test` runs a few hundred cases; `make bench` runs the same cases by the
thousand (`build_scripts/bench_fuzz.py`, through `run_cases`) and reports the
count of cases and of failures.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import stat
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.cli import describe
from rules.cli import main as cli_main
from rules.core import SaveError
from rules.core.saves import GameRecord, load_save, read_save_file

MESSAGE_LIMIT = 300


def _seat(name: str, kind: str, colour: int) -> dict[str, Any]:
    return {"name": name, "kind": kind, "level": "normal" if kind == "ai" else None,
            "colour": colour}


def _real_save(game_id: str, players: int, seed: int, moves: int) -> dict[str, Any]:
    """A save as the app writes it: seat dicts, and `moves` random legal actions."""
    game = rules.get_game(game_id)
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    log = []
    for _ in range(moves):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        action = rng.choice(game.legal_actions(state, seat))
        log.append((seat, action))
        state = game.apply(state, seat, action).state
    seats = [_seat(f"Player {i + 1}", "human" if i == 0 else "ai", i) for i in range(players)]
    return GameRecord(game_id, seats, seed, {}, log, rules.__version__).to_json()


BASES = [
    _real_save(game_id, players, seed, moves)
    for game_id, players, seed, moves in (("kobayakawa", 3, 11, 14), ("coup", 2, 4, 10))
    if game_id in rules.GAMES
]

HOSTILE_NAMES = [
    "", " ", "\x00", "Ana\x00", "\n", "tab\there", "\u202eevil", "\ud800", "\udfff",
    "x" * 19, "x" * 10_000, "x" * 100_000, "\u2028", "\ufffe", "\U0010ffff",
]
FINE_NAMES = ["Ana", "x" * 18, "Zoë", "山田", "👩‍👩‍👧", " padded "]
ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 1.0, 2**31, "", "1", "x" * 200, [], {}, [1], {"a": 1},
]
NUMBER_LITERALS = ["1" + "0" * 40, "9" * 5000, "-" + "9" * 4301, "1e999", "-1e999", "NaN",
                   "Infinity", "-Infinity", "1." + "0" * 100, "1e-999"]


def _dumps(data: Any) -> bytes:
    """UTF-8 JSON as the app writes it; a lone surrogate goes in as a `\\ud800` escape."""
    try:
        return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, indent=1).encode("ascii")


def _with_literal(data: dict[str, Any], path: list[Any], literal: str) -> bytes:
    """The save's text with the value at `path` replaced by a raw JSON literal."""
    marker = "@@LITERAL@@"
    _put(data, path, marker)
    return _dumps(data).replace(f'"{marker}"'.encode(), literal.encode())


def _put(data: Any, path: list[Any], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    if isinstance(data, list) and path[-1] == len(data):
        data.append(value)
    else:
        data[path[-1]] = value


def _some_path(rnd: random.Random, data: dict[str, Any]) -> list[Any]:
    """A random place in the save: a top-level field, a seat's field or an action's."""
    choice = rnd.randrange(4)
    if choice == 0 or not data["actions"]:
        return [rnd.choice(sorted(data))]
    if choice == 1:
        seat = rnd.randrange(len(data["seats"]))
        return ["seats", seat, rnd.choice(["name", "kind", "level", "colour"])]
    index = rnd.randrange(len(data["actions"]))
    if choice == 2:
        return ["actions", index, rnd.choice(["seat", "action"])]
    action = data["actions"][index]["action"]
    return ["actions", index, "action", rnd.choice(sorted(action))]


def _mutate(rnd: random.Random, base: dict[str, Any]) -> tuple[str, bytes]:
    """One hostile variant of a real save: (the kind of damage, the file's bytes)."""
    data = json.loads(json.dumps(base))
    text = _dumps(base)
    kind = rnd.choice(KINDS)
    if kind == "truncate":
        return kind, text[: rnd.randrange(len(text))]
    if kind == "flip":
        blob = bytearray(text)
        for _ in range(rnd.randint(1, 8)):
            blob[rnd.randrange(len(blob))] ^= rnd.randint(1, 255)
        return kind, bytes(blob)
    if kind == "insert":
        at = rnd.randrange(len(text))
        junk = bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 12)))
        return kind, text[:at] + junk + text[at:]
    if kind == "wrong_type":
        _put(data, _some_path(rnd, data), rnd.choice(ODD_VALUES))
        return kind, _dumps(data)
    if kind == "deep":
        n = rnd.choice([33, 65, 1000, 5000, 100_000])
        opener, closer = rnd.choice([("[", "]"), ('{"a":', "}")])
        return kind, _with_literal(data, _some_path(rnd, data), opener * n + "1" + closer * n)
    if kind == "number":
        return kind, _with_literal(data, _some_path(rnd, data), rnd.choice(NUMBER_LITERALS))
    if kind == "unknown_key":
        where = rnd.choice([data, rnd.choice(data["seats"]),
                            *(rnd.choice(data["actions"]) for _ in data["actions"][:1])])
        where["x" * rnd.randint(1, 40)] = rnd.choice(ODD_VALUES)
        return kind, _dumps(data)
    if kind == "version":
        literal = rnd.choice(["true", "1.0", '"1"', "2", "0", "-1", "null", "[1]", "1e0",
                              "1" + "0" * 40])
        return kind, _with_literal(data, ["version"], literal)
    if kind == "illegal_action" and data["actions"]:
        actions = data["actions"]
        i = rnd.randrange(len(actions))
        how = rnd.randrange(5)
        if how == 0:
            actions[i]["seat"] = (actions[i]["seat"] + rnd.randint(1, 5)) % 7
        elif how == 1:
            del actions[i]
        elif how == 2:
            actions.insert(i, json.loads(json.dumps(actions[i])))
        elif how == 3:
            actions[i]["action"] = json.loads(json.dumps(rnd.choice(actions)["action"]))
        else:
            actions.append(json.loads(json.dumps(rnd.choice(actions))))
        return kind, _dumps(data)
    if kind == "seat":
        seat = rnd.choice(data["seats"])
        how = rnd.randrange(5)
        if how == 0:
            seat["name"] = rnd.choice(HOSTILE_NAMES + FINE_NAMES)
        elif how == 1:
            seat["colour"] = rnd.choice([*range(-1, 9), data["seats"][0]["colour"]])
        elif how == 2:
            seat["kind"] = rnd.choice(["robot", "AI", "", None])
        elif how == 3:
            seat["level"] = rnd.choice([None, "godlike", "easy", "hard", 1])
        else:
            del seat[rnd.choice(sorted(seat))]
        return kind, _dumps(data)
    if kind == "options":
        game = rules.get_game(data["game"])
        keys = [spec.key for spec in game.info.options] + ["nonsense"]
        data["options"][rnd.choice(keys)] = rnd.choice([*ODD_VALUES, 5, 99, "urbis"])
        return kind, _dumps(data)
    if kind == "seats_count":
        data["seats"] = data["seats"][: rnd.randrange(len(data["seats"]))] if rnd.random() < 0.5 \
            else data["seats"] + [_seat(f"P{k}", "human", 6 - k) for k in range(rnd.randint(1, 9))]
        return kind, _dumps(data)
    if kind == "bom":
        return kind, b"\xef\xbb\xbf" + text
    return "none", text


KINDS = ["truncate", "flip", "insert", "wrong_type", "deep", "number", "unknown_key", "version",
         "illegal_action", "seat", "options", "seats_count", "bom"]


def check_save_bytes(blob: bytes, folder: Path) -> str:
    """Open the bytes as a save both ways; "loaded" or the refusal's code. Raises
    AssertionError when the contract is broken (any other exception escapes as itself)."""
    path = folder / "fuzzed.json"
    path.write_bytes(blob)
    try:
        record, _state = read_save_file(path)
    except SaveError as exc:
        sentence = describe(exc)
        assert "\n" not in sentence and len(sentence) <= MESSAGE_LIMIT, sentence[:400]
        outcome = exc.code
    else:
        again, _ = load_save(record.dumps(), strict=True)  # what loads, saves and loads again
        assert again.to_json() == record.to_json()
        outcome = "loaded"
    assert path.read_bytes() == blob, "the file was changed"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli_main(["replay", str(path)])
    assert status == (0 if outcome == "loaded" else 1), (status, err.getvalue()[:400])
    assert "Traceback" not in err.getvalue()
    lines = err.getvalue().splitlines()
    assert len(lines) <= 1 and all(len(line) <= MESSAGE_LIMIT + 100 for line in lines), lines
    assert path.read_bytes() == blob, "the command line changed the file"
    return outcome


def run_cases(count: int, seed: int = 0) -> dict[str, Any]:
    """`count` mutated saves checked without stopping at a failure (for `make bench`)."""
    rnd = random.Random(seed)
    failures: list[str] = []
    outcomes: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for case in range(count):
            kind, blob = _mutate(rnd, rnd.choice(BASES))
            try:
                outcome = check_save_bytes(blob, Path(tmp))
            except Exception as exc:  # a failure is counted, not fatal here
                if len(failures) < 5:
                    failures.append(f"case {case} ({kind}): {type(exc).__name__}: {exc}"[:300])
                outcomes["FAILED"] = outcomes.get("FAILED", 0) + 1
                continue
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return {"cases": count, "failures": outcomes.get("FAILED", 0), "outcomes": outcomes,
            "failure_samples": failures}


# -- the suite (make test) ----------------------------------------------------------
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(BASES))), st.randoms(use_true_random=False))
def test_a_mutated_real_save_loads_or_is_refused_in_one_short_line(
    base: int, rnd: random.Random
) -> None:
    _kind, blob = _mutate(rnd, BASES[base])
    with tempfile.TemporaryDirectory() as tmp:
        check_save_bytes(blob, Path(tmp))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(HOSTILE_NAMES + FINE_NAMES), st.integers(0, 2))
def test_a_seat_name_loads_only_as_the_setup_screen_could_type_it(name: str, seat: int) -> None:
    data = json.loads(json.dumps(BASES[0]))
    data["seats"][seat]["name"] = name
    with tempfile.TemporaryDirectory() as tmp:
        outcome = check_save_bytes(_dumps(data), Path(tmp))
    assert outcome == ("loaded" if name in FINE_NAMES else "bad_seat_name")


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_damage_is_exercised(kind: str, tmp_path: Path) -> None:
    rnd = random.Random(kind)
    for _ in range(8):
        while True:
            got, blob = _mutate(rnd, BASES[0])
            if got == kind:
                break
        check_save_bytes(blob, tmp_path)


# -- case 1 and 7: the parser's own limits ----------------------------------------------
@pytest.mark.parametrize("depth", [5000, 100_000])
def test_a_deeply_nested_save_is_refused_not_a_recursion_error(depth: int, tmp_path: Path) -> None:
    blob = _with_literal(json.loads(json.dumps(BASES[0])), ["options"], "[" * depth + "]" * depth)
    assert check_save_bytes(blob, tmp_path) == "too_deep"


def test_an_int_over_python_s_digit_limit_is_refused_not_a_value_error(tmp_path: Path) -> None:
    blob = _with_literal(json.loads(json.dumps(BASES[0])), ["seed"], "9" * 4301)
    assert check_save_bytes(blob, tmp_path) == "number_too_long"


@pytest.mark.parametrize("literal", ["true", "1.0", '"1"', "1e0"])
def test_the_version_must_be_the_integer_1(literal: str, tmp_path: Path) -> None:
    blob = _with_literal(json.loads(json.dumps(BASES[0])), ["version"], literal)
    assert check_save_bytes(blob, tmp_path) == "unknown_version"


def test_an_8_mb_game_id_comes_back_as_a_short_sentence(tmp_path: Path) -> None:
    data = {**BASES[0], "game": "g" * 8_000_000}
    assert check_save_bytes(_dumps(data), tmp_path) == "unknown_game"


def test_replay_checks_the_seats_as_the_app_does(tmp_path: Path) -> None:
    data = json.loads(json.dumps(BASES[0]))
    data["seats"] = ["a", "b", "c"]  # fine for the rules, refused by the app: now by both
    assert check_save_bytes(_dumps(data), tmp_path) == "bad_seat"


# -- case 5: what is not a regular file -------------------------------------------------
def _special_files(tmp_path: Path) -> dict[str, Path]:
    out = {"directory": tmp_path / "folder.json", "missing": tmp_path / "nope.json"}
    out["directory"].mkdir()
    if hasattr(os, "mkfifo"):
        out["fifo"] = tmp_path / "pipe.json"
        os.mkfifo(out["fifo"])
    if Path("/dev/zero").exists():
        out["device symlink"] = tmp_path / "zero.json"
        out["device symlink"].symlink_to("/dev/zero")
    return out


def test_a_fifo_a_device_or_a_folder_is_refused_at_once(tmp_path: Path) -> None:
    # In a child process with a time limit: before the fix a FIFO blocked forever and
    # /dev/zero read until memory ran out.
    for what, path in _special_files(tmp_path).items():
        done = subprocess.run([sys.executable, "-m", "rules", "replay", str(path)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 1, (what, done.stderr)
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
        expected = "does not exist" if what == "missing" else "not a regular file"
        assert expected in done.stderr, (what, done.stderr)
    assert stat.S_ISFIFO(os.lstat(tmp_path / "pipe.json").st_mode)


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="root reads anything")
def test_an_unreadable_file_is_refused_with_the_system_s_reason(tmp_path: Path) -> None:
    path = tmp_path / "locked.json"
    path.write_bytes(_dumps(BASES[0]))
    path.chmod(0)
    try:
        with pytest.raises(SaveError) as err:
            read_save_file(path)
        assert err.value.code == "unreadable"
    finally:
        path.chmod(0o600)


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rules.core.saves as saves

    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_bytes(_dumps(BASES[0]) + b" " * 1000)
    with pytest.raises(SaveError) as err:
        read_save_file(path)
    assert err.value.code == "too_large" and "too large" in describe(err.value)


# -- the reader's depth count, against JSON with brackets, quotes and escapes in strings ---
_TRICKY_TEXT = st.text(alphabet='[]{}"\\,:ab\x00\u2028é', max_size=12)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | _TRICKY_TEXT
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TRICKY_TEXT, inner, max_size=3),
    max_leaves=20,
)


def _nesting(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(_nesting, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_nesting, value.values()), default=0)
    return 0


@settings(max_examples=300, deadline=None)
@given(_JSON, st.booleans())
def test_the_depth_count_skips_whatever_strings_hold(value: Any, ascii_only: bool) -> None:
    from rules.core import safe_json

    text = json.dumps(value, ensure_ascii=ascii_only)
    assert safe_json.depth(text.encode()) == _nesting(value)
    assert safe_json.loads(text) == value
