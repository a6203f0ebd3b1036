"""On a phone: a hand that finishes the Horse Race shows its payout apart, and who finished."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import phone_page, shoot
from tests.e2e.test_panel import join
from tests.webui.conftest import PLAYERS, SETUP, self_draw
from tests.webui.server import Browser
from webui import i18n

pytestmark = pytest.mark.browser

CUT_OFF = """(selector) => [...document.querySelectorAll(selector)]
  .filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent)"""


def amounts(page, selector: str) -> list[int]:
    return [int(text) for text in page.locator(selector).all_inner_texts()]


def test_the_horse_race_payout_is_shown_apart_with_who_finished(chromium, panel):
    phone = Browser(panel.url, pin=panel.pin)
    assert phone.call("POST", "/api/session", {"setup": SETUP})[0] == 201
    for number in range(3):  # Ji-ho's third concealed self-draw finishes the race
        status, added = phone.call(
            "POST", "/api/hands", {"hand": self_draw(0), "expected_hands": number}
        )
        assert status == 201
    _, history = phone.call("GET", "/api/history")
    total = history["hands"][-1]["answers"][0]["total"]
    finished = i18n.say("horse_finished", "en", name=PLAYERS[0], amount=12)

    page = phone_page(chromium)
    join(page, panel)
    page.goto(f"{panel.url}/hand?edit={added['id']}")
    page.wait_for_selector("#score .horse-finished")
    assert page.locator("#score .horse-finished").inner_text() == finished
    assert amounts(page, "#score tr.hand-payments td") == [3 * total, -total, -total, -total]
    assert amounts(page, "#score tr.horse-payments td") == [12, -4, -4, -4]
    assert amounts(page, "#score tr.all-payments td") == [3 * total + 12] + [-total - 4] * 3
    assert page.evaluate(CUT_OFF, "#score .payments :is(th, td), #score .horse-finished") == []
    shoot(page, "hand-score-horse-race", part="#score-card")

    page.goto(panel.url + "/")
    line = page.locator("#latest li").first
    line.wait_for()
    horse = line.locator(".horse-moves").inner_text()
    assert horse.startswith(i18n.say("horse_line", "en", name=PLAYERS[0]))
    assert f"{PLAYERS[0]} +12" in horse and f"{PLAYERS[1]} -4" in horse
    assert f"{PLAYERS[0]} +{3 * total}" in line.locator(".moves").first.inner_text()
    shoot(page, "table-horse-race")

    page.goto(panel.url + "/history")
    newest = page.locator("#history li").first
    newest.wait_for()
    assert newest.locator(".horse-finished").inner_text() == finished
    assert amounts(newest, "tr.horse-payments td") == [12, -4, -4, -4]
    assert amounts(newest, "tr.running td")[0] == 9 * total + 12
    assert page.evaluate(CUT_OFF, "#history .payments :is(th, td), #history .horse-finished") == []
    shoot(page, "history-horse-race")
    assert page.problems == []
