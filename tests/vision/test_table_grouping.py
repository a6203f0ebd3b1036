"""Grouping whole end-of-hand tables (`datasets.table`): the winner's hand among standing rows,
other players' sets, the discard pool (in rows, or tossed into the middle at every angle), walls,
arms and a turned camera, against the tables' truth.

The tiles come from the tables' truth (code, box, face turn), so these check grouping alone;
`test_reader.py` and `test_demo.py` read such tables through the finder and the classifier.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache

import numpy as np
import pytest

from datasets.table import HAND_ROLES, full_table
from datasets.table_layout import POOLS
from lab.hands import as_laid, canonical
from tests.vision.test_grouping import read, tiles_of
from vision.grouping import group_hands, loose_faces
from vision.reading import Reading, TileRead

SEEDS = range(10)


@cache
def table(seed: int, pool: str = "rows"):
    """A table of seed `seed`, its discards laid in rows or tossed into the middle (the same
    hands, sets and walls either way), and its grouping."""
    scene = full_table(np.random.default_rng([7, seed]), pool=pool)
    return scene, read(scene)


@pytest.mark.parametrize("pool", POOLS)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_winners_hand_is_offered_first_exactly_as_laid(seed, pool):
    scene, reading = table(seed, pool)
    first = reading.hands[0]
    assert first.position == scene.winner
    assert canonical(first.to_request(reading.tiles)) == as_laid(scene)


@pytest.mark.parametrize("pool", POOLS)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_pool_is_reported_as_discards_and_no_discard_joins_a_hand(seed, pool):
    scene, reading = table(seed, pool)
    # `read` keeps the scene's tiles (boxes rounded), less the backs no hand uses: match by box
    role_at = {tuple(int(round(v)) for v in t.box): t.role for t in scene.tiles}
    roles = [role_at.get(tuple(t.box)) for t in reading.tiles]
    in_hands = {i for hand in reading.hands for i in hand.indices()}
    assert not [i for i in in_hands if roles[i] == "discard"], "a discard joined a hand"
    pool = [i for i, role in enumerate(roles) if role == "discard"]
    reported = set(reading.discards)
    assert sum(i in reported for i in pool) >= 0.9 * len(pool)


@pytest.mark.parametrize("pool", POOLS)
@pytest.mark.parametrize("seed", SEEDS)
def test_walls_and_standing_rows_are_no_hand_of_their_own(seed, pool):
    scene, reading = table(seed, pool)
    for hand in reading.hands[1:]:
        assert not hand.concealed, "another player shows only sets and flowers"
        assert hand.position != scene.winner


@pytest.mark.parametrize("seed", range(4))
def test_a_set_with_backs_as_plain_as_its_white_dragon_still_gives_the_winners_hand(seed):
    """Where the backs are as plain as the White Dragon's face, the classifier names the walls'
    tiles and the tops of the standing tiles White Dragons: rows of blanks, no player's hand."""
    from types import SimpleNamespace

    from vision.reader import TileReader

    scene, _ = table(seed)
    tiles = tuple(replace(t, code="5z") if t.code == "back" else t for t in tiles_of(scene))
    assert sum(t.code == "5z" for t in tiles) > 20, "walls and standing rows read as blanks"
    reader = TileReader(finder=SimpleNamespace(), classifier=SimpleNamespace(rotation_output=1))
    height, width = scene.image.shape[:2]
    reading = reader.group(width, height, tiles)
    first = reading.hands[0]
    assert first.position == scene.winner
    assert canonical(first.to_request(reading.tiles)) == as_laid(scene)
    for hand in reading.hands[1:]:
        assert not hand.concealed, "a row of plain tiles is no player's standing tiles"
    assert sum(reading.tiles[i].code == "5z" for i in reading.discards) <= 4


# --- the same tables with what a finder gets wrong, and what lies near the winner's row --------

CLAIMED = ("pung", "kong", "added_kong")


@cache
def whole_table(seed: int):
    """A table framed whole (every seat's sets and flowers in the picture)."""
    scene = full_table(np.random.default_rng([7, seed]), framing="table")
    return scene, read(scene)


