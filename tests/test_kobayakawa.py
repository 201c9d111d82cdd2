"""Kobayakawa, rule by rule, as the rulebook and our decisions state them."""

from __future__ import annotations

import random

import pytest

from rules import IllegalAction, SetupError, get_game
from rules.kobayakawa import GAME, ROUNDS, Draw, Fight, Flip, Keep, KobayakawaState, Pass, Phase
from rules.kobayakawa.components import UNDECIDED


def new(players: int = 4, seed: int = 1, start: int = 0) -> KobayakawaState:
    return GAME.new_game(players, seed, {"start_player": start})


def betting(
    hands: list[int],
    kobayakawa: int,
    start: int = 0,
    round_: int = 1,
    medals: list[int] | None = None,
) -> KobayakawaState:
    """A round at stage 2 with the given hands and Kobayakawa value."""
    players = len(hands)
    s = new(players, start=start)
    s.round = round_
    s.medals = medals if medals is not None else [4] * players
    s.centre = 8 - (round_ - 1)
    s.hands = hands[:]
    s.pile = [kobayakawa]
    s.deck = [c for c in range(1, 16) if c not in hands and c != kobayakawa]
    s.order = tuple(q for i in range(players) if s.medals[q := (start + i) % players] > 0)
    s.phase = Phase.BET
    s.turn = 0
    s.stakes = [UNDECIDED] * players
    return s


def act(s: KobayakawaState, *moves: object) -> tuple[KobayakawaState, list[dict[str, object]]]:
    """Play moves for whoever is to act; return the state and all events."""
    events: list[dict[str, object]] = []
    for move in moves:
        (seat,) = GAME.to_act(s)
        t = GAME.apply(s, seat, move)  # type: ignore[arg-type]
        s, events = t.state, events + t.events
    return s, events


def kinds(events: list[dict[str, object]]) -> list[object]:
    return [e["type"] for e in events]


# -- setting up -------------------------------------------------------------
def test_each_player_has_four_medals_and_eight_lie_in_the_centre() -> None:
    s = new(5)
    assert s.medals == [4] * 5 and s.centre == 8


def test_every_round_deals_one_card_each_and_turns_up_the_kobayakawa() -> None:
    s = new(6)
    dealt = [c for c in s.hands if c]
    assert len(dealt) == 6 and len(s.pile) == 1
    assert sorted(dealt + s.pile + s.deck) == list(range(1, 16))


def test_the_start_player_option_chooses_who_begins_and_defaults_to_random() -> None:
    assert GAME.to_act(new(4, start=2)) == (2,)
    starts = {GAME.new_game(4, seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    with pytest.raises(SetupError) as err:
        get_game("kobayakawa").new_game(4, 1, {"start_player": 4})
    assert err.value.code == "bad_option_value"


# -- stage 1 ----------------------------------------------------------------
def test_drawing_lets_you_keep_one_of_two_and_discard_the_other_face_up() -> None:
    s = new(3)
    own, top = s.hands[0], s.deck[-1]
    s, events = act(s, Draw())
    assert GAME.legal_actions(s, 0) == [Keep(own), Keep(top)]
    assert GAME.view(s, 0)["drawn"] == top and GAME.view(s, 1)["drawn"] is None
    s, events = act(s, Keep(top))
    assert s.hands[0] == top and s.discards[0] == (own,)
    assert {"type": "kept", "to": "all", "seat": 0, "discarded": own} in events


def test_flipping_turns_the_top_card_unseen_onto_the_kobayakawa_and_changes_its_value() -> None:
    s = new(3)
    top = s.deck[-1]
    s, events = act(s, Flip())
    assert s.kobayakawa == top and len(s.pile) == 2
    assert {"type": "flipped", "to": "all", "seat": 0, "card": top} in events


def test_a_player_who_has_looked_at_the_drawn_card_can_no_longer_flip() -> None:
    s, _ = act(new(3), Draw())
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 0, Flip())
    assert err.value.code == "wrong_stage"


def test_you_keep_only_a_card_you_hold() -> None:
    s, _ = act(new(3), Draw())
    missing = next(c for c in range(1, 16) if c not in (s.hands[0], s.drawn))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 0, Keep(missing))
    assert err.value.code == "card_not_in_hand"
    assert sorted(err.value.params["choices"]) == sorted([s.hands[0], s.drawn])


