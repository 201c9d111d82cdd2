"""The one text-fitting helper: wrap, shrink to the floor, then "…" with the whole text kept."""

from __future__ import annotations

import pygame
import pytest

from client import resources, text


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    text.set_scale(1.0)
    yield
    text.set_scale(1.0)


def test_short_text_keeps_its_size_and_one_line():
    f = text.fit("Reveal", 18, 200, 40)
    assert f.lines == ("Reveal",) and f.size == 18 and not f.elided


def test_text_wraps_at_words_before_it_shrinks():
    f = text.fit("Bloquear como Capitán", 18, 150, 60, bold=True)
    assert f.lines == ("Bloquear como", "Capitán")
    assert f.size == 18 and not f.elided
    assert all(resources.font(18, True).size(line)[0] <= 150 for line in f.lines)


def test_text_shrinks_when_wrapping_is_not_enough():
    one_line = resources.font(18, True).size("Bloquear como Capitán")[0]
    f = text.fit("Bloquear como Capitán", 18, one_line - 12, 25, bold=True)
    assert len(f.lines) == 1 and 14 <= f.size < 18 and not f.elided
    assert f.width <= one_line - 12


def test_at_the_floor_the_last_line_ends_in_an_ellipsis_and_keeps_the_whole_text():
    words = "Bloquear como Capitán y además otra frase larga que no cabe"
    f = text.fit(words, 18, 120, 22, bold=True)
    assert f.size == 14 and f.elided
    assert f.lines[-1].endswith(text.ELLIPSIS)
    assert f.full == words
    assert f.width <= 120


def test_the_floor_follows_the_ui_scale():
    assert text.floor_px(1.0) == 14
    assert text.floor_px(1.3) == 18
    text.set_scale(1.3)
    f = text.fit("una frase que nunca cabe en tan poco sitio", 30, 60, 30)
    assert f.size == 18 and f.elided


def test_a_word_longer_than_the_box_is_broken_only_at_the_floor():
    f = text.fit("Supercalifragilistic", 20, 80)
    assert f.size == 14 and len(f.lines) > 1
    assert "".join(f.lines) == "Supercalifragilistic"


def test_a_hundred_thousand_character_name_is_cut_in_linear_time():
    name = "a" * 100_000
    f = text.fit(name, 18, 200, 60)
    assert f.elided and f.full == name
    assert sum(len(line) for line in f.lines) < 200
    # The wrap without a height limit is linear: every character lands on some line.
    lines = text.wrap("palabra " * 12_500, 16, 300)
    assert sum(len(line) + 1 for line in lines) == len("palabra " * 12_500)


def test_fits_are_cached():
    first = text.fit("Ronda 3 · Fase 2", 16, 300)
    assert text.fit("Ronda 3 · Fase 2", 16, 300) is first


def test_newlines_start_new_lines():
    assert text.wrap("uno\n\ndos", 16, 300) == ["uno", "", "dos"]


def test_drawing_inside_a_recording_notes_the_text_its_box_and_ink():
    surface = pygame.Surface((300, 100))
    box = pygame.Rect(10, 10, 100, 40)
    with text.recording() as rec:
        text.draw(surface, "Mostrar Duque", box, 16, (0, 0, 0))
        text.label(surface, "3", 16, (200, 50), (0, 0, 0))
    assert [p.string for p in rec.placed] == ["Mostrar Duque", "3"]
    first = rec.placed[0]
    assert first.box == box and box.contains(first.ink)
    assert rec.placed[1].box is None
    text.draw(surface, "outside", box, 16, (0, 0, 0))
    assert len(rec.placed) == 2  # not recording any more


def test_a_shortened_text_on_the_window_gets_its_whole_text_as_a_tooltip():
    screen = pygame.display.set_mode((320, 200))
    text.begin_frame()
    words = "Un nombre de jugador larguísimo que no cabe"
    rect = text.draw(screen, words, pygame.Rect(10, 10, 90, 24), 16, (0, 0, 0))
    assert text.tip_at(rect.center) == words
    text.begin_frame()
    assert text.tip_at(rect.center) is None


def test_a_button_takes_a_smaller_themed_size_then_an_ellipsis():
    shown, object_id, elided = text.fit_widget_text("Show", 200, "accent", 1.0)
    assert (shown, object_id, elided) == ("Show", "#accent", False)
    shown, object_id, elided = text.fit_widget_text("Bloquear como Capitán", 200, "accent", 1.0)
    assert shown == "Bloquear como Capitán" and object_id.startswith("#accent_")
    assert not elided
    shown, _id, elided = text.fit_widget_text("Bloquear como Capitán " * 4, 200, "accent", 1.0)
    assert elided and shown.endswith(text.ELLIPSIS)


def test_raw_catalogue_keys_are_recognised():
    assert text.looks_like_key("option.carolus_magnus.repeated_disc")
    assert not text.looks_like_key("Take 1 moon.")
    assert not text.looks_like_key("1.5")
    assert not text.looks_like_key("v0.1.0")
    assert text.looks_like_key("settings.anim.0")


def test_a_question_mark_standing_for_a_missing_name_is_recognised():
    assert text.has_placeholder("Show ?") and text.has_placeholder("¡Te desafío: ?!")
    assert not text.has_placeholder("¿Luchas o pasas?")
    assert not text.has_placeholder("Do you fight?")
