"""`build_scripts/read_imperios_game.py`: an Imperios game read again from the moves
`play_seed.py` kept, by replaying the rules alone."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))

import play_seed
import read_imperios_game

SEATS = ["random"] * 4


def test_a_kept_game_reads_back_seat_by_seat(tmp_path: Path, capsys) -> None:
    checkpoint = tmp_path / "game.jsonl"
    assert play_seed.main(["imperios_milenarios", "--players", "4", "--seed", "7",
                           "--agents", "random", "--checkpoint", str(checkpoint)]) == 0
    line = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
    assert line["error"] is None and checkpoint.exists()  # the moves stay once it ends
    rows = read_imperios_game.read(checkpoint, 7, SEATS)
    assert [r["seat"] for r in rows] == [0, 1, 2, 3]
    assert [p for p, r in enumerate(rows) if r["won"]] == line["winners"]
    assert sum(r["sacks_made"] for r in rows) == sum(r["sacks_suffered"] for r in rows)
    for r in rows:
        assert 0 <= r["ended_over_tokens_thrown_away"] <= r["phase_turns_ended"]
    # random play ends many turns holding tokens it could convert: the count sees them
    assert sum(r["ended_over_tokens_thrown_away"] for r in rows) > 0
    half = tmp_path / "half.jsonl"
    moves = checkpoint.read_text().splitlines()
    half.write_text("\n".join(moves[: len(moves) // 2]) + "\n")
    assert not any(r["won"] for r in read_imperios_game.read(half, 7, SEATS))
