"""Coup's rules of play: what a seat may do now, why anything else is refused, and how a
turn unfolds (claims, windows, challenges, blocks, losses and their effects).

The effect functions change the state they are given (a fresh copy made by
`apply_action`) and append the events they cause. They replace every list they
change rather than change it in place (as they replace the tuples), so that copy
shares all of its parts with the state it was made from.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, Event, IllegalAction, Rng, Seat, SetupError, Transition
from rules.coup.actions import (
    TURN_ACTIONS,
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
    BLOCKERS,
    CHARACTERS,
    CLAIMS,
    COPIES,
    COSTS,
    COUP_COST,
    FORCED_COUP_COINS,
    START_COINS,
    TREASURY_COINS,
    Character,
)
from rules.coup.state import NOBODY, CoupState, Next, Phase

# The phases as module constants: reading `Phase.ACTION` costs an enum lookup each time.
_PICKING, _ACTING, _CHALLENGING, _PROVING = (
    Phase.PICK, Phase.ACTION, Phase.CHALLENGE, Phase.PROVE)
_BLOCKING, _LOSING, _EXCHANGING, _OVER = Phase.BLOCK, Phase.LOSE, Phase.EXCHANGE, Phase.OVER

# -- small tuple edits (the state's records are tuples: a copy shares them) ---------


def _put(values: tuple[Any, ...], seat: Seat, value: Any) -> tuple[Any, ...]:
    """`values` with entry `seat` replaced by `value`."""
    changed = list(values)
    changed[seat] = value
    return tuple(changed)


def _without(cards: tuple[Character, ...], card: Character) -> tuple[Character, ...]:
    """`cards` less one copy of `card` (which it holds)."""
    i = cards.index(card)
    return (*cards[:i], *cards[i + 1 :])


# -- coins -----------------------------------------------------------------


def take_from_treasury(s: CoupState, seat: Seat, amount: int, ev: list[Event]) -> None:
    """Income, aid and tax take what the treasury holds, up to `amount`."""
    got = min(amount, s.treasury)
    s.treasury -= got
    s.coins = coins = s.coins[:]
    coins[seat] += got
    ev.append({"type": "coins", "to": "all", "source": "treasury", "dest": seat,
               "amount": got, "wanted": amount})


def pay_treasury(s: CoupState, seat: Seat, amount: int, ev: list[Event]) -> None:
    s.coins = coins = s.coins[:]
    coins[seat] -= amount
    s.treasury += amount
    ev.append({"type": "coins", "to": "all", "source": seat, "dest": "treasury",
               "amount": amount, "wanted": amount})


# -- declaring ---------------------------------------------------------------


def declare(s: CoupState, kind: str, target: Seat, ev: list[Event]) -> None:
    """The actor announces `kind` (an action TYPE); its cost is paid at once."""
    actor = s.actor
    s.action = kind
    s.target = target
    claim = CLAIMS.get(kind)
    ev.append({"type": "declared", "to": "all", "seat": actor, "action": kind,
               "target": None if target == NOBODY else target, "character": claim})
    cost = COSTS.get(kind, 0)
    if cost:
        pay_treasury(s, actor, cost, ev)
    if kind == "income":
        take_from_treasury(s, actor, 1, ev)
        end_turn(s, ev)
    elif kind == "coup":
        lose_influence(s, target, Next.END_TURN, "coup", ev)
    elif kind == "foreign_aid":
        open_block_window(s, ev)
    else:
        assert claim is not None
        s.claimed = _put(s.claimed, actor, (*s.claimed[actor], claim))
        open_challenge_window(s, actor, claim, ev)


def open_challenge_window(s: CoupState, claimant: Seat, claim: Character, ev: list[Event]) -> None:
    """Every other living player, from the claimant's left, may challenge the claim."""
    s.claimant = claimant
    s.claim = claim
    s.challenger = NOBODY
    s.window = s.others_after(claimant)
    s.window_pos = 0
    s.phase = _CHALLENGING
    ev.append({"type": "challenge_window", "to": "all", "claimant": claimant,
               "character": claim, "order": list(s.window)})


