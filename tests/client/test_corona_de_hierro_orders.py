"""Corona de Hierro's Orders list never hides the map: while it is open the fitted map
makes room beside it (no city, no box under it), and it is fitted back when it closes."""

from __future__ import annotations

import pytest
from client_harness import Harness
from test_corona_de_hierro_client import HUMAN, RANDOM_AI, start_table


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