def test_each_player_does_exactly_one_stage_one_action_in_turn_order() -> None:
    s = new(3, start=1)
    s, _ = act(s, Flip())
    assert GAME.to_act(s) == (2,)
    s, _ = act(s, Draw(), Keep(s.hands[2]))
    assert GAME.to_act(s) == (0,)
    s, events = act(s, Flip())
    assert s.phase is Phase.BET and GAME.to_act(s) == (1,)
    assert "stage_two" in kinds(events)


def test_nobody_may_act_out_of_turn() -> None:
    s = new(4, start=0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 2, Flip())
    assert err.value.code == "not_your_turn" and err.value.params["to_act"] == [0]


# -- stages 2 and 3 ---------------------------------------------------------
def test_lowest_fighter_adds_kobayakawa_value() -> None:
    # 3 + Kobayakawa 9 = 12 beats 11.
    _s, events = act(betting([3, 11, 14], kobayakawa=9), Fight(), Fight(), Pass())
    won = next(e for e in events if e["type"] == "round_won")
    assert won["winner"] == 0 and won["total"] == 12


def test_highest_total_wins_when_the_kobayakawa_is_too_small() -> None:
    _s, events = act(betting([3, 11, 14], kobayakawa=2), Fight(), Fight(), Fight())
    won = next(e for e in events if e["type"] == "round_won")
    assert won["winner"] == 2 and won["total"] == 14


def test_a_tie_goes_to_the_fighter_first_in_turn_order_from_the_start_player() -> None:
    # Seat 2 starts; seat 0 (5 + 7 = 12) and seat 1 (12) tie. Turn order is 2, 0, 1.
    s = betting([5, 12, 1], kobayakawa=7, start=2)
    s, events = act(s, Pass(), Fight(), Fight())
    won = next(e for e in events if e["type"] == "round_won")
    assert won["winner"] == 0


def test_fighters_reveal_their_cards_to_everyone() -> None:
    s, events = act(betting([3, 11, 14], kobayakawa=9), Fight(), Fight(), Pass())
    assert {"type": "revealed", "to": "all", "cards": [[0, 3], [1, 11]]} in events
    assert s.history[-1]["revealed"] == [[0, 3], [1, 11]]


def test_a_lone_fighter_wins_without_revealing() -> None:
    s, events = act(betting([3, 11, 14], kobayakawa=9), Pass(), Fight(), Pass())
    assert "revealed" not in kinds(events)
    won = next(e for e in events if e["type"] == "round_won")
    assert won["winner"] == 1 and won["alone"] and won["total"] is None
    assert s.history[-1]["revealed"] == [] and s.history[-1]["winner"] == 1
    assert all("11" not in str(GAME.view(s, q)["history"]) for q in (0, 2))


def test_the_winner_takes_back_the_bet_all_other_bets_and_one_centre_medal() -> None:
    s, _ = act(betting([3, 11, 14], kobayakawa=2), Fight(), Fight(), Fight())
    assert s.medals == [3, 3, 4 + 2 + 1] and s.centre == 7


def test_the_winner_starts_the_next_round() -> None:
    s, events = act(betting([3, 11, 14], kobayakawa=2), Fight(), Pass(), Fight())
    assert s.round == 2 and s.start_player == 2 and GAME.to_act(s) == (2,)
    assert "round_started" in kinds(events)


def test_the_last_round_bets_two_medals_or_one_if_that_is_all() -> None:
    s = betting([3, 11, 14], kobayakawa=2, round_=ROUNDS, medals=[1, 5, 3])
    assert s.centre == 2 and GAME.view(s, 0)["bets"] == [1, 2, 2]
    s, events = act(s, Fight(), Fight(), Pass())
    assert [e["bet"] for e in events if e["type"] == "fought"] == [1, 2]


def test_the_last_round_winner_takes_both_centre_medals() -> None:
    s = betting([3, 11, 14], kobayakawa=2, round_=ROUNDS, medals=[4, 4, 4])
    s, _ = act(s, Fight(), Fight(), Pass())
    assert s.medals == [2, 4 + 2 + 2, 4] and s.centre == 0


def test_when_nobody_fights_the_centre_medal_leaves_and_the_start_passes_clockwise() -> None:
    s, events = act(betting([3, 11, 14], kobayakawa=2, start=1), Pass(), Pass(), Pass())
    assert "round_void" in kinds(events)
    assert s.centre == 7 and s.medals == [4, 4, 4] and s.start_player == 2


