"""Coup's hooks for the search: a rollout policy that plays like a plain, mostly honest
player, and an evaluation from influence and coins.

The policy decides for a seat from what that seat would know in the sampled
world (its own cards, face-up cards, coins, the pending claim), never from the
other seats' cards: rollouts must not turn simulated players into mind readers.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import Action, Event, Game, JsonDict, Seat
from rules.coup import logic
from rules.coup.actions import (
    Allow,
    Assassinate,
    Block,
    Challenge,
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
from rules.coup.components import (
    AMBASSADOR,
    ASSASSIN,
    BLOCKERS,
    CAPTAIN,
    CHARACTERS,
    COUNTESS,
    DUKE,
    Character,
)
from rules.coup.state import NOBODY, CoupState, Phase

ROLLOUT_DEPTH = 40
"""Actions a rollout plays past the tree before `evaluate` scores it: a few turns."""

WIN_WEIGHT = 0.8  # as in rules.ai.ismcts: the evaluation estimates the same reward
BLUFF = 0.12  # how often a rollout player claims a character it does not hold
TABLE_DOUBT = 0.4
"""How often a possible claim is doubted by someone at the table, however many sit at
it: each of k others doubts it with 1 - (1 - TABLE_DOUBT) ** (1 / k), so 0.4 alone
against one rival, 0.16 each among four players. This is also how often the search
expects its own bluffs to be caught (see OPPONENTS_BY_POLICY). A fixed 0.2 per seat
let the search bluff the Duke in most two-player openings, where one rival alone is
the whole table; players who challenge at random then caught it every other time."""
LAST_CARD_DOUBT = 0.25
"""Added when a successful challenge would take the claimant's last influence, or when
the claim would take the doubter's own: the stakes everyone at a table sees."""
COIN_WEIGHT = 0.25
"""A coin's worth in `evaluate`, where an influence is worth 3."""
KEEP_ORDER: tuple[Character, ...] = (DUKE, CAPTAIN, ASSASSIN, COUNTESS, AMBASSADOR)
"""Cards worth keeping, best first, for losing influence and for exchanges."""


def seen_copies(state: CoupState, seat: Seat, card: Character) -> int:
    """Copies of `card` that `seat` can see: in its hand and face up anywhere."""
    seen = state.hidden[seat].count(card)
    for r in state.revealed:
        if r:
            seen += r.count(card)
    return seen


def strongest_rival(state: CoupState, seat: Seat) -> Seat:
    """The living opponent with the most influence, then the most coins."""
    return _strongest(state, state.others_after(seat))


def _strongest(state: CoupState, rivals: tuple[Seat, ...]) -> Seat:
    """The first of `rivals` with the most influence, then the most coins."""
    best, best_key = rivals[0], (state.influence(rivals[0]), state.coins[rivals[0]])
    for q in rivals[1:]:
        key = (state.influence(q), state.coins[q])
        if key > best_key:
            best, best_key = q, key
    return best


def choose_turn(state: CoupState, seat: Seat, rng: random.Random) -> Action:
    """Coup when it can, else use a held character, else income or aid; sometimes bluff."""
    coins = state.coins
    mine = coins[seat]
    rivals = state.others_after(seat)
    rival = _strongest(state, rivals)
    if mine >= 7:
        return _COUPS[rival]
    hand = state.hidden[seat]
    bluff = rng.random() < bluff_chance(state, rivals)
    if mine >= 3 and (ASSASSIN in hand or bluff):
        return _ASSASSINATIONS[rival]
    if DUKE in hand or (bluff and rng.random() < 0.5):
        return _TAX
    richest = max(rivals, key=coins.__getitem__)
    if coins[richest] >= 2 and (CAPTAIN in hand or bluff) and not _claims_to_block_steal(
            state.claimed[richest]):
        return _STEALS[richest]
    if AMBASSADOR in hand and rng.random() < 0.3:
        return _EXCHANGE
    return _FOREIGN_AID if rng.random() < 0.5 else _INCOME


