"""The map board: camera math (zoom about a point, pan, fit), polygon hit-testing, caches."""

from __future__ import annotations

import math

import pygame
import pytest

from client.board import Board
from client.board.camera import STEP, Camera
from client.input import InputMapper
from rules.maps import load_topology

VIEW = pygame.Rect(100, 50, 800, 600)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((1000, 700))
    yield


def close(a, b, tol=1e-6):
    return math.dist(a, b) < tol


def test_screen_and_world_are_inverse():
    cam = Camera((2000.0, 1500.0), VIEW)
    cam.fit()
    for p in ((0.0, 0.0), (1234.5, 77.0), (2000.0, 1500.0)):
        assert close(cam.to_world(cam.to_screen(p)), p)


def test_fit_shows_the_whole_map_centred():
    cam = Camera((2000.0, 1000.0), VIEW)
    cam.fit()
    assert cam.zoom == pytest.approx(0.4)  # 800 / 2000 is tighter than 600 / 1000
    assert cam.level == 0
    left, top = cam.to_screen((0.0, 0.0))
    right, bottom = cam.to_screen((2000.0, 1000.0))
    assert left == pytest.approx(VIEW.left) and right == pytest.approx(VIEW.right)
    assert (top + bottom) / 2 == pytest.approx(VIEW.centery)


def test_fit_keeps_a_band_at_the_foot_clear_when_it_can():
    """A panel lying over the map's foot (Conquest's supply tray): the fitted map sits
    above it, as large as before while the height allows, smaller only when it must."""
    cam = Camera((2000.0, 1000.0), VIEW)  # 800 × 600: the width decides the zoom
    cam.fit(clear_bottom=150)
    assert cam.zoom == pytest.approx(0.4)
    top = cam.to_screen((0.0, 0.0))[1]
    bottom = cam.to_screen((2000.0, 1000.0))[1]
    assert bottom <= VIEW.bottom - 150 + 1e-6
    assert (top + bottom) / 2 == pytest.approx(VIEW.top + (VIEW.h - 150) / 2)
    cam.fit(clear_bottom=300)  # now the height above the band decides
    assert cam.zoom == pytest.approx(0.3)
    assert cam.to_screen((0.0, 1000.0))[1] == pytest.approx(VIEW.bottom - 300)


def test_fit_to_a_focus_rectangle():
    cam = Camera((2000.0, 2000.0), VIEW)
    cam.fit((500.0, 500.0, 1000.0, 1000.0))
    assert cam.zoom == pytest.approx(0.6)
    assert close(cam.to_screen((1000.0, 1000.0)), VIEW.center, 1e-6)


def test_zoom_about_a_point_keeps_it_fixed():
    cam = Camera((2000.0, 2000.0), VIEW)
    cam.fit()
    anchor = (300, 200)
    world = cam.to_world(anchor)
    cam.zoom_step(2, anchor, animate=False)
    assert cam.zoom == pytest.approx(cam.unit * STEP**2)
    assert close(cam.to_screen(world), anchor, 1e-6)
    cam.zoom_step(-1, anchor, animate=False)
    assert close(cam.to_screen(world), anchor, 1e-6)


def test_eased_zoom_keeps_the_anchor_fixed_throughout():
    cam = Camera((2000.0, 2000.0), VIEW)
    cam.fit()
    anchor = (520, 330)
    world = cam.to_world(anchor)
    cam.zoom_step(1, anchor)
    zooms = []
    while cam.easing:
        cam.update(1 / 60)
        zooms.append(cam.zoom)
        assert close(cam.to_screen(world), anchor, 1e-6)
    assert zooms == sorted(zooms)
    assert cam.zoom == pytest.approx(cam.unit * STEP)


def test_pan_moves_the_picture_with_the_pointer():
    cam = Camera((2000.0, 2000.0), VIEW)
    cam.fit()
    cam.zoom_step(3, animate=False)
    p = (900.0, 900.0)
    before = cam.to_screen(p)
    cam.pan(40, -25)
    after = cam.to_screen(p)
    assert after[0] - before[0] == pytest.approx(40)
    assert after[1] - before[1] == pytest.approx(-25)


def test_pan_cannot_lose_the_map():
    cam = Camera((2000.0, 2000.0), VIEW)
    cam.fit()
    cam.pan(100000, 100000)
    middle = cam.to_screen((1000.0, 1000.0))
    assert VIEW.inflate(2, 2).collidepoint(middle)


