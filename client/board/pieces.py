"""Pictures of the pieces a map view draws over the board, one per piece and size, with a
stand-in while a zoom step's new size is still being made.

A zoom level draws its pieces at its own size. The board makes them ahead, a little each
frame (`Board.warm_with`), but notches that come quickly can reach a level before all of
its pictures are made. Making them all in that frame is what made a zoom notch cost tens
of milliseconds on a crowded map; instead, a frame makes new pictures for a short while
(`MAKE_BUDGET`) and draws each one it had no time for from the nearest size already
made: as it is while the camera eases (the map is scaled then too), scaled once it has
landed (a frame or two later the exact picture is there: a settled view only ever shows
exact pictures).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

import pygame

from client.board.render import frame_clock

K = TypeVar("K", bound=Hashable)

_deadline = 0.0
_easing = False
_scaling = [0.0]  # seconds spent scaling stand-ins this frame
_stood_in = [False]  # a stand-in was drawn this frame


def begin_frame(easing: bool = False, budget: float | None = None) -> None:
    """A new frame's drawing starts (`Board.draw` says so): its pieces get `MAKE_BUDGET` (or
    `budget`) for new pictures. While the camera eases between levels the map is scaled
    anyway, and a piece not made yet is drawn at the nearest size made, as it is."""
    global _deadline, _easing
    _deadline = frame_clock() + (MAKE_BUDGET if budget is None else budget)
    _easing = easing
    _scaling[0] = 0.0
    _stood_in[0] = False


def stood_in() -> bool:
    """Whether the last frame drew a piece from another size (its picture not made in
    time): the view then draws more frames until the exact pictures are there."""
    return _stood_in[0]

MAKE_BUDGET = 0.0006
"""Seconds of a frame's drawing that may go to making pictures not made ahead (all the
view's kinds of pieces together)..."""
SCALING_BUDGET = 0.0003
"""... and to scaling stand-ins (past it, a stand-in is drawn at its own size)."""
KEPT = 1200
"""At most this many pictures are kept (the sizes farthest from the one drawn go first)."""

class PiecePictures(Generic[K]):
    """Pictures `make(key, px)` of pieces named by `key` at a size `px`, made once."""

    def __init__(self, make: Callable[[K, int], pygame.Surface], kept: int = KEPT) -> None:
        self._make = make
        self._kept = kept
        self._made: dict[K, dict[int, pygame.Surface]] = {}
        self._count = 0
        self._stand_ins: dict[tuple[K, int], pygame.Surface] = {}
        self.stood_in = 0
        """Pictures drawn from another size so far: tests read it to see the stand-ins."""

    def exact(self, key: K, px: int) -> pygame.Surface:
        """The picture of `key` at `px`, made now if it is not yet (the board's warm jobs
        call this ahead of a zoom step)."""
        sizes = self._made.get(key)
        if sizes is None:
            sizes = self._made[key] = {}
        picture = sizes.get(px)
        if picture is None:
            if self._count >= self._kept:
                self._forget_far_from(px)
                sizes = self._made.setdefault(key, {})
            picture = sizes[px] = self._make(key, px)
            self._count += 1
            self._stand_ins.pop((key, px), None)
        return picture

    def made(self, key: K, px: int) -> bool:
        sizes = self._made.get(key)
        return sizes is not None and px in sizes

    def drawn(self, key: K, px: int) -> pygame.Surface:
        """The picture to draw this frame: the exact one when it is made or there is time
        left this frame to make it, else the nearest size made, scaled to this one."""
        sizes = self._made.get(key)
        if sizes is not None:
            picture = sizes.get(px)
            if picture is not None:
                return picture
        if not sizes or frame_clock() < _deadline:
            return self.exact(key, px)
        self.stood_in += 1
        _stood_in[0] = True
        stand_in = self._stand_ins.get((key, px))
        if stand_in is not None:
            return stand_in
        near = min(sizes, key=lambda p: abs(p - px))
        if _easing or _scaling[0] > SCALING_BUDGET:
            return sizes[near]
        began = frame_clock()
        w, h = sizes[near].get_size()
        size = (max(1, round(w * px / near)), max(1, round(h * px / near)))
        # Nearest-pixel scaling: several times cheaper than smooth, and seen a frame or two.
        stand_in = pygame.transform.scale(sizes[near], size)
        if len(self._stand_ins) > 4 * len(self._made):
            self._stand_ins.clear()
        self._stand_ins[(key, px)] = stand_in
        _scaling[0] += frame_clock() - began
        return stand_in

    def _forget_far_from(self, px: int) -> None:
        """Drop the sizes farthest from `px` until half the room is free."""
        sizes = sorted({p for by_px in self._made.values() for p in by_px},
                       key=lambda p: -abs(p - px))
        for far in sizes:
            if self._count <= self._kept // 2 or far == px:
                break
            for by_px in self._made.values():
                if by_px.pop(far, None) is not None:
                    self._count -= 1
        self._made = {k: v for k, v in self._made.items() if v}
        self._stand_ins.clear()
