"""Training shows a share of crops as a tile far from the camera (`--low-res`): shrunk to a whole
table's 16-35 pixels and scaled up again, its finest strokes lost, as the reader's crops of
small tiles are."""

from __future__ import annotations

import pytest


def _detail(x) -> list[float]:
    """Each crop's mean step between neighbouring pixels: a fine pattern's detail."""
    return (x[:, :, :, 1:] - x[:, :, :, :-1]).abs().mean((1, 2, 3)).tolist()


@pytest.mark.parametrize("share", [0.0, 0.5, 1.0])
def test_the_share_asked_loses_its_finest_detail_and_no_other_crop_does(share):
    torch = pytest.importorskip("torch")
    from lab.train import _photometric

    # pixel-wide stripes of dark ink on a light face, 400 crops at the network's 48 pixels
    x = torch.full((400, 3, 48, 48), 0.8)
    x[:, :, :, ::2] = 0.2
    detail = _detail(_photometric(x.clone(), torch.Generator().manual_seed(1), low_res=share))
    blurred = sum(d < 0.2 for d in detail) / len(detail)
    assert abs(blurred - share) < 0.08, blurred


def test_the_recipe_keeps_its_share_unless_asked():
    torch = pytest.importorskip("torch")
    from lab.train import LOW_RES, augment_batch

    images = (torch.rand(64, 64, 64, 3) * 255).to(torch.uint8)  # some far ones, surely
    quarters = torch.zeros(64, dtype=torch.long)
    plain, _ = augment_batch(images, quarters, torch.Generator().manual_seed(3))
    again, _ = augment_batch(images, quarters, torch.Generator().manual_seed(3), low_res=LOW_RES)
    assert torch.equal(plain, again)
    fewer, _ = augment_batch(images, quarters, torch.Generator().manual_seed(3), low_res=0.0)
    assert not torch.equal(plain, fewer)
