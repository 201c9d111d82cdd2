"""Kobayakawa on the table: seat plates with hidden cards and medals, the deck and the pile."""

from __future__ import annotations

import math
from typing import Any

import pygame

from client import artwork
from client.anim import Tween, lerp
from client.games.base import DrawContext, GameView
from client.games.kobayakawa.layout import SeatSpot, TableLayout, table_layout
from client.games.kobayakawa.panels import MUTED, SOFT, TEXT, KobayakawaPanels
from client.games.kobayakawa.words import KobayakawaWords
from client.i18n import tr
from client.text import layer as text_layer
from rules import Action, Event, Seat
from rules.kobayakawa import Fight, Keep

TABLE_AT_SCALE_1 = (950, 648)  # the table area of a 1280×800 window at UI scale 1
# Seconds a showdown's result stays up (cards face up, the round-result panel) before the
# medals move and the next round is dealt; a click, Space or Escape ends it sooner.
RESULT_HOLD = 9.0


class Held:
    """What the pointer carries: a card (its value) or a medal, and where it is now."""

    def __init__(self, kind: str, card: int = 0) -> None:
        self.kind = kind
        self.card = card
        self.pos = (0, 0)


class KobayakawaView(KobayakawaWords, KobayakawaPanels, GameView):
    game_id = "kobayakawa"

    def __init__(self, names: list[str], seats: list[dict[str, Any]]) -> None:
        super().__init__(names, seats)
        self.table: TableLayout | None = None
        self._stakes: list[int] = []
        self._won: Event | None = None  # the round_won among the events being animated
        self.min_text = 14
        self._bottom = 0
        self.open_faces: dict[Seat, list[int]] = {}  # cards drawn face up from open hands
        self.held: Held | None = None  # a card or a medal being dragged

    # -- layout ------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, scale: float) -> None:
        # The table must fit its area: a big UI scale in a small window grows the bars and
        # the log, so the table itself may draw a little smaller than the rest.
        fit = min(rect.w / TABLE_AT_SCALE_1[0], rect.h / TABLE_AT_SCALE_1[1])
        self.min_text = 14 if scale >= 1.0 else 0
        super().layout(rect, min(scale, fit))
        self.table = table_layout(rect, len(self.names), self._bottom, self.scale)

    def show(self, view: dict[str, Any], viewer: Seat | None) -> None:
        bottom = viewer if viewer is not None else self._bottom
        super().show(view, viewer)
        if bottom != self._bottom or self.table is None:
            self._bottom = bottom
            self.layout(self.rect, self.scale)
        self.tips = self._tips()

    def spot(self, seat: Seat) -> SeatSpot:
        assert self.table is not None
        return self.table.seats[seat]

    def card_size(self, seat: Seat) -> tuple[int, int]:
        return self.spot(seat).hand.size

    # -- drawing -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        if self.table is None or not self.view:
            return
        self.open_faces = {}
        self._draw_centre(surface, ctx)
        for seat in range(len(self.names)):
            self._draw_seat(surface, seat, ctx)
        self.draw_held(surface, self.spot(self.viewer).medal_r if self.viewer is not None else 10)


    def _draw_centre(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        assert self.table is not None
        t, v = self.table, self.view
        sun = artwork.red_sun(self.s(104))
        sun_pos = sun.get_rect(center=((t.deck.centerx + t.pile.centerx) // 2, t.deck.centery))
        surface.blit(sun, sun_pos)
        layers = min(5, (v["deck_size"] + 1) // 2)
        back = artwork.card_back(t.deck.size)
        for i in range(layers):
            surface.blit(back, t.deck.move(-i * self.s(2), -i * self.s(2)))
        self.label(
            surface,
            tr("koba.deck", n=v["deck_size"]),
            15,
            (t.deck.centerx, t.deck.top - self.s(16)),
            SOFT,
            anchor="midbottom",
        )
        self.label(
            surface,
            tr("koba.kobayakawa"),
            15,
            (t.pile.centerx, t.pile.top - self.s(16)),
            SOFT,
            bold=True,
            anchor="midbottom",
        )
        if ("pile",) not in ctx.hidden and v["kobayakawa"]:
            under = v["pile"][:-1][-2:]
            for i, card in enumerate(under):
                off = (len(under) - i) * self.s(5)
                surface.blit(artwork.card_face(card, t.pile.size), t.pile.move(off, -off))
            surface.blit(artwork.card_face(v["kobayakawa"], t.pile.size), t.pile)
            if ctx.last_action == "flip":
                self._outline(surface, t.pile, (250, 250, 240))
        self._draw_medal_row(surface, t.centre_medals, v["centre"], t.medal_r, centred=True)
        if v["history"]:
            self._draw_last_round(surface, v["history"][-1])
        if v["last_round"] and v["phase"] != "over":
            banner = (t.pile.centerx + t.deck.centerx) // 2, t.deck.top - self.s(44)
            self.label(
                surface,
                tr("koba.last_round_banner"),
                16,
                banner,
                (236, 120, 96),
                True,
                anchor="midbottom",
            )

    def _draw_last_round(self, surface: pygame.Surface, last: dict[str, Any]) -> None:
        assert self.table is not None
        if last.get("winner") is None:
            text = tr("koba.last_void", round=last["round"])
        else:
            text = tr(
                "koba.last_won" + (".one" if last["gained"] == 1 else ""),
                round=last["round"],
                name=self.names[last["winner"]],
                gained=last["gained"],
            )
        self.label(surface, text, 15, self.table.info, SOFT, anchor="midtop")

    def hint_rect(self, action: Action) -> pygame.Rect | None:
        if self.table is None or self.viewer is None or not isinstance(action, Keep):
            return None
        spot = self.spot(self.viewer)
        return spot.extra if action.card == self.view.get("drawn") else spot.hand

    def click(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        if self.table is None or self.viewer is None:
            return None
        spot = self.spot(self.viewer)
        for card, rect in (
            (self.view.get("hand"), spot.hand),
            (self.view.get("drawn"), spot.extra),
        ):
            if card is not None and rect.collidepoint(pos) and Keep(card) in legal:
                return Keep(card)
        return None

    # -- gestures: drag a card away to keep the other, a medal to the middle to fight ---
    def _my_cards(self) -> list[tuple[int, pygame.Rect]]:
        if self.viewer is None or not self.view:
            return []
        spot = self.spot(self.viewer)
        cards = [(self.view.get("hand"), spot.hand), (self.view.get("drawn"), spot.extra)]
        return [(card, rect) for card, rect in cards if card is not None]

    def _centre(self) -> pygame.Rect:
        table = getattr(self, "table", None)
        assert table is not None
        area: pygame.Rect = table.deck.union(table.pile)
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

    def opening_events(self, view: dict[str, Any]) -> list[Event]:
        dealt = []
        if view.get("seat") is not None and view.get("hand"):
            seat = view["seat"]
            dealt.append({"type": "dealt_card", "to": [seat], "seat": seat, "card": view["hand"]})
        return [
            {
                "type": "round_started",
                "to": "all",
                "round": view["round"],
                "start_player": view["start_player"],
                "order": view["order"],
                "kobayakawa": view["pile"][0] if view["pile"] else None,
                "last_round": view["last_round"],
            },
            *dealt,
        ]

    def chart(
        self, final_view: dict[str, Any], history: list[dict[str, Any]]
    ) -> tuple[str, list[list[float]]] | None:
        history = final_view.get("history") or []
        players = final_view["players"]
        series: list[list[float]] = [[4.0] for _ in range(players)]
        for entry in history:
            for seat in range(players):
                series[seat].append(float(entry["medals"][seat]))
        return tr("results.chart_medals"), series

    # -- animation --------------------------------------------------------------------------
    def tweens_for(self, events: list[Event], before: dict[str, Any]) -> list[list[Tween]]:
        if self.table is None:
            return []
        groups: list[list[Tween]] = []
        # Bets made by this very action are not in `before` yet: follow them event by event.
        self._stakes = [s or 0 for s in before.get("stakes") or []]
        self._won = next((ev for ev in events if ev["type"] == "round_won"), None)
        for ev in events:
            build = getattr(self, f"_tween_{ev['type']}", None)
            if build is not None:
                groups.extend(g for g in build(ev, before) if g)
        return groups

    def _fly(
        self,
        image: tuple[Any, ...],
        a: pygame.Rect,
        b: pygame.Rect,
        hides: set[Any],
        duration: float = 0.3,
    ) -> Tween:
        return Tween("fly", duration, {"image": image, "from": a, "to": b}, frozenset(hides))

    def _tween_round_started(self, ev: Event, before: dict[str, Any]) -> list[list[Tween]]:
        t = self.table
        assert t is not None
        deal = [
            self._fly(("back",), t.deck, self.spot(q).hand, {("hand", q)}, 0.35)
            for q in ev["order"]
        ]
        flip = Tween(
            "flip", 0.3, {"rect": t.pile, "value": ev["kobayakawa"]}, frozenset({("pile",)})
        )
        return [deal, [flip]]

    def _tween_drew(self, ev: Event, before: dict[str, Any]) -> list[list[Tween]]:
        assert self.table is not None
        q = ev["seat"]
        return [[self._fly(("back",), self.table.deck, self.spot(q).extra, {("extra", q)})]]

    def _tween_kept(self, ev: Event, before: dict[str, Any]) -> list[list[Tween]]:
        q = ev["seat"]
        spot = self.spot(q)
        src = spot.extra if q == self.viewer else spot.hand
        return [[self._fly(("face", ev["discarded"]), src, spot.discard, {("discard", q)}, 0.3)]]

    def _tween_flipped(self, ev: Event, before: dict[str, Any]) -> list[list[Tween]]:
        t = self.table
        assert t is not None
        return [
            [
                Tween(
                    "flip",
                    0.35,
                    {"rect": t.pile, "from": t.deck, "value": ev["card"]},
                    frozenset({("pile",)}),
                )
            ]
        ]

    def _medal_rect(self, pos: tuple[int, int], r: int) -> pygame.Rect:
        return pygame.Rect(pos[0] - r, pos[1] - r, 2 * r, 2 * r)

    def _tween_fought(self, ev: Event, before: dict[str, Any]) -> list[list[Tween]]:
        spot = self.spot(ev["seat"])
        r = spot.medal_r
        if ev["seat"] < len(self._stakes):
            self._stakes[ev["seat"]] = ev["bet"]
        return [
            [
                self._fly(
                    ("medal", r),
                    self._medal_rect(spot.medals, r),
                    self._medal_rect(spot.stake, r),
                    {("stake", ev["seat"])},
                    0.3,
                )
            ]
        ]

    def _tween_revealed(self, ev: Event, before: dict[str, Any]) -> list[list[Tween]]:
        """The cards turn up, then stay up beside the round-result panel, which holds
        the table's prompt (`holds_prompt`) until a click or `RESULT_HOLD` seconds."""
        flips, holds = [], []
        for q, card in ev["cards"]:
            rect = self.spot(q).hand
            flips.append(
                Tween("flip", 0.3, {"rect": rect, "value": card}, frozenset({("hand", q)}))
            )
            holds.append(
                Tween("hold", RESULT_HOLD, {"rect": rect, "value": card},
                      frozenset({("hand", q)}))
            )
        won = self._won
        if won is not None:
            result = self.round_result(ev["cards"], before.get("kobayakawa") or 0, won)
            holds.append(Tween("result", RESULT_HOLD, {"result": result, "holds_prompt": True}))
        return [flips, holds]

    def _tween_round_won(self, ev: Event, before: dict[str, Any]) -> list[list[Tween]]:
        assert self.table is not None
        win = self.spot(ev["winner"])
        r = win.medal_r
        target = self._medal_rect(win.medals, r)
        flights = [
            self._fly(
                ("medal", r), self._medal_rect(self.table.centre_medals, r), target, set(), 0.4
            )
        ]
        for q, stake in enumerate(self._stakes):
            if stake:
                src = self._medal_rect(self.spot(q).stake, r)
                flights.append(self._fly(("medal", r), src, target, set(), 0.4))
        return [flights]

    def _tween_round_void(self, ev: Event, before: dict[str, Any]) -> list[list[Tween]]:
        assert self.table is not None
        r = self.table.medal_r
        src = self._medal_rect(self.table.centre_medals, r)
        away = src.move(0, -self.s(160))
        return [[Tween("fade", 0.4, {"image": ("medal", r), "from": src, "to": away})]]

    def draw_tween(self, surface: pygame.Surface, tween: Tween) -> None:
        d, p = tween.data, tween.progress
        if tween.kind in ("fly", "fade"):
            a, b = d["from"], d["to"]
            x, y = lerp(a.center, b.center, p)
            w = round(a.w + (b.w - a.w) * p)
            h = round(a.h + (b.h - a.h) * p)
            img = self._image(d["image"], b.size)
            if img.get_size() != (w, h):
                img = pygame.transform.smoothscale(img, (max(1, w), max(1, h)))
            if tween.kind == "fade":
                img = img.copy()
                img.set_alpha(round(255 * (1 - p)))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        elif tween.kind == "flip":
            rect = d["rect"]
            if "from" in d:
                rect = rect.copy()
                rect.center = tuple(round(c) for c in lerp(d["from"].center, d["rect"].center, p))
            face = p >= 0.5
            width = max(1, round(rect.w * abs(math.cos(p * math.pi))))
            img = artwork.card_face(d["value"], rect.size) if face else artwork.card_back(rect.size)
            img = pygame.transform.smoothscale(img, (width, rect.h))
            surface.blit(img, img.get_rect(center=rect.center))
        elif tween.kind == "hold":
            surface.blit(artwork.card_face(d["value"], d["rect"].size), d["rect"])
            self._outline(surface, d["rect"], (250, 250, 240), 2)
        elif tween.kind == "result":
            self._draw_result(surface, d["result"])

    def result_rect(self, rows: int) -> pygame.Rect:
        """The round-result panel: over the deck and the pile, in the middle of the table."""
        assert self.table is not None
        t = self.table
        box = pygame.Rect(0, 0, self.s(330), self.s(118) + rows * self.s(26))
        box.center = ((t.deck.centerx + t.pile.centerx) // 2, t.deck.centery + self.s(10))
        return box.clamp(self.rect)

    def _draw_result(self, surface: pygame.Surface, result: dict[str, Any]) -> None:
        box = self.result_rect(len(result["rows"]))
        with text_layer("result", cover=box):
            pygame.draw.rect(surface, (18, 24, 20), box.move(self.s(3), self.s(4)),
                             border_radius=self.s(12))
            surface.blit(artwork.panel_surface(box.size, self.s(12), "washi"), box)
            pygame.draw.rect(surface, (196, 44, 36), box, max(2, self.s(3)),
                             border_radius=self.s(12))
            inner = box.inflate(-self.s(28), -self.s(20))
            y = inner.y
            self.text(surface, result["title"], 16, pygame.Rect(inner.x, y, inner.w, self.s(24)),
                      MUTED, True, "center", max_lines=1, free_text=True)
            y += self.s(26)
            self.text(surface, result["line"], 22, pygame.Rect(inner.x, y, inner.w, self.s(32)),
                      (150, 40, 30), True, "center", "middle", max_lines=1)
            y += self.s(38)
            for name, words, won in result["rows"]:
                row = pygame.Rect(inner.x, y, inner.w, self.s(24))
                colour = (150, 40, 30) if won else TEXT
                self.text(surface, words, 17, pygame.Rect(row.right - self.s(130), row.y,
                                                           self.s(130), row.h),
                          colour, True, "right", "middle", max_lines=1)
                self.text(surface, name, 16, pygame.Rect(row.x, row.y, row.w - self.s(140),
                                                         row.h),
                          colour, won, "left", "middle", max_lines=1, free_text=True)
                y += self.s(26)
            self.text(surface, result["gain"], 15,
                      pygame.Rect(inner.x, inner.bottom - self.s(22), inner.w, self.s(22)),
                      TEXT, False, "center", "middle", max_lines=1, free_text=True)

    def _image(self, key: tuple[Any, ...], size: tuple[int, int]) -> pygame.Surface:
        if key[0] == "medal":
            return artwork.medal(max(2, size[0] // 2))
        if key[0] == "face":
            return artwork.card_face(key[1], size)
        return artwork.card_back(size)
