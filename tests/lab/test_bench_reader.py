"""The reader benchmark times the reader that ships, set as it sets itself."""

from __future__ import annotations

from types import SimpleNamespace

from lab.bench_reader import _Timed


def test_the_timed_finder_answers_the_readers_questions_as_the_finder_itself():
    finder = SimpleNamespace(threshold=0.3, back_threshold=0.15, find=lambda bgr: ["tile"])
    stages: dict[str, list[float]] = {}
    timed = _Timed(finder, "finding", stages)
    assert timed.threshold == 0.3 and timed.back_threshold == 0.15
    assert timed.find(None) == ["tile"] and len(stages["finding"]) == 1
