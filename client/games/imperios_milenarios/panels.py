"""Imperios Milenarios's screen-space boards: one per civilisation (all public: census,
armies, Age, hand by colour, cup and discard, reserve, goods, technologies, wonder, the
Dragón) and the common strip (pool by colour, the two goods boxes, the technologies,
the wonders, each with its owners' marks).

Pure drawing from the view dict; the view says what is lit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import artwork, resources
from client.art import imperios_milenarios as art
from client.games.base import lit_key
from client.games.imperios_milenarios import words
from client.games.imperios_milenarios.layout import (
    COLOURS,
    CivPanel,
    Strip,
    moved_panel,
    moved_strip,
)
from client.i18n import tr
from client.scenes.base import draw_panel
from rules.imperios_milenarios.components import GOODS, TECHS

if TYPE_CHECKING:
    from client.games.imperios_milenarios.view import ImperiosView

INK = artwork.INK
MUTED = (96, 82, 64)
ACCENT = artwork.ACCENT
DRAGON = (40, 104, 170)


def one_line(view: ImperiosView, words_: str, size: int, box: pygame.Rect) -> bool:
    """Whether `words_` fits `box` on one line, whole words, at this size (bold)."""
    px = max(view.text_px(size), view.text_floor())
    f = resources.font(px, True)
    return f.size(words_)[0] <= box.w and f.get_linesize() <= box.h + 2


def wonder_glyph(surface: pygame.Surface, key: str, box: pygame.Rect) -> None:
    """A wonder as a small drawing, when its name has no room: the Pyramids a triangle,
    the Gardens stepped green terraces, the Colossus a standing figure with a torch."""
    x, y, w, h = box
    if key == "piramides":
        pts = [(x, y + h), (x + w * 0.5, y), (x + w, y + h)]
        pygame.draw.polygon(surface, (214, 182, 112), pts)
        pygame.draw.polygon(surface, INK, pts, 1)
    elif key == "jardines":
        for k in range(3):
            step = pygame.Rect(x + k * w // 8, y + h - (k + 1) * h // 3, w - k * w // 4, h // 3)
            pygame.draw.rect(surface, (96, 140, 72), step)
            pygame.draw.rect(surface, INK, step, 1)
    else:
        cx = x + w // 2
        pygame.draw.circle(surface, (150, 120, 70), (cx, y + h // 6), max(2, h // 7))
        pygame.draw.rect(surface, (150, 120, 70), (cx - w // 8, y + h // 3, w // 4, h * 2 // 3))
        pygame.draw.line(surface, (150, 120, 70), (cx + w // 8, y + h // 3),
                         (cx + w // 3, y), max(1, h // 10))
        pygame.draw.circle(surface, (226, 160, 60), (cx + w // 3, y + 1), max(2, h // 9))


def title(view: ImperiosView, surface: pygame.Surface, choices: list[str],
          box: pygame.Rect) -> None:
    """A box's title: the first wording that fits whole on one line, else none."""
    for words_ in choices:
        if one_line(view, words_, 13, box):
            view.text(surface, words_, 13, box, INK, True, max_lines=1)
            return


