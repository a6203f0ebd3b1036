"""The table camera through the panel: preview, status, reading a still frame or a phone photo."""

from __future__ import annotations

import re
import time

import pytest

from webui import create_app, i18n
from webui.camera import TableCamera
from webui.camera_status import STALL_SECONDS, STATES, describe

from .conftest import PIN, Phone


def wait_for(client, path: str, seconds: float = 10.0):
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        response = client.get(path)
        if response.status_code == 200:
            return response
        time.sleep(0.1)
    raise AssertionError(f"{path} gave nothing within {seconds}s")


def test_the_preview_shows_frames_from_an_image_folder(folder_app):
    client = folder_app.test_client()
    frame = wait_for(client, "/camera/frame.jpg")
    assert frame.mimetype == "image/jpeg" and frame.data[:3] == b"\xff\xd8\xff"
    status = client.get("/camera/status").get_json()
    assert status["state"] == "live" and status["frames"] >= 1


def test_a_camera_that_cannot_open_is_reported_not_raised(tmp_path):
    app = create_app(
        {"DATA_DIR": str(tmp_path / "data"), "PIN": PIN, "CAMERA": str(tmp_path / "no-such.mp4")}
    )
    try:
        phone = Phone(app.test_client())
        phone.unlock()
        time.sleep(0.5)
        status = phone.get("/camera/status").get_json()
        assert status["state"] in ("connecting", "reconnecting")
        assert phone.get("/camera/frame.jpg").status_code == 204
        refused = phone.post("/api/read/camera", {})
        assert refused.status_code == 503
        assert refused.get_json()["error"].startswith("The table camera has no picture yet")
    finally:
        app.extensions["table_camera"].close()


def status_of(app, lang: str) -> dict:
    client = app.test_client()
    client.set_cookie("lang", lang)
    return client.get("/camera/status").get_json()


def test_a_folder_that_does_not_exist_is_named_in_a_sentence_in_both_languages(tmp_path):
    missing = tmp_path / "no-such-folder"
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "PIN": PIN, "CAMERA": str(missing)})
    try:
        status = status_of(app, "en")
        ends = time.monotonic() + 5
        while status["state"] == "connecting" and time.monotonic() < ends:
            time.sleep(0.05)
            status = status_of(app, "en")
        assert status["state"] == "reconnecting"
        assert status["text"].startswith(f"{missing}: there is no such file or folder.")
        assert "Trying again in" in status["text"]
        korean = status_of(app, "ko")["text"]
        assert korean.startswith(f"{missing}: 그런 파일이나 폴더가 없습니다.")
        assert "초 뒤에 다시 시도합니다" in korean
    finally:
        app.extensions["table_camera"].close()


def test_the_demo_table_says_it_is_not_a_camera(tmp_path):
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "PIN": PIN, "CAMERA": "demo"})
    try:
        wait_for(app.test_client(), "/camera/frame.jpg")
        assert status_of(app, "en")["state"] == "demo"
        assert status_of(app, "en")["text"] == i18n.say("camera_demo", "en")
        assert status_of(app, "ko")["text"] == i18n.say("camera_demo", "ko")
    finally:
        app.extensions["table_camera"].close()


def test_a_live_folder_is_said_live_in_korean(folder_app):
    wait_for(folder_app.test_client(), "/camera/frame.jpg")
    status = status_of(folder_app, "ko")
    assert status["state"] == "live" and status["text"].startswith("실시간: ")


class FrozenFeed:
    """A capture that says it is live but whose picture never changes."""

    def status_json(self) -> dict:
        return {"source": "camera 0", "state": "live", "message": "Reading camera 0.", "frames": 7}


def test_a_live_picture_that_stops_changing_is_reported_stalled():
    clock = [100.0]
    camera = TableCamera("0", clock=lambda: clock[0])
    camera._feed = FrozenFeed()
    assert camera.status()["state"] == "live"
    clock[0] += STALL_SECONDS - 1
    assert camera.status()["state"] == "live"
    clock[0] += 2
    status = camera.status()
    assert status["state"] == "stalled" and status["stalled_for"] == int(STALL_SECONDS + 1)
    assert describe(status, "en") == "No new picture from camera 0 for 6 s."
    assert describe(status, "ko") == "6초 동안 카메라 0에서 새 화면이 오지 않았습니다."


