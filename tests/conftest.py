"""Shared test helpers: where the shared data lives and whether a test may skip without it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("MAHJONG_SHARED", ROOT.parent / "shared"))
PHOTOS = SHARED / "datasets" / "chinese-mahjong-detection"


def require_shared(path: Path) -> Path:
    """Skip a test when shared data is absent, except in CI (REQUIRE_SHARED_DATA=1), which fails."""
    if path.exists():
        return path
    _missing(f"shared data not found at {path}")


def require_style(style: str) -> str:
    """Skip a test of one tile style this machine cannot draw (its font not installed: the
    renderer would draw the procedural style in its place), except in CI, which fails (`.ci/run`
    installs the fonts)."""
    from datasets.render import available_styles

    if style in available_styles():
        return style
    _missing(f"the tile style {style} cannot be drawn here: its font is not installed (.ci/run)")


def _missing(message: str) -> None:
    if os.environ.get("REQUIRE_SHARED_DATA") == "1":
        pytest.fail(message + " (REQUIRE_SHARED_DATA=1)")
    pytest.skip(message)
