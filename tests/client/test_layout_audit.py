"""The layout audit: every scene and every registered game's table, at three window sizes,
three UI scales and both languages, with no text clipped, overflowing its box, shortened,
overlapping another text or hidden under a widget, and no catalogue key shown raw.

What is "drawn text": everything the client draws goes through `client/text.py`, which
notes each placed text (string, ink rect, box, clip) while `text.recording()` is on; a
string rendered but never placed through it is a failure too (drawn past the audit).
pygame_gui's own words are checked by `text.widget_problems`.

The tables are mid-game positions from a seeded random playout of each game in
`client.games` (the first position of every kind of prompt the human seat meets, and the
end with its results and replay screens), so a game is audited the moment it registers.
"""

from __future__ import annotations

import os
import random
from functools import cache
from typing import Any

import pygame
import pytest

from client import i18n, storage, text
from client.app import App
from client.games import registered
from client.scenes.launch import default_seats
from client.scenes.load import LoadScene
from client.scenes.menu import MainMenu
from client.scenes.replay import ReplayScene
from client.scenes.results import ResultsScene
from client.scenes.rules_ref import RulesScene
from client.scenes.settings_scene import SettingsScene
from client.scenes.setup import SetupScene
from client.scenes.table import TableScene
from client.session import Session
from client.settings import Settings
from rules import get_game
from rules.core.saves import GameRecord

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
UI_SCALES = [1.0, 1.15, 1.3]
LANGUAGES = ["es", "en"]
SEED = 11
STEP_CAP = 4000
PROMPT_KINDS = 12  # positions per game, at most, besides the end

# Widgets a custom-drawn text must not lie under.
SOLID = {"UIButton", "UIDropDownMenu", "UITextEntryLine", "UITextBox", "UILabel", "UIPanel"}


# -- the app and the positions -----------------------------------------------------------
@pytest.fixture(scope="module")
def app(tmp_path_factory):
    os.environ["TABLERO_DATA_DIR"] = str(tmp_path_factory.mktemp("audit-data"))
    application = App(Settings(language="en", animation_speed=0.0, ai_pause=0.0), (1280, 800))
    application.inline_ai = True
    application.autosave = False
    yield application
    application.quit()


def configure(app: App, lang: str, size: tuple[int, int], ui: float) -> None:
    i18n.set_language(lang)
    app.settings.ui_scale = ui
    app.resized(size)


def seats_for(players: int, human: int = 0, humans: int = 1) -> list[dict[str, Any]]:
    """Seat `human` (and the next `humans - 1`) human, the rest AI, default names but one
    longer name among them."""
    mine = {(human + k) % players for k in range(humans)}
    kinds = [("human", None) if q in mine else ("ai", "easy") for q in range(players)]
    seats = default_seats(kinds)
    if players > 2:
        seats[(human + 2) % players]["name"] = "Maximiliana"
    return seats


@cache
def playout(game_id: str, players: int) -> tuple[list[tuple[int, Any]], list[tuple[int, int]]]:
    """(the actions of one seeded random game, the positions worth auditing): the first
    position of each new set of choices any seat is offered, as (moves so far, that seat),
    then the end."""
    game = get_game(game_id)
    rng = random.Random(SEED)
    state = game.new_game(players, SEED, game.normalize_options({}))
    actions: list[tuple[int, Any]] = []
    kinds: set[frozenset[str]] = set()
    marks: list[tuple[int, int]] = []
    for _ in range(STEP_CAP):
        if game.outcome(state) is not None:
            break
        acting = game.to_act(state)
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        kind = frozenset(a.type for a in legal)
        if kind not in kinds and len(marks) < PROMPT_KINDS:
            kinds.add(kind)
            marks.append((len(actions), seat))
        action = rng.choice(legal)
        state = game.apply(state, seat, action).state
        actions.append((seat, action))
    marks.append((len(actions), 0))
    return actions, marks


def player_counts(game_id: str) -> list[int]:
    """The most seats (the tightest table) and the fewest (two-player variants)."""
    info = get_game(game_id).info
    return sorted({info.max_players, info.min_players}, reverse=True)


def session_at(
    game_id: str, players: int, count: int, human: int = 0, humans: int = 1
) -> Session:
    actions, _marks = playout(game_id, players)
    game = get_game(game_id)
    record = GameRecord(
        game_id, seats_for(players, human, humans), SEED, game.normalize_options({})
    )
    record.actions = list(actions[:count])
    return Session(record)


