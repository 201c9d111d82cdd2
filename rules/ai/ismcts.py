"""Information-Set MCTS over the Game protocol: the search behind the easy/normal/hard agents.

The algorithm is MO-ISMCTS (multiple-observer Information-Set Monte Carlo Tree
Search; Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 4(2), 2012), chosen over SO-ISMCTS because in our games
many moves are only partly seen by the others (Kobayakawa's kept card, Coup's
claims, hidden hands): a single tree keyed by whole actions would let the
searcher's later decisions depend on what it cannot know, and would spread an
opponent's hidden choices over thousands of branches.

One iteration:

1. *Determinize*: `game.sample_world(state, seat, rng)` gives a full state
   consistent with what `seat` knows (kept with the game's `world_weight`
   probability, if it has one). This is the only way the search sees beyond
   `view(state, seat)`.
2. *Select* down one tree per seat at once. A decision belongs to the first
   seat in `to_act` (games list simultaneous answers in a fixed order). That
   seat's tree chooses by UCB1 over its own legal actions *in this
   determinization*, where an action's "parent visits" is how often it was
   available (its availability count), because actions are not legal in
   every determinization.
3. Every tree then follows the move as its owner *observes* it: the acting
   seat's tree by the action, then every tree (the actor's too) by the events
   of the transition that its owner may see (`visible_events`). So a tree's
   nodes are its owner's information sets: a drawn card splits the drawer's
   tree, an opponent's hidden choice does not split mine.
4. *Expand* one untried action of the acting seat (the policy's choice
   first). The walk ends at the searcher's first new node, or once every seat
   has had one (other seats' nodes are new whenever their private view is, so
   stopping at those would keep the searcher's tree one move deep). Then
   *roll out* with the game's policy (uniform random if it has none) to the
   end, or to the rollout depth if the game offers an evaluation.
5. *Back up* the per-seat rewards: each edge learns the reward of the seat
   that chose it.

The reward of a finished game for a seat is
`WIN_WEIGHT * win_share + (1 - WIN_WEIGHT) * place`, where `win_share` is
1/k for each of k winners (0 for the others), and `place` is
(n - position) / (n - 1) averaged over the positions a tie group occupies
(1 for a clear first, 0 for a clear last, 0.5 for everyone in a full tie).
It lies in [0, 1] and sums to the same total for every outcome, so two-player
games stay zero-sum; the place term keeps the search trying for second place
when it cannot win. Each edge also counts the win share on its own: that is
the win chance `hint` reports.

Per-game hooks live in `rules/<game id>/ai.py` (all optional):
`rollout_action(game, state, seat, rng) -> Action` (with a keyword `noise` if a
level's `rollout_noise` quiets its rollouts),
`evaluate(game, state) -> list[float]` (estimated reward per seat, in [0, 1]),
`ROLLOUT_DEPTH: int` (actions after the tree before `evaluate` cuts) and
`world_weight(game, world, seat) -> float` (in [0, 1]: how well a sampled
world explains what the others did; worlds are accepted with that
probability, so a seat that fought is more often dealt a strong card).
`prune(game, state, seat, legal) -> list[Action]` narrows what the search
tries at a decision to a non-empty part of `legal` (a game with forty-odd
choices a turn keeps its best few by heuristic); the rules' list, and so a
human's choices, stay whole.
`rank(game, state, seat, legal) -> list[Action]` orders the search's choices at a
decision (after `prune`) best first, with `WIDENING = (c, alpha)` beside it
(`DEFAULT_WIDENING` if absent): with it the search widens progressively wherever
UCB decides (the searcher's own nodes, and the other seats' unless the policy
plays them). A node whose edges have been visited n times in all weighs only its
best k = max(1, ceil(c * n ** alpha)) choices by `rank`, tries the untried among
them in rank order (not at random), and picks among the tried by UCB1. So a
small budget plays the ranking's choice down the tree, and a larger one departs
from it only where enough visits let it weigh the next choices: without it, a
node's second visit tries one of its choices at random, and a deeper search
learns from those random tries (docs/ai.md, Imperios Milenarios). The ranking
must be deterministic (no RNG; the same state gives the same order) and return
the same actions it was given. A game without `rank` searches as before,
draw for draw.
`play(game, state, seat, action) -> list[Event]` is for speed only: the
action played on the state itself (which `apply` would have copied), with
the same events and the same resulting state as `apply`, but no checks.
With it the search copies a state once per iteration (the sampled world is
its own) and changes that copy in place. It plays that way only actions it
knows are legal: those it took from `legal_actions` in the tree, and the
policy's rollout moves that `is_legal` accepts; anything else goes through
`apply`, every check included (so a policy's illegal move still raises).
Without `play` the search still skips `apply`'s checks for those same legal
actions (it calls the rules' `_apply` on them), and copies as `apply` does.
`win_chance(game, state) -> list[float]` is for the Hint only: each seat's chance
to win from a position, calibrated on how games end, for a game whose `evaluate`
is sharper than a probability on purpose (a search ranks its choices by it, a
player reads the number as odds). The search never calls it.

Honesty: the search reads the real state only through
`legal_actions(state, seat)` (the root's choices), `view(state, seat)` (the
decision's random seed) and `sample_world(state, seat, rng)`. Everything
else happens inside sampled worlds. Other seats' trees start from one root per
view they would have in the sampled world, so a simulated opponent decides on
what *it* would know there, not on the searcher's view.
"""

