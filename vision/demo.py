"""The demo table: four revealed hands drawn by our renderer, the camera when there is none.

`make run` on a machine without a camera shows this table (`vision.capture` source `demo`), so a
new player can try reading, fixing and scoring a hand at once. It is drawn with the renderer's
procedural style only, so it needs neither `../shared` nor Pillow.

The hands are complete and legal together (no fifth copy of a tile; the bottom one wins with two
dragon pungs, flowers and a concealed kong), and between them show every
part of the layout the reader expects (`docs/reading.md`): a claimed pung and kong with their
sideways tiles, an added kong, a concealed kong with two backs, flowers set aside in the line and
in front of it, and each winning tile a little apart. `DEMO_HANDS` is the truth the picture was
drawn from; `demo_requests()` gives it as score-request parts, for tests and for the panel.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from datasets.scene import Hand, Meld, Scene, draw_scene


def _tiles(text: str) -> tuple[str, ...]:
    """`234m9p` -> ('2m', '3m', '4m', '9p')."""
    out, digits = [], ""
    for char in text.replace(" ", ""):
        if char.isdigit():
            digits += char
        else:
            out += [d + char for d in digits]
            digits = ""
    return tuple(out)


DEMO_HANDS: dict[str, Hand] = {
    "bottom": Hand(
        concealed=_tiles("234m 9p"),
        win_tile="9p",
        melds=(
            Meld("pung", "7z", "left"),
            Meld("concealed_kong", "1m"),
            Meld("pung", "6z", "across"),
        ),
        flowers=_tiles("13f"),
    ),
    "right": Hand(
        concealed=_tiles("34m 678m 123p 44z"),
        win_tile="5m",
        melds=(Meld("kong", "2z", "across"),),
    ),
    "top": Hand(
        concealed=_tiles("222m 333p 888p 5z"),
        win_tile="5z",
        melds=(Meld("added_kong", "9m", "right"),),
    ),
    "left": Hand(
        concealed=_tiles("456p 789p 333z 1z"),
        win_tile="1z",
        melds=(Meld("pung", "1p", "right"),),
        flowers=_tiles("24f"),
        flowers_in_front=True,
    ),
}
# The look of the demo's tiles (colours, ink, light, stroke jitter) is drawn from this seed. The
# reader does not read every look of our procedural style right (its flowers and seasons, a 九
# taken for 八, a back for a White): of seeds 2020-2031, 2020, 2025 and 2030 read every tile. The
# demo shows one of those, so a new player's first reading is a right one.
DEMO_SEED = 2025
DEMO_TILE_HEIGHT = 56


@lru_cache(maxsize=1)
def demo_scene() -> Scene:
    """The demo table's picture and truth (drawn once, about a second; then cached)."""
    rng = np.random.default_rng(DEMO_SEED)
    return draw_scene(DEMO_HANDS, rng, style="procedural", tile_height=DEMO_TILE_HEIGHT)


def demo_requests() -> dict[str, dict]:
    """Each seat's hand as the hand/melds/flowers/win_tile part of a score request."""
    return {position: hand.request() for position, hand in DEMO_HANDS.items()}
