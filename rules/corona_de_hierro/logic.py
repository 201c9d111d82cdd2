"""Corona de Hierro's rules in motion: setup, the turn of two actions, legitimacy, armies,
castles, emissaries, alliances, hostages, cards in hand and the end.

Every function changes the state it is given (a fresh copy made by `apply`)
and appends the events that tell the table what happened. Battles and rolls
are in `logic_battle`, the initiative cards in `logic_cards`, what may be done
in `logic_legal`.
"""

from __future__ import annotations

from rules.core import Event, Rng, Seat, event
from rules.corona_de_hierro.components import (
    ALLIANCE_ACCEPT,
    ALLIANCE_BREAK,
    BANNERS,
    BOXES,
    CASTLES,
    CITIES,
    CROWN,
    DECKS,
    EMISSARIES,
    LOYALTY_KING,
    LOYALTY_NOT_KING,
    PAWNS,
    SELF_KING,
    SELF_KING_SCORE,
    SHIELDS,
    START_LEGITIMACY,
    START_SHIELDS,
    band,
    deck_cards,
    loyalty_cards,
    recruit_size,
)
from rules.corona_de_hierro.state import NOBODY, CoronaState, End, Phase

# -- setting up --------------------------------------------------------------------------


def new_state(players: int, seed: int) -> CoronaState:
    """The table before the castle choice: supplies, 2 shields each, legitimacy 2 [S]."""
    n = players
    return CoronaState(
        players=n,
        rng=Rng(seed),
        phase=Phase.SETUP,
        current=0,
        actions_left=0,
        turn=0,
        legitimacy=[START_LEGITIMACY] * n,
        shields=[START_SHIELDS] * n,
        pool=SHIELDS - START_SHIELDS * n,
        chronicle=[0] * n,
        supply=[PAWNS] * n,
        army=[0] * (len(CITIES) * n),
        owner=[NOBODY] * len(CASTLES),
        troops=[False] * len(CASTLES),
        envoys=[()] * len(CASTLES),
        emissaries=[EMISSARIES] * n,
        boxes=[[0] * n for _ in BOXES],
        pacts=(),
        hostages=[0] * (n * n),
        hands=[[] for _ in range(n)],
        piles=[[], []],
        discards=[[], []],
        loyalty=[],
        known=[() for _ in range(n)],
    )


def choose_main_castle(s: CoronaState, seat: Seat, castle: int, events: list[Event]) -> None:
    """Setup step 5 [S]: banner troops up on a grey castle, one pawn in its city; the next
    seat chooses; after the last, the loyalty and initiative cards are dealt."""
    s.owner[castle] = seat
    s.troops[castle] = True
    add_pawns(s, CASTLES[castle].city, seat, 1)
    events.append(event("main_castle_chosen", seat=seat, castle=CASTLES[castle].key,
                        city=CITIES[CASTLES[castle].city]))
    if seat + 1 < s.players:
        s.current = seat + 1
        return
    deal(s, events)
    s.phase = Phase.PLAY
    # The last to choose plays first, then seat order (decisions §1 #3).
    s.current = s.players - 1
    s.actions_left = 2
    s.turn = 1
    events.append(event("turn_started", seat=s.current, turn=s.turn))


def deal(s: CoronaState, events: list[Event]) -> None:
    """Setup steps 6–8 [S]: one loyalty card each (one left over with 4–5 players), then one
    political and one military initiative card each."""
    n = s.players
    cards = loyalty_cards(n)
    s.rng.shuffle(cards)
    s.loyalty = cards
    s.known = [(p,) for p in range(n)]
    for deck in range(len(DECKS)):
        pile = deck_cards(DECKS[deck])
        s.rng.shuffle(pile)
        s.piles[deck] = pile
    for deck in range(len(DECKS)):
        for p in range(n):
            s.hands[p].append(s.piles[deck].pop())
    for p in range(n):
        events.append(event("loyalty_dealt", to=[p], seat=p, card=loyalty_json(cards[p])))
        events.append(event("hand_dealt", to=[p], seat=p, cards=s.hands[p][:]))
    events.append(event("cards_dealt", players=n, loyalty_left_over=len(cards) > n))


def loyalty_json(card: int) -> dict[str, object]:
    """A loyalty card as the view and events show it."""
    if card == SELF_KING:
        return {"card": "self_king", "seat": None}
    return {"card": "loyalty", "seat": card}


# -- small pieces ------------------------------------------------------------------------


