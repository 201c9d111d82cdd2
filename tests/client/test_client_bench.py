"""`make bench`'s packaged cold start: skipped without a build, timed with one."""

from __future__ import annotations

import importlib.util
import stat
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_bench():
    spec = importlib.util.spec_from_file_location("bench", ROOT / "build_scripts" / "bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_a_build_the_cold_start_is_skipped(tmp_path):
    result = load_bench().packaged_cold_start(tmp_path)
    assert result == {"bench": "packaged_cold_start", "skipped": "run make dist first"}


def test_a_build_is_started_headless_on_a_fresh_data_dir_and_timed(tmp_path):
    exe = tmp_path / "dist" / "tablero" / "tablero"
    exe.parent.mkdir(parents=True)
    log = tmp_path / "calls.txt"
    # A stand-in for the packaged app: records how it was started, writes the picture.
    exe.write_text(
        "#!/bin/sh\n"
        f'echo "$1 $SDL_VIDEODRIVER $TABLERO_DATA_DIR" >> "{log}"\n'
        'touch "$2"\n'
    )
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    (tmp_path / "dist" / "tablero-0.1.0-linux-x86_64.tar.gz").write_bytes(b"x" * 2**20)
    result = load_bench().packaged_cold_start(tmp_path)
    assert result["bench"] == "packaged_cold_start"
    assert 0 <= result["best_s"] <= result["worst_s"]
    assert result["archive_mb"] == 1.0
    calls = log.read_text().splitlines()
    assert len(calls) == 3
    assert all(c.startswith("--screenshot dummy ") for c in calls)
    assert len({c.split()[-1] for c in calls}) == 3  # a fresh data folder each time
