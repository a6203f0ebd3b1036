"""The pages: in Korean and English, phone-sized, and nothing fetched from the internet."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from tests.webui.conftest import boot
from webui import i18n

PAGES = ["/", "/hand", "/history", "/settle", "/setup", "/join", "/sessions", "/players"]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_opens_for_a_phone_without_the_pin(client, path):
    response = client.get(path)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'name="viewport"' in html
    assert boot(response)["can_change"] is False


def test_pages_follow_the_chosen_language(client):
    client.set_cookie("lang", "ko")
    html = client.get("/").get_data(as_text=True)
    assert '<html lang="ko">' in html and "테이블" in html
    client.set_cookie("lang", "en")
    assert "Record hand" in client.get("/").get_data(as_text=True)


def test_a_korean_phone_gets_korean_error_sentences(viewer):
    viewer.client.set_cookie("lang", "ko")
    refused = viewer.post("/api/undo", {})
    assert refused.get_json()["error"] == i18n.say("need_pin", "ko")
    assert "PIN" in refused.get_json()["error"] and "휴대폰" in refused.get_json()["error"]


def test_the_language_switch_remembers_the_choice(client):
    response = client.get("/lang/ko", headers={"Referer": "http://localhost/history"})
    assert response.status_code == 302 and response.location.endswith("/history")
    assert client.get_cookie("lang").value == "ko"


def test_every_sentence_has_both_languages():
    for key, (english, korean) in i18n.TEXT.items():
        assert english.strip() and korean.strip(), key
        assert set(re.findall(r"{\w+}", english)) == set(re.findall(r"{\w+}", korean)), key


def test_nothing_is_loaded_from_the_internet():
    package = resources.files("webui")
    for folder in ("templates", "static"):
        for item in (package / folder).iterdir():
            if not item.name.endswith((".html", ".js", ".css", ".svg")):
                continue  # the shipped fonts and their licence
            text = item.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")
            outside = re.findall(r"https?://|[\"'(]//\w", text)
            assert not outside, f"{item.name} points outside the table: {outside}"


def test_the_strings_used_by_the_scripts_exist():
    package = resources.files("webui")
    used = set()
    for item in (package / "static").iterdir():
        if item.name.endswith(".js"):
            used |= set(re.findall(r"""\bt\(\s*"(\w+)"\s*[,)]""", item.read_text(encoding="utf-8")))
    assert used, "scripts use the string table"
    assert used <= set(i18n.TEXT), sorted(used - set(i18n.TEXT))


def test_the_served_camera_preview_is_a_picture_or_nothing(client):
    response = client.get("/camera/frame.jpg")
    assert response.status_code in (200, 204)
    if response.status_code == 200:
        assert response.data[:3] == b"\xff\xd8\xff"


def test_a_korean_phone_gets_the_reason_for_a_wrong_field_in_korean(phone):
    phone.client.set_cookie("lang", "ko")
    phone.post("/api/session", {"setup": {"players": ["A", "B", "C", "D"]}})
    refused = phone.post("/api/undo", {"expected": "last"}).get_json()
    assert refused["field"] == "expected"
    assert refused["error"] == "expected: " + i18n.say("why_number", "ko") + "."
