"""Words a Korean or English phone shows that come from data: the house options' choices."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import phone_page
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
