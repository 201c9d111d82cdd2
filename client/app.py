"""The Tablero desktop app: window, main loop, scene stack and the `tablero` command."""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import sys
import warnings
from pathlib import Path
from typing import Any, NoReturn

import pygame
import pygame_gui

import rules
from client import artwork, i18n, resources, storage, text, theme
from client.input import InputMapper
from client.scenes.base import Scene, draw_tooltip, ui_rects
from client.settings import Settings

BASE_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)
FPS = 60
IDLE_FPS = 30  # how often a still screen looks for input and AI answers
SETTLE = 1.5  # seconds drawn after the last input: pygame_gui's tooltips wait 1 s to show
TOAST_SECONDS = 2.5


class App:
    """Owns the window, the UI manager and the stack of scenes."""

    def __init__(
        self, settings: Settings | None = None, size: tuple[int, int] | None = None
    ) -> None:
        pygame.display.init()  # no audio: the app makes no sound and must not wait on ALSA
        pygame.font.init()
        self.settings = settings or Settings.load()
        i18n.set_language(self.settings.language)
        artwork.SHAPES = self.settings.colourblind_marks
        pygame.display.set_caption("Tablero")
        icon = pygame.Surface((64, 64), pygame.SRCALPHA)
        sun = artwork.red_sun(28)
        icon.blit(sun, sun.get_rect(center=(32, 32)))
        pygame.display.set_icon(icon)  # the red sun, before the window opens
        self.window = self._open_window(size or self.settings.window)
        self.scenes: list[Scene] = []
        self.input = InputMapper()
        self.clock = pygame.time.Clock()
        self.running = True
        self.mouse = (0, 0)
        self.inline_ai = False  # tests and screenshots think in-process, deterministically
        self.autosave = True
        self.manager: Any = None
        self._dirty = True
        self._settle = 0.0
        self._toast: tuple[str, float] | None = None
        self._moving = False  # whether the scene animated at the last frame
        self.draws = 0  # frames drawn so far (the idle test counts them)
        # Where the last drawn frame put things over the scene (pygame_gui's elements, a
        # tooltip, a note or a toast): a scene that keeps what it drew the frame before
        # restores only these, and its own marks (`TableScene`).
        self.overlays: list[pygame.Rect] = []
        self._make_manager()
        self._on_language = lambda _lang: self.rebuild()
        i18n.on_change(self._on_language)

    # -- window and scale ------------------------------------------------------
    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if pygame.display.get_driver() not in ("dummy", "offscreen"):  # pictures may be big
            desktop = max(pygame.display.get_desktop_sizes() or [size])
            room = (max(desktop[0], MIN_SIZE[0]), max(desktop[1], MIN_SIZE[1]))
            size = (min(size[0], room[0]), min(size[1], room[1]))
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass  # older pygame-ce: resizes below the minimum are clamped in `resized`
        return surface

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    @property
    def scale(self) -> float:
        w, h = self.size
        return min(w / BASE_SIZE[0], h / BASE_SIZE[1]) * self.settings.ui_scale

    def _make_manager(self) -> None:
        self.manager = pygame_gui.UIManager(
            self.size, theme.build(self.scale), starting_language=i18n.language()
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # fonts the theme already loaded are fine
            self.manager.preload_fonts(theme.preload(self.scale))
        self._manager_scale = self.scale
        text.set_scale(self.scale)  # the smallest text follows the UI scale

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size: remake the theme at the new scale and rebuild the UI."""
        if not self.settings.fullscreen:
            self.window = self._open_window(size)
            self.settings.window = self.size
        if abs(self._manager_scale - self.scale) > 0.01:
            self._make_manager()
        else:
            self.manager.set_window_resolution(self.size)
        self.rebuild()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.window = self._open_window(self.settings.window)
        self.settings.save()
        self.resized(self.size)

    def rebuild(self) -> None:
        """Drop every UI element and let the visible scene build its own again."""
        if self.manager.get_locale() != i18n.language():
            self.manager.set_locale(i18n.language())  # re-renders every text: only on a change
        self._dirty = True
        self.manager.clear_and_reset()
        if self.scenes:
            self.scenes[-1].build_ui()

    # -- scene stack -----------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()
        self.rebuild()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        if not self.scenes:
            self.running = False
            return
        self.rebuild()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        """Leave every scene and start afresh from this one (e.g. back to the menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    # -- the loop --------------------------------------------------------------
    def toast(self, words: str) -> None:
        """A short confirmation ("Saved as …") at the bottom of the window for a few
        seconds, over whatever scene is showing."""
        self._toast = (words, TOAST_SECONDS)
        self._dirty = True

    def redraw(self) -> None:
        """Something changed that no input or animation shows (an AI's move, a hint that
        arrived): draw the next frame."""
        self._dirty = True

    def needs_drawing(self) -> bool:
        """Whether the next frame must be drawn: something changed (input within the last
        `SETTLE` seconds, a rebuild, a `redraw`), the scene animates, or a text field's
        cursor blinks. A still screen is drawn once and then left alone."""
        if self._dirty or self._settle > 0 or self._toast is not None or self._moving:
            return True  # (the frame after an animation ends shows where it landed)
        if self.scene is not None and self.scene.animating():
            return True
        focused = self.manager.get_focus_set() or ()
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focused)

    def frame(self, dt: float) -> None:
        """One frame: events → UI manager → scene → UI update → draw → UI draw → flip; the
        drawing only when `needs_drawing` (an idle menu or table costs next to nothing)."""
        events = pygame.event.get()
        for ev in events:
            self._dispatch(ev)
            if not self.running:
                return
        if events:
            self._settle = SETTLE  # hover colours and pygame_gui's delayed tooltips follow
        if self.scene:
            self.scene.update(dt)
        self.manager.update(dt)
        moving = self.scene is not None and self.scene.animating()
        draw = self.needs_drawing() or moving
        self._moving = moving
        if draw:
            self._dirty = False
            self.draw()
            pygame.display.flip()
            self.draws += 1
        self._settle = max(0.0, self._settle - dt)
        if self._toast is not None:
            words, left = self._toast
            self._toast = (words, left - dt) if left > dt else None
            self._dirty = self._toast is None  # one more frame, without it

    def draw(self) -> None:
        text.begin_frame()
        if self.scene:
            self.scene.draw(self.window)
        self.manager.draw_ui(self.window)
        drawn = ui_rects(self.manager)
        if self.scene and not self.manager.get_hovering_any_element():
            tip = self.scene.tip_at(self.mouse)
            if tip:
                drawn.append(draw_tooltip(self.window, self.mouse, tip, self.scale))
        notes = (self._draw_storage_note(), self._draw_toast())
        self.overlays = drawn + [rect for rect in notes if rect is not None]

    def _draw_toast(self) -> pygame.Rect | None:
        if self._toast is None:
            return None
        words, left = self._toast
        size, pad = max(14, round(17 * self.scale)), round(12 * self.scale)
        fitted = text.fit(words, size, round(560 * self.scale), round(90 * self.scale))
        box = pygame.Rect(0, 0, fitted.width + 2 * pad, fitted.height + 2 * pad)
        box.midbottom = (self.size[0] // 2, self.size[1] - round(130 * self.scale))
        fade = min(1.0, left / 0.4)  # fades out over its last 0.4 s
        with text.layer("toast"):
            plate = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(plate, (*artwork.INK, round(235 * fade)), plate.get_rect(),
                             border_radius=pad)
            pygame.draw.rect(plate, (*artwork.ACCENT, round(255 * fade)), plate.get_rect(), 2,
                             border_radius=pad)
            self.window.blit(plate, box)
            text.draw(self.window, words, box.inflate(-2 * pad, -2 * pad), size,
                      artwork.PARCHMENT, align="center")
        return box

    def _draw_storage_note(self) -> pygame.Rect | None:
        """A failed autosave ("could not save: disk full") or a second copy of the app on
        the same data folder: said in a note at the bottom left while it lasts (its rect)."""
        note = storage.note() if self.autosave else None
        if not note:
            return None
        size = max(14, round(15 * self.scale))
        pad = round(8 * self.scale)
        lines = resources.wrap(note, size, round(420 * self.scale))
        images = [resources.text(line, size, artwork.PARCHMENT) for line in lines]
        w = max(image.get_width() for image in images) + 2 * pad
        h = sum(image.get_height() for image in images) + 2 * pad
        box = pygame.Rect(2 * pad, self.size[1] - h - 2 * pad, w, h)
        pygame.draw.rect(self.window, artwork.INK, box, border_radius=pad)
        pygame.draw.rect(self.window, (214, 96, 70), box, 2, border_radius=pad)
        y = box.y + pad
        for image in images:
            self.window.blit(image, (box.x + pad, y))
            y += image.get_height()
        return box

    def _dispatch(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT:
            self.quit()
            return
        if ev.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.resized((ev.w, ev.h))
            return
        if ev.type in EXPOSED:
            # The system may have drawn over the window: nothing of the last frame is kept.
            self.overlays = [pygame.Rect((0, 0), self.size)]
            self._dirty = True
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        consumed = self.manager.process_events(ev)
        scene = self.scene
        if scene is None:
            return
        if ev.type >= pygame.USEREVENT and hasattr(ev, "ui_element"):
            scene.handle_ui(ev)
            return
        if consumed and ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        for intent in self.input.translate(ev):
            if intent.kind == "command" and intent.name == "fullscreen":
                self.toggle_fullscreen()
            elif intent.kind == "command" and intent.name == "quit":
                self.quit()
            else:
                scene.handle(intent)
            if self.scene is not scene:
                break

    def quit(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.settings.save()
        i18n.forget(self._on_language)
        self.running = False

    def run(self) -> None:
        try:
            while self.running:
                dt = self.clock.tick(FPS if self.needs_drawing() else IDLE_FPS) / 1000
                self.frame(dt)
        except Exception:
            # The game itself is safe in the autosave; leave the details for a bug report.
            import traceback

            write_crash_log(traceback.format_exc())
            raise
        finally:
            for scene in reversed(self.scenes):
                scene.exit()  # stops the AI process even after a crash
            pygame.quit()


EXPOSED = frozenset({pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                     pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWSIZECHANGED})
"""Window events after which the window's pixels may not be the last frame drawn."""


def write_crash_log(report: str) -> str | None:
    """Write a crash report where it can be: the data folder, else the temporary folder
    (a full or read-only data disk must not lose the report too); where it went."""
    import tempfile

    from client.settings import data_dir

    places = []
    with contextlib.suppress(OSError):
        places.append(data_dir() / "crash.log")
    places.append(Path(tempfile.gettempdir()) / "tablero-crash.log")
    for place in places:
        if place.is_symlink() or (place.exists() and not place.is_file()):
            continue  # a FIFO would block the exit, a device never end
        try:
            with open(place, "w", encoding="utf-8") as fh:
                fh.write(report)
                fh.flush()
                os.fsync(fh.fileno())
        except OSError:
            continue
        print(f"tablero: crash report written to {place}", file=sys.stderr)
        return str(place)
    return None


# -- command line ----------------------------------------------------------------
def parse_seats(text: str) -> list[tuple[str, str | None]]:
    """`human,ai:normal,ai` → [("human", None), ("ai", "normal"), ("ai", "normal")]."""
    seats: list[tuple[str, str | None]] = []
    for part in text.split(","):
        kind, _, level = part.strip().lower().partition(":")
        if kind == "human" and not level:
            seats.append(("human", None))
        elif kind == "ai" and (level or "normal") in ("easy", "normal", "hard"):
            seats.append(("ai", level or "normal"))
        else:
            raise ValueError(part)
    return seats


LOG_BYTES = 256 * 1024


def start_log() -> str | None:
    """Notes (damaged settings set aside, a failed autosave, a second copy) go to stderr
    and to `tablero.log` in the data folder, kept small (one old file beside it); where
    the data folder holds no regular file by that name, to stderr only."""
    import logging
    import logging.handlers

    from client.settings import data_dir

    log = logging.getLogger("tablero")
    if log.handlers:  # started already (main called twice in one process)
        return None
    log.setLevel(logging.INFO)
    log.addHandler(logging.StreamHandler())
    try:
        path = data_dir() / "tablero.log"
        if path.is_symlink() or (path.exists() and not path.is_file()):
            return None  # no FIFO, device or folder: it could block or never end
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    return str(path)


MAX_WINDOW = (7680, 4320)  # an 8K screen; the display may bound it further
MAX_AUTOPLAY = 100_000
MAX_SEED = 2**63 - 1
OPTION_DEPTH = 8


class _Parser(argparse.ArgumentParser):
    """argparse with one short line per error: values it echoes are cut to a readable
    length (a 5,000-digit number comes back as 60 characters), exit status 2."""

    def error(self, message: str) -> NoReturn:
        from rules.core.safe_json import clip_words

        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {clip_words(message)}\n")


def _bounded_int(low: int, high: int) -> Any:
    """An argparse type: a whole number from `low` to `high` (no 5,000-digit parse)."""

    def parse(value: str) -> int:
        digits = value.strip().lstrip("+-")
        if not digits.isdigit() or len(digits) > len(str(high)) or not low <= int(value) <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}")
        return int(value)

    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tablero", description="Tablero: tabletop games.")
    parser.add_argument("--version", action="version", version=f"tablero {rules.__version__}")
    parser.add_argument(
        "--game", help=f"start straight into this game: {', '.join(sorted(rules.GAMES))}"
    )
    parser.add_argument("--seats", help="comma list of human, ai, ai:easy, ai:normal, ai:hard")
    parser.add_argument(
        "--seed", type=_bounded_int(0, MAX_SEED), help="seed for the deal (default: random)"
    )
    parser.add_argument(
        "--autoplay",
        type=_bounded_int(0, MAX_AUTOPLAY),
        default=0,
        metavar="N",
        help="let the agents play the first N actions (for every seat)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); VALUE is read as JSON when it can be, e.g. theme=urbis",
    )
    parser.add_argument(
        "--screenshot",
        metavar="PNG",
        help="render the table (or, without --game, the main menu), save it, exit",
    )
    parser.add_argument("--size", default="", metavar="WxH", help="window size, e.g. 1920x1080")
    parser.add_argument("--lang", choices=i18n.LANGUAGES, help="language (default: settings)")
    return parser


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """`["theme=urbis", "rounds=5"]` → {"theme": "urbis", "rounds": 5}: each value is JSON
    when it parses as JSON, otherwise the plain string. A pair without "=" raises ValueError;
    a value nested too deep or with an overlong number raises SaveError (the hardened
    reader's refusal, not a RecursionError)."""
    from rules.core.safe_json import loads

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value_text = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(pair)
        try:
            value = loads(value_text, max_depth=OPTION_DEPTH)
        except rules.SaveError as exc:
            if exc.code in ("too_deep", "number_too_long", "not_a_number"):
                raise
            value = value_text
        options[key.strip()] = value
    return options


def check_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Parse --option pairs and let the game's rules validate them (exit 2 when wrong)."""
    from rules.cli import describe
    from rules.core.safe_json import clip

    try:
        options = parse_options(args.option)
    except ValueError as exc:
        parser.error(f"--option must look like KEY=VALUE, not {clip(exc.args[0])!r}")
    except rules.SaveError as exc:
        parser.error(f"--option: the value is not usable JSON ({describe(exc)})")
    game = rules.GAMES[args.game]
    try:
        args.options = game.normalize_options(options)
        game.new_game(len(args.seats), args.seed, args.options)  # e.g. start_player vs seats
    except rules.SetupError as exc:
        known = "; ".join(
            f"{spec.key} (default {spec.default!r}"
            + (f", one of {', '.join(map(repr, spec.choices))})" if spec.choices else ")")
            for spec in game.info.options
        )
        what = clip(exc.params.get("option", ""))
        if exc.code == "unknown_option":
            problem = f"{game.info.title} has no option {what!r}"
        elif exc.code == "bad_option_value":
            value = exc.params.get("value")
            shown = repr(clip(value)) if isinstance(value, str) else clip(value)
            problem = f"bad value {shown} for {game.info.title}'s option {what!r}"
            if what == "start_player":
                problem += f" with {len(args.seats)} seats (seats count from 0; -1: by lot)"
        else:
            problem = describe(exc)
        parser.error(f"--option: {problem}; options: {known or 'none'}")


def check_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse wrong arguments with a clear message (argparse exits with status 2)."""
    if (args.autoplay or args.seats is not None or args.option) and args.game is None:
        parser.error("--seats, --autoplay and --option need --game")
    args.options = {}
    if args.seed is None:
        args.seed = random.randrange(1, 2**31)
    if args.size:
        args.size = parse_size(parser, args.size)
    if args.screenshot is not None:
        check_screenshot(parser, args.screenshot)
    if args.game is not None:
        if args.game not in rules.GAMES:
            parser.error(
                f"unknown game {args.game!r}; known games: {', '.join(sorted(rules.GAMES))}"
            )
        from client.games import has_view

        if not has_view(args.game):
            parser.error(f"{rules.GAMES[args.game].info.title} has no table in the app yet")
        info = rules.GAMES[args.game].info
        try:
            seats = parse_seats(args.seats) if args.seats is not None else None
        except ValueError as exc:
            parser.error(
                f"bad seat {exc.args[0][:60]!r} in --seats (use human, ai or ai:easy|normal|hard)"
            )
        if seats is None:
            seats = [("human", None)] + [("ai", "normal")] * (info.min_players - 1)
        if not info.min_players <= len(seats) <= info.max_players:
            parser.error(
                f"{info.title} takes {info.min_players}–{info.max_players} seats, "
                f"--seats gave {len(seats)}"
            )
        args.seats = seats
        check_options(parser, args)


def parse_size(parser: argparse.ArgumentParser, value: str) -> tuple[int, int]:
    """`1920x1080` → (1920, 1080); at most an 8K screen (the display may bound it more)."""
    w_text, sep, h_text = value.strip().lower().partition("x")
    if not sep or not (w_text.isascii() and w_text.isdigit() and h_text.isdigit()):
        parser.error(f"--size must look like 1280x800, not {value!r}")
    small = len(w_text) <= 5 and len(h_text) <= 5  # no 5,000-digit int() either
    if not small or not (1 <= int(w_text) <= MAX_WINDOW[0] and 1 <= int(h_text) <= MAX_WINDOW[1]):
        parser.error(f"--size {value!r} is too large: at most {MAX_WINDOW[0]}x{MAX_WINDOW[1]}")
    w, h = int(w_text), int(h_text)
    return w, h


def check_screenshot(parser: argparse.ArgumentParser, value: str) -> None:
    """The picture goes into a folder that exists, and is not itself a folder."""
    path = Path(value)
    if not value.strip() or path.is_dir():
        parser.error(f"--screenshot wants a file name such as table.png, not {value!r}")
    if not path.absolute().parent.is_dir():
        parser.error(f"--screenshot: the folder {str(path.parent)!r} does not exist")


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    parser = build_parser()
    args = parser.parse_args(argv)
    check_args(parser, args)
    start_log()
    settings = Settings.load()
    if args.lang:
        settings.use_language_for_now(args.lang)  # this run only, never the saved setting
    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        settings.fullscreen = False
    from client.scenes import launch

    app = App(settings, args.size or None)
    if args.screenshot:
        try:
            return launch.screenshot(app, args)
        except (pygame.error, OSError) as exc:  # e.g. a folder one cannot write in
            print(f"tablero: error: --screenshot could not be written ({exc})", file=sys.stderr)
            return 2
    if not storage.owns_autosave():  # another copy plays on this data folder: leave its game
        print(f"tablero: {storage.note()}", file=sys.stderr)
    launch.start(app, args)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
