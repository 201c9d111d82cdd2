"""Corona de Hierro's Orders list never hides the map: while it is open the fitted map
makes room beside it (no city, no box under it), and it is fitted back when it closes."""

from __future__ import annotations

import pygame
import pytest
from client_harness import Harness
from test_corona_de_hierro_client import HUMAN, RANDOM_AI, start_table, to_main_turn

from client.i18n import tr


def _covered(view, box):
    points = [view.board.to_screen(p) for p in view.city_pos.values()]
    for area in view.box_areas.values():
        points.extend(view.board.to_screen(p) for p in area.polygon)
    return [p for p in points if box.collidepoint(p)]


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (1024, 768)])
def test_no_city_or_box_lies_under_the_open_orders_list(data_dir, size):
    harness = Harness(size)
    try:
        table = start_table(harness, (HUMAN, RANDOM_AI, RANDOM_AI))
        view = table.view
        dock = view.dock_rows(table.session.legal(0))  # the castle to start from
        assert dock is not None
        harness.frames(2)
        assert view.board.focus != view.focus
        assert _covered(view, view.dock_rows(table.session.legal(0))[0]) == []
    finally:
        harness.close()


def test_the_map_is_fitted_back_when_the_list_closes(harness):
    table = start_table(harness, (HUMAN, RANDOM_AI, RANDOM_AI))
    view = table.view
    assert view.board.focus != view.focus
    view._beside_dock([])  # a frame with nothing to order: the list is closed
    assert view.board.focus == view.focus
    view._beside_dock(table.session.legal(0))
    assert view.board.focus != view.focus


def test_a_map_the_player_moved_stays_where_he_left_it(harness):
    table = start_table(harness, (HUMAN, RANDOM_AI, RANDOM_AI))
    view = table.view
    view.board.camera.pan(40, 0)
    moved = view.board.camera.origin
    view._beside_dock([])
    assert view.board.camera.origin == moved



def test_a_long_orders_list_lies_in_two_columns_so_the_map_stays_large(harness):
    """At 1280x800 a turn's kinds of order sit in two low columns (1-4, then the rest):
    the map beside them keeps at least four fifths of its fitted size (one tall column
    shrank it to three fifths, with empty sea below)."""
    table = start_table(harness)
    view, session = table.view, table.session
    to_main_turn(harness, table)
    legal = session.legal(0)
    _box, title, rows = view.dock_rows(legal)
    assert title == tr("cdh.dock.title") and len(rows) > 4
    assert len({rect.x for rect, _label, _payload in rows}) == 2
    first, fifth = rows[0][0], rows[(len(rows) + 1) // 2][0]
    assert fifth.x > first.x and fifth.y == first.y
    vp = view.board.camera.viewport
    _x, _y, w, h = view.focus
    harness.frames(2)
    assert view.board.camera.unit >= 0.8 * min(vp.w / w, vp.h / h)
    assert _covered(view, view.dock_rows(legal)[0]) == []


def test_at_ui_scale_130_the_list_folds_and_the_map_stays_whole(data_dir):
    """At 1280x800 and 130 % the open list would leave the map about half its size:
    it folds to its title row at the foot of the board, over no city and no box, and the
    map stays fitted whole. Key 1 (or its title) opens it over the map, its title folds
    it again, and an order chosen in it is played and folds it."""
    harness = Harness((1280, 800), ui_scale=1.3)
    try:
        table = start_table(harness, (HUMAN, RANDOM_AI, RANDOM_AI))
        view, session = table.view, table.session
        harness.frames(2)
        legal = session.legal(0)  # the castle to start from
        box, title, rows = view.dock_rows(legal)
        assert view.dock_folds and rows == [] and title == tr("cdh.dock.title")
        assert view.board.focus == view.focus  # the map fitted whole
        assert _covered(view, box) == []
        assert table._key_spots() == [box]
        harness.key(pygame.K_1)
        assert view.dock_open
        opened, _title, rows = view.dock_rows(legal)
        assert len(rows) == len(legal) and opened.bottom == box.bottom
        harness.click((opened.x + 20, opened.y + 12))  # its title row
        assert not view.dock_open and view.dock_rows(legal)[2] == []
        harness.click(box.center)
        _box, _title, rows = view.dock_rows(legal)
        harness.click(rows[0][0].center)
        assert session.steps and session.steps[0].action == rows[0][2]
        assert not view.dock_open
    finally:
        harness.close()


def test_at_ui_scale_100_the_list_stays_open(harness):
    table = start_table(harness, (HUMAN, RANDOM_AI, RANDOM_AI))
    harness.frames(2)
    _box, _title, rows = table.view.dock_rows(table.session.legal(0))
    assert not table.view.dock_folds and rows
