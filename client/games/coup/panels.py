"""Coup's seat plates: name and tag, coins, influence cards (face up for their owner, turned
up once lost, every one once the game is over), the target frame, and the speech balloons
drawn beside them.

A mixin of CoupView: it reads the view's layout and state through its names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import artwork, i18n, resources, text
from client.art import coup as art
from client.games.base import DrawContext
from client.games.coup.layout import SeatSpot, TableLayout
from client.games.coup.words import Words
from client.i18n import tr
from rules import Seat
from rules.coup import LoseInfluence, ReturnCard

TEXT = artwork.INK
MUTED = (96, 84, 70)
SOFT = (232, 224, 204)
MOODS = {"claim": (250, 244, 226), "doubt": (250, 214, 200), "block": (214, 228, 250)}


class CoupPanels:
    """Mixed into CoupView: every seat's plate and what its player says."""

    view: dict[str, Any]
    viewer: Seat | None
    names: list[str]
    seats: list[dict[str, Any]]
    table: TableLayout | None
    words: Words
    choosing: str | None
    drawn: list[str]
    open_faces: dict[Seat, list[str]]
    rect: pygame.Rect
    scale: float
    _hidden: set[Any]
    _before: dict[str, Any]
    _bottom: int

    if TYPE_CHECKING:  # provided by the view this is mixed into

        def spot(self, seat: Seat) -> SeatSpot: ...
        def s(self, value: float) -> int: ...
        def text_px(self, size: int) -> int: ...
        def fit_text(self, *args: Any, **kwargs: Any) -> text.Fit: ...
        def label(self, *args: Any, **kwargs: Any) -> pygame.Rect: ...
        def text(self, *args: Any, **kwargs: Any) -> pygame.Rect: ...
        def card_slots(self, seat: Seat) -> list[pygame.Rect]: ...
        def hidden_count(self, seat: Seat) -> int: ...
        def _outline(self, surface: pygame.Surface, rect: pygame.Rect,
                     width: float = 3) -> None: ...

        @property
        def theme(self) -> str: ...

    def _draw_seat(self, surface: pygame.Surface, seat: Seat, ctx: DrawContext) -> None:
        spot, v = self.spot(seat), self.view
        block = spot.block
        pygame.draw.rect(
            surface, (18, 24, 20), block.move(self.s(3), self.s(4)), border_radius=self.s(10)
        )
        surface.blit(artwork.panel_surface(block.size, self.s(10)), block)
        if not v["alive"][seat]:
            shade = pygame.Surface(block.size, pygame.SRCALPHA)
            shade.fill((40, 30, 24, 90))
            surface.blit(shade, block)
        if seat in ctx.acting:
            self._outline(surface, block, 3)
        if self._is_target_choice(seat, ctx):
            hover = block.collidepoint(ctx.hover)
            pygame.draw.rect(
                surface,
                (200, 60, 40),
                block.inflate(self.s(10), self.s(10)),
                self.s(5 if hover else 3),
                border_radius=self.s(12),
            )
        self._draw_name(surface, seat, spot, ctx)
        self._draw_coins(surface, seat, spot)
        self._draw_cards(surface, seat, ctx)

    def _is_target_choice(self, seat: Seat, ctx: DrawContext) -> bool:
        if not self.choosing:
            return False
        return any(
            a.type == self.choosing and getattr(a, "target", None) == seat for a in ctx.legal
        )

    def _draw_name(
        self, surface: pygame.Surface, seat: Seat, spot: SeatSpot, ctx: DrawContext
    ) -> None:
        r = self.s(9)
        x, y = spot.name
        artwork.draw_seat_marker(surface, (x + r, y + self.s(11)), r, self.seats[seat]["colour"])
        if self.seats[seat]["kind"] == "ai":
            key = "seat.ai_level." + str(self.seats[seat]["level"])
            tag = tr(key) if i18n.has(key) else tr("coup.ai")
        elif seat == self.viewer:
            tag = tr("seat.you")
        else:
            tag = tr("seat.human")
        if not self.view["alive"][seat]:
            tag = tr("coup.out")
        elif seat == ctx.thinking:
            tag = tr("table.thinking") + "." * (1 + int(ctx.now * 3) % 3)
        colour = (170, 60, 30) if seat == ctx.thinking else MUTED
        left = x + 2 * r + self.s(6)
        width = spot.coins[0] - self.s(11) - self.s(8) - left
        name_box = pygame.Rect(left, y - self.s(2), width, self.s(24))
        self.text(surface, self.names[seat], 17, name_box, TEXT, True, max_lines=1,
                  free_text=True)
        right = spot.block.right - self.s(8)
        tag_box = pygame.Rect(left, name_box.bottom + self.s(2), right - left, self.s(20))
        self.text(surface, tag, 14, tag_box, colour, max_lines=1)

    def _count(self, where: Any) -> int:
        """Coins shown at a place: the old count while coins are still flying there."""
        old = ("coins", where) in self._hidden and self._before.get("coins")
        if where == "treasury":
            return int(self._before["treasury"] if old else self.view["treasury"])
        return int(self._before["coins"][where] if old else self.view["coins"][where])

    def _draw_coins(self, surface: pygame.Surface, seat: Seat, spot: SeatSpot) -> None:
        r = self.s(11)
        coin = art.coin(r, self.theme)
        surface.blit(coin, coin.get_rect(center=spot.coins))
        count = self._count(seat)
        colour = (170, 40, 30) if count >= 7 else TEXT
        left = spot.coins[0] + r + self.s(4)
        box = pygame.Rect(left, spot.coins[1] - self.s(12), spot.block.right - self.s(4) - left,
                          self.s(24))
        self.text(surface, tr("coup.coins", n=count), 16, box, colour, True, valign="middle",
                  max_lines=1)

    def _draw_cards(self, surface: pygame.Surface, seat: Seat, ctx: DrawContext) -> None:
        v = self.view
        slots = self.card_slots(seat)
        hidden = self.hidden_count(seat)
        mine = seat == self.viewer and v.get("hand") is not None
        clickable = self._clickable_cards(ctx) if mine else set()
        faces = v["hand"] if mine else v["hands"][seat] if "hands" in v else [None] * hidden
        if "hands" in v and not mine:
            self.open_faces[seat] = [str(c) for c in faces]
        cards = [(c, False) for c in faces] + [(c, True) for c in v["revealed"][seat]]
        fresh = self._fresh_slots(v["hand"]) if mine and v["phase"] == "exchange" else set()
        for i, ((character, lost), rect) in enumerate(zip(cards, slots, strict=False)):
            if ("card", seat, i) in ctx.hidden:
                continue
            if character is None:
                surface.blit(art.card_back(rect.size, self.theme), rect)
            else:
                # names under 14 px would not be read: small cards rely on their symbol,
                # and your own small cards (an exchange) are named underneath
                big = rect.w >= self.s(90)
                name = self.words.card(character) if big else ""
                surface.blit(art.card_face(character, rect.size, self.theme, name), rect)
                if mine and not big:  # named underneath, every other name a row lower
                    line = resources.font(self.text_px(14), True).get_height()
                    row = line * (i % 2) if len(cards) > 2 else 0
                    box = pygame.Rect(0, rect.bottom + self.s(2) + row, 2 * rect.w, line)
                    box.centerx = rect.centerx
                    self.text(surface, self.words.card(character), 14, box, TEXT, True,
                              "center", max_lines=1)
            if lost:
                self._cross_out(surface, rect)
            elif character in clickable:
                self._outline(surface, rect, 4 if rect.collidepoint(ctx.hover) else 2)
        for i in fresh:
            if i < len(slots):
                self._new_tag(surface, slots[i])

    def _fresh_slots(self, hand: list[str]) -> set[int]:
        """Where the cards drawn from the court sit: the rules append them to the hand."""
        out: set[int] = set()
        for character in self.drawn:
            for i in range(len(hand) - 1, -1, -1):
                if hand[i] == character and i not in out:
                    out.add(i)
                    break
        return out

    def _new_tag(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        words = tr("coup.new")
        size = self.text_px(14)
        width = min(rect.w, resources.font(size, True).size(words)[0] + self.s(10))
        tag = pygame.Rect(0, 0, width, resources.font(size, True).get_height())
        tag.midtop = (rect.centerx, rect.y + self.s(6))
        pygame.draw.rect(surface, (176, 44, 36), tag, border_radius=self.s(6))
        self.text(surface, words, 14, tag, (255, 248, 230), True, "center", "middle", 1)

    def _clickable_cards(self, ctx: DrawContext) -> set[str]:
        return {a.character for a in ctx.legal if isinstance(a, (LoseInfluence, ReturnCard))}

    def _cross_out(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A lost influence: dimmed, framed in red, with a small cross in its corner."""
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((20, 16, 14, 90))
        surface.blit(veil, rect)
        colour = (206, 52, 40)
        pygame.draw.rect(surface, colour, rect, max(2, self.s(3)), border_radius=self.s(6))
        r = max(6, rect.w // 9)
        c = (rect.right - r - self.s(4), rect.y + r + self.s(4))
        pygame.draw.circle(surface, colour, c, r)
        k = r // 2
        w = max(2, r // 3)
        pygame.draw.line(surface, (255, 240, 230), (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), w)
        pygame.draw.line(surface, (255, 240, 230), (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), w)

    def _draw_balloon(
        self, surface: pygame.Surface, seat: Seat, text_: str, mood: str, fresh: bool = True
    ) -> None:
        spot = self.spot(seat)
        max_w = spot.block.w + self.s(8)  # no wider than its plate: neighbours never meet
        fitted = self.fit_text(text_, 15, max_w - self.s(20), bold=True, max_lines=3)
        w = fitted.width + self.s(20)
        h = fitted.height + self.s(10)
        tail = self.s(10)
        x, y = spot.balloon
        box = pygame.Rect(0, 0, w, h)
        if spot.below:
            box.midtop = (x, y + tail)
            tip = [(x - tail, box.top + 1), (x + tail, box.top + 1), (x, y)]
        else:
            box.midbottom = (x, y - tail)
            tip = [(x - tail, box.bottom - 1), (x + tail, box.bottom - 1), (x, y)]
        box.clamp_ip(self.rect)
        fill: tuple[int, ...] = MOODS.get(mood, MOODS["claim"])
        if not fresh:
            fill = tuple(round(c * 0.78) for c in fill)
        pygame.draw.rect(
            surface, (20, 20, 20), box.move(self.s(2), self.s(3)), border_radius=self.s(10)
        )
        pygame.draw.rect(surface, fill, box, border_radius=self.s(10))
        pygame.draw.polygon(surface, fill, tip)
        pygame.draw.rect(surface, (60, 50, 40), box, max(1, self.s(2)), border_radius=self.s(10))
        with text.layer("balloon", cover=box):  # over the table, never over its words
            self.text(surface, text_, 15, box.inflate(-self.s(20), -self.s(10)), TEXT, True,
                      "center", "middle", 3)
