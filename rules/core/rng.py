"""The seeded random generator carried inside every game state.

SplitMix64 in pure Python: one integer of state, so copying a state is cheap
and the same seed gives the same game on every platform and Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A small deterministic generator; `Rng(7).below(6)` is the same everywhere."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def copy(self) -> Rng:
        return Rng(self.state)

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling keeps it unbiased)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def roll(self, sides: int) -> int:
        """A die of `sides` faces, 1..sides."""
        return self.below(sides) + 1

    def choice(self, seq: list[Any] | tuple[Any, ...]) -> Any:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Fisher–Yates in place: `below(i + 1)` for i from the last index down, with
        `next64` written out (every game deals this way, and its calls were a fifth of
        a Kobayakawa game); the same numbers, bit for bit."""
        state = self.state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < _SMALL else _TOP - (_TOP % n)
            while True:
                state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                x = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                x ^= x >> 31
                if x < limit:
                    break
            j = x % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state


_TOP = 1 << 64
_SMALL = 64
_LIMITS = tuple(_TOP - (_TOP % n) if n else 0 for n in range(_SMALL))
"""Per bound below `_SMALL`: the draws at or above it are rejected (see `below`)."""
