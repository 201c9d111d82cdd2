"""Corona de Hierro on the table: the antique map of Italy on a zoomable board, armies as
stacked figures, banners and emissaries on the castles and in the boxes, the legitimacy
track and seat panels on the right, decks, pool and the viewer's hand under the map.

Gestures become actions taken from `legal_actions`:
- drag an army along a road (several pawns: the number is chosen on drop, from a small
  menu of the legal moves; a Forced March or another card that moves there is offered too);
- drag an emissary from your panel onto a castle (`place_emissary`), a box
  (`send_emissary`) or another seat's panel (`request_alliance`);
- drag a card from your hand onto its target (a city, a castle, a box, a seat's panel) or
  onto a discard pile;
- click anything (a city, a castle, a box, a seat's panel, a card, a deck, your emissaries)
  for a menu of every legal action about it, so everything is also reachable by buttons;
  the prompt offers the draws, the free actions and every answer (passage, rerolls, yes/no,
  the Draw-five choice).
While something is held, the targets its legal actions allow light up; a drop elsewhere
snaps back, and a drop that asks for an illegal action shows the rules' reason. The drawing
is in `panels`, the geometry in `layout`, the sentences in `words`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, cast

import pygame

from client import text
from client.anim import Tween
from client.art import antique
from client.art import corona_de_hierro as art
from client.board import Board
from client.games.base import DrawContext, GameView
from client.games.corona_de_hierro import panels, words
from client.games.corona_de_hierro.layout import (
    ORDER_ROW_H,
    Layout,
    five_rects,
    focus_beside,
    layout,
    menu_rects,
    orders_rects,
)
from client.games.corona_de_hierro.panels import ChromePainter
from client.i18n import language, tr
from client.input import Intent
from client.widgets.dice import DiceTray
from rules import Action, Event, IllegalAction, Seat
from rules.corona_de_hierro import actions as A
from rules.maps import load_topology

MENU_ROWS = 10
FOLD_BOARD_H = 400
"""The orders list folds on a board lower than this (at UI scale 1): there, open beside
the map, it would leave the map about half its size (1280x800 at 130 %: 350 pixels for
a 270 of the scale's; 1280x800 at 100 % has 508)."""
DOCK_ROWS = 8
"""The orders list's rows (a ninth: Back), so keys 1–9 reach every one."""
PROMPT_MAX = 4
"""Answers up to this many are the prompt's buttons; more go in the orders list."""
UNIT = 40.0
"""The token size the offsets round a city (art.ARMY_SLOTS, ...) are drawn for: they scale
with the token's size, so pieces keep their places at every zoom."""
TOKEN_WORLD = 54.0
"""A token's size in world pixels (its size on screen follows the zoom, within bounds)."""


@dataclass
class Menu:
    """A small list of orders drawn over the table: rows of (words, action or a group)."""

    anchor: tuple[int, int]
    title: str
    rows: list[tuple[str, Action | list[Action]]]
    rects: list[pygame.Rect] = field(default_factory=list)
    box: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


class CoronaView(GameView):
    game_id = "corona_de_hierro"

    def __init__(self, names: list[str], seats: list[dict[str, Any]]) -> None:
        super().__init__(names, seats)
        topo = load_topology("corona_de_hierro")
        self.topology = topo
        self.names_ = words.Names(topo)
        self.painter = art.CoronaPainter(topo, language())
        self.board = Board(topo, self.painter)
        self.colours = [int(s.get("colour", i)) for i, s in enumerate(seats)]
        self.chrome = ChromePainter(self)
        self.lay: Layout | None = None
        self.city_pos = {p.key: p.position for p in topo.places if p.kind == "city"}
        self.castle_of = {str(p.properties["city"]): p.key for p in topo.places
                          if p.kind == "castle"}
        self.box_areas = {a.key: a for a in topo.areas if a.kind == "box"}
        self.held: tuple[str, Any] | None = None
        self.held_pos: tuple[int, int] = (0, 0)
        self.carried = False
        self.menu: Menu | None = None
        self.dock: list[tuple[str, list[Action]]] = []
        """The groups chosen so far in the orders list (kind of order, then target...)."""
        self._last_legal: list[Action] = []
        self._dock_for: list[Action] = []
        self._dock_room: tuple[list[Action], pygame.Rect] | None = None
        """The orders list's largest box during the current decision."""
        self.dock_folds = False
        """The board is too low for the open list beside the map (a small window, a large
        UI scale, `FOLD_BOARD_H`): the list folds to its title row, over the map fitted
        whole."""
        self._fold_x: int | None = None
        """Where the folded list sits along the board's foot (None: its corner)."""
        self.dock_open = False
        """The folded list is opened (over the map) until an order is chosen or its title
        is clicked again."""
        self._fitted: tuple[int, tuple[float, float]] | None = None
        """The camera as the last fit left it: the map follows the orders list only while
        the player has not moved it since."""
        self.flash = ""
        self.serial = 0
        self.stacks: list[tuple[pygame.Rect, str, int]] = []
        self.focus = (0.0, 60.0, 4000.0, 2500.0)
        self.board.warm_with(lambda _level, zoom: self._piece_jobs(zoom))  # ahead of a zoom

    # -- layout and state ---------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, scale: float) -> None:
        super().layout(rect, scale)
        self.lay = layout(rect, len(self.names), scale)
        if self.lay.board != self.board.camera.viewport:
            self.board.layout(self.lay.board, self.focus)
            self._fitted = (self.board.camera.level, self.board.camera.origin)
        self.menu = None

    def show(self, view: dict[str, Any], viewer: Seat | None) -> None:
        super().show(view, viewer)
        self.serial += 1
        if self.painter.lang != language():
            self.painter.set_language(language())
        self.menu = None

    def update(self, dt: float) -> None:
        # The board also makes the map's names and the pieces (`_piece_jobs`) of this zoom
        # level and the next ones ahead, within what each frame has left; the base view's
        # `animating` keeps frames coming until the view's map is sharp.
        self.board.update(dt)

    def _piece_jobs(self, zoom: float) -> list[Callable[[], object]]:
        px = self._token_size(zoom)
        seats = sorted(set(self.colours))
        jobs: list[Callable[[], object]] = [
            partial(art.pawn_stack, c, n, px, lit) for c in seats for n in range(1, 5)
            for lit in (False, True)]
        jobs += [partial(art.banner, c, round(px * 0.8), t) for c in seats for t in (False, True)]
        jobs += [partial(art.emissary, c, round(px * 0.6)) for c in seats]
        return jobs

    def acting_seat(self) -> Seat | None:
        acting = self.view.get("to_act") or []
        return acting[0] if acting else self.viewer

    def _token_size(self, zoom: float) -> int:
        return max(self.s(18), min(self.s(56), round(TOKEN_WORLD * zoom)))

    def token_px(self) -> int:
        """A map piece's size on screen at the camera's zoom level."""
        camera = self.board.camera
        return self._token_size(camera.level_zoom(camera.level))

    # -- drawing ------------------------------------------------------------------------------
    def opaque_rect(self) -> pygame.Rect | None:
        return pygame.Rect(self.board.camera.viewport) if self.view else None

    def draw(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        if not self.view or self.lay is None:
            return
        self._beside_dock(ctx.legal)
        self.board.fill_outside(surface, antique.sea_texture())
        self.board.draw(surface)
        clip = surface.get_clip()
        surface.set_clip(self.board.camera.viewport)
        lit = panels.lit_things(self, ctx.legal)
        panels.draw_targets(self, surface, lit, ctx.hover)
        panels.draw_castles(self, surface)
        panels.draw_boxes(self, surface)
        self.stacks = panels.draw_armies(self, surface, ctx.hidden, lit["armies"])
        panels.draw_battle_mark(self, surface)
        panels.draw_plate(self, surface, self.lay, ctx.hidden)
        surface.set_clip(clip)
        self.chrome.draw(surface, self.lay, self._chrome_lit(ctx, lit), self.serial,
                         ctx.thinking, ctx.now)
        if self.tips is not self.chrome.tips:
            self.tips[:] = self.chrome.tips
        panels.draw_five(self, surface, self.five_rects(),
                         any(a.type == "choose_card" for a in ctx.legal))
        self._last_legal = ctx.legal
        dock = self.dock_rows(ctx.legal)
        if dock is not None:
            panels.draw_orders(self, surface, dock)
        if self.menu is not None:
            panels.draw_menu(self, surface, self.menu)
        panels.draw_held(self, surface, self.lay)
        panels.draw_flash(self, surface)

    def _chrome_lit(self, ctx: DrawContext, lit: dict[str, set[Any]]) -> dict[str, Any]:
        """What `ChromePainter` lights and leaves out: the acting seats, the seats a held thing
        may be dropped on, the emissaries to drag, the thing held, the decks to draw from and
        the cards that may be played."""
        out: dict[str, Any] = {"acting": tuple(ctx.acting)}
        legal = ctx.legal
        out["targets"] = tuple(sorted(p for p in lit["seats"] if isinstance(p, int)))
        me = self.acting_seat()
        if self.held is None and me is not None and any(
                isinstance(a, A.PlaceEmissary | A.SendEmissary | A.RequestAlliance) for a in legal):
            out["emissary_source"] = me
        if self.held is not None and self.held[0] == "emissary":
            out["held_emissary"] = self.held[1]
        if self.held is not None and self.held[0] == "card":
            out["held_card"] = self.held[1]
        decks = {a.deck for a in legal if isinstance(a, A.Draw | A.DrawFive)}
        if "discard" in lit["seats"]:
            decks.add("discard")
        out["decks"] = tuple(sorted(decks))
        out["cards"] = tuple(sorted({a.card for a in legal if isinstance(a, A.Play)}))
        return out

    def city_screen(self, key: str) -> tuple[float, float]:
        return self.board.to_screen(self.city_pos[key])

    def spot(self, key: str, offset: tuple[float, float]) -> tuple[int, int]:
        """Where a piece drawn at `offset` (for a token of size UNIT) round a city sits."""
        x, y = self.city_screen(key)
        k = self.token_px() / UNIT
        return (round(x + offset[0] * k), round(y + offset[1] * k))

    def city_of_castle(self, castle: str) -> str:
        for c in self.view["castles"]:
            if c["key"] == castle:
                return str(c["city"])
        return castle

    def box_rect(self, key: str) -> pygame.Rect:
        area = self.box_areas[key]
        xs = [p[0] for p in area.polygon]
        ys = [p[1] for p in area.polygon]
        x0, y0 = self.board.to_screen((min(xs), min(ys)))
        x1, y1 = self.board.to_screen((max(xs), max(ys)))
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))

    # -- the Draw-five choice ---------------------------------------------------------------------
    def five_rects(self) -> list[pygame.Rect]:
        """The cards a Draw-five shows its drawer, in a row over the map (empty otherwise)."""
        pend = self.view.get("pending") or {}
        cards = pend.get("cards") or []
        if pend.get("kind") != "draw_five" or not cards or self.lay is None:
            return []
        return five_rects(self.board.camera.viewport, len(cards), self.scale)

    # -- the orders menu ----------------------------------------------------------------------
    def open_menu(self, title: str, actions: list[Action], anchor: tuple[int, int]) -> None:
        if not actions:
            self.menu = None
            self.flash = tr("cdh.hint.no_target")
            return
        self.menu = self._menu(anchor, title, actions)

    def _menu(self, anchor: tuple[int, int], title: str, actions: list[Action]) -> Menu:
        rows = words.order_rows(self, actions, MENU_ROWS)
        box, rects = menu_rects(anchor, len(rows), self.rect, self.scale)
        return Menu(anchor, title, rows, rects, box)

    def _menu_click(self, pos: tuple[int, int]) -> Action | None:
        menu = self.menu
        assert menu is not None
        for (_label, payload), rect in zip(menu.rows, menu.rects, strict=True):
            if rect.collidepoint(pos):
                if isinstance(payload, list):
                    self.menu = self._menu(menu.anchor, _label, payload)
                    return None
                self.menu = None
                return payload
        self.menu = None
        return None

    # -- the orders list: the prompt's choices, on the table ----------------------------------
    def dock_rows(self, legal: list[Action]
                  ) -> tuple[pygame.Rect, str, list[tuple[pygame.Rect, str, Any]]] | None:
        """The orders list in the board's bottom-left corner whenever the prompt has no
        buttons for the choice (a turn's orders, the castle to start from, a long list of
        answers): the kinds of order first, then their targets, a few rows at a time, so
        every legal action is a few clicks (or keys 1–9) away. (box, title, rows of
        (rect, words, an action, a group of actions or None for Back)). Folded
        (`dock_folds`, not `dock_open`): its title row alone, and no rows."""
        dock = self._dock_full(legal)
        if dock is None or not self.dock_folds:
            return dock
        fold = self._fold_box(dock[1])
        if not self.dock_open:
            return fold, dock[1], []
        # Open, it rises from its title row, over the map.
        box, title, rows = dock
        vp = self.board.camera.viewport
        dx = max(vp.x + self.s(8), min(fold.x, vp.right - self.s(8) - box.w)) - box.x
        return box.move(dx, 0), title, [(r.move(dx, 0), w, p) for r, w, p in rows]

    def _fold_box(self, title: str) -> pygame.Rect:
        """The folded list: its title and an arrow, at the foot of the board where it
        covers no city and no box of the map fitted whole (`_fold_x`), else in the corner."""
        vp = self.board.camera.viewport
        width = text.fit(title, self.s(15), 10_000, None, bold=True).width + self.s(84)
        box = pygame.Rect(0, 0, width, self.s(ORDER_ROW_H) + self.s(12))
        box.bottomleft = (vp.x + self.s(8), vp.bottom - self.s(8))
        if self._fold_x is not None:
            box.x = min(self._fold_x, vp.right - self.s(8) - box.w)
        return box

    def _clear_foot(self, box: pygame.Rect, points: list[tuple[float, float]]) -> int | None:
        """The leftmost x along the board's foot where `box` covers none of the map's
        `points` (with a small gap) while the map is fitted whole; None if nowhere."""
        vp = self.board.camera.viewport
        x, y, w, h = self.focus
        unit = min(vp.w / w, vp.h / h)
        cx, cy = x + w / 2, y + h / 2
        screen = [(vp.centerx + (px - cx) * unit, vp.centery + (py - cy) * unit)
                  for px, py in points]
        gap = self.s(10)
        for left in range(vp.x + self.s(8), vp.right - self.s(8) - box.w + 1, self.s(12)):
            room = pygame.Rect(left, box.y, box.w, box.h).inflate(2 * gap, 2 * gap)
            if not any(room.collidepoint(p) for p in screen):
                return left
        return None

    def _dock_full(self, legal: list[Action]
                   ) -> tuple[pygame.Rect, str, list[tuple[pygame.Rect, str, Any]]] | None:
        """The whole orders list (`dock_rows` unfolded)."""
        if not legal or self.lay is None or self.held is not None or not self.view:
            return None
        pend = self.view.get("pending") or {}
        seat = self.acting_seat()
        if pend.get("kind") == "draw_five" or seat is None or self.prompt_actions(seat, legal):
            return None
        if self._dock_for != legal:  # another question: the list starts over (and folds)
            self.dock, self._dock_for, self.dock_open = [], list(legal), False
        actions = legal
        title = tr("cdh.dock.title")
        for head, group in self.dock:
            actions, title = group, head
        vp = self.board.camera.viewport
        back = 0 if actions is legal else 1
        # As many rows as the board is tall (a small window at a big UI scale): "others"
        # then holds the rest, one step further.
        fit = max(3, (vp.h - self.s(26)) // self.s(ORDER_ROW_H) - 1 - back)
        rows: list[tuple[str, Any]] = list(words.order_rows(self, actions, min(DOCK_ROWS, fit)))
        if back:
            rows.append((tr("cdh.menu.back"), None))
        size = self.text_px(14)
        widest = max(text.fit(label, size, 10_000, None).width for label, _p in rows)
        width = max(self.s(220), min(widest + self.s(56), vp.w - self.s(16)))
        box, rects = orders_rects(vp, len(rows), width, self.scale)
        return box, title, [(rect, label, payload)
                            for rect, (label, payload) in zip(rects, rows, strict=True)]

    def _beside_dock(self, legal: list[Action]) -> None:
        """While the orders list is open, the fitted map moves right and up and shrinks as
        little as it takes for no city and no box to lie under the list (Arles, Nice and
        the Saracens stay in sight beside it); it is fitted back when the list closes. Only
        while the player has not zoomed or panned the map himself since the last fit (then
        it stays as he left it)."""
        camera = self.board.camera
        if self.held is not None or self.lay is None or camera.easing:
            return
        dock = self._dock_full(legal)
        if dock is None:
            focus, self._dock_room = self.focus, None
        else:
            # One decision's list may grow (a longer group of targets): the map then makes
            # room once more, but does not move back and forth while the player browses.
            room = dock[0]
            if self._dock_room is not None and self._dock_room[0] == self._dock_for:
                room = room.union(self._dock_room[1])
            self._dock_room = (self._dock_for, room)
            points = [*self.city_pos.values()]
            for area in self.box_areas.values():
                points.extend(area.polygon)
            vp = self.board.camera.viewport
            focus = focus_beside(vp, self.focus, room, points, self.scale)
            # On a low board the list folds, and the map makes room for its title row only.
            self.dock_folds = vp.h < self.s(FOLD_BOARD_H)
            if self.dock_folds:
                self._fold_x = None
                self._fold_x = self._clear_foot(self._fold_box(dock[1]), points)
                focus = self.focus if self._fold_x is not None else focus_beside(
                    vp, self.focus, self._fold_box(dock[1]), points, self.scale)
        if focus == self.board.focus or (camera.level, camera.origin) != self._fitted:
            return
        self.board.layout(camera.viewport, focus)
        self._fitted = (camera.level, camera.origin)

    def _dock_click(self, pos: tuple[int, int], legal: list[Action]) -> Action | bool | None:
        """What a click on the orders list does: an action to play, True when it only
        opened a group (or went back), False when it missed the list."""
        dock = self.dock_rows(legal)
        if dock is None or not dock[0].collidepoint(pos):
            return False
        if self.dock_folds and pos[1] < dock[0].y + self.s(ORDER_ROW_H) + self.s(8):
            self.dock_open = not self.dock_open  # its title row folds and unfolds it
            return True
        for rect, label, payload in dock[2]:
            if rect.collidepoint(pos):
                if payload is None:
                    self.dock = self.dock[:-1]
                elif isinstance(payload, list):
                    self.dock = [*self.dock, (label, payload)]
                else:
                    self.dock, self.dock_open = [], False
                    return cast(Action, payload)
        return True

    def key_spots(self, legal: list[Action]) -> list[pygame.Rect]:
        """1–9 press the orders list's rows, or pick one of a Draw-five's cards."""
        five = self.five_rects()
        if five and any(a.type == "choose_card" for a in legal):
            return five
        dock = self.dock_rows(legal)
        if dock is not None and not dock[2]:
            return [dock[0]]  # folded: 1 opens it
        return [rect for rect, _label, _payload in dock[2]] if dock else []

    # -- hit-testing ------------------------------------------------------------------------------
    def city_at(self, pos: tuple[int, int]) -> str | None:
        if not self.board.camera.viewport.collidepoint(pos):
            return None
        radius = max(self.s(18), round(self.token_px() * 1.1))
        place = self.board.place_at(pos, "city", radius)
        return place.key if place is not None else None

    def _stack_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        for rect, city, seat in reversed(self.stacks):
            if rect.collidepoint(pos):
                return city, seat
        return None

    def _city_or_army_at(self, pos: tuple[int, int]) -> str | None:
        """The city under `pos`, or the city of the army drawn there."""
        city = self.city_at(pos)
        if city is None:
            stack = self._stack_at(pos)
            city = stack[0] if stack is not None else None
        return city

    def _box_at(self, pos: tuple[int, int]) -> str | None:
        for key in self.box_areas:
            if self.box_rect(key).collidepoint(pos) and \
                    self.board.camera.viewport.collidepoint(pos):
                return key
        return None

    def _seat_at(self, pos: tuple[int, int]) -> int | None:
        return self.lay.seat_at(pos) if self.lay is not None else None

    def _card_at(self, pos: tuple[int, int]) -> int | None:
        hand = self.view.get("hand") or []
        return self.lay.card_at(pos, len(hand)) if self.lay is not None else None

    def _deck_at(self, pos: tuple[int, int]) -> str | None:
        return self.lay.deck_at(pos) if self.lay is not None else None

    def _piece_at(self, pos: tuple[int, int], legal: list[Action]) -> tuple[str, Any] | None:
        me = self.acting_seat()
        stack = self._stack_at(pos)
        if stack is not None and stack[1] == me and any(
                isinstance(a, A.Move | A.Play) and getattr(a, "city", getattr(a, "place", None))
                == stack[0] for a in legal):
            return ("army", stack[0])
        if self.lay is not None and me is not None and me in self.lay.panels and \
                self.lay.panels[me].emissaries.collidepoint(pos) and \
                self.view["emissaries_in_hand"][me] > 0:
            return ("emissary", me)
        card = self._card_at(pos)
        if card is not None:
            return ("card", card)
        return None

    # -- what things offer --------------------------------------------------------------------
    def actions_for_city(self, city: str, legal: list[Action]) -> list[Action]:
        castle = self.castle_of.get(city, "")
        return [a for a in legal if self._about_city(a, city, castle)]

    @staticmethod
    def _about_city(a: Action, city: str, castle: str) -> bool:
        if isinstance(a, A.Move | A.AttackArmy):
            return a.city == city
        if isinstance(a, A.ChooseMainCastle | A.Recruit | A.AttackCastle | A.PlaceEmissary
                      | A.RollSupport | A.TakeHostage):
            return a.castle == castle
        if isinstance(a, A.RecallEmissary):
            return bool(castle) and a.place == castle
        if isinstance(a, A.Play):
            return bool(a.place or a.to) and (a.place in (city, castle) or a.to == city)
        return False

    def actions_for_box(self, box: str, legal: list[Action]) -> list[Action]:
        return [a for a in legal if (isinstance(a, A.SendEmissary) and a.box == box)
                or (isinstance(a, A.RecallEmissary) and a.place == box)
                or (isinstance(a, A.Play) and a.place == box)]

    def actions_for_seat(self, seat: int, legal: list[Action]) -> list[Action]:
        me = self.acting_seat()
        return [a for a in legal if self._about_seat(a, seat, me)]

    @staticmethod
    def _about_seat(a: Action, seat: int, me: Seat | None) -> bool:
        if isinstance(a, A.RequestAlliance | A.AcceptAlliance | A.ReleaseHostage | A.OfferSwap
                      | A.AskRelease):
            return a.player == seat
        if isinstance(a, A.RecallEmissary):
            return a.place == f"alliance:{seat}"
        if isinstance(a, A.Play):
            return a.player == seat or (seat == me and a.player < 0 and not a.place
                                        and not a.to)
        return False

    def actions_for_card(self, cid: str, legal: list[Action]) -> list[Action]:
        return [a for a in legal if isinstance(a, A.Play | A.Discard) and a.card == cid]

    # -- gestures -----------------------------------------------------------------------------
    def gesture(self, intent: Intent, legal: list[Action]) -> bool:
        if intent.kind == "hover" and self.carried:
            self.held_pos = intent.pos
            return False
        if intent.kind == "wheel" and self.menu is not None:
            return False
        return self.board.camera_gesture(intent, lambda start: self._may_pan(start, legal))

    def _may_pan(self, start: tuple[int, int], legal: list[Action]) -> bool:
        """A drag pans the board unless it picks up a piece or starts on the Orders list;
        a pan closes any open menu."""
        if self.held is not None or (legal and self._piece_at(start, legal) is not None):
            return False
        dock = self.dock_rows(legal)
        if dock is not None and dock[0].collidepoint(start):
            return False
        self.menu = None
        return True

    def drag(self, start: tuple[int, int], pos: tuple[int, int], legal: list[Action]) -> None:
        if self.held is None:
            self.held = self._piece_at(start, legal)
            self.flash = ""
            self.menu = None
        self.held_pos = pos

    def drop(self, start: tuple[int, int], pos: tuple[int, int],
             legal: list[Action]) -> Action | None:
        held, self.held, self.carried = self.held, None, False
        if held is None:
            return None
        kind, what = held
        if kind == "army":
            return self._drop_army(what, pos, legal)
        if kind == "emissary":
            return self._drop_emissary(pos, legal)
        hand = self.view.get("hand") or []
        if not 0 <= what < len(hand):
            return None
        return self._drop_card(hand[what], pos, legal)

    def _choose(self, options: Sequence[Action], pos: tuple[int, int], title: str
                ) -> Action | None:
        if len(options) == 1:
            return options[0]
        self.open_menu(title, list(options), pos)
        return None

    def _drop_army(self, city: str, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        target = self.city_at(pos)
        if target is None or target == city:
            if target is None:
                self.flash = tr("cdh.hint.drop")
            return None
        options = [a for a in legal if (isinstance(a, A.Move) and a.city == city and a.to == target)
                   or (isinstance(a, A.Play) and a.place == city and a.to == target)]
        if options:
            return self._choose(options, pos, tr("cdh.hint.pick_n"))
        me = self.acting_seat()
        n = (self.view["armies"].get(city) or [0] * len(self.names))[me or 0]
        return A.Move(city, target, max(1, n))  # illegal: the table shows the rules' reason

    def _drop_emissary(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        city = self.city_at(pos)
        if city is not None and city in self.castle_of:
            return A.PlaceEmissary(self.castle_of[city])
        box = self._box_at(pos)
        if box is not None:
            return A.SendEmissary(box)
        seat = self._seat_at(pos)
        if seat is not None:
            return A.RequestAlliance(seat)
        self.flash = tr("cdh.hint.drop")
        return None

    def _drop_card(self, cid: str, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        deck = self._deck_at(pos)
        if deck is not None and deck.startswith("discard:"):
            return A.Discard(cid)
        plays = [a for a in legal if isinstance(a, A.Play) and a.card == cid]
        city = self.city_at(pos)
        box = self._box_at(pos)
        seat = self._seat_at(pos)
        me = self.acting_seat()
        if city is not None:
            castle = self.castle_of.get(city, "")
            options = [a for a in plays if a.to == city or (a.place in (city, castle)
                                                           and a.place)]
            refused = A.Play(cid, -1, castle or city, "", 0)
        elif box is not None:
            options = [a for a in plays if a.place == box]
            refused = A.Play(cid, -1, box, "", 0)
        elif seat is not None:
            options = [a for a in plays if a.player == seat or (
                seat == me and a.player < 0 and not a.place and not a.to)]
            refused = A.Play(cid, seat, "", "", 0)
        else:
            self.flash = tr("cdh.hint.drop")
            return None
        # No play there: the illegal one, so that the table shows the rules' reason.
        return self._choose(options, pos, words.card(cid)) if options else refused

    def cancel(self) -> None:
        self.board.pan_from = None
        self.held, self.carried, self.menu = None, False, None
        self.dock = []

    def click(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        self.flash = ""
        if self.menu is None and not self.carried:
            chosen = self._dock_click(pos, legal)
            if chosen is not False:
                return None if chosen is True else cast(Action, chosen)
        if self.menu is not None:
            if self.menu.box.collidepoint(pos):
                return self._menu_click(pos)
            self.menu = None
            return None
        if self.carried and self.held is not None:
            return self.drop(pos, pos, legal)
        if not legal:
            return None
        for i, rect in enumerate(self.five_rects()):
            if rect.collidepoint(pos):
                choice = next((a for a in legal if a.type == "choose_card"
                               and getattr(a, "index", -1) == i), None)
                if choice is not None:
                    return choice
        city = self._city_or_army_at(pos)
        if city is not None:
            options = self.actions_for_city(city, legal)
            setup = [a for a in options if isinstance(a, A.ChooseMainCastle)]
            if setup:
                return setup[0]
            self.open_menu(self.names_.city(city), options, pos)
            return None
        box = self._box_at(pos)
        if box is not None:
            self.open_menu(self.names_.box(box), self.actions_for_box(box, legal), pos)
            return None
        card = self._card_at(pos)
        hand = self.view.get("hand") or []
        if card is not None:
            self.open_menu(words.card(hand[card]), self.actions_for_card(hand[card], legal), pos)
            return None
        deck = self._deck_at(pos)
        if deck is not None and not deck.startswith("discard:"):
            options = [a for a in legal if isinstance(a, A.Draw | A.DrawFive) and a.deck == deck]
            self.open_menu(tr(f"cdh.deck.{deck}.title"), options, pos)
            return None
        me = self.acting_seat()
        if self.lay is not None and me in self.lay.panels and \
                self.lay.panels[me].emissaries.collidepoint(pos):
            options = [a for a in legal if isinstance(a, A.PlaceEmissary | A.SendEmissary
                                                      | A.RequestAlliance)]
            self.open_menu(tr("cdh.panel.allies"), options, pos)
            return None
        seat = self._seat_at(pos)
        if seat is not None:
            self.open_menu(self.names[seat], self.actions_for_seat(seat, legal), pos)
            return None
        return None

    # -- words --------------------------------------------------------------------------------
    def tip_at(self, pos: tuple[int, int]) -> str | None:
        if self.held is not None or self.board.panning or not self.view or self.menu:
            return None
        dock = self.dock_rows(self._last_legal)
        if dock is not None and dock[0].collidepoint(pos):
            return None
        city = self._city_or_army_at(pos)
        if city is not None:
            return words.city_tip(self, city)
        box = self._box_at(pos)
        if box is not None:
            return words.box_tip(self, box)
        return None

    def needs_private_view(self, seat: Seat) -> bool:
        v = self.view
        if not v or v.get("phase") != "play":
            return False
        pend = v.get("pending")
        return pend is None or pend.get("kind") == "draw_five"

    def prompt_actions(self, seat: Seat, legal: list[Action]) -> list[Action]:
        """The answers as buttons when they are few (passage, a reroll, yes or no); every
        other choice (a turn's orders, the main castle, a longer list of answers) is in the
        orders list on the table (`dock_rows`), besides the drags and the clicks on the map.
        The Draw-five choice is made on its cards."""
        v = self.view
        if v.get("phase") == "setup":
            return []
        pend = v.get("pending")
        if pend and pend.get("kind") != "draw_five" and len(legal) <= PROMPT_MAX:
            return legal
        return []

    def shared_prompt(
        self, seat: Seat, legal: list[Action]
    ) -> list[tuple[str, list[tuple[Seat, Action]]]]:
        return words.shared_passage(self, seat)

    def prompt(self, seat: Seat, legal: list[Action]) -> str:
        return words.prompt(self, seat, legal)

    def action_label(self, action: Action) -> str:
        return words.action_label(self, action)

    def action_tip(self, action: Action) -> str:
        return words.action_tip(action)

    def status(self) -> str:
        return words.status(self)

    def describe(self, ev: Event) -> str | None:
        return words.describe(self, ev)

    def refusal(self, exc: IllegalAction) -> str:
        return words.refusal(self, exc)

    def opening_events(self, view: dict[str, Any]) -> list[Event]:
        return [{"type": "cdh_start", "to": "all"}]

    def score_text(self, score: float) -> str:
        return tr("cdh.results.vp", n=int(score))

    def chart(self, final_view: dict[str, Any],
              history: list[dict[str, Any]]) -> tuple[str, list[list[float]]] | None:
        """Legitimacy at the start and the end of every turn (the rules keep the story in
        the view's `chart`)."""
        return self._series(final_view, "legitimacy", tr("cdh.chart"))

    def charts(self, final_view: dict[str, Any], history: list[dict[str, Any]]
               ) -> list[tuple[str, list[list[float]]]]:
        """Legitimacy, and under it the VP counter, turn by turn (its last point: the final
        score, loyalty card and hostages counted)."""
        return [self._series(final_view, "legitimacy", tr("cdh.chart")),
                self._series(final_view, "vp", tr("cdh.chart.vp"))]

    @staticmethod
    def _series(final_view: dict[str, Any], key: str, title: str
                ) -> tuple[str, list[list[float]]]:
        rows = final_view.get("chart") or []
        start = 2.0 if key == "legitimacy" else 0.0
        last = list(final_view[key])
        if key == "vp" and final_view.get("scores"):  # the end adds loyalty and hostages
            last = [s["total"] for s in final_view["scores"]]
        return title, [[start, *(float(r[key][p]) for r in rows), float(last[p])]
                       for p in range(final_view["players"])]

    def score_detail(self, final_view: dict[str, Any], seat: Seat) -> str:
        return words.score_detail(self, final_view, seat)

    def chart_axis(self) -> str:
        return tr("results.turn_axis")

    def hint_rect(self, action: Action) -> pygame.Rect | None:
        r = max(self.s(18), self.token_px())
        city = getattr(action, "city", None)
        castle = getattr(action, "castle", None)
        if isinstance(action, A.Move | A.AttackArmy) and city:
            x, y = self.city_screen(city)
            return pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)
        if castle:
            x, y = self.city_screen(self.city_of_castle(castle))
            return pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)
        box = getattr(action, "box", None)
        if box:
            return self.box_rect(box)
        cid = getattr(action, "card", None)
        hand = self.view.get("hand") or []
        if cid in hand and self.lay is not None:
            return self.lay.hand[hand.index(cid)]
        player = getattr(action, "player", None)
        if isinstance(player, int) and self.lay is not None and player in self.lay.panels:
            return self.lay.panels[player].rect
        five = self.five_rects()
        index = getattr(action, "index", None)
        if isinstance(index, int) and 0 <= index < len(five):
            return five[index]
        return self._dock_row_of(action)

    def _dock_row_of(self, action: Action) -> pygame.Rect | None:
        """The orders list's row that plays `action` or opens the group holding it (else
        its Back row, the way there), so a hint chosen in the list is ringed there too."""
        dock = self.dock_rows(self._last_legal)
        if dock is None:
            return None
        back = None
        for rect, _label, payload in dock[2]:
            if payload == action or (isinstance(payload, list) and action in payload):
                return rect
            if payload is None:
                back = rect
        return back

    # -- animation ----------------------------------------------------------------------------
    def tweens_for(self, events: list[Event], before: dict[str, Any]) -> list[list[Tween]]:
        out: list[list[Tween]] = []
        for ev in events:
            kind = ev["type"]
            if kind == "die_rolled":
                tray = DiceTray(size=self.s(52))
                tray.roll([(art.DICE[ev["die"]], art.die_face_index(ev["die"], ev["value"]))])
                out.append([Tween("dice", tray.duration + 0.25, {"ev": ev, "tray": tray},
                                  frozenset({("plate",)}))])
            elif kind == "shield_spent":
                out.append([Tween("shield", 0.35, {"seat": ev["seat"]})])
            elif kind == "moved" and len(ev["path"]) >= 2:
                dest = ev["path"][-1]
                out.append([Tween("march", 0.22 + 0.2 * (len(ev["path"]) - 1),
                                  {"seat": ev["seat"], "path": ev["path"], "n": ev["n"]},
                                  frozenset({("army_in", dest, ev["seat"], ev["n"])}))])
            elif kind == "battle_round":
                out.append([Tween("clash", 0.45, {"city": ev["city"], "loser": ev["loser"]})])
        return out

    def draw_tween(self, surface: pygame.Surface, tween: Tween) -> None:
        if tween.kind == "dice" and self.lay is not None:
            panels.draw_rolling(self, surface, self.lay, tween)
        elif tween.kind == "shield" and self.lay is not None:
            panels.draw_shield_flight(self, surface, self.lay, tween)
        elif tween.kind == "march":
            panels.draw_march(self, surface, tween)
        elif tween.kind == "clash":
            panels.draw_clash(self, surface, tween)

    # -- the end ------------------------------------------------------------------------------
    def final_lines(self) -> list[str]:
        return words.final_lines(self)

