"""Tiles and their notation (CONTRACT section 1): codes such as `3m`, runs such as `123m456p11z`.

Inside the engine a tile is a small integer, its index in `TILE_CODES`: characters 0-8, dots 9-17,
bamboo 18-26, honours 27-33 (East, South, West, North, White, Green, Red), flowers and seasons
34-41, and the face-down `back` 42. Counting arrays over the first 34 indices make the hand
analysis a matter of list arithmetic; outside the engine every tile is its code.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.errors import TEXT_LIMIT, RequestError, quote_value, shorten, too_long
from engine.seats import WINDS as WINDS_IN_TURN

SUITS = "mps"
TILE_CODES: tuple[str, ...] = (
    tuple(f"{n}{suit}" for suit in SUITS for n in range(1, 10))
    + tuple(f"{n}z" for n in range(1, 8))
    + tuple(f"{n}f" for n in range(1, 9))
    + ("back",)
)
INDEX: dict[str, int] = {code: i for i, code in enumerate(TILE_CODES)}

KINDS = 34  # tiles that make sets: suits and honours
MAN, PIN, SOU, HONOURS = 0, 9, 18, 27
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
FLOWERS = tuple(range(34, 38))  # 1f-4f: plum, orchid, chrysanthemum, bamboo
SEASONS = tuple(range(38, 42))  # 5f-8f: spring, summer, autumn, winter
BACK = 42

WIND_LETTERS = "".join(WINDS_IN_TURN)  # seat and round winds as the request writes them
WIND_TILE = {letter: EAST + i for i, letter in enumerate(WIND_LETTERS)}

# The 104-tile Korean set (RULINGS 1): characters, dots, honours and the four flowers.
KOREAN_TILES: tuple[str, ...] = TILE_CODES[0:18] + TILE_CODES[27:38]
KOREAN_KINDS: tuple[int, ...] = tuple(range(0, 18)) + tuple(range(27, 34))
SEASON_TILES: tuple[str, ...] = TILE_CODES[38:42]
COPIES = 4  # of each suit and honour tile in a set (a flower or season is one of its kind)

SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo", "z": "honours", "f": "flowers"}
HONOUR_NAMES = ("East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon")
_LIMITS = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}


def suit_of(tile: int) -> str:
    return TILE_CODES[tile][-1] if tile != BACK else ""


def is_honour(tile: int) -> bool:
    return HONOURS <= tile < KINDS


def is_terminal(tile: int) -> bool:
    return tile < HONOURS and tile % 9 in (0, 8)


def is_flower(tile: int) -> bool:
    return KINDS <= tile < BACK


def copies_in_a_set(code: str) -> int:
    """How many of a tile (by its code) one set holds: one flower or season, four of the rest."""
    return 1 if code.endswith("f") else COPIES


def parse_tiles(text: str, field: str = "tiles") -> list[str]:
    """`"123m 11z"` -> `['1m', '2m', '3m', '1z', '1z']`; a sentence naming the fault otherwise."""
    return [TILE_CODES[i] for i in tile_indices(text, field)]


def format_tiles(codes: Iterable[str]) -> str:
    """`['1m', '2m', '1z']` -> `"12m1z"`: neighbours of one suit share a letter; order is kept."""
    out: list[str] = []
    pending_suit = ""
    for code in codes:
        if code not in INDEX:
            raise RequestError("not_a_tile_code", "tiles", text=shorten(code))
        if code == "back":
            out.append(pending_suit)
            out.append("back")
            pending_suit = ""
            continue
        digit, suit = code[0], code[1]
        if pending_suit and suit != pending_suit:
            out.append(pending_suit)
        out.append(digit)
        pending_suit = suit
    out.append(pending_suit)
    return "".join(out)


def format_indices(tiles: Iterable[int]) -> str:
    return format_tiles(TILE_CODES[t] for t in tiles)


_DIGITS = {str(d): d for d in range(1, 10)}  # a 0 is no tile: the slow path words why
_SUIT_BASE = {"m": MAN, "p": PIN, "s": SOU, "z": HONOURS, "f": KINDS}
# A suit letter's index of digit 0 and its highest digit, for the quick loop.
_SUIT_RUN = {letter: (base - 1, _LIMITS[letter]) for letter, base in _SUIT_BASE.items()}


def tile_indices(text: str, field: str = "tiles") -> list[int]:
    """Parse a run of tiles into indices; digits belong to the suit letter that follows them.

    The loop reads the text backwards, so that each digit meets its suit letter first, and takes
    the common case (digits, suit letters, spaces) quickly; anything else (`back`, mistakes) goes
    to `_parse_slowly`, which also words the errors.
    """
    if type(text) is not str:
        return _parse_slowly(text, field)
    if len(text) > TEXT_LIMIT:
        raise too_long(field, len(text))
    tiles: list[int] = []
    offset = limit = 0
    suit_named = False  # a digit before any suit letter (read backwards: after) is a mistake
    has_digits = True  # each suit letter needs digits before it
    for char in reversed(text):
        digit = _DIGITS.get(char)
        if digit is not None:
            if not suit_named or digit > limit:
                return _parse_slowly(text, field)
            tiles.append(offset + digit)
            has_digits = True
        elif char != " ":
            run = _SUIT_RUN.get(char)
            if run is None or not has_digits:
                return _parse_slowly(text, field)
            offset, limit = run
            suit_named, has_digits = True, False
    if not has_digits:
        return _parse_slowly(text, field)
    tiles.reverse()
    return tiles


def tile_counts(text: str, field: str = "tiles") -> bytearray:
    """Like `tile_indices`, but counting: 43 counts by tile index (bamboo, flowers, back too)."""
    counts = bytearray(43)  # TEXT_LIMIT keeps every count under 256, the most a byte holds
    for tile in tile_indices(text, field):
        counts[tile] += 1
    return counts


def _parse_slowly(text: object, field: str) -> list[int]:
    if not isinstance(text, str):
        raise RequestError("tiles_not_text", field, field=field, value=quote_value(text))
    tiles: list[int] = []
    digits = ""
    i = 0
    n = len(text)
    while i < n:
        char = text[i]
        if "0" <= char <= "9":
            digits += char
        elif char in _LIMITS:
            if not digits:
                raise RequestError("letter_without_number", field, field=field, letter=char)
            limit = _LIMITS[char]
            for digit in digits:
                number = ord(digit) - 48
                if not 1 <= number <= limit:
                    raise RequestError(
                        "no_such_tile",
                        field,
                        text=f"{digit}{char}",
                        suit=char,
                        tile=f"1{char}",
                        tile2=f"{limit}{char}",
                    )
                tiles.append(INDEX[f"{digit}{char}"])
            digits = ""
        elif char.isspace():
            pass
        elif text.startswith("back", i) and not digits:
            tiles.append(BACK)
            i += 4
            continue
        else:
            raise RequestError("not_tile_letter", field, field=field, letter=shorten(char))
        i += 1
    if digits:
        raise RequestError("numbers_without_suit", field, field=field, text=shorten(digits))
    return tiles


def tile_index(code: object, field: str) -> int:
    """One tile code, such as the winning tile."""
    tiles = tile_indices(code, field)  # type: ignore[arg-type]
    if len(tiles) != 1:
        raise RequestError(
            "not_one_tile", field, field=field, count=len(tiles), text=shorten(str(code))
        )
    return tiles[0]


def counts_of(tiles: Iterable[int]) -> list[int]:
    counts = [0] * KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts
