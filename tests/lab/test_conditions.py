"""The bench's conditions drawn on rendered tables: each is the light, turn and camera it says."""

from __future__ import annotations

import numpy as np
import pytest

from lab.conditions import LOW_CAMERAS, TABLE_SIZE, TURNS, drawn_table, table_conditions


def test_each_rendered_condition_draws_the_light_turn_and_camera_it_names():
    conditions = dict(table_conditions())
    assert {f"turned {d} deg" for d in TURNS} <= set(conditions)
    assert {"whole table 1280", "overhead 1080p"} <= set(conditions)
    for name, options in conditions.items():
        scene = drawn_table(np.random.default_rng(3), options)
        assert scene.conditions["light"] == options["lighting"], name
        assert scene.conditions["turn"] == options["turn"], name
        if name == "whole table 1280":
            assert scene.image.shape[:2] == (TABLE_SIZE, TABLE_SIZE)
            assert scene.conditions["framing"] == "table"
            assert abs(scene.conditions["tile_length"] - 30) < 3
        if name == "overhead 1080p":
            assert scene.image.shape[:2] == (1080, 1920)
            assert scene.conditions["framing"] == "table"
            assert abs(scene.conditions["tile_length"] - 25) < 3
    assert conditions["dim room"]["lighting"].endswith("dim")
    assert conditions["warm light"]["lighting"].startswith("warm")


def test_a_low_camera_sees_the_far_tiles_smaller_and_the_near_ones_as_they_were():
    from datasets.table import full_table

    conditions = dict(table_conditions())
    for tilt in LOW_CAMERAS:
        name = f"low camera {1 - 2 * tilt:.0%}"
        options = conditions[name]
        low = full_table(np.random.default_rng(5), **options)
        overhead = full_table(np.random.default_rng(5), **(options | {"tilt": None}))
        assert low.conditions["tilt"] == tilt
        height = low.image.shape[0]
        flat = np.array([t.box for t in overhead.tiles])
        seen = np.array([t.box for t in low.tiles])
        widths = (seen[:, 2] - seen[:, 0]) / (flat[:, 2] - flat[:, 0])
        centre = (flat[:, 1] + flat[:, 3]) / 2  # where the tile lies seen from overhead
        far, near = widths[centre < 0.3 * height], widths[centre > 0.7 * height]
        assert len(far) and len(near), name
        assert np.median(far) < 1 - tilt, name  # the far edge is 1 - 2 * tilt as wide
        assert 0.85 < np.median(near) < 1.1, name  # the near edge stays as wide


def test_a_photo_at_the_panels_size_is_scaled_with_its_boxes():
    from lab.conditions import conditions
    from webui.images import MAX_SIDE

    change = dict(conditions())["at the panel's size"]
    photo = np.zeros((480, 640, 3), np.uint8)
    photo[100:180, 200:260] = 255  # one light tile
    picture, boxes = change(photo, np.array([[200.0, 100.0, 260.0, 180.0]]), [None])
    assert max(picture.shape[:2]) == MAX_SIDE and picture.shape[0] == 1200
    x0, y0, x1, y1 = boxes[0].round().astype(int)
    assert (x0, y0, x1, y1) == (500, 250, 650, 450)
    assert picture[y0 + 10 : y1 - 10, x0 + 10 : x1 - 10].min() > 200, "the tile moved with its box"


def test_a_face_found_on_a_tile_the_labels_leave_out_is_excused_once():
    from lab.conditions import on_unlabelled_tiles

    points = np.array([[50.0, 50.0], [300.0, 300.0]])  # two tiles no label covers
    found = np.array(
        [
            [30.0, 30.0, 70.0, 70.0],  # on the first: excused
            [35.0, 35.0, 75.0, 75.0],  # the same tile found again: still a false find
            [280.0, 280.0, 320.0, 320.0],  # on the second, but it matched a label
            [500.0, 500.0, 540.0, 540.0],  # on felt: a false find
        ]
    )
    matched = np.array([-1, -1, 4, -1])
    assert on_unlabelled_tiles(found, matched, points) == 1
    assert on_unlabelled_tiles(found, matched, points[:0]) == 0


