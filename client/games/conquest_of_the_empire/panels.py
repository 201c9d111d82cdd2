"""The column beside the Conquest map: a row per seat (talents, chaos, VP, senators, cards,
position and side), the season line, and the list of choices the acting human clicks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import artwork
from client.art import conquest_of_the_empire as art
from client.games.conquest_of_the_empire import words
from client.games.conquest_of_the_empire.layout import Layout
from client.i18n import tr
from rules import Action

if TYPE_CHECKING:
    from client.games.conquest_of_the_empire.view import ConquestView

PLATE = (232, 218, 184)
PLATE_DARK = (196, 176, 134)
INK = (52, 36, 24)
INK_SOFT = (110, 86, 60)
ENTRY = (244, 234, 206)
ENTRY_HOT = (255, 236, 170)
ACCENT = artwork.ACCENT


def draw_column(view: ConquestView, surface: pygame.Surface, lay: Layout, acting: set[int],
                entries: list[Action], page: int, hover: tuple[int, int]) -> None:
    v = view.view
    for seat, rect in enumerate(lay.seats):
        _seat_row(view, surface, rect, seat, v, seat in acting)
    pygame.draw.rect(surface, PLATE_DARK, lay.status, border_radius=view.s(6))
    view.text(surface, words.short_status(view), 15,
              lay.status.inflate(-view.s(12), -view.s(4)), INK, True, "center", "middle", 1)
    _choices(view, surface, lay, entries, page, hover)


def _seat_row(view: ConquestView, surface: pygame.Surface, rect: pygame.Rect, seat: int,
              v: dict[str, Any], acting: bool) -> None:
    s = view.s
    pygame.draw.rect(surface, PLATE, rect, border_radius=s(8))
    pygame.draw.rect(surface, ACCENT if acting else PLATE_DARK, rect, s(3) if acting else s(1),
                     border_radius=s(8))
    colour = view.colours[seat]
    artwork.draw_seat_marker(surface, (rect.x + s(16), rect.y + s(16)), s(9), colour)
    pos = v["positions"][seat] if v.get("positions") else 0
    head = view.names[seat]
    if pos:
        head += "  · " + tr("coe.panel.position", n=pos)
    view.text(surface, head, 15, pygame.Rect(rect.x + s(32), rect.y + s(4), rect.w - s(40), s(22)),
              INK, True, max_lines=1, free_text=True)
    stats = [
        ("talents", v["talents"][seat]), ("chaos", v["chaos"][seat]), ("vp", v["vp"][seat]),
    ]
    x = rect.x + s(10)
    y = rect.y + s(26)
    inner = rect.w - s(20)
    for (key, value), share in zip(stats, (0.38, 0.33, 0.29), strict=True):
        cell = round(inner * share)  # talents run to three digits
        view.text(surface, f"{tr('coe.panel.' + key)} {value}", 14,
                  pygame.Rect(x, y, cell, s(18)), INK_SOFT, True, max_lines=1)
        x += cell
    if rect.h >= s(56):
        senators = "+".join(words.roman(n) for n in v["senators"][seat]) or "—"
        cards = v["cards"][seat]
        ready = sum(1 for c in cards if c["ready"])
        line = tr("coe.panel.senators", list=senators) + "   " + tr(
            "coe.panel.cards", ready=ready, total=len(cards))
        side = v.get("sides", [None] * (seat + 1))[seat]
        if side is not None:
            line += "   " + ("I" if side == 0 else "II")
        view.text(surface, line, 13, pygame.Rect(rect.x + s(10), y + s(17), rect.w - s(20),
                                                 s(18)), INK_SOFT, False, max_lines=1)


def _choices(view: ConquestView, surface: pygame.Surface, lay: Layout, entries: list[Action],
             page: int, hover: tuple[int, int]) -> None:
    s = view.s
    box = lay.choices
    pygame.draw.rect(surface, PLATE, box, border_radius=s(8))
    pygame.draw.rect(surface, PLATE_DARK, box, s(1), border_radius=s(8))
    title = tr("coe.panel.choices") if entries else tr("coe.panel.nothing")
    if view.filter_key:
        title = tr("coe.panel.filter", place=words.place(view, view.filter_key))
    view.text(surface, title, 14, pygame.Rect(box.x + s(10), box.y + s(6), box.w - s(20), s(22)),
              INK, True, max_lines=1)
    per = len(lay.entries)
    shown = entries[page * per:(page + 1) * per]
    for rect, action in zip(lay.entries, shown, strict=False):
        hot = rect.collidepoint(hover)
        pygame.draw.rect(surface, ENTRY_HOT if hot else ENTRY, rect, border_radius=s(6))
        pygame.draw.rect(surface, ACCENT if hot else PLATE_DARK, rect, s(2) if hot else s(1),
                         border_radius=s(6))
        icon = _icon(action)
        x = rect.x + s(8)
        if icon is not None:
            img = art.unit_chip(icon, view.colours[view.acting_seat()], s(24))
            surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
            x += s(30)
        view.text(surface, words.action_label(view, action), 14,
                  pygame.Rect(x, rect.y + s(2), rect.right - x - s(6), rect.h - s(4)),
                  INK, False, "left", "middle", 2)
    pages = max(1, -(-len(entries) // per))
    if pages > 1:
        for rect, glyph, enabled in ((lay.prev_page, "‹", page > 0),
                                     (lay.next_page, "›", page < pages - 1)):
            pygame.draw.rect(surface, ENTRY if enabled else PLATE_DARK, rect, border_radius=s(6))
            view.label(surface, glyph, 20, rect.center, INK if enabled else INK_SOFT, True,
                       "center")
        view.label(surface, tr("coe.panel.page", page=page + 1, pages=pages), 14,
                   (box.centerx, lay.prev_page.centery), INK_SOFT, True, "center")


def _icon(action: Action) -> str | None:
    unit = getattr(action, "unit", None)
    if isinstance(unit, str) and unit in art.PICTOGRAMS:
        return unit
    return None
