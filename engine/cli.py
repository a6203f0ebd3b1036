"""Commands of the rules engine: `mahjong-table score`."""

from __future__ import annotations

import sys


def register(commands) -> None:
    score = commands.add_parser("score", help="score one hand (a JSON request, CONTRACT section 2)")
    score.add_argument("request", nargs="?", help="a JSON file (default: standard input)")
    score.add_argument("--json", action="store_true", help="print the answer as JSON")
    score.set_defaults(handler=_not_built("score"))


def _not_built(name: str):
    def handler(args) -> int:
        print(f"'mahjong-table {name}' is not built yet.", file=sys.stderr)
        return 2

    return handler
