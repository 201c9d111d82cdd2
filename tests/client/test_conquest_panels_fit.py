"""The layout audit of Conquest's panels over the map, which the shared audit's random
playout may not reach: the auction (a standing bid, naming A), the Senate vote, the battle
panel with each side's hits, the supply tray and every step of the season's scoring, at
the tightest and the roomiest windows and scales, in Spanish and English."""

from __future__ import annotations

import os

import pytest
from test_conquest_panels import GAME, PLAYERS, position, season_events
from test_layout_audit import audited_frame, configure

from client.app import App
from client.scenes.launch import default_seats
from client.scenes.table import TableScene
from client.session import Session
from client.settings import Settings
from rules.core.saves import GameRecord

CASES = [
    pytest.param(lang, size, ui, id=f"{lang}-{size[0]}x{size[1]}-{round(ui * 100)}")
    for lang in ("es", "en")
    for size, ui in (((1024, 640), 1.3), ((1024, 640), 1.0), ((1280, 800), 1.3),
                     ((1920, 1080), 1.0))
]
POSITIONS = [("bid", "standing"), ("name_a", ""), ("vote", ""), ("vote_effect", ""),
             ("casualty", ""),
             ("action", "infantry")]


def table_at(app: App, kind: str, want: str) -> TableScene:
    actions, seat = position(kind, 5, want)
    kinds = [("human", None) if q == seat else ("ai", "random") for q in range(PLAYERS)]
    record = GameRecord("conquest_of_the_empire", default_seats(kinds), 5,
                        GAME.normalize_options({}))
    record.actions = list(actions)
    table = TableScene(app, Session(record))
    app.reset_to(table)
    return table


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    os.environ["TABLERO_DATA_DIR"] = str(tmp_path_factory.mktemp("coe-fit"))
    application = App(Settings(language="en", animation_speed=0.0, ai_pause=0.0), (1280, 800))
    application.inline_ai = True
    application.autosave = False
    yield application
    application.quit()


@pytest.mark.parametrize(("lang", "size", "ui"), CASES)
def test_every_conquest_panel_fits(app, lang, size, ui):
    configure(app, lang, size, ui)
    problems: list[str] = []
    for kind, want in POSITIONS:
        table = table_at(app, kind, want)
        if kind == "casualty":
            battle = table.session.view(None)["battle"]
            for seat in (battle["attacker"], battle["defender"]):
                table.view.tweens_for([{
                    "type": "dice_rolled", "seat": seat, "round": battle["round"],
                    "faces": [6, 5, 4, 3, 2, 1], "dice": 6, "total": 4, "ignored": 0,
                    "hits": {"infantry": 2, "cavalry": 1, "catapult": 1},
                    "pursuit": False, "naval": battle["naval"]}], {})
        assert table.view.panels(table.ctx.legal), kind
        problems += audited_frame(app, f"{kind}")
        if kind == "bid":
            table.view.tweens_for(season_events(PLAYERS), {})
            for page in range(len(table.view.scoring.steps())):
                table.view.scoring.page = page
                problems += audited_frame(app, f"scoring step {page + 1}")
    assert not problems, "\n".join(dict.fromkeys(problems))


def test_a_tall_panel_pushes_the_map_down_but_never_shrinks_it_past_reading(app):
    """The Senate vote at 1280×800 and 130 % is taller than the room above the map: the
    map keeps `KEEP_ZOOM` of the whole-board fit and lies at the foot of the board, so
    the panel covers as little of it as it can."""
    from client.games.conquest_of_the_empire import panels
    from client.games.conquest_of_the_empire.view import KEEP_ZOOM

    configure(app, "en", (1280, 800), 1.3)
    table = table_at(app, "vote", "")
    audited_frame(app, "vote")
    view = table.view
    rect, _spots = panels.vote_panel(view, table.ctx.legal)
    assert rect is not None
    camera, h = view.board.camera, view.board.topology.size[1]
    whole = camera.whole_zoom()
    assert camera.zoom >= KEEP_ZOOM * whole - 1e-6
    assert camera.zoom < whole  # the band was applied, up to the limit
    bottom = view.board.to_screen((0.0, float(h)))[1]
    assert abs(bottom - camera.viewport.bottom) <= 1
    assert view.board.to_screen((0.0, 0.0))[1] < rect.bottom  # the far north under it
