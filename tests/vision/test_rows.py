"""Rows at any angle: the lines a hand, a wall or a discard pool make, and the hands built on them.

The tiles come from drawn scenes' truth (or plain geometry), so these tests check the geometry
alone; `test_reader.py` checks real photos through the finder and the classifier.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from datasets.scene import POSITIONS, Hand, deal_hands, draw_scene
from tests.vision.test_grouping import assert_hands, canonical, random_table, read
from vision.grouping import group_hands, loose_faces
from vision.reader import keep_trusted
from vision.reading import Reading, TileRead
from vision.rows import find_lines


def row_of(count: int, angle: float, step: float = 30.0, gap_before_last: float = 0.0):
    """Centres and box extents of `count` touching upright tiles along `angle` degrees."""
    direction = np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))])
    along = np.arange(count) * step
    along[-1] += gap_before_last * step
    centres = 400 + along[:, None] * direction
    extents = np.tile([0.75 * 40, 40], (count, 1)).astype(float)
    return centres, extents


@pytest.mark.parametrize("angle", [0, 20, 45, 90, 135, 160])
def test_a_hand_row_at_any_angle_is_one_line_in_order_winning_tile_included(angle):
    centres, extents = row_of(14, angle, gap_before_last=0.7)
    lines = find_lines(centres, extents)
    assert len(lines[0].members) == 14
    order = list(lines[0].members)
    assert order in (list(range(14)), list(range(13, -1, -1)))


def test_a_discard_pool_in_rows_of_six_makes_no_long_line():
    centres = np.array([(100 + 32 * col, 100 + 48 * row) for row in range(4) for col in range(6)])
    extents = np.tile([30.0, 40.0], (len(centres), 1))
    lines = find_lines(centres.astype(float), extents)
    assert max(len(line.members) for line in lines) == 6


def test_a_tile_far_beyond_a_rows_end_is_not_part_of_it():
    centres, extents = row_of(13, 0)
    far = np.array([[400 + 12 * 30 + 4 * 30, 400.0]])
    lines = find_lines(np.vstack([centres, far]), np.vstack([extents, [[30.0, 40.0]]]))
    assert len(lines[0].members) == 13 and 13 not in lines[0].members


def turned_tiles(scene, angle: float) -> tuple[tuple[TileRead, ...], int, int]:
    """The scene's tiles after turning the whole table `angle` degrees about the picture's
    centre: each box is the upright box around the turned tile, each face's turn the nearest
    quarter. The picture is made large enough that no tile touches its edge."""
    height, width = scene.image.shape[:2]
    centre = np.array([width, height]) / 2
    t = np.radians(angle)
    turn = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    size = int(np.hypot(width, height)) + 2
    shift = np.array([size, size]) / 2 - centre
    tiles = []
    for tile in scene.tiles:
        x0, y0, x1, y1 = tile.box
        corners = (np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]) - centre) @ turn.T
        corners += centre + shift
        box = tuple(int(round(v)) for v in (*corners.min(axis=0), *corners.max(axis=0)))
        rotation = int(round((tile.rotation + angle) / 90) * 90) % 360
        tiles.append(TileRead(tile.code, box, 1.0, rotation))
    return tuple(tiles), size, size


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("angle", [7, 20, 35, -25, -40])
def test_four_hands_of_a_table_turned_by_the_camera(seed, angle):
    scene, hands = random_table(seed)
    tiles, width, height = turned_tiles(scene, angle)
    reading = keep_trusted(Reading(width, height, tiles, group_hands(tiles, width, height)))
    assert_hands(reading, hands)


def _winner_scene(seed: int, **kwargs):
    rng = np.random.default_rng(seed)
    (hand,) = deal_hands(rng, 1)
    return draw_scene({"bottom": hand}, rng, "procedural", 44, **kwargs), hand


def test_discards_around_a_hand_are_reported_and_never_join_it():
    scene, hand = _winner_scene(11, discards=80, walls=True)
    assert sum(t.role == "discard" for t in scene.tiles) >= 6
    reading = read(scene)
    request = reading.hands[0].to_request(reading.tiles)
    assert canonical(request) == canonical(hand.request())
    discards = [i for i, t in enumerate(scene.tiles) if t.role == "discard"]
    assert len(reading.discards) >= len(discards) - 2  # a few may lie in short rows of a hand
    in_hand = set(reading.hands[0].indices())
    assert not in_hand & set(reading.discards)


def test_a_discard_in_line_with_the_row_far_past_its_end_is_not_the_winning_tile():
    scene, hand = _winner_scene(12)
    tiles = list(read(scene).tiles)
    row = [t for t in tiles if t.box[1] > scene.image.shape[0] / 2]
    right = max(t.box[2] for t in row)
    x0, y0, x1, y1 = max(row, key=lambda t: t.box[2]).box
    step = x1 - x0
    stray = TileRead("9m", (right + 4 * step, y0, right + 5 * step, y1), 1.0, 0)
    height, width = scene.image.shape[:2]
    width = max(width, right + 6 * step)
    tiles = tuple(tiles) + (stray,)
    hands = group_hands(tiles, width, height)
    assert len(tiles) - 1 not in hands[0].indices()
    assert len(tiles) - 1 in loose_faces(tiles, hands)
    assert canonical(hands[0].to_request(tiles)) == canonical(hand.request())


def test_a_few_tiles_of_a_wall_are_never_the_hand_offered_and_bamboo_is_flagged():
    rng = np.random.default_rng(13)
    hand = Hand(
        ("1m", "2m", "3m", "5p", "5p", "7z", "7z", "7z", "4p", "5p", "6p", "9m", "9m"), "9m"
    )
    scene = draw_scene({"bottom": hand}, rng, "procedural", 44)
    tiles = list(read(scene).tiles)
    x0, y0, x1, y1 = tiles[0].box
    w, h = x1 - x0, y1 - y0
    wall = [TileRead("back", (40 + i * w, 40, 40 + (i + 1) * w, 40 + h), 0.9) for i in range(9)]
    wall[3:6] = [
        TileRead(c, wall[k].box, 0.9) for k, c in zip(range(3, 6), ["3s", "5z", "2m"], strict=True)
    ]
    tiles = tuple(tiles + wall)
    height, width = scene.image.shape[:2]
    hands = group_hands(tiles, width, height)
    assert canonical(hands[0].to_request(tiles)) == canonical(hand.request())
    assert hands[0].foreign == ()
    bamboo = tuple(
        TileRead("2s", t.box, 1.0, t.rotation) if t.code == "1m" else t
        for t in tiles[: len(tiles) - 9]
    )
    flagged = group_hands(bamboo, width, height)[0]
    assert [bamboo[i].code for i in flagged.foreign] == ["2s"]
    assert flagged.to_json(bamboo)["foreign"] == list(flagged.foreign)


def test_a_tile_cut_by_the_pictures_edge_joins_no_hand():
    scene, hand = _winner_scene(14)
    tiles = read(scene).tiles
    row = sorted((t for t in tiles if t.box[1] > scene.image.shape[0] / 2), key=lambda t: t.box[0])
    x0, y0, x1, y1 = row[-1].box
    height = scene.image.shape[0]
    width = x1 + (x1 - x0) // 2  # the picture ends across a tile beyond the row's end
    cut = TileRead("4m", (x1 + 3, y0, width, y1), 0.3, 0)
    tiles = tuple(tiles) + (cut,)
    hands = group_hands(tiles, width, height)
    assert len(tiles) - 1 not in hands[0].indices()
    assert canonical(hands[0].to_request(tiles)) == canonical(hand.request())


def test_a_row_laid_along_the_pictures_edge_keeps_a_tile_named_unsurely():
    """A photo that cuts the row along its length (every tile's lower end outside) shortens each
    tile alike: a tile of it that the classifier names unsurely is still a whole tile of the
    row, unlike a tile at the end of a row running out of the picture."""
    scene, hand = _winner_scene(14)
    tiles = read(scene).tiles
    bottom = max(t.box[3] for t in tiles)
    row = sorted((t for t in tiles if t.box[3] == bottom), key=lambda t: t.box[0])
    top = min(t.box[1] for t in row)
    height = bottom - (bottom - top) // 10  # the picture's edge cuts the row's lower tenth
    middle = row[len(row) // 2]
    cut = []
    for t in tiles:
        if t in row:
            t = replace(t, box=(*t.box[:3], height), confidence=0.3 if t is middle else 1.0)
        cut.append(t)
    cut = tuple(cut)
    hands = group_hands(cut, scene.image.shape[1], height)
    assert cut.index(replace(middle, box=(*middle.box[:3], height), confidence=0.3)) in (
        hands[0].indices()
    )
    assert canonical(hands[0].to_request(cut)) == canonical(hand.request())


def test_a_partly_read_hand_with_standing_tiles_comes_before_another_players_sets():
    """The winner's row read in part (ten tiles) is still what a person means, not another
    player's four sets laid down (twelve as the rules count them, but no standing tile)."""
    from vision.grouping import revealed_first
    from vision.reading import HandRead, MeldRead

    partly = HandRead("bottom", concealed=tuple(range(10)))
    sets = HandRead(
        "top", melds=tuple(MeldRead("pung", (20 + 3 * k, 21 + 3 * k, 22 + 3 * k)) for k in range(4))
    )
    assert sets.size > partly.size
    assert sorted([sets, partly], key=revealed_first) == [partly, sets]


def test_beside_a_whole_revealed_hand_a_row_of_faces_short_of_a_hand_is_discards():
    """Discards lying edge to edge in a row of eight (the felt between them found as tiles) look
    like a hand's row; beside a whole revealed hand they are the pool: the other players hold
    their standing tiles as backs."""
    codes = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"]
    hand = [
        TileRead(code, (100 + 36 * k, 520, 134 + 36 * k, 566), 1.0) for k, code in enumerate(codes)
    ]
    pool = ["3m", "7p", "2z", "9m", "4s", "6z", "1p", "8m"]
    row = [
        TileRead(code, (200 + 36 * k, 240, 234 + 36 * k, 286), 1.0) for k, code in enumerate(pool)
    ]
    tiles = tuple(hand + row)
    hands = group_hands(tiles, 800, 600)
    assert [h.position for h in hands] == ["bottom"]
    assert sorted(tiles[i].code for i in hands[0].indices()) == sorted(codes)
    assert set(loose_faces(tiles, hands)) == set(range(len(hand), len(tiles)))


@pytest.mark.parametrize("position", POSITIONS)
def test_the_revealed_hand_comes_first_whatever_its_seat(position):
    rng = np.random.default_rng(15)
    hands = dict(zip(POSITIONS, deal_hands(rng, 4), strict=True))
    # the other seats show only their sets: a few tiles each
    shown = {
        p: h if p == position else Hand((), None, h.melds, h.flowers) for p, h in hands.items()
    }
    shown = {p: h for p, h in shown.items() if p == position or h.melds}
    scene = draw_scene(shown, rng, "procedural", 40)
    reading = read(scene)
    assert reading.hands[0].position == position


def test_a_tables_own_flower_tiles_decide_which_flowers_are_flagged():
    tiles = tuple(
        TileRead(code, (40 * k, 100, 40 * k + 36, 148), 1.0)
        for k, code in enumerate(["1m", "2m", "3m", "4p", "5p", "6p", "7z", "7z", "7z", "9m"])
    )
    tiles += (TileRead("2s", (400, 100, 436, 148), 1.0), TileRead("9m", (440, 100, 476, 148), 1.0))
    tiles += (TileRead("1f", (520, 100, 556, 148), 1.0), TileRead("6f", (560, 100, 596, 148), 1.0))
    reading = Reading(640, 200, tiles, group_hands(tiles, 640, 200))
    codes = {
        option: sorted(tiles[i].code for i in reading.for_table(option).hands[0].foreign)
        for option in (None, "flowers", "seasons")
    }
    assert codes == {None: ["2s"], "flowers": ["2s", "6f"], "seasons": ["1f", "2s"]}


def test_a_line_stepping_from_row_to_row_of_the_pool_is_no_hand_but_touching_tiles_are():
    codes = ["1m", "4p", "7z", "2m", "9p", "3z", "5m", "6p", "1z"]
    # one tile from each of nine loose rows of discards: a straight line, but 1.6 widths a step
    threaded = tuple(
        TileRead(c, (100 + 40 * k, 100 + 30 * k, 130 + 40 * k, 140 + 30 * k), 1.0)
        for k, c in enumerate(codes)
    )
    touching = tuple(
        TileRead(c, (100 + 31 * k, 500, 130 + 31 * k, 540), 1.0) for k, c in enumerate(codes)
    )
    assert group_hands(threaded, 800, 700) == ()
    assert len(group_hands(touching, 800, 700)[0].concealed) == 9
