"""Fuzzing what the app reads at start: hostile settings files and hostile autosaves.

The contract, for every case: `Settings.load()` returns settings the app can use
(every value one the settings screen offers, a window no larger than an 8K
screen), a damaged file is set aside byte-identical as `settings.json.bad`; a
hostile autosave is never offered for resume, its refusal has a sentence in both
catalogues, and the file is byte-identical afterwards. `make bench` runs the same
cases by the thousand through `run_cases` (build_scripts/bench_fuzz.py).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from client import i18n, storage
from client.i18n import error_sentence
from client.settings import (
    AI_PAUSES,
    ANIMATION_SPEEDS,
    UI_SCALES,
    WINDOW_MAX,
    WINDOW_MIN,
    Settings,
)
from rules.core import SaveError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_fuzz_files import BASES, _mutate  # the save fuzzer is shared

FIELDS = ["language", "fullscreen", "ui_scale", "animation_speed", "ai_pause",
          "colourblind_marks", "window"]
LITERALS = ["NaN", "Infinity", "-Infinity", "0", "-1", "1e6", "1e999", "1e-999", "1.0", "true",
            "null", '"en"', '"es"', '"xx"', '""', "[1024, 640]", "[100000, 100000]",
            "[1280, 800, 3]", "[-5, 800]", "[1.5, 800]", "9" * 30, "9" * 5000, "[]", "{}",
            '"' + "x" * 10_000 + '"', "[" * 5000 + "]" * 5000, "0.85", "2.0", "1.5"]


def _hostile_settings(rnd: random.Random) -> bytes:
    """A settings file as a hand, a crash or a hostile program could leave it."""
    good = json.dumps({"language": "en", "fullscreen": False, "ui_scale": 1.15,
                       "animation_speed": 0.5, "ai_pause": 0.4, "colourblind_marks": True,
                       "window": [1600, 900]})
    how = rnd.randrange(5)
    if how == 0:  # some fields replaced by hostile literals
        fields = rnd.sample(FIELDS, rnd.randint(1, 4))
        body = ", ".join(f'"{f}": {rnd.choice(LITERALS)}' for f in fields)
        return ("{" + body + "}").encode()
    if how == 1:
        return good[: rnd.randrange(len(good))].encode()
    if how == 2:
        blob = bytearray(good.encode())
        for _ in range(rnd.randint(1, 6)):
            blob[rnd.randrange(len(blob))] ^= rnd.randint(1, 255)
        return bytes(blob)
    if how == 3:  # a whole file that is not an object
        return rnd.choice(LITERALS).encode()
    extra = rnd.choice(['"x"', "[" * 100 + "]" * 100, "1", '{"a": {"b": {"c": {"d": 1}}}}'])
    return (good[:-1] + f', "unknown": {extra}' + "}").encode()


def check_settings_bytes(blob: bytes, folder: Path) -> str:
    """Load settings from these bytes: usable values, and the file kept or set aside
    byte-identical. "kept" or "set aside"; AssertionError when the contract breaks."""
    for name in ("settings.json", "settings.json.bad"):
        path = folder / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif path.exists() or path.is_symlink():
            path.unlink()
    (folder / "settings.json").write_bytes(blob)
    loaded = Settings.load()
    assert loaded.language in i18n.LANGUAGES
    assert isinstance(loaded.fullscreen, bool) and isinstance(loaded.colourblind_marks, bool)
    assert loaded.ui_scale in UI_SCALES and loaded.animation_speed in ANIMATION_SPEEDS
    assert loaded.ai_pause in AI_PAUSES
    w, h = loaded.window
    assert WINDOW_MIN[0] <= w <= WINDOW_MAX[0] and WINDOW_MIN[1] <= h <= WINDOW_MAX[1]
    aside = folder / "settings.json.bad"
    if aside.exists():
        assert aside.read_bytes() == blob
        assert isinstance(json.loads((folder / "settings.json").read_text()), dict)
        return "set aside"
    assert (folder / "settings.json").read_bytes() == blob
    return "kept"


_SERIAL = itertools.count()


def check_autosave_bytes(blob: bytes, folder: Path) -> str:
    """A hostile autosave: offered for resume only if it loads; a refusal has a sentence in
    both languages; the file is unchanged. Returns "resumable" or the refusal's code."""
    games = folder / "games"  # where each unfinished game keeps its autosave
    games.mkdir(parents=True, exist_ok=True)
    for old in games.iterdir():
        old.unlink()
    path = games / f"kobayakawa-20260101-000000-{next(_SERIAL)}.json"  # one file per case
    path.write_bytes(blob)
    offered = storage.resumable()
    try:
        storage.read_save(path)
    except SaveError as exc:
        assert offered is None
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            sentence = error_sentence("save", exc.code, exc.params)
            assert exc.code not in sentence and len(sentence) < 400, sentence[:500]
        i18n.set_language("en")
        outcome = exc.code
    else:
        outcome = "resumable" if offered is not None else "loaded, finished"
    assert path.read_bytes() == blob
    return outcome


def run_cases(count: int, seed: int = 0) -> dict[str, Any]:
    """`count` settings files and `count` autosaves, every failure counted (make bench)."""
    rnd = random.Random(seed)
    failures: list[str] = []
    failed = 0
    old = os.environ.get("TABLERO_DATA_DIR")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TABLERO_DATA_DIR"] = tmp
        try:
            for case in range(count):
                for check, blob in (
                    (check_settings_bytes, _hostile_settings(rnd)),
                    (check_autosave_bytes, _mutate(rnd, rnd.choice(BASES))[1]),
                ):
                    try:
                        check(blob, Path(tmp))
                    except Exception as exc:  # a failure is counted, not fatal here
                        failed += 1
                        if len(failures) < 5:
                            failures.append(f"case {case} {check.__name__}: "
                                            f"{type(exc).__name__}: {exc}"[:300])
        finally:
            if old is None:
                os.environ.pop("TABLERO_DATA_DIR", None)
            else:
                os.environ["TABLERO_DATA_DIR"] = old
    return {"cases": 2 * count, "failures": failed, "failure_samples": failures}


@pytest.fixture
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("data")


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_a_hostile_settings_file_gives_usable_settings(folder, monkeypatch, rnd):
    monkeypatch.setenv("TABLERO_DATA_DIR", str(folder))
    check_settings_bytes(_hostile_settings(rnd), folder)


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(range(len(BASES))), st.randoms(use_true_random=False))
def test_a_hostile_autosave_is_never_offered_and_says_why(folder, monkeypatch, base, rnd):
    monkeypatch.setenv("TABLERO_DATA_DIR", str(folder))
    check_autosave_bytes(_mutate(rnd, BASES[base])[1], folder)


def test_settings_that_are_not_a_regular_file_are_set_aside(folder, monkeypatch):
    monkeypatch.setenv("TABLERO_DATA_DIR", str(folder))
    cases = {"folder": lambda p: p.mkdir()}
    if hasattr(os, "mkfifo"):
        cases["fifo"] = os.mkfifo
    if Path("/dev/zero").exists():
        cases["device symlink"] = lambda p: p.symlink_to("/dev/zero")
    for what, make in cases.items():
        for name in ("settings.json", "settings.json.bad"):
            path = folder / name
            if path.is_dir() and not path.is_symlink():
                path.rmdir()
            elif path.exists() or path.is_symlink():
                path.unlink()
        make(folder / "settings.json")
        assert Settings.load().window == (1280, 800), what
        assert (folder / "settings.json.bad").exists() or (folder / "settings.json.bad")\
            .is_symlink(), what
        assert (folder / "settings.json").is_file(), what
