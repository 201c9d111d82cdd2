"""The project's own promises: pygame-ce (never plain pygame) and a pure rules package."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pygame

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
