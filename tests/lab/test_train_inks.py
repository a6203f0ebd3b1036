"""Training may give each ink another colour (`--ink-swap`): a face's white stays white and its
inks keep their shapes, so the model learns to tell tiles by shape where sets differ in ink."""

from __future__ import annotations

import pytest

from tests.lab.faces import red_mark


def _face(count: int):
    """`count` crops of a white face with a red ink mark in the middle."""
    return red_mark(count, 8, slice(2, 6), slice(2, 6))


def test_the_share_asked_takes_other_inks_and_the_white_stays_white():
    torch = pytest.importorskip("torch")
    from lab.train import inks_swapped

    face = _face(400)
    swapped = inks_swapped(face.clone(), 0.3, torch.Generator().manual_seed(0))
    ink = swapped[:, :, 3, 3]
    changed = (ink != face[:, :, 3, 3]).any(1)
    assert 0.22 < changed.float().mean() < 0.38
    # the same three levels, in another order, and never the red ink left where it was
    assert torch.equal(ink.sort(1).values, face[:, :, 3, 3].sort(1).values)
    assert (ink[changed, 2] != 0.9).any()
    assert torch.equal(swapped[:, :, 0, 0], face[:, :, 0, 0])  # white
    # the ink keeps its shape: a crop's pixels change only where the ink is
    assert torch.equal(swapped[:, :, :2], face[:, :, :2])


@pytest.mark.parametrize("option", ["ink_swap", "other_sets"])
def test_the_share_reaches_training_and_none_changes_nothing(option):
    """`--ink-swap` here, and `--other-sets` (tests/lab/test_train_other_sets.py) the same way."""
    torch = pytest.importorskip("torch")
    from lab.train import augment_batch

    images = (torch.rand(16, 64, 64, 3) * 255).to(torch.uint8)
    quarters = torch.zeros(16, dtype=torch.long)
    plain, _ = augment_batch(images, quarters, torch.Generator().manual_seed(3))
    again, _ = augment_batch(images, quarters, torch.Generator().manual_seed(3), **{option: 0.0})
    assert torch.equal(plain, again)  # the shipped recipe trains as it did
    every, _ = augment_batch(images, quarters, torch.Generator().manual_seed(3), **{option: 1.0})
    assert not torch.equal(plain, every)
