"""A drawn face for the tests of training's ink changes: white, with one red ink mark."""

from __future__ import annotations

import pytest

RED_INK = (0.1, 0.2, 0.9)  # B, G, R


def red_mark(count: int, size: int, rows: slice, columns: slice):
    """`count` crops (count, 3, size, size) of a white face with red ink at rows x columns."""
    torch = pytest.importorskip("torch")
    x = torch.ones(count, 3, size, size)
    x[:, :, rows, columns] = torch.tensor(RED_INK).view(1, 3, 1, 1)
    return x
