"""Serving the panel on the table's Wi-Fi: waitress, with timeouts and caps a guest cannot outrun.

Werkzeug's development server gave every connection a thread for as long as it stayed open, so a
guest's few hundred event streams or half-sent requests left no thread for the players' phones.
waitress reads requests in one loop (a half-sent request costs no thread) and runs the app on a
fixed pool of threads; on top of it:
- a connection idle for `IDLE_SECONDS` is closed, and so is one still sending a request after
  `REQUEST_SECONDS` (a guest dribbling a byte now and then); headers and bodies are capped;
- an address other than the host's own holds at most `PER_ADDRESS` connections (more are closed
  as soon as they are accepted) and the server at most `CONNECTIONS` in all;
- an event stream (`/api/events`) takes no thread: once its request has arrived, the connection
  is handed to `webui.events`' watcher, which writes each new version to it; other streams (the
  camera's MJPEG preview, or an event stream the app answers itself) hold a thread, so streams
  are capped per address and in all, and the pool has a thread for each plus `SPARE_THREADS`.
"""

from __future__ import annotations

import time

from waitress.adjustments import Adjustments
from waitress.channel import ClientDisconnected, HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from webui.security import HOST_ADDRESSES, host_name

PER_ADDRESS = 24  # a phone's browser opens about 6 at once; a few phones may share an address
CONNECTIONS = 400  # well under the 1,024 files a process may have open by default
IDLE_SECONDS = 20
REQUEST_SECONDS = 90  # a 10 MB photo over a poor Wi-Fi still arrives
SPARE_THREADS = 12


EVENTS_PATH = "/api/events"
EVENTS_HEAD = (
    b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
    b"X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\nretry: 1000\n\n"
)


class TimedChannel(HTTPChannel):
    """waitress's connection, noting since when it has been reading the request now arriving;
    once it carries an event stream, the watcher writes to it (`push`, `finish`)."""

    reading_since: float | None = None
    stream_of: str | None = None  # the address whose event stream this is, once it is one

    def push(self, data: bytes) -> bool:
        try:
            self.write_soon(data)
        except (ClientDisconnected, OSError):
            return False
        return True

    def finish(self) -> None:
        self.close_when_flushed = True
        self.server.pull_trigger()

    def readable(self) -> bool:
        if self.stream_of is not None:  # keep reading, to see the phone close the stream
            return not (self.will_close or self.close_when_flushed)
        return super().readable()

    def handle_close(self) -> None:
        address, self.stream_of = self.stream_of, None
        if address is not None:
            hub = self.server.panel.extensions["event_hub"]
            hub.unsubscribe(self)
            hub.leave(address)
        super().handle_close()

    def received(self, data) -> bool:
        if self.stream_of is not None:
            return False  # an event stream only sends
        if self.request is None:
            self.reading_since = time.time()
        answer = super().received(data)
        if self.request is None:  # nothing half-read: every request received is whole
            self.reading_since = None
        return answer


class CappedServer(TcpWSGIServer):
    """waitress's TCP server, refusing an address that already holds `PER_ADDRESS` connections
    and closing a connection whose request has taken over `REQUEST_SECONDS` to arrive."""

    channel_class = TimedChannel
    panel = None  # the Flask app (waitress may wrap `application` in a middleware)

    def handle_accept(self) -> None:
        try:
            accepted = self.accept()
        except OSError:  # the phone gave up before we got to it
            return
        if accepted is None:
            return
        conn, addr = accepted
        address = addr[0]
        if address not in HOST_ADDRESSES and self.open_from(address) >= PER_ADDRESS:
            conn.close()
            return
        try:
            self.set_socket_options(conn)
        except OSError:
            conn.close()
            return
        self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self._map)

    def add_task(self, channel) -> None:
        """Run the channel's request on a thread, unless it opens an event stream we may push."""
        if not self.push_events(channel):
            super().add_task(channel)

    def push_events(self, channel: TimedChannel) -> bool:
        """Hand a request for `/api/events` to the watcher; False leaves it to the app, which
        answers it (or refuses it with a sentence: a foreign host name, too many streams)."""
        request = channel.requests[0]
        if (request.command, request.path) != ("GET", EVENTS_PATH) or len(channel.requests) > 1:
            return False
        app = self.panel
        if host_name(request.headers.get("HOST", "")) not in app.config["ALLOWED_HOSTS"]:
            return False
        hub, address = app.extensions["event_hub"], channel.addr[0]
        if not hub.admit(address):
            return False
        # The request stays in `channel.requests`, though no task will run it: waitress then
        # sends only under the channel's lock, which the watcher's writes take too.
        channel.stream_of = address
        channel.write_soon(EVENTS_HEAD)
        hub.subscribe(channel)
        return True

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # the idle ones
        for channel in self.active_channels.values():
            since = channel.reading_since
            if since is not None and now - since > REQUEST_SECONDS:
                channel.will_close = True

    def open_from(self, address: str) -> int:
        return sum(1 for channel in self.active_channels.values() if channel.addr[0] == address)


def make_server(app, host: str, port: int) -> CappedServer:
    """The panel's server on `host`:`port` (OSError when the port is taken)."""
    threads = app.config["STREAMS_IN_ALL"] + SPARE_THREADS
    adjustments = Adjustments(
        host=host,
        port=port,
        threads=threads,
        connection_limit=CONNECTIONS,
        channel_timeout=IDLE_SECONDS,
        cleanup_interval=2,
        max_request_header_size=16 * 1024,
        max_request_body_size=app.config["MAX_CONTENT_LENGTH"],
        asyncore_use_poll=True,  # select() stops at 1,024 descriptors
        ident="mahjong-table",
    )
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(threads)
    server = CappedServer(
        app, map={}, dispatcher=dispatcher, adj=adjustments, sockinfo=adjustments.listen[0]
    )
    server.panel = app
    return server
