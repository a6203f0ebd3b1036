"""The whole-hands benchmark puts each hand it misses down to a cause a person can act on."""

from __future__ import annotations

from lab.hands import why_missed
from vision.reading import Reading, TileRead

TRUTH = [("1m", (0, 0, 30, 40)), ("2m", (32, 0, 62, 40)), ("3m", (64, 0, 94, 40))]


def reading_of(*tiles: tuple[str, tuple[int, int, int, int]]) -> Reading:
    return Reading(200, 100, tuple(TileRead(code, box, 0.9) for code, box in tiles))


def test_a_tile_of_the_hand_not_found_is_the_finders_miss():
    assert why_missed(reading_of(*TRUTH[:2]), TRUTH) == "a tile not found"


def test_a_tile_found_but_misnamed_is_the_classifiers_miss():
    misnamed = [TRUTH[0], ("4m", TRUTH[1][1]), TRUTH[2]]
    assert why_missed(reading_of(*misnamed), TRUTH) == "a tile misread"


def test_every_tile_found_and_named_leaves_the_grouping_at_fault():
    stray = ("9p", (150, 0, 180, 40))
    assert why_missed(reading_of(*TRUTH, stray), TRUTH) == "grouping"


def test_where_every_tile_is_known_a_tile_found_on_bare_felt_is_the_finders_miss():
    from vision.reading import HandRead

    ghost = ("8p", (150, 0, 180, 40))
    reading = reading_of(*TRUTH, ghost)
    reading = Reading(
        reading.width, reading.height, reading.tiles, (HandRead("bottom", (0, 1, 2, 3)),)
    )
    every = [box for _, box in TRUTH]
    assert why_missed(reading, TRUTH, every) == "a tile found where none is"
    assert why_missed(reading, TRUTH) == "grouping"