def bluff_chance(state: CoupState, rivals: tuple[Seat, ...]) -> float:
    """How often a plain player claims a character it does not hold: `BLUFF` at a table
    that doubts as a table does (`TABLE_DOUBT`), more at one whose public record shows it
    lets claims pass (up to `MAX_BLUFF`), less at one that challenges. Against a rival
    who never challenges, bluffing the Duke and the Assassin wins the race to the first
    coup; a policy that bluffed at a fixed rate made the search's own future look too
    slow there, so it gambled on challenges instead."""
    allowed = 1.0
    for q in rivals:
        allowed *= 1.0 - _record_doubt(state, q, _SEAT_DOUBT[len(rivals)])
    return min(MAX_BLUFF, BLUFF * TABLE_DOUBT / max(1.0 - allowed, 0.01))


def _claims_to_block_steal(claimed: tuple[Character, ...]) -> bool:
    """Whether a seat stands by a claim of a character that blocks an extortion."""
    return CAPTAIN in claimed or AMBASSADOR in claimed


# Actions are immutable values: the policy returns these, as the rules' lists do.
_COUPS = tuple(LaunchCoup(q) for q in range(6))
_ASSASSINATIONS = tuple(Assassinate(q) for q in range(6))
_STEALS = tuple(Steal(q) for q in range(6))
_INCOME, _FOREIGN_AID, _TAX, _EXCHANGE = Income(), ForeignAid(), Tax(), Exchange()
_CHALLENGE, _ALLOW, _NO_BLOCK = Challenge(), Allow(), NoBlock()
_REVEAL, _CONCEDE = Reveal(), Concede()
_LOSE = {c: LoseInfluence(c) for c in CHARACTERS}
_RETURN = {c: ReturnCard(c) for c in CHARACTERS}
_BLOCK = {c: Block(c) for c in CHARACTERS}


DOUBT_PRIOR_WEIGHT = 2.0
"""How many answers the table-wide doubt counts for beside a seat's own record (4 let a
rival who never challenged look doubtful for most of a two-player game)."""
MAX_BLUFF = 0.6
"""The most a plain player bluffs, at a table that has let every claim pass."""


def _record_doubt(state: CoupState, seat: Seat, prior: float) -> float:
    """`prior` moved towards how often `seat` has challenged (its public record of
    challenges and claims let pass), as if `prior` were `DOUBT_PRIOR_WEIGHT` answers."""
    asked = state.challenges[seat] + state.allowances[seat]
    return (state.challenges[seat] + DOUBT_PRIOR_WEIGHT * prior) / (asked + DOUBT_PRIOR_WEIGHT)


def doubt_chance(state: CoupState, seat: Seat) -> float:
    """How often `seat` challenges the open claim when it is still possible: the table's
    doubt (`TABLE_DOUBT`), moved towards how often this seat has challenged so far (its
    public record of challenges and claims let pass), as if the table's doubt were
    `DOUBT_PRIOR_WEIGHT` answers of its own. A player who never challenges is soon
    expected not to; one who challenges everything, to go on.

    The stakes (`LAST_CARD_DOUBT`) raise the prior, not the record: a rival who let every
    claim pass is not expected to start challenging because a claimant is on its last
    card, which made the search shy of the bluffs that win a duel against it."""
    others = len(state.others_after(seat))
    prior = _SEAT_DOUBT[max(1, others)]
    claimant_on_last = state.influence(state.claimant) == 1
    threatened = (state.action == "assassinate" and state.target == seat
                  and state.blocker == NOBODY and state.influence(seat) == 1)
    if claimant_on_last or threatened:
        prior += LAST_CARD_DOUBT
    return min(_record_doubt(state, seat, prior), 0.9)


_SEAT_DOUBT: list[float] = [1.0 - (1.0 - TABLE_DOUBT) ** (1.0 / max(1, k)) for k in range(6)]
"""Per number of others at the table: how often each doubts a claim (see TABLE_DOUBT)."""


def choose_challenge(state: CoupState, seat: Seat, rng: random.Random) -> Action:
    """Challenge an impossible claim always; a possible one as often as `doubt_chance`."""
    claim = state.claim
    assert claim is not None
    if seen_copies(state, seat, claim) >= 3:
        return _CHALLENGE
    return _CHALLENGE if rng.random() < doubt_chance(state, seat) else _ALLOW


