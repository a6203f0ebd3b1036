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


def test_the_training_filter_undoes_a_shake_as_the_reader_does():
    torch = pytest.importorskip("torch")
    from lab.train import _filtered, wiener
    from vision.shake import Streak, steadied

    face, streak = _face(), Streak(7.0, 0.4)
    kernel = torch.from_numpy(streak.kernel())
    shaken = (_filtered(_tensor(face), kernel)[0].permute(1, 2, 0).numpy() * 255).round()
    shaken = shaken.clip(0, 255).astype(np.uint8)
    ours = wiener(_tensor(shaken), kernel)[0].permute(1, 2, 0).numpy() * 255
    readers = steadied(shaken, streak).astype(np.float32)
    inside = (slice(16, -16), slice(16, -16))  # the two mirror the edges a little differently
    assert np.abs(ours - readers)[inside].mean() < 1.5
    # and steadied, the face is nearer the sharp one than shaken
    assert (
        np.abs(ours - face)[inside].mean()
        < 0.9 * np.abs(shaken.astype(np.float32) - face)[inside].mean()
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