def test_polygon_hit_testing_finds_each_territory_at_its_centre():
    topo = load_topology("carolus_magnus")
    board = Board(topo)
    board.layout(VIEW)
    for area in topo.areas_of("territory"):
        pos = tuple(round(v) for v in board.to_screen(area.centre))
        hit = board.area_at(pos, "territory")
        assert hit is not None and hit.id == area.id


def test_hit_testing_misses_the_gaps_and_outside_the_viewport():
    topo = load_topology("carolus_magnus")
    board = Board(topo)
    board.layout(VIEW)
    middle = board.to_screen((960.0, 960.0))  # the supply, inside the ring
    assert board.area_at((round(middle[0]), round(middle[1])), "territory") is None
    assert board.area_at((VIEW.x - 5, VIEW.y + 5)) is None
    # Between tiles I and II: the gap the rulebook leaves between tiles.
    a, b = topo.area(0).polygon, topo.area(1).polygon
    gap = ((a[12][0] + b[0][0]) / 2, (a[12][1] + b[0][1]) / 2)
    sx, sy = board.to_screen(gap)
    assert board.area_at((round(sx), round(sy)), "territory") is None


def test_pictures_are_cached_per_zoom_level_and_reused():
    topo = load_topology("carolus_magnus")
    board = Board(topo)
    board.layout(VIEW)
    board.update(0, budget=None)
    first = board.renderer.painted
    assert first > 0
    board.update(0, budget=None)
    assert board.renderer.painted == first  # nothing painted twice at one level
    board.camera.zoom_step(1, animate=False)
    board.update(0, budget=None)
    zoomed = board.renderer.painted
    assert zoomed > first
    board.camera.zoom_step(-1, animate=False)
    board.update(0, budget=None)
    assert board.renderer.painted == zoomed  # back at level 0: its chunks were kept
    assert set(board.renderer.cached_levels()) >= {0, 1}


def test_a_frame_budget_paints_lazily_but_always_draws():
    topo = load_topology("carolus_magnus")
    board = Board(topo)
    board.layout(VIEW)
    surface = pygame.Surface((1000, 700))
    board.update(0, budget=0.0)  # no time at all: at most one chunk
    assert board.renderer.painted <= 1
    board.draw(surface)  # the scaled whole-map picture stands in
    assert surface.get_at(VIEW.center) != pygame.Color(0, 0, 0)


def test_the_wheel_and_zoom_keys_become_intents():
    mapper = InputMapper()
    mapper.translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(0, 0),
                                        buttons=(0, 0, 0)))
    (intent,) = mapper.translate(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert (intent.kind, intent.name, intent.pos) == ("wheel", "in", (10, 20))
    (intent,) = mapper.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_MINUS,
                                                    mod=0))
    assert (intent.kind, intent.name) == ("command", "zoom_out")


def test_board_keys_zoom_pan_and_fit():
    topo = load_topology("carolus_magnus")
    board = Board(topo)
    board.layout(VIEW)
    unit = board.zoom
    assert board.key("zoom_in")
    board.camera.finish()
    assert board.zoom == pytest.approx(unit * STEP)
    before = board.to_screen((960.0, 960.0))
    assert board.key("pan_left")
    assert board.to_screen((960.0, 960.0))[0] > before[0]
    assert board.key("fit")
    assert board.zoom == pytest.approx(unit)
    assert not board.key("undo")


def test_places_are_found_near_the_pointer():
    topo = load_topology("carolus_magnus")
    board = Board(topo)
    board.layout(VIEW)
    castle = topo.places_in(4, "castle")[0]
    x, y = board.to_screen(castle.position)
    found = board.place_at((round(x) + 3, round(y) - 2), "castle")
    assert found is not None and found.id == castle.id
    assert board.place_at((round(x) + 40, round(y) + 40), "castle", radius=5) is None


TILED_MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="4" height="2"
     tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="2">
 <tileset firstgid="1" name="ground" tilewidth="16" tileheight="16" tilecount="2" columns="2">
  <image source="ground.png" width="32" height="16"/>
 </tileset>
 <layer id="1" name="ground" width="4" height="2">
  <data encoding="csv">1,1,2,2,1,1,2,2</data>
 </layer>
 <objectgroup id="2" name="areas">
  <object id="1" x="0" y="0">
   <polygon points="2,2 10,2 10,10 2,10"/>
   <properties><property name="area_id" type="int" value="0"/></properties>
  </object>
 </objectgroup>
