"""`python -m vision.bench`: the benchmark command named in the docs, kept where people look for it.

The benchmarks themselves live in `lab.bench` with the rest of the training and evaluation code,
which nothing at run time imports and the installed package does not carry; this launcher imports
it only when the command is run.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    try:
        from lab.bench import main as bench_main
    except ModuleNotFoundError as missing:
        if missing.name != "lab":
            raise
        print(
            "The benchmarks are in the repository's lab/ package, which an installed "
            "mahjong-table does not carry: run this command in a checkout of the repository.",
            file=sys.stderr,
        )
        return 2
    return bench_main(argv)


if __name__ == "__main__":
    raise SystemExit(main())
