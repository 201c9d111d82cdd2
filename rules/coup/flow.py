"""How a Coup turn unfolds: claims, windows, challenges, blocks, losses and their effects.

Every function here changes the state it is given (a fresh copy made by
`apply`) and appends the events it causes; `Coup._apply` calls them.
"""

from __future__ import annotations

from rules.core import Event, Seat, event
from rules.coup.actions import BLOCKERS, CLAIMS, COSTS, Character
from rules.coup.state import NOBODY, CoupState, Next, Phase

# -- coins -----------------------------------------------------------------


def take_from_treasury(s: CoupState, seat: Seat, amount: int, ev: list[Event]) -> None:
    """Income, aid and tax take what the treasury holds, up to `amount`."""
    got = min(amount, s.treasury)
    s.treasury -= got
    s.coins[seat] += got
    ev.append(event("coins", source="treasury", dest=seat, amount=got, wanted=amount))


def pay_treasury(s: CoupState, seat: Seat, amount: int, ev: list[Event]) -> None:
    s.coins[seat] -= amount
    s.treasury += amount
    ev.append(event("coins", source=seat, dest="treasury", amount=amount, wanted=amount))


# -- declaring ---------------------------------------------------------------


def declare(s: CoupState, kind: str, target: Seat, ev: list[Event]) -> None:
    """The actor announces `kind` (an action TYPE); its cost is paid at once."""
    actor = s.actor
    s.action = kind
    s.target = target
    ev.append(
        event(
            "declared",
            seat=actor,
            action=kind,
            target=None if target == NOBODY else target,
            character=CLAIMS.get(kind),
        )
    )
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
        open_challenge_window(s, actor, CLAIMS[kind], ev)


def open_challenge_window(s: CoupState, claimant: Seat, claim: Character, ev: list[Event]) -> None:
    """Every other living player, from the claimant's left, may challenge the claim."""
    s.claimant = claimant
    s.claim = claim
    s.challenger = NOBODY
    s.window = s.others_after(claimant)
    s.window_pos = 0
    s.phase = Phase.CHALLENGE
    ev.append(event("challenge_window", claimant=claimant, character=claim, order=list(s.window)))


def open_block_window(s: CoupState, ev: list[Event]) -> None:
    """Foreign aid: any other living player may block; assassination, extortion: the target."""
    s.window = s.others_after(s.actor) if s.action == "foreign_aid" else (s.target,)
    s.window_pos = 0
    s.claimant = NOBODY
    s.claim = None
    s.phase = Phase.BLOCK
    ev.append(
        event(
            "block_window",
            action=s.action,
            characters=list(BLOCKERS[s.action]),
            order=list(s.window),
        )
    )


# -- answers -----------------------------------------------------------------


def allow(s: CoupState, seat: Seat, ev: list[Event]) -> None:
    ev.append(event("allowed", seat=seat, claimant=s.claimant))
    s.window_pos += 1
    if s.window_pos < len(s.window):
        return
    ev.append(event("claim_unchallenged", claimant=s.claimant, character=s.claim))
    if s.blocker != NOBODY:
        block_stands(s, ev)
    else:
        claim_stands(s, ev)


def challenge(s: CoupState, seat: Seat, ev: list[Event]) -> None:
    """The first challenge closes the window; the claimant must prove the claim."""
    s.challenger = seat
    s.phase = Phase.PROVE
    ev.append(event("challenged", seat=seat, claimant=s.claimant, character=s.claim))


def reveal(s: CoupState, ev: list[Event]) -> None:
    """The claimant shows the character, shuffles it into the court and draws anew."""
    seat = s.claimant
    card = s.claim
    assert card is not None
    s.hidden[seat].remove(card)
    ev.append(event("revealed", seat=seat, character=card, challenger=s.challenger))
    s.court.append(card)
    s.rng.shuffle(s.court)
    new = s.court.pop()
    s.hidden[seat].append(new)
    ev.append(event("card_replaced", seat=seat, court=len(s.court)))
    ev.append(event("drew_card", [seat], seat=seat, character=new))
    ev.append(event("challenge_lost", seat=s.challenger, winner=seat))
    after = Next.BLOCK_STANDS if s.blocker != NOBODY else Next.CLAIM_STANDS
    lose_influence(s, s.challenger, after, "challenge", ev)


def concede(s: CoupState, ev: list[Event]) -> None:
    """The claimant does not (or cannot) show the character: the claim fails."""
    seat = s.claimant
    ev.append(event("conceded", seat=seat, character=s.claim, challenger=s.challenger))
    ev.append(event("challenge_lost", seat=seat, winner=s.challenger))
    if s.blocker != NOBODY:
        lose_influence(s, seat, Next.BLOCK_FAILS, "challenge", ev)
        return
    cost = COSTS.get(s.action, 0)
    if cost:
        # A failed action costs nothing: the coins paid on declaring come back.
        s.treasury -= cost
        s.coins[seat] += cost
        ev.append(event("coins", source="treasury", dest=seat, amount=cost, wanted=cost))
    lose_influence(s, seat, Next.ACTION_FAILS, "challenge", ev)


def block(s: CoupState, seat: Seat, character: Character, ev: list[Event]) -> None:
    s.blocker = seat
    s.block_card = character
    ev.append(event("blocked", seat=seat, character=character, action=s.action))
    open_challenge_window(s, seat, character, ev)


