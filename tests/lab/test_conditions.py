"""The conditions benchmark tells photos as shot from photos squeezed out of shape."""

from __future__ import annotations

import numpy as np

from lab.conditions import squeezed


def test_a_row_of_tiles_as_shot_is_not_squeezed_whatever_its_turn():
    upright = np.array([[30 * k, 0, 30 * k + 28, 40] for k in range(14)], float)
    sideways = upright[:, [1, 0, 3, 2]]
    assert not squeezed(upright) and not squeezed(sideways)


def test_tiles_many_times_longer_than_wide_come_from_a_squeezed_photo():
    # the dataset's export squeezed some photos to a square: a tile 30 px wide became 340 px long
    row = np.array([[30 * k, 280, 30 * k + 28, 620] for k in range(14)], float)
    assert squeezed(row)
