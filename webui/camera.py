"""The panel's one seam to the reader: the table camera's preview, and reading a picture.

- `/camera/frame.jpg`: the latest frame of the table camera (the page refreshes it), and
  `/camera/stream`: the same as an MJPEG stream, for a big screen.
- `/camera/status`: what the camera is doing (connecting, live, demo table, reconnecting,
  stalled, failed...) and a sentence saying it in the phone's language.
- `POST /api/read/camera`: read a still frame of the table camera; `POST /api/read/photo`: read a
  photo sent from a phone. Both answer the reading (tiles with boxes, hands as score requests)
  and the name of the stored picture, which the hand keeps for its history.

The camera runs in a background thread of `vision.capture`; the reader (`vision.TileReader`) is
made once and shared under a lock.
"""

from __future__ import annotations

import hashlib
import threading
import time
from pathlib import Path

from flask import Blueprint, Response, current_app, g, jsonify, request, send_file

from vision.capture import hide_credentials
from vision.messages import VISION, VisionError
from webui import i18n, images, pictures, security, store
from webui.camera_status import STALL_SECONDS, describe
from webui.db import get_db
from webui.refusal import Refusal

bp = Blueprint("camera", __name__)

PREVIEW_WIDTH = 960


class TableCamera:
    """Owns the capture thread of `vision.capture` and hands out JPEG previews and still frames."""

    def __init__(self, source: str, clock=time.monotonic):
        self.source = source
        self.shown_source = hide_credentials(source)  # what pages and logs may say
        self._feed = None
        self._lock = threading.Lock()
        self._jpeg: tuple[int, bytes] | None = None
        self._failure: dict | None = None  # the code and params of why the capture cannot start
        self._clock = clock
        self._seen = (-1, clock())  # the frame count last seen, and when it last changed

    def _open(self):
        with self._lock:
            if self._feed is None and self._failure is None:
                try:
                    from vision.capture import open_feed

                    self._feed = open_feed(self.source)
                except Exception as problem:  # report it on the page, never crash the panel
                    reason = hide_credentials(f"{type(problem).__name__}: {problem}")
                    self._failure = {
                        "code": "capture_failed",
                        "params": {"reason": reason},
                        "message": reason,
                    }
            return self._feed

    def status(self) -> dict:
        """The capture's status; a live picture that stopped changing is `stalled`."""
        feed = self._open()
        if feed is None:
            return {"state": "failed", "source": self.shown_source, **self._failure}
        status = {"source": self.shown_source, **feed.status_json()}
        for key in ("source", "message"):  # the capture's own words may quote the URL
            status[key] = hide_credentials(status.get(key) or "")
        status["params"] = {
            name: hide_credentials(value) if isinstance(value, str) else value
            for name, value in (status.get("params") or {}).items()
        }
        now, (count, since) = self._clock(), self._seen
        if status.get("frames") != count:
            self._seen = (status.get("frames"), now)
        elif status.get("state") in ("live", "demo") and now - since >= STALL_SECONDS:
            status["state"], status["stalled_for"] = "stalled", int(now - since)
        return status

    def frame(self):
        feed = self._open()
        return None if feed is None else feed.latest_frame()

    def still(self, count: int = 3, timeout: float = 3.0) -> list:
        """A few frames of a still scene (hands off the table), for voting; may be empty."""
        feed = self._open()
        return [] if feed is None else feed.still_frames(count=count, timeout=timeout)

    def jpeg(self) -> bytes | None:
        """The latest frame as a JPEG, encoded once per new frame however many phones watch."""
        import cv2

        feed = self._open()
        if feed is None:
            return None
        number, frame = feed.latest_numbered()
        if frame is None:
            return None
        cached = self._jpeg
        if cached and cached[0] == number:
            return cached[1]
        height, width = frame.shape[:2]
        if width > PREVIEW_WIDTH:
            size = (PREVIEW_WIDTH, round(height * PREVIEW_WIDTH / width))
            frame = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 80])
        if not ok:
            return None
        self._jpeg = (number, data.tobytes())
        return self._jpeg[1]

    def close(self) -> None:
        with self._lock:
            if self._feed is not None:
                self._feed.close()
                self._feed = None


class Reader:
    """One `vision.TileReader` for the app, loaded on first use; reads are serialised."""

    def __init__(self):
        self._reader = None
        self._lock = threading.Lock()

    def _ready(self):
        if self._reader is None:
            from vision import TileReader

            self._reader = TileReader()
        return self._reader

    def read(self, bgr):
        with self._lock:
            return self._ready().read(bgr)

    def read_votes(self, frames):
        """Codes voted over several still frames, when the reader can; else the first frame."""
        with self._lock:
            reader = self._ready()
            if len(frames) > 1 and hasattr(reader, "read_votes"):
                return reader.read_votes(frames)
            return reader.read(frames[0])


def init_app(app) -> None:
    app.extensions["table_camera"] = TableCamera(str(app.config["CAMERA"]))
    app.extensions["tile_reader"] = Reader()


