"""Whole rendered tables: the truth of every tile and group is what the picture shows."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import cv2
import numpy as np
import pytest

import engine
from datasets.scene import POSITIONS
from datasets.table import full_table, made_level, table_truth, write_tables
from datasets.table_layout import COVERED

SEEDS = range(4)


@cache
def table(seed: int, framing: str = "table"):
    return full_table(np.random.default_rng(seed), style="procedural", framing=framing)


def revealed(hand) -> list[str]:
    """The codes a revealed hand shows, a concealed kong's two backs among them."""
    codes = list(hand.concealed) + [hand.win_tile] + list(hand.flowers)
    for meld in hand.melds:
        if meld.kind == "concealed_kong":
            codes += ["back", meld.code, meld.code, "back"]
        else:
            codes += [meld.code] * (3 if meld.kind == "pung" else 4)
    return codes


def overlap(a, b) -> float:
    """The area two tiles' outlines share, in square pixels."""
    area, _ = cv2.intersectConvexConvex(np.float32(a.corners), np.float32(b.corners))
    return area


@pytest.mark.parametrize("seed", SEEDS)
def test_every_tile_lies_inside_the_picture_and_none_covers_another(seed):
    scene = table(seed)
    height, width = scene.image.shape[:2]
    for tile in scene.tiles:
        x0, y0, x1, y1 = tile.box
        assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height, tile
        xs, ys = zip(*tile.corners, strict=True)
        assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx(tile.box)
    for i, a in enumerate(scene.tiles):
        for b in scene.tiles[i + 1 :]:
            stacked = a.role == b.role == "wall" and a.level != b.level
            if not stacked and _touches(a.box, b.box):
                assert overlap(a, b) < 0.5, (a, b)


@pytest.mark.parametrize("seed", SEEDS)
def test_each_outline_starts_at_the_faces_top_left_and_turns_with_it(seed):
    for tile in table(seed).tiles:
        (x0, y0), (x1, y1) = tile.corners[:2]  # the face's top edge, left to right
        top_edge = np.degrees(np.arctan2(y1 - y0, x1 - x0))
        assert abs((top_edge - tile.angle + 180) % 360 - 180) < 3, tile
        assert tile.rotation == round(tile.angle / 90) % 4 * 90, tile


ALONG_THE_ROW = {
    "bottom": (1, 0),
    "right": (0, -1),
    "top": (-1, 0),
    "left": (0, 1),
}  # owner's right


@pytest.mark.parametrize("seed", range(8))
def test_the_winning_tile_ends_the_row_a_little_apart_or_not(seed):
    scene = table(seed)
    along = np.array(ALONG_THE_ROW[scene.winner])
    group = {g.kind: i for i, g in enumerate(scene.groups) if g.position == scene.winner}

    def centre(tile) -> float:
        return float(np.mean(tile.corners, axis=0) @ along)

    row = sorted((t for t in scene.tiles if t.group == group["concealed"]), key=centre)
    (win,) = [t for t in scene.tiles if t.group == group["win"]]
    width = float(np.linalg.norm(np.subtract(win.corners[1], win.corners[0])))  # its top edge
    gap = centre(win) - centre(row[-1]) - width
    if scene.conditions["win_apart"]:
        assert gap > 0.3 * width, "set a little apart"
    else:
        assert -0.02 * width < gap < 0.1 * width, "in the row"


def test_a_wall_stack_is_two_tiles_one_on_the_other():
    scene = table(0)
    upper = [t for t in scene.tiles if t.level == 1]
    assert upper and all(t.role == "wall" for t in upper)
    lower = [t for t in scene.tiles if t.role == "wall" and t.level == 0]
    for tile in upper:
        below = max(lower, key=lambda t: overlap(t, tile))
        assert overlap(below, tile) > 0.5 * (tile.box[2] - tile.box[0]) * (
            tile.box[3] - tile.box[1]
        )


