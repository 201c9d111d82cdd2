"""The `tablero` command line: version, wrong arguments, headless screenshots."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame
import pytest

import rules
from client.app import build_parser, check_args, main


def run(*args, data_dir):
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "TABLERO_DATA_DIR": str(data_dir),
    }
    return subprocess.run(
        [sys.executable, "-m", "client.app", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_version_prints_the_rules_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert rules.__version__ in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--game", "chess"], "unknown game"),
        (["--game", "kobayakawa", "--seats", "human,ai"], "3–6 seats"),
        (["--game", "kobayakawa", "--seats", "human,robot,ai"], "bad seat"),
        (["--seats", "human,ai,ai"], "need --game"),
        (["--size", "big"], "--size"),
        (["--bogus"], "unrecognized"),
    ],
)
def test_wrong_arguments_say_why_and_exit_2(capsys, argv, words):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert words in capsys.readouterr().err


def test_seats_default_to_one_human_against_normal_ai():
    parser = build_parser()
    args = parser.parse_args(["--game", "kobayakawa"])
    check_args(parser, args)
    assert args.seats == [("human", None), ("ai", "normal"), ("ai", "normal")]


def test_screenshot_mode_plays_and_saves_a_png(tmp_path, data_dir):
    out = tmp_path / "out.png"
    result = run(
        "--game",
        "kobayakawa",
        "--seats",
        "ai,ai,ai",
        "--seed",
        "3",
        "--autoplay",
        "10",
        "--screenshot",
        str(out),
        data_dir=data_dir,
    )
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 800)
    games = data_dir / "games"  # a picture never touches the user's games
    assert not games.exists() or not list(games.iterdir())


def test_screenshot_of_a_big_window_in_spanish(tmp_path, data_dir):
    out = tmp_path / "big.png"
    result = run(
        "--game",
        "kobayakawa",
        "--seats",
        "human,ai:easy,ai:easy,human,ai:easy,ai:easy",
        "--seed",
        "5",
        "--autoplay",
        "25",
        "--size",
        "1920x1080",
        "--lang",
        "es",
        "--screenshot",
        str(out),
        data_dir=data_dir,
    )
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1920, 1080)


def test_a_game_without_a_table_yet_is_refused_clearly(capsys):
    from client.games import has_view

    missing = [g for g in rules.GAMES if not has_view(g)]
    if not missing:
        pytest.skip("every registered game has a table view")
    with pytest.raises(SystemExit) as exc:
        main(["--game", missing[0]])
    assert exc.value.code == 2
    assert "no table" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--game", "coup", "--option", "theme=moon"], "bad value 'moon'"),
        (["--game", "coup", "--option", "colour=red"], "has no option 'colour'"),
        (["--game", "coup", "--option", "theme"], "KEY=VALUE"),
        (["--option", "theme=urbis"], "need --game"),
    ],
)
def test_wrong_game_options_say_why_and_exit_2(capsys, argv, words):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert words in err
    if "--game" in argv and "theme=moon" in argv:
        assert "urbis" in err  # the message lists what is allowed


def test_options_are_json_when_they_can_be_and_reach_the_rules():
    from client.app import parse_options

    assert parse_options(["theme=urbis", "n=3", "flag=true", 's="3"']) == {
        "theme": "urbis",
        "n": 3,
        "flag": True,
        "s": "3",
    }
    parser = build_parser()
    args = parser.parse_args(["--game", "coup", "--option", "theme=urbis"])
    check_args(parser, args)
    assert args.options["theme"] == "urbis"


def test_screenshot_with_options_plays_coup_in_urbis(tmp_path, data_dir):
    out = tmp_path / "urbis.png"
    result = run(
        *("--game", "coup", "--seats", "ai,ai,ai", "--option", "theme=urbis"),
        *("--seed", "3", "--autoplay", "10", "--screenshot", str(out)),
        data_dir=data_dir,
    )
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_screenshot_without_a_game_renders_the_main_menu(tmp_path, data_dir):
    out = tmp_path / "menu.png"
    result = run("--screenshot", str(out), data_dir=data_dir)
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


# -- issue 17, case 6: every value checked before use, one short line, exit status 2 ---------
@pytest.mark.parametrize(
    "argv, words",
    [
        (["--game", "coup", "--seats", "ai,ai", "--option", "start_player=5"], "with 2 seats"),
        (["--game", "coup", "--option", "theme=" + "[" * 100_000], "nests deeper"),
        (["--game", "coup", "--option", "theme=" + "9" * 5000], "characters long"),
        (["--screenshot", "/no/such/folder/table.png"], "does not exist"),
        (["--screenshot", "/"], "wants a file name"),
        (["--size", "100000x100000"], "too large"),
        (["--size", "9" * 5000 + "x800"], "too large"),
        (["--size", "big"], "--size must look like"),
        (["--seed", "9" * 5000], "--seed: must be a whole number"),
        (["--game", "coup", "--autoplay", "9" * 5000], "--autoplay: must be a whole number"),
        (["--game", ""], "unknown game ''"),
        (["--game", "coup", "--seats", ""], "bad seat ''"),
        (["--seats", ""], "need --game"),
        (["--game", "g" * 5000], "unknown game"),
    ],
)
def test_a_hostile_value_gets_one_short_line_and_exit_2(capsys, argv, words):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert max(len(line) for line in err.splitlines()) <= 400


def test_lang_on_the_command_line_does_not_change_the_saved_setting(tmp_path, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text(json.dumps({"language": "en"}))
    result = run("--lang", "es", "--screenshot", str(tmp_path / "menu.png"), data_dir=data_dir)
    assert result.returncode == 0, result.stderr
    assert json.loads((data_dir / "settings.json").read_text())["language"] == "en"


def test_a_language_chosen_in_settings_is_kept_even_after_lang(data_dir):
    from client.settings import Settings

    settings = Settings(language="en")
    settings.use_language_for_now("es")
    settings.save()
    assert Settings.load().language == "en"
    settings.choose_language("es")  # the player picks Spanish in Settings: that is kept
    settings.save()
    assert Settings.load().language == "es"
