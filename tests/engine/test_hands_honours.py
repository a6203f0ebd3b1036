"""Hands of honour sets (chapter 10.1; RULINGS 3 and 4): each scores, and a near miss does not."""

import pytest

from tests.engine.helpers import hand_points, pung, score


def test_dragon_pung_scores_once_per_set():
    assert hand_points("123m456p789p555z11m", "1m")["dragon_pung"] == 1
    two = score("234m567p99p", "9p", melds=[pung("777z"), pung("666z")])
    assert {y["id"]: (y["points"], y["count"]) for y in two["yaku"]}["dragon_pung"] == (2, 2)


def test_a_dragon_pair_is_no_dragon_pung():
    assert "dragon_pung" not in hand_points("123m456p789p111m55z", "1m", declared="uper")


@pytest.mark.parametrize(
    ("wind_pung", "seat", "round_wind", "expected"),
    [
        ("111z", "S", "E", {"prevalent_wind": 1}),
        ("222z", "S", "E", {"seat_wind": 1}),
        ("111z", "E", "E", {"double_wind": 2}),  # RULINGS 3: instead of the two 1s
        ("444z", "N", "N", {"double_wind": 2}),
        ("333z", "S", "E", {}),  # a wind of neither kind
    ],
)
def test_wind_pungs(wind_pung, seat, round_wind, expected):
    answer = score(
        "123m456p789p11m", "1m", melds=[pung(wind_pung, "N" if seat != "N" else "E")],
        seat=seat, round=round_wind, discarder="W" if seat != "W" else "E",
    )  # fmt: skip
    winds = {
        y["id"]: y["points"]
        for y in answer["yaku"]
        if y["id"] in ("prevalent_wind", "seat_wind", "double_wind")
    }
    assert winds == expected


def test_little_three_dragons_replaces_the_dragon_pungs():
    got = hand_points("555z666z77z123m456m", "4m")
    assert got["little_three_dragons"] == 6
    assert "dragon_pung" not in got


def test_two_dragon_pungs_and_another_pair_are_not_little_three_dragons():
    got = hand_points("555z666z11m123m456m", "4m")
    assert "little_three_dragons" not in got
    assert got["dragon_pung"] == 2


def test_big_three_dragons_replaces_the_dragon_pungs():
    got = hand_points("555z666z777z123m11m", "1m")
    assert got["big_three_dragons"] == 8
    assert "dragon_pung" not in got and "little_three_dragons" not in got


def test_little_four_winds_replaces_the_wind_points():
    got = hand_points("111z222z333z44z123m", "1m", seat="S", round="E")
    assert got["little_four_winds"] == 8
    assert not {"prevalent_wind", "seat_wind", "double_wind"} & set(got)


def test_three_wind_pungs_with_a_suit_pair_are_not_little_four_winds():
    got = hand_points("111z222z333z123m44m", "1m", seat="S", round="E")
    assert "little_four_winds" not in got
    assert got["prevalent_wind"] == 1 and got["seat_wind"] == 1


def test_big_four_winds_replaces_every_wind_point():
    got = hand_points("111z222z333z444z11m", "1m", seat="E", round="E")
    assert got["big_four_winds"] == 12
    assert not {"prevalent_wind", "seat_wind", "double_wind", "little_four_winds"} & set(got)
    assert got["all_triplets"] == 2  # RULINGS 9: otherwise points add up


def test_all_honours_replaces_mixed_one_suit_and_all_terminals_and_honours():
    got = hand_points("111z222z555z666z77z", "7z")
    assert got["all_honors"] == 12
    assert not {"mixed_one_suit", "all_terminals_and_honors"} & set(got)


def test_one_suit_pair_among_honours_is_not_all_honours():
    got = hand_points("111z222z555z666z11m", "1m")
    assert "all_honors" not in got
    assert got["mixed_one_suit"] == 2 and got["all_terminals_and_honors"] == 8
