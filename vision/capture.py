"""Capture: frames of the table from a camera, a video file, an image folder, a stream, or the demo.

A *source* is named by one string, as `mahjong-table serve --camera SOURCE` takes it:

- `0`, `1`, ...: a camera index; `auto`: camera 0 if one opens, else the demo table;
- a video file (`table.mp4`), played in a loop at its own frame rate;
- a folder of pictures (JPEG, PNG, ...), shown one after another in a loop;
- a stream URL: `rtsp://...`, `http://...` (a phone running an IP-camera app, say);
- `demo`: the built-in demo table (`vision.demo`), a whole end-of-hand table drawn by our renderer.

Frames are BGR arrays. Two ways to use them:

    for frame in frames("table.mp4"):         # a generator; a lost source is reopened
        ...

    feed = open_feed("auto")                  # a background thread, for the panel
    feed.latest_frame()                       # newest frame (None before the first)
    feed.latest_numbered()                    # (frame number, frame): encode a preview once
    feed.status_json()                        # {"state": "live", "message": ..., ...}
    feed.still_frame(timeout=3.0)             # the next frame of a still scene, or None
    feed.still_frames(count=3, timeout=5.0)   # several, for `TileReader.read_votes`
    feed.close()

A source that fails (camera unplugged, stream down, file missing) is reopened with a growing
pause (`Backoff`) and reported in the status, never raised. A scene is *still* when the frame
difference stays small for a few frames in a row (no hands moving over the table); reads wait
for it.
"""

from __future__ import annotations

import atexit
import re
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import numpy as np

from vision.messages import VisionError, say

PICTURES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")
STREAMS = ("rtsp://", "rtsps://", "http://", "https://", "rtmp://", "udp://", "tcp://")
# The user name and password of a URL (`rtsp://admin:secret@...`), wherever one appears in a text.
_CREDENTIALS = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*://)[^/?#\s]*@", re.I)


def hide_credentials(text: str) -> str:
    """A source or a sentence about it as a page, log or error may show it: no password."""
    return _CREDENTIALS.sub(r"\g<scheme>***@", str(text))


class SourceLost(VisionError):
    """The source cannot give a frame now; its code and params say why, for the status line."""


@dataclass
class Status:
    """What the capture is doing, for the panel to show."""

    source: str
    state: str = "connecting"  # connecting, live, reconnecting, demo, ended, stopped
    message: str = ""  # in English, for logs; pages render `code` and `params`
    code: str = ""
    params: dict = field(default_factory=dict)
    frames: int = 0  # frames read since start
    attempts: int = 0  # failed opens or reads in a row
    retry_in: float = 0.0  # seconds until the next attempt, while reconnecting
    still: bool = False  # no movement over the last few frames
    updated: float = field(default_factory=time.time)


class Backoff:
    """Pauses between reconnection attempts: `first`, doubling up to `longest` seconds."""

    def __init__(self, first: float = 0.5, longest: float = 10.0):
        self.first, self.longest = first, longest

    def delay(self, attempt: int) -> float:
        return min(self.longest, self.first * 2 ** max(0, attempt - 1))


class Source:
    """One kind of frame source. `read` returns a frame, None when a finite source has ended,
    or raises SourceLost."""

    live = True  # frames come at their own pace (cameras, streams); others are paced by `fps`
    fps = 10.0
    name = "source"

    def open(self) -> None: ...

    def read(self) -> np.ndarray | None:
        raise NotImplementedError

    def close(self) -> None: ...


class VideoSource(Source):
    """A camera index, a video file or a stream URL, through cv2.VideoCapture."""

    def __init__(self, target: int | str, loop: bool = True):
        self.target = target
        self.loop = loop
        self.capture = None
        self.live = isinstance(target, int) or str(target).lower().startswith(STREAMS)
        self.name = f"camera {target}" if isinstance(target, int) else hide_credentials(target)

    def open(self) -> None:
        import cv2

        self.close()
        if isinstance(self.target, str) and not self.live and not Path(self.target).is_file():
            raise SourceLost("source_no_file", source=str(self.target))
        if self.live and not isinstance(self.target, int):
            timeouts = [cv2.CAP_PROP_OPEN_TIMEOUT_MSEC, 5000, cv2.CAP_PROP_READ_TIMEOUT_MSEC, 5000]
            capture = cv2.VideoCapture(self.target, cv2.CAP_FFMPEG, timeouts)
        else:
            capture = cv2.VideoCapture(self.target)
        if not capture.isOpened():
            capture.release()
            raise SourceLost("source_not_opened", source=self.name)
        self.capture = capture
        rate = capture.get(cv2.CAP_PROP_FPS)
        self.fps = rate if 1 <= rate <= 120 else 15.0

    def read(self) -> np.ndarray | None:
        import cv2

        if self.capture is None:
            raise SourceLost("source_not_open", source=self.name)
        ok, frame = self.capture.read()
        if ok and frame is not None:
            return frame
        if self.live:
            raise SourceLost("source_stopped", source=self.name)
        if not self.loop:
            return None
        self.capture.set(cv2.CAP_PROP_POS_FRAMES, 0)  # a file plays in a loop, like a camera
        ok, frame = self.capture.read()
        if not ok:
            raise SourceLost("source_no_frames", source=self.name)
        return frame

    def close(self) -> None:
        if self.capture is not None:
            self.capture.release()
            self.capture = None