</map>
"""


def test_maps_drawn_with_tiles_show_their_tile_layers(tmp_path):
    from client.board.painter import MapPainter
    from rules.maps import read_tmx

    sheet = pygame.Surface((32, 16))
    sheet.fill((200, 30, 30), (0, 0, 16, 16))
    sheet.fill((30, 30, 200), (16, 0, 16, 16))
    pygame.image.save(sheet, str(tmp_path / "ground.png"))
    path = tmp_path / "tiles.tmx"
    path.write_text(TILED_MAP, encoding="utf-8")
    topo = read_tmx(path)
    board = Board(topo, MapPainter(topo, path))
    board.layout(pygame.Rect(0, 0, 128, 64))  # exactly twice the map's size
    board.update(0, budget=None)
    surface = pygame.Surface((128, 64))
    board.draw(surface)
    assert surface.get_at((120, 60))[:3] == (30, 30, 200)  # a tile of the second kind
    assert surface.get_at((40, 60))[:3] == (200, 30, 30)
    assert board.area_at((12, 12)).id == 0


# -- painting a level over many frames ---------------------------------------------------------
class StepPainter:
    """A plain board painted in five steps, counting how often a chunk's painting starts."""

    def __new__(cls, topology):
        from client.board.painter import MapPainter

        class Counted(MapPainter):
            def __init__(self, topology):
                super().__init__(topology)
                self.starts = self.steps = 0
                self.warmed: list[float] = []

            def warm_jobs(self, zoom):
                return [lambda: self.warmed.append(zoom)]

            def paint_steps(self, surface, rect, zoom):
                self.starts += 1
                for _ in super().paint_steps(surface, rect, zoom):
                    self.steps += 1
                    yield
                for k in range(3):
                    pygame.draw.circle(surface, (40 * k, 90, 160), (10 + 9 * k, 12), 4)
                    self.steps += 1
                    yield

        return Counted(topology)


def chunks_in_view(board):
    renderer, camera = board.renderer, board.camera
    return renderer.visible_chunks(camera, camera.level)


def test_a_chunk_is_painted_a_step_a_frame_and_resumed_not_restarted():
    board = Board(load_topology("carolus_magnus"), StepPainter(load_topology("carolus_magnus")))
    board.layout(VIEW)
    renderer, painter = board.renderer, board.painter
    renderer.base()  # the whole-map stand-in, painted at once
    painter.starts = painter.steps = 0
    frames = 0
    while not renderer.prepare(board.camera, 0.0):  # no time at all: one step a frame
        frames += 1
        assert frames < 2000
    assert renderer.painted == len(chunks_in_view(board))
    assert painter.starts == renderer.painted  # each chunk begun once, then resumed
    assert painter.steps == 4 * renderer.painted  # every step of every chunk, once
    assert frames >= painter.steps  # a step a frame


def test_a_long_step_waits_for_a_frame_with_room_but_not_for_ever():
    """A moving map's frame with no time left does a painting step only if it is small;
    a step known to be long waits, at most STARVED_FRAMES frames, so the map still gets on
    during a long gesture."""
    from client.board.render import SMALL_WORK, STARVED_FRAMES, frame_clock

    topo = load_topology("carolus_magnus")
    painter = StepPainter(topo)
    slow_steps = painter.paint_steps

    def slow(surface, rect, zoom):
        for _ in slow_steps(surface, rect, zoom):
            began = frame_clock()
            while frame_clock() - began < 2 * SMALL_WORK:
                pass
            yield

    painter.paint_steps = slow
    board = Board(topo, painter)
    board.layout(VIEW)
    board.renderer.base()
    painter.steps = 0
    per_frame = []
    for _ in range(2 * STARVED_FRAMES + 2):
        before = painter.steps
        board.renderer.prepare(board.camera, 0.0)
        per_frame.append(painter.steps - before)
    assert max(per_frame) == 1
    assert 2 <= sum(per_frame) <= 3  # the first (its cost unknown), then once per wait


def test_a_levels_warm_jobs_run_before_its_first_chunk():
    painter = StepPainter(load_topology("carolus_magnus"))
    board = Board(painter.topology, painter)
    board.layout(VIEW)
    board.renderer.base()
    painter.starts = 0
    board.renderer.prepare(board.camera, 0.0)
    assert painter.warmed == [board.camera.level_zoom(0)] and painter.starts == 0


