"""The `standard` profile: the 26 basic and 12 bonus hands of the Korean 2-Point standard rules.

Source: Korean 2-Point Mahjong, chapter 10 (10.1 basic hands, 10.2 bonus hands), read as
RULINGS.md says. Rows are listed basic first, then bonus; an answer lists its hands in this order.
"""

from __future__ import annotations

from engine.rules import hands as h
from engine.rules.base import Change, Kind, Option, Profile, Yaku
from engine.tiles import DRAGONS, WINDS

B, X = Kind.BASIC, Kind.BONUS

YAKU: tuple[Yaku, ...] = (
    # 10.1, 1 point
    Yaku("dragon_pung", "Dragon Pung", "삼원패", 1, B, h.dragon_pung,
         note="10.1 1-point 1; RULINGS 3: one point for each dragon pung or kong"),
    Yaku("prevalent_wind", "Prevalent Wind", "장풍패", 1, B, h.prevalent_wind,
         note="10.1 1-point 2"),
    Yaku("seat_wind", "Seat Wind", "자풍패", 1, B, h.seat_wind, note="10.1 1-point 3"),
    Yaku("concealed", "Concealed Hand", "문전", 1, B, h.always, concealed_only=True,
         note="3.1, 10.1 1-point 4; RULINGS 2"),
    Yaku("concealed_self_draw", "Concealed Self-Draw", "문전 쯔모", 1, B, h.self_drawn,
         concealed_only=True, note="3.1, 10.1 1-point 5; RULINGS 2"),
    Yaku("all_simples", "All Simples", "단요", 1, B, h.all_simples, note="10.1 1-point 6"),
    Yaku("all_sequences", "All Sequences", "평화", 1, B, h.all_sequences, concealed_only=True,
         note="10.1 1-point 7; RULINGS 5"),
    # 10.1, 2 points
    Yaku("double_wind", "Double Wind", "연풍패", 2, B, h.double_wind,
         replaces=("prevalent_wind", "seat_wind"), note="10.1 2-point 1; RULINGS 3"),
    Yaku("mixed_one_suit", "Mixed One-Suit", "혼일색", 2, B, h.one_suit_with_honours,
         note="10.1 2-point 2; RULINGS 6"),
    Yaku("all_triplets", "All Triplets", "대대화", 2, B, h.all_triplets, note="10.1 2-point 3"),
    Yaku("pure_straight", "Pure Straight", "일기통관", 2, B, h.pure_straight,
         note="10.1 2-point 4"),
    # 10.1, 4 and 5 points
    Yaku("seven_pairs", "Seven Pairs", "칠대자", 4, B, h.seven_pairs, concealed_only=True,
         note="10.1 4-point 1; RULINGS 7"),
    Yaku("three_concealed_triplets", "Three Concealed Triplets", "삼암각", 4, B,
         h.three_concealed_triplets, note="10.1 4-point 2; RULINGS 8"),
    Yaku("buji_uper", "Buji Uper", "부지 엎어", 5, B, h.buji_uper, concealed_only=True,
         replaces=("uper",), note="10.1 5-point 1; RULINGS 11"),
    # 10.1, 6 and 8 points
    Yaku("little_three_dragons", "Little Three Dragons", "소삼원", 6, B, h.little_three_dragons,
         replaces=("dragon_pung",), note="10.1 6-point 1; RULINGS 4"),
    Yaku("pure_one_suit", "Pure One-Suit", "청일색", 8, B, h.one_suit, concealed_only=True,
         replaces=("mixed_one_suit",), note="10.1 8-point 1; RULINGS 6"),
    Yaku("big_three_dragons", "Big Three Dragons", "대삼원", 8, B, h.big_three_dragons,
         replaces=("dragon_pung", "little_three_dragons"), liable_for=DRAGONS,
         note="10.1 8-point 2; RULINGS 4"),
    Yaku("four_concealed_triplets", "Four Concealed Triplets", "사암각", 8, B,
         h.four_concealed_triplets, concealed_only=True, replaces=("three_concealed_triplets",),
         note="10.1 8-point 3; RULINGS 8"),
    Yaku("all_terminals_and_honors", "All Terminals and Honours", "혼노두", 8, B,
         h.terminals_and_honours, note="10.1 8-point 4"),
    Yaku("little_four_winds", "Little Four Winds", "소사희", 8, B, h.little_four_winds,
         replaces=("prevalent_wind", "seat_wind", "double_wind"), note="10.1 8-point 5; RULINGS 4"),
    # 10.1, 12 to 24 points
    Yaku("big_four_winds", "Big Four Winds", "대사희", 12, B, h.big_four_winds,
         replaces=("prevalent_wind", "seat_wind", "double_wind", "little_four_winds"),
         liable_for=WINDS, note="10.1 12-point 1; RULINGS 4"),
    Yaku("all_honors", "All Honours", "자일색", 12, B, h.honours_only,
         replaces=("mixed_one_suit", "all_terminals_and_honors"),
         note="10.1 12-point 2; RULINGS 6"),
    Yaku("blessing_of_heaven", "Blessing of Heaven", "천화", 16, B, h.blessing_of_heaven,
         note="10.1 16-point 1; RULINGS 10"),
    Yaku("blessing_of_earth", "Blessing of Earth", "지화", 16, B, h.blessing_of_earth,
         note="10.1 16-point 2; RULINGS 10"),
    Yaku("blessing_of_man", "Blessing of Man", "인화", 16, B, h.blessing_of_man,
         concealed_only=True,          note="10.1 16-point 3; RULINGS 10"),
    Yaku("nine_gates", "Nine Gates", "구련보등", 24, B, h.nine_gates, concealed_only=True,
         note="10.1 24-point 1; RULINGS 9"),
    # 10.2 bonus hands
    Yaku("uper", "Uper", "엎어", 1, X, h.uper, concealed_only=True, note="10.2 1-point 1"),
    Yaku("buller", "Buller", "불러", 2, X, h.buller, concealed_only=True,
         note="10.2 2-point 1; RULINGS 11"),
    Yaku("flower", "Flower", "꽃패", 1, X, h.flower, note="10.2 1-point 3; RULINGS 13"),
    Yaku("all_flowers", "All Flowers", "화만관", 8, X, h.all_flowers, replaces=("flower",),
         note="10.2 8-point 1; RULINGS 13"),
    Yaku("genshow", "Genshow", "겐쇼", 1, X, h.genshow, note="10.2 1-point 2; RULINGS 12"),
    Yaku("robbing_kong", "Robbing the Kong", "창깡", 5, X, h.robbing_kong,
         note="10.2 5-point 1; RULINGS 14"),
    Yaku("win_on_kong", "Win on Kong", "깡올라", 5, X, h.win_on_kong,
         note="3.2.2, 10.2 5-point 2; RULINGS 14"),
    Yaku("last_tile_draw", "Last Tile Draw", "라스트 올라", 5, X, h.last_tile_draw,
         note="10.2 5-point 3; RULINGS 14"),
    Yaku("last_tile_claim", "Last Tile Claim", "라스트 쏘아", 5, X, h.last_tile_claim,
         note="10.2 5-point 4; RULINGS 14"),
    Yaku("last_tile_draw_1p", "Last Tile Draw of 1 Dot", "라스트 1통 올라", 8, X,
         h.last_tile_draw_1p, replaces=("last_tile_draw",),
         note="10.2 8-point 2 (optional); RULINGS 14"),
    Yaku("win_on_kong_5p", "Win on Kong of 5 Dots", "5통 깡올라", 8, X, h.win_on_kong_5p,
         replaces=("win_on_kong",), note="10.2 8-point 4 (optional); RULINGS 14"),
    Yaku("last_tile_claim_1p", "Last Tile Claim of 1 Dot", "라스트 1통 쏘아", 8, X,
         h.last_tile_claim_1p, replaces=("last_tile_claim",),
         note="10.2 8-point 3 (optional); RULINGS 14"),
)  # fmt: skip

FLOWER_TILES = Option(
    "flower_tiles",
    ("flowers", "seasons"),
    "flowers",
    "which four tiles the table uses as flowers: 1f-4f (flowers) or 5f-8f (seasons); RULINGS 1",
    {"seasons": Change(flower_tiles="seasons")},
)
MULTIPLE_WINNERS = Option(
    "multiple_winners",
    (False, True),
    False,
    "when several players win on one discard, each collects (else only the first in turn "
    "order after the discarder); RULINGS 17, chapter 8.1",
    {True: Change(payments={"each_winner_collects": True})},
)
PIN_SPECIALS = Option(
    "pin_specials",
    (False, True),
    False,
    "the optional 8-point hands of 10.2: last tile of 1 dot, win on kong of 5 dots",
    {True: Change(on=("last_tile_draw_1p", "win_on_kong_5p", "last_tile_claim_1p"))},
)

STANDARD = Profile(
    name="standard",
    title="Korean 2-Point standard rules",
    yaku=YAKU,
    options=(PIN_SPECIALS, FLOWER_TILES, MULTIPLE_WINNERS),
)
