"""The PIN, cross-site protection and the kept secret."""

from __future__ import annotations

import io
import json
import re

import pytest

from tests.webui.conftest import DISCARD_WIN, PIN, SETUP, Phone

CHANGES = [
    ("POST", "/api/session", {"setup": SETUP}),
    ("PUT", "/api/session", {"setup": SETUP}),
    ("POST", "/api/hands", {"hand": {"result": "draw"}, "expected_hands": 0}),
    ("PUT", "/api/hands/1", {"hand": {"result": "draw"}}),
    ("DELETE", "/api/hands/1", {}),
    ("POST", "/api/undo", {}),
    ("POST", "/api/read/camera", {}),
    ("POST", "/api/read/photo", {}),
]


@pytest.mark.parametrize(("method", "path", "body"), CHANGES)
def test_without_the_pin_a_phone_can_look_but_not_change(table, viewer, method, path, body):
    response = viewer.send(method, path, body)
    assert response.status_code == 403
    assert "Enter the table PIN" in response.get_json()["error"]
    assert viewer.get("/api/table").status_code == 200
    assert viewer.table()["can_change"] is False
    assert viewer.get("/api/history").status_code == 200


def test_a_wrong_pin_is_refused_and_repeated_guesses_pause(app):
    phone = Phone(app.test_client())
    for _ in range(5):
        response = phone.unlock("000000")
        assert response.status_code == 403
        assert response.get_json()["error"] == "That PIN is not this table's PIN."
    paused = phone.unlock(PIN)
    assert paused.status_code == 429
    assert "wait a minute" in paused.get_json()["error"]


def test_the_join_link_unlocks_a_phone(app):
    client = app.test_client()
    response = client.get(f"/join?pin={PIN}")
    assert response.status_code == 302
    assert Phone(client).table()["can_change"] is True


def test_a_changed_request_without_the_csrf_token_is_refused(table):
    response = table.client.post("/api/hands", json={"hand": {"result": "draw"}})
    assert response.status_code == 403
    assert "reload it" in response.get_json()["error"]
    forged = table.client.post(
        "/api/hands", json={"hand": {"result": "draw"}}, headers={"X-CSRF-Token": "guess"}
    )
    assert forged.status_code == 403
    assert table.table()["hands"] == 0


def test_a_request_from_another_site_is_refused(table):
    body = {"hand": {"result": "draw"}, "expected_hands": 0}
    response = table.post("/api/hands", body, headers={"Origin": "http://evil.example"})
    assert response.status_code == 403
    assert "this table's own pages" in response.get_json()["error"]
    same = table.post("/api/hands", body, headers={"Origin": "http://localhost"})
    assert same.status_code == 201


def test_cookies_are_same_site_and_http_only(client):
    client.get("/")
    cookie = client.get_cookie("mahjong_table")
    assert cookie is not None
    assert cookie.same_site == "Lax" and cookie.http_only


def test_the_secret_and_pin_are_generated_and_kept_in_the_data_folder(tmp_path):
    from webui import create_app

    first = create_app({"DATA_DIR": str(tmp_path)})
    again = create_app({"DATA_DIR": str(tmp_path)})
    assert first.config["SECRET_KEY"] == again.config["SECRET_KEY"]
    assert len(first.config["SECRET_KEY"]) >= 64 and first.config["SECRET_KEY"] != "dev"
    assert first.config["PIN"] == again.config["PIN"] and first.config["PIN"].isdigit()
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


