"""Grouping named tiles into hands, checked group by group against scenes of known layout.

The tiles here come from the scene's truth (code, box, rotation), so these tests check grouping
alone; `test_reader.py` checks the same through the finder and the classifier.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import numpy as np
import pytest

from datasets.demo import DEMO_HANDS
from datasets.scene import POSITIONS, Hand, Meld, deal_hands, draw_scene
from lab.hands import canonical
from vision.grouping import SeatZones, group_hands, loose_faces
from vision.reader import keep_trusted
from vision.reading import Reading, TileRead


def tiles_of(scene, jitter: float = 0.0, seed: int = 0) -> tuple[TileRead, ...]:
    """The scene's tiles as the reader would give them, boxes moved by up to `jitter` pixels."""
    rng = np.random.default_rng(seed)
    return tuple(
        TileRead(
            t.code, tuple(int(round(v + rng.normal(0, jitter))) for v in t.box), 1.0, t.rotation
        )
        for t in scene.tiles
    )


def read(scene, rotation_known=True, jitter=0.0, zones=None, seed=0) -> Reading:
    return read_tiles(scene, tiles_of(scene, jitter, seed), rotation_known, zones)


def read_tiles(scene, tiles, rotation_known=True, zones=None) -> Reading:
    """The reading grouping makes of `tiles` in the scene's picture (the truth's, or changed)."""
    tiles = tuple(tiles)
    height, width = scene.image.shape[:2]
    hands = group_hands(tiles, width, height, rotation_known, zones)
    return keep_trusted(Reading(width, height, tiles, hands, loose_faces(tiles, hands)))


CLAIMED = ("pung", "kong", "added_kong")  # sets whose turned tile says whom it came from


def assert_hands(reading: Reading, truth: dict[str, Hand]) -> None:
    got = {hand.position: hand for hand in reading.hands}
    assert sorted(got) == sorted(truth), "one hand per seat that has one"
    for position, hand in truth.items():
        request = got[position].to_request(reading.tiles)
        assert canonical(request) == canonical(hand.request()), position
        claimed = sorted(
            (m.kind, m.codes(reading.tiles), m.claimed_from)
            for m in got[position].melds
            if m.kind in CLAIMED
        )
        expected = sorted((m.kind, m.tiles, m.claimed_from) for m in hand.melds)
        assert claimed == [e for e in expected if e[0] in CLAIMED], position


@pytest.fixture(scope="module")
def demo_like():
    return draw_scene(DEMO_HANDS, np.random.default_rng(5), style="procedural", tile_height=44)


def test_every_group_of_the_demo_layout(demo_like):
    reading = read(demo_like)
    assert_hands(reading, DEMO_HANDS)
    bottom = next(h for h in reading.hands if h.position == "bottom")
    kong = next(m for m in bottom.melds if m.kind == "concealed_kong")
    assert sorted(reading.tiles[i].code for i in kong.tiles) == ["1m", "1m", "back", "back"]
    assert reading.tiles[bottom.win_tile].code == "9p"
    assert "back" not in {reading.tiles[i].code for i in bottom.concealed}


def test_a_concealed_kong_of_a_set_with_white_backs_reads_as_a_concealed_kong(demo_like):
    """Where backs are as white as the blank White Dragon, the classifier names them `5z`."""
    from dataclasses import replace

    from vision.grouping import white_backs_as_backs

    white = tuple(replace(t, code="5z") if t.code == "back" else t for t in tiles_of(demo_like))
    height, width = demo_like.image.shape[:2]
    hands = group_hands(white, width, height)
    reading = keep_trusted(Reading(width, height, white_backs_as_backs(white, hands), hands))
    assert_hands(reading, DEMO_HANDS)  # the top hand's own White Dragons stay White Dragons
    bottom = next(h for h in reading.hands if h.position == "bottom")
    kong = next(m for m in bottom.melds if m.kind == "concealed_kong")
    assert sorted(reading.tiles[i].code for i in kong.tiles) == ["1m", "1m", "back", "back"]


def test_four_white_dragons_or_two_pairs_are_no_white_backed_kong():
    from vision.grouping import white_backed_kong

    assert white_backed_kong(["5z", "3m", "3m", "5z"])
    assert white_backed_kong(["3m", "5z", "5z", "3m"])
    assert not white_backed_kong(["5z", "5z", "5z", "5z"])
    assert not white_backed_kong(["5z", "5z", "3m", "3m"])
    assert not white_backed_kong(["5z", "3m", "4m", "5z"])