def choose_block(state: CoupState, seat: Seat, rng: random.Random) -> Action:
    """Block with a held character; bluff a block more when one's life is at stake."""
    allowed = BLOCKERS[state.action]
    hand = state.hidden[seat]
    for c in allowed:
        if c in hand:
            return _BLOCK[c]
    desperate = state.action == "assassinate" and state.influence(seat) == 1
    if rng.random() < (0.5 if desperate else BLUFF):
        return _BLOCK[allowed[0]]
    return _NO_BLOCK


def least_wanted(cards: tuple[Character, ...] | list[Character]) -> Character:
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
        # `is_legal` answers as `choice in legal_actions(...)` would, without the list.
        return choice if game.is_legal(state, seat, choice) else game.legal_actions(state, seat)[0]
    if phase is Phase.CHALLENGE:
        return choose_challenge(state, seat, rng)
    if phase is Phase.BLOCK:
        return choose_block(state, seat, rng)
    if phase is Phase.PROVE:
        return _REVEAL if state.claim in state.hidden[seat] else _CONCEDE
    if phase is Phase.LOSE:
        return _LOSE[least_wanted(state.hidden[seat])]
    if phase is Phase.EXCHANGE:
        return _RETURN[least_wanted(state.hidden[seat])]
    return PickCard(CHARACTERS[rng.randrange(3)])


