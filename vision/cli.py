"""Commands of the reader: `mahjong-table recognize` and `mahjong-table classify`."""

from __future__ import annotations

import sys


def register(commands) -> None:
    recognize = commands.add_parser("recognize", help="read tiles and hands from table photos")
    recognize.add_argument("images", nargs="+", metavar="IMAGE")
    recognize.add_argument("--json", action="store_true", help="print JSON (CONTRACT section 3)")
    recognize.set_defaults(handler=_not_built("recognize"))

    classify = commands.add_parser("classify", help="name the tile in each cropped image")
    classify.add_argument("images", nargs="+", metavar="IMAGE")
    classify.add_argument("--json", action="store_true", help="print JSON (CONTRACT section 3)")
    classify.set_defaults(handler=_not_built("classify"))


def _not_built(name: str):
    def handler(args) -> int:
        print(f"'mahjong-table {name}' is not built yet.", file=sys.stderr)
        return 2

    return handler
