"""Reading a scoring request (CONTRACT section 2) into the facts of one win, or a sentence saying
what is wrong and in which field. Every check a table could trip over lives here, so the scorer
only ever sees hands that can exist.
"""

from __future__ import annotations

from itertools import combinations, permutations, product
from typing import NamedTuple

from engine.analysis import MELD_KINDS, MELD_SIZE, Meld, SetKind
from engine.errors import RequestError, describe_value
from engine.rules import ruleset as make_ruleset
from engine.rules.base import Declared, Ruleset, Situation, WinContext, win_context
from engine.tiles import (
    BACK,
    FLOWERS,
    KINDS,
    KOREAN_KINDS,
    SEASONS,
    SOU,
    TILE_CODES,
    WIND_TILE,
    format_indices,
    tile_counts,
    tile_index,
    tile_indices,
)

FIELDS = (
    "rules", "hand", "melds", "flowers", "win_tile", "win", "seat", "round", "discarder",
    "declared", "situations", "options",
)  # fmt: skip
REQUIRED = {
    "hand": 'the tiles standing in the winner\'s hand, winning tile included, like "234m567p99p"',
    "win_tile": 'the winning tile, like "9p"',
    "win": '"self_draw" or "discard"',
    "seat": "the winner's seat wind, E, S, W or N",
    "round": "the prevalent (round) wind, E, S, W or N",
}
WINS = ("self_draw", "discard")
# Situations that cannot happen together, with the reason a player would give.
CLASHES = {
    frozenset({Situation.WIN_ON_KONG, Situation.ROBBING_KONG}): (
        "a hand cannot both win on its own kong and rob another player's kong"
    ),
    frozenset({Situation.ROBBING_KONG, Situation.LAST_TILE}): (
        "no kong can be declared on the last tile, since a kong needs a replacement tile"
    ),
    frozenset({Situation.FIRST_TURN, Situation.WIN_ON_KONG}): (
        "first_turn means no kong has been declared yet"
    ),
    frozenset({Situation.FIRST_TURN, Situation.ROBBING_KONG}): (
        "first_turn means no kong has been declared yet"
    ),
    frozenset({Situation.FIRST_TURN, Situation.LAST_TILE}): (
        "the first turn cannot also be the last tile of the wall"
    ),
}
_MELD_FIELDS = ("kind", "tiles", "from")
_FIELD_SET = frozenset(FIELDS)
_DECLARED = {declared.value: declared for declared in Declared}
_SITUATIONS = {situation.value: situation for situation in Situation}
_NO_SITUATIONS: frozenset[Situation] = frozenset()
_UP_TO_FOUR = bytes(range(5))
_NONE_OF_9 = bytes(9)
_new = tuple.__new__  # `Request(*fields)` without the named constructor's extra call
_NOT_DECLARED = Declared.NONE
_WIN_ON_KONG, _ROBBING_KONG = Situation.WIN_ON_KONG, Situation.ROBBING_KONG
_FIRST_TURN, _LAST_TILE = Situation.FIRST_TURN, Situation.LAST_TILE
# A request with one situation, as most with any have: its name -> the set of it.
_ONE_SITUATION = {situation.value: frozenset([situation]) for situation in Situation}


class Request(NamedTuple):
    """A checked request: the rules in force, the facts of the win, and who sits where."""

    ruleset: Ruleset
    win: WinContext
    seat: str
    discarder: str | None


