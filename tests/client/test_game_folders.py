"""Every game's table has the one shape client/README.md sets ("One shape for every game's
table"): the same five files, each with one role, so a new game copies any of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from client import games

SHAPE = {"__init__.py", "view.py", "layout.py", "panels.py", "words.py"}
GAMES_DIR = Path(games.__file__).parent


def test_the_registry_lists_the_seven_games() -> None:
    assert set(games.registered()) == {
        "kobayakawa", "coup", "magnate", "carolus_magnus",
        "corona_de_hierro", "imperios_milenarios", "conquest_of_the_empire",
    }


@pytest.mark.parametrize("game_id", games.registered())
def test_a_game_folder_holds_exactly_the_five_files(game_id: str) -> None:
    folder = GAMES_DIR / game_id
    files = {p.name for p in folder.iterdir() if p.name != "__pycache__"}
    extra, missing = sorted(files - SHAPE), sorted(SHAPE - files)
    assert files == SHAPE, f"{game_id}: extra {extra}, missing {missing}"


@pytest.mark.parametrize("game_id", games.registered())
def test_the_registered_view_lives_in_the_games_view_module(game_id: str) -> None:
    cls = games.view_class(game_id)
    assert cls.__module__ == f"client.games.{game_id}.view"
    assert cls.game_id == game_id


def test_no_folder_outside_the_registry() -> None:
    """A game folder nobody registered would be missed by the layout audit."""
    folders = {p.name for p in GAMES_DIR.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(games.registered())
