"""The finder's training pictures: boxes must follow their tiles through any turn and zoom."""

from __future__ import annotations

import numpy as np
import pytest

from lab import detector_data as data


def _one_tile_example() -> data.Example:
    image = np.full((384, 384, 3), 40, np.uint8)
    image[150:230, 170:230] = 235  # one light tile, 60 x 80, on dark felt
    boxes = np.array([[170, 150, 230, 230]], np.float32)
    return data.Example(image, boxes, np.zeros(1, np.int64), backs_labelled=False)


@pytest.mark.parametrize("seed", range(6))
def test_a_turned_zoomed_copy_keeps_its_box_around_its_tile(monkeypatch, seed):
    monkeypatch.setattr(data, "TURN_SHARE", 1.0)
    copy, _ = data.augment(_one_tile_example(), 320, np.random.default_rng(seed))
    if len(copy.boxes) == 0:
        pytest.skip("this copy's tile fell off the canvas")
    grey = copy.image.astype(float).mean(axis=2)
    ys, xs = np.nonzero(grey > (grey.max() + np.median(grey)) / 2)
    seen = np.array([xs.min(), ys.min(), xs.max() + 1, ys.max() + 1], float)
    x0, y0, x1, y1 = copy.boxes[0]
    inter = max(0, min(x1, seen[2]) - max(x0, seen[0])) * max(
        0, min(y1, seen[3]) - max(y0, seen[1])
    )
    union = (x1 - x0) * (y1 - y0) + (seen[2] - seen[0]) * (seen[3] - seen[1]) - inter
    assert inter / union > 0.8


def test_an_exported_finder_loads_back_into_the_network_exactly():
    torch = pytest.importorskip("torch")
    import onnxruntime

    from lab.train_detector import build_network, deployable, load_exported
    from vision.detector import DEFAULT_MODEL

    network = build_network()
    load_exported(network, DEFAULT_MODEL)
    picture = np.random.default_rng(0).integers(0, 255, (1, 128, 160, 3), dtype=np.uint8)
    with torch.no_grad():
        peaks, reach = deployable(network).eval()(torch.from_numpy(picture))
    session = onnxruntime.InferenceSession(str(DEFAULT_MODEL))
    want_peaks, want_reach = session.run(None, {session.get_inputs()[0].name: picture})
    assert np.allclose(peaks.numpy(), want_peaks, atol=1e-4)
    assert np.allclose(reach.numpy(), want_reach, rtol=1e-3, atol=1e-3)


def test_whole_tables_kept_for_training_carry_every_tile_inside_the_picture(tmp_path):
    path = tmp_path / "tables.npz"
    data.make_scenes(1, seed=5, path=path, whole_tables=True)
    (table,) = data.load_scenes(path)
    height, width = table.image.shape[:2]
    assert len(table.boxes) > 50, "a whole table: walls, standing hands, discards"
    assert (table.boxes[:, [0, 1]] >= -1).all()
    assert (table.boxes[:, 2] <= width + 1).all() and (table.boxes[:, 3] <= height + 1).all()
    assert set(table.kinds.tolist()) == {0, 1}, "faces and backs (walls, standing tiles)"
    assert table.backs_labelled and 20 <= table.tile_length <= 75
