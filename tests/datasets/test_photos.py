"""Reading the shared photo dataset: labels as tile codes, boxes, polygons, splits by source."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from datasets.codes import CLASS_CODES, ROBOFLOW_CODES
from datasets.photos import (
    MISNAMED,
    LabelledTile,
    labels_look_wrong,
    list_photos,
    one_label_per_tile,
    read_labels,
    source_name,
    split_by_source,
)
from tests.conftest import PHOTOS, require_shared


def test_every_dataset_class_maps_to_a_distinct_tile_code():
    assert len(ROBOFLOW_CODES) == 42 and len(set(ROBOFLOW_CODES)) == 42
    assert set(ROBOFLOW_CODES) == set(CLASS_CODES) - {"back"}
    assert ROBOFLOW_CODES[0] == "5f" and ROBOFLOW_CODES[24] == "5z" and ROBOFLOW_CODES[41] == "9s"


def test_boxes_and_polygons_become_pixel_boxes(tmp_path):
    labels = tmp_path / "a.txt"
    labels.write_text("1 0.5 0.5 0.1 0.2\n29 0.1 0.1 0.3 0.1 0.3 0.4 0.1 0.4\n\n")
    first, second = read_labels(labels, 640, 640)
    assert first.code == "1m" and np.allclose(first.box, (288, 256, 352, 384))
    assert second.code == "6z" and np.allclose(second.box, (64, 64, 192, 256))
    assert len(second.outline) == 4


def test_copies_of_a_source_photo_stay_on_one_side(tmp_path):
    names = [f"src{i}_jpg.rf.{k}abc.jpg" for i in range(40) for k in range(3)]
    from datasets.photos import Photo

    photos = [Photo(tmp_path / n, tmp_path / n) for n in names]
    kept, held = split_by_source(photos, 0.3)
    assert kept and held
    assert not {p.source for p in kept} & {p.source for p in held}
    assert source_name("abc_jpg.rf.123.jpg") == "abc_jpg"


def _row(codes: str) -> list[LabelledTile]:
    """Labels of a row of tiles 30 px wide, side by side."""
    return [
        LabelledTile(code, (30 * k, 0, 30 * k + 28, 40)) for k, code in enumerate(codes.split())
    ]


def test_a_photo_with_one_code_on_every_tile_is_flagged():
    same = _row("1p 1p 1p 1p 1p 1p")
    mixed = _row("1p 1p 1p 1p 1p 2p")
    assert labels_look_wrong(same) and not labels_look_wrong(mixed)


def test_a_tile_labelled_twice_counts_once_or_spoils_the_photo_if_the_codes_differ():
    row = _row("1m 2m 3m 4m")
    again = LabelledTile("2m", (31, 1, 59, 41))
    assert one_label_per_tile(row + [again]) == row
    assert not labels_look_wrong(row + [again])
    assert labels_look_wrong(row + [LabelledTile("9s", again.box)])
    # neighbours touching side by side are two tiles
    assert one_label_per_tile(_row("5m 5m 5m")) == _row("5m 5m 5m")


def test_a_photo_checked_to_leave_a_tile_unlabelled_is_flagged():
    assert labels_look_wrong(
        _row("1m 2m 3m"), "393533204_1356011898676461_8184524789032659074_n_jpg"
    )
    assert not labels_look_wrong(_row("1m 2m 3m"), "another_jpg")


def test_a_code_found_wrong_by_eye_is_put_right_on_its_line_only(tmp_path):
    labels = tmp_path / "a.txt"
    labels.write_text("3 0.5 0.5 0.1 0.2\n3 0.7 0.5 0.1 0.2\n")
    assert [t.code for t in read_labels(labels, 640, 640)] == ["1s", "1s"]
    assert [t.code for t in read_labels(labels, 640, 640, {1: ("1s", "1p")})] == ["1s", "1p"]
    # a correction written for another code means the file changed: it must not apply silently
    with pytest.raises(ValueError, match="line 2"):
        read_labels(labels, 640, 640, {1: ("2s", "2p")})


def test_the_valid_photos_carry_the_codes_put_right():
    require_shared(PHOTOS / "valid")
    photos = {p.image.name: p for p in list_photos("valid", PHOTOS)}
    for name, lines in MISNAMED.items():
        codes = [t.code for t in read_labels(photos[name].labels, 640, 640)]
        fixed = [t.code for t in photos[name].tiles()]
        assert [codes[n] for n in lines] == [written for written, _ in lines.values()]
        assert Counter(fixed) - Counter(codes) == Counter(shown for _, shown in lines.values())


def test_the_shared_dataset_reads_as_tile_codes():
    require_shared(PHOTOS / "valid")
    photos = list_photos("valid", PHOTOS)
    assert len(photos) == 296
    tiles = [t for p in photos[:10] for t in p.tiles()]
    assert tiles and all(t.code in CLASS_CODES for t in tiles)
    assert all(0 <= t.box[0] < t.box[2] <= 640 and 0 <= t.box[1] < t.box[3] <= 640 for t in tiles)


def test_the_tiles_checked_unlabelled_lie_on_valid_photos_clear_of_every_label():
    """Each tile listed as shown but not labelled is on a valid photo, inside it, outside every
    labelled box (else it would excuse a second find of a labelled tile), one tile apart."""
    from datasets.photos import _unlabelled_tiles

    require_shared(PHOTOS / "valid")
    photos = {p.image.name: p for p in list_photos("valid", PHOTOS)}
    listed = _unlabelled_tiles()
    assert listed and set(listed) <= set(photos)
    for name in listed:
        points = photos[name].unlabelled()
        assert len(points) and ((points >= 0) & (points <= 640)).all(), name
        boxes = np.array([t.box for t in photos[name].tiles()])
        x, y = points[:, :1], points[:, 1:]
        inside = (boxes[:, 0] <= x) & (x <= boxes[:, 2]) & (boxes[:, 1] <= y) & (y <= boxes[:, 3])
        assert not inside.any(), name
        apart = np.hypot(*(points[:, None] - points[None]).transpose(2, 0, 1))
        assert (apart[~np.eye(len(points), dtype=bool)] > 10).all(), name
    assert not len(next(p for n, p in photos.items() if n not in listed).unlabelled())
