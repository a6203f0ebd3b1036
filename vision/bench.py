"""`python -m vision.bench`: the benchmark command named in the docs, kept where people look for it.

The benchmarks themselves live in `lab.bench` with the rest of the training and evaluation code,
which nothing at run time imports; this launcher imports it only when the command is run.
"""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    from lab.bench import main as bench_main

    return bench_main(argv)


if __name__ == "__main__":
    raise SystemExit(main())
