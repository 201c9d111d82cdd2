"""The results chart tells every game's story from its history, not its last table."""

from __future__ import annotations

import pygame
import pytest

from client import artwork, text
from client.games.magnate.words import finished_ranks
from client.i18n import tr
from client.scenes.launch import autoplay, default_seats
from client.scenes.results import ResultsScene
from client.session import Session

RANDOM_AI = ("ai", "random")


def finished(game_id, players, seed=4):
    session = Session.new(game_id, default_seats([RANDOM_AI] * players), seed, {})
    for _ in range(400):
        if session.over:
            break
        autoplay(session, 10)
    assert session.over
    return session


def results(harness, session):
    scene = ResultsScene(harness.app, session)
    harness.app.push(scene)
    harness.frames(2)
    assert scene.chart_surface is not None
    return scene, scene.view.chart(scene.final, scene.history())


def test_coup_charts_each_seats_coins_turn_by_turn(harness):
    session = finished("coup", 3)
    scene, (title, series) = results(harness, session)
    assert title == tr("coup.chart") and scene.view.chart_axis() == tr("results.turn_axis")
    assert [line[0] for line in series] == [2.0, 2.0, 2.0]  # everyone starts with 2 coins
    assert [line[-1] for line in series] == [float(c) for c in scene.final["coins"]]
    assert len(series[0]) > 3 and len({len(line) for line in series}) == 1
    assert len({tuple(line) for line in series}) > 1  # the seats' fortunes differ


def test_magnate_charts_finished_property_ranks_turn_by_turn(harness):
    session = finished("magnate", 2)
    scene, (title, series) = results(harness, session)
    assert title == tr("mag.chart")
    assert [line[0] for line in series] == [0.0, 0.0]
    final = scene.final
    assert [line[-1] for line in series] == [float(finished_ranks(final, s)) for s in (0, 1)]
    assert len(series[0]) > 3


@pytest.mark.parametrize("seed", [3])
def test_kobayakawa_still_charts_medals_per_round(harness, seed):
    session = finished("kobayakawa", 3, seed)
    scene, (title, series) = results(harness, session)
    assert title == tr("results.chart_medals")
    assert [line[0] for line in series] == [4.0, 4.0, 4.0]
    assert len(series[0]) == len(scene.final["history"]) + 1


def test_a_game_with_one_story_draws_one_chart_the_whole_panel_high(harness):
    session = finished("coup", 3)
    scene, data = results(harness, session)
    assert scene.view.charts(scene.final, scene.history()) == [data]
    assert scene.view.score_detail(scene.final, 0) == ""


def test_a_line_below_zero_stays_inside_the_plot_with_zero_marked(harness):
    """A score can be negative (Imperios's goods shortfall): the chart's scale reaches down
    to the lowest value, so no line runs below the plot over the round labels."""
    session = finished("coup", 3)
    scene, _data = results(harness, session)
    area = pygame.Rect(0, 0, 600, 400)
    surf = pygame.Surface(area.size, pygame.SRCALPHA)
    series = [[-18.0, -7.0, 12.0, 47.0], [-18.0, -12.0, -3.0, 20.0], [-18.0, -9.0, 5.0, 30.0]]
    with text.recording() as rec:
        scene._draw_chart(surf, area, "score", series)
    assert "0" in rec.shown and any(s.startswith("-") for s in rec.shown)
    colour = artwork.SEAT_COLOURS[session.seats[1]["colour"] % len(artwork.SEAT_COLOURS)]
    ys = [y for x in range(area.w) for y in range(area.h)
          if surf.get_at((x, y))[:3] == colour[:3]]
    labels = [p.ink for p in rec.placed if p.string in ("1", "2", "3")]  # the round labels
    assert ys and labels
    assert max(ys) < min(r.top for r in labels)
