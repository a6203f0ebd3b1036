"""The shape of a rule profile: hands of the rules as rows, house options, and one win's facts.

A hand of the rules (a yaku) is a frozen `Yaku` row: its id, names, points, kind, what it replaces,
and one predicate `applies(win, reading) -> int` saying how many times it applies. A profile is a
list of rows plus the house options it knows; `Ruleset` is a profile with its options chosen.
Nothing here changes while a hand is scored.

A row may also say what a hand must have before it can apply at all (`needs`, and
`concealed_only`): honours, one suit, no simples, a declaration, a situation, flowers. The ruleset
sorts its rows by these once, so a hand is only asked about the rows that can apply to it; a test
checks every row's claim against random hands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntFlag, StrEnum
from typing import NamedTuple

from engine.analysis import Meld, Reading


class Kind(StrEnum):
    BASIC = "basic"  # counts toward the 2-point minimum
    BONUS = "bonus"  # added to the total, never toward the minimum


class Declared(StrEnum):
    NONE = "none"
    UPER = "uper"
    BULLER = "buller"  # uper and buller both declared
    BUJI_UPER = "buji_uper"
    BUJI_UPER_BULLER = "buji_uper_buller"


class Situation(StrEnum):
    WIN_ON_KONG = "win_on_kong"
    ROBBING_KONG = "robbing_kong"
    LAST_TILE = "last_tile"
    FIRST_TURN = "first_turn"


class Need(IntFlag):
    """What a hand must have before a row can apply."""

    NOTHING = 0
    CONCEALED = 1 << 0  # no claimed set (a row's `concealed_only`)
    SELF_DRAWN = 1 << 1
    BY_DISCARD = 1 << 2
    HONOURS = 1 << 3  # an honour tile somewhere
    ONE_SUIT = 1 << 4  # characters or dots, not both
    NO_SIMPLES = 1 << 5  # terminals and honours only
    ALL_SIMPLES = 1 << 6  # no terminal and no honour
    DRAGON_TRIPLET = 1 << 7  # three or four of some dragon
    TWO_DRAGON_TRIPLETS = 1 << 8  # three or four of two dragons
    SEAT_WIND_TRIPLET = 1 << 9  # three or four of the seat wind
    THREE_WIND_TRIPLETS = 1 << 10  # three or four of three winds
    DECLARATION = 1 << 11  # uper, buller or buji uper declared
    FIRST_TURN = 1 << 12  # the situations, one flag each
    LAST_TILE = 1 << 13
    WIN_ON_KONG = 1 << 14
    ROBBING_KONG = 1 << 15
    FLOWERS = 1 << 16  # a flower laid aside
    ROUND_WIND_TRIPLET = 1 << 17  # three or four of the prevalent wind


_ALL_NEEDS = (1 << 18) - 1


class WinContext(NamedTuple):
    """The facts of one win that do not depend on how the hand is read (made once per hand)."""

    counts: bytes  # every tile of the hand by kind, laid-down sets included (34 counts)
    standing: bytes  # the tiles standing in the hand by kind, winning tile included
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]
    win_tile: int
    self_draw: bool
    seat: int  # the seat wind's tile (27 East .. 30 North)
    round: int  # the prevalent wind's tile
    declared: Declared
    situations: frozenset[Situation]
    concealed: bool  # no claimed set; concealed kongs keep a hand concealed (RULINGS 2)
    suits: int  # how many of the suits (characters, dots) the hand uses
    has_honours: bool
    all_simples: bool  # no terminal and no honour
    dealer: bool
    has: int  # the `Need` flags this hand meets


def win_context(
    counts: bytes,
    standing: bytes,
    melds: tuple[Meld, ...],
    flowers: tuple[int, ...],
    win_tile: int,
    self_draw: bool,
    seat: int,
    round_wind: int,
    declared: Declared,
    situations: frozenset[Situation],
) -> WinContext:
    """Build the context, working out once the facts many rows ask about."""
    honours = counts[27:34] != _NONE_OF_7
    suits = (counts[0:9] != _NONE_OF_9) + (counts[9:18] != _NONE_OF_9)
    concealed = True
    for meld in melds:
        if meld.claimed:
            concealed = False
    simples = counts[1:8] != _NONE_OF_7 or counts[10:17] != _NONE_OF_7
    all_simples = not (honours or counts[0] or counts[8] or counts[9] or counts[17])
    dragons = (counts[31] >= 3) + (counts[32] >= 3) + (counts[33] >= 3) if honours else 0
    winds = (
        (counts[27] >= 3) + (counts[28] >= 3) + (counts[29] >= 3) + (counts[30] >= 3)
        if honours
        else 0
    )
    has = (
        concealed
        | self_draw << 1
        | (not self_draw) << 2
        | honours << 3
        | (suits <= 1) << 4
        | (not simples) << 5
        | all_simples << 6
        | (dragons >= 1) << 7
        | (dragons >= 2) << 8
        | (counts[seat] >= 3) << 9
        | (winds >= 3) << 10
        | (declared is not _NOT_DECLARED) << 11
        | bool(flowers) << 16
        | (counts[round_wind] >= 3) << 17
    )
    if situations:
        for situation in situations:
            has |= _SITUATION_NEED[situation]
    return _new(
        WinContext,
        (
            counts,
            standing,
            melds,
            flowers,
            win_tile,
            self_draw,
            seat,
            round_wind,
            declared,
            situations,
            concealed,
            suits,
            honours,
            all_simples,
            seat == 27,
            has,
        ),
    )


_NOT_DECLARED = Declared.NONE
_NONE_OF_7, _NONE_OF_9 = bytes(7), bytes(9)  # no tile of a stretch of seven or nine kinds
_new = tuple.__new__  # `WinContext(*fields)` without the named constructor's extra call
_SITUATION_NEED = {
    Situation.FIRST_TURN: int(Need.FIRST_TURN),
    Situation.LAST_TILE: int(Need.LAST_TILE),
    Situation.WIN_ON_KONG: int(Need.WIN_ON_KONG),
    Situation.ROBBING_KONG: int(Need.ROBBING_KONG),
}

Predicate = Callable[[WinContext, Reading], int]


@dataclass(frozen=True, slots=True)
class Yaku:
    """One hand of the rules, as data: the scorer reads nothing else."""

    id: str
    name: str
    name_ko: str
    points: int  # points each time it applies
    kind: Kind
    applies: Predicate = field(repr=False)
    replaces: tuple[str, ...] = ()  # ids this row removes when it applies
    concealed_only: bool = False
    needs: Need = Need.NOTHING  # the row is asked only of hands that have all of these
    not_minimum_with: tuple[str, ...] = ()  # its points leave the minimum when these apply too
    option: str | None = None  # a house option that must be on for the row to exist
    note: str = ""  # the rule source it rests on, for docs/rules.md
    json: dict = field(init=False, repr=False, compare=False)  # the answer's entry, to copy

    def __post_init__(self) -> None:
        entry = {"id": self.id, "kind": self.kind.value, "points": 0, "count": 0}
        object.__setattr__(self, "json", entry | {"name": self.name, "name_ko": self.name_ko})

    @property
    def requires(self) -> int:
        return int(self.needs) | (Need.CONCEALED if self.concealed_only else 0)


@dataclass(frozen=True, slots=True)
class Option:
    """A house option a profile knows: its name, the values it may take, and its default."""

    name: str
    choices: tuple
    default: object
    help: str


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    title: str
    yaku: tuple[Yaku, ...]
    options: tuple[Option, ...]
    minimum: int = 2  # basic points a hand needs to win (chapter 10)
    buller_self_draw_only: bool = False


# A row as the scorer asks it: its predicate, the row, and the ids it replaces.
Entry = tuple[Predicate, Yaku, tuple[str, ...]]
_GROUP_BITS = 8  # a group of rows whose needs span at most this many flags gets a full table


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A profile with its house options chosen: the rows in force and the option values.

    `rows_for(has)` lists the rows that can apply to a hand meeting the `Need` flags `has`, in
    profile order. The rows are cut into runs whose needs span at most eight flags; each run has a
    table from those flags to its rows, built here in full. The joined list for each set of flags
    met is kept in `_rows` once asked for: it depends only on the rules and the flags, never on a
    hand's answer.
    """

    profile: Profile
    options: tuple[tuple[str, object], ...]
    yaku: tuple[Yaku, ...]
    flower_tiles: str = "flowers"  # the `flower_tiles` option, read for every request
    groups: tuple[tuple[int, dict[int, tuple[Entry, ...]]], ...] = field(
        default=(), compare=False, repr=False
    )
    _rows: dict[int, tuple[Entry, ...]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def make(cls, profile: Profile, options: tuple[tuple[str, object], ...]) -> Ruleset:
        values = dict(options)
        yaku = tuple(row for row in profile.yaku if row.option is None or values.get(row.option))
        flower_tiles = str(values.get("flower_tiles", "flowers"))
        return cls(profile, options, yaku, flower_tiles, _groups(yaku))

    def rows_for(self, has: int) -> tuple[Entry, ...]:
        """The rows that can apply to a hand meeting the flags `has`: (predicate, row, replaces)."""
        rows = self._rows.get(has)
        if rows is None:
            rows = ()
            for mask, table in self.groups:
                rows += table[has & mask]
            self._rows[has] = rows
        return rows

    @property
    def name(self) -> str:
        return self.profile.name

    def option(self, name: str):
        for key, value in self.options:
            if key == name:
                return value
        raise KeyError(name)


def _groups(yaku: tuple[Yaku, ...]) -> tuple[tuple[int, dict[int, tuple[Entry, ...]]], ...]:
    """Cut the rows into runs needing few flags, and give each run its table of rows by flags."""
    runs: list[tuple[int, list[Yaku]]] = []
    for row in yaku:
        need = row.requires
        if runs and (runs[-1][0] | need).bit_count() <= _GROUP_BITS:
            runs[-1] = (runs[-1][0] | need, runs[-1][1] + [row])
        else:
            runs.append((need, [row]))
    groups = []
    for mask, rows in runs:
        bits = [1 << i for i in range(mask.bit_length()) if mask >> i & 1]
        table = {}
        for choice in range(1 << len(bits)):
            has = sum(bit for i, bit in enumerate(bits) if choice >> i & 1)
            table[has] = tuple(
                (row.applies, row, row.replaces)
                for row in rows
                if row.requires & has == row.requires
            )
        groups.append((mask, table))
    return tuple(groups)
