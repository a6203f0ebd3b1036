"""`pip install .` outside the repository reads a photo: the models ship inside the package.

The wheel is built from a copy of the source, installed into a fresh virtual environment whose
dependencies come from the test's own environment (they are installed there already, and the test
needs no network), and its `mahjong-table recognize` is run from a folder far from the repository.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import cv2
import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow

LEFT_BEHIND = shutil.ignore_patterns(
    ".git",
    ".venv",
    "data",
    "runs",
    "artifacts",
    "shared",
    "build",
    "dist",
    "tests",
    "*.egg-info",
    "__pycache__",
    ".*cache",
    ".hypothesis",
)


def attempt(*command, cwd=None) -> subprocess.CompletedProcess:
    """Run a command with no PYTHONPATH, so only what is installed can be imported."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def run(*command, cwd=None) -> str:
    done = attempt(*command, cwd=cwd)
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh environment with the wheel installed; its folder."""
    tmp = tmp_path_factory.mktemp("wheel")
    shutil.copytree(ROOT, tmp / "src", ignore=LEFT_BEHIND)
    pip = (sys.executable, "-m", "pip")
    offline = ("--quiet", "--no-deps", "--no-index")
    run(*pip, "wheel", *offline, "--no-build-isolation", "--wheel-dir", tmp / "wheels", tmp / "src")
    (wheel,) = (tmp / "wheels").glob("mahjong_table-*.whl")
    env = tmp / "env"
    run(sys.executable, "-m", "venv", "--without-pip", env)
    python = env / "bin" / "python"
    run(*pip, "--python", python, "install", *offline, wheel)
    # The dependencies: this environment's packages, after the wheel's own (a path in a .pth
    # file is appended to sys.path; the editable install of the repository found there is a
    # .pth file of its own, which Python does not read from such a path).
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip()
    (Path(site) / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env


def test_the_installed_package_reads_a_photo_from_anywhere(installed, tmp_path):
    from datasets.demo import demo_scene
    from vision import TileReader

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    cv2.imwrite(str(elsewhere / "table.png"), demo_scene().image)
    where = run(
        installed / "bin" / "python",
        "-c",
        "import vision.models as m\n"
        "for name in ('detector.onnx', 'table-finder.onnx', 'closer-finder.onnx',\n"
        "             'level-finder.onnx', 'flower-reader.onnx', 'flower-reader-small.onnx',\n"
        "             'table-classifier.onnx'):\n"
        "    path = m.model_file(name)\n"
        "    print(path if path.is_file() else 'missing: ' + name)",
        cwd=elsewhere,
    )
    for line in where.splitlines():
        assert line.startswith(str(installed)), "the models come from the installed package"

    out = run(
        installed / "bin" / "mahjong-table", "recognize", "table.png", "--json", cwd=elsewhere
    )
    answer = json.loads(out)
    codes = [tile["code"] for tile in answer["tiles"]]
    assert len(codes) >= 14 and answer["hands"]
    assert codes == [t.code for t in TileReader().read(demo_scene().image).tiles], (
        "the installed package reads as the repository does"
    )


def test_the_installed_package_shows_the_demo_table(installed, tmp_path):
    shape = run(
        installed / "bin" / "python",
        "-c",
        "from vision.capture import DemoSource, frames; print(next(frames(DemoSource())).shape)",
        cwd=tmp_path,
    )
    height, width, channels = (int(n) for n in shape.strip("()\n").split(","))
    assert height >= 480 and width >= 640 and channels == 3


def test_the_installed_package_carries_no_training_code(installed):
    bench = attempt(installed / "bin" / "python", "-m", "vision.bench", "--help", cwd=installed)
    assert bench.returncode == 2 and "checkout of the repository" in bench.stderr
    for package in ("lab", "datasets"):
        found = attempt(
            installed / "bin" / "python",
            "-c",
            f"import importlib.util as u, sys; sys.exit(u.find_spec({package!r}) is not None)",
            cwd=installed,
        )
        assert found.returncode == 0, f"the installed package carries {package}"


def test_the_installed_package_speaks_from_its_catalogs(installed, tmp_path):
    """The gettext catalogs ship in the wheel: a refusal reads the same in English and Korean."""
    said = run(
        installed / "bin" / "python",
        "-c",
        "import engine; from engine.messages import say; from webui import i18n;"
        "from vision.messages import say as vision_say;"
        "a = engine.score({'hand': '123s456p789p555z11m', 'win_tile': '1m', 'win': 'self_draw',"
        " 'seat': 'S', 'round': 'E'}); print(a['error']); print(say(a['code'], a['params'], 'ko'));"
        "print(i18n.say('nav_table', 'ko')); print(vision_say('capture_reading',"
        " {'source': 'demo table'}, 'ko'))",
        cwd=tmp_path,
    )
    assert said.splitlines() == [
        "1s: bamboo tiles are not used in Korean mahjong.",
        "1삭(1s): 한국 마작에서는 삭수패를 쓰지 않습니다.",
        "테이블",
        "데모 테이블 읽는 중.",
    ]
