"""Predicates for the hands of the rules: `(win, reading) -> how many times the hand applies`.

Each is small and answers one question; the rows in `standard.py` and `guide.py` say what each is
worth, what it replaces and whether it needs a concealed hand, so nothing here knows about points.
A predicate `given` facts of the win asks only what is left once they hold (`base.Fact`).
"""

from __future__ import annotations

from engine.analysis import Form, Reading, Wait
from engine.rules.base import Declared, Fact, WinContext, given
from engine.tiles import DRAGONS, PIN, WINDS

_DRAGON_SET = frozenset(DRAGONS)
_WIND_SET = frozenset(WINDS)
_ONE_DOT, _FIVE_DOTS = PIN, PIN + 4
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
# Enum members looked up once: the rows run for every reading of every hand.
_SETS, _SEVEN_PAIRS, _TWO_SIDED = Form.SETS, Form.SEVEN_PAIRS, Wait.TWO_SIDED
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


@given(Fact.DRAGON_TRIPLET)
def dragon_pung(win: WinContext, reading: Reading) -> int:
    return _dragon_sets(reading)


@given(Fact.ROUND_WIND_TRIPLET)
def prevalent_wind(win: WinContext, reading: Reading) -> int:
    return win.round in reading.triplets


@given(Fact.SEAT_WIND_TRIPLET)
def seat_wind(win: WinContext, reading: Reading) -> int:
    return win.seat in reading.triplets


@given(Fact.SEAT_WIND_TRIPLET)
def double_wind(win: WinContext, reading: Reading) -> int:
    return win.seat == win.round and win.seat in reading.triplets


@given(Fact.TWO_DRAGON_TRIPLETS)
def little_three_dragons(win: WinContext, reading: Reading) -> int:
    return reading.form is _SETS and _dragon_sets(reading) == 2 and reading.pair in _DRAGON_SET


@given(Fact.TWO_DRAGON_TRIPLETS)
def big_three_dragons(win: WinContext, reading: Reading) -> int:
    return _dragon_sets(reading) == 3


@given(Fact.THREE_WIND_TRIPLETS)
def little_four_winds(win: WinContext, reading: Reading) -> int:
    return reading.form is _SETS and _wind_sets(reading) == 3 and reading.pair in _WIND_SET


@given(Fact.THREE_WIND_TRIPLETS)
def big_four_winds(win: WinContext, reading: Reading) -> int:
    return _wind_sets(reading) == 4


# --- how the hand was won --------------------------------------------------------------------

self_drawn = given(Fact.SELF_DRAWN)(always)

# --- the shape of the hand -------------------------------------------------------------------

all_simples = given(Fact.ALL_SIMPLES)(always)


@given(Fact.BY_DISCARD)
def all_sequences(win: WinContext, reading: Reading) -> int:
    """Four chows, a pair of no value, won by discard on a two-sided wait (RULINGS 5)."""
    return (
        len(reading.chows) == 4
        and reading.pair not in _DRAGON_SET
        and reading.pair != win.round
        and reading.pair != win.seat
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


@given(Fact.AT_MOST_ONE_SUIT)
def nine_gates(win: WinContext, reading: Reading) -> int:
    """1112345678999 of one suit standing in the hand, and the winning tile of that suit."""
    if win.melds or win.has_honours or win.suits != 1:
        return False
    base = 0 if win.counts[0] or any(win.counts[1:9]) else 9
    held = list(win.counts[base : base + 9])
    held[win.win_tile - base] -= 1
    return tuple(held) == _NINE_GATES


# --- the tiles of the hand -------------------------------------------------------------------


@given(Fact.AT_MOST_ONE_SUIT)
def one_suit_with_honours(win: WinContext, reading: Reading) -> int:
    """Mixed one-suit: one suit and honours; or one suit alone in a hand with a claimed set."""
    return win.suits == 1 and (win.has_honours or not win.concealed)


@given(Fact.AT_MOST_ONE_SUIT, Fact.HONOURS)
def one_suit_with_honours_only(win: WinContext, reading: Reading) -> int:
    """The guide's Clear Hand: one suit and honours."""
    return win.suits == 1


@given(Fact.AT_MOST_ONE_SUIT)
def one_suit(win: WinContext, reading: Reading) -> int:
    return win.suits == 1 and not win.has_honours


terminals_and_honours = given(Fact.NO_SIMPLES)(always)


@given(Fact.NO_SIMPLES)
def terminals_only(win: WinContext, reading: Reading) -> int:
    return not win.has_honours


@given(Fact.HONOURS, Fact.NO_SIMPLES)
def honours_only(win: WinContext, reading: Reading) -> int:
    return win.suits == 0


# --- first turn ------------------------------------------------------------------------------


@given(Fact.FIRST_TURN, Fact.SELF_DRAWN)
def blessing_of_heaven(win: WinContext, reading: Reading) -> int:
    return win.dealer


@given(Fact.FIRST_TURN, Fact.SELF_DRAWN)
def blessing_of_earth(win: WinContext, reading: Reading) -> int:
    return not win.dealer


blessing_of_man = given(Fact.FIRST_TURN, Fact.BY_DISCARD)(always)

# --- declarations ----------------------------------------------------------------------------

uper = given(Fact.DECLARATION)(always)


@given(Fact.DECLARATION)
def buji_uper(win: WinContext, reading: Reading) -> int:
    return win.declared in _BUJI_UPER


@given(Fact.DECLARATION)
def buller(win: WinContext, reading: Reading) -> int:
    return win.declared in _BULLER


# --- bonus tiles and situations --------------------------------------------------------------


def genshow(win: WinContext, reading: Reading) -> int:
    """Every tile of the winning tile's kind in the complete hand, the winner included."""
    return win.counts[win.win_tile]


def premium_tile(win: WinContext, reading: Reading) -> int:
    """The guide's Premium Tile: the tiles in the hand that match the winning tile."""
    return win.counts[win.win_tile] - 1


@given(Fact.FLOWERS)
def flower(win: WinContext, reading: Reading) -> int:
    return len(win.flowers)


@given(Fact.FLOWERS)
def all_flowers(win: WinContext, reading: Reading) -> int:
    return len(win.flowers) == 4


def _won_on_one_dot(win: WinContext, reading: Reading) -> int:
    return win.win_tile == _ONE_DOT


robbing_kong = given(Fact.ROBBING_KONG)(always)
win_on_kong = given(Fact.WIN_ON_KONG)(always)
last_tile_draw = given(Fact.LAST_TILE, Fact.SELF_DRAWN)(always)
last_tile_claim = given(Fact.LAST_TILE, Fact.BY_DISCARD)(always)
last_tile_draw_1p = given(Fact.LAST_TILE, Fact.SELF_DRAWN)(_won_on_one_dot)
last_tile_claim_1p = given(Fact.LAST_TILE, Fact.BY_DISCARD)(_won_on_one_dot)


@given(Fact.WIN_ON_KONG)
def win_on_kong_5p(win: WinContext, reading: Reading) -> int:
    return win.win_tile == _FIVE_DOTS
