"""Assets are found from source and inside a PyInstaller bundle; fonts load once."""

from __future__ import annotations

import sys

from client import resources


def test_assets_come_from_the_repo_when_running_from_source():
    assert resources.asset("i18n", "en.json").is_file()
    assert resources.asset("rules", "kobayakawa.es.md").is_file()


def test_assets_come_from_the_bundle_when_frozen(monkeypatch, tmp_path):
    (tmp_path / "assets" / "i18n").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.asset("i18n", "en.json") == tmp_path / "assets" / "i18n" / "en.json"


def test_noto_sans_comes_from_pygame_gui_and_is_opened_once():
    assert resources.font_path().endswith("NotoSans-Regular.ttf")
    assert resources.font_path(bold=True).endswith("NotoSans-Bold.ttf")
    assert resources.font(16) is resources.font(16)
    first = resources.text("Kobayakawa", 16, (0, 0, 0))
    assert resources.text("Kobayakawa", 16, (0, 0, 0)) is first
