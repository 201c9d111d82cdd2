"""`build_scripts/play_seed.py`: one arena game kept move by move, so that a game cut by
a stop goes on where it was and ends as the arena's own game would."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))

import play_seed

from rules import get_game
from rules.simulate import arena

GAME, PLAYERS, SEED = "kobayakawa", 3, 41
AGENTS = ["normal:4", "random"]  # a search (keeps nothing) and random (keeps its generator)


def arena_line() -> dict:
    tally = arena(get_game(GAME), PLAYERS, 1, SEED, AGENTS, {})
    return tally.summary()


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> tuple[dict, list[str]]:
    checkpoint = tmp_path_factory.mktemp("whole") / "game.jsonl"
    line = play_seed.play(GAME, PLAYERS, SEED, AGENTS, checkpoint)
    return line, checkpoint.read_text().splitlines()


def test_it_plays_the_arenas_game(whole):
    line, moves = whole
    summary = arena_line()
    assert line["actions"] == len(moves) == summary["mean_actions"]
    assert line["error"] is None and line["winners"]
    winning = {name for name, agent in summary["per_agent"].items() if agent["wins"] > 0}
    assert winning == set(line["winning_agents"])


def played(moves: list[str]) -> list[tuple[int, dict]]:
    return [(m["seat"], m["action"]) for m in map(json.loads, moves)]


@pytest.mark.parametrize("cut", [1, 7, 20])
def test_a_game_cut_goes_on_where_it_was_and_ends_the_same(whole, tmp_path, cut):
    line, moves = whole
    checkpoint = tmp_path / "cut.jsonl"
    checkpoint.write_text("\n".join(moves[:cut]) + "\n")
    again = play_seed.play(GAME, PLAYERS, SEED, AGENTS, checkpoint)
    assert played(checkpoint.read_text().splitlines()) == played(moves)
    assert {k: v for k, v in again.items() if k != "cpu_s"} == {
        k: v for k, v in line.items() if k != "cpu_s"}


def test_a_checkpoint_of_another_game_is_refused(whole, tmp_path):
    _line, moves = whole
    checkpoint = tmp_path / "other.jsonl"
    first = json.loads(moves[0])
    first["seat"] = (first["seat"] + 1) % PLAYERS
    checkpoint.write_text(json.dumps(first) + "\n")
    with pytest.raises(SystemExit, match="is not the game's"):
        play_seed.play(GAME, PLAYERS, SEED, AGENTS, checkpoint)
