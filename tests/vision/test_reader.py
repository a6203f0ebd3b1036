"""The table reader end to end: the demo table group by group, real photos from `../shared`,
the `recognize` command, voting over frames, and the finder's decoding."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from functools import cache

import cv2
import numpy as np
import pytest

from datasets.demo import DEMO_HANDS, demo_scene
from lab.bench_reader import match_boxes
from tests.conftest import PHOTOS, require_shared
from tests.vision.test_grouping import canonical, tiles_of
from vision.detector import Prepared, box_iou, decode, suppress_overlaps
from vision.reader import vote_tiles
from vision.reading import TileRead

REAL_PHOTOS = [  # valid photos: a grid on felt, a row on a rack, rows on wood, a stretched row
    "367510082_1446416116203876_4782610030311571409_n_jpg.rf.b947432a5286f45ef915c9bb2f5f7dac.jpg",
    "IMG_20231102_201334_jpg.rf.cbf",
    "hand_003_jpg.rf.4d77450281a0bb",
    "368055741_156164707576861_5919",
    "Screenshot-2023-10-24-at-22-29-11",
    "IMG_2761_JPG.rf.e8bd97f7a9828b",
]


@cache
def reader():
    from vision import TileReader

    return TileReader()


# --- the whole reader -----------------------------------------------------------------------


def _winner(reading):
    """The bottom player's hand: the demo's winner."""
    return next(hand for hand in reading.hands if hand.position == "bottom")


def test_reads_the_demo_tables_winner_tile_by_tile_and_reports_the_discards():
    scene = demo_scene()
    reading = reader().read(scene.image)
    assert reading.hands[0].position == "bottom", "the revealed hand is offered first"
    request = _winner(reading).to_request(reading.tiles)
    assert canonical(request) == canonical(DEMO_HANDS["bottom"].request())
    hand = [t for t in scene.tiles if t.position == "bottom" and t.role != "standing"]
    faces = [t for t in hand if t.code != "back"]
    found = match_boxes(np.array([t.box for t in reading.tiles]), np.array([t.box for t in faces]))
    named = {j: reading.tiles[i].code for i, j in enumerate(found) if j >= 0}
    assert named == {j: t.code for j, t in enumerate(faces)}, "each face found and named"
    discards = np.array([t.box for t in scene.tiles if t.role == "discard"])
    reported = np.array([reading.tiles[i].box for i in reading.discards]).reshape(-1, 4)
    seen = match_boxes(reported, discards)
    assert (seen >= 0).sum() >= 0.8 * len(discards), "the pool is reported as discards"
    in_hands = {i for h in reading.hands for i in h.indices()}
    assert not in_hands & set(reading.discards)


def test_a_whole_table_with_its_discards_tossed_gives_the_winners_hand_and_the_pool():
    """Four whole tables whose discards were tossed into the middle, every way, some on others:
    the winner's hand comes first and exact, and no discard found joins it (the photo finder,
    which takes these frames' larger look, passes over much of the pool: docs/reading.md)."""
    from datasets.table import full_table
    from lab.conditions import match_centres
    from lab.hands import as_laid

    pool = reported = 0
    for k in range(4):
        rng = np.random.default_rng([43, k])
        scene = full_table(rng, style="procedural", framing="table", pool="tossed")
        reading = reader().read(scene.image)
        assert reading.hands[0].position == scene.winner
        assert canonical(reading.hands[0].to_request(reading.tiles)) == as_laid(scene)
        discards = np.array([t.box for t in scene.tiles if t.role == "discard"])
        in_hands = sorted({i for hand in reading.hands for i in hand.indices()})
        boxes = np.array([reading.tiles[i].box for i in in_hands], float).reshape(-1, 4)
        assert not (match_centres(boxes, discards) >= 0).any(), "a discard joined a hand"
        reported_boxes = np.array([reading.tiles[i].box for i in reading.discards], float)
        pool += len(discards)
        reported += int((match_centres(reported_boxes.reshape(-1, 4), discards) >= 0).sum())
    assert reported >= pool / 3, f"{reported} of the {pool} tossed tiles reported as discards"


def test_reads_the_demo_table_from_several_frames():
    from vision.capture import DemoSource, frames

    shots = [f for _, f in zip(range(3), frames(DemoSource()), strict=False)]
    reading = reader().read_votes(shots)
    request = _winner(reading).to_request(reading.tiles)
    assert canonical(request) == canonical(DEMO_HANDS["bottom"].request())


def _photo(name: str):
    from datasets.photos import list_photos

    folder = require_shared(PHOTOS / "valid")
    photo = next(p for p in list_photos("valid", PHOTOS) if p.image.name.startswith(name))
    assert folder.is_dir()
    image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
    return image, photo.tiles(image.shape[1], image.shape[0])


@pytest.fixture(scope="module")
def real_readings():
    """(reading, labels) of each photo in REAL_PHOTOS."""
    out = []
    for name in REAL_PHOTOS:
        image, labels = _photo(name)
        out.append((reader().read(image), labels))
    return out


def test_reads_real_photos_to_the_mark(real_readings):
    found = named = reported = truth = 0
    for reading, labels in real_readings:
        faces = [t for t in reading.tiles if t.code != "back"]
        matched = match_boxes(np.array([t.box for t in faces]), np.array([t.box for t in labels]))
        found += int((matched >= 0).sum())
        named += sum(
            j >= 0 and labels[j].code == t.code for t, j in zip(faces, matched, strict=True)
        )
        reported += len(faces)
        truth += len(labels)
        assert (matched >= 0).sum() >= 0.6 * len(labels), "every photo is mostly read"
    assert found >= 0.95 * truth, "found"
    assert named >= 0.93 * truth, "named right"
    assert found >= 0.95 * reported, "precision"


def test_blank_white_dragons_in_a_tray_are_read_as_faces_not_backs():
    """The finder takes a blank face for a face-down tile; the reader must still name it."""
    image, labels = _photo("IMG_20231217_172349_jpg.rf.a3ce5f5e")
    blanks = [t for t in labels if t.code == "5z"]
    assert len(blanks) >= 3, "the photo holds blank White Dragons"
    reading = reader().read(image)
    faces = [t for t in reading.tiles if t.code != "back"]
    matched = match_boxes(np.array([t.box for t in blanks]), np.array([t.box for t in faces]))
    assert (matched >= 0).all(), "every blank face is found"
    assert all(faces[j].code == "5z" for j in matched)


def test_real_rows_shrunk_into_a_whole_table_are_still_read():
    """An overhead camera sees the whole table: tiles about 30 pixels long in a 1280 x 1280
    picture, too small for the finder's first look to see at all."""
    from lab.conditions import match_centres, whole_table

    found = named = truth = 0
    for name in REAL_PHOTOS[:3]:
        image, labels = _photo(name)
        picture, boxes = whole_table(image, np.array([t.box for t in labels], float))
        faces = [t for t in reader().read(picture).tiles if t.code != "back"]
        matched = match_centres(np.array([t.box for t in faces], float).reshape(-1, 4), boxes)
        found += int((matched >= 0).sum())
        named += sum(
            labels[j].code == t.code for t, j in zip(faces, matched, strict=True) if j >= 0
        )
        truth += len(labels)
    assert found >= 0.8 * truth, "found"  # 64 % before the finder's look at twice the size
    assert named >= 0.75 * truth, "named right"


HEAP = "IMG_2761_JPG.rf.e8bd97f7a9828b"  # a loose heap of tiles, no row among them


# Real photos of one hand in a row with stray tiles around it (`hand_009` shows three wall tiles,
# one of them bamboo, beside a 14-tile hand): the first three such photos by name.
HANDS_IN_A_ROW = ("hand_001_jpg", "hand_002_jpg", "hand_009_jpg")


@pytest.mark.parametrize("name", HANDS_IN_A_ROW)
def test_a_real_hand_in_a_row_is_offered_first_every_tile_and_nothing_else(name):
    from collections import Counter

    from lab.hands import offered_codes

    image, labels = _photo(name)
    reading = reader().read(image)
    assert offered_codes(reading) == Counter(t.code for t in labels)


# Real photos of a hand in a row that the table finder's look, taken at the panel's 1600 pixels,
# used to spoil: a tile not found, a flower found in the heap beside the row.
HANDS_AT_PANEL_SIZE = ("384446035_148573554994450", "384491428_1081159599925379")


@pytest.mark.parametrize("name", HANDS_AT_PANEL_SIZE)
def test_a_real_hand_scaled_as_the_panel_scales_a_phone_photo_is_read_the_same(name):
    """The panel reads a phone's photo at 1600 pixels, a camera frame's size: the hand is
    still a hand seen close, not a whole table looked at again by the table finder."""
    from collections import Counter

    from lab.conditions import panel_size
    from lab.hands import offered_codes

    image, labels = _photo(name)
    large, _ = panel_size(image, np.array([t.box for t in labels], float))
    assert max(large.shape[:2]) == 1600
    assert offered_codes(reader().read(large)) == Counter(t.code for t in labels)


def test_rows_of_real_tiles_make_hands_and_a_heap_makes_none(real_readings):
    for name, (reading, _) in zip(REAL_PHOTOS, real_readings, strict=True):
        if name == HEAP:
            assert reading.hands == (), "a heap is no hand"
            faces = {i for i, t in enumerate(reading.tiles) if t.code != "back"}
            assert set(reading.discards) == faces, "its tiles are loose, reported as such"
            continue
        assert reading.hands, f"rows of tiles make at least one hand ({name})"
        for hand in reading.hands:
            request = hand.to_request(reading.tiles)
            assert len(request["hand"]) == 2 * len(hand.concealed)


def test_an_empty_table_has_no_tiles_and_no_hands():
    from datasets.augment import table_background

    reading = reader().read(table_background(np.random.default_rng(1), 480, 640))
    assert reading.tiles == () and reading.hands == ()


def test_a_non_picture_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="colour picture"):
        reader().read(np.zeros((20, 20), np.uint8))


