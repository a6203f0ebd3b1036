"""Hand analysis: every reading of a complete hand, which set the winning tile made, and waits.

A complete hand is four sets and a pair (chows only in the hand, since Korean rules let nobody claim
a chow; pungs and the three kinds of kong), or seven pairs (four alike count as two pairs, RULINGS
7). Nine gates is a four-sets-and-a-pair hand and is recognised by its row in the rules. Hands are
of the Korean set: characters, dots and honours (bamboo is refused before analysis).

The work is table-driven. Each suit of the hand is a vector of nine counts; `SUIT_SPLITS` maps
every vector that splits into chows, pungs and at most one pair to all of its splits. The tables
are built once, at import, from the sets themselves (about 48,000 combinations, a few hundredths
of a second), so the analysis of a hand is a few dictionary look-ups.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations_with_replacement, compress, product
from typing import NamedTuple

from engine.tiles import COPIES, HONOURS, KINDS, MAN, PIN, SOU, format_indices


class SetKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"  # big exposed kong: claimed onto a concealed triplet
    ADDED_KONG = "added_kong"  # small exposed kong: a drawn fourth tile added to a pung
    CONCEALED_KONG = "concealed_kong"
    PAIR = "pair"


CLAIMED_KINDS = frozenset({SetKind.PUNG, SetKind.KONG, SetKind.ADDED_KONG})
MELD_KINDS = (SetKind.PUNG, SetKind.KONG, SetKind.ADDED_KONG, SetKind.CONCEALED_KONG)
MELD_SIZE = {SetKind.PUNG: 3, SetKind.KONG: 4, SetKind.ADDED_KONG: 4, SetKind.CONCEALED_KONG: 4}
WINNING_TILES = 14  # a winning hand's tiles, each set counted as three (a kong too)


class Wait(StrEnum):
    TWO_SIDED = "two_sided"
    EDGE = "edge"
    CLOSED = "closed"
    PAIR = "pair"
    PUNG = "pung"


class Form(StrEnum):
    SETS = "sets"  # four sets and a pair
    SEVEN_PAIRS = "seven_pairs"


# Members looked up once: the functions below run for every hand scored.
_CHOW, _PUNG, _PAIR = SetKind.CHOW, SetKind.PUNG, SetKind.PAIR
_SETS, _SEVEN_PAIRS = Form.SETS, Form.SEVEN_PAIRS
_TWO_SIDED, _EDGE, _CLOSED, _PAIR_WAIT, _PUNG_WAIT = (
    Wait.TWO_SIDED, Wait.EDGE, Wait.CLOSED, Wait.PAIR, Wait.PUNG
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Meld:
    """A set laid down on the table, in the order it was made."""

    kind: SetKind
    tile: int
    claimed_from: str | None = None  # seat wind of the player whose discard was claimed
    claimed: bool = False  # pung, kong or added kong; a concealed kong is not claimed

    @classmethod
    def of(cls, kind: SetKind, tile: int, claimed_from: str | None = None) -> Meld:
        return cls(kind, tile, claimed_from, kind in CLAIMED_KINDS)


class Set(NamedTuple):
    """One set (or pair) of a reading: `tile` is its lowest tile; `meld` is -1 in the hand."""

    kind: SetKind
    tile: int
    concealed: bool
    meld: int = -1

    @property
    def is_triplet(self) -> bool:
        return self.kind is not _CHOW and self.kind is not _PAIR

    @property
    def text(self) -> str:
        return _SET_TEXT[self.kind, self.tile]


class Reading(NamedTuple):
    """One way to read a complete hand, and the set the winning tile completed in it.

    Readings are immutable tuples, many are made for each hand, so they hold only what the rows of
    the rules ask about; `sets()` spells the whole hand out when the answer needs it.
    """

    form: Form
    chows: tuple[int, ...]  # lowest tile of each chow (all in the hand)
    pungs: tuple[int, ...]  # tile of each triplet standing in the hand
    triplets: tuple[int, ...]  # tile of each pung or kong, in the hand or laid down
    pairs: tuple[int, ...]  # the pair's tile; the seven tiles of seven pairs
    wait: Wait
    won: Set  # the set or pair the winning tile completed
    concealed_triplets: int  # RULINGS 8: a triplet completed by a discard is not concealed
    melds: tuple[Meld, ...]

    @property
    def pair(self) -> int:
        return self.pairs[0]

    def sets(self) -> list[Set]:
        """The four sets: the hand's (chows, then pungs), then the melds in the order made."""
        won = self.won
        out = [Set(_CHOW, tile, True) for tile in self.chows]
        for tile in self.pungs:
            out.append(won if won.kind is _PUNG and won.tile == tile else Set(_PUNG, tile, True))
        for index, meld in enumerate(self.melds):
            out.append(Set(meld.kind, meld.tile, not meld.claimed, index))
        return out


