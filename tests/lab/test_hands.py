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


def test_tile_figures_on_a_table_count_every_face_drawn_and_every_face_reported():
    """On a rendered table every tile is known: a face reported on a wall's back is a false
    find, a misnamed flower counts against the flowers, and backs are neither."""
    from types import SimpleNamespace

    from lab.hands import tally_faces

    roles = ["concealed", "discard", "discard"]  # the 2m and the 3m were discarded
    drawn = [
        SimpleNamespace(code=code, box=box, role=role)
        for (code, box), role in zip(TRUTH, roles, strict=True)
    ] + [
        SimpleNamespace(code="2f", box=(100, 0, 130, 40), role="flower"),
        SimpleNamespace(code="back", box=(0, 60, 30, 100), role="wall"),
    ]
    read = reading_of(
        TRUTH[0],
        ("4m", TRUTH[1][1]),  # misnamed
        ("3f", (101, 1, 129, 39)),  # the flower, misnamed
        ("5z", (1, 61, 29, 99)),  # the wall's back taken for a blank face
        ("back", (0, 60, 30, 100)),
    )  # 3m (TRUTH[2]) not found
    tally = tally_faces(read, drawn)
    assert tally["truth"] == 4 and tally["reported"] == 4
    assert tally["found"] == 3 and tally["named"] == 1
    assert tally["flowers"] == 1 and tally["flowers found"] == 1 and tally["flowers named"] == 0
    assert tally["discards"] == 2 and tally["discards found"] == 1  # the 3m was discarded


def test_tables_drawn_in_the_style_never_learnt_are_counted_apart():
    """The bench draws tables all in the held-out style beside its 40, so that style is measured
    even where the fonts give the renderer 18 styles and the 40 hold none in it."""
    from datasets.crop_cache import HELD_OUT_STYLE
    from lab.hands import read_tables
    from vision.reading import Reading

    class SeesNothing:
        def read(self, bgr):
            return Reading(bgr.shape[1], bgr.shape[0], (), ())

    exact, count, causes, tiles = read_tables(SeesNothing(), 1, 7, style=HELD_OUT_STYLE)
    assert (exact, count) == (0, 1) and causes["a tile not found"] == 1
    assert tiles["held out"]["truth"] > 0 and tiles["held out"]["found"] == 0
    assert tiles["trained"]["truth"] == 0
