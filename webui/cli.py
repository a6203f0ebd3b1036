"""Commands of the panel: `mahjong-table serve`."""

from __future__ import annotations

import sys


def register(commands) -> None:
    serve = commands.add_parser("serve", help="start the table panel (http://127.0.0.1:5000)")
    serve.add_argument("--host", default="127.0.0.1", help="0.0.0.0 lets phones on the Wi-Fi join")
    serve.add_argument("--port", type=int, default=5000)
    serve.set_defaults(handler=_not_built("serve"))


def _not_built(name: str):
    def handler(args) -> int:
        print(f"'mahjong-table {name}' is not built yet.", file=sys.stderr)
        return 2

    return handler
