"""Hands of shape and suit (chapter 10.1; RULINGS 2 and 5-9): each scores, a near miss does not."""

import pytest

from tests.engine.helpers import concealed_kong, hand_points, kong, pung, score


def test_concealed_hand_by_discard_and_by_self_draw():
    by_discard = hand_points("123m456p789p555z11m", "1m")
    assert by_discard["concealed"] == 1 and "concealed_self_draw" not in by_discard
    drawn = hand_points("123m456p789p555z11m", "1m", "self_draw")
    assert drawn["concealed"] == 1 and drawn["concealed_self_draw"] == 1


def test_a_claimed_set_ends_the_concealed_hand_but_a_concealed_kong_does_not():
    claimed = hand_points("123m456p789p11m", "1m", "self_draw", melds=[pung("555z")])
    assert "concealed" not in claimed and "concealed_self_draw" not in claimed
    kept = hand_points("123m456p789p11m", "1m", "self_draw", melds=[concealed_kong("5555z")])
    assert kept["concealed"] == 1 and kept["concealed_self_draw"] == 1


def test_a_win_on_a_kong_replacement_tile_is_a_self_draw():
    got = hand_points(
        "123m456p789p11m", "1m", "self_draw", melds=[concealed_kong("5555z")],
        situations=["win_on_kong"],
    )  # fmt: skip
    assert got["concealed_self_draw"] == 1 and got["win_on_kong"] == 5


def test_all_simples_and_a_terminal_near_miss():
    assert hand_points("234m345p456p678m22p", "2p", declared="uper")["all_simples"] == 1
    assert "all_simples" not in hand_points("123m345p456p678m22p", "2p", declared="uper")


def test_all_simples_counts_laid_down_sets_too():
    assert "all_simples" not in hand_points("234m345p456p22p", "2p", melds=[pung("999m")])


# all_sequences (RULINGS 5): four chows, a pair of no value, concealed, by discard, two-sided.
ALL_SEQUENCES = "123m456m234p678p99p"


def test_all_sequences_on_a_two_sided_wait_by_discard():
    assert hand_points(ALL_SEQUENCES, "4m")["all_sequences"] == 1


@pytest.mark.parametrize(
    ("hand", "win_tile", "win", "fields", "why"),
    [
        (ALL_SEQUENCES, "3m", "discard", {}, "edge wait 12-3"),
        (ALL_SEQUENCES, "5m", "discard", {}, "closed wait 4-6"),
        (ALL_SEQUENCES, "9p", "discard", {}, "pair wait"),
        (ALL_SEQUENCES, "4m", "self_draw", {}, "self-drawn"),
        ("123m456m234p678p55z", "4m", "discard", {}, "dragon pair"),
        ("123m456m234p678p22z", "4m", "discard", {}, "seat wind pair (South)"),
        ("123m456m234p678p11z", "4m", "discard", {}, "prevalent wind pair (East)"),
        ("123m456m234p111p99p", "4m", "discard", {}, "a pung, not four chows"),
    ],
)
def test_all_sequences_near_misses(hand, win_tile, win, fields, why):
    answer = score(hand, win_tile, win, declared="uper", **fields)
    assert "all_sequences" not in {y["id"] for y in answer["yaku"]}, why


def test_all_sequences_allows_a_pair_of_an_other_wind():
    assert hand_points("123m456m234p678p44z", "4m")["all_sequences"] == 1


def test_all_sequences_by_robbing_the_kong():
    got = hand_points(ALL_SEQUENCES.replace("456m", "567m"), "7m", situations=["robbing_kong"])
    assert got["all_sequences"] == 1 and got["robbing_kong"] == 5


def test_mixed_one_suit_with_honours():
    assert hand_points("123m345m777m111z99m", "9m")["mixed_one_suit"] == 2
    assert "mixed_one_suit" not in hand_points("123m345p777m111z99m", "9m")


def test_pure_one_suit_needs_a_concealed_hand():
    concealed = hand_points("123m345m777m999m22m", "2m")
    assert concealed["pure_one_suit"] == 8 and "mixed_one_suit" not in concealed
    claimed = hand_points("123m345m999m22m", "2m", melds=[pung("777m")])
    assert claimed["mixed_one_suit"] == 2 and "pure_one_suit" not in claimed  # RULINGS 6


def test_pure_one_suit_with_a_concealed_kong_is_still_concealed():
    got = hand_points("123m345m999m22m", "2m", melds=[concealed_kong("7777m")])
    assert got["pure_one_suit"] == 8


