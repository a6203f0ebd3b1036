"""The shape of a rule profile: hands of the rules as rows, house options, and one win's facts.

A hand of the rules (a yaku) is a frozen `Yaku` row: its id, names, points, kind, what it replaces,
and one predicate `applies(win, reading) -> int` saying how many times it applies. A profile is a
list of rows plus the house options it knows; `Ruleset` is a profile with its options chosen.
Nothing here changes while a hand is scored.

A predicate may be `given` facts of the win (self-drawn, a dragon triplet, a declaration...), and
then its body asks only what is left. The facts are the one place such a condition is written:
each row reads the ones its predicate is given, and the ruleset sorts its rows by them once, so a
hand is only asked about the rows whose facts it has.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import IntFlag, StrEnum, auto
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


class Fact(IntFlag):
    """A fact of the whole win that a predicate may be `given`; each is one bit, in this order."""

    CONCEALED = auto()  # no claimed set (a row's `concealed_only`)
    SELF_DRAWN = auto()
    BY_DISCARD = auto()
    HONOURS = auto()  # an honour tile somewhere
    AT_MOST_ONE_SUIT = auto()  # not both characters and dots
    NO_SIMPLES = auto()  # terminals and honours only
    ALL_SIMPLES = auto()  # no terminal and no honour
    DRAGON_TRIPLET = auto()  # three or four of some dragon
    TWO_DRAGON_TRIPLETS = auto()  # three or four of two dragons
    SEAT_WIND_TRIPLET = auto()  # three or four of the seat wind
    ROUND_WIND_TRIPLET = auto()  # three or four of the prevalent wind
    THREE_WIND_TRIPLETS = auto()  # three or four of three winds
    DECLARATION = auto()  # uper, buller or buji uper declared
    FIRST_TURN = auto()  # the situations, one fact each
    LAST_TILE = auto()
    WIN_ON_KONG = auto()
    ROBBING_KONG = auto()
    FLOWERS = auto()  # a flower laid aside


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
    dealer: bool
    facts: int  # the `Fact`s of this win, as bits


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
    facts = (
        (concealed and _CONCEALED)
        | (_SELF_DRAWN if self_draw else _BY_DISCARD)
        | (honours and _HONOURS)
        | (suits <= 1 and _AT_MOST_ONE_SUIT)
        | (not simples and _NO_SIMPLES)
        | (all_simples and _ALL_SIMPLES)
        | (dragons >= 1 and _DRAGON_TRIPLET)
        | (dragons >= 2 and _TWO_DRAGON_TRIPLETS)
        | (counts[seat] >= 3 and _SEAT_WIND_TRIPLET)
        | (counts[round_wind] >= 3 and _ROUND_WIND_TRIPLET)
        | (winds >= 3 and _THREE_WIND_TRIPLETS)
        | (declared is not _NOT_DECLARED and _DECLARATION)
        | (bool(flowers) and _FLOWERS)
    )
    if situations:
        for situation in situations:
            facts |= _SITUATION_FACT[situation]
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
            seat == 27,
            facts,
        ),
    )


_NOT_DECLARED = Declared.NONE
_NONE_OF_7, _NONE_OF_9 = bytes(7), bytes(9)  # no tile of a stretch of seven or nine kinds
_new = tuple.__new__  # `WinContext(*fields)` without the named constructor's extra call
_SITUATION_FACT = {situation: int(Fact[situation.name]) for situation in Situation}
# The facts as plain ints: `win_context` runs for every hand, and IntFlag arithmetic is slow.
_CONCEALED, _SELF_DRAWN = int(Fact.CONCEALED), int(Fact.SELF_DRAWN)
_BY_DISCARD, _HONOURS, _AT_MOST_ONE_SUIT = (
    int(Fact.BY_DISCARD),
    int(Fact.HONOURS),
    int(Fact.AT_MOST_ONE_SUIT),
)
_NO_SIMPLES, _ALL_SIMPLES = int(Fact.NO_SIMPLES), int(Fact.ALL_SIMPLES)
_DRAGON_TRIPLET, _TWO_DRAGON_TRIPLETS = int(Fact.DRAGON_TRIPLET), int(Fact.TWO_DRAGON_TRIPLETS)
_SEAT_WIND_TRIPLET, _ROUND_WIND_TRIPLET = int(Fact.SEAT_WIND_TRIPLET), int(Fact.ROUND_WIND_TRIPLET)
_THREE_WIND_TRIPLETS, _DECLARATION = int(Fact.THREE_WIND_TRIPLETS), int(Fact.DECLARATION)
_FLOWERS = int(Fact.FLOWERS)

Predicate = Callable[[WinContext, Reading], int]


@dataclass(frozen=True, slots=True)
class Given:
    """A predicate that holds only for wins with all of `facts`, and then as often as `then` says.

    The scorer checks the facts once per hand, for all rows together, and asks `then` only of the
    hands that have them; called as a whole, it checks both.
    """

    facts: Fact
    then: Predicate

    def __call__(self, win: WinContext, reading: Reading) -> int:
        return win.facts & self.facts == self.facts and self.then(win, reading)


def given(*facts: Fact) -> Callable[[Predicate], Given]:
    """`@given(Fact.SELF_DRAWN)` over a predicate: it is asked only of wins with those facts."""

    def wrap(then: Predicate) -> Given:
        return Given(Fact(sum(set(facts))), then)

    return wrap


@dataclass(frozen=True, slots=True)
class Yaku:
    """One hand of the rules, as data: the scorer reads nothing else.

    `requires` (the facts a win must have before the row is asked) and `test` (what is asked then)
    are worked out here from `applies` and `concealed_only`, never written by hand.
    """

    id: str
    name: str
    name_ko: str
    points: int  # points each time it applies
    kind: Kind
    applies: Predicate = field(repr=False)
    replaces: tuple[str, ...] = ()  # ids this row removes when it applies
    concealed_only: bool = False
    not_minimum_with: tuple[str, ...] = ()  # its points leave the minimum when these apply too
    liable_for: tuple[int, ...] = ()  # whoever fed the last set of these tiles pays alone
    note: str = ""  # the rule source it rests on, for docs/rules.md
    requires: int = field(init=False, repr=False, compare=False)  # `Fact` bits
    test: Predicate = field(init=False, repr=False, compare=False)
    json: dict = field(init=False, repr=False, compare=False)  # the answer's entry, to copy

    def __post_init__(self) -> None:
        applies = self.applies
        requires, test = (applies.facts, applies.then) if type(applies) is Given else (0, applies)
        if self.concealed_only:
            requires |= Fact.CONCEALED
        object.__setattr__(self, "requires", int(requires))
        object.__setattr__(self, "test", test)
        entry = {"id": self.id, "kind": self.kind.value, "points": 0, "count": 0}
        object.__setattr__(self, "json", entry | {"name": self.name, "name_ko": self.name_ko})


@dataclass(frozen=True, slots=True)
class Payments:
    """How a won hand is paid (RULINGS 15-17), as multiples of its total."""

    by_discard: int = 2  # the discarder pays this many times the total
    self_drawn: int = 1  # on a self-draw, each other player pays this many times the total
    liable: int = 3  # a liable player (a row's `liable_for`) pays this many times, alone
    each_winner_collects: bool = False  # several winners on one discard: all collect, or the first


@dataclass(frozen=True, slots=True, eq=False)
class Change:
    """What choosing one value of a house option does to the rules; every option says it so."""

    on: tuple[str, ...] = ()  # rows turned on: they are off unless an option turns them on
    off: tuple[str, ...] = ()  # rows turned off
    points: dict[str, int] = field(default_factory=dict)  # row id -> its points
    payments: dict[str, object] = field(default_factory=dict)  # `Payments` field -> its value
    flower_tiles: str | None = None  # which four tiles the table plays as flowers


@dataclass(frozen=True, slots=True)
class Option:
    """A house option a profile knows: its values, its default, and what each value changes."""

    name: str
    choices: tuple
    default: object
    help: str
    changes: dict[object, Change] = field(default_factory=dict, compare=False)


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    title: str
    yaku: tuple[Yaku, ...]  # every row the profile knows, those options turn on included
    options: tuple[Option, ...]
    minimum: int = 2  # basic points a hand needs to win (chapter 10)
    buller_self_draw_only: bool = False


# A row as the scorer asks it: what to ask once its facts hold, the row, and the ids it replaces.
Entry = tuple[Predicate, Yaku, tuple[str, ...]]
_GROUP_BITS = 8  # a group of rows whose facts span at most this many bits gets a full table


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A profile with its house options chosen: the rows in force, the payments, the flowers.

    `rows_for(facts)` lists the rows that can apply to a win with the `Fact` bits `facts`, in
    profile order. The rows are cut into runs whose facts span at most eight bits; each run has a
    table from those bits to its rows, built here in full, so a hand's rows are a few look-ups and
    nothing is added while scoring.
    """

    profile: Profile
    options: tuple[tuple[str, object], ...]
    yaku: tuple[Yaku, ...]
    payments: Payments = Payments()
    flower_tiles: str = "flowers"  # the tiles this table plays as flowers (RULINGS 1)
    groups: tuple[tuple[int, dict[int, tuple[Entry, ...]]], ...] = field(
        default=(), compare=False, repr=False
    )

    @classmethod
    def make(cls, profile: Profile, options: tuple[tuple[str, object], ...]) -> Ruleset:
        """Apply each chosen value's `Change` to the profile, in the order of its options."""
        turned_on = {row_id for o in profile.options for c in o.changes.values() for row_id in c.on}
        in_force = {row.id for row in profile.yaku} - turned_on
        points: dict[str, int] = {}
        payments: dict[str, object] = {}
        flower_tiles = "flowers"
        chosen = dict(options)
        for option in profile.options:
            change = option.changes.get(chosen.get(option.name, option.default))
            if change is None:
                continue
            in_force = (in_force | set(change.on)) - set(change.off)
            points |= change.points
            payments |= change.payments
            flower_tiles = change.flower_tiles or flower_tiles
        yaku = tuple(
            replace(row, points=points[row.id]) if row.id in points else row
            for row in profile.yaku
            if row.id in in_force
        )
        return cls(profile, options, yaku, Payments(**payments), flower_tiles, _groups(yaku))

    def rows_for(self, facts: int) -> tuple[Entry, ...]:
        """The rows that can apply to a win with the fact bits `facts`: (test, row, replaces)."""
        rows = ()
        for mask, table in self.groups:
            rows += table[facts & mask]
        return rows

    @property
    def name(self) -> str:
        return self.profile.name


def _groups(yaku: tuple[Yaku, ...]) -> tuple[tuple[int, dict[int, tuple[Entry, ...]]], ...]:
    """Cut the rows into runs requiring few facts, and give each run its table of rows by facts."""
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
            facts = sum(bit for i, bit in enumerate(bits) if choice >> i & 1)
            table[facts] = tuple(
                (row.test, row, row.replaces)
                for row in rows
                if row.requires & facts == row.requires
            )
        groups.append((mask, table))
    return tuple(groups)
