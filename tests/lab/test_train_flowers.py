"""The flower reader's training data: flowers and seasons only, never the held-out style."""

from __future__ import annotations

import numpy as np
import pytest

from datasets.codes import FLOWERS as FLOWER_CODES
from datasets.codes import SEASONS
from datasets.crop_cache import HELD_OUT_STYLE
from lab.train_flowers import FLOWERS, VARIANTS, _drawn


def test_the_eight_codes_are_the_flowers_then_the_seasons():
    assert FLOWERS == FLOWER_CODES + SEASONS


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_drawn_crops_are_flowers_and_seasons_of_the_styles_asked_at_the_readers_size(variant):
    styles = ("procedural", "glyph-imahjong-jp")
    size = VARIANTS[variant].size
    images, codes, drawn_in = _drawn((3, 12, styles, VARIANTS[variant]))
    assert images.shape == (12, size, size, 3) and images.dtype == np.uint8
    assert set(codes.tolist()) <= set(range(len(FLOWERS)))
    assert set(drawn_in) <= set(styles) and HELD_OUT_STYLE not in drawn_in
    again, same_codes, _ = _drawn((3, 12, styles, VARIANTS[variant]))
    assert np.array_equal(images, again) and np.array_equal(codes, same_codes)  # seeded
