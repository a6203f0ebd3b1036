"""Declarations, bonus tiles, situations and blessings (chapter 10.1-10.2; RULINGS 10-14)."""

import pytest

from tests.engine.helpers import concealed_kong, hand_points, kong, points, pung, score

CHICKEN = "123m456m789p123p55p"  # concealed, won on the edge 3p: 1 basic point by discard
CHICKEN_WIN = "3p"


def test_a_chicken_hand_is_below_the_minimum_and_pays_nothing():
    answer = score(CHICKEN, CHICKEN_WIN, flowers="1234f", situations=["last_tile"])
    assert not answer["winning"] and answer["reason"] == "below_minimum"
    assert answer["basic"] == 1 and answer["bonus"] > 2  # bonus never counts toward the 2
    assert set(answer["payments"].values()) == {0}


def test_uper_is_a_bonus_point():
    got = hand_points(CHICKEN, CHICKEN_WIN, declared="uper")
    assert got["uper"] == 1 and "buji_uper" not in got


def test_uper_does_not_lift_a_hand_over_the_minimum():
    assert score(CHICKEN, CHICKEN_WIN, declared="uper")["reason"] == "below_minimum"


def test_buji_uper_is_five_basic_points_and_replaces_uper():
    answer = score(CHICKEN, CHICKEN_WIN, declared="buji_uper")
    got = points(answer)
    assert got["buji_uper"] == 5 and "uper" not in got
    assert answer["winning"] and answer["basic"] == 6


@pytest.mark.parametrize(
    ("declared", "expected"),
    [
        ("buller", {"uper": 1, "buller": 2}),
        ("buji_uper_buller", {"buji_uper": 5, "buller": 2}),
    ],
)
def test_buller_is_added_to_uper_or_buji_uper(declared, expected):
    got = hand_points(CHICKEN, CHICKEN_WIN, declared=declared)
    assert {k: v for k, v in got.items() if k in ("uper", "buji_uper", "buller")} == expected


@pytest.mark.parametrize(
    ("hand", "win_tile", "melds", "expected"),
    [
        ("555z66z123m456m789m", "6z", [], 2),  # as chapter 10.2 pictures: Green wins, 2 of it
        ("123m456p789p555z11m", "1m", [], 3),
        ("123m456p789p555z11m", "2m", [], 1),
        ("123m234m456p555z11m", "2m", [], 2),
        ("234m567p99p", "9p", [pung("777z"), pung("666z")], 2),
        ("234m123p99p", "2m", [pung("222m"), pung("666z")], 4),  # the pung counts too
    ],
)
def test_genshow_counts_every_tile_of_the_winning_kind(hand, win_tile, melds, expected):
    assert hand_points(hand, win_tile, melds=melds, declared="none")["genshow"] == expected


def test_flowers_score_one_each_and_all_four_score_eight_instead():
    assert hand_points("123m456p789p555z11m", "1m", flowers="24f")["flower"] == 2
    got = hand_points("123m456p789p555z11m", "1m", flowers="1234f")
    assert got["all_flowers"] == 8 and "flower" not in got


def test_seasons_are_the_flowers_of_a_table_that_uses_them():
    got = hand_points(
        "123m456p789p555z11m", "1m", flowers="5678f", options={"flower_tiles": "seasons"}
    )
    assert got["all_flowers"] == 8


def test_robbing_the_kong_is_five_bonus_points_and_a_discard_win():
    answer = score("123m456p789p555z99m", "2m", situations=["robbing_kong"], discarder="N")
    assert points(answer)["robbing_kong"] == 5
    assert answer["payments"]["N"] == -2 * answer["total"]  # the kong's declarer pays


def test_win_on_kong_is_five_bonus_points():
    got = hand_points(
        "123m456p789p11m", "1m", "self_draw", melds=[kong("5555z")], situations=["win_on_kong"]
    )
    assert got["win_on_kong"] == 5


@pytest.mark.parametrize(
    ("win", "expected"), [("self_draw", "last_tile_draw"), ("discard", "last_tile_claim")]
)
def test_last_tile_by_draw_and_by_claim(win, expected):
    got = hand_points("123m456p789p555z11m", "1m", win, situations=["last_tile"])
    assert got[expected] == 5
    assert not {"last_tile_draw", "last_tile_claim"} - {expected} & set(got)


def test_win_on_kong_and_last_tile_draw_add_up():
    got = hand_points(
        "123m456p789p11m", "1m", "self_draw", melds=[concealed_kong("5555z")],
        situations=["win_on_kong", "last_tile"],
    )  # fmt: skip
    assert got["win_on_kong"] == 5 and got["last_tile_draw"] == 5


PIN = {"pin_specials": True}


@pytest.mark.parametrize(
    ("hand", "win_tile", "win", "situation", "melds", "special", "base"),
    [
        ("123p456p789m555z99m", "1p", "self_draw", "last_tile", [], "last_tile_draw_1p",
         "last_tile_draw"),
        ("123p456p789m555z99m", "1p", "discard", "last_tile", [], "last_tile_claim_1p",
         "last_tile_claim"),
        ("345p789m99m", "5p", "self_draw", "win_on_kong", [kong("1111z"), pung("555z")],
         "win_on_kong_5p", "win_on_kong"),
    ],
)  # fmt: skip
def test_pin_specials_replace_their_base_only_when_turned_on(
    hand, win_tile, win, situation, melds, special, base
):
    on = hand_points(hand, win_tile, win, situations=[situation], melds=melds, options=PIN)
    assert on[special] == 8 and base not in on
    off = hand_points(hand, win_tile, win, situations=[situation], melds=melds)
    assert off[base] == 5 and special not in off


def test_pin_specials_need_their_own_tile():
    got = hand_points(
        "123p456p789m555z99m", "2p", "self_draw", situations=["last_tile"], options=PIN
    )
    assert got["last_tile_draw"] == 5 and "last_tile_draw_1p" not in got


@pytest.mark.parametrize(
    ("seat", "win", "blessing"),
    [
        ("E", "self_draw", "blessing_of_heaven"),
        ("S", "self_draw", "blessing_of_earth"),
        ("W", "discard", "blessing_of_man"),
    ],
)
def test_blessings_need_no_other_points(seat, win, blessing):
    discarder = {"discard": "E"}.get(win)
    answer = score(
        CHICKEN, CHICKEN_WIN, win, seat=seat, discarder=discarder, situations=["first_turn"]
    )
    got = points(answer)
    assert answer["winning"] and got[blessing] == 16
    assert not {"blessing_of_heaven", "blessing_of_earth", "blessing_of_man"} - {blessing} & set(
        got
    )


def test_without_first_turn_there_is_no_blessing():
    answer = score(CHICKEN, CHICKEN_WIN, "self_draw", seat="E")
    assert not {"blessing_of_heaven", "blessing_of_earth"} & set(points(answer))