class FolderSource(Source):
    """The pictures of a folder in name order, one per `1 / fps` seconds, in a loop."""

    live = False

    def __init__(self, folder: str | Path, loop: bool = True, fps: float = 2.0):
        self.folder = Path(folder)
        self.loop = loop
        self.fps = fps
        self.name = str(folder)
        self.files: list[Path] = []
        self.position = 0

    def open(self) -> None:
        if not self.folder.is_dir():
            raise SourceLost("source_no_folder", source=str(self.folder))
        self.files = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in PICTURES)
        if not self.files:
            raise SourceLost("source_no_pictures", source=str(self.folder))
        self.position = 0

    def read(self) -> np.ndarray | None:
        import cv2

        if self.position >= len(self.files):
            if not self.loop:
                return None
            self.open()
        path = self.files[self.position]
        self.position += 1
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            raise SourceLost("source_not_a_picture", source=str(path))
        return frame


class DemoSource(Source):
    """The built-in demo table (`vision.demo`), as a camera would show it."""

    live = False
    fps = 5.0
    name = "demo table"

    def open(self) -> None:
        from vision.demo import demo_picture

        self.image = demo_picture()
        self.rng = np.random.default_rng(0)

    def read(self) -> np.ndarray:
        noise = self.rng.integers(-2, 3, self.image.shape, dtype=np.int16)  # a sensor's grain
        return np.clip(self.image.astype(np.int16) + noise, 0, 255).astype(np.uint8)


def camera_present(index: int = 0) -> bool:
    """Whether a camera is there: its device exists (Linux) and it opens."""
    if sys.platform.startswith("linux") and not Path(f"/dev/video{index}").exists():
        return False
    import cv2

    capture = cv2.VideoCapture(index)
    try:
        return capture.isOpened()
    finally:
        capture.release()


def make_source(spec: str | int) -> Source:
    """The Source a string names (see the module's docstring)."""
    text = str(spec).strip()
    if text == "demo":
        return DemoSource()
    if text == "auto":
        return VideoSource(0) if camera_present(0) else DemoSource()
    if text.isdigit():
        return VideoSource(int(text))
    if text.lower().startswith(STREAMS):
        return VideoSource(text)
    if Path(text).is_dir():
        return FolderSource(text)
    return VideoSource(text)


def frames(
    source: Source | str | int,
    backoff: Backoff | None = None,
    on_status: Callable[[Status], None] | None = None,
    stop: threading.Event | None = None,
    pace: bool = False,
) -> Iterator[np.ndarray]:
    """Frames from a source, reopened with backoff when it fails, until `stop` is set or a
    finite source (a folder or file with loop=False) ends. `pace` waits 1 / fps between frames
    of a source that does not pace itself (files, folders, the demo)."""
    source = make_source(source) if isinstance(source, str | int) else source
    backoff = backoff or Backoff()
    stop = stop or threading.Event()
    status = Status(source.name)
    report = on_status or (lambda s: None)
    opened = False
    while not stop.is_set():
        try:
            if not opened:
                source.open()
                opened = True
                status.state = "demo" if isinstance(source, DemoSource) else "live"
                _say(status, "capture_reading", source=source.name)
                status.attempts, status.retry_in = 0, 0.0
                report(_touch(status))
            frame = source.read()
        except SourceLost as lost:
            source.close()
            opened = False
            status.attempts += 1
            status.state = "reconnecting"
            status.retry_in = backoff.delay(status.attempts)
            _say(status, lost.code, **lost.params)
            status.message += f" Trying again in {status.retry_in:.1f} s."
            report(_touch(status))
            stop.wait(status.retry_in)
            continue
        if frame is None:
            status.state = "ended"
            _say(status, "capture_ended", source=source.name)
            report(_touch(status))
            break
        status.frames += 1
        yield frame
        if pace and not source.live:
            stop.wait(1.0 / max(0.1, source.fps))
    source.close()


