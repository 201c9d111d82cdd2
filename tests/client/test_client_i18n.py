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
        fields = r"{(\w+)(?::[^}]*)?}"  # a field may choose its words: {n:# coin|# coins}
        assert set(re.findall(fields, es[key])) == set(re.findall(fields, en[key])), key


def test_every_literal_key_the_shell_uses_exists():
    en = catalogue("en")
    used = set()
    for path in (ROOT / "client").rglob("*.py"):
        own = {"art", "coup", "magnate", "carolus_magnus", "corona_de_hierro",
               "imperios_milenarios",
               "conquest_of_the_empire", "board"}
        if own & set(path.parts):
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


def test_counts_choose_singular_or_plural_in_both_languages():
    i18n.set_language("en")
    assert i18n.tr("log.coup.coins_take", seat="Ana", n=1) == "Ana takes 1 coin from the treasury."
    assert i18n.tr("log.coup.coins_take", seat="Ana", n=3) == "Ana takes 3 coins from the treasury."
    assert i18n.tr("results.score", n=1) == "1 medal"
    assert i18n.tr("results.score", n=0) == "0 medals"
    i18n.set_language("es")
    assert i18n.tr("log.coup.coins_take", seat="Ana", n=1) == "Ana toma 1 moneda del Tesoro."
    assert i18n.tr("log.coup.coins_take", seat="Ana", n=2) == "Ana toma 2 monedas del Tesoro."
    assert i18n.tr("cm.log.emperor_moved", name="Ana", steps=1, where="X").count("1 paso ") == 1
    assert i18n.tr("im.prompt.found", name="Ana", n=1).endswith("(1 lugar).")
    i18n.set_language("en")
    assert i18n.tr("im.prompt.found", name="Ana", n=1).endswith("(1 site).")
    assert i18n.tr("im.prompt.found", name="Ana", n=6).endswith("(6 sites).")
    assert i18n.tr("menu.resume_detail", game="Coup", names="Ana, Bea", moves=1,
                   players=2) == "(Coup: Ana, Bea; 1 move so far.)"


def test_no_catalogue_hedges_a_plural_with_brackets():
    for path in (ROOT / "assets" / "i18n").rglob("*.json"):
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            assert not re.search(r"\w\((s|es)\)", text), (path.name, key, text)


def _docstrings(tree):
    """The string constants that are docstrings (not shown to a player)."""
    import ast

    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def test_every_character_a_player_reads_is_in_the_tables_font():
    """Noto Sans (the font of every text and widget) has no arrows, ticks or crosses: such a
    character is drawn as an empty box. Every catalogue, every rules reference and every
    string the client writes (its own drawings in `client/art`, which use their faces, and
    docstrings aside) keeps to characters the font has; arrows are drawn as shapes."""
    import ast

    import pygame

    from client import resources

    pygame.font.init()
    texts: dict[str, set[str]] = {}
    for path in (ROOT / "assets").rglob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        for value in data.values() if isinstance(data, dict) else []:
            if isinstance(value, str):
                texts.setdefault(value, set()).add(path.name)
    for path in (ROOT / "assets" / "rules").glob("*.md"):
        texts.setdefault(path.read_text(encoding="utf-8"), set()).add(path.name)
    for path in (ROOT / "client").rglob("*.py"):
        if "art" in path.relative_to(ROOT / "client").parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docs):
                texts.setdefault(node.value, set()).add(path.name)
    wanted = {ch for text in texts for ch in text if ord(ch) > 126}
    missing = {}
    for bold in (False, True):
        face = pygame.font.Font(resources.font_path(bold), 24)

        def picture(ch, face=face):
            return pygame.image.tobytes(face.render(ch, True, (0, 0, 0), (255, 255, 255)), "RGB")

        empty = picture("\ue000")  # a private-use character: the font's empty box
        for ch in wanted:
            if picture(ch) == empty:
                missing[ch] = sorted({name for text, names in texts.items() if ch in text
                                      for name in names})
    assert not missing, missing
