"""The catalogues: Spanish and English say the same things, and every code has a sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

from client import i18n
from client.i18n import error_sentence, tr

ROOT = Path(__file__).resolve().parents[2]


def catalogue(lang):
    return json.loads((ROOT / "assets" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def test_spanish_and_english_have_the_same_keys_and_placeholders():
    es, en = catalogue("es"), catalogue("en")
    assert set(es) == set(en)
    for key in en:
        assert set(re.findall(r"{(\w+)}", es[key])) == set(re.findall(r"{(\w+)}", en[key])), key


def test_every_literal_key_the_shell_uses_exists():
    en = catalogue("en")
    used = set()
    for path in (ROOT / "client").rglob("*.py"):
        if {"art", "coup", "magnate", "carolus_magnus", "board"} & set(path.parts):
            continue  # other games' views keep their words in their own catalogues
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\btr\(\s*"([a-z_.0-9]+)"\s*[,)]', text))
    assert used and not sorted(used - set(en))


def test_rules_codes_become_sentences_in_both_languages():
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        for code in ("not_your_turn", "wrong_stage", "card_not_in_hand", "game_over"):
            sentence = error_sentence("illegal", code, {"choices": [3, 9]})
            assert code not in sentence and sentence.endswith(".")
        assert "42" in error_sentence("illegal", "some_new_code_42", {})  # still says something
    i18n.set_language("en")


def test_the_language_follows_the_system_locale(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "es_AR.UTF-8")
    assert i18n.system_language() == "es"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.system_language() == "en"
    assert tr("menu.new_game") == "New game"
