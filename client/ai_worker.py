"""AI seats think in another process (spawn), so the window keeps drawing and can close."""

from __future__ import annotations

import multiprocessing as mp
import queue
from typing import Any

from rules import SetupError, get_game
from rules.ai import make_agent
from rules.core.saves import final_state, record_from_json

LEVEL_SPECS = {"easy": "easy", "normal": "normal", "hard": "hard"}


def build_agent(level: str, seed: int) -> Any:
    """The agent for a level; "random" until the ISMCTS levels are registered."""
    spec = LEVEL_SPECS.get(level, level)
    try:
        return make_agent(spec, seed)
    except SetupError as exc:
        if exc.code != "unknown_agent":
            raise
        return make_agent("random", seed)


def think(request: dict[str, Any]) -> dict[str, Any]:
    """Pick an action for a seat from a save record; the answer is the action's JSON.
    A request of kind "hint" answers with the hint's action and its win chance too."""
    record = record_from_json(request["record"])
    game = get_game(record.game)
    state = final_state(record)
    if request.get("kind") == "hint":
        from rules.ai.hint import hint

        action, win = hint(game, state, request["seat"], request["level"], request["seed"])
        return {"job": request["job"], "action": game.action_to_json(action), "win": win}
    agent = build_agent(request["level"], request["seed"])
    action = agent.choose(game, state, request["seat"])
    return {"job": request["job"], "action": game.action_to_json(action)}


PARENT_CHECK = 1.0  # seconds between the idle worker's looks at whether the app is alive


def _serve(requests: Any, results: Any) -> None:
    """Think until told to stop, or until the app is gone (killed, crashed): an orphan
    would otherwise wait on its queue for ever."""
    parent = mp.parent_process()
    while True:
        try:
            request = requests.get(timeout=PARENT_CHECK)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return
            continue
        if request is None:
            return
        try:
            results.put(think(request))
        except Exception as exc:
            results.put({"job": request.get("job"), "error": repr(exc)})


class AIWorker:
    """One long-lived thinking process; stale answers (after undo or load) are dropped.
    A hint is a second kind of job, tracked apart so it never takes a move's answer."""

    def __init__(self) -> None:
        ctx = mp.get_context("spawn")
        self._requests = ctx.Queue()
        self._results = ctx.Queue()
        self._process = ctx.Process(
            target=_serve, args=(self._requests, self._results), daemon=True
        )
        self._process.start()
        self._next_job = 0
        self.pending: int | None = None
        self.hint_pending: int | None = None
        self._answers: dict[int, dict[str, Any]] = {}

    def _put(self, record_json: dict[str, Any], seat: int, level: str, seed: int, kind: str) -> int:
        self._next_job += 1
        request = {"job": self._next_job, "record": record_json, "seat": seat, "level": level}
        self._requests.put({**request, "seed": seed, "kind": kind})
        return self._next_job

    def submit(self, record_json: dict[str, Any], seat: int, level: str, seed: int) -> int:
        self.pending = self._put(record_json, seat, level, seed, "move")
        return self.pending

    def submit_hint(self, record_json: dict[str, Any], seat: int, level: str, seed: int) -> int:
        self.hint_pending = self._put(record_json, seat, level, seed, "hint")
        return self.hint_pending

    def cancel(self) -> None:
        self.pending = None

    def cancel_hint(self) -> None:
        self.hint_pending = None

    @property
    def alive(self) -> bool:
        return self._process.is_alive()

    @property
    def busy(self) -> bool:
        return self.pending is not None

    def _collect(self) -> None:
        """Keep the answers still waited for; drop the stale ones."""
        while True:
            try:
                answer: dict[str, Any] = self._results.get_nowait()
            except queue.Empty:
                return
            if answer.get("job") in (self.pending, self.hint_pending):
                self._answers[answer["job"]] = answer

    def poll(self) -> dict[str, Any] | None:
        """The answer to the pending move, if it has arrived."""
        self._collect()
        if self.pending is None or self.pending not in self._answers:
            return None
        answer = self._answers.pop(self.pending)
        self.pending = None
        return answer

    def poll_hint(self) -> dict[str, Any] | None:
        """The answer to the pending hint, if it has arrived."""
        self._collect()
        if self.hint_pending is None or self.hint_pending not in self._answers:
            return None
        answer = self._answers.pop(self.hint_pending)
        self.hint_pending = None
        return answer

    def close(self) -> None:
        """Stop at once, even mid-thought: closing the window never waits for the AI."""
        self.pending = self.hint_pending = None
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(timeout=1.0)
        for q in (self._requests, self._results):
            q.cancel_join_thread()
            q.close()