@pytest.mark.parametrize("seed", SEEDS)
def test_the_winners_hand_is_whole_legal_and_winning(seed):
    scene = table(seed)
    hand = scene.hands[scene.winner]
    answer = engine.score(scene.request)
    assert answer["ok"] and answer["winning"], answer
    assert scene.request["seat"] == scene.seats[scene.winner]
    assert {k: scene.request[k] for k in ("hand", "flowers", "win_tile")} == {
        k: hand.request()[k] for k in ("hand", "flowers", "win_tile")
    }
    hand_roles = ("concealed", "win", "meld", "flower")
    shown = [t.code for t in scene.tiles if t.position == scene.winner and t.role in hand_roles]
    assert Counter(shown) == Counter(revealed(hand))


@pytest.mark.parametrize("seed", SEEDS)
def test_every_tile_belongs_to_a_group_that_says_whose_and_what_it_is(seed):
    scene = table(seed)
    members: dict[int, list] = {}
    for tile in scene.tiles:
        assert tile.group is not None and 0 <= tile.group < len(scene.groups)
        members.setdefault(tile.group, []).append(tile)
    assert sorted(members) == list(range(len(scene.groups)))
    role_of = {"pung": "meld", "kong": "meld", "added_kong": "meld", "concealed_kong": "meld"}
    role_of |= {"flowers": "flower", "discards": "discard"}
    for index, group in enumerate(scene.groups):
        tiles = members[index]
        assert {t.position for t in tiles} == {group.position}
        assert {t.role for t in tiles} == {role_of.get(group.kind, group.kind)}
        if group.kind in ("pung", "kong", "added_kong", "concealed_kong"):
            assert len(tiles) == (3 if group.kind == "pung" else 4)
            assert (group.claimed_from is None) == (group.kind == "concealed_kong")
    kinds = Counter((g.position, g.kind) for g in scene.groups)
    assert kinds[(scene.winner, "concealed")] == kinds[(scene.winner, "win")] == 1
    for position in POSITIONS:
        if position == scene.winner:
            continue
        hand = scene.hands[position]
        assert hand.win_tile is None and not hand.concealed
        standing = [t for t in scene.tiles if t.position == position and t.role == "standing"]
        assert len(standing) == 13 - 3 * len(hand.melds) and 10 <= len(standing) <= 13
        assert {t.code for t in standing} == {"back"}


@pytest.mark.parametrize("seed", SEEDS)
def test_the_discards_are_a_pool_of_20_to_70_face_up_tiles_the_hands_leave_over(seed):
    scene = table(seed)
    discards = [t for t in scene.tiles if t.role == "discard"]
    assert 20 <= len(discards) <= 70
    assert "back" not in {t.code for t in discards}
    faces = Counter(t.code for t in scene.tiles if t.code != "back")
    assert max(faces.values()) <= 4, "never a fifth copy of a tile"
    assert any(t.angle % 90 > 3 and t.angle % 90 < 87 for t in discards), "some lie askew"


def test_seeds_vary_the_felt_the_light_the_camera_and_the_winner():
    scenes = [table(seed) for seed in range(8)]
    for key in ("felt", "light", "tile_length", "turn"):
        assert len({s.conditions[key] for s in scenes}) > 2, key
    assert len({s.winner for s in scenes}) > 1
    assert {s.conditions["win_apart"] for s in scenes} == {True, False}
    small = full_table(np.random.default_rng(0), style="procedural", tile_length=25)
    assert small.conditions["tile_length"] == pytest.approx(25, abs=1)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_close_camera_frames_the_winners_hand_whole_and_cuts_the_rest(seed):
    scene = full_table(
        np.random.default_rng(seed), style="procedural", framing="winner", tile_length=70
    )
    height, width = scene.image.shape[:2]
    assert scene.conditions["tile_length"] > 49
    hand_roles = ("concealed", "win", "meld", "flower")
    mine = [t for t in scene.tiles if t.position == scene.winner and t.role in hand_roles]
    assert Counter(t.code for t in mine) == Counter(revealed(scene.hands[scene.winner]))
    assert all(t.visible == 1 for t in mine)
    for tile in scene.tiles:
        x0, y0, x1, y1 = tile.box
        assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height, tile
        xs, ys = zip(*tile.corners, strict=True)
        inside = min(xs) >= 0 and min(ys) >= 0 and max(xs) <= width and max(ys) <= height
        assert (tile.visible == 1) == inside, tile
        assert min(xs) - 0.01 <= x0 and x1 <= max(xs) + 0.01, "the box of the visible part"
        assert 0 < tile.visible <= 1


