"""The record across evenings on a phone: Sessions, a past session's history and export, a
player's record and renaming them, in English and Korean."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import fits_the_phone, phone_page, shoot
from tests.e2e.test_panel import PLAYERS, join, set_up
from tests.webui.conftest import DISCARD_WIN, SETUP, self_draw
from webui import i18n

pytestmark = pytest.mark.browser

TONIGHT = ["Ji-ho", "Min-seo", "Ha-eun", "Do-yun"]


def send(page, method: str, path: str, body: dict | None = None):
    """A call of the panel's API through the page's own helper (its PIN cookie and CSRF token)."""
    return page.evaluate(
        "async ([m, p, b]) => (await import('/static/common.js')).api(m, p, b ?? undefined)",
        [method, path, body],
    )


def two_evenings(page, panel) -> None:
    """Last week (set up through the page; Ji-ho finishes the Horse Race), and tonight."""
    set_up(page, panel)
    for expected, hand in enumerate([self_draw(0), DISCARD_WIN, self_draw(0), self_draw(0)]):
        send(page, "POST", "/api/hands", {"hand": hand, "expected_hands": expected})
    send(page, "POST", "/api/session", {"setup": {**SETUP, "players": TONIGHT}})
    send(page, "POST", "/api/hands", {"hand": DISCARD_WIN, "expected_hands": 0})


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_sessions_open_a_past_history_export_it_and_rename_a_player(chromium, panel, lang):
    say = lambda key, **values: i18n.say(key, lang, **values)  # noqa: E731
    page = phone_page(chromium, accept_downloads=True)
    page.context.add_cookies([{"name": "lang", "value": lang, "url": panel.url}])
    join(page, panel)
    two_evenings(page, panel)

    page.click(f".tabs a:text-is('{say('nav_sessions')}')")
    page.wait_for_url(panel.url + "/sessions")
    cards = page.locator("#sessions > li")
    assert cards.count() == 2
    tonight, last_week = cards.nth(0), cards.nth(1)
    assert tonight.locator(".badge").inner_text() == say("session_now")
    assert last_week.locator("h2").inner_text() == say("session_n", n=1)
    names = last_week.locator("tr[data-player] th a").all_inner_texts()
    assert names == PLAYERS
    assert fits_the_phone(page)
    shoot(page, f"sessions-{lang}")

    # last week's history, as it was recorded and read-only
    last_week.locator("a.open-history").click()
    page.wait_for_url("**/sessions/*/history")
    page.wait_for_selector('#history li[data-number="4"]')
    assert page.locator("#history > li").count() == 4
    assert page.locator("#history button.danger, #history a.button").count() == 0
    assert page.locator("#undo").is_hidden()
    assert say("past_session", n=1, date="")[:6] in page.locator(".past-session").inner_text()
    finished = page.locator('#history li[data-number="4"] .horse-finished')
    assert finished.inner_text() == say("horse_finished", name="Ji-ho", amount=12)
    assert fits_the_phone(page)
    shoot(page, f"session-history-{lang}")

    # its export, from Sessions
    page.go_back()
    with page.expect_download() as download:
        page.locator("#sessions > li").nth(1).locator("a.export-csv").click()
    csv = Path(download.value.path()).read_text(encoding="utf-8-sig")
    header = csv.splitlines()[0].split(",")
    assert header[0] == say("csv_hand") and say("csv_payment", name="Seo-yeon") in header
    assert len(csv.splitlines()) == 5  # the header and four hands

    # Ji-ho's record across both evenings
    page.locator("#sessions > li").nth(1).locator("tr[data-player='0'] th a").click()
    page.wait_for_url("**/players/Ji-ho")
    assert page.locator("#totals-chart g.bar").count() == 2
    assert page.locator("dd[data-figure=horse_finishes]").inner_text() == "1"
    assert page.locator("dd[data-figure=won]").inner_text() == "3"
    assert page.locator("#most-scored li").count() >= 1
    assert fits_the_phone(page)
    shoot(page, f"player-{lang}")

    # a name too long gets a sentence beside the field; then the rename goes through
    page.fill("#new-name", "J" * 25)
    page.click("#rename")
    assert page.locator("#rename-problem").inner_text() == say("rename_name")
    page.fill("#new-name", "Jiho Park")
    page.click("#rename")
    page.wait_for_url("**/players/Jiho%20Park?renamed=Ji-ho")
    assert page.locator("#player-name").inner_text() == "Jiho Park"
    assert page.locator(".renamed-note").inner_text() == say(
        "renamed_note", old="Ji-ho", new="Jiho Park"
    )
    page.click(f".tabs a:text-is('{say('nav_players')}')")
    page.wait_for_url(panel.url + "/players")
    tab = page.locator(".tabs a[aria-current]").bounding_box()
    assert tab["x"] >= 0 and tab["x"] + tab["width"] <= 390, "the page's own tab is in sight"
    assert "Jiho Park" in page.locator("#players").inner_text()
    assert "Ji-ho" not in page.locator("#players").inner_text()
    assert fits_the_phone(page)
    assert page.problems == []


def test_a_locked_phone_views_a_player_but_cannot_rename(chromium, panel):
    host = phone_page(chromium)
    join(host, panel)
    set_up(host, panel)
    send(host, "POST", "/api/hands", {"hand": DISCARD_WIN, "expected_hands": 0})
    guest = phone_page(chromium)
    guest.goto(panel.url + "/players/Min-seo")
    assert guest.locator("dd[data-figure=won]").inner_text() == "1"
    assert guest.locator("#rename").is_disabled() and guest.locator("#new-name").is_disabled()
    assert guest.locator(".locked-help").inner_text() == i18n.say("rename_locked")
    # giving the PIN in the bar above lets this phone rename at once
    guest.fill("#pin-input", panel.pin)
    guest.click("#unlock-form button")
    guest.wait_for_function("() => !document.getElementById('rename').disabled")
    guest.fill("#new-name", "Minseo")
    guest.click("#rename")
    guest.wait_for_url("**/players/Minseo?renamed=Min-seo")
    assert guest.problems == [] and host.problems == []
