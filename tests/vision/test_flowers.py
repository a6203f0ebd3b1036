"""The flower reader: a tile the classifier calls a flower or a season is named again at 96
pixels, so a season is told by its own character and number, not by a flower's picture."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from datasets.augment import augment_crop
from datasets.codes import FLOWERS, SEASONS
from datasets.render import render_tile
from vision.classifier import TileClassifier
from vision.flowers import DEFAULT_MODEL, FlowerReader


@pytest.fixture(scope="module")
def reader() -> FlowerReader:
    return FlowerReader()


def crop_of(code: str, seed: int, style: str = "procedural") -> np.ndarray:
    rng = np.random.default_rng([seed, 5])
    return augment_crop(render_tile(code, rng, style, height=110), rng)[0]


def test_the_model_is_shipped_with_its_codes(reader):
    assert DEFAULT_MODEL.is_file() and FlowerReader.shipped() is not None
    assert reader.codes == FLOWERS + SEASONS
    assert reader.size == 96


def test_only_crops_named_a_flower_or_season_are_weighed_again(reader):
    codes = ("3m", *FLOWERS, *SEASONS)
    crops = [crop_of("3m", 1), crop_of("6f", 2)]
    said = np.array(
        [
            [0.9] + [0.1 / 8] * 8,  # a 3 of characters
            [0.2, 0.0, 0.0, 0.5, 0.0, 0.0, 0.3, 0.0, 0.0],  # a chrysanthemum, or summer
        ]
    )
    refined = reader.refined(crops, said, codes)
    assert refined[0].tolist() == said[0].tolist()
    assert refined[1, 0] == pytest.approx(0.2)  # how sure it is a flower at all stays
    assert refined[1, 1:].sum() == pytest.approx(0.8)
    ruled_out = [1, 2, 4, 5, 7, 8]  # by the classifier: they stay out
    assert refined[1, ruled_out].max() == pytest.approx(0.0)
    assert said[1, 3] == 0.5  # the probabilities given are not changed in place


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


def test_the_classifier_can_do_without_it():
    assert TileClassifier(flowers=False).flower_reader is None
    assert TileClassifier().flower_reader is not None