def read_request(request: object) -> Request:
    """Check a request and gather the facts of the win; a `RequestError` names what is wrong.

    Common, well-formed values are looked up in small tables (`_FAST`); anything else goes
    through the careful readers below, which accept the same values and word every refusal.
    """
    if type(request) is not dict:
        raise RequestError(
            "A scoring request is a JSON object with fields such as hand, win_tile and win; "
            f"got {describe_value(request)}.",
            None,
        )
    if not _FIELD_SET.issuperset(request):
        key = next(key for key in request if key not in _FIELD_SET)
        raise RequestError(
            f"Unknown field {key!r}; a scoring request may have: {', '.join(FIELDS)}.", str(key)
        )
    get = request.get
    hand_text, win_tile, win, seat, round_wind = (
        get("hand"), get("win_tile"), get("win"), get("seat"), get("round")
    )  # fmt: skip
    if hand_text is None or win_tile is None or win is None or seat is None or round_wind is None:
        key = next(key for key in REQUIRED if get(key) is None)
        raise RequestError(f"The request needs {key}: {REQUIRED[key]}.", key)

    name, options = get("rules", "standard"), get("options")
    if options is None or (type(options) is dict and not options):
        rules = _FAST_RULESETS.get(name) if type(name) is str else None
    elif type(options) is dict and type(name) is str:
        key = (name, *[(key, value.__class__, value) for key, value in options.items()])
        try:
            rules = _FAST_RULESETS_WITH_OPTIONS.get(key)
        except TypeError:  # a list or object among the values: the careful path explains
            rules = None
    else:
        rules = None
    if rules is None:
        rules = make_ruleset(name, options)
    self_draw = win == "self_draw"
    if not self_draw and win != "discard":
        _choice(win, WINS, "win")
    seat_tile = _FAST_WINDS.get(seat) if type(seat) is str else None
    if seat_tile is None:
        _wind(seat, "seat")
    round_tile = _FAST_WINDS.get(round_wind) if type(round_wind) is str else None
    if round_tile is None:
        _wind(round_wind, "round")

    counts = tile_counts(hand_text, "hand")
    every = bytes(counts)
    if every[SOU : SOU + 9] != _NONE_OF_9 or every[KINDS:] != _NONE_OF_9:
        for tile in tile_indices(hand_text, "hand"):  # bamboo, flowers or `back` in the hand
            _check_tile(tile, "hand")
    standing = every[:KINDS]
    size = sum(standing)
    melds = get("melds")
    melds = _melds(melds, seat) if melds else ()
    flowers = get("flowers")
    flowers = _FAST_FLOWERS[rules.flower_tiles].get(flowers) if type(flowers) is str else None
    if flowers is None:
        flowers = _flowers(get("flowers"), rules)
    win_tile = _FAST_TILES.get(win_tile) if type(win_tile) is str else None
    if win_tile is None:
        win_tile = tile_index(request["win_tile"], "win_tile")
        _check_tile(win_tile, "win_tile")

    expected = 14 - 3 * len(melds)
    if size != expected:
        laid = (
            f"with {len(melds)} set{'s' if len(melds) != 1 else ''} laid down"
            if melds
            else "with no set laid down"
        )
        raise RequestError(
            f"The hand has {size} tiles; {laid} it must have {expected} "
            "(the winning tile included, a kong counting as three).",
            "hand",
        )
    if melds:
        for meld in melds:
            counts[meld.tile] += MELD_SIZE[meld.kind]
        held = bytes(counts[:KINDS])  # counts is a bytearray
    else:
        held = standing
    if held.translate(None, _UP_TO_FOUR):  # anything left is a fifth (or sixth...) copy
        tile = next(tile for tile, n in enumerate(counts) if n > 4)
        raise RequestError(
            f"{TILE_CODES[tile]} appears {counts[tile]} times in the hand and its sets; "
            "the set has only four of each tile.",
            "hand",
        )
    if not standing[win_tile]:
        raise RequestError(
            f"The winning tile {TILE_CODES[win_tile]} is not in the hand; "
            "the hand must include the winning tile.",
            "win_tile",
        )

    discarder = get("discarder")
    if self_draw:
        if discarder is not None:
            raise RequestError(
                "A self-drawn win has no discarder; leave discarder out (or null).", "discarder"
            )
    else:
        if discarder is None:
            raise RequestError(
                "A win by discard needs the discarder: the seat (E, S, W or N) that discarded "
                "the winning tile.",
                "discarder",
            )
        if type(discarder) is not str or discarder not in _FAST_WINDS:
            _wind(discarder, "discarder")
        if discarder == seat:
            raise RequestError(
                f"The discarder ({discarder}) is the winner's own seat; a player cannot win on "
                "their own discard (use self_draw).",
                "discarder",
            )

    situations = get("situations")
    if not situations:
        situations = _situations(situations)
    elif type(situations) is list and len(situations) == 1 and type(situations[0]) is str:
        situations = _ONE_SITUATION.get(situations[0]) or _situations(situations)
    else:
        situations = _situations(situations)
    declared = get("declared")
    if declared is None:
        declared = _NOT_DECLARED
    else:
        declared = _DECLARED.get(declared) if type(declared) is str else None
        if declared is None:
            _choice(get("declared"), tuple(_DECLARED), "declared")
    win = win_context(
        held, standing, melds, flowers, win_tile, self_draw, seat_tile, round_tile, declared,
        situations,
    )  # fmt: skip
    if situations and situations is not _ONE_SITUATION["last_tile"]:
        _check_situations(win, rules)
    if declared is not _NOT_DECLARED:
        _check_declared(win, rules)
    return _new(Request, (rules, win, seat, discarder))


def _choice(value: object, choices: tuple[str, ...], field: str) -> str:
    if type(value) is not str or value not in choices:
        raise RequestError(
            f"{field} must be one of {', '.join(choices)}; got {describe_value(value)}.", field
        )
    return value


def _wind(value: object, field: str) -> str:
    if type(value) is not str or value not in WIND_TILE:
        raise RequestError(
            f"{field} must be a wind: E, S, W or N; got {describe_value(value)}.", field
        )
    return value