from __future__ import annotations

import gc
import importlib
import json
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from types import ModuleType
from typing import Any, cast

from rules.ai.agents import register_agent
from rules.core import Action, Event, Game, Outcome, Seat

WIN_WEIGHT = 0.8
ROLLOUT_CAP = 5_000
"""Actions after which a rollout that has not ended is scored as it stands."""

RolloutPolicy = Callable[[Game[Any], Any, Seat, random.Random], Action]
Evaluation = Callable[[Game[Any], Any], list[float]]
WorldWeight = Callable[[Game[Any], Any, Seat], float]
InformationKey = Callable[[Game[Any], Any, Seat], Hashable]
Prune = Callable[[Game[Any], Any, Seat, list[Action]], list[Action]]
Play = Callable[[Game[Any], Any, Seat, Action], list[Event]]
Rank = Callable[[Game[Any], Any, Seat, list[Action]], list[Action]]
WinChance = Callable[[Game[Any], Any], list[float]]
DEFAULT_WIDENING = (1.0, 0.5)
"""(c, alpha) of progressive widening for a game with `rank` but no `WIDENING`: a node
weighs its best ceil(c * n ** alpha) choices after n visits (1 up to 1 visit, 2 up to
4, 3 up to 9, 4 up to 16, ...)."""
WORLD_TRIES = 8
"""Sampled worlds drawn at most per iteration when the game weighs them."""


# -- rewards --------------------------------------------------------------
def outcome_rewards(outcome: Outcome) -> tuple[list[float], list[float]]:
    """Per seat: the search reward in [0, 1], and the win share (1/k for k winners)."""
    n = len(outcome.ranking)
    wins = [1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(n)]
    if n == 1:
        return [wins[0]], wins
    places = []
    for rank in outcome.ranking:
        tied = sum(1 for r in outcome.ranking if r == rank)
        # Positions rank..rank+tied-1 are shared; average their place values.
        first, last = rank, rank + tied - 1
        places.append((n - (first + last) / 2) / (n - 1))
    rewards = [WIN_WEIGHT * w + (1 - WIN_WEIGHT) * pl for w, pl in zip(wins, places, strict=True)]
    return rewards, wins


# -- per-game hooks -------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Hooks:
    """What a game's `ai` module offers the search; None where it offers nothing."""

    rollout_action: RolloutPolicy | None = None
    evaluate: Evaluation | None = None
    rollout_depth: int | None = None
    world_weight: WorldWeight | None = None
    opponents_by_policy: bool = False
    """Other seats decide by the policy inside the tree, not by UCB. For games of
    bluff: every determinization holds the searcher's true cards, so opponents that
    learnt by UCB would always catch its bluffs, and it would never bluff."""
    level_overrides: dict[str, dict[str, Any]] | None = None
    """Per level name, `SearchConfig` fields that differ in this game."""
    information_key: InformationKey | None = None
    """A cheap key for `view(world, seat)` among the worlds of one search: equal exactly
    when those views are equal. None: the view itself is the key."""
    prune: Prune | None = None
    """The search's own choices at a decision: a non-empty part of the legal list (the
    game's list is unchanged; a human keeps every choice). None: every legal action."""
    play: Play | None = None
    """A legal action played in place on a state the search owns; its events, as
    `apply` gives them. None: every move goes through `apply`."""
    rank: Rank | None = None
    """The search's choices at a decision, best first (progressive widening where UCB
    decides). None: no widening, untried choices are tried at random."""
    widening: tuple[float, float] | None = None
    """The game's (c, alpha) for widening with `rank`; None: `DEFAULT_WIDENING`."""
    win_chance: WinChance | None = None
    """Each seat's calibrated chance to win, for the Hint's figure; None: the Hint
    reports the search's own win share."""


