"""Hand analysis: every reading, the set the winning tile completed, wait types, and waits."""

import pytest

import engine
from engine.analysis import Form, SetKind, Wait, is_complete, readings, splits
from engine.errors import RequestError
from engine.tiles import counts_of, tile_indices
from tests.engine.helpers import concealed_kong, pung


def counts(text):
    return counts_of(tile_indices(text))


def read(text, win, melds=(), self_draw=False):
    return readings(counts(text), tuple(melds), tile_indices(win)[0], self_draw)


def test_every_split_of_an_ambiguous_hand():
    found = {(pair, chows, pungs) for pair, chows, pungs in splits(counts("11122233344455m"))}
    assert found == {
        (4, (0, 0, 0), (3,)),  # 123 123 123 444 55
        (4, (1, 1, 1), (0,)),  # 111 234 234 234 55
        (1, (1, 2, 2), (0,)),  # 111 234 345 345 22
        (4, (), (0, 1, 2, 3)),  # 111 222 333 444 55
    }


@pytest.mark.parametrize(
    ("hand", "win", "waits"),
    [  # the hands include the winning tile, as requests do
        ("123m456p789p55z456m", "6m", {Wait.TWO_SIDED}),
        ("789m456p789p55z345m", "3m", {Wait.TWO_SIDED}),
        ("123m456p789p55z123m", "3m", {Wait.EDGE}),
        ("123m456p789p55z789m", "7m", {Wait.EDGE}),
        ("123m456p789p55z456m", "5m", {Wait.CLOSED}),
        ("123m456p789p555z77m", "7m", {Wait.PAIR}),
        ("456m456p789p11m222m", "2m", {Wait.PUNG}),
        ("123m456p789p45556m", "5m", {Wait.CLOSED, Wait.PAIR}),  # 456 55 either way round
        ("123m456p789p11123m", "1m", {Wait.PAIR, Wait.TWO_SIDED}),  # 11 + 123: 23 waited 1-4
    ],
)
def test_wait_types(hand, win, waits):
    assert {reading.wait for reading in read(hand, win)} == waits


def test_a_triplet_completed_by_a_discard_is_shown_claimed():
    (reading,) = read("111m456p789p22z222m", "2m")
    assert reading.wait is Wait.PUNG
    assert reading.concealed_triplets == 1  # 111m only
    assert reading.won.kind is SetKind.PUNG and not reading.won.concealed


def test_seven_pairs_reading_with_four_alike():
    (reading,) = read("1111m22557799p11z", "1z")
    assert reading.form is Form.SEVEN_PAIRS and reading.wait is Wait.PAIR
    assert len(reading.pairs) == 7


def test_a_hand_may_read_both_as_sets_and_as_seven_pairs():
    forms = {reading.form for reading in read("112233m445566p77z", "7z")}
    assert forms == {Form.SETS, Form.SEVEN_PAIRS}


def test_the_best_reading_is_taken():
    # 111222333m as three pungs (three concealed triplets, 4) beats three chows.
    answer = engine.score({"hand": "111222333m456p99p", "win_tile": "9p", "win": "discard",
                           "seat": "S", "round": "E", "discarder": "W"})  # fmt: skip
    assert {"three_concealed_triplets"} <= {y["id"] for y in answer["yaku"]}
    assert [s["kind"] for s in answer["sets"]].count("pung") == 3


def test_melds_count_as_sets():
    assert is_complete(counts("123m11p"), 3)
    assert not is_complete(counts("123m11p"), 2)


@pytest.mark.parametrize(
    ("hand13", "melds", "expected"),
    [
        ("1112345678999m", [], ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]),
        ("1122334455667m", [], ["1m", "4m", "7m"]),
        ("123m456p789p555z1m", [], ["1m", "4m"]),
        ("123m456p789p55z45m", [], ["3m", "6m"]),
        ("2345m", [pung("111z"), pung("222z"), concealed_kong("3333z")], ["2m", "5m"]),
        ("123m456p789p555z6z", [], ["6z"]),
        ("1111m234p567p789p", [], []),  # only a fifth 1m would complete it
        ("1133m22557799p1z", [], ["1z"]),
        ("135m246p1357z79p1m", [], []),
    ],
)
def test_waits_of_13_tile_hands(hand13, melds, expected):
    assert engine.waits(hand13, melds) == expected


def test_a_held_fourth_tile_is_no_wait():
    assert engine.waits("111m234p567p789p1z") == ["1z"]
    assert engine.waits("1111m234p567p789p") == []  # a single 1m with the other three held
    pung = [{"kind": "pung", "tiles": "111m", "from": "E"}]
    assert engine.waits("1m234p567p789p", pung) == []  # the pung and the single hold all four
    assert engine.waits("2m234p567p789p", pung) == ["2m"]


@pytest.mark.parametrize(
    ("hand13", "melds", "words"),
    [
        ("123m", [], "must have 13"),
        ("1234567891234s", [], "bamboo tiles are not used"),
        ("11111m23456789p", [], "1m appears 5 times"),
        ("2345m", [pung("111z"), {"kind": "chow", "tiles": "123m"}], "chows cannot be claimed"),
        ("2345m", "111z", "melds must be a list"),
    ],
)
def test_waits_refuses_bad_hands_with_a_sentence(hand13, melds, words):
    with pytest.raises(RequestError, match=words):
        engine.waits(hand13, melds)


def test_waits_checks_the_profile_and_options():
    with pytest.raises(RequestError, match="no house option"):
        engine.waits("1112345678999m", rules="guide", options={"pin_specials": True})