def table_camera() -> TableCamera:
    return current_app.extensions["table_camera"]


@bp.get("/camera/status")
def camera_status():
    """The camera's state and a sentence saying it in the phone's language (`text`)."""
    status = table_camera().status()
    return jsonify(status | {"text": describe(status, g.lang)})


@bp.get("/camera/frame.jpg")
def camera_frame():
    data = table_camera().jpeg()
    if data is None:
        return Response(status=204)
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.get("/camera/stream")
def camera_stream():
    """The preview as MJPEG; it holds a thread while open, so it counts among the streams."""
    hub, address = current_app.extensions["event_hub"], request.remote_addr or "?"
    if not hub.admit(address):
        raise Refusal("too_many_streams", status=503)
    camera = table_camera()
    seconds = current_app.config.get("EVENT_STREAM_SECONDS", 300)

    def frames():
        last, ends = None, time.monotonic() + seconds
        while time.monotonic() < ends:
            data = camera.jpeg()
            if data is not None and data is not last:
                last = data
                yield b"--frame\r\nContent-Type: image/jpeg\r\n\r\n" + data + b"\r\n"
            time.sleep(0.1)

    response = Response(frames(), mimetype="multipart/x-mixed-replace; boundary=frame")
    response.call_on_close(lambda: hub.leave(address))
    return response


@bp.get("/pictures/<name>")
def picture(name: str):
    if not name.replace(".jpg", "").isalnum():
        return Response(status=404)
    path = Path(current_app.config["DATA_DIR"]) / "pictures" / name
    if not path.is_file():
        return Response(status=404)
    return send_file(path, mimetype="image/jpeg", max_age=3600)


@bp.get("/api/hands/<int:hand_id>/picture")
def hand_picture(hand_id: int):
    """The picture a recorded hand was read from, with its reading's boxes named as the hand
    was recorded and linked to the hand's tiles (`webui.pictures`)."""
    db = get_db()
    session_id = store.current_session(db)
    table = store.load(db, session_id) if session_id is not None else None
    index = table.index_of(hand_id) if table is not None else None
    if index is None:
        raise Refusal("hand_not_found", status=404)
    entry = table.hands[index]
    reading = store.picture_reading(db, entry.picture) if entry.picture else None
    if reading is None:
        raise Refusal("hand_has_no_picture", status=404)
    linked = pictures.hand_picture(reading, entry.hand)
    return jsonify(
        {"ok": True, "picture": entry.picture, "url": f"/pictures/{entry.picture}"} | linked
    )


def _flower_tiles() -> str | None:
    """The current session's `flower_tiles` option (None before a session is set up)."""
    db = get_db()
    session = store.current_session(db)
    if session is None:
        return None
    options = store.load(db, session).setup.get("options", {})
    return str(options.get("flower_tiles", "flowers"))


def _read_and_keep(frames):
    """Read the tiles of a picture (voted over still frames), keep it and its reading."""
    import cv2

    bgr = frames[0]
    try:
        reading = current_app.extensions["tile_reader"].read_votes(frames)
    except Exception as problem:
        current_app.logger.exception("reading failed")
        if isinstance(problem, VisionError):
            why = VISION.say(problem.code, problem.params, g.lang)
        else:
            why = i18n.say("reader_broken", g.lang)
        raise Refusal("reader_failed", status=500, why=why) from problem
    reading = reading.for_table(_flower_tiles())
    ok, data = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, 88])
    if not ok:
        raise Refusal("picture_damaged", status=400)
    name = hashlib.sha256(data.tobytes()).hexdigest()[:32] + ".jpg"
    path = Path(current_app.config["DATA_DIR"]) / "pictures" / name
    if not path.exists():
        temporary = path.with_suffix(".tmp")
        temporary.write_bytes(data.tobytes())
        temporary.replace(path)
    payload = reading.to_json(image=name)
    store.save_picture(get_db(), name, payload["width"], payload["height"], payload)
    return jsonify({"ok": True, "picture": name, "url": f"/pictures/{name}", "reading": payload})


@bp.post("/api/read/camera")
def read_camera():
    if not security.can_change():
        raise Refusal("need_pin", status=403)
    camera = table_camera()
    frames = camera.still()
    if not frames and camera.frame() is not None:
        frames = [camera.frame()]  # the scene never stood still: read what is there
    if not frames:
        raise Refusal("camera_no_frame", status=503, why=describe(camera.status(), g.lang))
    return _read_and_keep(frames)


@bp.post("/api/read/photo")
def read_photo():
    if not security.can_change():
        raise Refusal("need_pin", status=403)
    upload = request.files.get("photo")
    if upload is None:
        raise Refusal("no_picture", status=400)
    data = upload.read(images.MAX_BYTES + 1)
    bgr = images.decode(data)
    g.picture_bytes = len(data)
    return _read_and_keep([bgr])
