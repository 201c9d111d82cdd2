"""The AI plays fair and legal: every registered game, small budgets, no timing asserts.

The leak test is the honesty promise: two states that differ only in what the
AI's seat cannot see must give the same decision for the same seed and budget.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

import rules
from rules.ai import hint, make_agent
from rules.ai.ismcts import (
    LEVELS,
    IsmctsAgent,
    SearchConfig,
    game_hooks,
    level_config,
    outcome_rewards,
    search,
)
from rules.cli import main
from rules.core import Game, Outcome, Seat
from rules.simulate import arena, play_game, wilson_interval

GAME_IDS = sorted(rules.GAMES)
SMALL = SearchConfig(iterations=12)
CAP = 5_000


def _player_counts(game: Game[Any]) -> list[int]:
    return sorted({game.info.min_players, game.info.max_players})


def positions(game: Game[Any], players: int, seed: int, every: int = 1) -> Iterator[Any]:
    """States along one random game (each `every`-th), where someone must decide."""
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    for step in range(CAP):
        to_act = game.to_act(state)
        if not to_act:
            return
        if step % every == 0:
            yield state
        seat = to_act[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat))).state


def _sampled_positions(game: Game[Any], count: int, seed: int) -> list[tuple[int, Any]]:
    """About `count` positions spread over a few random games of each player count."""
    found: list[tuple[int, Any]] = []
    rng = random.Random(seed)
    for players in _player_counts(game):
        for k in range(3):
            states = list(positions(game, players, seed * 100 + k))
            found.extend((players, s) for s in rng.sample(states, min(len(states), count // 6 + 1)))
    return found[:count]


def _figures(result: Any) -> list[Any]:
    return [(s.action, s.visits, round(s.reward, 9)) for s in result.stats] + [result.action]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hidden_information_does_not_change_the_decision(game_id: str) -> None:
    game = rules.get_game(game_id)
    for k, (_, state) in enumerate(_sampled_positions(game, 12, seed=1)):
        seat = game.to_act(state)[0]
        if len(game.legal_actions(state, seat)) < 2:
            continue
        other = game.sample_world(state, seat, random.Random(k))
        assert game.view(other, seat) == game.view(state, seat)
        first = search(game, state, seat, SMALL, seed=k)
        second = search(game, other, seat, SMALL, seed=k)
        assert _figures(first) == _figures(second), f"{game_id}: the AI saw hidden information"


class _Spy:
    """A game whose calls are watched: which methods ever get the real state."""

    def __init__(self, game: Game[Any], real: Any) -> None:
        self._game = game
        self._real = real
        self.touched: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._game, name)
        if not callable(attribute):
            return attribute

        def watched(*args: Any, **kwargs: Any) -> Any:
            if any(a is self._real for a in (*args, *kwargs.values())):
                self.touched.add(name)
            return attribute(*args, **kwargs)

        return watched


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_agent_reads_the_real_state_only_through_the_honest_doors(game_id: str) -> None:
    game = rules.get_game(game_id)
    for players, state in _sampled_positions(game, 4, seed=2):
        del players
        spy = _Spy(game, state)
        seat = game.to_act(state)[0]
        IsmctsAgent(SMALL, seed=3).choose(spy, state, seat)  # type: ignore[arg-type]
        assert spy.touched <= {"legal_actions", "view", "sample_world"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_agent_only_returns_legal_actions(game_id: str) -> None:
    game = rules.get_game(game_id)
    agents = [IsmctsAgent(SearchConfig(iterations=4), seed=5), IsmctsAgent(SMALL, seed=6)]
    for k, (_, state) in enumerate(_sampled_positions(game, 30, seed=3)):
        seat = game.to_act(state)[0]
        action = agents[k % 2].choose(game, state, seat)
        assert action in game.legal_actions(state, seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_small_budget_match_finishes(game_id: str) -> None:
    game = rules.get_game(game_id)
    players = game.info.min_players
    specs = ["ismcts:3", "easy:2", *["random"] * players][:players]
    agents = [make_agent(spec, seed=i) for i, spec in enumerate(specs)]
    played = play_game(game, players, seed=11, agents=agents)
    assert played.error is None and played.outcome is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_and_budget_give_the_same_action(game_id: str) -> None:
    game = rules.get_game(game_id)
    for k, (_, state) in enumerate(_sampled_positions(game, 4, seed=4)):
        seat = game.to_act(state)[0]
        first = search(game, state, seat, SMALL, seed=k)
        again = search(game, state, seat, SMALL, seed=k)
        assert _figures(first) == _figures(again)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_hooks_play_legal_moves_and_evaluate_in_range(game_id: str) -> None:
    game = rules.get_game(game_id)
    hooks = game_hooks(game)
    rng = random.Random(7)
    for players, state in _sampled_positions(game, 30, seed=5):
        seat = game.to_act(state)[0]
        if hooks.rollout_action is not None:
            assert hooks.rollout_action(game, state, seat, rng) in game.legal_actions(state, seat)
        if hooks.evaluate is not None:
            values = hooks.evaluate(game, state)
            assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
        if hooks.world_weight is not None:
            world = game.sample_world(state, seat, rng)
            assert 0.0 <= hooks.world_weight(game, world, seat) <= 1.0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_information_key_tells_views_apart_exactly_as_the_views_do(game_id: str) -> None:
    """Among the worlds one search samples for a seat, another seat's key is equal exactly
    when its view is: the search keys that seat's tree roots by it."""
    game = rules.get_game(game_id)
    key = game_hooks(game).information_key
    if key is None:
        pytest.skip("this game keys its trees by the views themselves")
    rng = random.Random(3)
    for players, state in _sampled_positions(game, 12, seed=9):
        seat = game.to_act(state)[0]
        worlds = [game.sample_world(state, seat, rng) for _ in range(12)]
        for q in range(players):
            for a in worlds[:4]:
                for b in worlds:
                    same_view = game.view(a, q) == game.view(b, q)
                    assert (key(game, a, q) == key(game, b, q)) == same_view


