"""A generic animated dice tray: a short tumble that lands on the values the rules chose.

    tray = DiceTray(size=56)
    tray.place((x, y))                         # centre of the row of dice
    tray.roll([(D10, 7), (D10, 1), (D6, 3)])   # values come from the rules' event
    tray.update(dt); tray.draw(surface)         # or tray.draw(surface, at=elapsed)
    tray.skip()                                 # land at once

The tumble (several face changes with a scale and rotation wobble, a little hop) is a
pure function of the elapsed time, so a table can drive it from its own timeline and
a test can ask `shown(at)` what each die shows at any moment. It never decides a value:
the last face is always the one given to `roll`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from client.art.dice import DieKind, die_face

DURATION = 0.5
FLIPS = 6


@dataclass(frozen=True, slots=True)
class Die:
    """One die in the tray: its kind and the value (1-based face) it must land on."""

    kind: DieKind
    value: int


@dataclass(slots=True)
class _Tumble:
    faces: list[int]  # faces shown in turn; the last is the value
    times: list[float]  # when each face appears (0 for the first)
    spin: float  # total turns of rotation, signed
    delay: float


class DiceTray:
    """A row of dice that tumble, then rest on their values."""

    def __init__(self, size: int = 56, gap: int = 12, duration: float = DURATION) -> None:
        self.size = size
        self.gap = gap
        self.duration = duration
        self.center: tuple[int, int] = (0, 0)
        self.dice: list[Die] = []
        self.elapsed = duration
        self._tumbles: list[_Tumble] = []

    # -- layout ---------------------------------------------------------------------
    def place(self, center: tuple[int, int], size: int | None = None) -> None:
        self.center = center
        if size is not None:
            self.size = size

    def rects(self) -> list[pygame.Rect]:
        """Where each die rests."""
        n = len(self.dice)
        width = n * self.size + max(0, n - 1) * self.gap
        x0 = self.center[0] - width // 2
        return [
            pygame.Rect(x0 + i * (self.size + self.gap), self.center[1] - self.size // 2,
                        self.size, self.size)
            for i in range(n)
        ]

    # -- state ----------------------------------------------------------------------
    def set(self, dice: Sequence[Die | tuple[DieKind, int]]) -> None:
        """Show these dice at rest, with no tumble (e.g. after a reload)."""
        self.roll(dice)
        self.skip()

    def roll(self, dice: Sequence[Die | tuple[DieKind, int]], seed: int | None = None) -> None:
        """Start a tumble that ends on each die's value."""
        self.dice = [d if isinstance(d, Die) else Die(*d) for d in dice]
        for die in self.dice:
            if not 1 <= die.value <= die.kind.sides:
                raise ValueError(f"{die.kind.name} cannot show {die.value}")
        rng = random.Random(seed if seed is not None else hash(tuple(self.values())))
        self._tumbles = [self._tumble(die, i, rng) for i, die in enumerate(self.dice)]
        self.elapsed = 0.0

    def _tumble(self, die: Die, index: int, rng: random.Random) -> _Tumble:
        delay = 0.04 * index
        run = max(0.05, self.duration - delay) * 0.8
        faces: list[int] = []
        for _ in range(FLIPS - 1):
            options = [v for v in range(1, die.kind.sides + 1)
                       if v != die.value and (not faces or v != faces[-1])]
            faces.append(rng.choice(options) if options else die.value)
        faces.append(die.value)
        # Face changes slow down towards the end, like a die losing speed.
        times = [delay + run * (1 - (1 - i / FLIPS) ** 1.6) for i in range(FLIPS)]
        times[0] = 0.0
        spin = rng.choice((-1, 1)) * rng.uniform(0.8, 1.4)
        return _Tumble(faces, times, spin, delay)

    def values(self) -> list[int]:
        return [d.value for d in self.dice]

    def update(self, dt: float) -> None:
        self.elapsed = min(self.duration, self.elapsed + dt)

    def skip(self) -> None:
        self.elapsed = self.duration

    @property
    def rolling(self) -> bool:
        return self.elapsed < self.duration

    def shown(self, at: float | None = None) -> list[int]:
        """The face each die shows at time `at` (default: now)."""
        t = self.elapsed if at is None else at
        out = []
        for tumble in self._tumbles:
            if t >= self.duration:
                out.append(tumble.faces[-1])
                continue
            i = max(k for k, when in enumerate(tumble.times) if when <= t)
            out.append(tumble.faces[i])
        return out

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, at: float | None = None) -> None:
        t = self.elapsed if at is None else min(at, self.duration)
        faces = self.shown(t)
        for die, tumble, rect, face in zip(self.dice, self._tumbles, self.rects(), faces,
                                           strict=True):
            img = die_face(die.kind, face, self.size)
            p = 1.0 if t >= self.duration else max(0.0, (t - tumble.delay)) / max(
                1e-6, self.duration - tumble.delay)
            if p >= 1.0:
                surface.blit(img, rect)
                continue
            rest = 1 - p
            angle = tumble.spin * 360 * rest**2 + 14 * math.sin(p * 9) * rest
            scale = 1 + 0.22 * math.sin(p * math.pi) + 0.06 * math.sin(p * 17) * rest
            hop = -abs(math.sin(p * math.pi * 2.5)) * self.size * 0.35 * rest
            turned = pygame.transform.rotozoom(img, angle, scale)
            surface.blit(turned, turned.get_rect(center=(rect.centerx, rect.centery + hop)))
