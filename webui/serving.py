"""Serving the panel on the table's Wi-Fi: waitress, with timeouts and caps a guest cannot outrun.

Werkzeug's development server gave every connection a thread for as long as it stayed open, so a
guest's few hundred event streams or half-sent requests left no thread for the players' phones.
waitress reads requests in one loop (a half-sent request costs no thread) and runs the app on a
fixed pool of threads; on top of it:
- a connection idle for `IDLE_SECONDS` is closed, and so is one still sending a request after
  `REQUEST_SECONDS` (a guest dribbling a byte now and then); headers and bodies are capped;
- an address other than the host's own holds at most `PER_ADDRESS` connections (more are closed
  as soon as they are accepted) and the server at most `CONNECTIONS` in all;
- event streams are capped per address and in all (`webui.events`), and the pool has threads
  for every stream allowed plus `SPARE_THREADS` for everything else.
"""

from __future__ import annotations

import time

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from webui.security import HOST_ADDRESSES

PER_ADDRESS = 24  # a phone's browser opens about 6 at once; a few phones may share an address
CONNECTIONS = 400  # well under the 1,024 files a process may have open by default
IDLE_SECONDS = 20
REQUEST_SECONDS = 90  # a 10 MB photo over a poor Wi-Fi still arrives
SPARE_THREADS = 12


class TimedChannel(HTTPChannel):
    """waitress's connection, noting since when it has been reading the request now arriving."""

    reading_since: float | None = None

    def received(self, data) -> bool:
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
    return CappedServer(
        app, map={}, dispatcher=dispatcher, adj=adjustments, sockinfo=adjustments.listen[0]
    )
