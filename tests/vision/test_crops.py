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


def test_a_batch_of_crops_is_each_crop_squeezed_on_its_own():
    """The batch halves its doubled crops in one step: no crop's pixels may reach a neighbour's,
    whatever the crops' shapes and kinds; each is what the two steps give it alone (bilinear to
    twice the size, then each 2 x 2 averaged), as training squeezes crops one at a time."""
    import cv2

    from vision.crops import as_bgr, resize_square, stack_crops

    rng = np.random.default_rng(1)
    crops = [
        rng.integers(0, 256, (int(rng.integers(5, 130)), int(rng.integers(5, 130)), 3), np.uint8)
        for _ in range(12)
    ]
    crops += [rng.integers(0, 256, (40, 30), np.uint8), rng.integers(0, 256, (33, 47, 4), np.uint8)]
    for size in (48, 96):
        batch = stack_crops(crops, size)
        assert batch.shape == (len(crops), size, size, 3)
        for i, crop in enumerate(crops):
            bgr, twice = as_bgr(crop, i), (2 * size, 2 * size)
            double = cv2.resize(bgr, twice, interpolation=cv2.INTER_LINEAR)
            alone = cv2.resize(double, (size, size), interpolation=cv2.INTER_AREA)
            assert np.array_equal(batch[i], alone), (size, i)
            assert np.array_equal(resize_square(crop, size), alone), (size, i)
    assert stack_crops([], 48).shape == (0, 48, 48, 3)