def test_a_view_s_pieces_are_made_ahead_for_the_levels_next_to_this_one():
    board = Board(load_topology("carolus_magnus"))
    board.layout(VIEW)
    made: list[int] = []
    board.warm_with(lambda level, zoom: [lambda: made.append(level)])
    board.camera.zoom_step(2, animate=False)
    board.renderer.prepare(board.camera, None)
    assert made == [2, 3, 1]


@pytest.mark.parametrize("game", ["carolus_magnus", "imperios_milenarios"])
def test_a_settled_view_is_the_painters_own_picture_at_its_exact_level(game):
    """However the pictures were made (a step at a time, over many frames, with the view
    scaled meanwhile), once the zoom has settled the board shows exactly what the painter
    paints at that level's zoom: its chunks unscaled, pixel for pixel."""
    from client.board.render import CHUNK

    if game == "imperios_milenarios":
        from client.art.imperios_milenarios import ImperiosPainter

        topo = load_topology(game)
        board = Board(topo, ImperiosPainter(topo))
    else:
        from client.art.carolus import CarolusPainter

        topo = load_topology(game)
        board = Board(topo, CarolusPainter(topo))
    board.layout(VIEW)
    screen = pygame.display.get_surface()
    frame = pygame.Surface(screen.get_size(), 0, screen)
    board.update(1 / 60)
    board.draw(frame)
    board.wheel((420, 300), 2)  # two notches in, eased, then a pan
    for _ in range(20):
        board.update(1 / 60)
        board.draw(frame)
    board.pan_drag((400, 300), (371, 322))
    camera, renderer = board.camera, board.renderer
    for _ in range(20000):
        board.update(1 / 60)
        board.draw(frame)
        if all(k in renderer.chunks_of(camera.level) for k in chunks_in_view(board)):
            break
    assert not camera.easing and camera.zoom == pytest.approx(camera.level_zoom(2))
    frame.fill((0, 0, 0))
    board.draw(frame)
    direct = pygame.Surface(screen.get_size(), 0, screen)
    direct.set_clip(VIEW)
    zoom = camera.zoom
    side = CHUNK / zoom
    for i, j in chunks_in_view(board):
        rect = (i * side, j * side, min(side, topo.size[0] - i * side),
                min(side, topo.size[1] - j * side))
        chunk = pygame.Surface((math.ceil(rect[2] * zoom), math.ceil(rect[3] * zoom)), 0,
                               screen)
        board.painter.paint(chunk, rect, zoom)
        x, y = camera.to_screen(rect[:2])
        direct.blit(chunk, (round(x), round(y)))
    shown = pygame.image.tobytes(frame.subsurface(VIEW), "RGB")
    assert shown == pygame.image.tobytes(direct.subsurface(VIEW), "RGB")


def test_a_camera_at_rest_gets_more_painting_a_frame_than_a_moving_one():
    from client.board.render import REST_TIME

    topo = load_topology("carolus_magnus")
    board = Board(topo, StepPainter(topo))
    board.layout(VIEW)
    painter = board.painter
    board.renderer.base()
    painter.steps = 0
    board.update(1 / 60, budget=0.0)  # the camera has just come to this place
    assert painter.steps <= 1
    for _ in range(round(REST_TIME * 60) + 1):  # still for REST_TIME
        board.renderer.rest(board.camera, 1 / 60)
    before = painter.steps
    board.update(1 / 60, budget=0.0)
    assert painter.steps - before > 1


def test_a_new_state_lists_the_view_s_pieces_again():
    board = Board(load_topology("carolus_magnus"))
    board.layout(VIEW)
    listed: list[int] = []
    board.warm_with(lambda level, zoom: listed.append(level) or [])
    board.renderer.prepare(board.camera, None)
    board.renderer.prepare(board.camera, None)
    assert listed == [0, 1]  # once per level while nothing changes (none farther than fit)
    board.pieces_changed()
    board.renderer.prepare(board.camera, None)
    assert listed == [0, 1, 0, 1]


