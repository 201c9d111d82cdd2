"""The seeded random generator carried inside every game state.

SplitMix64 in pure Python: one integer of state, so copying a state is cheap
and the same seed gives the same game on every platform and Python version.
"""

from __future__ import annotations

import struct
from collections.abc import MutableSequence
from operator import ge, mod
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
        limit = _LIMITS[n] if n < _SMALL else _TOP - (_TOP % n)
        state = self.state
        while True:  # `next64`, written out
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            x = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            x ^= x >> 31
            if x < limit:
                self.state = state
                return x % n

    def roll(self, sides: int) -> int:
        """A die of `sides` faces, 1..sides."""
        return self.below(sides) + 1

    def choice(self, seq: list[Any] | tuple[Any, ...]) -> Any:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Fisher–Yates in place: `below(i + 1)` for i from the last index down; the
        same numbers, bit for bit, as that loop (`shuffle_one_by_one`).

        Every game deals this way, and SplitMix64 one draw at a time in Python was a
        sixth of a random Kobayakawa game. A shuffle of n items takes the n - 1 draws
        after `state`, and the k-th draw mixes `state + k * GOLDEN`: so the n - 1 mixes
        are done at once, each in its own 128-bit lane of one big integer (`_Lanes`),
        where a 64-bit value times a 64-bit constant cannot carry into the next lane;
        the lanes are masked back to 64 bits before each multiplication. A draw that
        `below` would reject (at most one in 2**58 for fewer than 64 items) sends the
        whole shuffle the one-by-one way, which draws again as `below` does."""
        length = len(seq)
        if length < 2:
            return
        lanes = _LANES.get(length)
        if lanes is None:
            if length > _MAX_LANES:
                self.shuffle_one_by_one(seq)
                return
            lanes = _LANES[length] = _Lanes(length)
        mask = lanes.mask
        x = (self.state * lanes.ones + lanes.steps) & mask
        x = ((x ^ (x >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
        x = ((x ^ (x >> 27)) & mask) * 0x94D049BB133111EB & mask
        x ^= x >> 31  # each lane's low 64 bits are its draw; the bits above are not read
        draws = lanes.unpack(x.to_bytes(lanes.size, "little"))
        if max(draws) >= lanes.lowest_limit and any(map(ge, draws, lanes.limits)):
            self.shuffle_one_by_one(seq)  # a rejected draw: never seen in practice
            return
        for i, j in zip(lanes.indices, map(mod, draws, lanes.bounds), strict=True):
            seq[i], seq[j] = seq[j], seq[i]
        self.state = (self.state + lanes.advance) & _MASK

    def shuffle_one_by_one(self, seq: MutableSequence[Any]) -> None:
        """`shuffle` by its definition: `below(i + 1)` for i from the last index down."""
        state = self.state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < _SMALL else _TOP - (_TOP % n)
            while True:  # `next64`, written out
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
_MAX_LANES = 256
"""Longer lists are shuffled one draw at a time (no game deals that many)."""


class _Lanes:
    """`shuffle`'s constants for one length n: lane k (bits 128k to 128k + 63) of a big
    integer holds the k-th of the n - 1 draws, which swaps index n - 1 - k."""

    __slots__ = ("advance", "bounds", "indices", "limits", "lowest_limit", "mask", "ones",
                 "size", "steps", "unpack")

    def __init__(self, length: int) -> None:
        draws = length - 1
        self.ones = sum(1 << (128 * k) for k in range(draws))
        """`state * ones`: the state in every lane."""
        self.steps = sum(((k + 1) * _GOLDEN & _MASK) << (128 * k) for k in range(draws))
        """Added to it: lane k holds the state of draw k + 1, once masked to 64 bits."""
        self.mask = _MASK * self.ones
        self.indices = tuple(range(length - 1, 0, -1))
        self.bounds = tuple(i + 1 for i in self.indices)
        self.limits = tuple(_TOP - (_TOP % n) for n in self.bounds)
        self.lowest_limit = min(self.limits)
        self.unpack = struct.Struct("<" + "Q8x" * draws).unpack
        self.size = 16 * draws
        self.advance = draws * _GOLDEN & _MASK


_LANES: dict[int, _Lanes] = {}
