"""A lighter finder taught by the shipped one: its patch stem, its export and its teacher."""

from __future__ import annotations

import json

import numpy as np
import pytest

from lab import detector_data as data

torch = pytest.importorskip("torch")


def _with_random_norms(network):
    """Norms that are not the identity, so a folding mistake would show."""
    generator = torch.Generator().manual_seed(0)
    for module in network.modules():
        if isinstance(module, torch.nn.BatchNorm2d):
            size = module.num_features
            module.running_mean.copy_(torch.rand(size, generator=generator) * 2 - 1)
            module.running_var.copy_(torch.rand(size, generator=generator) + 0.5)
            module.weight.data.copy_(torch.rand(size, generator=generator) + 0.5)
            module.bias.data.copy_(torch.rand(size, generator=generator) - 0.5)
    return network.eval()


def test_a_patch_stem_finder_exports_without_scaling_its_pixels_and_answers_as_its_network(
    tmp_path,
):
    """The patch stem folds the input's scaling into its weights: the exported graph neither
    subtracts nor divides, answers as the torch network does on normalised pixels, and loads
    back (the folding undone) to answer the same again."""
    import onnx

    from lab.train_detector import build_network, export, model_meta, network_like
    from vision.detector import TileFinder

    network = _with_random_norms(build_network(stem="patch", neck=32))
    out = tmp_path / "patch.onnx"
    export(network, out, model_meta({}, (0.3, 1.35), (12, 80), 4))
    operations = {node.op_type for node in onnx.load(str(out)).graph.node}
    assert not operations & {"Sub", "Div"}, "no pixel is scaled at run time"

    picture = np.random.default_rng(0).integers(0, 255, (1, 128, 160, 3), dtype=np.uint8)
    pixels = torch.from_numpy(picture).permute(0, 3, 1, 2).float()
    with torch.no_grad():
        raw = network((pixels - 127.5) / 64.0)
    finder = TileFinder(out)
    peaks, reach = finder.infer(picture)
    heat = torch.sigmoid(raw[0, :2]).numpy()
    on_peaks = peaks > 0
    assert on_peaks.any() and np.allclose(peaks[on_peaks], heat[on_peaks], atol=1e-5)
    assert np.allclose(reach, np.exp(raw[0, 2:].clamp(-4, 5).numpy()) * 16, rtol=1e-4)
    meta = finder.session.get_modelmeta().custom_metadata_map
    assert json.loads(meta["design"]) == {"stem": "patch", "neck": 32}

    again = network_like(out).eval()
    assert again.design == network.design
    with torch.no_grad():
        assert torch.allclose(again((pixels - 127.5) / 64.0), raw, atol=1e-4)


def test_a_student_starts_from_its_teachers_backbone_and_is_taught_towards_its_answers():
    """A student of another stem and neck takes the teacher's layers of its own shape (the
    backbone from 1/8 down), none of the others; the distillation terms vanish for a student
    that answers as its teacher does, and a few steps on one batch bring the student closer."""
    from lab.train_detector import build_network, distillation, network_like, started_as_teacher
    from vision.detector import DEFAULT_MODEL

    teacher = network_like(DEFAULT_MODEL).eval()
    student = build_network(stem="patch", neck=32)
    taken = started_as_teacher(student, teacher)
    assert "down16.1.depthwise.0" in taken and "down32.1.pointwise.1" in taken
    assert not any(
        name.split(".")[0] in ("stem", "down4", "lateral", "merge", "head") for name in taken
    )
    assert torch.equal(student.down16[1].depthwise[0].weight, teacher.down16[1].depthwise[0].weight)

    picture = data.batch([_tiles_example()], 192, np.random.default_rng(0))["image"]
    image = (torch.from_numpy(picture).permute(0, 3, 1, 2).float() - 127.5) / 64.0
    with torch.no_grad():
        taught_raw, taught_quarter = teacher(image, with_quarter=True)
    heat, reach, feature = distillation(taught_raw, taught_quarter, taught_raw, taught_quarter)
    assert float(reach) == 0.0 and float(feature) == 0.0

    def total():
        raw, quarter = student(image, with_quarter=True)
        return sum(distillation(raw, quarter, taught_raw, taught_quarter))

    optimiser = torch.optim.Adam(student.parameters(), lr=3e-3)
    first = float(total())
    for _ in range(8):
        optimiser.zero_grad()
        loss = total()
        loss.backward()
        optimiser.step()
    assert float(total()) < 0.8 * first
    assert float(heat) < first, "the teacher's own heat is the least its heat term can be"


def _tiles_example() -> data.Example:
    """Light tiles in a row on dark felt."""
    image = np.full((192, 192, 3), 50, np.uint8)
    boxes = []
    for k in range(6):
        x0 = 20 + 26 * k
        image[70:102, x0 : x0 + 24] = 230
        image[80:92, x0 + 8 : x0 + 16] = 40  # a mark on each face
        boxes.append([x0, 70, x0 + 24, 102])
    boxes = np.array(boxes, np.float32)
    return data.Example(image, boxes, np.zeros(len(boxes), np.int64), backs_labelled=False)


def test_a_run_with_a_teacher_trains_a_patch_finder_the_reader_takes(tmp_path, monkeypatch):
    """`--teacher` with `--stem patch --neck 32`: the run keeps the teacher's figure beside the
    labels' in its history and exports a finder of that design that the reader loads."""
    import cv2

    from lab import train_detector
    from vision.detector import DEFAULT_MODEL, TileFinder

    monkeypatch.setattr(train_detector, "RUNS", tmp_path / "runs")
    example = _tiles_example()
    sources = [f"photo-{k}" for k in range(40)]  # enough that a few are held out
    pack = tmp_path / "photos.npz"
    picture = cv2.imencode(".jpg", example.image)[1].ravel()
    np.savez(
        pack,
        pictures=data._objects([picture] * len(sources)),
        boxes=data._objects([example.boxes] * len(sources)),
        sources=np.array(sources),
    )
    out = tmp_path / "student.onnx"
    code = train_detector.main(
        ["--photos", str(pack), "--synthetic", "0", "--epochs", "1", "--steps", "2"]
        + ["--batch", "2", "--teacher", str(DEFAULT_MODEL), "--stem", "patch", "--neck", "32"]
        + ["--out", str(out)]
    )
    assert code == 0
    history = json.loads((tmp_path / "runs" / "student" / "history.json").read_text())
    assert history[0]["teacher"] > 0
    finder = TileFinder(out)
    meta = finder.session.get_modelmeta().custom_metadata_map
    assert json.loads(meta["design"]) == {"stem": "patch", "neck": 32}
    assert isinstance(finder.find(np.full((256, 256, 3), 60, np.uint8)), list)


@pytest.mark.parametrize("refused", [["--label-weight", "0"], ["--label-weight", "-1"]])
def test_a_run_with_nothing_to_learn_from_is_refused_before_it_starts(refused, capsys):
    """Without the labels and without a teacher an hour's run would train nothing."""
    from lab import train_detector

    with pytest.raises(SystemExit) as stopped:
        train_detector.main(refused)
    assert stopped.value.code == 2
    assert "--label-weight" in capsys.readouterr().err
