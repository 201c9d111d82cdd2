"""Everything Corona de Hierro draws in screen space besides the map itself.

Around the map (`ChromePainter`, one cached picture, so a frame costs one blit): the
legitimacy track, one panel per seat (VP, legitimacy, shields, supplies, emissaries in hand,
cards held, alliances, hostages), the decks with their discard piles, the shield pool, and
the viewer's own hand and loyalty card (only from the viewer's view, so the hot-seat
curtain keeps them private). On the map: the pieces at a size that follows the zoom and the
rings round where a held thing may go (`lit_things`, from the legal actions only). Over it:
the dice plate, the Draw-five cards, the menus and the orders list, what is dragged.
The caller says what is held and what the panels around the map light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import artwork, text
from client.anim import Tween, lerp
from client.art import corona_de_hierro as art
from client.art._draw import shade
from client.art.dice import die_face
from client.games.base import lit_key, thinking_dots
from client.games.corona_de_hierro import words
from client.games.corona_de_hierro.layout import Layout, SeatPanel
from client.i18n import tr
from client.scenes.base import draw_panel
from client.widgets.dice import DiceTray
from rules import Action
from rules.corona_de_hierro import actions as A

if TYPE_CHECKING:
    from client.games.corona_de_hierro.view import CoronaView, Menu

INK = artwork.INK
LIT = (255, 214, 96)
"""What the held thing may be dropped on, what may be picked up, an open menu's frame."""
HOVER = (250, 244, 226)
MUTED = (96, 82, 66)
ACCENT = artwork.ACCENT
BAND_RGB = {
    "red": (196, 72, 58),
    "yellow": (226, 186, 70),
    "green": (96, 152, 90),
    "crown": (214, 172, 64),
}
DECK_RGB = {"political": (84, 72, 132), "military": (150, 50, 40)}
CARD_PAPER = (240, 230, 204)


def band_of(level: int) -> str:
    return "crown" if level >= 13 else "green" if level >= 8 else "yellow" if level >= 4 else "red"


def shield_icon(surface: pygame.Surface, centre: tuple[float, float], r: float,
                fill: tuple[int, int, int] = (176, 150, 96)) -> None:
    x, y = centre
    pts = [(x - r, y - r * 0.85), (x + r, y - r * 0.85), (x + r, y + r * 0.15), (x, y + r),
           (x - r, y + r * 0.15)]
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.line(surface, (120, 90, 50), (x, y - r * 0.85), (x, y + r), max(1, round(r / 5)))
    pygame.draw.polygon(surface, (50, 36, 24), pts, max(1, round(r / 6)))