def test_all_triplets_counts_kongs_and_claimed_pungs():
    got = hand_points("111m222p99m", "9m", melds=[pung("777z"), kong("3333p")])
    assert got["all_triplets"] == 2
    assert "all_triplets" not in hand_points("111m222p345p99m", "9m", melds=[pung("777z")])


def test_all_triplets_near_miss_with_a_chow():
    assert "all_triplets" not in hand_points("111m234p333p777z99m", "9m")


def test_pure_straight():
    assert hand_points("123m456m789m234p55p", "5p")["pure_straight"] == 2
    assert "pure_straight" not in hand_points("123m456m789p234p55p", "5p", declared="uper")


def test_seven_pairs_is_concealed():
    got = hand_points("1133m22557799p11z", "1z", "self_draw")
    assert got["seven_pairs"] == 4
    assert got["concealed"] == 1 and got["concealed_self_draw"] == 1


def test_four_alike_count_as_two_pairs():
    assert hand_points("1111m22557799p11z", "1z")["seven_pairs"] == 4  # RULINGS 7


def test_six_pairs_and_two_singles_do_not_win():
    answer = score("1133m22557799p12z", "1z")
    assert answer["reason"] == "not_complete" and answer["total"] == 0


def test_seven_pairs_combines_with_hands_of_tiles():
    got = hand_points("22446688m3355p77p", "7p")
    assert got["seven_pairs"] == 4 and got["all_simples"] == 1
    honours = hand_points("11223344556677z", "7z")
    assert honours["all_honors"] == 12 and honours["seven_pairs"] == 4


def test_three_concealed_triplets():
    assert hand_points("111m222p333p456m99m", "9m")["three_concealed_triplets"] == 4


def test_a_triplet_completed_by_a_discard_is_not_concealed():
    # Winning on 3p by discard completes 333p: two concealed triplets remain (RULINGS 8).
    answer = score("111m222p333p456m99m", "3p")
    assert "three_concealed_triplets" not in {y["id"] for y in answer["yaku"]}
    assert {"kind": "pung", "tiles": "333p", "concealed": False} in answer["sets"]


def test_the_same_win_by_self_draw_keeps_the_triplet_concealed():
    assert hand_points("111m222p333p456m99m", "3p", "self_draw")["three_concealed_triplets"] == 4


def test_concealed_kongs_count_as_concealed_triplets_but_claimed_kongs_do_not():
    got = hand_points("111m222p456m99m", "9m", melds=[concealed_kong("3333p")])
    assert got["three_concealed_triplets"] == 4
    assert "three_concealed_triplets" not in hand_points(
        "111m222p456m99m", "9m", melds=[kong("3333p")]
    )


def test_four_concealed_triplets_replaces_three():
    got = hand_points("111m222p333p444m99m", "9m")
    assert got["four_concealed_triplets"] == 8 and "three_concealed_triplets" not in got
    assert got["all_triplets"] == 2  # RULINGS 9


def test_four_triplets_with_the_last_by_discard_are_three_concealed():
    got = hand_points("111m222p333p444m99m", "4m")
    assert got["three_concealed_triplets"] == 4 and "four_concealed_triplets" not in got


def test_all_terminals_and_honours():
    got = hand_points("111m999m111p111z99p", "9p")
    assert got["all_terminals_and_honors"] == 8 and got["all_triplets"] == 2
    assert "all_terminals_and_honors" not in hand_points("111m999m111p111z22p", "2p")


def test_terminals_alone_are_all_terminals_and_honours_in_the_standard_profile():
    # Without bamboo only seven pairs (four alike as two pairs) can be all terminals.
    got = hand_points("11119999m111199p", "9p")
    assert got["all_terminals_and_honors"] == 8 and got["seven_pairs"] == 4


def test_nine_gates_adds_to_pure_one_suit():
    got = hand_points("1112345678999m5m", "5m", "self_draw")
    assert got["nine_gates"] == 24 and got["pure_one_suit"] == 8  # RULINGS 9


@pytest.mark.parametrize("win_tile", ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"])
def test_nine_gates_wins_on_any_tile_of_its_suit(win_tile):
    hand = "".join(sorted("1112345678999" + win_tile[0])) + "m"
    assert hand_points(hand, win_tile)["nine_gates"] == 24


def test_a_hand_that_was_not_waiting_on_nine_gates_is_not_nine_gates():
    # The same 14 tiles, but the winning 1m leaves 11 2345 5 678 999 standing: not 1112345678999.
    got = hand_points("1112345678999m5m", "1m")
    assert "nine_gates" not in got and got["pure_one_suit"] == 8
