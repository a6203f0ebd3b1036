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
