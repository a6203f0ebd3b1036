"""Words a phone shows in its language beyond fixed sentences: option choices, the undo button."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import phone_page
from tests.e2e.test_panel import join, record_a_draw, set_up
from webui import i18n

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_flower_tiles_choices_are_in_the_pages_language(chromium, panel, lang):
    page = phone_page(chromium)
    page.context.add_cookies([{"name": "lang", "value": lang, "url": panel.url}])
    page.goto(panel.url + "/setup")
    choices = page.locator("select[data-option=flower_tiles] option")
    choices.first.wait_for(state="attached")
    expected = [i18n.say(f"opt_flower_tiles_{c}", lang) for c in ("flowers", "seasons")]
    assert choices.all_inner_texts() == expected
    assert page.problems == []


def test_the_undo_button_says_which_hand_it_would_take_back(chromium, panel):
    page = phone_page(chromium)
    page.context.add_cookies([{"name": "lang", "value": "ko", "url": panel.url}])
    join(page, panel)
    set_up(page, panel)
    record_a_draw(page, panel)
    what = i18n.say("undo_hand_added", "ko", n=1)
    page.wait_for_selector("#undo:visible")
    assert page.locator("#undo").inner_text() == i18n.say("undo_what", "ko", what=what)
    page.click("#undo")
    # what is left to undo is starting the session itself, and the button says so
    started = i18n.say("undo_what", "ko", what=i18n.say("undo_session_started", "ko"))
    page.wait_for_function(
        "(words) => document.querySelector('#undo').innerText === words", arg=started
    )
    assert page.locator("#latest li").count() == 0
    assert page.problems == []
