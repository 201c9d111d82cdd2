"""Magnate on the table: five districts between two players, hands, tokens, deeds and dice.

Gestures become actions from `legal_actions` only: a card dragged (or clicked, then a
district clicked) onto a lit district develops it or buys its deed (a chooser opens
when several payments are possible), onto the discard pile sells it; a token dragged
onto a deed develops it, onto the bank opens a 3→1 trade. A drop the rules refuse
snaps back and the table shows the rules' reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from client import artwork, text
from client.anim import Tween, lerp
from client.games.base import DrawContext, GameView
from client.games.magnate import panels
from client.games.magnate.layout import MagnateLayout, table_layout
from client.games.magnate.panels import LAST, LIT, SOFT, MagnatePanels
from client.games.magnate.words import MagnateWords, card_name, suit_name
from client.i18n import tr
from client.widgets.dice import DiceTray
from rules import Action, Event, Seat
from rules.magnate import BuyDeed, Develop, DevelopDeed, Sell, TakeIncome, Trade
from rules.magnate.components import CARDS, DISTRICT_IDS, RANK

SNAP_TIME = 0.25


@dataclass
class Option:
    """One line of a chooser: an action, or a further list of options (a two-step choice)."""

    label: str
    action: Action | None = None
    icons: list[tuple[str, int]] = field(default_factory=list)
    then: list[Option] | None = None
    enabled: bool = True


@dataclass
class Chooser:
    title: str
    options: list[Option]
    rects: list[pygame.Rect] = field(default_factory=list)
    panel: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


class MagnateView(MagnateWords, MagnatePanels, GameView):
    game_id = "magnate"

    def __init__(self, names: list[str], seats: list[dict[str, Any]]) -> None:
        super().__init__(names, seats)
        self.table: MagnateLayout | None = None
        self.bottom = 0
        self.held: tuple[str, str] | None = None  # ("card", id) or ("token", suit)
        self.drag_pos: tuple[int, int] | None = None
        self.chooser: Chooser | None = None
        self.tray = DiceTray()
        self.last_roll: tuple[Seat, list[int]] | None = None
        self.recent: dict[Seat, tuple[str, str]] = {}  # seat -> (where, card) of its last play
        # A refused piece flying home: image, from, to, start time, what it is.
        self.snap: tuple[pygame.Surface, tuple[int, int], pygame.Rect, float, Any] | None = None
        self._now = 0.0
        self.open_faces: dict[Seat, list[str]] = {}  # cards drawn face up from open hands

    # -- layout ---------------------------------------------------------------------
    design = (960, 590)  # five district columns, the side column and both strips

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        super().layout(rect, scale)
        panels.name_floor = text.floor_px(self.scale)
        self.table = table_layout(rect, self.bottom, self.scale)
        self.tray.place(self.table.dice, self.table.die)

    def show(self, view: dict[str, Any], viewer: Seat | None) -> None:
        bottom = viewer if viewer is not None else self.bottom
        super().show(view, viewer)
        if bottom != self.bottom or self.table is None:
            self.bottom = bottom
            self.layout(self.rect, self.scale)
        if view.get("dice"):
            self.last_roll = (view["active"], list(view["dice"]))
        if self.last_roll and self.last_roll[1] != self.tray.values() and not self.tray.rolling:
            # (a roll still tumbling keeps its dice: the table shows the view from before
            # the roll until they land, and that view's dice are the previous roll's)
            self.tray.set(panels.dice_for(self.last_roll[1]))
        if self.held and not self._still_held():
            self.held = None
        self.chooser = None
        self.tips[:] = self._tips()  # in place: the table shares this list

    def update(self, dt: float) -> None:
        self.tray.update(dt)  # the tumble's own clock: once it ends, nothing moves by itself

    def _quiet_tips(self, quiet: bool) -> None:
        """No hover notes over a chooser or a piece being dragged; back once it is gone."""
        self.tips[:] = [] if quiet else self._tips()

    def _still_held(self) -> bool:
        assert self.held is not None
        kind, what = self.held
        if kind == "card":
            return what in (self.view.get("hand") or [])
        return bool(self.viewer is not None and self.view["tokens"][self.viewer].get(what))

    @property
    def top(self) -> Seat:
        return 1 - self.bottom

    # -- geometry ---------------------------------------------------------------------
    def hand_rects(self) -> list[tuple[str | None, pygame.Rect]]:
        """The bottom player's hand (faces if they are looking), or the backs."""
        assert self.table is not None
        v = self.view
        hand = v["hand"] if self.viewer == self.bottom and v.get("hand") is not None else None
        if "hands" in v:  # the game is over (a replay): every hand lies face up
            hand = v["hands"][self.bottom]
        count = len(hand) if hand is not None else v["hand_sizes"][self.bottom]
        rects = self.table.hand_rects(self.bottom, count)
        return [(hand[i] if hand else None, r) for i, r in enumerate(rects)]

    def stack(self, seat: Seat, d: int) -> list[tuple[pygame.Rect, dict[str, Any]]]:
        """The rectangles of `seat`'s line in district `d`, oldest first (deed: landscape)."""
        assert self.table is not None
        entries = self.view["districts"][d]["properties"][seat]
        area = self.table.columns[d].areas[seat]
        cw, ch = self.table.card
        n = len(entries)
        off = self.table.band
        if n > 1:
            longest = max(ch, cw)
            off = max(self.s(12), min(off, (area.h - longest) // (n - 1)))
        out = []
        for i, entry in enumerate(entries):
            w, h = (ch, cw) if not entry["complete"] else (cw, ch)
            rect = pygame.Rect(0, 0, w, h)
            rect.centerx = area.centerx
            if seat == self.bottom:
                rect.top = area.top + i * off
            else:
                rect.bottom = area.bottom - i * off
            out.append((rect, entry))
        return out

    def deed_rect(self, seat: Seat, d: int) -> pygame.Rect | None:
        rects = self.stack(seat, d)
        if rects and not rects[-1][1]["complete"]:
            return rects[-1][0]
        return None

    def token_slot(self, seat: Seat, suit: str) -> pygame.Rect:
        assert self.table is not None
        return self.table.strips[seat].tokens[panels.SUITS.index(suit)]

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        if self.table is None or not self.view:
            return
        self._now = ctx.now
        self.open_faces = {}
        targets = self._targets(ctx.legal)
        for d in range(len(DISTRICT_IDS)):
            self._draw_column(surface, d, targets, ctx)
        for seat in (self.top, self.bottom):
            self._draw_strip(surface, seat, ctx)
        self._draw_side(surface, ctx)
        self._draw_held(surface)
        self._draw_snap(surface)
        if self.chooser is not None:
            self._draw_chooser(surface, ctx)

    def _text(self, surface: pygame.Surface, text: str, size: int, pos: tuple[int, int],
              colour: tuple[int, ...] = SOFT, bold: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
        return self.label(surface, text, size, pos, colour, bold, anchor)

    def _outline(self, surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...],
                 width: float = 3, grow: int = 6) -> None:
        pygame.draw.rect(surface, colour, rect.inflate(self.s(grow), self.s(grow)),
                         max(2, self.s(width)), border_radius=self.s(8))

    def _targets(self, legal: list[Action]) -> dict[str, set[int]]:
        """Districts the held piece may go to now: lit while it is held or dragged."""
        if self.held is None:
            return {}
        kind, what = self.held
        out: set[int] = set()
        for a in legal:
            if isinstance(a, (Develop, BuyDeed)):
                fits = kind == "card" and a.card == what
            elif isinstance(a, DevelopDeed):
                fits = kind == "token" and a.suit == what
            else:
                continue
            if fits:
                out.add(DISTRICT_IDS.index(a.district))
        sell = {1} if kind == "card" and Sell(what) in legal else set()
        bank = {1} if kind == "token" and any(
            isinstance(a, Trade) and a.give == what for a in legal) else set()
        return {"districts": out, "sell": sell, "bank": bank}

    def _draw_column(self, surface: pygame.Surface, d: int, targets: dict[str, set[int]],
                     ctx: DrawContext) -> None:
        assert self.table is not None
        col = self.table.columns[d]
        lit = d in targets.get("districts", set())
        for area in col.areas.values():  # faint lanes: where each player's line will grow
            lane = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.rect(lane, (0, 0, 0, 34), lane.get_rect(), border_radius=self.s(8))
            surface.blit(lane, area)
        if lit:
            area = col.areas[self.bottom].union(col.district)
            glow = pygame.Surface(area.inflate(self.s(8), self.s(8)).size, pygame.SRCALPHA)
            glow.fill((*LIT, 40))
            surface.blit(glow, area.inflate(self.s(8), self.s(8)))
            hover = col.district.union(col.areas[self.bottom]).collidepoint(ctx.hover)
            self._outline(surface, area, LIT, 4 if hover else 2)
        px = panels.common_name_px(list(DISTRICT_IDS), col.district.size)
        surface.blit(panels.face(DISTRICT_IDS[d], col.district.size, name_px=px), col.district)
        for seat in (self.top, self.bottom):
            self._draw_line(surface, seat, d, ctx)
        self._draw_sums(surface, d)

    def completed_sum(self, seat: Seat, d: int) -> int:
        """The ranks of `seat`'s completed properties in district `d`, as the table shows them."""
        line = self.view["districts"][d]["properties"][seat]
        return sum(RANK[e["card"]] for e in line if e["complete"])

    def _draw_sums(self, surface: pygame.Surface, d: int) -> None:
        """Each player's completed ranks here, on the district's edge next to their side."""
        assert self.table is not None
        col = self.table.columns[d].district
        sums = {seat: self.completed_sum(seat, d) for seat in (self.top, self.bottom)}
        if not any(sums.values()):
            return  # nothing built here yet: no noise on an empty table
        for seat, y in ((self.top, col.top), (self.bottom, col.bottom)):
            n = sums[seat]
            leads = n > sums[1 - seat]
            pill = pygame.Rect(0, 0, self.s(34), self.s(22))
            pill.center = (col.left + self.s(14), y)
            fill = artwork.ACCENT if leads else (58, 66, 60)
            pygame.draw.rect(surface, fill, pill, border_radius=self.s(11))
            pygame.draw.rect(surface, (20, 20, 20), pill, 1, border_radius=self.s(11))
            colour = artwork.INK if leads else SOFT
            self._text(surface, str(n), 15, pill.center, colour, True, "center")

    def _draw_line(self, surface: pygame.Surface, seat: Seat, d: int, ctx: DrawContext) -> None:
        assert self.table is not None
        rects = self.stack(seat, d)
        hidden = ("line", seat, d) in ctx.hidden
        recent = self.recent.get(seat)
        for i, (rect, entry) in enumerate(rects):
            if hidden and i == len(rects) - 1:
                continue
            card = entry["card"]
            if entry["complete"]:
                img = panels.face(card, self.table.card, reverse=seat != self.bottom)
                surface.blit(img, rect)
            else:
                surface.blit(panels.deed_face(card, self.table.card), rect)
                self._draw_deed_tokens(surface, rect, card, entry["tokens"])
            if recent == (DISTRICT_IDS[d], card) and i == len(rects) - 1:
                self._outline(surface, rect, LAST, 2, 4)

    def _draw_deed_tokens(self, surface: pygame.Surface, rect: pygame.Rect, card: str,
                          placed: int) -> None:
        """The tokens on a deed, and how many it still needs: 3/8. They sit over the deed's
        picture (its left half), never over its name or suits (`decktet._district_face`)."""
        art_w = round(rect.h * 0.5) + 3
        band = pygame.Rect(rect.x + 3, rect.bottom - self.s(24) - 3, art_w, self.s(24))
        veil = pygame.Surface(band.size, pygame.SRCALPHA)
        veil.fill((30, 26, 24, 190))
        surface.blit(veil, band)
        words = f"{placed}/{RANK[card]}"
        shown = self.text(surface, words, 15, band.inflate(-self.s(4), 0), SOFT, True,
                          "center", "middle", 1)
        r = self.s(4)
        room = (shown.x - band.x - self.s(2)) // (2 * r + self.s(2))
        for i in range(min(placed, max(0, room))):  # tokens on a deed count, not their suits
            centre = (band.x + self.s(2) + r + i * (2 * r + self.s(2)), band.y + r + self.s(1))
            pygame.draw.circle(surface, artwork.ACCENT, centre, r)

    def _draw_held(self, surface: pygame.Surface) -> None:
        if self.held is None or self.drag_pos is None or self.table is None:
            return
        img = self._held_image()
        surface.blit(img, img.get_rect(center=self.drag_pos))

    def _held_image(self) -> pygame.Surface:
        assert self.held is not None and self.table is not None
        kind, what = self.held
        if kind == "card":
            return panels.face(what, self.table.strips[self.bottom].hand_card)
        return panels.token(what, self.s(18))

    def _draw_snap(self, surface: pygame.Surface) -> None:
        if self.snap is None:
            return
        img, start, home, began, _piece = self.snap
        p = (self._now - began) / SNAP_TIME
        if p >= 1:
            self.snap = None
            return
        x, y = lerp(start, home.center, 1 - (1 - p) ** 3)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_chooser(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        chooser = self.chooser
        assert chooser is not None and self.table is not None
        self._place_chooser(chooser)
        surface.blit(artwork.panel_surface(chooser.panel.size, self.s(10)), chooser.panel)
        self._outline(surface, chooser.panel, LIT, 2, 4)
        self._text(surface, chooser.title, 17,
                   (chooser.panel.centerx, chooser.panel.y + self.s(10)), artwork.INK, True,
                   "midtop")
        for option, rect in zip(chooser.options, chooser.rects, strict=True):
            hover = rect.collidepoint(ctx.hover) and option.enabled
            pygame.draw.rect(surface, (250, 240, 214) if hover else (236, 224, 196), rect,
                             border_radius=self.s(6))
            pygame.draw.rect(surface, LIT if hover else (150, 130, 100), rect, 2,
                             border_radius=self.s(6))
            x = rect.x + self.s(8)
            for suit, n in option.icons:
                for _ in range(n):
                    img = panels.token(suit, self.s(10))
                    surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
                    x += self.s(14)
                x += self.s(8)
            colour = artwork.INK if option.enabled else (150, 140, 124)
            self._text(surface, option.label, 16, (x + self.s(4), rect.centery), colour,
                       option.enabled, "midleft")

    def _place_chooser(self, chooser: Chooser) -> None:
        assert self.table is not None
        row, gap = self.s(40), self.s(6)
        width = self.s(440)
        height = self.s(48) + len(chooser.options) * (row + gap)
        panel = pygame.Rect(0, 0, width, height)
        panel.center = self.table.middle.center
        panel.clamp_ip(self.rect)
        chooser.panel = panel
        chooser.rects = [
            pygame.Rect(panel.x + self.s(12), panel.y + self.s(40) + i * (row + gap),
                        width - self.s(24), row)
            for i in range(len(chooser.options))
        ]

    # -- gestures ---------------------------------------------------------------------
    def _piece_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        """What of the looking player's own can be picked up at `pos`: a card or a token."""
        if self.table is None or self.viewer is None or self.viewer != self.bottom:
            return None
        for card, rect in self.hand_rects():
            if card is not None and rect.collidepoint(pos):
                return ("card", card)
        for suit in panels.SUITS:
            slot = self.token_slot(self.bottom, suit).inflate(self.s(10), self.s(10))
            if slot.collidepoint(pos) and self.view["tokens"][self.bottom].get(suit):
                return ("token", suit)
        return None

    def drag(self, start: tuple[int, int], pos: tuple[int, int], legal: list[Action]) -> None:
        if self.drag_pos is None:
            self.chooser = None
            self.held = self._piece_at(start)
            if self.held is None:
                return
            self._quiet_tips(True)
        self.drag_pos = pos

    def drop(self, start: tuple[int, int], pos: tuple[int, int],
             legal: list[Action]) -> Action | None:
        held, self.drag_pos = self.held, None
        if held is None:
            return None
        action = self._place(held, pos, legal)
        if self.chooser is None and (action is None or action not in legal):
            self._snap_back(held, pos)
        if self.chooser is None:
            self.held = None
        self._quiet_tips(self.chooser is not None)
        return action

    def cancel(self) -> None:
        self.held, self.drag_pos, self.chooser = None, None, None
        self._quiet_tips(False)

    def _snap_back(self, held: tuple[str, str], pos: tuple[int, int]) -> None:
        if self.table is None:
            return
        kind, what = held
        home = self.token_slot(self.bottom, what) if kind == "token" else next(
            (r for c, r in self.hand_rects() if c == what), self.table.deck)
        self.snap = (self._held_image(), pos, home, self._now, held) if self.held else None

    def click(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        if self.table is None:
            return None
        if self.chooser is not None:
            return self._choose(pos)
        piece = self._piece_at(pos)
        if piece is not None:
            self.held = None if self.held == piece else piece
            self._quiet_tips(self.held is not None)
            return None
        if self.held is not None:
            held = self.held
            action = self._place(held, pos, legal)
            if self.chooser is None:
                self.held = None
            self._quiet_tips(self.chooser is not None)
            return action
        if self.table.bank.collidepoint(pos):
            self._open_trade(legal, None)
            self._quiet_tips(self.chooser is not None)
        return None

    def _choose(self, pos: tuple[int, int]) -> Action | None:
        chooser = self.chooser
        assert chooser is not None
        for option, rect in zip(chooser.options, chooser.rects, strict=False):
            if rect.collidepoint(pos) and option.enabled:
                if option.then is not None:
                    self.chooser = Chooser(option.label, option.then)
                    return None
                self.cancel()
                return option.action
        if not chooser.panel.collidepoint(pos):
            self.cancel()
        return None

    def _place(self, held: tuple[str, str], pos: tuple[int, int],
               legal: list[Action]) -> Action | None:
        """The action putting the held piece at `pos` asks for (legal or not: the rules judge)."""
        assert self.table is not None
        kind, what = held
        if kind == "card" and self.table.discard.collidepoint(pos):
            return Sell(what)
        if kind == "token" and self.table.bank.collidepoint(pos):
            self._open_trade(legal, what)
            return None
        d = self.table.column_at(pos)
        if d is None:
            return None
        district = DISTRICT_IDS[d]
        if kind == "token":
            return DevelopDeed(district, what)
        return self._play_card(what, district, legal)

    def _play_card(self, card: str, district: str, legal: list[Action]) -> Action | None:
        here = [a for a in legal if isinstance(a, (Develop, BuyDeed))
                and a.card == card and a.district == district]
        if len(here) == 1:
            return here[0]
        if not here:
            return self._closest_try(card, district)
        options = []
        for a in here:
            if isinstance(a, Develop):
                suits = [s.value for s in CARDS[card].suits]
                options.append(Option(tr("mag.choose.develop",
                                         pay=" + ".join(str(n) for n in a.payment)), a,
                                      list(zip(suits, a.payment, strict=True))))
            else:
                suits = [s.value for s in CARDS[card].suits]
                options.append(Option(tr("mag.choose.deed"), a, [(s, 1) for s in suits]))
        self.chooser = Chooser(tr("mag.choose.title", card=card_name(card),
                                  district=card_name(district)), options)
        return None

    def _closest_try(self, card: str, district: str) -> Action:
        """A develop the player seems to mean, for the rules to refuse with their reason."""
        sids = [s.value for s in CARDS[card].suits]
        rank = RANK[card]
        if len(sids) == 1:
            return Develop(card, district, (rank,))
        have = self.view["tokens"][self.bottom].get(sids[0], 0) if self.view else 0
        first = max(1, min(rank - 1, have))
        return Develop(card, district, (first, rank - first))

    def _open_trade(self, legal: list[Action], give: str | None) -> None:
        trades = [a for a in legal if isinstance(a, Trade)]
        if give is not None:
            takes = [Option(tr("mag.trade.take", suit=suit_name(a.take)), a,
                            [(a.give, 3), (a.take, 1)]) for a in trades if a.give == give]
            if takes:
                self.chooser = Chooser(tr("mag.trade.title_take",
                                          suit=suit_name(give)), takes)
            return
        gives = []
        for suit in panels.SUITS:
            then = [Option(tr("mag.trade.take", suit=suit_name(a.take)), a,
                           [(suit, 3), (a.take, 1)]) for a in trades if a.give == suit]
            gives.append(Option(tr("mag.trade.give", suit=suit_name(suit)), None,
                                [(suit, 3)], then, bool(then)))
        self.chooser = Chooser(tr("mag.trade.title"), gives)

    def opening_events(self, view: dict[str, Any]) -> list[Event]:
        """The log's first line: who starts, and the Crowns everyone can see."""
        return [{"type": "setup", "to": "all", "seat": view["start_player"],
                 "crowns": [list(c) for c in view["crowns"]]}]

    # -- prompt -------------------------------------------------------------------------
    def needs_private_view(self, seat: Seat) -> bool:
        """Only the player on turn needs their hand; an opponent's deed income is public."""
        v = self.view
        return not (v and v["phase"] == "income" and seat != v["active"])

    def prompt_actions(self, seat: Seat, legal: list[Action]) -> list[Action]:
        return [a for a in legal if a.type in ("roll", "draw", "end_turn", "take_income")]

    def hint_rect(self, action: Action) -> pygame.Rect | None:
        """Where the hinted action puts its piece (the hint's line names the piece): the
        district a card is built or deeded in, the discard pile for a sale, the deed a token
        goes on or pays from, the bank for a trade. Roll, draw and end turn are buttons."""
        if self.table is None or not self.view:
            return None
        seat = self.viewer if self.viewer is not None else self.bottom
        if isinstance(action, (Develop, BuyDeed)):
            col = self.table.columns[DISTRICT_IDS.index(action.district)]
            return col.district.union(col.areas[seat])
        if isinstance(action, (DevelopDeed, TakeIncome)):
            d = DISTRICT_IDS.index(action.district)
            deed = self.deed_rect(seat, d)
            return deed if deed is not None else self.table.columns[d].district
        if isinstance(action, Sell):
            return self.table.discard
        if isinstance(action, Trade):
            return self.table.bank
        return None

    # -- animation ------------------------------------------------------------------------
    def tweens_for(self, events: list[Event], before: dict[str, Any]) -> list[list[Tween]]:
        if self.table is None:
            return []
        groups: list[list[Tween]] = []
        for ev in events:
            build = getattr(self, f"_tween_{ev['type']}", None)
            if build is not None:
                group = build(ev, events)
                if group:
                    groups.append(group)
            self._remember(ev)
        return groups

    def _remember(self, ev: Event) -> None:
        if ev["type"] == "card_played":
            where = ev.get("district", "sold")
            self.recent[ev["seat"]] = (where, ev["card"])

    def _tween_dice_rolled(self, ev: Event, events: list[Event]) -> list[Tween]:
        values = list(ev["dice"])
        for other in events:
            if other["type"] == "taxed":
                values.append(other["die"])
        self.last_roll = (ev["seat"], values)
        self.tray.roll(panels.dice_for(values))
        # Until the dice land the table shows the state before the roll: the tokens and the
        # log line of what the dice bring come with their faces (`holds_state`).
        return [Tween("dice", self.tray.duration, {"holds_state": True}, frozenset({("dice",)}))]

    def _card_source(self, seat: Seat, card: str) -> pygame.Rect:
        assert self.table is not None
        if seat == self.bottom:
            for c, rect in self.hand_rects():
                if c == card:
                    return rect
        rects = self.table.hand_rects(seat, max(1, self.view["hand_sizes"][seat]))
        return rects[len(rects) // 2]

    def _tween_card_played(self, ev: Event, events: list[Event]) -> list[Tween]:
        assert self.table is not None
        seat, card = ev["seat"], ev["card"]
        src = self._card_source(seat, card)
        if ev["play"] == "sell":
            dest, hides = self.table.discard, frozenset[Any]()
        else:
            d = DISTRICT_IDS.index(ev["district"])
            rects = self.stack(seat, d)
            if not rects:
                return []
            dest, hides = rects[-1][0], frozenset({("line", seat, d)})
        size = self.table.strips[self.bottom].hand_card
        return [Tween("fly", 0.35, {"card": card, "from": src, "to": dest, "size": size}, hides)]

    def _tween_card_drawn(self, ev: Event, events: list[Event]) -> list[Tween]:
        assert self.table is not None
        seat = ev["seat"]
        rects = self.table.hand_rects(seat, max(1, self.view["hand_sizes"][seat]))
        return [Tween("fly", 0.3, {"card": None, "from": self.table.deck, "to": rects[-1],
                                   "size": self.table.card})]

    def _tween_tokens(self, seat: Seat, tokens: dict[str, int], into: bool,
                      other: pygame.Rect) -> list[Tween]:
        out = []
        for suit, n in tokens.items():
            slot = self.token_slot(seat, suit)
            for i in range(min(n, 4)):
                a, b = (other, slot) if into else (slot, other)
                out.append(Tween("token", 0.3 + 0.04 * i, {"suit": suit, "from": a, "to": b}))
        return out

    def _tween_income(self, ev: Event, events: list[Event]) -> list[Tween]:
        assert self.table is not None
        return self._tween_tokens(ev["seat"], ev["tokens"], True, self.table.bank)

    def _tween_tokens_gained(self, ev: Event, events: list[Event]) -> list[Tween]:
        assert self.table is not None
        return self._tween_tokens(ev["seat"], ev["tokens"], True, self.table.bank)

    def _tween_tokens_spent(self, ev: Event, events: list[Event]) -> list[Tween]:
        assert self.table is not None
        return self._tween_tokens(ev["seat"], ev["tokens"], False, self.table.bank)

    def _tween_deed_developed(self, ev: Event, events: list[Event]) -> list[Tween]:
        d = DISTRICT_IDS.index(ev["district"])
        rects = self.stack(ev["seat"], d)
        dest = rects[-1][0] if rects else self.table.bank if self.table else self.rect
        return self._tween_tokens(ev["seat"], {ev["suit"]: 1}, False, dest)

    def _tween_traded(self, ev: Event, events: list[Event]) -> list[Tween]:
        assert self.table is not None
        out = self._tween_tokens(ev["seat"], {ev["give"]: ev["count"]}, False, self.table.bank)
        return out + self._tween_tokens(ev["seat"], {ev["take"]: 1}, True, self.table.bank)

    def draw_tween(self, surface: pygame.Surface, tween: Tween) -> None:
        d, p = tween.data, tween.progress
        if tween.kind == "dice":
            # the whole tumble, whatever the animation speed made of the tween
            self.tray.draw(surface, at=tween.elapsed * self.tray.duration / tween.duration)
            return
        a, b = d["from"], d["to"]
        x, y = lerp(a.center, b.center, p)
        if tween.kind == "token":
            img = panels.token(d["suit"], self.s(12))
        else:
            deed = bool(d["card"]) and b.w > b.h  # landing as a deed: it turns on the way
            bw, bh = (b.h, b.w) if deed else b.size
            w = round(a.w + (bw - a.w) * p) if d["card"] else d["size"][0]
            h = round(a.h + (bh - a.h) * p) if d["card"] else d["size"][1]
            base = panels.face(d["card"], d["size"]) if d["card"] else panels.back(d["size"])
            img = pygame.transform.smoothscale(base, (max(1, w), max(1, h)))
            if deed:
                img = pygame.transform.rotate(img, 90 * p)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
