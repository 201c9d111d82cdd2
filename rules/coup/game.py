"""Coup for 2–6 players: bluff, challenge and block until one player keeps any influence."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from rules.core import (
    Action,
    Game,
    GameInfo,
    IllegalAction,
    JsonDict,
    OptionSpec,
    Outcome,
    Rng,
    Seat,
    Transition,
    one_pass_apply,
)
from rules.coup import logic
from rules.coup.actions import (
    ACTION_TYPES,
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
    CHARACTERS,
    COPIES,
    THEMES,
    Character,
)
from rules.coup.state import NOBODY, CoupState, Phase

# The phases as module constants: reading `Phase.ACTION` costs an enum lookup each time.
_PICKING, _ACTING, _CHALLENGING, _PROVING = (
    Phase.PICK, Phase.ACTION, Phase.CHALLENGE, Phase.PROVE)
_BLOCKING, _LOSING, _EXCHANGING, _OVER = Phase.BLOCK, Phase.LOSE, Phase.EXCHANGE, Phase.OVER


class Coup(Game[CoupState]):
    info = GameInfo(
        id="coup",
        title="Coup",
        min_players=2,
        max_players=6,
        chance=True,
        hidden_information=True,
        minutes=(15, 20),
        options=(
            OptionSpec("two_player_variant", "bool", True),
            OptionSpec("theme", "choice", "classic", choices=THEMES),
            # -1: chosen at random from the seed.
            OptionSpec("start_player", "int", -1, minimum=-1, maximum=5),
        ),
    )
    action_types = ACTION_TYPES

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> CoupState:
        return logic.new_state(players, seed, options)

    def players(self, state: CoupState) -> int:
        return state.players

    # -- playing ---------------------------------------------------------
    def to_act(self, state: CoupState) -> tuple[Seat, ...]:
        phase = state.phase  # `state.awaiting`, spelt out: the search asks at every move
        if phase is _ACTING or phase is _EXCHANGING:
            return (state.actor,)
        if phase is _CHALLENGING or phase is _BLOCKING:
            return (state.window[state.window_pos],)
        if phase is _PROVING:
            return (state.claimant,)
        if phase is _LOSING:
            return (state.loser,)
        if phase is _PICKING:
            return tuple([q for q in range(state.players) if state.picks[q] is None])
        return ()

    # The rules' own functions, called without a method in between.
    legal_actions = staticmethod(logic.legal_actions)
    is_legal = staticmethod(logic.is_legal)

    def explain_illegal(self, state: CoupState, seat: Seat, action: Action) -> IllegalAction:
        why = logic.refusal(state, seat, action)
        return why or IllegalAction("illegal_action", action=self.action_to_json(action))

    def _apply(self, state: CoupState, seat: Seat, action: Action) -> Transition:
        return logic.apply_action(state, seat, action)

    apply = one_pass_apply(logic.apply_action)

    def outcome(self, state: CoupState) -> Outcome | None:
        if state.phase is not _OVER:
            return None
        # Rank by survival: the winner, then the last eliminated, and so on.
        scores = [0.0] * state.players
        for rank, seat in enumerate(state.out):
            scores[seat] = float(rank)
        for q in range(state.players):
            if state.alive(q):
                scores[q] = float(state.players - 1)
        return Outcome.from_scores(scores)

    # -- information -----------------------------------------------------
    def view(self, state: CoupState, seat: Seat | None) -> JsonDict:
        return public_and_own(self, state, seat)

    def open_view(self, state: CoupState) -> JsonDict:
        """The spectator's view plus `hands` (each seat's face-down cards) and `picks`."""
        out = self.view(state, None)
        out["hands"] = [list(h) for h in state.hidden]
        out["picks"] = list(state.picks)
        return out

    def sample_world(self, state: CoupState, seat: Seat, rng: random.Random) -> CoupState:
        return sample_world(state, seat, rng)

    def action_space(self, state: CoupState) -> Iterable[Action]:
        yield from (Income(), ForeignAid(), Tax(), Exchange())
        for q in range(-1, state.players + 1):
            yield from (LaunchCoup(q), Assassinate(q), Steal(q))
        yield from (Challenge(), Allow(), NoBlock(), Reveal(), Concede())
        for c in CHARACTERS:
            yield from (Block(c), LoseInfluence(c), ReturnCard(c), PickCard(c))


# -- what each seat may know (`view`), and worlds sampled from that alone -----------
# The court's order is not remembered: it is shuffled after every exchange and
# every challenge a claimant wins, so its order is worthless, and a sampled world
# re-deals the court and the other seats' face-down cards from every card the seat
# has not seen, except the cards it put back into the court itself and knows are
# still there (`court_known`), which stay in the court.


def public_and_own(game: Coup, s: CoupState, seat: Seat | None) -> JsonDict:
    """Coins, treasury, court size, face-up cards, the open window, and your own hand."""
    mine = seat is not None and 0 <= seat < s.players
    return {
        "game": "coup",
        "players": s.players,
        "seat": seat,
        "theme": s.theme,
        "two_player_variant": s.variant,
        "phase": s.phase.value,
        "to_act": list(game.to_act(s)),
        "turn": s.actor,
        # How many turns have begun: public, and it keeps the AI's per-view random
        # seed from repeating when the table comes back to the same coins and cards.
        "turns": s.turns,
        "coins": s.coins[:],
        "treasury": s.treasury,
        "court_size": len(s.court),
        "influence": [s.influence(q) for q in range(s.players)],
        "revealed": [list(r) for r in s.revealed],
        "alive": [s.alive(q) for q in range(s.players)],
        "eliminated": list(s.out),
        "picked": [p is not None for p in s.picks],
        "hand": list(s.hidden[seat]) if mine and seat is not None else None,
        "pick": s.picks[seat] if mine and seat is not None else None,
        "pending": _pending(s),
        # The public record the AI reads the others by (see CoupState), and what this
        # seat knows lies in the court because it put it back there itself.
        "claimed": [list(c) for c in s.claimed],
        "passed": [list(c) for c in s.passed],
        "shown": list(s.shown),
        "caught": list(s.caught),
        "redrawn": list(s.redrawn),
        "challenges": list(s.challenges),
        "allowances": list(s.allowances),
        "court_known": list(s.court_known[seat]) if mine and seat is not None else None,
    }


def _pending(s: CoupState) -> JsonDict | None:
    """The action under way and the window or choice the table is waiting for."""
    if s.phase in (_PICKING, _OVER):
        return None

    def who(q: Seat) -> Seat | None:
        return None if q == NOBODY else q

    return {
        "action": s.action or None,
        "target": who(s.target),
        "claimant": who(s.claimant),
        "claim": s.claim,
        "blocker": who(s.blocker),
        "block_character": s.block_card,
        "challenger": who(s.challenger),
        "window": list(s.window),
        "awaiting": who(s.awaiting),
        "loser": who(s.loser) if s.phase is _LOSING else None,
        "loss_reason": s.loss_reason if s.phase is _LOSING else None,
        "returns_left": s.returns_left,
    }


def sample_world(s: CoupState, seat: Seat, rng: random.Random) -> CoupState:
    """A full table consistent with `view(s, seat)`, built only from that view and `rng`."""
    fields = s.__dict__.copy()  # as `s.copy()`, with the lists the deal replaces built anew
    fields["rng"] = Rng(rng.getrandbits(64))
    fields["coins"] = s.coins[:]
    fields["revealed"] = s.revealed[:]
    fields["hidden"] = hidden = s.hidden[:]
    world = _new_state(CoupState)
    world.__dict__ = fields
    deal = rng  # the search's own generator deals (Python's shuffle is the quicker)
    phase = s.phase
    if phase is _OVER or phase is _PICKING:
        fields["court"] = s.court[:]
        return world if phase is _OVER else _picking_world(s, seat, deal, world)
    seen = dict.fromkeys(CHARACTERS, 0)
    for card in hidden[seat]:
        seen[card] += 1
    for r in s.revealed:
        for card in r:
            seen[card] += 1
    known = dict.fromkeys(CHARACTERS, 0)  # cards this seat put back into the court itself
    remembered = s.court_known[seat]
    for card in remembered:
        known[card] += 1
    held: Character | None = None  # the other seat's pick, still in its hand
    if s.variant:
        in_play, held = _variant_cards(s, seat, seen, known, deal, world)
    else:
        in_play = _FULL_COURT
    unseen: list[Character] = []
    for c in _ALPHABETICAL:
        unseen += [c] * (in_play[c] - seen[c] - known[c])  # nothing when not positive
    if held is not None:
        unseen.remove(held)
    deal.shuffle(unseen)
    pop = unseen.pop
    for q in range(s.players):
        if q != seat:
            if held is None:
                hidden[q] = tuple([pop() for _ in hidden[q]])
            else:
                hidden[q] = (held, *[pop() for _ in hidden[q][1:]])
    # What another seat remembers of the court is its own secret: forgotten here.
    fields["court_known"] = tuple([remembered if q == seat else () for q in range(s.players)])
    for c in _ALPHABETICAL:
        unseen += [c] * known[c]
    deal.shuffle(unseen)
    fields["court"] = unseen
    assert len(unseen) == len(s.court)
    return world


_ALPHABETICAL: tuple[Character, ...] = tuple(sorted(CHARACTERS))
_FULL_COURT = dict.fromkeys(CHARACTERS, COPIES)


def _variant_cards(
    s: CoupState, seat: Seat, seen: dict[Character, int], known: dict[Character, int],
    deal: random.Random, world: CoupState,
) -> tuple[dict[Character, int], Character | None]:
    """Two-player variant: the cards in play are both picks and the third set; and the
    other seat's pick if it must still be in its hand.

    The other seat's pick is unknown: it is drawn among the characters that
    keep everything this seat has seen (or put back into the court) possible. Until
    that seat's hand goes through the court (`redrawn`), its pick is one of its cards
    unless it has turned that character face up.
    """
    other = 1 - seat
    base = dict.fromkeys(CHARACTERS, 1)
    own = s.picks[seat]
    assert own is not None
    base[own] += 1
    over = [c for c in CHARACTERS if seen[c] + known[c] > base[c]]
    if not over:
        fits = list(CHARACTERS)
    elif len(over) == 1 and seen[over[0]] + known[over[0]] == base[over[0]] + 1:
        fits = over
    else:
        fits = []
    if not s.redrawn[other]:
        in_hand = [c for c in fits
                   if c in s.revealed[other] or seen[c] + known[c] <= base[c]]
        fits = in_hand or fits
    pick = fits[deal.randrange(len(fits))]
    world.picks = (*world.picks[:other], pick, *world.picks[other + 1:])
    base[pick] += 1
    unseen_copy = base[pick] - seen[pick] - known[pick] >= 1
    held = (pick if not s.redrawn[other] and pick not in s.revealed[other] and unseen_copy
            else None)
    return base, held


def _picking_world(
    s: CoupState, seat: Seat, deal: random.Random, world: CoupState
) -> CoupState:
    """Two-player variant before the deal: the court is the third set, reshuffled, and
    the other seat's pick (if made) is any character."""
    other = 1 - seat
    if s.picks[other] is not None:
        pick = CHARACTERS[deal.randrange(len(CHARACTERS))]
        world.picks = (*world.picks[:other], pick, *world.picks[other + 1:])
        world.hidden[other] = (pick,)
    court = list(CHARACTERS)
    deal.shuffle(court)
    world.court = court
    return world


_new_state = object.__new__

GAME = Coup()