_HOOKS: dict[str, Hooks] = {}


def game_hooks(game: Game[Any]) -> Hooks:
    """The hooks in `rules.<game id>.ai`, or none if the game has no such module."""
    found = _HOOKS.get(game.id)
    if found is None:
        name = f"rules.{game.id}.ai"
        module: ModuleType | None
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            module = None
        found = Hooks(
            getattr(module, "rollout_action", None),
            getattr(module, "evaluate", None),
            getattr(module, "ROLLOUT_DEPTH", None),
            getattr(module, "world_weight", None),
            bool(getattr(module, "OPPONENTS_BY_POLICY", False)),
            getattr(module, "LEVEL_OVERRIDES", None),
            getattr(module, "information_key", None),
            getattr(module, "prune", None),
            getattr(module, "play", None),
            getattr(module, "rank", None),
            getattr(module, "WIDENING", None),
            getattr(module, "win_chance", None),
        )
        _HOOKS[game.id] = found
    return found


# -- the search -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SearchConfig:
    """A search budget and policy: what a level is."""

    iterations: int
    time_limit: float | None = None
    """Seconds; the search stops at whichever of the two budgets comes first.
    With a time limit the result depends on the machine's speed."""
    exploration: float = 0.7
    use_policy: bool = True
    """Roll out with the game's policy; False: uniformly random moves."""
    use_evaluation: bool = True
    """Cut rollouts at the game's depth and evaluate; False: play to the end."""
    classic_expansion: bool = False
    """Stop the descent at the first new node of any tree (the paper's rule); False:
    at the searcher's first new node, or after one new node per seat."""
    policy_expansion: bool = True
    """Expand the policy's choice first at a new node; False: an untried action at random."""
    use_inference: bool = True
    """Weigh sampled worlds with the game's `world_weight`; False: all alike."""
    rollout_depth: int | None = None
    """Actions a rollout plays before the evaluation cuts it; None: the game's own."""
    opponents_by_policy: bool | None = None
    """Other seats decide by the policy inside the tree; None: as the game's hooks say."""
    use_widening: bool = True
    """Widen progressively by the game's `rank` if it has one; False: as if it had none."""
    widening: tuple[float, float] | None = None
    """(c, alpha) of the widening; None: the game's `WIDENING`, else `DEFAULT_WIDENING`."""
    depart_z: float | None = None
    """In a game with `rank`: the search plays the ranking's first choice at the root
    unless the most visited action's mean reward beats it by this many standard errors
    of their difference; None: the most visited, as UCT has it. Where the evaluation
    cannot tell two actions apart, the most visited is the noise's pick, and the
    ranking's knowledge is worth more (docs/ai.md, 2 December 2026)."""
    rollout_noise: float | None = None
    """The noise of the game's policy in the rollouts only, for a game whose
    `rollout_action` takes it (`noise=`); None: the policy's own. The policy modelling
    the other seats in the tree, and suggesting the first move at a new node, keeps
    its own: a quieter rollout judges a branch that leaves the tree early (inside the
    searcher's turn) closer to one that the tree plays for a round (docs/ai.md,
    3 December 2026)."""
    flat: bool = False
    """Grow no tree below the searcher's own first choice: every iteration plays one of
    its actions at the root and rolls out from there, so each is judged by the same
    continuation (the policy's) and none by a deeper tree than another; False: UCT as
    usual. No level sets it: in Imperios it chose no better than the tree
    (docs/ai.md, 4 December 2026)."""


@dataclass(frozen=True, slots=True)
class ActionStats:
    """What the search learnt about one root action."""

    action: Action
    visits: int
    reward: float
    win: float


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The chosen action, its estimated win chance, and the search's own figures."""

    action: Action
    win: float
    iterations: int
    seconds: float
    stats: tuple[ActionStats, ...]


