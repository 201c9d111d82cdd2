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
    """Pick an action for a seat from a save record; the answer is the action's JSON."""
    record = record_from_json(request["record"])
    game = get_game(record.game)
    state = final_state(record)
    agent = build_agent(request["level"], request["seed"])
    action = agent.choose(game, state, request["seat"])
    return {"job": request["job"], "action": game.action_to_json(action)}


def _serve(requests: Any, results: Any) -> None:
    while True:
        request = requests.get()
        if request is None:
            return
        try:
            results.put(think(request))
        except Exception as exc:
            results.put({"job": request.get("job"), "error": repr(exc)})


class AIWorker:
    """One long-lived thinking process; stale answers (after undo or load) are dropped."""

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

    def submit(self, record_json: dict[str, Any], seat: int, level: str, seed: int) -> int:
        self._next_job += 1
        self.pending = self._next_job
        self._requests.put(
            {"job": self.pending, "record": record_json, "seat": seat, "level": level, "seed": seed}
        )
        return self.pending

    def cancel(self) -> None:
        self.pending = None

    @property
    def alive(self) -> bool:
        return self._process.is_alive()

    @property
    def busy(self) -> bool:
        return self.pending is not None

    def poll(self) -> dict[str, Any] | None:
        """The answer to the pending job, if it has arrived."""
        while True:
            try:
                answer: dict[str, Any] = self._results.get_nowait()
            except queue.Empty:
                return None
            if answer.get("job") == self.pending:
                self.pending = None
                return answer

    def close(self) -> None:
        """Stop at once, even mid-thought: closing the window never waits for the AI."""
        self.pending = None
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(timeout=1.0)
        for q in (self._requests, self._results):
            q.cancel_join_thread()
            q.close()