def crown_icon(surface: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """The Iron Crown: "I declare myself King"."""
    cx, cy = centre
    pts = [(cx - r, cy + r * 0.5), (cx - r, cy - r * 0.3), (cx - r * 0.5, cy + r * 0.05),
           (cx, cy - r * 0.6), (cx + r * 0.5, cy + r * 0.05), (cx + r, cy - r * 0.3),
           (cx + r, cy + r * 0.5)]
    pygame.draw.polygon(surface, art.GOLD, pts)
    pygame.draw.polygon(surface, (40, 30, 20), pts, 1)


def card_back(surface: pygame.Surface, rect: pygame.Rect, deck: str, scale: float) -> None:
    colour = DECK_RGB[deck]
    radius = max(3, round(6 * scale))
    pygame.draw.rect(surface, (30, 24, 20), rect.move(round(2 * scale), round(3 * scale)),
                     border_radius=radius)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    inner = rect.inflate(-round(10 * scale), -round(10 * scale))
    pygame.draw.rect(surface, shade(colour, 1.3), inner, max(1, round(2 * scale)),
                     border_radius=radius)
    r = min(inner.w, inner.h) * 0.28
    cx, cy = inner.center
    crown = [(cx - r, cy + r * 0.5), (cx - r, cy - r * 0.3), (cx - r * 0.5, cy + r * 0.05),
             (cx, cy - r * 0.5), (cx + r * 0.5, cy + r * 0.05), (cx + r, cy - r * 0.3),
             (cx + r, cy + r * 0.5)]
    pygame.draw.polygon(surface, art.GOLD, crown)
    pygame.draw.polygon(surface, (40, 30, 20), crown, 1)


class ChromePainter:
    """Draws the track, the seat panels and the strip for one table view."""

    def __init__(self, view: CoronaView) -> None:
        self.view = view
        self._key: Any = None
        self._picture: pygame.Surface | None = None
        self.tips: list[tuple[pygame.Rect, str]] = []

    def s(self, v: float) -> int:
        return round(v * self.view.scale)

    # -- the cached picture -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, lay: Layout, lit: dict[str, Any],
             serial: int, thinking: int | None, now: float) -> None:
        dots = thinking_dots(now) if thinking is not None else 0
        key = (serial, lit_key(lit), thinking,
               tuple(lay.column), tuple(lay.strip), surface.get_size())
        if key != self._key or self._picture is None:
            self._key = key
            size = surface.get_size()
            # Drawn over the table's felt, so the picture is opaque: a cheap blit per frame.
            picture = artwork.table_background(size).copy()
            self.tips = []
            self._draw_all(picture, lay, lit)
            if pygame.display.get_surface() is not None:
                picture = picture.convert()
            self._picture = picture
        keep_out = self.view.board.camera.viewport
        for part in (lay.column, lay.strip):
            area = part.inflate(self.s(12), self.s(12))
            if area.colliderect(keep_out):  # never over the map (its edge may lie close)
                if part is lay.strip:
                    area.y, area.h = keep_out.bottom, area.bottom - keep_out.bottom
                else:
                    area.x, area.w = keep_out.right, area.right - keep_out.right
            surface.blit(self._picture, area, area)
        panel = lay.panels.get(thinking) if thinking is not None else None
        if panel is not None:  # an AI thinking: dots that come and go under its name
            for i in range(dots):
                centre = (panel.header.x + self.s(34 + 9 * i), panel.header.bottom - self.s(2))
                pygame.draw.circle(surface, MUTED, centre, max(2, self.s(2.5)))

    def _draw_all(self, surface: pygame.Surface, lay: Layout, lit: dict[str, Any]) -> None:
        v = self.view.view
        self._track(surface, lay, v)
        for panel in lay.panels.values():
            self._panel(surface, panel, v, lit)
        self._strip(surface, lay, v, lit)

    # -- the legitimacy track -----------------------------------------------------------------
    def _track(self, surface: pygame.Surface, lay: Layout, v: dict[str, Any]) -> None:
        draw_panel(surface, lay.track, self.view.scale)
        title = pygame.Rect(lay.track.x + self.s(10), lay.track.y + self.s(2),
                            lay.pool.x - lay.track.x - self.s(14), self.s(22))
        text.draw(surface, tr("cdh.panel.track_title"), title, self.s(15), INK, bold=True,
                  valign="middle", max_lines=1, tips=self.tips)
        pool = lay.pool
        shield_icon(surface, (pool.x + self.s(10), pool.centery), self.s(8))
        text.label(surface, f"×{v['shield_pool']}", self.s(14),
                   (pool.x + self.s(22), pool.centery), INK, bold=True, anchor="midleft")
        self.tips.append((pool, tr("cdh.tip.pool", n=v["shield_pool"])))
        for level, cell in enumerate(lay.cells):
            colour = BAND_RGB[band_of(level)]
            pygame.draw.rect(surface, colour, cell, border_radius=self.s(3))
            pygame.draw.rect(surface, (60, 44, 30), cell, 1, border_radius=self.s(3))
            if level == 13:
                r = cell.w * 0.36
                cx, cy = cell.centerx, cell.y + self.s(9)
                crown = [(cx - r, cy + r * 0.5), (cx - r, cy - r * 0.3), (cx - r * 0.5, cy),
                         (cx, cy - r * 0.6), (cx + r * 0.5, cy), (cx + r, cy - r * 0.3),
                         (cx + r, cy + r * 0.5)]
                pygame.draw.polygon(surface, (250, 230, 150), crown)
                pygame.draw.polygon(surface, (60, 44, 30), crown, 1)
        self.tips.append((pygame.Rect(lay.cells[0].topleft, (lay.cells[-1].right
                                                              - lay.cells[0].x,
                                                              lay.cells[0].h)),
                          tr("cdh.tip.track")))
        for level, cell in enumerate(lay.cells[:13]):
            if level % 4 == 0 or level == 12:
                text.label(surface, str(level), self.s(14), (cell.centerx, cell.bottom),
                           MUTED, anchor="midtop")
        by_level: dict[int, list[int]] = {}
        for seat, level in enumerate(v.get("legitimacy", [])):
            by_level.setdefault(min(13, level), []).append(seat)
        for level, seats in by_level.items():
            cell = lay.cells[level]
            step = min(self.s(12), (cell.h - self.s(14)) // max(1, len(seats) - 1)) \
                if len(seats) > 1 else 0
            r = max(self.s(6), min(cell.w // 2 - 1, self.s(8)))
            for i, seat in enumerate(seats):
                y = cell.bottom - r - self.s(2) - i * step
                artwork.draw_seat_marker(surface, (cell.centerx, y), r,
                                         self.view.colours[seat])

    # -- seat panels ----------------------------------------------------------------------------
    def _panel(self, surface: pygame.Surface, p: SeatPanel, v: dict[str, Any],
               lit: dict[str, Any]) -> None:
        seat = p.seat
        draw_panel(surface, p.rect, self.view.scale)
        if seat in lit.get("acting", ()):
            pygame.draw.rect(surface, ACCENT, p.rect.inflate(self.s(4), self.s(4)), self.s(3),
                             border_radius=self.s(10))
        if seat in lit.get("targets", ()):
            pygame.draw.rect(surface, (255, 226, 140), p.rect.inflate(-self.s(4), -self.s(4)),
                             self.s(3), border_radius=self.s(8))
        h = p.header
        colour = self.view.colours[seat]
        artwork.draw_seat_marker(surface, (h.x + self.s(18), h.centery + self.s(1)),
                                 self.s(9), colour)
        points = v["scores"][seat]["total"] if v.get("scores") else v["vp"][seat]
        vp = f"{points} {tr('cdh.panel.vp')}"
        vp_rect = text.label(surface, vp, self.s(16), (h.right - self.s(10),
                                                       h.centery + self.s(1)),
                             INK, bold=True, anchor="midright")
        name = self.view.names[seat]
        box = pygame.Rect(h.x + self.s(32), h.y, vp_rect.x - h.x - self.s(38), h.h)
        text.draw(surface, name, box, self.s(16), INK, bold=True, valign="middle",
                  max_lines=1, tips=self.tips, free_text=True)
        self.tips.append((h, words.seat_tip(self.view, seat)))
        size = max(self.s(12), min(self.s(20), p.rows[0].h - self.s(2)))
        self._holdings(surface, p.rows[0], seat, v, size)
        x = self._envoys(surface, p, v, lit, size)
        if v.get("phase") == "over" and v.get("scores"):
            self._loyalty_scored(surface, p.rows[1], seat, v, x)
        else:
            self._ties(surface, p.rows[1], seat, v, x)

    def _holdings(self, surface: pygame.Surface, r0: pygame.Rect, seat: int,
                  v: dict[str, Any], size: int) -> None:
        """A panel's first row: legitimacy (band colour), shields, cards held, pawns in
        supply."""
        colour = self.view.colours[seat]
        level = v["legitimacy"][seat]
        chip = pygame.Rect(r0.x, r0.y + self.s(2), self.s(32), r0.h - self.s(4))
        pygame.draw.rect(surface, BAND_RGB[band_of(level)], chip, border_radius=self.s(4))
        pygame.draw.rect(surface, (60, 44, 30), chip, 1, border_radius=self.s(4))
        text.label(surface, str(level), self.s(14), chip.center, INK, bold=True,
                   anchor="center")
        x = chip.right + self.s(8)
        shield_icon(surface, (x + self.s(6), r0.centery), self.s(6))
        text.label(surface, f"×{v['shields'][seat]}", self.s(14),
                   (x + self.s(14), r0.centery), INK, anchor="midleft")
        x += self.s(46)
        counts = v["hand_counts"][seat]
        for deck in ("political", "military"):
            card = pygame.Rect(x, r0.centery - self.s(8), self.s(11), self.s(16))
            pygame.draw.rect(surface, DECK_RGB[deck], card, border_radius=self.s(2))
            text.label(surface, str(counts[deck]), self.s(14), (card.right + self.s(3),
                                                                r0.centery), INK,
                       anchor="midleft")
            x += self.s(30)
        stack = art.pawn_stack(colour, 1, size)
        surface.blit(stack, stack.get_rect(midleft=(x + self.s(4), r0.centery)))
        text.label(surface, f"×{v['supply'][seat]}", self.s(14),
                   (x + self.s(6) + stack.get_width(), r0.centery), INK, anchor="midleft")

    def _envoys(self, surface: pygame.Surface, p: SeatPanel, v: dict[str, Any],
                lit: dict[str, Any], size: int) -> int:
        """The second row's start: banners, and emissaries in hand (dragged from here, lit
        when they may be); where the row goes on."""
        seat, r1 = p.seat, p.rows[1]
        colour = self.view.colours[seat]
        x = r1.x
        flag = art.banner(colour, max(self.s(10), size - self.s(4)), False)
        surface.blit(flag, flag.get_rect(midleft=(x, r1.centery)))
        text.label(surface, f"×{v['banners_left'][seat]}", self.s(14),
                   (x + flag.get_width() + self.s(2), r1.centery), INK, anchor="midleft")
        envoys = v["emissaries_in_hand"][seat]
        er = p.emissaries
        if lit.get("emissary_source") == seat and envoys:
            pygame.draw.rect(surface, (255, 226, 140), er, border_radius=self.s(5))
            pygame.draw.rect(surface, ACCENT, er, self.s(2), border_radius=self.s(5))
        held = 1 if lit.get("held_emissary") == seat else 0
        fig = art.emissary(colour, max(self.s(9), min(self.s(14), r1.h - self.s(8))))
        surface.blit(fig, fig.get_rect(midleft=(er.x + self.s(4), er.centery)))
        text.label(surface, f"×{envoys - held}", self.s(14),
                   (er.x + self.s(6) + fig.get_width(), er.centery), INK, anchor="midleft")
        return er.right

    def _loyalty_scored(self, surface: pygame.Surface, r1: pygame.Rect, seat: int,
                        v: dict[str, Any], x: int) -> None:
        """At the end: the loyalty card revealed (whose colour it names, or the crown) and
        what it scored."""
        score = v["scores"][seat]
        card = (v.get("loyalty_revealed") or [None] * v["players"])[seat] or {}
        x += self.s(8)
        rect = text.label(surface, f"{tr('cdh.loyalty.title')}:", self.s(14),
                          (x, r1.centery), MUTED, anchor="midleft")
        at = (rect.right + self.s(12), r1.centery)
        named = card.get("seat")
        if isinstance(named, int):
            artwork.draw_seat_marker(surface, at, self.s(7), self.view.colours[named])
        else:
            crown_icon(surface, at, self.s(8))
        text.label(surface, f"+{score['loyalty']}", self.s(14),
                   (at[0] + self.s(12), r1.centery), INK, bold=True, anchor="midleft")
        self.tips.append((r1, words.loyalty(self.view, card) + " · " + tr(
            "cdh.ev.final", name=self.view.names[seat], card=words.loyalty(self.view, card),
            **score)))

    def _ties(self, surface: pygame.Surface, r1: pygame.Rect, seat: int, v: dict[str, Any],
              x: int) -> None:
        """The rest of the second row: alliances (a request with an arrow to whoever must
        answer) and the hostages held, as far as the row has room."""
        x += self.s(6)
        rr = self.s(6)
        for pact in v["alliances"]:
            if seat not in (pact["from"], pact["to"]) or x > r1.right - 2 * rr:
                continue
            other = pact["to"] if pact["from"] == seat else pact["from"]
            artwork.draw_seat_marker(surface, (x + rr, r1.centery), rr, self.view.colours[other])
            if not pact["accepted"]:  # a request: a small arrow, pointing at who must answer
                cx, cy, a = x + rr * 2 + self.s(6), r1.centery, self.s(4)
                sign = -1 if pact["from"] == seat else 1
                pygame.draw.polygon(surface, MUTED, [(cx - a * sign, cy - a),
                                                     (cx + a * sign, cy),
                                                     (cx - a * sign, cy + a)])
                x += self.s(10)
            else:
                pygame.draw.circle(surface, art.GOLD, (x + rr, r1.centery), rr + self.s(2),
                                   max(1, self.s(2)))
            x += rr * 2 + self.s(6)
        held_list = v["hostages"][seat]
        for owner, n in enumerate(held_list):
            if not n or x > r1.right - self.s(30):
                continue
            fig = art.emissary(self.view.colours[owner], max(self.s(9), r1.h - self.s(8)))
            surface.blit(fig, fig.get_rect(midleft=(x, r1.centery)))
            text.label(surface, f"×{n}", self.s(14), (x + fig.get_width() + self.s(1),
                                                      r1.centery), INK, anchor="midleft")
            x += fig.get_width() + self.s(24)

    # -- the strip under the map -------------------------------------------------------------------
    def _strip(self, surface: pygame.Surface, lay: Layout, v: dict[str, Any],
               lit: dict[str, Any]) -> None:
        draw_panel(surface, lay.strip, self.view.scale)
        for deck, rect in lay.decks.items():
            left = v["piles"][deck]
            if left:
                card_back(surface, rect, deck, self.view.scale)
            else:
                pygame.draw.rect(surface, (200, 186, 156), rect, 1, border_radius=self.s(6))
            if deck in lit.get("decks", ()):
                pygame.draw.rect(surface, ACCENT, rect.inflate(self.s(4), self.s(4)), self.s(3),
                                 border_radius=self.s(8))
            badge = pygame.Rect(0, 0, self.s(30), self.s(20))
            badge.midbottom = (rect.centerx, rect.bottom - self.s(4))
            pygame.draw.rect(surface, (250, 242, 222), badge, border_radius=self.s(5))
            text.label(surface, str(left), self.s(14), badge.center, INK, bold=True,
                       anchor="center")
            pile = v["discards"][deck]
            drect = lay.discards[deck]
            if pile:
                self.card_face(surface, drect, pile[-1], False, tip=False)
            else:
                pygame.draw.rect(surface, (214, 200, 170), drect, border_radius=self.s(5))
                pygame.draw.rect(surface, DECK_RGB[deck], drect, 1, border_radius=self.s(5))
                text.draw(surface, tr("cdh.panel.discards"), drect.inflate(-self.s(8), 0),
                          self.s(14), MUTED, align="center", valign="middle", max_lines=1,
                          tips=self.tips)
            if "discard" in lit.get("decks", ()):
                pygame.draw.rect(surface, ACCENT, drect.inflate(self.s(4), self.s(4)),
                                 self.s(3), border_radius=self.s(7))
            self.tips.append((rect, tr("cdh.tip.deck", deck=tr(f"cdh.deck.{deck}.title"),
                                       n=left, d=len(pile))))
            self.tips.append((drect, ", ".join(words.card(c) for c in pile[-6:]) or
                              tr("cdh.panel.discards")))
        self._hand(surface, lay, v, lit)
        loyalty = v.get("loyalty")
        if loyalty is not None:
            self._loyalty_card(surface, lay.loyalty, loyalty)

    def _hand(self, surface: pygame.Surface, lay: Layout, v: dict[str, Any],
              lit: dict[str, Any]) -> None:
        """The viewer's cards (the playable ones lit, the one held left out), empty places
        outlined."""
        hand = v.get("hand") or []
        held = lit.get("held_card")
        playable = lit.get("cards", set())
        for i, rect in enumerate(lay.hand):
            if i >= len(hand):
                pygame.draw.rect(surface, (214, 202, 174), rect, 1, border_radius=self.s(6))
                continue
            cid = hand[i]
            if held == i:
                pygame.draw.rect(surface, (210, 196, 166), rect, border_radius=self.s(6))
                continue
            self.card_face(surface, rect, cid, cid in playable)

    def _loyalty_card(self, surface: pygame.Surface, rect: pygame.Rect,
                      loyalty: dict[str, Any]) -> None:
        """The viewer's loyalty card: the colour it names (none for the crown) and its words."""
        pygame.draw.rect(surface, (40, 30, 24), rect.move(self.s(2), self.s(3)),
                         border_radius=self.s(6))
        pygame.draw.rect(surface, (246, 238, 214), rect, border_radius=self.s(6))
        pygame.draw.rect(surface, art.GOLD, rect, self.s(2), border_radius=self.s(6))
        who = loyalty.get("seat")
        if isinstance(who, int):
            artwork.draw_seat_marker(surface, (rect.centerx, rect.y + self.s(20)), self.s(10),
                                     self.view.colours[who])
        box = pygame.Rect(rect.x + self.s(4), rect.y + self.s(34), rect.w - self.s(8),
                          rect.h - self.s(38))
        words_ = words.loyalty(self.view, loyalty, True)
        text.draw(surface, words_, box, self.s(14), INK, bold=True, align="center",
                  tips=self.tips, free_text=True)
        self.tips.append((rect, words.loyalty(self.view, loyalty)))

    def card_face(self, surface: pygame.Surface, rect: pygame.Rect, cid: str,
                  lit: bool = False, tip: bool = True) -> None:
        """An initiative card: its deck's colour down the left edge and its name."""
        deck = "political" if cid.startswith("P") else "military"
        radius = self.s(5)
        pygame.draw.rect(surface, (40, 30, 24), rect.move(self.s(2), self.s(2)),
                         border_radius=radius)
        pygame.draw.rect(surface, CARD_PAPER, rect, border_radius=radius)
        edge = pygame.Rect(rect.x, rect.y, self.s(8), rect.h)
        pygame.draw.rect(surface, DECK_RGB[deck], edge, border_top_left_radius=radius,
                         border_bottom_left_radius=radius)
        pygame.draw.rect(surface, ACCENT if lit else (90, 70, 50), rect,
                         self.s(3) if lit else 1, border_radius=radius)
        box = pygame.Rect(edge.right + self.s(3), rect.y + self.s(2),
                          rect.right - edge.right - self.s(6), rect.h - self.s(4))
        text.draw(surface, words.card(cid), box, self.s(14), INK, align="center",
                  valign="middle", tips=self.tips)
        if tip:
            self.tips.append((rect, f"{words.card(cid)}: {tr(f'cdh.card.{cid}.text')}"))


# -- what lights up, from the legal actions only ---------------------------------------------
def lit_things(view: CoronaView, legal: list[Action]) -> dict[str, set[Any]]:
    """What may be picked up (armies, the main castle to choose) or, while something is
    held, dropped on (cities, castles, boxes, seats, "discard")."""
    out: dict[str, set[Any]] = {"cities": set(), "boxes": set(), "seats": set(),
                                "armies": set(), "castles": set()}
    if view.held is None:
        for a in legal:
            if isinstance(a, A.Move):
                out["armies"].add(a.city)
            elif isinstance(a, A.ChooseMainCastle):
                out["castles"].add(a.castle)
        return out
    for a in _held_actions(view, legal):
        _add_target(view, out, a)
    return out


def _held_actions(view: CoronaView, legal: list[Action]) -> list[Action]:
    assert view.held is not None
    kind, what = view.held
    if kind == "army":
        return [a for a in legal if (isinstance(a, A.Move) and a.city == what)
                or (isinstance(a, A.Play) and a.place == what and a.to)]
    if kind == "emissary":
        return [a for a in legal if isinstance(a, A.PlaceEmissary | A.SendEmissary
                                               | A.RequestAlliance)]
    hand = view.view.get("hand") or []
    cid = hand[what] if 0 <= what < len(hand) else ""
    return [a for a in legal if isinstance(a, A.Play | A.Discard) and a.card == cid]


def _add_target(view: CoronaView, out: dict[str, set[Any]], a: Action) -> None:
    if isinstance(a, A.Move):
        out["cities"].add(a.to)
    elif isinstance(a, A.PlaceEmissary):
        out["castles"].add(a.castle)
    elif isinstance(a, A.SendEmissary):
        out["boxes"].add(a.box)
    elif isinstance(a, A.RequestAlliance):
        out["seats"].add(a.player)
    elif isinstance(a, A.Discard):
        out["seats"].add("discard")
    elif isinstance(a, A.Play):
        if a.to:
            out["cities"].add(a.to)
        elif a.place in view.box_areas:
            out["boxes"].add(a.place)
        elif a.place in view.city_pos:
            out["cities"].add(a.place)
        elif a.place:
            out["castles"].add(a.place)
        if a.player >= 0:
            out["seats"].add(a.player)
        if not a.to and not a.place and a.player < 0:  # played on oneself: own panel
            out["seats"].add(view.acting_seat())


# -- the pieces on the map ------------------------------------------------------------------------
# Drawn in screen space over the board (a size that follows the zoom within bounds, so they
# stay readable), at their spots round each city (`CoronaView.spot`).
def draw_targets(view: CoronaView, surface: pygame.Surface, lit: dict[str, set[Any]],
                 hover: tuple[int, int]) -> None:
    """Rings round the cities, castles and boxes the held thing may be dropped on (the one
    under it brighter), or round the city under the mouse."""
    r = max(view.s(14), round(view.token_px() * 0.9))
    width = max(2, view.s(3))
    hot = view.city_at(view.held_pos) if view.held is not None else None
    for city in lit["cities"] | {view.city_of_castle(c) for c in lit["castles"]}:
        x, y = view.city_screen(city)
        ring = (255, 240, 170) if city == hot else LIT
        pygame.draw.circle(surface, ring, (x, y), r + (view.s(4) if city == hot else 0),
                           width)
    for key in lit["boxes"]:
        rect = view.box_rect(key)
        pygame.draw.rect(surface, LIT, rect.inflate(view.s(6), view.s(6)), width,
                         border_radius=view.s(8))
    if view.held is None and not view.board.panning and view.menu is None:
        city = view.city_at(hover)
        if city is not None:
            x, y = view.city_screen(city)
            pygame.draw.circle(surface, HOVER, (x, y), r, max(1, view.s(2)))


def draw_castles(view: CoronaView, surface: pygame.Surface) -> None:
    """Each castle's banner (its owner's, the troops in or out) and the emissaries on it."""
    px = view.token_px()
    for c in view.view["castles"]:
        if c["owner"] is not None:
            img = art.banner(view.colours[c["owner"]], round(px * 0.8), bool(c["troops"]))
            surface.blit(img, img.get_rect(midbottom=view.spot(c["city"], art.BANNER_SPOT)))
        for i, envoy in enumerate(c["envoys"][:2]):
            img = art.emissary(view.colours[envoy["seat"]], round(px * 0.6))
            spot = view.spot(c["city"], art.EMISSARY_SPOTS[i])
            surface.blit(img, img.get_rect(midbottom=spot))


def draw_boxes(view: CoronaView, surface: pygame.Surface) -> None:
    """The emissaries sent to each box, in a row along its foot."""
    px = max(view.s(14), round(view.token_px() * 0.7))
    for key, held in view.view["boxes"].items():
        rect = view.box_rect(key)
        x = rect.x + max(view.s(8), rect.w // 12)
        y = rect.bottom - max(view.s(6), rect.h // 10)
        for seat, n in enumerate(held):
            for _ in range(n):
                img = art.emissary(view.colours[seat], px)
                surface.blit(img, img.get_rect(bottomleft=(x, y)))
                x += img.get_width() + view.s(2)


def draw_armies(view: CoronaView, surface: pygame.Surface, hidden: set[Any],
                movable_from: set[Any]) -> list[tuple[pygame.Rect, str, int]]:
    """Every army as a stack of pawns (less those still marching in), lit where the acting
    seat may move it from, faint while it is held; the stacks drawn (rect, city, seat)."""
    px = view.token_px()
    stacks: list[tuple[pygame.Rect, str, int]] = []
    held_city = view.held[1] if view.held is not None and view.held[0] == "army" else None
    me = view.acting_seat()
    for city, counts in view.view["armies"].items():
        present = [(seat, n) for seat, n in enumerate(counts) if n]
        for slot, (seat, n) in enumerate(present):
            n -= sum(h[3] for h in hidden if isinstance(h, tuple) and len(h) == 4
                     and h[0] == "army_in" and h[1] == city and h[2] == seat)
            if n <= 0:
                continue
            movable = city in movable_from and seat == me
            img = art.pawn_stack(view.colours[seat], n, px, movable and city != held_city)
            spot = view.spot(city, art.ARMY_SLOTS[slot % len(art.ARMY_SLOTS)])
            rect = img.get_rect(midbottom=(spot[0], spot[1] + px // 2))
            if city == held_city and seat == me:
                img = img.copy()
                img.set_alpha(110)
            surface.blit(img, rect)
            stacks.append((rect, city, seat))
    return stacks


def draw_battle_mark(view: CoronaView, surface: pygame.Surface) -> None:
    """Crossed swords over the city of a battle (red) or of a passage asked (grey)."""
    pend = view.view.get("pending")
    if not pend or pend.get("kind") not in ("battle", "passage"):
        return
    x, y = view.city_screen(pend["city"])
    r = max(view.s(10), view.token_px() // 2)
    y -= round(view.token_px() * 1.9)
    colour = (160, 40, 30) if pend["kind"] == "battle" else (60, 60, 60)
    swords(surface, (x, y), r, colour, max(2, view.s(4)))
    pygame.draw.circle(surface, LIT, (x, y), r + view.s(4), max(1, view.s(2)))


def draw_march(view: CoronaView, surface: pygame.Surface, tween: Tween) -> None:
    """An army walking its path, city to city."""
    path = tween.data["path"]
    legs = len(path) - 1
    t = tween.progress * legs
    leg = min(legs - 1, int(t))
    a = view.city_pos[path[leg]]
    b = view.city_pos[path[leg + 1]]
    world = lerp(a, b, t - leg)
    x, y = view.board.to_screen(world)
    px = view.token_px()
    img = art.pawn_stack(view.colours[tween.data["seat"]], tween.data["n"], px)
    clip = surface.get_clip()
    surface.set_clip(view.board.camera.viewport)
    surface.blit(img, img.get_rect(midbottom=(round(x), round(y) + px // 2)))
    surface.set_clip(clip)


def draw_clash(view: CoronaView, surface: pygame.Surface, tween: Tween) -> None:
    """A battle round lost: a red ring widening over the city and "−1"."""
    x, y = view.city_screen(tween.data["city"])
    r = round(view.token_px() * (0.6 + 0.6 * tween.progress))
    clip = surface.get_clip()
    surface.set_clip(view.board.camera.viewport)
    pygame.draw.circle(surface, (200, 60, 40), (round(x), round(y)), r, max(2, view.s(3)))
    text.label(surface, "−1", view.s(20), (round(x), round(y) - r - view.s(4)),
               (170, 30, 20), bold=True, anchor="midbottom")
    surface.set_clip(clip)


# -- the dice plate ---------------------------------------------------------------------------
def swords(surface: pygame.Surface, at: tuple[float, float], r: float,
           colour: tuple[int, int, int], width: int) -> None:
    """Two crossed blades: a battle."""
    x, y = at
    for s in (1, -1):
        pygame.draw.line(surface, colour, (x - r * s, y - r), (x + r * s, y + r), width)
        pygame.draw.line(surface, colour, (x + r * 0.55 * s - r * 0.3, y + r * 0.55 + r * 0.3),
                         (x + r * 0.55 * s + r * 0.3, y + r * 0.55 - r * 0.3), width)


def mark(surface: pygame.Surface, ok: bool, at: tuple[float, float], r: float) -> None:
    """A green tick (the roll succeeds) or a red cross (it fails)."""
    x, y = at
    w = max(2, round(r / 3))
    if ok:
        pygame.draw.lines(surface, (40, 120, 50), False,
                          [(x - r, y), (x - r * 0.3, y + r * 0.7), (x + r, y - r * 0.8)], w)
    else:
        pygame.draw.line(surface, (170, 40, 30), (x - r, y - r), (x + r, y + r), w)
        pygame.draw.line(surface, (170, 40, 30), (x - r, y + r), (x + r, y - r), w)


def _plate(view: CoronaView, surface: pygame.Surface, lay: Layout, title: str) -> pygame.Rect:
    """The plate in the board's corner with its title; the plate's rect."""
    plate = lay.dice
    draw_panel(surface, plate, view.scale)
    head = pygame.Rect(plate.x + view.s(10), plate.y + view.s(6), plate.w - view.s(20),
                       view.s(22))
    text.draw(surface, title, head, view.s(16), INK, bold=True, max_lines=1)
    return plate


def draw_plate(view: CoronaView, surface: pygame.Surface, lay: Layout, hidden: set[Any]
               ) -> None:
    """The roll a castle or a battle waits on (a reroll, a shield to spend): the castle's
    die against its target with a tick or a cross, or the battle's two dice."""
    pend = view.view.get("pending")
    if not pend or pend["kind"] not in ("battle", "castle_roll"):
        return
    if any(isinstance(h, tuple) and h and h[0] == "plate" for h in hidden):
        return
    size = view.s(46)
    if pend["kind"] == "castle_roll":
        title = f"{view.names_.castle(pend['castle'])} — {pend['target']}+"
        plate = _plate(view, surface, lay, title)
        _die(view, surface, pend["seat"], pend["die"], pend["value"],
             (plate.x + view.s(50), plate.centery + view.s(12)), size)
        ok = pend["value"] >= pend["target"]
        mark(surface, ok, (plate.x + view.s(124), plate.centery + view.s(12)), view.s(14))
        return
    plate = _plate(view, surface, lay, f"{view.names_.city(pend['city'])} · {pend['round']}")
    y = plate.centery + view.s(12)
    _die(view, surface, pend["attacker"], pend["att_die"], pend["att"],
         (plate.x + view.s(56), y), size)
    swords(surface, (plate.centerx, y), view.s(12), INK, max(2, view.s(3)))
    if pend["defence"]:
        _die(view, surface, pend["defender"], pend["def_die"], pend["defence"],
             (plate.right - view.s(56), y), size)
    else:
        artwork.draw_seat_marker(surface, (plate.right - view.s(56), y), view.s(12),
                                 view.colours[pend["defender"]])


def _die(view: CoronaView, surface: pygame.Surface, seat: int, die: str, value: int,
         centre: tuple[int, int], size: int) -> None:
    img = die_face(art.DICE[die], art.die_face_index(die, value), size)
    surface.blit(img, img.get_rect(center=centre))
    artwork.draw_seat_marker(surface, (centre[0] - size // 2 - view.s(14), centre[1]),
                             view.s(9), view.colours[seat])


def draw_rolling(view: CoronaView, surface: pygame.Surface, lay: Layout, tween: Tween) -> None:
    """A die rolling on the plate, titled with the castle and its target or the battle."""
    ev = tween.data["ev"]
    tray: DiceTray = tween.data["tray"]
    if ev.get("purpose") in ("military", "diplomatic"):
        castle = view.names_.castle(str(ev.get("castle", "")))
        title = f"{castle} — {ev.get('target', '')}+"
    else:
        title = f"{view.names_.city(str(ev.get('city', '')))} · {ev.get('round', '')}"
    plate = _plate(view, surface, lay, title)
    centre = (plate.centerx, plate.centery + view.s(12))
    tray.place(centre, view.s(52))
    tray.draw(surface, at=min(tween.elapsed, tray.duration))
    artwork.draw_seat_marker(surface, (centre[0] - view.s(48), centre[1]), view.s(10),
                             view.colours[ev["seat"]])


# -- over the table: the Draw-five cards, the orders, a held piece, a word ---------------------
def _mouse() -> tuple[int, int]:
    return pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)


def draw_five(view: CoronaView, surface: pygame.Surface, rects: list[pygame.Rect],
              mine: bool) -> None:
    """The cards a Draw-five shows, on a plate over the map (the one under the mouse lit
    when they are the viewer's to choose from)."""
    if not rects:
        return
    cards = view.view["pending"]["cards"]
    back = rects[0].unionall(rects).inflate(view.s(24), view.s(24))
    draw_panel(surface, back, view.scale)
    mouse = _mouse()
    for cid, rect in zip(cards, rects, strict=True):
        view.chrome.card_face(surface, rect, cid, mine and rect.collidepoint(mouse), tip=False)


def _order_row(view: CoronaView, surface: pygame.Surface, rect: pygame.Rect, label: str,
               inner: pygame.Rect, size: int, fill: tuple[int, int, int]) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=view.s(5))
    pygame.draw.rect(surface, (150, 126, 90), rect, 1, border_radius=view.s(5))
    text.draw(surface, label, inner, size, INK, valign="middle", max_lines=1)


def _row_fill(rect: pygame.Rect, mouse: tuple[int, int]) -> tuple[int, int, int]:
    return (255, 236, 180) if rect.collidepoint(mouse) else (236, 226, 200)


def draw_menu(view: CoronaView, surface: pygame.Surface, menu: Menu) -> None:
    """A menu of orders over the table: its title, then a row per order or group."""
    draw_panel(surface, menu.box, view.scale)
    pygame.draw.rect(surface, LIT, menu.box, view.s(2), border_radius=view.s(8))
    head = pygame.Rect(menu.box.x + view.s(10), menu.box.y + view.s(6),
                       menu.box.w - view.s(20), view.s(26))
    text.draw(surface, menu.title, head, view.s(15), INK, bold=True, valign="middle",
              max_lines=1)
    mouse = _mouse()
    for (label, _payload), rect in zip(menu.rows, menu.rects, strict=True):
        _order_row(view, surface, rect, label, rect.inflate(-view.s(12), 0), view.s(15),
                   _row_fill(rect, mouse))


def draw_orders(view: CoronaView, surface: pygame.Surface,
                dock: tuple[pygame.Rect, str, list[tuple[pygame.Rect, str, Any]]]) -> None:
    """The orders list (`CoronaView.dock_rows`): its title, a row per order or group, and
    Back (greyed) under an open group."""
    box, title, rows = dock
    draw_panel(surface, box, view.scale)
    head = pygame.Rect(box.x + view.s(10), box.y + view.s(4), box.w - view.s(20), view.s(26))
    if not rows:  # folded: the whole box is its title row
        head.h = box.h - view.s(8)
        if head.collidepoint(_mouse()):
            pygame.draw.rect(surface, (236, 226, 200), head, border_radius=view.s(4))
    text.draw(surface, title, head, view.s(15), INK, bold=True, valign="middle", max_lines=1)
    if view.dock_folds:  # an arrow: the list opens upwards, and folds down again
        cx, cy, r = head.right - view.s(44), head.centery, view.s(6)
        tip = -r if not rows else r
        pygame.draw.polygon(surface, INK, [(cx - r, cy - tip // 2), (cx + r, cy - tip // 2),
                                           (cx, cy + tip // 2 + (tip > 0) - (tip < 0))])
    mouse = _mouse()
    for rect, label, payload in rows:
        fill = (214, 204, 182) if payload is None else _row_fill(rect, mouse)
        inner = pygame.Rect(rect.x + view.s(8), rect.y, rect.w - view.s(36), rect.h)
        _order_row(view, surface, rect, label, inner, view.s(14), fill)


def draw_held(view: CoronaView, surface: pygame.Surface, lay: Layout) -> None:
    """What the player drags, under the mouse: an army, an emissary or a card."""
    if view.held is None:
        return
    kind, what = view.held
    me = view.acting_seat()
    colour = view.colours[me] if me is not None else 0
    if kind == "army":
        n = (view.view["armies"].get(what) or [0] * len(view.names))[me or 0]
        img = art.pawn_stack(colour, n, view.s(34), True)
    elif kind == "emissary":
        img = art.emissary(colour, view.s(30), True)
    else:
        hand = view.view.get("hand") or []
        if not 0 <= what < len(hand):
            return
        rect = lay.hand[0].copy()
        rect.center = view.held_pos
        view.chrome.card_face(surface, rect, hand[what], True)
        return
    surface.blit(img, img.get_rect(center=view.held_pos))


def draw_flash(view: CoronaView, surface: pygame.Surface) -> None:
    """A short word at the foot of the map (a drop on nothing, a click with no order)."""
    if not view.flash:
        return
    vp = view.board.camera.viewport
    box = pygame.Rect(0, 0, min(vp.w - view.s(20), view.s(560)), view.s(34))
    box.midbottom = (vp.centerx, vp.bottom - view.s(10))
    pygame.draw.rect(surface, (30, 26, 22), box, border_radius=view.s(8))
    text.draw(surface, view.flash, box.inflate(-view.s(16), -view.s(4)), view.s(15),
              (250, 240, 214), bold=True, align="center", valign="middle", max_lines=1)


def draw_shield_flight(view: CoronaView, surface: pygame.Surface, lay: Layout,
                       tween: Tween) -> None:
    """A shield spent, flying from its seat's panel to the pool."""
    panel = lay.panels.get(tween.data["seat"])
    if panel is None:
        return
    x, y = lerp(panel.rows[0].center, lay.pool.center, tween.progress)
    shield_icon(surface, (x, y), view.s(12))
