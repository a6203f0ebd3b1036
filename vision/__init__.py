"""The table reader: capture, tile finding, the ONNX tile classifier and grouping into hands.

Imports `engine` for tile codes at most, never `webui`, and nothing of training (`lab`). The
public classes load lazily so that `import vision` stays light (no onnxruntime until a model is
needed); the models themselves ship in `vision.models`.
"""

from __future__ import annotations

from importlib import import_module

_PUBLIC = {
    "TileClassifier": "vision.classifier",
    "TileReader": "vision.reader",
    "Reading": "vision.reading",
    "TileRead": "vision.reading",
    "HandRead": "vision.reading",
    "MeldRead": "vision.reading",
}

__all__ = sorted(_PUBLIC)


def __getattr__(name: str):
    if name in _PUBLIC:
        return getattr(import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'vision' has no attribute {name!r}")
