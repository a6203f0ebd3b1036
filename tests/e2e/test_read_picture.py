"""The read picture on a phone: tiles a thumb can hit, names that never run together, a zoom
button beside the picture (not on it), a side hand turned upright, and the strip of the hand's
tiles under the picture that fixes a tile as a tap on its box does."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import fits_the_phone, shoot
from tests.e2e.test_panel import seated
from tests.webui.conftest import require_reader
from webui import i18n

pytestmark = pytest.mark.browser
THUMB = 40  # CSS pixels

RECT = "(n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
RECTS = """(nodes) => nodes.map((n) => { const r = n.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom]; })"""


def overlapping(rects, margin=0.5):
    """Pairs of rectangles that share more than a sliver."""
    return [
        (a, b)
        for i, a in enumerate(rects)
        for b in rects[i + 1 :]
        if min(a[2], b[2]) - max(a[0], b[0]) > margin and min(a[3], b[3]) - max(a[1], b[1]) > margin
    ]


def names_apart(page):
    rects = page.locator("#reading .overlay .box text").evaluate_all(RECTS)
    assert rects, "every box is named"
    assert overlapping(rects) == [], "two tiles' names run together"


def read(chromium, panel, lang):
    """A phone on the Record hand page once the demo camera's picture has been read."""
    page = seated(chromium, panel, lang)
    page.goto(panel.url + "/hand")
    page.wait_for_selector("#preview[src]")
    page.click("#read-camera")
    page.wait_for_selector("#reading .reading-strip .strip-tile", timeout=60_000)
    return page


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_read_picture_is_made_for_a_thumb(chromium, panel, lang):
    require_reader()
    page = read(chromium, panel, lang)
    strip = page.locator("#reading .strip-tile")
    ids = [int(i) for i in strip.evaluate_all("(nodes) => nodes.map((n) => n.dataset.index)")]
    assert len(ids) >= 14, "the strip holds the whole hand: standing tiles, sets, flowers"
    for left, top, right, bottom in strip.evaluate_all(RECTS):
        assert right - left >= THUMB and bottom - top >= THUMB, "a strip tile is a thumb's size"
    for i in ids:
        hit = page.locator(f'#reading .overlay .box[data-index="{i}"] rect.hit')
        height = hit.evaluate("(n) => n.getBoundingClientRect().height")
        assert height >= THUMB, f"tile {i}'s box can be hit by a thumb ({height:.0f} px)"
    names_apart(page)
    # the zoom button lies beside the picture, over no tile
    zoom = page.locator("#reading .zoom")
    assert zoom.inner_text() == i18n.say("whole_picture", lang)
    shown = page.locator("#reading .overlay").evaluate(RECT)  # the picture clips what lies out
    boxes = [
        [max(b[0], shown[0]), max(b[1], shown[1]), min(b[2], shown[2]), min(b[3], shown[3])]
        for b in page.locator("#reading .overlay .box rect:not(.hit)").evaluate_all(RECTS)
    ]
    assert not [b for b in boxes if overlapping([zoom.evaluate(RECT), b])], "the button hides tiles"
    assert fits_the_phone(page)
    shoot(page, f"hand-reading-{lang}", part="#read-card")

    # a tap on a strip tile fixes that tile: the box, the strip and the hand all change
    first = strip.first
    code = first.get_attribute("data-code")
    other = "5p" if code != "5p" else "6p"
    first.click()
    page.click(f'#picker-tiles button[data-code="{other}"]')
    assert page.locator("#reading .strip-tile").first.get_attribute("data-code") == other
    box = page.locator(f'#reading .overlay .box[data-index="{ids[0]}"]')
    assert box.get_attribute("data-code") == other and "fixed" in box.get_attribute("class")
    assert page.locator("#concealed button").first.get_attribute("aria-label") == other

    # the whole picture: still no names running together
    zoom.click()
    assert page.locator("#reading .zoom").inner_text() == i18n.say("zoom_hand", lang)
    names_apart(page)
    assert page.problems == []


def test_a_side_hand_is_turned_upright_and_shown_large(chromium, panel):
    require_reader()
    page = read(chromium, panel, "en")
    side = page.locator("#reading-hands button", has_text=i18n.say("position_right", "en"))
    side.click()
    overlay = page.locator("#reading .overlay")
    assert overlay.get_attribute("data-turn") == "90"
    ids = page.locator("#reading .strip-tile").evaluate_all(
        "(nodes) => nodes.map((n) => n.dataset.index)"
    )
    assert ids, "the side hand's kong is in the strip"
    tiles = [
        page.locator(f'#reading .overlay .box[data-index="{i}"] rect:not(.hit)').evaluate(RECT)
        for i in ids
    ]
    left = min(r[0] for r in tiles)
    right = max(r[2] for r in tiles)
    top = min(r[1] for r in tiles)
    bottom = max(r[3] for r in tiles)
    assert right - left > bottom - top, "the hand runs across the phone, as its owner sees it"
    picture = overlay.evaluate("(n) => n.getBoundingClientRect().width")
    assert right - left > picture / 3, "the hand is shown large"
    names_apart(page)
    shoot(page, "hand-reading-side", part="#read-card")
    assert page.problems == []
