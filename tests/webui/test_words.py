"""What the panel says in each language beyond its sentences: option values, exports, undo."""

from __future__ import annotations

import csv
import io

import pytest

from engine.analysis import MELD_KINDS
from engine.answer import Reason
from tests.webui.conftest import DISCARD_WIN, PLAYERS
from webui import i18n, rules


def test_every_house_option_choice_has_words_in_both_languages():
    for profile in rules.PROFILES:
        for name, choices in rules.house_options(profile).items():
            if all(isinstance(choice, bool) for choice in choices):
                continue  # a checkbox: the option's own label says it
            for choice in choices:
                assert f"opt_{name}_{choice}" in i18n.TEXT, (profile, name, choice)


def test_every_word_of_the_engine_the_pages_show_has_words_in_both_languages():
    # The pages offer and show the engine's own words (rules.words); each needs a label.
    words = rules.words()
    prefixes = {"winds": "wind", "results": "result", "abortive": "abortive",
                "declared": "declared", "situations": "sit"}  # fmt: skip
    keys = [f"{prefixes[kind]}_{word}" for kind in prefixes for word in words[kind]]
    keys += [f"kind_{kind}" for kind in MELD_KINDS] + [f"reason_{reason}" for reason in Reason]
    for key in keys:
        assert key in i18n.TEXT and all(i18n.TEXT[key]), key


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


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_undo_says_which_change_it_cancels(table, lang):
    table.client.set_cookie("lang", lang)

    def label() -> str:
        shown = table.table()["undo"]["label"]
        assert table.get("/api/history").get_json()["undo"]["label"] == shown
        return shown

    def expected(kind: str, n: int) -> str:
        return i18n.say("undo_what", lang, what=i18n.say(f"undo_{kind}", lang, n=n))

    table.add({"result": "draw"})
    second = table.add(DISCARD_WIN).get_json()["id"]
    assert label() == expected("hand_added", 2)
    assert label() == {"en": "Undo: hand 2 added", "ko": "취소: 2국 추가"}[lang]
    table.put(f"/api/hands/{second}", {"hand": {"result": "draw"}})
    assert label() == expected("hand_edited", 2)
    first = table.table()["latest"][-1]["id"]
    table.delete(f"/api/hands/{first}", {})
    assert label() == expected("hand_deleted", 1)
    table.post("/api/undo", {})
    assert table.table()["hands"] == 2
    assert label() == expected("hand_edited", 2)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_flask_babel_reads_the_panels_catalog_in_the_phones_language(app, lang):
    """Templates may say `_()`: Flask-Babel serves the same catalog the pages' table comes from."""
    from flask import g, render_template_string

    with app.test_request_context():
        g.lang = lang
        assert render_template_string("{{ _('nav_table') }}") == i18n.say("nav_table", lang)
