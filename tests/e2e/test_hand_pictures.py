"""A recorded hand's own picture on a phone: the history's picture and the edit page."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import fits_the_phone, phone_page, shoot
from tests.e2e.test_panel import join, set_up, win_by
from tests.e2e.test_reading import first_source, wait_for_reading
from tests.webui.conftest import require_reader

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def reader_models():
    require_reader()


def record_a_read_hand(page, panel) -> tuple[int, str]:
    """Read the demo table, confirm its hand as a self-draw of the first player: the box of the
    first standing tile and its code (a box renamed by a fix is checked in tests/webui)."""
    page.goto(panel.url + "/hand")
    page.wait_for_selector("#preview[src]")
    page.click("#read-camera")
    wait_for_reading(page)
    source = first_source(page)
    code = page.locator("#concealed button").first.get_attribute("aria-label")
    win_by(page, 0)
    page.wait_for_selector("#score .answer", timeout=10_000)
    page.click("#confirm")
    page.wait_for_url(panel.url + "/")
    return source, code


def test_history_shows_the_whole_picture_with_its_boxes_and_a_close_button(chromium, panel):
    page = phone_page(chromium)
    join(page, panel)
    set_up(page, panel)
    source, code = record_a_read_hand(page, panel)
    for lang, close in (("en", "Close"), ("ko", "닫기")):
        page.context.add_cookies([{"name": "lang", "value": lang, "url": panel.url}])
        page.goto(panel.url + "/history")
        page.click("#history li .actions button:not(.danger)")
        picture = page.locator("#picture-dialog .overlay")
        picture.wait_for()
        width = picture.evaluate("(svg) => svg.viewBox.baseVal.width")
        image = page.locator("#picture-dialog .overlay image")
        assert width == float(image.get_attribute("width")), "the whole picture, not a part"
        assert page.locator("#picture-dialog .box").count() >= 14
        box = page.locator(f'#picture-dialog .box[data-index="{source}"]')
        assert box.get_attribute("data-code") == code, "the box says the tile as recorded"
        shown = picture.bounding_box()
        assert shown["width"] <= 390 and shown["x"] >= 0, "the picture fits the phone"
        assert page.locator("#picture-dialog button").all_inner_texts() == [close]
        shoot(page, f"history-picture-{lang}", part="#picture-dialog")
        page.click("#picture-close")
        assert not page.locator("#picture-dialog").is_visible()
    assert page.problems == []


def test_the_edit_page_shows_the_hands_own_picture_and_reads_again_on_request(chromium, panel):
    page = phone_page(chromium)
    join(page, panel)
    set_up(page, panel)
    source, code = record_a_read_hand(page, panel)
    page.goto(panel.url + "/history")
    page.click("#history li a[href^='/hand?edit=']")
    page.wait_for_selector("#reading .overlay .box")
    assert not page.locator("#read-sources").is_visible(), "no live camera over the hand"
    assert page.locator("#read-again").is_visible()
    assert page.locator(f'#reading .box[data-index="{source}"]').get_attribute("data-code") == code
    assert fits_the_phone(page)
    shoot(page, "edit-own-picture", part="#read-card")

    # a box of the picture is the hand's own tile: tapping it fixes that tile
    assert first_source(page) == source
    other = "3p" if code != "3p" else "4p"
    page.locator(f'#reading .box[data-index="{source}"]').dispatch_event("click")
    page.click(f'#picker-tiles button[data-code="{other}"]')
    assert page.locator("#concealed button").first.get_attribute("aria-label") == other

    page.click("#read-again")
    assert page.locator("#read-camera").is_visible()
    page.wait_for_selector("#preview[src]")
    assert page.problems == []
