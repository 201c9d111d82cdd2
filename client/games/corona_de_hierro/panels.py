"""Corona de Hierro's screen-space pieces around the map: the legitimacy track with its
bands and the crown, one panel per seat (VP, legitimacy, shields, supplies, emissaries in
hand, cards held, alliances, hostages), the two decks with their discard piles, the shield
pool, and the viewer's own hand and loyalty card (only ever from the viewer's view, so the
hot-seat curtain keeps them private).

Pure drawing from the view dict; the caller says what is lit (a drag source, a drop target)
and what is held. Everything is drawn into one picture that is reused until the view or
the lit things change, so a frame costs one blit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import artwork, text
from client.art import corona_de_hierro as art
from client.games.corona_de_hierro import words
from client.games.corona_de_hierro.layout import Layout, SeatPanel
from client.i18n import tr
from client.scenes.base import draw_panel

if TYPE_CHECKING:
    from client.games.corona_de_hierro.view import CoronaView

INK = artwork.INK
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
    pygame.draw.rect(surface, art.shade(colour, 1.3), inner, max(1, round(2 * scale)),
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
        dots = 1 + int(now * 3) % 3 if thinking is not None else 0
        key = (serial, repr(sorted((k, repr(v)) for k, v in lit.items())), thinking,
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
        r0, r1 = p.rows
        # row 0: legitimacy (band colour), shields, cards held, pawns in supply
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
        size = max(self.s(12), min(self.s(20), r0.h - self.s(2)))
        stack = art.pawn_stack(colour, 1, size)
        surface.blit(stack, stack.get_rect(midleft=(x + self.s(4), r0.centery)))
        text.label(surface, f"×{v['supply'][seat]}", self.s(14),
                   (x + self.s(6) + stack.get_width(), r0.centery), INK, anchor="midleft")
        # row 1: banners, emissaries in hand (dragged from here), alliances and hostages
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
        over = v.get("phase") == "over" and v.get("scores")
        if over:  # the loyalty card revealed (whose colour it names, or the crown)
            score = v["scores"][seat]
            card = (v.get("loyalty_revealed") or [None] * v["players"])[seat] or {}
            x = er.right + self.s(8)
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
            return
        x = er.right + self.s(6)
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
        loyalty = v.get("loyalty")
        rect = lay.loyalty
        if loyalty is not None:
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
