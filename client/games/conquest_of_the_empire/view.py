"""Conquest of the Empire II on the table: the Roman map on a zoomable board, legions and
galleys as pictograms, a column of seats and the list of choices, battle dice.

Everything is public, so no curtain falls between players. Every move is one of the
rules' legal actions, chosen in small steps as the rules build them:
- on the map: a click on a province or zone plays the one legal action about it, or
  narrows the list of choices to that place when there are several; dragging a stack
  from a province (or galleys from a zone) to another place plays the step that move
  starts or continues (a land move from there, its destination, a naval move, a
  retreat...). Places the legal actions name light up; a drop where nothing is legal
  snaps back, and in a movement the rules' refusal says why (an enemy army in the way,
  a cut strait).
- on the panels over the map (`panels.py`): the auction's and the vote's buttons (read
  by the whole table), a unit clicked in the battle panel as a casualty, a unit dragged
  from the supply tray onto a lit place, which plays the recruit's steps in a row (the
  recruit, the place, the unit: `follow_up`); a drop where it cannot go snaps back and
  says why. The season's scoring is shown step by step until it is closed.
- in the column: every legal action as a line (paged), so anything the rules allow can
  be chosen by mouse alone, with unit pictograms on unit choices.
Hovering a place tells its Latin, Spanish and English names, coin, VP tiers, city and
holder, everyone's units and influence there, and the straits that touch it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from client import artwork, text
from client.anim import Tween
from client.art import conquest_of_the_empire as art
from client.board import Board
from client.board.pieces import PiecePictures
from client.games.base import (
    DrawContext,
    GameView,
    Kept,
    key_disc,
    rect_around,
    solid_core,
)
from client.games.conquest_of_the_empire import panels, words
from client.games.conquest_of_the_empire.layout import Layout, layout
from client.games.conquest_of_the_empire.panels import NOWHERE, Spot
from client.i18n import language, tr
from client.input import Intent
from client.widgets.dice import DiceTray
from rules import Action, Event, IllegalAction, Seat
from rules.conquest_of_the_empire import actions as A
from rules.maps import Area, load_topology

LIT_FILL = (255, 214, 96, 60)
LIT_LINE = (255, 214, 96, 235)
HOT_FILL = (255, 226, 130, 130)
SEA_LIT_FILL = (214, 240, 255, 70)
SEA_HOT_FILL = (232, 248, 255, 130)
"""A lit sea is lightened, not gilded: gold over the sea's blue reads as a grey-green
marsh, another colour of water, where the lit land looks like the land in sunlight."""
HOVER_FILL = (255, 255, 255, 40)
HOVER_LINE = (250, 244, 226, 200)
BATTLE_LINE = (200, 40, 30, 255)
BATTLE_FILL = (200, 40, 30, 40)
PLACE_FIELDS = ("origin", "dest", "place", "zone", "province")
KEEP_ZOOM = 0.85
"""The least share of the whole-board fit's size the map keeps while a panel pushes it down."""
Stack = tuple[str, tuple[float, float], tuple[Any, ...]]  # a place, its centre, its units
Discs = tuple[tuple[float, float], list[tuple[int | None, int]]]  # where, whose and how many
QUICK = ("done", "pass", "end_turn", "decline", "retreat", "continue", "pay_maintenance",
         "lend", "join_galleys", "veto")
"""Answers also offered as prompt buttons (they are in the list too)."""


def places_of(action: Action) -> set[str]:
    """The provinces and zones an action names."""
    out = set()
    for field in PLACE_FIELDS:
        value = getattr(action, field, None)
        if isinstance(value, str):
            out.add(value)
    return out