def longest_refusal() -> str:
    """The longest sentence the prompt may show with it (an undo refusal, a rule)."""
    catalogue = i18n.catalogue(i18n.language())
    keys = [k for k in catalogue if k.startswith(("table.undo_refused.", "illegal."))]
    return max((i18n.tr(k) for k in keys if "{" not in catalogue[k]), key=len)


# -- the checks ----------------------------------------------------------------------------
def audited_frame(app: App, where: str) -> list[str]:
    """Draw one frame while recording and say everything wrong with its text."""
    app.manager.update(0.0)
    with text.recording() as rec:
        app.draw()
    window = app.window.get_rect()
    problems = [f"{where}: {p}" for p in text_problems(rec, window)]
    problems += [f"{where}: {p}" for p in text.widget_problems(app.manager, window)]
    problems += [f"{where}: {p}" for p in hidden_under_widgets(rec, app)]
    problems += [f"{where}: {p}" for p in widgets_overlapping(app)]
    return problems


def text_problems(rec: text.Recording, window: pygame.Rect) -> list[str]:
    out = []
    for p in rec.placed:
        name = repr(p.string if len(p.string) < 60 else p.string[:57] + "...")
        if text.looks_like_key(p.string):
            out.append(f"raw catalogue key {name}")
        if text.has_placeholder(p.string):
            out.append(f"{name} has a '?' for a missing name")
        if p.elided and not p.free_text:
            out.append(f"{name} shortened to fit (full: {p.full[:80]!r})")
        if not p.clip.contains(p.ink):
            out.append(f"{name} clipped: ink {tuple(p.ink)} outside {tuple(p.clip)}")
        elif p.on_screen and not window.contains(p.ink):
            out.append(f"{name} leaves the window: {tuple(p.ink)}")
        if p.box is not None and not p.box.inflate(2, 2).contains(p.ink):
            out.append(f"{name} overflows its box: ink {tuple(p.ink)} box {tuple(p.box)}")
    screen = [p for p in rec.placed if p.on_screen]
    for i, a in enumerate(screen):
        for b in screen[i + 1 :]:
            if a.layer == b.layer and a.ink.inflate(-2, -2).colliderect(b.ink.inflate(-2, -2)):
                out.append(f"{a.string[:40]!r} {tuple(a.ink)} overlaps {b.string[:40]!r} "
                           f"{tuple(b.ink)}")
    for box, layer, before, name in rec.covers:
        for p in rec.placed[:before]:
            if p.on_screen and p.layer != layer and p.ink.inflate(-2, -2).colliderect(box):
                out.append(f"{p.string[:40]!r} {tuple(p.ink)} hidden under a {name} "
                           f"{tuple(box)}")
    for string in sorted(rec.unplaced()):
        out.append(f"{string[:60]!r} drawn past client.text (not audited)")
    return out


def widgets_overlapping(app: App) -> list[str]:
    """Two widgets of the screen (not the parts of one drop-down) on top of each other."""
    root = app.manager.get_root_container()
    widgets = [
        e for e in app.manager.get_sprite_group().sprites()
        if type(e).__name__ in ("UIButton", "UIDropDownMenu", "UITextEntryLine")
        and getattr(e, "visible", True) and getattr(e, "ui_container", None) is root
    ]
    out = []
    for i, a in enumerate(widgets):
        for b in widgets[i + 1 :]:
            if a.rect.inflate(-2, -2).colliderect(b.rect.inflate(-2, -2)):
                out.append(f"{type(a).__name__} {getattr(a, 'text', '')!r} {tuple(a.rect)} "
                           f"overlaps {type(b).__name__} {getattr(b, 'text', '')!r} "
                           f"{tuple(b.rect)}")
    return out


def hidden_under_widgets(rec: text.Recording, app: App) -> list[str]:
    solid = [
        e.rect
        for e in app.manager.get_sprite_group().sprites()
        if type(e).__name__ in SOLID and getattr(e, "visible", True)
    ]
    out = []
    for p in rec.placed:
        if p.on_screen and p.layer == 0:
            for rect in solid:
                if rect.inflate(-2, -2).colliderect(p.ink):
                    out.append(f"{p.string[:40]!r} {tuple(p.ink)} hidden under a widget "
                               f"{tuple(rect)}")
                    break
    return out


def audit_scene(app: App, scene: Any, where: str) -> list[str]:
    app.reset_to(scene)
    return audited_frame(app, where)


