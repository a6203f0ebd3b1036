"""Predicates for the hands of the rules: `(win, reading) -> how many times the hand applies`.

Each is small and answers one question; the rows in `standard.py` and `guide.py` say what each is
worth, what it replaces and whether it needs a concealed hand, so nothing here knows about points.
"""

from __future__ import annotations

from engine.analysis import Form, Reading, Wait
from engine.rules.base import Declared, Situation, WinContext
from engine.tiles import DRAGONS, PIN, WINDS

_DRAGON_SET = frozenset(DRAGONS)
_WIND_SET = frozenset(WINDS)
_ONE_DOT, _FIVE_DOTS = PIN, PIN + 4
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
# Enum members looked up once: the rows run for every reading of every hand.
_SETS, _SEVEN_PAIRS, _TWO_SIDED = Form.SETS, Form.SEVEN_PAIRS, Wait.TWO_SIDED
_FIRST_TURN, _WIN_ON_KONG = Situation.FIRST_TURN, Situation.WIN_ON_KONG
_ROBBING_KONG, _LAST_TILE = Situation.ROBBING_KONG, Situation.LAST_TILE
_NOT_DECLARED = Declared.NONE
_BUJI_UPER = frozenset({Declared.BUJI_UPER, Declared.BUJI_UPER_BULLER})
_BULLER = frozenset({Declared.BULLER, Declared.BUJI_UPER_BULLER})


def _dragon_sets(reading: Reading) -> int:
    return len(_DRAGON_SET.intersection(reading.triplets))  # no tile makes two triplets


def _wind_sets(reading: Reading) -> int:
    return len(_WIND_SET.intersection(reading.triplets))


def always(win: WinContext, reading: Reading) -> int:
    """For rows whose whole condition is in the row itself (for example `concealed_only`)."""
    return 1


# --- sets of honours -------------------------------------------------------------------------


def dragon_pung(win: WinContext, reading: Reading) -> int:
    return _dragon_sets(reading)


def prevalent_wind(win: WinContext, reading: Reading) -> int:
    return win.round in reading.triplets


def seat_wind(win: WinContext, reading: Reading) -> int:
    return win.seat in reading.triplets


def double_wind(win: WinContext, reading: Reading) -> int:
    return win.seat == win.round and win.seat in reading.triplets


def little_three_dragons(win: WinContext, reading: Reading) -> int:
    return reading.form is _SETS and _dragon_sets(reading) == 2 and reading.pair in _DRAGON_SET


def big_three_dragons(win: WinContext, reading: Reading) -> int:
    return _dragon_sets(reading) == 3


def little_four_winds(win: WinContext, reading: Reading) -> int:
    return reading.form is _SETS and _wind_sets(reading) == 3 and reading.pair in _WIND_SET


def big_four_winds(win: WinContext, reading: Reading) -> int:
    return _wind_sets(reading) == 4


# --- how the hand was won --------------------------------------------------------------------


def self_drawn(win: WinContext, reading: Reading) -> int:
    return win.self_draw


def won_by_discard(win: WinContext, reading: Reading) -> int:
    return not win.self_draw


# --- the shape of the hand -------------------------------------------------------------------


def all_simples(win: WinContext, reading: Reading) -> int:
    return win.all_simples


def all_sequences(win: WinContext, reading: Reading) -> int:
    """Four chows, a pair of no value, won by discard on a two-sided wait (RULINGS 5)."""
    return (
        len(reading.chows) == 4
        and reading.pair not in _DRAGON_SET
        and reading.pair != win.round
        and reading.pair != win.seat
        and not win.self_draw
        and reading.wait is _TWO_SIDED
    )


def all_chows(win: WinContext, reading: Reading) -> int:
    """The guide's All Chows: four chows and no honour anywhere in the hand."""
    return len(reading.chows) == 4 and not win.has_honours


def all_triplets(win: WinContext, reading: Reading) -> int:
    return len(reading.triplets) == 4


def pure_straight(win: WinContext, reading: Reading) -> int:
    """123, 456 and 789 of one suit (chows of characters start at 0, of dots at 9)."""
    chows = reading.chows
    return (0 in chows and 3 in chows and 6 in chows) or (
        9 in chows and 12 in chows and 15 in chows
    )


