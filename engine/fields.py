"""The careful reader of each field of a scoring request, and tables for well-formed values.

`engine.request.read_request` looks common values up in the `FAST_*` tables; anything else comes
here, where every value is checked and every refusal is a sentence naming the field. `waits` uses
the same readers for its hand and sets.
"""

from __future__ import annotations

from itertools import combinations, permutations, product

from engine.analysis import MELD_KINDS, MELD_SIZE, Meld, SetKind
from engine.errors import RequestError, describe_value
from engine.rules import ruleset as make_ruleset
from engine.rules.base import Declared, Ruleset, Situation, WinContext
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
    tile_indices,
)

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
MELD_FIELDS = ("kind", "tiles", "from")
DECLARED = {declared.value: declared for declared in Declared}
SITUATIONS = {situation.value: situation for situation in Situation}
NO_SITUATIONS: frozenset[Situation] = frozenset()
# A request with one situation, as most with any have: its name -> the set of it.
ONE_SITUATION = {situation.value: frozenset([situation]) for situation in Situation}
_WIN_ON_KONG, _ROBBING_KONG = Situation.WIN_ON_KONG, Situation.ROBBING_KONG
_FIRST_TURN = Situation.FIRST_TURN


def choice(value: object, choices: tuple[str, ...], field: str) -> str:
    if type(value) is not str or value not in choices:
        raise RequestError(
            f"{field} must be one of {', '.join(choices)}; got {describe_value(value)}.", field
        )
    return value


def wind(value: object, field: str) -> str:
    if type(value) is not str or value not in WIND_TILE:
        raise RequestError(
            f"{field} must be a wind: E, S, W or N; got {describe_value(value)}.", field
        )
    return value


def check_tile(tile: int, field: str) -> None:
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


def read_melds(value: object, seat: str) -> tuple[Meld, ...]:
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
            meld = FAST_MELDS.get((entry.get("kind"), entry.get("tiles"), entry.get("from")))
        except (AttributeError, TypeError):  # not an object, or a list where text goes
            meld = None
        if meld is None or len(entry) > 3 or meld.claimed_from == seat:
            meld = read_meld(entry, len(melds) + 1, seat)
        melds.append(meld)
    return tuple(melds)


def read_meld(entry: object, number: int, seat: str | None) -> Meld:
    where = f"Set {number} of melds"
    if not isinstance(entry, dict):
        raise RequestError(
            f"{where} must be an object with kind, tiles and from; got {describe_value(entry)}.",
            "melds",
        )
    for key in entry:
        if key not in MELD_FIELDS:
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
    check_tile(tiles[0], "melds")
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
        source = wind(source, "melds")
        if source == seat:
            raise RequestError(
                f"{where} is claimed from {source}, the winner's own seat; a player cannot "
                "claim their own discard.",
                "melds",
            )
    return Meld.of(kind, tiles[0], source)


def read_flowers(value: object, rules: Ruleset) -> tuple[int, ...]:
    if value is None or value == "":
        return ()
    tiles = tile_indices(value, "flowers")
    allowed = SEASONS if rules.flower_tiles == "seasons" else FLOWERS
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


def read_situations(value: object) -> frozenset[Situation]:
    if value is None or value == []:
        return NO_SITUATIONS
    if not isinstance(value, list):
        raise RequestError(
            f'situations must be a list, like ["last_tile"]; got {describe_value(value)}.',
            "situations",
        )
    if len(value) > len(SITUATIONS):
        raise RequestError(
            f"situations lists {len(value)} entries; there are only {len(SITUATIONS)} situations.",
            "situations",
            code="too_many",
            params={"field": "situations", "count": len(value), "limit": len(SITUATIONS)},
        )
    for item in value:
        if type(item) is not str or item not in SITUATIONS:
            choice(item, tuple(SITUATIONS), "situations")
    found = frozenset([SITUATIONS[item] for item in value])
    if len(found) < 2:
        return found
    for pair, reason in CLASHES.items():
        if pair <= found:
            first, second = sorted(pair)
            raise RequestError(f"{first} and {second} cannot both hold: {reason}.", "situations")
    return found


def check_situations(win: WinContext, rules: Ruleset) -> None:
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


def check_declared(win: WinContext, rules: Ruleset) -> None:
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


class FastTables:
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


FAST = FastTables()
FAST_RULESETS, FAST_RULESETS_WITH_OPTIONS = FAST.rulesets, FAST.rulesets_with_options
FAST_WINDS, FAST_TILES, FAST_MELDS = FAST.winds, FAST.tiles, FAST.melds
FAST_FLOWERS = FAST.flowers
