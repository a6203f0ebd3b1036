"""A hand's payments and a Horse Race payout are told apart, with who finished the race."""

from __future__ import annotations

from tests.webui.conftest import self_draw


def finish_the_race(table) -> None:
    """Ji-ho (player 0) self-draws three concealed hands: the third finishes the race."""
    for _ in range(3):
        assert table.add(self_draw(0)).status_code == 201


def test_history_and_the_table_name_who_finished_the_horse_race(table):
    finish_the_race(table)
    rows = table.get("/api/history").get_json()["hands"]
    assert [row["horse_winner"] for row in rows] == [None, None, 0]
    last = rows[-1]
    assert last["horse_payments"] == [12, -4, -4, -4]  # 4 from each who still holds 3 counters
    total = last["answers"][0]["total"]
    assert last["payments"] == [3 * total, -total, -total, -total]
    assert last["running"][0] == 3 * 3 * total + 12
    latest = table.table()["latest"][0]
    assert latest["number"] == 3 and latest["horse_winner"] == 0
    assert latest["horse_payments"] == last["horse_payments"]


def test_the_score_card_shows_the_payout_of_the_hand_being_entered(table):
    table.add(self_draw(0))
    table.add(self_draw(0))
    preview = table.post("/api/score", {"hand": self_draw(0)}).get_json()
    assert preview["horse_winner"] == 0 and preview["horse_payments"] == [12, -4, -4, -4]
    total = preview["answers"][0]["total"]
    assert preview["payments"] == [3 * total, -total, -total, -total]
    before = table.post("/api/score", {"hand": self_draw(1)}).get_json()
    assert before["horse_winner"] is None and before["horse_payments"] == [0, 0, 0, 0]


def two_winners() -> dict:
    """East discards 8p and both South and West win on it (RULINGS 17)."""

    def on_8p(hand: str) -> dict:
        return {"hand": hand, "win_tile": "8p", "win": "discard"}

    return {
        "result": "wins",
        "discarder": 0,
        "winners": [
            {"winner": 1, "score": on_8p("123m456m789m234p88p")},
            {"winner": 2, "score": on_8p("111m999m333p567p88p")},
        ],
    }


def test_of_two_winners_the_record_says_who_collects(table):
    preview = table.post("/api/score", {"hand": two_winners()}).get_json()
    assert preview["collecting"] == [1]  # South is first after the discarder East
    assert preview["payments"][2] == 0
    table.add(two_winners())
    assert table.get("/api/history").get_json()["hands"][0]["collecting"] == [1]
    assert table.table()["latest"][0]["collecting"] == [1]


def test_with_the_house_option_every_winner_collects(table):
    setup = table.table()["session"]["setup"] | {"options": {"multiple_winners": True}}
    assert table.put("/api/session", {"setup": setup}).status_code == 200
    table.add(two_winners())
    row = table.get("/api/history").get_json()["hands"][0]
    assert row["collecting"] == [1, 2] and row["payments"][2] > 0
