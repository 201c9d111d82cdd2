"""Render a contact sheet of all of client/art to a PNG, to look at the art as a player would.

    SDL_VIDEODRIVER=dummy .venv/bin/python build_scripts/art_sheet.py /tmp/sheet.png

Shows the 15 Kobayakawa faces, the back and the Kobayakawa-marked card at table size,
a few cards small (as in a hand far away), medals at several radii, the seat markers on
felt and on parchment, texture swatches and the icon at several sizes.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from client.art import icon, kobayakawa, palette, textures
from client.art._draw import text

CARD = (150, 225)
SMALL_CARD = (60, 90)


def _label(sheet: pygame.Surface, label: str, pos: tuple[int, int]) -> None:
    sheet.blit(text("bold", label, 14, (230, 226, 214)), pos)


def _cards(sheet: pygame.Surface, top: int) -> int:
    _label(sheet, "Kobayakawa cards 1-15, back, Kobayakawa-marked 7", (24, top))
    y = top + 30
    for i in range(1, 16):
        row, col = divmod(i - 1, 9)
        sheet.blit(kobayakawa.card_face(i, CARD), (24 + col * 166, y + row * 245))
    sheet.blit(kobayakawa.card_back(CARD), (24 + 6 * 166, y + 245))
    sheet.blit(kobayakawa.kobayakawa_card(7, CARD), (24 + 7 * 166, y + 245))
    sheet.blit(kobayakawa.kobayakawa_card(15, CARD), (24 + 8 * 166, y + 245))
    y += 2 * 245 + 10
    _label(sheet, "small (60x90) and large (300x450)", (24, y))
    for i, v in enumerate((1, 5, 9, 10, 13, 15)):
        sheet.blit(kobayakawa.card_face(v, SMALL_CARD), (24 + i * 70, y + 30))
    sheet.blit(kobayakawa.card_back(SMALL_CARD), (24 + 6 * 70, y + 30))
    sheet.blit(kobayakawa.card_face(12, (300, 450)), (540, y + 30))
    sheet.blit(kobayakawa.card_back((300, 450)), (860, y + 30))
    sheet.blit(kobayakawa.kobayakawa_card(4, (300, 450)), (1180, y + 30))
    return y + 30 + 450 + 20


def _table_mock(sheet: pygame.Surface, left: int, top: int) -> None:
    """A corner of a game table: a player's parchment plate with cards and medals."""
    _label(sheet, "in play", (left, top))
    panel = textures.parchment((400, 150)).copy()
    pygame.draw.rect(panel, (120, 100, 70), panel.get_rect(), 2, border_radius=10)
    sheet.blit(panel, (left, top + 30))
    palette.draw_seat_marker(sheet, (left + 26, top + 58), 12, 2)
    sheet.blit(text("bold", "Tomoe", 16, palette.INK), (left + 46, top + 49))
    for i in range(4):
        sheet.blit(kobayakawa.medal(16), (left + 200 + i * 22, top + 42))
    sheet.blit(kobayakawa.card_back((70, 105)), (left + 20, top + 70))
    sheet.blit(kobayakawa.card_face(11, (70, 105)), (left + 100, top + 70))
    pile = pygame.Rect(left + 220, top + 200, 120, 180)
    for rect in (pile, pile.move(-170, 0)):
        sheet.blit(textures.soft_shadow(rect.size, 8, 8), rect.move(-8 + 3, -8 + 5))
    for k, v in enumerate((3, 9)):
        sheet.blit(kobayakawa.card_face(v, pile.size), pile.move(-8 + 4 * k, -8 + 4 * k))
    sheet.blit(kobayakawa.kobayakawa_card(12, pile.size), pile)
    pygame.draw.rect(sheet, palette.ACCENT, pile.inflate(10, 10), 3, border_radius=12)
    sheet.blit(kobayakawa.card_back(pile.size), pile.move(-170, 0))


def _tokens(sheet: pygame.Surface, top: int) -> int:
    _label(sheet, "medals r=12..40, red sun, crests, seat markers", (24, top))
    x = 24
    for r in (12, 16, 20, 28, 40):
        sheet.blit(kobayakawa.medal(r), (x, top + 30 + 40 - r))
        x += 2 * r + 16
    sheet.blit(kobayakawa.red_sun(40), (x, top + 30))
    x += 100
    sheet.blit(textures.washi((8 * 42 + 8, 90)), (x - 4, top + 30))
    for v in range(0, 16):
        colour = palette.INK if v == 0 else palette.VERMILION
        sheet.blit(kobayakawa.kamon(18, v, colour), (x + (v % 8) * 42, top + 33 + (v // 8) * 42))
    x += 8 * 42 + 20
    paper = textures.parchment((420, 90))
    sheet.blit(paper, (x, top + 30))
    for i in range(7):
        for j, r in enumerate((9, 16)):
            palette.draw_seat_marker(sheet, (x + 30 + i * 56, top + 50 + j * 36), r, i)
    x += 440
    for i in range(7):
        palette.draw_seat_marker(sheet, (x + 20 + i * 44, top + 50), 14, i)
        palette.draw_seat_marker(sheet, (x + 20 + i * 44, top + 90), 8, i)
    return top + 30 + 90 + 20


def _swatches(sheet: pygame.Surface, top: int) -> int:
    _label(sheet, "felt, wood, parchment, washi; icon 256/64/32/16; accent", (24, top))
    for i, tex in enumerate((textures.felt, textures.wood, textures.parchment,
                             textures.washi)):
        sheet.blit(tex((260, 180)), (24 + i * 276, top + 30))
    x = 24 + 4 * 276
    sheet.blit(icon.app_icon(256), (x, top + 30))
    x += 270
    for s in (64, 32, 16):
        sheet.blit(icon.app_icon(s), (x, top + 30))
        x += s + 12
    pygame.draw.rect(sheet, palette.ACCENT, (x, top + 30, 40, 40), 3, border_radius=6)
    return top + 30 + 256 + 20


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: art_sheet.py OUT.png")
    pygame.font.init()
    sheet = pygame.Surface((1920, 1520))
    sheet.blit(textures.felt(sheet.get_size()), (0, 0))
    y = _cards(sheet, 16)
    _table_mock(sheet, 1480, 540)
    y = _tokens(sheet, y)
    _swatches(sheet, y)
    pygame.image.save(sheet, sys.argv[1])
    print(sys.argv[1])


if __name__ == "__main__":
    main()