def add_pawns(s: CoronaState, city: int, seat: Seat, k: int) -> int:
    """Place up to `k` pawns from the supply; returns how many the supply had."""
    k = min(k, s.supply[seat])
    s.supply[seat] -= k
    s.army[city * s.players + seat] += k
    return k


def remove_pawns(s: CoronaState, city: int, seat: Seat, k: int) -> int:
    """Send up to `k` pawns back to their owner's supply; returns how many were there."""
    i = city * s.players + seat
    k = min(k, s.army[i])
    s.army[i] -= k
    s.supply[seat] += k
    return k


def shift(s: CoronaState, seat: Seat, delta: int, events: list[Event], why: str) -> None:
    """Move a legitimacy marker: never below 0, never past the crown; a crowned marker
    no longer moves (§3)."""
    level = s.legitimacy[seat]
    if level >= CROWN or delta == 0:
        return
    new = max(0, min(CROWN, level + delta))
    if new == level:
        return
    s.legitimacy[seat] = new
    events.append(event("legitimacy", seat=seat, delta=new - level, level=new, why=why))


def gain_shield(s: CoronaState, seat: Seat, events: list[Event], why: str) -> None:
    """One shield from the pool, if any is left (R12)."""
    if s.pool > 0:
        s.pool -= 1
        s.shields[seat] += 1
        events.append(event("shield_gained", seat=seat, why=why, pool=s.pool))


def spend_shield(s: CoronaState, seat: Seat, events: list[Event]) -> None:
    """A reroll's price: one shield back to the pool [S]."""
    s.shields[seat] -= 1
    s.pool += 1
    events.append(event("shield_spent", seat=seat, pool=s.pool))


def banners_left(s: CoronaState, seat: Seat) -> int:
    return BANNERS - s.castles_of(seat)


def castle_vp(s: CoronaState, seat: Seat) -> int:
    return sum(CASTLES[k].vp for k, o in enumerate(s.owner) if o == seat)


def vp_counter(s: CoronaState, seat: Seat) -> int:
    """The VP counter during play: castles held (live) and Favourable Chronicles (§6)."""
    return castle_vp(s, seat) + s.chronicle[seat]


def hostages_of(s: CoronaState, owner: Seat) -> int:
    """How many of `owner`'s emissaries are held hostage by anybody."""
    n = s.players
    return sum(s.hostages[h * n + owner] for h in range(n))


def contested_by(s: CoronaState, city: int, seat: Seat) -> tuple[Seat, ...]:
    """The non-allied players with pawns in `city`, in seat order after `seat` (R3)."""
    n = s.players
    base = city * n
    out = []
    for k in range(1, n):
        q = (seat + k) % n
        if s.army[base + q] and not s.allied(seat, q):
            out.append(q)
    return tuple(out)


# -- the end -----------------------------------------------------------------------------


def ended(s: CoronaState) -> End | None:
    """The seed's three end conditions, checked after every complete action [S, R14]."""
    if any(level >= CROWN for level in s.legitimacy):
        return End.CROWN
    if any(not pile for pile in s.piles):
        return End.DECK
    n = s.players
    for p in range(n):
        if not any(o == p for o in s.owner):
            return End.RUINED
        if s.supply[p] == PAWNS and not any(
            o == p and t for o, t in zip(s.owner, s.troops, strict=True)
        ):
            return End.RUINED
    return None


def finish_action(s: CoronaState, events: list[Event]) -> None:
    """An action is complete: end the game if a condition holds (the second action is then
    lost [S]), else count it and pass the turn after the second."""
    s.pending = None
    end = ended(s)
    if end is not None:
        s.phase = Phase.OVER
        s.end = end
        s.chart = (*s.chart, snapshot(s))
        events.append(event("game_over", reason=end.value))
        return
    s.actions_left -= 1
    if s.actions_left > 0:
        return
    s.chart = (*s.chart, snapshot(s))
    s.current = (s.current + 1) % s.players
    s.actions_left = 2
    s.turn += 1
    s.denied = ()
    s.free_used = ()
    events.append(event("turn_started", seat=s.current, turn=s.turn))


