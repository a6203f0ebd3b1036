"""The `guide` profile: the scoring table of the Korean mahjong beginner's guide.

Where the guide scores the same kind of hand as the standard rules the row keeps the standard id
(with the guide's name and points); where it differs the row has a new id: `all_chows`,
`premium_tile`, `all_terminals`. The guide has no prevalent wind, double wind, all terminals and
honours, or last tile claim; its 1-dot and 5-dot hands are always in force. docs/rules.md gives
every reading taken here.
"""

from __future__ import annotations

from dataclasses import replace

from engine.rules import hands as h
from engine.rules.base import Kind, Profile, Yaku
from engine.rules.standard import FLOWER_TILES, MULTIPLE_WINNERS
from engine.rules.standard import YAKU as STANDARD_YAKU

B, X = Kind.BASIC, Kind.BONUS
_STANDARD = {row.id: row for row in STANDARD_YAKU}


def _as(row_id: str, name: str | None = None, **changes) -> Yaku:
    """A standard row as the guide scores it: the guide's name, and whatever else differs."""
    row = _STANDARD[row_id]
    note = "guide table" + (f"; same hand as standard {row.note.split(';')[0]}" if row.note else "")
    return replace(row, name=name or row.name, note=note, **changes)


YAKU: tuple[Yaku, ...] = (
    # 1 point
    Yaku("all_chows", "All Chows", "평화", 1, B, h.all_chows,
         note="guide table: 'Hand consists of all chows and no honors.'"),
    _as("all_simples", not_minimum_with=("all_chows",)),
    _as("dragon_pung"),
    _as("seat_wind"),
    _as("concealed"),
    # 2 points
    _as("concealed_self_draw", "Fully Concealed Hand", points=2, replaces=("concealed",)),
    _as("all_triplets", "All Pungs"),
    _as("mixed_one_suit", "Clear Hand", applies=h.one_suit_with_honours_only),
    _as("pure_straight"),
    # 4 and 5 points
    _as("little_three_dragons", points=4),
    _as("three_concealed_triplets", "Three Concealed Pungs"),
    _as("seven_pairs"),
    _as("buji_uper", "Double Ready"),
    # 8 points
    _as("little_four_winds", replaces=("seat_wind",)),
    _as("pure_one_suit", "Pure Hand", concealed_only=False),
    _as("big_three_dragons"),
    Yaku("all_terminals", "All Terminals", "청노두", 8, B, h.terminals_only,
         note="guide table: 'Hand made with only terminal suit tiles.'"),
    _as("four_concealed_triplets", "Four Concealed Pungs"),
    # 12 to 24 points
    _as("big_four_winds", replaces=("seat_wind", "little_four_winds")),
    _as("all_honors", replaces=("mixed_one_suit",)),
    _as("blessing_of_heaven", "Heavenly Hand"),
    _as("blessing_of_earth", "Earthly Hand"),
    _as("blessing_of_man"),
    _as("nine_gates"),
    # bonus (starred in the guide's table: they never count toward the minimum)
    _as("uper", "Ready"),
    _as("buller", "Open Ready"),
    _as("flower", "Flower Tile"),
    _as("all_flowers"),
    Yaku("premium_tile", "Premium Tile", "겐쇼", 1, X, h.premium_tile,
         note="guide table and its worked example: one point for each tile matching the winner"),
    _as("robbing_kong"),
    _as("win_on_kong", "Out with Replacement Tile"),
    _as("last_tile_draw"),
    _as("last_tile_draw_1p", "Moon at the Bottom of the Sea"),
    _as("win_on_kong_5p", "Plum Blossom on the Roof"),
)  # fmt: skip

GUIDE = Profile(
    name="guide",
    title="Korean mahjong beginner's guide",
    yaku=YAKU,
    options=(FLOWER_TILES, MULTIPLE_WINNERS),
    buller_self_draw_only=True,
)