def test_the_lamp_warms_cools_dims_and_brightens_the_same_table():
    def mean_colour(lighting: str) -> np.ndarray:
        scene = full_table(np.random.default_rng(8), style="procedural", lighting=lighting)
        return scene.image.reshape(-1, 3).mean(axis=0)  # B, G, R

    warm_dim, warm_bright = mean_colour("warm-dim"), mean_colour("warm-bright")
    cool_dim, cool_bright = mean_colour("cool-dim"), mean_colour("cool-bright")
    assert warm_dim.sum() < 0.6 * warm_bright.sum() and cool_dim.sum() < 0.6 * cool_bright.sum()
    for warm, cool in ((warm_dim, cool_dim), (warm_bright, cool_bright)):
        assert warm[2] / warm[0] > 1.2 * cool[2] / cool[0], "warm light is redder than cool"


def test_a_lamp_two_stops_under_leaves_about_half_the_value_as_a_camera_records_it(monkeypatch):
    """Exposure is light: a quarter of it (two stops under) leaves a gamma-encoded picture at
    about 0.25 ** (1 / 2.2), near half its values, not at a quarter (over four stops)."""
    from datasets import table_look

    monkeypatch.setitem(table_look.LIGHTS, "even", ((1.0, 1.0, 1.0), (1.0, 1.0)))
    monkeypatch.setitem(table_look.LIGHTS, "two stops under", ((1.0, 1.0, 1.0), (0.25, 0.25)))
    grey = np.full((200, 300, 3), 200, np.uint8)
    even = table_look.light(grey, np.random.default_rng(3), "even")
    under = table_look.light(grey, np.random.default_rng(3), "two stops under")
    ratio = float(np.median(under.astype(float) / np.maximum(even, 1)))
    assert ratio == pytest.approx(0.25 ** (1 / 2.2), abs=0.03)


def test_given_hands_need_every_seat_and_a_winner_with_a_winning_tile():
    from datasets.demo import DEMO_HANDS

    with pytest.raises(ValueError, match="each of bottom, right, top and left"):
        full_table(np.random.default_rng(0), hands={"bottom": DEMO_HANDS["bottom"]})
    with pytest.raises(ValueError, match="winning tile"):
        full_table(np.random.default_rng(0), hands=DEMO_HANDS, winner="top")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_tossed_pool_lies_every_way_some_tiles_on_others_each_mostly_seen(seed):
    laid = table(seed)
    tossed = full_table(
        np.random.default_rng(seed), style="procedural", framing="table", pool="tossed"
    )
    assert tossed.conditions["pool"] == "tossed" and laid.conditions["pool"] == "rows"
    rest = [(t.code, t.box, t.role) for t in laid.tiles if t.role != "discard"]
    assert [(t.code, t.box, t.role) for t in tossed.tiles if t.role != "discard"] == rest
    assert (tossed.hands, tossed.request) == (laid.hands, laid.request)
    discards = [t for t in tossed.tiles if t.role == "discard"]
    assert len(discards) >= 0.9 * len([t for t in laid.tiles if t.role == "discard"])
    # any angle, not the rows' few degrees off a seat's turn
    askew = [t.angle % 90 for t in discards]
    assert sum(15 < a < 75 for a in askew) >= len(discards) / 3
    on_others = sum(overlap(a, b) > 0 for i, a in enumerate(discards) for b in discards[i + 1 :])
    assert on_others >= 1, "some tossed tiles lie on the edge of others"
    # a hair of rounding between the pool's pixels and the camera's outline
    assert min(t.visible for t in discards) >= 1 - COVERED - 0.02
    assert {t.group for t in discards} == {
        k for k, g in enumerate(tossed.groups) if g.kind == "discards"
    }


def test_a_pool_is_laid_in_rows_or_tossed_and_nothing_else():
    with pytest.raises(ValueError, match="rows, tossed"):
        full_table(np.random.default_rng(0), style="procedural", pool="stacked")


def test_the_same_seed_draws_the_same_table():
    first = full_table(np.random.default_rng(3), style="procedural")
    again = full_table(np.random.default_rng(3), style="procedural")
    assert np.array_equal(first.image, again.image)
    assert first.tiles == again.tiles and first.groups == again.groups


