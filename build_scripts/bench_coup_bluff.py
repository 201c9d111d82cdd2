"""How the hard Coup AI bluffs and challenges: claims it cannot back, and challenges that win.

`python build_scripts/bench_coup_bluff.py [GAMES] [PLAYERS] [LEVEL]` plays LEVEL in seat k % PLAYERS
against random agents and prints one JSON line. Part of `make bench` (issue 5's report).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules
from rules.ai import make_agent
from rules.coup.actions import Block, Challenge
from rules.coup.components import CLAIMS


def claimed(action: rules.Action) -> str | None:
    """The character an action claims, if any."""
    if isinstance(action, Block):
        return action.character
    return CLAIMS.get(action.type)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    level = sys.argv[3] if len(sys.argv) > 3 else "hard"
    game = rules.get_game("coup")
    claims = bluffs = challenges = won = wins = 0
    start = time.perf_counter()
    for k in range(games):
        ai_seat = k % players
        agents = [
            make_agent(level if p == ai_seat else "random", 100 * k + p) for p in range(players)
        ]
        state = game.new_game(players, seed=k)
        pending_challenge = False
        while game.to_act(state):
            seat = game.to_act(state)[0]
            action = agents[seat].choose(game, state, seat)
            if seat == ai_seat:
                character = claimed(action)
                if character is not None:
                    claims += 1
                    bluffs += character not in state.hidden[seat]
                if isinstance(action, Challenge):
                    challenges += 1
                    pending_challenge = True
            transition = game.apply(state, seat, action)
            state = transition.state
            for ev in transition.events:
                if pending_challenge and ev["type"] == "challenge_lost":
                    won += ev["winner"] == ai_seat
                    pending_challenge = False
        outcome = game.outcome(state)
        wins += outcome is not None and ai_seat in outcome.winners
    print(json.dumps({
        "bench": "coup_bluffing", "level": level, "players": players, "games": games,
        "wins": wins, "fair_share": round(games / players, 2),
        "claims": claims, "bluffs": bluffs,
        "bluff_rate": round(bluffs / claims, 3) if claims else None,
        "challenges": challenges, "challenges_won": won,
        "challenge_success": round(won / challenges, 3) if challenges else None,
        "wall_s": round(time.perf_counter() - start, 1),
    }))


if __name__ == "__main__":
    main()
