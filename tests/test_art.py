"""client/art draws everything by code: right sizes, alpha, caching, distinct cards and seats."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from client.art import icon, kobayakawa, palette, textures

CARD = (90, 135)


@pytest.fixture(autouse=True, scope="module")
def _fonts() -> None:
    pygame.font.init()


def _has_alpha(surface: pygame.Surface) -> bool:
    return bool(surface.get_flags() & pygame.SRCALPHA)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("make", [textures.felt, textures.wood, textures.parchment,
                                  textures.washi])
def test_textures_have_the_requested_size_and_alpha(make) -> None:  # type: ignore[no-untyped-def]
    surf = make((123, 77))
    assert surf.get_size() == (123, 77)
    assert _has_alpha(surf)


def test_textures_are_cached_and_deterministic() -> None:
    assert textures.felt((64, 48)) is textures.felt((64, 48))
    first = _pixels(textures.parchment((50, 40)))
    textures.parchment.cache_clear()
    assert _pixels(textures.parchment((50, 40))) == first


def test_textures_are_not_flat() -> None:
    surf = textures.felt((200, 120))
    colours = {surf.get_at((x, y))[:3] for x in range(0, 200, 13) for y in range(0, 120, 11)}
    assert len(colours) > 10


def test_seven_distinct_shapes_and_colours() -> None:
    assert len(palette.SEAT_COLOURS) == 7
    assert len(set(palette.SEAT_COLOURS)) == 7
    assert palette.SEAT_SHAPES == ["circle", "square", "triangle", "diamond", "hexagon",
                                   "star", "cross"]


def test_seat_colours_are_pairwise_distinguishable() -> None:
    for a, b in itertools.combinations(palette.SEAT_COLOURS, 2):
        distance = sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5
        assert distance > 60, (a, b)


def test_seat_colours_stand_out_from_the_felt() -> None:
    felt_light = sum(palette.FELT) / 3
    for colour in palette.SEAT_COLOURS:
        assert sum(colour) / 3 - felt_light > 30, colour


def test_every_shape_has_points_and_an_unknown_one_is_refused() -> None:
    for shape in palette.SEAT_SHAPES:
        points = palette.shape_points(shape, (50, 50), 20)
        assert len(points) >= 3
        assert all(20 <= x <= 80 and 20 <= y <= 80 for x, y in points)
    with pytest.raises(ValueError, match="unknown seat shape"):
        palette.shape_points("moon", (0, 0), 5)


def test_seat_markers_differ_and_are_drawn_in_place() -> None:
    sprites = [_pixels(palette.seat_marker(14, i)) for i in range(7)]
    assert len(set(sprites)) == 7
    assert palette.seat_marker(14, 3) is palette.seat_marker(14, 3)
    table = pygame.Surface((60, 60), pygame.SRCALPHA)
    rect = palette.draw_seat_marker(table, (30, 30), 12, 0)
    assert rect.collidepoint(30, 30)
    centre = table.get_at((30, 30))

    def distance(colour: tuple[int, int, int]) -> int:
        return sum(abs(a - b) for a, b in zip(centre[:3], colour, strict=True))

    assert min(palette.SEAT_COLOURS, key=distance) == palette.SEAT_COLOURS[0]


def test_card_faces_have_size_alpha_and_each_value_differs() -> None:
    faces = [kobayakawa.card_face(v, CARD) for v in range(1, 16)]
    for face in faces:
        assert face.get_size() == CARD
        assert _has_alpha(face)
    assert len({_pixels(face) for face in faces}) == 15
    assert faces[0].get_at((0, 0)).a < 255  # rounded corners are transparent


def test_card_values_out_of_range_are_refused() -> None:
    for bad in (0, 16):
        with pytest.raises(ValueError, match=r"1\.\.15"):
            kobayakawa.card_face(bad, CARD)


def test_kobayakawa_card_is_marked_differently_from_the_plain_face() -> None:
    marked = kobayakawa.kobayakawa_card(7, CARD)
    assert marked.get_size() == CARD
    assert _has_alpha(marked)
    assert _pixels(marked) != _pixels(kobayakawa.card_face(7, CARD))


def test_card_back_and_faces_are_cached() -> None:
    assert kobayakawa.card_back(CARD) is kobayakawa.card_back(CARD)
    assert kobayakawa.card_face(3, CARD) is kobayakawa.card_face(3, CARD)
    back = kobayakawa.card_back(CARD)
    assert back.get_size() == CARD
    assert _has_alpha(back)


@pytest.mark.parametrize("radius", [12, 20, 40])
def test_medal_sun_and_crest_sizes(radius: int) -> None:
    for surf in (kobayakawa.medal(radius), kobayakawa.red_sun(radius),
                 kobayakawa.kamon(radius, 5, palette.VERMILION)):
        assert surf.get_size() == (2 * radius, 2 * radius)
        assert _has_alpha(surf)
        assert surf.get_at((0, 0)).a == 0  # round pieces leave the corners clear
        assert max(surf.get_at((radius, y)).a for y in range(2 * radius)) > 200
    assert kobayakawa.medal(radius) is kobayakawa.medal(radius)


def test_crest_variants_differ() -> None:
    crests = {_pixels(kobayakawa.kamon(20, v, (0, 0, 0))) for v in range(16)}
    assert len(crests) == 16


@pytest.mark.parametrize("size", [16, 64, 256])
def test_app_icon(size: int) -> None:
    surf = icon.app_icon(size)
    assert surf.get_size() == (size, size)
    assert _has_alpha(surf)
    assert icon.app_icon(size) is surf


def test_nothing_needs_a_display() -> None:
    # In a fresh process, since other tests in this worker may have opened a window.
    script = (
        "import pygame\n"
        "from client.art import icon, kobayakawa, palette, textures\n"
        "textures.felt((40, 30)); textures.wood((40, 30)); textures.parchment((40, 30))\n"
        "kobayakawa.card_face(5, (60, 90)); kobayakawa.card_back((60, 90))\n"
        "kobayakawa.kobayakawa_card(5, (60, 90)); kobayakawa.medal(12); icon.app_icon(32)\n"
        "palette.draw_seat_marker(pygame.Surface((20, 20)), (10, 10), 6, 2)\n"
        "assert not pygame.display.get_init(), 'art opened the display'\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "-c", script], check=True, cwd=root, env=env)


def test_soft_shadow_is_larger_by_its_spread_and_soft() -> None:
    shadow = textures.soft_shadow((80, 120), 8, 6)
    assert shadow.get_size() == (92, 132)
    assert _has_alpha(shadow)
    assert shadow.get_at((46, 66)).a > shadow.get_at((1, 1)).a


def test_cards_carry_their_value_in_kanji() -> None:
    assert [kobayakawa.kanji_numeral(v) for v in (1, 9, 10, 11, 15)] == [
        "一", "九", "十", "十一", "十五"]
