"""Entering a hand by hand on a phone: the keypad that stays open while tiles are tapped in, the
hand written in tile notation, and the picker that shows which tile it replaces."""

from __future__ import annotations

import pytest

from engine import parse_tiles
from tests.e2e.conftest import fits_the_phone, shoot
from tests.e2e.test_panel import seated, win_by
from webui import i18n

pytestmark = pytest.mark.browser

HAND = "123m456m789m234p88p"  # 14 tiles, the last 8p drawn to win


def hand_page(chromium, panel, lang):
    page = seated(chromium, panel, lang)
    page.goto(panel.url + "/hand")
    page.wait_for_selector("#concealed")
    return page


def standing(page) -> list[str]:
    return page.locator("#concealed button").evaluate_all(
        "(nodes) => nodes.map((n) => n.getAttribute('aria-label'))"
    )


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_whole_hand_by_keypad_in_sixteen_taps(chromium, panel, lang):
    page = hand_page(chromium, panel, lang)
    taps = 0

    def tap(selector):
        nonlocal taps
        page.click(selector)
        taps += 1

    tap("button[data-add=concealed]")
    assert page.locator("#picker-title").inner_text() == i18n.say("keypad_title", lang)
    for code in parse_tiles(HAND):
        tap(f'#picker-tiles button[data-code="{code}"]')
        assert page.locator("#picker").is_visible(), "the keypad stays open"
    entered = page.locator("#picker-entered-tiles .tile")
    assert entered.count() == 14
    assert page.evaluate(
        "() => document.getElementById('picker').getBoundingClientRect().right <= innerWidth"
    )
    shoot(page, f"keypad-{lang}", part="#picker")
    tap("#picker-done")
    print(f"\n14-tile hand by keypad: {taps} taps")
    assert taps <= 16
    assert standing(page) == parse_tiles(HAND)
    last = page.locator("#concealed button").last
    assert "win" in last.get_attribute("class"), "the tile tapped in last is the winning tile"
    win_by(page, 0)
    page.wait_for_selector("[data-total]", timeout=10_000)
    assert fits_the_phone(page)
    assert page.problems == []


def test_the_keypad_takes_back_its_last_tile_and_cancel_takes_back_them_all(chromium, panel):
    page = hand_page(chromium, panel, "en")
    page.click("button[data-add=concealed]")
    for code in ("1m", "2m", "3m"):
        page.click(f'#picker-tiles button[data-code="{code}"]')
    page.click("#picker-back")
    assert page.locator("#picker-entered-tiles .tile").count() == 2
    page.click("#picker-done")
    assert standing(page) == ["1m", "2m"]
    page.click("button[data-add=concealed]")
    page.click('#picker-tiles button[data-code="9p"]')
    page.click("#picker-cancel")
    assert standing(page) == ["1m", "2m"], "Cancel takes back what this keypad tapped in"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_hand_written_in_tile_notation(chromium, panel, lang):
    page = hand_page(chromium, panel, lang)
    page.fill("#notation", "12x")
    page.press("#notation", "Enter")
    assert page.locator("#notation-problem").inner_text() == i18n.say(
        "notation_letter", lang, part="x"
    )
    page.fill("#notation", "123m8z")
    page.press("#notation", "Enter")
    assert page.locator("#notation-problem").inner_text() == i18n.say(
        "notation_no_tile", lang, part="8z"
    )
    assert standing(page) == []
    page.fill("#notation", "123m 456m 789m 234p 88p")
    page.press("#notation", "Enter")
    assert not page.locator("#notation-problem").is_visible()
    assert standing(page) == parse_tiles(HAND)
    assert "win" in page.locator("#concealed button").last.get_attribute("class")
    win_by(page, 0)
    page.wait_for_selector("[data-total]", timeout=10_000)
    # a tile tapped in the hand: the picker shows the tile it replaces
    page.locator("#concealed button").nth(3).click()
    assert page.locator("#picker-title").inner_text() == i18n.say("pick_tile", lang)
    assert page.locator("#picker-current").is_visible()
    assert page.locator("#picker-current .tile").get_attribute("data-code") == "4m"
    page.click('#picker-tiles button[data-code="5m"]')
    assert standing(page)[3] == "5m"
    assert page.input_value("#notation") == "123556789m23488p", "the field follows the hand"
    assert page.problems == []
