"""Capture: frames from a video file and an image folder, a source that fails and comes back,
stillness, and the demo table when there is no camera."""

from __future__ import annotations

import threading
import time

import cv2
import numpy as np
import pytest

from vision import capture
from vision.capture import Backoff, DemoSource, FolderSource, Stillness, VideoSource, frames


def picture(shade: int, mark: int = 0) -> np.ndarray:
    """A 120 x 160 frame: a flat colour with a white square at `mark` pixels from the left."""
    frame = np.full((120, 160, 3), shade, np.uint8)
    cv2.rectangle(frame, (mark, 40), (mark + 30, 70), (255, 255, 255), -1)
    return frame


@pytest.fixture
def video(tmp_path):
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10.0, (160, 120))
    assert writer.isOpened(), "OpenCV cannot write MJPG video here"
    for i in range(6):
        writer.write(picture(40 * i))
    writer.release()
    return path


def test_video_file_frames_in_order_then_loop(video):
    source = VideoSource(str(video))
    got = list(_take(frames(source), 8))
    shades = [int(np.median(f)) for f in got]
    assert shades[:6] == pytest.approx([0, 40, 80, 120, 160, 200], abs=6)
    assert shades[6] == pytest.approx(0, abs=6), "a video file plays in a loop, like a camera"
    assert source.fps == pytest.approx(10.0)


def test_video_file_without_loop_ends(video):
    assert len(list(frames(VideoSource(str(video), loop=False)))) == 6


def test_image_folder_in_name_order(tmp_path):
    for i, name in enumerate(["b.png", "a.jpg", "c.png"]):
        cv2.imwrite(str(tmp_path / name), picture(60 * (i + 1)))
    (tmp_path / "notes.txt").write_text("not a picture")
    got = list(frames(FolderSource(tmp_path, loop=False)))
    assert [int(np.median(f)) for f in got] == pytest.approx([120, 60, 180], abs=4)


def test_a_folder_that_disappears_and_comes_back_is_reopened_and_reported(tmp_path):
    folder = tmp_path / "camera"
    statuses: list[tuple[str, str]] = []
    stop = threading.Event()
    found: list[np.ndarray] = []

    def consume():
        source = FolderSource(folder, loop=True)
        for frame in frames(
            source, Backoff(0.05, 0.2), lambda s: statuses.append((s.state, s.message)), stop
        ):
            found.append(frame)
            stop.set()

    worker = threading.Thread(target=consume)
    worker.start()
    _wait(lambda: len(statuses) >= 2)
    assert statuses[0][0] == "reconnecting"
    assert "no such folder" in statuses[0][1] and "Trying again" in statuses[0][1]
    folder.mkdir()
    cv2.imwrite(str(folder / "frame.png"), picture(90))
    worker.join(timeout=10)
    assert not worker.is_alive()
    assert found and int(np.median(found[0])) == 90
    assert ("live", f"Reading {folder}.") in statuses


def test_backoff_grows_and_is_capped():
    backoff = Backoff(0.5, 4.0)
    assert [backoff.delay(n) for n in range(1, 6)] == [0.5, 1.0, 2.0, 4.0, 4.0]


def test_stillness_waits_for_hands_to_stop_moving():
    still = Stillness(settle=2)
    moving = [still.update(picture(50, mark)) for mark in (10, 40, 70, 100)]
    assert not any(moving)
    settled = [still.update(picture(50, 100)) for _ in range(3)]
    assert settled == [False, True, True]


def test_the_demo_table_is_the_camera_when_none_is_present(monkeypatch):
    monkeypatch.setattr(capture, "camera_present", lambda index=0: False)
    source = capture.make_source("auto")
    assert isinstance(source, DemoSource)
    first, second = _take(frames(source), 2)
    assert first.shape == second.shape and first.shape[0] > 300
    assert not np.array_equal(first, second), "the demo has a camera's grain"


def test_source_names():
    assert isinstance(capture.make_source("0"), VideoSource)
    assert capture.make_source("rtsp://192.168.0.5:8554/live").live
    assert capture.make_source("http://phone.local:8080/video").live
    assert not capture.make_source("table.mp4").live


def test_a_stream_is_named_without_its_password():
    source = capture.make_source("rtsp://admin:secret@192.168.0.5:8554/live")
    assert source.name == "rtsp://***@192.168.0.5:8554/live"
    assert source.target == "rtsp://admin:secret@192.168.0.5:8554/live"  # still opened with it
    assert (
        capture.hide_credentials("rtsp://192.168.0.5/live?x=a@b") == "rtsp://192.168.0.5/live?x=a@b"
    )


def test_feed_gives_latest_frame_status_and_still_frames(tmp_path):
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i}.png"), picture(70))
    feed = capture.Feed(FolderSource(tmp_path, fps=50.0))
    try:
        stills = feed.still_frames(count=2, timeout=10)
        assert len(stills) == 2 and int(np.median(stills[0])) == 70
        number, frame = feed.latest_numbered()
        assert number >= 4 and frame is not None
        status = feed.status_json()
        assert status["state"] == "live" and status["still"] is True
    finally:
        feed.close()


def test_feed_of_a_missing_file_reports_instead_of_raising(tmp_path):
    feed = capture.open_feed(str(tmp_path / "nowhere.mp4"))
    try:
        _wait(lambda: feed.status_json()["state"] == "reconnecting")
        status = feed.status_json()
        assert status["code"] == "source_no_file" and "no such file" in status["message"]
        assert feed.latest_frame() is None
        assert feed.still_frame(timeout=0.2) is None
    finally:
        feed.close()


def _take(iterator, count: int) -> list:
    out = []
    for item in iterator:
        out.append(item)
        if len(out) == count:
            break
    return out


def _wait(condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.02)