def test_a_kong_with_one_back_read_as_a_white_dragon_is_still_a_concealed_kong(demo_like):
    from dataclasses import replace

    from vision.grouping import white_backed_kong, white_backs_as_backs

    assert white_backed_kong(["back", "3m", "3m", "5z"])
    assert white_backed_kong(["3m", "5z", "back", "3m"])
    assert not white_backed_kong(["back", "5z", "5z", "back"]), "two White Dragons in a kong"
    assert not white_backed_kong(["back", "3m", "4m", "5z"])

    tiles = list(tiles_of(demo_like))
    first_back = next(k for k, t in enumerate(tiles) if t.code == "back")  # the bottom kong's
    tiles[first_back] = replace(tiles[first_back], code="5z")
    tiles = tuple(tiles)
    height, width = demo_like.image.shape[:2]
    hands = group_hands(tiles, width, height)
    reading = keep_trusted(Reading(width, height, white_backs_as_backs(tiles, hands), hands))
    assert_hands(reading, DEMO_HANDS)
    bottom = next(h for h in reading.hands if h.position == "bottom")
    kong = next(m for m in bottom.melds if m.kind == "concealed_kong")
    assert sorted(reading.tiles[i].code for i in kong.tiles) == ["1m", "1m", "back", "back"]


@functools.cache
def random_table(seed: int):
    rng = np.random.default_rng(seed)
    hands = dict(zip(POSITIONS, deal_hands(rng, 4), strict=True))
    scene = draw_scene(hands, rng, "procedural", int(rng.integers(32, 56)), walls=seed % 2 == 0)
    return scene, hands


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("rotation_known", [True, False])
def test_four_random_hands_with_sets_kongs_flowers_and_walls(seed, rotation_known):
    scene, hands = random_table(seed)
    assert_hands(read(scene, rotation_known, jitter=1.0, seed=seed), hands)


def test_a_wall_of_backs_is_not_a_hand_and_never_reported():
    rng = np.random.default_rng(3)
    hand = Hand(("1m", "2m", "3m", "5p", "5p", "7z", "7z", "7z", "4p", "5p"), "6p")
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48, walls=True)
    assert any(t.role == "wall" for t in scene.tiles)
    reading = read(scene)
    assert [h.position for h in reading.hands] == ["bottom"]
    assert all(t.code != "back" for t in reading.tiles)
    assert canonical(reading.hands[0].to_request(reading.tiles)) == canonical(hand.request())


def test_a_hand_with_no_tile_apart_has_no_winning_tile():
    rng = np.random.default_rng(4)
    hand = Hand(("1m", "2m", "3m", "4p", "5p", "6p", "7z", "7z", "7z", "9m", "9m"), None)
    reading = read(draw_scene({"top": hand}, rng, "procedural", 48))
    assert reading.hands[0].win_tile is None
    assert "win_tile" not in reading.hands[0].to_request(reading.tiles)


@pytest.mark.parametrize("source", ["left", "across", "right"])
def test_the_sideways_tile_says_whom_a_pung_was_claimed_from(source):
    rng = np.random.default_rng(6)
    hand = Hand(("1m", "2m", "3m", "4p", "5p", "6p", "9m", "9m", "9m", "2z"), "2z")
    hand = Hand(hand.concealed, hand.win_tile, (Meld("pung", "5z", source),))
    reading = read(draw_scene({"right": hand}, rng, "procedural", 48))
    (meld,) = reading.hands[0].melds
    assert (meld.kind, meld.claimed_from) == ("pung", source)
    assert reading.tiles[meld.claimed].code == "5z"
    assert reading.to_json()["hands"][0]["melds"][0]["claimed_from"] == source