def open_block_window(s: CoupState, ev: list[Event]) -> None:
    """Foreign aid: any other living player may block; assassination, extortion: the target."""
    s.window = s.others_after(s.actor) if s.action == "foreign_aid" else (s.target,)
    s.window_pos = 0
    s.claimant = NOBODY
    s.claim = None
    s.phase = _BLOCKING
    ev.append({"type": "block_window", "to": "all", "action": s.action,
               "characters": list(BLOCKERS[s.action]), "order": list(s.window)})


# -- answers -----------------------------------------------------------------


def allow(s: CoupState, seat: Seat, ev: list[Event]) -> None:
    ev.append({"type": "allowed", "to": "all", "seat": seat, "claimant": s.claimant})
    s.allowances = _put(s.allowances, seat, s.allowances[seat] + 1)
    s.window_pos += 1
    if s.window_pos < len(s.window):
        return
    ev.append({"type": "claim_unchallenged", "to": "all", "claimant": s.claimant,
               "character": s.claim})
    if s.blocker != NOBODY:
        block_stands(s, ev)
    else:
        claim_stands(s, ev)


def challenge(s: CoupState, seat: Seat, ev: list[Event]) -> None:
    """The first challenge closes the window; the claimant must prove the claim."""
    s.challenger = seat
    s.challenges = _put(s.challenges, seat, s.challenges[seat] + 1)
    s.phase = _PROVING
    ev.append({"type": "challenged", "to": "all", "seat": seat, "claimant": s.claimant,
               "character": s.claim})


def reveal(s: CoupState, ev: list[Event]) -> None:
    """The claimant shows the character, shuffles it into the court and draws anew."""
    seat = s.claimant
    card = s.claim
    assert card is not None
    ev.append({"type": "revealed", "to": "all", "seat": seat, "character": card,
               "challenger": s.challenger})
    s.court = court = [*s.court, card]
    _shuffle(s, court)
    new = court.pop()
    s.hidden = hidden = s.hidden[:]
    hidden[seat] = (*_without(hidden[seat], card), new)
    # The claim proved, the card is gone: the others learn nothing more of this hand
    # from its past claims. Only the claimant can follow the court through the shuffle.
    s.shown = _put(s.shown, seat, s.shown[seat] + 1)
    s.redrawn = _put(s.redrawn, seat, True)
    s.claimed = _put(s.claimed, seat, ())
    s.passed = _put(s.passed, seat, ())
    _court_drawn(s, seat, (new,), (card,))
    ev.append({"type": "card_replaced", "to": "all", "seat": seat, "court": len(s.court)})
    ev.append({"type": "drew_card", "to": [seat], "seat": seat, "character": new})
    ev.append({"type": "challenge_lost", "to": "all", "seat": s.challenger, "winner": seat})
    after = Next.BLOCK_STANDS if s.blocker != NOBODY else Next.CLAIM_STANDS
    lose_influence(s, s.challenger, after, "challenge", ev)


def concede(s: CoupState, ev: list[Event]) -> None:
    """The claimant does not (or cannot) show the character: the claim fails."""
    seat = s.claimant
    s.caught = _put(s.caught, seat, s.caught[seat] + 1)
    s.claimed = _put(s.claimed, seat, tuple([c for c in s.claimed[seat] if c != s.claim]))
    ev.append({"type": "conceded", "to": "all", "seat": seat, "character": s.claim,
               "challenger": s.challenger})
    ev.append({"type": "challenge_lost", "to": "all", "seat": seat, "winner": s.challenger})
    if s.blocker != NOBODY:
        lose_influence(s, seat, Next.BLOCK_FAILS, "challenge", ev)
        return
    cost = COSTS.get(s.action, 0)
    if cost:
        # A failed action costs nothing: the coins paid on declaring come back.
        s.treasury -= cost
        s.coins = coins = s.coins[:]
        coins[seat] += cost
        ev.append({"type": "coins", "to": "all", "source": "treasury", "dest": seat,
                   "amount": cost, "wanted": cost})
    lose_influence(s, seat, Next.ACTION_FAILS, "challenge", ev)