def test_players_without_medals_are_out_and_skip_rounds() -> None:
    s = betting([3, 11, 14, 5], kobayakawa=2, medals=[1, 4, 4, 4])
    s, events = act(s, Fight(), Pass(), Fight(), Pass())
    assert {"type": "player_out", "to": "all", "seat": 0} in events
    assert s.hands[0] == 0 and 0 not in s.order and GAME.legal_actions(s, 0) == []
    assert GAME.view(s, 1)["in_round"] == [False, True, True, True]


# -- the end ------------------------------------------------------------------
def test_the_game_lasts_exactly_seven_rounds() -> None:
    for seed in range(30):
        s = GAME.new_game(3, seed)
        rng = random.Random(seed)
        rounds_seen = set()
        while GAME.to_act(s):
            rounds_seen.add(s.round)
            (seat,) = GAME.to_act(s)
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))).state
        if all(m > 0 for m in s.medals) or len(s.history) == ROUNDS:
            assert len(s.history) == ROUNDS and rounds_seen == set(range(1, ROUNDS + 1))
            assert s.centre == 0


def test_the_game_ends_when_fewer_than_two_players_have_medals() -> None:
    s = betting([3, 11, 14], kobayakawa=2, medals=[1, 1, 4])
    s, events = act(s, Fight(), Fight(), Fight())
    assert s.phase is Phase.OVER and s.medals == [0, 0, 4 + 2 + 1]
    assert events[-1]["type"] == "game_over"
    assert GAME.outcome(s).winners == (2,)  # type: ignore[union-attr]


def test_most_medals_wins_and_equal_most_is_a_shared_win() -> None:
    s = betting([3, 11, 14], kobayakawa=2, round_=ROUNDS, medals=[6, 8, 2])
    s, _ = act(s, Fight(), Pass(), Pass())  # seat 0: 6 - 2 + 2 + 2 = 8
    outcome = GAME.outcome(s)
    assert outcome is not None
    assert s.medals == [8, 8, 2]
    assert outcome.winners == (0, 1) and outcome.ranking == (1, 1, 3)


# -- fixed positions: the exact number of legal actions ------------------------
@pytest.mark.parametrize(
    ("moves", "legal_for_actor", "phase"),
    [((), 2, Phase.CHOOSE), ((Draw(),), 2, Phase.KEEP), ((Flip(), Flip(), Flip()), 2, Phase.BET)],
)
def test_fixed_positions_have_the_exact_number_of_legal_actions(
    moves: tuple[object, ...], legal_for_actor: int, phase: Phase
) -> None:
    s, _ = act(new(3), *moves)
    (seat,) = GAME.to_act(s)
    assert s.phase is phase and len(GAME.legal_actions(s, seat)) == legal_for_actor
    assert all(GAME.legal_actions(s, q) == [] for q in range(3) if q != seat)


# -- what each seat may know ----------------------------------------------------
def test_a_seat_sees_its_own_card_but_no_one_elses() -> None:
    s = new(4)
    for q in range(4):
        v = GAME.view(s, q)
        assert v["hand"] == s.hands[q]
        others = [s.hands[o] for o in range(4) if o != q]
        assert not any(f'"hand": {c}' in str(v) for c in others)
    assert GAME.view(s, None)["hand"] is None


def test_a_sampled_world_keeps_what_the_seat_knows() -> None:
    s, _ = act(new(4), Draw())
    for k in range(20):
        w = GAME.sample_world(s, 0, random.Random(k))
        assert w.hands[0] == s.hands[0] and w.drawn == s.drawn and w.pile == s.pile
        assert sorted(w.hands[1:] + w.deck + [w.hands[0], w.drawn] + w.pile) == list(range(1, 16))


# -- medals are never created or lost -------------------------------------------


def test_a_lone_winner_takes_the_centre_medal_even_when_a_player_is_out() -> None:
    """The issue's game: 3 players, seed 1, seat 0 starts; seat 2 runs out of medals."""
    s = new(players=3, seed=1, start=0)
    for _ in range(4):  # rounds 1-4: everyone flips, then everyone fights
        while s.phase is not Phase.BET:
            s, _ = act(s, Flip())
        while s.phase is Phase.BET:
            s, _ = act(s, Fight())
    assert s.round == 5 and 0 in s.medals and s.order[0] == 1
    before = s.medals[:]
    s, events = act(s, Flip(), Flip(), Fight(), Pass())
    won = next(e for e in events if e["type"] == "round_won")
    assert won["winner"] == 1 and won["gained"] == 1
    assert s.medals[1] == before[1] + 1
    assert sum(s.medals) + s.centre == 20
    assert all(m >= 0 for m in s.medals)


