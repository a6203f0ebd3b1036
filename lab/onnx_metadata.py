"""Metadata written into an exported ONNX model (training only: needs the `onnx` package).

Both models carry what their run-time code needs to read them (codes, sizes, thresholds...) as
metadata properties: strings kept as they are, anything else as JSON."""

from __future__ import annotations

import json
from pathlib import Path


def write_metadata(path: str | Path, metadata: dict) -> None:
    """Add `metadata` to the ONNX model at `path`, in place."""
    import onnx

    model = onnx.load(str(path))
    for key, value in metadata.items():
        entry = model.metadata_props.add()
        entry.key = key
        entry.value = value if isinstance(value, str) else json.dumps(value)
    onnx.save(model, str(path))