def block(s: CoupState, seat: Seat, character: Character, ev: list[Event]) -> None:
    s.blocker = seat
    s.block_card = character
    s.claimed = _put(s.claimed, seat, (*s.claimed[seat], character))
    ev.append({"type": "blocked", "to": "all", "seat": seat, "character": character,
               "action": s.action})
    open_challenge_window(s, seat, character, ev)


def no_block(s: CoupState, seat: Seat, ev: list[Event]) -> None:
    ev.append({"type": "not_blocked", "to": "all", "seat": seat})
    s.passed = _put(s.passed, seat, (*s.passed[seat], *BLOCKERS[s.action]))
    s.window_pos += 1
    if s.window_pos == len(s.window):
        resolve(s, ev)


# -- losing influence --------------------------------------------------------


def lose_influence(s: CoupState, seat: Seat, after: Next, reason: str, ev: list[Event]) -> None:
    """`seat` must turn a card face up; with one card left there is nothing to choose."""
    if len(s.revealed[seat]) >= 2:
        proceed(s, after, ev)
    elif len(s.hidden[seat]) == 1:
        turn_up(s, seat, s.hidden[seat][0], reason, ev)
        proceed(s, after, ev)
    else:
        s.phase = _LOSING
        s.loser = seat
        s.after = after
        s.loss_reason = reason
        ev.append({"type": "must_lose_influence", "to": "all", "seat": seat, "reason": reason})


def chosen_loss(s: CoupState, seat: Seat, card: Character, ev: list[Event]) -> None:
    """The seat asked in LOSE turns `card` up; the pending loss is cleared, then play goes on."""
    after, reason = s.after, s.loss_reason
    s.phase = _ACTING  # leave LOSE; `proceed` sets the next phase
    s.loser = NOBODY
    s.after = Next.END_TURN
    s.loss_reason = ""
    turn_up(s, seat, card, reason, ev)
    proceed(s, after, ev)


def turn_up(s: CoupState, seat: Seat, card: Character, reason: str, ev: list[Event]) -> None:
    """One influence lost; with none left the seat is out and its coins go to the treasury."""
    s.hidden = hidden = s.hidden[:]
    hand = hidden[seat] = _without(hidden[seat], card)
    s.revealed = revealed = s.revealed[:]
    revealed[seat] = (*revealed[seat], card)
    if card in s.claimed[seat]:  # the claims of it are explained by the card now face up
        s.claimed = _put(s.claimed, seat, tuple([c for c in s.claimed[seat] if c != card]))
    ev.append({"type": "influence_lost", "to": "all", "seat": seat, "character": card,
               "reason": reason})
    if hand:
        return
    s.coins = coins = s.coins[:]
    returned, coins[seat] = coins[seat], 0
    s.treasury += returned
    s.out = (*s.out, seat)
    ev.append({"type": "eliminated", "to": "all", "seat": seat, "coins_returned": returned})
    living = [q for q in range(s.players) if len(s.revealed[q]) < 2]
    if len(living) == 1:
        s.phase = _OVER
        ev.append({"type": "game_over", "to": "all", "winner": living[0],
                   "eliminated": list(s.out)})


def proceed(s: CoupState, after: Next, ev: list[Event]) -> None:
    """Carry on once a loss is settled (unless it ended the game)."""
    if s.phase is _OVER:
        return
    if after is Next.CLAIM_STANDS:
        claim_stands(s, ev)
    elif after is Next.BLOCK_FAILS:
        ev.append({"type": "block_failed", "to": "all", "seat": s.blocker, "action": s.action})
        resolve(s, ev)
    elif after is Next.ACTION_FAILS:
        ev.append({"type": "action_failed", "to": "all", "seat": s.actor, "action": s.action})
        end_turn(s, ev)
    elif after is Next.BLOCK_STANDS:
        block_stands(s, ev)
    else:
        end_turn(s, ev)


