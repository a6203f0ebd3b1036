"""A session in a real browser at a phone-sized viewport, watched from a second phone."""

from __future__ import annotations

import pytest

from engine import parse_tiles
from tests.e2e.conftest import phone_page, shoot

pytestmark = pytest.mark.browser

PLAYERS = ["Ji-ho", "Min-seo", "Seo-yeon", "Do-yun"]
LIVE_MS = 2000  # every phone shows a confirmed hand within 2 seconds


def join(page, panel):
    page.goto(f"{panel.url}/join?pin={panel.pin}")
    page.wait_for_url(panel.url + "/")


def set_up(page, panel):
    page.goto(panel.url + "/setup")
    for i, name in enumerate(PLAYERS):
        page.fill(f"input[name=player{i}]", name)
    page.fill("input[name=money]", "100")
    shoot(page, "setup")
    page.click("#start-session")
    page.wait_for_url(panel.url + "/")
    page.wait_for_selector(".player")


def seated(chromium, panel, lang: str = "en"):
    """A phone in `lang` that joined the table and set up a session: on the Table page."""
    page = phone_page(chromium)
    page.context.add_cookies([{"name": "lang", "value": lang, "url": panel.url}])
    join(page, panel)
    set_up(page, panel)
    return page


def watching(chromium, panel):
    """A second phone, without the PIN, on the Table page."""
    page = phone_page(chromium)
    page.goto(panel.url + "/")
    page.wait_for_selector(".player")
    return page


def record_a_draw(page, panel):
    """Confirm an exhaustive draw from the Record hand page; back on the Table page."""
    page.goto(panel.url + "/hand")
    page.check("input[name=result][value=draw]")
    page.click("#confirm")
    page.wait_for_url(panel.url + "/")


def points(page) -> list[int]:
    return [
        int(v)
        for v in page.locator(".player .points").evaluate_all(
            "nodes => nodes.map(n => n.dataset.points)"
        )
    ]


def counters(page) -> list[int]:
    return [
        int(v)
        for v in page.locator(".player .horse").evaluate_all(
            "nodes => nodes.map(n => n.dataset.count)"
        )
    ]


def pick_tiles(page, codes: str, where: str = "concealed") -> int:
    """Tap tiles in on the keypad, which stays open until Done; the taps it took."""
    page.click(f"button[data-add={where}]")
    for code in parse_tiles(codes):
        page.click(f'#picker-tiles button[data-code="{code}"]')
    page.click("#picker-done")
    return len(parse_tiles(codes)) + 2


def win_by(page, winner: int, discarder: int | None = None) -> int:
    """Say who won and how, a tap each (self-draw when no discarder); the taps it took."""
    page.click(f'#winner-buttons button[data-player="{winner}"]')
    if discarder is None:
        page.click('#how-buttons button[data-how="self_draw"]')
    else:
        page.click(f'#how-buttons button[data-discarder="{discarder}"]')
    return 2


def test_a_self_drawn_hand_entered_by_taps_reaches_the_second_phone(chromium, panel):
    host, watcher = seated(chromium, panel), watching(chromium, panel)
    assert points(watcher) == [0, 0, 0, 0]
    assert counters(watcher) == [3, 3, 3, 3]
    assert watcher.locator("#lockbar").is_visible(), "a phone without the PIN only looks"

    host.goto(panel.url + "/hand")
    host.wait_for_selector("#concealed")
    pick_tiles(host, "123m456m789m234p88p")
    # make the last 8p the winning tile
    host.locator("#concealed button").last.click()
    host.click("#picker-win")
    win_by(host, 0)
    host.wait_for_selector("[data-total]")
    total = int(host.locator("[data-total]").first.get_attribute("data-total"))
    assert total >= 2
    assert host.locator("[data-yaku]").count() >= 2
    shoot(host, "hand-score")
    host.click("#confirm")
    host.wait_for_url(panel.url + "/")

    watcher.wait_for_function(
        "() => document.querySelector('.player .horse')?.dataset.count === '2'", timeout=LIVE_MS
    )
    assert counters(watcher) == [2, 3, 3, 3]
    assert points(watcher) == [3 * total, -total, -total, -total]
    shoot(watcher, "table-second-phone")
    assert host.problems == [] and watcher.problems == []


def test_history_delete_and_undo_are_seen_by_every_phone(chromium, panel):
    host = phone_page(chromium)
    join(host, panel)
    set_up(host, panel)
    record_a_draw(host, panel)
    watcher = phone_page(chromium)
    watcher.goto(panel.url + "/history")
    watcher.wait_for_selector("#history li")

    host.goto(panel.url + "/history")
    host.once("dialog", lambda dialog: dialog.accept())
    host.click("#history li button.danger")
    watcher.wait_for_selector("#history li", state="detached", timeout=LIVE_MS)
    host.click("#undo")
    watcher.wait_for_selector("#history li", timeout=LIVE_MS)
    shoot(watcher, "history")


def test_settlement_page_draws_the_chart_and_offers_exports(chromium, panel):
    host = phone_page(chromium)
    join(host, panel)
    set_up(host, panel)
    host.goto(panel.url + "/settle")
    host.wait_for_selector("#chart svg")
    assert host.locator("#chart polyline").count() == 4
    assert host.locator("a[href='/api/export.csv']").is_visible()
    with host.expect_download() as download:
        host.click("a[href='/api/export.json']")
    assert download.value.suggested_filename == "mahjong-session.json"


def test_the_pages_speak_korean(chromium, panel):
    page = phone_page(chromium)
    page.goto(panel.url + "/")
    page.click("a.lang")
    page.wait_for_selector("nav.tabs >> text=테이블")
    assert page.locator("html").get_attribute("lang") == "ko"


def test_every_korean_page_fits_a_phone_and_says_its_errors_in_korean(chromium, panel):
    page = phone_page(chromium)
    page.context.add_cookies([{"name": "lang", "value": "ko", "url": panel.url}])
    join(page, panel)
    set_up(page, panel)
    for path in ("/", "/hand", "/history", "/settle", "/setup", "/join"):
        page.goto(panel.url + path)
        page.wait_for_load_state("networkidle")
        wide = page.evaluate(
            "() => [...document.querySelectorAll('body *')]"
            ".filter((n) => n.getBoundingClientRect().right > window.innerWidth + 1)"
            ".map((n) => n.tagName + '#' + n.id + '.' + n.className).slice(0, 5)"
        )
        assert wide == [], f"{path} is wider than a phone: {wide}"
    page.goto(panel.url + "/hand")
    win_by(page, 1)
    pick_tiles(page, "123m456m789m234p8p")
    assert "win" in page.locator("#concealed button").last.get_attribute("class")
    page.wait_for_function(
        "() => document.getElementById('score').innerText.includes('손패가 13장입니다')",
        timeout=10_000,
    )
    said = page.locator("#score").inner_text()
    assert said.count("손패가 13장입니다") == 1, said
    shoot(page, "hand-korean-error", part="#score-card")
    assert page.problems == []
