"""The table camera through the panel: preview, status, reading a still frame or a phone photo."""

from __future__ import annotations

import time

from webui import create_app

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
