"""Fixtures of the panel's tests: a fresh app on a temporary data folder, and its clients."""

from __future__ import annotations

import json
import re

import cv2
import pytest

from webui import create_app

PIN = "246810"
PLAYERS = ["Ji-ho", "Min-seo", "Seo-yeon", "Do-yun"]
SETUP = {
    "players": PLAYERS,
    "rules": "standard",
    "options": {},
    "money_per_point": 100,
    "horse_race": True,
}

# South (player 1 at the first hand) holds a Red and a Green pung and wins on East's 9p:
# the request of CONTRACT 2, written as a hand of the record (CONTRACT 5).
DISCARD_WIN = {
    "result": "win",
    "winner": 1,
    "discarder": 0,
    "score": {
        "hand": "234m567p99p",
        "melds": [
            {"kind": "pung", "tiles": "777z", "from": "W"},
            {"kind": "pung", "tiles": "666z", "from": "N"},
        ],
        "flowers": "13f",
        "win_tile": "9p",
        "win": "discard",
    },
}


def self_draw(winner: int) -> dict:
    """A concealed self-drawn win (it takes one of the winner's Horse Race counters)."""
    return {
        "result": "win",
        "winner": winner,
        "score": {"hand": "123m456m789m234p88p", "win_tile": "8p", "win": "self_draw"},
    }


class Phone:
    """A test client that behaves like a page: it carries the CSRF token of its session."""

    def __init__(self, client):
        self.client = client
        self.csrf = boot(client.get("/"))["csrf"]

    def send(self, method: str, path: str, body=None, **kwargs):
        headers = {"X-CSRF-Token": self.csrf, **kwargs.pop("headers", {})}
        if body is not None:
            kwargs["json"] = body
        return self.client.open(path, method=method, headers=headers, **kwargs)

    def post(self, path, body=None, **kwargs):
        return self.send("POST", path, body, **kwargs)

    def put(self, path, body=None, **kwargs):
        return self.send("PUT", path, body, **kwargs)

    def delete(self, path, body=None, **kwargs):
        return self.send("DELETE", path, body, **kwargs)

    def get(self, path, **kwargs):
        return self.client.get(path, **kwargs)

    def unlock(self, pin: str = PIN):
        return self.post("/api/unlock", {"pin": pin})

    def table(self) -> dict:
        return self.get("/api/table").get_json()

    def add(self, hand: dict, token: str | None = None):
        expected = self.table().get("hands", 0)
        body = {"hand": hand, "expected_hands": expected}
        if token:
            body["token"] = token
        return self.post("/api/hands", body)


def boot(response) -> dict:
    """The JSON a page starts from (strings, CSRF token, lock state)."""
    html = response.get_data(as_text=True)
    found = re.search(r'<script type="application/json" id="boot">(.*?)</script>', html, re.S)
    assert found, "page has no boot data"
    return json.loads(found.group(1))


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "PIN": PIN})
    yield app
    app.extensions["table_camera"].close()  # a page that asked for the camera started it


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def phone(client):
    """A phone that has given the PIN."""
    phone = Phone(client)
    assert phone.unlock().status_code == 200
    return phone


@pytest.fixture
def viewer(app):
    """A phone that has not given the PIN: it may look, not change."""
    return Phone(app.test_client())


@pytest.fixture
def table(phone):
    """A phone with a session already set up."""
    assert phone.post("/api/session", {"setup": SETUP}).status_code == 201
    return phone


def demo_picture():
    from datasets.demo import demo_scene

    return demo_scene().image


@pytest.fixture
def folder_app(tmp_path):
    folder = tmp_path / "frames"
    folder.mkdir()
    cv2.imwrite(str(folder / "table-1.png"), demo_picture())
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "PIN": PIN, "CAMERA": str(folder)})
    yield app
    app.extensions["table_camera"].close()


def require_reader() -> None:
    """The reader's models must be there: skip on a developer's machine without them, fail in CI."""
    import os

    try:
        from vision import TileReader

        TileReader()
    except Exception as missing:  # the reader says which model is missing and how to get it
        message = f"the tile reader cannot start: {missing}"
        if os.environ.get("CI") or os.environ.get("REQUIRE_SHARED_DATA"):
            pytest.fail(message)
        pytest.skip(message)