def test_the_camera_height_changes_the_picture_not_the_table():
    near = full_table(np.random.default_rng(4), style="procedural", tile_length=40)
    far = full_table(np.random.default_rng(4), style="procedural", tile_length=28)
    assert far.conditions["tile_length"] < near.conditions["tile_length"]
    assert far.image.shape == near.image.shape
    assert [(t.code, t.role, t.group) for t in far.tiles] == [
        (t.code, t.role, t.group) for t in near.tiles
    ]
    assert (far.hands, far.groups, far.request) == (near.hands, near.groups, near.request)


def _outlines(scene, grow: int) -> np.ndarray:
    """Where tiles lie in the picture (True), their outlines grown by `grow` pixels."""
    mask = np.zeros(scene.image.shape[:2], np.uint8)
    for tile in scene.tiles:
        cv2.fillConvexPoly(mask, np.round(np.float32(tile.corners)).astype(np.int32), 1)
    return cv2.dilate(mask, np.ones((2 * grow + 1,) * 2, np.uint8)) > 0 if grow else mask > 0


@pytest.mark.parametrize("turn", [-4.0, 0.0, 3.5])
def test_boxes_follow_the_picture_when_it_is_turned(turn):
    """Each discard's outline holds no felt, and felt rings its box where no other tile is near."""
    scene = full_table(
        np.random.default_rng(5), style="procedural", felt="grey", lighting="neutral", turn=turn
    )
    image = scene.image.astype(np.float32)
    near_tiles = _outlines(scene, 9)  # tiles and the shadows they cast
    lightest = image.max(axis=2)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
    checked = sides = 0
    for tile in (t for t in scene.tiles if t.role == "discard"):
        x0, y0, x1, y1 = (int(round(v)) for v in tile.box)
        around = (slice(y0 - 40, y1 + 40), slice(x0 - 40, x1 + 40))
        bare = image[around][~near_tiles[around]]
        if len(bare) < 50:  # in the middle of the rows: no felt to tell it from
            continue
        felt = np.median(bare, axis=0)  # the felt here, in this part of the light
        unlike = (np.abs(image[around] - felt).max(axis=2) > 50).astype(np.uint8)
        unlike = cv2.morphologyEx(unlike, cv2.MORPH_CLOSE, kernel)  # the face's ink too
        inside = np.zeros(unlike.shape, np.uint8)
        outline = np.float32(tile.corners) - (around[1].start, around[0].start)
        cv2.fillConvexPoly(inside, np.round(outline).astype(np.int32), 1)
        inside = cv2.erode(inside, np.ones((5, 5), np.uint8)).astype(bool)
        assert unlike[inside].mean() > 0.95, tile
        checked += 1
        bright = lightest > felt.max() + 60  # an ivory face, lighter than the felt
        for ring in (
            (x0, y0 - 7, x1, y0 - 2),
            (x0, y1 + 2, x1, y1 + 7),
            (x0 - 7, y0, x0 - 2, y1),
            (x1 + 2, y0, x1 + 7, y1),
        ):
            if not any(_touches(ring, other.box) for other in scene.tiles if other is not tile):
                assert bright[ring[1] : ring[3], ring[0] : ring[2]].mean() < 0.1, (tile, ring)
                sides += 1
    assert checked >= 15 and sides >= 40


