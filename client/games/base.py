"""The small protocol a game's view implements to plug into the shared table scene.

The table scene owns the frame around the game (top bar, log, prompt, curtain,
undo, saves, AI); a GameView draws the game's own area and speaks its vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from client import artwork, text
from client.anim import Tween
from client.board.render import rect_around
from client.i18n import error_sentence, tr
from client.input import Intent
from client.text import Fit
from rules import Action, Event, IllegalAction, Seat

__all__ = [
    "DrawContext", "GameView", "Kept", "key_disc", "lit_key", "rect_around", "solid_core",
    "thinking_dots",
]


def lit_key(lit: dict[str, Any]) -> str:
    """What lights a panel (`lit`), as one string to compare: a panel's kept picture is
    drawn again when it changes."""
    return repr(sorted((k, repr(v)) for k, v in lit.items()))


def thinking_dots(now: float) -> int:
    """How many dots (1 to 3) follow a thinking AI's name at `now`: three a second."""
    return 1 + int(now * 3) % 3


def solid_core(picture: pygame.Surface, rect: pygame.Rect, inset: int,
               target: pygame.Surface) -> tuple[pygame.Rect, pygame.Surface | None]:
    """`rect` of a per-pixel-alpha `picture` less `inset` on each side, and, if every
    pixel there is opaque, a copy of it in `target`'s format, which blits as a plain copy
    (no blending) with the same result; else None (blit it with its alpha)."""
    core = rect.inflate(-2 * inset, -2 * inset).clip(picture.get_rect())
    if core.w <= 0 or core.h <= 0:
        return core, None
    part = picture.subsurface(core)
    if pygame.mask.from_surface(part, 254).count() != core.w * core.h:
        return core, None
    solid = pygame.Surface(core.size, 0, target)
    solid.blit(part, (0, 0))
    return core, solid


class Kept:
    """Parts of the table a view draws as opaque pictures, on the table's felt, and keeps
    while what they show is the same (`sig`): a frame then blits them only where
    something drew over them since (`DrawContext.drawn_over`, and the view's own `over`), or
    whole when the table keeps nothing; drawn afresh while the layout audit records
    texts. A view draws them before its board, which covers whatever the painting put
    beyond them."""

    def __init__(self) -> None:
        self.sig: object = None
        self.pictures: list[tuple[pygame.Rect, pygame.Surface]] = []

    def draw(self, surface: pygame.Surface, areas: list[pygame.Rect], sig: object,
             drawn_over: list[pygame.Rect] | None,
             paint: Callable[[pygame.Surface], object],
             over: Sequence[pygame.Rect] = ()) -> None:
        found = [a.clip(surface.get_rect()) for a in areas]
        found = [a for a in found if a.w > 0 and a.h > 0]
        sig = (sig, tuple(tuple(a) for a in found), surface.get_size())
        if text._recording is None and sig == self.sig:
            spoilt = None if drawn_over is None else [*drawn_over, *over]
            for area, picture in self.pictures:
                for part in [area] if spoilt is None else [r.clip(area) for r in spoilt]:
                    if part.w > 0 and part.h > 0:
                        surface.blit(picture, part, part.move(-area.x, -area.y))
            return
        felt = artwork.table_background(surface.get_size())
        for area in found:
            surface.blit(felt, area, area)
        paint(surface)
        self.pictures = [(area, surface.subsurface(area).copy()) for area in found]
        self.sig = sig