# -- outcomes of an action ---------------------------------------------------


def claim_stands(s: CoupState, ev: list[Event]) -> None:
    """The actor's claim holds: the target may still block, else the action resolves."""
    if s.action in BLOCKERS and len(s.revealed[s.target]) < 2:
        open_block_window(s, ev)
    else:
        resolve(s, ev)


def block_stands(s: CoupState, ev: list[Event]) -> None:
    """A blocked action fails; what was paid for it stays paid."""
    ev.append({"type": "action_blocked", "to": "all", "seat": s.actor, "action": s.action,
               "blocker": s.blocker})
    end_turn(s, ev)


def resolve(s: CoupState, ev: list[Event]) -> None:
    """The action takes effect."""
    actor, kind, target = s.actor, s.action, s.target
    ev.append({"type": "action_resolved", "to": "all", "seat": actor, "action": kind})
    if kind == "foreign_aid":
        take_from_treasury(s, actor, 2, ev)
    elif kind == "tax":
        take_from_treasury(s, actor, 3, ev)
    elif kind == "steal":
        s.coins = coins = s.coins[:]
        amount = min(2, coins[target])
        coins[target] -= amount
        coins[actor] += amount
        ev.append({"type": "coins", "to": "all", "source": target, "dest": actor,
                   "amount": amount, "wanted": 2})
    elif kind == "assassinate":
        lose_influence(s, target, Next.END_TURN, "assassination", ev)
        return
    elif kind == "exchange":
        start_exchange(s, ev)
        return
    end_turn(s, ev)


def start_exchange(s: CoupState, ev: list[Event]) -> None:
    """Draw 2 cards from the court into the actor's hand; 2 must go back."""
    actor = s.actor
    s.court = court = s.court[:]
    drawn = tuple([court.pop() for _ in range(min(2, len(court)))])
    s.hidden = hidden = s.hidden[:]
    hidden[actor] = (*hidden[actor], *drawn)
    _court_drawn(s, actor, drawn, ())
    s.returns_left = len(drawn)
    s.phase = _EXCHANGING
    ev.append({"type": "exchange_drew", "to": "all", "seat": actor, "count": len(drawn),
               "court": len(court)})
    ev.append({"type": "exchange_cards", "to": [actor], "seat": actor, "drawn": list(drawn)})


def return_card(s: CoupState, card: Character, ev: list[Event]) -> None:
    actor = s.actor
    s.hidden = hidden = s.hidden[:]
    hidden[actor] = _without(hidden[actor], card)
    s.court = [*s.court, card]
    s.court_known = _put(s.court_known, actor, (*s.court_known[actor], card))
    s.returns_left -= 1
    ev.append({"type": "card_returned", "to": "all", "seat": actor, "court": len(s.court)})
    ev.append({"type": "returned_card", "to": [actor], "seat": actor, "character": card})
    if s.returns_left == 0:
        s.redrawn = _put(s.redrawn, actor, True)
        s.claimed = _put(s.claimed, actor, ())
        s.passed = _put(s.passed, actor, ())
        _shuffle(s, s.court)
        ev.append({"type": "court_shuffled", "to": "all", "court": len(s.court)})
        end_turn(s, ev)


def _shuffle(s: CoupState, court: list[Character]) -> None:
    """Shuffle the court (a list `s` owns) with the table's generator, replaced rather
    than changed: a state `apply_action` copied shares the old one."""
    s.rng = rng = Rng(s.rng.state)
    rng.shuffle(court)


def _court_drawn(
    s: CoupState, seat: Seat, drawn: tuple[Character, ...], added: tuple[Character, ...]
) -> None:
    """`seat` put `added` into the court and drew `drawn` from it: it still knows which of
    its remembered cards are there; nobody else can tell which ones were drawn."""
    known = [*s.court_known[seat], *added]
    for card in drawn:
        if card in known:
            known.remove(card)
    nothing = ()
    s.court_known = tuple([tuple(known) if q == seat else nothing for q in range(s.players)])