# -- the tests -----------------------------------------------------------------------------
CASES = [
    pytest.param(lang, size, ui, id=f"{lang}-{size[0]}x{size[1]}-{round(ui * 100)}")
    for lang in LANGUAGES
    for size in SIZES
    for ui in UI_SCALES
]


# Every position is audited at the tightest and the roomiest window and at 1280×800; the
# other sizes and scales take every third position in turn, so each is still seen at several
# of them and the audit stays quick on CI's two cores as games are added.
FULL = {((1024, 640), 1.3), ((1024, 640), 1.0), ((1280, 800), 1.0), ((1280, 800), 1.3),
        ((1920, 1080), 1.0)}


@pytest.mark.parametrize("game_id", registered())
@pytest.mark.parametrize(("lang", "size", "ui"), CASES)
def test_every_table_position_fits(app, game_id, lang, size, ui):
    configure(app, lang, size, ui)
    problems: list[str] = []
    full = (size, ui) in FULL
    turn = SIZES.index(size) * len(UI_SCALES) + UI_SCALES.index(ui)
    for players in player_counts(game_id):
        _actions, marks = playout(game_id, players)
        for k, (count, seat) in enumerate(marks):
            if not full and (k + turn) % 3 and k != len(marks) - 1:
                continue
            where = f"{game_id}/{players}@{count}"
            session = session_at(game_id, players, count, human=seat)
            table = TableScene(app, session)
            problems += audit_scene(app, table, where)
            if not session.over and (full or k % 2):  # the longest refusal over the prompt
                table.error = longest_refusal()
                problems += audited_frame(app, f"{where} refused")
        session = session_at(game_id, players, marks[-1][0])
        if session.over:  # a playout too long for the cap has no end to show
            problems += audit_scene(app, ResultsScene(app, session), f"{game_id} results")
        problems += audit_scene(app, ReplayScene(app, session), f"{game_id} replay")
    problems += audit_scene(app, RulesScene(app, game_id), f"{game_id} rules")
    assert not problems, "\n".join(dict.fromkeys(problems))


@pytest.mark.parametrize(("lang", "size", "ui"), CASES)
def test_every_scene_fits(app, lang, size, ui):
    configure(app, lang, size, ui)
    problems = audit_scene(app, MainMenu(app), "menu")
    problems += audit_scene(app, SettingsScene(app), "settings")
    setup = SetupScene(app)
    app.reset_to(setup)
    for game_id in registered():
        setup.game_id = game_id
        setup._reset_rows()
        app.rebuild()
        problems += audited_frame(app, f"setup {game_id}")
    first = registered()[0]
    session = session_at(first, player_counts(first)[0], 3, humans=2)
    storage.write_record(session.record)
    problems += audit_scene(app, LoadScene(app), "load")
    curtain = TableScene(app, session)
    app.reset_to(curtain)
    if curtain.curtain_seat is not None:
        problems += audited_frame(app, "curtain")
    assert not problems, "\n".join(dict.fromkeys(problems))


def test_the_audit_fails_on_a_clipped_label(app):
    """A test that cannot fail is worthless: a label drawn past its box, a shortened
    catalogue sentence, a raw key and two texts on top of each other are all caught."""
    configure(app, "en", (1280, 800), 1.0)
    app.reset_to(MainMenu(app))
    app.manager.update(0.0)
    with text.recording() as rec:
        screen = app.window
        box = pygame.Rect(100, 100, 40, 20)
        text.draw(screen, "A sentence far too long for its tiny box", box, 16, (0, 0, 0))
        text.label(screen, "option.carolus_magnus.repeated_disc", 16, (100, 300), (0, 0, 0))
        text.label(screen, "Player 1", 16, (400, 400), (0, 0, 0))
        text.label(screen, "survived", 16, (420, 402), (0, 0, 0))
        clipped = screen.subsurface(pygame.Rect(600, 600, 30, 30))
        text.label(clipped, "Round 3", 16, (0, 0), (0, 0, 0))
    found = "\n".join(text_problems(rec, screen.get_rect()))
    assert "shortened to fit" in found
    assert "raw catalogue key" in found
    assert "overlaps" in found
    assert "'Round 3' clipped" in found


def test_the_audit_sees_text_drawn_past_the_helper(app):
    configure(app, "en", (1280, 800), 1.0)
    from client import resources

    with text.recording() as rec:
        app.window.blit(resources.text("sneaky", 16, (0, 0, 0)), (10, 10))
    assert rec.unplaced() == {"sneaky"}