def _medals_in_play(s: KobayakawaState) -> int:
    bets = sum(b for b in s.stakes if b > 0) if s.phase is Phase.BET else 0
    returned = sum(int(r.get("lost", 0)) for r in s.history)
    return sum(s.medals) + s.centre + bets + returned


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_medals_are_conserved_and_never_negative_over_random_games(players: int) -> None:
    """Seats plus centre plus bets plus those returned to the box are always the
    medals dealt out (32 less the unused ones), and no seat ever holds fewer than 0."""
    dealt = 4 * players + 8
    unused = 32 - dealt
    rng = random.Random(players)
    for k in range(750):
        s = GAME.new_game(players, seed=k)
        while GAME.to_act(s):
            (seat,) = GAME.to_act(s)
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))).state
            assert _medals_in_play(s) == 32 - unused, (k, s.history)
            assert min(s.medals) >= 0 and s.centre >= 0


def test_a_finished_games_replay_may_show_every_card() -> None:
    s = betting([3, 11, 14], kobayakawa=9)
    opened = GAME.open_view(s)
    assert opened["hands"] == [3, 11, 14] and GAME.view(s, None)["hand"] is None


def test_the_quick_legality_check_agrees_with_the_list_everywhere() -> None:
    rng = random.Random(5)
    for players in (3, 6):
        s = GAME.new_game(players, players)
        while GAME.to_act(s):
            space = list(GAME.action_space(s))
            for seat in range(-1, players + 1):
                listed = GAME.legal_actions(s, seat)
                for action in space:
                    assert GAME.is_legal(s, seat, action) == (action in listed), (seat, action)
            seat = GAME.to_act(s)[0]
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))).state


def _guarded(game: object, state: KobayakawaState, seat: object, action: object) -> object:
    """What an apply call gives: its events and every seat's view after, or its refusal."""
    try:
        t = game.apply(state, seat, action)  # type: ignore[attr-defined]
    except IllegalAction as err:
        return ("refused", err.code, err.params)
    views = [GAME.view(t.state, q) for q in (*range(t.state.players), None)]
    return (t.events, t.barrier, views)


def test_apply_plays_and_refuses_exactly_as_the_shared_guard_does() -> None:
    """Kobayakawa's one-pass `apply` against `Game.apply`'s checks, for every action of every
    shape, every seat (and some that are none), along a random game and after it."""
    from rules.core import Game

    class Shared:
        def apply(self, state: KobayakawaState, seat: object, action: object) -> object:
            return Game.apply(GAME, state, seat, action)  # type: ignore[arg-type]

    rng = random.Random(8)
    s = GAME.new_game(4, 4)
    while True:
        for action in [*GAME.action_space(s), "draw", None]:
            for seat in (-1, *range(4), 4, True):
                assert _guarded(GAME, s, seat, action) == _guarded(Shared(), s, seat, action)
        if not GAME.to_act(s):
            break
        seat = GAME.to_act(s)[0]
        s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))).state


def test_the_search_plays_in_place_what_apply_plays_on_a_copy() -> None:
    from rules.kobayakawa.ai import play

    rng = random.Random(9)
    s = GAME.new_game(5, 3)
    while GAME.to_act(s):
        seat = GAME.to_act(s)[0]
        action = rng.choice(GAME.legal_actions(s, seat))
        before = GAME.view(s, None)
        t = GAME.apply(s, seat, action)
        assert GAME.view(s, None) == before  # apply left its input alone
        mine = s.copy()
        assert play(GAME, mine, seat, action) == t.events
        assert mine == t.state
        s = t.state


def test_a_seeded_game_deals_the_same_cards_as_it_always_did() -> None:
    """Saves replay their deals: seed 2026, five players, seat 0 first, everyone taking
    the first listed action; each round's cards (in turn order) and Kobayakawa value."""
    s = new(players=5, seed=2026, start=0)
    deals = [(s.hands[:], s.pile[-1])]
    while GAME.to_act(s):
        seat = GAME.to_act(s)[0]
        t = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
        for e in t.events:
            if e["type"] == "round_started":
                cards = [d["card"] for d in t.events if d["type"] == "dealt_card"]
                deals.append((cards, e["kobayakawa"]))
        s = t.state
    assert deals == [
        ([2, 10, 6, 7, 5], 14), ([12, 2, 11, 4, 8], 13), ([7, 3, 12, 1, 10], 6),
        ([5, 9, 15, 14, 10], 1), ([10, 15, 7], 3), ([14, 11, 7], 15), ([8, 4, 13], 1),
    ]
