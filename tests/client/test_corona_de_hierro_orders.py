"""Corona de Hierro's Orders list never hides the map: while it is open the fitted map
makes room beside it (no city, no box under it), and it is fitted back when it closes."""

from __future__ import annotations

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
