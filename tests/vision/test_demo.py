"""The demo table: a whole table drawn on a fresh machine, legal, its truth what it shows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter

import numpy as np

import engine
from datasets.demo import DEMO_HANDS, demo_requests, demo_scene, demo_table
from lab.hands import as_laid
from tests.conftest import ROOT
from tests.vision.test_grouping import assert_hands, canonical, read
from vision.reading import HandRead, MeldRead, TileRead


def test_the_shipped_demo_picture_is_the_demo_tables_drawing():
    """`vision/demo-table.png` is what `python -m datasets.demo` draws (run it again after
    changing the renderer or the demo's hands)."""
    from vision.demo import demo_picture

    shipped, drawn = demo_picture(), demo_scene().image
    assert shipped.shape == drawn.shape
    assert np.abs(shipped.astype(int) - drawn.astype(int)).mean() < 1.0


def test_demo_draws_without_shared_data_or_pillow_fonts(tmp_path):
    script = (
        "import json; from datasets.demo import demo_scene; s = demo_scene(); "
        "shown = [t for t in s.tiles if t.role in ('concealed', 'win', 'meld', 'flower')]; "
        "print(json.dumps([list(s.image.shape), len(shown)]))"
    )
    env = dict(os.environ, MAHJONG_SHARED=str(tmp_path / "no-shared-here"))
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    shape, count = json.loads(result.stdout)
    assert shape[2] == 3 and min(shape[:2]) >= 600
    assert count == sum(len(_all_tiles(hand)) for hand in DEMO_HANDS.values())


def _all_tiles(hand) -> list[str]:
    tiles = list(hand.concealed) + [hand.win_tile] * bool(hand.win_tile) + list(hand.flowers)
    for meld in hand.melds:
        tiles += [meld.code] * (3 if meld.kind == "pung" else 4)
    return tiles


def test_demo_hands_are_one_legal_set_and_show_every_part_of_the_layout():
    counts = Counter(code for hand in DEMO_HANDS.values() for code in _all_tiles(hand))
    assert max(counts.values()) <= 4
    assert sorted(DEMO_HANDS) == ["bottom", "left", "right", "top"]
    kinds = {meld.kind for hand in DEMO_HANDS.values() for meld in hand.melds}
    assert kinds == {"pung", "kong", "added_kong", "concealed_kong"}
    others = [hand for position, hand in DEMO_HANDS.items() if position != "bottom"]
    assert DEMO_HANDS["bottom"].win_tile and DEMO_HANDS["bottom"].concealed
    assert all(not hand.win_tile and not hand.concealed and hand.melds for hand in others)
    assert any(hand.flowers_in_front for hand in DEMO_HANDS.values())
    assert any(hand.flowers and not hand.flowers_in_front for hand in DEMO_HANDS.values())


def test_the_bottom_hand_wins_when_scored():
    request = dict(demo_requests()["bottom"], win="discard", discarder="N", seat="E", round="E")
    sources = {"left": "N", "across": "W"}
    for meld, truth in zip(request["melds"], DEMO_HANDS["bottom"].melds, strict=True):
        if truth.claimed_from:
            meld["from"] = sources[truth.claimed_from]
    answer = engine.score(request)
    assert answer["ok"] and answer["winning"], answer
    assert {y["id"] for y in answer["yaku"]} >= {"dragon_pung", "flower"}


def test_the_demo_is_a_whole_table_won_by_the_bottom_player():
    scene = demo_scene()
    assert scene.winner == "bottom" and scene.hands == DEMO_HANDS
    roles = Counter(t.role for t in scene.tiles)
    assert roles["standing"] == 3 * 10, "each other seat holds 13 tiles less three per set"
    assert 20 <= roles["discard"] <= 70 and roles["wall"] > 0
    assert engine.score(scene.request)["winning"]


def test_the_demo_pictures_truth_groups_into_the_demo_hands():
    scene = demo_scene()
    assert_hands(read(scene), DEMO_HANDS)


def test_the_reader_reads_the_demo_winner_right_whatever_the_seed():
    from vision import TileReader

    reader = TileReader()
    right = 0
    for seed in range(12):
        scene = demo_table(seed)
        reading = reader.read(scene.image)
        bottom = [hand for hand in reading.hands if hand.position == "bottom"]
        if bottom:
            request = bottom[0].to_request(reading.tiles)
            right += canonical(request) == as_laid(scene)
    assert right >= 11, f"{right} of 12 seeds read right"


def test_a_read_hand_names_the_seat_a_set_was_claimed_from():
    tiles = tuple(TileRead(code, (0, 0, 1, 1), 1.0) for code in ["7z", "7z", "7z", "9p", "9p"])
    hand = HandRead("bottom", (3, 4), (MeldRead("pung", (0, 1, 2), 0, "left"),), (), 4)
    assert hand.to_request(tiles, seat="E")["melds"] == [
        {"kind": "pung", "tiles": "777z", "from": "N"}
    ]
    assert hand.to_request(tiles, seat="S")["melds"][0]["from"] == "E"
    assert "from" not in hand.to_request(tiles)["melds"][0]