def end_turn(s: CoupState, ev: list[Event]) -> None:
    """Clear the pending action; the next living seat clockwise takes its turn."""
    s.action = ""
    s.target = s.claimant = s.blocker = s.challenger = s.loser = NOBODY
    s.claim = s.block_card = None
    s.window = ()
    s.window_pos = 0
    s.returns_left = 0
    n = s.players
    actor = s.actor
    revealed = s.revealed
    for i in range(1, n + 1):
        q = (actor + i) % n
        if len(revealed[q]) < 2:
            break
    s.actor = q
    s.phase = _ACTING
    s.turns += 1
    coins = s.coins[q]
    ev.append({"type": "turn", "to": "all", "seat": q, "coins": coins, "must_coup": coins >= 10})


# -- setting up, choices, refusals, effects ------------------------------------
# Events that show a hidden card to someone or resolve chance: nobody may undo past them.
_BARRIER_EVENTS = frozenset(
    {"revealed", "drew_card", "influence_lost", "exchange_cards", "court_shuffled", "dealt"}
)
_WINDOW_PHASES = {
    _CHALLENGING: ("challenge", "allow"),
    _BLOCKING: ("block", "no_block"),
    _PROVING: ("reveal", "concede"),
    _LOSING: ("lose_influence",),
    _EXCHANGING: ("return_card",),
    _PICKING: ("pick_card",),
    _ACTING: tuple(a.TYPE for a in TURN_ACTIONS),
    _OVER: (),
}
_ACTION_PHASE = {t: p for p, types in _WINDOW_PHASES.items() for t in types}


def new_state(players: int, seed: int, options: dict[str, Any]) -> CoupState:
    """The table before the first move: coins out and cards dealt (or sets to pick from)."""
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
        hidden=[() for _ in range(players)],
        revealed=[() for _ in range(players)],
        court=[],
        picks=(None,) * players,
        phase=_PICKING if variant else _ACTING,
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
        out=(),
        claimed=((),) * players,
        passed=((),) * players,
        shown=(0,) * players,
        caught=(0,) * players,
        challenges=(0,) * players,
        allowances=(0,) * players,
        redrawn=(False,) * players,
        court_known=((),) * players,
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
            s.hidden[q] = (s.court.pop(), s.court.pop())
    s.treasury = TREASURY_COINS - sum(s.coins)
    return s


def legal_actions(state: CoupState, seat: Seat) -> list[Action]:
    """Every action `seat` may take now."""
    phase = state.phase
    if phase is _PICKING:
        waiting = 0 <= seat < state.players and state.picks[seat] is None
        return list(_PICKS) if waiting else []
    if seat != state.awaiting:
        return []
    if phase is _ACTING:
        return _turn_actions(state, seat)
    if phase is _CHALLENGING:
        return [_CHALLENGE, _ALLOW]
    if phase is _BLOCKING:
        return [*_BLOCKS[state.action], _NO_BLOCK]
    if phase is _PROVING:
        return [_REVEAL, _CONCEDE] if state.claim in state.hidden[seat] else [_CONCEDE]
    if phase is _LOSING:
        return [_LOSE[c] for c in _distinct(state.hidden[seat])]
    return [_RETURN[c] for c in _distinct(state.hidden[seat])]


