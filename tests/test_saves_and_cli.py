"""Saves refuse anything wrong with a clear reason; the command line reports and exits cleanly."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from rules.cli import describe, main
from rules.core import SaveError
from rules.core.saves import GameRecord, load_save, parse_save

GAME = rules.get_game("kobayakawa")


def record(actions: int = 30, seed: int = 5) -> GameRecord:
    state = GAME.new_game(4, seed)
    rng = random.Random(seed)
    log = []
    for _ in range(actions):
        (seat,) = GAME.to_act(state)
        action = rng.choice(GAME.legal_actions(state, seat))
        log.append((seat, action))
        state = GAME.apply(state, seat, action).state
    seats = [
        {"name": n, "kind": "human", "level": None, "colour": i}
        for i, n in enumerate(("Ana", "Bruno", "Chiyo", "Dai"))
    ]
    return GameRecord("kobayakawa", seats, seed, {}, log, rules.__version__)


def refused(text: str | bytes) -> SaveError:
    with pytest.raises(SaveError) as err:
        parse_save(text)
    return err.value


def test_a_save_round_trips() -> None:
    rec = record()
    loaded, state = load_save(rec.dumps())
    assert loaded.actions == rec.actions and loaded.seats == rec.seats
    assert GAME.to_act(state)


def test_a_truncated_save_is_refused_as_not_json() -> None:
    text = record().dumps()
    assert refused(text[: len(text) // 2]).code == "not_json"


def test_a_foreign_file_is_refused() -> None:
    assert refused(json.dumps({"hello": 1})).code == "not_a_save"
    assert refused(b"\x89PNG\r\n\x1a\n\x00\xff").code == "not_text"


def test_an_unknown_version_or_game_is_refused() -> None:
    data = record().to_json()
    assert refused(json.dumps({**data, "version": 99})).code == "unknown_version"
    assert refused(json.dumps({**data, "game": "chess"})).code == "unknown_game"


def test_a_tampered_action_is_refused_and_says_where() -> None:
    data = record().to_json()
    data["actions"][7]["seat"] = (data["actions"][7]["seat"] + 1) % 4
    err = refused(json.dumps(data))
    assert err.code == "illegal_action" and err.params["index"] == 7
    assert err.params["reason"] == "not_your_turn"


def test_malformed_fields_are_refused() -> None:
    data = record().to_json()
    assert refused(json.dumps({**data, "seed": "7"})).code == "bad_field"
    assert refused(json.dumps({**data, "seats": ["a"]})).code == "bad_setup"
    bad = json.loads(json.dumps(data))
    bad["actions"][0]["action"] = {"type": "keep", "card": "x"}
    assert refused(json.dumps(bad)).code == "bad_action"
    bad["actions"][0] = {"seat": 0}
    assert refused(json.dumps(bad)).code == "bad_action_entry"


def test_every_refusal_has_an_english_sentence_for_the_command_line() -> None:
    for code, params in [
        ("not_json", {"line": 1, "column": 2}),
        ("illegal_action", {"index": 3, "seat": 1, "reason": "not_your_turn"}),
        ("unknown_version", {"version": 9, "supported": 1}),
    ]:
        text = describe(SaveError(code, **params))
        assert code not in text and len(text) > 20


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, check=False
    )


def test_replay_prints_the_outcome_of_a_valid_save(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(record().dumps(), encoding="utf-8")
    out = run_cli("replay", str(path))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["game"] == "kobayakawa" and summary["actions"] == 30
    assert summary["finished"] is False


def test_replay_refuses_a_hand_corrupted_save_and_leaves_it_untouched(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    text = record().dumps().replace('"type": "draw"', '"type": "fight"', 1)
    path.write_text(text, encoding="utf-8")
    out = run_cli("replay", str(path))
    assert out.returncode == 1
    assert "save refused" in out.stderr and "is not legal" in out.stderr
    assert path.read_text(encoding="utf-8") == text


def test_replay_of_a_missing_file_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 1
    assert "cannot be read" in capsys.readouterr().err


def test_simulate_prints_the_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "kobayakawa", "--players", "3", "--games", "20", "--seed", "2"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for key in ("games", "finished", "errors", "mean_actions", "wall_s", "games_per_s",
                "actions_per_s", "wins_per_seat", "wins_per_agent"):
        assert key in summary
    assert summary["games"] == summary["finished"] == 20 and summary["errors"] == 0
    assert sum(summary["wins_per_seat"]) == pytest.approx(20)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "unknown game"),
        (["simulate", "kobayakawa", "--players", "9"], "takes 3 to 6"),
        (["simulate", "kobayakawa", "--agents", "wizard"], "unknown agent"),
        (["simulate", "kobayakawa", "--option", "colour=1"], "bad option"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_give_a_clear_message_and_exit_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        raise SystemExit(main(args))
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_list_names_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    listed = {g["id"] for g in json.loads(capsys.readouterr().out)}
    assert listed == set(rules.GAMES)


# -- issue 17, case 6: every command-line value checked, one clear line, status 2 -----------
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "coup", "--players", "2", "--agents", "random:5"], "bad agent argument"),
        (["simulate", "coup", "--players", "2", "--agents", "random,random,random"],
         "3 agents for 2 seats"),
        (["simulate", "coup", "--agents", "random,,random"], "empty entry"),
        (["simulate", "coup", "--agents", "hard:0"], "bad agent argument"),
        (["arena", "coup", "--jobs", "0"], "--jobs: must be a whole number from 1"),
        (["arena", "coup", "--jobs", "-1"], "--jobs: must be a whole number from 1"),
        (["simulate", "coup", "--option", f"theme={DEEP}"], "nests deeper than"),
        (["simulate", "coup", "--option", "theme=" + "9" * 5000], "characters long"),
        (["simulate", "coup", "--players", "2", "--option", "start_player=5"], "start_player"),
        (["simulate", "coup", "--seed", "9" * 5000], "--seed: must be a whole number"),
        (["simulate", "c" * 5000], "unknown game"),
    ],
)
def test_a_hostile_value_gets_one_short_line_and_exit_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        raise SystemExit(main(args))
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err and max(map(len, err.splitlines())) <= 300


def test_more_agents_than_seats_rotate_in_an_arena(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "kobayakawa", "--players", "3", "--games", "4", "--agents", "random,random:x"]
    assert main(args) == 2  # random takes no argument, in arena too
    capsys.readouterr()
    args[-1] = "random"
    assert main(args) == 0


def test_replay_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """`python -m rules replay save.json | head -1`: the reader leaves early."""
    path = tmp_path / "game.json"
    path.write_text(record().dumps(), encoding="utf-8")
    child = subprocess.Popen(
        [sys.executable, "-m", "rules", "replay", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before the child writes a byte: its first write meets a closed pipe
    err = child.stderr.read()
    child.wait(timeout=60)
    assert "BrokenPipeError" not in err and "Traceback" not in err, err
    assert child.returncode == 0


# -- issue 17, case 7: validation gaps -----------------------------------------------------
@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_a_version_that_only_looks_like_1_is_refused(version: object) -> None:
    data = {**record().to_json(), "version": version}
    assert refused(json.dumps(data)).code == "unknown_version"


def test_a_refusal_echoes_an_8_mb_game_id_as_a_short_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**record().to_json(), "game": "x" * 8_000_000}))
    out = run_cli("replay", str(path))
    assert out.returncode == 1 and "unknown game" in out.stderr
    assert len(out.stderr) < 300


def test_replay_refuses_what_the_app_refuses(tmp_path: Path) -> None:
    data = record().to_json()
    data["seats"][1]["name"] = "Bru\x00no"  # a NUL: the table could not draw it
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = run_cli("replay", str(path))
    assert out.returncode == 1 and "name of seat #1" in out.stderr