def evaluate(game: Game[Any], state: CoupState) -> list[float]:
    """Estimated reward per seat: the win shared by strength (influence first, then
    coins) among the living, and the place as the search's terminal reward has it."""
    n = state.players
    strength = [
        (3.0 * state.influence(q) + COIN_WEIGHT * state.coins[q]) if state.alive(q) else 0.0
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

PICK_PRIOR: dict[Character, float] = {
    DUKE: 1.0, CAPTAIN: 0.7, ASSASSIN: 0.55, COUNTESS: 0.45, AMBASSADOR: 0.35,
}
"""Two-player variant: how likely a player keeps each character from its own set,
relative to the Duke (the steadiest income), for the other seat's unseen pick."""
PASS_WITH_BLOCKER = 0.5
"""How likely a plain player lets an action pass although it holds a card that blocks it."""


def bluff_rate(state: CoupState, seat: Seat) -> float:
    """How often `seat` seems to claim what it does not hold: a quarter before any evidence,
    less with every challenge it won by showing the card, more with every one it lost."""
    return (state.caught[seat] + 1.0) / (state.shown[seat] + state.caught[seat] + 4.0)


def world_weight(game: Game[Any], state: CoupState, seat: Seat) -> float:
    """How well the others' sampled cards explain their public play: every standing claim
    (an action or a block) is worth its own weight if the card is held, the seat's bluff
    rate if not; every block it could have made and did not weighs a held blocker down.
    In the two-player variant the other seat's pick weighs by `PICK_PRIOR`.
    Reads only the public record (`claimed`, `passed`, `shown`, `caught`) and the cards
    the sampled world deals: a plausible opponent, not the true one."""
    weight = 1.0
    if state.variant:
        pick = state.picks[1 - seat]
        if pick is not None:
            weight *= PICK_PRIOR[pick]
    for q in range(state.players):
        if q == seat or not state.alive(q):
            continue
        hand = state.hidden[q]
        claimed, passed = state.claimed[q], state.passed[q]
        if not claimed and not passed:
            continue
        bluff = bluff_rate(state, q)
        for card in sorted(set(claimed)):  # in one order: the product rounds the same
            if card not in hand:  # a claim repeated is evidence, but not independent
                weight *= bluff ** min(2, claimed.count(card))
        for card in set(passed):
            if card in hand:
                weight *= PASS_WITH_BLOCKER
    return weight


def information_key(game: Game[Any], world: CoupState, seat: Seat) -> tuple[Any, ...]:
    """What tells `seat`'s views apart among the worlds sampled in one search: the table
    is the same in all of them, so its own hand and pick (its memory of the court is
    forgotten in every sampled world of another seat)."""
    return (tuple(world.hidden[seat]), world.picks[seat], world.court_known[seat])


OPPONENTS_BY_POLICY = True
"""In the search, other seats answer claims as this policy's plain players do (doubting
a possible claim as often as `doubt_chance` says): with UCB they would learn the
searcher's true cards from the determinizations and catch every bluff, so the search
would never bluff."""


# -- baseline bots for the arena: plain policies over the seat's view ----------------
def _rival(view: JsonDict, me: Seat) -> Seat:
    """The most dangerous living rival: most influence, then most coins, then seat order."""
    alive = [q for q in range(view["players"]) if q != me and view["alive"][q]]
    return max(alive, key=lambda q: (view["influence"][q], view["coins"][q], -q))


def _targeted(legal: list[Action], kind: type[Action], target: Seat) -> Action | None:
    return next((a for a in legal if isinstance(a, kind) and getattr(a, "target", None) == target),
                None)


def _richest_to_rob(view: JsonDict, me: Seat, legal: list[Action]) -> Action | None:
    steals = [a for a in legal if isinstance(a, Steal) and view["coins"][a.target] >= 2]
    return max(steals, key=lambda a: view["coins"][a.target], default=None)


def _answer(view: JsonDict, legal: list[Action], doubt: bool, bluff_blocks: bool) -> Action:
    """Every answer out of turn, and the choices of cards; `doubt`: challenge every claim;
    `bluff_blocks`: block with any character, held or not."""
    hand: list[Character] = view["hand"] or []
    phase = view["phase"]
    if phase == "pick":
        return next(a for c in (DUKE, CAPTAIN, ASSASSIN, COUNTESS, AMBASSADOR)
                    for a in legal if isinstance(a, PickCard) and a.character == c)
    if phase == "challenge":
        wanted = Challenge if doubt else Allow
        return next(a for a in legal if isinstance(a, wanted))
    if phase == "block":
        blocks = [a for a in legal if isinstance(a, Block)
                  and (bluff_blocks or a.character in hand)]
        return blocks[0] if blocks else next(a for a in legal if isinstance(a, NoBlock))
    if phase == "prove":
        return next((a for a in legal if isinstance(a, Reveal)), legal[-1])
    if phase in ("lose", "exchange"):
        give_up = least_wanted(hand)
        return next(a for a in legal if getattr(a, "character", None) == give_up)
    raise ValueError(phase)


def _turn(view: JsonDict, legal: list[Action], claims: set[Character]) -> Action:
    """The actor's turn for a player who claims exactly the characters in `claims`."""
    me = view["seat"]
    rival = _rival(view, me)
    coup = _targeted(legal, LaunchCoup, rival) or next(
        (a for a in legal if isinstance(a, LaunchCoup)), None)
    if coup is not None:
        return coup
    assassinate = _targeted(legal, Assassinate, rival)
    if ASSASSIN in claims and assassinate is not None:
        return assassinate
    if DUKE in claims:
        return Tax()
    steal = _richest_to_rob(view, me, legal)
    if CAPTAIN in claims and steal is not None:
        return steal
    if AMBASSADOR in claims:
        return Exchange()
    return ForeignAid()


def honest_bot(view: JsonDict, legal: list[Action], rng: random.Random) -> Action:
    """Never bluffs, never challenges: claims and blocks only with cards it holds."""
    if view["phase"] == "action":
        return _turn(view, legal, set(view["hand"] or []))
    return _answer(view, legal, doubt=False, bluff_blocks=False)


def bluffer_bot(view: JsonDict, legal: list[Action], rng: random.Random) -> Action:
    """Claims the best action whatever it holds, blocks whatever it can, never challenges."""
    if view["phase"] == "action":
        return _turn(view, legal, {DUKE, ASSASSIN, CAPTAIN, AMBASSADOR})
    return _answer(view, legal, doubt=False, bluff_blocks=True)


def sceptic_bot(view: JsonDict, legal: list[Action], rng: random.Random) -> Action:
    """Plays honestly and challenges every claim it can."""
    if view["phase"] == "action":
        return _turn(view, legal, set(view["hand"] or []))
    return _answer(view, legal, doubt=True, bluff_blocks=False)


BOTS = {"honest": honest_bot, "bluffer": bluffer_bot, "sceptic": sceptic_bot}
"""Baseline bots for `python -m rules arena coup --agents hard,honest` and `make bench`."""


def play(game: Game[Any], state: CoupState, seat: Seat, action: Action) -> list[Event]:
    """For the search: a legal action played on a world it owns, in place (see
    `logic.play`, the same code `apply` runs on its copy)."""
    return logic.play(state, seat, action)