@pytest.mark.parametrize("win_tile", [None, "2z"])
@pytest.mark.parametrize(("source", "away"), [("across", -1), ("across", 1), ("right", 1)])
def test_a_set_whose_turned_tile_was_found_off_its_place_is_still_a_set_not_a_winning_tile(
    win_tile, source, away
):
    """The finder may box a sideways tile too short and off its centre, which opens a gap in
    the set as wide as the one before a winning tile set apart: before its last tile (the
    turned tile in the middle, boxed towards the first), after its first tile (boxed towards
    the last: the first then lies alone after the standing tiles, where a winning tile would)
    or before the turned tile itself (at the right end, boxed away from the others)."""
    rng = np.random.default_rng(6)
    concealed = ("1m", "2m", "3m", "4p", "5p", "6p", "9m", "9m", "9m", "2z")
    hand = Hand(concealed[:-1] if win_tile else concealed, win_tile, (Meld("pung", "5z", source),))
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48)
    tiles = list(tiles_of(scene))
    turned = next(i for i, t in enumerate(tiles) if t.code == "5z" and t.box[2] - t.box[0] > 40)
    x0, y0, x1, y1 = tiles[turned].box  # 48 x 35: boxed 36 long, its centre 12 off
    shifted = (x0 + 6 + 12 * away, y0, x1 - 6 + 12 * away, y1)
    tiles[turned] = TileRead("5z", shifted, 1.0, tiles[turned].rotation)
    assert_hands(read_tiles(scene, tiles), {"bottom": hand})


@pytest.mark.parametrize("source", ["left", "right"])
def test_an_added_kong_whose_turned_tiles_were_boxed_off_their_place_is_still_an_added_kong(
    source,
):
    """The finder may box both turned tiles of an added kong short and off their centre, away
    from the set's other two (they lie one on the other and are boxed alike): a gap then opens
    between the claimed tile and its two, which are grouped apart, and the tile added on top
    finds no set of three beneath it. Once the claimed tile has joined its two, the added tile
    joins them too."""
    rng = np.random.default_rng(6)
    concealed = ("1m", "2m", "3m", "4p", "5p", "6p", "9m", "9m", "9m", "2z")
    hand = Hand(concealed, "2z", (Meld("added_kong", "7p", source),))
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48)
    tiles = list(tiles_of(scene))
    away = 1 if source == "right" else -1
    for i, t in enumerate(tiles):
        x0, y0, x1, y1 = t.box
        if t.code == "7p" and x1 - x0 > 40:  # turned, 48 x 35: boxed 36 long, 12 off
            tiles[i] = TileRead(
                "7p", (x0 + 6 + 12 * away, y0, x1 - 6 + 12 * away, y1), 1.0, t.rotation
            )
    assert_hands(read_tiles(scene, tiles), {"bottom": hand})


def test_faces_that_read_the_same_turned_half_round_do_not_say_whose_hand_it_is():
    """Dots laid out evenly and a blank read the same turned half round, so the classifier
    often reads them so: a hand of dots at the right edge, its dots all read upside down,
    is still the right-hand player's, its flowers in front of it and its winning tile at its
    owner's right."""
    rng = np.random.default_rng(6)
    concealed = ("1p", "2p", "2p", "3p", "3p", "4p", "4p", "5p", "6p", "8p", "8p")
    hand = Hand(concealed[:-1], "8p", (Meld("pung", "4z", "left"),), ("2f", "3f"), True)
    scene = draw_scene({"right": hand}, rng, "procedural", 48)
    tiles = [
        TileRead(t.code, t.box, t.confidence, (t.rotation + 180) % 360)
        if t.code in {"1p", "2p", "3p", "4p", "5p", "8p"}
        else t
        for t in tiles_of(scene)
    ]
    assert_hands(read_tiles(scene, tiles), {"right": hand})


@pytest.mark.parametrize(
    ("runner_up", "taken"), [(("3f", 0.1), True), (("3f", 0.03), False), (("1f", 0.1), False)]
)
def test_a_flower_laid_in_front_and_read_as_a_wind_is_the_flower_it_may_be(runner_up, taken):
    """A flower written in one character, at a table's size, is taken for a wind. Laid where
    the hand's flowers are, with a flower among its best readings at least half as likely,
    it is that flower, unsure for a person to check; far less likely, or a flower another tile
    is read as (each is one of its kind), it stays out."""
    rng = np.random.default_rng(6)
    hand = Hand(
        ("1m", "2m", "3m", "4p", "5p", "6p", "9m", "9m", "9m", "2z"), "2z", (), ("1f", "3f")
    )
    hand = replace(hand, flowers_in_front=True)
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48)
    request, laid = _flower_read_as(scene, "3f", "3z", runner_up)
    assert _flowers(request) == (["1f", "3f"] if taken else ["1f"])
    assert (laid.code, laid.unsure) == (("3f", True) if taken else ("3z", False))


