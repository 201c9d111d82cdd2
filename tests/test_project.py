"""The project's own promises: pygame-ce only, a pure rules package, one folder shape."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pygame
import pytest

import rules

ROOT = Path(__file__).resolve().parent.parent


def test_pygame_is_pygame_ce() -> None:
    assert getattr(pygame, "IS_CE", False)


def test_pygame_gui_imports_beside_pygame_ce() -> None:
    import pygame_gui

    assert pygame_gui.UIManager


def test_dependencies_name_pygame_ce_and_never_plain_pygame() -> None:
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {d.split(">")[0].split("=")[0].split("<")[0].strip().lower() for d in deps}
    assert "pygame-ce" in names and "pygame" not in names


def test_rules_imports_neither_pygame_nor_the_client() -> None:
    for path in (ROOT / "rules").rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                assert top not in {"pygame", "pygame_gui", "client"}, f"{path}: imports {name}"


def test_the_version_is_declared_once() -> None:
    assert rules.__version__.count(".") == 2


RULES_SHAPE = ("__init__.py", "components.py", "state.py", "actions.py", "logic.py", "game.py",
               "ai.py")
"""Every rules/<id>/ folder has these files, each with its role (rules/README.md)."""


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_every_game_folder_has_the_one_shape(game_id: str) -> None:
    folder = ROOT / "rules" / game_id
    names = {p.name for p in folder.glob("*.py")}
    assert set(RULES_SHAPE) <= names, f"{game_id} lacks {sorted(set(RULES_SHAPE) - names)}"
    # a role too large for one module is split into modules named after it
    extra = names - set(RULES_SHAPE)
    roles = tuple(name.removesuffix(".py") + "_" for name in RULES_SHAPE)
    assert all(name.startswith(roles) for name in extra), f"{game_id}: {sorted(extra)}"
