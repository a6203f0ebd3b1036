"""Payments for one hand (RULINGS 15 and 16), liability as docs/rules.md reads chapter 8.3."""

import pytest

from tests.engine.helpers import added_kong, concealed_kong, kong, pung, score


def payments(*args, **kwargs):
    answer = score(*args, **kwargs)
    assert answer["winning"], answer
    assert sum(answer["payments"].values()) == 0
    return answer["total"], answer["payments"]


def test_discard_win():
    total, paid = payments("123m456p789p555z11m", "1m", discarder="E")
    assert paid == {"E": -2 * total, "S": 2 * total, "W": 0, "N": 0}


def test_self_draw():
    total, paid = payments("123m456p789p555z11m", "1m", "self_draw", seat="N")
    assert paid == {"E": -total, "S": -total, "W": -total, "N": 3 * total}


def test_robbing_the_kong_the_declarer_pays_as_discarder():
    total, paid = payments("123m456p789p555z99m", "2m", situations=["robbing_kong"], discarder="E")
    assert paid["E"] == -2 * total


DRAGONS_ON_THE_TABLE = [pung("555z", "E"), pung("666z", "N")]


def test_liable_when_the_winning_discard_completes_the_last_dragon_set():
    total, paid = payments("123m777z11p", "7z", melds=DRAGONS_ON_THE_TABLE, discarder="W")
    assert paid == {"E": 0, "S": 3 * total, "W": -3 * total, "N": 0}


def test_liable_for_the_claimed_last_set_even_when_another_player_discards_the_winner():
    melds = [*DRAGONS_ON_THE_TABLE, pung("777z", "W")]
    total, paid = payments("123m11p", "1p", melds=melds, discarder="N")
    assert paid == {"E": 0, "S": 3 * total, "W": -3 * total, "N": 0}


def test_liable_on_a_self_draw_after_the_claimed_last_set():
    melds = [*DRAGONS_ON_THE_TABLE, kong("7777z", "E")]
    total, paid = payments("123m11p", "1p", "self_draw", melds=melds)
    assert paid == {"E": -3 * total, "S": 3 * total, "W": 0, "N": 0}


def test_the_order_of_the_sets_decides_who_is_liable():
    melds = [pung("777z", "W"), *DRAGONS_ON_THE_TABLE]  # North's 666z came last
    total, paid = payments("123m11p", "1p", melds=melds, discarder="W")
    assert paid["N"] == -3 * total and paid["W"] == 0


def test_no_liability_when_a_dragon_set_stood_concealed_in_the_hand():
    # 555z was never on the table: West could not see the danger of the last dragon.
    total, paid = payments("555z123m11p", "1p", melds=[pung("666z", "N"), pung("777z", "W")],
                           discarder="E")  # fmt: skip
    assert paid == {"E": -2 * total, "S": 2 * total, "W": 0, "N": 0}


def test_no_liability_when_the_last_set_is_a_concealed_kong():
    melds = [*DRAGONS_ON_THE_TABLE, concealed_kong("7777z")]
    total, paid = payments("123m11p", "1p", "self_draw", melds=melds)
    assert paid == {"E": -total, "S": 3 * total, "W": -total, "N": -total}


def test_no_liability_when_the_winner_draws_the_last_dragon():
    total, paid = payments("123m777z11p", "7z", "self_draw", melds=DRAGONS_ON_THE_TABLE)
    assert paid == {"E": -total, "S": 3 * total, "W": -total, "N": -total}


def test_big_four_winds_liability_follows_the_added_kong_to_its_claim():
    melds = [pung("111z", "E"), pung("222z", "N"), pung("333z", "E"), added_kong("4444z", "W")]
    total, paid = payments("11m", "1m", "self_draw", melds=melds)
    assert paid == {"E": 0, "S": 3 * total, "W": -3 * total, "N": 0}


@pytest.mark.parametrize("seat", ["E", "S", "W", "N"])
def test_every_seat_can_win_and_the_payments_add_up(seat):
    discarder = "N" if seat != "N" else "E"
    total, paid = payments("123m456p789p555z11m", "1m", seat=seat, discarder=discarder)
    assert paid[seat] == 2 * total


def test_a_hand_that_does_not_win_pays_nothing():
    answer = score("123m456m789p123p55p", "3p")
    assert answer["payments"] == {"E": 0, "S": 0, "W": 0, "N": 0}