def test_only_the_host_sees_the_pin_and_its_qr_code(app):
    host = app.test_client()
    page = host.get("/join").get_data(as_text=True)
    assert PIN in page
    qr = host.get("/api/join.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    remote = app.test_client()
    remote_env = {"REMOTE_ADDR": "192.0.2.7"}
    assert PIN not in remote.get("/join", environ_base=remote_env).get_data(as_text=True)
    assert remote.get("/api/join.svg", environ_base=remote_env).status_code == 403


def test_a_new_pin_locks_out_every_phone_that_had_the_old_one(app, phone, capsys):
    host = Phone(app.test_client())
    host.unlock()
    new = host.post("/api/pin", {}).get_json()["pin"]
    assert new != PIN
    assert phone.table()["can_change"] is False
    assert phone.unlock(new).status_code == 200
    said = capsys.readouterr().out
    assert f"New table PIN: {new}" in said and f"/join?pin={new}" in said


@pytest.mark.parametrize("address", ["127.0.0.1", "192.0.2.7"])
def test_only_an_unlocked_browser_may_choose_a_new_pin(app, address):
    browser = app.test_client()
    browser.environ_base["REMOTE_ADDR"] = address
    locked = Phone(browser)
    refused = locked.post("/api/pin", {})
    assert refused.status_code == 403 and app.config["PIN"] == PIN
    assert locked.unlock().status_code == 200
    assert locked.post("/api/pin", {}).status_code == 200 and app.config["PIN"] != PIN


@pytest.mark.parametrize("path", ["/join", "/api/table", "/"])
def test_a_page_under_a_foreign_name_is_refused_even_from_this_computer(app, path):
    """DNS rebinding: attacker.example made to point at 127.0.0.1 must not read the PIN."""
    rebound = app.test_client().get(path, headers={"Host": "attacker.example:5000"})
    assert rebound.status_code == 400
    answer = rebound.get_json()
    assert answer["code"] == "host_unknown" and "attacker.example" in answer["error"]
    assert PIN not in rebound.get_data(as_text=True)


def test_a_foreign_name_cannot_set_a_new_pin(app):
    host = Phone(app.test_client())
    response = host.post("/api/pin", {}, headers={"Host": "attacker.example"})
    assert response.status_code == 400
    assert app.config["PIN"] == PIN


@pytest.mark.parametrize("name", ["localhost:5000", "127.0.0.1", "[::1]:5000", "LOCALHOST"])
def test_loopback_names_are_accepted(app, name):
    assert app.test_client().get("/api/table", headers={"Host": name}).status_code == 200


def test_the_operator_adds_host_names(tmp_path):
    from webui import create_app

    app = create_app({"DATA_DIR": str(tmp_path), "EXTRA_HOSTS": ["mahjong.lan"]})
    try:
        client = app.test_client()
        assert client.get("/api/table", headers={"Host": "mahjong.lan:5000"}).status_code == 200
        assert client.get("/api/table", headers={"Host": "other.lan"}).status_code == 400
    finally:
        app.extensions["table_camera"].close()


def test_serve_accepts_allow_host_flags():
    from mahjong_table.cli import build_parser

    args = build_parser().parse_args(
        ["serve", "--allow-host", "mahjong.lan", "--allow-host", "table.home"]
    )
    assert args.allow_host == ["mahjong.lan", "table.home"]


def test_a_big_body_is_refused_before_it_is_read(table):
    big = {"hand": {"result": "draw"}, "expected_hands": 0, "padding": "x" * 5_000_000}
    for method, path in [("POST", "/api/score"), ("POST", "/api/hands"), ("POST", "/api/unlock")]:
        response = table.send(method, path, big)
        assert response.status_code == 413
        assert response.get_json()["code"] == "body_too_big"
        assert "64 KB" in response.get_json()["error"]
    assert table.table()["hands"] == 0


def test_a_body_sent_without_its_length_is_cut_at_the_cap(table):
    body = b'{"hand": {"result": "draw"}, "expected_hands": 0, "x": "' + b"y" * 200_000 + b'"}'
    response = table.client.post(
        "/api/hands",
        input_stream=io.BytesIO(body),
        environ_overrides={"wsgi.input_terminated": True},  # as a server that de-chunks sets
        headers={
            "X-CSRF-Token": table.csrf,
            "Content-Type": "application/json",
            "Transfer-Encoding": "chunked",
        },
    )
    # only the first 64 KB are read: what is left is not a whole JSON body
    assert response.status_code == 400 and response.get_json()["code"] == "bad_json"
    assert table.table()["hands"] == 0


def test_a_deeply_nested_body_is_bad_json_not_a_server_error(table):
    deep = "[" * 30_000 + "]" * 30_000
    for method, path in [
        ("POST", "/api/score"),
        ("POST", "/api/hands"),
        ("DELETE", "/api/hands/1"),
    ]:
        response = table.client.open(
            path,
            method=method,
            data=deep,
            headers={"X-CSRF-Token": table.csrf, "Content-Type": "application/json"},
        )
        assert response.status_code in (400, 404), response.get_json()
        assert response.get_json()["ok"] is False


def test_score_previews_are_limited_per_phone(table, app):
    body = {"hand": {"result": "draw"}}
    answers = [table.post("/api/score", body).status_code for _ in range(60)]
    assert answers[0] == 200
    assert 429 in answers, "a phone asking without pause is slowed down"
    refused = table.post("/api/score", body)
    assert refused.status_code == 429 and "wait a moment" in refused.get_json()["error"]
    other = Phone(app.test_client())
    other_answer = other.post("/api/score", body, environ_base={"REMOTE_ADDR": "192.0.2.9"})
    assert other_answer.status_code == 200


def test_a_hand_with_a_huge_field_is_not_recorded(table):
    hand = {**DISCARD_WIN, "score": {**DISCARD_WIN["score"], "win_tile": " " * 20_000 + "9p"}}
    response = table.add(hand)
    assert response.status_code == 400
    assert "win_tile is 20002 characters long" in response.get_json()["error"]
    assert table.table()["hands"] == 0


def test_wrong_pins_from_many_addresses_pause_every_phone_and_warn_the_host(app, capsys):
    guessers = [f"192.0.2.{n}" for n in range(1, 31)]
    answers = []
    for address in guessers:
        guesser = app.test_client()
        guesser.environ_base["REMOTE_ADDR"] = address
        answers.append(Phone(guesser).unlock(f"{len(answers):06d}").status_code)
    assert answers[:20] == [403] * 20 and set(answers[20:]) == {429}
    player = app.test_client()
    player.environ_base["REMOTE_ADDR"] = "192.0.2.200"
    paused = Phone(player).unlock(PIN)
    assert paused.status_code == 429
    assert "Too many wrong PINs at this table" in paused.get_json()["error"]
    warnings = [line for line in capsys.readouterr().err.splitlines() if "wrong PINs" in line]
    assert len(warnings) == 1 and "20 wrong PINs from 20 addresses" in warnings[0]
    assert Phone(app.test_client()).unlock(PIN).status_code == 200  # the host's own browser


def copy_of(app, phone: Phone) -> Phone:
    """Another browser holding a copy of `phone`'s cookie, taken now."""
    thief = app.test_client()
    thief.set_cookie("mahjong_table", phone.client.get_cookie("mahjong_table").value)
    copied = Phone.__new__(Phone)
    copied.client, copied.csrf = thief, phone.csrf
    return copied


def test_locking_a_phone_revokes_a_copy_of_its_cookie(app, table):
    stolen = copy_of(app, table)
    assert stolen.table()["can_change"] is True
    assert table.post("/api/lock", {}).status_code == 200
    assert stolen.table()["can_change"] is False
    refused = stolen.add({"result": "draw"})
    assert refused.status_code == 403 and table.table()["hands"] == 0


def test_a_new_pin_revokes_every_cookie_on_the_server(app, table):
    stolen = copy_of(app, table)
    host = Phone(app.test_client())
    host.unlock()
    new = host.post("/api/pin", {}).get_json()["pin"]
    assert stolen.table()["can_change"] is False and table.table()["can_change"] is False
    assert stolen.add({"result": "draw"}).status_code == 403
    # the PIN coming back (as the operator types the old one in the file) unlocks nobody
    app.config["PIN"] = PIN
    assert stolen.table()["can_change"] is False
    assert host.table()["can_change"] is False
    app.config["PIN"] = new
    assert host.table()["can_change"] is True


def escaped(phone: Phone, method: str, path: str, body):
    """Send `body` as JSON with every non-ASCII character escaped (`"\\ud800"`), as a script may."""
    headers = {"X-CSRF-Token": phone.csrf, "Content-Type": "application/json"}
    return phone.client.open(path, method=method, data=json.dumps(body), headers=headers)


@pytest.mark.parametrize("typed", ["١٢٣٤٥٦", "１２３４５６", "²³", "\ud800"])
def test_a_pin_in_other_digits_gets_a_sentence_not_a_server_error(app, typed):
    phone = Phone(app.test_client())
    response = escaped(phone, "POST", "/api/unlock", {"pin": typed})
    assert response.status_code in (403, 400)
    assert response.get_json()["ok"] is False
    join = app.test_client().get("/join", query_string={"pin": typed.encode("utf-8", "replace")})
    assert join.status_code == 200


def test_a_pin_typed_in_arabic_indic_digits_unlocks(tmp_path):
    from webui import create_app

    app = create_app({"DATA_DIR": str(tmp_path), "PIN": "123456"})
    try:
        assert Phone(app.test_client()).unlock("١٢٣٤٥٦").status_code == 200
    finally:
        app.extensions["table_camera"].close()


def test_a_csrf_token_in_any_characters_is_refused_not_a_server_error(table):
    body = {"hand": {"result": "draw"}, "expected_hands": 0}
    forged = table.client.post("/api/hands", json=body, headers={"X-CSRF-Token": "é" * 20})
    assert forged.status_code == 403


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        (
            "/api/session",
            {"setup": {**SETUP, "players": ["Ji-ho", "\ud800", "c", "d"]}},
            "setup.players[1]",
        ),
        (
            "/api/hands",
            {
                "hand": {"result": "win", "winner": 0, "score": {"hand": "\udc00"}},
                "expected_hands": 0,
            },
            "hand.score.hand",
        ),
        ("/api/score", {"hand": {"result": "draw", "\ud83d": 1}}, "hand"),
    ],
)
def test_half_a_character_pair_in_a_name_or_hand_is_named_not_a_server_error(
    table, path, body, field
):
    response = escaped(table, "POST", path, body)
    assert response.status_code == 400
    answer = response.get_json()
    assert answer["code"] == "text_broken" and answer["field"] == field
    assert table.get("/api/history").status_code == 200


