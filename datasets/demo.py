"""The demo table: a whole end-of-hand table drawn by our renderer, the camera when there is none.

`make run` on a machine without a camera shows this table (`vision.capture` source `demo`), so a
new player can try reading, fixing and scoring a hand at once. The picture ships with the package
(`vision/demo-table.png`, loaded by `vision.demo`), so the table needs no drawing code at run
time; `python -m datasets.demo` draws it again (a test checks the shipped one is the drawing).

It is a full table as `datasets.table.full_table` draws one: the bottom player has won and shows
the whole hand (two dragon pungs, a concealed kong, flowers, the winning tile), the other three
show their standing tiles from above with their own sets and flowers beside them (between them a
claimed kong, an added kong and a claimed pung, and flowers in front of a row), and discards,
walls, arms and the lamp's light lie around. It is drawn with the renderer's procedural style
only, so it needs neither `../shared` nor Pillow.

`DEMO_HANDS` is the truth of what each seat reveals (the bottom one's whole hand, the others' sets
and flowers); `demo_requests()` gives it as score-request parts, for tests and for the panel.
`demo_table(seed)` draws the same hands in the same style from any seed: the demo shows one seed,
which was not chosen for how well the reader reads it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from datasets.scene import Hand, Meld, Scene
from datasets.table import full_table
from engine import parse_tiles
from engine.analysis import SetKind
from engine.seats import Giver, Position

PUNG, KONG = SetKind.PUNG, SetKind.KONG

DEMO_HANDS: dict[Position, Hand] = {
    Position.BOTTOM: Hand(
        concealed=tuple(parse_tiles("234m 9p")),
        win_tile="9p",
        melds=(
            Meld(PUNG, "7z", Giver.LEFT),
            Meld(SetKind.CONCEALED_KONG, "1m"),
            Meld(PUNG, "6z", Giver.ACROSS),
        ),
        flowers=tuple(parse_tiles("13f")),
    ),
    Position.RIGHT: Hand((), None, melds=(Meld(KONG, "2z", Giver.ACROSS),)),
    Position.TOP: Hand((), None, melds=(Meld(SetKind.ADDED_KONG, "9m", Giver.RIGHT),)),
    Position.LEFT: Hand(
        (),
        None,
        melds=(Meld(PUNG, "1p", Giver.RIGHT),),
        flowers=tuple(parse_tiles("24f")),
        flowers_in_front=True,
    ),
}
DEMO_SEED = 2026
DEMO_STYLE = {
    "style": "procedural",
    "felt": "green",
    "lighting": "neutral",
    "winner": Position.BOTTOM,
    "framing": "table",
}


def demo_table(seed: int) -> Scene:
    """The demo hands on a whole table drawn from `seed` (camera height, turn, discards, walls)."""
    return full_table(np.random.default_rng(seed), hands=DEMO_HANDS, **DEMO_STYLE)


@lru_cache(maxsize=1)
def demo_scene() -> Scene:
    """The demo table's picture and truth (drawn once, then cached)."""
    return demo_table(DEMO_SEED)


def demo_requests() -> dict[str, dict]:
    """Each seat's revealed part as the hand/melds/flowers/win_tile part of a score request."""
    return {position: hand.request() for position, hand in DEMO_HANDS.items()}


def write_picture() -> Path:
    """Draw the demo table into the package's data, as a lossless PNG."""
    import cv2

    from vision.demo import PICTURE

    path = Path(str(PICTURE))
    cv2.imwrite(str(path), demo_scene().image, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    return path


if __name__ == "__main__":
    print(f"Wrote {write_picture()}.")
