"""Even light: the reader corrects a lamp's cast and a dim room from the tiles' own white."""

from __future__ import annotations

import numpy as np

from vision.light import (
    burnt_white,
    corrected,
    darkened,
    face_whiteness,
    faces_light,
    light_gains,
    light_is_off,
    overexposed,
)


def _table(cast=(1.0, 1.0, 1.0), exposure=1.0) -> tuple[np.ndarray, list]:
    """Green felt with four white tiles (with dark ink), lit by a lamp of `cast` (B, G, R)."""
    picture = np.zeros((200, 300, 3), np.float32)
    picture[:] = (60, 140, 50)
    faces = []
    for k in range(4):
        x0 = 30 + 60 * k
        picture[60:130, x0 : x0 + 50] = (235, 238, 240)
        picture[80:100, x0 + 15 : x0 + 35] = (40, 40, 160)
        faces.append((x0, 60, x0 + 50, 130))
    lit = picture * np.array(cast, np.float32) * exposure
    return np.clip(lit, 0, 255).astype(np.uint8), faces


def test_a_warm_lamps_cast_is_taken_off_the_tiles_white():
    warm, faces = _table(cast=(0.7, 0.92, 1.12))
    gains = light_gains(warm, faces)
    assert light_is_off(gains)
    white = corrected(warm, gains)[70, 35].astype(float)
    assert white.max() - white.min() < 12, "the faces come out neutral"


def test_a_dim_room_is_brightened_but_daylight_is_left_alone():
    dim, faces = _table(exposure=0.35)
    assert corrected(dim, light_gains(dim, faces))[70, 35].mean() > 180
    daylight, faces = _table()
    assert not light_is_off(light_gains(daylight, faces))


def test_without_faces_nothing_is_judged():
    felt, _ = _table(cast=(0.7, 0.92, 1.12), exposure=0.4)
    assert np.allclose(light_gains(felt, []), 1.0)


def test_a_very_dark_pictures_grain_is_smoothed_as_it_is_brightened():
    dark, faces = _table(exposure=0.25)
    grain = np.random.default_rng(0).normal(0.0, 3.0, dark.shape)
    grainy = np.clip(dark + grain, 0, 255).astype(np.uint8)
    gains = light_gains(grainy, faces)
    assert gains.min() >= 2.0  # every channel brightened a stop or more
    brighter = corrected(grainy, gains)
    scaled = np.clip(grainy.astype(np.float32) * gains, 0, 255)
    felt = (slice(150, 190), slice(20, 280))  # a plain patch: only grain varies there

    def grain_of(picture):  # each channel's spread over the plain patch
        return picture[felt].reshape(-1, 3).std(axis=0)

    assert (grain_of(brighter) < 0.7 * grain_of(scaled)).all(), "less grain than plain scaling"
    assert abs(brighter[felt].mean() - scaled[felt].mean()) < 2, "as bright all the same"


def test_a_picture_brightened_less_than_a_stop_keeps_its_detail():
    dim, faces = _table(exposure=0.7)
    gains = light_gains(dim, faces)
    assert gains.min() < 2.0
    levels = np.arange(256, dtype=np.float32)[:, None] * gains.astype(np.float32)[None, :]
    levels = np.clip(levels, 0, 255).astype(np.uint8)
    expected = levels[dim, np.arange(3)]
    assert np.array_equal(corrected(dim, gains), expected)


def test_black_faces_leave_the_light_as_it_is():
    """A set with black faces (some Japanese sets) shows its ink brightest: judged as white, the
    red and green ink would be taken for a lamp's cast and the picture wrongly relit."""
    picture, faces = _table()
    for x0, y0, x1, y1 in faces:
        picture[y0:y1, x0:x1] = (25, 25, 28)  # black faces...
        picture[y0 + 15 : y0 + 55, x0 + 10 : x0 + 40] = (40, 40, 200)  # ...with red ink
    assert np.allclose(light_gains(picture, faces), 1.0)
    dim, faces = _table(exposure=0.35)  # white faces in a dim room are still judged
    assert light_is_off(light_gains(dim, faces))