def _check_tile(tile: int, field: str) -> None:
    """Only characters, dots and honours stand in a hand or make a set under Korean rules."""
    code = TILE_CODES[tile]
    if SOU <= tile < SOU + 9:
        raise RequestError(f"{code}: bamboo tiles are not used in Korean mahjong.", field)
    if tile == BACK:
        raise RequestError(
            "back: a face-down tile cannot be scored; name the tile it hides.", field
        )
    if tile >= KINDS:
        raise RequestError(f"{code} is a flower: put it under flowers, not in {field}.", field)


def _melds(value: object, seat: str) -> tuple[Meld, ...]:
    if value is None or value == []:
        return ()
    if not isinstance(value, list):
        raise RequestError(
            f"melds must be a list of sets laid down, not {describe_value(value)}.", "melds"
        )
    if len(value) > 4:
        raise RequestError(
            f"A hand has at most four sets laid down; melds lists {len(value)}.", "melds"
        )
    melds = []
    for entry in value:
        try:
            meld = _FAST_MELDS.get((entry.get("kind"), entry.get("tiles"), entry.get("from")))
        except (AttributeError, TypeError):  # not an object, or a list where text goes
            meld = None
        if meld is None or len(entry) > 3 or meld.claimed_from == seat:
            meld = _meld(entry, len(melds) + 1, seat)
        melds.append(meld)
    return tuple(melds)


def _meld(entry: object, number: int, seat: str | None) -> Meld:
    where = f"Set {number} of melds"
    if not isinstance(entry, dict):
        raise RequestError(
            f"{where} must be an object with kind, tiles and from; got {describe_value(entry)}.",
            "melds",
        )
    for key in entry:
        if key not in _MELD_FIELDS:
            raise RequestError(
                f"{where} has an unknown field {key!r}; a set has kind, tiles and from.", "melds"
            )
    kind_name = entry.get("kind")
    if kind_name == "chow":
        raise RequestError(
            f"{where} is a chow, but chows cannot be claimed in Korean mahjong; "
            "leave the sequence standing in the hand.",
            "melds",
        )
    if type(kind_name) is not str or kind_name not in {kind.value for kind in MELD_KINDS}:
        raise RequestError(
            f"{where}: kind must be one of {', '.join(MELD_KINDS)}; "
            f"got {describe_value(kind_name)}.",
            "melds",
        )
    kind = SetKind(kind_name)
    if entry.get("tiles") is None:
        raise RequestError(f'{where} needs its tiles, like "777z".', "melds")
    tiles = tile_indices(entry["tiles"], "melds")
    size = MELD_SIZE[kind]
    if len(tiles) != size or len(set(tiles)) != 1:
        raise RequestError(
            f"{where}: a {kind.replace('_', ' ')} is {size} identical tiles; "
            f"got {entry['tiles']!r}.",
            "melds",
        )
    _check_tile(tiles[0], "melds")
    source = entry.get("from")
    if kind is SetKind.CONCEALED_KONG:
        if source is not None:
            raise RequestError(
                f"{where}: a concealed kong is not claimed from anyone; leave from out.", "melds"
            )
    else:
        if source is None:
            raise RequestError(
                f"{where}: a claimed {kind.replace('_', ' ')} needs from, the seat (E, S, W or N) "
                "whose discard was claimed.",
                "melds",
            )
        source = _wind(source, "melds")
        if source == seat:
            raise RequestError(
                f"{where} is claimed from {source}, the winner's own seat; a player cannot "
                "claim their own discard.",
                "melds",
            )
    return Meld.of(kind, tiles[0], source)


def _flowers(value: object, rules: Ruleset) -> tuple[int, ...]:
    if value is None or value == "":
        return ()
    tiles = tile_indices(value, "flowers")
    allowed = SEASONS if rules.option("flower_tiles") == "seasons" else FLOWERS
    for tile in tiles:
        code = TILE_CODES[tile]
        if tile not in FLOWERS and tile not in SEASONS:
            raise RequestError(
                f"{code} is not a flower; flowers are written 1f to 4f (5f to 8f for seasons).",
                "flowers",
            )
        if tile not in allowed:
            first, last = TILE_CODES[allowed[0]], TILE_CODES[allowed[-1]]
            other = "seasons" if allowed is FLOWERS else "flowers"
            raise RequestError(
                f"{code}: this table's flowers are {first} to {last}; set the option "
                f"flower_tiles to {other} to use the others.",
                "flowers",
            )
        if tiles.count(tile) > 1:
            raise RequestError(
                f"{code} appears more than once; there is only one of each flower.", "flowers"
            )
    return tuple(sorted(tiles))


