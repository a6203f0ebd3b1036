"""House options, one mechanism: each value's `Change` turns rows on or off, sets points, changes
payments or the flower tiles; liability goes with the rows that name it."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine
from engine.request import read_request
from engine.rules import PROFILES, ruleset
from engine.rules.base import Change, Option, Ruleset
from engine.rules.standard import STANDARD
from engine.scoring import evaluate
from tests.engine.helpers import pung, request

# Concealed hand with a dragon pung, won by discard from W: concealed 1, dragon pung 1, genshow 3.
HAND = request("123m456p789p555z11m", "1m")


def _with_option(change: Change, chosen: bool = True) -> Ruleset:
    """The standard profile with one more option, `test_option`, doing `change` when true."""
    option = Option("test_option", (False, True), False, "a test", {True: change})
    profile = replace(STANDARD, options=(*STANDARD.options, option))
    chosen_values = tuple((o.name, o.default) for o in STANDARD.options)
    return Ruleset.make(profile, (*chosen_values, ("test_option", chosen)))


def _score(rules: Ruleset, req: dict) -> dict:
    return evaluate(read_request(req)._replace(ruleset=rules)).to_json()


def _yaku(answer: dict) -> dict[str, int]:
    return {y["id"]: y["points"] for y in answer["yaku"]}


def test_an_option_can_set_a_rows_points():
    answer = _score(_with_option(Change(points={"genshow": 2})), HAND)
    assert _yaku(answer) == {"dragon_pung": 1, "concealed": 1, "genshow": 6}
    assert answer["payments"]["W"] == -2 * 8


def test_an_option_can_turn_a_row_off():
    answer = _score(_with_option(Change(off=("genshow",))), HAND)
    assert _yaku(answer) == {"dragon_pung": 1, "concealed": 1}


def test_an_option_can_change_the_payments():
    answer = _score(_with_option(Change(payments={"by_discard": 3})), HAND)
    assert answer["payments"] == {"E": 0, "S": 15, "W": -15, "N": 0}


def test_a_value_without_a_change_leaves_the_rules_as_they_are():
    rules = _with_option(Change(off=("genshow",)), chosen=False)
    assert _score(rules, HAND) == engine.score(HAND)


def test_rows_an_option_turns_on_are_off_until_it_does():
    off, on = ruleset("standard", {}), ruleset("standard", {"pin_specials": True})
    pin = {"last_tile_draw_1p", "win_on_kong_5p", "last_tile_claim_1p"}
    assert pin.isdisjoint(row.id for row in off.yaku)
    assert [row.id for row in on.yaku if row.id in pin] == [
        row.id for row in STANDARD.yaku if row.id in pin
    ]
    assert len(on.yaku) == len(off.yaku) + 3 == len(STANDARD.yaku)


@pytest.mark.parametrize(
    ("options", "flower_tiles", "each_collects"),
    [
        ({}, "flowers", False),
        ({"flower_tiles": "seasons"}, "seasons", False),
        ({"multiple_winners": True}, "flowers", True),
    ],
)
def test_the_tables_own_options_are_changes_too(options, flower_tiles, each_collects):
    for profile in PROFILES:
        rules = ruleset(profile, options)
        assert rules.flower_tiles == flower_tiles
        assert rules.payments.each_winner_collects is each_collects


def test_house_options_list_every_value_default_first():
    assert engine.house_options("standard") == {
        "pin_specials": (False, True),
        "flower_tiles": ("flowers", "seasons"),
        "multiple_winners": (False, True),
    }
    assert engine.house_options("guide") == {
        "flower_tiles": ("flowers", "seasons"),
        "multiple_winners": (False, True),
    }


@pytest.mark.parametrize("profile", PROFILES)
def test_liability_belongs_to_the_big_three_dragons_and_big_four_winds_rows(profile):
    liable = {row.id: row.liable_for for row in PROFILES[profile].yaku if row.liable_for}
    assert liable == {"big_three_dragons": (31, 32, 33), "big_four_winds": (27, 28, 29, 30)}


def test_a_new_row_that_names_a_family_makes_its_feeder_liable():
    """Liability is read from the row: give all_triplets the dragons and a fed dragon pays."""
    rows = tuple(
        replace(row, liable_for=(31, 32, 33)) if row.id == "all_triplets" else row
        for row in STANDARD.yaku
    )
    profile = replace(STANDARD, yaku=rows)
    rules = Ruleset.make(profile, tuple((o.name, o.default) for o in profile.options))
    req = request("111m222p99m", "9m", melds=[pung("555z", "N"), pung("666z", "E")])
    answer = _score(rules, req)
    assert "all_triplets" in _yaku(answer)
    assert answer["payments"]["E"] == -3 * answer["total"]
    assert _score(ruleset("standard"), req)["payments"]["W"] == -2 * answer["total"]


def test_scoring_leaves_every_ruleset_as_it_was_built():
    """Nothing shared is filled in or changed while hands are scored (the tables are built once)."""
    import copy
    import random
    from dataclasses import fields

    from engine.randomhands import random_request
    from engine.rules import _RULESETS

    def snapshot():  # every field of every ruleset, copied all the way down
        return copy.deepcopy(
            {key: {f.name: getattr(r, f.name) for f in fields(r)} for key, r in _RULESETS.items()}
        )

    before = snapshot()
    rng = random.Random(3)
    for _ in range(500):
        engine.score(random_request(rng))
    assert snapshot() == before
    assert ruleset("standard", {"pin_specials": True}) is ruleset(
        "standard", {"pin_specials": True}
    )


@pytest.mark.parametrize("profile", PROFILES)
def test_every_change_names_rows_of_its_profile(profile):
    ids = {row.id for row in PROFILES[profile].yaku}
    for option in PROFILES[profile].options:
        assert set(option.changes) <= set(option.choices), option.name
        for change in option.changes.values():
            assert {*change.on, *change.off, *change.points} <= ids, option.name
