"""Magnate's pieces and the players' strips: card faces in the player's language, tokens and
the dice (the tray's kinds), then each player's strip (name, tokens, Crowns, hand) and the
side column (dice, deck, discard pile, bank).

`MagnatePanels` is a mixin of MagnateView: it reads the view's layout and state through its
names. Every word on a face is looked up in the catalogue (words.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import artwork
from client.art import decktet
from client.art._draw import RGB, Point
from client.art.dice import DiceFace, DieKind, Painter, numbered, register_symbol
from client.games.base import DrawContext
from client.games.magnate.layout import MagnateLayout
from client.games.magnate.words import card_name
from client.i18n import tr
from client.widgets.dice import DiceTray
from rules import Action, Seat
from rules.magnate import BuyDeed, Develop, Trade
from rules.magnate.components import CARDS

SOFT = (232, 226, 210)
MUTED = (96, 84, 70)
LIT = (255, 206, 92)
LAST = (250, 250, 240)

SUITS = decktet.SUITS


def _suit_painter(suit: str) -> Painter:
    def paint(surface: pygame.Surface, centre: Point, radius: float, _ink: RGB) -> None:
        decktet.draw_symbol(surface, suit, centre, radius, decktet.SUIT_COLOURS[suit])

    return paint


def _register_suit_symbols() -> None:
    for suit in SUITS:
        register_symbol(f"decktet.{suit}", _suit_painter(suit))


_register_suit_symbols()

D10 = numbered("magnate_d10", 10, body=(240, 232, 212), shape="kite")
TAX_DIE = DieKind(
    "magnate_tax",
    tuple(DiceFace(symbol=f"decktet.{s}", corner=str(i + 1)) for i, s in enumerate(SUITS)),
    body=(236, 226, 200),
)
"""The taxation d6: faces 1–6 are Moons, Suns, Waves, Leaves, Wyrms, Knots (the seed's order)."""


def dice_for(values: list[int]) -> list[tuple[DieKind, int]]:
    """The rules' dice tuple as tray dice: two d10, then the d6 only when a 1 showed."""
    return [(D10 if i < 2 else TAX_DIE, v) for i, v in enumerate(values)]


# -- faces -------------------------------------------------------------------------------------
def face(
    card_id: str,
    size: tuple[int, int],
    named: bool = True,
    reverse: bool = False,
    name_px: int = 0,
) -> pygame.Surface:
    """The card's face with its name in the current language (`reverse`: band at the bottom;
    `name_px`: the name's size, for cards shown in a row that must match)."""
    card = CARDS[card_id]
    suits = tuple(s.value for s in card.suits)
    name = card_name(card_id) if named else ""
    return decktet.card_face(
        card.kind.value, card.rank, suits, name, size, reverse, name_px, name_floor
    )


name_floor = 14
"""The smallest name on a face: the view sets it to `text.floor_px` of the scale it draws
the table at (a table squeezed into a small window draws smaller names, as it must)."""


def common_name_px(card_ids: list[str], size: tuple[int, int]) -> int:
    """One name size for a row of faces of `size` (the districts): the smallest any of them
    needs, so every title in the row has the same size."""
    fits = [decktet.name_fit(card_name(c), size, floor=name_floor) for c in card_ids]
    return min((f.size for f in fits if not f.elided), default=0)


def deed_face(card_id: str, size: tuple[int, int]) -> pygame.Surface:
    """An unfinished deed: the card turned 90° (`size` is the upright card's size), drawn
    as a landscape face so its name still reads upright, beside its picture."""
    w, h = size
    return face(card_id, (h, w))


def back(size: tuple[int, int]) -> pygame.Surface:
    return decktet.card_back(size)


def token(suit: str, radius: int) -> pygame.Surface:
    return decktet.token(suit, radius)


class MagnatePanels:
    """Mixed into MagnateView: both players' strips and the side column."""

    view: dict[str, Any]
    viewer: Seat | None
    names: list[str]
    seats: list[dict[str, Any]]
    table: MagnateLayout | None
    bottom: Seat
    held: tuple[str, str] | None
    drag_pos: tuple[int, int] | None
    snap: Any
    tray: DiceTray
    last_roll: tuple[Seat, list[int]] | None
    recent: dict[Seat, tuple[str, str]]
    open_faces: dict[Seat, list[str]]

    if TYPE_CHECKING:  # provided by the view this is mixed into

        @property
        def top(self) -> Seat: ...
        def s(self, value: float) -> int: ...
        def hand_rects(self) -> list[tuple[str | None, pygame.Rect]]: ...
        def _text(self, *args: Any, **kwargs: Any) -> pygame.Rect: ...
        def _outline(self, *args: Any, **kwargs: Any) -> None: ...
        def _targets(self, legal: list[Action]) -> dict[str, set[int]]: ...

    def _draw_strip(self, surface: pygame.Surface, seat: Seat, ctx: DrawContext) -> None:
        assert self.table is not None
        strip = self.table.strips[seat]
        acting = seat in ctx.acting
        plate = pygame.Surface(strip.rect.size, pygame.SRCALPHA)
        plate.fill((20, 26, 22, 120))
        surface.blit(plate, strip.rect)
        if acting:
            self._outline(surface, strip.rect, artwork.ACCENT, 2, 2)
        self._draw_name(surface, seat, strip.name, ctx)
        tokens = self.view["tokens"][seat]
        held = self.held[1] if self.held and self.held[0] == "token" and seat == self.bottom \
            else None
        for suit, rect in zip(SUITS, strip.tokens, strict=True):
            n = tokens.get(suit, 0)
            img = token(suit, rect.w // 2)
            if not n:
                img = img.copy()
                img.set_alpha(70)
            surface.blit(img, img.get_rect(center=rect.center))
            self._text(surface, f"×{n}", 16 if seat == self.bottom else 15,
                       (rect.right + self.s(3), rect.centery), SOFT if n else MUTED, True,
                       "midleft")
            if suit == held:
                self._outline(surface, rect, LIT, 2, 6)
        for crown, rect in zip(self.view["crowns"][seat], strip.crowns, strict=False):
            surface.blit(face(crown, rect.size, named=False), rect)
        if seat == self.bottom:
            self._draw_hand(surface, ctx)
            if "hands" in self.view:
                self.open_faces[seat] = [c for c, _ in self.hand_rects() if c is not None]
        elif "hands" in self.view:  # the game is over: the other hand face up too
            cards = self.view["hands"][seat]
            for card, rect in zip(cards, self.table.hand_rects(seat, len(cards)), strict=True):
                surface.blit(face(card, rect.size), rect)
            self.open_faces[seat] = list(cards)
        else:
            for rect in self.table.hand_rects(seat, self.view["hand_sizes"][seat]):
                surface.blit(back(rect.size), rect)

    def _draw_name(self, surface: pygame.Surface, seat: Seat, pos: tuple[int, int],
                   ctx: DrawContext) -> None:
        r = self.s(9)
        artwork.draw_seat_marker(surface, (pos[0] + r, pos[1] + self.s(11)), r,
                                 self.seats[seat]["colour"])
        x = pos[0] + 2 * r + self.s(6)
        rect = self._text(surface, self.names[seat], 17, (x, pos[1]), SOFT, True)
        if seat == ctx.thinking:
            dots = "." * (1 + int(ctx.now * 3) % 3)
            self._text(surface, tr("table.thinking") + dots, 15,
                       (rect.right + self.s(10), pos[1] + self.s(2)), LIT, True)
        elif seat == self.view.get("active") and self.view["phase"] != "over":
            self._text(surface, tr("mag.on_turn"), 15, (rect.right + self.s(10),
                                                        pos[1] + self.s(2)), LIT)

    def _draw_hand(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        playable = {a.card for a in ctx.legal if isinstance(a, (Develop, BuyDeed))}
        for card, rect in self.hand_rects():
            if card is None:
                surface.blit(back(rect.size), rect)
                continue
            if self.snap is not None and self.snap[4] == ("card", card):
                continue  # it is flying home
            if self.held == ("card", card):
                if self.drag_pos is None:
                    surface.blit(face(card, rect.size), rect.move(0, -self.s(10)))
                    self._outline(surface, rect.move(0, -self.s(10)), LIT, 3)
                else:
                    pygame.draw.rect(surface, (60, 70, 64), rect, 2, border_radius=self.s(6))
                continue
            surface.blit(face(card, rect.size), rect)
            if card in playable:
                self._outline(surface, rect, LIT, 3 if rect.collidepoint(ctx.hover) else 1, 4)

    def _draw_side(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        assert self.table is not None
        t = self.table
        if ("dice",) not in ctx.hidden and self.tray.dice:
            self.tray.draw(surface, at=self.tray.duration)  # at rest: the tumble is a tween
        if self.last_roll:
            who = self.names[self.last_roll[0]]
            self._text(surface, tr("mag.roll_of", name=who), 15,
                       (t.dice[0], t.dice[1] + t.die // 2 + self.s(6)), SOFT, anchor="midtop")
        layers = min(4, (self.view["deck_size"] + 7) // 8)
        for i in range(layers):
            surface.blit(back(t.deck.size), t.deck.move(-i * self.s(2), -i * self.s(2)))
        self._text(surface, tr("mag.deck", n=self.view["deck_size"]), 15,
                   (t.deck.centerx, t.deck.bottom + self.s(4)), SOFT, anchor="midtop")
        targets = self._targets(ctx.legal)
        pygame.draw.rect(surface, (70, 84, 76), t.discard, 2, border_radius=self.s(8))
        if self.view["discards"]:
            top = self.view["discards"][-1]
            surface.blit(face(top, t.discard.size), t.discard)
            if ("sold", top) in self.recent.values():
                self._outline(surface, t.discard, LAST, 2, 4)
        if targets.get("sell"):
            self._outline(surface, t.discard, LIT, 4 if t.discard.collidepoint(ctx.hover) else 2)
        self._text(surface, tr("mag.sell_here"), 15,
                   (t.discard.centerx, t.discard.bottom + self.s(4)), SOFT, anchor="midtop")
        self._draw_bank(surface, targets, ctx)

    def _draw_bank(self, surface: pygame.Surface, targets: dict[str, set[int]],
                   ctx: DrawContext) -> None:
        assert self.table is not None
        bank = self.table.bank
        surface.blit(artwork.panel_surface(bank.size, self.s(8)), bank)
        can = any(isinstance(a, Trade) for a in ctx.legal)
        if targets.get("bank") or (can and bank.collidepoint(ctx.hover)):
            self._outline(surface, bank, LIT, 3, 4)
        self._text(surface, tr("mag.bank"), 17, (bank.centerx, bank.y + self.s(6)),
                   artwork.INK, True, "midtop")
        sym = self.s(20)
        x = bank.centerx - 3 * (sym + self.s(4))
        for suit in SUITS:
            img = token(suit, sym // 2)
            surface.blit(img, (x, bank.bottom - sym - self.s(10)))
            x += sym + self.s(8)
