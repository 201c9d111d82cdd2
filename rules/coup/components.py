"""Coup's fixed pieces: the five characters, what each claims and blocks, coins and costs."""

from __future__ import annotations

from typing import Literal

Character = Literal["duke", "assassin", "captain", "ambassador", "countess"]

DUKE: Character = "duke"
ASSASSIN: Character = "assassin"
CAPTAIN: Character = "captain"
AMBASSADOR: Character = "ambassador"
COUNTESS: Character = "countess"
CHARACTERS: tuple[Character, ...] = (DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, COUNTESS)

# The character an action claims, the characters that may block it, and what it costs.
CLAIMS: dict[str, Character] = {
    "tax": DUKE,
    "assassinate": ASSASSIN,
    "steal": CAPTAIN,
    "exchange": AMBASSADOR,
}
BLOCKERS: dict[str, tuple[Character, ...]] = {
    "foreign_aid": (DUKE,),
    "assassinate": (COUNTESS,),
    "steal": (CAPTAIN, AMBASSADOR),
}
COSTS: dict[str, int] = {"coup": 7, "assassinate": 3}
COUP_COST = 7
FORCED_COUP_COINS = 10
COPIES = 3
"""Each character has three cards in the court (the two-player variant: one set each)."""
THEMES = ("classic", "urbis")
TREASURY_COINS = 50
START_COINS = 2