def _flower_read_as(
    scene, flower: str, wind: str, runner_up: tuple[str, float], confidence: float = 0.15
):
    """The scene's tiles read with its `flower` read as `wind` (unsurely by default),
    `runner_up` next best: the request of the hand read, and that tile as the reader gives it."""
    from vision.grouping import flowers_as_laid

    tiles = list(tiles_of(scene))
    k = next(i for i, t in enumerate(tiles) if t.code == flower)
    box = tiles[k].box
    tiles[k] = replace(
        tiles[k], code=wind, confidence=confidence, top=((wind, confidence), runner_up)
    )
    reading = read_tiles(scene, tiles)
    tiles = flowers_as_laid(reading.tiles, reading.hands)
    (laid,) = [t for t in tiles if t.box == box]
    return reading.hands[0].to_request(tiles), laid


def _flowers(request: dict) -> list[str]:
    return sorted(request["flowers"][i : i + 2] for i in range(0, len(request["flowers"]), 2))


@pytest.mark.parametrize("runner_up", [("1f", 0.1), ("7f", 0.1), ("1p", 0.1)])
def test_a_tile_beside_the_hands_flowers_read_as_a_wind_is_a_flower(runner_up):
    """Flowers laid at the end of the sets' line, the first of them read as a wind at a table's
    size: lying beside a flower, with a flower among its likely readings, it is that flower, not
    a stray tile (nor the winning tile set apart). With no flower among its readings it stays
    out of the hand."""
    rng = np.random.default_rng(6)
    concealed = ("1m", "2m", "3m", "4p", "5p", "6p", "9m")
    sets = (Meld("pung", "4z", "left"), Meld("pung", "7p", "across"))
    hand = Hand(concealed, "9m", sets, ("1f", "3f"))
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48)
    request, laid = _flower_read_as(scene, "1f", "2z", runner_up)
    taken = runner_up[0].endswith("f")
    assert _flowers(request) == sorted([runner_up[0], "3f"] if taken else ["3f"])
    assert request["hand"] == "1m2m3m4p5p6p9m9m" and request["win_tile"] == "9m"
    assert (laid.code, laid.unsure) == ((runner_up[0], True) if taken else ("2z", False))


@pytest.mark.parametrize(
    ("confidence", "runner_up", "taken"),
    [(0.1, ("2f", 0.08), True), (0.9, ("2f", 0.05), False), (0.1, ("6s", 0.08), False)],
)
def test_a_lone_flower_past_the_sets_read_unsurely_as_a_character_is_that_flower(
    confidence, runner_up, taken
):
    """One flower set apart at the end of the sets' line, read at a table's size as a character
    with the flower close behind: a lone tile past the sets is left out as a stray discard, but
    one that may well be a flower is that flower, unsure for a person to check. Read surely as
    the character, or with no flower among its readings, it stays out of the hand."""
    rng = np.random.default_rng(6)
    concealed = ("1m", "2m", "3m", "4p", "5p", "6p", "9m")
    sets = (Meld("pung", "4z", "left"), Meld("pung", "7p", "across"))
    hand = Hand(concealed, "9m", sets, ("2f",))
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48)
    request, laid = _flower_read_as(scene, "2f", "1m", runner_up, confidence)
    assert _flowers(request) == (["2f"] if taken else [])
    assert request["hand"] == "1m2m3m4p5p6p9m9m" and request["win_tile"] == "9m"
    assert (laid.code, laid.unsure) == (("2f", True) if taken else ("1m", False))


@pytest.mark.parametrize(
    ("read_as", "unsure", "taken"),
    [("2z", True, True), ("2z", False, False)],
)
def test_the_end_of_a_line_of_flowers_is_a_flower_however_unlikely(read_as, unsure, taken):
    """Flowers laid in line after the standing tiles, the last read unsurely as a wind with no
    flower among its best readings: with only flowers beside it, it is the flower the
    classifier makes likeliest, unsure for a person to check. A tile read surely stays as read
    (flowers may lie right after the standing tiles)."""
    from vision.grouping import flowers_as_laid

    rng = np.random.default_rng(6)
    concealed = ("1m", "2m", "3m", "4p", "5p", "6p", "9m")
    sets = (Meld("pung", "4z", "left"), Meld("pung", "7p", "across"))
    hand = Hand(concealed, "9m", sets, ("1f", "3f"))
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48)
    tiles = list(tiles_of(scene))
    k = max((i for i, t in enumerate(tiles) if t.code.endswith("f")), key=lambda i: tiles[i].box[0])
    box, (other,) = tiles[k].box, {"1f", "3f"} - {tiles[k].code}
    top = ((read_as, 0.3), ("6s", 0.2), ("2m", 0.1))
    tiles[k] = replace(
        tiles[k], code=read_as, confidence=0.3, top=top, unsure=unsure, flower=("4f", 0.02)
    )
    reading = read_tiles(scene, tiles)
    tiles = flowers_as_laid(reading.tiles, reading.hands)
    request = reading.hands[0].to_request(tiles)
    (laid,) = [t for t in tiles if t.box == box]
    assert _flowers(request) == sorted([other, "4f"] if taken else [other])
    assert (laid.code, laid.unsure) == (("4f", True) if taken else (read_as, unsure))


