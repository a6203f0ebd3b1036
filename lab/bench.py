"""`python -m lab.bench` (or `python -m vision.bench`): the reader's speed and accuracy figures,
beside their peers.

Parts, each printed when it is built: the tile classifier (a batch of 30 crops); the table reader
on the valid photos beside the `mahjong-detector` package; whole hands read exactly on the valid
photos of a hand in a row (`lab.hands`); and the reader under other light, angles and distance
(`lab.conditions`).
"""

from __future__ import annotations

import argparse
from importlib import import_module

SECTIONS = (
    ("classifier", "lab.bench_classifier"),
    ("reader", "lab.bench_reader"),
    ("hands", "lab.hands"),
    ("conditions", "lab.conditions"),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bench", description=__doc__)
    parser.add_argument("--only", choices=[name for name, _ in SECTIONS])
    parser.add_argument("--limit", type=int, default=None, help="use at most this many photos")
    args = parser.parse_args(argv)
    for name, module in SECTIONS:
        if args.only and args.only != name:
            continue
        import_module(module).run(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
