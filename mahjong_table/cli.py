"""`mahjong-table`: the command line of CONTRACT section 4.

Each package registers its own commands (`engine.cli`, `vision.cli`, `webui.cli`), so this file only
assembles them. Those modules import their heavy dependencies inside the command handlers, which
keeps `mahjong-table score` quick and free of OpenCV, onnxruntime and Flask.
"""

from __future__ import annotations

import argparse
import sys

from engine import cli as engine_cli
from vision import cli as vision_cli
from webui import cli as webui_cli


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong-table",
        description="Table assistant for Korean 2-Point Mahjong: score, read tiles, run the panel.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    for package in (webui_cli, engine_cli, vision_cli):
        package.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        return 130
