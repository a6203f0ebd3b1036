"""The ONNX tile classifier: loading, metadata, any crop, the four turns, batches, real photos."""

from __future__ import annotations

import json
import subprocess
import sys

import cv2
import numpy as np
import pytest

from datasets.augment import augment_crop
from datasets.codes import CLASS_CODES
from datasets.render import render_tile
from tests.conftest import PHOTOS, require_shared
from vision.classifier import Classification, ModelError, TileClassifier
from vision.crops import CropError


@pytest.fixture(scope="module")
def classifier() -> TileClassifier:
    return TileClassifier()


def drawn(code: str, seed: int) -> np.ndarray:
    """An upright procedural tile as a camera would crop it, face square to the box."""
    rng = np.random.default_rng(seed)
    tile = render_tile(code, rng, "procedural", height=96)
    crop, rotation = augment_crop(tile, rng, rotation=0)
    return crop


def test_metadata_names_codes_size_and_normalisation(classifier):
    assert classifier.codes == CLASS_CODES
    assert 16 <= classifier.size <= 96
    assert len(classifier.mean) == 3 and len(classifier.std) == 3
    assert classifier.input_name == classifier.session.get_inputs()[0].name
    assert classifier.metadata["channel_order"] == "BGR"
    assert "CC BY 4.0" in classifier.metadata["credits"]


def test_model_file_is_small_enough():
    from vision.classifier import DEFAULT_MODEL

    assert DEFAULT_MODEL.stat().st_size <= 5_000_000


def test_a_result_has_code_confidence_top_and_flags(classifier):
    (result,) = classifier.classify([drawn("7z", 1)])
    assert isinstance(result, Classification)
    assert result.code == result.top[0][0] == "7z"
    assert result.confidence == pytest.approx(result.top[0][1])
    probabilities = [p for _, p in result.top]
    assert probabilities == sorted(probabilities, reverse=True) and sum(probabilities) <= 1.0001
    assert result.rotation in (0, 90, 180, 270)
    with pytest.raises(AttributeError):
        result.code = "1m"  # frozen


def test_each_reading_names_the_flower_it_likeliest_is(classifier):
    """Whatever a crop is read as, the reading says which flower or season it likeliest is
    and how likely: where it lies can say it is a flower that its small face does not."""
    from vision.sessions import softmax

    crops = [drawn("7z", 1), drawn("3f", 2)]
    probs = softmax(classifier.infer(classifier.preprocess(crops))[0])
    wind, flower = classifier.classify(crops, look_again=False)
    assert flower.code == "3f" and flower.flower == ("3f", pytest.approx(flower.confidence))
    columns = [i for i, c in enumerate(classifier.codes) if c.endswith("f")]
    best = max(columns, key=lambda i: probs[0, i])
    assert wind.code == "7z"
    assert wind.flower == (classifier.codes[best], pytest.approx(float(probs[0, best])))


TURN_CODES = ["3m", "8m", "5p", "9s", "1z", "4z", "6z", "back"]


def test_the_four_turns_of_a_crop_give_the_same_code(classifier):
    """A seat's view is a quarter turn of another's: turning a crop never changes the answer,
    and the tiles read right at each turn as often as upright (most of them)."""
    crops = [(code, drawn(code, seed)) for code in TURN_CODES for seed in range(6)]
    right_at_turn = [0, 0, 0, 0]
    for code, crop in crops:
        turns = [np.ascontiguousarray(np.rot90(crop, -k)) for k in range(4)]  # k clockwise turns
        read = [r.code for r in classifier.classify(turns)]
        assert len(set(read)) == 1, f"{code}: {read} over the four turns"
        right_at_turn = [n + (r == code) for n, r in zip(right_at_turn, read, strict=True)]
    assert min(right_at_turn) >= 0.9 * len(crops), right_at_turn


@pytest.mark.parametrize("code", ["2m", "7p", "3s", "2z"])
def test_rotation_says_how_the_face_is_turned(classifier, code):
    crop = drawn(code, 5)
    turns = [np.ascontiguousarray(np.rot90(crop, -k)) for k in range(4)]
    assert [r.rotation for r in classifier.classify(turns)] == [0, 90, 180, 270]


def test_batch_and_single_calls_agree(classifier):
    crops = [drawn(code, 11) for code in ("1m", "9p", "5s", "3z", "2f", "back")]
    together = classifier.classify(crops)
    alone = [classifier.classify([crop])[0] for crop in crops]
    for a, b in zip(together, alone, strict=True):
        assert a.code == b.code
        assert a.confidence == pytest.approx(b.confidence, abs=1e-4)


