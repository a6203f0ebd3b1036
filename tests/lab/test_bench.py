"""The benchmark says what measured its figures: they move with the libraries' versions."""

from __future__ import annotations

import platform
from importlib.metadata import version

from lab.bench import LIBRARIES, environment, main


def test_the_benchmark_names_the_python_and_each_librarys_version():
    line = environment()
    assert f"Python {platform.python_version()}" in line
    for name in LIBRARIES:
        assert f"{name} {version(name)}" in line


def test_the_versions_come_first_in_the_benchmarks_output(capsys, monkeypatch):
    import lab.bench

    monkeypatch.setattr(lab.bench, "SECTIONS", ())  # no section: only what comes before them
    assert main([]) == 0
    assert capsys.readouterr().out == environment() + "\n"
