"""The table's record across evenings: sessions made through the API as a phone makes them, then
read back from the Sessions and Players pages and their JSON."""

from __future__ import annotations

import re
import sqlite3
from collections import Counter

import pytest

from tests.webui.conftest import DISCARD_WIN, PLAYERS, SETUP, boot, self_draw
from webui import db, i18n, names
from webui.refusal import Refusal

LATER = ["Jiho", "Min-seo", "Ha-eun", "Do-yun"]  # Ji-ho typed without the hyphen, a new player


def play(phone, players: list[str], hands: list[dict]) -> dict:
    """Start a session with these players, record the hands; what it showed at its end."""
    started = phone.post("/api/session", {"setup": {**SETUP, "players": players}})
    assert started.status_code == 201
    for hand in hands:
        assert phone.add(hand).status_code == 201
    return {
        "id": started.get_json()["session"],
        "table": phone.table(),
        "history": phone.get("/api/history").get_json(),
        "settle": phone.get("/api/settle").get_json(),
        "csv": phone.get("/api/export.csv").get_data(as_text=True),
        "json": phone.get("/api/export.json").get_json(),
    }


@pytest.fixture
def evenings(phone):
    """Two evenings: Ji-ho finishes the Horse Race in the first; the second is being played."""
    first = play(phone, PLAYERS, [self_draw(0), DISCARD_WIN, self_draw(0), self_draw(0)])
    second = play(phone, LATER, [self_draw(2), DISCARD_WIN])
    return phone, first, second


def rename(phone, name: str, new: str, token: str | None = None):
    form = {"csrf_token": phone.csrf, "name": new}
    if token:
        form["token"] = token
    return phone.client.post(f"/players/{name}/rename", data=form)


def points(evening: dict) -> list[int]:
    return [player["points"] for player in evening["table"]["standings"]["players"]]


def test_sessions_lists_every_session_newest_first_with_its_final_totals(evenings):
    phone, first, second = evenings
    listed = phone.get("/api/sessions").get_json()["sessions"]
    assert [s["id"] for s in listed] == [second["id"], first["id"]]
    assert [s["number"] for s in listed] == [2, 1]
    assert [s["current"] for s in listed] == [True, False]
    assert [s["hands"] for s in listed] == [2, 4]
    for summary, evening, typed in ((listed[0], second, LATER), (listed[1], first, PLAYERS)):
        assert [p["typed"] for p in summary["players"]] == typed
        assert [p["points"] for p in summary["players"]] == points(evening)
        assert [p["money"] for p in summary["players"]] == [
            p["money"] for p in evening["table"]["standings"]["players"]
        ]
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", summary["date"])


def test_a_past_session_opens_as_it_was_recorded_and_read_only(evenings):
    phone, first, _ = evenings
    history = phone.get(f"/api/sessions/{first['id']}/history").get_json()
    assert history["hands"] == first["history"]["hands"]
    assert history["session"] == first["history"]["session"]
    assert history["past"] is True and history["undo"] is None
    settle = phone.get(f"/api/sessions/{first['id']}/settle").get_json()
    assert settle["transfers"] == first["settle"]["transfers"]
    assert settle["series"] == first["settle"]["series"]

    page = phone.get(f"/sessions/{first['id']}/history")
    assert page.status_code == 200
    assert boot(page)["api_base"] == f"/api/sessions/{first['id']}"
    assert i18n.say("past_session", n=1, date=history_date(phone, first)) in page.get_data(
        as_text=True
    )
    # the running session's own pages are the editable ones
    current = phone.get("/api/sessions").get_json()["sessions"][0]["id"]
    assert phone.get(f"/sessions/{current}/history").location.endswith("/history")


def history_date(phone, evening) -> str:
    listed = phone.get("/api/sessions").get_json()["sessions"]
    return next(s["date"] for s in listed if s["id"] == evening["id"])


def test_a_past_session_exports_as_it_did_when_it_was_played(evenings):
    phone, first, _ = evenings
    csv = phone.get(f"/api/sessions/{first['id']}/export.csv")
    assert csv.get_data(as_text=True) == first["csv"]
    assert 'filename="mahjong-session-1-' in csv.headers["Content-Disposition"]
    exported = phone.get(f"/api/sessions/{first['id']}/export.json").get_json()
    assert exported["record"] == first["json"]["record"]
    assert exported["settlement"] == first["json"]["settlement"]
    settle = phone.get(f"/sessions/{first['id']}/settle").get_data(as_text=True)
    assert f'href="/api/sessions/{first["id"]}/export.csv"' in settle


def test_a_session_whose_start_was_undone_is_not_listed(evenings):
    phone, first, second = evenings
    phone.post("/api/session", {"setup": SETUP})
    assert len(phone.get("/api/sessions").get_json()["sessions"]) == 3
    undo = phone.table()["undo"]
    assert undo["ends_session"]
    assert phone.post("/api/undo", {"expected": undo["event"]}).status_code == 200
    listed = phone.get("/api/sessions").get_json()["sessions"]
    assert [s["id"] for s in listed] == [second["id"], first["id"]]
    assert phone.get("/api/sessions/999/history").status_code == 404


