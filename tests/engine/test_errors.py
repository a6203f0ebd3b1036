"""Bad requests: each gets `{"ok": false, "error": <sentence>, "field": <name>}`, never a
traceback (CONTRACT section 2)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from tests.engine.helpers import concealed_kong, pung, request

GOOD = request("123m456p789p555z11m", "1m")


def bad(**changes):
    req = dict(GOOD)
    for key, value in changes.items():
        if value is ...:
            req.pop(key, None)
        else:
            req[key] = value
    return req


CASES = [
    # (request, field, words in the error)
    (bad(hand="123m456p789p555z11x"), "hand", "'x' is not part of a tile code"),
    (bad(hand="123m456p789p555z11m1m"), "hand", "The hand has 15 tiles"),
    (bad(hand="123m456p789p555z1m"), "hand", "The hand has 13 tiles"),
    (bad(hand="111m1m456p789p55z11m"), "hand", None),  # fifth 1m; tile count also off
    (bad(hand="11111m456p789p555z"), "hand", "1m appears 5 times"),
    (bad(hand="123s456p789p555z11m"), "hand", "1s: bamboo tiles are not used in Korean mahjong"),
    (bad(hand="123m456p789p555z1m1f"), "hand", "1f is a flower: put it under flowers"),
    (bad(hand="123m456p789p555z1mback"), "hand", "back: a face-down tile cannot be scored"),
    (bad(hand=123), "hand", "must be tiles written as text"),
    (bad(hand="1" * 300 + "m"), "hand", "characters long; it may have at most 255"),
    (bad(hand=...), "hand", "The request needs hand"),
    (bad(win_tile="2z"), "win_tile", "The winning tile 2z is not in the hand"),
    (bad(win_tile="12m"), "win_tile", "exactly one tile"),
    (bad(win_tile="5s"), "win_tile", "5s: bamboo tiles are not used"),
    (bad(win_tile=1), "win_tile", "must be tiles written as text"),
    (bad(win="ron"), "win", "win must be one of self_draw, discard"),
    (bad(seat="East"), "seat", "seat must be a wind: E, S, W or N"),
    (bad(round=["E"]), "round", "round must be a wind"),
    (bad(discarder=...), "discarder", "A win by discard needs the discarder"),
    (bad(discarder="S"), "discarder", "is the winner's own seat"),
    (bad(win="self_draw"), "discarder", "A self-drawn win has no discarder"),
    (bad(melds=[pung("555z", "S")], hand="123m456p789p11m"), "melds", "the winner's own seat"),
    (bad(melds=[{"kind": "chow", "tiles": "123m", "from": "W"}], hand="456p789p555z11m"),
     "melds", "chows cannot be claimed"),
    (bad(melds=[{"kind": "pung", "tiles": "555z"}], hand="123m456p789p11m"), "melds",
     "needs from"),
    (bad(melds=[{**concealed_kong("5555z"), "from": "W"}], hand="123m456p789p11m"), "melds",
     "not claimed from anyone"),
    (bad(melds=[pung("556z")], hand="123m456p789p11m"), "melds", "3 identical tiles"),
    (bad(melds=[{"kind": "pung", "tiles": "555z", "from": "W", "when": 3}],
         hand="123m456p789p11m"), "melds", "unknown field 'when'"),
    (bad(melds="555z"), "melds", "melds must be a list"),
    (bad(melds=[pung("111m")] * 5, hand="11m"), "melds", "at most four sets"),
    (bad(flowers="12m"), "flowers", "1m is not a flower"),
    (bad(flowers="11f"), "flowers", "1f appears more than once"),
    (bad(flowers="5f"), "flowers", "set the option flower_tiles to seasons"),
    (bad(flowers="1f", options={"flower_tiles": "seasons"}), "flowers", "5f to 8f"),
    (bad(declared="riichi"), "declared", "declared must be one of"),
    (bad(declared="uper", melds=[pung("555z")], hand="123m456p789p11m"), "declared",
     "uper needs a concealed hand"),
    (bad(situations="last_tile"), "situations", "situations must be a list"),
    (bad(situations=["haitei"]), "situations", "situations must be one of"),
    (bad(situations=["robbing_kong"], win="self_draw", discarder=...), "situations",
     "which counts as a discard"),
    (bad(situations=["win_on_kong"]), "situations", "which is a self-draw"),
    (bad(situations=["win_on_kong"], win="self_draw", discarder=...), "situations",
     "needs a kong among the sets"),
    (bad(situations=["robbing_kong"]), "situations", "the hand cannot hold another one"),
    (bad(situations=["robbing_kong", "last_tile"]), "situations", "cannot both hold"),
    (bad(situations=["first_turn"], seat="E", discarder="S"), "situations",
     "The dealer (E) cannot win on a discard on the first turn"),
    (bad(situations=["first_turn"], melds=[pung("555z")], hand="123m456p789p11m"),
     "situations", "no claim or kong has happened"),
    (bad(situations=["first_turn"], declared="uper"), "declared", "past its first turn"),
    (bad(rules="riichi"), "rules", "rules must be one of standard, guide"),
    (bad(options={"dora": True}), "options", "no house option 'dora'"),
    (bad(options={"pin_specials": 1}), "options", "takes false, true; got the number 1"),
    (bad(options={"pin_specials": True}, rules="guide"), "options",
     "only the standard profile has it"),
    (bad(options=[]), "options", "options must be an object"),
    (bad(dora="5m"), "dora", "Unknown field 'dora'"),
]  # fmt: skip


@pytest.mark.parametrize(("req", "field", "words"), CASES)
def test_bad_requests_get_a_sentence_naming_the_field(req, field, words):
    answer = engine.score(req)
    assert answer["ok"] is False and {"ok", "error", "field"} <= set(answer)
    assert set(answer) <= {"ok", "error", "field", "code", "params"}
    assert answer["field"] == field, answer
    if words:
        assert words in answer["error"], answer["error"]
    assert answer["error"].endswith(".")  # a whole sentence


LONG = " " * 5_000_000 + "9p"  # parses as one tile, if read at all


@pytest.mark.parametrize(
    ("req", "field"),
    [
        (bad(win_tile=LONG), "win_tile"),
        (bad(hand=LONG), "hand"),
        (bad(flowers=LONG), "flowers"),
        (bad(melds=[{"kind": "pung", "tiles": LONG, "from": "W"}]), "melds"),
    ],
)
def test_a_huge_text_is_refused_with_a_code_naming_the_field(req, field):
    answer = engine.score(req)
    assert answer["ok"] is False and answer["field"] == field
    assert answer["code"] == "too_long"
    assert answer["params"] == {"field": field, "length": len(LONG), "limit": 255}
    assert f"{len(LONG)} characters long" in answer["error"]


def test_a_long_list_of_situations_is_refused():
    answer = engine.score(bad(situations=["last_tile"] * 100_000))
    assert (answer["field"], answer["code"]) == ("situations", "too_many")
    assert answer["params"]["count"] == 100_000


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"win": 10**5000}, "win"),
        ({"seat": -(10**5000)}, "seat"),
        ({"options": {"pin_specials": 10**5000}}, "options"),
        ({"x" * 100_000: 1}, None),
    ],
)
def test_a_number_of_thousands_of_digits_or_a_huge_name_gets_a_short_sentence(changes, field):
    answer = engine.score({**GOOD, **changes})
    assert answer["ok"] is False
    assert len(answer["error"]) < 300
    if field:
        assert answer["field"] == field


@pytest.mark.parametrize("req", [None, [], "hand", 5, True])
def test_a_request_that_is_not_an_object(req):
    answer = engine.score(req)
    assert answer["ok"] is False and "JSON object" in answer["error"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=6,
)  # fmt: skip
FIELDS = st.sampled_from(
    ["rules", "hand", "melds", "flowers", "win_tile", "win", "seat", "round", "discarder",
     "declared", "situations", "options"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(FIELDS, JSON, max_size=12), st.dictionaries(FIELDS, JSON, max_size=2))
def test_any_json_at_all_gets_an_answer_never_a_traceback(fields, noise):
    for req in ({**GOOD, **noise}, fields):
        answer = engine.score(req)
        assert answer["ok"] in (True, False)
        if not answer["ok"]:
            assert isinstance(answer["error"], str) and answer["error"]