_SET_SIZE = {SetKind.CHOW: 3, SetKind.PUNG: 3, SetKind.PAIR: 2} | MELD_SIZE
_SET_TEXT = {
    (kind, tile): format_indices(
        (tile, tile + 1, tile + 2) if kind is SetKind.CHOW else (tile,) * _SET_SIZE[kind]
    )
    for kind in SetKind
    for tile in range(KINDS)
    if kind is not SetKind.CHOW or (tile < HONOURS and tile % 9 < 7)
}


def set_text(kind: SetKind, tile: int) -> str:
    """A set written as tiles: (CHOW, 1m) -> "123m"."""
    return _SET_TEXT[kind, tile]


# Tiles counted by index (34 kinds). The engine keeps them as `bytes`: compact, and its slices are
# the keys of the split tables; lists and tuples are accepted and converted.
Counts = bytes | list[int] | tuple[int, ...]

# One split of one suit: (pair tile or -1, chow starts, pung tiles), tiles as engine indices.
SuitSplit = tuple[int, tuple[int, ...], tuple[int, ...]]


def _build_suit_splits(base: int) -> dict[bytes, tuple[SuitSplit, ...]]:
    """Every count vector of one suit that splits into at most four sets and one pair."""
    shapes = [(False, start) for start in range(7)] + [(True, tile) for tile in range(9)]
    table: dict[tuple[int, ...], list[SuitSplit]] = {}
    for size in range(5):
        for combo in combinations_with_replacement(shapes, size):
            counts = [0] * 9
            for is_pung, tile in combo:
                if is_pung:
                    counts[tile] += 3
                else:
                    counts[tile] += 1
                    counts[tile + 1] += 1
                    counts[tile + 2] += 1
            if max(counts) > COPIES:
                continue
            chows = tuple(base + tile for is_pung, tile in combo if not is_pung)
            pungs = tuple(base + tile for is_pung, tile in combo if is_pung)
            table.setdefault(bytes(counts), []).append((-1, chows, pungs))
            for pair in range(9):
                if counts[pair] <= 2:
                    counts[pair] += 2
                    table.setdefault(bytes(counts), []).append((base + pair, chows, pungs))
                    counts[pair] -= 2
    return {vector: tuple(splits) for vector, splits in table.items()}


SUIT_SPLITS = {MAN: _build_suit_splits(MAN), PIN: _build_suit_splits(PIN)}
_MAN_SPLITS, _PIN_SPLITS = SUIT_SPLITS[MAN], SUIT_SPLITS[PIN]


def _build_honour_splits() -> dict[bytes, SuitSplit]:
    """Every honour count vector that makes pungs and at most one pair (no chows of honours)."""
    table: dict[bytes, SuitSplit] = {}
    for vector in product((0, 2, 3), repeat=KINDS - HONOURS):
        pairs = [HONOURS + i for i, n in enumerate(vector) if n == 2]
        if len(pairs) <= 1:
            pungs = tuple(HONOURS + i for i, n in enumerate(vector) if n == 3)
            table[bytes(vector)] = (pairs[0] if pairs else -1, (), pungs)
    return table


HONOUR_SPLITS = _build_honour_splits()


def is_seven_pairs(counts: Counts) -> bool:
    """Seven pairs from 14 standing tiles; four alike are two pairs (RULINGS 7)."""
    return 1 not in counts and 3 not in counts and sum(counts) == WINNING_TILES