def test_the_wait_before_the_next_attempt_counts_down():
    status = {
        "state": "reconnecting",
        "source": "rtsp://table.local/cam",
        "code": "source_stopped",
        "params": {"source": "rtsp://table.local/cam"},
        "retry_in": 8.0,
        "updated": 1000.0,
    }
    assert describe(status, "en", now=1000.0) == (
        "rtsp://table.local/cam stopped sending pictures. Trying again in 8 s."
    )
    assert describe(status, "en", now=1005.5).endswith("Trying again in 3 s.")
    assert describe(status, "ko", now=1009.0) == (
        "rtsp://table.local/cam: 화면이 더 오지 않습니다. 0초 뒤에 다시 시도합니다."
    )


@pytest.mark.parametrize("state", STATES)
def test_every_state_has_a_sentence_in_both_languages(state):
    status = {
        "state": state,
        "source": "camera 0",
        "code": "source_not_opened",
        "params": {"source": "camera 0"},
    }
    english, korean = describe(status, "en", now=0), describe(status, "ko", now=0)
    assert english and korean and english != korean
    assert "{" not in english + korean
    assert re.search(r"[\uac00-\ud7a3]", korean)


def test_a_crash_of_the_capture_is_said_in_the_language_with_its_own_reason():
    status = {
        "state": "stopped",
        "source": "camera 0",
        "code": "capture_crashed",
        "params": {"reason": "OSError: the lens fell off"},
    }
    assert describe(status, "ko", now=0) == (
        "카메라가 멈췄습니다: 캡처가 오류로 멈췄습니다: OSError: the lens fell off."
    )


SECRET_STREAM = "http://admin:s3cret@127.0.0.1:9/video"


def test_a_stream_password_is_never_shown(tmp_path):
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "PIN": PIN, "CAMERA": SECRET_STREAM})
    try:
        client = app.test_client()
        ends = time.monotonic() + 15
        status = client.get("/camera/status")
        while status.get_json()["state"] == "connecting" and time.monotonic() < ends:
            time.sleep(0.2)
            status = client.get("/camera/status")
        assert status.get_json()["state"] != "connecting"
        shown = status.get_data(as_text=True) + client.get("/hand").get_data(as_text=True)
        assert "s3cret" not in shown and "admin" not in shown
        assert "http://***@127.0.0.1:9/video" in status.get_json()["text"]
    finally:
        app.extensions["table_camera"].close()


class TalkativeFeed:
    """A capture whose own message quotes the URL it was given, password and all."""

    def status_json(self) -> dict:
        message = f"{SECRET_STREAM} could not be opened."
        params = {"source": SECRET_STREAM}
        return {
            "source": SECRET_STREAM,
            "state": "stopped",
            "message": message,
            "code": "source_not_opened",
            "params": params,
            "frames": 0,
        }


def test_the_status_json_hides_a_password_the_capture_quoted():
    camera = TableCamera(SECRET_STREAM)
    camera._feed = TalkativeFeed()
    status = camera.status()
    assert "s3cret" not in str(status) and "s3cret" not in describe(status, "en")


@pytest.mark.parametrize("state", ["reconnecting", "stopped", "failed"])
def test_a_sentence_about_a_source_hides_its_password(state):
    status = {
        "state": state,
        "source": "rtsp://cam:pa@ss@table.local/live",
        "code": "source_not_opened",
        "params": {"source": "rtsp://cam:pa@ss@table.local/live"},
    }
    for lang in ("en", "ko"):
        sentence = describe(status, lang, now=0)
        assert "pa@ss" not in sentence and "cam:" not in sentence
        assert "rtsp://***@table.local/live" in sentence
