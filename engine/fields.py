"""The careful reader of each field of a scoring request, and tables for well-formed values.

`engine.request.read_request` looks common values up in the `FAST_*` tables; anything else comes
here, where every value is checked and every refusal is a sentence naming the field. `waits` uses
the same readers for its hand and sets.
"""

from __future__ import annotations

from itertools import combinations, permutations, product

from engine.analysis import MELD_KINDS, MELD_SIZE, Meld, SetKind
from engine.errors import RequestError, quote_value, shorten
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
# Situations that cannot happen together: each pair's reason is the catalog's `clash.<reason>`.
CLASHES = {
    frozenset({Situation.WIN_ON_KONG, Situation.ROBBING_KONG}): "own_and_other_kong",
    frozenset({Situation.ROBBING_KONG, Situation.LAST_TILE}): "no_kong_on_last_tile",
    frozenset({Situation.FIRST_TURN, Situation.WIN_ON_KONG}): "no_kong_on_first_turn",
    frozenset({Situation.FIRST_TURN, Situation.ROBBING_KONG}): "no_kong_on_first_turn",
    frozenset({Situation.FIRST_TURN, Situation.LAST_TILE}): "first_turn_not_last_tile",
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
            "not_a_choice", field, field=field, choices=list(choices), value=quote_value(value)
        )
    return value


def wind(value: object, field: str) -> str:
    if type(value) is not str or value not in WIND_TILE:
        raise RequestError("not_a_wind", field, field=field, value=quote_value(value))
    return value


def check_tile(tile: int, field: str) -> None:
    """Only characters, dots and honours stand in a hand or make a set under Korean rules."""
    code = TILE_CODES[tile]
    if SOU <= tile < SOU + 9:
        raise RequestError("bamboo_tile", field, tile=code)
    if tile == BACK:
        raise RequestError("face_down_tile", field)
    if tile >= KINDS:
        raise RequestError("flower_in_hand", field, tile=code, field=field)


def read_melds(value: object, seat: str) -> tuple[Meld, ...]:
    if value is None or value == []:
        return ()
    if not isinstance(value, list):
        raise RequestError("melds_not_list", "melds", value=quote_value(value))
    if len(value) > 4:
        raise RequestError("too_many_melds", "melds", count=len(value))
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
    if not isinstance(entry, dict):
        raise RequestError("meld_not_object", "melds", set=number, value=quote_value(entry))
    for key in entry:
        if key not in MELD_FIELDS:
            raise RequestError("meld_unknown_field", "melds", set=number, text=shorten(str(key)))
    kind_name = entry.get("kind")
    if kind_name == "chow":
        raise RequestError("meld_chow", "melds", set=number)
    if type(kind_name) is not str or kind_name not in {kind.value for kind in MELD_KINDS}:
        raise RequestError(
            "meld_kind",
            "melds",
            set=number,
            choices=[kind.value for kind in MELD_KINDS],
            value=quote_value(kind_name),
        )
    kind = SetKind(kind_name)
    if entry.get("tiles") is None:
        raise RequestError("meld_without_tiles", "melds", set=number)
    tiles = tile_indices(entry["tiles"], "melds")
    size = MELD_SIZE[kind]
    if len(tiles) != size or len(set(tiles)) != 1:
        raise RequestError(
            "meld_tiles",
            "melds",
            set=number,
            kind=kind.value,
            count=size,
            text=shorten(str(entry["tiles"])),
        )
    check_tile(tiles[0], "melds")
    source = entry.get("from")
    if kind is SetKind.CONCEALED_KONG:
        if source is not None:
            raise RequestError("concealed_kong_claimed", "melds", set=number)
    else:
        if source is None:
            raise RequestError("meld_without_from", "melds", set=number, kind=kind.value)
        source = wind(source, "melds")
        if source == seat:
            raise RequestError("meld_from_winner", "melds", set=number, seat=source)
    return Meld.of(kind, tiles[0], source)


def read_flowers(value: object, rules: Ruleset) -> tuple[int, ...]:
    if value is None or value == "":
        return ()
    tiles = tile_indices(value, "flowers")
    allowed = SEASONS if rules.flower_tiles == "seasons" else FLOWERS
    for tile in tiles:
        code = TILE_CODES[tile]
        if tile not in FLOWERS and tile not in SEASONS:
            raise RequestError("not_a_flower", "flowers", tile=code)
        if tile not in allowed:
            first, last = TILE_CODES[allowed[0]], TILE_CODES[allowed[-1]]
            other = "seasons" if allowed is FLOWERS else "flowers"
            raise RequestError(
                "other_flowers", "flowers", tile=code, tile2=first, tile3=last, flower_set=other
            )
        if tiles.count(tile) > 1:
            raise RequestError("flower_twice", "flowers", tile=code)
    return tuple(sorted(tiles))


def read_situations(value: object) -> frozenset[Situation]:
    if value is None or value == []:
        return NO_SITUATIONS
    if not isinstance(value, list):
        raise RequestError("situations_not_list", "situations", value=quote_value(value))
    if len(value) > len(SITUATIONS):
        raise RequestError(
            "too_many", "situations", field="situations", count=len(value), limit=len(SITUATIONS)
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
            raise RequestError(
                "situations_clash",
                "situations",
                situation=first.value,
                situation2=second.value,
                clash=reason,
            )
    return found


def check_situations(win: WinContext, rules: Ruleset) -> None:
    has = win.situations
    if _WIN_ON_KONG in has:
        if not win.self_draw:
            raise RequestError("win_on_kong_by_discard", "situations")
        if not any(meld.kind is not SetKind.PUNG for meld in win.melds):
            raise RequestError("win_on_kong_without_kong", "situations")
    if _ROBBING_KONG in has:
        if win.self_draw:
            raise RequestError("robbing_kong_self_draw", "situations")
        if win.counts[win.win_tile] != 1:
            raise RequestError(
                "robbing_kong_tile_held", "situations", tile=TILE_CODES[win.win_tile]
            )
    if _FIRST_TURN in has:
        if win.melds:
            raise RequestError("first_turn_with_melds", "situations")
        if win.dealer and not win.self_draw:
            raise RequestError("dealer_first_turn_discard", "situations")


def check_declared(win: WinContext, rules: Ruleset) -> None:
    if win.declared is Declared.NONE:
        return
    name = win.declared.value
    if not win.concealed:
        raise RequestError("declared_not_concealed", "declared", declared=name)
    if Situation.FIRST_TURN in win.situations:
        raise RequestError("declared_on_first_turn", "declared", declared=name)
    buller = win.declared in (Declared.BULLER, Declared.BUJI_UPER_BULLER)
    if buller and rules.profile.buller_self_draw_only and not win.self_draw:
        raise RequestError("buller_by_discard", "declared")


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
