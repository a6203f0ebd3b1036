"""Seats, places and givers: the one vocabulary the engine, the reader and the datasets share."""

import pytest

from engine.seats import GIVERS, POSITIONS, Giver, Position, Wind


@pytest.mark.parametrize(
    ("seat", "giver", "from_seat"),
    [("E", "right", "S"), ("E", "across", "W"), ("E", "left", "N"), ("N", "right", "E")],
)
def test_a_giver_is_the_seat_so_many_steps_on_in_turn_order(seat, giver, from_seat):
    # Play goes counter-clockwise, so the player on one's right plays next.
    assert Wind(seat).after(Giver(giver).step) == from_seat


def test_positions_go_round_the_picture_and_say_which_way_their_row_runs():
    assert [str(p) for p in POSITIONS] == ["bottom", "right", "top", "left"]
    assert [p.horizontal for p in POSITIONS] == [True, False, True, False]
    # each next position's faces are turned a quarter further against the clock
    assert [(p.turn - Position.BOTTOM.turn) % 360 for p in POSITIONS] == [0, 270, 180, 90]
    assert [str(g) for g in GIVERS] == ["left", "across", "right"]
