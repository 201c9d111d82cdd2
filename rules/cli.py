"""The `python -m rules` command line: the measuring handles of ARCHITECTURE.md."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import rules
from rules.core import RulesError, SaveError, SetupError
from rules.core.saves import load_save

USAGE_ERROR = 2
REFUSED = 1

_SAVE_MESSAGES = {
    "unreadable": "the file cannot be read ({reason})",
    "not_text": "the file is not UTF-8 text (bad byte at {position})",
    "too_large": "the file is too large to be a save ({size} bytes)",
    "not_json": "the file is not valid JSON (line {line}, column {column}); "
    "it may be truncated or edited by hand",
    "not_a_save": "the file is not a Tablero save (no 'format': 'tablero-save')",
    "unknown_version": "save format version {version!r} is not supported "
    "(this Tablero reads version {supported})",
    "unknown_game": "the save is for an unknown game {game!r}",
    "bad_field": "the save's '{field}' field is missing or of the wrong type",
    "bad_action_entry": "action #{index} is not of the form {{'seat': N, 'action': {{...}}}}",
    "bad_action": "action #{index} is malformed ({reason})",
    "bad_setup": "the save's setup is invalid ({reason})",
    "illegal_action": "action #{index} by seat {seat} is not legal at that point ({reason})",
}


def describe(error: RulesError) -> str:
    """An English sentence for the command line (the app has its own catalogues)."""
    if isinstance(error, SaveError) and error.code in _SAVE_MESSAGES:
        try:
            return _SAVE_MESSAGES[error.code].format(**error.params)
        except (KeyError, IndexError):
            pass
    p = error.params
    if error.code == "unknown_game":
        return f"unknown game {p.get('game')!r}; known games: {', '.join(p.get('known', []))}"
    if error.code == "bad_player_count":
        return (
            f"{p['players']} players is not possible; "
            f"this game takes {p['minimum']} to {p['maximum']}"
        )
    if error.code == "unknown_agent":
        return f"unknown agent {p['agent']!r}; known agents: {', '.join(p['known'])}"
    if error.code == "bad_agent_argument":
        return f"bad agent argument in {p['agent']!r}"
    if error.code in ("unknown_option", "bad_option_value"):
        return f"bad option {p.get('option')!r}" + (
            f" = {p['value']!r}" if "value" in p else ""
        )
    return str(error)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m rules", description="Tablero rules: measure and check.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("list", help="the registered games")
    for name, helptext in (
        ("simulate", "play many games between agents (seats keep their agents)"),
        ("arena", "play many games between agents, rotating seats"),
    ):
        cmd = sub.add_parser(name, help=helptext)
        cmd.add_argument("game")
        cmd.add_argument("--players", type=int, default=None)
        cmd.add_argument("--games", type=int, default=100)
        cmd.add_argument("--seed", type=int, default=0)
        cmd.add_argument(
            "--agents", default="random", help="comma-separated, e.g. random,ismcts:200"
        )
        cmd.add_argument("--option", action="append", default=[], metavar="KEY=JSON")
        if name == "arena":
            cmd.add_argument("--jobs", type=int, default=1, help="processes to play in")
    replay = sub.add_parser("replay", help="validate a save by replaying it; print its outcome")
    replay.add_argument("save", type=Path)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "list":
            return _list()
        if args.command == "replay":
            return _replay(args.save)
        return _play(args)
    except SaveError as exc:
        print(f"save refused: {args.save}: {describe(exc)}", file=sys.stderr)
        return REFUSED
    except (SetupError, ValueError) as exc:
        text = describe(exc) if isinstance(exc, SetupError) else str(exc)
        print(f"error: {text}", file=sys.stderr)
        return USAGE_ERROR


def _list() -> int:
    games = [
        {
            "id": g.info.id,
            "title": g.info.title,
            "players": [g.info.min_players, g.info.max_players],
            "chance": g.info.chance,
            "hidden_information": g.info.hidden_information,
            "options": {o.key: o.default for o in g.info.options},
        }
        for g in rules.GAMES.values()
    ]
    print(json.dumps(games, indent=1))
    return 0


def _options(pairs: list[str]) -> dict[str, Any]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--option wants KEY=VALUE, got {pair!r}")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def _play(args: argparse.Namespace) -> int:
    from rules.simulate import arena, simulate

    game = rules.get_game(args.game)
    players = args.players if args.players is not None else game.info.min_players
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    specs = [s for s in args.agents.split(",") if s.strip()]
    if not specs:
        raise ValueError("--agents needs at least one agent")
    options = _options(args.option)
    game.new_game(players, args.seed, options)  # checks players and options up front
    if args.command == "simulate":
        tally = simulate(game, players, args.games, args.seed, specs, options)
    else:
        tally = arena(game, players, args.games, args.seed, specs, options, jobs=args.jobs)
    print(json.dumps(tally.summary(), indent=1))
    return 0 if tally.errors == 0 else REFUSED


def _replay(path: Path) -> int:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SaveError("unreadable", reason=exc.strerror or str(exc)) from None
    record, state = load_save(data)
    game = rules.get_game(record.game)
    outcome = game.outcome(state)
    print(
        json.dumps(
            {
                "game": record.game,
                "players": record.players,
                "actions": len(record.actions),
                "finished": outcome is not None,
                "to_act": list(game.to_act(state)),
                "outcome": None
                if outcome is None
                else {
                    "scores": list(outcome.scores),
                    "ranking": list(outcome.ranking),
                    "winners": list(outcome.winners),
                },
            },
            indent=1,
        )
    )
    return 0
