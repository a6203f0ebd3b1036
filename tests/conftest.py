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
    message = f"shared data not found at {path}"
    if os.environ.get("REQUIRE_SHARED_DATA") == "1":
        pytest.fail(message + " (REQUIRE_SHARED_DATA=1)")
    pytest.skip(message)
