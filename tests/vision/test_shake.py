"""A phone's shake or missed focus: its smear judged, and the picture steadied."""

import math
from collections import Counter

import cv2
import numpy as np
import pytest

from vision.shake import (
    DEFOCUS,
    Defocus,
    Streak,
    blurred,
    likelier_steadied,
    shaky,
    smears_of,
    steadied,
    streak_of,
)


@pytest.fixture(scope="module")
def hand():
    """A winner's side of a rendered table, tiles 60 pixels long, and that tile length."""
    from datasets.table import full_table

    scene = full_table(
        np.random.default_rng([41, 3]), style="procedural", framing="winner", tile_length=60.0
    )
    return scene.image, 60.0


SURE = 0.6  # a classifier's line for a sure name, as the shipped model's metadata gives it


def smeared(bgr: np.ndarray, streak: Streak) -> np.ndarray:
    return cv2.filter2D(bgr, -1, streak.kernel(), borderType=cv2.BORDER_REFLECT)


def test_a_streak_kernel_spreads_each_point_evenly_along_its_line():
    """The weight lies along a line at the streak's angle, spread as evenly along its length as
    a line 9 pixels long is (a uniform spread's deviation, the pixel's own added), and hardly
    across it."""
    kernel = Streak(9.0, math.radians(30)).kernel()
    side = kernel.shape[0]
    assert side % 2 == 1 and side >= 9
    assert kernel.sum() == pytest.approx(1.0)
    ys, xs = np.mgrid[:side, :side] - (side - 1) / 2
    assert (kernel * xs).sum() == pytest.approx(0, abs=0.05)  # centred
    assert (kernel * ys).sum() == pytest.approx(0, abs=0.05)
    along = xs * math.cos(math.radians(30)) + ys * math.sin(math.radians(30))
    across = -xs * math.sin(math.radians(30)) + ys * math.cos(math.radians(30))
    assert math.sqrt((kernel * along**2).sum()) == pytest.approx(math.sqrt(82 / 12), rel=0.08)
    assert math.sqrt((kernel * across**2).sum()) < 0.45


def test_the_streak_a_picture_was_smeared_along_is_found_at_every_length_and_angle(hand):
    """Streaks 7-17 pixels long at six angles: each found within half a pixel of its length and
    3 degrees of its angle on this picture. The cepstrum's deepest pixel alone is up to 0.9
    pixels and 3.2 degrees off, and a short streak's angle much further on a table (`fitted`)."""
    picture, tile = hand
    for length in (7.0, 9.0, 11.0, 13.0, 17.0):
        for degrees in (0.0, 20.0, 45.0, 70.0, 110.0, 160.0):
            found = streak_of(smeared(picture, Streak(length, math.radians(degrees))), tile)
            assert found is not None, (length, degrees)
            off = (math.degrees(found.angle) - degrees) % 180  # a streak has no direction
            assert found.length == pytest.approx(length, abs=0.5), (length, degrees)
            assert min(off, 180 - off) < 3, (length, degrees)


def test_a_short_streak_is_fitted_closer_than_the_cepstrums_pixels_lie():
    """5-pixel streaks: the cepstrum's pixels that far from its centre lie about 10 degrees
    apart (its deepest takes 11 degrees for 20), the streak fitted to the spectrum is within 4."""
    rng = np.random.default_rng(3)
    noise = cv2.GaussianBlur((rng.random((640, 640, 3)) * 255).astype(np.uint8), (0, 0), 1.0)
    for degrees in (20.0, 35.0, 65.0):
        found = streak_of(smeared(noise, Streak(5.0, math.radians(degrees))), 40.0)
        off = (math.degrees(found.angle) - degrees) % 180
        assert min(off, 180 - off) < 4, degrees
        assert found.length == pytest.approx(5.0, abs=0.5), degrees


def test_a_sharp_picture_shows_no_streak(hand):
    picture, tile = hand
    assert streak_of(picture, tile) is None


def test_a_jpegs_blocks_are_not_taken_for_a_shake(hand):
    picture, tile = hand
    _, packed = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 30])
    assert streak_of(cv2.imdecode(packed, cv2.IMREAD_COLOR), tile) is None


def test_a_smeared_picture_steadied_comes_back_near_the_sharp_one(hand):
    picture, _ = hand
    streak = Streak(9.0, math.radians(20))
    blurred = smeared(picture, streak)
    before = np.abs(blurred.astype(int) - picture).mean()
    after = np.abs(steadied(blurred, streak).astype(int) - picture).mean()
    assert after < 0.75 * before
    assert steadied(blurred, streak).shape == picture.shape


