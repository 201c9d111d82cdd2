"""The seeded generator deals exactly as its definition: `shuffle` (all draws mixed at
once) against Fisher–Yates with `below` one draw at a time, including states whose
draws `below` rejects, and `below` against `next64` with rejection."""

from __future__ import annotations

import random

import pytest

from rules.core import Rng

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_C1, _C2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _below_by_definition(rng: Rng, n: int) -> int:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = rng.next64()
        if x < limit:
            return x % n


def _shuffle_by_definition(rng: Rng, seq: list[int]) -> None:
    for i in range(len(seq) - 1, 0, -1):
        j = _below_by_definition(rng, i + 1)
        seq[i], seq[j] = seq[j], seq[i]


def _unshift(y: int, k: int) -> int:
    """The inverse of `x ^ (x >> k)` on 64 bits."""
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x & _MASK


def _state_before(draw: int) -> int:
    """The state whose next `next64` is `draw` (SplitMix64's mix is a bijection)."""
    z = _unshift(draw, 31) * pow(_C2, -1, 1 << 64) & _MASK
    z = _unshift(z, 27) * pow(_C1, -1, 1 << 64) & _MASK
    return (_unshift(z, 30) - _GOLDEN) & _MASK


def _states() -> list[int]:
    rnd = random.Random(5)
    states = [rnd.getrandbits(64) for _ in range(300)] + [0, 1, _MASK]
    # The k-th draw is the largest value: `below` rejects it for every bound that is not
    # a power of two, and draws again.
    for k in range(20):
        states.append((_state_before(_MASK) - k * _GOLDEN) & _MASK)
    return states


def test_the_rejecting_states_do_draw_the_largest_value() -> None:
    rng = Rng(_state_before(_MASK))
    assert rng.next64() == _MASK


@pytest.mark.parametrize("length", [0, 1, 2, 3, 5, 15, 16, 17, 40, 63, 64, 65, 257, 300])
def test_shuffle_is_fisher_yates_with_below(length: int) -> None:
    for state in _states():
        mine, theirs = Rng(state), Rng(state)
        dealt, expected = list(range(length)), list(range(length))
        mine.shuffle(dealt)
        _shuffle_by_definition(theirs, expected)
        assert dealt == expected
        assert mine.state == theirs.state


def test_shuffle_one_by_one_is_the_same_shuffle() -> None:
    for state in _states()[::7]:
        a, b = Rng(state), Rng(state)
        dealt, expected = list(range(15)), list(range(15))
        a.shuffle_one_by_one(dealt)
        _shuffle_by_definition(b, expected)
        assert (dealt, a.state) == (expected, b.state)


@pytest.mark.parametrize("n", [1, 2, 3, 6, 10, 63, 64, 65, 1000, 3**40])
def test_below_draws_as_next64_with_rejection(n: int) -> None:
    for state in _states():
        mine, theirs = Rng(state), Rng(state)
        assert mine.below(n) == _below_by_definition(theirs, n)
        assert mine.state == theirs.state
