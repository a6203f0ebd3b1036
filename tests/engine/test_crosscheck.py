"""Cross-check against an independent implementation: the riichi `mahjong` library.

On 100,000 random 14-tile hands of characters, dots and honours (about half built complete from
sets, the rest with one tile changed) our complete-hand check agrees with its agari check; on
100,000 random 13-tile hands our waits agree with the tiles its shanten calculation says complete
them (see `library_waits`). Korean rules differ from riichi in one place, taken into account
openly: four identical tiles count as two pairs of seven pairs (RULINGS 7). Thirteen orphans cannot
arise without bamboo.
"""

import random

import pytest

import engine
from engine.analysis import is_complete, waits_of
from engine.tiles import KINDS, KOREAN_KINDS

mahjong = pytest.importorskip("mahjong")
from mahjong.agari import Agari  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

HANDS = 100_000
SUITED = [t for t in KOREAN_KINDS if t < 27]
CHOWS = [t for t in SUITED if t % 9 < 7]


def complete_hand(rng: random.Random) -> list[int]:
    """Four sets and a pair, or now and then seven pairs, within four of each tile."""
    while True:
        counts = [0] * KINDS
        if rng.random() < 0.08:
            for tile in rng.sample(KOREAN_KINDS, 7):
                counts[tile] += 2
        else:
            for _ in range(4):
                if rng.random() < 0.5:
                    start = rng.choice(CHOWS)
                    for tile in (start, start + 1, start + 2):
                        counts[tile] += 1
                else:
                    counts[rng.choice(KOREAN_KINDS)] += 3
            counts[rng.choice(KOREAN_KINDS)] += 2
        if max(counts) <= 4:
            return counts


def change_one_tile(rng: random.Random, counts: list[int]) -> list[int]:
    counts = list(counts)
    held = [tile for tile in KOREAN_KINDS if counts[tile]]
    counts[rng.choice(held)] -= 1
    new = rng.choice([tile for tile in KOREAN_KINDS if counts[tile] < 4])
    counts[new] += 1
    return counts


# Each tile and the tiles of its suit at most two away (honours stand alone).
NEIGHBOURS = {
    tile: [other for other in KOREAN_KINDS if other == tile
           or (tile < 27 and other < 27 and other // 9 == tile // 9 and abs(other - tile) <= 2)]
    for tile in KOREAN_KINDS
}  # fmt: skip


def korean_seven_pairs_with_four_alike(counts) -> bool:
    return sum(counts) == 14 and all(n % 2 == 0 for n in counts) and 4 in counts


def as_34(counts) -> list[int]:
    return list(counts)  # our indices are the library's 34-tile indices (bamboo stays empty)


def test_complete_hands_agree_with_agari():
    rng = random.Random(20240501)
    complete = 0
    for _ in range(HANDS):
        counts = complete_hand(rng)
        if rng.random() < 0.5:
            counts = change_one_tile(rng, counts)
        expected = Agari.is_agari(as_34(counts)) or korean_seven_pairs_with_four_alike(counts)
        ours = is_complete(counts, 0)
        assert ours == expected, counts
        complete += ours
    assert 0.35 * HANDS < complete < 0.75 * HANDS  # both answers are well represented


def library_waits(counts: list[int]) -> set[int]:
    """The tiles that bring the library's shanten of the hand to -1 (complete).

    Only a tile equal to a held tile, or within two of one in its suit, can be used by a hand, so
    only those are tried. Each is screened with the library's agari check (ten times quicker
    than its shanten search), and every tile that passes is confirmed by its shanten.
    """
    found = set()
    near = set()
    for tile in KOREAN_KINDS:
        if counts[tile]:
            near.update(NEIGHBOURS[tile])
    for tile in near:
        if counts[tile] >= 4:
            continue
        counts[tile] += 1
        if Agari.is_agari(as_34(counts)):
            assert Shanten.calculate_shanten(as_34(counts), use_kokushi=False) == -1
            found.add(tile)
        counts[tile] -= 1
    odd = [tile for tile in KOREAN_KINDS if counts[tile] % 2]
    if len(odd) == 1:  # RULINGS 7: four alike make two of the seven pairs
        counts[odd[0]] += 1
        if korean_seven_pairs_with_four_alike(counts):
            found.add(odd[0])
        counts[odd[0]] -= 1
    return found


def test_waits_agree_with_shanten():
    rng = random.Random(20240502)
    waiting = 0
    for _ in range(HANDS):
        counts = complete_hand(rng)
        if rng.random() < 0.5:
            counts = change_one_tile(rng, counts)
        held = [tile for tile in KOREAN_KINDS if counts[tile]]
        counts[rng.choice(held)] -= 1
        ours = waits_of(list(counts), 0)
        assert set(ours) == library_waits(counts), counts
        waiting += bool(ours)
    assert 0.25 * HANDS < waiting < 0.9 * HANDS


def test_the_public_waits_agrees_on_a_sample():
    rng = random.Random(3)
    for _ in range(300):
        counts = complete_hand(rng)
        counts[rng.choice([t for t in KOREAN_KINDS if counts[t]])] -= 1
        text = engine.format_tiles(
            [engine.TILE_CODES[t] for t in range(KINDS) for _ in range(counts[t])]
        )
        assert {engine.parse_tiles(code)[0] for code in engine.waits(text)} == {
            engine.TILE_CODES[t] for t in library_waits(counts)
        }
