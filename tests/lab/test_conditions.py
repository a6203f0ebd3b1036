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
