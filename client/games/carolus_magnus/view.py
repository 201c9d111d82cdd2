"""Carolus Magnus on the table: the ring of territories on a zoomable board, the seat panels,
the Emperor dragged clockwise, cubes dragged from the reserve, discs and clan dice.

Gestures become actions taken from `legal_actions` only: a cube dragged from the
reserve onto a territory plays `play_to_territory`, onto the court `play_to_court`; the
Emperor dragged onto a territory plays `move_emperor` with the steps clockwise to it;
discs and crown colours are clicked. While something is held, the targets its legal
actions allow light up; a drop elsewhere snaps back, and the rules' refusal (when the
drop asked for an action) is shown as a sentence by the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from client import artwork, resources, text
from client.anim import Tween, lerp
from client.art import carolus as art
from client.board import Board
from client.games.base import DrawContext, GameView, Kept, lit_key, thinking_dots
from client.games.carolus_magnus import words
from client.games.carolus_magnus.layout import SeatPanel, board_viewport, seat_panels
from client.games.carolus_magnus.panels import PanelPainter, label
from client.i18n import error_sentence, tr
from client.input import Intent
from client.widgets.dice import DiceTray
from rules import Action, Event, IllegalAction, Seat
from rules.carolus_magnus import (
    ChooseColour,
    LayDisc,
    MoveEmperor,
    PlayToCourt,
    PlayToTerritory,
    RollDice,
)
from rules.maps import load_topology

COLOURS = art.CLAN_ORDER
FACE_VALUE = {c: i + 1 for i, c in enumerate((*COLOURS, "crown"))}
LIT_FILL = (255, 214, 96, 70)
LIT_LINE = (255, 214, 96, 255)
HOT_FILL = (255, 226, 130, 140)
ACCENT_LINE = artwork.ACCENT
COUNT_INK = (250, 246, 232)
COUNT_SHADOW = (20, 16, 12)
REACH_FILL = (255, 214, 96, 28)
REACH_LINE = (255, 214, 96, 150)
HOVER_FILL = (255, 255, 255, 36)
HOVER_LINE = (250, 244, 226, 200)


class CarolusView(GameView):
    game_id = "carolus_magnus"

    def __init__(self, names: list[str], seats: list[dict[str, Any]]) -> None:
        super().__init__(names, seats)
        topo = load_topology("carolus_magnus")
        self.topology = topo
        self.painter = art.CarolusPainter(topo)
        self.board = Board(topo, self.painter)
        self.panels: dict[int, SeatPanel] = {}
        self.colours = [int(s.get("colour", i)) for i, s in enumerate(seats)]
        self.paint = PanelPainter(names, self.colours, 1.0)
        self.dice = DiceTray()
        self.held: tuple[str, str] | None = None  # ("cube", colour) or ("emperor", "")
        self.held_pos: tuple[int, int] = (0, 0)
        self.carried = False  # held after a click (not a drag): the next click puts it down
        self.flash = ""
        self.serial = 0
        self._sides = Kept()  # the seats' panels with the felt round them, beside the map
        self._held_at: list[pygame.Rect] = []  # where a carried piece was drawn last frame
        self.board.warm_with(self._warm_jobs)  # pieces made ahead of a zoom step
        self.spots: dict[int, dict[str, tuple[float, float]]] = {
            p.area: {} for p in topo.places if p.area is not None
        }
        for place in topo.places:
            if place.area is not None:
                self.spots[place.area][place.kind] = place.position
        xs = [x for a in topo.areas_of("territory") for x, _ in a.polygon]
        ys = [y for a in topo.areas_of("territory") for _, y in a.polygon]
        pad = 24.0
        self.focus = (
            min(xs) - pad,
            min(ys) - pad,
            max(xs) - min(xs) + 2 * pad,
            max(ys) - min(ys) + 2 * pad,
        )

    # -- layout and state ---------------------------------------------------------------
    design = (860, 560)  # two seat panels a column high, beside a ring you can read

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        super().layout(rect, scale)
        scale = self.scale
        players = len(self.names)
        self.panels = seat_panels(rect, players, scale)
        self.paint = PanelPainter(self.names, self.colours, scale)
        viewport = board_viewport(rect, players, scale)
        if viewport != self.board.camera.viewport:  # keep the player's zoom across rebuilds
            self.board.layout(viewport, self.focus)
        self.dice.size = self.s(34)

    def show(self, view: dict[str, Any], viewer: Seat | None) -> None:
        super().show(view, viewer)
        self.serial += 1
        self.painter.set_territories([t["tiles"] for t in view["territories"]])
        if view["dice"] and not self.dice.rolling:
            self.dice.set([(art.CLAN_DIE, FACE_VALUE[f]) for f in view["dice"]])
        elif not view["dice"] and not self.dice.rolling:
            self.dice.set([])  # (dice still rolling are the table's view from before them)
        self.tips = self._panel_tips()

    def update(self, dt: float) -> None:
        self.board.update(dt)
        self.dice.update(dt)

    def _warm_jobs(self, level: int, zoom: float) -> list[Callable[[], object]]:
        """The pieces' pictures at a level's size: the board makes them a little each frame
        for this level and the next ones, so the first frames of a zoom step do not pay."""
        px = max(self.s(15), min(self.s(40), round(50 * zoom)))
        font_px = max(self.s(14), round(px * 0.72))
        jobs: list[Callable[[], object]] = [partial(art.cube, c, px) for c in COLOURS]
        jobs += [partial(art.tower, c, px + self.s(3)) for c in sorted(set(self.colours))]
        jobs.append(partial(art.emperor, max(self.s(26), min(self.s(60), round(70 * zoom)))))
        jobs += [
            partial(resources.text, str(n), font_px, ink, True)
            for n in range(2, 13)
            for ink in (COUNT_INK, COUNT_SHADOW)
        ]
        return jobs

    # -- small lookups ---------------------------------------------------------------------------
    def territory(self, tid: int) -> dict[str, Any]:
        for t in self.view["territories"]:
            if t["id"] == tid:
                found: dict[str, Any] = t
                return found
        raise KeyError(tid)

    def territory_at(self, pos: tuple[int, int]) -> dict[str, Any] | None:
        area = self.board.area_at(pos, "territory")
        if area is None or not self.view:
            return None
        return self.territory(self.view["tile_territory"][str(area.id)])

    def territory_name(self, tid: int) -> str:
        return words.territory_name(self.topology, self.territory(tid)["tiles"])

    def emperor_pos(self) -> tuple[float, float]:
        t = self.territory(self.view["emperor"])
        tiles: list[int] = t["tiles"]
        return self.spots[tiles[len(tiles) // 2]]["emperor"]

    def _emperor_screen_rect(self) -> pygame.Rect:
        size = self._emperor_px()
        x, y = self.board.to_screen(self.emperor_pos())
        return pygame.Rect(0, 0, size, round(size * 1.3)).move(
            round(x - size / 2), round(y - size * 0.8)
        )

    def _level_zoom(self) -> float:
        """The zoom of the level the camera is at or heading to: pieces take their size from
        it, so a zoom easing between levels reuses their pictures instead of redrawing them."""
        camera = self.board.camera
        return camera.level_zoom(camera.level)

    def _emperor_px(self) -> int:
        return max(self.s(26), min(self.s(60), round(70 * self._level_zoom())))

    def _token_px(self) -> int:
        return max(self.s(15), min(self.s(40), round(50 * self._level_zoom())))

    # -- drawing ---------------------------------------------------------------------------------
    def opaque_rect(self) -> pygame.Rect | None:
        """The whole table: the map in the board's viewport, the seats' panels on their
        felt round it (`_draw_sides`)."""
        return pygame.Rect(self.rect) if self.view else None

    def _draw_sides(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        """The seats' panels and the felt round them (the table less the map), kept as
        pictures while nothing on them changes; an AI's thinking dots change them."""
        lit = {seat: self._panel_lit(seat, ctx) for seat in self.panels}
        dots = thinking_dots(ctx.now) if ctx.thinking is not None else 0
        # `serial` changes with every view shown, and every layout shows the view again.
        sig = (self.serial, tuple(lit_key(lit[seat]) for seat in sorted(lit)), ctx.thinking,
               dots)
        felt = partial(artwork.table_background, surface.get_size())
        viewport = self.board.camera.viewport

        def paint(on: pygame.Surface) -> None:
            for seat, panel in self.panels.items():
                self.paint.draw(on, panel, self.view, lit[seat], seat == ctx.thinking,
                                ctx.now, self.serial, felt, viewport)

        self._sides.draw(surface, self.beside(viewport), sig, ctx.drawn_over, paint,
                         self._held_at)

    def draw(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        if not self.view:
            return
        self._draw_sides(surface, ctx)
        self.board.fill_outside(surface, art.table_texture())
        self.board.draw(surface)
        clip = surface.get_clip()
        surface.set_clip(self.board.camera.viewport)
        self._draw_owners(surface)
        self._draw_targets(surface, ctx)
        for t in self.view["territories"]:
            self._draw_territory(surface, t, ctx)
        self._draw_centre(surface, ctx)
        if ("emperor",) not in ctx.hidden and not (self.held and self.held[0] == "emperor"):
            self._draw_emperor(surface, self.board.to_screen(self.emperor_pos()), ctx)
        surface.set_clip(clip)
        self._draw_held(surface)
        self._draw_hint(surface)

    def _draw_owners(self, surface: pygame.Surface) -> None:
        for t in self.view["territories"]:
            if t["owner"] is None:
                continue
            colour = artwork.SEAT_COLOURS[self.colours[t["owner"]] % len(artwork.SEAT_COLOURS)]
            polys, joins = self.painter.shape(t["tiles"])
            self.board.light(
                surface,
                ("owner", tuple(t["tiles"]), t["owner"]),
                polys,
                (*colour, 46),
                (*colour, 230),
                4 * self.scale,
                joins,
            )

    def _draw_targets(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        lit = self.lit_territories(ctx.legal)
        # Before anything is picked up, the Emperor's reachable lands show faintly, numbered.
        steps = {
            self.emperor_target(a.steps): a.steps for a in ctx.legal if isinstance(a, MoveEmperor)
        }
        hover = (
            self.territory_at(ctx.hover) if self.held is None and not self.board.panning else None
        )
        hot = self.territory_at(self.held_pos) if self.held is not None else None
        for t in self.view["territories"]:
            key = tuple(t["tiles"])
            polys, joins = self.painter.shape(t["tiles"])
            if t["id"] in lit:
                fill = HOT_FILL if hot is not None and hot["id"] == t["id"] else LIT_FILL
                self.board.light(
                    surface, ("lit", key, fill), polys, fill, LIT_LINE, 4 * self.scale, joins
                )
            elif t["id"] in steps and self.held is None:
                self.board.light(
                    surface, ("reach", key), polys, REACH_FILL, REACH_LINE, 3 * self.scale, joins
                )
            elif hover is not None and hover["id"] == t["id"]:
                self.board.light(
                    surface, ("hover", key), polys, HOVER_FILL, HOVER_LINE, 2 * self.scale, joins
                )

        if self.held is None or self.held[0] == "emperor":
            for tid, n in steps.items():
                self._step_badge(surface, tid, n)

    def _step_badge(self, surface: pygame.Surface, tid: int, steps: int) -> None:
        """A round badge with the number of steps the Emperor takes to reach `tid`."""
        tiles = self.territory(tid)["tiles"]
        x, y = self.board.to_screen(self.spots[tiles[len(tiles) // 2]]["emperor"])
        r = self.s(11)
        # Towards the ring's middle from where the Emperor would stand: onto the track,
        # clear of the cubes in the tile.
        mx, my = self.board.to_screen(self.painter.middle)
        d = math.hypot(mx - x, my - y) or 1.0
        shift = r * 1.6
        centre = (round(x + (mx - x) / d * shift), round(y + (my - y) / d * shift))
        pygame.draw.circle(surface, (40, 30, 20), (centre[0] + 1, centre[1] + 2), r)
        pygame.draw.circle(surface, art.ACCENT_RING, centre, r)
        pygame.draw.circle(surface, (40, 30, 20), centre, r, max(1, self.s(2)))
        label(surface, str(steps), self.s(15), centre, (40, 30, 20), True, "center")

    def lit_territories(self, legal: list[Action]) -> set[int]:
        """Territories the held piece may go to now (from the legal actions only)."""
        if self.held is None:
            return set()
        kind, colour = self.held
        if kind == "cube":
            return {
                a.territory for a in legal if isinstance(a, PlayToTerritory) and a.colour == colour
            }
        if kind == "emperor":
            return {self.emperor_target(a.steps) for a in legal if isinstance(a, MoveEmperor)}
        return set()

    def emperor_target(self, steps: int) -> int:
        """The territory `steps` clockwise from the Emperor."""
        terrs = self.view["territories"]
        here = next(i for i, t in enumerate(terrs) if t["id"] == self.view["emperor"])
        return int(terrs[(here + steps) % len(terrs)]["id"])

    def steps_to(self, tid: int) -> int:
        terrs = self.view["territories"]
        ids = [t["id"] for t in terrs]
        here = ids.index(self.view["emperor"])
        return (ids.index(tid) - here) % len(ids)

    def _draw_territory(self, surface: pygame.Surface, t: dict[str, Any], ctx: DrawContext) -> None:
        if t["owner"] is not None:
            px = self._token_px() + self.s(3)
            for tile in t["tiles"]:
                x, y = self.board.to_screen(self._castle_spot(tile))
                img = art.tower(self.colours[t["owner"]], px)
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
        groups = [(c, n) for c, n in t["cubes"].items() if n]
        hidden = {h[2] for h in ctx.hidden if h[0] == "cube_in" and h[1] == t["id"]}
        groups = [(c, n - (1 if c in hidden else 0)) for c, n in groups]
        groups = [(c, n) for c, n in groups if n > 0]
        if not groups:
            return
        tiles = t["tiles"]
        per = math.ceil(len(groups) / len(tiles))
        for i, tile in enumerate(tiles):
            part = groups[i * per : (i + 1) * per]
            if part:
                self._draw_cube_group(
                    surface, self.board.to_screen(self.spots[tile]["centre"]), part
                )

    def _castle_spot(self, tile: int) -> tuple[float, float]:
        """The map's castle spot, a little nearer the middle: clear of the tile's numeral."""
        (x, y), (mx, my) = self.spots[tile]["castle"], self.painter.middle
        d = math.hypot(x - mx, y - my) or 1.0
        return (x - (x - mx) / d * 16, y - (y - my) / d * 16)

    def _draw_cube_group(
        self, surface: pygame.Surface, centre: tuple[float, float], groups: list[tuple[str, int]]
    ) -> None:
        size = self._token_px()
        font_px = max(self.s(14), round(size * 0.72))
        digit = resources.font(font_px, True).size("0")[0]
        cell_w = size + digit + self.s(7)
        rows = [groups[:3], groups[3:]] if len(groups) > 3 else [groups]
        row_h = size + self.s(5)
        y0 = centre[1] - row_h * len(rows) / 2
        for r, row in enumerate(rows):
            x0 = centre[0] - cell_w * len(row) / 2
            for k, (colour, n) in enumerate(row):
                x = round(x0 + k * cell_w)
                y = round(y0 + r * row_h)
                surface.blit(art.cube(colour, size), (x, y))
                if n > 1:
                    img = resources.text(str(n), font_px, COUNT_INK, True)
                    shadow = resources.text(str(n), font_px, COUNT_SHADOW, True)
                    at = img.get_rect(midleft=(x + size, y + size * 0.55))
                    for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
                        surface.blit(shadow, at.move(dx, dy))
                    text.blit(surface, img, at, str(n))

    def _draw_emperor(
        self, surface: pygame.Surface, at: tuple[float, float], ctx: DrawContext
    ) -> pygame.Rect:
        """The emperor standing at `at`; where it was drawn."""
        movable = any(isinstance(a, MoveEmperor) for a in ctx.legal)
        size = self._emperor_px()
        img = art.emperor(size, movable)
        where = img.get_rect(midbottom=(round(at[0]), round(at[1] + size * 0.5)))
        surface.blit(img, where)
        return where

    def _draw_centre(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        cx, cy = self.board.to_screen(self.painter.middle)
        v = self.view
        size = self.s(20)
        label(
            surface,
            tr("cm.round", n=v["round"]),
            self.s(16),
            (round(cx), round(cy - self.s(96))),
            (236, 226, 200),
            True,
            "center",
        )
        self._draw_laid(surface, (cx, cy - self.s(62)))
        choosing = self._crown_choices(ctx.legal)
        cols = list(COLOURS)
        step = self.s(40)
        x0 = cx - step * 2
        for i, colour in enumerate(cols):
            x, y = round(x0 + i * step), round(cy - self.s(18))
            lit = colour in choosing
            if lit:  # a crown to spend: each colour the centre still has is a button
                button = self._centre_cube_rects()[colour]
                hot = button.collidepoint(ctx.hover)
                pygame.draw.rect(
                    surface,
                    (255, 236, 170) if hot else (238, 214, 150),
                    button,
                    border_radius=self.s(7),
                )
                pygame.draw.rect(
                    surface, ACCENT_LINE, button, self.s(3 if hot else 2), border_radius=self.s(7)
                )
            img = art.cube(colour, size + (self.s(4) if lit else 0))
            surface.blit(img, img.get_rect(center=(x, y)))
            label(
                surface,
                str(v["centre"][colour]),
                self.s(14),
                (x, y + self.s(18)),
                (60, 44, 30) if lit else (236, 226, 200),
                True,
                "midtop",
            )
        if ("dice",) not in ctx.hidden:
            self._place_dice()
            self.dice.draw(surface)

    def _place_dice(self) -> None:
        """The dice lie in the middle of the ring, as big as fits between its tiles."""
        cx, cy = self.board.to_screen(self.painter.middle)
        n = max(1, len(self.dice.dice))
        room = 2 * 330 * self.board.zoom  # most of the ring's inner width
        size = max(self.s(20), min(self.s(34), round((room + self.dice.gap) / n) - self.dice.gap))
        self.dice.place((round(cx), round(cy + self.s(62))), size)

    def _draw_laid(self, surface: pygame.Surface, at: tuple[float, float]) -> None:
        laid = self.view["laid"]
        if not laid:
            return
        d = self.s(28)
        step = d + self.s(22)
        x0 = at[0] - step * (len(laid) - 1) / 2
        for i, item in enumerate(laid):
            x = round(x0 + i * step)
            surface.blit(art.disc(item["disc"], d, "laid"), (x - d // 2, round(at[1]) - d // 2))
            artwork.draw_seat_marker(
                surface,
                (x + d // 2 + self.s(4), round(at[1]) - d // 2),
                self.s(7),
                self.colours[item["seat"]],
            )

    def _crown_choices(self, legal: list[Action]) -> set[str]:
        return {a.colour for a in legal if isinstance(a, ChooseColour)}

    def _centre_cube_rects(self) -> dict[str, pygame.Rect]:
        cx, cy = self.board.to_screen(self.painter.middle)
        step = self.s(40)
        out = {}
        for i, colour in enumerate(COLOURS):
            rect = pygame.Rect(0, 0, self.s(36), self.s(52))
            rect.center = (round(cx - step * 2 + i * step), round(cy - self.s(9)))
            out[colour] = rect
        return out

    def _panel_lit(self, seat: Seat, ctx: DrawContext) -> dict[str, Any]:
        mine = seat in ctx.acting and bool(ctx.legal)
        lit: dict[str, Any] = {"acting": seat in ctx.acting}
        if not mine:
            return lit
        lit["discs"] = {a.disc for a in ctx.legal if isinstance(a, LayDisc)}
        lit["reserve"] = {a.colour for a in ctx.legal if isinstance(a, PlayToCourt)}
        if self.held and self.held[0] == "cube":
            lit["held"] = self.held[1]
            lit["court"] = PlayToCourt(self.held[1]) in ctx.legal
        return lit

    def _draw_held(self, surface: pygame.Surface) -> None:
        """The cube or the emperor being carried, over everything (its rect is put back
        on the kept panels the next frame)."""
        self._held_at = []
        if self.held is None:
            return
        kind, colour = self.held
        if kind == "cube":
            img = art.cube(colour, self.s(30), True)
            at = img.get_rect(center=self.held_pos)
            surface.blit(img, at)
            self._held_at = [at]
        else:
            pos = (self.held_pos[0], self.held_pos[1] + self.s(10))
            self._held_at = [self._draw_emperor(surface, pos, DrawContext())]

    def _draw_hint(self, surface: pygame.Surface) -> None:
        if not self.flash:
            return
        vp = self.board.camera.viewport
        size = self.text_px(16)
        fit = text.fit(self.flash, size, vp.w - self.s(40), bold=True, max_lines=3,
                       floor=text.floor_px(self.scale))
        box = pygame.Rect(0, 0, fit.width + self.s(20), fit.height + self.s(10))
        box.midbottom = (vp.centerx, vp.bottom - self.s(10))
        with text.layer("flash"):  # a passing note over the board
            pygame.draw.rect(surface, (30, 26, 22), box, border_radius=self.s(8))
            self.text(surface, self.flash, 16, box.inflate(-self.s(20), -self.s(10)),
                      (250, 240, 214), True, "center", "middle", 3)

    # -- gestures ----------------------------------------------------------------------------------
    def gesture(self, intent: Intent, legal: list[Action]) -> bool:
        """Camera gestures (wheel, keys, a drag on the empty board) are the view's own."""
        if intent.kind == "hover" and self.carried:
            self.held_pos = intent.pos  # a piece picked up by a click follows the pointer
            return False
        return self.board.camera_gesture(
            intent, lambda start: self.held is None and self._piece_at(start, legal) is None)

    def _piece_at(self, pos: tuple[int, int], legal: list[Action]) -> tuple[str, str] | None:
        """What a press at `pos` picks up: a reserve cube of the seat to act, or the Emperor."""
        acting = self.view.get("to_act", [])
        if self._emperor_screen_rect().collidepoint(
            pos
        ) and self.board.camera.viewport.collidepoint(pos):
            return ("emperor", "")
        for seat in acting:
            panel = self.panels.get(seat)
            if panel is None:
                continue
            for colour, slot in zip(COLOURS, panel.reserve, strict=True):
                if slot.collidepoint(pos) and self.view["reserves"][seat][colour] > 0:
                    return ("cube", colour)
        return None

    def _may_pick(self, piece: tuple[str, str], legal: list[Action]) -> bool:
        if piece[0] == "cube":
            return PlayToCourt(piece[1]) in legal
        return any(isinstance(a, MoveEmperor) for a in legal)

    def drag(self, start: tuple[int, int], pos: tuple[int, int], legal: list[Action]) -> None:
        if self.held is None:
            self.held = self._piece_at(start, legal)
            self.flash = ""
        self.held_pos = pos

    def drop(
        self, start: tuple[int, int], pos: tuple[int, int], legal: list[Action]
    ) -> Action | None:
        held, self.held, self.carried = self.held, None, False
        if held is None:
            return None
        kind, colour = held
        seat = self.view["to_act"][0] if self.view.get("to_act") else None
        t = self.territory_at(pos)
        if kind == "cube":
            panel = self.panels.get(seat) if seat is not None else None
            if panel is not None and panel.court.collidepoint(pos):
                return PlayToCourt(colour)
            if t is not None:
                return PlayToTerritory(colour, int(t["id"]))
            self.flash = tr("cm.hint.drop_cube")
            return None
        if t is not None:
            return MoveEmperor(self.steps_to(int(t["id"])))
        self.flash = tr("cm.hint.drop_emperor")
        return None

    def cancel(self) -> None:
        self.board.pan_from = None
        self.held, self.carried = None, False

    def refusal(self, exc: IllegalAction) -> str:
        params = dict(exc.params)
        if isinstance(params.get("colour"), str):
            params["colour"] = words.colour(params["colour"])
        return error_sentence("illegal", exc.code, params)

    def key_spots(self, legal: list[Action]) -> list[pygame.Rect]:
        """1–9 on the discs you may lay, or on the centre's colours a crown may take."""
        if not self.view or self.held is not None:
            return []
        panel = self.panels.get(self.view["to_act"][0]) if self.view.get("to_act") else None
        if any(isinstance(a, LayDisc) for a in legal) and panel is not None:
            return list(panel.discs)  # key n lays disc n (a used one is refused, with why)
        colours = {a.colour for a in legal if isinstance(a, ChooseColour)}
        return [rect for c, rect in self._centre_cube_rects().items() if c in colours]

    def territory_rect(self, tid: int) -> pygame.Rect | None:
        """The territory's tiles on screen, as far as the board's viewport shows them."""
        points = [self.board.to_screen(p) for tile in self.territory(tid)["tiles"]
                  for p in self.topology.area(tile).polygon]
        if not points:
            return None
        xs, ys = [round(x) for x, _ in points], [round(y) for _, y in points]
        rect = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        shown = rect.clip(self.board.camera.viewport)
        return shown if shown.w and shown.h else None

    def hint_rect(self, action: Action) -> pygame.Rect | None:
        """Where the hinted action ends (the hint's line names the piece): the disc to lay,
        the court row or territory a paladin goes to, the Emperor's stop, the colour a crown
        takes from the centre. Rolling the dice is the prompt's button."""
        if not self.view:
            return None
        seat = self.view["to_act"][0] if self.view.get("to_act") else self.viewer
        panel = self.panels.get(seat) if seat is not None else None
        if isinstance(action, LayDisc) and panel is not None:
            return panel.discs[action.disc - 1] if action.disc <= len(panel.discs) else None
        if isinstance(action, PlayToCourt) and panel is not None:
            return panel.rows[COLOURS.index(action.colour)]
        if isinstance(action, PlayToTerritory):
            return self.territory_rect(action.territory)
        if isinstance(action, MoveEmperor):
            return self.territory_rect(self.emperor_target(action.steps))
        if isinstance(action, ChooseColour):
            return self._centre_cube_rects().get(action.colour)
        return None

    def draw_key(self, surface: pygame.Surface, number: int,
                 rect: pygame.Rect) -> pygame.Rect | None:
        panel = self.panels.get(self.view["to_act"][0]) if self.view.get("to_act") else None
        if panel is not None and rect in panel.discs:
            return None  # a disc shows its own number, which is its key
        return super().draw_key(surface, number, rect)

    def click(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        self.flash = ""
        if self.carried and self.held is not None:  # the second click puts it down
            return self.drop(pos, pos, legal)
        piece = self._piece_at(pos, legal)
        if piece is not None and self._may_pick(piece, legal):
            # Click, then click the target: the same as a drag, for trackpads and tired hands.
            self.held, self.carried, self.held_pos = piece, True, pos
            return None
        panel = self.panels.get(self.view["to_act"][0]) if self.view.get("to_act") else None
        if panel is not None:
            for n, rect in enumerate(panel.discs, start=1):
                if rect.collidepoint(pos) and any(isinstance(a, LayDisc) for a in legal):
                    return LayDisc(n)
        for colour, rect in self._centre_cube_rects().items():
            if rect.collidepoint(pos) and ChooseColour(colour) in legal:
                return ChooseColour(colour)
        t = self.territory_at(pos)
        if t is not None and any(isinstance(a, MoveEmperor) for a in legal):
            action = MoveEmperor(self.steps_to(int(t["id"])))
            return action if action in legal else None
        return None

    # -- words ------------------------------------------------------------------------------------
    def tip_at(self, pos: tuple[int, int]) -> str | None:
        if self.held is not None or self.board.panning or not self.view:
            return None
        if self._emperor_screen_rect().collidepoint(
            pos
        ) and self.board.camera.viewport.collidepoint(pos):
            return tr("cm.tip.emperor", where=self.territory_name(self.view["emperor"]))
        t = self.territory_at(pos)
        if t is None:
            return None
        return words.territory_tip(self, t)

    def _panel_tips(self) -> list[tuple[pygame.Rect, str]]:
        tips: list[tuple[pygame.Rect, str]] = []
        for seat, panel in self.panels.items():
            tips.append((panel.header, words.seat_tip(self, seat)))
            for n, rect in enumerate(panel.discs, start=1):
                tips.append((rect, tr("cm.tip.disc", n=n)))
            for colour, slot in zip(COLOURS, panel.reserve, strict=True):
                tips.append(
                    (
                        slot,
                        tr(
                            "cm.tip.reserve",
                            colour=words.colour(colour),
                            n=self.view["reserves"][seat][colour],
                        ),
                    )
                )
            for colour, row in zip(COLOURS, panel.rows, strict=True):
                tips.append((row, words.court_tip(self, seat, colour)))
        return tips

    everything_public = True

    def needs_private_view(self, seat: Seat) -> bool:
        return False  # nothing is hidden in Carolus Magnus: no curtain between players

    def prompt_actions(self, seat: Seat, legal: list[Action]) -> list[Action]:
        return [a for a in legal if isinstance(a, RollDice)]

    def prompt(self, seat: Seat, legal: list[Action]) -> str:
        return words.prompt(self, seat, legal)

    def action_label(self, action: Action) -> str:
        return words.action_label(self, action)

    def action_tip(self, action: Action) -> str:
        return tr(f"cm.action.{action.type}.tip")

    def status(self) -> str:
        return words.status(self)

    def describe(self, ev: Event) -> str | None:
        return words.describe(self, ev)

    def opening_events(self, view: dict[str, Any]) -> list[Event]:
        return [{"type": "cm_setup", "to": "all", "emperor": view["emperor"]}]

    def score_text(self, score: float) -> str:
        return tr("cm.results.castles", n=int(score))

    def chart(
        self, final_view: dict[str, Any], history: list[dict[str, Any]]
    ) -> tuple[str, list[list[float]]] | None:
        """Castles on the board at the end of each round, from the game's whole story."""
        side = final_view["side_of_seat"]
        rounds: dict[int, list[int]] = {}
        for view in [*history, final_view]:
            rounds[view["round"]] = list(view["castles_on_board"])
        known = [rounds[r] for r in sorted(rounds)]
        return tr("cm.chart"), [
            [0.0] + [float(castles[side[p]]) for castles in known]
            for p in range(final_view["players"])
        ]

    # -- animation --------------------------------------------------------------------------------
    def tweens_for(self, events: list[Event], before: dict[str, Any]) -> list[list[Tween]]:
        out: list[list[Tween]] = []
        for ev in events:
            kind = ev["type"]
            if kind == "dice_rolled":
                dice = [(art.CLAN_DIE, FACE_VALUE[f]) for f in ev["dice"]]
                self.dice.roll(dice)
                # The table shows the state before the roll until the dice land: the cubes
                # they bring and the log line come with their faces (`holds_state`).
                out.append([Tween("dice", self.dice.duration, {"holds_state": True},
                                  frozenset({("dice",)}))])
            elif kind == "emperor_moved" and before:
                out.append(
                    [
                        Tween(
                            "emperor",
                            0.18 + 0.08 * ev["steps"],
                            {"from": before["emperor"], "steps": ev["steps"]},
                            frozenset({("emperor",)}),
                        )
                    ]
                )
            elif kind == "cube_to_territory":
                t = ev["territory"]
                out.append(
                    [
                        Tween(
                            "cube",
                            0.3,
                            {"colour": ev["colour"], "seat": ev["seat"], "to": ("territory", t)},
                            frozenset({("cube_in", t, ev["colour"])}),
                        )
                    ]
                )
            elif kind == "cube_to_court":
                out.append(
                    [
                        Tween(
                            "cube",
                            0.3,
                            {
                                "colour": ev["colour"],
                                "seat": ev["seat"],
                                "to": ("court", ev["seat"]),
                            },
                        )
                    ]
                )
        return out

    def draw_tween(self, surface: pygame.Surface, tween: Tween) -> None:
        if tween.kind == "dice":
            self._place_dice()
            # the whole tumble, whatever the animation speed made of the tween
            self.dice.draw(surface, at=tween.elapsed * self.dice.duration / tween.duration)
        elif tween.kind == "emperor":
            self._draw_emperor_walk(surface, tween)
        elif tween.kind == "cube":
            self._draw_cube_flight(surface, tween)

    def _draw_emperor_walk(self, surface: pygame.Surface, tween: Tween) -> None:
        ids = [t["id"] for t in self.view["territories"]]
        dest = self.emperor_pos()
        mx, my = self.painter.middle
        end_angle = math.atan2(dest[1] - my, dest[0] - mx)
        radius = math.dist(dest, self.painter.middle)
        turn = math.tau * tween.data["steps"] / max(1, len(ids))
        angle = end_angle - turn * (1 - tween.progress)
        at = (mx + radius * math.cos(angle), my + radius * math.sin(angle))
        clip = surface.get_clip()
        surface.set_clip(self.board.camera.viewport)
        self._draw_emperor(surface, self.board.to_screen(at), DrawContext())
        surface.set_clip(clip)

    def _draw_cube_flight(self, surface: pygame.Surface, tween: Tween) -> None:
        seat, colour = tween.data["seat"], tween.data["colour"]
        panel = self.panels.get(seat)
        if panel is None:
            return
        start = panel.reserve[COLOURS.index(colour)].center
        kind, where = tween.data["to"]
        if kind == "court":
            end: tuple[float, float] = panel.rows[COLOURS.index(colour)].center
        else:
            t = (
                self.territory(where)
                if any(x["id"] == where for x in self.view["territories"])
                else None
            )
            tile = t["tiles"][0] if t else where
            end = self.board.to_screen(self.spots[tile]["centre"])
        x, y = lerp(start, end, tween.progress)
        img = art.cube(colour, self.s(26))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
