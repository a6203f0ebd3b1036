"""What the panel says in each language beyond its sentences: option values, exports, undo."""

from __future__ import annotations

import csv
import io

import pytest

from tests.webui.conftest import DISCARD_WIN, PLAYERS
from webui import i18n, rules


def test_every_house_option_choice_has_words_in_both_languages():
    for profile in rules.PROFILES:
        for name, choices in rules.house_options(profile).items():
            if all(isinstance(choice, bool) for choice in choices):
                continue  # a checkbox: the option's own label says it
            for choice in choices:
                assert f"opt_{name}_{choice}" in i18n.TEXT, (profile, name, choice)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_csv_export_names_its_columns_in_the_phones_language(table, lang):
    table.add(DISCARD_WIN)
    table.client.set_cookie("lang", lang)
    text = table.get("/api/export.csv").get_data(as_text=True).lstrip("\ufeff")
    header, first = list(csv.reader(io.StringIO(text)))
    assert header[:3] == [i18n.say(key, lang) for key in ("csv_hand", "csv_round", "csv_dealer")]
    assert header[7] == i18n.say("csv_payment", lang, name=PLAYERS[0])
    assert header[-1] == i18n.say("csv_running_total", lang, name=PLAYERS[3])
    assert len(header) == len(first) == 7 + 3 * len(PLAYERS)
    if lang == "ko":
        assert header[:2] == ["국", "장"] and header[7] == "Ji-ho 지불"
    else:
        assert header[:2] == ["hand", "round"] and header[7] == "Ji-ho payment"