def test_a_body_nested_100000_deep_is_refused_with_a_sentence(table):
    deep = "[" * 100_000 + "]" * 100_000
    headers = {"X-CSRF-Token": table.csrf, "Content-Type": "application/json"}
    response = table.client.post("/api/hands", data=deep, headers=headers)
    assert response.status_code == 413 and response.get_json()["ok"] is False


@pytest.mark.parametrize("path", ["/", "/hand", "/join", "/api/table", "/no-such-page"])
def test_every_answer_carries_the_security_headers(client, path):
    headers = client.get(path).headers
    policy = headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


def test_the_pages_fit_the_content_security_policy():
    """No inline script, handler or style attribute, and nothing loaded from another site."""
    from pathlib import Path

    import webui

    folder = Path(webui.__file__).parent
    for template in (folder / "templates").glob("*.html"):
        html = template.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert " src=" in tag or 'type="application/json"' in tag, (template.name, tag)
        assert not re.search(r"\son[a-z]+\s*=", html), template.name
        assert not re.search(r"\sstyle\s*=|<style", html), template.name
        assert not re.search(r"(src|href)=\"(https?:)?//", html), template.name
    for script in (folder / "static").glob("*.js"):
        code = script.read_text(encoding="utf-8")
        assert "eval(" not in code and "new Function" not in code, script.name
        assert ".innerHTML" not in code and "style=" not in code, script.name
