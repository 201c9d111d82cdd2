"""Coup's hooks for the search: a rollout policy that plays like a plain, mostly honest
player, and an evaluation from influence and coins.

The policy decides for a seat from what that seat would know in the sampled
world (its own cards, face-up cards, coins, the pending claim), never from the
other seats' cards: rollouts must not turn simulated players into mind readers.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import Action, Game, Seat
from rules.coup.actions import (
    AMBASSADOR,
    ASSASSIN,
    BLOCKERS,
    CAPTAIN,
    CHARACTERS,
    COUNTESS,
    DUKE,
    Allow,
    Assassinate,
    Block,
    Challenge,
    Character,
    Concede,
    Exchange,
    ForeignAid,
    Income,
    LaunchCoup,
    LoseInfluence,
    NoBlock,
    PickCard,
    ReturnCard,
    Reveal,
    Steal,
    Tax,
)
from rules.coup.state import CoupState, Phase

ROLLOUT_DEPTH = 40
"""Actions a rollout plays past the tree before `evaluate` scores it: a few turns."""

WIN_WEIGHT = 0.8  # as in rules.ai.ismcts: the evaluation estimates the same reward
BLUFF = 0.12  # how often a rollout player claims a character it does not hold
DOUBT = 0.2  # how often it challenges a claim that is still possible
# DOUBT is also how often the search expects opponents to doubt its bluffs (see
# OPPONENTS_BY_POLICY): at 0.08 hard bluffed in a quarter of its claims and lost
# too often to players who challenge at random; at 0.2 it bluffs now and then
# (measured: 1 in 26 claims at hard, 4 players; 3 in 36 at normal, 2 players)
# and meets its strength targets.
KEEP_ORDER: tuple[Character, ...] = (DUKE, CAPTAIN, ASSASSIN, COUNTESS, AMBASSADOR)
"""Cards worth keeping, best first, for losing influence and for exchanges."""


def seen_copies(state: CoupState, seat: Seat, card: Character) -> int:
    """Copies of `card` that `seat` can see: in its hand and face up anywhere."""
    return state.hidden[seat].count(card) + sum(r.count(card) for r in state.revealed)


def strongest_rival(state: CoupState, seat: Seat) -> Seat:
    """The living opponent with the most influence, then the most coins."""
    rivals = state.others_after(seat)
    return max(rivals, key=lambda q: (state.influence(q), state.coins[q]))


def choose_turn(state: CoupState, seat: Seat, rng: random.Random) -> Action:
    """Coup when it can, else use a held character, else income or aid; sometimes bluff."""
    coins = state.coins[seat]
    rival = strongest_rival(state, seat)
    if coins >= 7:
        return LaunchCoup(rival)
    hand = state.hidden[seat]
    bluff = rng.random() < BLUFF
    if coins >= 3 and (ASSASSIN in hand or bluff):
        return Assassinate(rival)
    if DUKE in hand or (bluff and rng.random() < 0.5):
        return Tax()
    richest = max(state.others_after(seat), key=lambda q: state.coins[q])
    if state.coins[richest] >= 2 and (CAPTAIN in hand or bluff):
        return Steal(richest)
    if AMBASSADOR in hand and rng.random() < 0.3:
        return Exchange()
    return ForeignAid() if rng.random() < 0.5 else Income()


def choose_challenge(state: CoupState, seat: Seat, rng: random.Random) -> Action:
    """Challenge an impossible claim always; a possible one now and then, more often
    when the claim would cost this seat its last influence."""
    claim = state.claim
    assert claim is not None
    if seen_copies(state, seat, claim) >= 3:
        return Challenge()
    doubt = DOUBT
    threatened = state.action == "assassinate" and state.target == seat
    if threatened and state.blocker == -1 and state.influence(seat) == 1:
        doubt = 0.3
    return Challenge() if rng.random() < doubt else Allow()


def choose_block(state: CoupState, seat: Seat, rng: random.Random) -> Action:
    """Block with a held character; bluff a block more when one's life is at stake."""
    allowed = BLOCKERS[state.action]
    held = [c for c in allowed if c in state.hidden[seat]]
    if held:
        return Block(held[0])
    desperate = state.action == "assassinate" and state.influence(seat) == 1
    if rng.random() < (0.5 if desperate else BLUFF):
        return Block(allowed[0])
    return NoBlock()


def least_wanted(cards: list[Character]) -> Character:
    """The card to give up first: a duplicate, else the one lowest in KEEP_ORDER."""
    for card in cards:
        if cards.count(card) > 1:
            return card
    return max(cards, key=KEEP_ORDER.index)


def rollout_action(game: Game[Any], state: CoupState, seat: Seat, rng: random.Random) -> Action:
    """The rollout policy: one sensible move for `seat` (who must be one to act)."""
    phase = state.phase
    if phase is Phase.ACTION:
        choice = choose_turn(state, seat, rng)
        legal = game.legal_actions(state, seat)
        return choice if choice in legal else legal[0]
    if phase is Phase.CHALLENGE:
        return choose_challenge(state, seat, rng)
    if phase is Phase.BLOCK:
        return choose_block(state, seat, rng)
    if phase is Phase.PROVE:
        return Reveal() if state.claim in state.hidden[seat] else Concede()
    if phase is Phase.LOSE:
        return LoseInfluence(least_wanted(state.hidden[seat]))
    if phase is Phase.EXCHANGE:
        return ReturnCard(least_wanted(state.hidden[seat]))
    return PickCard(CHARACTERS[rng.randrange(3)])


def evaluate(game: Game[Any], state: CoupState) -> list[float]:
    """Estimated reward per seat: the win shared by strength (influence first, then
    coins) among the living, and the place as the search's terminal reward has it."""
    n = state.players
    strength = [
        (3.0 * state.influence(q) + 0.25 * state.coins[q]) if state.alive(q) else 0.0
        for q in range(n)
    ]
    weights = [s * s for s in strength]
    total = sum(weights) or 1.0
    out_rank = {q: i for i, q in enumerate(state.out)}
    values = []
    for q in range(n):
        if q in out_rank:
            place = out_rank[q] / (n - 1)
        else:
            above = sum(1 for p in range(n) if p not in out_rank and strength[p] > strength[q])
            tied = sum(1 for p in range(n) if p not in out_rank and strength[p] == strength[q])
            position = (above + 1 + above + tied) / 2  # among the living, 1 is best
            place = (n - position) / (n - 1)
        values.append(WIN_WEIGHT * weights[q] / total + (1 - WIN_WEIGHT) * place)
    return values

OPPONENTS_BY_POLICY = True
"""In the search, other seats answer claims as this policy's plain players do (rarely
doubting a possible claim): with UCB they would learn the searcher's true cards from
the determinizations and catch every bluff, so the search would never bluff."""