class _Node(dict[Hashable, "_Edge"]):
    """An information set in one seat's tree: the moves out of it (its edges), by the
    action taken or, in a tree whose owner did not move, by who moved. (The node is
    its own dictionary of edges: one object less to make and to walk per node.)"""

    __slots__ = ()


class _Edge:
    """A move out of an information set, with the statistics of the seat that made it."""

    __slots__ = ("after", "avail", "last", "reward", "visits", "wins")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.wins = 0.0
        self.after: dict[Hashable, _Node] = {}
        self.last: tuple[list[Event], list[int]] | None = None
        """The events this move had the last time it was taken, and what each seat saw of
        them (`_observations`): a move that has the same events again (compared as data,
        in C) is seen the same way without freezing them again."""

    def child(self, observation: Hashable) -> _Node:
        node = self.after.get(observation)
        if node is None:
            node = self.after[observation] = _Node()
        return node


def _someone_moved(seat: Seat) -> Hashable:
    """The edge key in a tree whose owner did not make the move (it sees only events)."""
    return _MOVED[seat] if 0 <= seat < len(_MOVED) else ("moved", seat)


_MOVED = tuple(("moved", seat) for seat in range(8))


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _freeze(data: Any) -> Hashable:
    """JSON-like data as nested tuples: a key as telling as its JSON text, built faster.
    Dicts keep their order (a game builds each view and event the same way every
    time); lists and tuples alike become tuples."""
    kind = type(data)
    if kind is dict:
        return tuple([(k, v if type(v) in _SCALARS else _freeze(v)) for k, v in data.items()])
    if kind is list or kind is tuple:
        return tuple([v if type(v) in _SCALARS else _freeze(v) for v in data])
    if kind is str or kind is int or data is None or kind is bool or kind is float:
        return data  # type: ignore[no-any-return]
    if isinstance(data, dict):
        return tuple([(k, _freeze(v)) for k, v in data.items()])
    if isinstance(data, (list, tuple)):
        return tuple([_freeze(v) for v in data])
    return data if isinstance(data, Hashable) else str(data)


def _freeze_event(event: Event) -> Hashable:
    """`_freeze` of one event (a dict), its common case inline: an event whose values
    are all hashable, once the list of seats a private one names is a tuple, is its own
    items (equal to what `_freeze` makes of it, as its values are scalars or tuples of
    them). Kinds of event once found holding a list go the long way at once (raising and
    catching the error costs more than that way)."""
    if event["type"] not in _LISTS_SEEN:
        to = event["to"]
        if to == "all":
            key = tuple(event.items())
        else:  # its seats as a tuple, in their place
            named = event.copy()
            named["to"] = tuple(to)
            key = tuple(named.items())
        try:
            hash(key)
        except TypeError:  # a list among its other values
            _LISTS_SEEN.add(event["type"])
        else:
            return key
    return tuple([(k, v) if type(v) in _SCALARS else (k, _freeze(v)) for k, v in event.items()])


_LISTS_SEEN: set[Any] = set()
"""Event types seen holding a list (which only chooses the way, not the key)."""


def _observations(events: Sequence[Event], players: int, ids: dict[Hashable, int]) -> list[int]:
    """Per seat, what it saw of the events: the number `ids` gives the key of the events
    it may see (a tuple of `_freeze_event`s), a new number for a new key. Numbers are equal
    exactly when keys are, and each key is hashed and compared once per move, not once
    per seat and tree."""
    for e in events:
        if e["to"] != "all":
            break
    else:
        return [ids.setdefault(tuple([_freeze_event(e) for e in events]), len(ids))] * players
    encoded = [(_freeze_event(e), e["to"]) for e in events]
    # Seats no private event names see only the public ones: one key for them all.
    public = tuple([key for key, to in encoded if to == "all"])
    seen = [ids.setdefault(public, len(ids))] * players
    for seat in {seat for _, to in encoded if to != "all" for seat in to}:
        if 0 <= seat < players:
            mine = tuple([key for key, to in encoded if to == "all" or seat in to])
            seen[seat] = ids.setdefault(mine, len(ids))
    return seen


def _view_key(view: Any) -> Hashable:
    return _freeze(view)


