"""Tweens: short ease-out motions, played in sequence, skippable at any moment."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, gentle landing."""
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Tween:
    """One motion: `kind` tells the view how to draw it, `data` where from and to.

    `hides` names the static things the view must leave out while it plays
    (the card that is flying in is not also drawn at its destination).
    """

    kind: str
    duration: float
    data: dict[str, Any] = field(default_factory=dict)
    hides: frozenset[Any] = frozenset()
    elapsed: float = 0.0
    group: int = 0  # tweens of one group play together

    @property
    def progress(self) -> float:
        return ease_out(self.elapsed / self.duration) if self.duration > 0 else 1.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


class Timeline:
    """A queue of tween groups; the first group plays, the rest wait their turn."""

    def __init__(self) -> None:
        self.queue: list[Tween] = []
        self.on_idle: list[Callable[[], None]] = []
        self._group = 0

    def add(self, tweens: list[Tween], speed: float) -> None:
        """Queue tweens that play together; speed 0 means animations are off."""
        if speed <= 0:
            return
        self._group += 1
        for tween in tweens:
            tween.duration /= speed
            tween.group = self._group
            self.queue.append(tween)

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def active(self) -> list[Tween]:
        if not self.queue:
            return []
        group = self.queue[0].group
        return [t for t in self.queue if t.group == group]

    def hidden(self) -> set[Any]:
        """Everything any queued tween hides: what has not landed yet stays out of sight."""
        out: set[Any] = set()
        for tween in self.queue:
            out |= tween.hides
        return out

    def update(self, dt: float) -> None:
        for tween in self.active():
            tween.elapsed += dt
        self.queue = [t for t in self.queue if not (t.done and t.group == self._head())]

    def _head(self) -> int:
        return self.queue[0].group if self.queue else -1

    def skip(self) -> None:
        self.queue.clear()
