"""Kobayakawa's fixed pieces: fifteen cards, seven rounds and the medals."""

from __future__ import annotations

CARDS = tuple(range(1, 16))
ROUNDS = 7
START_MEDALS = 4
CENTRE_MEDALS = 8
NO_CARD = 0
UNDECIDED = -1
