"""Coup on the table: influence cards, coins, the court, the action board and speech balloons."""

from __future__ import annotations

import math
from typing import Any

import pygame

from client import artwork, resources
from client.anim import Tween, lerp
from client.art import coup as art
from client.games.base import DrawContext, GameView
from client.games.coup.layout import ACTION_ORDER, SeatSpot, TableLayout, table_layout
from client.games.coup.panels import MUTED, SOFT, TEXT, CoupPanels
from client.games.coup.words import CLAIMS, COSTS, Words
from client.i18n import tr
from rules import Action, Event, Seat
from rules.coup import (
    Allow,
    Block,
    Challenge,
    NoBlock,
)
from rules.coup.components import BLOCKERS

PUBLIC_PHASES = ("challenge", "block")
TABLE_CHOICES = ("action", "exchange", "pick")


class CoupView(CoupPanels, GameView):
    game_id = "coup"

    def __init__(self, names: list[str], seats: list[dict[str, Any]]) -> None:
        super().__init__(names, seats)
        self.table: TableLayout | None = None
        self._bottom = 0
        self.words = Words(names)
        self.choosing: str | None = (
            None  # a targeted action picked on the board, awaiting its target
        )
        self.balloons: dict[Seat, tuple[str, str, int]] = {}  # words, mood, said in turn
        self._turn_key: tuple[Any, ...] = ()
        self._before: dict[str, Any] = {}  # the view before the animating action: old counts
        self._hidden: set[Any] = set()
        self.drawn: list[str] = []  # your exchange's cards from the court, tagged "new"
        self._exchange_hand: list[str] | None = None
        self.open_faces: dict[Seat, list[str]] = {}  # cards drawn face up from open hands

    # -- layout and state ------------------------------------------------------------
    design = (820, 600)

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        super().layout(rect, scale)
        self.table = table_layout(rect, len(self.names), self._bottom, self.scale)

    def show(self, view: dict[str, Any], viewer: Seat | None) -> None:
        bottom = viewer if viewer is not None else self._bottom
        super().show(view, viewer)
        self.words.theme = view.get("theme", "classic")
        if bottom != self._bottom or self.table is None:
            self._bottom = bottom
            self.layout(self.rect, self.scale)
        key = (view.get("phase"), view.get("turn"), tuple(view.get("coins", ())), viewer)
        if key != self._turn_key:
            self.choosing = None
            self._turn_key = key
        self._follow_exchange()
        self.tips = self._tips()

    def _follow_exchange(self) -> None:
        """Which cards of your hand came from the court: the rules append the drawn cards,
        and each card returned since leaves the hand."""
        v, hand = self.view, self.view.get("hand")
        if v.get("phase") != "exchange" or v.get("turn") != self.viewer or hand is None:
            self._exchange_hand, self.drawn = None, []
            return
        if self._exchange_hand is None:
            left = v["pending"]["returns_left"]
            self.drawn = list(hand[len(hand) - left :]) if left else []
        else:
            gone = list(self._exchange_hand)
            for card in hand:
                if card in gone:
                    gone.remove(card)
            for card in gone:
                if card in self.drawn:
                    self.drawn.remove(card)
        self._exchange_hand = list(hand)

    @property
    def theme(self) -> str:
        return self.words.theme

    def spot(self, seat: Seat) -> SeatSpot:
        assert self.table is not None
        return self.table.seats[seat]

    def hidden_count(self, seat: Seat) -> int:
        v = self.view
        if seat == self.viewer and v.get("hand") is not None:
            return len(v["hand"])
        if "hands" in v:  # the game is over (a replay): every face-down card is known
            return len(v["hands"][seat])
        extra = (
            v["pending"]["returns_left"] if v["phase"] == "exchange" and v["turn"] == seat else 0
        )
        return int(v["influence"][seat] + extra)

    def card_slots(self, seat: Seat) -> list[pygame.Rect]:
        count = self.hidden_count(seat) + len(self.view["revealed"][seat])
        return self.spot(seat).slots(max(2, count))

    # -- what people do --------------------------------------------------------------
    def chart(
        self, final_view: dict[str, Any], history: list[dict[str, Any]]
    ) -> tuple[str, list[list[float]]] | None:
        """Each seat's coins at the start of every turn, and at the end."""
        series: list[list[float]] = [[] for _ in range(final_view["players"])]
        turn = None
        for view in history:
            if view.get("phase") == "action" and view.get("turn") != turn:
                turn = view.get("turn")
                for seat, coins in enumerate(view["coins"]):
                    series[seat].append(float(coins))
        for seat, coins in enumerate(final_view["coins"]):
            series[seat].append(float(coins))
        return tr("coup.chart"), series

    def chart_axis(self) -> str:
        return tr("results.turn_axis")

    def score_text(self, score: float) -> str:
        """Coup scores how many players a seat outlasted."""
        return tr("coup.results.outlasted", n=int(score))

    def needs_private_view(self, seat: Seat) -> bool:
        return self.view.get("phase") not in PUBLIC_PHASES

    def prompt_actions(self, seat: Seat, legal: list[Action]) -> list[Action]:
        return [] if self.view.get("phase") in TABLE_CHOICES else legal

    def human_run(self, seat: Seat) -> list[Seat]:
        """The humans who answer this window one after another from `seat`, before any AI."""
        pending = self.view.get("pending") or {}
        window = pending.get("window") or [seat]
        start = window.index(seat) if seat in window else 0
        run = []
        for q in window[start:]:
            if self.seats[q]["kind"] != "human":
                break
            run.append(q)
        return run or [seat]

    def shared_prompt(
        self, seat: Seat, legal: list[Action]
    ) -> list[tuple[str, list[tuple[Seat, Action]]]]:
        phase = self.view.get("phase")
        if phase not in PUBLIC_PHASES:
            return []
        run = self.human_run(seat)
        yes: list[Action] = (
            [Challenge()] if phase == "challenge" else [a for a in legal if isinstance(a, Block)]
        )
        no: Action = Allow() if phase == "challenge" else NoBlock()
        groups: list[tuple[str, list[tuple[Seat, Action]]]] = []
        for i, q in enumerate(run):
            before: list[tuple[Seat, Action]] = [(p, no) for p in run[:i]]
            for action in yes:
                label = self.action_label(action)
                if len(run) > 2 and len(yes) == 1:  # many buttons: the question says what
                    label = self.names[q]
                elif len(run) > 1:
                    label = tr("coup.shared.who", name=self.names[q], answer=label)
                groups.append((label, [*before, (q, action)]))
        nobody = tr("coup.shared.nobody") if len(run) > 1 else self.action_label(no)
        groups.append((nobody, [(q, no) for q in run]))
        return groups

    def hint_rect(self, action: Action) -> pygame.Rect | None:
        """The action's row on the board, or the card it names in your hand (or the pick)."""
        if self.table is None or self.viewer is None:
            return None
        phase = self.view.get("phase")
        if phase == "action":
            return dict(self.board_rows()).get(action.type)
        cards = self.pick_rects() if phase == "pick" else self.own_cards()
        character = getattr(action, "character", None)
        return next((rect for c, rect in cards if c == character), None)

    def click(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        if self.table is None or self.viewer is None or not legal:
            return None
        phase = self.view.get("phase")
        if phase == "action":
            return self._click_board(pos, legal)
        if phase == "pick":
            cards = self.pick_rects()
        else:
            cards = self.own_cards()
        for character, rect in cards:
            if rect.collidepoint(pos):
                for action in legal:
                    if getattr(action, "character", None) == character:
                        return action
        return None

    def key_spots(self, legal: list[Action]) -> list[pygame.Rect]:
        """1–9 on the action board's rows (then on the targets), the cards to pick or
        give back."""
        if self.table is None or self.viewer is None or not legal:
            return []
        phase = self.view.get("phase")
        if phase == "action":
            if self.choosing:
                return [r for _a, r in self.target_buttons(legal)] + [self.back_button()]
            kinds = {a.type for a in legal}
            return [rect for kind, rect in self.board_rows() if kind in kinds]
        cards = self.pick_rects() if phase == "pick" else self.own_cards()
        characters = {getattr(a, "character", None) for a in legal}
        return [rect for character, rect in cards if character in characters]

    def _click_board(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        if self.choosing:
            for action, rect in self.target_buttons(legal):
                if rect.collidepoint(pos):
                    return action
            for action in legal:
                target = getattr(action, "target", None)
                if action.type != self.choosing or not isinstance(target, int):
                    continue
                if self.spot(target).block.collidepoint(pos):
                    return action
            if self.back_button().collidepoint(pos):
                self.choosing = None
            return None
        for kind, rect in self.board_rows():
            if not rect.collidepoint(pos):
                continue
            options = [a for a in legal if a.type == kind]
            if len(options) == 1:
                return options[0]
            if options:
                self.choosing = kind
        return None

    # -- rectangles people click ------------------------------------------------------
    def board_rows(self) -> list[tuple[str, pygame.Rect]]:
        assert self.table is not None
        b = self.table.board
        top, h = b.y + self.s(34), (b.h - self.s(42)) // len(ACTION_ORDER)
        return [
            (kind, pygame.Rect(b.x + self.s(8), top + i * h, b.w - self.s(16), h - self.s(3)))
            for i, kind in enumerate(ACTION_ORDER)
        ]

    def target_buttons(self, legal: list[Action]) -> list[tuple[Action, pygame.Rect]]:
        rows = [r for _, r in self.board_rows()]
        options = [a for a in legal if a.type == self.choosing]
        return [(a, rows[i + 1]) for i, a in enumerate(options[: len(rows) - 2])]

    def back_button(self) -> pygame.Rect:
        return self.board_rows()[-1][1]

    def own_cards(self) -> list[tuple[str, pygame.Rect]]:
        if self.viewer is None or self.view.get("hand") is None:
            return []
        return list(zip(self.view["hand"], self.card_slots(self.viewer), strict=False))

    def pick_rects(self) -> list[tuple[str, pygame.Rect]]:
        assert self.table is not None
        m = self.table.middle
        w = min(self.s(100), (m.w - self.s(40)) // 5)
        h = round(w * 1.4)
        x0 = m.centerx - (5 * w + 4 * self.s(12)) // 2
        return [
            (c, pygame.Rect(x0 + i * (w + self.s(12)), m.y + self.s(20), w, h))
            for i, c in enumerate(art.CHARACTERS)
        ]

    # -- words ---------------------------------------------------------------------------
    def prompt(self, seat: Seat, legal: list[Action]) -> str:
        bluff = self.view.get("phase") == "prove" and not any(a.type == "reveal" for a in legal)
        return self.words.prompt(self.view, seat, self.choosing, len(self.human_run(seat)), bluff)

    def action_label(self, action: Action) -> str:
        pending = self.view.get("pending") or {}
        if action.type == "reveal":  # the card the challenge is about: the pending claim
            return tr("action.coup.reveal", card=self.words.card(pending.get("claim")))
        if action.type == "block" and len(BLOCKERS.get(pending.get("action") or "", ())) > 1:
            # Two ways to block (a theft): the prompt says "block … as Captain or
            # Ambassador?", so each button names its card and the row fits.
            card = self.words.card(getattr(action, "character", None))
            return tr("action.coup.block_as", card=card)
        return self.words.label(action)

    def action_tip(self, action: Action) -> str:
        return self.words.tip(action)

    def status(self) -> str:
        return self.words.status(self.view)

    def describe(self, ev: Event) -> str | None:
        if ev["type"] == "opening":
            key = "log.coup.opening_pick" if ev["pick"] else "log.coup.opening"
            return tr(key, seat=self.words.name(ev["seat"]), theme=tr(f"coup.theme.{ev['theme']}"))
        picks = self.view.get("picks")  # only in a finished game's open view (a replay)
        if ev["type"] == "picked" and picks and picks[ev["seat"]] is not None:
            return tr("log.coup.picked_open", seat=self.words.name(ev["seat"]),
                      card=self.words.card(picks[ev["seat"]]))
        return self.words.describe(ev)

    def opening_events(self, view: dict[str, Any]) -> list[Event]:
        return [
            {
                "type": "opening",
                "to": "all",
                "seat": view["turn"],
                "pick": view["phase"] == "pick",
                "theme": view.get("theme", "classic"),
            }
        ]

    # -- drawing -------------------------------------------------------------------------

    def _outline(self, surface: pygame.Surface, rect: pygame.Rect, width: float = 3) -> None:
        pygame.draw.rect(
            surface,
            artwork.ACCENT,
            rect.inflate(self.s(6), self.s(6)),
            max(2, self.s(width)),
            border_radius=self.s(8),
        )

    def draw(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        if self.table is None or not self.view:
            return
        self._hidden = ctx.hidden
        self.open_faces = {}
        if self.theme == "urbis":
            surface.blit(art.smog(self.rect.size), self.rect)
        self._draw_centre(surface, ctx)
        for seat in range(len(self.names)):
            self._draw_seat(surface, seat, ctx)
        self._draw_board(surface, ctx)
        if self.view["phase"] == "pick":
            self._draw_pick(surface, ctx)
        self._draw_waiting(surface)
        for seat, (words, mood, fresh) in self.current_balloons().items():
            if seat == self._bottom:
                continue  # the seat at the bottom (you): its words are in the log, and a
                # balloon above its plate would cover the court and the waiting line
            self._draw_balloon(surface, seat, words, mood, fresh)

    def _draw_centre(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        assert self.table is not None
        t, v = self.table, self.view
        back = art.card_back(t.court.size, self.theme)
        layers = min(4, (v["court_size"] + 2) // 3)
        for i in range(layers):
            surface.blit(back, t.court.move(-i * self.s(2), -i * self.s(2)))
        self.label(
            surface,
            tr("coup.court", n=v["court_size"]),
            15,
            (t.court.centerx, t.court.bottom + self.s(8)),
            SOFT,
            True,
            "midtop",
        )
        r = t.coin_r
        coin = art.coin(r, self.theme)
        shown = min(18, v["treasury"])
        for i in range(shown):
            col, row = i % 6, i // 6
            x = t.treasury[0] + (col - 2.5) * r * 1.1 + (row % 2) * r * 0.5
            y = t.treasury[1] + self.s(24) - row * r * 0.9 - col % 2 * self.s(3)
            surface.blit(coin, coin.get_rect(center=(round(x), round(y))))
        self.label(
            surface,
            tr("coup.treasury", n=self._count("treasury")),
            15,
            (t.treasury[0], t.court.bottom + self.s(8)),
            SOFT,
            True,
            "midtop",
        )

    def _draw_pick(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        mine = self.viewer is not None and not self.view["picked"][self.viewer]
        over = "hands" in self.view  # a finished game's replay: nothing is secret any more
        for character, rect in self.pick_rects():
            if mine or over:
                name = self.words.card(character)
                surface.blit(art.card_face(character, rect.size, self.theme, name), rect)
                if mine:
                    self._outline(surface, rect, 4 if rect.collidepoint(ctx.hover) else 2)
            else:
                surface.blit(art.card_back(rect.size, self.theme), rect)

    # -- the action board ------------------------------------------------------------------
    def _draw_board(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        assert self.table is not None
        b = self.table.board
        pygame.draw.rect(
            surface, (18, 24, 20), b.move(self.s(3), self.s(4)), border_radius=self.s(10)
        )
        surface.blit(artwork.panel_surface(b.size, self.s(10)), b)
        turn = [a for a in ctx.legal if a.type in ACTION_ORDER]
        if turn:  # act here: the board wears the accent, like the prompt
            self._outline(surface, b.inflate(-self.s(6), -self.s(6)), 3)
        if self.choosing and turn:
            self._draw_targets(surface, ctx, turn)
            return
        title = tr("coup.board.title" if self.viewer is not None else "coup.board.reference")
        if self.view["phase"] == "action" and not turn and self.viewer is not None:
            title = tr("coup.board.waiting", name=self.words.name(self.view["turn"]))
        head = pygame.Rect(b.x + self.s(12), b.y + self.s(5), b.w - self.s(24), self.s(26))
        self.text(surface, title, 16, head, TEXT, True, valign="middle", max_lines=1)
        for kind, rect in self.board_rows():
            self._draw_row(surface, kind, rect, [a for a in turn if a.type == kind], ctx)

    def _draw_row(
        self,
        surface: pygame.Surface,
        kind: str,
        rect: pygame.Rect,
        options: list[Action],
        ctx: DrawContext,
    ) -> None:
        enabled = bool(options)
        hover = enabled and rect.collidepoint(ctx.hover)
        fill = (255, 236, 170) if hover else (255, 248, 226) if enabled else (212, 202, 182)
        pygame.draw.rect(surface, fill, rect, border_radius=self.s(6))
        if enabled:  # its number key (1–9) is drawn at its right end by the table
            pygame.draw.rect(
                surface,
                (214, 150, 30) if hover else (176, 140, 70),
                rect,
                self.s(3 if hover else 2),
                border_radius=self.s(6),
            )
        r = min(rect.h // 2 - self.s(2), self.s(12))
        claim = CLAIMS.get(kind)
        icon = art.symbol(claim, r, self.theme) if claim else art.coin(r, self.theme)
        surface.blit(icon, icon.get_rect(center=(rect.x + self.s(8) + r, rect.centery)))
        label, info = self.words.board_row(kind)
        cost = COSTS.get(kind, 0)
        turn = any(a.type in ACTION_ORDER for a in ctx.legal)
        if turn and not enabled:  # say why it is not offered
            coins = self.view["coins"][self.viewer] if self.viewer is not None else 0
            info = tr("coup.board.need", n=cost) if coins < cost else tr("coup.board.must_coup")
        colour = TEXT if enabled else (120, 110, 96)
        # The row's name first; what it claims and who blocks it beside, when the row has
        # room for it (its tooltip always says it all).
        left = rect.x + 2 * r + self.s(14)
        inner = pygame.Rect(left, rect.y, rect.right - self.s(30) - left, rect.h)
        natural = resources.font(self.s(15), True).size(label)[0]
        head = self.text(surface, label, 15, inner.inflate(min(0, natural - inner.w), 0).move(
            min(0, natural - inner.w) // 2, 0), colour, True, valign="middle", max_lines=1)
        room = pygame.Rect(head.right + self.s(10), rect.y, inner.right - head.right - self.s(10),
                           rect.h)
        tint = MUTED if enabled else (140, 128, 112)
        if room.w > 0 and self.fits(info, 14, room):
            self.text(surface, info, 14, room, tint, valign="middle", max_lines=1)

    def _draw_targets(self, surface: pygame.Surface, ctx: DrawContext, turn: list[Action]) -> None:
        assert self.table is not None and self.choosing is not None
        b = self.table.board
        title = tr("coup.board.choose_target", action=tr(f"coup.board.{self.choosing}"))
        head = pygame.Rect(b.x + self.s(12), b.y + self.s(5), b.w - self.s(24), self.s(26))
        self.text(surface, title, 16, head, TEXT, True, valign="middle", max_lines=1)
        for action, rect in self.target_buttons(turn):
            hover = rect.collidepoint(ctx.hover)
            pygame.draw.rect(
                surface,
                (252, 238, 196) if hover else (244, 232, 204),
                rect,
                border_radius=self.s(6),
            )
            pygame.draw.rect(
                surface, (200, 60, 40), rect, self.s(3 if hover else 2), border_radius=self.s(6)
            )
            seat = getattr(action, "target", 0)
            r = self.s(8)
            artwork.draw_seat_marker(
                surface, (rect.x + self.s(10) + r, rect.centery), r, self.seats[seat]["colour"]
            )
            text = tr(
                "coup.target_row",
                action=self.words.label(action),
                coins=self.view["coins"][seat],
                cards=self.view["influence"][seat],
            )
            left = rect.x + 2 * r + self.s(18)
            box = pygame.Rect(left, rect.y, rect.right - self.s(30) - left, rect.h)
            self.text(surface, text, 15, box, TEXT, True, valign="middle", max_lines=1)
        back = self.back_button()
        pygame.draw.rect(surface, (214, 204, 184), back, border_radius=self.s(6))
        self.text(surface, tr("coup.board.back"), 15, back.inflate(-self.s(60), 0), TEXT, True,
                  "center", "middle", 1)

    def current_balloons(self) -> dict[Seat, tuple[str, str, bool]]:
        """What people said (words, mood, said this turn): this turn's words, and last
        turn's faded, from the events seen; older words are gone, and so are words from
        a turn an undo took back. The open window adds what it implies (so a loaded game
        or an undo shows them too)."""
        now = int(self.view.get("turns", 0))
        out = {
            q: (words, mood, said == now)
            for q, (words, mood, said) in self.balloons.items()
            if now - 1 <= said <= now
        }
        p = self.view.get("pending") or {}
        if p.get("action") and self.view["turn"] not in out:
            said = self.words.declared(p["action"], p.get("target"))
            out[self.view["turn"]] = (said, "claim", True)
        # Only what the window still names: a card it no longer holds is not guessed ("?").
        block_card = p.get("block_character")
        if p.get("blocker") is not None and p["blocker"] not in out and block_card:
            said = tr("coup.balloon.block", card=self.words.card(block_card))
            out[p["blocker"]] = (said, "block", True)
        if p.get("challenger") is not None and p["challenger"] not in out and p.get("claim"):
            said = tr("coup.balloon.challenge", card=self.words.card(p.get("claim")))
            out[p["challenger"]] = (said, "doubt", True)
        return out

    # -- balloons ------------------------------------------------------------------------------
    def _draw_waiting(self, surface: pygame.Surface) -> None:
        assert self.table is not None
        text = self.words.waiting(self.view)
        if not text:
            return
        m = self.table.middle
        box = pygame.Rect(m.x + self.s(20), m.bottom - self.s(54), m.w - self.s(40), self.s(54))
        self.text(surface, text, 17, box, SOFT, True, "center", "bottom", 2)

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

    # -- tooltips ---------------------------------------------------------------------------------
    def _tips(self) -> list[tuple[pygame.Rect, str]]:
        if self.table is None or not self.view:
            return []
        v, t = self.view, self.table
        tips = [
            (t.court, tr("coup.tip.court", n=v["court_size"])),
            (
                pygame.Rect(t.treasury[0] - self.s(60), t.court.y, self.s(120), t.court.h),
                tr("coup.tip.treasury", n=v["treasury"]),
            ),
        ]
        for seat in range(len(self.names)):
            tips.append(
                (
                    self.spot(seat).block,
                    tr(
                        "coup.tip.seat",
                        name=self.names[seat],
                        coins=v["coins"][seat],
                        cards=v["influence"][seat],
                        lost=", ".join(self.words.card(c) for c in v["revealed"][seat]) or "—",
                    ),
                )
            )
            if "hands" in v and v["hands"][seat]:
                held = ", ".join(self.words.card(c) for c in v["hands"][seat])
                for rect in self.card_slots(seat)[: len(v["hands"][seat])]:
                    tips.append((rect, tr("coup.tip.open_hand", name=self.names[seat],
                                          cards=held)))
        return tips

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        """The action board explains a row under the pointer (not while a target is chosen)."""
        if self.table is None or not self.view or self.choosing:
            return None
        for kind, rect in self.board_rows():
            if rect.collidepoint(pos):
                label, info = self.words.board_row(kind)
                return f"{label} · {info}. " + tr(f"coup.tip.{kind}")
        return None

    def cancel(self) -> None:
        """Escape or a right click while choosing a target: back to the whole board."""
        self.choosing = None
