"""The demo table's picture: what the demo camera shows when no camera is connected.

A whole end-of-hand table drawn by our renderer (`datasets/demo.py` holds its hands and draws it;
`python -m datasets.demo` writes it again), shipped as package data so that the table runs with no
drawing code and an installed package shows it from any folder.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import numpy as np

from vision.messages import VisionError


class DemoMissing(VisionError, FileNotFoundError):
    """The package's picture of the demo table is missing or damaged."""


PICTURE = resources.files("vision") / "demo-table.png"


@lru_cache(maxsize=1)
def demo_picture() -> np.ndarray:
    """The demo table as a BGR picture (read once, then cached; treat it as read-only)."""
    import cv2

    picture = cv2.imdecode(np.frombuffer(PICTURE.read_bytes(), np.uint8), cv2.IMREAD_COLOR)
    if picture is None:
        raise DemoMissing("demo_picture_missing", path=str(PICTURE))
    return picture
