"""Reading a scoring request (CONTRACT section 2) into the facts of one win, or a sentence saying
what is wrong and in which field. Every check a table could trip over is made here or in
`engine.fields`, so the scorer only ever sees hands that can exist.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.analysis import MELD_SIZE, WINNING_TILES
from engine.errors import RequestError, quote_value, shorten
from engine.fields import (
    DECLARED,
    FAST_FLOWERS,
    FAST_RULESETS,
    FAST_RULESETS_WITH_OPTIONS,
    FAST_TILES,
    FAST_WINDS,
    ONE_SITUATION,
    WINS,
    check_declared,
    check_situations,
    check_tile,
    choice,
    read_flowers,
    read_melds,
    read_situations,
    wind,
)
from engine.rules import ruleset as make_ruleset
from engine.rules.base import Declared, Ruleset, WinContext, win_context
from engine.tiles import (
    COPIES,
    KINDS,
    SOU,
    TILE_CODES,
    tile_counts,
    tile_index,
    tile_indices,
)

FIELDS = (
    "rules", "hand", "melds", "flowers", "win_tile", "win", "seat", "round", "discarder",
    "declared", "situations", "options",
)  # fmt: skip
REQUIRED = ("hand", "win_tile", "win", "seat", "round")  # each one's catalog entry `need.<field>`
_FIELD_SET = frozenset(FIELDS)
_UP_TO_FOUR = bytes(range(COPIES + 1))  # the counts a set allows: none to four
_NONE_OF_9 = bytes(9)
_new = tuple.__new__  # `Request(*fields)` without the named constructor's extra call
_NOT_DECLARED = Declared.NONE
_JUST_LAST_TILE = ONE_SITUATION["last_tile"]  # the one situation with nothing to check


class Request(NamedTuple):
    """A checked request: the rules in force, the facts of the win, and who sits where."""

    ruleset: Ruleset
    win: WinContext
    seat: str
    discarder: str | None


def read_request(request: object) -> Request:
    """Check a request and gather the facts of the win; a `RequestError` names what is wrong.

    Common, well-formed values are looked up in small tables (`FAST`); anything else goes
    through the careful readers below, which accept the same values and word every refusal.
    """
    if type(request) is not dict:
        raise RequestError("request_not_object", None, value=quote_value(request))
    if not _FIELD_SET.issuperset(request):
        key = shorten(next(key for key in request if key not in _FIELD_SET))
        raise RequestError("unknown_field", key, text=key, choices=list(FIELDS))
    get = request.get
    hand_text, win_tile, win, seat, round_wind = (
        get("hand"), get("win_tile"), get("win"), get("seat"), get("round")
    )  # fmt: skip
    if hand_text is None or win_tile is None or win is None or seat is None or round_wind is None:
        key = next(key for key in REQUIRED if get(key) is None)
        raise RequestError("field_required", key, field=key, need=key)

    name, options = get("rules", "standard"), get("options")
    if options is None or (type(options) is dict and not options):
        rules = FAST_RULESETS.get(name) if type(name) is str else None
    elif type(options) is dict and type(name) is str:
        key = (name, *[(key, value.__class__, value) for key, value in options.items()])
        try:
            rules = FAST_RULESETS_WITH_OPTIONS.get(key)
        except TypeError:  # a list or object among the values: the careful path explains
            rules = None
    else:
        rules = None
    if rules is None:
        rules = make_ruleset(name, options)
    self_draw = win == "self_draw"
    if not self_draw and win != "discard":
        choice(win, WINS, "win")
    seat_tile = FAST_WINDS.get(seat) if type(seat) is str else None
    if seat_tile is None:
        wind(seat, "seat")
    round_tile = FAST_WINDS.get(round_wind) if type(round_wind) is str else None
    if round_tile is None:
        wind(round_wind, "round")

    counts = tile_counts(hand_text, "hand")
    every = bytes(counts)
    if every[SOU : SOU + 9] != _NONE_OF_9 or every[KINDS:] != _NONE_OF_9:
        for tile in tile_indices(hand_text, "hand"):  # bamboo, flowers or `back` in the hand
            check_tile(tile, "hand")
    standing = every[:KINDS]
    size = sum(standing)
    melds = get("melds")
    melds = read_melds(melds, seat) if melds else ()
    flowers = get("flowers")
    flowers = FAST_FLOWERS[rules.flower_tiles].get(flowers) if type(flowers) is str else None
    if flowers is None:
        flowers = read_flowers(get("flowers"), rules)
    win_tile = FAST_TILES.get(win_tile) if type(win_tile) is str else None
    if win_tile is None:
        win_tile = tile_index(request["win_tile"], "win_tile")
        check_tile(win_tile, "win_tile")

    expected = WINNING_TILES - 3 * len(melds)
    if size != expected:
        if melds:
            raise RequestError("hand_size", "hand", count=size, sets=len(melds), expected=expected)
        raise RequestError("hand_size_no_melds", "hand", count=size, expected=expected)
    if melds:
        for meld in melds:
            counts[meld.tile] += MELD_SIZE[meld.kind]
        held = bytes(counts[:KINDS])  # counts is a bytearray
    else:
        held = standing
    if held.translate(None, _UP_TO_FOUR):  # anything left is a fifth (or sixth...) copy
        tile = next(tile for tile, n in enumerate(counts) if n > COPIES)
        raise RequestError("fifth_tile", "hand", tile=TILE_CODES[tile], count=counts[tile])
    if not standing[win_tile]:
        raise RequestError("win_tile_not_in_hand", "win_tile", tile=TILE_CODES[win_tile])

    discarder = get("discarder")
    if self_draw:
        if discarder is not None:
            raise RequestError("self_draw_discarder", "discarder")
    else:
        if discarder is None:
            raise RequestError("discarder_missing", "discarder")
        if type(discarder) is not str or discarder not in FAST_WINDS:
            wind(discarder, "discarder")
        if discarder == seat:
            raise RequestError("discarder_is_winner", "discarder", seat=discarder)

    situations = get("situations")
    if not situations:
        situations = read_situations(situations)
    elif type(situations) is list and len(situations) == 1 and type(situations[0]) is str:
        situations = ONE_SITUATION.get(situations[0]) or read_situations(situations)
    else:
        situations = read_situations(situations)
    declared = get("declared")
    if declared is None:
        declared = _NOT_DECLARED
    else:
        declared = DECLARED.get(declared) if type(declared) is str else None
        if declared is None:
            choice(get("declared"), tuple(DECLARED), "declared")
    win = win_context(
        held, standing, melds, flowers, win_tile, self_draw, seat_tile, round_tile, declared,
        situations,
    )  # fmt: skip
    if situations and situations is not _JUST_LAST_TILE:
        check_situations(win, rules)
    if declared is not _NOT_DECLARED:
        check_declared(win, rules)
    return _new(Request, (rules, win, seat, discarder))
