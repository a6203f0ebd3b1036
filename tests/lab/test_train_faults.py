"""Training may give crops a phone's faults (`--camera-faults`): faces burnt white, a shake, a
missed focus, each to the share asked, so the classifier learns tiles as a bad photo shows them."""

from __future__ import annotations

import pytest


def _faces(count: int):
    """`count` crops of a light grey face with a dark bar across its middle (channels B, G, R)."""
    torch = pytest.importorskip("torch")
    x = torch.full((count, 3, 24, 24), 0.7)
    x[:, :, 10:14, :] = 0.2
    return x


def test_each_fault_reaches_about_the_share_asked_and_none_leaves_crops_as_they_are():
    torch = pytest.importorskip("torch")
    from lab.train import camera_faults

    faces = _faces(600)
    out = camera_faults(faces.clone(), torch.Generator().manual_seed(0), 0.2)
    burnt = out[:, 0, 0, 0] > 0.75  # the grey face brightened
    blurred = (out[:, 0, 9, 12] - faces[:, 0, 9, 12]).abs() > 0.01  # the bar's edge smeared
    assert 0.13 < burnt.float().mean() < 0.27
    assert 0.2 < blurred.float().mean() < 0.5  # shaken or out of focus: two faults of 0.2
    assert out.max() <= 1.0, "burnt white is clipped, as a sensor clips"
    untouched = camera_faults(faces.clone(), torch.Generator().manual_seed(0), 0.0)
    assert torch.equal(untouched, faces)


def test_a_shake_smears_along_its_streak_and_keeps_the_light():
    torch = pytest.importorskip("torch")
    from lab.train import _filtered
    from vision.shake import Streak

    across = torch.from_numpy(Streak(7.0, 0.0).kernel())  # along the rows
    assert across.sum().item() == pytest.approx(1.0)
    middle = across.shape[0] // 2
    assert (across[middle, 2:-2] > 0).all() and across.sum() - across[middle].sum() == 0
    faces = _faces(2)
    smeared = _filtered(faces, across)
    assert smeared.shape == faces.shape
    assert torch.allclose(smeared, faces), "a bar along the streak's own direction stays sharp"
    down = _filtered(faces, torch.from_numpy(Streak(7.0, 3.14159 / 2).kernel()))
    assert (down[:, :, 9, 12] - faces[:, :, 9, 12]).abs().min() > 0.05, "across it, it smears"
    assert down.mean().item() == pytest.approx(faces.mean().item(), abs=0.01)
