"""The history on a phone: how each hand was won, its one winning tile, its sets as they lie."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import fits_the_phone, shoot
from tests.e2e.test_panel import seated
from tests.webui.conftest import DISCARD_WIN

pytestmark = pytest.mark.browser

# Hand 2: South (Seo-yeon, after Min-seo took the deal) draws her own 9p, with a concealed kong
# and a kong added to a pung claimed from East (Min-seo, on her left).
KONGS = {
    "result": "win",
    "winner": 2,
    "score": {
        "hand": "234m567p99p",
        "melds": [
            {"kind": "concealed_kong", "tiles": "7777z"},
            {"kind": "added_kong", "tiles": "6666z", "from": "E"},
        ],
        "win_tile": "9p",
        "win": "self_draw",
    },
}


def record(page, hand: dict, expected: int) -> None:
    page.evaluate(
        "async ([hand, expected]) => (await import('/static/common.js'))"
        ".api('POST', '/api/hands', { hand, expected_hands: expected })",
        [hand, expected],
    )


def sideways_places(meld) -> list[int]:
    """Where in a set its sideways tiles lie (the places of its children)."""
    return meld.evaluate(
        "(node) => [...node.children]"
        ".flatMap((child, i) => child.classList.contains('sideways') ? [i] : [])"
    )


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_history_says_how_each_hand_was_won_and_shows_sets_as_sets(chromium, panel, lang):
    page = seated(chromium, panel, lang)
    record(page, DISCARD_WIN, 0)
    record(page, KONGS, 1)
    page.goto(panel.url + "/history")
    first = page.locator('#history li[data-number="1"]')
    second = page.locator('#history li[data-number="2"]')
    first.wait_for()

    said = {
        "en": ("Min-seo won on Ji-ho's discard", "Seo-yeon won by self-draw"),
        "ko": ("Min-seo: Ji-ho의 버림패로 론 화료", "Seo-yeon 쯔모 화료"),
    }[lang]
    assert first.locator(".how-won").inner_text() == said[0]
    assert second.locator(".how-won").inner_text() == said[1]

    # one winning tile, marked and set apart, though the hand holds two 9p
    for hand in (first, second):
        marked = hand.locator(".tile.win")
        assert marked.count() == 1 and marked.get_attribute("data-code") == "9p"
        standing = hand.locator(".tiles.small > .tile:not(.win)")
        assert standing.count() == 7

    # South's pungs: Red from West (her right: the last tile sideways), Green from North
    # (across: the middle tile)
    red, green = first.locator(".meld[data-kind=pung]").all()
    assert sideways_places(red) == [2] and sideways_places(green) == [1]
    assert "Do-yun" in green.get_attribute("title")

    concealed = second.locator(".meld[data-kind=concealed_kong] .tile")
    codes = concealed.evaluate_all("(nodes) => nodes.map((n) => n.dataset.code)")
    assert codes == ["back", "7z", "7z", "back"]
    added = second.locator(".meld[data-kind=added_kong]")
    assert sideways_places(added) == [0], "claimed from the left: the first tile sideways"
    assert added.locator(".sideways.stacked .tile").count() == 2, "the added tile lies on it"
    turned = added.locator(".sideways .tile").first.bounding_box()
    assert turned["width"] > turned["height"], "the claimed tile is drawn sideways"

    running = first.locator("tr.running th").inner_text()
    assert running == {"en": "Running total", "ko": "누적 합계"}[lang]
    assert fits_the_phone(page)
    shoot(page, f"history-sets-{lang}")
    assert page.problems == []
