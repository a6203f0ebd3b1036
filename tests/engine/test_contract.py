"""The worked example of CONTRACT section 2, answered exactly."""

import engine

REQUEST = {
    "rules": "standard",
    "hand": "234m567p99p",
    "melds": [
        {"kind": "pung", "tiles": "777z", "from": "W"},
        {"kind": "pung", "tiles": "666z", "from": "N"},
    ],
    "flowers": "13f",
    "win_tile": "9p",
    "win": "discard",
    "seat": "S",
    "round": "E",
    "discarder": "E",
    "declared": "none",
    "situations": [],
    "options": {},
}

ANSWER = {
    "ok": True,
    "winning": True,
    "reason": None,
    "basic": 2,
    "bonus": 4,
    "total": 6,
    "yaku": [
        {"id": "dragon_pung", "kind": "basic", "points": 2, "count": 2, "name": "Dragon Pung",
         "name_ko": "삼원패"},
        {"id": "flower", "kind": "bonus", "points": 2, "count": 2, "name": "Flower",
         "name_ko": "꽃패"},
        {"id": "genshow", "kind": "bonus", "points": 2, "count": 2, "name": "Genshow",
         "name_ko": "겐쇼"},
    ],
    "sets": [
        {"kind": "chow", "tiles": "234m", "concealed": True},
        {"kind": "chow", "tiles": "567p", "concealed": True},
        {"kind": "pung", "tiles": "777z", "concealed": False},
        {"kind": "pung", "tiles": "666z", "concealed": False},
        {"kind": "pair", "tiles": "99p", "concealed": True},
    ],
    "wait": "pair",
    "payments": {"E": -12, "S": 12, "W": 0, "N": 0},
}  # fmt: skip


def test_the_contract_example_is_answered_exactly():
    assert engine.score(REQUEST) == ANSWER


def test_the_answer_keeps_the_contract_key_order():
    assert list(engine.score(REQUEST)) == list(ANSWER)


def test_scoring_does_not_change_the_request():
    request = {**REQUEST, "melds": [dict(m) for m in REQUEST["melds"]]}
    engine.score(request)
    assert request == REQUEST


def test_answers_are_fresh_objects():
    first = engine.score(REQUEST)
    first["yaku"][0]["points"] = 99
    first["payments"]["E"] = 0
    assert engine.score(REQUEST) == ANSWER
