"""The rows of both profiles: unique ids, every row reachable from a real hand, the 26 + 12 hands
of chapter 10, and the rows the scorer skips (by the facts their predicates are given) never apply
to real hands."""

import random
import re

import pytest

import engine
from engine.analysis import readings
from engine.randomhands import random_request
from engine.request import read_request
from engine.rules import PROFILES, ruleset
from engine.rules.base import Fact, Kind
from tests.engine.helpers import concealed_kong, kong, pung, request

# One request that scores each row, by profile.
FIRST = {"situations": ["first_turn"]}
EXAMPLES = {
    "dragon_pung": request("123m456p789p555z11m", "1m"),
    "prevalent_wind": request("123m456p789p11m", "1m", melds=[pung("111z", "N")]),
    "seat_wind": request("123m456p789p11m", "1m", melds=[pung("222z", "N")]),
    "concealed": request("123m456p789p555z11m", "1m"),
    "concealed_self_draw": request("123m456p789p555z11m", "1m", "self_draw"),
    "all_simples": request("234m345p456p678m22p", "2p", declared="uper"),
    "all_sequences": request("123m456m234p678p99p", "4m"),
    "all_chows": request("123m456m234p678p99p", "4m"),
    "double_wind": request("123m456p789p11m", "1m", melds=[pung("111z", "N")], seat="E",
                           discarder="S"),
    "mixed_one_suit": request("123m345m777m111z99m", "9m"),
    "all_triplets": request("111m222p333p777z99m", "9m"),
    "pure_straight": request("123m456m789m234p55p", "5p"),
    "seven_pairs": request("1133m22557799p11z", "1z"),
    "three_concealed_triplets": request("111m222p333p456m99m", "9m"),
    "buji_uper": request("123m456m789p123p55p", "3p", declared="buji_uper"),
    "little_three_dragons": request("555z666z77z123m456m", "4m"),
    "pure_one_suit": request("123m345m777m999m22m", "2m"),
    "big_three_dragons": request("555z666z777z123m11m", "1m"),
    "four_concealed_triplets": request("111m222p333p444m99m", "9m"),
    "all_terminals_and_honors": request("111m999m111p111z99p", "9p"),
    "all_terminals": request("11119999m111199p", "9p"),
    "little_four_winds": request("111z222z333z44z123m", "1m"),
    "big_four_winds": request("111z222z333z444z11m", "1m"),
    "all_honors": request("111z222z555z666z77z", "7z"),
    "blessing_of_heaven": request("123m456m789p123p55p", "3p", "self_draw", seat="E", **FIRST),
    "blessing_of_earth": request("123m456m789p123p55p", "3p", "self_draw", **FIRST),
    "blessing_of_man": request("123m456m789p123p55p", "3p", **FIRST),
    "nine_gates": request("1112345678999m5m", "5m"),
    "uper": request("123m456p789p555z11m", "1m", declared="uper"),
    "buller": request("123m456p789p555z11m", "1m", "self_draw", declared="buller"),
    "flower": request("123m456p789p555z11m", "1m", flowers="1f"),
    "all_flowers": request("123m456p789p555z11m", "1m", flowers="1234f"),
    "genshow": request("123m456p789p555z11m", "1m"),
    "premium_tile": request("123m456p789p555z11m", "1m"),
    "robbing_kong": request("123m456p789p555z99m", "2m", situations=["robbing_kong"]),
    "win_on_kong": request("123m456p789p11m", "1m", "self_draw", melds=[concealed_kong("5555z")],
                           situations=["win_on_kong"]),
    "last_tile_draw": request("123m456p789p555z11m", "1m", "self_draw", situations=["last_tile"]),
    "last_tile_claim": request("123m456p789p555z11m", "1m", situations=["last_tile"]),
    "last_tile_draw_1p": request("123p456p789m555z99m", "1p", "self_draw",
                                 situations=["last_tile"]),
    "last_tile_claim_1p": request("123p456p789m555z99m", "1p", situations=["last_tile"]),
    "win_on_kong_5p": request("345p789m99m", "5p", "self_draw", situations=["win_on_kong"],
                              melds=[kong("1111z"), pung("555z")]),
}  # fmt: skip
OPTIONS = {"standard": {"pin_specials": True}, "guide": {}}


@pytest.mark.parametrize("profile", PROFILES)
def test_ids_are_unique(profile):
    ids = [row.id for row in PROFILES[profile].yaku]
    assert len(ids) == len(set(ids))


def test_the_standard_profile_has_the_26_basic_and_12_bonus_hands_of_chapter_10():
    rows = [row for row in PROFILES["standard"].yaku if re.search(r"\b10\.[12] ", row.note)]
    assert sum(row.kind is Kind.BASIC for row in rows) == 26
    assert sum(row.kind is Kind.BONUS for row in rows) == 12


@pytest.mark.parametrize("profile", PROFILES)
def test_every_row_replaces_only_rows_of_its_profile(profile):
    ids = {row.id for row in PROFILES[profile].yaku}
    for row in PROFILES[profile].yaku:
        assert set(row.replaces) <= ids, row.id
        assert set(row.not_minimum_with) <= ids, row.id


@pytest.mark.parametrize(
    ("profile", "row_id"),
    [(name, row.id) for name, profile in PROFILES.items() for row in profile.yaku],
)
def test_every_row_is_reachable(profile, row_id):
    req = {**EXAMPLES[row_id], "rules": profile, "options": OPTIONS[profile]}
    answer = engine.score(req)
    assert answer["ok"] and row_id in {y["id"] for y in answer["yaku"]}, answer