def test_the_farthest_zoom_shows_the_whole_map_and_no_less():
    """Zooming out stops at the whole map fitted; a view fitted to part of the map (a
    half-map game) may zoom out until the whole map shows, not further."""
    cam = Camera((2000.0, 2000.0), VIEW)
    cam.fit()
    cam.zoom_step(-1, animate=False)
    assert cam.level == 0 and cam.zoom == pytest.approx(cam.unit)
    cam.fit((0.0, 0.0, 1200.0, 1200.0))
    whole = min(VIEW.w / 2000.0, VIEW.h / 2000.0)
    cam.zoom_step(-10, animate=False)
    assert cam.level < 0
    assert cam.zoom <= whole + 1e-9
    assert cam.zoom * STEP > whole  # one level closer would no longer show it all


def _disc(key: str, px: int) -> pygame.Surface:
    picture = pygame.Surface((px, px), pygame.SRCALPHA)
    pygame.draw.circle(picture, (200, 40, 40), (px / 2, px / 2), px / 2)
    return picture


def test_each_piece_picture_is_made_once_per_size():
    from client.board.pieces import PiecePictures

    made: list[tuple[str, int]] = []
    pictures = PiecePictures(lambda key, px: made.append((key, px)) or _disc(key, px))
    first = pictures.exact("legion", 20)
    assert pictures.exact("legion", 20) is first and pictures.drawn("legion", 20) is first
    pictures.exact("legion", 25)
    assert made == [("legion", 20), ("legion", 25)]


def test_a_piece_not_made_in_time_stands_in_from_the_nearest_size_until_it_is(monkeypatch):
    """A zoom notch that comes before its pieces were made ahead does not make them all in
    one frame: past the frame's time for new pictures, a piece is drawn from the nearest
    size made, scaled to the new size, and exactly once its picture is made."""
    from client.board import pieces

    pictures = pieces.PiecePictures(_disc)
    pictures.exact("galley", 20)
    pictures.exact("galley", 40)
    monkeypatch.setattr(pieces, "MAKE_BUDGET", 0.0)
    pieces.begin_frame()
    stand_in = pictures.drawn("galley", 32)
    assert stand_in.get_size() == (32, 32) and not pictures.made("galley", 32)
    assert pictures.stood_in == 1
    exact = pictures.exact("galley", 32)  # the board's warm job for this level
    assert pictures.drawn("galley", 32) is exact and stand_in is not exact
    assert pygame.image.tobytes(exact, "RGBA") == pygame.image.tobytes(_disc("galley", 32), "RGBA")


def test_a_frame_with_time_left_makes_the_exact_piece(monkeypatch):
    from client.board import pieces

    pictures = pieces.PiecePictures(_disc)
    pictures.exact("galley", 20)
    monkeypatch.setattr(pieces, "MAKE_BUDGET", 10.0)
    pieces.begin_frame()
    pictures.drawn("galley", 32)
    assert pictures.made("galley", 32) and pictures.stood_in == 0


def test_while_the_camera_eases_a_piece_not_made_is_drawn_at_the_nearest_size(monkeypatch):
    from client.board import pieces

    pictures = pieces.PiecePictures(_disc)
    nearest = pictures.exact("galley", 30)
    pictures.exact("galley", 20)
    monkeypatch.setattr(pieces, "MAKE_BUDGET", 0.0)
    pieces.begin_frame(easing=True)
    assert pictures.drawn("galley", 32) is nearest


def test_the_table_goes_on_round_the_map_in_phase_with_its_texture():
    """Past the map's edges the viewport shows the table's texture, tiled from the map's
    corner; inside them the texture is left to the map (it is drawn over it)."""
    board = Board(load_topology("carolus_magnus"))
    board.layout(VIEW)
    board.camera.zoom_step(-3, animate=False)  # no farther than the fit: the map fits
    board.camera.pan(-150, 0)  # the map's left edge moves left of the view's
    texture = pygame.Surface((16, 16))
    texture.fill((10, 200, 30))
    texture.fill((200, 10, 30), (0, 0, 8, 8))
    screen = pygame.Surface((1000, 700))
    board.fill_outside(screen, texture)
    right = board.camera.to_screen((float(board.topology.size[0]), 0.0))[0]
    corner = board.camera.to_screen((0.0, 0.0))
    outside = (VIEW.right - 1, VIEW.y + 5)
    assert outside[0] > right + 2
    phase = ((outside[0] - round(corner[0])) % 16, (outside[1] - round(corner[1])) % 16)
    assert screen.get_at(outside) == texture.get_at(phase)
    middle = board.camera.to_screen((board.topology.size[0] / 2, board.topology.size[1] / 2))
    assert screen.get_at((round(middle[0]), round(middle[1]))) == pygame.Color(0, 0, 0)
