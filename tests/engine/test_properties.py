"""Properties over random valid requests (hypothesis): every valid request is answered `ok`,
points add up, payments add up to 0, and the answer describes the hand it was given."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.randomhands import random_request
from engine.rules import PROFILES

REQUESTS = st.builds(
    random_request, st.integers(0, 2**32).map(random.Random), st.sampled_from(list(PROFILES))
)
ROWS = {name: {row.id: row for row in profile.yaku} for name, profile in PROFILES.items()}


@settings(max_examples=400, deadline=None)
@given(REQUESTS)
def test_any_valid_request_is_answered(request):
    answer = engine.score(request)
    assert answer["ok"] is True
    assert answer["reason"] in (None, "below_minimum")  # built from sets, so always complete


@settings(max_examples=400, deadline=None)
@given(REQUESTS)
def test_points_add_up(request):
    answer = engine.score(request)
    rows = ROWS[request["rules"]]
    assert answer["total"] == answer["basic"] + answer["bonus"]
    assert answer["basic"] == sum(y["points"] for y in answer["yaku"] if y["kind"] == "basic")
    assert answer["bonus"] == sum(y["points"] for y in answer["yaku"] if y["kind"] == "bonus")
    for yaku in answer["yaku"]:
        row = rows[yaku["id"]]
        assert yaku["points"] == row.points * yaku["count"] and yaku["count"] >= 1
        assert type(yaku["count"]) is int and yaku["kind"] == row.kind.value
        assert not set(row.replaces) & {y["id"] for y in answer["yaku"]}
    assert answer["winning"] == (answer["reason"] is None)
    if answer["winning"]:
        assert answer["basic"] >= 2


@settings(max_examples=400, deadline=None)
@given(REQUESTS)
def test_payments_add_up_to_zero_and_only_winners_collect(request):
    answer = engine.score(request)
    payments = answer["payments"]
    assert set(payments) == {"E", "S", "W", "N"} and sum(payments.values()) == 0
    if answer["winning"]:
        assert payments[request["seat"]] in (2 * answer["total"], 3 * answer["total"])
        assert all(amount <= 0 for seat, amount in payments.items() if seat != request["seat"])
    else:
        assert set(payments.values()) == {0}


@settings(max_examples=300, deadline=None)
@given(REQUESTS)
def test_the_sets_are_the_hand(request):
    answer = engine.score(request)
    tiles = sorted(engine.parse_tiles("".join(s["tiles"] for s in answer["sets"])))
    laid = "".join(meld["tiles"] for meld in request["melds"])
    assert tiles == sorted(engine.parse_tiles(request["hand"] + laid))
    claimed = [s for s in answer["sets"] if not s["concealed"]]
    assert len(claimed) >= sum(meld["kind"] != "concealed_kong" for meld in request["melds"])


@settings(max_examples=200, deadline=None)
@given(REQUESTS)
def test_the_answer_does_not_depend_on_how_the_hand_is_written(request):
    shuffled = dict(request)
    tiles = engine.parse_tiles(request["hand"])
    random.Random(len(tiles)).shuffle(tiles)
    shuffled["hand"] = " ".join(tiles)
    assert engine.score(shuffled) == engine.score(request)