def test_a_tile_beside_a_flower_whose_code_its_group_shows_again_is_no_flower():
    """A tile with only a flower beside it, whose code another tile of its group shows (a set
    boxed around a tile read as a flower), stays as read however unsure: only a tile alone of
    its code at the end of a line of flowers is taken for one."""
    from vision.grouping import Group, Placed, _among_flowers

    def placed(index, code, x, any_flower=None):
        return Placed(index, code, x, 0.0, x + 30.0, 40.0, True, 0, 0.3, None, any_flower)

    pair = Group((placed(0, "9m", 0), placed(1, "1f", 31), placed(2, "9m", 62, "4f")), 0, 0, 0)
    alone = Group((placed(0, "2z", 0, "4f"), placed(1, "1f", 31)), 0, 0, 0)
    assert [t.code for t in _among_flowers(pair).tiles] == ["9m", "1f", "9m"]
    assert [t.code for t in _among_flowers(alone).tiles] == ["4f", "1f"]


def test_a_hand_holds_one_of_each_flower_the_surer_of_two_read_alike():
    """A speck in the flowers' line read as a flower the hand already shows is none of its."""
    rng = np.random.default_rng(6)
    concealed = ("1m", "2m", "3m", "4p", "5p", "6p", "9m", "9m", "9m", "2z")
    hand = replace(Hand(concealed, "2z", (), ("1f", "4f")), flowers_in_front=True)
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48)
    tiles = list(tiles_of(scene))
    plum = next(t for t in tiles if t.code == "4f")
    x0, y0, x1, y1 = plum.box
    speck = TileRead("4f", (x1 + 8, y0, x1 + 8 + (x1 - x0), y1), 0.4, plum.rotation)
    reading = read_tiles(scene, [*tiles, speck])
    assert_hands(reading, {"bottom": hand})
    assert speck.box not in [reading.tiles[i].box for i in reading.hands[0].indices()]


def test_a_kong_with_an_upright_tile_boxed_as_wide_as_a_turned_one_is_a_kong():
    """Two tiles of a kong seen turned, all four in one line: no tile lies on another, so it is
    no added kong but a kong whose upright tile's box came out as wide as a turned one. Which of
    the two was claimed is unknown: the panel asks whom it came from."""
    rng = np.random.default_rng(6)
    concealed = ("1m", "2m", "3m", "4p", "5p", "6p", "9m", "9m", "9m", "2z")
    hand = Hand(concealed, "2z", (Meld("kong", "7p", "right"),))
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48)
    tiles = list(tiles_of(scene))
    first = min((i for i, t in enumerate(tiles) if t.code == "7p"), key=lambda i: tiles[i].box[0])
    x0, y0, x1, y1 = tiles[first].box  # 35 x 48, boxed 50 x 34 around its middle
    tiles[first] = TileRead("7p", (x0 - 7, y0 + 7, x1 + 8, y1 - 7), 1.0, 0)
    reading = read_tiles(scene, tiles)
    (read,) = reading.hands
    assert canonical(read.to_request(reading.tiles)) == canonical(hand.request())
    (kong,) = read.melds
    assert (kong.kind, kong.claimed_from) == ("kong", None)