def test_a_picture_with_no_streak_is_tried_as_out_of_focus_at_each_size(hand):
    """Out of focus, with a camera's faint noise (a noiseless rendered picture blurred can show
    a short false trough; none of 38 development photos so blurred did)."""
    picture, tile = hand
    blurred = cv2.GaussianBlur(picture, (0, 0), 0.03 * tile).astype(np.float32)
    noise = np.random.default_rng(0).normal(0.0, 2.0, blurred.shape)
    blurred = np.clip(blurred + noise, 0, 255).astype(np.uint8)
    assert smears_of(blurred, tile) == [Defocus(share * tile) for share in DEFOCUS]
    streak = Streak(13.0, math.radians(110))
    assert smears_of(smeared(picture, streak), tile)[0].length == pytest.approx(13.0, abs=1.5)


def test_an_out_of_focus_picture_sharpened_comes_back_near_the_sharp_one(hand):
    picture, tile = hand
    kernel = Defocus(2.0).kernel()
    assert kernel.shape[0] % 2 == 1 and kernel.sum() == pytest.approx(1.0, abs=1e-5)
    blurred = cv2.GaussianBlur(picture, (0, 0), 2.0)
    before = np.abs(blurred.astype(int) - picture).mean()
    after = np.abs(steadied(blurred, Defocus(2.0)).astype(int) - picture).mean()
    assert after < 0.8 * before


def test_faces_out_of_focus_are_told_from_sharp_ones():
    """The faces of a rendered hand (tiles 60 pixels long): sharp, and blurred by 1.2 pixels
    (2 % of a tile), read as sharp; blurred by 1.8 pixels and more, as out of focus."""
    from datasets.table import full_table

    scene = full_table(
        np.random.default_rng([41, 3]), style="procedural", framing="winner", tile_length=60.0
    )
    faces = np.array([t.box for t in scene.tiles if t.code != "back"], float)
    assert not blurred(scene.image, faces)
    assert not blurred(cv2.GaussianBlur(scene.image, (0, 0), 1.2), faces)
    assert blurred(cv2.GaussianBlur(scene.image, (0, 0), 1.8), faces)
    assert blurred(cv2.GaussianBlur(scene.image, (0, 0), 3.0), faces)
    assert not blurred(scene.image, np.zeros((0, 4))), "no faces: nothing to judge"


def test_a_shake_is_looked_for_only_where_many_faces_were_named_unsurely_or_few_were_found():
    assert not shaky([False] * 10)
    assert shaky([False, False, False]), "so few faces may be all a shake left to find"
    assert shaky([])
    assert shaky([True] * 4 + [False] * 6)
    assert shaky([True] * 2 + [False] * 8)  # a fifth
    assert not shaky([True] * 1 + [False] * 9)


def test_a_steadied_reading_is_kept_where_its_faces_are_surer_and_about_as_many():
    first = [0.5, 0.6, 0.4, 0.7]
    assert likelier_steadied(first, [0.9, 0.8, 0.7, 0.9], sure=SURE)
    assert likelier_steadied(first, [0.9, 0.8, 0.7, 0.9, 0.8], sure=SURE)  # a tile the smear hid
    assert not likelier_steadied(first, [0.4, 0.5, 0.3, 0.6], sure=SURE)
    assert not likelier_steadied(first, [0.9] * 10, sure=SURE), "ghosts of a wrong smear's ringing"
    assert not likelier_steadied(first * 3, [0.95] * 2, sure=SURE), (
        "tiles lost in a wrong smear's ringing"
    )
    assert not likelier_steadied(first, [], sure=SURE)


def test_where_a_shake_hid_nearly_every_tile_the_steadied_reading_must_show_enough_of_them():
    assert likelier_steadied([0.5, 0.4], [0.8] * 8, sure=SURE), (
        "eight large tiles, two found through the smear"
    )
    assert likelier_steadied([], [0.8] * 4, sure=SURE)
    assert not likelier_steadied([], [0.9] * 3, sure=SURE), (
        "still too few to say the picture reads better"
    )
    assert not likelier_steadied([0.9, 0.8], [0.5] * 8, sure=SURE), "found, but named less surely"
    assert not likelier_steadied([0.3], [0.5, 0.4, 0.6, 0.3, 0.5], sure=SURE), (
        "a ringing picture's faces"
    )
    assert likelier_steadied([0.3], [0.5, 0.4, 0.6, 0.3, 0.5], sure=0.4)