def no_block(s: CoupState, seat: Seat, ev: list[Event]) -> None:
    ev.append(event("not_blocked", seat=seat))
    s.window_pos += 1
    if s.window_pos == len(s.window):
        resolve(s, ev)


# -- losing influence --------------------------------------------------------


def lose_influence(s: CoupState, seat: Seat, after: Next, reason: str, ev: list[Event]) -> None:
    """`seat` must turn a card face up; with one card left there is nothing to choose."""
    if not s.alive(seat):
        proceed(s, after, ev)
    elif len(s.hidden[seat]) == 1:
        turn_up(s, seat, s.hidden[seat][0], reason, ev)
        proceed(s, after, ev)
    else:
        s.phase = Phase.LOSE
        s.loser = seat
        s.after = after
        s.loss_reason = reason
        ev.append(event("must_lose_influence", seat=seat, reason=reason))


def chosen_loss(s: CoupState, seat: Seat, card: Character, ev: list[Event]) -> None:
    """The seat asked in LOSE turns `card` up; the pending loss is cleared, then play goes on."""
    after, reason = s.after, s.loss_reason
    s.phase = Phase.ACTION  # leave LOSE; `proceed` sets the next phase
    s.loser = NOBODY
    s.after = Next.END_TURN
    s.loss_reason = ""
    turn_up(s, seat, card, reason, ev)
    proceed(s, after, ev)


def turn_up(s: CoupState, seat: Seat, card: Character, reason: str, ev: list[Event]) -> None:
    """One influence lost; with none left the seat is out and its coins go to the treasury."""
    s.hidden[seat].remove(card)
    s.revealed[seat].append(card)
    ev.append(event("influence_lost", seat=seat, character=card, reason=reason))
    if s.hidden[seat]:
        return
    coins = s.coins[seat]
    s.coins[seat] = 0
    s.treasury += coins
    s.out.append(seat)
    ev.append(event("eliminated", seat=seat, coins_returned=coins))
    living = [q for q in range(s.players) if s.alive(q)]
    if len(living) == 1:
        s.phase = Phase.OVER
        ev.append(event("game_over", winner=living[0], eliminated=list(s.out)))


def proceed(s: CoupState, after: Next, ev: list[Event]) -> None:
    """Carry on once a loss is settled (unless it ended the game)."""
    if s.phase is Phase.OVER:
        return
    if after is Next.CLAIM_STANDS:
        claim_stands(s, ev)
    elif after is Next.BLOCK_FAILS:
        ev.append(event("block_failed", seat=s.blocker, action=s.action))
        resolve(s, ev)
    elif after is Next.ACTION_FAILS:
        ev.append(event("action_failed", seat=s.actor, action=s.action))
        end_turn(s, ev)
    elif after is Next.BLOCK_STANDS:
        block_stands(s, ev)
    else:
        end_turn(s, ev)


# -- outcomes of an action ---------------------------------------------------


def claim_stands(s: CoupState, ev: list[Event]) -> None:
    """The actor's claim holds: the target may still block, else the action resolves."""
    if s.action in BLOCKERS and s.alive(s.target):
        open_block_window(s, ev)
    else:
        resolve(s, ev)


def block_stands(s: CoupState, ev: list[Event]) -> None:
    """A blocked action fails; what was paid for it stays paid."""
    ev.append(event("action_blocked", seat=s.actor, action=s.action, blocker=s.blocker))
    end_turn(s, ev)


def resolve(s: CoupState, ev: list[Event]) -> None:
    """The action takes effect."""
    actor, kind, target = s.actor, s.action, s.target
    ev.append(event("action_resolved", seat=actor, action=kind))
    if kind == "foreign_aid":
        take_from_treasury(s, actor, 2, ev)
    elif kind == "tax":
        take_from_treasury(s, actor, 3, ev)
    elif kind == "steal":
        amount = min(2, s.coins[target])
        s.coins[target] -= amount
        s.coins[actor] += amount
        ev.append(event("coins", source=target, dest=actor, amount=amount, wanted=2))
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
    drawn = [s.court.pop() for _ in range(min(2, len(s.court)))]
    s.hidden[actor].extend(drawn)
    s.returns_left = len(drawn)
    s.phase = Phase.EXCHANGE
    ev.append(event("exchange_drew", seat=actor, count=len(drawn), court=len(s.court)))
    ev.append(event("exchange_cards", [actor], seat=actor, drawn=list(drawn)))


def return_card(s: CoupState, card: Character, ev: list[Event]) -> None:
    actor = s.actor
    s.hidden[actor].remove(card)
    s.court.append(card)
    s.returns_left -= 1
    ev.append(event("card_returned", seat=actor, court=len(s.court)))
    ev.append(event("returned_card", [actor], seat=actor, character=card))
    if s.returns_left == 0:
        s.rng.shuffle(s.court)
        ev.append(event("court_shuffled", court=len(s.court)))
        end_turn(s, ev)


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
    for i in range(1, n + 1):
        q = (actor + i) % n
        if len(s.revealed[q]) < 2:
            break
    s.actor = q
    s.phase = Phase.ACTION
    s.turns += 1
    ev.append(event("turn", seat=q, coins=s.coins[q], must_coup=s.coins[q] >= 10))