def test_a_doubtful_crop_is_looked_at_again_unless_told_not_to(classifier):
    """A crop the model hesitates over (here a tile's top third: plain white, a little ink) is
    read again in its three other turns and the four readings averaged; `look_again=False`
    keeps its first reading, and a sure crop reads the same either way."""
    part = drawn("9p", 3)
    part = part[: part.shape[0] // 3]
    sure = drawn("1m", 4)
    first = TileClassifier(second_look=False).classify([part, sure])
    looked, once = classifier.classify([part, sure]), classifier.classify([part, sure], False)
    assert first[0].confidence < 0.9 and looked[0].top != first[0].top
    assert once[0].top == first[0].top
    assert looked[1].top == once[1].top == first[1].top


def test_the_second_look_sees_each_doubtful_crop_in_its_three_other_turns(classifier):
    """The batch a second look reads holds each crop turned a quarter, a half and three
    quarters round against the clock, all the first turns, then the second, then the third."""
    batch = classifier.preprocess([drawn(code, 5) for code in ("2m", "7p", "4f")])
    turned = classifier._turns(batch)
    expected = [np.rot90(crop, k) for k in (1, 2, 3) for crop in batch]
    assert turned.shape == (9, *batch.shape[1:]) and turned.flags.c_contiguous
    assert all(np.array_equal(a, b) for a, b in zip(turned, expected, strict=True))


def test_any_crop_size_and_colour_layout(classifier):
    crop = drawn("6p", 2)
    variants = [
        cv2.resize(crop, (9, 12)),
        cv2.resize(crop, (300, 400)),
        cv2.resize(crop, (200, 60)),  # a box stretched sideways
        cv2.cvtColor(crop, cv2.COLOR_BGR2BGRA),
        crop.astype(np.float32) / 255.0,
    ]
    results = classifier.classify(variants)
    assert len(results) == len(variants)
    assert all(r.code in CLASS_CODES for r in results)
    assert [r.code for r in results[1:]] == ["6p"] * 4
    grey = classifier.classify([cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)])
    assert grey[0].code in CLASS_CODES


def test_no_crops_gives_no_results(classifier):
    assert classifier.classify([]) == []


@pytest.mark.parametrize(
    "bad, words",
    [
        (None, "not an image"),
        (np.zeros((1, 1, 3), np.uint8), "at least 2x2"),
        (np.zeros((10, 10, 2), np.uint8), "channels"),
    ],
)
def test_bad_crops_are_refused_with_a_sentence_naming_them(classifier, bad, words):
    with pytest.raises(CropError, match=words) as error:
        classifier.classify([drawn("1m", 0), bad])
    assert "crop 1" in str(error.value)


def test_a_missing_model_is_a_clear_error(tmp_path):
    with pytest.raises(ModelError, match="No tile classifier model"):
        TileClassifier(tmp_path / "none.onnx")
    junk = tmp_path / "junk.onnx"
    junk.write_bytes(b"not a model")
    with pytest.raises(ModelError, match="not a model"):
        TileClassifier(junk)


def test_real_photos_sample(classifier):
    """Tiles of every third valid photo (never trained on), cut at their labelled boxes."""
    from datasets.photos import labels_look_wrong, list_photos
    from vision.crops import crop_box

    require_shared(PHOTOS / "valid")
    crops, codes = [], []
    for photo in list_photos("valid", PHOTOS)[::3]:
        image = cv2.imread(str(photo.image))
        tiles = photo.tiles(image.shape[1], image.shape[0])
        if labels_look_wrong(tiles, photo.source):
            continue
        for tile in tiles:
            crops.append(crop_box(image, tile.box))
            codes.append(tile.code)
    results = classifier.classify(crops)
    right = np.array([r.code == c for r, c in zip(results, codes, strict=True)])
    sure = ~np.array([r.unsure for r in results])
    assert len(crops) > 1500
    assert right.mean() >= 0.97
    assert right[sure].mean() > right.mean()  # the unsure flag catches mistakes
    assert right[~sure].mean() < right.mean()


def test_classify_command_prints_the_contract_json(tmp_path):
    """The command's output, for a plain photo of one tile (the figures above judge how well
    crops of every kind are named: a blurred crop may rightly read unsure either way)."""
    image = tmp_path / "tile.png"
    cv2.imwrite(str(image), render_tile("2p", np.random.default_rng(0), "procedural", height=96))
    result = subprocess.run(
        [sys.executable, "-m", "mahjong_table", "classify", str(image), "--json"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    (row,) = json.loads(result.stdout)
    assert row["image"] == str(image) and row["code"] == "2p"
    assert 0 < row["confidence"] <= 1 and row["top"][0][0] == "2p"
