"""An epoch's sample: every real crop once, the rare real flowers and seasons as often as asked."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest


@pytest.mark.parametrize("copies", [1, 3, 8])
def test_each_real_flower_is_drawn_as_often_as_asked_and_every_other_crop_once(copies):
    from datasets.codes import CLASS_CODES
    from lab.train import epoch_indices

    codes = np.array([CLASS_CODES.index(c) for c in ("1m", "5f", "7z", "1f", "9s")])
    real, synthetic = epoch_indices(codes, 4, np.random.default_rng(0), copies)
    drawn = Counter(real.tolist())
    assert drawn == {0: 1, 1: copies, 2: 1, 3: copies, 4: 1}
    assert sorted(synthetic.tolist()) == [0, 1, 2, 3]
