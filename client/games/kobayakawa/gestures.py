"""Kobayakawa by dragging: throw away one of your two cards to keep the other, or push a
medal towards the middle to fight. Clicks and the prompt's buttons do the same."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import artwork
from rules import Action
from rules.kobayakawa import Fight, Keep


class Held:
    """What the pointer carries: a card (its value) or a medal, and where it is now."""

    def __init__(self, kind: str, card: int = 0) -> None:
        self.kind = kind
        self.card = card
        self.pos = (0, 0)


class KobayakawaGestures:
    """Mixed into KobayakawaView: drag, drop, cancel and the drawing of the held piece."""

    held: Held | None = None
    view: dict[str, Any]
    viewer: int | None

    if TYPE_CHECKING:  # provided by the view this is mixed into

        def spot(self, seat: int) -> Any: ...
        def s(self, value: float) -> int: ...

    def _my_cards(self) -> list[tuple[int, pygame.Rect]]:
        if self.viewer is None or not self.view:
            return []
        spot = self.spot(self.viewer)
        cards = [(self.view.get("hand"), spot.hand), (self.view.get("drawn"), spot.extra)]
        return [(card, rect) for card, rect in cards if card is not None]

    def _centre(self) -> pygame.Rect:
        table = getattr(self, "table", None)
        assert table is not None
        area = table.deck.union(table.pile)
        return area.inflate(self.s(80), self.s(120))

    def drag(self, start: tuple[int, int], pos: tuple[int, int], legal: list[Action]) -> None:
        if self.held is None:
            self.held = self._pick(start, legal)
        if self.held is not None:
            self.held.pos = pos

    def _pick(self, start: tuple[int, int], legal: list[Action]) -> Held | None:
        for card, rect in self._my_cards():
            if rect.collidepoint(start) and any(isinstance(a, Keep) for a in legal):
                return Held("card", card)
        if self.viewer is not None and Fight() in legal:
            spot = self.spot(self.viewer)
            medals = pygame.Rect(0, 0, self.s(120), 2 * spot.medal_r + self.s(8))
            medals.midleft = (spot.medals[0] - spot.medal_r - self.s(4), spot.medals[1])
            if medals.collidepoint(start):
                return Held("medal")
        return None

    def drop(
        self, start: tuple[int, int], pos: tuple[int, int], legal: list[Action]
    ) -> Action | None:
        held, self.held = self.held, None
        if held is None:
            return None
        if held.kind == "medal":
            return Fight() if self._centre().collidepoint(pos) else None
        cards = self._my_cards()
        if any(rect.collidepoint(pos) for _card, rect in cards):
            return None  # put back among your cards: nothing happens
        others = [card for card, _rect in cards if card != held.card]
        return Keep(others[0]) if others else None  # the dragged card goes to the discards

    def cancel(self) -> None:
        self.held = None

    def hidden_by_hand(self) -> set[int]:
        """Cards not drawn in place because the pointer is carrying them."""
        return {self.held.card} if self.held is not None and self.held.kind == "card" else set()

    def draw_held(self, surface: pygame.Surface, medal_r: int) -> None:
        held = self.held
        if held is None or self.viewer is None:
            return
        if held.kind == "medal":
            pygame.draw.rect(
                surface, artwork.ACCENT, self._centre(), self.s(2), border_radius=self.s(14)
            )
            token = artwork.medal(medal_r)
            surface.blit(token, token.get_rect(center=held.pos))
            return
        spot = self.spot(self.viewer)
        pygame.draw.rect(
            surface,
            artwork.ACCENT,
            spot.discard.inflate(self.s(8), self.s(8)),
            self.s(2),
            border_radius=self.s(6),
        )
        image = artwork.card_face(held.card, spot.hand.size)
        shadow = image.get_rect(center=held.pos).move(self.s(6), self.s(8))
        pygame.draw.rect(surface, (10, 14, 12), shadow, border_radius=self.s(8))
        surface.blit(image, image.get_rect(center=held.pos))
