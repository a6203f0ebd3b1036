"""Messages on a phone lie in the page's flow: they never cover a control, and a sentence the page
already prints where it belongs is not said a second time over it."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import phone_page
from tests.e2e.test_panel import join, seated, set_up
from tests.webui.conftest import require_reader
from webui import i18n

pytestmark = pytest.mark.browser

COVERED = """() => {
  const box = document.getElementById('message').getBoundingClientRect();
  const meets = (r) => r.width > 0 && r.height > 0 && r.left < box.right && box.left < r.right
    && r.top < box.bottom && box.top < r.bottom;
  return [...document.querySelectorAll('button, input, select, a, summary, label')]
    .filter((n) => !n.closest('#message') && meets(n.getBoundingClientRect()))
    .map((n) => n.tagName + '#' + n.id + ' ' + n.textContent.trim().slice(0, 20));
}"""


def covers_nothing(page):
    assert page.locator("#message").is_visible()
    assert page.evaluate(COVERED) == [], "the message lies over a control"
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate(COVERED) == [], "the message lies over a control"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_refusal_lies_under_the_score_and_covers_nothing(chromium, panel, lang):
    page = seated(chromium, panel, lang)
    page.goto(panel.url + "/hand")
    page.wait_for_selector("#winner-buttons button")
    page.click("#confirm")  # no winner yet: the server refuses with a sentence
    page.wait_for_selector("#message.error")
    assert page.locator("#score-card + #message").count() == 1, "said under the score"
    covers_nothing(page)
    # the page keeps the bar's height free below it: its last control can be scrolled above it
    gap = page.evaluate(
        "() => { const bar = document.querySelector('.actions.sticky').getBoundingClientRect();"
        " const last = [...document.querySelectorAll('main button, main input, main select')]"
        ".filter((n) => !n.closest('.actions, dialog')).pop().getBoundingClientRect();"
        " return bar.top - last.bottom; }"
    )
    assert gap >= 0, "the bar hides the page's last control"
    assert page.problems == []


def test_a_wrong_pin_is_said_under_the_pin_bar(chromium, panel):
    page = phone_page(chromium)
    page.goto(panel.url + "/")
    page.fill("#pin-input", "000000" if panel.pin != "000000" else "111111")
    page.click("#unlock-form button")
    page.wait_for_selector("#message.error")
    covers_nothing(page)


def test_the_reading_note_is_not_said_again_in_a_message(chromium, panel):
    require_reader()
    page = phone_page(chromium)
    join(page, panel)
    set_up(page, panel)
    page.goto(panel.url + "/hand")
    page.wait_for_selector("#preview[src]")
    page.click("#read-camera")
    page.wait_for_selector("#reading .overlay .box", timeout=60_000)
    note = page.locator("#reading-note")
    assert note.inner_text().startswith(i18n.say("tap_tile", "en"))
    assert not page.locator("#message").is_visible(), "the note under the picture says it"
    assert page.problems == []
