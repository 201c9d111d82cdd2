"""The table keeps the frame round the board from one frame to the next and puts back only
where something was drawn over it (`TableScene._frame_to_restore`): every frame it shows
must be the very frame it would draw whole. Played on every game's table, through the
gestures that draw over the frame: buttons hovered and their tooltips, a refusal's note,
a hint's glow and ring, a move that changes the log and the prompt."""

from __future__ import annotations

import pygame
import pytest
from client_harness import Harness

import rules
from client.games.base import rect_around, solid_core
from client.i18n import set_language, tr
from client.scenes.launch import default_seats
from client.scenes.table import TableScene
from client.session import Session


def whole_frame_differs(app) -> pygame.Rect | None:
    """Draw the frame again as a table drawn for the first time would, and say where it
    differs from the one on the window (None: nowhere) outside a map's viewport: a map is
    drawn whole every frame, and may differ by what its board painted since."""
    kept, framed, overlays = app.window.copy(), app.scene._framed, app.overlays
    app.scene._framed = None
    app.draw()
    whole = app.window.copy()
    # The window, and what the next frame knows of the last, as they were.
    app.window.blit(kept, (0, 0))
    app.scene._framed, app.overlays = framed, overlays
    board = getattr(app.scene.view, "board", None)
    for picture in (kept, whole):
        if board is not None:
            picture.fill((0, 0, 0), board.camera.viewport)
    if pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(whole, "RGB"):
        return None
    kept.blit(whole, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    spots = pygame.mask.from_threshold(kept, (0, 0, 0), (1, 1, 1, 255))
    spots.invert()
    rects = spots.get_bounding_rects()  # (empty where only the whole frame is brighter)
    return rects[0].unionall(rects[1:]) if rects else whole.get_rect()


def area(rects) -> int:
    return sum(r.w * r.h for r in rects)


def restored_areas(table: TableScene) -> list[tuple[int, int]]:
    """From now on, each frame's (area of the frame put back, area of the whole frame)."""
    seen: list[tuple[int, int]] = []
    restore = table._frame_to_restore

    def watched(surface, rect, over):
        parts = restore(surface, rect, over)
        seen.append((area(parts), area(rect_around(surface.get_rect(), rect))))
        return parts

    table._frame_to_restore = watched
    return seen


class Watcher:
    """Runs frames and, after each one drawn, checks it against the whole frame."""

    def __init__(self, harness, table: TableScene) -> None:
        self.harness = harness
        self.checked = 0
        self.restored = restored_areas(table)

    @property
    def kept(self) -> int:
        """Frames that put back only parts of the frame."""
        return sum(1 for part, whole in self.restored if part < whole)

    def frames(self, count: int = 1, dt: float = 1 / 60) -> None:
        app = self.harness.app
        for _ in range(count):
            before = app.draws
            app.frame(dt)
            if app.draws > before and isinstance(app.scene, TableScene):
                where = whole_frame_differs(app)
                assert where is None, f"kept frame differs from the whole one at {where}"
                self.checked += 1

    def move(self, pos: tuple[int, int], settle: int = 1) -> None:
        pygame.event.post(pygame.event.Event(
            pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(1, 1),
            buttons=(0, 0, 0)))
        self.frames(settle)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(
            pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        self.frames(2)


def human_turn(harness, table: TableScene, watch: Watcher) -> bool:
    """Frames until the human seat is asked (through its curtain, if one rises)."""
    for _ in range(600):
        if table.curtain_seat is not None:
            harness.press(tr("curtain.ready", name=table.session.name(table.curtain_seat)))
        if table.session.humans_to_act() and not table.timeline.busy:
            return True
        if table.session.over:
            return False
        watch.frames(1)
    return False


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_the_kept_frame_is_the_frame_drawn_whole(harness, game_id):
    play_through_the_gestures(harness, game_id)


@pytest.mark.parametrize("game_id", ["conquest_of_the_empire", "imperios_milenarios", "coup"])
def test_the_kept_frame_is_whole_at_130_percent_in_spanish(data_dir, game_id):
    harness = Harness((1280, 800), language="es", ui_scale=1.3)
    try:
        play_through_the_gestures(harness, game_id)
    finally:
        harness.close()
        set_language("en")


def play_through_the_gestures(harness, game_id: str) -> None:
    """Every gesture that draws over what the table keeps, each frame checked whole."""
    game = rules.GAMES[game_id]
    players = game.info.min_players
    kinds = [("human", None)] + [("ai", "easy")] * (players - 1)
    session = Session.new(game_id, default_seats(kinds), 5, {})
    table = TableScene(harness.app, session)
    harness.app.push(table)
    watch = Watcher(harness, table)
    watch.frames(3)
    assert human_turn(harness, table, watch)
    app = harness.app
    # Every button hovered (its hover colour), long enough for pygame_gui's tooltip.
    for button in harness.buttons():
        watch.move(button.rect.center)
        watch.frames(3, dt=0.4)
    # The pointer over the table, the log, the status line and the prompt's words.
    w, h = app.size
    for pos in [(w // 3, h // 2), (w - 60, h // 2), (w // 2, 20), (60, h - 40)]:
        watch.move(pos, settle=3)
    # A refusal's note over the table's edge (nothing to undo yet), then a hint.
    table.undo()
    watch.frames(2)
    watch.key(pygame.K_h)
    for _ in range(200):
        if table.hints.current(table.session, table.hint_seat()) is not None:
            break
        watch.frames(1)
    watch.frames(20, dt=0.05)  # the glow and the ring pulse
    # A move: the log and the prompt change, the AI answers, the table animates.
    seat = table.session.humans_to_act()[0]
    table.play(seat, table.session.legal(seat)[0])
    watch.frames(40)
    assert watch.checked >= 20
    assert watch.kept >= 10  # frames that restored only parts of the frame


def conquest_table(harness) -> tuple[TableScene, list[tuple[int, int]]]:
    """A two-player Conquest table at rest, and what each frame from now puts back."""
    session = Session.new("conquest_of_the_empire",
                          default_seats([("human", None), ("ai", "easy")]), 5, {})
    table = TableScene(harness.app, session)
    harness.app.push(table)
    harness.frames(5)
    return table, restored_areas(table)


def test_a_kept_frame_restores_only_where_it_was_drawn_over(harness):
    """A pan of the board puts back the frame only under what is drawn on it every frame
    (the status line, the prompt, the bar's buttons), not the whole of it."""
    table, restored = conquest_table(harness)
    vp = table.view.board.camera.viewport
    start = (vp.centerx, vp.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 21):
        pos = (start[0] + 5 * i, start[1] + 3 * i)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(5, 3),
                                             buttons=(1, 0, 0)))
        harness.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    harness.frames(1)
    assert table.view.board.camera.viewport == vp and len(restored) >= 20
    panning = restored[2:20]
    assert all(part < whole / 3 for part, whole in panning), panning


def test_a_panels_solid_core_blits_as_its_alpha_picture_would(harness):
    """`solid_core`: a plain copy of a panel's opaque middle, and its rim blended, give the
    very pixels the whole panel blended gives; a core with a see-through pixel is refused."""
    size = (300, 200)
    picture = pygame.Surface(size, pygame.SRCALPHA)
    picture.fill((0, 0, 0, 0))
    panel = pygame.Rect(40, 30, 200, 120)
    pygame.draw.rect(picture, (30, 22, 14), panel.move(4, 5), border_radius=12)
    pygame.draw.rect(picture, (232, 214, 170, 255), panel, border_radius=12)
    pygame.draw.circle(picture, (120, 40, 20, 200), panel.topleft, 9)  # a soft corner mark
    backdrop = pygame.Surface(size)
    for x in range(0, size[0], 7):
        pygame.draw.line(backdrop, (x % 256, 90, 255 - x % 256), (x, 0), (size[0] - x, size[1]), 3)
    area = panel.inflate(12, 12)
    core, solid = solid_core(picture, panel, 12, backdrop)
    assert solid is not None and core == panel.inflate(-24, -24)
    blended, copied = backdrop.copy(), backdrop.copy()
    blended.blit(picture, area, area)
    copied.blit(solid, core)
    for edge in rect_around(area, core):
        copied.blit(picture, edge, edge)
    assert pygame.image.tobytes(blended, "RGB") == pygame.image.tobytes(copied, "RGB")
    picture.set_at(core.center, (232, 214, 170, 128))
    assert solid_core(picture, panel, 12, backdrop)[1] is None


def test_after_the_window_is_exposed_the_whole_frame_is_drawn_again(harness):
    """The system may draw over a window it hides or restores: the frame after such an
    event puts back all of the frame, and the view keeps nothing."""
    table, restored = conquest_table(harness)
    harness.app.redraw()
    harness.frames(1)
    assert restored[-1][0] < restored[-1][1]  # a still table puts back little
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    harness.frames(1)
    part, whole = restored[-1]
    assert part == whole and table.ctx.drawn_over is not None
    assert any(r.contains(table.table_rect) for r in table.ctx.drawn_over)
