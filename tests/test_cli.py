"""The console script assembles every package's commands."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mahjong_table.cli import build_parser


@pytest.mark.parametrize("command", ["serve", "score", "recognize", "classify"])
def test_every_contract_command_exists(command):
    parser = build_parser()
    with pytest.raises(SystemExit) as stop:
        parser.parse_args([command, "--help"])
    assert stop.value.code == 0


def test_unknown_command_is_refused_with_usage():
    result = subprocess.run(
        [sys.executable, "-m", "mahjong_table", "dance"], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
