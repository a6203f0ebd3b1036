"""Averaging a classifier with its fine-tune (`python -m lab.soup`): each weight lands where it is
asked to between the two, the model still loads and reads as a classifier, and two different
networks are refused with a sentence, not averaged into nonsense."""

from __future__ import annotations

import json

import numpy as np
import pytest


def _shifted_copy(path, out, by: float) -> None:
    """The model at `path` with `by` added to every weight of its network (a stand-in for a
    fine-tune: the same network, other weights)."""
    onnx = pytest.importorskip("onnx")
    from onnx import numpy_helper

    from lab.soup import WRAPPER

    model = onnx.load(str(path))
    for weight in model.graph.initializer:
        if weight.name not in WRAPPER:
            moved = numpy_helper.to_array(weight) + np.float32(by)
            weight.CopyFrom(numpy_helper.from_array(moved, weight.name))
    onnx.save(model, str(out))


def _weights(path) -> dict:
    onnx = pytest.importorskip("onnx")
    from onnx import numpy_helper

    return {w.name: numpy_helper.to_array(w) for w in onnx.load(str(path)).graph.initializer}


def test_each_weight_lies_the_share_asked_towards_the_fine_tune(tmp_path):
    pytest.importorskip("onnx")
    from lab.soup import WRAPPER, main
    from vision.classifier import DEFAULT_MODEL, TileClassifier

    after = tmp_path / "after.onnx"
    _shifted_copy(DEFAULT_MODEL, after, 0.2)
    out = tmp_path / "soup.onnx"
    assert main([str(DEFAULT_MODEL), str(after), "--share", "0.25", "--out", str(out)]) == 0
    before, mixed = _weights(DEFAULT_MODEL), _weights(out)
    for name, weight in mixed.items():
        expected = before[name] if name in WRAPPER else before[name] + 0.05
        assert np.allclose(weight, expected, atol=1e-6), name
    classifier = TileClassifier(out)  # the run-time metadata came along
    assert classifier.codes == TileClassifier(DEFAULT_MODEL).codes
    averaged = json.loads(classifier.metadata["averaged"])
    assert averaged == {"before": DEFAULT_MODEL.name, "after": "after.onnx", "share_of_after": 0.25}
    crop = np.full((48, 40, 3), 200, np.uint8)
    assert len(classifier.classify([crop])) == 1


def test_none_of_the_fine_tune_reads_as_the_model_before(tmp_path):
    pytest.importorskip("onnx")
    from lab.soup import main
    from vision.classifier import DEFAULT_MODEL, TileClassifier

    after, out = tmp_path / "after.onnx", tmp_path / "soup.onnx"
    _shifted_copy(DEFAULT_MODEL, after, 0.5)
    assert main([str(DEFAULT_MODEL), str(after), "--share", "0", "--out", str(out)]) == 0
    crops = list(np.random.default_rng(1).integers(0, 255, (6, 50, 40, 3), dtype=np.uint8))
    read = TileClassifier(out).classify(crops)
    for mine, theirs in zip(read, TileClassifier(DEFAULT_MODEL).classify(crops), strict=True):
        assert [code for code, _ in mine.top] == [code for code, _ in theirs.top]
        assert [p for _, p in mine.top] == pytest.approx([p for _, p in theirs.top], abs=1e-5)


def test_two_different_networks_are_refused_in_a_sentence(tmp_path, capsys):
    pytest.importorskip("onnx")
    from lab.soup import main
    from vision.classifier import DEFAULT_MODEL
    from vision.detector import DEFAULT_MODEL as FINDER

    out = tmp_path / "soup.onnx"
    assert main([str(DEFAULT_MODEL), str(FINDER), "--out", str(out)]) == 2
    said = capsys.readouterr().out
    assert "not one network" in said and FINDER.name in said
    assert not out.exists()
    assert main([str(DEFAULT_MODEL), str(DEFAULT_MODEL), "--share", "2", "--out", str(out)]) == 2
    assert "between 0 and 1" in capsys.readouterr().out