def test_a_set_whose_turned_tile_was_seen_upright_past_the_standing_tiles_is_not_the_win():
    """A claimed pung's middle tile found upright (boxed square at its left, its face read as
    upright) leaves two of the pung's code and a lone one past a gap, beyond the hand's
    standing tiles and the winning tile. Standing tiles stand together and are never two or
    three alone, so the lone tile is the set's, and the tile apart after the standing tiles
    is the winning tile."""
    scene = draw_scene(DEMO_HANDS, np.random.default_rng(5), style="procedural", tile_height=44)
    tiles = list(tiles_of(scene))
    turned = next(
        i
        for i, t in enumerate(scene.tiles)
        if t.position == "bottom" and t.code == "6z" and t.rotation % 180 == 90
    )
    x0, y0, x1, y1 = tiles[turned].box
    upright = (x0, y0 - 4, int(x0 + 0.75 * (y1 - y0)), y1 + 4)
    tiles[turned] = TileRead("6z", upright, 1.0, 0)
    reading = read_tiles(scene, tiles)
    bottom = next(h for h in reading.hands if h.position == "bottom")
    assert canonical(bottom.to_request(reading.tiles)) == canonical(DEMO_HANDS["bottom"].request())


@pytest.mark.parametrize("source", ["left", "across", "right"])
def test_a_stray_half_box_on_a_sets_turned_tile_joins_no_hand(source):
    """The finder may box a sideways tile short and put a second, small box over the rest of
    it, which the classifier names as some other tile; tiles lie side by side, so the smaller
    of two boxes that overlap that much along a row goes."""
    rng = np.random.default_rng(6)
    hand = Hand(("1m", "2m", "3m", "4p", "5p", "6p", "9m", "9m", "9m", "2z"), "2z")
    hand = Hand(hand.concealed, hand.win_tile, (Meld("pung", "5z", source),))
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48)
    tiles = list(tiles_of(scene))
    turned = next(i for i, t in enumerate(tiles) if t.code == "5z" and t.box[2] - t.box[0] > 40)
    x0, y0, x1, y1 = tiles[turned].box  # 48 x 35: boxed 36 long, and its left end 20 long
    tiles[turned] = TileRead("5z", (x0 + 12, y0, x1, y1), 1.0, tiles[turned].rotation)
    tiles.append(TileRead("2s", (x0, y0 + 2, x0 + 20, y1 - 2), 0.7, 0))
    assert_hands(read_tiles(scene, tiles), {"bottom": hand})