def test_kobayakawa_has_hooks() -> None:
    hooks = game_hooks(rules.get_game("kobayakawa"))
    assert hooks.rollout_action is not None and hooks.evaluate is not None
    assert hooks.rollout_depth is not None


def test_hint_names_a_legal_action_and_a_chance() -> None:
    game = rules.get_game("kobayakawa")
    state = game.new_game(4, seed=3)
    seat = game.to_act(state)[0]
    action, chance = hint(game, state, seat, level="easy", seed=1)
    assert action in game.legal_actions(state, seat)
    assert 0.0 <= chance <= 1.0


@pytest.mark.parametrize("game_id", ["imperios_milenarios", "conquest_of_the_empire"])
def test_the_hint_thinks_for_the_common_budget_where_the_games_normal_is_shorter(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The map games' normal opponent stops after a short glance ahead; the Hint asks the
    same level but searches its common budget (iterations and time), with the game's other
    changes to the level kept."""
    hint_module = importlib.import_module("rules.ai.hint")  # the package names the function
    game = rules.get_game(game_id)
    state = game.new_game(4, seed=5)
    seat = game.to_act(state)[0]
    seen = []
    real = hint_module.search

    def spy(game_, state_, seat_, config, seed):  # type: ignore[no-untyped-def]
        seen.append(config)
        return real(game_, state_, seat_, replace(config, iterations=3, time_limit=None), seed)

    monkeypatch.setattr(hint_module, "search", spy)
    action, chance = hint(game, state, seat, level="normal", seed=1)
    assert action in game.legal_actions(state, seat) and 0.0 <= chance <= 1.0
    (config,) = seen
    opponent = level_config(game, "normal")
    assert opponent.iterations < LEVELS["normal"].iterations
    assert config.iterations == LEVELS["normal"].iterations
    assert config.time_limit == LEVELS["normal"].time_limit
    assert replace(config, iterations=opponent.iterations,
                   time_limit=opponent.time_limit) == opponent


def test_levels_are_registered_agents() -> None:
    for level in ("easy", "normal", "hard"):
        agent = make_agent(level)
        assert isinstance(agent, IsmctsAgent) and agent.config == LEVELS[level]
    fixed = make_agent("ismcts:50")
    assert isinstance(fixed, IsmctsAgent) and fixed.config.iterations == 50
    assert fixed.config.time_limit is None
    hard_fixed = make_agent("hard:300")
    assert isinstance(hard_fixed, IsmctsAgent)
    assert hard_fixed.config == replace(LEVELS["hard"], iterations=300, time_limit=None)


@pytest.mark.parametrize("spec", ["ismcts:0", "ismcts:x", "hard:-3"])
def test_bad_budgets_are_refused(spec: str) -> None:
    with pytest.raises(rules.SetupError):
        make_agent(spec)


@pytest.mark.parametrize(
    ("scores", "rewards", "wins"),
    [
        ((3, 1), [1.0, 0.0], [1.0, 0.0]),
        ((2, 2), [0.5, 0.5], [0.5, 0.5]),
        ((5, 5, 1), [0.55, 0.55, 0.0], [0.5, 0.5, 0.0]),
        ((1, 9, 4, 4), [0.0, 1.0, 0.1, 0.1], [0.0, 1.0, 0.0, 0.0]),
    ],
)
def test_reward_is_a_shared_win_plus_a_place(
    scores: tuple[int, ...], rewards: list[float], wins: list[float]
) -> None:
    got_rewards, got_wins = outcome_rewards(Outcome.from_scores(scores))
    assert got_rewards == pytest.approx(rewards)
    assert got_wins == pytest.approx(wins)


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson_interval(95, 100)
    assert low < 0.95 < high and high <= 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.0 < high < 0.35


def test_arena_rotates_seats_and_reports_each_agent() -> None:
    game = rules.get_game("kobayakawa")
    tally = arena(game, 3, 6, 1, ["ismcts:4", "random", "random"])
    summary = tally.summary()
    per_agent = summary["per_agent"]
    assert per_agent["ismcts:4"]["seat_games"] == 6
    assert per_agent["random"]["seat_games"] == 12
    assert sum(summary["wins_per_seat"]) == pytest.approx(6)
    for figures in per_agent.values():
        low, high = figures["win_rate_ci95"]
        assert low <= figures["win_rate"] <= high
    assert per_agent["ismcts:4"]["decisions"] > 0


def test_arena_command_prints_win_rates_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "kobayakawa", "--players", "3", "--games", "3", "--agents", "ismcts:3,random"]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert set(summary["per_agent"]) == {"ismcts:3", "random"}
    assert "iterations_per_s" in summary["per_agent"]["ismcts:3"]


def test_arena_progress_writes_a_line_a_game_that_adds_up_to_the_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["arena", "coup", "--players", "2", "--games", "4", "--seed", "7",
            "--agents", "random,ismcts:3", "--progress"]
    assert main(args) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    lines = [json.loads(line) for line in captured.err.splitlines()]
    assert [line["arena_game"] for line in lines] == [7, 8, 9, 10]
    assert [line["seats"] for line in lines[:2]] == [["random", "ismcts:3"],
                                                     ["ismcts:3", "random"]]
    wins: dict[str, float] = {}
    for line in lines:
        for name in line["winning_agents"]:
            wins[name] = wins.get(name, 0.0) + 1 / len(line["winning_agents"])
    assert wins == {k: v for k, v in summary["wins_per_agent"].items() if v}
    quiet = ["arena", "coup", "--players", "2", "--games", "1", "--agents", "random"]
    assert main(quiet) == 0 and capsys.readouterr().err == ""


def _kobayakawa_state(**changes: Any) -> Any:
    game = rules.get_game("kobayakawa")
    state = game.new_game(4, seed=1, options={"start_player": 0})
    state = state.copy()
    for key, value in changes.items():
        setattr(state, key, value)
    return state


def test_kobayakawa_policy_keeps_the_low_card_under_a_high_kobayakawa() -> None:
    from rules.kobayakawa import Keep, Phase
    from rules.kobayakawa.ai import keep_better

    state = _kobayakawa_state(phase=Phase.KEEP, pile=[14], drawn=9)
    state.hands[0] = 1
    assert keep_better(state, 0) == Keep(1)
    state = _kobayakawa_state(phase=Phase.KEEP, pile=[2], drawn=13)
    state.hands[0] = 6
    assert keep_better(state, 0) == Keep(13)


def test_kobayakawa_policy_fights_when_last_and_nobody_fought() -> None:
    from rules.kobayakawa import Fight, Phase
    from rules.kobayakawa.ai import rollout_action

    game = rules.get_game("kobayakawa")
    order = (0, 1, 2, 3)
    state = _kobayakawa_state(phase=Phase.BET, order=order, turn=3, stakes=[0, 0, 0, -1])
    state.hands[3] = 2
    seat: Seat = 3
    assert rollout_action(game, state, seat, random.Random(0)) == Fight()


def test_kobayakawa_evaluation_favours_the_medal_leader() -> None:
    from rules.kobayakawa.ai import evaluate

    state = _kobayakawa_state(medals=[8, 3, 2, 1])
    values = evaluate(rules.get_game("kobayakawa"), state)
    assert values[0] == max(values) and values[3] == min(values)


def test_kobayakawa_worlds_where_a_fighter_holds_a_high_card_weigh_more() -> None:
    from rules.kobayakawa import Phase
    from rules.kobayakawa.ai import world_weight

    game = rules.get_game("kobayakawa")
    strong = _kobayakawa_state(phase=Phase.BET, order=(0, 1, 2, 3), turn=2, stakes=[1, 0, -1, -1])
    strong.pile = [3]
    strong.hands[0] = 15
    weak = strong.copy()
    weak.hands[0] = 4
    assert world_weight(game, strong, 2) > world_weight(game, weak, 2)


def test_kobayakawa_worlds_where_a_drawer_kept_the_better_card_weigh_more() -> None:
    """Seat 1 drew and threw a 12 away face up under a Kobayakawa of 3 (seat 0 flipped
    the 3 before it): a world where it kept a 14 explains that better than one where
    it kept a 5."""
    from rules.kobayakawa import Phase
    from rules.kobayakawa.ai import value_when_keeping, world_weight

    game = rules.get_game("kobayakawa")
    kept_high = _kobayakawa_state(phase=Phase.CHOOSE, order=(0, 1, 2, 3), turn=2, pile=[9, 3])
    kept_high.discards = [[], [12], [], []]
    kept_high.hands[1] = 14
    assert value_when_keeping(kept_high, 1) == 3
    kept_low = kept_high.copy()
    kept_low.hands[1] = 5
    assert world_weight(game, kept_high, 2) > world_weight(game, kept_low, 2)


def test_coup_search_models_opponents_by_policy_so_it_can_bluff() -> None:
    """In the tree, Coup's opponents answer as the policy's plain players: the searcher
    still finds a character it does not hold worth claiming in some openings against a
    rival whose record shows it lets claims pass, and bluffs less against one whose
    record shows it challenges. (Against a rival with no record a bluff is rarely worth
    it in a two-player opening: a few in a hundred.)"""
    from rules.coup.components import CLAIMS

    game = rules.get_game("coup")
    assert game_hooks(game).opponents_by_policy
    bluffed = {"trusting": 0, "sceptical": 0}
    for seed in range(16):
        state = game.new_game(2, seed, {"two_player_variant": False})
        seat = game.to_act(state)[0]
        for rival, record in bluffed.items():
            answers = [0, 0]
            answers[1 - seat] = 8
            if rival == "trusting":
                state.allowances, state.challenges = tuple(answers), (0, 0)
            else:
                state.allowances, state.challenges = (0, 0), tuple(answers)
            result = search(game, state, seat, SearchConfig(iterations=300), seed)
            claim = CLAIMS.get(result.action.TYPE)
            bluffed[rival] = record + (claim is not None and claim not in state.hidden[seat])
    assert bluffed["trusting"] > bluffed["sceptical"]
    assert bluffed["trusting"] > 0


def test_coup_table_doubts_alike_however_many_sit_at_it() -> None:
    """One rival alone doubts a possible claim as often as a whole table of three does,
    and a claimant on their last influence is doubted more."""
    from rules.coup.ai import TABLE_DOUBT, doubt_chance
    from rules.coup.state import Phase

    game = rules.get_game("coup")
    chances = {}
    for players in (2, 4):
        state = game.new_game(players, 1, {"two_player_variant": False})
        state.phase, state.claimant, state.claim, state.action = Phase.CHALLENGE, 0, "duke", "tax"
        chances[players] = doubt_chance(state, 1)
        table = 1 - (1 - chances[players]) ** (players - 1)
        assert abs(table - TABLE_DOUBT) < 1e-9
        *kept, lost = state.hidden[0]
        state.hidden[0], state.revealed[0] = tuple(kept), (*state.revealed[0], lost)
        assert doubt_chance(state, 1) > chances[players]
    assert chances[2] > chances[4]


def test_level_overrides_apply_per_game() -> None:
    """A game's LEVEL_OVERRIDES change only that level in that game: hard Kobayakawa
    models its opponents by the policy, normal does not, and other games keep theirs."""
    kobayakawa, magnate = rules.get_game("kobayakawa"), rules.get_game("magnate")
    assert level_config(kobayakawa, "hard").opponents_by_policy is True
    assert level_config(kobayakawa, "normal").opponents_by_policy is None
    assert level_config(magnate, "hard") == LEVELS["hard"]
    agent = make_agent("hard:30", 1)
    assert agent.config_for(kobayakawa).opponents_by_policy is True  # type: ignore[attr-defined]
    assert agent.config_for(kobayakawa).iterations == 30  # type: ignore[attr-defined]


def test_coup_expects_a_rival_to_doubt_as_often_as_it_has_challenged() -> None:
    """A rival's public record of challenges moves the doubt the search expects of it:
    one who has let ten claims pass is expected to doubt less, one who challenged ten
    times more, than the table's prior."""
    from rules.coup.ai import doubt_chance
    from rules.coup.state import Phase

    game = rules.get_game("coup")
    state = game.new_game(2, 1, {"two_player_variant": False})
    state.phase, state.claimant, state.claim, state.action = Phase.CHALLENGE, 0, "duke", "tax"
    prior = doubt_chance(state, 1)
    state.allowances = (0, 10)
    trusting = doubt_chance(state, 1)
    state.allowances, state.challenges = (0, 0), (0, 10)
    sceptical = doubt_chance(state, 1)
    assert trusting < prior / 2 and sceptical > 0.8


@pytest.mark.parametrize("game_id", ["coup", "kobayakawa", "magnate"])
def test_a_policy_move_the_rules_refuse_still_raises_inside_the_search(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search plays listed moves without `apply`'s checks, but a rollout policy's move
    is not listed: one the rules refuse raises as `apply` would, in place or not."""
    from rules.ai import ismcts
    from rules.core import Action, IllegalAction

    class Nonsense(Action):
        TYPE = "nonsense"

    game = rules.get_game(game_id)
    hooks = ismcts.game_hooks(game)
    monkeypatch.setitem(ismcts._HOOKS, game_id, replace(
        hooks, rollout_action=lambda g, s, seat, rng: Nonsense(), opponents_by_policy=False))
    state = game.new_game(game.info.min_players, 1)
    seat = game.to_act(state)[0]
    config = SearchConfig(iterations=5, policy_expansion=False)
    with pytest.raises(IllegalAction):
        search(game, state, seat, config)


@pytest.mark.parametrize(
    ("game_id", "budget"),
    [("corona_de_hierro", 100), ("imperios_milenarios", 25), ("conquest_of_the_empire", 25)],
)
def test_map_games_normal_is_a_short_search_and_named_budgets_hold(
    game_id: str, budget: int
) -> None:
    """In the map games normal stops at a short budget (100 iterations in Corona, 25 in
    Imperios and Conquest; its time limit stays), hard keeps the common level;
    `normal:250` in an arena plays 250 iterations, not the override's."""
    game = rules.get_game(game_id)
    normal = level_config(game, "normal")
    assert normal.iterations == budget and normal.time_limit == LEVELS["normal"].time_limit
    assert level_config(game, "hard").iterations == LEVELS["hard"].iterations
    app_normal = make_agent("normal", 1)
    assert app_normal.config_for(game).iterations == budget  # type: ignore[attr-defined]
    named = make_agent("normal:250", 1)
    assert named.config_for(game).iterations == 250  # type: ignore[attr-defined]
    assert named.config_for(game).time_limit is None  # type: ignore[attr-defined]
