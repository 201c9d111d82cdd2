"""Moving between scenes, and the command line's direct starts (game, screenshot)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pygame

from client import storage
from client.i18n import tr
from client.session import Session, seat_dict
from client.shell import Shell
from rules import SaveError, get_game
from rules.core.saves import GameRecord


def default_seats(kinds: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    """Seat dicts with default names and the first free colours."""
    seats = []
    for i, (kind, level) in enumerate(kinds):
        key = "seat.default_human" if kind == "human" else "seat.default_ai"
        seats.append(seat_dict(tr(key, n=i + 1), kind, level, i))
    return seats


def back_to_menu(app: Shell) -> None:
    from client.scenes.menu import MainMenu

    app.reset_to(MainMenu(app))


def open_setup(app: Shell) -> None:
    from client.scenes.setup import SetupScene

    app.push(SetupScene(app))


def open_settings(app: Shell) -> None:
    from client.scenes.settings_scene import SettingsScene

    app.push(SettingsScene(app))


def open_rules(app: Shell, game_id: str) -> None:
    from client.scenes.rules_ref import RulesScene

    app.push(RulesScene(app, game_id))


def open_load(app: Shell, current: Path | None = None) -> None:
    """The list of games to resume or watch (`current`: the game on the table below)."""
    from client.scenes.load import LoadScene

    app.push(LoadScene(app, current))


def open_table(
    app: Shell, record: GameRecord, state: Any = None, replace: bool = False, replay: bool = False,
    path: Path | None = None,
) -> None:
    """Play (or, if it is finished or asked for, replay) a game; the menu stays underneath.
    `path`: the game's own file in the data folder, where play goes on being saved (a
    file from elsewhere goes on in a new one)."""
    from client.scenes.menu import MainMenu
    from client.scenes.replay import ReplayScene
    from client.scenes.table import TableScene

    session = Session(record)
    watch = session.over or replay
    scene: Any = ReplayScene(app, session) if watch else TableScene(app, session)
    if not watch and path is not None and storage.is_listed(path):
        scene.save_path = path
    app.reset_to(MainMenu(app))
    app.push(scene)


def open_results(app: Shell, session: Session) -> None:
    from client.scenes.results import ResultsScene

    app.push(ResultsScene(app, session))


def open_replay(app: Shell, session: Session) -> None:
    from client.scenes.replay import ReplayScene

    app.push(ReplayScene(app, session))


def start(app: Shell, args: argparse.Namespace) -> None:
    """`tablero` alone opens the menu; `--game` starts straight into a table."""
    from client.scenes.menu import MainMenu
    from client.scenes.table import TableScene

    app.push(MainMenu(app))
    if args.game:
        session = Session.new(args.game, default_seats(args.seats), args.seed, args.options)
        autoplay(session, args.autoplay)  # e.g. to start a test game in its middle
        app.push(TableScene(app, session))


def autoplay(session: Session, count: int) -> None:
    """Let the agents play `count` actions for every seat (humans included)."""
    from client.ai_worker import think

    for _ in range(count):
        if session.over:
            return
        seat = session.to_act()[0]
        level = session.seats[seat].get("level") or "normal"
        seed = session.record.seed * 7919 + len(session.steps)
        answer = think(
            {
                "job": 0,
                "record": session.record.to_json(),
                "seat": seat,
                "level": level,
                "seed": seed,
            }
        )
        session.apply(seat, session.game.action_from_json(answer["action"]))


def screenshot(app: Shell, args: argparse.Namespace) -> int:
    """Headless picture of the table after `--autoplay` actions (without --game: of the
    main menu, which is how the packaged app's cold start is measured); exit status 0."""
    from client.scenes.table import TableScene

    app.inline_ai = True
    app.autosave = False
    if not args.game:
        return _snap_menu(app, args.screenshot)
    session = Session.new(args.game, default_seats(args.seats), args.seed, args.options)
    autoplay(session, args.autoplay)
    humans = session.humans_to_act() or session.humans()
    if humans:
        session.lift_curtain(humans[0])
    scene = TableScene(app, session)
    app.push(scene)
    scene.timeline.skip()
    thinking = session.ais_to_act()
    scene.ctx.thinking = thinking[0] if thinking else None
    app.manager.update(0.01)
    app.draw()  # the first frame lays the table out (a board's viewport, its camera's fit)
    scene.view.settle()
    app.draw()
    pygame.image.save(app.window, args.screenshot)
    app.quit()
    pygame.quit()
    return 0


def _snap_menu(app: Shell, path: str) -> int:
    from client.scenes.menu import MainMenu

    app.push(MainMenu(app))
    app.manager.update(0.01)
    app.draw()
    pygame.image.save(app.window, path)
    app.quit()
    pygame.quit()
    return 0


def load_file(app: Shell, path: Any, replay: bool = False) -> SaveError | None:
    """Open a save file into a table; the error when it is refused (the file is untouched)."""
    from client.games import has_view

    try:
        record, state = storage.read_save(path)
    except SaveError as exc:
        return exc
    if not has_view(record.game):
        return SaveError("no_table", game=get_game(record.game).info.title)
    open_table(app, record, state, replay=replay, path=Path(path))
    return None
