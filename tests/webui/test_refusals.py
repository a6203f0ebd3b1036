"""The panel renders every refusal from its code and params, in the phone's language, through one
error type and one handler; players are named by the session's names."""

from __future__ import annotations

import copy

import engine
from tests.webui.conftest import DISCARD_WIN

REQUEST = {**DISCARD_WIN["score"], "seat": "S", "round": "E", "discarder": "E"}


def test_a_korean_phone_sees_the_bad_tile_named_in_korean(table):
    table.client.set_cookie("lang", "ko")
    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"]["win_tile"] = "1m"
    first = table.post("/api/score", {"hand": hand}).get_json()["answers"][0]
    assert first["ok"] is False and first["field"] == "win_tile"
    assert (first["code"], first["params"]) == ("win_tile_not_in_hand", {"tile": "1m"})
    assert first["error"] == "화료패 1만(1m): 손패에 없습니다. 손패에는 화료패도 넣어야 합니다."


def test_a_korean_phone_is_told_in_korean_why_a_hand_is_not_recorded(table):
    table.client.set_cookie("lang", "ko")
    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"]["hand"] = "234m567p99s"
    refused = table.add(hand)
    assert refused.status_code == 400
    body = refused.get_json()
    assert body["code"] == "bamboo_tile" and body["hand"] == 0
    assert body["params"] == {"in_hand": 1, "tile": "9s", "of_player": 1}
    assert body["error"] == "1국, Min-seo의 패: 9삭(9s): 한국 마작에서는 삭수패를 쓰지 않습니다."
    assert table.table()["hands"] == 0


def test_a_korean_preview_names_the_player_whose_hand_does_not_win(table):
    table.client.set_cookie("lang", "ko")
    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"]["hand"] = "234m567p19p"
    preview = table.post("/api/score", {"hand": hand}).get_json()
    assert preview["problem"] == "1국: Min-seo의 패는 화료가 아닙니다. 패가 완성되지 않았습니다."


def test_an_english_phone_gets_the_engines_own_sentence(table):
    table.client.set_cookie("lang", "en")
    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"]["win_tile"] = "1m"
    first = table.post("/api/score", {"hand": hand}).get_json()["answers"][0]
    assert first["error"] == engine.score(dict(REQUEST, win_tile="1m"))["error"]


def test_the_panels_own_refusals_have_the_same_shape(table):
    table.client.set_cookie("lang", "ko")
    refused = table.post("/api/undo", {"expected": "x"})
    body = refused.get_json()
    assert refused.status_code == 400
    assert body == {
        "ok": False,
        "error": "expected: 숫자여야 합니다.",
        "code": "field_wrong",
        "params": {"field": "expected", "why": "why_number"},
        "field": "expected",
    }


def test_a_stored_record_that_no_longer_replays_is_explained_in_the_phones_language(app, table):
    """A hand written before a rule changed (here: put in without the engine's check) stops the
    standings; the table page says why in Korean, naming the hand and the player."""
    from webui import store
    from webui.db import get_db

    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"]["hand"] = "234m567p99s"
    with app.app_context():
        db = get_db()
        store._append(db, store.current_session(db), "hand_added", {"hand": hand})
        db.commit()
    table.client.set_cookie("lang", "ko")
    standings = table.get("/api/table").get_json()["standings"]
    assert standings["ok"] is False and standings["code"] == "bamboo_tile"
    assert standings["error"].startswith("1국, Min-seo의 패: 9삭(9s)")
    settle = table.get("/api/settle").get_json()
    assert settle["ok"] is False and settle["error"] == standings["error"]


def test_a_seat_in_a_refusal_is_the_player_sitting_there(table):
    """Min-seo (South at the first hand) cannot claim a set from South, her own seat: the
    sentence names her, in the preview and in the refusal to record it."""
    table.client.set_cookie("lang", "ko")
    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"]["melds"][0]["from"] = "S"
    first = table.post("/api/score", {"hand": hand}).get_json()["answers"][0]
    assert first["code"] == "meld_from_winner" and first["params"]["seat"] == "S"
    assert first["error"].startswith("내려놓은 패의 1번째 몸통을 화료자 자신(Min-seo)에게서")
    table.client.set_cookie("lang", "en")
    body = table.add(hand).get_json()
    assert body["error"] == (
        "Hand 1, Min-seo's hand: Set 1 of melds is claimed from Min-seo, the winner's own seat;"
        " a player cannot claim their own discard."
    )