def seven_pairs(win: WinContext, reading: Reading) -> int:
    return reading.form is _SEVEN_PAIRS


def three_concealed_triplets(win: WinContext, reading: Reading) -> int:
    return reading.concealed_triplets >= 3


def four_concealed_triplets(win: WinContext, reading: Reading) -> int:
    return reading.concealed_triplets == 4


def nine_gates(win: WinContext, reading: Reading) -> int:
    """1112345678999 of one suit standing in the hand, and the winning tile of that suit."""
    if win.melds or win.has_honours or win.suits != 1:
        return False
    base = 0 if win.counts[0] or any(win.counts[1:9]) else 9
    held = list(win.counts[base : base + 9])
    held[win.win_tile - base] -= 1
    return tuple(held) == _NINE_GATES


# --- the tiles of the hand -------------------------------------------------------------------


def one_suit_with_honours(win: WinContext, reading: Reading) -> int:
    """Mixed one-suit: one suit and honours; or one suit alone in a hand with a claimed set."""
    return win.suits == 1 and (win.has_honours or not win.concealed)


def one_suit_with_honours_only(win: WinContext, reading: Reading) -> int:
    """The guide's Clear Hand: one suit and honours."""
    return win.suits == 1 and win.has_honours


def one_suit(win: WinContext, reading: Reading) -> int:
    return win.suits == 1 and not win.has_honours


def terminals_and_honours(win: WinContext, reading: Reading) -> int:
    counts = win.counts
    return not (any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26]))


def terminals_only(win: WinContext, reading: Reading) -> int:
    return not win.has_honours and terminals_and_honours(win, reading)


def honours_only(win: WinContext, reading: Reading) -> int:
    return win.suits == 0


# --- first turn ------------------------------------------------------------------------------


def blessing_of_heaven(win: WinContext, reading: Reading) -> int:
    return _FIRST_TURN in win.situations and win.self_draw and win.dealer


def blessing_of_earth(win: WinContext, reading: Reading) -> int:
    return _FIRST_TURN in win.situations and win.self_draw and not win.dealer


def blessing_of_man(win: WinContext, reading: Reading) -> int:
    return _FIRST_TURN in win.situations and not win.self_draw


# --- declarations ----------------------------------------------------------------------------


def uper(win: WinContext, reading: Reading) -> int:
    return win.declared is not _NOT_DECLARED


def buji_uper(win: WinContext, reading: Reading) -> int:
    return win.declared in _BUJI_UPER


def buller(win: WinContext, reading: Reading) -> int:
    return win.declared in _BULLER


# --- bonus tiles and situations --------------------------------------------------------------


def genshow(win: WinContext, reading: Reading) -> int:
    """Every tile of the winning tile's kind in the complete hand, the winner included."""
    return win.counts[win.win_tile]


def premium_tile(win: WinContext, reading: Reading) -> int:
    """The guide's Premium Tile: the tiles in the hand that match the winning tile."""
    return win.counts[win.win_tile] - 1


def flower(win: WinContext, reading: Reading) -> int:
    return len(win.flowers)


def all_flowers(win: WinContext, reading: Reading) -> int:
    return len(win.flowers) == 4


def robbing_kong(win: WinContext, reading: Reading) -> int:
    return _ROBBING_KONG in win.situations


def win_on_kong(win: WinContext, reading: Reading) -> int:
    return _WIN_ON_KONG in win.situations


def win_on_kong_5p(win: WinContext, reading: Reading) -> int:
    return _WIN_ON_KONG in win.situations and win.win_tile == _FIVE_DOTS


def last_tile_draw(win: WinContext, reading: Reading) -> int:
    return _LAST_TILE in win.situations and win.self_draw


def last_tile_claim(win: WinContext, reading: Reading) -> int:
    return _LAST_TILE in win.situations and not win.self_draw


def last_tile_draw_1p(win: WinContext, reading: Reading) -> int:
    return last_tile_draw(win, reading) and win.win_tile == _ONE_DOT


def last_tile_claim_1p(win: WinContext, reading: Reading) -> int:
    return last_tile_claim(win, reading) and win.win_tile == _ONE_DOT
