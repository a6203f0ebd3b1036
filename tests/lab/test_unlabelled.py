"""Gathering the places a person checks for tiles the valid photos do not label."""

from __future__ import annotations

import numpy as np


def test_a_face_found_in_a_changed_picture_is_carried_back_onto_the_photo():
    """Turned, shrunk into a whole table or scaled to the panel's size, the centre of a labelled
    tile in the changed picture maps back to where it lies on the photo."""
    import cv2

    from lab.conditions import applied, conditions

    photo = np.zeros((480, 640, 3), np.uint8)
    photo[100:180, 200:260] = 255
    label = np.array([[200.0, 100.0, 260.0, 180.0]])
    changes = dict(conditions())
    for name in ("turned 15 deg", "turned 45 deg", "whole table 1280", "at the panel's size"):
        picture, moved, to_picture = applied(changes[name], photo, label, [()])
        back = cv2.invertAffineTransform(to_picture)
        centre = (moved[0, :2] + moved[0, 2:]) / 2
        assert picture.shape != photo.shape, name
        assert np.allclose(back[:, :2] @ centre + back[:, 2], (230.0, 140.0), atol=0.5), name


def test_places_a_third_of_a_tile_apart_are_one_place_found_by_both_conditions():
    from lab.unlabelled import merged

    places = [(100.0, 100.0, "warm light"), (110.0, 104.0, "turned 15 deg"), (160.0, 100.0, "dim")]
    assert merged(places, tile=40.0) == [
        [100.0, 100.0, ["warm light", "turned 15 deg"]],
        [160.0, 100.0, ["dim"]],
    ]
