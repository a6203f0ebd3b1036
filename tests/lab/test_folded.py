"""Training again from a shipped model: its ONNX weights must come back into torch unchanged,
and giving the batch norms statistics again must not change what the network computes."""

from __future__ import annotations

import numpy as np
import pytest


def test_the_shipped_classifier_loads_back_and_keeps_its_answers_with_norms_unfolded():
    torch = pytest.importorskip("torch")
    import onnxruntime

    from datasets.codes import CLASS_CODES
    from lab.folded import load_folded, unfold_norms
    from lab.tile_net import RawInput, TileNet
    from lab.train import MEAN, STD
    from vision.classifier import DEFAULT_MODEL

    crops = np.random.default_rng(0).integers(0, 255, (4, 48, 48, 3), dtype=np.uint8)
    session = onnxruntime.InferenceSession(str(DEFAULT_MODEL))
    want = session.run(None, {session.get_inputs()[0].name: crops})
    network = TileNet(len(CLASS_CODES))
    load_folded(network, DEFAULT_MODEL, "/net/")
    for unfolded in (False, True):
        if unfolded:
            unfold_norms(network, [torch.randn(8, 3, 48, 48) for _ in range(2)])
            norm = network.features[0][1]
            assert not torch.allclose(norm.running_var, torch.ones_like(norm.running_var))
        with torch.no_grad():
            got = RawInput(network.eval(), MEAN, STD).eval()(torch.from_numpy(crops))
        for mine, theirs in zip(got, want, strict=True):
            assert np.allclose(mine.numpy(), theirs, atol=1e-4)
