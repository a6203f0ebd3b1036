"""A recorded hand's own picture: its reading's boxes named as the hand was recorded and linked
to the hand's tiles, for the history's picture and the edit page."""

from __future__ import annotations

from webui import pictures, store
from webui.db import get_db

from .conftest import DISCARD_WIN


def box(x: int) -> list[int]:
    return [x, 100, x + 30, 140]


# The reader's view of South's hand of DISCARD_WIN, with one misread tile (8p for the
# first 9p), the two pungs, the flowers, and a stray tile of another hand; 4m and the stray
# tile unsure.
READ = ["2m", "3m", "4m", "5p", "6p", "7p", "8p", "9p"]
READ += ["7z", "7z", "7z", "6z", "6z", "6z", "1f", "3f", "5s"]
READING = {
    "width": 800,
    "height": 600,
    "tiles": [
        {"code": code, "box": box(40 * i), "unsure": i in (2, 16)} for i, code in enumerate(READ)
    ],
    "hands": [
        {"position": "top", "concealed": [16], "melds": [], "flowers": [], "win_tile": None},
        {
            "position": "bottom",
            "concealed": [0, 1, 2, 3, 4, 5, 6],
            "win_tile": 7,
            "melds": [
                {"kind": "pung", "tiles": [8, 9, 10], "claimed": 8, "claimed_from": "left"},
                {"kind": "pung", "tiles": [11, 12, 13], "claimed": 13, "claimed_from": "right"},
            ],
            "flowers": [14, 15],
        },
    ],
}


def record_with_picture(app, table, hand=DISCARD_WIN) -> int:
    with app.app_context():
        store.save_picture(get_db(), "a1b2c3.jpg", 800, 600, READING)
    response = table.post(
        "/api/hands", {"hand": hand, "expected_hands": 0, "picture": "a1b2c3.jpg"}
    )
    assert response.status_code in (200, 201), response.get_json()
    return response.get_json()["id"]


def test_a_hand_picture_names_its_boxes_as_the_hand_was_recorded(app, table):
    hand_id = record_with_picture(app, table)
    body = table.get(f"/api/hands/{hand_id}/picture").get_json()
    assert body["ok"] and body["url"] == "/pictures/a1b2c3.jpg"
    tiles = body["reading"]["tiles"]
    (south,) = body["winners"]
    assert south["winner"] == 1 and south["group"] == 1
    recorded = ["2m", "3m", "4m", "5p", "6p", "7p", "9p", "9p"]
    assert [tiles[i]["code"] for i in south["concealed"]] == recorded
    # the misread box now says what was recorded, and says it was fixed
    assert tiles[6]["code"] == "9p" and tiles[6]["fixed"]
    assert not tiles[0].get("fixed")
    assert south["melds"] == [[8, 9, 10], [11, 12, 13]]
    assert south["flowers"] == [14, 15]
    assert not tiles[2]["unsure"], "a tile of the confirmed hand is no longer unsure"
    assert tiles[16]["code"] == "5s" and tiles[16]["unsure"], "another hand's tile is left as read"


def test_a_set_recorded_in_another_order_finds_its_own_boxes(app, table):
    hand = {**DISCARD_WIN, "score": {**DISCARD_WIN["score"]}}
    hand["score"]["melds"] = DISCARD_WIN["score"]["melds"][::-1]
    hand_id = record_with_picture(app, table, hand)
    (south,) = table.get(f"/api/hands/{hand_id}/picture").get_json()["winners"]
    assert south["melds"] == [[11, 12, 13], [8, 9, 10]]


def test_a_hand_entered_by_hand_has_no_picture_in_either_language(table):
    table.add(DISCARD_WIN)
    hand_id = table.get("/api/history").get_json()["hands"][0]["id"]
    english = table.get(f"/api/hands/{hand_id}/picture")
    assert english.status_code == 404 and "no picture" in english.get_json()["error"]
    table.client.set_cookie("lang", "ko")
    korean = table.get(f"/api/hands/{hand_id}/picture")
    assert "사진이 없습니다" in korean.get_json()["error"]
    missing = table.get("/api/hands/9999/picture")
    assert missing.status_code == 404 and missing.get_json()["code"] == "hand_not_found"


def test_two_winners_each_get_the_hand_of_the_picture_that_holds_their_tiles():
    hand = {
        "result": "wins",
        "discarder": 0,
        "winners": [
            {"winner": 3, "score": {"hand": "5s5s", "win_tile": "5s"}},
            {"winner": 1, "score": DISCARD_WIN["score"]},
        ],
    }
    linked = pictures.hand_picture(READING, hand)
    first, second = linked["winners"]
    assert (first["winner"], first["group"]) == (3, 0)
    assert first["concealed"] == [16, None], "one box for the one 5s the picture shows"
    assert (second["winner"], second["group"]) == (1, 1)
    assert READING["tiles"][6]["code"] == "8p", "the stored reading itself is not changed"


def test_a_hand_none_of_whose_tiles_are_in_the_picture_links_no_box():
    hand = {"result": "win", "winner": 0, "score": {"hand": "1z1z1z", "win_tile": "1z"}}
    (only,) = pictures.hand_picture(READING, hand)["winners"]
    assert only == {"winner": 0, "group": None}