def test_black_faces_are_told_from_white_ones_and_their_negative_is_white():
    """The reader finds a set on black faces in the picture's negative (see
    `TileReader.found_in_negative`): that needs the faces judged dark, and plainly white once
    the picture is turned negative; white faces, however dim, are never dark."""
    from vision.reader import LOOK_NEGATIVE, WHITE_NEGATIVE

    white, faces = _table()
    black = white.copy()
    for x0, y0, x1, y1 in faces:
        black[y0:y1, x0:x1] = (25, 25, 28)
        black[y0 + 15 : y0 + 55, x0 + 10 : x0 + 40] = (40, 40, 200)
    assert face_whiteness(black, faces) < LOOK_NEGATIVE
    assert face_whiteness(255 - black, faces) >= WHITE_NEGATIVE
    assert face_whiteness(white, faces) >= WHITE_NEGATIVE
    assert face_whiteness(_table(exposure=0.35)[0], faces) >= WHITE_NEGATIVE
    assert face_whiteness(white, []) is None


def test_faces_burnt_white_are_told_over_exposed_and_darkened_until_their_ink_shows():
    """A bright lamp or a camera exposing for dark felt blows the faces out: their white is lost
    in every channel and their ink washed out to a pale tint. The reader darkens such a
    picture (never a well-lit one) so that the ink and the tiles' edges stand out again."""
    burnt, faces = _table(exposure=1.9)
    assert overexposed(faces_light(burnt, faces)[1])
    assert not overexposed(faces_light(_table()[0], faces)[1])
    assert not overexposed(faces_light(_table(exposure=0.35)[0], faces)[1])
    assert not overexposed(faces_light(burnt, [])[1])  # nothing to judge by

    ink, white = (90, 25), (70, 35)  # a pixel of ink and one of a face's white
    darker = darkened(burnt)
    # red ink burns out in red: it shows in its other channels, the darkest
    contrast_before = int(burnt[white].min()) - int(burnt[ink].min())
    contrast_after = int(darker[white].min()) - int(darker[ink].min())
    assert contrast_after > contrast_before + 40, "the ink stands out from the face again"
    assert darker[white].min() >= 250, "the white stays white"


def test_a_picture_burnt_white_everywhere_is_still_judged_over_exposed():
    """With no face pixel left unclipped there is no colour to judge (nor whiteness, which
    would take the picture's negative for black faces), but the picture is plainly
    over-exposed."""
    burnt, faces = _table(exposure=3.0)
    judged, blown = faces_light(burnt, faces)
    assert judged is None and overexposed(blown)
    assert np.allclose(light_gains(burnt, faces), 1.0), "no colour cast read into it"


def test_rendered_tables_a_stop_and_a_half_over_are_judged_over_exposed_and_as_drawn_are_not():
    """A table's small faces are more ink, edge and shade than a close photo's: burnt white, half
    their pixels or more may stay unclipped. Most such tables are still judged over-exposed (a
    well lit picture clips a hundredth of its faces at most), so the reader darkens them; at
    the share judged before (half the pixels) one of these eight was."""
    from lab.conditions import drawn_table, table_conditions

    options = dict(table_conditions())
    judged = {}
    for condition in ("over-exposed", "as drawn"):
        judged[condition] = []
        for k in range(8):
            table = options[condition] | {"dark": False}  # black faces never burn white
            scene = drawn_table(np.random.default_rng([6, k]), table)
            faces = [t.box for t in scene.tiles if t.code != "back"]
            judged[condition].append(overexposed(faces_light(scene.image, faces)[1]))
    assert sum(judged["over-exposed"]) >= 6, judged  # three quarters
    assert not any(judged["as drawn"])


def test_faces_partly_blown_out_are_darkened_but_only_faces_burnt_white_are_left_unsharpened():
    """Faces a third blown out are over-exposed (the reader darkens the picture), but their ink
    is still there to sharpen where the picture is out of focus; faces blown out almost whole
    are burnt white, and a blur cannot be told from the light there."""
    picture = np.full((120, 200, 3), (60, 140, 50), np.uint8)
    picture[30:90, 40:80] = 200  # a face, bright but not clipped
    picture[30:50, 40:80] = 255  # its top third blown out
    picture[30:90, 120:160] = 255  # a face blown out whole...
    picture[55:65, 135:145] = 120  # ...but for a speck of ink
    partly = faces_light(picture, [(40, 30, 80, 90)])[1]
    whole = faces_light(picture, [(120, 30, 160, 90)])[1]
    assert overexposed(partly) and not burnt_white(partly)
    assert overexposed(whole) and burnt_white(whole)