@pytest.mark.parametrize("seed", SEEDS)
def test_other_players_sets_come_back_at_their_seats(seed):
    """Each other player's laid-down sets, beside their standing tiles or on their own, are
    theirs (the flowers taken with them too): none is reported as discards."""
    scene, reading = whole_table(seed)
    got = {hand.position: hand for hand in reading.hands}
    for position, hand in scene.hands.items():
        if position == scene.winner or not hand.melds:
            continue
        assert position in got, f"{position}'s sets"
        mine = got[position]
        assert not mine.concealed, "another player's standing tiles are no hand"
        sets = sorted((str(m.kind), m.codes(reading.tiles)) for m in mine.melds)
        assert sets == sorted((str(m.kind), m.tiles) for m in hand.melds), position
        flowers = Counter(reading.tiles[i].code for i in mine.flowers)
        assert flowers <= Counter(hand.flowers), position


@pytest.mark.parametrize("seed", SEEDS)
def test_the_winning_tile_is_taken_only_where_it_lies_apart(seed):
    scene, reading = table(seed)
    first = reading.hands[0]
    if scene.conditions["win_apart"]:
        assert reading.tiles[first.win_tile].code == scene.hands[scene.winner].win_tile
    else:
        assert first.win_tile is None, "a winning tile touching the others cannot be told"


