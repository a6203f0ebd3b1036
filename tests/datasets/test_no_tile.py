"""Crops of no tile teach the classifier to stay unsure on felt and gaps: a crop that shows a
tile must never be among them, and one across a gap or the picture's edge must be."""

from __future__ import annotations

import numpy as np
import pytest

from datasets.no_tile import random_patches, shows_no_tile

ROW = np.array([[100.0 + 32 * i, 200.0, 130.0 + 32 * i, 240.0] for i in range(5)])  # 30 x 40


def test_a_box_on_a_tile_or_a_little_off_it_shows_a_tile():
    assert not shows_no_tile((100, 200, 130, 240), ROW)
    assert not shows_no_tile((104, 195, 136, 238), ROW)  # as loose and shifted as a finder's


def test_felt_and_the_gap_between_two_tiles_show_no_tile():
    assert shows_no_tile((100, 300, 130, 340), ROW)  # felt below the row
    assert shows_no_tile((116, 200, 146, 240), ROW)  # half of one tile, half of the next
    assert shows_no_tile((0, 0, 30, 40), np.zeros((0, 4)))


def test_random_patches_show_no_tile_and_some_cross_the_picture_edge():
    rng = np.random.default_rng(0)
    boxes = random_patches(rng, ROW, 640, 480, 30)
    assert len(boxes) == 30
    assert all(shows_no_tile(box, ROW) for box in boxes)
    beyond = [b for b in boxes if b[0] < 0 or b[1] < 0 or b[2] > 640 or b[3] > 480]
    assert len(beyond) >= 3
    sizes = np.array([(b[2] - b[0], b[3] - b[1]) for b in boxes])
    assert sizes.min() >= 0.8 * 30 - 1e-6 and sizes.max() <= 1.25 * 40 + 1e-6


def test_no_tile_crops_are_trained_towards_every_code_alike():
    torch = pytest.importorskip("torch")
    from datasets.no_tile import NO_TILE
    from lab.train import tile_loss

    flat = torch.zeros(1, 10)
    sure = torch.tensor([[9.0] + [0.0] * 9])
    none = torch.tensor([NO_TILE])
    assert float(tile_loss(flat, none)) < float(tile_loss(sure, none))
    assert float(tile_loss(sure, torch.tensor([0]))) < float(tile_loss(flat, torch.tensor([0])))
    both = tile_loss(torch.cat([sure, flat]), torch.tensor([0, NO_TILE]))
    alone = (tile_loss(sure, torch.tensor([0])) + tile_loss(flat, none)) / 2
    assert torch.isclose(both, alone)


def test_pair_boxes_hold_two_neighbours_and_no_third():
    from datasets.no_tile import pair_boxes

    far = np.vstack([ROW, [[400.0, 200.0, 430.0, 240.0]]])  # a tile well apart from the row
    boxes = pair_boxes(np.random.default_rng(0), far, 10)
    assert len(boxes) == 4  # the four neighbouring pairs of the row, none with the far tile
    for box in boxes:
        cx = (far[:, 0] + far[:, 2]) / 2
        assert ((cx > box[0]) & (cx < box[2])).sum() == 2
        assert box[2] - box[0] == pytest.approx(62) and box[3] - box[1] == pytest.approx(40)
    assert pair_boxes(np.random.default_rng(0), ROW[:1], 2) == []