def test_the_tiles_the_labels_leave_out_move_with_the_picture():
    """A turned or shrunk photo carries its unlabelled tiles' centres along (as boxes of no
    size), and they do not change how far a whole table is shrunk."""
    from lab.conditions import conditions

    photo = np.zeros((480, 640, 3), np.uint8)
    photo[100:180, 200:260] = 255  # a labelled tile
    photo[300:380, 400:460] = 255  # a tile no label covers, centred at (430, 340)
    label = np.array([[200.0, 100.0, 260.0, 180.0]])
    point = np.array([[430.0, 340.0, 430.0, 340.0]])
    changes = dict(conditions())
    for name in ("turned 30 deg", "whole table 1280", "at the panel's size"):
        picture, moved = changes[name](photo, np.vstack([label, point]), [(), ()])
        x, y = moved[1, :2].round().astype(int)
        assert moved[1, 0] == moved[1, 2] and moved[1, 1] == moved[1, 3], name
        assert picture[y - 2 : y + 3, x - 2 : x + 3].min() > 200, f"{name}: the point left its tile"
        _, alone = changes[name](photo, label, [()])
        assert np.allclose(alone[0], moved[0]), f"{name}: the point changed the label's move"


def test_an_over_exposed_shaken_or_blurred_table_is_the_table_drawn_then_changed():
    """The camera's faults are made to the table as drawn: the same tiles where they were, the
    faces blown out, smeared, or blurred."""
    from lab.conditions import DEFOCUS_SHARE, OVER_STOPS, SHAKE

    conditions = dict(table_conditions())
    plain = drawn_table(np.random.default_rng(4), conditions["as drawn"])
    over = drawn_table(np.random.default_rng(4), conditions["over-exposed"])
    shaken = drawn_table(np.random.default_rng(4), conditions["shaken"])
    assert over.conditions["exposure"] == OVER_STOPS and shaken.conditions["shake"] == SHAKE
    assert [t.box for t in over.tiles] == [t.box for t in plain.tiles]
    faces = [t.box for t in plain.tiles if t.code != "back"]

    def blown(image):  # the share of the faces' middles blown out in every channel
        middles = [image[int(y0 + y1) // 2, int(x0 + x1) // 2] for x0, y0, x1, y1 in faces]
        return float(np.mean([m.min() >= 250 for m in middles]))

    assert blown(over.image) > blown(plain.image) + 0.15
    detail = float(np.abs(np.diff(plain.image.astype(float), axis=1)).mean())
    assert float(np.abs(np.diff(shaken.image.astype(float), axis=1)).mean()) < 0.8 * detail
    blurred = drawn_table(np.random.default_rng(4), conditions["out of focus"])
    assert blurred.conditions["defocus"] == DEFOCUS_SHARE
    assert [t.box for t in blurred.tiles] == [t.box for t in plain.tiles]
    assert float(np.abs(np.diff(blurred.image.astype(float), axis=0)).mean()) < 0.8 * detail


def test_a_photo_over_exposed_keeps_its_black_and_loses_its_white():
    from lab.conditions import over_exposed

    levels = np.array([[[0, 0, 0], [60, 60, 60], [200, 200, 200]]], np.uint8)
    out = over_exposed(levels)
    assert out[0, 0].max() == 0 and 60 < out[0, 1].min() < 200 and out[0, 2].min() == 255


@pytest.mark.parametrize("name, least, most", [("shaken", 0.08, 0.2), ("out of focus", 0.04, 0.2)])
def test_a_shake_or_a_blur_is_as_wide_as_a_share_of_the_photos_tiles(name, least, most):
    """A photo of large tiles and one of small tiles are smeared alike, relative to the tile."""
    from lab.conditions import conditions

    change = dict(conditions())[name]
    photo = np.zeros((200, 200, 3), np.uint8)
    photo[:, 100:] = 255  # an edge down the middle
    for tile in (40.0, 120.0):
        boxes = np.array([[0.0, 0.0, tile * 0.75, tile]])
        smeared, same = change(photo, boxes, [None])
        assert np.array_equal(same, boxes)
        row = smeared[100, :, 0].astype(int)
        width = int(((row > 10) & (row < 245)).sum())  # how wide the edge is smeared
        assert least * tile < width < most * tile, tile


def test_the_benchmarks_shake_is_drawn_as_it_was_when_the_condition_was_set():
    """Whole pixels along the line, each weighing the same: the staircase every earlier
    session's shaken figures were measured on, whatever the reader's own streak looks like."""
    from lab.conditions import staircase

    kernel = staircase(5.0, np.radians(20))
    expected = np.array(
        [
            [0, 0, 0, 0, 0],
            [1, 1, 0, 0, 0],
            [0, 1, 1, 1, 0],
            [0, 0, 0, 1, 1],
            [0, 0, 0, 0, 0],
        ]
    )
    assert np.array_equal(kernel > 0, expected > 0)
    assert np.allclose(kernel[kernel > 0], 1 / 7)
