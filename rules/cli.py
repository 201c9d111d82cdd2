"""The `python -m rules` command line: the measuring handles of ARCHITECTURE.md."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import rules
from rules.core import RulesError, SaveError, SetupError
from rules.core.safe_json import clip, clip_words, loads
from rules.core.saves import read_save_file

if TYPE_CHECKING:
    from collections.abc import Callable

USAGE_ERROR = 2
REFUSED = 1

MAX_GAMES = 10_000_000
MAX_JOBS = 256
MAX_SEED = 2**63 - 1
OPTION_DEPTH = 8

_SAVE_MESSAGES = {
    "missing": "the file does not exist, so it cannot be read",
    "not_a_file": "not a regular file (a folder, a device or a pipe), so it cannot be read",
    "unreadable": "the file cannot be read ({reason})",
    "too_deep": "the JSON nests deeper than {limit} levels, more than it ever needs",
    "number_too_long": "a number in the JSON is {length} characters long (at most {limit})",
    "not_a_number": "the JSON holds {value}, which is not a number a save can hold",
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
    "bad_seat": "seat #{index} is not a seat as the app writes it ({problem})",
    "bad_seat_name": "the name of seat #{index} is not 1 to {limit} printable characters",
    "illegal_action": "action #{index} by seat {seat} is not legal at that point ({reason})",
}


def describe(error: RulesError) -> str:
    """An English sentence for the command line (the app has its own catalogues)."""
    p: dict[str, Any] = {
        k: v if isinstance(v, list) else _short(v) for k, v in error.params.items()
    }
    if isinstance(error, SaveError) and error.code in _SAVE_MESSAGES:
        try:
            return _SAVE_MESSAGES[error.code].format(**p)
        except (KeyError, IndexError):
            pass
    if error.code == "unknown_game":
        return f"unknown game {p.get('game')!r}; known games: {', '.join(p.get('known', []))}"
    if error.code == "bad_player_count":
        return (
            f"{p['players']} players is not possible; "
            f"this game takes {p['minimum']} to {p['maximum']}"
        )
    if error.code == "unknown_agent":
        return f"unknown agent {p['agent']!r}; known agents: {', '.join(p['known'])}"
    if error.code == "agent_not_for_game":
        return (
            f"agent {p['agent']!r} does not play {p['game']}; its baseline bots: "
            + (", ".join(p["known"]) or "none")
        )
    if error.code == "bad_agent_argument":
        return f"bad agent argument in {p['agent']!r}"
    if error.code in ("unknown_option", "bad_option_value"):
        return f"bad option {p.get('option')!r}" + (
            f" = {p['value']!r}" if "value" in p else ""
        )
    return clip(str(error), 200)


def _short(value: object) -> object:
    """A parameter to echo: numbers and short values as they are, long ones clipped."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value if abs(value) < 10**20 else clip(value)
    if isinstance(value, str):
        return clip(value)
    text = clip(value)
    return value if not text.endswith("…") else text


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(USAGE_ERROR, f"{self.prog}: error: {clip_words(message)}\n")


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` (no 5,000-digit parse)."""

    def parse(value: str) -> int:
        digits = value.strip().lstrip("+-")
        if not digits.isdigit() or len(digits) > len(str(high)) or not low <= int(value) <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}")
        return int(value)

    return parse


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
        cmd.add_argument("--players", type=_whole(1, 99), default=None)
        cmd.add_argument("--games", type=_whole(1, MAX_GAMES), default=100)
        cmd.add_argument("--seed", type=_whole(0, MAX_SEED), default=0)
        cmd.add_argument(
            "--agents",
            default="random",
            help="comma-separated, e.g. random,ismcts:200"
            + (" (more agents than seats take turns sitting out)" if name == "arena" else
               " (at most one per seat; the list repeats over the seats)"),
        )
        cmd.add_argument("--option", action="append", default=[], metavar="KEY=JSON")
        if name == "arena":
            cmd.add_argument(
                "--jobs", type=_whole(1, MAX_JOBS), default=1, help="processes to play in"
            )
            cmd.add_argument(
                "--progress", action="store_true",
                help="one JSON line a game on stderr as it ends (a long arena can be read "
                     "on the way)",
            )
    replay = sub.add_parser("replay", help="validate a save by replaying it; print its outcome")
    replay.add_argument("save", type=Path)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "list":
            code = _list()
        elif args.command == "replay":
            code = _replay(args.save)
        else:
            code = _play(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # The reader went away (`| head`): the rest of the output has nobody to read it.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except SaveError as exc:
        print(f"save refused: {clip(str(args.save))}: {describe(exc)}", file=sys.stderr)
        return REFUSED
    except (SetupError, ValueError) as exc:
        text = describe(exc) if isinstance(exc, SetupError) else clip(str(exc), 200)
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
    """KEY=VALUE pairs, each VALUE read as JSON when it is JSON (through the hardened
    reader: a value nested 100,000 deep is refused, not a RecursionError), else text."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option wants KEY=VALUE, got {clip(pair)!r}")
        try:
            out[key.strip()] = loads(value, max_depth=OPTION_DEPTH)
        except SaveError as exc:
            if exc.code in ("too_deep", "number_too_long", "not_a_number"):
                raise ValueError(f"--option {clip(key)}: {describe(exc)}") from None
            out[key.strip()] = value
    return out


def _agent_specs(text: str, players: int, command: str) -> list[str]:
    """The --agents list, every spec built once to check it: known kind, a usable
    argument (`random` takes none), and in `simulate` no more agents than seats."""
    from rules.ai import make_agent

    specs = [s.strip() for s in text.split(",")]
    if not any(specs):
        raise ValueError("--agents needs at least one agent")
    if not all(specs):
        raise ValueError(f"--agents has an empty entry in {clip(text)!r}")
    for spec in specs:
        kind, colon, _arg = spec.partition(":")
        if kind == "random" and colon:
            raise SetupError("bad_agent_argument", agent=spec)
        make_agent(spec)
    if command == "simulate" and len(specs) > players:
        raise ValueError(
            f"--agents names {len(specs)} agents for {players} seats; in simulate each seat "
            "keeps one agent (use arena to rotate more agents through the seats)"
        )
    return specs


def _play(args: argparse.Namespace) -> int:
    from rules.simulate import arena, simulate

    game = rules.get_game(args.game)
    players = args.players if args.players is not None else game.info.min_players
    options = _options(args.option)
    game.new_game(players, args.seed, options)  # checks players and options up front
    specs = _agent_specs(args.agents, players, args.command)
    if args.command == "simulate":
        tally = simulate(game, players, args.games, args.seed, specs, options)
    else:
        tally = arena(game, players, args.games, args.seed, specs, options, jobs=args.jobs,
                      progress=args.progress)
    print(json.dumps(tally.summary(), indent=1))
    return 0 if tally.errors == 0 else REFUSED


def _replay(path: Path) -> int:
    record, state = read_save_file(path)  # the app's own door: same checks, same refusals
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