class _Search:
    """One decision's search: its trees, its RNG and its budget."""

    def __init__(
        self, game: Game[Any], state: Any, seat: Seat, config: SearchConfig, seed: int
    ) -> None:
        self.game = game
        self.state = state
        self.seat = seat
        self.config = config
        view_text = json.dumps(game.view(state, seat), sort_keys=True, separators=(",", ":"),
                               default=str)
        self.rng = random.Random(f"{seed}|{seat}|{view_text}")
        self.root = _Node()
        self.observed: dict[Hashable, int] = {}
        """Every observation key met in this search, numbered (see `_observations`)."""
        self.rewards: dict[Hashable, tuple[list[float], list[float]]] = {}
        """Rewards and win shares per ranking and winners met in this search (`_rewards`)."""
        self.roots: dict[tuple[Seat, Hashable], _Node] = {}
        hooks = game_hooks(game)
        self.policy = hooks.rollout_action if config.use_policy else None
        self.rollout_policy = self.policy
        if self.policy is not None and config.rollout_noise is not None:
            self.rollout_policy = partial(cast(Any, self.policy), noise=config.rollout_noise)
        self.evaluate = hooks.evaluate if config.use_evaluation else None
        depth = hooks.rollout_depth if config.rollout_depth is None else config.rollout_depth
        self.depth = depth if self.evaluate is not None else None
        self.weight = hooks.world_weight if config.use_inference else None
        by_policy = (hooks.opponents_by_policy if config.opponents_by_policy is None
                     else config.opponents_by_policy)
        self.opponents_by_policy = by_policy and self.policy is not None
        self.information_key = hooks.information_key
        self.prune = hooks.prune
        self.play = hooks.play
        self.rank = hooks.rank if config.use_widening else None
        self.anchor_rank = hooks.rank if config.depart_z is not None else None
        self.squares: dict[_Edge, float] = {}
        """Per root edge of the searcher, its rewards squared, summed (`depart_z` only)."""
        self.widening = config.widening or hooks.widening or DEFAULT_WIDENING

    def run(self, legal: list[Action]) -> SearchResult:
        # The trees are thousands of small containers with no cycles among them (nor in
        # the sampled worlds): the cyclic collector would only walk them over and over
        # as they grow. Whatever cycles a search leaves, it collects afterwards.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._run(legal)
        finally:
            if collecting:
                gc.enable()

    def _run(self, legal: list[Action]) -> SearchResult:
        start = time.perf_counter()
        deadline = None if self.config.time_limit is None else start + self.config.time_limit
        budget = self.config.iterations
        done = 0
        while done < budget:
            self.iterate()
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if self._settled(legal, budget - done):
                break
        return self._result(legal, done, time.perf_counter() - start)

    def _settled(self, legal: list[Action], remaining: int) -> bool:
        """Whether no action can overtake the most visited one in the iterations left.
        (A lone action never settles: `hint` still wants its win chance.)"""
        if len(legal) < 2:
            return False
        edges = self.root
        first = second = 0
        for a in legal:
            edge = edges.get(a)
            if edge is not None:
                visits = edge.visits
                if visits > first:
                    first, second = visits, first
                elif visits > second:
                    second = visits
        return first > second + remaining

    def _result(self, legal: list[Action], done: int, seconds: float) -> SearchResult:
        stats = []
        for action in legal:
            edge = self.root.get(action)
            if edge is None or edge.visits == 0:
                stats.append(ActionStats(action, 0, 0.0, 0.0))
            else:
                stats.append(
                    ActionStats(
                        action, edge.visits, edge.reward / edge.visits, edge.wins / edge.visits
                    )
                )
        # Most visited; equal visits go to the better mean, then to the listed order.
        best = max(stats, key=lambda s: (s.visits, s.reward))
        if self.anchor_rank is not None and len(legal) > 1:
            best = self._anchored(legal, stats, best)
        return SearchResult(best.action, best.win, done, seconds, tuple(stats))

    def _anchored(self, legal: list[Action], stats: list[ActionStats],
                  best: ActionStats) -> ActionStats:
        """`best`, if it beats the ranking's first choice by `depart_z` standard errors
        of the difference of their mean rewards; else that first choice (`depart_z`)."""
        assert self.anchor_rank is not None and self.config.depart_z is not None
        choices = legal if self.prune is None else self.prune(
            self.game, self.state, self.seat, legal)
        anchor = self.anchor_rank(self.game, self.state, self.seat, choices)[0]
        if anchor == best.action:
            return best
        held = next(s for s in stats if s.action == anchor)
        return best if self.lead(best.action, anchor) > self.config.depart_z else held

    def lead(self, choice: Action, other: Action) -> float:
        """How many standard errors of the difference `choice`'s mean reward at the root is
        above `other`'s (the squares of rewards are kept only with `depart_z` set): +inf
        if `other` has too few tries to weigh (under 2), -inf if `choice` has."""
        spread = 0.0
        means = []
        for action in (choice, other):
            edge = self.root.get(action)
            if edge is None or edge.visits < 2:
                return -math.inf if action == choice else math.inf
            mean = edge.reward / edge.visits
            means.append(mean)
            spread += max(0.0, self.squares.get(edge, 0.0) / edge.visits - mean ** 2) / edge.visits
        gap = means[0] - means[1]
        if spread == 0.0:
            return 0.0 if gap == 0.0 else math.copysign(math.inf, gap)
        return gap / math.sqrt(spread)

    def _tree_roots(self, world: Any, players: int) -> list[_Node]:
        nodes = []
        for seat in range(players):
            if seat == self.seat:
                nodes.append(self.root)
                continue
            if self.information_key is not None:
                key = (seat, self.information_key(self.game, world, seat))
            else:
                key = (seat, _view_key(self.game.view(world, seat)))
            node = self.roots.get(key)
            if node is None:
                node = self.roots[key] = _Node()
            nodes.append(node)
        return nodes

    def _determinize(self) -> Any:
        """A sampled world; if the game weighs worlds by how well they explain what the
        others did, one accepted with that probability (the last of a few tries)."""
        world = self.game.sample_world(self.state, self.seat, self.rng)
        if self.weight is not None:
            for _ in range(WORLD_TRIES - 1):
                weight = self.weight(self.game, world, self.seat)
                if weight >= 1.0 or self.rng.random() < weight:
                    break
                world = self.game.sample_world(self.state, self.seat, self.rng)
        return world

    def iterate(self) -> None:
        game = self.game
        world = self._determinize()
        players = game.players(world)
        nodes = self._tree_roots(world, players)
        path: list[tuple[_Edge, Seat]] = []
        grown = 0
        while True:
            to_act = game.to_act(world)
            if not to_act:
                break
            actor = to_act[0]
            legal = game.legal_actions(world, actor)
            if self.prune is not None and len(legal) > 1:
                legal = self.prune(game, world, actor, legal)
            action, edge, expanded = self._select(nodes[actor], legal, world, actor)
            # The action is listed: the rules' own effect, without `apply`'s checks.
            if self.play is not None:  # on this iteration's own world, in place
                events = self.play(game, world, actor, action)
            else:
                transition = game._apply(world, actor, action)
                world, events = transition.state, transition.events
            path.append((edge, actor))
            if self.config.flat and actor == self.seat:
                break  # the root's choice is made: the rest is the rollout's
            last = edge.last
            if last is not None and last[0] == events:
                seen = last[1]
            else:
                seen = _observations(events, players, self.observed)
                edge.last = (events, seen)
            moved = _someone_moved(actor)
            for seat in range(players):
                if seat == actor:
                    followed = edge
                else:
                    edges = nodes[seat]
                    found = edges.get(moved)
                    if found is None:
                        found = edges[moved] = _Edge()
                    followed = found
                observed = seen[seat]
                node = followed.after.get(observed)
                if node is None:
                    node = followed.after[observed] = _Node()
                nodes[seat] = node
            if expanded:
                grown += 1
                # The searcher's own tree grows by one node per iteration. Other seats'
                # nodes are new whenever their private view is, so stopping there would
                # keep the searcher's tree one move deep; their new nodes only cap the
                # walk, at one per seat.
                if actor == self.seat or self.config.classic_expansion or grown >= players:
                    break
        rewards, wins = self._rollout(world)
        for edge, actor in path:
            edge.visits += 1
            edge.reward += rewards[actor]
            edge.wins += wins[actor]
        if self.anchor_rank is not None and path and path[0][1] == self.seat:
            first = path[0][0]
            self.squares[first] = self.squares.get(first, 0.0) + rewards[self.seat] ** 2

    def _select(
        self, node: _Node, legal: list[Action], world: Any, actor: Seat
    ) -> tuple[Action, _Edge, bool]:
        """UCB1 with availability counts; an untried legal action is expanded first:
        the policy's choice if it is untried, else one at random."""
        edges = node
        found = [edges.get(a) for a in legal]  # each action hashed once
        if self.opponents_by_policy and actor != self.seat and self.policy is not None:
            modelled = self.policy(self.game, world, actor, self.rng)
            known = edges.get(modelled)
            # Listed now: its edge is among the legal actions' (found by identity), or it
            # has none yet and equals a listed action.
            if known in found if known is not None else modelled in legal:
                for e in found:
                    if e is not None:
                        e.avail += 1
                if known is not None:
                    return modelled, known, False
                edge = edges[modelled] = _Edge()
                edge.avail = 1
                return modelled, edge, True
        if self.rank is not None:
            return self._select_widened(node, legal, world, actor)
        untried = []
        for a, e in zip(legal, found, strict=True):
            if e is None:
                untried.append(a)
            else:
                e.avail += 1
        if untried:
            action = untried[self.rng.randrange(len(untried))]
            if self.policy is not None and self.config.policy_expansion:
                # A seat first tries what a sensible player would: this matters most
                # for opponents, whose nodes are new whenever their private view is.
                suggested = self.policy(self.game, world, actor, self.rng)
                if suggested in untried:
                    action = suggested
            edge = edges[action] = _Edge()
            edge.avail = 1
            return action, edge, True
        # nothing untried: every action has its edge
        return (*self._ucb(legal, cast(list[_Edge], found)), False)

    def _select_widened(
        self, node: _Node, legal: list[Action], world: Any, actor: Seat
    ) -> tuple[Action, _Edge, bool]:
        """Progressive widening by the game's `rank`: after n visits of its edges a node
        weighs its best k = max(1, ceil(c * n ** alpha)) choices; the first untried of
        those (in rank order) is expanded, else UCB1 picks among them."""
        assert self.rank is not None
        ranked = self.rank(self.game, world, actor, legal) if len(legal) > 1 else legal
        found = [node.get(a) for a in ranked]
        visits = 0
        for e in found:
            if e is not None:
                visits += e.visits
        c, alpha = self.widening
        k = max(1, math.ceil(c * visits**alpha))
        for a, e in zip(ranked[:k], found[:k], strict=True):
            if e is None:  # the best untried: the others wait for later visits
                for tried in found[:k]:
                    if tried is not None:
                        tried.avail += 1
                edge = node[a] = _Edge()
                edge.avail = 1
                return a, edge, True
        weighed = cast(list[_Edge], found[:k])  # all tried
        for e in weighed:
            e.avail += 1
        return (*self._ucb(ranked[:k], weighed), False)

    def _ucb(self, actions: list[Action], edges: list[_Edge]) -> tuple[Action, _Edge]:
        """The action of highest UCB1 score (availability counts; the first on a tie)."""
        c = self.config.exploration
        log, sqrt = math.log, math.sqrt
        best_score = -math.inf
        best, best_edge = actions[0], edges[0]
        for a, e in zip(actions, edges, strict=True):
            score = e.reward / e.visits + c * sqrt(log(e.avail) / e.visits)
            if score > best_score:
                best_score, best, best_edge = score, a, e
        return best, best_edge

    def _rewards(self, outcome: Outcome) -> tuple[list[float], list[float]]:
        """`outcome_rewards`, worked out once per ranking and winners in this search (the
        backup only reads them)."""
        key = (outcome.ranking, outcome.winners)
        found = self.rewards.get(key)
        if found is None:
            found = self.rewards[key] = outcome_rewards(outcome)
        return found

    def _rollout(self, world: Any) -> tuple[list[float], list[float]]:
        game, rng, policy, play = self.game, self.rng, self.rollout_policy, self.play
        seats_to_act, is_legal = game.to_act, game.is_legal
        steps = 0
        limit = ROLLOUT_CAP if self.depth is None else min(self.depth, ROLLOUT_CAP)
        while True:
            to_act = seats_to_act(world)
            if not to_act:  # a seat to act means the game goes on: no outcome yet
                outcome = game.outcome(world)
                if outcome is not None:
                    return self._rewards(outcome)
                break  # pragma: no cover - a game without outcome nor seat to act
            if steps >= limit:
                break
            actor = to_act[0]
            if policy is not None:
                action = policy(game, world, actor, rng)
                trusted = is_legal(world, actor, action)
            else:
                action = rng.choice(game.legal_actions(world, actor))
                trusted = True
            if not trusted:  # every check: a policy's illegal move raises here
                world = game.apply(world, actor, action).state
            elif play is not None:
                play(game, world, actor, action)
            else:
                world = game._apply(world, actor, action).state
            steps += 1
        players = game.players(world)
        if self.evaluate is not None:
            values = self.evaluate(game, world)
            return values, values
        even = [1.0 / players] * players
        return even, even