def _say(status: Status, code: str, **params) -> None:
    status.code, status.params, status.message = code, params, say(code, params)


def _touch(status: Status) -> Status:
    status.updated = time.time()
    return status


class Stillness:
    """Says whether the scene is still: small frame differences for `settle` frames in a row."""

    def __init__(self, settle: int = 3, threshold: float = 12.0, moving_share: float = 0.004):
        self.settle = settle
        self.threshold = threshold  # grey levels of difference that count as a change
        self.moving_share = moving_share  # share of changed pixels that counts as movement
        self.previous: np.ndarray | None = None
        self.quiet = 0

    def update(self, frame: np.ndarray) -> bool:
        import cv2

        small = cv2.resize(frame, (160, max(1, round(160 * frame.shape[0] / frame.shape[1]))))
        grey = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (5, 5), 0)
        if self.previous is not None and self.previous.shape == grey.shape:
            changed = np.mean(cv2.absdiff(grey, self.previous) > self.threshold)
            self.quiet = 0 if changed > self.moving_share else self.quiet + 1
        else:
            self.quiet = 0
        self.previous = grey
        return self.quiet >= self.settle


class Feed:
    """A source read in a background thread: the latest frame, stillness and status.

    Every feed still open when Python exits is closed first (`_close_open_feeds`): a capture
    thread cut off inside OpenCV while the interpreter shuts down can abort the process."""

    def __init__(self, source: Source | str | int, backoff: Backoff | None = None):
        self.source = make_source(source) if isinstance(source, str | int) else source
        self.stillness = Stillness()
        self.status = Status(self.source.name)
        self._frame: np.ndarray | None = None
        self._number = 0
        self._still_number = -1
        self._still_frame: np.ndarray | None = None
        self._changed = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(backoff,), name="table-camera", daemon=True
        )
        self._thread.start()
        _OPEN_FEEDS.add(self)

    def _run(self, backoff) -> None:
        try:
            for frame in frames(self.source, backoff, self._on_status, self._stop, pace=True):
                still = self.stillness.update(frame)
                with self._changed:
                    self._frame = frame
                    self._number += 1
                    self.status.frames = self._number
                    self.status.still = still
                    if still:
                        self._still_number = self._number
                        self._still_frame = frame
                    self._changed.notify_all()
        except Exception as problem:  # never let the panel's camera thread die silently
            stopped = Status(self.source.name, "stopped")
            if isinstance(problem, VisionError):
                _say(stopped, problem.code, **problem.params)
            else:
                _say(stopped, "capture_crashed", reason=f"{type(problem).__name__}: {problem}")
            self._on_status(stopped)
        with self._changed:
            self._changed.notify_all()

    def _on_status(self, status: Status) -> None:
        with self._changed:
            self.status = replace(status, frames=self._number, still=self.status.still)

    def latest_frame(self) -> np.ndarray | None:
        return self._frame

    def latest_numbered(self) -> tuple[int, np.ndarray | None]:
        with self._changed:
            return self._number, self._frame

    def status_json(self) -> dict:
        return asdict(self.status)

    def still_frame(self, timeout: float = 3.0) -> np.ndarray | None:
        """The first frame of a still scene from now on, or None after `timeout` seconds."""
        found = self.still_frames(1, timeout)
        return found[0] if found else None

    def still_frames(self, count: int = 3, timeout: float = 5.0) -> list[np.ndarray]:
        """`count` new frames of a still scene (for voting), or fewer if `timeout` runs out."""
        deadline = time.monotonic() + timeout
        taken: list[np.ndarray] = []
        seen = self._number
        with self._changed:
            while len(taken) < count:
                if self._still_number > seen:
                    seen = self._still_number
                    taken.append(self._still_frame)
                    continue
                left = deadline - time.monotonic()
                if left <= 0 or not self._thread.is_alive():
                    break
                self._changed.wait(left)
        return taken

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        _OPEN_FEEDS.discard(self)


_OPEN_FEEDS: weakref.WeakSet[Feed] = weakref.WeakSet()


@atexit.register
def _close_open_feeds() -> None:
    for feed in list(_OPEN_FEEDS):
        feed.close()


def open_feed(source: str | int = "auto") -> Feed:
    """Start reading a source in the background (see the module's docstring)."""
    return Feed(source)
