"""A winner's hand read one tile wrong is put right by the rules: a winning hand is complete."""

from __future__ import annotations

from dataclasses import replace

from engine.analysis import SetKind
from vision.completion import completed, nearly_whole
from vision.reading import HandRead, MeldRead, Reading, TileRead

# 123m 456m 789p 111z 22z, the winning tile the last 2z: complete
WINNER = ["1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "1z", "1z", "1z", "2z", "2z"]


def _reading(codes, tops=None, melds=(), flowers=()):
    """A reading of one hand in a row: `codes` standing (the last the winning tile), each named
    surely unless `tops` gives its best readings."""
    tops = tops or {}
    tiles = []
    for k, code in enumerate([*codes, *(c for m in melds for c in m), *flowers]):
        top = tops.get(k, ((code, 0.97),))
        tiles.append(TileRead(top[0][0], (40 * k, 0, 40 * k + 36, 50), top[0][1], 0, top))
    standing = tuple(range(len(codes)))
    sets, start = [], len(codes)
    for meld in melds:
        sets.append(MeldRead(SetKind.PUNG, tuple(range(start, start + len(meld)))))
        start += len(meld)
    hand = HandRead(
        "bottom",
        concealed=standing,
        melds=tuple(sets),
        flowers=tuple(range(start, start + len(flowers))),
        win_tile=standing[-1],
        foreign=tuple(i for i in standing if tiles[i].code.endswith("s")),
    )
    return Reading(640, 480, tuple(tiles), (hand,))


def _request(reading):
    return reading.hands[0].to_request(reading.tiles)


def test_a_tile_read_as_its_runner_up_is_put_right_and_left_for_a_person_to_confirm():
    # the 8 of dots read as a 6 (its runner-up the 8): 123m 456m 769p 111z 22z is no hand
    reading = _reading(WINNER, {7: (("6p", 0.55), ("8p", 0.30), ("9p", 0.05))})
    fixed = completed(reading)
    assert _request(fixed)["hand"] == "".join(WINNER)
    tile = fixed.tiles[7]
    assert (tile.code, tile.confidence, tile.unsure) == ("8p", 0.30, True)
    assert fixed.tiles[:7] == reading.tiles[:7] and fixed.tiles[8:] == reading.tiles[8:]


def test_of_several_changes_that_complete_the_hand_the_likeliest_is_taken():
    # a 1z read as 3z: 1z (111z 22z) and 2z (11z 222z) both complete the hand
    likelier_1z = completed(_reading(WINNER, {9: (("3z", 0.6), ("1z", 0.35), ("2z", 0.03))}))
    assert likelier_1z.tiles[9].code == "1z"
    likelier_2z = completed(_reading(WINNER, {9: (("3z", 0.6), ("2z", 0.35), ("1z", 0.03))}))
    assert likelier_2z.tiles[9].code == "2z"
    assert [likelier_2z.tiles[i].code for i in likelier_2z.hands[0].concealed].count("2z") == 3


def test_a_complete_hand_and_a_hand_no_one_change_completes_are_left_as_read():
    complete = _reading(WINNER, {3: (("4m", 0.5), ("7m", 0.4), ("1m", 0.05))})
    assert completed(complete) is complete
    two_wrong = list(WINNER)
    two_wrong[0] = two_wrong[4] = "9m"  # 9m 2m 3m 4m 9m 6m: two tiles off, sure of both
    tops = {0: (("9m", 0.9), ("8m", 0.05)), 4: (("9m", 0.9), ("8m", 0.05))}
    unfinished = _reading(two_wrong, tops)
    assert completed(unfinished) is unfinished


def test_a_hand_short_of_a_winners_size_is_not_filled_in():
    """Thirteen standing tiles (one not found): no change can make it a winner's hand."""
    short = _reading(WINNER[:-1], {7: (("6p", 0.55), ("8p", 0.30))})
    assert completed(short) is short


def test_sets_count_and_a_bamboo_misread_is_no_longer_flagged_once_put_right():
    # 1z pung laid down; standing 123m 456m 7p 8p 9p 2z 2z with the 9p read as 6 of bamboo
    standing = ["1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "2z", "2z"]
    tops = {8: (("6s", 0.5), ("9p", 0.3), ("6p", 0.1))}
    reading = _reading(standing, tops, melds=[("1z", "1z", "1z")], flowers=["1f"])
    assert reading.hands[0].foreign == (8,)
    fixed = completed(reading)
    assert _request(fixed)["hand"] == "".join(standing)
    assert fixed.hands[0].foreign == ()


def test_a_set_whose_turned_tile_was_misread_and_boxed_upright_is_grouped_again_as_a_set():
    """The turned tile of a claimed pung boxed as an upright tile at one end of its place (a
    gap opens beside it) and named as its runner-up: grouping alone takes the pung's other
    two tiles and it for standing tiles, and the hand is incomplete. Completed by the rules,
    the hand is grouped again with the tile put right, and the pung is a claimed set."""
    import numpy as np

    from datasets.demo import DEMO_HANDS
    from datasets.scene import draw_scene
    from lab.hands import canonical
    from tests.vision.test_grouping import read_tiles, tiles_of
    from vision.reader import TileReader

    class Classifier:  # grouping needs to know that the classifier tells a face's turn
        rotation_output = "rotation"

    scene = draw_scene(DEMO_HANDS, np.random.default_rng(5), style="procedural", tile_height=44)
    height, width = scene.image.shape[:2]
    reader = TileReader(finder=object(), classifier=Classifier())
    truth = canonical(DEMO_HANDS["bottom"].request())
    tiles = tiles_of(scene)
    turned = [
        k
        for k, t in enumerate(scene.tiles)
        if t.position == "bottom" and t.code in ("6z", "7z") and t.rotation % 180 == 90
    ]
    assert len(turned) == 2, "the demo's two claimed pungs"
    for k in turned:
        x0, y0, x1, y1 = tiles[k].box
        upright = (int(x1 - 0.75 * (y1 - y0)), y0 - 4, x1, y1 + 4)
        top = (("5z", 0.6), (tiles[k].code, 0.3))
        changed = list(tiles)
        changed[k] = replace(tiles[k], box=upright, rotation=0, code="5z", confidence=0.6, top=top)
        alone = read_tiles(scene, changed)
        both = reader.group(width, height, tuple(changed))

        def bottom(reading):
            hand = next(h for h in reading.hands if h.position == "bottom")
            return canonical(hand.to_request(reading.tiles))

        assert bottom(alone) != truth
        assert bottom(both) == truth


def test_a_doubtful_flower_of_the_kind_the_table_does_not_play_is_its_likeliest_of_the_kind():
    """A table plays four flowers or four seasons. A flower the classifier was unsure of, read
    as the other kind, is the likeliest of the table's kind among its best readings, and stays
    unsure; a flower read surely as the other kind is left as read and flagged."""
    doubtful = (("7f", 0.31), ("2f", 0.23), ("6f", 0.2))
    sure = (("8f", 0.93), ("4f", 0.03), ("1f", 0.01))
    flowers = ["2f", "4f"]
    reading = _reading(WINNER, {14: doubtful, 15: sure}, flowers=flowers)
    reading = Reading(
        reading.width,
        reading.height,
        tuple(replace(t, unsure=t.confidence < 0.6) for t in reading.tiles),
        reading.hands,
    )
    table = reading.for_table("flowers")
    assert [table.tiles[i].code for i in table.hands[0].flowers] == ["2f", "8f"]
    assert table.tiles[14].unsure and table.hands[0].foreign == (15,)
    seasons = reading.for_table("seasons")  # 7f is of the seasons' table: left as read
    assert [seasons.tiles[i].code for i in seasons.hands[0].flowers] == ["7f", "8f"]
    assert reading.for_table(None).tiles == reading.tiles


def _unsure_below(reading, confidence=0.6):
    tiles = tuple(replace(t, unsure=t.confidence < confidence) for t in reading.tiles)
    return Reading(reading.width, reading.height, tiles, reading.hands)


def test_the_kind_of_flower_a_table_plays_is_the_kind_its_flowers_read_surely_as():
    """A table plays one kind (RULINGS 1): its flowers read surely say which. A flower read
    unsurely as the other kind, the table's among its best readings, is read so."""
    doubtful = (("6f", 0.28), ("2f", 0.22), ("7z", 0.05))
    sure = (("1f", 0.9), ("7f", 0.05))
    reading = _unsure_below(_reading(WINNER, {14: sure, 15: doubtful}, flowers=["1f", "2f"]))
    assert reading.flower_tiles_seen() == "flowers", "the sure plum outweighs the unsure summer"
    played = reading.for_table(reading.flower_tiles_seen())
    assert [played.tiles[i].code for i in played.hands[0].flowers] == ["1f", "2f"]
    seasons = _reading(WINNER, {14: (("5f", 0.8),), 15: (("6f", 0.7),)}, flowers=["5f", "6f"])
    assert seasons.flower_tiles_seen() == "seasons"
    unsure = _unsure_below(_reading(WINNER, {14: doubtful}, flowers=["6f"]))
    assert unsure.flower_tiles_seen() is None, "nothing read surely says which"
    assert _reading(WINNER).flower_tiles_seen() is None


def test_a_doubtful_flower_is_never_read_as_one_another_tile_shows():
    """Each flower is one of its kind: a doubtful summer whose plum runner-up another tile of
    the table shows surely takes its next reading of the table's kind instead."""
    doubtful = (("6f", 0.3), ("1f", 0.25), ("3f", 0.2))
    reading = _reading(WINNER, {14: (("1f", 0.9),), 15: doubtful}, flowers=["1f", "3f"])
    played = _unsure_below(reading).for_table("flowers")
    assert [played.tiles[i].code for i in played.hands[0].flowers] == ["1f", "3f"]


def _one_off(codes, melds=()):
    reading = _reading(codes, melds=melds)
    return nearly_whole(reading.hands[0], reading.tiles)


def test_a_winners_hand_a_tile_or_a_set_short_a_tile_extra_or_misread_is_nearly_whole():
    assert _one_off(WINNER[:9] + WINNER[10:]), "a 1z not found: 13 tiles, waiting on 1z"
    assert _one_off(WINNER + ["5p"]), "a 5 of dots found where there is none: 15 tiles"
    assert _one_off(WINNER[:7] + ["6p"] + WINNER[8:]), "the 8 of dots read as a 6"
    assert _one_off(WINNER[:7] + ["8s"] + WINNER[8:]), "the 8 of dots read as bamboo"
    standing = ["1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "2z"]
    assert _one_off(standing, melds=[["1z"] * 3]), "a pung laid down, the pair's 2z not found"
    assert _one_off(WINNER[3:]), "the set 123m not found: 11 tiles, complete with a set more"


def test_a_row_of_no_winning_hand_is_not_nearly_whole():
    scattered = ["1m", "4m", "7m", "2p", "5p", "8p", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert not _one_off(scattered), "13 tiles waiting on nothing"
    assert not _one_off(scattered + ["9m"])
    assert not _one_off(WINNER[:-2]), "two tiles short"
    assert not _one_off(scattered[:11]), "11 tiles of no hand"
    assert not _one_off(WINNER[:7] + ["5m"] + WINNER[8:12] + ["4z", "2z"]), "two tiles misread"


# A set laid down is three or four alike tiles (the Korean rules claim no runs): its faces vote.
STANDING = ["1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "2z", "2z"]


def test_a_set_is_of_the_code_most_of_its_faces_show_however_surely_one_is_misread():
    misread = {13: (("8m", 0.69), ("6m", 0.03)), 11: (("6m", 0.78), ("8m", 0.21))}
    reading = _reading(STANDING, melds=[["6m", "6m", "8m"]], tops=misread)
    assert _request(reading)["melds"][0]["tiles"] == "666m"
    meld = reading.hands[0].to_json(reading.tiles)["melds"][0]
    assert meld["code"] == "6m", "the panel is given the set's code, not only its faces"


def test_a_set_whose_faces_read_as_two_codes_as_often_is_of_the_likelier():
    """A concealed kong shows two faces: read as two codes, the likelier of the two."""
    tops = {11: (("2m", 0.5), ("1m", 0.45)), 12: (("1m", 0.95), ("7m", 0.03))}
    reading = _reading(STANDING, tops=tops, melds=[["2m", "1m"]])
    assert _request(reading)["melds"][0]["tiles"] == "111m"


def test_a_set_of_no_face_seen_has_no_code():
    backs = [TileRead("back", (40 * k, 0, 40 * k + 36, 50), 0.9) for k in range(4)]
    kong = MeldRead(SetKind.CONCEALED_KONG, (0, 1, 2, 3))
    assert kong.code(tuple(backs)) is None and kong.codes(tuple(backs)) == ""
