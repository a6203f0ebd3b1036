"""A winning hand read one tile wrong, put right by the rules: a winner's hand is complete.

A winner lays down four sets and a pair (or seven pairs). When the tiles read make a hand of the
right size that is not complete, the classifier has most often named one tile as its runner-up:
a 4 of dots as a 2, a 9 as a 6. `completed` then looks for the one standing tile whose second or
third reading completes the hand, and takes the likeliest such change; the tile stays marked
unsure, so the panel asks a person to confirm it. A hand already complete, or one that no single
change completes (two tiles misread, a tile not found), is left as it was read: the panel shows
what the camera saw, and the engine says why it does not score. Whether a hand is complete is
the engine's own judgement (`engine.analysis.is_complete`), the one the scorer makes.
"""

from __future__ import annotations

from dataclasses import replace

from engine import KOREAN_TILES
from engine.analysis import WINNING_TILES, is_complete, waits_of
from engine.tiles import COPIES, INDEX, KINDS
from vision.reading import HandRead, Reading, TileRead

# Tiles that make sets, as the engine counts them (flowers and seasons are not counted)
_INDEX = {code: INDEX[code] for code in KOREAN_TILES if INDEX[code] < KINDS}


def completed(reading: Reading) -> Reading:
    """The reading with each hand of a winner's size made complete by changing one standing
    tile to another of its best readings, where one such change does it (the likeliest). A tile
    so changed is no longer one the Korean set lacks (a 9 of dots read as a 6 of bamboo)."""
    from vision.grouping import foreign_tiles

    tiles = list(reading.tiles)
    hands = list(reading.hands)
    changed = False
    for number, hand in enumerate(hands):
        change = completing_change(hand, tiles)
        if change is not None:
            index, code, probability = change
            tiles[index] = replace(tiles[index], code=code, confidence=probability, unsure=True)
            hands[number] = replace(hand, foreign=foreign_tiles(hand, tiles))
            changed = True
    if not changed:
        return reading
    return replace(reading, tiles=tuple(tiles), hands=tuple(hands))


def completing_change(hand: HandRead, tiles: list[TileRead]) -> tuple[int, str, float] | None:
    """The standing tile (index), the code and its probability that complete the hand, or None
    where the hand is complete already, is not a winner's size, or no one change completes it."""
    counts = _standing_counts(hand, tiles)
    melds = len(hand.melds)
    if counts is None or _complete(counts, melds, len(hand.concealed)):
        return None
    best, best_odds = None, 0.0
    for i in hand.concealed:
        tile = tiles[i]
        own = _INDEX.get(tile.code)
        for code, probability in tile.top:
            if code == tile.code or code not in _INDEX:
                continue
            odds = probability / max(tile.confidence, 1e-6)
            if odds <= best_odds:
                continue
            if own is not None:
                counts[own] -= 1
            counts[_INDEX[code]] += 1
            if _complete(counts, melds, len(hand.concealed)):
                best, best_odds = (i, code, float(probability)), odds
            counts[_INDEX[code]] -= 1
            if own is not None:
                counts[own] += 1
    return best


def is_whole(hand: HandRead, tiles) -> bool:
    """Whether the hand as read is a complete winner's hand."""
    counts = _standing_counts(hand, tiles)
    return counts is not None and _complete(counts, len(hand.melds), len(hand.concealed))


def nearly_whole(hand: HandRead, tiles) -> bool:
    """Whether the hand is one tile or one set off a complete winner's hand: one tile more, one
    fewer or one of its standing tiles read otherwise would complete it, or a set more (a set
    not found whole). A winner's hand with a tile or a set not found, a tile found where none
    is, or a tile misread is; a row of tiles of no winning hand (a player's hand shown before
    the end) seldom is."""
    counted = [_INDEX[tiles[i].code] for i in hand.concealed if tiles[i].code in _INDEX]
    melds = len(hand.melds)
    whole = WINNING_TILES - 3 * melds  # the standing tiles of a complete hand
    uncounted = len(hand.concealed) - len(counted)  # bamboo, flowers, backs: misread or none
    if hand.size == 11 and not uncounted:  # a set more would complete it
        return _complete(_counts(counted), melds + 1, len(counted))
    if abs(hand.size - WINNING_TILES) > 1 or uncounted > 1 or (hand.size == 13 and uncounted):
        return False
    if uncounted or hand.size == 13:
        kept = [counted]  # the tile off is the uncounted one, or the one not found
    else:
        kept = [counted[:k] + counted[k + 1 :] for k in range(len(counted))]
    for left in kept:
        counts = _counts(left)
        if _complete(counts, melds, whole):
            return True  # the tile off was one too many
        if len(left) == whole - 1 and max(counts) <= COPIES and waits_of(counts, melds):
            return True  # a tile more, or the one misread read right, completes it
    return False


def _counts(indices: list[int]) -> list[int]:
    """How many of each tile (by the engine's index) `indices` hold."""
    counts = [0] * KINDS
    for index in indices:
        counts[index] += 1
    return counts


def _standing_counts(hand: HandRead, tiles) -> list[int] | None:
    """The standing tiles counted by the engine's tile index (bamboo, flowers and backs left
    out), or None for a hand not of a winner's size (14, a kong counted as three)."""
    if hand.size != WINNING_TILES or not hand.concealed:
        return None
    return _counts([_INDEX[tiles[i].code] for i in hand.concealed if tiles[i].code in _INDEX])


def _complete(counts: list[int], melds: int, standing: int) -> bool:
    """Complete, with every standing tile counted (none a bamboo, a flower or a back) and no
    fifth copy of a tile."""
    return sum(counts) == standing and max(counts) <= COPIES and is_complete(counts, melds)