def test_a_standing_tile_boxed_as_if_sideways_does_not_hide_the_winning_tile():
    rng = np.random.default_rng(6)
    hand = Hand(("1m", "2m", "3m", "4p", "5p", "6p", "9m", "9m", "9m", "2z"), "2z")
    hand = Hand(hand.concealed, hand.win_tile, (Meld("pung", "5z", "left"),))
    scene = draw_scene({"bottom": hand}, rng, "procedural", 48)
    tiles = list(tiles_of(scene))
    four = next(i for i, t in enumerate(tiles) if t.code == "4p")
    x0, y0, x1, y1 = tiles[four].box  # found squat, as wide as a tile lying sideways
    tiles[four] = TileRead("4p", (x0, y0 + (y1 - y0) // 3, x1, y1), 1.0, tiles[four].rotation)
    assert_hands(read_tiles(scene, tiles, rotation_known=False), {"bottom": hand})


def test_calibrated_seat_zones_decide_the_seat_and_leave_out_the_middle():
    rng = np.random.default_rng(8)
    hands = dict(zip(POSITIONS, deal_hands(rng, 4), strict=True))
    scene = draw_scene(hands, rng, "procedural", 44, discards=6)
    assert any(t.role == "discard" for t in scene.tiles)
    height, width = scene.image.shape[:2]
    reading = read(scene, rotation_known=False, zones=SeatZones.around(width, height, centre=0.55))
    assert_hands(reading, hands)


def test_no_tiles_no_hands():
    assert group_hands((), 640, 480) == ()


def test_stray_backs_alone_make_no_hand():
    backs = tuple(TileRead("back", (10 + 40 * i, 100, 46 + 40 * i, 148), 0.9) for i in range(5))
    assert group_hands(backs, 640, 480) == ()


def test_a_rotation_misread_on_a_symmetric_tile_does_not_turn_it_sideways():
    scene = draw_scene(DEMO_HANDS, np.random.default_rng(5), style="procedural", tile_height=44)
    tiles = tuple(
        TileRead(
            t.code, t.box, 1.0, (t.rotation + 90) % 360 if t.code in ("1p", "5z") else t.rotation
        )
        for t in tiles_of(scene)
    )
    assert_hands(read_tiles(scene, tiles), DEMO_HANDS)


def test_white_dragons_beyond_the_sets_four_are_plain_tops_of_walls_not_faces():
    """A set has four White Dragons: past them, the blanks outside every hand (a wall's tiles,
    the tops of standing tiles) are backs, the least sure first; those in a hand always stay."""
    from vision.grouping import blanks_beyond_the_set
    from vision.reading import HandRead

    sure = [TileRead("5z", (40 * k, 0, 40 * k + 30, 40), 0.9) for k in range(3)]
    hand = HandRead("bottom", concealed=(0, 1, 2))
    wall = [TileRead("5z", (40 * k, 200, 40 * k + 30, 240), 0.3 + 0.1 * k) for k in range(3)]
    tiles = tuple(sure + wall)
    read = blanks_beyond_the_set(tiles, [hand])
    assert [t.code for t in read] == ["5z"] * 3 + ["back", "back", "5z"]
    assert blanks_beyond_the_set(tiles[:4], [hand]) == tiles[:4]  # four: nothing to say


def test_a_blank_not_the_size_of_a_face_outside_every_hand_is_no_face():
    """A standing tile's plain top (a narrow strip) and a white sleeve (larger than any tile)
    named White Dragon outside every hand are read as backs, though the set's four are not
    passed; a blank of a face's size stays, and so does one in a hand, whatever its size, or
    one named surely (a discard lying askew has a larger box)."""
    from vision.grouping import blanks_beyond_the_set
    from vision.reading import HandRead

    row = [TileRead("1m", (40 * k, 0, 40 * k + 30, 40), 0.9) for k in range(6)]
    in_hand = TileRead("5z", (240, 0, 270, 20), 0.9)  # half a face, but the hand's
    top = TileRead("5z", (0, 200, 30, 218), 0.6)  # a standing tile's top: 0.45 of a face
    sleeve = TileRead("5z", (100, 300, 180, 360), 0.7)  # four faces' area
    discard = TileRead("5z", (300, 200, 328, 238), 0.6)  # a face's size
    askew = TileRead("5z", (400, 200, 445, 245), 0.97)  # 1.7 faces' area, surely named
    tiles = (*row, in_hand, top, sleeve, discard, askew)
    hand = HandRead("bottom", concealed=tuple(range(7)))
    read = blanks_beyond_the_set(tiles, [hand])
    assert [t.code for t in read[6:]] == ["5z", "back", "back", "5z", "5z"]


def test_over_a_whole_table_a_small_unsure_face_outside_every_hand_is_a_speck():
    """A face outside every hand boxed smaller than a face and named unsurely (a standing
    tile's top, a blot in a dim room) is read as a back; one in a hand stays whatever its size,
    and so do a small face named surely and an unsure face of a face's size (a discard)."""
    from vision.grouping import specks_as_backs
    from vision.reading import HandRead

    row = [TileRead("1m", (40 * k, 0, 40 * k + 30, 40), 0.95) for k in range(6)]
    in_hand = TileRead("3p", (240, 0, 270, 20), 0.4, unsure=True)  # half a face, the hand's
    speck = TileRead("7p", (0, 200, 20, 220), 0.5, unsure=True)  # a third of a face
    sure = TileRead("2z", (100, 200, 120, 225), 0.97)  # small, but surely a South
    discard = TileRead("6p", (300, 200, 330, 240), 0.5, unsure=True)  # a face's size
    tiles = (*row, in_hand, speck, sure, discard)
    read = specks_as_backs(tiles, [HandRead("bottom", concealed=tuple(range(7)))])
    assert [t.code for t in read[6:]] == ["3p", "back", "2z", "6p"]
    assert read[:6] == tiles[:6]


def _read(code: str, sure: float, *others: tuple[str, float], x: int = 0) -> TileRead:
    return TileRead(code, (x, 0, x + 30, 40), sure, top=((code, sure), *others))


def test_a_table_read_with_more_of_a_tile_than_a_set_holds_is_put_right():
    """A set has four Souths: of five read so, the least sure takes its runner-up (a Green
    Dragon), flagged for a person; the surer four stay."""
    from vision.grouping import within_the_set

    souths = [_read("2z", 0.9 + 0.01 * k, ("6z", 0.05), x=40 * k) for k in range(4)]
    doubtful = _read("2z", 0.4, ("6z", 0.35), ("3z", 0.1), x=200)
    read = within_the_set((*souths[:2], doubtful, *souths[2:]))
    assert [t.code for t in read] == ["2z", "2z", "6z", "2z", "2z"]
    assert read[2].unsure and read[2].confidence == 0.35 and read[2].top[0] == ("6z", 0.35)
    assert not any(t.unsure for k, t in enumerate(read) if k != 2)


def test_a_flower_is_one_of_its_kind_and_a_full_runner_up_is_passed_over():
    """Two Plums read: the less sure is not a Plum. Its runner-up (a 1 of dots) is read four
    times already, so it takes the next code the set has room for."""
    from vision.grouping import within_the_set

    dots = [_read("1p", 0.95, x=40 * k) for k in range(4)]
    plum = _read("1f", 0.9, x=200)
    other = _read("1f", 0.5, ("1p", 0.35), ("2f", 0.3), x=240)
    read = within_the_set((*dots, plum, other))
    assert [t.code for t in read] == ["1p"] * 4 + ["1f", "2f"]


def test_readings_the_set_can_hold_and_white_dragons_are_left_as_read():
    """Four of a tile, and White Dragons past four (the tops of walls and standing tiles, left
    to their own rules), are not changed; nor a reading with no other code to take, or none
    half as likely as its own."""
    from vision.grouping import within_the_set

    four = tuple(_read("3m", 0.6, ("4m", 0.3), x=40 * k) for k in range(4))
    assert within_the_set(four) == four
    blanks = tuple(_read("5z", 0.5, ("6z", 0.4), x=40 * k) for k in range(6))
    assert within_the_set(blanks) == blanks
    alone = tuple(_read("9s", 0.7, x=40 * k) for k in range(4)) + (_read("9s", 0.6, x=160),)
    assert within_the_set(alone) == alone
    unlikely = alone[:4] + (_read("9s", 0.6, ("8s", 0.25), x=160),)
    assert within_the_set(unlikely) == unlikely


def _row(codes: str, x: int, y: int) -> list[TileRead]:
    """Upright faces side by side from (x, y), 30 x 40 pixels each; codes as in `1m2m3m`."""
    pairs = [codes[k : k + 2] for k in range(0, len(codes), 2)]
    return [
        TileRead(code, (x + 31 * k, y, x + 31 * k + 30, y + 40), 0.95)
        for k, code in enumerate(pairs)
    ]


def _pung(code: str, x: int, y: int) -> list[TileRead]:
    """A claimed pung laid from (x, y) as its owner at the bottom sees it: the claimed tile
    turned sideways on the left, the other two upright."""
    turned = TileRead(code, (x, y + 10, x + 40, y + 40), 0.95, rotation=90)
    return [turned, *_row(code * 2, x + 41, y)]


def test_a_set_laid_apart_joins_its_owners_row_but_not_one_across_the_table():
    """A player's pung laid a few tiles past their row is theirs; a pung across the table whose
    faces also read upright (so the same seat by their turn) is another player's, and a hand
    short of a set must not take it and pass for whole."""
    row = _row("1m2m3m4s5s6s9m9m", 300, 860)
    apart = _pung("7z", 300 + 31 * 8 + 100, 860)
    across = _pung("7m", 500, 60)
    tiles = tuple(row + apart + across)
    first = group_hands(tiles, 1280, 960)[0]
    assert first.position == "bottom"
    assert [[tiles[i].code for i in m.tiles] for m in first.melds] == [["7z"] * 3]
    assert sorted(tiles[i].code for i in first.indices()) == sorted(
        ["1m", "2m", "3m", "4s", "5s", "6s", "9m", "9m", "7z", "7z", "7z"]
    )


def test_a_tile_moved_in_a_row_keeps_everything_but_its_box_and_turn():
    """`Placed.moved` is `dataclasses.replace` written out: a field added to `Placed` and left
    out of it would be lost from every tile grouping lays in a row."""
    from dataclasses import fields

    from vision.grouping import Placed

    tile = Placed(7, "5z", 1.0, 2.0, 31.0, 42.0, True, 90, 0.6, "3f", "4f")
    moved = tile.moved((10.0, 20.0, 40.0, 60.0), False, 180)
    expected = replace(
        tile, x0=10.0, y0=20.0, x1=40.0, y1=60.0, reads_vertically=False, rotation=180
    )
    assert [getattr(moved, f.name) for f in fields(Placed)] == [
        getattr(expected, f.name) for f in fields(Placed)
    ]
    assert (moved.cx, moved.cy) == (25.0, 40.0)
