"""The flower readers: a tile the classifier calls a flower or a season is named again by a model
of flowers alone (at 96 pixels for a close photo's tile, at 48 for a tile a whole table's camera
sees small), so a season is told by its own character and number, not by a flower's picture."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from datasets.augment import augment_crop
from datasets.codes import FLOWERS, SEASONS
from datasets.render import render_tile
from tests.conftest import require_style
from vision.classifier import TileClassifier
from vision.flowers import DEFAULT_MODEL, SMALL_MODEL, FlowerReader


@pytest.fixture(scope="module")
def reader() -> FlowerReader:
    return FlowerReader()


def crop_of(code: str, seed: int, style: str = "procedural") -> np.ndarray:
    rng = np.random.default_rng([seed, 5])
    return augment_crop(render_tile(code, rng, style, height=110), rng)[0]


def test_the_models_are_shipped_with_their_codes_and_sizes_that_do_not_overlap(reader):
    assert DEFAULT_MODEL.is_file() and SMALL_MODEL.is_file()
    large, small = FlowerReader.shipped()
    assert large.codes == small.codes == FLOWERS + SEASONS
    assert large.size == 96 and small.size == 48
    assert small.largest == large.smallest and small.smallest < 25 and large.largest > 500
    assert small.over_table and not large.over_table  # a close photo's tiles: the large one
    assert small.asked_share < 0.2 and large.asked_share > 1  # the large: named flowers only
    assert 0 < small.weight < 1 and large.weight == 1  # the small one is surer than it should be


def test_only_crops_named_a_flower_or_season_are_weighed_again(reader):
    codes = ("3m", *FLOWERS, *SEASONS)
    crops = [crop_of("3m", 1), crop_of("6f", 2), crop_of("6f", 4)]
    said = np.array(
        [
            [0.9] + [0.1 / 8] * 8,  # a 3 of characters
            [0.2, 0.0, 0.0, 0.5, 0.0, 0.0, 0.3, 0.0, 0.0],  # a chrysanthemum, or summer
            [0.8, 0.0, 0.0, 0.1, 0.0, 0.0, 0.1, 0.0, 0.0],  # a summer taken for a 3m
        ]
    )
    refined = reader.refined(crops, said, codes)
    assert refined[0].tolist() == said[0].tolist()
    assert refined[2].tolist() == said[2].tolist()  # named otherwise: left alone
    assert refined[1, 0] == pytest.approx(0.2)  # how sure it is a flower at all stays
    assert refined[1, 1:].sum() == pytest.approx(0.8)
    ruled_out = [1, 2, 4, 5, 7, 8]  # by the classifier: they stay out
    assert refined[1, ruled_out].max() == pytest.approx(0.0)
    assert said[1, 3] == 0.5  # the probabilities given are not changed in place


def small_crop_of(code: str, seed: int, style: str = "glyph-imahjong-jp") -> np.ndarray:
    """A tile as a camera over the whole table sees it: 36 pixels tall."""
    rng = np.random.default_rng([seed, 6])
    return augment_crop(render_tile(code, rng, style, height=36), rng)[0]


def test_the_small_reader_weighs_a_small_tile_named_otherwise_that_may_be_a_flower():
    small = FlowerReader(SMALL_MODEL)
    codes = ("3m", *FLOWERS, *SEASONS)
    crops = [small_crop_of("6f", 1), small_crop_of("6f", 2), crop_of("6f", 3)]
    near, far = 2 * small.asked_share, small.asked_share / 2
    said = np.array(
        [
            [1 - near, 0.0, 0.0, near / 2, 0.0, 0.0, near / 2, 0.0, 0.0],  # taken for a 3m
            [1 - far, 0.0, 0.0, far / 2, 0.0, 0.0, far / 2, 0.0, 0.0],  # flowers far behind
            [0.2, 0.0, 0.0, 0.5, 0.0, 0.0, 0.3, 0.0, 0.0],  # too large a crop for it
        ]
    )
    refined = small.refined(crops, said, codes)
    assert refined[0, 0] == pytest.approx(1 - near)  # still named a 3 of characters
    assert refined[0, 6] > refined[0, 3]  # but its likeliest flower is now summer
    assert refined[1].tolist() == said[1].tolist()
    assert refined[2].tolist() == said[2].tolist()


def test_a_crop_smaller_than_the_tiles_it_learnt_is_left_to_the_classifier(reader):
    codes = (*FLOWERS, *SEASONS)
    small = crop_of("6f", 3)
    scale = (reader.smallest - 1) / max(small.shape[:2])
    small = cv2.resize(small, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    said = np.array([[0.0, 0.0, 0.6, 0.0, 0.0, 0.4, 0.0, 0.0]])
    assert reader.smallest >= 40
    assert reader.refined([small], said, codes).tolist() == said.tolist()
    assert reader.refined([crop_of("6f", 3)], said, codes).tolist() != said.tolist()


def test_seasons_that_borrow_the_flowers_pictures_are_read_more_often_flowers_no_less():
    """The procedural style draws a season with any flower's picture: the classifier alone
    mostly takes the picture for the flower (a spring with a plum read as the plum)."""
    alone = TileClassifier(flowers=False)
    weighed = TileClassifier()
    for group, better in ((SEASONS, True), (FLOWERS, False)):
        crops = [crop_of(code, seed) for code in group for seed in range(6)]
        truth = [code for code in group for _ in range(6)]
        right_alone = sum(r.code == t for r, t in zip(alone.classify(crops), truth, strict=True))
        right = sum(r.code == t for r, t in zip(weighed.classify(crops), truth, strict=True))
        assert right > right_alone if better else right >= right_alone


def test_the_classifier_can_do_without_them():
    assert TileClassifier(flowers=False).flower_readers == []
    assert len(TileClassifier().flower_readers) == 2


@pytest.mark.parametrize("style", ["glyph-freeserif", "glyph-hanazono"])
def test_flowers_a_camera_over_the_table_sees_small_are_told_apart_better(style):
    """At a table's size (tiles 25-50 pixels long) the classifier ranks the eight by their
    pictures, and these glyph styles draw seasons and flowers alike: the small reader, asked
    about every crop that may be a flower, knows them by their characters."""
    from datasets.table import full_table
    from vision.crops import crop_box
    from vision.reader import CROP_MARGIN

    require_style(style)
    crops, truth = [], []
    largest = FlowerReader(SMALL_MODEL).largest  # the large reader's smallest
    for k in range(6):
        scene = full_table(np.random.default_rng([7, k]), style=style)
        for tile in scene.tiles:
            crop = crop_box(scene.image, tile.box, CROP_MARGIN)
            if tile.code.endswith("f") and tile.visible >= 0.9 and max(crop.shape[:2]) < largest:
                crops.append(crop)
                truth.append(tile.code)
    assert len(crops) >= 12
    alone = [r.flower[0] for r in TileClassifier(flowers=False).classify(crops, over_table=True)]
    weighed = [r.flower[0] for r in TileClassifier().classify(crops, over_table=True)]
    photo = [r.flower[0] for r in TileClassifier().classify(crops)]  # not over a table
    assert photo == alone
    right_alone = sum(a == t for a, t in zip(alone, truth, strict=True))
    right = sum(w == t for w, t in zip(weighed, truth, strict=True))
    assert right > right_alone and right >= 0.9 * len(truth)
