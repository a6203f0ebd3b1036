"""The tiles of rendered tables as training crops: every face of the hands, the sets and the
discards, named by the code it was drawn with, in a style the classifier may learn."""

from __future__ import annotations

from collections import Counter

import numpy as np

from datasets.codes import CLASS_CODES
from datasets.crop_cache import CACHE_SIZE, HELD_OUT_STYLE
from datasets.table import full_table
from datasets.table_crops import MOST_WALL_BACKS, build_table_crops, training_styles


def test_a_tables_tiles_come_with_their_codes_and_turns():
    crops = build_table_crops(1, seed=3)
    rng = np.random.default_rng([3, 0])  # the table the builder draws first
    scene = full_table(rng, style=training_styles()[int(rng.integers(len(training_styles())))])
    drawn = Counter(
        t.code
        for t in scene.tiles
        if t.role in ("concealed", "win", "meld", "flower", "discard") and t.visible >= 0.95
    )
    named = Counter(CLASS_CODES[c] for c in crops.codes)
    backs = named.pop("back", 0) - drawn.pop("back", 0)
    assert named == drawn and 0 <= backs <= MOST_WALL_BACKS
    assert crops.images.shape[1:] == (CACHE_SIZE, CACHE_SIZE, 3)
    assert set(crops.rotations.tolist()) <= {0, 1, 2, 3}
    assert HELD_OUT_STYLE not in set(crops.groups.tolist())
