"""A guest flooding the served panel on loopback: the players' phones still get the table.

Bounded in count and time: 400 event streams from one guest (127.0.0.2) and 400 half-sent
requests from another (127.0.0.3), then phones at other addresses read the table and confirm a
hand. The time a phone waited is printed as a figure (read it with `-s`), not a pass mark.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import socket
import sys
import time

import pytest

from tests.webui.conftest import SETUP
from tests.webui.server import Browser, Server
from webui.serving import PER_ADDRESS

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs 127.0.0.x addresses"),
]
FLOOD = 400


def connect_from(address: str, port: int) -> socket.socket | None:
    try:
        return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(address, 0))
    except OSError:
        return None


def flood(address: str, port: int, request: bytes) -> list[socket.socket]:
    """FLOOD connections from `address`, each sending `request` and never reading."""
    held = []
    for _ in range(FLOOD):
        sock = connect_from(address, port)
        if sock is None:
            continue
        held.append(sock)
        with contextlib.suppress(OSError):  # refused at once: the server closed it
            sock.sendall(request)
    return held


def read_table(address: str, port: int) -> tuple[int, dict, float]:
    """A phone at `address` reads the table: (status, answer, seconds waited)."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(address, 0))
    try:
        conn.request("GET", "/api/table")
        response = conn.getresponse()
        return response.status, json.loads(response.read()), time.monotonic() - started
    finally:
        conn.close()


def test_a_flood_of_streams_and_half_sent_requests_leaves_the_table_to_the_phones(tmp_path):
    server = Server(tmp_path / "data").start()
    held: list[socket.socket] = []
    try:
        host = Browser(server.url, server.pin)
        assert host.call("POST", "/api/session", {"setup": SETUP})[0] == 201
        port = server.port
        started = time.monotonic()
        held += flood(
            "127.0.0.2",
            port,
            f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode(),
        )
        held += flood("127.0.0.3", port, b"GET /api/table HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Wait: ")
        flooding = time.monotonic() - started
        waits = []
        for number in range(10):
            status, answer, seconds = read_table(f"127.0.0.{10 + number}", port)
            assert status == 200 and answer["session"] is not None
            waits.append(seconds)
        body = {"hand": {"result": "draw"}, "expected_hands": 0, "token": "after-the-flood"}
        assert host.call("POST", "/api/hands", body)[0] == 201
        files = len(os.listdir(f"/proc/{server.process.pid}/fd"))
        print(
            f"\n{len(held)} flood connections opened in {flooding:.1f} s; 10 phones then read the"
            f" table in at most {max(waits) * 1000:.0f} ms (median {sorted(waits)[5] * 1000:.0f}"
            f" ms); the server held {files} open files"
        )
        # the flood holds at most PER_ADDRESS connections from each guest, not one per request
        assert files < 2 * PER_ADDRESS + 64
    finally:
        for sock in held:
            sock.close()
        server.stop()


def test_a_request_dribbled_a_byte_at_a_time_is_cut_off(app, monkeypatch):
    """Sending a byte now and then keeps a connection from being idle, not from being closed."""
    import threading

    from webui import serving

    monkeypatch.setattr(serving, "REQUEST_SECONDS", 1.0)
    server = serving.make_server(app, "127.0.0.1", 0)
    runner = threading.Thread(target=server.run, daemon=True)
    runner.start()
    try:
        guest = connect_from("127.0.0.2", server.effective_port)
        guest.settimeout(0.5)
        closed, ends = False, time.monotonic() + 20
        guest.sendall(b"GET /api/table HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        while not closed and time.monotonic() < ends:
            try:
                guest.sendall(b"X")
                closed = guest.recv(1) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
        guest.close()
        assert closed, "the half-sent request was still open after 20 s"
        status, answer, _ = read_table("127.0.0.3", server.effective_port)
        assert status == 200 and answer["ok"]
    finally:
        server.close()
        server.task_dispatcher.shutdown()


def read_until(sock: socket.socket, marker: bytes) -> bytes:
    seen = b""
    while marker not in seen:
        chunk = sock.recv(4096)
        assert chunk, f"the stream closed before {marker!r}: {seen!r}"
        seen += chunk
    return seen


def test_event_streams_hold_no_thread_of_the_server(app, table, monkeypatch, caplog):
    """A server with one thread keeps five streams going and still answers the table."""
    import threading

    from webui import serving

    monkeypatch.setattr(serving, "SPARE_THREADS", 1)
    app.config["STREAMS_IN_ALL"] = 0  # the pool: this one thread only
    app.extensions["event_hub"].poll = 0.05
    server = serving.make_server(app, "127.0.0.1", 0)
    threading.Thread(target=server.run, daemon=True).start()
    port, streams = server.effective_port, []
    try:
        for _ in range(5):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert b"200 OK" in read_until(sock, b"event: table")
            streams.append(sock)
        status, answer, _ = read_table("127.0.0.1", port)
        assert status == 200 and answer["hands"] == 0
        assert table.add({"result": "draw"}).status_code == 201
        version = table.table()["version"]
        for sock in streams:
            assert f'"version": {version}'.encode() in read_until(sock, f"{version}}}".encode())
        assert [r.getMessage() for r in caplog.records if r.levelname == "ERROR"] == []
        for sock in streams:
            sock.close()
        hub, ends = app.extensions["event_hub"], time.monotonic() + 10
        while hub.open_streams() and time.monotonic() < ends:
            time.sleep(0.05)
        assert hub.open_streams() == 0, "a phone that closed its stream gave its place back"
    finally:
        for sock in streams:
            sock.close()
        server.close()
        server.task_dispatcher.shutdown()
