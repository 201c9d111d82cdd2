"""The table: a game's view framed by the shared top bar, log, prompt, curtain, undo and AI."""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame
import pygame_gui

from client import artwork, resources, storage, text, theme
from client.anim import Timeline
from client.games import view_class
from client.games.base import DrawContext, GameView, rect_around
from client.i18n import tr
from client.input import Intent
from client.scenes import dialogs
from client.scenes.base import Scene, draw_panel
from client.scenes.hint import HintAsker, draw_glow, draw_ring
from client.scenes.log_panel import Entry, LogPanel
from client.session import Session
from rules import Action, IllegalAction, Seat, visible_events

TOP_BAR = 52
LOG_WIDTH = 330
PROMPT_HEIGHT = 104
LOG_LINES = 400
UNSEEN_LIMIT = 12  # the events replayed to a seat after its curtain, at most


class Framed(NamedTuple):
    """A table's last drawn frame, as the next one needs it (`TableScene._drawn_over`): the
    frame picture it was drawn from, on which surface, round which table rect, the app's
    draw count then, where it drew over what is kept, and whether pieces flew."""

    frame: pygame.Surface
    surface: pygame.Surface
    table: tuple[int, ...]
    draws: int | None
    marks: list[pygame.Rect]
    tweened: bool


def log_width(window_width: int, scale: float) -> int:
    """The log column: LOG_WIDTH at the UI scale, but never more than a quarter of the
    window, so a small window at a large UI scale keeps its room for the table."""
    return min(round(LOG_WIDTH * scale), window_width // 4)


class TableScene(Scene):
    """Plays one game: humans through the prompt and the table, AI seats through a worker."""

    def __init__(self, app: Any, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.view: GameView = view_class(session.record.game)(
            [session.name(s) for s in range(len(session.seats))], session.seats
        )
        self.timeline = Timeline()
        self.ctx = DrawContext()
        self.ai: Any = None
        self.ai_wait = 0.0
        self.error = ""
        self.buttons: dict[Any, tuple[str, Any]] = {}
        self.log = LogPanel()
        self.log_box: LogPanel | None = None  # None while the curtain hides the table
        self.curtain_seat: Seat | None = None
        # The curtain that rises once the last move's animation has played (public view).
        self.curtain_next: Seat | None = None
        self.prompt_held = False  # the prompt waits while a result is held up (`_holding`)
        self.top_spots: dict[Any, tuple[Any, ...]] = {}  # top-bar button -> what it shows
        # (step, the view before it) while a tween holds that step's result back (`holds_state`)
        self.state_held: tuple[int, dict[str, Any]] | None = None
        self.dialog: Any = None
        self.dialog_kind = ""
        self.save_path: Any = None  # this game's file (launch sets it when resuming one)
        self.clock = 0.0
        self.hints = HintAsker()
        self._frame_cache: tuple[Any, list[Any], pygame.Surface] | None = None
        self._framed: Framed | None = None

    # -- lifecycle ----------------------------------------------------------------
    def enter(self) -> None:
        has_ai = self.session.human_count() < len(self.session.seats)
        if has_ai and not self.app.inline_ai:  # started now, so it is warm by the AI's turn
            from client.ai_worker import AIWorker

            self.ai = AIWorker()
        self.curtain_seat = self._curtain()
        self._refresh()
        if not self.session.steps:
            opening = self.view.opening_events(self.session.game.view(self.session.initial, None))
            self._animate(opening, {})
        self.autosave()

    def autosave(self) -> None:
        """Keep this game in its own file (`save_path`; a new one in the data folder's
        `games/` the first time); once it is over, an unnamed game's file goes."""
        if self.app.autosave:
            self.save_path = storage.keep(self.session.record, self.save_path)
            if self.session.over:
                storage.finish(self.save_path)

    def exit(self) -> None:
        if self.ai is not None:
            self.ai.close()
            self.ai = None

    def _curtain(self) -> Seat | None:
        humans = self.session.humans_to_act()
        viewer = self.session.viewer
        self.view.show(self.session.view(viewer), viewer)  # judge the state as it is now
        shared_ok = not any(self.view.needs_private_view(s) for s in humans)
        if humans and shared_ok and self.session.human_count() > 1:
            # A public question (challenge? block?): no curtain, and nobody's hidden cards shown;
            # in a game with nothing hidden a lone human deciding is the viewer (Hint, Undo).
            alone = len(humans) == 1 and self.view.everything_public
            self.session.viewer = humans[0] if alone else None
            return None
        return self.session.curtain_for(shared_ok)

    @property
    def table_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(
            0, self.s(TOP_BAR), w - log_width(w, self.app.scale),
            h - self.s(TOP_BAR) - self.s(PROMPT_HEIGHT),
        )

    def build_ui(self) -> None:
        self.buttons = {}
        self.top_spots = {}
        self.log_box = None
        self.timeline.skip()  # positions change with the layout: land everything at once
        self.view.layout(self.table_rect, self.app.scale)
        self._show_view()
        if self.curtain_seat is not None:
            self._build_curtain()
            return
        self._build_top_bar()
        self._build_log()
        self._build_prompt()

    def _button(
        self,
        rect: pygame.Rect,
        words: str,
        tip: str,
        name: str,
        arg: Any = None,
        accent: bool = False,
        enabled: bool = True,
        most: int = 0,
    ) -> Any:
        button = text.button(
            rect, words, self.manager, scale=self.app.scale, style="accent" if accent else "button",
            tip=tip, most=most,
        )
        if not enabled:
            button.disable()
        self.buttons[button] = (name, arg)
        return button

    def _build_top_bar(self, keep: set[tuple[Any, ...]] | None = None) -> None:
        """The bar's buttons, from the right; those in `keep` are already there as they
        should be (see `_refresh_controls`)."""
        spots, self.bar_left = self._top_bar_spots()
        for spot in spots:
            if keep is not None and spot in keep:
                continue
            name, words, tip, enabled, rect = spot
            button = self._button(pygame.Rect(rect), words, tip, name, enabled=enabled)
            self.top_spots[button] = spot

    def _top_bar_spots(self) -> tuple[list[tuple[Any, ...]], int]:
        """Each top-bar button as (name, words, tip, enabled, rect), and where the status
        line ends."""
        w = self.app.size[0]
        h, pad = self.s(38), self.s(7)
        x = w - pad
        spots: list[tuple[Any, ...]] = []
        for name, width in (
            ("menu", 96),
            ("settings", 116),
            ("rules", 96),
            ("load", 96),
            ("save", 96),
            ("undo", 110),
            ("hint", 116),
        ):
            if name == "hint" and self.hint_seat() is None:
                continue
            enabled = name != "undo" or self._undo_allowed()
            words = tr(f"table.{name}")
            if name == "hint" and self.hints.thinking:
                words, enabled = tr("table.hint_thinking"), False
            # As wide as its words need (up to the usual width): room for the status line.
            natural = resources.font(theme.font_size(17, self.app.scale)).size(words)[0]
            width = min(self.s(width), max(self.s(64), natural + self.s(30)))
            rect = pygame.Rect(0, pad, width, h)
            rect.right = x
            x = rect.left - self.s(6)
            spots.append((name, words, tr(f"table.{name}_tip"), enabled, tuple(rect)))
        return spots, x  # the status line ends at x

    def _build_log(self) -> None:
        w, h = self.app.size
        log_w = log_width(w, self.app.scale)
        rect = pygame.Rect(
            w - log_w + self.s(10),
            self.s(TOP_BAR) + self.s(44),
            log_w - self.s(20),
            h - self.s(TOP_BAR) - self.s(62),
        )
        self.log.layout(rect, self.app.scale)
        self.log.set_entries(self._log_entries())
        self.log_box = self.log

    def _refresh_controls(self) -> None:
        """After a move with no curtain change: remake only the buttons and the log, which
        is much cheaper than rebuilding the whole UI. A top-bar button that stays as it was
        is kept, not remade: a click on it in the frame an AI moved is not lost."""
        self._show_view()
        wanted = set(self._top_bar_spots()[0])
        kept: set[tuple[Any, ...]] = set()
        for button in list(self.buttons):
            spot = self.top_spots.pop(button, None)
            if spot is not None and spot in wanted and spot not in kept:
                kept.add(spot)
                self.top_spots[button] = spot
                continue
            button.kill()
            del self.buttons[button]
        self._build_top_bar(kept)
        self._build_log()
        self._build_prompt()

    def _prompt_rect(self) -> pygame.Rect:
        t = self.table_rect
        return pygame.Rect(
            self.s(10), t.bottom + self.s(6), t.w - self.s(20), self.s(PROMPT_HEIGHT) - self.s(14)
        )

    def _build_prompt(self) -> None:
        rect = self._prompt_rect()
        bh, gap = self.s(50), self.s(10)
        x = rect.right - self.s(12)
        y = rect.centery - bh // 2
        if self.session.over:
            if not self.timeline.busy:
                r = pygame.Rect(0, y, self.s(230), bh)
                r.right = x
                self._button(
                    r, tr("table.see_results"), tr("table.see_results_tip"), "results", accent=True
                )
            return
        seats = self._prompt_seats()
        shared = self.view.shared_prompt(seats[0], self.session.legal(seats[0])) if seats else []
        # (label, tooltip, what it does, its argument), from the right.
        entries: list[tuple[str, str, str, Any]] = []
        for label, plays in reversed(shared):
            entries.append((label, self.view.prompt(seats[0], []), "acts", plays))
        for seat in reversed([] if shared else seats):
            for action in reversed(self.view.prompt_actions(seat, self.session.legal(seat))):
                label = self.view.action_label(action)
                if len(seats) > 1:
                    label = f"{self.session.name(seat)}: {label}"
                entries.append((label, self.view.action_tip(action), "act", (seat, action)))
        widths = [button_width(label, self.app.scale) for label, *_rest in entries]
        # The prompt's words keep a third of the plate; the buttons take the rest, in two
        # rows when one is not enough, sharing it in proportion to their words (which
        # shrink, text.button, only when they still must).
        room = x - rect.x - max(self.s(240), rect.w // 3)
        rows = [list(range(len(entries)))]
        one_row = sum(widths) + gap * (len(entries) - 1)
        words = self.view.prompt(seats[0], self.session.legal(seats[0])) if seats else ""
        crowded = words and text.fit(
            words, self.s(18), max(1, x - one_row - gap - rect.x - self.s(30)),
            rect.h - self.s(10), bold=True,
        ).elided
        if len(entries) > 1 and (one_row > room or crowded):
            # entries run from the right, so the top row holds the last of them: the
            # buttons read left to right and top to bottom in the view's order
            top = len(entries) - (len(entries) + 1) // 2
            rows = [list(range(top, len(entries))), list(range(top))]
        for row in rows:
            need = sum(widths[i] for i in row) + gap * (len(row) - 1)
            if need > room:
                total = sum(widths[i] for i in row)
                for i in row:
                    widths[i] = max(self.s(96), widths[i] * (room - gap * (len(row) - 1)) // total)
        height = bh if len(rows) == 1 else (rect.h - self.s(12)) // 2
        size = text.shared_size(
            [(label, w) for (label, *_rest), w in zip(entries, widths, strict=True)],
            "accent", self.app.scale,
        )
        left = x
        for r_index, row in enumerate(rows):
            at = x
            top = y if len(rows) == 1 else rect.y + self.s(4) + r_index * (height + self.s(4))
            for i in row:
                label, tip, name, arg = entries[i]
                r = pygame.Rect(0, top, widths[i], height)
                r.right = at
                at = r.left - gap
                self._button(r, label, tip, name, arg, accent=True, most=size)
            left = min(left, at)
        x = left
        self.prompt_text_width = x - rect.x - self.s(30)

    def _build_curtain(self) -> None:
        seat = self.curtain_seat
        assert seat is not None
        w, h = self.app.size
        rect = pygame.Rect(0, 0, self.s(340), self.s(56))
        rect.center = (w // 2, h // 2 + self.s(104))
        self._button(
            rect,
            tr("curtain.ready", name=self.session.name(seat)),
            tr("curtain.ready_tip", name=self.session.name(seat)),
            "curtain",
            accent=True,
        )
        undo = self._undo_allowed()  # the player who just moved may still take it back
        menu = pygame.Rect(0, 0, self.s(165), self.s(42))
        menu.center = (w // 2 - (self.s(88) if undo else 0), h // 2 + self.s(164))
        self._button(menu, tr("table.menu"), tr("table.menu_tip"), "menu")
        if undo:
            back = menu.move(self.s(176), 0)
            mover = self.session.name(self.session.undo_seat() or 0)
            self._button(back, tr("curtain.undo", name=mover), tr("table.undo_tip"), "undo")

    # -- what the screen shows ------------------------------------------------------
    def _prompt_seats(self) -> list[Seat]:
        if self.curtain_next is not None:
            return []  # the next human's question waits behind the coming curtain
        if self._holding():
            return []  # a result on the table is read first (a click or its time ends it)
        humans = self.session.humans_to_act()
        viewer = self.session.viewer
        if (
            viewer in humans
            and len(humans) > 1
            and any(self.view.needs_private_view(s) for s in humans)
        ):
            return [viewer]
        return humans

    def shown_viewer(self) -> Seat | None:
        """Whose view the table shows: nobody's while a move plays out before a curtain."""
        return None if self.curtain_next is not None else self.session.viewer

    def _held_step(self) -> int | None:
        """The step whose result a playing tween still holds back (dice not landed yet)."""
        if self.state_held is None or not self._holds("holds_state"):
            return None
        return self.state_held[0]

    def _show_view(self) -> None:
        viewer = self.shown_viewer()
        held = self.state_held if self._held_step() is not None else None
        self.view.show(held[1] if held is not None else self.session.view(viewer), viewer)
        # Shared: a view may change its tips in place. Behind the curtain nothing of the
        # table may show, not even a tooltip.
        self.tips = [] if self.curtain_seat is not None else self.view.tips
        steps = self.session.steps
        self.ctx.acting = tuple(self.session.to_act())
        if held is not None:  # as things stood before the held step: its seat acting
            steps = steps[: held[0]]
            self.ctx.acting = (self.session.steps[held[0]].seat,)
        self.ctx.last_seat = steps[-1].seat if steps else None
        self.ctx.last_action = steps[-1].action.type if steps else None
        self.ctx.legal = [a for s in self._prompt_seats() for a in self.session.legal(s)]

    def _log_entries(self) -> list[Entry]:
        """Every event the viewer may see, in words; the last action's lines stand out."""
        viewer = self.shown_viewer()
        opening = self.view.opening_events(self.session.game.view(self.session.initial, viewer))
        lines = [(-1, ev) for ev in visible_events(opening, viewer)]
        lines += self.session.events(viewer)
        last_step = len(self.session.steps) - 1
        held = self._held_step()
        if held is not None:  # the held step's lines come when its result shows
            lines = [(index, ev) for index, ev in lines if index < held]
            last_step = held - 1
        return [Entry(text, bold, index == last_step and last_step >= 0)
                for index, text, bold in self.view.log_entries(lines[-LOG_LINES:])]

    def hint_seat(self) -> Seat | None:
        """The human who may ask for a hint now: the one looking at their own decision."""
        if self.session.over or self.curtain_seat is not None:
            return None
        viewer = self.session.viewer
        return viewer if viewer is not None and viewer in self._prompt_seats() else None

    def ask_hint(self) -> None:
        seat = self.hint_seat()
        if seat is None or self.hints.thinking:
            return
        if not self.app.inline_ai and (self.ai is None or not self.ai.alive):
            from client.ai_worker import AIWorker  # all humans (no worker yet), or it died

            if self.ai is not None:
                self.ai.close()
            self.ai = AIWorker()
        self.hints.request(self.session, seat, None if self.app.inline_ai else self.ai)
        self._refresh_controls()

    def _poll_hint(self) -> None:
        if not self.hints.thinking or self.ai is None:
            return
        if not self.ai.alive:  # the thinking process died: offer the button again
            self.hints.clear()
            self._refresh_controls()
            return
        answer = self.ai.poll_hint()
        if answer is not None:
            self.hints.receive(self.session, answer)
            self._refresh_controls()

    def _hint_button(self) -> Any:
        """The prompt button that plays the hinted action, if the prompt shows one."""
        hint = self.hints.current(self.session, self.hint_seat())
        if hint is None:
            return None
        for button, (name, arg) in self.buttons.items():
            if name == "act" and arg == (hint.seat, hint.action):
                return button
            if name == "acts" and arg and arg[0] == (hint.seat, hint.action):
                return button
        return None

    def _hint_line(self) -> str:
        hint = self.hints.current(self.session, self.hint_seat())
        if hint is None:
            return ""
        label = self.view.action_label(hint.action)
        return tr("table.hint_line", action=label, chance=round(hint.win * 100))

    def _undo_allowed(self) -> bool:
        return self.session.can_undo() and not self.session.over

    def _refresh(self) -> None:
        """After any change: who must look, what the table shows, and the UI around it."""
        self.curtain_next = None
        self.curtain_seat = self._curtain()
        self.app.rebuild()

    # -- playing ----------------------------------------------------------------------
    def play(self, seat: Seat, action: Action) -> bool:
        """Apply an action through the rules; a refusal is shown as a sentence."""
        previous = self.session.state
        before = self.session.view(self.session.viewer)
        try:
            transition = self.session.apply(seat, action)
        except IllegalAction as exc:
            self.error = self.view.refusal(exc)
            return False
        self.error = ""
        self.ai_wait = 0.0
        self.hints.clear(self.ai)
        self.autosave()
        shown_to = self.session.viewer
        events = visible_events(transition.events, shown_to)
        curtain = self._curtain()
        if curtain is not None and self.curtain_seat is None and self._animating():
            # Let everyone see the move first, in the public view (the viewer is changing);
            # the curtain rises when its animation has played (see `update`).
            self.curtain_next, shown_to = curtain, None
            events = visible_events(transition.events, None)
            before = self.session.game.view(previous, None)
            self._refresh_controls()
        elif curtain is None and self.curtain_seat is None:
            self._refresh_controls()
        else:
            self.curtain_seat = curtain
            self.app.rebuild()
        self.session.note_shown(transition.events, shown_to)
        self._animate(events, before)
        if self._holds("holds_state"):
            # The table keeps showing the state before this action (counters, log) until the
            # tween that holds it ends: dice show their faces before what they change.
            self.state_held = (len(self.session.steps) - 1, before)
        if self._holding() and self.curtain_seat is None:
            self.prompt_held = True
            self._refresh_controls()  # the next question waits for the result to be read
        if self.curtain_next is not None and not self.timeline.busy:
            self._raise_curtain()  # nothing to watch after all
        return True

    def _animating(self) -> bool:
        return self.app.settings.animation_speed > 0

    def _holding(self) -> bool:
        """A result the view holds up (a tween with `holds_prompt`, such as Kobayakawa's
        showdown, or `holds_state`, such as dice still rolling): no prompt is live until it
        is clicked away or its time runs out."""
        return self._holds("holds_prompt") or self._holds("holds_state")

    def _holds(self, what: str) -> bool:
        """Whether a queued tween holds something back: `holds_prompt` (the next question
        waits), `holds_state` (the table shows the state before the action, log included,
        until the tween ends)."""
        return any(t.data.get(what) for t in self.timeline.queue)

    def _raise_curtain(self) -> None:
        self.curtain_seat, self.curtain_next = self.curtain_next, None
        self.app.rebuild()

    def _animate(self, events: list[Any], before: dict[str, Any]) -> None:
        speed = self.app.settings.animation_speed
        for group in self.view.tweens_for(events, before):
            self.timeline.add(group, speed)

    def undo(self) -> None:
        if not self._undo_allowed():
            why = self.session.undo_refusal() or "nothing"
            self.error = tr(f"table.undo_refused.{why}")
            return
        if self.ai is not None:
            self.ai.cancel()
        self.timeline.skip()
        self.hints.clear(self.ai)
        self.session.undo()
        self.autosave()
        self._refresh()

    def _drive_ai(self, dt: float) -> None:
        seats = self.session.ais_to_act()
        self.ctx.thinking = seats[0] if seats else None
        if not seats or self.curtain_seat is not None:
            return
        seat = seats[0]
        if self.ai is not None and self.ai.busy and not self.ai.alive:
            self.ai.close()  # the thinking process died: start a fresh one and ask again
            from client.ai_worker import AIWorker

            self.ai = AIWorker()
        if self.ai is not None and self.ai.busy:
            answer = self.ai.poll()
            if answer is not None:
                self._ai_answer(seat, answer)
            return
        self.ai_wait += dt
        if self.ai_wait < self.app.settings.ai_pause:
            return
        request = self._ai_request(seat)
        if self.ai is None:
            from client.ai_worker import think

            self._ai_answer(seat, think({**request, "job": 0}))
        else:
            self.ai.submit(request["record"], seat, request["level"], request["seed"])

    def _ai_request(self, seat: Seat) -> dict[str, Any]:
        record = self.session.record
        seed = (record.seed * 1_000_003 + len(record.actions) * 7919 + seat) % (2**31)
        level = self.session.seats[seat].get("level") or "normal"
        return {"record": record.to_json(), "seat": seat, "level": level, "seed": seed}

    def _ai_answer(self, seat: Seat, answer: dict[str, Any]) -> None:
        if "action" in answer:
            action = self.session.game.action_from_json(answer["action"])
        else:
            from client.ai_worker import build_agent

            agent = build_agent("random", len(self.session.steps))
            action = agent.choose(self.session.game, self.session.state, seat)
        self.play(seat, action)

    # -- input --------------------------------------------------------------------------
    def handle_ui(self, event: pygame.event.Event) -> None:
        if isinstance(self.dialog, dialogs.NameBox) and self.dialog.alive():
            name = self.dialog.answer(event)
            if name is not None:
                self._save_as(name)
            return
        if isinstance(self.dialog, dialogs.Question) and self.dialog.alive():
            if self.dialog.answer(event) and self.dialog_kind == "leave":
                from client.scenes import launch

                launch.back_to_menu(self.app)
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            name, arg = self.buttons[event.ui_element]
            self.command(name, arg)

    def command(self, name: str, arg: Any = None) -> None:
        from client.scenes import launch

        self.timeline.skip()
        if name in ("act", "acts") and self.dialog is not None and self.dialog.alive():
            return  # no moves while a dialog is open over the table
        if name == "act":
            self.play(*arg)
        elif name == "acts":  # a shared answer: each seat's action in the rules' order
            for seat, action in arg:
                if action not in self.session.legal(seat) or not self.play(seat, action):
                    break
        elif name == "curtain" and self.curtain_seat is not None:
            seat = self.curtain_seat
            self.session.lift_curtain(seat)
            self._refresh()
            # What this seat alone may see happened while others looked: play it now.
            missed = self.session.take_unseen(seat)[-UNSEEN_LIMIT:]
            self._animate(missed, self.session.view(seat))
        elif name == "undo":
            self.undo()
        elif name == "hint":
            self.ask_hint()
        elif name == "results":
            launch.open_results(self.app, self.session)
        elif name == "menu" and self.session.over:
            launch.back_to_menu(self.app)
        elif name == "menu":  # a game in progress: ask first (it stays in the Load list)
            self.dialog_kind = "leave"
            self.dialog = dialogs.confirm(
                self.manager, tr("table.leave_title"),
                tr("table.leave_question", name=self.save_name()), tr("table.leave"),
                self.app.scale,
            )
        elif name == "rules":
            launch.open_rules(self.app, self.session.record.game)
        elif name == "settings":
            launch.open_settings(self.app)
        elif name == "load":
            launch.open_load(self.app, current=self.save_path)
        elif name == "save":
            self.dialog_kind = "save"
            self.dialog = dialogs.NameBox(
                self.manager, title=tr("save.title"), prompt=tr("save.name_prompt"),
                default=self.save_name(), ok=tr("save.ok"), scale=self.app.scale,
                limit=storage.SAVE_NAME_LIMIT,
            )

    def save_name(self) -> str:
        """What this game is called: the player's name for it, else its game and start."""
        path = self.save_path
        if path is not None and path.parent.name == storage.SAVES:
            return str(path.stem)
        return storage.default_name(self.session.record, path)

    def _save_as(self, name: str) -> None:
        """Save under a name (Enter or OK in the box); a refusal stays in the box."""
        assert isinstance(self.dialog, dialogs.NameBox)
        try:
            self.save_path = storage.save_named(self.session.record, name, self.save_path)
        except storage.BadName as exc:
            self.dialog.refuse(dialogs.name_refusal(exc))
            return
        except OSError as exc:
            key, detail = storage.reason(exc)
            self.dialog.refuse(tr("save.failed", reason=tr(key, detail=detail)))
            return
        self.dialog.close()
        self.app.toast(tr("save.saved", name=self.save_path.stem))

    def handle(self, intent: Intent) -> None:
        if isinstance(self.dialog, dialogs.NameBox | dialogs.Question) and self.dialog.alive():
            if intent.kind == "cancel":
                self.dialog.close()
            elif intent.kind == "command" and intent.name == "confirm" and (
                isinstance(self.dialog, dialogs.Question) and self.dialog_kind == "leave"
            ):
                from client.scenes import launch

                self.dialog.close()
                launch.back_to_menu(self.app)  # Enter: yes, leave
            return  # keys are a name being typed or the question's, not moves
        if intent.kind == "wheel" and self.log.rect.collidepoint(intent.pos):
            self.log.scroll_by(3 if intent.name == "in" else -3)  # the log reads back
            return
        if self.curtain_seat is None and self.view.gesture(intent, self.ctx.legal):
            return
        if intent.kind == "click":
            if self.timeline.busy:
                self.timeline.skip()
                return
            if self.curtain_seat is None and not (self.dialog is not None and self.dialog.alive()):
                self._click_table(intent.pos)
        elif intent.kind == "hover":
            self.ctx.hover = intent.pos
        elif intent.kind in ("drag", "drop"):
            self._drag_table(intent)
        elif intent.kind == "command":
            mapping = {
                "undo": "undo",
                "help": "rules",
                "save": "save",
                "load": "load",
                "hint": "hint",
            }
            if intent.name == "hint" and self.dialog is not None and self.dialog.alive():
                return  # the H of a file name being typed
            if intent.name == "skip":
                self.timeline.skip()
            elif intent.name in mapping:
                self.command(mapping[intent.name])
            elif intent.name == "confirm" and self.curtain_seat is not None:
                self.command("curtain")
            elif intent.name.startswith("choose"):
                self._choose(int(intent.name[len("choose") :]))
        elif intent.kind == "cancel":
            self.timeline.skip()
            self.view.cancel()

    def _choose(self, number: int) -> None:
        """The keyboard's 1..9: press the prompt's n-th button from the left."""
        if self.curtain_seat is not None:
            return
        choices = sorted(
            (b for b, (name, _arg) in self.buttons.items() if name in ("act", "acts", "results")),
            key=lambda b: b.rect.x,
        )
        if 1 <= number <= len(choices):
            name, arg = self.buttons[choices[number - 1]]
            self.command(name, arg)
            return
        spots = self._key_spots()
        if 1 <= number <= len(spots):  # the choice is on the table: click it
            self._click_table(spots[number - 1].center)
            self._show_view()

    def _key_spots(self) -> list[pygame.Rect]:
        """What the number keys click on the table when the prompt has no buttons."""
        if self.session.over or self.timeline.busy or any(
            name in ("act", "acts") for name, _arg in self.buttons.values()
        ):
            return []
        seats = self._prompt_seats()
        return self.view.key_spots(self.session.legal(seats[0]))[:9] if seats else []

    def _drag_table(self, intent: Intent) -> None:
        """Drag and drop on the table: the view picks up and follows; a drop may play."""
        seats = self._prompt_seats() if self.curtain_seat is None else []
        if not seats:
            self.view.cancel()
            return
        legal = self.session.legal(seats[0])
        if intent.kind == "drag":
            self.view.drag(intent.start, intent.pos, legal)
            return
        action = self.view.drop(intent.start, intent.pos, legal)
        for _ in range(8):  # a gesture may mean several small steps (GameView.follow_up)
            if action is None or not self.play(seats[0], action):
                break
            if seats[0] not in self._prompt_seats():
                break
            action = self.view.follow_up(self.session.legal(seats[0]))

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        tip = self.view.tip_at(pos) if self.curtain_seat is None else None
        if tip is None and self._title_box().collidepoint(pos) and self.view.status():
            tip = self.view.status()  # the whole status line, however short the bar
        return tip or super().tip_at(pos)

    def _click_table(self, pos: tuple[int, int]) -> None:
        for seat in self._prompt_seats():
            action = self.view.click(pos, self.session.legal(seat))
            if action is not None:
                self.play(seat, action)
                return

    # -- frame ------------------------------------------------------------------------------
    def animating(self) -> bool:
        """Tweens, a view's own motion, the hint's pulse, an AI's thinking dots."""
        return bool(
            self.timeline.busy
            or self.view.animating()
            or self.ctx.thinking is not None
            or self.curtain_next is not None
            or self.hints.current(self.session, self.hint_seat()) is not None
        )

    def _changed(self) -> None:
        """A move, a curtain, a refusal or a hint that came in without input: draw it."""
        key = (len(self.session.steps), self.curtain_seat, self.error, self.hints.thinking)
        if key != getattr(self, "_drawn_key", None):
            self._drawn_key = key
            self.app.redraw()

    def update(self, dt: float) -> None:
        self._changed()
        self.clock += dt
        self.ctx.now = self.clock
        was_busy = self.timeline.busy
        self.timeline.update(dt)
        self.ctx.hidden = self.timeline.hidden()
        if self.state_held is not None and not self._holds("holds_state"):
            self.state_held = None  # landed: the counters and the log move on now
            if self.curtain_seat is None and not (self.prompt_held and not self._holding()):
                self._refresh_controls()
        if self.prompt_held and not self._holding():
            self.prompt_held = False
            if self.curtain_seat is None:
                self._refresh_controls()  # the result was read: the next question is live
        self.view.update(dt)
        self._poll_hint()
        if self.curtain_next is not None and not self.timeline.busy:
            self._raise_curtain()
        if was_busy and not self.timeline.busy and self.session.over:
            self.app.rebuild()
        if self.timeline.busy or self.session.over:
            self.ctx.thinking = None
            return
        self._drive_ai(dt)
        self._changed()

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain_seat is not None:
            super().draw(surface)
            self._draw_curtain(surface)
            self._framed = None
            return
        frame = self._frame_picture(surface)
        table = self.table_rect.clip(surface.get_rect())
        over = self._drawn_over(surface, frame, table)
        tweens = self.timeline.active()
        # What the view may keep of its last frame (`DrawContext.drawn_over`): nothing
        # while pieces fly over the table, or the frame after.
        tweened = tweens or (self._framed is not None and self._framed.tweened)
        self.ctx.drawn_over = None if over is None or tweened else over
        # The felt the view leaves showing (beside the board), not under what it covers.
        covered = self.view.opaque_rect()
        for part in rect_around(table, covered.clip(table) if covered is not None else None):
            surface.blit(frame, part, part)
        # The view draws the table, and only the table: the frame round it keeps from one
        # frame to the next what no one drew over.
        clip = surface.get_clip()
        surface.set_clip(table)
        self.view.draw(surface, self.ctx)
        marks: list[pygame.Rect] = []
        for number, spot in enumerate(self._key_spots(), start=1):
            mark = self.view.draw_key(surface, number, spot)
            if mark is not None:
                marks.append(mark)
        for tween in tweens:
            self.view.draw_tween(surface, tween)
        surface.set_clip(clip)
        for part in self._frame_to_restore(surface, table, over):
            surface.blit(frame, part, part)
        marks += self._draw_frame(surface)
        glowing = self._hint_button()
        if glowing is not None:
            marks.append(draw_glow(surface, glowing.rect, self.app.scale, self.clock))
        hint = self.hints.current(self.session, self.hint_seat())
        hinted = self.view.hint_rect(hint.action) if hint else None
        if hinted is not None and not self.timeline.busy:
            marks.append(draw_ring(surface, hinted, self.app.scale, self.clock))
        self._framed = Framed(frame, surface, tuple(table), getattr(self.app, "draws", None),
                              marks, bool(tweens))

    def _drawn_over(self, surface: pygame.Surface, frame: pygame.Surface,
                    table: pygame.Rect) -> list[pygame.Rect] | None:
        """Where the last frame drew over what this table keeps from one frame to the
        next (the frame round it, and what its view keeps): the number keys, the status
        line, the prompt's words and note, a hint's glow or ring, pygame_gui's elements, a
        tooltip, the app's notes. None when nothing can be kept: the frame's picture
        changed, the window was drawn by anything else since this table's last frame
        (another screen, the curtain, a test drawing it alone), or the layout audit
        records the texts."""
        last = self._framed
        draws = getattr(self.app, "draws", None)
        if (last is None or last.frame is not frame or last.surface is not surface
                or last.table != tuple(table) or draws is None or last.draws is None
                or draws != last.draws + 1 or text._recording is not None):
            return None
        return [*last.marks, *getattr(self.app, "overlays", ())]

    def _frame_to_restore(self, surface: pygame.Surface, table: pygame.Rect,
                          over: list[pygame.Rect] | None) -> list[pygame.Rect]:
        """Where the frame round the table is put back from its picture this frame: all of
        it when nothing can be kept, else only where the last frame drew over it, so a pan
        or a zoom of the board costs no copy of the unchanging frame."""
        parts = rect_around(surface.get_rect(), table)
        if over is None:
            return parts
        pieces = [d.clip(part) for d in over for part in parts if d.colliderect(part)]
        size = sum(r.w * r.h for r in pieces)
        return parts if size >= sum(r.w * r.h for r in parts) else pieces

    def _frame_picture(self, surface: pygame.Surface) -> pygame.Surface:
        """The felt with the still parts of the frame (top bar, title, log panel and its
        lines, the prompt's plate) as one opaque picture, redrawn only when one of them
        changes, so a frame blits it once instead of drawing them all again."""
        w, h = size = surface.get_size()
        title = self.session.game.info.title
        log = self.log
        key = (size, self.app.scale, tr("table.log"), title, tuple(log.rect), log.size,
               log.scroll, len(log.lines), tuple(self._prompt_rect()))
        cached = self._frame_cache
        if cached is not None and cached[0] == key and cached[1] is log.lines:
            return cached[2]
        picture = artwork.table_background(size).copy()
        bar = pygame.Rect(0, 0, w, self.s(TOP_BAR))
        picture.fill((28, 34, 31), bar)
        pygame.draw.line(picture, (90, 80, 62), bar.bottomleft, bar.bottomright, 1)
        text.draw(picture, title, self._title_box(), self.s(20), artwork.PARCHMENT, bold=True,
                  valign="middle", max_lines=1)
        log_w = log_width(w, self.app.scale)
        panel = pygame.Rect(w - log_w, self.s(TOP_BAR), log_w, h - self.s(TOP_BAR))
        panel = panel.inflate(-self.s(8), -self.s(12))
        draw_panel(picture, panel, self.app.scale)
        head = pygame.Rect(panel.x + self.s(14), panel.y + self.s(8), panel.w - self.s(28),
                           self.log.rect.y - panel.y - self.s(10))
        text.draw(picture, tr("table.log"), head, self.s(18), artwork.INK, bold=True, max_lines=1)
        log.draw(picture)
        draw_panel(picture, self._prompt_rect(), self.app.scale)
        self._frame_cache = (key, log.lines, picture)
        return picture

    def _draw_frame(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """What changes on the frame from one moment to the next: the status line and the
        prompt's words (the rest comes from `_frame_picture`). Where it drew."""
        w = surface.get_width()
        bar = pygame.Rect(0, 0, w, self.s(TOP_BAR))
        # The bar's rim lies on the table's first row: over the board, so drawn each frame.
        pygame.draw.line(surface, (90, 80, 62), bar.bottomleft, bar.bottomright, 1)
        left = self._title_box().right + self.s(16)
        room = getattr(self, "bar_left", w - self.s(786)) - self.s(10) - left
        words = self.view.status()
        box = pygame.Rect(left, bar.y, max(1, room), bar.h)

        def fits(words: str, lines: int) -> bool:
            return not text.fit(words, self.s(16), box.w, box.h, max_lines=lines).elided

        # As many of its parts as fit (the least important last), on one line or on two
        # broken between parts (a narrow bar at a large UI scale); one part alone may wrap.
        parts, lines = words.split(" · "), 1
        for k in range(len(parts), 0, -1):
            kept = parts[:k]
            tries = [(" · ".join(kept), 1)] + [
                (" · ".join(kept[:i]) + "\n" + " · ".join(kept[i:]), 2) for i in range(1, k)
            ]
            if k == 1:
                tries.append((kept[0], 2))
            found = next(((t, n) for t, n in tries if fits(t, n)), None)
            if found is not None:
                words, lines = found
                break
        if fits(words, lines):  # else it waits in the title's tooltip (`tip_at`)
            text.draw(surface, words, box, self.s(16), (214, 206, 186), valign="middle",
                      max_lines=lines)
        return [box, *self._draw_prompt(surface)]

    def _title_box(self) -> pygame.Rect:
        """Where the game's title sits in the top bar: its own width, at most a quarter."""
        title = self.session.game.info.title
        bar_h = self.s(TOP_BAR)
        width = resources.font(self.s(20), True).size(title)[0]
        return pygame.Rect(self.s(16), 0, min(width, self.app.size[0] // 4), bar_h)

    def _draw_prompt(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The prompt's words, its accent while a player is asked, and a note above it;
        where it drew."""
        rect = self._prompt_rect()  # its plate is in `_frame_picture`
        seats = self._prompt_seats()
        if self.session.over:
            words, colour = tr("table.game_over"), artwork.INK
        elif seats:
            words = self.view.prompt(seats[0], self.session.legal(seats[0]))
            pygame.draw.rect(surface, artwork.ACCENT, rect, self.s(3), border_radius=self.s(8))
            colour = artwork.INK
        elif self.ctx.thinking is not None:
            words = tr("table.ai_turn", name=self.session.name(self.ctx.thinking))
            colour = (90, 80, 70)
        elif self._holds("holds_prompt"):
            words, colour = tr("table.click_to_continue"), (90, 80, 70)
        else:
            words, colour = "", artwork.INK
        width = max(self.s(120), getattr(self, "prompt_text_width", rect.w - self.s(40)))
        note = self.error or self._hint_line()
        inner = rect.inflate(-self.s(12), -self.s(10))
        words_box = pygame.Rect(rect.x + self.s(18), inner.y, width, inner.h)
        if words:
            text.draw(surface, words, words_box, self.s(18), colour, bold=True, valign="middle")
        if note:
            return [rect, self._draw_note(surface, note, rect)]
        return [rect]

    def _draw_note(self, surface: pygame.Surface, note: str, prompt: pygame.Rect) -> pygame.Rect:
        """A refusal or a hint, in full, on a strip just above the prompt: over the table's
        edge, on purpose, until the next move. The strip's rect."""
        pad = self.s(8)
        size = self.s(15)
        fitted = text.fit(note, size, prompt.w - 4 * pad, self.s(66), bold=not self.error)
        # As wide as its words: what the table shows beside it (a list's pager, a hand of
        # cards) stays in sight, and a hint may ring it.
        width = min(prompt.w, fitted.width + 4 * pad + self.s(4))
        strip = pygame.Rect(prompt.x, 0, width, fitted.height + 2 * pad)
        strip.bottom = prompt.y - self.s(4)
        tint = (160, 30, 20) if self.error else (120, 70, 0)
        with text.layer("note"):
            pygame.draw.rect(surface, (250, 242, 222), strip, border_radius=self.s(8))
            pygame.draw.rect(surface, tint, strip, max(1, self.s(2)), border_radius=self.s(8))
            text.draw(surface, note, strip.inflate(-4 * pad, -2 * pad), size, tint,
                      bold=not self.error, valign="middle")
        return strip

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        seat = self.curtain_seat
        assert seat is not None
        w, h = surface.get_size()
        card = pygame.Rect(0, 0, self.s(560), self.s(360))
        card.center = (w // 2, h // 2 + self.s(40))
        draw_panel(surface, card, self.app.scale)
        marker = self.session.seats[seat]["colour"]
        artwork.draw_seat_marker(surface, (w // 2, card.y + self.s(56)), self.s(26), marker)
        name = self.session.name(seat)
        title = pygame.Rect(
            card.x + self.s(30), card.y + self.s(94), card.w - self.s(60), self.s(48)
        )
        text.draw(surface, tr("curtain.title", name=name), title, self.s(30), artwork.INK,
                  bold=True, align="center", valign="middle", max_lines=1)
        body = pygame.Rect(title.x, title.bottom + self.s(6), title.w, self.s(70))
        text.draw(surface, tr("curtain.body", name=name), body, self.s(17), (70, 60, 50),
                  align="center")


def button_width(label: str, scale: float) -> int:
    """A prompt button wide enough for its words (at least the usual width)."""
    text = resources.font(theme.font_size(18, scale), True).size(label)[0]
    return max(round(150 * scale), text + round(36 * scale))


def layout_for_tests(
    size: tuple[int, int], labels: tuple[str, str], ui_scale: float = 1.0
) -> dict[str, tuple[int, int]]:
    """Window positions of a two-button prompt at this window size (for the Xvfb test,
    which clicks a real window from outside and cannot ask pygame_gui where things are)."""
    w, h = size
    scale = min(w / 1280, h / 800) * ui_scale

    def px(v: float) -> int:
        return round(v * scale)

    table_bottom = h - px(PROMPT_HEIGHT)
    prompt = pygame.Rect(
        px(10), table_bottom + px(6), w - log_width(w, scale) - px(20), px(PROMPT_HEIGHT) - px(14)
    )
    first, last = (button_width(label, scale) for label in labels)
    right = prompt.right - px(12)
    return {
        "prompt_first": (right - last - px(10) - first // 2, prompt.centery),
        "prompt_last": (right - last // 2, prompt.centery),
    }
