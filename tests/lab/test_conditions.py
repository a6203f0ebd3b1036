"""The bench's conditions drawn on rendered tables: each is the light, turn and camera it says."""

from __future__ import annotations

import numpy as np

from lab.conditions import TABLE_SIZE, TURNS, table_conditions


def test_each_rendered_condition_draws_the_light_turn_and_camera_it_names():
    from datasets.table import full_table

    conditions = dict(table_conditions())
    assert {f"turned {d} deg" for d in TURNS} <= set(conditions)
    for name, options in conditions.items():
        scene = full_table(np.random.default_rng(3), **options)
        assert scene.conditions["light"] == options["lighting"], name
        assert scene.conditions["turn"] == options["turn"], name
        if name == "whole table 1280":
            assert scene.image.shape[:2] == (TABLE_SIZE, TABLE_SIZE)
            assert scene.conditions["framing"] == "table"
            assert abs(scene.conditions["tile_length"] - 30) < 3
    assert conditions["dim room"]["lighting"].endswith("dim")
    assert conditions["warm light"]["lighting"].startswith("warm")


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
