"""Training can show the classifier faces as the reader hands them over from a shaken picture:
smeared, then steadied by the same Wiener filter (`lab.train.shakes_undone`)."""

from __future__ import annotations

import numpy as np
import pytest


def _face() -> np.ndarray:
    """A light face with a dark numeral and a green stroke, 96 pixels square, BGR."""
    import cv2

    face = np.full((96, 96, 3), 230, np.uint8)
    cv2.putText(face, "3", (20, 80), cv2.FONT_HERSHEY_SIMPLEX, 2.5, (20, 20, 150), 4)
    cv2.line(face, (10, 10), (80, 15), (40, 120, 40), 2)
    return face


def _tensor(bgr: np.ndarray):
    import torch

    return torch.from_numpy(bgr).permute(2, 0, 1)[None].float() / 255


def test_training_steadies_with_the_readers_own_filter(monkeypatch):
    """The crops shaken in training are undone by `vision.shake.steadied` itself, each as the
    8-bit picture the reader would hand it, with a streak of the lengths the reader looks for."""
    torch = pytest.importorskip("torch")
    import vision.shake
    from lab.train import STEADIED_LENGTH, STEADIED_MISS, shakes_undone

    seen = []

    def marked(picture, smear):
        seen.append((picture.dtype, picture.shape, smear))
        return np.full_like(picture, 7)  # a mark no shaken face would show

    monkeypatch.setattr(vision.shake, "steadied", marked)
    crops = _tensor(_face()[::2, ::2]).repeat(20, 1, 1, 1)
    after = shakes_undone(crops.clone(), torch.Generator().manual_seed(3), 0.5)
    changed = (after - crops).abs().flatten(1).amax(1) > 0
    assert len(seen) == int(changed.sum()) > 0
    assert all(dtype == np.uint8 and shape == (48, 48, 3) for dtype, shape, _ in seen)
    assert torch.allclose(after[changed], torch.full_like(after[changed], 7 / 255))
    reach = 4 * STEADIED_MISS[0]
    assert all(
        STEADIED_LENGTH[0] - reach <= smear.length <= STEADIED_LENGTH[1] + reach
        for _, _, smear in seen
    )


def test_only_the_share_asked_is_shaken_and_steadied():
    torch = pytest.importorskip("torch")
    from lab.train import shakes_undone

    crops = _tensor(_face()[::2, ::2]).repeat(200, 1, 1, 1)
    before = crops.clone()
    after = shakes_undone(crops, torch.Generator().manual_seed(1), 0.3)
    changed = (after - before).abs().flatten(1).amax(1) > 0
    assert 40 <= int(changed.sum()) <= 80
    assert float(after.min()) >= 0 and float(after.max()) <= 1
    assert shakes_undone(before.clone(), torch.Generator().manual_seed(1), 0.0).equal(before)
