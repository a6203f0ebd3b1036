"""Training names its styles: any it may draw, the `varied` one too, never the held-out one (its
figures stand for a set never seen)."""

from __future__ import annotations

import argparse

import pytest


def test_training_asks_for_the_varied_style_and_never_for_the_held_out_one():
    from datasets.crop_cache import HELD_OUT_STYLE, training_styles
    from datasets.table import LOW_TILTS, STEEP_TILTS
    from datasets.table_crops import TABLE_SEED
    from lab.train import _more_synthetic, _table_tiles

    assert "varied" not in training_styles()  # drawn only when asked for by name
    assert _more_synthetic("24000:11:varied") == (24000, 11, "varied", False)
    assert _table_tiles("400:varied") == (400, "varied", TABLE_SEED, None, False)
    assert _table_tiles("400::21") == (400, None, 21, None, False)
    assert _table_tiles("400::41:low") == (400, None, 41, LOW_TILTS, False)
    assert _table_tiles("400::44:steep") == (400, None, 44, STEEP_TILTS, False)
    assert _table_tiles("400::43:found") == (400, None, 43, None, True)
    with pytest.raises(argparse.ArgumentTypeError, match="only 'low', 'steep' or 'found'"):
        _table_tiles("400::41:lo")
    with pytest.raises(argparse.ArgumentTypeError, match="benchmark"):
        _table_tiles("400::12")  # the benchmark's own tables
    with pytest.raises(argparse.ArgumentTypeError, match="development"):
        _table_tiles("400::88")  # development tables
    for parse in (lambda s: _more_synthetic(f"10:1:{s}"), lambda s: _table_tiles(f"10:{s}")):
        with pytest.raises(argparse.ArgumentTypeError, match="not a training style"):
            parse(HELD_OUT_STYLE)