def test_a_steadied_reading_may_show_up_to_twice_the_faces_a_shake_hid_but_not_lose_a_third():
    hidden = [0.4, 0.5, 0.3, 0.45]  # a hand of 8 tiles, 4 found through the smear, unsurely
    assert likelier_steadied(hidden, [0.8] * 7, sure=SURE)
    assert likelier_steadied(hidden, [0.8] * 8, sure=SURE)
    assert not likelier_steadied(hidden, [0.8] * 9, sure=SURE)
    many = [0.5] * 12
    assert likelier_steadied(many, [0.9] * 8, sure=SURE)
    assert not likelier_steadied(many, [0.9] * 7, sure=SURE), "more than a third of the tiles lost"


# --- the reader ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def table_reader():
    from vision.reader import TileReader

    return TileReader()


def _named_right(reading, scene) -> int:
    from lab.hands import tally_faces

    return tally_faces(reading, scene.tiles)["named"]


@pytest.mark.parametrize(
    "smear",
    [
        lambda bgr: smeared(bgr, Streak(9.0, math.radians(20))),  # shaken, 15 % of a tile
        lambda bgr: cv2.GaussianBlur(bgr, (0, 0), 2.4),  # out of focus, 4 % of a tile
    ],
    ids=["shaken", "out of focus"],
)
def test_a_smeared_hand_is_read_steadied_and_names_more_tiles_right(
    table_reader, monkeypatch, smear, request
):
    """Three winners' sides (tiles 60 pixels long), smeared: the reader names more of their
    tiles right than it does without steadying them, and says which fault it undid."""
    from datasets.table import full_table
    from vision.reader import TileReader

    scenes = [
        full_table(np.random.default_rng([43, k]), framing="winner", tile_length=60.0)
        for k in range(3)
    ]
    pictures = [smear(s.image) for s in scenes]
    readings = [table_reader.read(p) for p in pictures]
    steadied_right = sum(_named_right(r, s) for r, s in zip(readings, scenes, strict=True))
    faults = {r.steadied for r in readings} - {None}
    assert faults == {"shake" if "shaken" in request.node.name else "focus"}
    monkeypatch.setattr(TileReader, "steadied_reading", lambda self, frames, reading: reading)
    as_smeared_right = sum(
        _named_right(table_reader.read(p), s) for p, s in zip(pictures, scenes, strict=True)
    )
    assert steadied_right > as_smeared_right


def test_a_close_photo_of_a_few_large_tiles_is_steadied_though_the_shake_hid_nearly_all():
    """Eight flowers photographed close (tiles 190-210 pixels long), shaken by 15 % of a tile:
    the finder sees at most three of them, too few to judge the picture by, yet the streak
    shows in the picture's cepstrum, and steadied, every flower but one is named right (three
    copies of one held-out train photo; the labels give each tile's code)."""
    from datasets.photos import list_photos
    from tests.conftest import PHOTOS, require_shared
    from vision.grouping import tile_length
    from vision.reader import TileReader
    from vision.shake import FEWEST_FACES

    require_shared(PHOTOS / "train")
    copies = ("1d0a4497903c", "5040ca95b3ca", "de55fb267c18")
    photos = [
        p
        for p in list_photos("train", PHOTOS)
        if p.source.startswith("396293123_") and p.image.name.split(".rf.")[1].startswith(copies)
    ]
    assert len(photos) == len(copies)
    reader = TileReader()
    for photo in photos:
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        labels = photo.tiles(image.shape[1], image.shape[0])
        length = tile_length(np.array([t.box for t in labels], float))
        picture = smeared(image, Streak(0.15 * length, math.radians(20)))
        first = reader._read_level([picture])
        assert len([t for t in first.tiles if t.code != "back"]) < FEWEST_FACES
        reading = reader.read(picture)
        assert reading.steadied == "shake"
        named = Counter(t.code for t in reading.tiles if t.code != "back")
        right = sum((named & Counter(t.code for t in labels)).values())
        assert right >= len(labels) - 1, photo.image.name


def test_a_sharp_picture_is_not_searched_for_a_shake(table_reader, monkeypatch):
    """The cepstrum is taken only where many faces were named unsurely: a sharp hand's reading
    costs nothing more."""
    from datasets.table import full_table

    def never(*args):
        raise AssertionError("a sharp picture was searched for a shake")

    monkeypatch.setattr("vision.shake.streak_of", never)
    scene = full_table(np.random.default_rng([43, 0]), framing="winner", tile_length=60.0)
    assert _named_right(table_reader.read(scene.image), scene) > 0