class ConquestView(GameView):
    game_id = "conquest_of_the_empire"
    design = (960, 600)

    def __init__(self, names: list[str], seats: list[dict[str, Any]]) -> None:
        super().__init__(names, seats)
        topo = load_topology("conquest_of_the_empire")
        self.topology = topo
        self.areas_by_key: dict[str, Area] = {a.key: a for a in topo.areas}
        self.painter = art.ConquestPainter(topo, language())
        self.board = Board(topo, self.painter)
        self.colours = [int(s.get("colour", i)) for i, s in enumerate(seats)]
        self.lay: Layout | None = None
        self.page = 0
        self.filter_key: str | None = None
        self.pending_dest: str | None = None
        self.held: str | None = None  # the place whose stack is being dragged
        self.held_pos: tuple[int, int] = (0, 0)
        self.flash = ""
        self.legal: list[Action] = []
        self.attack_dice = DiceTray(size=40)
        self.defend_dice = DiceTray(size=40)
        self.roll_seats: tuple[Seat | None, Seat | None] = (None, None)
        self._step = ""
        self._column = Kept()
        self.stacks: PiecePictures[tuple[Any, ...]] = PiecePictures(self._make_stack)
        self.discs: PiecePictures[tuple[int | None, int]] = PiecePictures(
            lambda disc, px: art.influence_disc(disc[0], disc[1], px))
        self._placed: tuple[object, list[Stack], list[Discs]] | None = None
        self._area_tip: tuple[tuple[str, str], object, str] | None = None
        self.board.warm_with(self._stack_jobs)  # a zoom step's stacks made ahead
        self.held_unit: str | None = None  # a unit being dragged from the supply tray
        self.plan: list[Action] = []  # the steps a drop still means (`follow_up`)
        self.dilectus = False  # the tray's switch: recruit with Dilectus (no chaos)
        self.bid_choice: int | None = None  # the auction panel's amount
        self.round_hits: dict[Seat, tuple[tuple[Any, Any], dict[str, int]]] = {}
        self.scoring: panels.Scoring | None = None  # the season's scoring being read
        self.scoring_draft: panels.Scoring | None = None  # ... being told
        self._hits_version = 0
        self._panels_sig: tuple[Any, ...] | None = None
        self._panels_pic: pygame.Surface | None = None
        self._panels_solid: list[tuple[pygame.Rect, pygame.Surface | None]] = []
        self._panels_found: tuple[tuple[Any, ...], object, list[Any]] | None = None
        self._tray_band = -1  # the supply tray's band the map was last laid out above

    # -- layout and state ------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, scale: float) -> None:
        super().layout(rect, scale)
        self.lay = layout(rect, len(self.names), self.scale)
        band = panels.tray_band(self)
        if self.lay.board != self.board.camera.viewport or band != self._tray_band:
            self._tray_band = band
            self.board.layout(self.lay.board, clear_bottom=band)
            self._panels_found = None  # the next frame measures an open panel's band again
        for tray in (self.attack_dice, self.defend_dice):
            tray.size = self.s(34)

    def show(self, view: dict[str, Any], viewer: Seat | None) -> None:
        super().show(view, viewer)
        if self.painter.lang != language():
            self.painter.set_language(language())
        step = f"{view.get('step')}:{view.get('actor')}:{view.get('act')}"
        if step != self._step:
            self._step, self.page, self.filter_key = step, 0, None
            self.bid_choice = None
        if self.pending_dest and view.get("step") == "move":
            self.filter_key, self.pending_dest = self.pending_dest, None
        battle = view.get("battle") or {}
        if not battle:
            self.attack_dice.set([])
            self.defend_dice.set([])
        elif not (self.attack_dice.rolling or self.defend_dice.rolling):
            self._set_dice(battle.get("last_roll") or [], battle, roll=False)
        self.tips = self._column_tips()

    def update(self, dt: float) -> None:
        self.board.update(dt)
        self.attack_dice.update(dt)
        self.defend_dice.update(dt)

    def acting_seat(self) -> Seat:
        to_act = self.view.get("to_act") or [0]
        return int(to_act[0])

    def card_cost(self, key: str) -> int:
        for entry in [*self.view.get("market", []), *self.view.get("senate_votes", [])]:
            if entry.get("card") == key:
                return int(entry.get("cost", 0))
        return 0

    def entries(self, legal: list[Action]) -> list[Action]:
        """The choices the column lists: all legal actions, or those about the chosen place."""
        if self.filter_key is None:
            return list(legal)
        narrowed = [a for a in legal if self.filter_key in places_of(a)]
        return narrowed or list(legal)

    # -- drawing ----------------------------------------------------------------------------
    def opaque_rect(self) -> pygame.Rect | None:
        """The map's viewport and, beside it, the column's strip (the column is kept as
        one opaque picture with the felt round it): the whole table, so the table puts
        back no felt under them."""
        if not self.view:
            return None
        viewport = pygame.Rect(self.board.camera.viewport)
        if self.lay is None or viewport != self.lay.board:
            return viewport
        return viewport.union(self._column_strip())

    def _column_strip(self) -> pygame.Rect:
        """The table right of the map: the column and the felt round it."""
        assert self.lay is not None
        right = self.lay.board.right
        return pygame.Rect(right, self.rect.y, max(0, self.rect.right - right), self.rect.h)

    def _chip_px(self) -> int:
        camera = self.board.camera
        return max(self.s(14), min(self.s(34), round(46 * camera.level_zoom(camera.level))))

    def draw(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        if not self.view or self.lay is None:
            return
        self.legal = ctx.legal
        self._draw_column(surface, ctx)
        self.board.fill_outside(surface, art.wild_texture())
        self.board.draw(surface)
        clip = surface.get_clip()
        surface.set_clip(self.board.camera.viewport)
        self._draw_lights(surface, ctx)
        self._draw_cities(surface)
        self._draw_influence(surface)
        self._draw_units(surface, ctx)
        self._draw_cut_straits(surface)
        if ("dice",) not in ctx.hidden:
            self._draw_dice(surface)
        self._draw_panels(surface, ctx)
        self._draw_held(surface)
        self._draw_flash(surface)
        panels.scoring_overlay(self, surface, ctx.hover)
        surface.set_clip(clip)

    def panels(self, legal: list[Action], surface: pygame.Surface | None = None,
               hover: tuple[int, int] = NOWHERE
               ) -> list[tuple[pygame.Rect, list[Spot]]]:
        """The panels over the map now, in drawing order (the battle, the supply tray, the
        auction or the vote): each one's rect and what a click on it may hit. None while the
        season's scoring covers the map: the list of choices still offers everything."""
        out: list[tuple[pygame.Rect, list[Spot]]] = []
        if self.scoring is not None:
            return out  # the season's scoring is read first (Close or Escape)
        for panel in (panels.battle_panel, panels.tray, panels.auction_panel,
                      panels.vote_panel):
            rect, spots = panel(self, legal, surface, hover)
            if rect is not None:
                out.append((rect, spots))
        return out

    def _draw_panels(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        """The panels over the map, kept as a picture while nothing they show changes, so a
        pan or a zoom under them costs a blit of their rects; drawn afresh while the layout
        audit records texts."""
        # Where the panels are, kept while what they show is the same (a pan or a zoom
        # moves nothing on them).
        shown = (id(self.view), tuple(ctx.legal), self.bid_choice, self.dilectus,
                 self.held_unit, self.scale, language(), tuple(self.board.camera.viewport),
                 self._hits_version, self.dice_height(), self.scoring is None)
        placed = self._panels_found
        if placed is None or placed[0] != shown or placed[1] is not self.view:
            placed = self._panels_found = (shown, self.view, self.panels(ctx.legal))
            self._keep_clear(ctx.legal)
        found = placed[2]
        if not found:
            return
        if text._recording is not None:
            self.panels(ctx.legal, surface, ctx.hover)
            return
        hot = next((sp.rect.topleft for _r, spots in found for sp in spots
                    if sp.rect.collidepoint(ctx.hover)), None)
        sig = (*shown, hot, surface.get_size())
        pic = self._panels_pic
        if sig != self._panels_sig or pic is None:
            if pic is None or pic.get_size() != surface.get_size():
                pic = self._panels_pic = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            pic.fill((0, 0, 0, 0))
            self.panels(ctx.legal, pic, ctx.hover)
            self._panels_sig = sig
            self._panels_solid = [solid_core(pic, rect, self.s(12), surface)
                                  for rect, _spots in found]
        margin = self.s(6)  # the panels' shadows
        for (rect, _spots), (core, solid) in zip(found, self._panels_solid, strict=True):
            area = rect.inflate(margin * 2, margin * 2).clip(pic.get_rect())
            if solid is None:
                surface.blit(pic, area, area)
                continue
            surface.blit(solid, core)  # a plain copy where the panel hides the map
            for edge in rect_around(area, core):  # blended only round its corners
                surface.blit(pic, edge, edge)

    def _keep_clear(self, legal: list[Action]) -> None:
        """Fit the map below the auction or the vote while one is open (the supply tray is
        not shown then), as far as it keeps `KEEP_ZOOM` of its size, and above the tray
        otherwise; the map moves only if the player has not panned or zoomed it. While a
        panel stays open its band only grows, so the map does not bob as the panel's
        controls come and go."""
        if self.scoring is not None:
            return
        top = 0
        for panel in (panels.auction_panel, panels.vote_panel):
            rect, _spots = panel(self, legal)
            if rect is not None:
                top = max(top, rect.bottom - self.board.camera.viewport.y + self.s(8))
        if top:
            top = max(top, self.board.clear_top)
            # No smaller than KEEP_ZOOM of the whole-board fit: a tall panel (the vote at
            # 130 %) then covers the map's northern edge rather than shrink it past reading.
            camera = self.board.camera
            least = KEEP_ZOOM * camera.whole_zoom() * camera.world_size[1]  # the map's height
            top = min(top, max(0, int(camera.viewport.h - least)))
        self.board.keep_clear(0 if top else self._tray_band, top)

    def bid_amount(self, bids: list[int]) -> int:
        """The auction panel's amount: the player's choice among the legal bids (the
        lowest until − or + is pressed)."""
        if self.bid_choice not in bids:
            self.bid_choice = bids[0]
        return int(self.bid_choice)

    def dice_height(self) -> int:
        """The dice plate's height on the map (0 when no dice are shown)."""
        trays = [t for t in (self.attack_dice, self.defend_dice) if t.dice]
        if not trays:
            return 0
        return len(trays) * (self.s(34) + self.s(10)) + self.s(10)

    def _draw_column(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        """The column, kept as a picture with the felt round it while nothing it shows
        changes (a pan or a zoom redraws only the map): `Kept`."""
        assert self.lay is not None
        lay = self.lay
        acting = set(self.view.get("to_act") or [])
        entries = self.entries(ctx.legal)
        hot = next((i for i, r in enumerate(lay.entries) if r.collidepoint(ctx.hover)), -1)
        pager = (lay.prev_page.collidepoint(ctx.hover), lay.next_page.collidepoint(ctx.hover))
        sig = (id(self.view), self.page, self.filter_key, hot, pager, tuple(sorted(acting)),
               tuple(entries), language(), tuple(lay.column), self.scale)
        self._column.draw(surface, [self._column_strip()], sig, ctx.drawn_over, lambda on: (
            panels.draw_column(self, on, lay, acting, entries, self.page, ctx.hover)))

    def _light(self, surface: pygame.Surface, key: str, fill: tuple[int, int, int, int],
               line: tuple[int, int, int, int], width: float = 3.0) -> None:
        area = self.areas_by_key[key]
        self.board.light(surface, (key, fill), [list(area.polygon)], fill, line,
                         width * self.scale)

    def _draw_lights(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        battle = self.view.get("battle") or {}
        if battle.get("place") in self.areas_by_key:
            self._light(surface, battle["place"], BATTLE_FILL, BATTLE_LINE, 4)
        lit = set()
        if self.held_unit is not None:
            lit = panels.recruit_targets(self, ctx.legal, self.acting_seat(), self.held_unit)
        else:
            for action in self.entries(ctx.legal):
                lit |= places_of(action)
        hot = self._key_at(self.held_pos) if self.held or self.held_unit else None
        for key in sorted(lit):
            if key in self.areas_by_key:
                chosen = key == hot or key == self.filter_key
                if self.areas_by_key[key].kind == "province":
                    fill = HOT_FILL if chosen else LIT_FILL
                else:
                    fill = SEA_HOT_FILL if chosen else SEA_LIT_FILL
                self._light(surface, key, fill, LIT_LINE, 3)
        hover = self._key_at(ctx.hover) if self.held is None and not self.board.panning else None
        if hover is not None and hover not in lit:
            self._light(surface, hover, HOVER_FILL, HOVER_LINE, 2)

    def _anchor(self, key: str) -> tuple[float, float]:
        area = self.areas_by_key[key]
        return self.board.to_screen(self.painter.centre(area))

    def _pieces(self) -> tuple[list[Stack], list[Discs]]:
        """Where the view's stacks and influence discs stand on the map (world points) and
        what each shows, listed once per view (a pan or a zoom only places them again)."""
        placed = self._placed
        if placed is not None and placed[0] is self.view:
            return placed[1], placed[2]
        stacks: list[Stack] = []
        for key, per_seat in self.view.get("units", {}).items():
            rows = tuple(
                (s, tuple((u, int(c[u])) for u in words.UNIT_ORDER if c.get(u)))
                for s, c in enumerate(per_seat) if c and any(c.values())
            )
            if key in self.areas_by_key and rows:
                stacks.append((key, self.painter.centre(self.areas_by_key[key]), rows))
        discs: list[Discs] = []
        neutral = self.view.get("neutral", {})
        for key, per_seat in self.view.get("influence", {}).items():
            if key not in self.areas_by_key:
                continue
            tokens: list[tuple[int | None, int]] = [
                (self.colours[s], n) for s, n in enumerate(per_seat) if n]
            if neutral.get(key):
                tokens.append((None, int(neutral[key])))
            if tokens:
                cx, cy = self.painter.centre(self.areas_by_key[key])
                discs.append(((cx - 150, cy - 20), tokens))
        self._placed = (self.view, stacks, discs)
        return stacks, discs

    def _draw_units(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        px = self._chip_px()
        view_rect = self.board.camera.viewport
        to_screen = self.board.to_screen
        for key, centre, rows in self._pieces()[0]:
            if key == self.held:
                continue
            cx, cy = to_screen(centre)
            img = self.stacks.drawn((rows, tuple(self.colours)), px)
            rect = img.get_rect(center=(round(cx), round(cy)))
            if rect.colliderect(view_rect):
                surface.blit(img, rect)

    def _stack_jobs(self, level: int, zoom: float) -> list[Any]:
        """Making each place's unit picture and influence discs at a level's size (the board
        runs these a little each frame, so a zoom step does not make them all at once)."""
        px = max(self.s(14), min(self.s(34), round(46 * zoom)))
        stacks, discs = self._pieces() if self.view else ([], [])
        colours = tuple(self.colours)
        # Only what is not made yet: a queue of jobs that do nothing would hold up the rest.
        todo = sorted({rows for _k, _c, rows in stacks
                       if not self.stacks.made((rows, colours), px)})
        chips = sorted({(unit, colours[seat], n) for rows in todo
                        for seat, kinds in rows for unit, n in kinds})
        disc_px = max(self.s(12), round(px * 0.8))
        tokens = sorted({token for _at, tokens in discs for token in tokens
                         if not self.discs.made(token, disc_px)}, key=repr)
        return [*(partial(art.unit_chip, unit, colour, px, n) for unit, colour, n in chips),
                *(partial(self.stacks.exact, (rows, colours), px) for rows in todo),
                *(partial(self.discs.exact, token, disc_px) for token in tokens)]

    def _make_stack(self, piece: tuple[Any, ...], px: int) -> pygame.Surface:
        """One place's units as one picture: a row per seat, a chip per unit type (so a
        crowded map costs a blit per place)."""
        rows, colours = piece
        step = round(px * 1.06)
        width = max(len(kinds) for _s, kinds in rows) * step
        img = pygame.Surface((max(1, width), step * len(rows)), pygame.SRCALPHA)
        for r, (seat, kinds) in enumerate(rows):
            x = (width - step * len(kinds)) / 2
            for unit, n in kinds:
                img.blit(art.unit_chip(unit, colours[seat], px, n), (round(x), r * step))
                x += step
        return img

    def _draw_influence(self, surface: pygame.Surface) -> None:
        px = max(self.s(12), round(self._chip_px() * 0.8))
        gap = px * 1.05
        for at, tokens in self._pieces()[1]:
            x, y = self.board.to_screen(at)
            for k, token in enumerate(tokens):
                img = self.discs.drawn(token, px)
                col, row = divmod(k, 3)
                surface.blit(img, img.get_rect(center=(round(x - col * gap),
                                                       round(y + (row - 1) * gap))))

    def _draw_cities(self, surface: pygame.Surface) -> None:
        px = max(self.s(12), round(self._chip_px() * 0.7))
        printed = {str(p.label): p for p in self.topology.places if p.kind == "city"}
        for key, holder in self.view.get("cities", {}).items():
            if key not in self.areas_by_key:
                continue
            area = self.areas_by_key[key]
            name = str(area.properties.get("city", ""))
            place = printed.get(name)
            if place is None:  # a city built by Colonia
                cx, cy = self.painter.centre(area)
                at = self.board.to_screen((cx + 90, cy - 40))
                art.temple(surface, at, 20 * self.board.zoom)
            else:
                at = self.board.to_screen(place.position)
            if holder is not None:
                img = art.holder_flag(self.colours[holder], px)
                surface.blit(img, img.get_rect(bottomleft=(round(at[0] + px * 0.3),
                                                           round(at[1]))))

    def _draw_cut_straits(self, surface: pygame.Surface) -> None:
        seat = self.viewer if self.viewer is not None else self.acting_seat()
        cut = set((self.view.get("cut_straits") or [[]] * (seat + 1))[seat])
        r = max(self.s(6), round(18 * self.board.zoom))
        for route in self.topology.routes:
            if route.key in cut:
                x, y = self.board.to_screen(route.points[len(route.points) // 2])
                for dx in (-1, 1):
                    pygame.draw.line(surface, (190, 30, 24), (x - r, y - r * dx),
                                     (x + r, y + r * dx), max(2, self.s(4)))

    def _set_dice(self, last_roll: list[Any], battle: dict[str, Any], roll: bool) -> None:
        attacker = battle.get("attacker")
        rows: dict[str, list[int]] = {"a": [], "d": []}
        seats: list[Seat | None] = [None, None]
        for seat, faces in last_roll:
            side = "a" if seat == attacker else "d"
            rows[side] = [int(f) for f in faces]
            seats[0 if side == "a" else 1] = seat
        self.roll_seats = (seats[0], seats[1])
        for tray, kind, faces in ((self.attack_dice, art.ATTACK_DIE, rows["a"]),
                                  (self.defend_dice, art.BATTLE_DIE, rows["d"])):
            dice = [(kind, f) for f in faces]
            if roll and dice:
                tray.roll(dice)
            else:
                tray.set(dice)

    def _draw_dice(self, surface: pygame.Surface, at: float | None = None) -> None:
        assert self.lay is not None
        box = self.lay.dice
        trays = [(t, s) for t, s in ((self.attack_dice, self.roll_seats[0]),
                                     (self.defend_dice, self.roll_seats[1])) if t.dice]
        if not trays:
            return
        size = self.s(34)
        height = self.dice_height()
        plate = pygame.Rect(box.x, box.y, box.w, height)
        pygame.draw.rect(surface, (236, 224, 192), plate, border_radius=self.s(8))
        pygame.draw.rect(surface, (90, 64, 40), plate, self.s(2), border_radius=self.s(8))
        y = plate.y + self.s(10) + size // 2
        for tray, seat in trays:
            if seat is not None:
                artwork.draw_seat_marker(surface, (plate.x + self.s(18), y), self.s(9),
                                         self.colours[seat])
            width = len(tray.dice) * (size + tray.gap)
            tray.place((plate.x + self.s(40) + width // 2, y), size)
            tray.draw(surface, at)
            y += size + self.s(10)

    def _draw_held(self, surface: pygame.Surface) -> None:
        if self.held_unit is not None:
            px = self.s(36)
            img = art.unit_chip(self.held_unit, self.colours[self.acting_seat()], px, 1, True)
            surface.blit(img, img.get_rect(center=self.held_pos))
            return
        if self.held is None:
            return
        seat = self.acting_seat()
        counts = (self.view.get("units", {}).get(self.held) or [{}] * (seat + 1))[seat] or {}
        kinds = [u for u in words.UNIT_ORDER if counts.get(u)]
        px = self.s(30)
        x = self.held_pos[0] - px * len(kinds) / 2
        for unit in kinds:
            img = art.unit_chip(unit, self.colours[seat], px, int(counts[unit]), True)
            surface.blit(img, (round(x), self.held_pos[1] - px // 2))
            x += px

    def _draw_flash(self, surface: pygame.Surface) -> None:
        if not self.flash:
            return
        vp = self.board.camera.viewport
        size = self.text_px(16)
        fit = text.fit(self.flash, size, vp.w - self.s(40), bold=True, max_lines=3,
                       floor=text.floor_px(self.scale))
        box = pygame.Rect(0, 0, fit.width + self.s(20), fit.height + self.s(10))
        box.midbottom = (vp.centerx, vp.bottom - self.s(10))
        for rect, _spots in self.panels(self.legal):
            if rect.colliderect(box):  # above the supply tray (or a panel low on the map)
                box.bottom = min(box.bottom, rect.y - self.s(8))
        with text.layer("flash"):
            pygame.draw.rect(surface, (30, 26, 22), box, border_radius=self.s(8))
            self.text(surface, self.flash, 16, box.inflate(-self.s(20), -self.s(10)),
                      (250, 240, 214), True, "center", "middle", 3)

    # -- gestures ---------------------------------------------------------------------------
    def _key_at(self, pos: tuple[int, int]) -> str | None:
        area = self.board.area_at(pos)
        if area is None or area.kind not in ("province", "sea"):
            return None
        return area.key

    def gesture(self, intent: Intent, legal: list[Action]) -> bool:
        rect, buttons = panels.scoring_overlay(self)
        if rect is not None and intent.kind in ("click", "drag", "drop") and rect.collidepoint(
                intent.start if intent.kind != "click" else intent.pos):
            if intent.kind == "click":  # the scoring is read whoever's turn it is
                for spot in buttons:
                    if spot.rect.collidepoint(intent.pos):
                        panels.scoring_command(self, spot.command)
            return True
        return self.board.camera_gesture(
            intent, lambda start: self.held is None and self.held_unit is None
            and self._panel_at(start) is None and self._stack_at(start, legal) is None)

    def _panel_at(self, pos: tuple[int, int]) -> tuple[pygame.Rect, list[Spot]] | None:
        for rect, spots in reversed(self.panels(self.legal)):
            if rect.collidepoint(pos):
                return rect, spots
        return None

    def _spot_at(self, pos: tuple[int, int], legal: list[Action]) -> Spot | None:
        for rect, spots in reversed(self.panels(legal)):
            if rect.collidepoint(pos):
                return next((sp for sp in spots if sp.rect.collidepoint(pos)), None)
        return None

    def _stack_at(self, pos: tuple[int, int], legal: list[Action]) -> str | None:
        """A place whose units the acting seat may pick up now (a stack or galleys)."""
        key = self._key_at(pos)
        if key is None or not legal:
            return None
        seat = self.acting_seat()
        counts = (self.view.get("units", {}).get(key) or [{}] * (seat + 1))[seat] or {}
        if not any(counts.values()):
            return None
        movers = (A.LandMove, A.MoveGalleys, A.MoveTo, A.NavalMove, A.RetreatTo)
        return key if any(isinstance(a, movers) for a in legal) else None

    def drag(self, start: tuple[int, int], pos: tuple[int, int], legal: list[Action]) -> None:
        if self.held is None and self.held_unit is None:
            spot = self._spot_at(start, legal)
            if spot is not None and spot.command == "unit" and spot.enabled:
                self.held_unit = spot.label
            elif self._panel_at(start) is None:
                self.held = self._stack_at(start, legal)
            self.flash = ""
        self.held_pos = pos

    def drop(self, start: tuple[int, int], pos: tuple[int, int],
             legal: list[Action]) -> Action | None:
        if self.held_unit is not None:
            return self._drop_unit(pos, legal)
        origin, self.held = self.held, None
        if origin is None:
            return None
        dest = self._key_at(pos)
        if dest is None or dest == origin:
            return None
        for choice in (A.MoveTo(dest, False), A.MoveTo(dest, True), A.RetreatTo(dest),
                       A.NavalMove(dest)):
            if choice in legal:
                return choice
        galleys = [a for a in legal if isinstance(a, A.MoveGalleys) and a.origin == origin]
        if galleys:
            return max(galleys, key=lambda a: a.count)
        if A.LandMove(origin) in legal:
            self.pending_dest = dest
            return A.LandMove(origin)
        if self.view.get("step") == "move":
            return A.MoveTo(dest, False)  # the rules say why not (unreachable, a cut strait)
        self.flash = tr("coe.illegal.not_legal_target")
        return None

    def _drop_unit(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        """A unit dragged from the supply: recruit it where it lands, or snap back and say
        why not."""
        unit, self.held_unit = self.held_unit, None
        self.plan = []
        dest = self._key_at(pos)
        if unit is None or dest is None or self._panel_at(pos) is not None:
            return None
        why = words.recruit_refusal(self, legal, self.acting_seat(), unit, dest)
        if why:
            self.flash = why
            return None
        first, self.plan = panels.recruit_plan(self, legal, unit, dest)
        return first

    def follow_up(self, legal: list[Action]) -> Action | None:
        if not self.plan:
            return None
        action = self.plan.pop(0)
        if action in legal:
            return action
        self.plan = []
        return None

    def cancel(self) -> None:
        self.board.pan_from = None
        if self.held is None and self.held_unit is None:
            self.scoring = None  # Escape puts the season's scoring away
        self.held, self.held_unit, self.filter_key = None, None, None
        self.plan = []

    def click(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        self.flash = ""
        lay = self.lay
        if lay is None or not self.view:
            return None
        if lay.choices.collidepoint(pos):
            return self._click_column(pos, legal)
        if self._panel_at(pos) is not None:
            spot = self._spot_at(pos, legal)
            if spot is None or not spot.enabled:
                return None
            if spot.action is not None:
                return spot.action if spot.action in legal else None
            self._panel_command(spot.command, legal)
            return None
        key = self._key_at(pos)
        if key is None:
            self.filter_key = None
            return None
        about = [a for a in legal if key in places_of(a)]
        if len(about) == 1:
            self.filter_key = None
            return about[0]
        self.filter_key = key if about else None
        self.page = 0
        return None

    def _panel_command(self, name: str, legal: list[Action]) -> None:
        bids = sorted(a.amount for a in legal if isinstance(a, A.Bid))
        if name in ("bid-", "bid+") and bids:
            k = bids.index(self.bid_amount(bids)) + (1 if name == "bid+" else -1)
            self.bid_choice = bids[max(0, min(len(bids) - 1, k))]
        elif name == "dilectus":
            self.dilectus = not self.dilectus

    def _click_column(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        assert self.lay is not None
        entries = self.entries(legal)
        per = len(self.lay.entries)
        pages = max(1, -(-len(entries) // per))
        self.page = min(self.page, pages - 1)  # the list may have shrunk since it was paged
        if self.lay.prev_page.collidepoint(pos) and pages > 1:
            self.page = max(0, self.page - 1)
            return None
        if self.lay.next_page.collidepoint(pos) and pages > 1:
            self.page = min(pages - 1, self.page + 1)
            return None
        shown = entries[self.page * per:(self.page + 1) * per]
        for rect, action in zip(self.lay.entries, shown, strict=False):
            if rect.collidepoint(pos):
                self.filter_key = None
                return action
        return None

    def key_spots(self, legal: list[Action]) -> list[pygame.Rect]:
        """When the prompt has no buttons (naming A or B, an opening bid, a casualty), the
        keys 1–9 press the panels' choices: − and + and the bid, a seat, a unit to lose."""
        out = []
        for _rect, spots in self.panels(legal):
            for spot in spots:
                if spot.enabled and (spot.action in legal or spot.command in ("bid-", "bid+")):
                    out.append(spot.rect)
        return out

    def draw_key(self, surface: pygame.Surface, number: int,
                 rect: pygame.Rect) -> pygame.Rect | None:
        """The key's number as a badge on the choice's top-left corner, clear of its words
        (the panels' buttons are only as wide as their words)."""
        r = max(6, self.s(8))
        centre = (rect.x + self.s(1), rect.y + self.s(1))
        pygame.draw.circle(surface, artwork.INK, centre, r)
        pygame.draw.circle(surface, artwork.ACCENT, centre, r, max(1, self.s(2)))
        text.label(surface, str(number), max(10, round(r * 1.3)), centre, artwork.PARCHMENT,
                   bold=True, anchor="center")
        return key_disc(centre, r)

    def hint_rect(self, action: Action) -> pygame.Rect | None:
        for _rect, spots in self.panels(self.legal):
            for spot in spots:
                if spot.action == action:
                    return spot.rect
        keys = [k for k in places_of(action) if k in self.areas_by_key]
        if not keys:
            return self._entry_of(action)
        x, y = self._anchor(keys[-1])
        return pygame.Rect(round(x) - self.s(30), round(y) - self.s(30), self.s(60), self.s(60))

    def _entry_of(self, action: Action) -> pygame.Rect | None:
        """The column's row that plays `action` (on another page: the pager's way there),
        so a hint chosen in the list of choices is ringed there too."""
        entries = self.entries(self.legal)
        if self.lay is None or not self.lay.entries or action not in entries:
            return None
        per = len(self.lay.entries)
        page = entries.index(action) // per
        if page < self.page:
            return self.lay.prev_page
        if page > self.page:
            return self.lay.next_page
        return self.lay.entries[entries.index(action) % per]

    # -- words ------------------------------------------------------------------------------
    def tip_at(self, pos: tuple[int, int]) -> str | None:
        if self.held is not None or self.held_unit is not None or self.board.panning \
                or not self.view:
            return None
        sc_rect, _buttons = panels.scoring_overlay(self)
        if sc_rect is not None and sc_rect.collidepoint(pos):
            return None
        if self._panel_at(pos) is not None:
            spot = self._spot_at(pos, self.legal)
            return (spot.tip or None) if spot is not None else None
        if self.lay is not None and self.lay.choices.collidepoint(pos):
            entries = self.entries(self.legal)
            per = len(self.lay.entries)
            shown = entries[self.page * per:(self.page + 1) * per]
            for rect, action in zip(self.lay.entries, shown, strict=False):
                if rect.collidepoint(pos):
                    tip, label = words.action_tip(self, action), words.action_label(self, action)
                    box = panels.entry_words_box(self, rect, action)
                    if tip == label and self.fits(label, panels.ENTRY_TEXT, box):
                        return None  # the entry shows all the tip would say
                    return tip
            return None
        key = self._key_at(pos)
        if not key:
            return None
        said = self._area_tip  # the same words while the pointer stays on the place
        if said is None or said[0] != (key, language()) or said[1] is not self.view:
            said = self._area_tip = ((key, language()), self.view, words.area_tip(self, key))
        return said[2]

    def _column_tips(self) -> list[tuple[pygame.Rect, str]]:
        if self.lay is None or not self.view:
            return []
        return [(rect, words.seat_tip(self, s)) for s, rect in enumerate(self.lay.seats)]

    everything_public = True

    def needs_private_view(self, seat: Seat) -> bool:
        return False  # everything but the deck and the token bag is public

    def prompt_actions(self, seat: Seat, legal: list[Action]) -> list[Action]:
        return [a for a in legal if a.type in QUICK]

    def prompt(self, seat: Seat, legal: list[Action]) -> str:
        return words.prompt(self, seat, legal)

    def action_label(self, action: Action) -> str:
        return words.action_label(self, action)

    def action_tip(self, action: Action) -> str:
        return words.action_tip(self, action)

    def refusal(self, exc: IllegalAction) -> str:
        return words.refusal(self, exc)

    def status(self) -> str:
        return words.status(self)

    def describe(self, ev: Event) -> str | None:
        return words.describe(self, ev)

    def score_text(self, score: float) -> str:
        return tr("coe.results.vp", n=int(score))

    def chart_axis(self) -> str:
        return tr("coe.axis")

    def chart(self, final_view: dict[str, Any],
              history: list[dict[str, Any]]) -> tuple[str, list[list[float]]] | None:
        """Each seat's VP at the end of every season, from the final view's record."""
        seasons = final_view.get("history") or []
        players = int(final_view.get("players", len(self.names)))
        return tr("coe.chart"), [
            [0.0] + [float(season[p]["vp"]) for season in seasons] for p in range(players)
        ]

    # -- animation --------------------------------------------------------------------------
    def tweens_for(self, events: list[Event], before: dict[str, Any]) -> list[list[Tween]]:
        out: list[list[Tween]] = []
        rolls: list[Any] = []
        panels.collect_scoring(self, events)
        place = (self.view.get("battle") or before.get("battle") or {}).get("place")
        for ev in events:
            if ev["type"] == "battle_started":
                self.round_hits = {}
            if ev["type"] == "dice_rolled":
                rolls.append([ev["seat"], ev["faces"]])
                hits = {str(u): int(n) for u, n in (ev.get("hits") or {}).items() if n}
                self.round_hits[int(ev["seat"])] = ((place, ev.get("round")), hits)
                self._hits_version += 1
        if rolls:
            battle = self.view.get("battle") or before.get("battle") or {}
            self._set_dice(rolls, battle, roll=True)
            duration = max(self.attack_dice.duration, self.defend_dice.duration)
            out.append([Tween("dice", duration, {}, frozenset({("dice",)}))])
        return out

    def draw_tween(self, surface: pygame.Surface, tween: Tween) -> None:
        if tween.kind == "dice":
            clip = surface.get_clip()
            surface.set_clip(self.board.camera.viewport)
            self._draw_dice(surface, tween.elapsed)
            surface.set_clip(clip)
