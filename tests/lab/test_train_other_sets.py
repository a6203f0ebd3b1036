"""Training may draw a crop as a set never learnt would print it (`--other-sets`): its inks in
another hue and strength, its strokes heavier or lighter. White and grey stay as they are, and a
stroke keeps its place, so the tile is still the same tile."""

from __future__ import annotations

import pytest

from tests.lab.faces import red_mark


def _face(count: int):
    """`count` crops of a white face with a red ink stroke two pixels wide."""
    return red_mark(count, 12, slice(2, 10), slice(5, 7))


def test_turned_inks_change_colour_but_not_light_and_white_stays_white():
    torch = pytest.importorskip("torch")
    from lab.train import TO_LIGHT_AND_COLOUR, inks_turned

    face = _face(400)
    turned = inks_turned(face.clone(), torch.Generator().manual_seed(0), 0.3)
    ink = turned[:, :, 5, 5]
    changed = (ink - face[:, :, 5, 5]).abs().amax(1) > 0.02
    assert 0.2 < changed.float().mean() < 0.4
    # the ink's light is kept (unless a channel had to be clipped) and its colour moves
    light = torch.tensor(TO_LIGHT_AND_COLOUR[0])
    inside = ((ink > 0.001) & (ink < 0.999)).all(1)
    assert torch.allclose((ink[inside] * light).sum(1), (face[0, :, 5, 5] * light).sum(), atol=1e-4)
    assert (ink[changed, 2] < 0.8).any() and (ink[changed, 1] > 0.3).any()
    assert torch.allclose(turned[:, :, 0, 0], face[:, :, 0, 0], atol=1e-5)  # white
    grey = torch.full((50, 3, 4, 4), 0.4)
    assert torch.allclose(inks_turned(grey.clone(), torch.Generator(), 1.0), grey, atol=1e-5)


def test_weighed_strokes_grow_or_shrink_where_they_lie():
    torch = pytest.importorskip("torch")
    from lab.train import strokes_weighed

    face = _face(400)
    weighed = strokes_weighed(face.clone(), torch.Generator().manual_seed(1), 1.0)
    red = face[0, 2]
    ink = (1 - weighed[:, 2]).sum((1, 2)) / (1 - red).sum()  # how much ink, against before
    assert (ink > 1.3).any() and (ink < 0.7).any()  # heavier and lighter strokes both drawn
    # the change stays within a pixel of the stroke: the face's far edges keep their white
    assert torch.equal(weighed[:, :, :, :3], face[:, :, :, :3])
    assert torch.equal(weighed[:, :, :, 8:], face[:, :, :, 8:])
    flat = torch.full((20, 3, 6, 6), 0.7)
    assert torch.equal(strokes_weighed(flat.clone(), torch.Generator(), 1.0), flat)
