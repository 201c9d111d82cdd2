"""Headless client tests: a dummy video driver and a private data directory per test."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from client_harness import Harness


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("TABLERO_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def harness(data_dir):
    h = Harness()
    yield h
    h.close()
