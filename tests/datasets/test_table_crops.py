"""The tiles of rendered tables as training crops: every face of the hands, the sets and the
discards, named by the code it was drawn with, in a style the classifier may learn."""

from __future__ import annotations

from collections import Counter

import numpy as np

from datasets.codes import CLASS_CODES
from datasets.crop_cache import CACHE_SIZE, HELD_OUT_STYLE
from datasets.table import LOW_TILTS, full_table, made_level
from datasets.table_crops import (
    FACE_ROLES,
    MOST_WALL_BACKS,
    build_table_crops,
    table_crops_name,
    training_styles,
)


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


def test_a_low_cameras_tiles_are_cut_from_the_table_made_level_as_the_reader_sees_it():
    """A low camera's far faces reach the classifier enlarged from a few pixels by the level
    picture (`made_level`): those are the crops it learns, each named by its drawn code, the
    tiles the level picture cuts off left out."""
    crops = build_table_crops(1, seed=3, low=LOW_TILTS)
    rng = np.random.default_rng([3, 0])  # the table the builder draws first, as it draws it
    tilt = float(np.random.default_rng([3, 0, 1]).uniform(*LOW_TILTS))
    style = training_styles()[int(rng.integers(len(training_styles())))]
    scene = full_table(rng, style=style, tilt=tilt)
    boxes = np.array([t.box for t in scene.tiles], np.float32)
    kinds = np.array([t.code == "back" for t in scene.tiles], np.int64)
    level, moved, kept = made_level(scene.image, boxes, kinds)
    assert level.shape != scene.image.shape, "the table is seen low enough to be made level"
    faces = [
        k
        for k, t in enumerate(scene.tiles)
        if t.role in FACE_ROLES and t.visible >= 0.95 and t.code != "back" and not t.level
    ]
    drawn = Counter(scene.tiles[k].code for k in faces if kept[k])  # the faces it keeps
    named = Counter(CLASS_CODES[c] for c in crops.codes)
    named.pop("back", None)
    assert named == drawn
    # the builder's first crop: its first tile of those roles the level picture keeps
    first = next(
        k
        for k, t in enumerate(scene.tiles)
        if t.role in FACE_ROLES and t.visible >= 0.95 and not t.level and kept[k]
    )
    where = moved[int(kept[:first].sum())]
    from datasets.crop_cache import context_crop

    assert np.array_equal(crops.images[0], context_crop(level, where))
    assert table_crops_name(800, 41, low=LOW_TILTS) == "table-tiles-800-seed41-low"
    assert table_crops_name(800, 44, low=(0.15, 0.3)) == "table-tiles-800-seed44-low0.15-0.3"


def test_tiles_cut_where_the_reader_boxes_them_keep_their_drawn_codes():
    """The reader's boxes lie a little off the drawn ones; cut there, each tile it found is still
    named by the code it was drawn with, and a tile it missed is left out, never misnamed."""
    import pytest

    from vision.reader import TileReader

    drawn = build_table_crops(1, seed=3)
    found = build_table_crops(1, seed=3, found=True)
    as_drawn = Counter(drawn.codes.tolist())
    as_found = Counter(found.codes.tolist())
    assert not as_found - as_drawn, "no tile is named by a code it was not drawn with"
    assert len(found.codes) >= 0.9 * len(drawn.codes), "the reader finds most of a table's tiles"
    assert set(found.rotations.tolist()) <= {0, 1, 2, 3}
    # the crops are cut at the reader's boxes, not the drawn ones
    rng = np.random.default_rng([3, 0])
    scene = full_table(rng, style=training_styles()[int(rng.integers(len(training_styles())))])
    boxes = [t.box for t in TileReader().read(scene.image).tiles]
    from datasets.crop_cache import context_crop

    cut_there = [context_crop(scene.image, box) for box in boxes]
    assert any(np.array_equal(found.images[0], crop) for crop in cut_there)
    assert not np.array_equal(found.images[0], drawn.images[0])
    assert table_crops_name(1600, 43, found=True) == "table-tiles-1600-seed43-found"
    with pytest.raises(ValueError):
        build_table_crops(1, seed=3, low=LOW_TILTS, found=True)
