"""End to end: the real app in a real X server (Xvfb), clicked with xdotool."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.xvfb

MISSING = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]


def wait_for(predicate, limit=30.0):
    # Waiting is polling for a state, not a timing assertion: the limit only stops a hang.
    end = time.monotonic() + limit
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return None


@pytest.fixture
def display():
    if MISSING:
        pytest.skip(
            f"needs {', '.join(MISSING)} (apt-get install xvfb xdotool); .ci/run installs them"
        )
    # -displayfd: Xvfb picks a free display itself and writes its number to the pipe.
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1400x900x24"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        pytest.fail("Xvfb is installed but did not start (no display number came back)")
    env = {**os.environ, "DISPLAY": f":{number}"}
    env.pop("SDL_VIDEODRIVER", None)
    assert wait_for(
        lambda: (
            subprocess.run(["xdotool", "getmouselocation"], env=env, capture_output=True).returncode
            == 0
        )
    )
    yield env
    server.terminate()
    server.wait(timeout=10)


def xdotool(env, *args):
    return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True).stdout


def test_a_person_plays_against_two_ai_in_a_real_window(display, tmp_path):
    from client.scenes.table import layout_for_tests

    data = tmp_path / "data"
    env = {**display, "TABLERO_DATA_DIR": str(data), "SDL_AUDIODRIVER": "dummy"}
    # The installed console script, as people start it (pygame names the X window class
    # after it, which is how xdotool finds the window).
    script = Path(sys.executable).with_name("tablero")
    if not script.exists():
        pytest.skip(f"the console script {script} is not installed (pip install -e .)")
    app = subprocess.Popen(
        [
            str(script),
            "--game",
            "kobayakawa",
            "--seats",
            "human,ai:easy,ai:easy",
            "--seed",
            "3",
            "--lang",
            "en",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        window = wait_for(lambda: xdotool(env, "search", "--class", "tablero").split())
        assert window, "the window never appeared"
        window = window[0]
        games = Path(data, "games")  # the game's own autosave appears there
        autosave = wait_for(lambda: games.is_dir() and next(games.glob("kobayakawa-*.json"), None))
        assert autosave
        from client import i18n
        from client.i18n import tr

        i18n.set_language("en")
        labels = (tr("action.kobayakawa.draw"), tr("action.kobayakawa.flip"))
        buttons = layout_for_tests((1280, 800), labels)
        # Seat 0 (the human) starts with seed 3: "Draw a card" is the prompt's first button.
        actions = None
        for _attempt in range(10):  # a busy machine may still be drawing the first frames
            xdotool(
                env,
                "mousemove",
                "--window",
                window,
                *map(str, buttons["prompt_first"]),
                "click",
                "1",
            )
            actions = wait_for(lambda: json.loads(autosave.read_text())["actions"], 3.0)
            if actions:
                break
        assert actions and actions[0] == {"seat": 0, "action": {"type": "draw"}}
        xdotool(env, "key", "--window", window, "ctrl+q")
        assert app.wait(timeout=30) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
