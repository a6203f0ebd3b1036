"""Tile codes as the classifier and the data code name them (CONTRACT section 1).

`CLASS_CODES` is the order of the classifier's outputs; the model's metadata carries the same list,
so run-time code reads it from there. `ROBOFLOW_CODES` maps the photo dataset's class indices.
"""

from __future__ import annotations

from engine import tiles as _engine
from engine.tiles import HONOUR_NAMES, SUIT_NAMES, TILE_CODES

SUITED = TILE_CODES[_engine.MAN : _engine.HONOURS]
HONOURS = TILE_CODES[_engine.HONOURS : _engine.KINDS]
FLOWERS = tuple(TILE_CODES[i] for i in _engine.FLOWERS)  # plum, orchid, chrysanthemum, bamboo
SEASONS = tuple(TILE_CODES[i] for i in _engine.SEASONS)  # spring, summer, autumn, winter
BACK = TILE_CODES[_engine.BACK]

# The classifier names every tile code of the engine, in the engine's order.
CLASS_CODES: tuple[str, ...] = TILE_CODES

# Class index of the Roboflow "Chinese Mahjong Detection" v4 export -> our tile code.
ROBOFLOW_CODES: tuple[str, ...] = (
    "5f", "1m", "1p", "1s", "1z", "6f", "2m", "2p", "2s", "2z",
    "7f", "3m", "3p", "3s", "3z", "8f", "4m", "4p", "4s", "4z",
    "1f", "5m", "5p", "5s", "5z", "2f", "6m", "6p", "6s", "6z",
    "3f", "7m", "7p", "7s", "7z", "4f", "8m", "8p", "8s", "9m",
    "9p", "9s",
)  # fmt: skip

FLOWER_NAMES = (
    "plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn", "winter",
)  # fmt: skip


def describe(code: str) -> str:
    """A tile's name in words, for figures and messages: `3m` -> `3 characters`."""
    if code == BACK:
        return "face-down tile"
    number, suit = int(code[0]), code[1]
    if suit in _engine.SUITS:
        return f"{number} {SUIT_NAMES[suit]}"
    if suit == "z":
        return HONOUR_NAMES[number - 1]
    kind = "flower" if number <= 4 else "season"
    return f"{FLOWER_NAMES[number - 1]} ({kind})"


def is_flower(code: str) -> bool:
    """Flowers and seasons (`1f`..`8f`), the tiles laid aside."""
    return code.endswith("f")
