"""A browser without CJK fonts draws the pages' Korean with the font the panel ships."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import phone_page

pytestmark = pytest.mark.browser


def drawn_with(page, selector: str) -> list[dict]:
    """The fonts Chromium drew a node's text with (DevTools: CSS.getPlatformFontsForNode)."""
    devtools = page.context.new_cdp_session(page)
    devtools.send("DOM.enable")
    devtools.send("CSS.enable")
    root = devtools.send("DOM.getDocument")["root"]["nodeId"]
    node = devtools.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    return devtools.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]


def test_a_korean_page_draws_its_words_with_the_shipped_font(chromium, panel):
    page = phone_page(chromium)
    page.context.add_cookies([{"name": "lang", "value": "ko", "url": panel.url}])
    page.goto(panel.url + "/setup")
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    page.wait_for_timeout(100)  # one frame to draw the loaded font
    tab = drawn_with(page, "nav.tabs a")  # 테이블, in the page's HTML from the start
    assert [f["isCustomFont"] for f in tab] == [True], tab
    title = drawn_with(page, "h1")  # 세션 설정, bold
    glyphs = {f["postScriptName"]: f["glyphCount"] for f in title}
    assert glyphs.get("NotoSansCJKkr-Bold") == 4, title  # the space is the system font's
    assert page.problems == []
