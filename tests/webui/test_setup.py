"""Setting up a session: players and seats, rules, house options, money, Horse Race."""

from __future__ import annotations

import pytest

from tests.webui.conftest import PLAYERS, SETUP


def with_(**changes) -> dict:
    return {**SETUP, **changes}


def test_a_session_starts_with_player_one_as_east_dealer(phone):
    assert phone.post("/api/session", {"setup": SETUP}).status_code == 201
    state = phone.table()
    assert state["session"]["setup"]["players"] == PLAYERS
    standings = state["standings"]
    assert standings["dealer"] == 0 and standings["round"] == "E"
    assert [p["seat"] for p in standings["players"]] == ["E", "S", "W", "N"]
    assert [p["horse_race"] for p in standings["players"]] == [3, 3, 3, 3]


@pytest.mark.parametrize(
    ("setup", "field", "words"),
    [
        (with_(players=["A", "B", "C"]), "players", "four player names"),
        (with_(players=["A", "B", "C", ""]), "players[3]", "Player 4"),
        (with_(players=["A", "B", "C", "x" * 25]), "players[3]", "at most 24"),
        (with_(players=["A", "B", "C", 7]), "players[3]", "Player 4"),
        (with_(players=["Ann", "Bo", "ann", "Cy"]), "players", "same name"),
        (with_(rules="riichi"), "rules", "standard or guide"),
        (with_(options={"dora": True}), "options", "dora is not a house option"),
        (with_(options={"pin_specials": "yes"}), "options.pin_specials", "True"),
        (with_(options=["pin_specials"]), "options", "house options"),
        (with_(money_per_point=-1), "money_per_point", "0 to 1,000,000"),
        (with_(money_per_point="100"), "money_per_point", "number"),
        (with_(money_per_point=float("inf")), "money_per_point", "number"),
        (with_(horse_race="on"), "horse_race", "true or false"),
    ],
)
def test_bad_setups_are_refused_with_a_sentence_naming_the_field(phone, setup, field, words):
    response = phone.post("/api/session", {"setup": setup})
    assert response.status_code == 400
    body = response.get_json()
    assert body["ok"] is False
    assert body["field"] == field
    assert words in body["error"]


def test_a_setup_that_is_not_json_is_refused(phone):
    response = phone.post(
        "/api/session", data="{players", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert response.get_json()["error"] == "The request is not valid JSON."


def test_correcting_the_setup_keeps_the_hands(table):
    from tests.webui.conftest import DISCARD_WIN

    table.add(DISCARD_WIN)
    renamed = with_(players=["Jiho", *PLAYERS[1:]], money_per_point=50)
    assert table.put("/api/session", {"setup": renamed}).status_code == 200
    state = table.table()
    assert state["hands"] == 1
    assert state["standings"]["players"][0]["name"] == "Jiho"
    assert state["standings"]["players"][0]["money"] == -600


def test_a_new_session_starts_from_zero(table):
    from tests.webui.conftest import DISCARD_WIN

    table.add(DISCARD_WIN)
    assert table.post("/api/session", {"setup": SETUP}).status_code == 201
    state = table.table()
    assert state["hands"] == 0
    assert [p["points"] for p in state["standings"]["players"]] == [0, 0, 0, 0]


def test_house_options_reach_the_record(phone):
    setup = with_(options={"pin_specials": True})
    assert phone.post("/api/session", {"setup": setup}).status_code == 201
    record = phone.get("/api/export.json").get_json()["record"]
    assert record["options"] == {"pin_specials": True}
