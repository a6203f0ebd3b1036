"""Training moves each crop's box as far as asked: the centre by up to `box_shift` of the tile's
size, so a run can match how far the finder's boxes stray (`--box-shift`)."""

from __future__ import annotations

import numpy as np
import pytest


def _centres(box_shift: float, count: int = 256) -> np.ndarray:
    """Where a bright tile's centre lands in the network's input, in tile lengths from the
    middle, over `count` augmented copies of one crop."""
    torch = pytest.importorskip("torch")
    from datasets.crop_cache import CONTEXT
    from lab.train import augment_batch

    side = 64
    tile = 2 * round(side / (1 + 2 * CONTEXT) / 2)  # the box's size in the cached crop, centred
    start = (side - tile) // 2
    crop = np.zeros((count, side, side, 3), np.uint8)
    crop[:, start : start + tile, start : start + tile] = 255
    generator = torch.Generator().manual_seed(0)
    x, _ = augment_batch(
        torch.from_numpy(crop), torch.zeros(count, dtype=torch.long), generator, box_shift=box_shift
    )
    bright = (x.mean(1) > 0).float().numpy()  # the tile (above mid-grey) against the black
    size = bright.shape[-1]
    grid = np.arange(size) + 0.5 - size / 2
    mass = bright.sum((1, 2))
    across = (bright.sum(1) * grid).sum(1) / mass
    down = (bright.sum(2) * grid).sum(1) / mass
    # the tile fills size / (1 + 2 CONTEXT) pixels of the input when the box is not rescaled
    return np.stack([across, down], 1) / (size / (1 + 2 * CONTEXT))


def test_the_box_moves_the_tile_as_far_as_asked_and_no_further():
    pytest.importorskip("torch")
    from lab.train import BOX_SCALE

    still = _centres(0.0)
    near = _centres(0.03)
    far = _centres(0.06)
    assert np.abs(still).max() < 0.01
    # a box made smaller shows the same move larger, by up to 1 / (1 - BOX_SCALE); a hundredth
    # for the pixels' rounding
    assert np.abs(near).max() <= 0.03 / (1 - BOX_SCALE) + 0.01
    assert np.abs(far).max() <= 0.06 / (1 - BOX_SCALE) + 0.01
    assert 1.6 < far.std() / near.std() < 2.4
