"""The reader's quick median answers as numpy's does, so no reading changes with it."""

from __future__ import annotations

import math

import numpy as np

from vision.stats import median


def test_the_median_is_numpys_to_the_last_bit():
    rng = np.random.default_rng(3)
    for size in range(1, 41):
        for values in (
            rng.random(size) * 100,
            (rng.random(size) * 100).astype(np.float32),  # the two middle values met in float32
            rng.integers(0, 100, size),  # integers: a float answer, halves kept
            rng.integers(0, 3, size).astype(float),  # ties
        ):
            assert median(values) == float(np.median(values)), (size, values.dtype)
            assert median(values.tolist()) == float(np.median(values.tolist()))


def test_no_values_or_a_nan_give_nan_as_numpy_does():
    assert math.isnan(median([]))
    assert math.isnan(median([1.0, math.nan, 2.0]))
