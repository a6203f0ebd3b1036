"""The `guide` profile: the beginner's guide's table, with the readings docs/rules.md gives."""

import pytest

import engine
from engine.rules import PROFILES, ruleset
from engine.scoring import tally
from tests.engine.helpers import concealed_kong, kong, points, pung, request

GUIDE = {"rules": "guide"}


def guide(hand, win_tile, win="discard", **fields):
    answer = engine.score(request(hand, win_tile, win, rules="guide", **fields))
    assert answer["ok"], answer
    return answer


def got(hand, win_tile, win="discard", **fields):
    return points(guide(hand, win_tile, win, **fields))


def test_the_guides_worked_example_open_all_pungs_two_flowers_one_premium_tile():
    answer = guide("111m222p99m", "9m", melds=[pung("333m", "N"), pung("444p", "E")], flowers="12f")
    assert points(answer) == {"all_triplets": 2, "flower": 2, "premium_tile": 1}
    assert answer["total"] == 5 and answer["payments"]["W"] == -10  # "pay double ... 10 points"
    assert {y["id"]: y["name"] for y in answer["yaku"]}["all_triplets"] == "All Pungs"


def test_all_chows_any_wait_any_win_but_no_honours():
    assert got("123m456m234p678p99p", "9p", "self_draw")["all_chows"] == 1
    assert "all_chows" not in got("123m456m234p678p44z", "4z", "self_draw")


def test_all_simples_does_not_count_toward_the_minimum_with_all_chows():
    rows = {row.id: row for row in ruleset("guide").yaku}
    assert tally(((rows["all_chows"], 1), (rows["all_simples"], 1)), 2) == (False, 2)
    assert tally(((rows["all_chows"], 1), (rows["concealed"], 1)), 2) == (True, 2)


def test_concealed_by_discard_is_one_and_fully_concealed_by_self_draw_is_two():
    assert got("123m456p789p555z11m", "1m")["concealed"] == 1
    drawn = got("123m456p789p555z11m", "1m", "self_draw")
    assert drawn["concealed_self_draw"] == 2 and "concealed" not in drawn


def test_the_guide_has_no_prevalent_wind_or_double_wind():
    east_round = got("123m456p789p11m", "1m", melds=[pung("111z", "N")], seat="S", round="E")
    assert not {"prevalent_wind", "double_wind"} & set(east_round)
    seat = got("123m456p789p11m", "1m", melds=[pung("111z", "N")], seat="E", round="E",
               discarder="W")  # fmt: skip
    assert seat["seat_wind"] == 1 and "double_wind" not in seat


def test_clear_hand_needs_honours_and_the_pure_hand_may_be_open():
    assert got("123m345m777m111z99m", "9m")["mixed_one_suit"] == 2
    open_pure = got("123m345m999m22m", "2m", melds=[pung("777m")])
    assert open_pure["pure_one_suit"] == 8 and "mixed_one_suit" not in open_pure


def test_little_three_dragons_is_four_points():
    scored = got("555z666z77z123m456m", "4m")
    assert scored["little_three_dragons"] == 4 and "dragon_pung" not in scored


def test_all_terminals_is_terminals_only():
    scored = got("11119999m111199p", "9p")
    assert scored["all_terminals"] == 8 and scored["seven_pairs"] == 4
    with_honours = got("111m999m111p111z99p", "9p")
    assert "all_terminals" not in with_honours
    assert "all_terminals_and_honors" not in with_honours  # not in the guide's table


def test_last_tile_is_scored_only_when_drawn():
    assert (
        got("123m456p789p555z11m", "1m", "self_draw", situations=["last_tile"])["last_tile_draw"]
        == 5
    )
    claimed = got("123m456p789p555z11m", "1m", situations=["last_tile"])
    assert not {"last_tile_draw", "last_tile_claim"} & set(claimed)


def test_moon_and_plum_blossom_are_always_in_force():
    moon = guide("123p456p789m555z99m", "1p", "self_draw", situations=["last_tile"])
    assert points(moon)["last_tile_draw_1p"] == 8
    assert {y["id"]: y["name"] for y in moon["yaku"]}["last_tile_draw_1p"] == (
        "Moon at the Bottom of the Sea"
    )
    plum = got("345p789m99m", "5p", "self_draw", situations=["win_on_kong"],
               melds=[kong("1111z"), pung("555z")])  # fmt: skip
    assert plum["win_on_kong_5p"] == 8 and "win_on_kong" not in plum


def test_the_guide_refuses_the_pin_specials_option():
    answer = engine.score(request("123p456p789m555z99m", "1p", rules="guide",
                                  options={"pin_specials": True}))  # fmt: skip
    assert not answer["ok"] and answer["field"] == "options"
    assert "only the standard profile has it" in answer["error"]


def test_open_ready_wins_only_by_self_draw_in_the_guide():
    drawn = got("123m456p789p555z11m", "1m", "self_draw", declared="buller")
    assert drawn["buller"] == 2 and drawn["uper"] == 1
    answer = engine.score(request("123m456p789p555z11m", "1m", rules="guide", declared="buller"))
    assert not answer["ok"] and answer["field"] == "declared"


def test_double_ready_counts_toward_the_minimum():
    answer = guide("123m456m789p123p55p", "3p", declared="buji_uper")
    assert answer["winning"] and points(answer)["buji_uper"] == 5


def test_premium_tile_counts_the_matching_tiles_besides_the_winner():
    assert got("123m456p789p555z11m", "1m")["premium_tile"] == 2
    assert "premium_tile" not in got("123m456p789p555z11m", "2m")


@pytest.mark.parametrize(
    ("hand", "win_tile", "win", "fields", "row", "value"),
    [
        ("123m456m789m234p55p", "5p", "discard", {}, "pure_straight", 2),
        ("1133m22557799p11z", "1z", "discard", {}, "seven_pairs", 4),
        ("111m222p333p456m99m", "9m", "discard", {}, "three_concealed_triplets", 4),
        ("111m222p333p444m99m", "9m", "discard", {}, "four_concealed_triplets", 8),
        ("555z666z777z123m11m", "1m", "discard", {}, "big_three_dragons", 8),
        ("111z222z333z44z123m", "1m", "discard", {}, "little_four_winds", 8),
        ("111z222z333z444z11m", "1m", "discard", {}, "big_four_winds", 12),
        ("111z222z555z666z77z", "7z", "discard", {}, "all_honors", 12),
        ("1112345678999m5m", "5m", "discard", {}, "nine_gates", 24),
        ("123m456p789p555z11m", "1m", "discard", {"flowers": "1234f"}, "all_flowers", 8),
        ("123m456p789p555z99m", "2m", "discard", {"situations": ["robbing_kong"]},
         "robbing_kong", 5),
        ("123m456p789p11m", "1m", "self_draw",
         {"situations": ["win_on_kong"], "melds": [concealed_kong("5555z")]}, "win_on_kong", 5),
        ("123m456m789p123p55p", "3p", "self_draw", {"seat": "E", "situations": ["first_turn"]},
         "blessing_of_heaven", 16),
        ("123m456m789p123p55p", "3p", "self_draw", {"situations": ["first_turn"]},
         "blessing_of_earth", 16),
        ("123m456m789p123p55p", "3p", "discard", {"situations": ["first_turn"]},
         "blessing_of_man", 16),
    ],
)  # fmt: skip
def test_the_guide_scores_the_standard_kinds_of_hand(hand, win_tile, win, fields, row, value):
    assert got(hand, win_tile, win, **fields)[row] == value


def test_every_guide_row_names_its_source():
    assert all(row.note for row in PROFILES["guide"].yaku)
