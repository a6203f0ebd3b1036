"""What runs at the table stays apart from training: the reader, the panel and the engine load no
`lab` module, no torch and no `datasets` code, in a fresh interpreter, even while reading.

The demo camera shows a picture shipped as package data (`vision/demo-table.png`), drawn
beforehand by `datasets.demo`: nothing at run time draws.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import cv2

from tests.conftest import ROOT

RUNTIME_MODULES = (
    "engine",
    "vision",
    "vision.capture",
    "vision.classifier",
    "vision.detector",
    "vision.grouping",
    "vision.reader",
    "vision.demo",
    "vision.draw",
    "vision.cli",
    "webui",
    "mahjong_table.cli",
)
KEPT_OUT = ("lab", "torch", "datasets")

LOADED_AFTER = """
import importlib, json, sys
for name in {modules!r}:
    importlib.import_module(name)
{then}
kept_out = {kept_out!r}
loaded = sorted(m for m in sys.modules if m.split(".")[0] in kept_out)
print(json.dumps(loaded))
"""


def loaded_after(then: str = "", tmp_path=None) -> list[str]:
    """The modules of `lab`, torch or `datasets` loaded in a fresh interpreter after importing
    every runtime module and running `then`."""
    code = LOADED_AFTER.format(modules=RUNTIME_MODULES, kept_out=KEPT_OUT, then=then)
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path or ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_importing_the_runtime_loads_no_training_torch_or_dataset_code():
    assert loaded_after() == []


def test_the_panel_and_a_reading_load_no_training_torch_or_dataset_code(tmp_path):
    from datasets.demo import demo_scene

    picture = tmp_path / "table.png"
    cv2.imwrite(str(picture), demo_scene().image)
    then = f"""
import cv2
from vision import TileReader
from webui import create_app
app = create_app({{"DATA_DIR": {str(tmp_path / "data")!r}, "TESTING": True}})
assert app.test_client().get("/").status_code < 500
reading = TileReader().read(cv2.imread({str(picture)!r}))
assert len(reading.tiles) >= 14 and reading.hands, "the demo table is read"
from vision.capture import DemoSource, frames
assert next(frames(DemoSource())).shape[2] == 3, "the demo camera shows its picture"
"""
    assert loaded_after(then, tmp_path) == []


def test_the_documented_bench_command_still_starts():
    done = subprocess.run(
        [sys.executable, "-m", "vision.bench", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "--only" in done.stdout and "classifier" in done.stdout
