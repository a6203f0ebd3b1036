"""A low camera: the far tiles of a table seen from its near side are found in the picture made
level."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from vision.perspective import LowCamera


def _table_seen(tilt: float, width: int = 1280, height: int = 960):
    """The outlines (n x 4 x 2) of a grid of 30 x 40 tiles drawn from overhead, and the same as a
    low camera at the bottom sees them (the renderer's camera, `datasets.table_camera`)."""
    import cv2

    from datasets.table_camera import _low_camera

    overhead = []
    for x in range(100, width - 100, 60):
        for y in range(60, height - 60, 70):
            overhead.append([[x, y], [x + 30, y], [x + 30, y + 40], [x, y + 40]])
    outlines = np.array(overhead, np.float32)
    if not tilt:
        return outlines
    rect = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    matrix = cv2.getPerspectiveTransform(rect, _low_camera(width, height, tilt))
    return cv2.perspectiveTransform(outlines.reshape(1, -1, 2), matrix).reshape(-1, 4, 2)


def _boxes(outlines: np.ndarray) -> np.ndarray:
    return np.c_[outlines.min(axis=1), outlines.max(axis=1)]


@pytest.mark.parametrize("tilt", [0.15, 0.25])
def test_tiles_seen_low_come_out_alike_in_the_level_picture(tilt):
    seen = _table_seen(tilt)
    camera = LowCamera.of(_boxes(seen), 1280, 960)
    assert camera is not None
    sizes = np.sqrt(np.prod(np.diff(_boxes(seen).reshape(-1, 2, 2), axis=1), axis=2)).ravel()
    assert sizes.max() > 1.5 * sizes.min(), "far tiles look smaller as seen"
    level = np.array(
        [np.c_[o, np.ones(4)] @ camera.matrix.T for o in seen.astype(float)]
    )  # n x 4 x 3
    level = level[..., :2] / level[..., 2:]
    widths = level[:, 1, 0] - level[:, 0, 0]
    heights = level[:, 3, 1] - level[:, 0, 1]
    assert widths.max() < 1.1 * widths.min() and heights.max() < 1.1 * heights.min()
    assert 0.5 < np.median(widths) / 30 < 1.5, "about the near tiles' size"


def test_a_table_seen_from_overhead_or_a_few_tiles_need_no_levelling():
    assert LowCamera.of(_boxes(_table_seen(0.0)), 1280, 960) is None
    assert LowCamera.of(_boxes(_table_seen(0.25))[:6], 1280, 960) is None


def test_a_row_seen_square_on_is_no_low_camera_and_warns_of_nothing():
    import warnings

    row = np.array([[40 + 32 * k, 300, 70 + 32 * k, 340] for k in range(14)], float)
    row[3, 2] += 8  # one box a little wide, as a finder's sometimes are
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning on the terminal would be an error here
        assert LowCamera.of(row, 640, 640) is None


def test_a_box_of_the_level_picture_maps_back_around_the_tile():
    seen = _table_seen(0.25)
    camera = LowCamera.of(_boxes(seen), 1280, 960)
    far = seen[np.argmin(seen[:, :, 1].mean(axis=1))]  # the farthest tile
    level = np.c_[far, np.ones(4)] @ camera.matrix.T
    level = level[:, :2] / level[:, 2:]
    back = camera.box_back((*level.min(axis=0), *level.max(axis=0)))
    expected = _boxes(far[None])[0]
    assert np.allclose(back, expected, atol=1.5)


def test_the_far_tiles_of_a_table_seen_by_a_low_camera_are_found():
    """Four tables (seed 31) seen from the near side, the far edge half as wide as the near: at
    least 80 % of their faces found and 70 % named right together. Read as the pictures are, the
    far tiles' faces, small and four times as squat, were lost: 74.5 % found, 61 % named."""
    from datasets.table import full_table
    from lab.hands import tally_faces
    from vision.reader import TileReader

    reader, together = TileReader(), Counter()
    for k in range(4):
        scene = full_table(np.random.default_rng([31, k]), tilt=0.25, lighting="neutral", turn=0.0)
        together.update(tally_faces(reader.read(scene.image), scene.tiles))
    assert together["found"] >= 0.8 * together["truth"], together
    assert together["named"] >= 0.7 * together["truth"], together


def test_a_low_cameras_picture_made_level_is_read_by_the_level_finder_and_no_other():
    """The level finder learnt level pictures only: it reads a low camera's table made level,
    and an overhead camera's table never reaches it."""
    from datasets.table import full_table
    from vision.detector import LEVEL_MODEL, TileFinder
    from vision.reader import FAINT_BACK, TileReader, low_camera

    class Counted(TileFinder):
        pictures: list = []

        def find_looked(self, bgr, *args, **kwargs):
            self.pictures.append(bgr.shape[:2])
            return super().find_looked(bgr, *args, **kwargs)

    level = Counted(LEVEL_MODEL, back_threshold=FAINT_BACK)
    reader = TileReader(level_finder=level)
    # the first of a few tables seen low that the reader judges so (most are: a face boxed
    # loosely in a heap can hide the far edge's narrowing)
    tables = (full_table(np.random.default_rng([7, k]), tilt=0.25, turn=0.0) for k in range(4))
    low = next(
        (t for t in tables if low_camera(reader.named_over([t.image]), t.image) is not None), None
    )
    assert low is not None, "none of four tables seen low was judged so"
    assert not level.pictures, "judging took no look of the level finder"
    reading = reader.read(low.image)
    assert level.pictures, "the level picture went to the level finder"
    assert all(shape != low.image.shape[:2] for shape in level.pictures), "never the picture seen"
    assert (reading.width, reading.height) == (1280, 960), "its boxes given back in the picture"
    level.pictures.clear()
    overhead = full_table(np.random.default_rng([7, 0]), turn=0.0)
    reader.read(overhead.image)
    assert not level.pictures


def test_the_table_classifier_names_a_tables_small_faces_and_a_level_picture_not_a_photo():
    """The table classifier learnt the small faces of tables and the far faces of level
    pictures, enlarged from a few pixels (vision/models/classifier.md): it names a low camera's
    table made level and an overhead camera's table; a close photo of a hand, whose large
    faces it reads worse, is named by the classifier."""
    from datasets.scene import deal_hands, draw_scene
    from datasets.table import full_table
    from vision.classifier import TABLE_MODEL, TileClassifier
    from vision.reader import TileReader, low_camera

    class Counted(TileClassifier):
        crops = 0

        def classify(self, crops, *args, **kwargs):
            type(self).crops += len(crops)
            return super().classify(crops, *args, **kwargs)

    reader = TileReader(table_classifier=Counted(TABLE_MODEL))
    tables = (full_table(np.random.default_rng([7, k]), tilt=0.25, turn=0.0) for k in range(4))
    low = next((t for t in tables if low_camera(reader.named_over([t.image]), t.image)), None)
    assert low is not None, "none of four tables seen low was judged so"
    for picture in (low.image, full_table(np.random.default_rng([7, 0]), turn=0.0).image):
        Counted.crops = 0
        reader.read(picture)
        assert Counted.crops > 50, "the table's faces went to the table classifier"
    rng = np.random.default_rng(3)
    photo = draw_scene({"bottom": deal_hands(rng)[0]}, rng, "procedural", 64, camera=1.0)
    Counted.crops = 0
    reading = reader.read(photo.image)
    assert len(reading.tiles) >= 13 and Counted.crops == 0, "a close photo's faces did not"
