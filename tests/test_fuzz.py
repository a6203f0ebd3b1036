"""Fuzzing (hypothesis) with hostile input: score requests, records and the panel's requests.

Whatever comes in (wrong types, huge numbers, long or broken text, deep nesting), no exception
escapes and every answer has its documented shape: CONTRACT 2 for `engine.score`, CONTRACT 5 for
`engine.replay`, and `{"ok": false, "error": <sentence>, ...}` with a 4xx status for the panel.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.randomhands import random_request
from tests.webui.conftest import DISCARD_WIN, PIN, SETUP, Phone, self_draw

HOSTILE_TEXT = st.sampled_from(
    ["\ud800", "\udfff x", " " * 300 + "1m", "1" * 10_000 + "m", "=HYPERLINK(1)", "١٢٣", "\x00"]
)
HOSTILE_NUMBER = st.sampled_from([2**63, float("inf"), -0.0, 1e308]) | st.integers(4301, 5000).map(
    lambda digits: -(10**digits)  # more digits than Python writes out (made here: no repr)
)
LEAF = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | HOSTILE_TEXT
    | HOSTILE_NUMBER
)
JSON = st.recursive(
    LEAF,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
SCORE_FIELDS = st.sampled_from(
    ["rules", "hand", "melds", "flowers", "win_tile", "win", "seat", "round", "discarder",
     "declared", "situations", "options", "extra"]
)  # fmt: skip
GOOD_REQUEST = st.builds(random_request, st.integers(0, 2**32).map(random.Random))
SPOILED_REQUEST = st.builds(
    lambda good, spoils: {**good, **spoils},
    GOOD_REQUEST,
    st.dictionaries(SCORE_FIELDS, JSON, max_size=3),
)
ANSWER_KEYS = {
    "ok",
    "winning",
    "reason",
    "basic",
    "bonus",
    "total",
    "yaku",
    "sets",
    "wait",
    "payments",
}


def assert_refusal(answer: dict, where_key: str) -> None:
    assert answer["ok"] is False
    assert isinstance(answer["error"], str) and answer["error"].endswith(".")
    assert len(answer["error"]) < 2000, "a sentence quotes a little of the input, not all of it"
    assert where_key in answer
    if "code" in answer:
        assert isinstance(answer["code"], str) and isinstance(answer["params"], dict)


@settings(max_examples=300, deadline=None)
@given(SPOILED_REQUEST | JSON)
def test_any_score_request_gets_an_answer_of_the_documented_shape(request):
    answer = engine.score(request)
    if answer["ok"]:
        assert set(answer) == ANSWER_KEYS
        assert sum(answer["payments"].values()) == 0
    else:
        assert_refusal(answer, "field")
        assert answer["field"] is None or isinstance(answer["field"], str)


def hand_of(score: dict, winner: int, discarder: int) -> dict:
    score = {k: v for k, v in score.items() if k not in ("seat", "round", "discarder", "rules")}
    if score.get("win") == "discard":
        return {"result": "win", "winner": winner, "discarder": discarder, "score": score}
    return {"result": "win", "winner": winner, "score": score}


HANDS = st.one_of(
    st.builds(hand_of, SPOILED_REQUEST, st.integers(0, 3), st.integers(0, 3)),
    st.just({"result": "draw"}),
    st.builds(lambda kind: {"result": "abortive", "kind": kind}, JSON | st.just("four_winds")),
    st.dictionaries(
        st.sampled_from(["result", "winner", "discarder", "winners", "score", "kind"]), JSON
    ),
    JSON,
)
RECORDS = st.fixed_dictionaries(
    {"hands": st.lists(HANDS, max_size=4)},
    optional={
        "rules": JSON | st.just("guide"),
        "options": JSON,
        "players": JSON | st.lists(HOSTILE_TEXT, min_size=4, max_size=4),
        "horse_race": JSON,
    },
)


@settings(max_examples=300, deadline=None)
@given(RECORDS | JSON)
def test_any_record_gets_standings_or_a_sentence(record):
    answer = engine.replay(record)
    if answer["ok"]:
        assert len(answer["totals"]) == 4 and sum(answer["totals"]) == 0
        assert len(answer["hands"]) == len(record.get("hands", []))
        assert set(answer["seats"]) == {"E", "S", "W", "N"}
    else:
        assert_refusal(answer, "hand")
        hands = record.get("hands") if isinstance(record, dict) else None
        if answer["hand"] is not None:
            assert 0 <= answer["hand"] < len(hands)


# ---- the panel -----------------------------------------------------------------------------

PANEL_CALLS = st.sampled_from(
    [
        ("POST", "/api/score", "hand"),
        ("POST", "/api/hands", "hand"),
        ("PUT", "/api/hands/1", "hand"),
        ("DELETE", "/api/hands/1", None),
        ("POST", "/api/session", "setup"),
        ("PUT", "/api/session", "setup"),
        ("POST", "/api/undo", None),
        ("POST", "/api/unlock", "pin"),
    ]
)
PANEL_VALUES = st.one_of(
    JSON,
    st.builds(
        lambda good, w, d: hand_of(good, w, d),
        SPOILED_REQUEST,
        st.integers(0, 3),
        st.integers(0, 3),
    ),
    st.sampled_from([DISCARD_WIN, self_draw(2), {"result": "draw"}]),
    st.builds(
        lambda players: {**SETUP, "players": players}, st.lists(JSON | HOSTILE_TEXT, max_size=5)
    ),
)
BODIES = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "expected_hands": JSON | st.integers(0, 3),
            "hand_id": JSON,
            "token": JSON,
            "expected": JSON,
            "picture": JSON,
        },
    ),
    JSON,
)


def json_text(value) -> str:
    """JSON as a script may send it: half a UTF-16 pair as an escape, and a number of any length
    (Python's own `json.dumps` refuses to write one of over 4300 digits)."""
    huge = {}

    def mark(item):
        if isinstance(item, int) and not isinstance(item, bool) and item.bit_length() > 14_000:
            huge[f"@huge{len(huge)}@"] = ("-" if item < 0 else "") + "9" * 4400
            return f"@huge{len(huge) - 1}@"
        if isinstance(item, dict):
            return {key: mark(inner) for key, inner in item.items()}
        if isinstance(item, list):
            return [mark(inner) for inner in item]
        return item

    text = json.dumps(mark(value))
    for marker, digits in huge.items():
        text = text.replace(f'"{marker}"', digits)
    return text


@pytest.fixture(scope="module")
def panel(tmp_path_factory):
    from webui import create_app

    data = tmp_path_factory.mktemp("fuzz")
    app = create_app({"TESTING": True, "DATA_DIR": str(data), "PIN": PIN, "PREVIEW_RATE": 1e9})
    phone = Phone(app.test_client())
    assert phone.unlock().status_code == 200
    assert phone.post("/api/session", {"setup": SETUP}).status_code == 201
    yield phone
    app.extensions["table_camera"].close()


@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(call=PANEL_CALLS, value=PANEL_VALUES, body=BODIES)
def test_any_panel_request_is_answered_without_a_server_error(panel, call, value, body):
    method, path, key = call
    if isinstance(body, dict) and key:
        body = {**body, key: value}
    headers = {"X-CSRF-Token": panel.csrf, "Content-Type": "application/json"}
    data = json_text(body)
    response = panel.client.open(path, method=method, data=data, headers=headers)
    assert response.status_code < 500, response.get_data(as_text=True)
    answer = response.get_json()
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool)
    if response.status_code >= 400:
        assert answer["ok"] is False and isinstance(answer["error"], str) and answer["error"]
    assert panel.get("/api/history").status_code == 200, "the table still reads"