def test_a_player_record_adds_up_the_sessions_they_played(evenings):
    phone, first, second = evenings
    record = phone.get("/api/players/Min-seo").get_json()["player"]
    assert [row["id"] for row in record["sessions"]] == [first["id"], second["id"]]
    assert record["points"] == points(first)[1] + points(second)[1]
    assert [row["points"] for row in record["sessions"]] == [points(first)[1], points(second)[1]]
    assert record["hands"] == 6
    assert record["won"] == 2  # the discard win, once each evening
    assert record["horse_finishes"] == 0

    jiho = phone.get("/api/players/Ji-ho").get_json()["player"]
    assert jiho["won"] == 3 and jiho["horse_finishes"] == 1
    # the hands of the rules: counted from the engine's answers that History shows
    counted = Counter(
        yaku["id"]
        for row in first["history"]["hands"]
        for answer in row["answers"]
        if answer["winner"] == 0
        for yaku in answer["yaku"]
    )
    top = jiho["most_scored"][0]
    assert top["hands"] == max(counted.values()) and counted[top["id"]] == top["hands"]
    assert top["name"] and top["name_ko"]

    everyone = phone.get("/api/players").get_json()["players"]
    assert {p["name"] for p in everyone} == set(PLAYERS) | set(LATER)
    assert [p["points"] for p in everyone] == sorted((p["points"] for p in everyone), reverse=True)


def test_the_player_page_shows_the_figures_and_a_bar_per_session(evenings):
    phone, first, second = evenings
    html = phone.get("/players/Min-seo").get_data(as_text=True)
    bars = re.findall(r'<g class="bar (\w*)" data-session="(\d+)" data-points="(-?\d+)"', html)
    assert [(int(n), int(p)) for _, n, p in bars] == [(1, points(first)[1]), (2, points(second)[1])]
    assert all(sign == ("plus" if int(p) > 0 else "minus") for sign, _, p in bars if int(p))
    assert 'data-figure="won">2<' in html
    phone.client.set_cookie("lang", "ko")
    korean = phone.get("/players/Min-seo").get_data(as_text=True)
    assert i18n.say("hands_won", "ko") in korean and i18n.say("rename", "ko") in korean
    assert i18n.say("session_n", "ko", n=2) in phone.get("/sessions").get_data(as_text=True)


def test_renaming_a_player_renames_them_in_every_session_and_keeps_the_record(evenings):
    phone, first, _ = evenings
    answer = rename(phone, "Seo-yeon", "Seoyeon Kim")
    assert answer.status_code == 303
    assert answer.location.endswith("/players/Seoyeon%20Kim?renamed=Seo-yeon")
    listed = phone.get("/api/sessions").get_json()["sessions"]
    renamed = listed[1]["players"][2]
    assert renamed == renamed | {"typed": "Seo-yeon", "name": "Seoyeon Kim"}
    # the session's own record keeps the name typed that evening
    history = phone.get(f"/api/sessions/{first['id']}/history").get_json()
    assert history["session"]["setup"]["players"][2] == "Seo-yeon"
    # the old name leads to the new one, and a later evening that types it counts for her too
    assert phone.get("/players/Seo-yeon").location.endswith("/players/Seoyeon%20Kim")
    play(phone, PLAYERS, [self_draw(2)])
    record = phone.get("/api/players/Seoyeon Kim").get_json()["player"]
    assert len(record["sessions"]) == 2 and record["earlier"] == ["Seo-yeon"]
    with db.connect(phone.client.application.config["DATABASE"]) as conn:
        assert conn.execute("SELECT COUNT(*) FROM player_rename").fetchone()[0] == 1


def test_renaming_to_another_player_name_makes_them_one_player(evenings):
    phone, first, second = evenings
    before = phone.get("/api/players/Ji-ho").get_json()["player"]
    jiho = phone.get("/api/players/Jiho").get_json()["player"]
    assert rename(phone, "Jiho", "Ji-ho").status_code == 303
    merged = phone.get("/api/players/Ji-ho").get_json()["player"]
    assert [row["id"] for row in merged["sessions"]] == [first["id"], second["id"]]
    assert merged["points"] == before["points"] + jiho["points"]
    assert merged["won"] == before["won"] + jiho["won"]
    assert "Jiho" not in {p["name"] for p in phone.get("/api/players").get_json()["players"]}
    # and a rename back to the earlier name is a rename of the one player
    assert rename(phone, "Ji-ho", "Jiho").status_code == 303
    assert len(phone.get("/api/players/Jiho").get_json()["player"]["sessions"]) == 2