def test_recognize_prints_contract_json_and_draws_groups(tmp_path, capsys):
    from mahjong_table.cli import main

    table = tmp_path / "table.png"
    cv2.imwrite(str(table), demo_scene().image)
    drawn = tmp_path / "drawn.png"
    assert main(["recognize", str(table), "--json", "--draw", str(drawn)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["image"] == str(table)
    assert (answer["width"], answer["height"]) == demo_scene().image.shape[1::-1]
    first = answer["tiles"][0]
    assert set(first) >= {"code", "box", "confidence"} and len(first["box"]) == 4
    x0, y0, x1, y1 = first["box"]
    assert 0 <= x0 < x1 <= answer["width"] and 0 <= y0 < y1 <= answer["height"]
    first = answer["hands"][0]
    assert first["position"] == "bottom"
    assert canonical(first["request"]) == canonical(DEMO_HANDS["bottom"].request())
    assert answer["discards"] and not set(answer["discards"]) & set(first["concealed"])
    picture = cv2.imread(str(drawn))
    assert picture.shape == demo_scene().image.shape
    assert not np.array_equal(picture, demo_scene().image)


# --- voting and the finder's decoding (no models) -------------------------------------------


def tile(code: str, x: int, confidence: float = 0.9) -> TileRead:
    return TileRead(code, (x, 10, x + 30, 50), confidence)


def test_votes_take_the_code_most_frames_agree_on_and_drop_flickers():
    frames = [
        (tile("3m", 0), tile("5p", 40)),
        (tile("3m", 1), tile("6p", 41, 0.95), tile("1z", 200)),  # 6p misread, 1z a flicker
        (tile("3m", 2), tile("5p", 39)),
    ]
    voted = sorted(vote_tiles(frames), key=lambda t: t.box[0])
    assert [t.code for t in voted] == ["3m", "5p"]
    assert not voted[0].unsure and not voted[1].unsure
    split = vote_tiles([(tile("3m", 0),), (tile("8m", 0),), (tile("3m", 0, 0.5),)])
    assert [t.code for t in split] == ["3m"] and not split[0].unsure
    tie = vote_tiles([(tile("3m", 0, 0.6),), (tile("8m", 0, 0.9),)])
    assert [t.code for t in tie] == ["8m"] and tie[0].unsure


def test_one_frame_votes_for_itself():
    assert vote_tiles([(tile("3m", 0),)]) == (tile("3m", 0),)


def test_duplicate_boxes_along_a_long_tile_are_suppressed():
    boxes = np.array([[0, 0, 300, 30], [10, 0, 310, 30], [0, 40, 300, 70]], float)
    assert suppress_overlaps(boxes, np.array([0.6, 0.9, 0.8]), 0.5) == [1, 2]
    assert box_iou(boxes[:1], boxes[:1])[0, 0] == pytest.approx(1.0)


def test_a_ghost_between_two_tiles_in_a_row_is_suppressed_but_a_turned_rows_neighbour_is_not():
    row = np.array([[0, 0, 30, 40], [30, 0, 60, 40], [12, 0, 48, 40]], float)  # the last: a gap
    assert suppress_overlaps(row, np.array([0.9, 0.8, 0.5]), 0.5) == [0, 1]
    # tiles of a row at 45 degrees: each upright box lies half under its neighbours' boxes, which
    # are not level with it (a step along and across at once)
    turned = np.array([[0, 0, 40, 40], [20, 20, 60, 60], [40, 40, 80, 80]], float)
    assert suppress_overlaps(turned, np.array([0.9, 0.8, 0.7]), 0.5) == [0, 1, 2]


def test_a_box_wholly_under_better_ones_is_a_ghost_and_a_box_under_a_dropped_one_is_not():
    boxes = np.array(
        [[0, 0, 40, 40], [30, 30, 70, 70], [28, 28, 42, 42], [100, 0, 140, 40], [102, 0, 142, 40]],
        float,
    )
    # the third lies wholly under the first two (not level with both); the fifth duplicates the
    # fourth and goes; nothing else overlaps
    assert suppress_overlaps(boxes, np.array([0.9, 0.8, 0.7, 0.6, 0.5]), 0.5) == [0, 1, 3]
    chain = np.array([[0, 0, 40, 40], [4, 0, 44, 40], [20, 0, 60, 40]], float)
    # the second duplicates the first and goes; the third lies half under the first, and under
    # the second too, but a box dropped weighs nothing: it stays
    assert suppress_overlaps(chain, np.array([0.9, 0.8, 0.7]), 0.5) == [0, 2]


def test_decoding_maps_peaks_back_to_picture_pixels():
    peaks = np.zeros((2, 8, 8), np.float32)
    peaks[0, 2, 3] = 0.9  # a face at cell (3, 2): centre (14, 10) in network pixels
    peaks[1, 6, 6] = 0.2  # a weak back, under the threshold
    reach = np.full((4, 8, 8), 4.0, np.float32)
    prepared = Prepared(np.zeros((1, 32, 32, 3), np.uint8), scale=0.5, width=64, height=64)
    (found,) = decode(peaks, reach, prepared, threshold=0.3, overlap=0.5)
    assert found.kind == "face" and found.score == pytest.approx(0.9)
    assert found.box == pytest.approx((20.0, 12.0, 36.0, 28.0))


@pytest.mark.parametrize("size", [(1024, 768), (900, 675), (384, 288)])
def test_the_finder_sees_a_shrunk_frame_as_it_was_trained_to(size):
    """The quick shrink (bilinear, or bilinear to twice the size then 2 x 2 averaging) gives the
    finder the picture an area resize (its training's) would: under a grey level apart on
    average, where training changes the light by a quarter either way."""
    from vision.demo import demo_picture
    from vision.detector import prepare, shrink

    frame = demo_picture()  # 1280 x 960
    width, height = size
    quick = shrink(frame, width, height)
    assert quick.shape == (height, width, 3) and quick.dtype == np.uint8
    area = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
    assert np.abs(quick.astype(int) - area).mean() < 1.0
    look = prepare(frame, width * height)
    assert look.tensor.shape[1] % 32 == 0 and look.tensor.shape[2] % 32 == 0
    assert look.scale == pytest.approx(width / 1280, rel=0.01)


def test_a_box_the_picture_edge_cuts_to_a_line_is_no_tile():
    peaks = np.zeros((2, 8, 8), np.float32)
    peaks[1, 4, 7] = 0.9  # a back whose box lies all but wholly beyond the right edge
    reach = np.full((4, 8, 8), 4.0, np.float32)
    reach[0, 4, 7] = 0.0  # reaches no way left of its centre
    prepared = Prepared(np.zeros((1, 32, 32, 3), np.uint8), scale=1.0, width=30, height=32)
    assert decode(peaks, reach, prepared, threshold=0.3, overlap=0.5) == []


def _row_of(count: int, length: float, top: float = 100.0) -> list:
    """`count` sure faces of `length` picture pixels side by side."""
    from vision.detector import FoundTile

    width = 0.75 * length
    return [
        FoundTile((10 + k * width, top, 10 + (k + 1) * width, top + length), 0.9, "face")
        for k in range(count)
    ]


class _Looks:
    """A finder whose looks answer as given: the first look, and any larger one."""

    def __init__(self, first: list, larger: list):
        from vision.detector import TileFinder

        self.finder = TileFinder()
        self.answers = {self.finder.pixels: first}
        self.larger = larger
        self.asked = []  # (pixels, the session asked)
        self.finder._find_at = self._find_at

    def _find_at(self, bgr, pixels, session=None, around=None):
        from vision.detector import prepare

        self.asked.append((pixels, session or self.finder.session))
        scale = prepare(bgr, pixels).scale
        return self.answers.get(pixels, self.larger), scale


def test_a_camera_frame_is_looked_at_larger_for_the_specks_of_a_whole_table():
    """A 1600 x 1200 frame whose first look sees a few blots: the larger look's many tiles,
    too short for the first look (30 pixels there, 8 at the first look's scale), are kept."""
    frame = np.zeros((1200, 1600, 3), np.uint8)
    looks = _Looks(first=_row_of(5, 120), larger=_row_of(40, 30))
    found = looks.finder.find(frame)
    assert len(found) == 40 and max(f.box[3] - f.box[1] for f in found) == pytest.approx(30)
    (first, _), (larger, session) = looks.asked
    assert larger > first and session is looks.finder.table_session, "the table finder looks"


def test_a_corrected_whole_table_whose_fresh_look_finds_fewer_faces_is_looked_at_as_at_first():
    """A whole table first looked at by the table finder, its light then corrected: judged
    afresh, the photo finder looks larger and finds 30 faces where the first look found 55.
    The table finder looks again as at first, and its 60 faces are kept; a fresh look that
    finds as many as the first did stands."""
    from types import SimpleNamespace

    from vision.detector import Look
    from vision.reader import TileReader

    first_look, fresh_look = Look(0.9, table=True), Look(0.9, table=False)

    def find_looked(picture, look=None):
        if look is None:  # judged afresh
            return _row_of(30, 30), fresh_look
        return _row_of(60, 30), look

    finder = SimpleNamespace(find_looked=find_looked, pixels=384 * 384)
    reader = TileReader(finder=finder, classifier=SimpleNamespace(rotation_output=1))
    picture = np.zeros((960, 1280, 3), np.uint8)
    found, look = reader.looked_again(picture, None, first_look, seen=55)
    assert len(found) == 60 and look is first_look
    found, look = reader.looked_again(picture, None, first_look, seen=30)
    assert len(found) == 30 and look is fresh_look
    # a picture's negative (`seen` not given) is judged afresh as before
    found, look = reader.looked_again(picture, None, first_look)
    assert len(found) == 30 and look is fresh_look


def test_the_table_finder_looks_only_around_what_the_first_look_saw():
    """A camera frame whose table fills a corner of it: the table finder is given the part
    around the first look's blots, not the felt beyond, and boxes each tile there as the look
    at the whole frame does (the same sure tiles, the same boxes)."""
    import cv2

    from datasets.table import full_table
    from vision.detector import MAX_PIXELS, TileFinder, box_iou

    scene = full_table(np.random.default_rng([41, 0]), style="procedural", framing="table")
    table = cv2.resize(scene.image, (640, 480), interpolation=cv2.INTER_AREA)
    frame = np.empty((1280, 1280, 3), np.uint8)
    frame[:] = table[5, 5]  # the felt's edge, carried on
    frame[700:1180, 80:720] = table
    finder = TileFinder()
    looked = []
    infer = finder.infer
    finder.infer = lambda tensor, session=None: (
        looked.append(tensor.shape) or infer(tensor, session)
    )
    first, _ = finder._find_at(frame, finder.pixels)
    whole, _ = finder._find_at(frame, MAX_PIXELS, finder.table_session)
    part, _ = finder._find_at(frame, MAX_PIXELS, finder.table_session, around=first)
    (_, h, w, _), (_, ph, pw, _) = looked[1], looked[2]
    assert ph * pw < 0.5 * h * w, "the felt beyond the table is not looked at"
    sure_whole = np.array([f.box for f in whole if f.score >= finder.threshold])
    sure_part = np.array([f.box for f in part if f.score >= finder.threshold])
    assert len(sure_whole) > 100 and len(sure_part) == len(sure_whole)
    assert box_iou(sure_part, sure_whole).max(axis=1).min() > 0.95


def _found(box, score=0.9, kind="face"):
    from vision.detector import FoundTile

    return FoundTile(tuple(float(v) for v in box), score, kind)


def test_a_frame_looked_at_larger_by_the_photo_finder_gets_the_pool_finders_look_too():
    """A camera frame whose first look reads a hand's row, its tiles too small: the photo
    finder looks larger, and the pool finder looks at the same size for the discards the
    photo finder passes over. Its faces clear of the photo finder's tiles are added (one lying
    under a faint back too); its copies of the hand's tiles and a face half over a tile already
    found are not. A turned copy looked at the same way gets them too."""
    from vision.detector import TileFinder, prepare

    finder = TileFinder()
    hand = _row_of(20, 60, top=900)
    pool = [_found((400, 300, 445, 345)), _found((600, 320, 645, 365), 0.5)]
    faint_back = _found((598, 318, 648, 368), 0.2, "back")
    half_over = _found((25, 880, 70, 940))  # a third of a tile off the hand's first one
    asked = []

    def find_at(bgr, pixels, session=None, around=None):
        asked.append(session or finder.session)
        if pixels == finder.pixels:
            answer = hand
        elif session is finder.pool_session:
            answer = hand + pool + [half_over]
        else:
            answer = hand + [faint_back]
        return answer, prepare(bgr, pixels).scale

    finder._find_at = find_at
    frame = np.zeros((1200, 1600, 3), np.uint8)
    found, look = finder.find_looked(frame)
    assert look.pool and not look.table
    assert asked == [finder.session, finder.session, finder.pool_session]
    faces = {f.box for f in found if f.kind == "face"}
    assert faces == {f.box for f in hand + pool}, "the pool added, nothing found twice"
    asked.clear()
    again, _ = finder.find_looked(frame, look)
    assert asked == [finder.session, finder.pool_session]
    assert {f.box for f in again if f.kind == "face"} == faces


def test_without_the_pool_finder_the_table_finder_takes_the_pools_look(tmp_path):
    """The pool finder ships as its own model; an installation without it looks for the pool
    with the table finder, as the reader did before the pool finder was taught."""
    from vision.detector import TileFinder

    shipped = TileFinder()
    assert shipped.pool_session is not shipped.table_session
    without = TileFinder(pool_model_path=tmp_path / "pool-finder.onnx")
    assert without.pool_session is without.table_session is not without.session


def test_the_light_is_judged_from_the_photo_finders_faces_not_the_pools(monkeypatch):
    """The upright box around a discard lying askew holds felt: the faces' light is judged
    from the faces the photo finder found, not from those the pool's look added."""
    from dataclasses import replace
    from types import SimpleNamespace

    import vision.reader as reader_module
    from vision.detector import Look
    from vision.reader import TileReader

    hand = _row_of(14, 60, top=600)
    pool = [replace(f, pool=True) for f in _row_of(6, 60, top=100)]
    judged = []

    class Judged(Exception):
        """Raised once the light is judged: nothing after it is under test."""

    def faces_light(bgr, boxes):
        judged.append({tuple(b) for b in np.asarray(boxes).tolist()})
        raise Judged

    monkeypatch.setattr(reader_module, "faces_light", faces_light)
    finder = SimpleNamespace(
        find_looked=lambda picture, look=None, around=None: (hand + pool, Look(0.5, pool=True)),
        pixels=384 * 384,
    )
    reader = TileReader(finder=finder, classifier=SimpleNamespace(rotation_output=1))
    with pytest.raises(Judged):
        reader.named_tiles(np.zeros((960, 1280, 3), np.uint8))
    assert judged == [{f.box for f in hand}]


def test_a_close_photo_and_a_table_finders_look_get_no_pool_look():
    """Only a camera frame the photo finder looked at larger gets the pool finder's look for
    the pool: a phone photo read at the first size, or a frame the table finder read, do not."""
    from vision.detector import TileFinder, prepare

    finder = TileFinder()
    asked = []

    def find_at(bgr, pixels, session=None, around=None):
        asked.append(session or finder.session)
        return _row_of(20, 150), prepare(bgr, pixels).scale

    finder._find_at = find_at
    _, look = finder.find_looked(np.zeros((1200, 1600, 3), np.uint8))  # tiles read at first
    assert not look.pool and asked == [finder.session]
    looks = _Looks(first=_row_of(5, 120), larger=_row_of(40, 30))
    _, look = looks.finder.find_looked(np.zeros((1200, 1600, 3), np.uint8))
    assert look.table and not look.pool and len(looks.asked) == 2


def _scattered(lengths: list[float]) -> list:
    """Sure faces of the given lengths (picture pixels) scattered over a 1600 x 1200 frame,
    never eight in a row."""
    from vision.detector import FoundTile

    return [
        FoundTile(
            (
                60 + 300 * (k % 5),
                60 + 220 * (k // 5),
                60 + 300 * (k % 5) + 0.75 * length,
                60 + 220 * (k // 5) + length,
            ),
            0.8,
            "face",
        )
        for k, length in enumerate(lengths)
    ]


def test_a_frame_whose_first_look_sees_a_tossed_pools_heaps_is_looked_at_larger():
    """A tossed pool's heaps come out of a frame's first look as blots of every size, long
    enough for that look to read, more than MANY of them and no hand's row among them: the
    table finder looks larger, and its many small tiles are kept. As many faces all alike are
    a close photo's tiles, read at the first size."""
    from vision.detector import MANY

    frame = np.zeros((1200, 1600, 3), np.uint8)
    heaps = _scattered([90 + 6 * k for k in range(20)])  # 90-204 pixels long
    assert len(heaps) > MANY
    looks = _Looks(first=heaps, larger=_row_of(60, 30))
    assert len(looks.finder.find(frame)) == 60
    assert looks.asked[1][1] is looks.finder.table_session
    looks = _Looks(first=_scattered([120 + k % 3 for k in range(20)]), larger=_row_of(60, 30))
    assert len(looks.finder.find(frame)) == 20 and len(looks.asked) == 1


def test_a_dim_table_whose_first_look_answers_blots_as_backs_is_looked_at_larger():
    """In a dim room a whole table's specks come out of the first look as dark blots, most of
    them taken for backs: many sure boxes, hardly a face. Only faces tell a hand's close photo
    from a table, so the larger look is taken."""
    from dataclasses import replace

    frame = np.zeros((1200, 1600, 3), np.uint8)
    blots = [replace(f, kind="back") for f in _row_of(20, 120)] + _row_of(3, 120, top=400)
    looks = _Looks(first=blots, larger=_row_of(40, 30))
    assert len(looks.finder.find(frame)) == 40
    assert looks.asked[1][1] is looks.finder.table_session


def test_the_table_finder_ships_and_without_it_the_finder_takes_its_look(tmp_path):
    from vision.detector import TABLE_MODEL, TileFinder

    assert TABLE_MODEL.is_file()
    finder = TileFinder()
    assert finder.table_session is not finder.session
    alone = TileFinder(table_model_path=tmp_path / "none.onnx")
    assert alone.table_session is alone.session


def test_the_table_finder_reads_its_pictures_and_answers_as_the_finder_does():
    """The table finder's look is prepared and decoded with `detector.onnx`'s settings: its own
    metadata must agree, or its boxes would be read at the wrong threshold or stride."""
    from vision.detector import TileFinder

    finder = TileFinder()
    meta = finder.session.get_modelmeta().custom_metadata_map
    table = finder.table_session.get_modelmeta().custom_metadata_map
    for key in ("kinds", "multiple", "threshold", "nms_iou"):
        assert table.get(key) == meta.get(key), key
    assert finder.table_session.get_inputs()[0].name == finder.input_name


def test_a_phone_photo_of_a_hand_keeps_its_first_look():
    """A phone photo as big as a camera's frame shows a hand of 14 tiles, fewer than a whole
    table's first look must see. Looked at larger, those tiles come out far longer than the
    finder learnt and it answers more boxes (their pips, their characters): that look is not
    taken, since the first look saw its tiles at a size it reads."""
    photo = np.zeros((1200, 1600, 3), np.uint8)
    hand = _row_of(14, 100)
    looks = _Looks(first=hand, larger=_row_of(30, 100, top=300))
    assert looks.finder.find(photo) == hand


def test_a_phone_photo_of_a_hand_beside_a_heap_is_not_looked_at_as_a_table():
    """A phone photo as big as a camera's frame: its first look sees a row of 12 tiles long
    enough to read, fewer than MANY. Around them the table finder would box the heap of
    discards and the tiles' pips as specks of a table; the first look is kept without asking it."""
    photo = np.zeros((1200, 1600, 3), np.uint8)
    hand = _row_of(12, 100)
    looks = _Looks(first=hand, larger=_row_of(40, 30, top=300))
    assert looks.finder.find(photo) == hand
    assert all(session is looks.finder.session for _, session in looks.asked)


def test_matching_counts_each_true_box_once():
    truth = np.array([[0, 0, 10, 10], [20, 0, 30, 10]], float)
    found = np.array([[0, 0, 10, 10], [1, 0, 11, 10], [20, 0, 30, 10], [50, 0, 60, 10]], float)
    assert match_boxes(found, truth).tolist() == [0, -1, 1, -1]


# --- what the reader believes of the finder (stand-in finder and classifier) ----------------


class _Finder:
    def __init__(self, found):
        self.found = found

    def find_looked(self, bgr, look=None, around=None):
        return self.found, look


class _Classifier:
    """Names every crop `7z`, as sure as the crop's width says (wide crops: sure)."""

    rotation_output = "rotation"

    def classify(self, crops, look_again=True, over_table=False):
        from vision.classifier import Classification

        return [
            Classification("7z", 0.9 if crop.shape[1] > 20 else 0.1, (("7z", 0.9),), False)
            for crop in crops
        ]


def test_faint_finds_nobody_can_name_and_faint_backs_are_not_tiles():
    from vision.detector import FoundTile
    from vision.reader import TileReader

    found = [
        FoundTile((10, 10, 40, 50), 0.9, "face"),  # a sure face
        FoundTile((50, 10, 80, 50), 0.35, "face"),  # faint, but the classifier names it
        FoundTile((90, 10, 101, 50), 0.35, "face"),  # faint and nameless: felt in a gap
        FoundTile((120, 10, 130, 50), 0.8, "face"),  # nameless but surely found: kept, unsure
        FoundTile((140, 10, 170, 50), 0.4, "back"),  # a faint back
        FoundTile((180, 10, 210, 50), 0.7, "back"),  # a sure back
    ]
    reader = TileReader(finder=_Finder(found), classifier=_Classifier())
    tiles = reader.named_tiles(np.zeros((60, 220, 3), np.uint8))
    assert sorted(t.box[0] for t in tiles) == [10, 50, 120, 180]
    assert [t.code for t in sorted(tiles, key=lambda t: t.box[0])] == ["7z", "7z", "7z", "back"]


class _AroundRecorded(_Finder):
    """A finder that boxes the same tiles in any picture and records, for each look, the tiles
    it was asked to look around (None: the whole picture)."""

    def __init__(self, found):
        super().__init__(found)
        self.around = []

    def find_looked(self, bgr, look=None, around=None):
        self.around.append(around)
        return self.found, look


def _row_at(degrees: float, length: float, origin: float) -> list:
    """Found faces: the upright boxes around 14 touching tiles `length` long in a row turned
    `degrees`."""
    from vision.detector import FoundTile

    t = np.radians(degrees)
    along, up = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    width = 0.75 * length
    found = []
    for k in range(14):
        centre = origin + k * width * along
        corners = [
            centre + a * width / 2 * along + b * length / 2 * up for a in (-1, 1) for b in (-1, 1)
        ]
        low, high = np.min(corners, axis=0), np.max(corners, axis=0)
        found.append(FoundTile((*map(float, low), *map(float, high)), 0.9, "face"))
    return found


@pytest.mark.parametrize(("length", "small"), [(30.0, True), (120.0, False)])
def test_a_turned_copy_of_a_whole_table_is_looked_at_around_its_tiles_a_photo_whole(length, small):
    """Rows 20 degrees off: the picture is turned square and looked at again. A table seen
    small from above is looked at only around the tiles its first look found, moved onto the
    turned canvas; a close photo, whose first look may miss many of its turned tiles, whole."""
    from vision.reader import TileReader
    from vision.upright import Turn

    found = _row_at(20.0, length, 200.0)
    finder = _AroundRecorded(found)
    reader = TileReader(finder=finder, classifier=_Classifier())
    reader.named_tiles(np.full((1280, 1280, 3), 90, np.uint8))
    assert len(finder.around) >= 2, "the picture (its light judged), then its turned copy"
    around = finder.around[-1]
    if not small:
        assert around is None
        return
    turn = Turn.of(1280, 1280, -20.0)
    moved = turn.boxes(np.array([f.box for f in found], float))
    assert len(around) == len(found)
    assert np.allclose([f.box for f in around], moved, atol=1e-6)


class _NamesEverything5z:
    """Names every crop a White Dragon, surely, as the classifier does a plain white tile."""

    rotation_output = "rotation"

    def __init__(self):
        self.crops = 0

    def classify(self, crops, look_again=True, over_table=False):
        from vision.classifier import Classification

        self.crops += len(crops)
        return [Classification("5z", 0.9, (("5z", 0.9),), False) for _ in crops]


def test_a_set_on_black_faces_is_found_whole_in_the_pictures_negative():
    """On black faces the finder (which learnt white ones) boxes the bright ink alone: boxes a
    third too small, two for a character. The reader finds such a set in the negative, where
    the faces are white, and names the tiles in the picture as it is. Two rendered tables on
    black faces in the demo's style: the winner's tiles boxed whole (IoU >= 0.5)."""
    from datasets.table import HAND_ROLES, full_table
    from vision.reader import TileReader

    plain = TileReader(finder=reader().finder, classifier=reader().classifier)
    plain.found_in_negative = lambda bgr, found, judged, look, zoom=None: (found, None)

    def whole(reading, truth):
        boxes = np.array([t.box for t in reading.tiles], float).reshape(-1, 4)
        return float((match_boxes(boxes, truth) >= 0).sum()) / len(truth)

    for k in range(2):
        scene = full_table(np.random.default_rng([41, k]), style="procedural", dark=True)
        hand = [t for t in scene.tiles if t.position == scene.winner and t.role in HAND_ROLES]
        truth = np.array([t.box for t in hand], float)
        assert whole(reader().read(scene.image), truth) >= 0.85, k
        assert whole(plain.read(scene.image), truth) < 0.5, "without the negative: ink boxed"


class _LooksRecorded:
    """A finder that answers the picture's negative by how it was asked to look: at its own
    judgement it looks at the first size (`own_look`) and boxes `own` tiles; asked to look as
    the picture was, it boxes `asked` tiles. Each look is recorded."""

    pixels = 384 * 384

    def __init__(self, own_look, own: int, asked: int):
        self.own_look, self.own, self.asked, self.looks = own_look, own, asked, []

    def find_looked(self, bgr, look=None, around=None):
        from vision.detector import FoundTile

        self.looks.append(look)
        count = self.own if look is None else self.asked
        boxes = [FoundTile((40.0 * i, 0.0, 40.0 * i + 30, 40.0), 0.9, "face") for i in range(count)]
        return boxes, look or self.own_look


@pytest.mark.parametrize("own_scale, looked_again", [(0.3, True), (0.6, False)])
def test_a_negative_seen_only_at_the_first_size_is_looked_at_as_the_table_was(
    own_scale, looked_again
):
    """A whole table on black faces and black felt: the picture's first look saw specks, so it
    was looked at again by the table finder. In the negative the felt turns white, and its own
    first look may box blots big enough to pass for tiles, looking no larger: it is then looked
    at as the picture was (on development tables, dark sets: 147 more faces of 59,693 named
    right). A negative the finder chose to look at larger on its own keeps that look."""
    from vision.detector import Look
    from vision.light import FacesWhite
    from vision.reader import TileReader

    picture = np.full((1280, 1280, 3), 40, np.uint8)  # its negative is plainly white
    table_look = Look(0.8, table=True)
    finder = _LooksRecorded(Look(own_scale), own=3, asked=9)
    reader_ = TileReader(finder=finder, classifier=reader().classifier)
    judged = FacesWhite(np.array([90.0, 90.0, 90.0]), 0.3)  # the faces look dark
    found, find_turned = reader_.found_in_negative(picture, [], judged, table_look)
    assert find_turned is not None, "the negative's look is taken"
    assert finder.looks == ([None, table_look] if looked_again else [None])
    assert len(found) == (9 if looked_again else 3)


@pytest.mark.parametrize(
    ("zoom", "first_look", "own_scale", "asked"),
    [
        (None, "table", 0.3, [None, "table"]),  # judged at its first size only: as the first was
        (None, "table", 0.6, [None]),  # the finder chose a larger look on its own: kept
        (None, "first", 0.3, [None]),  # the first picture was not a whole table
        ("zoom", "table", 0.3, ["zoom"]),  # told how to look: looked at so
    ],
)
def test_a_picture_made_from_a_whole_table_is_looked_at_as_the_table_was(
    zoom, first_look, own_scale, asked
):
    """A picture made from one the table finder looked at (its light corrected, its negative)
    is judged afresh, except where that judgement stops at the first size: a whole table's heaps
    come out of a first look as blots, and made brighter they pass for tiles. On one development
    table under a cool dim lamp, 6 of 62 faces were found before, 51 now."""
    from vision.detector import Look
    from vision.reader import TileReader

    looks = {"table": Look(0.8, table=True), "first": Look(0.3), "zoom": Look(0.5), None: None}
    finder = _LooksRecorded(Look(own_scale), own=3, asked=9)
    reader_ = TileReader(finder=finder, classifier=reader().classifier)
    picture = np.full((1280, 1280, 3), 200, np.uint8)
    found, look = reader_.looked_again(picture, looks[zoom], looks[first_look])
    assert finder.looks == [looks[a] for a in asked]
    assert len(found) == (9 if len(asked) == 2 or zoom else 3)


def test_black_faces_are_named_from_the_picture_and_its_negative_together():
    """Each black face is cut from the picture as it is and from its negative; the two
    readings vote (probabilities summed), and a tile they name differently stays unsure."""
    from vision.reader import both_ways

    def read(top, unsure=False):
        return TileRead(top[0][0], (0, 0, 30, 40), top[0][1], 0, top, unsure)

    as_it_is = [read((("3z", 0.5), ("1z", 0.4))), read((("7p", 0.9), ("1p", 0.05)))]
    negative = [read((("1z", 0.8), ("3z", 0.1))), read((("7p", 0.95), ("9p", 0.02)))]
    first, second = both_ways(as_it_is, negative)
    assert (first.code, round(first.confidence, 2), first.unsure) == ("1z", 0.6, True)
    assert (second.code, round(second.confidence, 3), second.unsure) == ("7p", 0.925, False)


def test_light_flowers_among_black_faces_are_taken_from_the_picture_as_it_is():
    """A set on black faces may keep light flowers. In the negative they are dark, and the
    finder boxes the two of them as one: each tile is taken from the look where its face shows
    white, the flowers from the picture as it is, the black faces from its negative."""
    from vision.detector import FoundTile
    from vision.reader import white_either_way

    picture = np.full((120, 300, 3), (40, 110, 40), np.uint8)  # green felt
    for x0 in (20, 70):  # two black faces with bright ink
        picture[30:90, x0 : x0 + 44] = 25
        picture[45:75, x0 + 12 : x0 + 32] = 230
    for x0 in (170, 216):  # two ivory flowers with red art
        picture[30:90, x0 : x0 + 44] = (215, 235, 240)
        picture[45:75, x0 + 10 : x0 + 34] = (40, 40, 190)
    ink = [FoundTile((x0 + 12, 45, x0 + 32, 75), 0.6, "face") for x0 in (20, 70)]
    flowers = [FoundTile((x0, 30, x0 + 44, 90), 0.7, "face") for x0 in (170, 216)]
    whole = [FoundTile((x0, 30, x0 + 44, 90), 0.8, "face") for x0 in (20, 70)]
    both_flowers = FoundTile((170, 30, 260, 90), 0.5, "face")
    taken = white_either_way(picture, 255 - picture, ink + flowers, [*whole, both_flowers])
    assert sorted(f.box for f in taken) == sorted(f.box for f in whole + flowers)


def test_a_face_down_find_in_a_row_of_faces_is_a_blank_face_and_elsewhere_stays_a_back():
    from vision.detector import FoundTile
    from vision.reader import TileReader

    row = [FoundTile((x, 100, x + 30, 140), 0.9, "face") for x in (0, 32, 96)]
    found = row + [
        FoundTile((64, 100, 94, 140), 0.6, "back"),  # the gap in the row: a blank face
        FoundTile((300, 10, 330, 50), 0.6, "back"),  # a white tile far from any face: a back
        FoundTile((128, 100, 188, 180), 0.3, "back"),  # beside the row, but twice a tile's size
    ]
    classifier = _NamesEverything5z()
    tiles = TileReader(finder=_Finder(found), classifier=classifier).named_tiles(
        np.zeros((200, 400, 3), np.uint8)
    )
    by_x = {t.box[0]: t.code for t in tiles}
    assert by_x == {0: "5z", 32: "5z", 96: "5z", 64: "5z", 300: "back"}
    assert classifier.crops == 4, "backs away from the rows (walls) are not sent to be named"


def test_a_run_of_blank_faces_taken_for_backs_is_named_tile_by_tile_along_the_row():
    """A kong of White Dragons the finder takes for four backs: only the first lies beside a
    face, yet all four are named. The run is followed a kong's length (BLANK_RUN steps) and no
    further, so a wall that touches a row is not read as White Dragons end to end."""
    from vision.detector import FoundTile
    from vision.reader import BLANK_RUN, TileReader

    faces = [FoundTile((x, 100, x + 30, 140), 0.9, "face") for x in (0, 32)]
    run = [FoundTile((x, 100, x + 30, 140), 0.6, "back") for x in (64, 96, 128, 160, 192)]
    wall = [FoundTile((400, 10, 430, 50), 0.6, "back")]
    classifier = _NamesEverything5z()
    tiles = TileReader(finder=_Finder(faces + run + wall), classifier=classifier).named_tiles(
        np.zeros((200, 450, 3), np.uint8)
    )
    by_x = {t.box[0]: t.code for t in tiles}
    named = 1 + BLANK_RUN  # the one beside a face, then a step at a time
    assert [by_x[f.box[0]] for f in run] == ["5z"] * named + ["back"] * (len(run) - named)
    assert by_x[400] == "back"
    assert classifier.crops == len(faces) + named


class _NamesInTurn:
    """A stand-in classifier that answers the given codes, one per crop, in order."""

    def __init__(self, codes):
        self.codes = codes

    def classify(self, crops, look_again=True, over_table=False):
        from vision.classifier import Classification

        assert len(crops) == len(self.codes)
        return [Classification(c, 0.95, ((c, 0.95),), False) for c in self.codes]


def test_a_face_down_find_the_classifier_calls_a_back_stays_a_back_at_a_kongs_end():
    from vision.detector import FoundTile
    from vision.reader import TileReader

    found = [
        FoundTile((0, 0, 30, 40), 0.7, "back"),
        FoundTile((32, 0, 62, 40), 0.9, "face"),
        FoundTile((64, 0, 94, 40), 0.9, "face"),
        FoundTile((96, 0, 126, 40), 0.4, "back"),  # faint, but it ends the kong
    ]
    classifier = _NamesInTurn(["back", "3m", "3m", "back"])
    tiles = TileReader(finder=_Finder(found), classifier=classifier).named_tiles(
        np.zeros((50, 140, 3), np.uint8)
    )
    assert [t.code for t in tiles] == ["back", "3m", "3m", "back"]


def test_a_back_at_a_kongs_end_stays_when_the_other_end_reads_as_a_blank_face():
    """A set's backs in a colour the classifier names now back, now White Dragon: back, X, X,
    5z is still a concealed kong, so the back is kept (the 5z is made a back by grouping)."""
    from vision.detector import FoundTile
    from vision.reader import TileReader

    found = [
        FoundTile((0, 0, 30, 40), 0.7, "back"),
        FoundTile((32, 0, 62, 40), 0.9, "face"),
        FoundTile((64, 0, 94, 40), 0.9, "face"),
        FoundTile((96, 0, 126, 40), 0.7, "back"),
    ]
    classifier = _NamesInTurn(["back", "4z", "4z", "5z"])
    tiles = TileReader(finder=_Finder(found), classifier=classifier).named_tiles(
        np.zeros((50, 140, 3), np.uint8)
    )
    assert [t.code for t in tiles] == ["back", "4z", "4z", "5z"]


def test_a_back_among_faces_that_ends_no_kong_is_the_felt_in_a_gap():
    from vision.detector import FoundTile
    from vision.reader import TileReader

    found = [
        FoundTile((0, 0, 30, 40), 0.9, "face"),
        FoundTile((32, 0, 62, 40), 0.9, "face"),
        FoundTile((64, 0, 94, 40), 0.9, "face"),
        FoundTile((96, 0, 126, 40), 0.8, "back"),  # a gap before the next group, read as a back
        FoundTile((128, 0, 158, 40), 0.9, "face"),
    ]
    classifier = _NamesInTurn(["6z", "6z", "6z", "back", "1f"])
    tiles = TileReader(finder=_Finder(found), classifier=classifier).named_tiles(
        np.zeros((50, 170, 3), np.uint8)
    )
    assert [t.code for t in tiles] == ["6z", "6z", "6z", "1f"]


def test_in_line_with_faces_wants_a_face_of_its_size_beside_it_in_a_row_or_column():
    from vision.reader import in_line_with_faces

    faces = np.array([[0, 0, 30, 40], [200, 200, 240, 230]], float)  # one upright, one sideways
    boxes = [
        ((32, 2, 62, 42), True),  # next in the row
        ((0, 42, 30, 82), True),  # next in a column
        ((242, 200, 282, 230), True),  # beside the sideways one
        ((32, 30, 62, 70), False),  # a row lower: not in line
        ((100, 0, 130, 40), False),  # too far along the row
        ((32, 0, 92, 80), False),  # twice the size
    ]
    answers = in_line_with_faces([box for box, _ in boxes], faces)
    assert answers.tolist() == [expected for _, expected in boxes]
    for box, expected in boxes:  # each box alike on its own
        assert in_line_with_faces([box], faces).tolist() == [expected]
    assert in_line_with_faces([(32, 0, 62, 40)], np.zeros((0, 4))).tolist() == [False]  # no faces
    assert in_line_with_faces([], faces).shape == (0,)


def test_a_sliver_beside_whole_faces_is_dropped():
    from vision.detector import FoundTile, drop_slivers

    faces = [FoundTile((x, 0, x + 30, 40), 0.9, "face") for x in (0, 32, 64, 96)]
    sliver = FoundTile((128, 0, 138, 40), 0.9, "face")  # a third of a face wide
    back = FoundTile((140, 0, 150, 40), 0.9, "back")  # backs are not judged by faces' widths
    assert drop_slivers(faces + [sliver, back]) == faces + [back]
    assert drop_slivers(faces[:2] + [sliver]) == faces[:2] + [sliver]  # too few to judge by


# --- whole hands on real photos ---------------------------------------------------------------

WHOLE_HANDS = [  # valid photos of one hand in a row; only the hand's tiles are labelled
    "hand_009_jpg.rf.7913c35339bcb5",  # discards and walls above the row, on green felt
    "370171060_856000659317550_7593",  # a rack cut by the photo's edges at both ends
    "370211613_719383850071706_5882",  # a row lying at about 30 degrees
    "395983550_1465829734271701_3417",  # discards lying above the row
]


@pytest.mark.parametrize("name", WHOLE_HANDS)
def test_the_hand_offered_first_is_the_row_every_tile_and_nothing_else(name):
    from collections import Counter

    image, labels = _photo(name)
    reading = reader().read(image)
    offered = Counter(reading.tiles[i].code for i in reading.hands[0].indices())
    assert offered == Counter(t.code for t in labels)
    assert not set(reading.hands[0].indices()) & set(reading.discards)


def test_the_tiles_around_hand_009_are_discards_not_part_of_the_hand():
    image, labels = _photo("hand_009_jpg.rf.7913c35339bcb5")
    reading = reader().read(image)
    row_top = min(t.box[1] for t in labels)
    assert reading.discards, "the pool above the row is reported"
    assert all(reading.tiles[i].box[3] < row_top for i in reading.discards)


class _HesitatesAtTheUsualCut:
    """A stand-in classifier: hesitates between 2p and 4p on a crop cut at the usual margin,
    reads 4p surely on a tighter or looser cut (told apart by the crop's width)."""

    def __init__(self, usual_width: int):
        self.usual_width = usual_width
        self.batches: list[int] = []

    def classify(self, crops, look_again=True, over_table=False):
        from vision.classifier import Classification

        self.batches.append(len(crops))
        out = []
        for crop in crops:
            if crop.shape[1] == self.usual_width:
                out.append(Classification("2p", 0.45, (("2p", 0.45), ("4p", 0.40)), True, 0))
            else:
                out.append(Classification("4p", 0.9, (("4p", 0.9), ("2p", 0.05)), False, 90))
        return out


def test_a_tile_the_classifier_hesitates_over_is_cut_again_and_the_cuts_vote():
    from vision.reader import TileReader

    picture = np.zeros((100, 200, 3), np.uint8)
    boxes = [(50.0, 30.0, 80.0, 70.0)]
    classifier = _HesitatesAtTheUsualCut(usual_width=36)  # 30 px grown by a tenth each side
    reading = TileReader(finder=object(), classifier=classifier).name_boxes(picture, boxes)
    assert reading[0].code == "4p", "two sure cuts outvote one hesitant cut"
    assert reading[0].unsure, "a person still confirms a tile the classifier hesitated over"
    assert reading[0].rotation == 90, "the turn comes from the surest reading of the winner"
    assert classifier.batches == [1, 2], "one more batch holds both other cuts"


def test_sure_tiles_are_cut_once():
    from vision.classifier import Classification
    from vision.reader import TileReader

    class Sure:
        batches = 0

        def classify(self, crops, look_again=True, over_table=False):
            self.batches += 1
            return [Classification("5m", 0.99, (("5m", 0.99),), False) for _ in crops]

    classifier = Sure()
    reader = TileReader(finder=object(), classifier=classifier)
    reading = reader.name_boxes(np.zeros((50, 50, 3), np.uint8), [(5.0, 5.0, 25.0, 35.0)])
    assert [r.code for r in reading] == ["5m"] and classifier.batches == 1


def _upright_row(count: int, x: float = 0.0) -> list:
    """`count` upright faces 30 x 40, side by side from `x`."""
    from vision.detector import FoundTile

    return [FoundTile((x + 30 * k, 100, x + 30 * k + 30, 140), 0.9, "face") for k in range(count)]


def test_the_two_halves_of_a_sideways_tile_are_offered_as_one_tile():
    """A set's claimed tile lies sideways (40 x 30) after the upright ones: the finder answered
    its two halves, 20 x 30 each, which the classifier would read as two tiles of half the pips."""
    from vision.detector import FoundTile, sideways_halves

    row = _upright_row(8)
    halves = [
        FoundTile((240, 110, 260, 140), 0.6, "face"),
        FoundTile((260, 110, 280, 140), 0.8, "face"),
    ]
    assert sideways_halves(row + halves) == [(8, 9, (240.0, 110.0, 280.0, 140.0))]


def test_whole_tiles_side_by_side_and_lone_small_faces_are_no_halves():
    from vision.detector import FoundTile, sideways_halves

    row = _upright_row(8)
    assert sideways_halves(row) == []  # two upright neighbours make no sideways tile
    apart = [
        FoundTile((300, 110, 320, 140), 0.7, "face"),
        FoundTile((400, 110, 420, 140), 0.7, "face"),
    ]
    assert sideways_halves(row + apart) == []  # small faces far apart
    stacked = [
        FoundTile((300, 100, 320, 130), 0.7, "face"),
        FoundTile((300, 130, 320, 160), 0.7, "face"),
    ]
    assert sideways_halves(row + stacked) == []  # together 20 x 60: no tile's shape
    few = _upright_row(3) + [
        FoundTile((90, 110, 110, 140), 0.6, "face"),
        FoundTile((110, 110, 130, 140), 0.6, "face"),
    ]
    assert sideways_halves(few) == []  # too few faces to know a usual one


class _Reads:
    """A classifier that reads every crop as `code`, turned `rotation`, sure or not."""

    rotation_output = "rotation"

    def __init__(self, rotation: int, unsure: bool = False, code: str = "4p"):
        self.reading = (code, rotation, unsure)

    def classify(self, crops, look_again=True, over_table=False):
        from vision.classifier import Classification

        code, rotation, unsure = self.reading
        return [Classification(code, 0.9, ((code, 0.9),), unsure, rotation) for _ in crops]


@pytest.mark.parametrize(
    "classifier, one_tile",
    [
        (_Reads(rotation=90), True),  # one face along the wide box: the tile lying sideways
        (_Reads(rotation=270), True),
        (_Reads(rotation=0), False),  # upright faces in a wide box: two tiles side by side
        (_Reads(rotation=90, unsure=True), False),  # the classifier hesitates
        (_Reads(rotation=90, code="back"), False),
    ],
)
def test_the_reader_makes_halves_one_tile_only_when_the_classifier_sees_one_sideways(
    classifier, one_tile
):
    from vision.detector import FoundTile
    from vision.reader import TileReader

    row = _upright_row(8)
    halves = [
        FoundTile((240, 110, 260, 140), 0.6, "face"),
        FoundTile((260, 110, 280, 140), 0.8, "face"),
    ]
    reader = TileReader(finder=_Finder(row + halves), classifier=classifier)
    found = reader.sideways_tiles(np.zeros((300, 400, 3), np.uint8), row + halves)
    if one_tile:
        assert found == row + [FoundTile((240, 110, 280, 140), 0.8, "face")]
    else:
        assert found == row + halves


# --- a winner's hand read incomplete is looked at again closer ---------------------------------


class _SeesMoreCloser:
    """A reader's `named_tiles` for a picture whose pixels hold their own (x, y): the first look
    gives `far`; a look at a region cut out of it gives those of `near` whose centres lie in
    it, in the region's pixels. Each look's region (x, y, width, height) is kept in `looks`."""

    def __init__(self, far, near, width, height):
        self.far, self.near, self.looks = tuple(far), tuple(near), []
        self.whole = (0, 0, width, height)

    def __call__(self, bgr, zoom=None, over_table=None):
        from dataclasses import replace

        x0, y0 = int(bgr[0, 0, 0]), int(bgr[0, 0, 1])
        height, width = bgr.shape[:2]
        self.looks.append((x0, y0, width, height, zoom))
        if (x0, y0, width, height) == self.whole:
            return self.far
        shifted = []
        for t in self.near:
            cx, cy = (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2
            if x0 <= cx < x0 + width and y0 <= cy < y0 + height:
                box = (t.box[0] - x0, t.box[1] - y0, t.box[2] - x0, t.box[3] - y0)
                shifted.append(replace(t, box=box))
        return tuple(shifted)


def _picture_of_places(width: int, height: int) -> np.ndarray:
    """A picture whose pixels hold their own place: (x, y, 0)."""
    ys, xs = np.mgrid[0:height, 0:width]
    return np.stack([xs, ys, np.zeros_like(xs)], axis=2).astype(np.int32)


def _closer_reading(far, near, scene, frames: int = 0):
    """The reading of a whole table whose first look gives `far` and a closer one `near`: of
    one picture, or of `frames` frames of it as the camera gives them."""
    from vision.reader import TileReader

    height, width = scene.image.shape[:2]
    picture = _picture_of_places(width, height)
    reader = TileReader(finder=object(), classifier=_Classifier())
    reader.named_tiles = sees = _SeesMoreCloser(far, near, width, height)
    if frames:
        return reader.read_votes([picture] * frames), sees.looks
    return reader.read(picture), sees.looks


def _table_missing_one_hand_tile():
    """A rendered table's true tiles, and the same less one standing tile of the winner's."""
    from tests.vision.test_grouping import tiles_of
    from tests.vision.test_table_grouping import table

    scene, _ = table(0)
    tiles = tiles_of(scene)
    standing = [
        i for i, t in enumerate(scene.tiles) if t.position == scene.winner and t.role == "concealed"
    ]
    missing = standing[len(standing) // 2]
    return scene, tiles, tiles[:missing] + tiles[missing + 1 :]


def test_a_hand_the_first_look_misses_a_tile_of_is_read_whole_from_a_closer_look():
    from lab.hands import as_laid

    scene, every, far = _table_missing_one_hand_tile()
    reading, looks = _closer_reading(far, every, scene)
    assert len(looks) == 2, "looked at once more, closer"
    x0, y0, width, height, _ = looks[1]
    assert width * height < 0.6 * scene.image.shape[0] * scene.image.shape[1], "a region only"
    first = reading.hands[0]
    assert first.position == scene.winner
    assert canonical(first.to_request(reading.tiles)) == as_laid(scene)


def test_a_closer_look_that_leaves_the_hand_incomplete_is_not_taken():
    from vision.completion import is_whole

    scene, _, far = _table_missing_one_hand_tile()
    from vision.reader import CLOSER_TILES

    reading, looks = _closer_reading(far, far[:5], scene)  # closer, it sees even less
    assert len(looks) == 1 + len(CLOSER_TILES), "the region looked at as often as it may be"
    assert len({look[:4] for look in looks[1:]}) == 1, "the same region each time"
    assert len({look[4] for look in looks[1:]}) == len(CLOSER_TILES), "each time as large"
    first = reading.hands[0]
    assert first.position == scene.winner and not is_whole(first, reading.tiles)
    assert first.size == 13, "the first look's hand, one tile short, as it was read"


def test_the_closer_finder_takes_the_last_look_and_is_kept_only_where_the_hand_is_whole():
    """Where the finder leaves the hand incomplete at every size, the closer finder looks at
    the same region, at each size in turn over a table, and last reads the whole picture its own
    way; its look is taken where the hand comes out whole, else the first look's hand stays."""
    from lab.hands import as_laid
    from vision.completion import is_whole
    from vision.reader import CLOSER_TILES, TileReader

    scene, every, far = _table_missing_one_hand_tile()
    height, width = scene.image.shape[:2]
    picture = _picture_of_places(width, height)
    for closer_sees, whole in ((every, True), (far[:5], False)):
        reader = TileReader(finder=object(), classifier=_Classifier(), closer_finder=object())
        reader.named_tiles = first = _SeesMoreCloser(far, far[:5], width, height)
        reader.closer.named_tiles = second = _SeesMoreCloser(far, closer_sees, width, height)
        reading = reader.read(picture)
        assert len(first.looks) == 1 + len(CLOSER_TILES), "the finder at every size first"
        region, sizes = first.looks[1][:4], [look[4] for look in first.looks[1:]]
        if whole:  # it stops at the first whole hand, which then gets a second opinion
            assert [look[:4] for look in second.looks] == [region] * 2
            assert [look[4] for look in second.looks] == sizes[:1] + [None]
        else:  # each size, then the whole picture, then its own closer looks at each size
            assert [look[:4] for look in second.looks] == (
                [region] * len(CLOSER_TILES) + [second.whole] + [region] * len(CLOSER_TILES)
            )
            assert [look[4] for look in second.looks] == sizes + [None] + sizes
        hand = reading.hands[0]
        assert is_whole(hand, reading.tiles) == whole
        if whole:
            assert canonical(hand.to_request(reading.tiles)) == as_laid(scene)
        else:
            assert hand.size == 13, "the first look's hand, one tile short, as it was read"


def test_where_no_closer_look_makes_the_hand_whole_the_closer_finders_own_reading_may():
    """A hand seen small a tile off complete whose region no look makes whole, finder or closer
    finder: the closer finder then reads the whole picture its own way (its first look, its own
    closer looks), and that reading is taken where its hand is whole."""
    from lab.hands import as_laid
    from vision.reader import TileReader

    scene, every, far = _table_missing_one_hand_tile()
    height, width = scene.image.shape[:2]
    reader = TileReader(finder=object(), classifier=_Classifier(), closer_finder=object())
    reader.named_tiles = _SeesMoreCloser(far, far[:5], width, height)
    reader.closer.named_tiles = second = _SeesMoreCloser(every, far[:5], width, height)
    reading = reader.read(_picture_of_places(width, height))
    assert second.whole in [look[:4] for look in second.looks], "the whole picture was read"
    hand = reading.hands[0]
    assert canonical(hand.to_request(reading.tiles)) == as_laid(scene)


def test_the_closer_finder_uses_the_readers_table_finder_rather_than_loading_it_again():
    default = reader()
    assert default.closer is not None, "the committed closer finder is there"
    assert default.closer.finder.table_session is default.finder.table_session
    assert default.closer.finder.session is not default.finder.session, "a finder of its own"


def test_a_photos_hand_gets_one_look_from_the_closer_finder(monkeypatch):
    """A hand not seen small (a photo of it) is looked at by the closer finder once, at its own
    size, and the closer finder does not read the whole photo: over photos' heaps, its other
    sizes and its whole reading made wrong hands whole."""
    import vision.reader
    from vision.reader import CLOSER_TILES, TileReader

    monkeypatch.setattr(vision.reader, "seen_small", lambda length, width, height: False)
    scene, _, far = _table_missing_one_hand_tile()
    height, width = scene.image.shape[:2]
    reader = TileReader(finder=object(), classifier=_Classifier(), closer_finder=object())
    reader.named_tiles = first = _SeesMoreCloser(far, far[:5], width, height)
    reader.closer.named_tiles = second = _SeesMoreCloser(far, far[:5], width, height)
    reader.read(_picture_of_places(width, height))
    assert len(first.looks) == 1 + len(CLOSER_TILES)
    assert [look[4] for look in second.looks] == [None], "once, at the finder's own size"


def test_a_whole_hand_is_not_looked_at_again():
    from lab.hands import as_laid

    scene, every, _ = _table_missing_one_hand_tile()
    reading, looks = _closer_reading(every, (), scene)
    assert len(looks) == 1
    assert canonical(reading.hands[0].to_request(reading.tiles)) == as_laid(scene)


def test_the_cameras_frames_are_looked_at_closer_each_and_voted():
    from lab.hands import as_laid

    scene, every, far = _table_missing_one_hand_tile()
    reading, looks = _closer_reading(far, every, scene, frames=3)
    assert len(looks) == 6, "three frames looked at whole, then each closer"
    assert canonical(reading.hands[0].to_request(reading.tiles)) == as_laid(scene)


# --- a whole hand seen small gets a second opinion from the closer finder ------------------------


def _table_with_a_kong_read_as_a_pung():
    """A rendered table whose winner laid a kong, its true tiles, and the same less one of the
    kong's tiles: read so, the hand is whole but wrong (a pung where a kong lies)."""
    from tests.vision.test_table_grouping import table

    scene, _ = table(1)
    tiles = tiles_of(scene)
    sets = Counter(t.code for t in scene.tiles if t.position == scene.winner and t.role == "meld")
    kong = next(code for code, count in sets.items() if count == 4 and code != "back")
    gone = next(
        i
        for i, t in enumerate(scene.tiles)
        if t.position == scene.winner and t.role == "meld" and t.code == kong
    )
    return scene, tiles, tiles[:gone] + tiles[gone + 1 :]


def _seconded(first_sees, closer_sees, scene):
    """A table read by a reader whose finder sees `first_sees` and whose closer finder sees
    `closer_sees` in any region; the reading and each one's looks."""
    from vision.reader import TileReader

    height, width = scene.image.shape[:2]
    reader = TileReader(finder=object(), classifier=_Classifier(), closer_finder=object())
    reader.named_tiles = first = _SeesMoreCloser(first_sees, (), width, height)
    reader.closer.named_tiles = second = _SeesMoreCloser((), closer_sees, width, height)
    return reader.read(_picture_of_places(width, height)), first.looks, second.looks


def test_a_whole_hand_seen_small_is_taken_from_the_closer_finder_where_it_holds_more_tiles():
    """The finder read the winner's hand whole but missed a kong's fourth tile (a pung, then);
    the closer finder, looking at the hand's region once at its own size, sees it: its reading
    is kept."""
    from lab.hands import as_laid
    from vision.completion import is_whole

    scene, every, less = _table_with_a_kong_read_as_a_pung()
    first_alone, _, _ = _seconded(less, less, scene)
    assert is_whole(first_alone.hands[0], first_alone.tiles), "whole, a pung"
    assert canonical(first_alone.hands[0].to_request(first_alone.tiles)) != as_laid(scene)
    reading, first, second = _seconded(less, every, scene)
    assert len(first) == 1, "the hand was whole: no closer look of the finder's own"
    assert len(second) == 1 and second[0][4] is None, "one look, at the closer finder's size"
    x0, y0, width, height, _ = second[0]
    assert width * height < 0.6 * scene.image.shape[0] * scene.image.shape[1], "a region only"
    hand = reading.hands[0]
    assert is_whole(hand, reading.tiles)
    assert canonical(hand.to_request(reading.tiles)) == as_laid(scene)


def test_the_closer_finders_reading_is_not_taken_where_it_holds_fewer_tiles_or_no_whole_hand():
    from lab.hands import as_laid

    scene, every, less = _table_with_a_kong_read_as_a_pung()
    for closer_sees in (less, every[:5]):
        reading, _, second = _seconded(every, closer_sees, scene)
        assert len(second) == 1, "asked once"
        assert canonical(reading.hands[0].to_request(reading.tiles)) == as_laid(scene)


def test_a_photos_whole_hand_gets_no_second_opinion(monkeypatch):
    """A hand not seen small (a photo of it) is read by the finder alone."""
    import vision.reader
    from lab.hands import as_laid

    monkeypatch.setattr(vision.reader, "seen_small", lambda length, width, height: False)
    scene, every, less = _table_with_a_kong_read_as_a_pung()
    reading, _, second = _seconded(less, every, scene)
    assert second == []
    hand = canonical(reading.hands[0].to_request(reading.tiles))
    assert hand != as_laid(scene), "the finder's reading: a pung where the kong lies"


def test_of_two_whole_readings_holding_as_many_tiles_the_surer_is_kept():
    """Two readings of one table differ in a flower, named as surely as the other finder's:
    the one whose faces the classifier is surer of is kept, the first where they weigh the
    same."""
    from tests.vision.test_grouping import read_tiles
    from tests.vision.test_table_grouping import table
    from vision.reader import likelier

    scene, _ = table(3)
    every = tiles_of(scene)
    flower = next(
        i for i, t in enumerate(scene.tiles) if t.position == scene.winner and t.role == "flower"
    )
    other_code = next(c for c in ("1f", "2f", "3f", "4f") if c != every[flower].code)
    changed = list(every)
    changed[flower] = replace(every[flower], code=other_code)
    for confidence, kept in ((0.6, "first"), (0.9, "other"), (0.8, "first")):
        first = read_tiles(scene, [replace(t, confidence=0.8) for t in every])
        other = read_tiles(
            scene,
            [replace(t, confidence=0.8) for t in changed[:flower]]
            + [replace(changed[flower], confidence=confidence)]
            + [replace(t, confidence=0.8) for t in changed[flower + 1 :]],
        )
        assert first.hands[0].to_request(first.tiles) != other.hands[0].to_request(other.tiles)
        assert likelier(first, other) is (first if kept == "first" else other)


# --- a face boxed by part of its tile ------------------------------------------------------------


class _NamesByPlace:
    """For a picture whose pixels hold their own (x, y): names a crop that spans the rows of
    the tiles (y 50 to 90) a 4 of dots, as surely as `whole` says, and any other crop a 2 of
    dots, `part` surely (`lower` for a crop below the tiles' middle), as the classifier names
    a whole 4 of dots and a part of it."""

    rotation_output = "rotation"

    def __init__(self, whole: float = 0.99, part: float = 0.95, lower: float | None = None):
        self.whole, self.part, self.lower = whole, part, lower

    def classify(self, crops, look_again=True, over_table=False):
        from vision.classifier import Classification

        def reading(crop):
            top, bottom = int(crop[..., 1].min()), int(crop[..., 1].max())
            if top <= 52 and bottom >= 88 and crop.shape[0] >= 1.2 * crop.shape[1]:
                return Classification("4p", self.whole, (("4p", self.whole),), self.whole < 0.5)
            sure = self.lower if self.lower is not None and top >= 70 else self.part
            return Classification("2p", sure, (("2p", sure),), False)

        return [reading(crop) for crop in crops]


def _row_with_a_part(*parts):
    """Eight upright 30 x 40 faces in a row (y 50 to 90), the fourth found as `parts` (its
    boxes' top and bottom) instead."""
    from vision.detector import FoundTile

    found = []
    for k in range(8):
        x0 = 10 + 35 * k
        boxes = [(x0, 50 + top, x0 + 30, 50 + bottom) for top, bottom in parts] if k == 3 else []
        found += [FoundTile(box, 0.9, "face") for box in boxes or [(x0, 50, x0 + 30, 90)]]
    return found


def _whole_parts(found, classifier):
    from vision.crops import crop_box
    from vision.reader import CROP_MARGIN, TileReader

    picture = _picture_of_places(300, 200)
    reader = TileReader(finder=object(), classifier=classifier)
    crops = [crop_box(picture, f.box, CROP_MARGIN) for f in found]
    named = dict(enumerate(classifier.classify(crops)))
    return reader.whole_parts(picture, found, named)


def test_a_face_boxed_by_the_top_of_its_tile_is_boxed_whole_and_named_so():
    found, named = _whole_parts(_row_with_a_part((0, 24)), _NamesByPlace())
    assert len(found) == 8
    assert found[3].box == (115, 50, 145, 90), "grown down to a whole tile"
    assert [named[i].code for i in range(8)] == ["4p"] * 8


@pytest.mark.parametrize("lower", [None, 0.999])
def test_the_other_part_of_a_tile_boxed_whole_is_dropped(lower):
    """The lower part grown as well (to the same box), or named so surely it is not grown."""
    classifier = _NamesByPlace(lower=lower)
    found, named = _whole_parts(_row_with_a_part((0, 24), (26, 40)), classifier)
    assert len(found) == 8, "one tile, not a tile and a part"
    assert [named[i].code for i in range(8)] == ["4p"] * 8


@pytest.mark.parametrize("whole, part", [(0.8, 0.5), (0.95, 0.97)])
def test_a_part_whose_whole_box_is_read_unsurely_stays_as_found(whole, part):
    """Its grown box named under GROWN surely, or less surely than the part itself."""
    parts = _row_with_a_part((0, 24))
    found, named = _whole_parts(parts, _NamesByPlace(whole=whole, part=part))
    assert found == parts
    assert named[3].code == "2p"


class _NamesTallCropsFromTheRow:
    """Names a crop a whole tile's height that reaches up into the row (y 50 to 90) a 4 of
    dots, surely; any other crop a flower, as the classifier names a small tile or a part."""

    rotation_output = "rotation"

    def classify(self, crops, look_again=True, over_table=False):
        from vision.classifier import Classification

        def reading(crop):
            if crop.shape[0] >= 36 and int(crop[..., 1].min()) <= 66:
                return Classification("4p", 0.99, (("4p", 0.99),), False)
            return Classification("1f", 0.6, (("1f", 0.6),), False)

        return [reading(crop) for crop in crops]


@pytest.mark.parametrize(
    "part, kept",
    [
        ((115, 66, 145, 90), False),  # the lower part of the fourth tile, found beside it
        ((115, 84, 145, 108), True),  # a small tile a quarter under the fourth's edge
    ],
)
def test_a_part_found_inside_a_whole_tile_is_dropped_a_tile_beside_it_kept(part, kept):
    """A face found as well as the tile it is part of (its grown box lands on that whole
    tile, and it lies inside it) is not a tile of its own; a small face lying mostly outside
    the whole tile its grown box lands on is kept as found."""
    from vision.detector import FoundTile

    found = _row_with_a_part((0, 40)) + [FoundTile(part, 0.9, "face")]
    found, named = _whole_parts(found, _NamesTallCropsFromTheRow())
    assert [f.box for f in found[:8]] == [(10 + 35 * k, 50, 40 + 35 * k, 90) for k in range(8)]
    assert len(found) == 8 + kept
    assert [named[i].code for i in range(len(found))] == ["4p"] * 8 + ["1f"] * kept


def _tile(code, x0, width=30, height=40, y0=0):
    from vision.reading import TileRead

    return TileRead(code, (x0, y0, x0 + width, y0 + height), 0.9)


def test_a_kongs_backs_are_looked_for_where_nothing_lies_beyond_two_like_faces():
    from vision.reader import kong_ends

    pair = (_tile("3m", 40), _tile("3m", 72))
    ends = kong_ends(pair, 200, 50)
    assert [[round(v) for v in box] for box in sum(ends, [])] == [[8, 0, 38, 40], [104, 0, 134, 40]]
    assert kong_ends(pair + (_tile("back", 104),), 200, 50) == [[(8.0, 0.0, 38.0, 40.0)]]
    assert kong_ends(pair + (_tile("4m", 104),), 200, 50) == [], "a face beyond: a row, no kong"
    assert kong_ends((_tile("3m", 40), _tile("7p", 72)), 200, 50) == [], "unlike faces"
    assert kong_ends((_tile("3m", 40), _tile("3m", 130)), 200, 50) == [], "not side by side"
    assert kong_ends(pair, 120, 50) == [], "one end beyond the picture's edge"
    whites = (_tile("5z", 40), _tile("5z", 72))  # a kong of White Dragons shows two blanks
    assert kong_ends(whites, 200, 50) == kong_ends(pair, 200, 50)
    assert kong_ends(whites + (_tile("5z", 104),), 200, 50) == [], "three White Dragons"
    assert kong_ends((_tile("back", 40), _tile("back", 72)), 200, 50) == [], "backs: a wall"


def _blank_row(back_colour, sideways=False):
    """A green table with a row of four blank tiles read as White Dragons (the two at the ends
    painted `back_colour`, the middle two ivory) and two ivory faces read as 3m apart."""
    picture = np.full((120, 400, 3), (40, 110, 40), np.uint8)
    tiles = []
    for k in range(4):
        x0 = 20 + 32 * k
        wide = sideways and k == 0
        box = (x0, 40, x0 + 30, 80) if not wide else (x0 - 5, 45, x0 + 35, 75)
        picture[box[1] : box[3], box[0] : box[2]] = back_colour if k in (0, 3) else (215, 235, 240)
        tiles.append(_tile("5z", box[0], box[2] - box[0], box[3] - box[1], box[1]))
    for x0 in (250, 300):
        picture[40:80, x0 : x0 + 30] = (215, 235, 240)
        picture[55:65, x0 + 10 : x0 + 20] = (30, 30, 160)
        tiles.append(_tile("3m", x0, y0=40))
    return picture, tuple(tiles)


@pytest.mark.parametrize(
    ("back_colour", "sideways", "codes"),
    [
        ((150, 60, 20), False, ["back", "5z", "5z", "back"]),  # dark blue backs: a concealed kong
        ((215, 235, 240), False, ["5z"] * 4),  # four ivory blanks: White Dragons face up
        ((150, 60, 20), True, ["5z"] * 4),  # one lies sideways: a claimed kong, left as read
    ],
)
def test_a_kong_of_white_dragons_whose_ends_differ_in_colour_has_backs_at_its_ends(
    back_colour, sideways, codes
):
    """Four tiles in a line read as White Dragons, the ends one colour and the middle two the
    faces' own: the ends are a concealed kong's backs the classifier took for blanks."""
    from vision.reader import blank_kong_backs

    picture, tiles = _blank_row(back_colour, sideways)
    read = blank_kong_backs(picture, tiles)
    assert [t.code for t in read[:4]] == codes
    assert [t.code for t in read[4:]] == ["3m", "3m"]


class _FacesThenEnds:
    """Names the found faces `3m`, then each place looked at beyond them as `end`."""

    rotation_output = "rotation"

    def __init__(self, end, confidence):
        self.end, self.confidence, self.calls = end, confidence, 0

    def classify(self, crops, look_again=True, over_table=False):
        from vision.classifier import Classification

        self.calls += 1
        code, sure = ("3m", 0.95) if self.calls == 1 else (self.end, self.confidence)
        return [Classification(code, sure, ((code, sure),), sure < 0.6) for _ in crops]


@pytest.mark.parametrize(
    ("end", "confidence", "codes"),
    [
        ("back", 0.9, ["back", "3m", "3m", "back"]),  # the finder missed both backs
        ("back", 0.4, ["back", "3m", "3m", "back"]),  # read a back, but unsurely at both
        ("5p", 0.9, ["3m", "3m"]),  # faces lie there (the finder missed them): no kong
    ],
)
def test_backs_the_finder_missed_at_a_kongs_ends_are_taken_where_the_classifier_sees_backs(
    end, confidence, codes
):
    """Backs read unsurely at both places are taken as doubtful (`TileRead.doubtful`): grouping
    uses them only where they make the hand whole."""
    from vision.detector import FoundTile
    from vision.reader import TileReader

    found = [FoundTile((40, 5, 70, 45), 0.9, "face"), FoundTile((72, 5, 102, 45), 0.9, "face")]
    reader = TileReader(finder=_Finder(found), classifier=_FacesThenEnds(end, confidence))
    tiles = sorted(reader.named_tiles(np.zeros((50, 160, 3), np.uint8)), key=lambda t: t.box[0])
    assert [t.code for t in tiles] == codes
    assert [t.doubtful for t in tiles] == [t.code == "back" and confidence < 0.6 for t in tiles]


def _with_doubtful_kong_backs():
    """(scene, its tiles as read with the winner's concealed kong's backs read doubtfully) for
    the first grouping-test table whose winner shows a concealed kong."""
    from tests.vision.test_table_grouping import table

    for seed in range(40):
        scene, _ = table(seed)
        kongs = {
            k
            for k, g in enumerate(scene.groups)
            if g.kind == "concealed_kong" and g.position == scene.winner
        }
        if not kongs:
            continue
        tiles = tiles_of(scene)
        return scene, tuple(
            replace(t, unsure=True, doubtful=True)
            if drawn.group in kongs and drawn.code == "back"
            else t
            for t, drawn in zip(tiles, scene.tiles, strict=True)
        )
    raise AssertionError("no table with a concealed kong")


def test_a_concealed_kongs_backs_read_doubtfully_complete_the_hand_they_belong_to():
    """The finder missed a concealed kong's dark backs and the classifier read them unsurely:
    without them the hand is two faces off complete, with them it is whole and as laid."""
    from lab.hands import as_laid
    from vision.reader import TileReader

    scene, tiles = _with_doubtful_kong_backs()
    reader = TileReader(finder=_Finder([]), classifier=_Classifier())  # closer looks see nothing
    reading = reader.grouped_closer([scene.image], tiles)
    assert canonical(reading.hands[0].to_request(reading.tiles)) == as_laid(scene)
    height, width = scene.image.shape[:2]
    without = reader.group(width, height, tiles)
    assert not any(t.doubtful for t in without.tiles)
    assert canonical(without.hands[0].to_request(without.tiles)) != as_laid(scene)


def test_backs_read_doubtfully_stay_out_of_a_hand_whole_without_them():
    """Doubtful backs beside two like faces of a hand that is whole already are left out where
    they would mislead: taken, they turn a pung into a concealed kong and leave a pair short."""
    from lab.hands import as_laid
    from tests.vision.test_table_grouping import table
    from vision.reader import TileReader

    reader = TileReader(finder=_Finder([]), classifier=_Classifier())
    misled = 0
    for seed in range(16):
        scene, _ = table(seed)
        mine = [t for t in scene.tiles if t.position == scene.winner and t.role == "concealed"]
        pairs = [(a, b) for a, b in zip(mine, mine[1:], strict=False) if a.code == b.code]
        if not pairs:
            continue
        a, b = pairs[0]
        step = np.subtract(b.box, a.box)
        ghosts = tuple(
            TileRead(
                "back", tuple(int(v) for v in box), 0.3, a.rotation, unsure=True, doubtful=True
            )
            for box in (np.subtract(a.box, step), np.add(b.box, step))
        )
        tiles = tiles_of(scene) + ghosts
        height, width = scene.image.shape[:2]
        taken = reader.group(width, height, tiles, doubtful=True)
        if canonical(taken.hands[0].to_request(taken.tiles)) == as_laid(scene):
            continue  # the backs would not mislead here
        misled += 1
        reading = reader.grouped_closer([scene.image], tiles)
        assert canonical(reading.hands[0].to_request(reading.tiles)) == as_laid(scene), seed
        assert not any(t.doubtful for t in reading.tiles)
    assert misled >= 2


def test_a_kongs_backs_are_looked_for_in_the_picture_its_tiles_boxes_are_in(monkeypatch):
    """A picture turned with no rows to say how far is named both ways, each in its own turned
    copy; the tiles' boxes come back in the picture as given, so the backs are looked for there."""
    import vision.reader as reader_module
    from vision.detector import FoundTile
    from vision.reader import TileReader

    monkeypatch.setattr(reader_module, "neighbours_turn", lambda faces: 20.0)
    found = [FoundTile((40, 5, 70, 45), 0.9, "face"), FoundTile((72, 5, 102, 45), 0.9, "face")]
    reader = TileReader(finder=_Finder(found), classifier=_Classifier())
    looked_in = []
    monkeypatch.setattr(
        reader, "kong_backs_looked_for", lambda bgr, tiles: looked_in.append(bgr.shape) or tiles
    )
    picture = np.zeros((50, 160, 3), np.uint8)
    reader.named_tiles(picture)
    assert looked_in == [picture.shape]


def test_a_hand_seen_small_and_two_tiles_short_is_read_whole_from_a_closer_look():
    """Over a whole table the finder may miss several of the hand's tiles: the hand is then
    far off complete, and is looked at closer all the same, since its tiles are seen small."""
    from lab.hands import as_laid
    from tests.vision.test_grouping import tiles_of
    from tests.vision.test_table_grouping import table
    from vision.completion import nearly_whole

    scene, _ = table(0)
    every = tiles_of(scene)
    standing = [
        i for i, t in enumerate(scene.tiles) if t.position == scene.winner and t.role == "concealed"
    ]
    gone = {standing[2], standing[6]}  # two standing tiles not found
    far = tuple(t for i, t in enumerate(every) if i not in gone)
    reading, looks = _closer_reading(far, every, scene)
    assert len(looks) == 2, "looked at once more, closer"
    assert canonical(reading.hands[0].to_request(reading.tiles)) == as_laid(scene)
    first_look, _ = _closer_reading(far, far, scene)
    assert not nearly_whole(first_look.hands[0], first_look.tiles), "not a tile or a set off"


def test_the_closer_finder_is_not_asked_about_a_hand_far_off_complete():
    """A hand seen small two tiles short gets the finder's closer look, not the closer finder's:
    a table's frame mid-hand shows such hands, and each look costs time."""
    from tests.vision.test_grouping import tiles_of
    from tests.vision.test_table_grouping import table
    from vision.reader import TileReader

    scene, _ = table(0)
    every = tiles_of(scene)
    standing = [
        i for i, t in enumerate(scene.tiles) if t.position == scene.winner and t.role == "concealed"
    ]
    far = tuple(t for i, t in enumerate(every) if i not in {standing[2], standing[6]})
    height, width = scene.image.shape[:2]
    reader = TileReader(finder=object(), classifier=_Classifier(), closer_finder=object())
    reader.named_tiles = first = _SeesMoreCloser(far, far, width, height)
    reader.closer.named_tiles = second = _SeesMoreCloser(far, every, width, height)
    reader.read(_picture_of_places(width, height))
    assert len(first.looks) == 2, "the finder looked closer once"
    assert second.looks == [], "the closer finder was not asked"


def _row_reading(width: int, height: int, length: float, count: int):
    """A reading of one incomplete hand in a row: `count` tiles `length` pixels long."""
    from vision.reading import HandRead, Reading, TileRead

    codes = ["1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "1z", "1z", "1z", "2z"][:count]
    step = 0.75 * length
    tiles = tuple(
        TileRead(
            code, (10 + k * step, 10, 10 + (k + 1) * step, 10 + length), 0.95, 0, ((code, 0.95),)
        )
        for k, code in enumerate(codes)
    )
    return Reading(width, height, tiles, (HandRead("bottom", concealed=tuple(range(count))),))


def test_only_a_hand_seen_small_is_looked_at_closer_however_far_off_complete():
    """Ten tiles, four short of a winner's hand: at a table's size (30 pixels in a 1280 frame)
    the hand is looked at closer; in a photo of the hand (60 pixels in 640) it is not."""
    from vision.reader import closer_region

    assert closer_region(_row_reading(1280, 960, 30, 10)) is not None
    assert closer_region(_row_reading(640, 640, 60, 10)) is None


def test_a_hand_seen_small_is_looked_at_over_a_tile_more_for_each_tile_it_lacks():
    """A hand a tile off keeps the usual margin and sizes; one four tiles short of 14 is looked
    at four tiles' widths further out each way, where a set the finder missed lies, once."""
    from vision.reader import CLOSER_KEEP, CLOSER_TILES, TILE_WIDTH, closer_region

    length = 30
    for count, lacking in ((13, 0), (10, 4)):
        reading = _row_reading(1280, 960, length, count)
        right_end = max(t.box[2] for t in reading.tiles)
        region = closer_region(reading)
        margin = CLOSER_KEEP + (TILE_WIDTH * lacking if lacking else 0)
        assert region.keep[2] - right_end == pytest.approx(margin * length), count
        assert region.sizes == (CLOSER_TILES[:1] if lacking else CLOSER_TILES), "the finder's size"


def _table_of_faces(side: int, length: int, black: bool):
    """A felt picture `side` pixels square with eight faces `length` pixels long in a row,
    white with dark ink or black with bright ink, and their tiles as read."""
    picture = np.full((side, side, 3), (40, 90, 30), np.uint8)
    width = length * 3 // 4
    tiles = []
    for k in range(8):
        x0, y0 = 100 + k * (width + 4), 100
        face, ink = ((20, 20, 20), (230, 230, 230)) if black else ((235, 240, 240), (30, 30, 120))
        picture[y0 : y0 + length, x0 : x0 + width] = face
        top, left = y0 + length // 4, x0 + width // 3
        picture[top : top + length // 2, left : left + width // 3] = ink  # a quarter of it or so
        tiles.append(TileRead("1m", (x0, y0, x0 + width, y0 + length), 0.9))
    return picture, tuple(tiles)


def test_specks_are_dropped_only_over_a_whole_table_of_white_faces():
    """Small unsure faces are taken for specks where a whole table is seen from above with
    white faces; not in a photo of a hand, nor on black faces (whose boxes the finder draws
    around the ink alone, as small as a speck)."""
    from vision.reader import specks_likely

    assert specks_likely(*_table_of_faces(1280, 30, black=False))
    assert not specks_likely(*_table_of_faces(1280, 30, black=True))
    assert not specks_likely(*_table_of_faces(640, 60, black=False))


class _AsksOverTable(_Classifier):
    """`_Classifier`, noting whether each call was told the picture is a whole table."""

    def __init__(self):
        self.asked = []

    def classify(self, crops, look_again=True, over_table=False):
        self.asked.append(over_table)
        return super().classify(crops, look_again, over_table)


@pytest.mark.parametrize(("picture", "tile", "over_table"), [(1280, 40, True), (640, 45, False)])
def test_a_whole_tables_tiles_have_their_flowers_read_by_the_small_reader_a_photos_not(
    picture, tile, over_table
):
    """Tiles shorter than SEEN_SMALL of the picture are a camera over the whole table's, whose
    flowers the small flower reader knows by their characters; a close photo's tiles of the same
    size are a real set's, whose pictures the classifier knows better. A region cut out of the
    picture for a closer look is told by the reader, as it cannot tell by itself."""
    from vision.detector import FoundTile
    from vision.reader import TileReader

    found = [
        FoundTile((100 + 40 * k, 100, 100 + 40 * k + tile * 3 // 4, 100 + tile), 0.9, "face")
        for k in range(5)
    ]
    classifier = _AsksOverTable()
    reader = TileReader(finder=_Finder(found), classifier=classifier)
    reader.named_tiles(np.full((picture * 3 // 4, picture, 3), 90, np.uint8))
    assert classifier.asked and set(classifier.asked) == {over_table}
    classifier.asked.clear()
    reader.named_tiles(np.full((300, 400, 3), 90, np.uint8), over_table=True)  # a cut region
    assert classifier.asked and set(classifier.asked) == {True}


def _faces_and_plain_tiles():
    """A green table with three inked ivory faces in a row, and beside them tiles found as
    backs: an ivory blank, a blue back, an ivory strip (a standing tile's top) and an ivory box
    lying half over the last face (its side)."""
    picture = np.full((200, 400, 3), (40, 110, 40), np.uint8)
    faces = []
    for x0 in (20, 52, 84):
        picture[80:120, x0 : x0 + 30] = (215, 235, 240)
        picture[88:112, x0 + 8 : x0 + 22] = (30, 30, 160)
        faces.append(_tile("3m", x0, y0=80))
    plain = {"blank": (140, 80, 170, 120), "back": (180, 80, 210, 120)}
    plain |= {"strip": (220, 80, 250, 92), "side": (100, 80, 130, 120)}
    picture[80:120, 140:170] = (215, 235, 240)
    picture[80:120, 180:210] = (150, 60, 20)
    picture[80:92, 220:250] = (215, 235, 240)
    picture[80:120, 114:130] = (215, 235, 240)
    return picture, tuple(faces), plain


def test_a_tile_read_as_a_back_in_the_faces_own_colour_is_a_doubtful_white_dragon():
    """Of the tiles found or named as backs, only one of a face's size, standing on its own, in
    the faces' own ivory is a blank face; it is doubtful (taken only where it makes a hand
    whole). Black faces say nothing of a blank's colour."""
    from vision.light import faces_white
    from vision.reader import blank_faces

    picture, faces, plain = _faces_and_plain_tiles()
    judged = faces_white(picture, [t.box for t in faces])
    blanks = blank_faces(picture, judged, [(box, 0.8) for box in plain.values()], faces)
    assert [(t.code, t.box, t.doubtful, t.unsure) for t in blanks] == [
        ("5z", plain["blank"], True, True)
    ]
    black = 255 - picture
    judged = faces_white(black, [t.box for t in faces])
    assert blank_faces(black, judged, [(plain["blank"], 0.8)], faces) == ()


def _with_white_dragons_read_as_backs():
    """(scene, its tiles with the winner's face-up set of White Dragons read as backs) for the
    first grouping-test table whose winner shows one."""
    from tests.vision.test_table_grouping import table

    for seed in range(60):
        scene, _ = table(seed)
        sets = {
            k
            for k, g in enumerate(scene.groups)
            if g.position == scene.winner and g.kind in ("pung", "kong", "added_kong")
        }
        whites = [k for k, t in enumerate(scene.tiles) if t.group in sets and t.code == "5z"]
        if whites:
            tiles = tiles_of(scene)
            return scene, tiles, whites
    raise AssertionError("no table with a winner's set of White Dragons")


def test_white_dragons_read_as_backs_complete_the_hand_in_their_own_colour():
    """The finder and the classifier take a set of blank White Dragons for backs: the hand is a
    set short. Their colour (the faces' own, where the walls' backs are another) makes them
    doubtful White Dragons, and with them the hand is whole and as laid."""
    from lab.hands import as_laid
    from vision.light import faces_white
    from vision.reader import TileReader, blank_faces

    scene, tiles, whites = _with_white_dragons_read_as_backs()
    tiles = tuple(replace(t, code="back") if k in whites else t for k, t in enumerate(tiles))
    walls = [k for k, t in enumerate(scene.tiles) if t.role == "wall"]
    plain = [(tiles[k].box, 0.8) for k in whites + walls]
    judged = faces_white(scene.image, [t.box for t in tiles if t.code != "back"])
    blanks = blank_faces(scene.image, judged, plain, tiles)
    assert sorted(t.box for t in blanks) == sorted(tiles[k].box for k in whites), "not walls"
    reader = TileReader(finder=_Finder([]), classifier=_Classifier())  # closer looks see nothing
    height, width = scene.image.shape[:2]
    without = reader.group(width, height, tiles)
    assert canonical(without.hands[0].to_request(without.tiles)) != as_laid(scene)
    reading = reader.grouped_closer([scene.image], tiles + blanks)
    assert canonical(reading.hands[0].to_request(reading.tiles)) == as_laid(scene)
    assert not any(t.doubtful for t in reading.tiles if t.code == "back")


class _FacesAndBacks:
    """Names the crops of inked faces `3m` and plain ones (no ink in their middle) `back`."""

    rotation_output = "rotation"

    def classify(self, crops, look_again=True, over_table=False):
        from vision.classifier import Classification

        out = []
        for crop in crops:
            h, w = crop.shape[:2]
            inked = crop[h // 3 : 2 * h // 3, w // 3 : 2 * w // 3].min() < 100
            code = "3m" if inked else "back"
            out.append(Classification(code, 0.9, ((code, 0.9),), False))
        return out


def test_blank_faces_taken_for_backs_are_looked_for_over_a_whole_table_only():
    """Over a whole table (`over_table`), a tile found as a back in the faces' ivory beside
    them comes back as a doubtful White Dragon beside the back it was read as; in a close
    photo the reader leaves it as it was (the blank White Dragons of trays gained no hand
    there, and grouping them again cost a photo 1.3 ms)."""
    from vision.detector import FoundTile
    from vision.reader import TileReader

    picture, faces, plain = _faces_and_plain_tiles()
    found = [FoundTile(tuple(map(float, t.box)), 0.9, "face") for t in faces]
    found += [FoundTile(tuple(map(float, plain[k])), 0.6, "back") for k in ("blank", "back")]
    reader = TileReader(finder=_Finder(found), classifier=_FacesAndBacks())
    table = reader.named_tiles(picture, over_table=True)
    photo = reader.named_tiles(picture, over_table=False)
    doubted = [(t.code, t.box) for t in table if t.doubtful]
    assert doubted == [("5z", plain["blank"])]
    assert [t for t in table if not t.doubtful] == list(photo)
    assert not any(t.doubtful for t in photo)


class _PicturesRecorded:
    """A finder that boxes the four tiles of `_burnt_table` in any picture, and records the
    brightness of each picture it is given."""

    pixels = 384 * 384
    threshold = 0.3

    def __init__(self):
        self.brightness = []

    def find_looked(self, bgr, look=None, around=None):
        from vision.detector import FoundTile, Look

        self.brightness.append(float(bgr.mean()))
        boxes = [
            FoundTile((30.0 + 60 * k, 60.0, 80.0 + 60 * k, 130.0), 0.9, "face") for k in range(4)
        ]
        return boxes, look or Look(1.0)


def _table_lit(exposure: float) -> np.ndarray:
    """Green felt with four white tiles (dark red ink), lit `exposure` times as bright."""
    picture = np.zeros((200, 300, 3), np.float32)
    picture[:] = (60, 140, 50)
    for k in range(4):
        x0 = 30 + 60 * k
        picture[60:130, x0 : x0 + 50] = (235, 238, 240)
        picture[80:100, x0 + 15 : x0 + 35] = (40, 40, 160)
    return np.clip(picture * exposure, 0, 255).astype(np.uint8)


def test_an_over_exposed_picture_is_looked_at_again_darkened_and_a_well_lit_one_is_not():
    """Faces burnt white lose their ink and their edges: the picture is darkened and looked at
    again. On held-out train photos a stop and a half over, 82.8 -> 85.2 % of the tiles named
    right; two stops over, 70.1 -> 74.3 %; as they are, every reading the same."""
    from vision.reader import TileReader

    for exposure, looks in ((1.9, 2), (1.0, 1)):
        finder = _PicturesRecorded()
        reader_ = TileReader(finder=finder, classifier=reader().classifier)
        reader_.named_tiles(_table_lit(exposure))
        assert len(finder.brightness) == looks, exposure
    burnt = _PicturesRecorded()
    TileReader(finder=burnt, classifier=reader().classifier).named_tiles(_table_lit(1.9))
    assert burnt.brightness[1] < burnt.brightness[0] - 30, "the second look is at a darker picture"


def test_a_nameless_box_across_two_discards_is_dropped_and_the_hand_keeps_every_tile():
    from engine.seats import Position
    from vision.reader import without_nameless
    from vision.reading import HandRead, MeldRead, Reading, SetKind

    def tile(code, x, confidence):
        return TileRead(code, (x, 10, x + 30, 50), confidence, unsure=confidence < 0.5)

    tiles = (
        tile("1m", 0, 0.9),
        tile("2m", 30, 0.05),  # a hand's tile named unsurely: the hand keeps it
        tile("3m", 60, 0.9),
        tile("9p", 200, 0.9),
        tile("4p", 230, 0.9),
        tile("7z", 215, 0.05),  # nameless, across the two discards: no tile
        tile("back", 300, 0.3),  # face down: left to the grouping's own rules
        tile("8s", 400, 0.05),  # nameless but on its own: a tile in a bad light, kept
        tile("5z", 500, 0.06),
        tile("5z", 530, 0.9),
        tile("5z", 560, 0.9),
    )
    hand = HandRead(
        Position.BOTTOM, concealed=(0, 1, 2), melds=(MeldRead(SetKind.PUNG, (8, 9, 10)),)
    )
    reading = Reading(640, 480, tiles, (hand,), discards=(3, 4, 5, 7), steadied="shake")

    kept = without_nameless(reading)

    assert [t.code for t in kept.tiles] == [t.code for t in tiles if t.code != "7z"]
    assert kept.hands[0].to_request(kept.tiles) == hand.to_request(tiles)
    assert [kept.tiles[i].code for i in kept.discards] == ["9p", "4p", "8s"]
    assert kept.steadied == "shake"
    assert without_nameless(kept) is kept


def _row_with_blanks(gap: int = 14, felt=(40, 110, 40), size=(400, 1000)):
    """(picture, the hand's five inked faces as read, the three blank faces' places): a row of
    faces 30 x 40 pixels on felt and, `gap` pixels beyond its end, three blank faces touching;
    in a picture of `size` (height, width): by default a whole table's, its tiles seen small."""
    picture = np.full((*size, 3), felt, np.uint8)
    faces = []
    for k in range(5):
        x0 = 20 + 31 * k
        picture[60:100, x0 : x0 + 30] = (215, 235, 240)
        picture[68:92, x0 + 8 : x0 + 22] = (30, 30, 160)
        faces.append(_tile("3m", x0, y0=60))
    start = 20 + 31 * 5 - 1 + gap
    places = []
    for k in range(3):
        x0 = start + 31 * k
        picture[60:100, x0 : x0 + 30] = (215, 235, 240)
        places.append((x0, 60, x0 + 30, 100))
    return picture, tuple(faces), places


def _hand_of(tiles):
    """A reading whose first hand is `tiles`, standing, at the picture's bottom."""
    from engine.seats import Position
    from vision.reading import HandRead, Reading

    hand = HandRead(Position.BOTTOM, concealed=tuple(range(len(tiles))))
    return Reading(1000, 400, tuple(tiles), (hand,))


@pytest.mark.parametrize("black", [False, True])
def test_a_set_of_blank_faces_nothing_found_on_beside_the_hand_is_read_as_white_dragons(black):
    """The finder may see nothing at all on a set of blank White Dragons (on black faces most
    often). A run of places in line with the hand, beyond a gap, in the faces' own ground (on
    black faces, looked at in the negative) comes back as doubtful White Dragons, one a tile's
    width: grouping takes them only where they make the hand whole."""
    from vision.reader import blanks_in_line

    picture, faces, places = _row_with_blanks()
    if black:
        picture = 255 - picture
    blanks = [t for t in blanks_in_line(picture, faces, _hand_of(faces)) if t not in faces]
    assert [(t.code, t.doubtful, t.unsure) for t in blanks] == [("5z", True, True)] * 3
    for blank, place in zip(sorted(blanks, key=lambda t: t.box), places, strict=True):
        assert np.abs(np.subtract(blank.box, place)).max() <= 3


def test_a_blank_run_is_counted_in_the_rows_steps_not_in_boxes_drawn_tighter_than_the_tiles():
    """The finder may box a face a little inside its tile: three blanks 93 pixels long are three
    tiles of the row's 31-pixel step, not four of its boxes' 24 pixels."""
    from vision.reader import blanks_in_line

    picture, faces, places = _row_with_blanks()
    tight = tuple(replace(t, box=(t.box[0] + 3, t.box[1], t.box[2] - 3, t.box[3])) for t in faces)
    blanks = [t for t in blanks_in_line(picture, tight, _hand_of(tight)) if t not in tight]
    assert len(blanks) == len(places) == 3


def test_no_blank_faces_where_the_felt_is_the_faces_colour_a_face_lies_the_gap_is_wide_or_close():
    from vision.reader import blanks_in_line

    picture, faces, _ = _row_with_blanks(felt=(205, 228, 236))  # a felt as pale as the faces
    assert blanks_in_line(picture, faces, _hand_of(faces)) == faces
    picture, faces, _ = _row_with_blanks(size=(160, 400))  # a close photo: trays, not sets
    assert blanks_in_line(picture, faces, _hand_of(faces)) == faces
    picture, faces, places = _row_with_blanks(gap=75)  # further than a gap and a kong's back
    assert blanks_in_line(picture, faces, _hand_of(faces)) == faces
    picture, faces, places = _row_with_blanks()
    found = faces + (_tile("3m", places[0][0], y0=60),)  # its first tile found: no run beyond
    assert blanks_in_line(picture, found, _hand_of(faces)) == found


@pytest.mark.parametrize("dark", [False, True])
def test_a_winners_set_of_white_dragons_nothing_found_on_completes_the_hand(dark):
    """On a rendered table (a set whose White Dragon is blank, on white faces and on black),
    the winner's pung of White Dragons found nowhere leaves the hand a set short; the blank
    run beside it makes it whole, as laid."""
    from datasets.scene import Hand, Meld
    from datasets.table import full_table
    from engine import parse_tiles
    from engine.analysis import SetKind
    from engine.seats import Giver, Position
    from lab.hands import as_laid
    from vision.reader import TileReader

    winner = Hand(
        concealed=tuple(parse_tiles("234m 345m 567p 9p")),
        win_tile="9p",
        melds=(Meld(SetKind.PUNG, "5z", Giver.LEFT),),
    )
    hands = DEMO_HANDS | {Position.BOTTOM: winner}
    scene = full_table(
        np.random.default_rng(0),
        hands=hands,
        winner=Position.BOTTOM,
        style="glyph-imahjong-jp",
        felt="green",
        lighting="neutral",
        turn=0.0,
        dark=dark,
    )
    whites = {k for k, t in enumerate(scene.tiles) if t.position == scene.winner and t.code == "5z"}
    assert len(whites) == 3
    tiles = tuple(t for k, t in enumerate(tiles_of(scene)) if k not in whites)
    reader = TileReader(finder=_Finder([]), classifier=_Classifier())  # closer looks see nothing
    height, width = scene.image.shape[:2]
    without = reader.group(width, height, tiles)
    assert canonical(without.hands[0].to_request(without.tiles)) != as_laid(scene)
    reading = reader.grouped_closer([scene.image], tiles)
    assert canonical(reading.hands[0].to_request(reading.tiles)) == as_laid(scene)
