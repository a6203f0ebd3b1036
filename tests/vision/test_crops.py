"""Cutting a tile out of a picture, as the reader and the training data both do."""

from __future__ import annotations

import numpy as np

from vision.crops import crop_box


def test_crop_box_keeps_the_tile_centred_at_the_edge():
    image = np.arange(100 * 100 * 3, dtype=np.uint32).reshape(100, 100, 3).astype(np.uint8)
    crop = crop_box(image, (0, 0, 20, 10), context=0.5)
    assert crop.shape[:2] == (20, 40)
    assert (crop[5:, 10:] == image[:15, :30]).all(), "the picture's own pixels, in place"
    assert (crop[:5, :10] == image[0, 0]).all(), "beyond the corner, the corner pixel repeated"


def test_crop_box_grows_the_box_by_its_context_inside_the_picture():
    image = np.zeros((100, 100, 3), np.uint8)
    image[40:60, 30:50] = 255
    crop = crop_box(image, (30, 40, 50, 60), context=0.25)
    assert crop.shape[:2] == (30, 30)
    assert crop[5:25, 5:25].min() == 255 and crop[:5].max() == 0


def test_a_crop_past_any_edge_repeats_the_edge_as_a_padded_picture_would():
    import cv2

    rng = np.random.default_rng(0)
    image = rng.integers(0, 256, (60, 80, 3), dtype=np.uint8)
    pad = 100
    padded = cv2.copyMakeBorder(image, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    for _ in range(200):
        x0, y0 = rng.integers(-90, 150), rng.integers(-90, 130)
        box = (
            float(x0),
            float(y0),
            float(x0 + rng.integers(1, 40)),
            float(y0 + rng.integers(1, 40)),
        )
        crop = crop_box(image, box)
        expected = padded[int(y0) + pad : int(box[3]) + pad, int(x0) + pad : int(box[2]) + pad]
        assert np.array_equal(crop, expected), box