def search(
    game: Game[Any], state: Any, seat: Seat, config: SearchConfig, seed: int = 0
) -> SearchResult:
    """Search for `seat`'s best action, reading only what that seat may know."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    return _Search(game, state, seat, config, seed).run(legal)


# -- agents and levels ----------------------------------------------------
LEVELS: dict[str, SearchConfig] = {
    "easy": SearchConfig(
        iterations=40,
        time_limit=0.25,
        use_policy=False,
        use_evaluation=False,
        use_inference=False,
    ),
    # Normal takes every sampled world alike: it does not read the others' bets.
    "normal": SearchConfig(iterations=400, time_limit=0.45, use_inference=False),
    # Hard thinks until its time limit in every game: at 2,500 iterations the faster search
    # stopped Coup at 0.3 s and Kobayakawa at 0.5 s; 8,000 won more (docs/ai.md).
    "hard": SearchConfig(iterations=8000, time_limit=1.8),
}


class IsmctsAgent:
    """An agent that searches every decision; `last` keeps the latest search's figures."""

    def __init__(
        self,
        config: SearchConfig,
        seed: int = 0,
        name: str = "ismcts",
        level: str | None = None,
        fixed_budget: bool = False,
    ) -> None:
        self.name = name
        self.config = config
        self.level = level
        """The level whose per-game `LEVEL_OVERRIDES` apply, if any."""
        self.fixed_budget = fixed_budget
        """The budget was named (`hard:950`): a game's overrides keep it and change only
        the level's policy."""
        self.seed = seed
        self.last: SearchResult | None = None
        self.last_iterations = 0

    def __repr__(self) -> str:
        return f"IsmctsAgent({self.config!r}, seed={self.seed}, name={self.name!r})"

    def choose(self, game: Game[Any], state: Any, seat: Seat) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            self.last, self.last_iterations = None, 0
            return legal[0]
        self.last = _Search(game, state, seat, self.config_for(game), self.seed).run(legal)
        self.last_iterations = self.last.iterations
        return self.last.action

    def config_for(self, game: Game[Any]) -> SearchConfig:
        """This agent's config with the game's overrides for its level."""
        if self.level is None:
            return self.config
        config = level_config(game, self.level, self.config)
        if self.fixed_budget:
            config = replace(config, iterations=self.config.iterations,
                             time_limit=self.config.time_limit)
        return config


