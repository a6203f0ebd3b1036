"""The set dialog on a phone: a set's kind and giver change on Done, and Cancel leaves it."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import shoot
from tests.e2e.test_panel import PLAYERS, seated

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "done", "kong"), [("en", "Done", "Kong"), ("ko", "완료", "깡")])
def test_a_set_changes_on_done_and_stays_on_cancel(chromium, panel, lang, done, kong):
    page = seated(chromium, panel, lang)
    page.goto(panel.url + "/hand")
    page.click('#winner-buttons button[data-player="1"]')
    page.click("button[data-add=meld]")
    assert not page.locator("#picker-done").is_visible(), "a new set is made by its tile"
    page.click('#picker-tiles button[data-code="5m"]')
    the_set = page.locator("#melds .meld-button")
    assert the_set.locator(".tile").count() == 3

    the_set.click()
    page.select_option("#meld-kind", value="kong")
    page.click("#picker button[value=cancel]")
    assert the_set.locator(".tile").count() == 3, "Cancel leaves the set as it was"

    the_set.click()
    assert page.locator("#picker-done").inner_text() == done
    page.select_option("#meld-kind", value="kong")
    page.select_option("#meld-from", value="0")
    shoot(page, f"set-dialog-{lang}", part="#picker")
    page.click("#picker-done")
    assert not page.locator("#picker").is_visible()
    assert the_set.locator(".tile").count() == 4
    label = the_set.locator("> small").inner_text()
    assert label.startswith(kong) and label.endswith("← " + PLAYERS[0])
    assert page.problems == []