@pytest.mark.parametrize("profile", PROFILES)
def test_the_rows_a_hand_is_asked_are_exactly_those_whose_facts_it_has(profile):
    """A row skipped for lacking a fact never applies, and a row asked gives its whole answer."""
    rng = random.Random(7)
    rules = ruleset(profile, OPTIONS[profile])
    skipped = 0
    for _ in range(1500):
        req = random_request(rng, profile)
        req["options"] = OPTIONS[profile]
        win = read_request(req).win
        asked = {row.id: test for test, row, _ in rules.rows_for(win.facts)}
        for reading in readings(win.standing, win.melds, win.win_tile, win.self_draw):
            for row in rules.yaku:
                whole = row.applies(win, reading) if win.concealed or not row.concealed_only else 0
                if row.id in asked:
                    assert asked[row.id](win, reading) == whole, (row.id, req)
                else:
                    assert not whole, (row.id, req)
                    skipped += 1
    assert skipped > 10_000


def test_facts_are_distinct_bits():
    values = [int(fact) for fact in Fact]
    assert all(value & (value - 1) == 0 for value in values)
    assert len(set(values)) == len(values)


# For each row, a hand close to its example that must not score it.
NEAR_MISSES = {
    "dragon_pung": request("123m456p789p111m55z", "1m", declared="uper"),
    "prevalent_wind": request("123m456p11m", "1m", melds=[pung("333z", "N"), pung("555z")]),
    "seat_wind": request("123m456p789p11m", "1m", melds=[pung("111z", "N")]),
    "concealed": request("123m456p11m", "1m", melds=[pung("555z", "N"), pung("666z")]),
    "concealed_self_draw": request("123m456p789p555z11m", "1m"),
    "all_simples": request("123m345p456p678m22p", "2p", declared="uper"),
    "all_sequences": request("123m456m234p678p99p", "3m", declared="uper"),
    "all_chows": request("123m456m234p678p44z", "4z", "self_draw"),
    "double_wind": request("123m456p789p11m", "1m", melds=[pung("111z", "N")], seat="S"),
    "mixed_one_suit": request("123m345p777m111z99m", "9m"),
    "all_triplets": request("111m234p333p777z99m", "9m"),
    "pure_straight": request("123m456m789p234p55p", "5p", declared="uper"),
    "three_concealed_triplets": request("111m222p333p456m99m", "3p"),
    "buji_uper": request("123m456p789p555z11m", "1m", declared="uper"),
    "little_three_dragons": request("555z666z11m123m456m", "4m"),
    "pure_one_suit": request("123m345m777m111z99m", "9m"),
    "big_three_dragons": request("555z666z77z123m456m", "4m"),
    "four_concealed_triplets": request("111m222p333p444m99m", "4m"),
    "all_terminals_and_honors": request("111m999m111p111z22p", "2p"),
    "all_terminals": request("111m999m111p111z99p", "9p"),
    "little_four_winds": request("111z222z333z123m44m", "1m"),
    "big_four_winds": request("111z222z333z44z123m", "1m"),
    "all_honors": request("111z222z555z666z11m", "1m"),
    "blessing_of_heaven": request("123m456m789p123p55p", "3p", "self_draw", seat="E"),
    "blessing_of_earth": request("123m456m789p123p55p", "3p", "self_draw", seat="E", **FIRST),
    "blessing_of_man": request("123m456m789p123p55p", "3p", "self_draw", **FIRST),
    "nine_gates": request("1112345678999m5m", "1m"),
    "uper": request("123m456p789p555z11m", "1m"),
    "buller": request("123m456p789p555z11m", "1m", "self_draw", declared="uper"),
    "flower": request("123m456p789p555z11m", "1m", flowers="1234f"),
    "all_flowers": request("123m456p789p555z11m", "1m", flowers="123f"),
    "genshow": None,  # every winning hand has a winning tile
    "premium_tile": request("123m456p789p555z11m", "2m"),
    "robbing_kong": request("123m456p789p555z99m", "2m", situations=["last_tile"]),
    "win_on_kong": request("123m456p789p11m", "1m", "self_draw", melds=[concealed_kong("5555z")]),
    "last_tile_draw": request("123m456p789p555z11m", "1m", situations=["last_tile"]),
    "last_tile_claim": request("123m456p789p555z11m", "1m", "self_draw", situations=["last_tile"]),
    "last_tile_draw_1p": request("123p456p789m555z99m", "2p", "self_draw",
                                 situations=["last_tile"]),
    "last_tile_claim_1p": request("123p456p789m555z99m", "2p", situations=["last_tile"]),
    "win_on_kong_5p": request("345p789m99m", "3p", "self_draw", situations=["win_on_kong"],
                              melds=[kong("1111z"), pung("555z")]),
}  # fmt: skip
NEAR_MISSES["seven_pairs"] = request("1133m2255779p111z", "1z")  # six pairs would need a 7th


@pytest.mark.parametrize(
    ("profile", "row_id"),
    [(name, row.id) for name, profile in PROFILES.items() for row in profile.yaku],
)
def test_every_row_has_a_near_miss(profile, row_id):
    near = NEAR_MISSES[row_id]
    if near is None:
        return
    answer = engine.score({**near, "rules": profile, "options": OPTIONS[profile]})
    assert answer["ok"], answer
    assert row_id not in {y["id"] for y in answer["yaku"]}, answer