def is_legal(state: CoupState, seat: Seat, action: Action) -> bool:
    """Whether `action` is in `legal_actions(state, seat)`, answered from the phase alone
    (the actor's turn, the only long list, checks coins and target one by one)."""
    phase = state.phase
    kind = type(action)
    if phase is _PICKING:
        return (kind is PickCard and 0 <= seat < state.players and state.picks[seat] is None
                # `action in _PICKS`, by its one field (`kind` is exactly PickCard)
                and action.character in CHARACTERS)  # type: ignore[attr-defined]
    # Each phase asks the seat `state.awaiting` names.
    if phase is _CHALLENGING:
        return (kind is Challenge or kind is Allow) and seat == state.window[state.window_pos]
    if phase is _BLOCKING:
        return seat == state.window[state.window_pos] and (
            kind is NoBlock  # or `action in _BLOCKS[state.action]`, by its one field:
            or (kind is Block and action.character in BLOCKERS[state.action]))  # type: ignore[attr-defined]
    if phase is _PROVING:
        return seat == state.claimant and (
            kind is Concede or (kind is Reveal and state.claim in state.hidden[seat]))
    if phase is _LOSING:
        return kind is LoseInfluence and seat == state.loser and _holds(state, seat, action)
    if phase is _EXCHANGING:
        return kind is ReturnCard and seat == state.actor and _holds(state, seat, action)
    if phase is not _ACTING or seat != state.actor:
        return False
    coins = state.coins[seat]
    if kind is LaunchCoup:
        return coins >= COUP_COST and _fair_target(state, seat, action)
    if coins >= FORCED_COUP_COINS:
        return False
    if kind is Income or kind is ForeignAid or kind is Tax or kind is Exchange:
        return True
    if kind is Assassinate:
        return coins >= COSTS["assassinate"] and _fair_target(state, seat, action)
    if kind is Steal:
        return _fair_target(state, seat, action)
    return False


_ASSASSIN_COST = COSTS["assassinate"]
# Actions are immutable values: the lists are built from these, never anew.
_PICKS = tuple(PickCard(c) for c in CHARACTERS)
_BLOCKS = {kind: tuple(Block(c) for c in chars) for kind, chars in BLOCKERS.items()}
_LOSE = {c: LoseInfluence(c) for c in CHARACTERS}
_RETURN = {c: ReturnCard(c) for c in CHARACTERS}
_CHALLENGE, _ALLOW, _NO_BLOCK = Challenge(), Allow(), NoBlock()
_REVEAL, _CONCEDE = Reveal(), Concede()
_INCOME, _FOREIGN_AID, _TAX, _EXCHANGE = Income(), ForeignAid(), Tax(), Exchange()
_COUPS = tuple(LaunchCoup(q) for q in range(6))
_ASSASSINATIONS = tuple(Assassinate(q) for q in range(6))
_STEALS = tuple(Steal(q) for q in range(6))


def _holds(state: CoupState, seat: Seat, action: Action) -> bool:
    return getattr(action, "character", None) in state.hidden[seat]


def _fair_target(state: CoupState, seat: Seat, action: Action) -> bool:
    """A living other seat (in `others_after`'s sense)."""
    target = getattr(action, "target", NOBODY)
    if type(target) is not int:  # an odd type (True, 1.0) equal to a seat: list and compare
        return action in legal_actions(state, seat)
    return 0 <= target < state.players and target != seat and len(state.revealed[target]) < 2


def refusal(state: CoupState, seat: Seat, action: Action) -> IllegalAction | None:
    """Why an unlisted action is refused (None: no reason more precise than its type)."""
    kind = action.TYPE
    if _ACTION_PHASE[kind] is not state.phase:
        return IllegalAction("wrong_window", action=kind, window=state.phase.value)
    if state.phase is _ACTING:
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
    return None


def apply_action(state: CoupState, seat: Seat, action: Action) -> Transition:
    """The effect of a legal action, on a copy of the state.

    The copy shares every part with `state`: a move replaces the lists it changes
    (coins, hands, face-up cards, the court) and the generator it shuffles with, as it
    does the tuples, and never changes them in place, so `state` stays as it was."""
    fields = state.__dict__.copy()
    s = _new_state(CoupState)
    s.__dict__ = fields
    ev = play(s, seat, action)
    barrier = False
    for e in ev:
        if e["type"] in _BARRIER_EVENTS:
            barrier = True
            break
    return _transition(Transition, (s, ev, barrier))


