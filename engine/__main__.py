"""`python -m engine [FILE] [--json]`: the same as `mahjong-table score`."""

import argparse
import sys

from engine.cli import register


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine")
    commands = parser.add_subparsers(dest="command")
    register(commands)
    args = parser.parse_args(["score", *(sys.argv[1:] if argv is None else argv)])
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
