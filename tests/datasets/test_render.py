"""The synthetic tile renderer: every code in every style, the font-free fallback, augmentation."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from datasets.augment import augment_crop, camera_effects, place_tile
from datasets.codes import CLASS_CODES
from datasets.render import (
    PROCEDURAL_STYLES,
    STYLES,
    available_styles,
    render_tile,
    render_tile_bgra,
)


def ink(tile: np.ndarray) -> float:
    """How much is drawn on a tile's face: the spread of its grey values in the middle."""
    h, w = tile.shape[:2]
    middle = tile[h // 5 : h * 4 // 5, w // 5 : w * 4 // 5].mean(axis=2)
    return float(middle.std())


@pytest.mark.parametrize("code", CLASS_CODES)
def test_procedural_style_draws_every_code_upright(code):
    tile = render_tile(code, np.random.default_rng(1), style="procedural", height=96)
    assert tile.dtype == np.uint8 and tile.shape[0] == 96 and tile.shape[2] == 3
    assert 0.6 < tile.shape[1] / tile.shape[0] < 0.9  # taller than wide: an upright tile


@pytest.mark.parametrize("code", [c for c in CLASS_CODES if c not in ("back", "5z")])
def test_faces_carry_ink(code):
    tiles = [render_tile(code, np.random.default_rng(seed), "procedural") for seed in range(3)]
    assert max(ink(t) for t in tiles) > 12


def test_back_is_one_colour_and_differs_from_a_face():
    rng = np.random.default_rng(3)
    back = render_tile("back", rng, "procedural")
    face = render_tile("5m", rng, "procedural")
    assert ink(back) < ink(face)


def test_different_codes_give_different_faces():
    first = render_tile("2p", np.random.default_rng(7), "procedural")
    second = render_tile("3p", np.random.default_rng(7), "procedural")
    assert first.shape != second.shape or np.abs(first.astype(int) - second).mean() > 5


def test_same_seed_same_tile():
    first = render_tile("7z", np.random.default_rng(11), height=64)
    second = render_tile("7z", np.random.default_rng(11), height=64)
    assert np.array_equal(first, second)


@pytest.mark.parametrize("style", STYLES)
def test_every_style_draws_a_tile_of_each_family(style):
    rng = np.random.default_rng(5)
    for code in ("9m", "5p", "1s", "6z", "3f", "7f", "back"):
        tile = render_tile_bgra(code, rng, style=style, height=48)
        assert tile.shape[0] == 48 and tile.shape[2] == 4
        assert tile[24, tile.shape[1] // 2, 3] == 255  # opaque in the middle


def test_styles_fall_back_to_procedural_without_shared_data(monkeypatch, tmp_path):
    monkeypatch.setenv("MAHJONG_SHARED", str(tmp_path / "nowhere"))
    names = available_styles()
    assert "procedural" in names
    assert not any(name.startswith(("art-", "glyph-imahjong")) for name in names)
    tile = render_tile("1f", np.random.default_rng(0), style="art-hongkong", height=60)
    assert tile.shape[0] == 60


def test_procedural_style_needs_no_pillow():
    script = (
        "import sys; sys.modules['PIL'] = None\n"
        "import numpy as np\n"
        "from datasets.render import available_styles, render_tile\n"
        "names = ' '.join(available_styles())\n"
        "assert 'procedural' in names and 'font-' not in names and 'glyph-' not in names\n"
        "tile = render_tile('6z', np.random.default_rng(0), style='font-ukai')\n"
        "print(tile.shape)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "(96," in result.stdout


def test_procedural_styles_are_listed():
    assert set(PROCEDURAL_STYLES) <= set(STYLES)


def test_bad_code_and_style_are_refused_with_a_sentence():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="not a tile code"):
        render_tile("0m", rng)
    with pytest.raises(ValueError, match="unknown tile style"):
        render_tile("1m", rng, style="marble")


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_place_tile_turns_the_face_and_boxes_it(rotation):
    tile = render_tile("4m", np.random.default_rng(2), "procedural", height=80)
    view = place_tile(tile, np.random.default_rng(rotation), rotation, max_angle=0)
    x0, y0, x1, y1 = view.box
    assert view.rotation == rotation
    landscape = (x1 - x0) > (y1 - y0)
    assert landscape == (rotation in (90, 270))


def test_augment_crop_gives_a_crop_and_its_rotation():
    rng = np.random.default_rng(9)
    tile = render_tile_bgra("2z", rng, "procedural")
    crop, rotation = augment_crop(tile, rng, neighbours=[tile, tile])
    assert crop.ndim == 3 and crop.shape[2] == 3 and min(crop.shape[:2]) >= 8
    assert rotation in (0, 90, 180, 270)


def test_camera_effects_keep_the_picture_size():
    image = np.full((120, 200, 3), 128, np.uint8)
    out = camera_effects(image, np.random.default_rng(4))
    assert out.shape == image.shape and out.dtype == np.uint8


def test_a_face_can_be_asked_for_on_a_black_body_without_changing_other_draws():
    """Training may ask for black faces (some Japanese sets); left to the style, the same seed
    draws the same tile as before."""

    def middle(tile):
        h, w = tile.shape[:2]
        return float(np.median(tile[h // 4 : h * 3 // 4, w // 4 : w * 3 // 4, :3]))

    dark = render_tile_bgra("3m", np.random.default_rng(2), "procedural", dark=True)
    light = render_tile_bgra("3m", np.random.default_rng(2), "procedural", dark=False)
    assert middle(dark) < 80 < middle(light)
    left = render_tile_bgra("3m", np.random.default_rng(2), "procedural")
    assert np.array_equal(left, light)  # the procedural style draws no black bodies itself


def test_synthetic_crops_of_flowers_alone_hold_flowers_and_seasons_only():
    from datasets.codes import CLASS_CODES, is_flower
    from datasets.crop_cache import build_synthetic, synthetic_name

    crops = build_synthetic(12, seed=3, styles=("procedural",), flowers_only=True)
    assert len(crops) == 12 and all(is_flower(CLASS_CODES[c]) for c in crops.codes)
    names = {synthetic_name(12, 3, "procedural", flowers_only) for flowers_only in (False, True)}
    assert len(names) == 2  # never read from the other's cache


def test_varied_style_is_drawn_only_when_asked_for():
    assert "varied" in STYLES and "varied" not in available_styles()


@pytest.mark.parametrize("number", range(2, 10))
def test_varied_dots_grow_to_touch_but_never_merge(number):
    """However close and large a set draws its dots, each stays a dot of its own: a 6 whose dots
    ran together would teach a blot."""
    from dataclasses import replace

    import cv2

    from datasets.faces import paint_face
    from datasets.look import sample_look

    rng = np.random.default_rng(number)
    look = sample_look(rng)
    look = replace(look, dot_design="solid", spread=0.72, dot_size=1.6, margin=0.1)
    face = np.empty((300, 220, 3), np.uint8)
    face[:] = look.body
    paint_face(face, f"{number}p", look, rng)
    drawn = (np.abs(face.astype(int) - look.body).sum(axis=2) > 60).astype(np.uint8)
    parts, _, stats, _ = cv2.connectedComponentsWithStats(drawn)
    dots = [s for s in stats[1:] if s[cv2.CC_STAT_AREA] > 300]  # not the accents inside a dot
    assert len(dots) >= number