def _winners_row(scene):
    """The winner's row in the picture: (mean centre, unit vector towards the owner's right,
    an upright tile's (width, height) box, the far right edge along that vector)."""
    from vision.grouping import RIGHTWARD

    mine = [t for t in scene.tiles if t.position == scene.winner and t.role in HAND_ROLES]
    centres = np.array([((t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2) for t in mine])
    origin = centres.mean(axis=0)
    _, _, axes = np.linalg.svd(centres - origin)
    rightward = axes[0] if axes[0] @ np.array(RIGHTWARD[scene.winner]) > 0 else -axes[0]
    box = next(t.box for t in mine if t.role == "concealed")
    size = (box[2] - box[0], box[3] - box[1])
    reach = [
        (np.array(c) - origin) @ rightward
        + ((t.box[2] - t.box[0]) * abs(rightward[0]) + (t.box[3] - t.box[1]) * abs(rightward[1]))
        / 2
        for c, t in zip(centres, mine, strict=True)
    ]
    return origin, rightward, size, max(reach)


def _free(box, tiles, width, height, slack: float = 0.0) -> bool:
    """Whether a box lies inside the picture and clear of every tile (but for `slack` of its
    size on each side: tiles lying close together overlap a little in a turned picture)."""
    x0, y0, x1, y1 = box
    if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
        return False
    dx, dy = slack * (x1 - x0), slack * (y1 - y0)
    x0, y0, x1, y1 = x0 + dx, y0 + dy, x1 - dx, y1 - dy
    return all(t.box[2] <= x0 or t.box[0] >= x1 or t.box[3] <= y0 or t.box[1] >= y1 for t in tiles)


@pytest.mark.parametrize("gap", [0.5, 1.2])
def test_a_tile_lying_in_line_past_the_winners_row_is_a_discard_not_the_winning_tile(gap):
    """A discard or a stray that happens to lie in line with the row's far end, past its sets
    or its winning tile, a gap (in tile widths) away: never a tile of the hand."""
    checked = 0
    for seed in SEEDS:
        scene, _ = whole_table(seed)
        origin, rightward, (w, h), end = _winners_row(scene)
        width = w if abs(rightward[0]) > abs(rightward[1]) else h
        centre = origin + rightward * (end + (gap + 0.5) * width)
        box = (centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2)
        height, picture_width = scene.image.shape[:2]
        if not _free(box, scene.tiles, picture_width, height):
            continue
        shown = {t.code for t in scene.tiles if t.position == scene.winner}
        code = next(c for c in ("3p", "8m", "4z", "6p") if c not in shown)
        upright = next(t for t in scene.tiles if t.position == scene.winner)
        stray = TileRead(code, tuple(int(round(v)) for v in box), 1.0, upright.rotation)
        tiles = tiles_of(scene) + (stray,)
        hands = group_hands(tiles, picture_width, height)
        reading = Reading(picture_width, height, tiles, hands, loose_faces(tiles, hands))
        assert canonical(reading.hands[0].to_request(tiles)) == as_laid(scene), seed
        assert len(tiles) - 1 in reading.discards, "the stray is reported with the discards"
        checked += 1
    assert checked >= len(SEEDS) // 2, "most tables leave room past the row"


def test_a_set_whose_turned_tile_was_found_upright_is_still_that_set():
    """The finder's box of a turned tile sometimes comes out as square as an upright tile's, and
    a symmetric face (5p, White) does not show its turn: the set is still a set (the panel asks
    whom it came from), and no tile of it is taken for the winning tile."""
    checked = 0
    for seed in SEEDS:
        scene, _ = table(seed)
        row = [t for t in scene.tiles if t.position == scene.winner]
        upright = next(t for t in row if t.role == "concealed")
        w, h = upright.box[2] - upright.box[0], upright.box[3] - upright.box[1]
        turned = [
            k
            for k, t in enumerate(scene.tiles)
            if t in row
            and t.role == "meld"
            and t.code != "back"
            and t.level == 0
            and (t.rotation - upright.rotation) % 180
            and scene.groups[t.group].kind in CLAIMED
        ]
        # of an added kong's two turned tiles, the one in the row (nearer the owner's tiles)
        in_row = [k for k in turned if not _stacked(scene, k, upright)]
        if not in_row:
            continue
        tiles = list(tiles_of(scene))
        for k in in_row:
            x0, y0, x1, y1 = scene.tiles[k].box
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            box = (cx - 0.4 * w, cy - 0.4 * h, cx + 0.4 * w, cy + 0.4 * h)  # a short upright box
            tiles[k] = TileRead(
                tiles[k].code, tuple(int(round(v)) for v in box), 1.0, upright.rotation
            )
        height, width = scene.image.shape[:2]
        hands = group_hands(tuple(tiles), width, height)
        first = hands[0]
        assert canonical(first.to_request(tuple(tiles))) == as_laid(scene), seed
        checked += 1
    assert checked >= 3, "enough tables with claimed sets"


def _stacked(scene, k: int, upright) -> bool:
    """Whether scene tile k lies a line further from its owner than the standing tiles (the
    added tile of an added kong)."""
    from vision.grouping import FORWARD

    forward = np.array(FORWARD[scene.winner])
    t = scene.tiles[k]
    centre = np.array(((t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2))
    base = np.array(((upright.box[0] + upright.box[2]) / 2, (upright.box[1] + upright.box[3]) / 2))
    width = min(upright.box[2] - upright.box[0], upright.box[3] - upright.box[1])
    return (centre - base) @ forward > 0.5 * width


def test_a_back_found_in_the_gap_before_the_winning_tile_does_not_join_it():
    """Green backs on green felt: the finder may see a back in the gap between two groups,
    filling it; it must not join the winning tile to the standing tiles."""
    apart = [table(seed)[0] for seed in SEEDS if table(seed)[0].conditions["win_apart"]]
    assert len(apart) >= 3, "enough tables with the winning tile apart"
    for scene in apart:
        _ghost_in_the_gap_changes_nothing(scene)


def _ghost_in_the_gap_changes_nothing(scene) -> None:
    mine = [t for t in scene.tiles if t.position == scene.winner]
    win = next(t for t in mine if t.role == "win")
    concealed = [t for t in mine if t.role == "concealed"]
    _, rightward, _, _ = _winners_row(scene)
    axis = 0 if abs(rightward[0]) > abs(rightward[1]) else 1  # rows lie within 4 degrees of it
    box = list(win.box)
    if rightward[axis] > 0:  # the gap runs from the last standing tile to the winning tile
        box[axis], box[axis + 2] = max(t.box[axis + 2] for t in concealed), win.box[axis]
    else:
        box[axis], box[axis + 2] = win.box[axis + 2], min(t.box[axis] for t in concealed)
    ghost = TileRead("back", tuple(int(round(v)) for v in box), 0.6, win.rotation)
    tiles = tiles_of(scene) + (ghost,)
    height, width = scene.image.shape[:2]
    hands = group_hands(tiles, width, height)
    assert canonical(hands[0].to_request(tiles)) == as_laid(scene)


def test_a_concealed_kong_joined_to_its_neighbour_by_a_back_in_the_gap_is_still_a_kong():
    """A back found in the gap after a concealed kong (green backs on green felt) makes the kong
    and the tiles beyond it one run of tiles: the kong is still read as the set it is, and the
    ghost is no tile of the hand."""
    checked = 0
    for seed in range(30):
        scene, _ = table(seed)
        kongs = [
            k
            for k, g in enumerate(scene.groups)
            if g.kind == "concealed_kong" and g.position == scene.winner
        ]
        if not kongs:
            continue
        origin, rightward, (w, h), _ = _winners_row(scene)
        mine = [t for t in scene.tiles if t.position == scene.winner and t.role in HAND_ROLES]

        def along(t, origin=origin, rightward=rightward) -> float:
            centre = np.array(((t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2))
            return float((centre - origin) @ rightward)

        kong = sorted((t for t in mine if t.group == kongs[0]), key=along)
        beyond = [t for t in mine if t.level == 0 and along(t) > along(kong[-1])]
        if not beyond:
            continue
        following = min(beyond, key=along)
        width = w if abs(rightward[0]) > abs(rightward[1]) else h
        start = along(kong[-1]) + width / 2
        end = along(following) - width / 2
        if end - start < 0.3 * width:
            continue  # no gap to fill
        centre = origin + rightward * (start + end) / 2
        across = (end - start) / 2
        half = (across, h / 2) if abs(rightward[0]) > abs(rightward[1]) else (w / 2, across)
        box = (centre[0] - half[0], centre[1] - half[1], centre[0] + half[0], centre[1] + half[1])
        ghost = TileRead("back", tuple(int(round(v)) for v in box), 0.6, kong[0].rotation)
        tiles = tiles_of(scene) + (ghost,)
        height, picture_width = scene.image.shape[:2]
        hands = group_hands(tiles, picture_width, height)
        assert canonical(hands[0].to_request(tiles)) == as_laid(scene), seed
        checked += 1
    assert checked >= 3, "enough tables with a concealed kong followed by a tile in the row"


def test_a_turned_tile_lying_in_front_of_a_lone_standing_tile_is_no_added_kong():
    """A discard turned sideways just in front of the row, over a standing tile of its own code:
    an added tile lies on a set, so this one is a discard, not part of the hand."""
    from vision.grouping import FORWARD

    checked = 0
    for seed in SEEDS:
        scene, _ = whole_table(seed)
        mine = [t for t in scene.tiles if t.position == scene.winner]
        codes = Counter(t.code for t in mine)
        lone = [t for t in mine if t.role == "concealed" and codes[t.code] == 1]
        if not lone:
            continue
        under = lone[0]
        x0, y0, x1, y1 = under.box
        w, h = x1 - x0, y1 - y0
        width = min(w, h)
        centre = np.array(((x0 + x1) / 2, (y0 + y1) / 2)) + np.array(FORWARD[scene.winner]) * (
            1.2 * width
        )
        box = (centre[0] - h / 2, centre[1] - w / 2, centre[0] + h / 2, centre[1] + w / 2)
        height, picture_width = scene.image.shape[:2]
        if not _free(box, scene.tiles, picture_width, height):
            continue
        turned = TileRead(
            under.code, tuple(int(round(v)) for v in box), 1.0, (under.rotation + 90) % 360
        )
        tiles = tiles_of(scene) + (turned,)
        hands = group_hands(tiles, picture_width, height)
        reading = Reading(picture_width, height, tiles, hands, loose_faces(tiles, hands))
        assert canonical(reading.hands[0].to_request(tiles)) == as_laid(scene), seed
        assert len(tiles) - 1 in reading.discards
        checked += 1
    assert checked >= 3, "enough tables with a lone standing tile and room in front of it"


def test_a_turned_tile_lying_on_a_claimed_kong_is_neither_the_winning_tile_nor_the_hands():
    """Only a pung takes a tile on top (an added kong); a tile lying turned on a claimed kong's
    turned tile is a discard that came to rest there: never the winning tile, which lies in
    line at the standing tiles' right end."""
    from vision.grouping import FORWARD

    checked = 0
    for seed in SEEDS:
        scene, _ = whole_table(seed)
        mine = [t for t in scene.tiles if t.position == scene.winner]
        standing = next(t for t in mine if t.role == "concealed")
        turned = [
            t
            for t in mine
            if t.role == "meld"
            and scene.groups[t.group].kind == "kong"
            and (t.rotation - standing.rotation) % 180
        ]
        if not turned:
            continue
        under = turned[0]
        x0, y0, x1, y1 = under.box
        width = min(x1 - x0, y1 - y0)
        shift = np.array(FORWARD[scene.winner]) * width
        box = (x0 + shift[0], y0 + shift[1], x1 + shift[0], y1 + shift[1])
        height, picture_width = scene.image.shape[:2]
        if not _free(box, scene.tiles, picture_width, height, slack=0.15):
            continue
        on_top = TileRead("8m", tuple(int(round(v)) for v in box), 1.0, under.rotation)
        tiles = tiles_of(scene) + (on_top,)
        hands = group_hands(tiles, picture_width, height)
        assert canonical(hands[0].to_request(tiles)) == as_laid(scene), seed
        assert len(tiles) - 1 not in hands[0].indices()
        checked += 1
    assert checked >= 2, "enough tables with a claimed kong"