class GameView:
    """Base class of every game's view. Subclasses override what their game needs."""

    game_id = ""

    def __init__(self, names: list[str], seats: list[dict[str, Any]]) -> None:
        self.names = names
        self.seats = seats
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.scale = 1.0
        self.view: dict[str, Any] = {}
        self.viewer: Seat | None = None
        self.tips: list[tuple[pygame.Rect, str]] = []

    everything_public = False
    """True when no seat ever sees more than the others (cards, hands...): then, at a hot
    seat, a lone human deciding is the table's viewer without a curtain, and the Hint
    and Undo are theirs, as when they play alone."""

    design: tuple[int, int] = (0, 0)
    """The table area (w, h) this view's layout needs at scale 1.0. A smaller area (a big
    UI scale in a small window grows the bars and the log around it) draws the table at
    a smaller scale, so nothing runs off or covers anything; (0, 0): no such need."""

    # -- what is shown ------------------------------------------------------------
    def layout(self, rect: pygame.Rect, scale: float) -> None:
        """Place everything inside `rect` (the table area) at this scale (see `design`)."""
        w, h = self.design
        if w:
            scale = min(scale, rect.w / w)
        if h:
            scale = min(scale, rect.h / h)
        self.rect, self.scale = rect, scale

    def show(self, view: dict[str, Any], viewer: Seat | None) -> None:
        """The state to draw, as `Game.view(state, viewer)` gave it (a map view's board then
        lists the pictures of its pieces afresh: `Board.warm_with`)."""
        self.view, self.viewer = view, viewer
        board = getattr(self, "board", None)
        if board is not None and hasattr(board, "pieces_changed"):
            board.pieces_changed()

    def s(self, value: float) -> int:
        return round(value * self.scale)

    min_text = 0
    """The smallest text size in pixels a view draws (0: no floor)."""

    def label(
        self,
        surface: pygame.Surface,
        string: str,
        size: int,
        pos: tuple[int, int],
        colour: tuple[int, ...] = artwork.INK,
        bold: bool = False,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        """Draw a short text (a number, a word) at this view's scale, anchored at `pos`;
        returns its rect. Anything that may be long goes in a box: `text`."""
        return text.label(surface, string, self.text_px(size), pos, colour, bold=bold,
                          anchor=anchor)

    def text_px(self, size: int) -> int:
        """The pixel size of a text drawn at `size` on this view's scale, never below the
        table's minimum."""
        return max(self.min_text, self.s(size))

    def text_floor(self) -> int:
        """The smallest pixel size a text in a box may shrink to at this view's scale."""
        return max(self.min_text, text.floor_px(self.scale))

    def text(
        self,
        surface: pygame.Surface,
        string: str,
        size: int,
        box: pygame.Rect,
        colour: tuple[int, ...] = artwork.INK,
        bold: bool = False,
        align: str = "left",
        valign: str = "top",
        max_lines: int | None = None,
        free_text: bool = False,
    ) -> pygame.Rect:
        """Fit `string` in `box` (wrap, shrink to the floor, then "…" with the whole text as
        a tooltip) at this view's scale and draw it; returns the rect it covers.
        `free_text`: a player's own words (a seat name), which may be shortened."""
        return text.draw(
            surface,
            string,
            box,
            self.text_px(size),
            colour,
            floor=self.text_floor(),
            bold=bold,
            align=align,
            valign=valign,
            max_lines=max_lines,
            free_text=free_text,
        )

    def fit_text(
        self,
        string: str,
        size: int,
        width: int,
        height: int | None = None,
        *,
        bold: bool = False,
        max_lines: int | None = None,
    ) -> Fit:
        """How `text` would set `string` in a box at this view's scale (the same size and
        floor as `text`), without drawing it: to size a box to its words."""
        return text.fit(string, self.text_px(size), width, height, bold=bold,
                        floor=self.text_floor(), max_lines=max_lines)

    def fits(self, string: str, size: int, box: pygame.Rect, bold: bool = False) -> bool:
        """Whether `string` fits `box` whole (shrunk to the floor at most): for text that
        may be left out when there is no room, because a tooltip says it anyway."""
        return not self.fit_text(string, size, box.w, box.h, bold=bold).elided

    def draw(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        raise NotImplementedError

    def draw_tween(self, surface: pygame.Surface, tween: Tween) -> None:
        """Draw one playing tween (cards flying, flipping, medals moving)."""

    def tweens_for(self, events: list[Event], before: dict[str, Any]) -> list[list[Tween]]:
        """Animations for one action's visible events; each inner list plays together.
        `before` is the view just before the action (where things came from)."""
        return []

    def opening_events(self, view: dict[str, Any]) -> list[Event]:
        """Events to tell and animate when a game starts (new_game itself returns none)."""
        return []

    # -- what people do -------------------------------------------------------------
    def needs_private_view(self, seat: Seat) -> bool:
        """Whether deciding now needs the seat's hidden cards on screen (then: a curtain)."""
        return True

    def prompt_actions(self, seat: Seat, legal: list[Action]) -> list[Action]:
        """The legal actions the prompt offers as buttons; the rest are chosen on the table."""
        return legal

    def shared_prompt(
        self, seat: Seat, legal: list[Action]
    ) -> list[tuple[str, list[tuple[Seat, Action]]]]:
        """One question several humans answer in turn, with no curtain: (button label, the
        actions it plays in order, first `seat`'s). Empty: the usual buttons for `seat`."""
        return []

    def beside(self, viewport: pygame.Rect) -> list[pygame.Rect]:
        """The table less a board's `viewport`, as strips: where a map view's panels lie."""
        return rect_around(pygame.Rect(self.rect), viewport.clip(self.rect))

    def opaque_rect(self) -> pygame.Rect | None:
        """A screen rect `draw` paints every pixel of (so the table's felt under it need not
        be drawn first), if there is one."""
        return None

    def key_spots(self, legal: list[Action]) -> list[pygame.Rect]:
        """Where the number keys 1–9 click on the table, in order, when the prompt has no
        buttons (the choice is made on the table: Coup's action board, a card to give up).
        The table draws each one's number on it (`draw_key`)."""
        return []

    def draw_key(self, surface: pygame.Surface, number: int,
                 rect: pygame.Rect) -> pygame.Rect | None:
        """The number key that clicks `rect`: a small ink disc at its right end (a row) or
        its top-right corner (a card). Where it drew (None: nowhere)."""
        r = max(6, min(self.s(10), rect.h // 2 - 2))
        if rect.w > 2 * rect.h:
            centre = (rect.right - self.s(4) - r, rect.centery)
        else:
            centre = (rect.right - self.s(4) - r, rect.y + self.s(4) + r)
        pygame.draw.circle(surface, artwork.INK, centre, r)
        pygame.draw.circle(surface, artwork.ACCENT, centre, r, max(1, self.s(2)))
        px = max(10, round(r * 1.3))
        text.label(surface, str(number), px, centre, artwork.PARCHMENT, bold=True,
                   anchor="center")
        return key_disc(centre, r)

    def hint_rect(self, action: Action) -> pygame.Rect | None:
        """Where on the table `action` is chosen (for the Hint's glow), if it is."""
        return None

    def click(self, pos: tuple[int, int], legal: list[Action]) -> Action | None:
        """The legal action a click on the table means, if any."""
        return None

    def drag(self, start: tuple[int, int], pos: tuple[int, int], legal: list[Action]) -> None:
        """A press at `start` is being dragged to `pos`: pick up what is there and follow."""

    def drop(
        self, start: tuple[int, int], pos: tuple[int, int], legal: list[Action]
    ) -> Action | None:
        """The action a drag released at `pos` asks for. It may be illegal: the table then
        shows the rules' reason (see `refusal`) and the view snaps the piece back."""
        return None

    def cancel(self) -> None:
        """Right click or Escape: let go of anything picked up or half chosen."""

    def follow_up(self, legal: list[Action]) -> Action | None:
        """After a dropped piece's action was played: the next of the rules' small steps
        that same gesture means (a unit dragged from the supply is a recruit, its place and
        the unit), if it is legal now; None: the gesture is complete."""
        return None

    def gesture(self, intent: Intent, legal: list[Action]) -> bool:
        """Take an intent before the table does (a board's wheel zoom, arrow-key pan, a drag
        on the empty board); True if the view used it. `legal`: what the humans may do now."""
        return False

    def update(self, dt: float) -> None:
        """Advance the view's own clocks (a camera easing a zoom, map pieces painted lazily)."""

    def animating(self) -> bool:
        """Whether the view moves by itself now, so the app must draw every frame (it draws
        only on a change otherwise): a board's camera easing, map pieces still being painted
        or a highlight or piece drawn as a stand-in (`client/board`), any dice tray rolling,
        a piece snapping back (`snap`).
        Views with other clocks of their own override this."""
        board = getattr(self, "board", None)
        camera = getattr(board, "camera", None)
        if getattr(camera, "easing", False) or getattr(self, "snap", None) is not None:
            return True
        renderer = getattr(board, "renderer", None)
        if renderer is not None and camera is not None:
            if not getattr(board, "whole", True):
                return True  # a highlight or a piece stood in until its picture is made
            painted = renderer.chunks_of(camera.level)
            if any(key not in painted for key in renderer.visible_chunks(camera, camera.level)):
                return True  # the sharp map is drawn once its pieces are all painted
        return any(
            isinstance(getattr(type(value), "rolling", None), property) and value.rolling
            for value in vars(self).values()
        )

    def settle(self) -> None:
        """Bring the view at once to where a still window gets by itself (a board's map
        painted sharp, its highlights whole): a screenshot then shows what a player sees."""
        board = getattr(self, "board", None)
        if board is not None and hasattr(board, "settle"):
            board.settle()

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        """A tooltip that fixed rects cannot give (e.g. the board area under the pointer)."""
        return None

    def refusal(self, exc: IllegalAction) -> str:
        """The rules' reason for refusing an action, as a sentence in the player's language."""
        return error_sentence("illegal", exc.code, exc.params)

    def prompt(self, seat: Seat, legal: list[Action]) -> str:
        return tr("prompt.generic", name=self.names[seat])

    def action_label(self, action: Action) -> str:
        return tr(f"action.{self.game_id}.{action.type}")

    def action_tip(self, action: Action) -> str:
        return tr(f"action.{self.game_id}.{action.type}.tip")

    def status(self) -> str:
        """One line for the top bar: round, stage."""
        return ""

    def describe(self, ev: Event) -> str | None:
        """The log's sentence for an event (None: not worth a line)."""
        return None

    log_headings: frozenset[str] = frozenset({"round_started"})
    """Event types whose line heads a stretch of the log (drawn in bold)."""

    def log_entries(self, events: Sequence[tuple[int, Event]]) -> list[tuple[int, str, bool]]:
        """The log's lines for `events`, each (step index, event): (step index, sentence,
        heading?). One line per event `describe` puts in words; a game may join a run of
        events into one line."""
        out = []
        for index, ev in events:
            text = self.describe(ev)
            if text:
                out.append((index, text, ev["type"] in self.log_headings))
        return out

    # -- the end ----------------------------------------------------------------------
    def score_text(self, score: float) -> str:
        """A final score as the results list shows it ("3 medals", "4 points")."""
        return tr("results.score", n=int(score))

    def chart(
        self, final_view: dict[str, Any], history: list[dict[str, Any]]
    ) -> tuple[str, list[list[float]]] | None:
        """(title, one series per seat) for the results chart, or None. `history` is the
        public view (nobody's hidden cards) at the start and after every action."""
        return None

    def charts(
        self, final_view: dict[str, Any], history: list[dict[str, Any]]
    ) -> list[tuple[str, list[list[float]]]]:
        """Every chart the results show, one under the other (title, one series per seat):
        `chart` alone unless a game tells more than one story (legitimacy and VP)."""
        one = self.chart(final_view, history)
        return [] if one is None else [one]

    def score_detail(self, final_view: dict[str, Any], seat: Seat) -> str:
        """A short line under a seat's name in the results (what its score is made of, a
        card revealed at the end); empty: none."""
        return ""

    def chart_axis(self) -> str:
        """What the chart's horizontal steps are (rounds, unless a game says turns)."""
        return tr("results.round_axis")


def key_disc(centre: tuple[int, int], r: int) -> pygame.Rect:
    """The square a number key's disc of radius `r` (and its digit) is drawn in."""
    return pygame.Rect(centre[0] - r - 2, centre[1] - r - 2, 2 * r + 5, 2 * r + 5)


class DrawContext:
    """What the table scene tells a view each frame: time, hidden things, highlights."""

    def __init__(self) -> None:
        self.now = 0.0
        self.hidden: set[Any] = set()
        self.acting: tuple[Seat, ...] = ()
        self.thinking: Seat | None = None
        self.last_seat: Seat | None = None
        self.last_action: str | None = None
        self.legal: list[Action] = []
        self.hover: tuple[int, int] = (0, 0)
        # None: draw the whole table. Else the table's pixels are those of the last frame
        # drawn, save within these rects (drawn over since) and wherever the view draws:
        # what the view keeps as a picture (`Kept`) need only be put back there.
        self.drawn_over: list[pygame.Rect] | None = None