def splits(counts: Counts, melds: int = 0) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Every way to read the standing tiles as (4 - melds) sets and a pair: (pair, chows, pungs).

    `counts` holds characters, dots and honours; bamboo never reaches the analysis.
    """
    if sum(counts) != WINNING_TILES - 3 * melds:
        return []
    return _splits(bytes(counts))


def _splits(counts: bytes) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """`splits` for counts (as bytes) whose size is already known to be right."""
    man = _MAN_SPLITS.get(counts[0:9])
    if man is None:
        return []
    pin = _PIN_SPLITS.get(counts[9:18])
    if pin is None:
        return []
    honours = HONOUR_SPLITS.get(counts[HONOURS:KINDS])
    if honours is None:
        return []
    honour_pair, _, honour_pungs = honours
    if len(man) == 1 and len(pin) == 1:  # the usual case: one way to read each suit
        (man_pair, man_chows, man_pungs), (pin_pair, pin_chows, pin_pungs) = man[0], pin[0]
        if (man_pair >= 0) + (pin_pair >= 0) + (honour_pair >= 0) != 1:
            return []
        pair = max(man_pair, pin_pair, honour_pair)
        return [(pair, man_chows + pin_chows, man_pungs + pin_pungs + honour_pungs)]
    found = []
    for man_pair, man_chows, man_pungs in man:
        for pin_pair, pin_chows, pin_pungs in pin:
            if (man_pair >= 0) + (pin_pair >= 0) + (honour_pair >= 0) != 1:
                continue
            found.append(
                (
                    max(man_pair, pin_pair, honour_pair),
                    man_chows + pin_chows,
                    man_pungs + pin_pungs + honour_pungs,
                )
            )
    return found


def is_complete(counts: Counts, melds: int = 0) -> bool:
    """Whether the standing tiles plus `melds` laid-down sets make a complete hand."""
    if melds == 0 and is_seven_pairs(counts):
        return True
    return bool(splits(counts, melds))


# `_new(Reading, fields)` is `Reading(*fields)` without the named constructor's extra call:
# readings are made for every hand.
_new = tuple.__new__

# The sets a winning tile can complete, made once: readings share them.
_CHOW_SET = {tile: Set(SetKind.CHOW, tile, True) for tile in range(27) if tile % 9 < 7}
_PUNG_SET = {
    (tile, concealed): Set(SetKind.PUNG, tile, concealed)
    for tile in range(KINDS)
    for concealed in (False, True)
}
_PAIR_SET = {tile: Set(SetKind.PAIR, tile, True) for tile in range(KINDS)}


def _chow_wait(start: int, win_tile: int) -> Wait:
    offset = win_tile - start
    if offset == 1:
        return _CLOSED
    if offset == 0:
        return _EDGE if start % 9 == 6 else _TWO_SIDED
    return _EDGE if start % 9 == 0 else _TWO_SIDED


def readings(
    counts: Counts, melds: tuple[Meld, ...], win_tile: int, self_draw: bool
) -> list[Reading]:
    """Every reading of a hand: each split, and each set of it the winning tile may have completed.

    `counts` are the standing tiles, winning tile included, 14 - 3 * len(melds) of them (the
    request has checked); an empty list means the hand is not complete.
    """
    if type(counts) is not bytes:
        counts = bytes(counts)
    if melds:
        meld_triplets = tuple([meld.tile for meld in melds])
        concealed_kongs = len([meld for meld in melds if not meld.claimed])
    else:
        meld_triplets, concealed_kongs = (), 0
    found: list[Reading] = []
    for pair, chows, pungs in _splits(counts):
        triplets = pungs + meld_triplets if melds else pungs
        hidden = len(pungs) + concealed_kongs
        base = (_SETS, chows, pungs, triplets, (pair,))
        done = -1
        for start in chows:
            if start <= win_tile <= start + 2 and start != done:
                done = start  # identical chows give one reading (chows come sorted)
                wait = _chow_wait(start, win_tile)
                found.append(_new(Reading, (*base, wait, _CHOW_SET[start], hidden, melds)))
        if win_tile in pungs:
            won = _PUNG_SET[win_tile, self_draw]
            hidden_here = hidden if self_draw else hidden - 1
            found.append(_new(Reading, (*base, _PUNG_WAIT, won, hidden_here, melds)))
        if pair == win_tile:
            found.append(_new(Reading, (*base, _PAIR_WAIT, _PAIR_SET[pair], hidden, melds)))
    if not melds and is_seven_pairs(counts):
        pairs = tuple(compress(range(KINDS), counts))  # each kind once: 2 or 4 of it
        if 4 in counts:
            pairs = tuple(sorted(pairs + tuple(t for t in pairs if counts[t] == 4)))
        won = _PAIR_SET[win_tile]
        found.append(Reading(_SEVEN_PAIRS, (), (), (), pairs, _PAIR_WAIT, won, 0, ()))
    return found


def waits_of(counts: list[int], melds: int, held: list[int] | None = None) -> list[int]:
    """Tiles of the Korean set that complete a hand of 13 - 3 * melds standing tiles.

    `held` counts every tile the player holds (laid-down sets included); a tile they hold all four
    of cannot come, so it is no wait. Only a tile equal to a standing tile, or within two of one in
    its suit, can complete the hand, so no other tile is tried.
    """
    held = held or counts
    near = set()
    for tile in range(KINDS):
        if counts[tile]:
            if tile >= HONOURS:
                near.add(tile)
            else:
                low = tile - tile % 9
                near.update(range(max(low, tile - 2), min(low + 8, tile + 2) + 1))
    result = []
    for tile in sorted(near):
        if held[tile] >= 4 or SOU <= tile < HONOURS:
            continue
        counts[tile] += 1
        if is_complete(counts, melds):
            result.append(tile)
        counts[tile] -= 1
    return result
