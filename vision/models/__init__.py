"""The trained models the reader runs (`detector.onnx`, `table-finder.onnx`, `pool-finder.onnx`,
`closer-finder.onnx`, `level-finder.onnx`, `classifier.onnx`, `table-classifier.onnx`,
`flower-reader.onnx`, `flower-reader-small.onnx`), shipped as package data.

They are found through importlib.resources, not beside the repository, so an installed package
reads photos wherever it runs. Their cards (`*.md`, with the figures' pictures) stay in the
repository only: they say how each model was trained and how well it reads.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def model_file(name: str) -> Path:
    """The shipped model file `name` (pip installs a package as plain files, so a path)."""
    return Path(str(resources.files(__name__).joinpath(name)))