def _touches(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_write_tables_writes_pictures_and_their_truth(tmp_path):
    written = write_tables(tmp_path, 2, seed=7, style="procedural")
    assert [p.name for p in written] == ["table_000.png", "table_001.png"]
    for picture in written:
        image = cv2.imread(str(picture))
        truth = json.loads(picture.with_suffix(".json").read_text())
        assert (truth["width"], truth["height"]) == (image.shape[1], image.shape[0])
        assert truth["winner"] in POSITIONS and truth["request"]["hand"]
        assert {t["role"] for t in truth["tiles"]} >= {"concealed", "standing", "discard"}
        assert all(0 <= t["group"] < len(truth["groups"]) for t in truth["tiles"])
    scene = full_table(np.random.default_rng([7, 1]), style="procedural")
    assert table_truth(scene) == truth


def test_the_command_line_writes_tables_with_their_pool_tossed(tmp_path):
    from datasets.table import main

    options = ["--style", "procedural", "--framing", "table", "--pool", "tossed"]
    assert main([str(tmp_path), "--count", "1", *options]) == 0
    truth = json.loads((tmp_path / "table_000.json").read_text())
    assert truth["conditions"]["pool"] == "tossed"
    pool = [t for t in truth["tiles"] if t["role"] == "discard"]
    assert pool and min(t["visible"] for t in pool) >= 1 - COVERED - 0.02


def test_a_set_on_black_faces_lays_out_the_same_table_with_dark_faces():
    # The finder halves black faces; it learns them from tables drawn so (`--dark-tables`).
    def face_brightness(scene) -> float:
        grey = scene.image.mean(axis=2)
        return float(
            np.median(
                [
                    np.median(grey[int(y0) : int(y1), int(x0) : int(x1)])
                    for x0, y0, x1, y1 in (t.box for t in scene.tiles if t.code != "back")
                ]
            )
        )

    light = full_table(np.random.default_rng(5), style="procedural", dark=False)
    dark = full_table(np.random.default_rng(5), style="procedural", dark=True)
    assert [(t.code, t.box) for t in dark.tiles] == [(t.code, t.box) for t in light.tiles]
    assert face_brightness(dark) < 0.5 * face_brightness(light)


def test_a_turned_picture_shows_a_tile_near_the_tables_edge_once():
    """Where a turned camera sees past the drawn table, it sees floor: a tile lying near the
    canvas's edge is not shown a second time, mirrored, outside the truth."""
    from datasets.table_camera import shoot

    canvas = np.full((960, 1280, 3), (40, 60, 90), np.uint8)  # floor
    canvas[450:510, 8:68] = (0, 0, 255)  # a red tile 8 pixels in from the left edge
    for turn in (30.0, 45.0):
        image, _, _ = shoot(canvas, [], (1280, 960), turn, np.random.default_rng(0))
        red = (image[:, :, 2] > 200) & (image[:, :, 1] < 60)
        assert 0.8 * 60 * 60 < red.sum() < 1.2 * 60 * 60, turn


def test_a_low_cameras_table_made_level_has_its_far_faces_as_large_as_its_near_ones():
    # the finder for level pictures and the classifier learn what the reader gives them: the
    # far faces enlarged to the near ones' size, each box still around its tile
    scene = full_table(np.random.default_rng(4), tilt=0.25)
    boxes = np.array([t.box for t in scene.tiles], np.float32)
    kinds = np.array([t.code == "back" for t in scene.tiles], np.int64)
    image, level, kept = made_level(scene.image, boxes, kinds)
    assert image.shape != scene.image.shape, "a camera this low is made level"
    faces = level[kinds[kept] == 0]
    assert len(faces) >= 0.95 * (kinds == 0).sum(), "nearly every face is kept"
    height = image.shape[0]
    assert (faces >= 0).all() and (faces[:, [2, 3]] <= [image.shape[1], height]).all()

    def far_to_near(b: np.ndarray) -> float:
        """The far quarter's face width over the near quarter's."""
        centre, width = (b[:, 1] + b[:, 3]) / 2, np.minimum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1])
        far, near = np.quantile(centre, [0.25, 0.75])
        return float(np.median(width[centre <= far]) / np.median(width[centre >= near]))

    seen = boxes[kinds == 0]
    assert far_to_near(seen) < 0.7, "as seen, the far faces are small"
    assert far_to_near(faces) > 0.8
    # a box still lies on its tile: the tiles are lighter than the felt around them
    grey = image.astype(float).mean(axis=2)
    inside = [
        grey[int(y0) + 2 : int(y1) - 2, int(x0) + 2 : int(x1) - 2].mean()
        for x0, y0, x1, y1 in faces
    ]
    assert np.median(inside) > np.median(grey) + 30


def test_a_table_too_gently_tilted_for_the_reader_stays_as_seen():
    scene = full_table(np.random.default_rng(4))
    boxes = np.array([t.box for t in scene.tiles], np.float32)
    kinds = np.array([t.code == "back" for t in scene.tiles], np.int64)
    image, level, kept = made_level(scene.image, boxes, kinds)
    assert image is scene.image and kept.all() and np.array_equal(level, boxes)
