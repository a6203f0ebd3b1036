"""One watcher of the record for every open event stream (`/api/events`).

Each stream used to poll SQLite on a connection of its own; now one thread reads the newest
event id a few times a second, on one connection, while any stream is open, and tells the streams
when it changes. A stream is either a WSGI response waiting in `wait` (it holds a thread of the
server), or, under `mahjong-table serve`, a connection the watcher writes to itself (`subscribe`:
no thread at all). Streams (these and the camera's MJPEG preview) are capped per address and in
all.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Protocol

from webui import store
from webui.db import connect
from webui.security import HOST_ADDRESSES  # the host's own browsers: capped only in all

HEARTBEAT_SECONDS = 15  # a comment line keeps a quiet stream from looking idle


def frame(version: int) -> bytes:
    """The server-sent event that tells a page the record is now at `version`."""
    return f"event: table\ndata: {json.dumps({'version': version})}\n\n".encode()


class Pushed(Protocol):
    """A stream the watcher writes to: `push` answers False once the phone has gone."""

    def push(self, data: bytes) -> bool: ...

    def finish(self) -> None: ...


class EventHub:
    def __init__(
        self, database: str, poll: float, per_address: int, in_all: int, seconds: float = 300
    ):
        self.database, self.poll, self.seconds = database, poll, seconds
        self.per_address, self.in_all = per_address, in_all
        self.version: int | None = None
        self._changed = threading.Condition()
        self._streams: dict[str, int] = {}  # open streams by address
        self._pushed: dict[Pushed, float] = {}  # streams written by the watcher -> when they end
        self._watcher: threading.Thread | None = None

    def admit(self, address: str) -> bool:
        """Count a new stream from `address`, or False when it is over a cap."""
        with self._changed:
            mine = self._streams.get(address, 0)
            if sum(self._streams.values()) >= self.in_all:
                return False
            if mine >= self.per_address and address not in HOST_ADDRESSES:
                return False
            self._streams[address] = mine + 1
            if self._watcher is None:
                self._watcher = threading.Thread(target=self._watch, name="event-hub", daemon=True)
                self._watcher.start()
            return True

    def open_streams(self) -> int:
        with self._changed:
            return sum(self._streams.values())

    def leave(self, address: str) -> None:
        with self._changed:
            self._streams[address] -= 1
            if not self._streams[address]:
                del self._streams[address]

    def subscribe(self, stream: Pushed) -> None:
        """Let the watcher write the record's versions to `stream` (admitted already)."""
        with self._changed:
            self._pushed[stream] = time.monotonic() + self.seconds
            version = self.version
        if version is not None:
            stream.push(frame(version))

    def unsubscribe(self, stream: Pushed) -> None:
        with self._changed:
            self._pushed.pop(stream, None)

    def wait(self, seen: int | None, timeout: float) -> int | None:
        """The record's version once it differs from `seen`, or None after `timeout` seconds."""
        with self._changed:
            self._changed.wait_for(
                lambda: self.version is not None and self.version != seen, timeout
            )
            return self.version if self.version is not None and self.version != seen else None

    def _watch(self) -> None:
        conn = connect(self.database)
        beat = time.monotonic()
        try:
            while True:
                version = store.latest_event_id(conn)
                with self._changed:
                    news = version != self.version
                    if news:
                        self.version = version
                        self._changed.notify_all()
                    if not self._streams:  # the last stream closed: stop until the next one
                        self._watcher, self.version = None, None
                        return
                    pushed = dict(self._pushed)
                now = time.monotonic()
                heartbeat = now - beat >= HEARTBEAT_SECONDS
                if heartbeat:
                    beat = now
                if news or heartbeat:
                    data = frame(version) if news else b": still here\n\n"
                    for stream, ends in pushed.items():
                        if now >= ends or not stream.push(data):
                            self.unsubscribe(stream)
                            stream.finish()  # the page opens a new stream in a second
                with self._changed:
                    self._changed.wait(self.poll)
        finally:
            conn.close()
