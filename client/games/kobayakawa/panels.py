"""Kobayakawa's seat plates: the name, its tag and turn-order badge, medals and stake, the
hand (face up for its owner or once the game is over), the discard and the seat's state.

A mixin of KobayakawaView: it reads the view's layout and state through its names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import artwork
from client.games.base import DrawContext
from client.games.kobayakawa.layout import SeatSpot
from client.i18n import tr
from rules import Seat
from rules.kobayakawa import Keep

TEXT = artwork.INK
MUTED = (96, 84, 70)
SOFT = (226, 220, 204)


class KobayakawaPanels:
    """Mixed into KobayakawaView: every seat's plate around the deck and the pile."""

    view: dict[str, Any]
    viewer: Seat | None
    names: list[str]
    seats: list[dict[str, Any]]
    open_faces: dict[Seat, list[int]]

    if TYPE_CHECKING:  # provided by the view this is mixed into

        def spot(self, seat: Seat) -> SeatSpot: ...
        def s(self, value: float) -> int: ...
        def label(self, *args: Any, **kwargs: Any) -> pygame.Rect: ...
        def text(self, *args: Any, **kwargs: Any) -> pygame.Rect: ...
        def hidden_by_hand(self) -> set[int]: ...

    def _draw_medal_row(
        self,
        surface: pygame.Surface,
        start: tuple[int, int],
        count: int,
        r: int,
        centred: bool = False,
        limit: int = 12,
        width: int = 0,
    ) -> None:
        shown = min(count, limit)
        step = round(r * 1.15)
        if width and shown > 1:  # squeeze the tokens together rather than spill out of the plate
            step = max(2, min(step, (width - 2 * r) // (shown - 1)))
        x0 = start[0] - (step * (shown - 1)) // 2 if centred else start[0]
        token = artwork.medal(r)
        for i in range(shown):
            surface.blit(token, token.get_rect(center=(x0 + i * step, start[1])))
        end = x0 + max(0, shown - 1) * step + r + self.s(6)
        if centred:
            self.label(
                surface, f"×{count}", 15, (end, start[1]), SOFT, bold=True, anchor="midleft"
            )
        else:
            self.label(
                surface, f"×{count}", 15, (end, start[1]), TEXT, bold=True, anchor="midleft"
            )

    def _outline(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        colour: tuple[int, int, int],
        width: float = 3,
    ) -> None:
        pygame.draw.rect(
            surface,
            colour,
            rect.inflate(self.s(8), self.s(8)),
            max(2, self.s(width)),
            border_radius=self.s(10),
        )

    def _draw_seat(self, surface: pygame.Surface, seat: Seat, ctx: DrawContext) -> None:
        spot, v = self.spot(seat), self.view
        block = spot.block
        pygame.draw.rect(
            surface, (18, 24, 20), block.move(self.s(3), self.s(4)), border_radius=self.s(10)
        )
        surface.blit(artwork.panel_surface(block.size, self.s(10), "washi"), block)
        acting = seat in ctx.acting
        if acting:
            self._outline(surface, block, artwork.ACCENT, 4)
        elif seat == ctx.last_seat:
            self._outline(surface, block, (236, 232, 220), 1.5)
        self._draw_name(surface, seat, spot, ctx)
        in_round = v["in_round"][seat]
        if v["medals"][seat] or in_round:
            room = spot.block.right - spot.medals[0] - self.s(44)
            self._draw_medal_row(surface, spot.medals, v["medals"][seat], spot.medal_r, width=room)
        self._draw_hand(surface, seat, spot, ctx)
        self._draw_status(surface, seat, spot, ctx)
        discards = v["discards"][seat]
        if discards and ("discard", seat) not in ctx.hidden:
            surface.blit(artwork.card_face(discards[-1], spot.discard.size), spot.discard)
            if seat == ctx.last_seat and ctx.last_action == "keep":
                self._outline(surface, spot.discard, (250, 250, 240), 1.5)

    def _draw_name(
        self, surface: pygame.Surface, seat: Seat, spot: SeatSpot, ctx: DrawContext
    ) -> None:
        r = self.s(9)
        artwork.draw_seat_marker(
            surface, (spot.name[0] + r, spot.name[1] + self.s(11)), r, self.seats[seat]["colour"]
        )
        name = self.names[seat]
        if self.seats[seat]["kind"] == "ai":
            tag = tr("seat.ai_level." + str(self.seats[seat]["level"]))
        elif seat == self.viewer:
            tag = tr("seat.you")
        else:
            tag = tr("seat.human")
        tag_rect = self.label(
            surface,
            tag,
            14,
            (spot.block.right - self.s(12), spot.name[1] + self.s(3)),
            MUTED,
            anchor="topright",
        )
        order = self.view["order"]
        if seat in order:  # turn order matters: ties go to the earlier fighter
            badge = (tag_rect.left - self.s(16), tag_rect.centery)
            colour = (196, 44, 36) if order.index(seat) == 0 else (90, 80, 70)
            pygame.draw.circle(surface, colour, badge, self.s(10))
            self.label(
                surface,
                str(order.index(seat) + 1),
                14,
                badge,
                (250, 246, 236),
                True,
                anchor="center",
            )
            tag_rect = tag_rect.union(pygame.Rect(badge[0] - self.s(12), badge[1], 1, 1))
        left = spot.name[0] + 2 * r + self.s(6)
        box = pygame.Rect(left, spot.name[1] - self.s(2), tag_rect.left - self.s(8) - left,
                          self.s(26))
        self.text(surface, name, 17, box, TEXT, True, max_lines=1, free_text=True)

    def _draw_hand(
        self, surface: pygame.Surface, seat: Seat, spot: SeatSpot, ctx: DrawContext
    ) -> None:
        v = self.view
        if not v["in_round"][seat] or ("hand", seat) in ctx.hidden:
            return
        if "hands" in v:  # the game is over: every hand lies face up
            self._draw_open_hand(surface, seat, spot, ctx)
            return
        mine = seat == self.viewer and v["hand"] is not None
        keep_targets = {a.card for a in ctx.legal if isinstance(a, Keep)} if mine else set()
        held = self.hidden_by_hand() if mine else set()
        if v["drawing"] == seat and ("extra", seat) not in ctx.hidden:
            if mine and v["drawn"] is not None:
                if v["drawn"] not in held:
                    surface.blit(artwork.card_face(v["drawn"], spot.extra.size), spot.extra)
            else:
                surface.blit(artwork.card_back(spot.extra.size), spot.extra)
        img = (
            artwork.card_face(v["hand"], spot.hand.size)
            if mine
            else artwork.card_back(spot.hand.size)
        )
        if v["hand"] not in held:
            surface.blit(img, spot.hand)
        for card, rect in ((v["hand"], spot.hand), (v["drawn"], spot.extra)):
            if card in keep_targets and card not in held:
                hover = rect.collidepoint(ctx.hover)
                self._outline(surface, rect, artwork.ACCENT, 4 if hover else 2)

    def _draw_open_hand(
        self, surface: pygame.Surface, seat: Seat, spot: SeatSpot, ctx: DrawContext
    ) -> None:
        v = self.view
        shown: list[int] = []
        drawn = v.get("drawn_card")
        if v["drawing"] == seat and drawn and ("extra", seat) not in ctx.hidden:
            surface.blit(artwork.card_face(drawn, spot.extra.size), spot.extra)
            shown.append(drawn)
        card = v["hands"][seat]
        if card:
            surface.blit(artwork.card_face(card, spot.hand.size), spot.hand)
            shown.insert(0, card)
        self.open_faces[seat] = shown

    def _draw_status(
        self, surface: pygame.Surface, seat: Seat, spot: SeatSpot, ctx: DrawContext
    ) -> None:
        v = self.view
        stake = v["stakes"][seat]
        x, y = spot.status
        if not v["in_round"][seat]:
            text = tr("koba.out") if v["medals"][seat] == 0 else ""
            self.label(surface, text, 15, (x, y), MUTED)
            return
        if seat == ctx.thinking:
            dots = "." * (1 + int(ctx.now * 3) % 3)
            self.label(surface, tr("table.thinking") + dots, 15, (x, y), (150, 60, 30), True)
            return
        if stake is None:
            return
        if stake == 0:
            self.label(surface, tr("koba.passes"), 15, (x, y), MUTED)
            return
        rect = self.label(surface, tr("koba.fights"), 15, (x, y), (150, 40, 30), True)
        if ("stake", seat) not in ctx.hidden:
            r = spot.medal_r
            for i in range(stake):
                token = artwork.medal(r)
                surface.blit(
                    token, token.get_rect(midleft=(rect.right + self.s(6) + i * r, rect.centery))
                )