def refusal(answer) -> str:
    found = re.search(r'<p id="rename-problem" class="error" role="alert">(.*?)</p>', answer.text)
    return found.group(1) if found else ""


@pytest.mark.parametrize(
    ("new", "key", "values"),
    [
        ("", "rename_name", {}),
        ("   ", "rename_name", {}),
        ("x" * 25, "rename_name", {}),
        ("Min-seo", "players_met", {"name": "Ji-ho", "other": "Min-seo", "n": 1}),
        ("Ji-ho", "rename_same", {"name": "Ji-ho"}),
    ],
)
def test_a_refused_rename_says_why_beside_the_name(evenings, new, key, values):
    phone = evenings[0]
    answer = rename(phone, "Ji-ho", new)
    assert answer.status_code == 400
    assert refusal(answer) == i18n.say(key, "en", **values).replace("'", "&#39;")
    assert 'aria-invalid="true"' in answer.text
    assert phone.get("/api/players/Ji-ho").get_json()["player"]["name"] == "Ji-ho"


def test_an_earlier_name_of_another_player_is_refused(evenings):
    phone = evenings[0]
    assert rename(phone, "Seo-yeon", "Seoyeon").status_code == 303
    phone.client.set_cookie("lang", "ko")
    answer = rename(phone, "Ha-eun", "Seo-yeon")
    assert answer.status_code == 400
    expected = i18n.say("rename_earlier_name", "ko", name="Seo-yeon", player="Seoyeon")
    assert refusal(answer) == expected


def test_a_locked_phone_sees_players_but_cannot_rename(evenings, viewer):
    html = viewer.get("/players/Ji-ho").get_data(as_text=True)
    assert i18n.say("rename_locked") in html
    answer = rename(viewer, "Ji-ho", "Someone")
    assert answer.status_code == 403 and i18n.say("need_pin") in answer.text
    assert viewer.get("/api/players/Someone").status_code == 404
    stale = viewer.get("/players/Someone")
    assert stale.status_code == 404 and i18n.say("player_unknown", name="Someone") in stale.text
    assert 'href="/players/Ji-ho"' in stale.text
    assert viewer.get("/api/players/Nobody").get_json()["error"] == i18n.say(
        "player_unknown", name="Nobody"
    )


def test_a_rename_sent_twice_is_recorded_once(evenings):
    phone = evenings[0]
    assert rename(phone, "Do-yun", " Doyun ", token="a" * 16).status_code == 303
    again = rename(phone, "Do-yun", " Doyun ", token="a" * 16)
    assert again.status_code == 303 and again.location.endswith("/players/Doyun?renamed=Do-yun")
    with db.connect(phone.client.application.config["DATABASE"]) as conn:
        assert conn.execute("SELECT COUNT(*) FROM player_rename").fetchone()[0] == 1


def test_a_name_with_half_a_character_pair_is_refused():
    with pytest.raises(Refusal) as refused:
        names.check_rename([], [(1, PLAYERS)], "Ji-ho", "Ji\ud800ho")
    assert refused.value.code == "text_broken" and refused.value.field == "name"


def test_renames_are_append_only(evenings):
    phone = evenings[0]
    rename(phone, "Do-yun", "Doyun")
    conn = db.connect(phone.client.application.config["DATABASE"])
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("UPDATE player_rename SET new_name = 'x'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM player_rename")
    conn.close()


def test_renames_fold_oldest_first_whatever_the_case():
    now = names.Names([("jun", "Jun"), ("Jun", "Junho"), ("Junho", "Jun")])
    assert [now.of(typed) for typed in ("jun", "JUN", "Junho", "Min-seo")] == [
        "Jun",
        "Jun",
        "Jun",
        "Min-seo",
    ]
    seatings = [(1, ["jun", "A", "B", "C"]), (2, ["Junho", "A", "B", "D"])]
    everyone = names.players(now, seatings)
    assert everyone["jun"].seats == [(1, 0), (2, 0)] and everyone["jun"].earlier == ["Junho", "jun"]
    assert everyone["a"].name == "A" and everyone["a"].earlier == []


def test_the_chart_names_at_most_twelve_sessions_and_the_last():
    from webui.evenings import totals_chart

    rows = [{"number": n, "points": (-1) ** n * n} for n in range(1, 31)]
    chart = totals_chart(rows)
    named = [bar["number"] for bar in chart["bars"] if bar["named"]]
    assert len(named) <= 13 and named[0] == 1 and named[-1] == 30
    for bar in chart["bars"]:
        assert bar["x"] >= 0 and bar["x"] + bar["width"] <= chart["width"]
        # a bar stands on the zero line (within rounding to a tenth), above it or below it
        foot = bar["y"] + bar["height"] if bar["points"] > 0 else bar["y"]
        assert abs(foot - chart["zero"]) <= 0.2
        assert (bar["y"] < chart["zero"]) == (bar["points"] > 0)
