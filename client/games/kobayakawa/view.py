"""Kobayakawa on the table: seat plates with hidden cards and medals, the deck and the pile."""

from __future__ import annotations

import math
from typing import Any

import pygame

from client import artwork
from client.anim import Tween, lerp
from client.games.base import DrawContext, GameView
from client.games.kobayakawa.gestures import KobayakawaGestures
from client.games.kobayakawa.layout import SeatSpot, TableLayout, table_layout
from client.i18n import tr
from client.text import layer as text_layer
from rules import Action, Event, Seat
from rules.kobayakawa import Keep

TEXT = artwork.INK
MUTED = (96, 84, 70)
SOFT = (226, 220, 204)
TABLE_AT_SCALE_1 = (950, 648)  # the table area of a 1280×800 window at UI scale 1
# Seconds a showdown's result stays up (cards face up, the round-result panel) before the
# medals move and the next round is dealt; a click, Space or Escape ends it sooner.
RESULT_HOLD = 9.0


class KobayakawaView(KobayakawaGestures, GameView):
    game_id = "kobayakawa"

    def __init__(self, names: list[str], seats: list[dict[str, Any]]) -> None:
        super().__init__(names, seats)
        self.table: TableLayout | None = None
        self._stakes: list[int] = []
        self._won: Event | None = None  # the round_won among the events being animated
        self.min_text = 14
        self._bottom = 0
        self.open_faces: dict[Seat, list[int]] = {}  # cards drawn face up from open hands

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

    # -- tooltips and clicks -----------------------------------------------------------
    def _tips(self) -> list[tuple[pygame.Rect, str]]:
        if self.table is None or not self.view:
            return []
        v, t = self.view, self.table
        tips = [
            (t.deck, tr("koba.tip.deck", n=v["deck_size"])),
            (t.pile, tr("koba.tip.pile", value=v["kobayakawa"], n=len(v["pile"]))),
            (
                pygame.Rect(
                    t.centre_medals[0] - self.s(80),
                    t.centre_medals[1] - t.medal_r,
                    self.s(160),
                    2 * t.medal_r,
                ),
                tr("koba.tip.centre", n=v["centre"]),
            ),
        ]
        for seat in range(len(self.names)):
            spot = self.spot(seat)
            tips.append((spot.block, self._seat_tip(seat)))
            if v["in_round"][seat] and "hands" in v:
                card = v["hands"][seat]
                if card:
                    tips.append((spot.hand, tr("koba.tip.hand_open", card=card,
                                               name=self.names[seat])))
            elif v["in_round"][seat]:
                mine = seat == self.viewer and v["hand"] is not None
                key = "koba.tip.hand_mine" if mine else "koba.tip.hand_hidden"
                tips.append((spot.hand, tr(key, card=v["hand"], name=self.names[seat])))
                if mine and v["drawn"] is not None:
                    tips.append((spot.extra, tr("koba.tip.drawn", card=v["drawn"])))
            if v["discards"][seat]:
                tips.append(
                    (
                        spot.discard,
                        tr("koba.tip.discard", card=v["discards"][seat][-1], name=self.names[seat]),
                    )
                )
        return tips

    def _seat_tip(self, seat: Seat) -> str:
        v = self.view
        stake = v["stakes"][seat]
        if not v["in_round"][seat]:
            state = tr("koba.tip.state_out")
        elif stake is None:
            state = tr("koba.tip.state_undecided")
        elif stake == 0:
            state = tr("koba.tip.state_passed")
        else:
            state = tr("koba.tip.state_fights", bet=stake)
        text = tr("koba.tip.seat", name=self.names[seat], medals=v["medals"][seat], state=state)
        if seat in v["order"]:
            text += " " + tr("koba.tip.order", n=v["order"].index(seat) + 1, total=len(v["order"]))
        return text

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

    # -- words ----------------------------------------------------------------------------
    def status(self) -> str:
        v = self.view
        if not v:
            return ""
        if v["phase"] == "over":
            return tr("koba.status.over")
        stage = tr("koba.stage.bet") if v["phase"] == "bet" else tr("koba.stage.choose")
        key = "koba.status.last" if v["last_round"] else "koba.status"
        return tr(key, round=v["round"], rounds=v["rounds"], stage=stage)

    def prompt(self, seat: Seat, legal: list[Action]) -> str:
        phase = self.view.get("phase")
        bet = self.view["bets"][seat] if self.view else 1
        key = f"koba.prompt.{phase}" + (".one" if phase == "bet" and bet == 1 else "")
        return tr(key, name=self.names[seat], bet=bet)

    def action_label(self, action: Action) -> str:
        if isinstance(action, Keep):
            return tr("action.kobayakawa.keep", card=action.card)
        bet = self.view["bets"][self.viewer] if self.viewer is not None and self.view else 1
        return tr(f"action.kobayakawa.{action.type}", bet=bet)

    def action_tip(self, action: Action) -> str:
        card = getattr(action, "card", 0)
        bet = self.view["bets"][self.viewer] if self.viewer is not None and self.view else 1
        plural = ".one" if action.type == "fight" and bet == 1 else ""
        return tr(
            f"action.kobayakawa.{action.type}.tip{plural}",
            card=card,
            bet=bet,
            value=self.view.get("kobayakawa"),
        )

    def describe(self, ev: Event) -> str | None:
        kind = ev["type"]
        params = dict(ev)
        if "seat" in ev:
            params["name"] = self.names[ev["seat"]]
        if kind == "round_started":
            params["name"] = self.names[ev["start_player"]]
            text = tr("log.koba.round_started", **params)
            return text + (" " + tr("log.koba.last_round") if ev["last_round"] else "")
        if kind == "revealed":
            shown = ", ".join(f"{self.names[q]} {card}" for q, card in ev["cards"])
            return tr("log.koba.revealed", cards=shown)
        if kind == "round_won":
            params["name"] = self.names[ev["winner"]]
            key = "log.koba.round_won_alone" if ev["alone"] else "log.koba.round_won"
            return tr(key + (".one" if ev["gained"] == 1 else ""), **params)
        if kind == "game_over":
            names = ", ".join(self.names[q] for q in ev["winners"])
            return tr("log.koba.game_over", names=names)
        if kind in ("fought", "round_void"):
            count = ev.get("bet", ev.get("lost", 1))
            return tr(f"log.koba.{kind}.{'one' if count == 1 else 'many'}", **params)
        key = f"log.koba.{kind}"
        return tr(key, **params)

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

    def round_result(
        self, cards: list[list[int]], value: int, won: Event
    ) -> dict[str, Any]:
        """A showdown in words: each fighter's total (the lowest card adds the Kobayakawa),
        and the winner's total against the best of the rest («3 + 12 = 15 beats 14»)."""
        lowest = min(card for _q, card in cards)
        rows: list[tuple[Seat, str, int]] = []
        for q, card in cards:
            total = card + value if card == lowest else card
            words = f"{card} + {value} = {total}" if card == lowest else str(card)
            rows.append((q, words, total))
        winner = won["winner"]
        mine = next(r for r in rows if r[0] == winner)
        rest = max((r for r in rows if r[0] != winner), key=lambda r: r[2])
        key = "koba.result.ties" if rest[2] == mine[2] else "koba.result.beats"
        gained = won["gained"]
        return {
            "title": tr("koba.result.title", round=won["round"], name=self.names[winner]),
            "line": tr(key, a=mine[1], b=rest[1]),
            "rows": [(self.names[q], words, q == winner) for q, words, _t in rows],
            "gain": tr("koba.result.gain" + (".one" if gained == 1 else ""),
                       name=self.names[winner], gained=gained),
        }

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
