"""Coup's motion: coins flying between treasury and players, cards drawn, shown and turned up.

A mixin of CoupView: it reads the view's layout and state through the names declared here.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from client.anim import Tween, lerp
from client.art import coup as art
from client.games.coup.layout import SeatSpot, TableLayout
from client.games.coup.words import Words
from rules import Event, Seat


class CoupMotion:
    """Tweens for one action's events (each inner list plays together), and their drawing."""

    words: Words
    view: dict[str, Any]
    table: TableLayout | None
    balloons: dict[Seat, tuple[str, str, int]]  # words, mood, the turn they were said in
    _before: dict[str, Any]

    def spot(self, seat: Seat) -> SeatSpot:
        raise NotImplementedError

    def card_slots(self, seat: Seat) -> list[pygame.Rect]:
        raise NotImplementedError

    def hidden_count(self, seat: Seat) -> int:
        raise NotImplementedError

    def _outline(self, surface: pygame.Surface, rect: pygame.Rect, width: float = 3) -> None:
        raise NotImplementedError

    # -- animation ---------------------------------------------------------------------------------
    def tweens_for(self, events: list[Event], before: dict[str, Any]) -> list[list[Tween]]:
        groups: list[list[Tween]] = []
        if before.get("coins"):
            self._before = before
        turn = int(before.get("turns", 0))
        for ev in events:
            said = self.words.balloon(ev)
            if ev["type"] == "declared":
                self.balloons = {}
            if said is not None:
                self.balloons[said[0]] = (said[1], said[2], turn)
            if ev["type"] == "turn":
                turn += 1
            if ev["type"] == "game_over":
                self.balloons = {}
            if self.table is None:
                continue
            build = getattr(self, f"_tween_{ev['type']}", None)
            if build is not None:
                groups.extend(g for g in build(ev) if g)
        return groups

    def _place(self, where: Any) -> pygame.Rect:
        assert self.table is not None
        r = self.table.coin_r
        if where == "treasury":
            centre = self.table.treasury
        else:
            centre = self.spot(where).coins
        return pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)

    def _tween_coins(self, ev: Event) -> list[list[Tween]]:
        a, b = self._place(ev["source"]), self._place(ev["dest"])
        hides = frozenset({("coins", ev["source"]), ("coins", ev["dest"])})
        return [
            [
                Tween("fly", 0.24 + 0.04 * i, {"image": ("coin",), "from": a, "to": b}, hides)
                for i in range(min(ev["amount"], 4))
            ]
        ]

    def _tween_eliminated(self, ev: Event) -> list[list[Tween]]:
        """Out of the game: the seat's coins go back to the treasury."""
        coins = {"source": ev["seat"], "dest": "treasury", "amount": ev["coins_returned"]}
        return self._tween_coins(coins) if ev["coins_returned"] else []

    def _tween_influence_lost(self, ev: Event) -> list[list[Tween]]:
        seat = ev["seat"]
        slots = self.card_slots(seat)
        index = min(len(slots) - 1, self.hidden_count(seat) + len(self.view["revealed"][seat]) - 1)
        rect = slots[index]
        hides = frozenset({("card", seat, index)})
        return [[Tween("flip", 0.35, {"rect": rect, "value": ev["character"]}, hides)]]

    def _court_fly(self, seat: Seat, to_seat: bool, count: int = 1) -> list[list[Tween]]:
        assert self.table is not None
        slot = self.card_slots(seat)[0]
        a, b = (self.table.court, slot) if to_seat else (slot, self.table.court)
        return [
            [
                Tween("fly", 0.28 + 0.06 * i, {"image": ("back",), "from": a, "to": b})
                for i in range(count)
            ]
        ]

    def _tween_exchange_drew(self, ev: Event) -> list[list[Tween]]:
        return self._court_fly(ev["seat"], True, ev["count"])

    def _tween_card_returned(self, ev: Event) -> list[list[Tween]]:
        return self._court_fly(ev["seat"], False)

    def _tween_revealed(self, ev: Event) -> list[list[Tween]]:
        assert self.table is not None
        slot = self.card_slots(ev["seat"])[0]
        data = {"image": ("face", ev["character"]), "from": slot, "to": self.table.court}
        return [
            [Tween("hold", 0.4, {"rect": slot, "value": ev["character"]})],
            [Tween("fly", 0.3, data)],
        ]

    def _tween_card_replaced(self, ev: Event) -> list[list[Tween]]:
        return self._court_fly(ev["seat"], True)

    def draw_tween(self, surface: pygame.Surface, tween: Tween) -> None:
        d, p = tween.data, tween.progress
        if tween.kind == "fly":
            a, b = d["from"], d["to"]
            x, y = lerp(a.center, b.center, p)
            w = max(1, round(a.w + (b.w - a.w) * p))
            h = max(1, round(a.h + (b.h - a.h) * p))
            img = self._image(d["image"], (w, h))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        elif tween.kind == "flip":
            rect = d["rect"]
            face = p >= 0.5
            width = max(1, round(rect.w * abs(math.cos(p * math.pi))))
            img = self._image(("face", d["value"]) if face else ("back",), rect.size)
            img = pygame.transform.smoothscale(img, (width, rect.h))
            surface.blit(img, img.get_rect(center=rect.center))
        elif tween.kind == "hold":
            surface.blit(self._image(("face", d["value"]), d["rect"].size), d["rect"])
            self._outline(surface, d["rect"], 2)

    def _image(self, key: tuple[Any, ...], size: tuple[int, int]) -> pygame.Surface:
        if key[0] == "coin":
            return art.coin(max(2, size[0] // 2), self.words.theme)
        if key[0] == "face":
            return art.card_face(key[1], size, self.words.theme)
        return art.card_back(size, self.words.theme)
