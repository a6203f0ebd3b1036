"""`python -m lab.bench` (or `python -m vision.bench`): the reader's speed and accuracy figures,
beside their peers.

Parts, each printed when it is built: the tile classifier (a batch of 30 crops); the table reader
on the valid photos beside the `mahjong-detector` package; whole hands read exactly on the valid
photos of a hand in a row (`lab.hands`); and the reader under other light, angles and distance
(`lab.conditions`).
"""

from __future__ import annotations

import argparse
import platform
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version

SECTIONS = (
    ("classifier", "lab.bench_classifier"),
    ("reader", "lab.bench_reader"),
    ("hands", "lab.hands"),
    ("conditions", "lab.conditions"),
)


# The libraries whose versions move the figures. OpenCV's resizing and warping change the pictures
# the renderer draws and the crops the reader cuts: with OpenCV 5.0 and 5.1 the reader named
# every valid photo's tiles the same as they are, but read 38 and 39 of the 40 rendered tables
# and named 4 of 99 turned photos otherwise. onnxruntime's kernels move the confidences.
LIBRARIES = ("onnxruntime", "opencv-python-headless", "numpy", "pillow")


def environment() -> str:
    """One line naming the machine and the libraries' versions, printed before the figures so
    that a figure can be traced to what measured it."""
    versions = []
    for name in LIBRARIES:
        try:
            versions.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            versions.append(f"{name} not installed")
    return (
        f"Measured with Python {platform.python_version()} on {_cpu_name()}: {', '.join(versions)}."
    )


def _cpu_name() -> str:
    """The processor's model where Linux tells it (`platform.processor()` is empty there)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bench", description=__doc__)
    parser.add_argument("--only", choices=[name for name, _ in SECTIONS])
    parser.add_argument("--limit", type=int, default=None, help="use at most this many photos")
    args = parser.parse_args(argv)
    print(environment())
    for name, module in SECTIONS:
        if args.only and args.only != name:
            continue
        import_module(module).run(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