def level_config(game: Game[Any], level: str, base: SearchConfig | None = None) -> SearchConfig:
    """`level`'s config (or `base`) with the fields the game's `LEVEL_OVERRIDES` change."""
    config = LEVELS[level] if base is None else base
    overrides = (game_hooks(game).level_overrides or {}).get(level)
    return replace(config, **overrides) if overrides else config


def _level_factory(level: str) -> Callable[[str | None, int], IsmctsAgent]:
    def build(arg: str | None, seed: int) -> IsmctsAgent:
        config = LEVELS[level]
        if arg is not None:  # `hard:5000`: the level's policy with another iteration budget
            config = replace(config, iterations=_positive(arg), time_limit=None)
        if arg is None:
            return IsmctsAgent(config, seed, level, level)
        return IsmctsAgent(config, seed, f"{level}:{arg}", level, fixed_budget=True)

    return build


def _ismcts_factory(arg: str | None, seed: int) -> IsmctsAgent:
    iterations = 200 if arg is None else _positive(arg)
    name = "ismcts" if arg is None else f"ismcts:{arg}"
    return IsmctsAgent(SearchConfig(iterations=iterations), seed, name)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


register_agent("ismcts", _ismcts_factory)
for _level in LEVELS:
    register_agent(_level, _level_factory(_level))