def _situations(value: object) -> frozenset[Situation]:
    if value is None or value == []:
        return _NO_SITUATIONS
    if not isinstance(value, list):
        raise RequestError(
            f'situations must be a list, like ["last_tile"]; got {describe_value(value)}.',
            "situations",
        )
    for item in value:
        if type(item) is not str or item not in _SITUATIONS:
            _choice(item, tuple(_SITUATIONS), "situations")
    found = frozenset([_SITUATIONS[item] for item in value])
    if len(found) < 2:
        return found
    for pair, reason in CLASHES.items():
        if pair <= found:
            first, second = sorted(pair)
            raise RequestError(f"{first} and {second} cannot both hold: {reason}.", "situations")
    return found


def _check_situations(win: WinContext, rules: Ruleset) -> None:
    has = win.situations
    if _WIN_ON_KONG in has:
        if not win.self_draw:
            raise RequestError(
                "win_on_kong is a win on the replacement tile, which is a self-draw; "
                "set win to self_draw.",
                "situations",
            )
        if not any(meld.kind is not SetKind.PUNG for meld in win.melds):
            raise RequestError(
                "win_on_kong needs a kong among the sets laid down (the kong whose replacement "
                "tile won).",
                "situations",
            )
    if _ROBBING_KONG in has:
        if win.self_draw:
            raise RequestError(
                "robbing_kong is a win on another player's kong tile, which counts as a "
                "discard; set win to discard.",
                "situations",
            )
        if win.counts[win.win_tile] != 1:
            raise RequestError(
                f"Robbing the kong: the other three {TILE_CODES[win.win_tile]} are in the "
                "kong, so the hand cannot hold another one.",
                "situations",
            )
    if _FIRST_TURN in has:
        if win.melds:
            raise RequestError(
                "first_turn means no claim or kong has happened, but the hand has sets laid down.",
                "situations",
            )
        if win.dealer and not win.self_draw:
            raise RequestError(
                "The dealer (E) cannot win on a discard on the first turn: the dealer "
                "discards first.",
                "situations",
            )


def _check_declared(win: WinContext, rules: Ruleset) -> None:
    if win.declared is Declared.NONE:
        return
    name = win.declared.value
    if not win.concealed:
        raise RequestError(
            f"{name} needs a concealed hand, but the hand has a claimed set "
            "(only concealed kongs keep a hand concealed).",
            "declared",
        )
    if Situation.FIRST_TURN in win.situations:
        raise RequestError(
            f"{name} is declared while discarding, so a hand that declared it is past its "
            "first turn; remove first_turn.",
            "declared",
        )
    buller = win.declared in (Declared.BULLER, Declared.BUJI_UPER_BULLER)
    if buller and rules.profile.buller_self_draw_only and not win.self_draw:
        raise RequestError(
            "Under the guide's rules an open ready (buller) hand can only win by self-draw.",
            "declared",
        )


class _Fast:
    """Lookup tables for well-formed values: each entry is what the careful reader would give."""

    def __init__(self) -> None:
        from engine.rules import PROFILES

        self.rulesets = {name: make_ruleset(name, {}) for name in PROFILES}
        # Every valid choice of house options, written in any order: (profile, (name, type,
        # value), ...) -> its ruleset. The type keeps `1` from passing for `true`.
        self.rulesets_with_options = {}
        for name, profile in PROFILES.items():
            for size in range(1, len(profile.options) + 1):
                for chosen in permutations(profile.options, size):
                    for values in product(*(option.choices for option in chosen)):
                        options = {o.name: v for o, v in zip(chosen, values, strict=True)}
                        key = (name, *[(k, v.__class__, v) for k, v in options.items()])
                        self.rulesets_with_options[key] = make_ruleset(name, options)
        self.tiles = {TILE_CODES[tile]: tile for tile in KOREAN_KINDS}
        self.winds = dict(WIND_TILE)
        self.melds = {}
        for kind in MELD_KINDS:
            sources = (None,) if kind is SetKind.CONCEALED_KONG else tuple(WIND_TILE)
            for tile in KOREAN_KINDS:
                text = TILE_CODES[tile][0] * MELD_SIZE[kind] + TILE_CODES[tile][1]
                for source in sources:
                    self.melds[kind.value, text, source] = Meld.of(kind, tile, source)
        self.flowers = {}
        for option, tiles in (("flowers", FLOWERS), ("seasons", SEASONS)):
            runs = {}
            for size in range(len(tiles) + 1):
                for chosen in combinations(tiles, size):
                    runs[format_indices(chosen)] = chosen
            self.flowers[option] = runs


_FAST = _Fast()
_FAST_RULESETS, _FAST_RULESETS_WITH_OPTIONS = _FAST.rulesets, _FAST.rulesets_with_options
_FAST_WINDS, _FAST_TILES, _FAST_MELDS = _FAST.winds, _FAST.tiles, _FAST.melds
_FAST_FLOWERS = _FAST.flowers
