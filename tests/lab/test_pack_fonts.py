"""Fonts cut down to travel to a lent GPU must draw the renderer's characters as before."""

from __future__ import annotations

import numpy as np
import pytest

from datasets import fonts
from datasets.faces import FLOWER_NAMES, NUMERALS, SEASON_NAMES, WINDS
from lab import pack_fonts

pytest.importorskip("fontTools")
pytest.importorskip("PIL")


def _a_tile_font():
    """The I.Mahjong font of the shared tile art: there wherever the tests have the data."""
    path = fonts._tile_font_path(fonts.TILE_FONTS["imahjong-jp"])
    if not path.is_file():
        pytest.skip("the shared tile art is not beside the repository")
    return path


def test_a_font_cut_down_keeps_the_tiles_and_characters_it_draws_and_drops_the_rest(tmp_path):
    source = _a_tile_font()
    target = tmp_path / source.name
    pack_fonts.cut_down(source, target, pack_fonts.kept_characters())

    assert target.stat().st_size < source.stat().st_size
    from fontTools.ttLib import TTFont

    kept = set(TTFont(str(target)).getBestCmap())
    had = set(TTFont(str(source)).getBestCmap())
    assert had & set(pack_fonts.MAHJONG_BLOCK) <= kept, "every tile the font had"
    assert kept <= set(pack_fonts.kept_characters()), "nothing else"
    for code in ("5p", "9m", "3z", "2f"):
        char = fonts._unicode_tile(code)
        before = fonts._glyph_face(str(source), char, 64)
        after = fonts._glyph_face(str(target), char, 64)
        assert before is not None and after is not None
        assert np.array_equal(before, after), f"{code} drawn as before"


def test_the_characters_kept_are_those_the_faces_write():
    kept = set(pack_fonts.kept_characters())
    written = NUMERALS + WINDS + FLOWER_NAMES + SEASON_NAMES + "萬伍中發"
    assert {ord(c) for c in written} <= kept
    assert ord("麻") not in kept
