"""Imperios Milenarios on the table: the antique map on a zoomable board, totems in every
area, the civilisations' boards, the common boxes, a list of choices, gestures.

Gestures become actions taken from `legal_actions` only:
- drag a totem from your board (its reserve) onto an area to expand there (black: land
  to land; blue: by sea); while it is held the legal targets light up, and a drop
  elsewhere snaps back with the reason (the sea/land rule first);
- click an area to found, conquer, attack, expand, trade or relocate there: one legal
  action there is played at once, several are listed in the choices panel;
- the choices panel (over the map's right edge) lists every legal action that is not a
  prompt button, so everything is reachable without the map; a trade is built there in
  its steps (partner, area and budget; the item received; the item given), showing the
  route on the map, the budget and what the value difference costs;
- block, appeal and reconsider windows name the chokepoint and draw the route;
- the prompt's buttons hold the short decisions (pick, convert, end the turn, contest).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

from client import artwork, resources, text, theme
from client.anim import Tween
from client.art import antique
from client.art import imperios_milenarios as art
from client.board import Board, bbox
from client.games.base import DrawContext, GameView, Kept, lit_key
from client.games.imperios_milenarios import panels, words
from client.games.imperios_milenarios.layout import COLOURS, Layout, layout
from client.i18n import error_sentence, has, language, tr
from client.input import Intent
from rules import Action, Event, IllegalAction, Seat
from rules.imperios_milenarios.actions import (
    Abandon,
    Accept,
    Appeal,
    Art,
    Attack,
    Block,
    ChooseGood,
    Conquer,
    Convert,
    Defend,
    EndTurn,
    ExpandLand,
    ExpandSea,
    Found,
    Hold,
    Keep,
    LetPass,
    Lift,
    Pick,
    Press,
    Relocate,
    Sack,
    Trade,
    Withdraw,
    Yield,
)
from rules.maps import Area, load_topology

MAP_ACTIONS = (Found, Conquer, Attack, ExpandLand, ExpandSea, Trade, Relocate)
PROMPT_ACTIONS = (Pick, Convert, Art, EndTurn, Defend, Yield, Press, Withdraw, Sack, Abandon,
                  Block, LetPass, Accept, Appeal, Hold, Lift)
LIT_FILL = (255, 214, 96, 60)
LIT_LINE = (255, 214, 96, 255)
HOT_FILL = (255, 226, 130, 130)
HOVER_FILL = (255, 255, 255, 40)
HOVER_LINE = (250, 244, 226, 210)
ROUTE = (150, 40, 32)
CHOKE_FILL = (190, 46, 38, 90)
DRAW_STEP = 0.22
"""Seconds between two tokens coming out of a cup."""


class ImperiosView(GameView):
    game_id = "imperios_milenarios"
    design = (1000, 640)

    def __init__(self, names: list[str], seats: list[dict[str, Any]]) -> None:
        super().__init__(names, seats)
        topo = load_topology("imperios_milenarios")
        self.topology = topo
        self.areas_by_key: dict[str, Area] = {
            a.key: a for a in topo.areas if a.kind in ("land", "sea")}
        self.painter = art.ImperiosPainter(topo, language())
        self.board = Board(topo, self.painter)
        self.colours = [int(s.get("colour", i)) for i, s in enumerate(seats)]
        self.lay: Layout | None = None
        self.focus: tuple[float, float, float, float] | None = None
        self.held = False
        self.held_pos: tuple[int, int] = (0, 0)
        self.carried = False
        self.flash = ""
        self.area_filter: str | None = None
        self.rows: list[tuple[pygame.Rect, Action]] = []
        self.toggle: pygame.Rect | None = None  # the "all moves on the map" row
        self.panel_rect: pygame.Rect | None = None  # the choices list as last drawn
        self.pager: tuple[pygame.Rect, pygame.Rect] | None = None  # its ▲ ▼ when it scrolls
        self.page = 1  # rows the list shows at once
        self.show_map_moves = False
        self.trade_route: list[str] = []  # the route of the trade being built
        self.scroll = 0
        self.legal: list[Action] = []
        self.ui_scale = 1.0
        self.serial = 0  # counts the views shown: the boards' pictures are redrawn on change
        self.pictures = panels.Pictures()
        self._boards = Kept()  # the civilisations' boards and the strip, round the map
        self._held_at: list[pygame.Rect] = []  # where the carried totem was drawn last frame
        self._groups: dict[object, tuple[pygame.Surface, tuple[int, int]]] = {}
        self.board.warm_with(self._group_jobs)  # a zoom step's totems made ahead

    # -- layout and state ---------------------------------------------------------------
    def colour_of(self, seat: int) -> int:
        return self.colours[seat] if 0 <= seat < len(self.colours) else seat

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.ui_scale = scale  # the prompt's buttons are sized at the app's own scale
        super().layout(rect, scale)
        px = max(self.text_px(14), self.text_floor())
        line = resources.font(px, True).get_linesize() + self.s(2)
        self.lay = layout(rect, len(self.names), self.scale, line)
        if self.lay.board != self.board.camera.viewport:
            self.board.layout(self.lay.board, self.focus)

    def show(self, view: dict[str, Any], viewer: Seat | None) -> None:
        super().show(view, viewer)
        self.serial += 1
        in_play = frozenset(self.areas_by_key[k].id for k in view.get("areas", {}))
        self.painter.set_language(language())
        self.painter.set_in_play(in_play if len(in_play) < len(self.areas_by_key) else None)
        pts = [p for k in view.get("areas", {}) for p in self.areas_by_key[k].polygon]
        focus = bbox(pts) if pts else None
        if focus is not None:
            pad = 40.0
            focus = (focus[0] - pad, focus[1] - pad, focus[2] + 2 * pad, focus[3] + 2 * pad)
        if focus != self.focus:
            self.focus = focus
            if self.lay is not None:
                self.board.layout(self.lay.board, focus)
        if view.get("window", {}).get("kind") not in ("phase_turn", "relocate", "found"):
            self.area_filter = None
            self.show_map_moves = False
        self.tips = self._panel_tips()

    def update(self, dt: float) -> None:
        self.board.update(dt)

    # -- lookups ---------------------------------------------------------------------------
    def area_at(self, pos: tuple[int, int]) -> Area | None:
        a = self.board.area_at(pos)  # the first area by id: an island's sea before the island
        return a if a is not None and a.kind in ("land", "sea") else None

    def _level_zoom(self) -> float:
        camera = self.board.camera
        return camera.level_zoom(camera.level)

    def totem_px(self) -> int:
        return max(self.s(18), min(self.s(36), round(50 * self._level_zoom())))

    def acting_seat(self) -> int | None:
        to_act = self.view.get("to_act") or []
        return int(to_act[0]) if to_act else None

    def map_targets(self, legal: list[Action]) -> dict[str, list[Action]]:
        out: dict[str, list[Action]] = {}
        for a in legal:
            if isinstance(a, MAP_ACTIONS):
                out.setdefault(a.area, []).append(a)
        return out

    def expansion_targets(self, legal: list[Action]) -> dict[str, Action]:
        out: dict[str, Action] = {}
        for a in legal:
            if isinstance(a, ExpandLand | ExpandSea) and a.area not in out:
                out[a.area] = a
        return out

    # -- drawing ------------------------------------------------------------------------------
    def opaque_rect(self) -> pygame.Rect | None:
        """The whole table: the map's viewport, and round it the boards and the strip on
        their felt (`_draw_boards`)."""
        if not self.view:
            return None
        return pygame.Rect(self.rect) if self.lay is not None else None

    def _draw_boards(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        """The civilisations' boards and the common strip, with the felt round them: the
        table less the map's viewport, kept as pictures while nothing on them changes."""
        assert self.lay is not None
        lay = self.lay
        lit = {seat: self._panel_lit(seat, ctx) for seat in lay.panels}
        # `serial` changes with every view shown, and every layout shows the view again.
        sig = (self.serial, tuple(lit_key(lit[seat]) for seat in sorted(lit)))

        def paint(on: pygame.Surface) -> None:
            for seat, panel in lay.panels.items():
                self.pictures.civ(self, on, panel, lit[seat])
            if lay.strip is not None:
                self.pictures.strip(self, on, lay.strip)

        self._boards.draw(surface, self.beside(self.board.camera.viewport), sig,
                          ctx.drawn_over, paint, self._held_at)

    def draw(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        if not self.view or self.lay is None:
            return
        self.legal = ctx.legal
        self._draw_boards(surface, ctx)
        self.board.fill_outside(surface, antique.deep_sea_texture())
        self.board.draw(surface)
        clip = surface.get_clip()
        surface.set_clip(self.board.camera.viewport)
        self._draw_lit(surface, ctx)
        self._draw_route(surface, ctx.hover)
        self._draw_pieces(surface, ctx)
        if self.view.get("stage") == "over":
            self._draw_scores(surface)
        else:
            self._draw_choices(surface, ctx)
        surface.set_clip(clip)
        self._draw_held(surface)
        self._draw_flash(surface)

    def _poly(self, key: str) -> list[tuple[float, float]]:
        return list(self.areas_by_key[key].polygon)

    def _draw_lit(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        if self.held:
            lit = set(self.expansion_targets(ctx.legal))
        else:
            lit = set(self.map_targets(ctx.legal))
        hot = self.area_at(self.held_pos) if self.held else None
        hover = self.area_at(ctx.hover) if not self.held and not self.board.panning else None
        for key in lit:
            fill = HOT_FILL if hot is not None and hot.key == key else LIT_FILL
            self.board.light(surface, ("lit", key, fill), [self._poly(key)], fill, LIT_LINE,
                             3 * self.scale)
        if self.area_filter and self.area_filter in self.areas_by_key:
            self.board.light(surface, ("filter", self.area_filter), [self._poly(self.area_filter)],
                             HOT_FILL, LIT_LINE, 4 * self.scale)
        contest = self.view.get("window", {}).get("contest")
        if contest is not None and contest["area"] in self.areas_by_key:  # the place at stake
            self.board.light(surface, ("contest", contest["area"]), [self._poly(contest["area"])],
                             CHOKE_FILL, (*ROUTE, 255), 4 * self.scale)
        if hover is not None and hover.key not in lit and hover.key in self.view.get("areas", {}):
            # only areas in play answer the pointer: the greyed ones are inert
            self.board.light(surface, ("hover", hover.key), [self._poly(hover.key)], HOVER_FILL,
                             HOVER_LINE, 2 * self.scale)

    def current_route(self, hover: tuple[int, int] | None = None) -> tuple[list[str], list[str]]:
        """The route of the action in a block window, of the trade being built, or of the
        trade row under the pointer; and the chokepoints of the blocker asked."""
        w = self.view.get("window", {})
        if w.get("kind") in ("block", "appeal", "reconsider"):
            action = w["action"]
            route = list(action.get("route") or [])
            return route, words.chokepoints(self, action, action.get("asked"))
        if w.get("kind") in ("trade_receive", "trade_give"):
            return list(self.trade_route), []
        if hover is not None:
            for r, a in self.rows:
                if r.collidepoint(hover) and isinstance(a, Trade):
                    seat = self.acting_seat()
                    return (self.route_to(seat, a.area) if seat is not None else []), []
        return [], []

    def route_to(self, seat: int, target: str) -> list[str]:
        """A shortest chain from a capital `seat` controls through its areas to `target`
        (breadth first over the map's adjacency, areas in play only)."""
        v = self.view
        mine = words.presence(self, seat)
        starts = [k for k in v["civs"][seat]["capitals"] if k in mine]
        came: dict[str, str | None] = {k: None for k in starts}
        todo = list(starts)
        while todo:
            here = todo.pop(0)
            if here == target:
                path = [here]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return path[::-1]
            for n in self.topology.neighbours(self.areas_by_key[here].id):
                key = self.topology.area(n).key
                if key not in came and key in v["areas"] and (key in mine or key == target):
                    came[key] = here
                    todo.append(key)
        return []

    def _draw_route(self, surface: pygame.Surface, hover: tuple[int, int]) -> None:
        route, chokes = self.current_route(hover)
        for key in chokes:
            self.board.light(surface, ("choke", key), [self._poly(key)], CHOKE_FILL,
                             (*ROUTE, 255), 4 * self.scale)
        if len(route) < 2:
            return
        pts = [self.board.to_screen(self.areas_by_key[k].centre) for k in route]
        width = max(2, self.s(4))
        pygame.draw.lines(surface, (250, 240, 214), False, pts, width + self.s(4))
        pygame.draw.lines(surface, ROUTE, False, pts, width)
        for p in pts:
            pygame.draw.circle(surface, ROUTE, p, width + self.s(2))

    def _draw_pieces(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        """Each area's totems as one picture (made once per group and size), under the
        area's pictogram: presence one totem, control two on a gold base."""
        px = self.totem_px()
        zoom = self.board.zoom
        view = self.board.camera.viewport
        hidden = {h[1:] for h in ctx.hidden if isinstance(h, tuple) and h and h[0] == "totem"}
        for key, state in self.view.get("areas", {}).items():
            presence = state.get("presence", [])
            if not presence:
                continue
            shown = tuple(p for p in presence if (key, p) not in hidden)
            if not shown:
                continue
            a = self.areas_by_key[key]
            below = (art.ICON_PX + 14) if a.kind == "land" else 30
            cx, cy = self.board.to_screen(a.centre)
            y = cy + below * zoom
            if not (view.x - 200 < cx < view.right + 200 and view.y - 100 < y < view.bottom + 100):
                continue
            picture, (ax, ay) = self._group(shown, state.get("control"), px)
            surface.blit(picture, (round(cx - ax), round(y - ay)))

    def _group_jobs(self, level: int, zoom: float) -> list[Any]:
        """Making each area's totems at a level's size (the board runs these a little each
        frame, so a zoom step does not make them all at once)."""
        px = max(self.s(18), min(self.s(36), round(50 * zoom)))
        return [partial(self._group, tuple(state["presence"]), state.get("control"), px)
                for state in (self.view or {}).get("areas", {}).values()
                if state.get("presence")]

    def _group(self, seats: tuple[int, ...], control: int | None,
               px: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """One area's totems drawn together; the anchor is where the row's base sits."""
        key = (seats, control, px, tuple(self.colours))
        got = self._groups.get(key)
        if got is not None:
            return got
        step = px * 0.62
        w = round(step * (len(seats) - 1) + px * 1.4)
        h = round(px * 1.5)
        picture = pygame.Surface((w, h), pygame.SRCALPHA)
        base_y = px * 1.05
        x0 = (w - step * (len(seats) - 1)) / 2
        for i, seat in enumerate(seats):
            x = x0 + i * step
            img = art.totem(self.colour_of(seat), px)
            if seat == control:
                pygame.draw.ellipse(picture, antique.GOLD,
                                    (x - px * 0.42, base_y - px * 0.2, px * 0.84, px * 0.3))
                picture.blit(img, img.get_rect(midbottom=(round(x - px * 0.12), round(base_y))))
                picture.blit(img, img.get_rect(midbottom=(round(x + px * 0.12),
                                                          round(base_y + px * 0.06))))
            else:
                picture.blit(img, img.get_rect(midbottom=(round(x), round(base_y))))
        if pygame.display.get_surface() is not None:
            picture = picture.convert_alpha()
        if len(self._groups) > 600:
            self._groups.clear()
        got = (picture, (w // 2, round(base_y - px * 0.5)))
        self._groups[key] = got
        return got

    def _draw_held(self, surface: pygame.Surface) -> None:
        """The totem being carried, over everything (its rect is put back on the boards
        the next frame)."""
        seat = self.acting_seat()
        self._held_at = []
        if not self.held or seat is None:
            return
        img = art.totem(self.colour_of(seat), self.s(36), True)
        at = img.get_rect(midbottom=(self.held_pos[0], self.held_pos[1] + self.s(12)))
        surface.blit(img, at)
        self._held_at = [at]

    def _draw_flash(self, surface: pygame.Surface) -> None:
        if not self.flash:
            return
        vp = self.board.camera.viewport
        size = self.text_px(16)
        fit = text.fit(self.flash, size, vp.w - self.s(60), bold=True, max_lines=3,
                       floor=text.floor_px(self.scale))
        box = pygame.Rect(0, 0, fit.width + self.s(20), fit.height + self.s(10))
        box.midbottom = (vp.centerx, vp.bottom - self.s(10))
        with text.layer("flash"):
            pygame.draw.rect(surface, (30, 26, 22), box, border_radius=self.s(8))
            self.text(surface, self.flash, 16, box.inflate(-self.s(20), -self.s(10)),
                      (250, 240, 214), True, "center", "middle", 3)

    # -- the choices panel -------------------------------------------------------------------
    def choice_actions(self, legal: list[Action]) -> list[Action]:
        """The legal actions the prompt's buttons do not hold: those off the map, then the
        map moves of a clicked area, or all map moves once the list is opened."""
        seat = self.acting_seat()
        buttons = set(self.prompt_actions(seat, legal)) if seat is not None else set()
        rest = [a for a in legal if a not in buttons and not isinstance(a, Block | LetPass | Accept
                                                                          | Appeal | Hold | Lift)]
        off_map = [a for a in rest if not isinstance(a, MAP_ACTIONS)]
        on_map = [a for a in rest if isinstance(a, MAP_ACTIONS)]
        if self.area_filter is not None:
            here = [a for a in on_map if a.area == self.area_filter]
            if here:
                return here + off_map
        if self.show_map_moves:
            return off_map + on_map
        return off_map

    def hidden_map_moves(self, legal: list[Action]) -> int:
        """How many map moves the list keeps behind its "all moves" row."""
        shown = self.choice_actions(legal)
        return sum(1 for a in legal if isinstance(a, MAP_ACTIONS) and a not in shown)

    def _draw_choices(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        self.rows = []
        self.toggle = None
        self.panel_rect = None
        self.pager = None
        assert self.lay is not None
        actions = self.choice_actions(ctx.legal)
        hidden = self.hidden_map_moves(ctx.legal)
        if not actions and not hidden:
            return
        box = self.lay.choices
        title = self._choices_title()
        row_h = self.s(26)
        # The title on one line, or on two when it would be cut (a narrow panel at 130 %).
        title_box = pygame.Rect(box.x + self.s(8), box.y + self.s(4), box.w - self.s(16),
                                self.s(20))
        lines = 1
        if not self.fits(title[0], 14, title_box, bold=True):
            lines = 2
            title_box.h = max(title_box.h,
                              self.fit_text(title[0], 14, title_box.w, bold=True,
                                            max_lines=2).height)
        head = title_box.h + self.s(4) + (self.s(40) if title[1] else 0)
        # A trade's items to give carry the value difference after the item: when one does
        # not fit its row, every row takes two lines (the difference is the point of them).
        row_w, row_lines = box.w - self.s(12), 1  # a row's words sit s(5) inside each side
        if self.view.get("window", {}).get("kind") == "trade_give":
            inner = pygame.Rect(0, 0, row_w, row_h - self.s(3)).inflate(-self.s(10), 0)
            if not all(self.fits(self._row_label(a), 13, inner) for a in actions):
                row_lines, row_h = 2, self.s(44)
        foot_h = self.s(26)  # the map moves' toggle and the pager: one line each
        extra = foot_h if hidden else 0
        visible = max(1, (box.h - head - extra - self.s(10)) // row_h)
        if len(actions) > visible:  # a footer row with the range and its ▲ ▼
            extra += foot_h
            visible = max(1, (box.h - head - extra - self.s(10)) // row_h)
        self.page = visible
        self.scroll = max(0, min(self.scroll, len(actions) - visible))
        shown = actions[self.scroll:self.scroll + visible]
        height = head + len(shown) * row_h + extra + self.s(10)
        panel = pygame.Rect(box.x, box.y, box.w, min(box.h, height))
        self.panel_rect = panel
        with text.layer("choices"):
            pygame.draw.rect(surface, (236, 226, 198), panel, border_radius=self.s(8))
            pygame.draw.rect(surface, antique.INK, panel, max(1, self.s(2)),
                             border_radius=self.s(8))
            self.text(surface, title[0], 14, title_box, antique.INK, True, max_lines=lines)
            if title[1]:
                self.text(surface, title[1], 13,
                          pygame.Rect(panel.x + self.s(8), title_box.bottom,
                                      panel.w - self.s(16), self.s(38)),
                          (96, 82, 64), max_lines=2)
            y = panel.y + head
            for a in shown:
                r = pygame.Rect(panel.x + self.s(6), y, row_w, row_h - self.s(3))
                hot = r.collidepoint(ctx.hover)
                pygame.draw.rect(surface, (255, 236, 170) if hot else (246, 238, 214), r,
                                 border_radius=self.s(5))
                pygame.draw.rect(surface, artwork.ACCENT, r, max(1, self.s(2 if hot else 1)),
                                 border_radius=self.s(5))
                self.text(surface, self._row_label(a), 13, r.inflate(-self.s(10), 0),
                          antique.INK, valign="middle", max_lines=row_lines)
                self.rows.append((r, a))
                y += row_h
            if hidden:
                r = pygame.Rect(panel.x + self.s(6), y, row_w, foot_h - self.s(3))
                hot = r.collidepoint(ctx.hover)
                pygame.draw.rect(surface, (255, 236, 170) if hot else (226, 214, 184), r,
                                 border_radius=self.s(5))
                self.text(surface, tr("im.choices.map_moves", n=hidden), 13,
                          r.inflate(-self.s(10), 0), antique.INK, True, valign="middle",
                          max_lines=1)
                self.toggle = r
                y += foot_h
            if len(actions) > visible:
                self._draw_pager(surface, ctx,
                                 pygame.Rect(panel.x + self.s(6), y, row_w, foot_h - self.s(3)),
                                 len(shown), len(actions))

    def _draw_pager(self, surface: pygame.Surface, ctx: DrawContext, r: pygame.Rect,
                    shown: int, n: int) -> None:
        """The list's footer: which rows it shows, and ▲ ▼ to page through the rest (the
        wheel scrolls it too)."""
        side = r.h
        up = pygame.Rect(r.right - 2 * side - self.s(4), r.y, side, side)
        down = pygame.Rect(r.right - side, r.y, side, side)
        self.pager = (up, down)
        first = self.scroll + 1
        words_ = tr("im.choices.range", first=first, last=self.scroll + shown, n=n)
        self.text(surface, words_, 12, pygame.Rect(r.x + self.s(2), r.y, up.x - r.x - self.s(6),
                                                   r.h), (96, 82, 64), valign="middle",
                  max_lines=1)
        for button, live, sign in ((up, first > 1, -1), (down, self.scroll + shown < n, 1)):
            hot = live and button.collidepoint(ctx.hover)
            fill = (255, 236, 170) if hot else (246, 238, 214) if live else (222, 214, 194)
            pygame.draw.rect(surface, fill, button, border_radius=self.s(5))
            pygame.draw.rect(surface, artwork.ACCENT if live else (170, 160, 140), button,
                             max(1, self.s(1)), border_radius=self.s(5))
            cx, cy, k = button.centerx, button.centery, max(3, button.h // 4)
            tip = [(cx - k, cy - sign * k // 2), (cx + k, cy - sign * k // 2),
                   (cx, cy + sign * k)]
            pygame.draw.polygon(surface, antique.INK if live else (150, 140, 120), tip)

    def _choices_title(self) -> tuple[str, str]:
        w = self.view.get("window", {})
        kind = w.get("kind", "")
        if kind in ("trade_receive", "trade_give"):
            t = w["trade"]
            title = tr(f"im.choices.{kind}", partner=words.civ(self, t["partner"]))
            note = words.articles(tr("im.trade.summary", area=words.area(self, t["area"]),
                                     k=t["k"]))
            if kind == "trade_give" and t.get("receive"):
                note += " " + tr("im.trade.receiving", item=words.item(t["receive"]),
                                 coins=words.value(self, t["receive"], t["partner"]))
            return title, note
        return tr("im.choices.title"), ""

    def _row_label(self, a: Action) -> str:
        label = words.action_label(self, a)
        w = self.view.get("window", {})
        if w.get("kind") == "trade_give" and w["trade"].get("receive"):
            t = w["trade"]
            label += " · " + words.trade_give_note(self, t["actor"], t["partner"], t["receive"],
                                                   a.item)  # type: ignore[attr-defined]
        return label

    def _draw_scores(self, surface: pygame.Surface) -> None:
        """The final score broken down per civilisation, as §7 gives it: a score sheet with
        a row per part (those that scored for anyone) and a column per civilisation, the
        total under them; when even that cannot fit, one line each with the total (the
        boards' tooltips say the rest)."""
        assert self.lay is not None
        box = self.lay.board.inflate(-self.s(40), -self.s(40))
        title = pygame.Rect(box.x + self.s(12), box.y + self.s(8), box.w - self.s(24),
                            self.s(26))
        with text.layer("scores"):
            pygame.draw.rect(surface, (236, 226, 198), box, border_radius=self.s(10))
            pygame.draw.rect(surface, antique.INK, box, self.s(2), border_radius=self.s(10))
            if self.fits(tr("im.score.title"), 18, title, bold=True):
                self.text(surface, tr("im.score.title"), 18, title, antique.INK, True, "center",
                          max_lines=1)
            sheet = self._score_sheet(box)
            if sheet is None:
                self._draw_totals(surface, box)
                return
            labels, cols, rows = sheet
            head = rows[0]
            for i, col in enumerate(cols):
                artwork.draw_seat_marker(surface, (col.centerx, head.y + self.s(9)), self.s(8),
                                         self.colour_of(i))
                self.text(surface, words.civ(self, i), 12,
                          pygame.Rect(col.x + self.s(2), head.y + self.s(19), col.w - self.s(4),
                                      head.h - self.s(19)),
                          antique.INK, True, "center", max_lines=2, free_text=True)
            parts = words.score_sheet(self)
            for (label, values), row in zip(parts, rows[1:], strict=True):
                bold = row is rows[-1]
                if bold:
                    pygame.draw.line(surface, antique.INK, (labels.x, row.y - self.s(2)),
                                     (cols[-1].right, row.y - self.s(2)), self.s(1))
                self.text(surface, label, 14 if bold else 13,
                          pygame.Rect(labels.x, row.y, labels.w, row.h), antique.INK, bold,
                          valign="middle", max_lines=1)
                for col, n in zip(cols, values, strict=True):
                    self.label(surface, str(n) if n or bold else "·", 15 if bold else 13,
                               (col.centerx, row.centery), antique.INK, bold, "center")

    def _score_sheet(self, box: pygame.Rect
                     ) -> tuple[pygame.Rect, list[pygame.Rect], list[pygame.Rect]] | None:
        """The sheet's label column, one column per civilisation and its rows (the names'
        row first, the total last) inside `box`, or None when its words would not fit."""
        parts = words.score_sheet(self)
        n = len(self.view["civs"])
        inner = box.inflate(-self.s(24), 0)
        top = box.y + self.s(40)
        head_h = self.s(56)  # the marker, then the name on up to two lines
        row = min(self.s(24), (box.bottom - self.s(12) - top - head_h) // max(1, len(parts)))
        font = resources.font(self.text_px(14), True)
        label_w = min(max(font.size(label)[0] for label, _v in parts) + self.s(12),
                      inner.w * 2 // 5)
        col_w = (inner.w - label_w) // max(1, n)
        widest = max(font.size(str(v))[0] for _label, values in parts for v in values)
        if row < self.s(16) or col_w < widest + self.s(8) or not all(
                self.fits(label, 14, pygame.Rect(0, 0, label_w, row)) for label, _v in parts):
            return None
        labels = pygame.Rect(inner.x, top, label_w, head_h)
        cols = [pygame.Rect(inner.x + label_w + i * col_w, top, col_w, head_h) for i in range(n)]
        rows = [pygame.Rect(inner.x, top, inner.w, head_h)]
        rows += [pygame.Rect(inner.x, top + head_h + k * row, inner.w, row)
                 for k in range(len(parts))]
        return labels, cols, rows

    def _draw_totals(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        civs = self.view["civs"]
        row = max(self.s(18), min(self.s(26), (box.h - self.s(44)) // max(1, len(civs))))
        y = box.y + self.s(40)
        for i, c in enumerate(civs):
            if y + row > box.bottom:
                return
            artwork.draw_seat_marker(surface, (box.x + self.s(18), y + row // 2), self.s(7),
                                     self.colour_of(i))
            total = str(c.get("score", {}).get("total", 0))
            number = self.label(surface, total, 14, (box.right - self.s(12), y + row // 2),
                                antique.INK, True, "midright")
            name_box = pygame.Rect(box.x + self.s(32), y, number.x - box.x - self.s(40), row)
            if name_box.w > 0:
                self.text(surface, words.civ(self, i), 13, name_box, antique.INK,
                          valign="middle", max_lines=1, free_text=True)
            y += row

    # -- panels' lights and tips ----------------------------------------------------------------
    def _panel_lit(self, seat: int, ctx: DrawContext) -> dict[str, Any]:
        lit: dict[str, Any] = {"acting": seat in ctx.acting}
        if seat not in ctx.acting:
            return lit
        lit["hand"] = {a.colour for a in ctx.legal if isinstance(a, Convert | Pick)}
        lit["reserve"] = bool(self.expansion_targets(ctx.legal))
        return lit

    def _panel_tips(self) -> list[tuple[pygame.Rect, str]]:
        tips: list[tuple[pygame.Rect, str]] = []
        if self.lay is None or not self.view:
            return tips
        for seat, panel in self.lay.panels.items():
            c = self.view["civs"][seat]
            tips.append((panel.header, words.civ_tip(self, seat)))
            tips.append((panel.counters, words.civ_tip(self, seat)))
            for colour, slot in zip(COLOURS, panel.hand, strict=True):
                tips.append((slot, tr("im.tip.hand", colour=words.colour(colour),
                                      n=c["hand"][colour], cup=c["cup"][colour],
                                      discard=c["discard"][colour])))
            tips.append((panel.cup, tr("im.tip.cup", cup=sum(c["cup"].values()),
                                       discard=sum(c["discard"].values()), draws=c["draws"])))
            tips.append((panel.reserve, tr("im.tip.reserve", n=c["reserve"])))
            tips.append((panel.items, words.civ_tip(self, seat)))
            if panel.chips.w:
                tips.append((panel.chips, words.items_tip(self, seat)))
        if self.lay.strip is not None:
            tips += panels.strip_tips(self, self.lay.strip)
        return tips

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        if self.held or self.board.panning or not self.view:
            return None
        for r, act in self.rows:
            if r.collidepoint(pos):
                label = words.action_label(self, act)
                seat = self.acting_seat()
                preview = (words.trade_preview(self, seat, act.partner)
                           if isinstance(act, Trade) and seat is not None else None)
                return f"{label}\n{preview}" if preview else label
        spot = self.area_at(pos)
        return words.area_tip(self, spot.key) if spot is not None else None

    # -- gestures ------------------------------------------------------------------------------
    def gesture(self, intent: Intent, legal: list[Action]) -> bool:
        if intent.kind == "hover" and self.carried:
            self.held_pos = intent.pos
            return False
        choices = self.lay.choices if self.lay is not None and self.rows else None
        if intent.kind == "wheel" and choices is not None and choices.collidepoint(intent.pos):
            self.scroll += -3 if intent.name == "in" else 3
            return True
        return self.board.camera_gesture(intent, lambda start: self._may_pan(start, legal))

    def _may_pan(self, start: tuple[int, int], legal: list[Action]) -> bool:
        """A drag pans the board unless it picks up a totem or starts on the choices list."""
        if self.held or self._on_reserve(start, legal):
            return False
        return self.panel_rect is None or not self.panel_rect.collidepoint(start)

    def _on_reserve(self, pos: tuple[int, int], legal: list[Action]) -> bool:
        seat = self.acting_seat()
        if seat is None or self.lay is None or seat not in self.lay.panels:
            return False
        panel = self.lay.panels[seat]
        return panel.reserve.collidepoint(pos) and self.view.get("stage") == "phase"

    def drag(self, start: tuple[int, int], pos: tuple[int, int], legal: list[Action]) -> None:
        if not self.held and self._on_reserve(start, legal):
            self.held = True
            self.flash = ""
        self.held_pos = pos

    def drop(self, start: tuple[int, int], pos: tuple[int, int],
             legal: list[Action]) -> Action | None:
        held, self.held, self.carried = self.held, False, False
        if not held:
            return None
        on_list = self.lay is not None and bool(self.rows) and self.lay.choices.collidepoint(pos)
        a = None if on_list else self.area_at(pos)  # not the area hidden under the list
        seat = self.acting_seat()
        if a is None or seat is None:
            self.flash = tr("im.hint.drop_totem")
            return None
        targets = self.expansion_targets(legal)
        if a.key in targets:
            return targets[a.key]
        return self._expansion_asked(seat, a)

    def _expansion_asked(self, seat: int, a: Area) -> Action | None:
        """A totem asked into `a` where it cannot go: the reason as the table can tell it,
        or the expansion asked for, for the rules to refuse and say why."""
        phase = self.view.get("phase")
        reason = words.drop_reason(self, seat, a.key, phase)
        if reason is None:
            return ExpandSea(a.key) if phase == "blue" or a.kind == "sea" else ExpandLand(a.key)
        self.flash = reason
        return None

    def cancel(self) -> None:
        self.board.pan_from = None
        self.held, self.carried = False, False
        self.area_filter, self.show_map_moves = None, False

    def click(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        self.flash = ""
        if self.carried and self.held:
            return self.drop(pos, pos, legal)
        for r, a in self.rows:
            if r.collidepoint(pos):
                return a
        if self.toggle is not None and self.toggle.collidepoint(pos):
            self.show_map_moves, self.area_filter, self.scroll = True, None, 0
            return None
        if self.pager is not None and self.pager[0].collidepoint(pos):
            self.scroll = max(0, self.scroll - self.page)
            return None
        if self.pager is not None and self.pager[1].collidepoint(pos):
            self.scroll += self.page  # drawing keeps it within the list
            return None
        if self.panel_rect is not None and self.panel_rect.collidepoint(pos):
            return None
        if self._on_reserve(pos, legal) and self.expansion_targets(legal):
            self.held, self.carried, self.held_pos = True, True, pos
            return None
        spot = self.area_at(pos)
        if spot is None:
            return None
        here = self.map_targets(legal).get(spot.key, [])
        if len(here) == 1:
            return here[0]
        if here:
            self.area_filter = spot.key
            self.scroll = 0
            return None
        return self._nothing_here(spot, legal)

    def _nothing_here(self, spot: Area, legal: list[Action]) -> Action | None:
        """A click on an area where the acting seat has no move: the move it most likely
        meant, for the rules to refuse and say why (founding, conquest or attack,
        relocation), or why a totem cannot go there (expansion). An area out of play stays
        inert, and so does the map while nothing is done on it (picking, keeping, yellow)."""
        seat = self.acting_seat()
        state = self.view.get("areas", {}).get(spot.key)
        if seat is None or state is None or not legal:
            return None  # nobody to act here, or an area out of play (inert)
        if any(isinstance(a, Found) for a in legal):
            return Found(spot.key)
        if any(isinstance(a, Relocate) for a in legal):
            return Relocate(spot.key)
        phase = self.view.get("phase")
        if self.view.get("window", {}).get("kind") != "phase_turn":
            return None
        if phase == "red":
            rivals = [q for q in state["presence"] if q != seat]
            if not rivals or seat not in state["presence"]:
                return Conquer(spot.key)  # not present, or nobody to attack
            q = rivals[0]
            return Attack(spot.key, q, "sack" if state.get("control") == q else "expel")
        if phase in ("blue", "black"):
            return self._expansion_asked(seat, spot)
        return None  # yellow: nothing is done on the map

    # -- words -----------------------------------------------------------------------------------
    def refusal(self, exc: IllegalAction) -> str:
        params = dict(exc.params)
        for who in ("partner", "holder"):
            if isinstance(params.get(who), int):
                params[who] = words.civ(self, params[who])
        for key in ("area",):
            if isinstance(params.get(key), str):
                params[key] = words.area(self, params[key])
        if isinstance(params.get("colour"), str):
            params["colour_pl"] = words.colours_of(params["colour"])
        for key in ("colour", "phase"):
            if isinstance(params.get(key), str):
                params[key] = words.colour(params[key])
        key = f"im.illegal.{exc.code}"
        if exc.code == "not_enough_armies" and "needed" in params:
            key += "_to_conquer" if "area" in params else "_needed"
        elif has(f"{key}.{params.get('kind')}"):
            key += f".{params['kind']}"
        if has(key):
            return words.articles(tr(key, **params))
        return words.articles(error_sentence("illegal", exc.code, params))

    everything_public = True

    def needs_private_view(self, seat: Seat) -> bool:
        return False  # everything is public but the order of the cups

    def prompt_actions(self, seat: Seat, legal: list[Action]) -> list[Action]:
        """The buttons: the short decisions, as many as fit the prompt whole (ending the
        turn first, then art, then the best conversions); the rest are in the list."""
        candidates: list[Action] = [a for a in legal if isinstance(a, PROMPT_ACTIONS)]
        rest = [a for a in legal if not isinstance(a, PROMPT_ACTIONS)]
        if len(rest) <= 3 and all(isinstance(a, ChooseGood | Keep) for a in rest):
            candidates += rest  # a good to choose ("Wine (4)"), what to keep ("Keep 2 blue")
        order = {"end_turn": 0, "art": 1, "convert": 2}
        schemes = {"3:4": 0, "2:3": 1, "1:1": 2}
        ranked = sorted(candidates, key=lambda a: (order.get(a.type, -1),
                                                   schemes.get(getattr(a, "scheme", ""), 0)))
        s = self.ui_scale
        plate = self.rect.w - round(20 * s)
        room = plate - round(24 * s) - max(round(300 * s), plate * 2 // 5)
        shown: list[Action] = []
        for a in ranked:
            trial = [*shown, a]
            if order.get(a.type) is None or not shown or self._buttons_fit(trial, room, s):
                shown = trial  # else it waits in the choices list
        return [a for a in candidates if a in shown]

    def _buttons_fit(self, actions: list[Action], room: int, scale: float) -> bool:
        """Whether the table would show these buttons with none of their words cut (it
        shares out `room` as its `_build_prompt` does, then shrinks a font to the floor)."""
        labels = [self.action_label(a) for a in actions]
        gap = round(10 * scale)
        widths = [self._button_width(w, scale) for w in labels]
        space = room - gap * len(widths)
        if sum(widths) > space:
            fair = max(round(96 * scale), space // len(widths))
            widths = [min(w, fair) for w in widths]
        return not any(text.fit_widget_text(w, width, "accent", scale)[2]
                       for w, width in zip(labels, widths, strict=True))

    @staticmethod
    def _button_width(label: str, scale: float) -> int:
        """What the table gives a prompt button with these words (its `button_width`)."""
        words_px = resources.font(theme.font_size(18, scale), True).size(label)[0]
        return max(round(150 * scale), words_px + round(36 * scale))

    def shared_prompt(self, seat: Seat, legal: list[Action]
                      ) -> list[tuple[str, list[tuple[Seat, Action]]]]:
        """Block, appeal and reconsider: one public question naming who answers it."""
        kind = self.view.get("window", {}).get("kind")
        if kind not in ("block", "appeal", "reconsider"):
            return []
        # the prompt's sentence names who answers, the action and the chokepoint
        return [(words.action_label(self, a), [(seat, a)]) for a in legal]

    def hint_rect(self, action: Action) -> pygame.Rect | None:
        key = getattr(action, "area", None)
        if isinstance(key, str) and key in self.areas_by_key:
            x, y = self.board.to_screen(self.areas_by_key[key].centre)
            return pygame.Rect(round(x) - self.s(30), round(y) - self.s(30), self.s(60), self.s(60))
        for r, a in self.rows:
            if a == action:
                return r
        return None

    def prompt(self, seat: Seat, legal: list[Action]) -> str:
        return words.prompt(self, seat, legal)

    def action_label(self, action: Action) -> str:
        return words.action_label(self, action)

    def action_tip(self, action: Action) -> str:
        return words.action_tip(self, action)

    def status(self) -> str:
        return words.status(self)

    def describe(self, ev: Event) -> str | None:
        if ev["type"] == "declared" and ev.get("action") == "trade":
            self.trade_route = list(ev.get("route") or [])  # the log is read in order
        return words.describe(self, ev)

    log_headings = frozenset({"round", "phase"})

    def log_entries(self, events: Sequence[tuple[int, Event]]) -> list[tuple[int, str, bool]]:
        return words.log_entries(self, events)

    def score_text(self, score: float) -> str:
        return tr("im.results.points", n=int(score))

    def chart(self, final_view: dict[str, Any], history: list[dict[str, Any]]
              ) -> tuple[str, list[list[float]]] | None:
        """The score each civilisation would have had at the end of every round."""
        return self._series(final_view, "score", tr("im.chart"), self._start_scores(history))

    def charts(self, final_view: dict[str, Any], history: list[dict[str, Any]]
               ) -> list[tuple[str, list[list[float]]]]:
        """The census track, and under it the score, at the end of every round (the rules
        keep both per finished round in the view's `history`)."""
        return [self._series(final_view, "census", tr("im.chart.census")),
                self._series(final_view, "score", tr("im.chart"), self._start_scores(history))]

    @staticmethod
    def _start_scores(history: list[dict[str, Any]]) -> list[float] | None:
        """The scores as the first round begins, the capitals founded (a goods shortfall
        makes them negative), from the public views after every action."""
        for v in history:
            if v.get("round", 0) >= 1:
                return [float(c["score"]["total"]) for c in v["civs"]]
        return None

    @staticmethod
    def _series(final_view: dict[str, Any], key: str, title: str,
                start: list[float] | None = None) -> tuple[str, list[list[float]]]:
        """`start` (0 if not given) before the first round, then one point per finished
        round; the final figure closes the line if the last round is not already it."""
        rounds = final_view.get("history", [])
        players = final_view["players"]
        if key == "score":
            final = [float(c["score"]["total"]) for c in final_view["civs"]]
        else:
            final = [float(c["census"]) for c in final_view["civs"]]
        first = start or [0.0] * players
        series = [[first[p]] + [float(r[key][p]) for r in rounds] for p in range(players)]
        if not rounds or any(line[-1] != f for line, f in zip(series, final, strict=True)):
            for line, f in zip(series, final, strict=True):
                line.append(f)
        return title, series

    # -- animation --------------------------------------------------------------------------------
    def tweens_for(self, events: list[Event], before: dict[str, Any]) -> list[list[Tween]]:
        out: list[list[Tween]] = []
        for ev in events:
            kind = ev["type"]
            if kind == "token_drawn":
                out.append([Tween("draw", DRAW_STEP, {"seat": ev["seat"],
                                                      "colour": ev["colour"]})])
            elif kind == "declared" and ev.get("action") == "trade":
                self.trade_route = list(ev.get("route") or [])
            elif kind in ("founded", "expanded", "conquered") and "area" in ev:
                out.append([Tween("totem", 0.3, {"seat": ev["seat"], "area": ev["area"]},
                                  frozenset({("totem", ev["area"], ev["seat"])}))])
        return out

    def draw_tween(self, surface: pygame.Surface, tween: Tween) -> None:
        if self.lay is None:
            return
        seat = int(tween.data["seat"])
        panel = self.lay.panels.get(seat)
        if panel is None:
            return
        t = tween.progress
        if tween.kind == "draw":
            colour = tween.data["colour"]
            start = panel.cup.center
            end = panel.hand[COLOURS.index(colour)].center
            x = start[0] + (end[0] - start[0]) * t
            y = start[1] - self.s(26) * (1 - abs(2 * t - 1)) + (end[1] - start[1]) * t
            cup = art.cup(self.colour_of(seat), self.s(34))
            surface.blit(cup, cup.get_rect(center=start))
            img = art.action_token(colour, self.s(26), True)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        elif tween.kind == "totem":
            key = tween.data["area"]
            if key not in self.areas_by_key:
                return
            sx, sy = panel.reserve.center
            ex, ey = self.board.to_screen(self.areas_by_key[key].centre)
            x, y = sx + (ex - sx) * t, sy + (ey - sy) * t
            img = art.totem(self.colour_of(seat), self.totem_px())
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

