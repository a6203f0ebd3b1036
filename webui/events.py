"""One watcher of the record for every open event stream (`/api/events`).

Each stream used to poll SQLite on a connection of its own; now one thread reads the newest
event id a few times a second, on one connection, while any stream is open, and wakes the streams
when it changes. Streams (these and the camera's MJPEG preview) are capped per address and in
all, so a guest cannot hold the server's threads open with them.
"""

from __future__ import annotations

import threading

from webui import store
from webui.db import connect
from webui.security import HOST_ADDRESSES  # the host's own browsers: capped only in all


class EventHub:
    def __init__(self, database: str, poll: float, per_address: int, in_all: int):
        self.database, self.poll = database, poll
        self.per_address, self.in_all = per_address, in_all
        self.version: int | None = None
        self._changed = threading.Condition()
        self._streams: dict[str, int] = {}  # open streams by address
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

    def wait(self, seen: int | None, timeout: float) -> int | None:
        """The record's version once it differs from `seen`, or None after `timeout` seconds."""
        with self._changed:
            self._changed.wait_for(
                lambda: self.version is not None and self.version != seen, timeout
            )
            return self.version if self.version is not None and self.version != seen else None

    def _watch(self) -> None:
        conn = connect(self.database)
        try:
            while True:
                version = store.latest_event_id(conn)
                with self._changed:
                    if version != self.version:
                        self.version = version
                        self._changed.notify_all()
                    if not self._streams:  # the last stream closed: stop until the next one
                        self._watcher, self.version = None, None
                        return
                    self._changed.wait(self.poll)
        finally:
            conn.close()
