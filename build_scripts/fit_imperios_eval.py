"""Fits Imperios Milenarios's evaluation (`rules/imperios_milenarios/ai.py`, `FEATURES`
and `WEIGHTS`) from games of the AI's rollout policy, and reports how well it and the
evaluation in use predict the winner.

    python build_scripts/fit_imperios_eval.py [games] [seed]

Plays `games` (default 1,600) policy games, the modes in turn (`MODES`), and keeps every
37th position of each. A quarter of the games (every fourth) is held out. The model is a
conditional logit of the winner on each civilisation's features (`ai.features`), each
with a weight at the start of the game and one at its end, blended by `ai._closeness`;
fitted by Newton's method with a small ridge. Prints one JSON object per line: the
held-out log-loss of a uniform guess, of the evaluation in use and of the fit (overall,
per quarter of the game and for 4 players and bronce), then the
fitted weights in the form `ai.WEIGHTS` takes. Needs numpy, which neither the game nor
the dev install has: run it with a Python that has it,
`PYTHONPATH=. python3 build_scripts/fit_imperios_eval.py`.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import numpy as np
from bench_imperios import MODES  # every mode the game offers (hierro at 6 and 7 only)

from rules.imperios_milenarios import GAME, ai
from rules.imperios_milenarios.components import AGES

EVERY = 37
RIDGE = 1e-3


def games(count: int, seed: int) -> list[dict[str, Any]]:
    """Per game: its mode and, for each kept position, the closeness, the features per
    civilisation, the win shares the evaluation in use gives, and (after the game) the
    win shares."""
    out = []
    for g in range(count):
        players, final = MODES[g % len(MODES)]
        rng = random.Random(seed * 1_000_003 + g)
        state = GAME.new_game(players, seed * 10_000 + g, {"final_age": final})
        kept = []
        step = 0
        while GAME.to_act(state):
            actor = GAME.to_act(state)[0]
            if step % EVERY == EVERY - 1 and GAME.outcome(state) is None:
                kept.append((ai._closeness(state), ai.features(state),
                             ai.win_shares(state)))
            state = GAME.apply(state, actor, ai.rollout_action(GAME, state, actor, rng)).state
            step += 1
        outcome = GAME.outcome(state)
        assert outcome is not None
        won = [(p in outcome.winners) / len(outcome.winners) for p in range(players)]
        out.append({"players": players, "final": final, "positions": kept, "won": won})
    return out


def design(t: float, x: list[list[float]]) -> np.ndarray:
    a = np.asarray(x, dtype=float)
    return np.hstack([a * (1.0 - t), a * t])


def softmax(u: np.ndarray) -> np.ndarray:
    p = np.exp(u - u.max())
    return p / p.sum()


def fit(rows: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    k = rows[0][0].shape[1]
    w = np.zeros(k)
    for _ in range(40):
        grad = RIDGE * w
        hess = RIDGE * np.eye(k)
        for z, y in rows:
            p = softmax(z @ w)
            grad += z.T @ (p - y)
            hess += z.T @ (np.diag(p) - np.outer(p, p)) @ z
        delta = np.linalg.solve(hess, grad)
        w -= delta
        if np.abs(delta).max() < 1e-7:
            break
    return w


def log_loss(shares: list[np.ndarray], ys: list[np.ndarray]) -> float:
    total = 0.0
    for p, y in zip(shares, ys, strict=True):
        total -= float(y @ np.log(np.clip(p, 1e-9, 1.0)))
    return total / max(1, len(ys))


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv else 1600
    seed = int(argv[1]) if len(argv) > 1 else 1
    played = games(count, seed)
    train, held = [], []
    for g, game in enumerate(played):
        y = np.asarray(game["won"])
        for t, x, in_use in game["positions"]:
            row = (t, design(t, x), y, np.asarray(in_use), game["players"], game["final"])
            (held if g % 4 == 3 else train).append(row)
    w = fit([(z, y) for _, z, y, _, _, _ in train])

    def report(name: str, rows: list[Any]) -> None:
        ys = [r[2] for r in rows]
        uniform = [np.full(len(y), 1.0 / len(y)) for y in ys]
        fitted = [softmax(r[1] @ w) for r in rows]
        print(json.dumps({"part": name, "positions": len(rows),
                          "uniform": round(log_loss(uniform, ys), 4),
                          "in_use": round(log_loss([r[3] for r in rows], ys), 4),
                          "fit": round(log_loss(fitted, ys), 4)}))

    report("held_out", held)
    for q in range(4):
        report(f"quarter_{q + 1}", [r for r in held if q / 4 <= r[0] < (q + 1) / 4
                                    or (q == 3 and r[0] == 1.0)])
    report("4_players_bronce", [r for r in held if r[4] == 4 and r[5] == AGES[2]])
    k = len(ai.FEATURES)
    print(json.dumps({"weights": {name: [round(float(w[i]), 4), round(float(w[k + i]), 4)]
                                  for i, name in enumerate(ai.FEATURES)}}))


if __name__ == "__main__":
    main(sys.argv[1:])
