"""`mahjong-table score [FILE] [--json]` (CONTRACT sections 2 and 4)."""

import json
import subprocess
import sys

import pytest

from mahjong_table.cli import main
from tests.engine.test_contract import ANSWER, REQUEST


def run(args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "mahjong_table", "score", *args],
        input=stdin, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_score_json_from_stdin_prints_the_answer_and_exits_0():
    result = run(["--json"], json.dumps(REQUEST))
    assert result.returncode == 0
    assert json.loads(result.stdout) == ANSWER


def test_score_json_from_a_file(tmp_path, capsys):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(REQUEST), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == ANSWER


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        ("{bad json", "not valid JSON"),
        ('{"hand": "123s"}', "The request needs win_tile"),
        ("[1, 2]", "JSON object"),
    ],
)
def test_bad_input_answers_ok_false_and_exits_2(stdin, words, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO(stdin))
    assert main(["score", "--json"]) == 2
    answer = json.loads(capsys.readouterr().out)
    assert answer["ok"] is False and words in answer["error"]


def test_a_missing_file_answers_ok_false(capsys, tmp_path):
    assert main(["score", str(tmp_path / "nothing.json"), "--json"]) == 2
    assert "Cannot read" in json.loads(capsys.readouterr().out)["error"]


def test_the_readable_summary(tmp_path, capsys):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(REQUEST), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Winning hand: 6 points (basic 2 + bonus 4)" in out
    assert "Dragon Pung 삼원패" in out and "777z*" in out
    assert "E -12" in out and "S +12" in out


def test_the_readable_summary_of_a_refusal(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO('{"hand": 1}'))
    assert main(["score"]) == 2
    assert capsys.readouterr().out.startswith("Cannot score this hand [win_tile]:")


def test_python_dash_m_engine_is_the_same_command():
    result = subprocess.run(
        [sys.executable, "-m", "engine", "--json"], input=json.dumps(REQUEST),
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0 and json.loads(result.stdout) == ANSWER


def run_bytes(stdin: bytes):
    return subprocess.run(
        [sys.executable, "-m", "mahjong_table", "score", "--json"],
        input=stdin, capture_output=True, timeout=60,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        (b'{"hand": ' + b"9" * 5000 + b"}", "more than 4300 digits"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"hand": "\\ud800", "win_tile": "1m", "win": "self_draw", "seat": "E", "round": "E"}',
         "not part of a tile code"),
        (b'{"hand": "123m\xff\xfe"}', "not UTF-8 text: byte 0xff at position 14"),
        (b'{"hand": "\xed\xa0\x80"}', "not UTF-8 text"),
    ],
)  # fmt: skip
def test_hostile_input_gets_a_sentence_and_stdout_stays_utf8_json(stdin, words):
    result = run_bytes(stdin)
    assert result.returncode == 2, result.stderr
    assert result.stderr == b""
    answer = json.loads(result.stdout.decode("utf-8"))  # strict: valid UTF-8 only
    assert answer["ok"] is False and words in answer["error"], answer


def test_a_lone_surrogate_in_the_summary_is_written_escaped():
    stdin = b'{"hand": "\\ud800", "win_tile": "1m", "win": "self_draw", "seat": "E", "round": "E"}'
    result = subprocess.run(
        [sys.executable, "-m", "mahjong_table", "score"],
        input=stdin,
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 2 and result.stderr == b""
    assert "\\ud800" in result.stdout.decode("utf-8")
