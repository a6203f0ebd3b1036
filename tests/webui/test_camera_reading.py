"""Reading tiles through the panel with the real reader: a still frame or a phone photo."""

from __future__ import annotations

import cv2
import pytest

from .conftest import Phone, demo_picture, require_reader
from .test_camera import wait_for
from .test_uploads import send


@pytest.fixture(autouse=True)
def reader_models():
    require_reader()


def send_photo(phone, image, name: str = "table.jpg", options=()):
    """Post a picture to the panel as a phone's JPEG photo."""
    ok, data = cv2.imencode(".jpg", image, list(options))
    assert ok
    return send(phone, data.tobytes(), name)


def test_reading_the_table_camera_keeps_the_picture_and_its_reading(folder_app):
    phone = Phone(folder_app.test_client())
    phone.unlock()
    wait_for(phone.client, "/camera/frame.jpg")
    response = phone.post("/api/read/camera", {})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    reading = body["reading"]
    assert len(reading["tiles"]) >= 14 and reading["hands"]
    for tile in reading["tiles"]:
        assert len(tile["box"]) == 4 and tile["code"]
    picture = phone.get(body["url"])
    assert picture.status_code == 200 and picture.data[:3] == b"\xff\xd8\xff"


def test_a_phone_photo_of_the_demo_table_is_read(phone):
    response = send_photo(phone, demo_picture())
    assert response.status_code == 200, response.get_json()
    assert len(response.get_json()["reading"]["tiles"]) >= 14


def test_a_read_hand_flags_the_tiles_this_tables_set_lacks(app, table):
    """A table playing the four flowers (the default) flags seasons, and bamboo always."""
    import numpy as np

    from vision.grouping import group_hands
    from vision.reading import Reading, TileRead

    codes = ["1m", "2m", "3m", "4p", "5p", "6p", "7z", "7z", "7z", "9m", "2s", "9m", "1f", "6f"]
    tiles = tuple(TileRead(c, (40 * k, 100, 40 * k + 36, 148), 1.0) for k, c in enumerate(codes))

    class _Reads:
        def read_votes(self, frames):
            return Reading(640, 200, tiles, group_hands(tiles, 640, 200))

        read = read_votes

    app.extensions["tile_reader"] = _Reads()
    response = send_photo(table, np.zeros((200, 640, 3), np.uint8))
    assert response.status_code == 200, response.get_json()
    reading = response.get_json()["reading"]
    flagged = sorted(reading["tiles"][i]["code"] for i in reading["hands"][0]["foreign"])
    assert flagged == ["2s", "6f"]


def test_a_phone_photo_of_hand_009_fills_the_editor_with_its_hand_and_nothing_else(phone):
    """hand_009 (valid split) shows a 14-tile hand in a row below discards and a piece of wall
    (a bamboo tile among them): the hand the page puts in the editor, the reading's first, is the
    row's every tile, and the wall's tiles are reported as discards."""
    from collections import Counter

    from tests.vision.test_reader import _photo

    image, labels = _photo("hand_009_jpg.rf.7913c35339bcb5")
    response = send_photo(phone, image, "hand_009.jpg", [cv2.IMWRITE_JPEG_QUALITY, 95])
    assert response.status_code == 200, response.get_json()
    reading = response.get_json()["reading"]
    first = reading["hands"][0]
    ids = [*first["concealed"], *first["flowers"], *(i for m in first["melds"] for i in m["tiles"])]
    if first.get("win_tile") is not None and first["win_tile"] not in ids:
        ids.append(first["win_tile"])
    assert Counter(reading["tiles"][i]["code"] for i in ids) == Counter(t.code for t in labels)
    assert not first["foreign"], "nothing in the hand is foreign to the Korean set"
    assert reading["discards"] and not set(ids) & set(reading["discards"])


def test_a_reading_steadied_first_says_so_in_both_languages(app, table):
    """Where the reader undid a shake or a missed focus (`vision.shake`), the reading says which,
    and the panel has a sentence for each asking for a steadier picture."""
    import numpy as np

    from vision.reading import Reading, TileRead
    from webui.i18n import strings

    tiles = tuple(TileRead("1m", (40 * k, 100, 40 * k + 36, 148), 0.9) for k in range(4))

    class _Steadied:
        def read_votes(self, frames):
            return Reading(640, 200, tiles, steadied="shake")

        read = read_votes

    app.extensions["tile_reader"] = _Steadied()
    response = send_photo(table, np.zeros((200, 640, 3), np.uint8))
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["reading"]["steadied"] == "shake"
    for key in ("steadied_shake", "steadied_focus"):
        english, korean = strings("en")[key], strings("ko")[key]
        assert english and korean and english != korean
