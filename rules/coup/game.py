"""Coup for 2–6 players: bluff, challenge and block until one player keeps any influence."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from rules.core import (
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    JsonDict,
    OptionSpec,
    Outcome,
    Rng,
    Seat,
    SetupError,
    Transition,
    event,
)
from rules.coup import flow
from rules.coup.actions import (
    ACTION_TYPES,
    BLOCKERS,
    CHARACTERS,
    COSTS,
    COUP_COST,
    FORCED_COUP_COINS,
    TURN_ACTIONS,
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
from rules.coup.state import NOBODY, START_COINS, TREASURY_COINS, CoupState, Next, Phase
from rules.coup.worlds import sample_world, view

COPIES = 3
THEMES = ("classic", "urbis")
# Events that show a hidden card to someone or resolve chance: nobody may undo past them.
_BARRIER_EVENTS = frozenset(
    {"revealed", "drew_card", "influence_lost", "exchange_cards", "court_shuffled", "dealt"}
)
_WINDOW_PHASES = {
    Phase.CHALLENGE: ("challenge", "allow"),
    Phase.BLOCK: ("block", "no_block"),
    Phase.PROVE: ("reveal", "concede"),
    Phase.LOSE: ("lose_influence",),
    Phase.EXCHANGE: ("return_card",),
    Phase.PICK: ("pick_card",),
    Phase.ACTION: tuple(a.TYPE for a in TURN_ACTIONS),
    Phase.OVER: (),
}
_ACTION_PHASE = {t: p for p, types in _WINDOW_PHASES.items() for t in types}


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

    # -- setting up ------------------------------------------------------
    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> CoupState:
        rng = Rng(seed)
        start = options["start_player"]
        if start >= players:
            raise SetupError("bad_option_value", option="start_player", value=start)
        if start < 0:
            start = rng.below(players)
        variant = players == 2 and bool(options["two_player_variant"])
        s = CoupState(
            players=players,
            rng=rng,
            theme=options["theme"],
            variant=variant,
            coins=[START_COINS] * players,
            treasury=0,
            hidden=[[] for _ in range(players)],
            revealed=[[] for _ in range(players)],
            court=[],
            picks=[None] * players,
            phase=Phase.PICK if variant else Phase.ACTION,
            actor=start,
            action="",
            target=NOBODY,
            claimant=NOBODY,
            claim=None,
            blocker=NOBODY,
            block_card=None,
            challenger=NOBODY,
            window=(),
            window_pos=0,
            loser=NOBODY,
            after=Next.END_TURN,
            loss_reason="",
            returns_left=0,
            out=[],
        )
        if variant:
            # The published two-player variant: the start player has only 1 coin; the
            # third set of five is the court, from which each player gets 1 card after
            # picking 1 from their own set.
            s.coins[start] = 1
            s.court = list(CHARACTERS)
        else:
            s.court = [c for c in CHARACTERS for _ in range(COPIES)]
        s.rng.shuffle(s.court)
        if not variant:
            for q in range(players):
                s.hidden[q] = [s.court.pop(), s.court.pop()]
        s.treasury = TREASURY_COINS - sum(s.coins)
        return s

    def players(self, state: CoupState) -> int:
        return state.players

    # -- playing ---------------------------------------------------------
    def to_act(self, state: CoupState) -> tuple[Seat, ...]:
        seat = state.awaiting
        if seat != NOBODY:
            return (seat,)
        if state.phase is Phase.PICK:
            return tuple(q for q in range(state.players) if state.picks[q] is None)
        return ()

    def legal_actions(self, state: CoupState, seat: Seat) -> list[Action]:
        phase = state.phase
        if phase is Phase.PICK:
            waiting = 0 <= seat < state.players and state.picks[seat] is None
            return [PickCard(c) for c in CHARACTERS] if waiting else []
        if seat != state.awaiting:
            return []
        if phase is Phase.CHALLENGE:
            return [Challenge(), Allow()]
        if phase is Phase.BLOCK:
            return [*(Block(c) for c in BLOCKERS[state.action]), NoBlock()]
        if phase is Phase.PROVE:
            return [Reveal(), Concede()] if state.claim in state.hidden[seat] else [Concede()]
        if phase is Phase.LOSE:
            return [LoseInfluence(c) for c in _distinct(state.hidden[seat])]
        if phase is Phase.EXCHANGE:
            return [ReturnCard(c) for c in _distinct(state.hidden[seat])]
        return _turn_actions(state, seat)

    def explain_illegal(self, state: CoupState, seat: Seat, action: Action) -> IllegalAction:
        kind = action.TYPE
        if _ACTION_PHASE[kind] is not state.phase:
            return IllegalAction("wrong_window", action=kind, window=state.phase.value)
        if state.phase is Phase.ACTION:
            return _explain_turn_action(state, seat, action)
        if isinstance(action, Block):
            return IllegalAction(
                "cannot_block",
                character=action.character,
                action=state.action,
                allowed=list(BLOCKERS[state.action]),
            )
        if isinstance(action, Reveal):
            return IllegalAction("card_not_held", character=state.claim)
        if isinstance(action, (LoseInfluence, ReturnCard)):
            return IllegalAction("card_not_held", character=action.character)
        if isinstance(action, PickCard):
            return IllegalAction("already_picked")
        return IllegalAction("illegal_action", action=self.action_to_json(action))

    def _apply(self, state: CoupState, seat: Seat, action: Action) -> Transition:
        s = state.copy()
        ev: list[Event] = []
        if isinstance(action, Challenge):
            flow.challenge(s, seat, ev)
        elif isinstance(action, Allow):
            flow.allow(s, seat, ev)
        elif isinstance(action, NoBlock):
            flow.no_block(s, seat, ev)
        elif isinstance(action, Block):
            flow.block(s, seat, action.character, ev)
        elif isinstance(action, Reveal):
            flow.reveal(s, ev)
        elif isinstance(action, Concede):
            flow.concede(s, ev)
        elif isinstance(action, LoseInfluence):
            flow.chosen_loss(s, seat, action.character, ev)
        elif isinstance(action, ReturnCard):
            flow.return_card(s, action.character, ev)
        elif isinstance(action, PickCard):
            _pick(s, seat, action.character, ev)
        else:
            flow.declare(s, action.TYPE, getattr(action, "target", NOBODY), ev)
        barrier = any(e["type"] in _BARRIER_EVENTS for e in ev)
        return Transition(s, ev, barrier)

    def outcome(self, state: CoupState) -> Outcome | None:
        if state.phase is not Phase.OVER:
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
        return view(self, state, seat)

    def sample_world(self, state: CoupState, seat: Seat, rng: random.Random) -> CoupState:
        return sample_world(state, seat, rng)

    def action_space(self, state: CoupState) -> Iterable[Action]:
        yield from (Income(), ForeignAid(), Tax(), Exchange())
        for q in range(-1, state.players + 1):
            yield from (LaunchCoup(q), Assassinate(q), Steal(q))
        yield from (Challenge(), Allow(), NoBlock(), Reveal(), Concede())
        for c in CHARACTERS:
            yield from (Block(c), LoseInfluence(c), ReturnCard(c), PickCard(c))


def _distinct(cards: list[Character]) -> list[Character]:
    """The different characters among `cards`, in the order they first appear."""
    return list(dict.fromkeys(cards))


def _turn_actions(s: CoupState, seat: Seat) -> list[Action]:
    """What the actor may declare: only a coup at 10+ coins; costs must be affordable."""
    coins = s.coins[seat]
    targets = s.others_after(seat)
    coups: list[Action] = [LaunchCoup(t) for t in targets] if coins >= COUP_COST else []
    if coins >= FORCED_COUP_COINS:
        return coups
    out: list[Action] = [Income(), ForeignAid(), *coups, Tax()]
    if coins >= COSTS["assassinate"]:
        out.extend(Assassinate(t) for t in targets)
    out.extend(Steal(t) for t in targets)
    out.append(Exchange())
    return out


def _explain_turn_action(s: CoupState, seat: Seat, action: Action) -> IllegalAction:
    coins = s.coins[seat]
    if coins >= FORCED_COUP_COINS and not isinstance(action, LaunchCoup):
        return IllegalAction("must_coup", coins=coins)
    cost = COSTS.get(action.TYPE, 0)
    if coins < cost:
        return IllegalAction("not_enough_coins", action=action.TYPE, cost=cost, coins=coins)
    target = getattr(action, "target", NOBODY)
    if not 0 <= target < s.players:
        return IllegalAction("no_such_target", target=target, players=s.players)
    if target == seat:
        return IllegalAction("cannot_target_self", target=target)
    if not s.alive(target):
        return IllegalAction("target_eliminated", target=target)
    return IllegalAction("illegal_action", action=action.TYPE)


def _pick(s: CoupState, seat: Seat, card: Character, ev: list[Event]) -> None:
    """Two-player variant: keep a card of your own set; once both have, deal from the court."""
    s.picks[seat] = card
    s.hidden[seat].append(card)
    ev.append(event("picked", seat=seat))
    ev.append(event("picked_card", [seat], seat=seat, character=card))
    if any(p is None for p in s.picks):
        return
    for q in range(s.players):
        dealt = s.court.pop()
        s.hidden[q].append(dealt)
        ev.append(event("dealt", [q], seat=q, character=dealt))
    s.phase = Phase.ACTION
    ev.append(event("turn", seat=s.actor, coins=s.coins[s.actor], must_coup=False))


GAME = Coup()