def marks(view: ImperiosView, surface: pygame.Surface, seats: list[int], box: pygame.Rect,
          r: int) -> None:
    """Owners' seat marks (colour and shape) along the bottom of `box`."""
    if not seats:
        return
    step = min(2 * r + view.s(2), max(4, (box.w - 2 * r) // max(1, len(seats))))
    x = box.x + r + view.s(2)
    for seat in seats:
        artwork.draw_seat_marker(surface, (round(x), box.bottom - r - view.s(2)), r,
                                 view.colour_of(seat))
        x += step


class Pictures:
    """The boards drawn once into pictures and reused while nothing they show changes
    (the view's serial, what is lit, the rect, the language): a frame then costs a blit."""

    def __init__(self) -> None:
        self._cache: dict[object, tuple[object, pygame.Surface, tuple[int, int]]] = {}

    def civ(self, view: ImperiosView, surface: pygame.Surface, panel: CivPanel,
            lit: dict[str, Any]) -> None:
        key = (view.serial, lit_key(lit),
               tuple(panel.rect), view.scale, tr("im.none"))
        m = view.s(8)
        self._blit(surface, ("civ", panel.seat), key, panel.rect, m,
                   lambda pic: draw_civ(view, pic, moved_panel(panel, m - panel.rect.x,
                                                               m - panel.rect.y), lit))

    def strip(self, view: ImperiosView, surface: pygame.Surface, strip: Strip) -> None:
        key = (view.serial, tuple(strip.rect), view.scale, tr("im.none"))
        m = view.s(8)
        self._blit(surface, "strip", key, strip.rect, m,
                   lambda pic: draw_strip(view, pic, moved_strip(strip, m - strip.rect.x,
                                                                 m - strip.rect.y)))

    def _blit(self, surface: pygame.Surface, slot: object, key: object, rect: pygame.Rect,
              m: int, paint: Any) -> None:
        cached = self._cache.get(slot)
        if cached is None or cached[0] != key:
            picture = pygame.Surface(rect.inflate(2 * m, 2 * m).size, pygame.SRCALPHA)
            paint(picture)
            if pygame.display.get_surface() is not None:
                picture = picture.convert_alpha()
            cached = (key, picture, (rect.x - m, rect.y - m))
            self._cache[slot] = cached
        surface.blit(cached[1], cached[2])


def draw_civ(view: ImperiosView, surface: pygame.Surface, panel: CivPanel,
             lit: dict[str, Any]) -> None:
    v = view.view
    seat = panel.seat
    c = v["civs"][seat]
    draw_panel(surface, panel.rect, view.scale)
    if lit.get("acting"):
        pygame.draw.rect(surface, ACCENT, panel.rect.inflate(view.s(4), view.s(4)),
                         view.s(3), border_radius=view.s(10))
    h = panel.header
    artwork.draw_seat_marker(surface, (h.x + h.h // 2, h.centery), max(4, h.h // 2 - view.s(3)),
                             view.colour_of(seat))
    name_box = pygame.Rect(h.x + h.h + view.s(4), h.y, h.w - h.h - view.s(96), h.h)
    view.text(surface, words.civ(view, seat), 14, name_box, INK, True, valign="middle",
              max_lines=1, free_text=True)
    age_box = pygame.Rect(h.right - view.s(92), h.y, view.s(92), h.h)
    age = tr(f"im.age_short.{c['age']}")
    if view.fits(age, 14, age_box, bold=True):
        view.text(surface, age, 14, age_box, MUTED, True, "right", "middle", 1)
    if v.get("dragon") == seat and v.get("stage") != "found":  # held once all have founded
        pygame.draw.circle(surface, DRAGON, (name_box.right + view.s(2), h.centery),
                           view.s(7))
        view.label(surface, "D", 11, (name_box.right + view.s(2), h.centery),
                   (240, 236, 220), True, "center")
    k = panel.counters
    score = c.get("score", {}).get("total", 0)
    line = tr("im.panel.counters", census=c["census"], armies=c["armies"], score=score)
    if "counters" in panel.show and view.fits(line, 14, k):
        view.text(surface, line, 14, k, INK, valign="middle", max_lines=1)
    for colour, slot in zip(COLOURS, panel.hand, strict=True):
        n = c["hand"][colour]
        px = max(8, min(slot.h - view.s(4), slot.w - view.s(14)))
        glow = colour in lit.get("hand", ())
        img = art.action_token(colour, px, glow)
        if not n:
            img = img.copy()
            img.set_alpha(90)
        surface.blit(img, img.get_rect(midleft=(slot.x, slot.centery)))
        view.label(surface, str(n), 14, (slot.x + px + view.s(1), slot.centery), INK, True,
                   "midleft")
    cup = panel.cup
    cimg = art.cup(view.colour_of(seat), max(8, cup.h - view.s(2)))
    surface.blit(cimg, cimg.get_rect(midleft=(cup.x, cup.centery)))
    in_cup = sum(c["cup"].values())
    discarded = sum(c["discard"].values())
    view.label(surface, f"{in_cup}/{discarded}", 13, (cup.x + cimg.get_width() + view.s(1),
                                                      cup.centery), MUTED, True, "midleft")
    res = panel.reserve
    timg = art.totem(view.colour_of(seat), max(8, res.h - view.s(2)), lit.get("reserve", False))
    at = timg.get_rect(midleft=(res.x + view.s(4), res.centery))
    surface.blit(timg, at)
    view.label(surface, str(c["reserve"]), 14, (at.right + view.s(2), res.centery), INK, True,
               "midleft")
    if panel.chips.w:  # the layout gives the marks room only where the items row has none
        draw_chips(view, surface, panel.chips, c)
    items = panel.items
    parts = [words.item(g) for g in c["goods"]]
    techs = [words.item(t) for t in c["technologies"]]
    line = tr("im.panel.items", goods=", ".join(parts) or "—", techs=", ".join(techs) or "—",
              wonder=words.item(c["wonder"]) if c.get("wonder") else "—")
    if not view.fits(line, 13, items):  # the board's tooltip lists them all
        line = tr("im.panel.items_short", goods=len(parts), techs=len(techs),
                  wonder=1 if c.get("wonder") else 0)
    if "items" in panel.show and view.fits(line, 13, items):
        view.text(surface, line, 13, items, MUTED, max_lines=3)


def draw_chips(view: ImperiosView, surface: pygame.Surface, box: pygame.Rect,
               c: dict[str, Any]) -> None:
    """A small board's goods, technologies and wonder, where the items row has no room: a
    coin with the goods' count, a card of the four branches with the technologies', and
    the wonder's drawing; as many as fit, in that order (the board's tooltip names them)."""
    icon = max(6, min(box.h - view.s(6), view.s(16)))
    x, cy = box.x, box.centery
    marks: list[tuple[str, int]] = [("goods", len(c["goods"])),
                                    ("techs", len(c["technologies"]))]
    if c.get("wonder"):
        marks.append((c["wonder"], 0))
    px = max(view.text_px(13), view.text_floor())
    digit_w = resources.font(px, True).size("00")[0]
    for kind, n in marks:
        width = icon + (view.s(2) + digit_w if kind in ("goods", "techs") else 0)
        if x + width > box.right:
            return
        r = pygame.Rect(x, cy - icon // 2, icon, icon)
        if kind == "goods":
            pygame.draw.circle(surface, (214, 176, 84), r.center, icon // 2)
            pygame.draw.circle(surface, MUTED, r.center, icon // 2, max(1, view.s(1)))
            pygame.draw.circle(surface, (240, 214, 140), r.center, max(1, icon // 5))
        elif kind == "techs":
            half = icon // 2
            for i, colour in enumerate(COLOURS):
                quarter = pygame.Rect(r.x + (i % 2) * half, r.y + (i // 2) * half, half, half)
                pygame.draw.rect(surface, art.TOKEN_COLOURS[colour], quarter)
            pygame.draw.rect(surface, INK, r, max(1, view.s(1)))
        else:
            wonder_glyph(surface, kind, r)
        if kind in ("goods", "techs"):
            view.label(surface, str(n), 13, (r.right + view.s(2), cy),
                       INK if n else MUTED, True, "midleft")
        x += width + view.s(4)


def draw_strip(view: ImperiosView, surface: pygame.Surface, strip: Strip) -> None:
    v = view.view
    draw_panel(surface, strip.rect, view.scale)
    title_h = view.s(18)
    r = max(3, view.s(5))
    first = strip.pool[0]
    title(view, surface, [tr("im.strip.pool"), tr("im.strip.pool_short")],
          pygame.Rect(first.x, strip.rect.y + view.s(6), view.s(110), title_h))
    for colour, slot in zip(COLOURS, strip.pool, strict=True):
        px = max(8, slot.h - view.s(6))
        surface.blit(art.action_token(colour, px), (slot.x, slot.y + view.s(2)))
        view.label(surface, str(v["pool"][colour]), 14, (slot.x + px + view.s(2), slot.centery),
                   INK, True, "midleft")
    goods = v["goods"]
    for box in ("P", "N"):
        slots = strip.goods[box]
        in_box = [g for g in GOODS if g.box == box]
        for g, slot in zip(in_box, slots, strict=True):
            info = goods[g.key]
            pygame.draw.rect(surface, (236, 224, 190), slot, border_radius=view.s(4))
            pygame.draw.rect(surface, MUTED, slot, max(1, view.s(1)), border_radius=view.s(4))
            top = pygame.Rect(slot.x + view.s(2), slot.y + view.s(1), slot.w - view.s(4),
                              slot.h // 2)
            name = f"{words.item(g.key)} {g.coins}"
            if not one_line(view, name, 12, top):
                name = str(g.coins)  # the tooltip names it
            view.text(surface, name, 12, top, INK, True, "center", max_lines=1)
            marks(view, surface, info["owners"], slot, r)
            if info.get("globalised"):
                pygame.draw.line(surface, MUTED, slot.bottomleft, slot.topright, view.s(2))
    for box, letter in strip.halves.items():  # the half each row's goods come from
        pygame.draw.rect(surface, (226, 210, 170), letter, border_radius=view.s(3))
        view.label(surface, box, 12, letter.center, MUTED, True, "center")
    goods_title = pygame.Rect(strip.halves["P"].x, strip.rect.y + view.s(6),
                              strip.goods["P"][-1].right - strip.goods["P"][0].x, title_h)
    title(view, surface, [tr("im.strip.goods"), tr("im.strip.goods_short")], goods_title)
    techs = v["technologies"]
    for t in TECHS:
        slot = strip.techs[t.branch][t.level - 1]
        info = techs[t.key]
        fill = art.TOKEN_COLOURS[COLOURS[t.branch]]
        pale = tuple(min(255, round(ch * 0.35 + 255 * 0.65)) for ch in fill)
        pygame.draw.rect(surface, pale, slot, border_radius=view.s(4))
        pygame.draw.rect(surface, fill, slot, max(1, view.s(2)), border_radius=view.s(4))
        top = pygame.Rect(slot.x + view.s(3), slot.y + view.s(1), slot.w - view.s(6),
                          slot.h // 2)
        name = f"{t.level}· {words.item(t.key)}"
        if not one_line(view, name, 11, top):
            name = str(t.level)  # the tooltip names it
        view.text(surface, name, 11, top, INK, True, max_lines=1)
        marks(view, surface, info["owners"], slot, max(3, view.s(4)))
    first_t = strip.techs[0][0]
    title(view, surface, [tr("im.strip.techs")],
          pygame.Rect(first_t.x, strip.rect.y + view.s(6),
                      strip.techs[-1][0].right - first_t.x, title_h))
    keys = ("piramides", "jardines", "coloso")

    def name_box(key: str, slot: pygame.Rect) -> pygame.Rect:
        room = view.s(24) if v["wonders"].get(key, {}).get("builder") is not None else view.s(6)
        return pygame.Rect(slot.x + view.s(4), slot.y, slot.w - view.s(4) - room, slot.h)

    # all three by name, or all three as drawings (their tooltips name them): never mixed
    named = all(one_line(view, words.item(key), 12, name_box(key, slot))
                for key, slot in zip(keys, strip.wonders, strict=True))
    for key, slot in zip(keys, strip.wonders, strict=True):
        builder = v["wonders"].get(key, {}).get("builder")
        pygame.draw.rect(surface, (226, 210, 170), slot, border_radius=view.s(4))
        pygame.draw.rect(surface, MUTED, slot, max(1, view.s(1)), border_radius=view.s(4))
        if named:
            view.text(surface, words.item(key), 12, name_box(key, slot), INK, True,
                      valign="middle", max_lines=1)
        else:
            wonder_glyph(surface, key, pygame.Rect(slot.x + view.s(4), slot.y + view.s(3),
                                                    min(slot.w // 2, slot.h * 2),
                                                    slot.h - view.s(6)))
        if builder is not None:
            artwork.draw_seat_marker(surface, (slot.right - view.s(12), slot.centery),
                                     max(3, view.s(7)), view.colour_of(builder))
    title(view, surface, [tr("im.strip.wonders")],
          pygame.Rect(strip.wonders[0].x, strip.rect.y + view.s(6), strip.wonders[0].w,
                      title_h))


def strip_tips(view: ImperiosView, strip: Strip) -> list[tuple[pygame.Rect, str]]:
    """Tooltips over the common boxes: each good, technology and wonder in full."""
    v = view.view
    tips: list[tuple[pygame.Rect, str]] = []
    for colour, slot in zip(COLOURS, strip.pool, strict=True):
        tips.append((slot, tr("im.tip.pool", colour=words.colour(colour), n=v["pool"][colour])))
    for box in ("P", "N"):
        tips.append((strip.halves[box], tr("im.tip.goods_row", half=tr(f"im.half.{box}"))))
        for g, slot in zip([g for g in GOODS if g.box == box], strip.goods[box], strict=True):
            owners = ", ".join(words.civ(view, p) for p in v["goods"][g.key]["owners"])
            tips.append((slot, tr("im.tip.good", name=words.item(g.key), coins=g.coins,
                                  level=g.min_level, half=tr(f"im.half.{box}"),
                                  owners=owners or tr("im.nobody"))))
    for t in TECHS:
        owners = ", ".join(words.civ(view, p) for p in v["technologies"][t.key]["owners"])
        tips.append((strip.techs[t.branch][t.level - 1],
                     tr("im.tip.tech", name=words.item(t.key), level=t.level, cost=t.cost,
                        coins=t.coins, vp=t.vp, effect=tr(f"im.effect.{t.key}"),
                        owners=owners or tr("im.nobody"))))
    for key, slot in zip(("piramides", "jardines", "coloso"), strip.wonders, strict=True):
        builder = v["wonders"].get(key, {}).get("builder")
        tips.append((slot, tr("im.tip.wonder", name=words.item(key),
                              effect=tr(f"im.effect.{key}"),
                              owner=words.civ(view, builder) if builder is not None
                              else tr("im.nobody"))))
    return tips