_new_state = object.__new__
_transition = tuple.__new__
"""`Transition(...)` without the named tuple's own `__new__` in between."""


def play(s: CoupState, seat: Seat, action: Action) -> list[Event]:
    """The effect of a legal action (one `legal_actions(s, seat)` lists) on `s` itself;
    its events. `apply_action` on a copy for everyone; the search on its own worlds."""
    ev: list[Event] = []
    kind = type(action)
    if kind in _DECLARATIONS:  # a turn's action (the most frequent kind of move)
        declare(s, action.TYPE, getattr(action, "target", NOBODY), ev)
    elif kind is Allow:
        allow(s, seat, ev)
    elif kind is Challenge:
        challenge(s, seat, ev)
    elif kind is NoBlock:
        no_block(s, seat, ev)
    elif kind is Reveal:
        reveal(s, ev)
    elif kind is Concede:
        concede(s, ev)
    elif isinstance(action, LoseInfluence):
        chosen_loss(s, seat, action.character, ev)
    elif isinstance(action, Block):
        block(s, seat, action.character, ev)
    elif isinstance(action, ReturnCard):
        return_card(s, action.character, ev)
    elif isinstance(action, PickCard):
        _pick(s, seat, action.character, ev)
    else:  # never for a listed action: as a declaration, as it always was
        declare(s, action.TYPE, getattr(action, "target", NOBODY), ev)
    return ev


_DECLARATIONS = frozenset(TURN_ACTIONS)


def _distinct(cards: tuple[Character, ...]) -> tuple[Character, ...] | dict[Character, None]:
    """The different characters among `cards`, in the order they first appear."""
    if len(cards) == 2 and cards[0] != cards[1]:
        return cards
    return dict.fromkeys(cards)


def _turn_actions(s: CoupState, seat: Seat) -> list[Action]:
    """What the actor may declare: only a coup at 10+ coins; costs must be affordable.
    The menu depends only on the seat, its coins up to 10 and who is still in (the
    face-up cards per seat), so each is built once and kept."""
    coins = s.coins[seat]
    key = (seat, coins if coins < FORCED_COUP_COINS else FORCED_COUP_COINS,
           tuple(map(len, s.revealed)))
    menu = _TURN_MENUS.get(key)
    if menu is None:
        menu = _TURN_MENUS[key] = _turn_menu(coins, s.others_after(seat))
    return list(menu)


_TURN_MENUS: dict[tuple[Seat, int, tuple[int, ...]], tuple[Action, ...]] = {}
"""`_turn_actions`' menus (at most 6 seats x 11 coin counts x 3^6 tables of face-up cards)."""


def _turn_menu(coins: int, targets: tuple[Seat, ...]) -> tuple[Action, ...]:
    if coins >= FORCED_COUP_COINS:
        return tuple([_COUPS[t] for t in targets])
    out: list[Action] = [_INCOME, _FOREIGN_AID]
    if coins >= COUP_COST:
        out += [_COUPS[t] for t in targets]
    out.append(_TAX)
    if coins >= _ASSASSIN_COST:
        out += [_ASSASSINATIONS[t] for t in targets]
    out += [_STEALS[t] for t in targets]
    out.append(_EXCHANGE)
    return tuple(out)


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
    s.picks = _put(s.picks, seat, card)
    s.hidden = hidden = s.hidden[:]
    hidden[seat] = (*hidden[seat], card)
    ev.append({"type": "picked", "to": "all", "seat": seat})
    ev.append({"type": "picked_card", "to": [seat], "seat": seat, "character": card})
    if None in s.picks:
        return
    s.court = court = s.court[:]
    for q in range(s.players):
        dealt = court.pop()
        hidden[q] = (*hidden[q], dealt)
        ev.append({"type": "dealt", "to": [q], "seat": q, "character": dealt})
    s.phase = _ACTING
    ev.append({"type": "turn", "to": "all", "seat": s.actor, "coins": s.coins[s.actor],
               "must_coup": False})
