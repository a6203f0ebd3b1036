"""On a phone: Horse Race payouts apart with who finished; every Table number labelled."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import phone_page, shoot
from tests.e2e.test_panel import join
from tests.webui.conftest import PLAYERS, SETUP, self_draw
from tests.webui.server import Browser
from tests.webui.test_moves import two_winners
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


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_number_on_the_table_page_says_what_it_is(chromium, panel, lang):
    phone = Browser(panel.url, pin=panel.pin)
    assert phone.call("POST", "/api/session", {"setup": SETUP})[0] == 201
    for number, hand in enumerate([self_draw(0), two_winners()]):
        status, added = phone.call("POST", "/api/hands", {"hand": hand, "expected_hands": number})
        assert status == 201
    _, table = phone.call("GET", "/api/table")
    standing = table["standings"]

    def say(key, **values):
        return i18n.say(key, lang, **values)

    page = phone_page(chromium)
    page.context.add_cookies([{"name": "lang", "value": lang, "url": panel.url}])
    join(page, panel)
    page.wait_for_selector("#latest li")
    wind = say("wind_" + standing["round"])
    assert page.locator("#round-wind").inner_text() == say("round_name", round=wind)
    assert page.locator("#hand-number").inner_text() == say("next_hand", n=3)
    card = page.locator(".player").first
    points = standing["players"][0]["points"]
    assert card.locator(".points").inner_text() == f"{points:+d} {say('points_unit')}"
    money = standing["players"][0]["money"]
    assert card.locator(".money").inner_text() == say("money_amount", amount=f"{money:,}")
    assert card.locator(".horse-label").inner_text() == say("horse_left", n=2)
    newest = page.locator("#latest li").first
    assert newest.locator(".number").inner_text() == say("hand_in_round", n=2, round=wind)
    assert newest.locator(".moves").inner_text().startswith(say("payments_line"))
    note = say(
        "collects_alone", winner=PLAYERS[1], other=PLAYERS[2], option=say("opt_multiple_winners")
    )
    assert newest.locator(".collect-note").inner_text() == note
    assert not page.locator("#latest li").nth(1).locator(".collect-note").count()
    shoot(page, f"table-labels-{lang}")

    page.goto(panel.url + "/history")
    assert page.locator("#history li .collect-note").inner_text() == note
    page.goto(f"{panel.url}/hand?edit={added['id']}")
    page.wait_for_selector("#score .collect-note")
    assert page.locator("#score .collect-note").inner_text() == note

    _, settle = phone.call("GET", "/api/settle")
    first = settle["transfers"][0]
    page.goto(panel.url + "/settle")
    transfer = page.locator("#transfers li").first
    transfer.wait_for()
    assert transfer.locator(".amount").inner_text().strip() == say("n_points", n=first["points"])
    money = say("money_amount", amount=f"{first['money']:,}")
    assert transfer.locator(".money").inner_text().strip() == "· " + money
    assert page.problems == []
