"""The live event stream: one watcher of the record wakes every stream; streams are capped."""

from __future__ import annotations

from tests.webui.conftest import Phone


def open_stream(app, address: str):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client.get("/api/events", buffered=False)


def test_a_stream_says_the_new_version_when_a_hand_is_recorded(app, table):
    app.extensions["event_hub"].poll = 0.05
    stream = open_stream(app, "192.0.2.5")
    chunks = stream.response  # the body, as the server would send it
    assert next(chunks) == b"retry: 1000\n\n"
    first = next(chunks).decode()
    assert first.startswith("event: table") and f'"version": {table.table()["version"]}' in first
    assert table.add({"result": "draw"}).status_code == 201
    second = next(chunks).decode()
    assert f'"version": {table.table()["version"]}' in second
    stream.close()


def test_streams_are_capped_per_address_and_closing_one_frees_its_place(app):
    streams = [open_stream(app, "192.0.2.5") for _ in range(4)]
    assert all(stream.status_code == 200 for stream in streams)
    refused = open_stream(app, "192.0.2.5")
    assert refused.status_code == 503 and refused.get_json()["code"] == "too_many_streams"
    streams.append(open_stream(app, "192.0.2.6"))
    assert streams[-1].status_code == 200, "another phone still gets one"
    streams.pop(0).close()
    streams.append(open_stream(app, "192.0.2.5"))
    assert streams[-1].status_code == 200
    for stream in streams:
        stream.close()
    assert app.extensions["event_hub"].open_streams() == 0


def test_streams_are_capped_in_all_even_for_the_host(app):
    app.extensions["event_hub"].in_all = 6
    streams = [open_stream(app, "127.0.0.1") for _ in range(6)]
    assert all(stream.status_code == 200 for stream in streams)
    assert open_stream(app, "127.0.0.1").status_code == 503
    for stream in streams:
        stream.close()
    last = open_stream(app, "192.0.2.9")
    assert last.status_code == 200
    last.close()


def test_a_page_that_cannot_get_a_stream_still_reads_the_table(app):
    app.extensions["event_hub"].in_all = 0
    assert open_stream(app, "192.0.2.5").status_code == 503
    assert Phone(app.test_client()).table()["ok"] is True


def test_camera_streams_count_among_the_streams(app):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = "192.0.2.5"
    streams = [client.get("/camera/stream", buffered=False) for _ in range(4)]
    assert all(stream.status_code == 200 for stream in streams)
    assert open_stream(app, "192.0.2.5").status_code == 503
    for stream in streams:
        stream.close()
    assert app.extensions["event_hub"].open_streams() == 0