def snapshot(s: CoronaState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(s.legitimacy), tuple(vp_counter(s, p) for p in range(s.players))


# -- alliances and attacks (R10) ---------------------------------------------------------


def drop_pact(s: CoronaState, a: Seat, b: Seat) -> tuple[Seat, Seat, bool] | None:
    """Remove the request or alliance between a and b; its emissary goes back to its owner."""
    pact = s.pact(a, b)
    if pact is None:
        return None
    s.pacts = tuple(p for p in s.pacts if p is not pact)
    s.emissaries[pact[0]] += 1
    return pact


def attack_on(s: CoronaState, attacker: Seat, target: Seat, events: list[Event]) -> None:
    """An attack between two players: against an ally it first breaks the alliance
    (attacker −2), and it cancels any pending request between them; the emissary goes
    back to its owner, free (R10)."""
    if target in (NOBODY, attacker):
        return
    pact = drop_pact(s, attacker, target)
    if pact is None:
        return
    if pact[2]:
        events.append(event("alliance_broken", seat=attacker, other=target, requester=pact[0]))
        shift(s, attacker, -ALLIANCE_BREAK, events, "alliance_broken")
    else:
        events.append(event("request_cancelled", seat=attacker, other=target, requester=pact[0]))


def request_alliance(s: CoronaState, seat: Seat, target: Seat, events: list[Event]) -> None:
    s.emissaries[seat] -= 1
    s.pacts = (*s.pacts, (seat, target, False))
    events.append(event("alliance_requested", seat=seat, target=target))


def accept_alliance(s: CoronaState, seat: Seat, requester: Seat, events: list[Event]) -> None:
    s.pacts = tuple((a, b, True) if (a, b) == (requester, seat) else (a, b, ok)
                    for a, b, ok in s.pacts)
    events.append(event("alliance_accepted", seat=seat, requester=requester))
    shift(s, seat, ALLIANCE_ACCEPT, events, "alliance_accepted")


# -- armies ------------------------------------------------------------------------------


def move(s: CoronaState, seat: Seat, path: tuple[int, ...], k: int, events: list[Event],
         why: str = "move") -> None:
    """Move `k` pawns along `path` (cities, first to last); arriving pawns merge [S]."""
    n = s.players
    s.army[path[0] * n + seat] -= k
    s.army[path[-1] * n + seat] += k
    events.append(event("moved", seat=seat, path=[CITIES[c] for c in path], n=k, why=why))


def recruit(s: CoronaState, seat: Seat, castle: int, extra: int, events: list[Event],
            why: str = "recruit") -> None:
    """Flip the banner and place the band's army in the castle's city, even among enemies
    (R6); `extra` more with General Levy. The supply gives what it still has (§5)."""
    s.troops[castle] = False
    city = CASTLES[castle].city
    placed = add_pawns(s, city, seat, recruit_size(s.legitimacy[seat]) + extra)
    events.append(event("recruited", seat=seat, castle=CASTLES[castle].key, city=CITIES[city],
                        n=placed, why=why))


# -- castles -----------------------------------------------------------------------------


def take_castle(s: CoronaState, seat: Seat, castle: int, events: list[Event], how: str) -> None:
    """A castle changes hands: your banner troops up; you gain legitimacy (Pavia 3), the
    loser loses as much and gains a shield [S]; the VP counters follow (§6)."""
    c = CASTLES[castle]
    loser = s.owner[castle]
    s.owner[castle] = seat
    s.troops[castle] = True
    events.append(event("castle_taken", seat=seat, castle=c.key, how=how,
                        loser=None if loser == NOBODY else loser))
    shift(s, seat, c.legit, events, "castle_won")
    if loser != NOBODY:
        shift(s, loser, -c.legit, events, "castle_lost")
        gain_shield(s, loser, events, "castle_lost")


# -- emissaries --------------------------------------------------------------------------


def place_emissary(s: CoronaState, seat: Seat, castle: int, events: list[Event]) -> None:
    s.emissaries[seat] -= 1
    s.envoys[castle] = (*s.envoys[castle], (seat, s.turn))
    events.append(event("emissary_placed", seat=seat, castle=CASTLES[castle].key))


def send_emissary(s: CoronaState, seat: Seat, box: int, events: list[Event]) -> None:
    s.emissaries[seat] -= 1
    s.boxes[box][seat] += 1
    events.append(event("emissary_sent", seat=seat, box=BOXES[box]))
    if box == 0:
        shift(s, seat, 1, events, "rome")


def recall_from_castle(s: CoronaState, seat: Seat, castle: int, events: list[Event]) -> None:
    """Your newest emissary on that castle goes back to hand (an older one may already roll)."""
    envoys = s.envoys[castle]
    last = max(i for i, (p, _) in enumerate(envoys) if p == seat)
    s.envoys[castle] = envoys[:last] + envoys[last + 1:]
    s.emissaries[seat] += 1
    events.append(event("emissary_recalled", seat=seat, place=CASTLES[castle].key))


def recall_from_box(s: CoronaState, seat: Seat, box: int, events: list[Event]) -> None:
    s.boxes[box][seat] -= 1
    s.emissaries[seat] += 1
    events.append(event("emissary_recalled", seat=seat, place=BOXES[box]))
    if box == 0:
        shift(s, seat, -1, events, "rome_left")


def recall_from_alliance(s: CoronaState, seat: Seat, other: Seat, events: list[Event]) -> None:
    """A pending request comes back free of penalty; an accepted alliance breaks (−2)."""
    pact = drop_pact(s, seat, other)
    assert pact is not None
    events.append(event("emissary_recalled", seat=seat, place=f"alliance:{other}"))
    if pact[2]:
        events.append(event("alliance_broken", seat=seat, other=other, requester=seat))
        shift(s, seat, -ALLIANCE_BREAK, events, "alliance_broken")


def take_hostage(s: CoronaState, seat: Seat, castle: int, owner: Seat, events: list[Event],
                 why: str = "take_hostage") -> None:
    """One of `owner`'s emissaries on `castle` goes to `seat`'s area as a hostage (R9)."""
    envoys = s.envoys[castle]
    first = next(i for i, (p, _) in enumerate(envoys) if p == owner)
    s.envoys[castle] = envoys[:first] + envoys[first + 1:]
    s.hostages[seat * s.players + owner] += 1
    events.append(event("hostage_taken", seat=seat, owner=owner, castle=CASTLES[castle].key,
                        why=why))


def release(s: CoronaState, holder: Seat, owner: Seat, k: int, events: list[Event],
            why: str) -> None:
    s.hostages[holder * s.players + owner] -= k
    s.emissaries[owner] += k
    events.append(event("hostage_released", seat=holder, owner=owner, n=k, why=why))


# -- cards in hand -----------------------------------------------------------------------


def draw(s: CoronaState, seat: Seat, deck: int, events: list[Event]) -> None:
    card = s.piles[deck].pop()
    s.hands[seat].append(card)
    events.append(event("card_drawn", seat=seat, deck=DECKS[deck], left=len(s.piles[deck])))
    events.append(event("card_received", to=[seat], seat=seat, card=card))


def discard(s: CoronaState, seat: Seat, card: str, events: list[Event], why: str) -> None:
    s.hands[seat].remove(card)
    s.discards[0 if card[0] == "P" else 1].append(card)
    events.append(event("card_discarded" if why == "discard" else "card_played",
                        seat=seat, card=card))


# -- scoring (§6, §7) --------------------------------------------------------------------


def kings(s: CoronaState) -> tuple[Seat, ...]:
    """Whoever reached the crown; else whoever stands highest; all of them if tied [S]."""
    top = max(s.legitimacy)
    return tuple(p for p in range(s.players) if s.legitimacy[p] == top)


def loyalty_score(s: CoronaState, seat: Seat) -> int:
    """A loyalty card's VP, by the area where the named player actually stands (§7)."""
    if not s.loyalty:  # not dealt yet
        return 0
    card = s.loyalty[seat]
    crowned = kings(s)
    if card == SELF_KING:
        return SELF_KING_SCORE[band(s.legitimacy[seat])] if seat in crowned else 0
    area = band(s.legitimacy[card])
    return LOYALTY_KING[area] if card in crowned else LOYALTY_NOT_KING[area]


def final_scores(s: CoronaState) -> list[dict[str, int]]:
    """Per seat: VP from castles, chronicles, no hostage (+1 [S]), loyalty, and the total."""
    out = []
    for p in range(s.players):
        parts = {
            "castles": castle_vp(s, p),
            "chronicle": s.chronicle[p],
            "no_hostage": 0 if hostages_of(s, p) else 1,
            "loyalty": loyalty_score(s, p),
        }
        parts["total"] = sum(parts.values())
        out.append(parts)
    return out


def pawns_on_map(s: CoronaState, seat: Seat) -> int:
    return PAWNS - s.supply[seat]


def rank_keys(s: CoronaState) -> list[tuple[int, int, int, int]]:
    """Most VP wins; ties by legitimacy, then castles, then pawns on the map (§6)."""
    scores = final_scores(s)
    return [(scores[p]["total"], s.legitimacy[p], s.castles_of(p), pawns_on_map(s, p))
            for p in range(s.players)]
