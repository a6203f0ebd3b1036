"""One test (or a few) for each reading in RULINGS.md 1-16; 17-19 are in test_record.py."""

import engine
from tests.engine.helpers import concealed_kong, hand_points, points, pung, request, score


def test_ruling_1_the_set_has_no_bamboo_and_flowers_or_seasons():
    answer = engine.score(request("123s456p789p555z11m", "1m"))
    assert answer == {
        "ok": False, "error": "1s: bamboo tiles are not used in Korean mahjong.", "field": "hand",
        "code": "bamboo_tile", "params": {"tile": "1s"},
    }  # fmt: skip
    season = engine.score(request("123m456p789p555z11m", "1m", flowers="5f"))
    assert not season["ok"] and season["field"] == "flowers"
    assert "flower_tiles" in season["error"]


def test_ruling_2_concealed_however_won():
    robbed = hand_points("123m456p789p555z99m", "2m", situations=["robbing_kong"])
    assert robbed["concealed"] == 1 and "concealed_self_draw" not in robbed


def test_ruling_3_and_4_honour_points():
    assert hand_points("123m456p789p11m", "1m", melds=[pung("111z", "N")], seat="E",
                       round="E", discarder="W")["double_wind"] == 2  # fmt: skip
    assert "dragon_pung" not in hand_points("555z666z777z123m11m", "1m")


def test_ruling_5_all_sequences_by_discard_only():
    assert hand_points("123m456m234p678p99p", "4m")["all_sequences"] == 1
    assert "all_sequences" not in hand_points("123m456m234p678p99p", "4m", "self_draw")


def test_ruling_6_one_suit_hands_never_stack():
    for answer in (
        hand_points("123m345m777m999m22m", "2m"),
        hand_points("123m345m999m22m", "2m", melds=[pung("777m")]),
        hand_points("123m345m777m111z99m", "9m"),
    ):
        assert len({"pure_one_suit", "mixed_one_suit"} & set(answer)) == 1
    honours = hand_points("111z222z555z666z77z", "7z")
    assert "mixed_one_suit" not in honours and "all_terminals_and_honors" not in honours


def test_ruling_7_seven_pairs_is_concealed_and_four_alike_are_two_pairs():
    drawn = hand_points("2222m33446688p55p", "5p", "self_draw")
    assert drawn["seven_pairs"] == 4 and drawn["all_simples"] == 1
    assert drawn["concealed"] == 1 and drawn["concealed_self_draw"] == 1


def test_ruling_8_the_triplet_a_discard_completes_is_not_concealed():
    assert "four_concealed_triplets" not in hand_points("111m222p333p444m99m", "4m")
    assert hand_points("111m222p333p444m99m", "4m", "self_draw")["four_concealed_triplets"] == 8


def test_ruling_9_otherwise_points_add_up():
    got = hand_points("111m999m111p111z99p", "9p")
    assert got["all_triplets"] == 2 and got["all_terminals_and_honors"] == 8


def test_ruling_10_blessings_need_no_basic_points_bonus_never_counts():
    blessed = score("123m456m789p123p55p", "3p", "self_draw", seat="E", situations=["first_turn"])
    assert blessed["winning"] and points(blessed)["blessing_of_heaven"] == 16
    short = score("123m456m789p123p55p", "3p", flowers="1234f", declared="buller")
    assert short["reason"] == "below_minimum" and short["bonus"] >= 8 and short["basic"] == 1


def test_ruling_11_buji_uper_replaces_uper_buller_adds():
    got = hand_points("123m456p789p555z11m", "1m", declared="buji_uper_buller")
    assert got["buji_uper"] == 5 and got["buller"] == 2 and "uper" not in got


def test_ruling_12_genshow_counts_laid_down_tiles():
    assert hand_points("123m456p77p", "1m", melds=[pung("111m"), pung("555z")])["genshow"] == 4


def test_ruling_13_all_four_flowers_are_eight_instead_of_four():
    got = hand_points("123m456p789p555z11m", "1m", flowers="4321f")
    assert got == {**got, "all_flowers": 8} and "flower" not in got


def test_ruling_14_situations():
    drawn = hand_points("123m456p789p11m", "1m", "self_draw", melds=[concealed_kong("5555z")],
                        situations=["win_on_kong"])  # fmt: skip
    assert drawn["concealed_self_draw"] == 1
    robbed = hand_points("123m567m234p678p99p", "7m", situations=["robbing_kong"])
    assert robbed["all_sequences"] == 1
    pin = hand_points("123p456p789m555z99m", "1p", "self_draw", situations=["last_tile"],
                      options={"pin_specials": True})  # fmt: skip
    assert pin["last_tile_draw_1p"] == 8 and "last_tile_draw" not in pin


def test_ruling_15_discard_pays_double_self_draw_each_pays_once():
    by_discard = score("123m456p789p555z11m", "1m", discarder="N")
    total = by_discard["total"]
    assert by_discard["payments"] == {"E": 0, "S": 2 * total, "W": 0, "N": -2 * total}
    drawn = score("123m456p789p555z11m", "1m", "self_draw")
    total = drawn["total"]
    assert drawn["payments"] == {"E": -total, "S": 3 * total, "W": -total, "N": -total}


def test_ruling_16_the_discarder_of_the_last_dragon_pays_three_times_alone():
    answer = score("123m11p", "1p", "self_draw",
                   melds=[pung("555z", "E"), pung("666z", "N"), pung("777z", "W")])  # fmt: skip
    total = answer["total"]
    assert answer["payments"] == {"E": 0, "S": 3 * total, "W": -3 * total, "N": 0}
