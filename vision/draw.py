"""`draw_reading(bgr, reading) -> bgr`: the picture with boxes, codes and groups drawn on it.

What a player checks at a glance: every tile's box and code (orange where the reader is unsure),
each hand's groups outlined in its seat's colour and named (hand, pung, kong, concealed kong,
flowers), and the winning tile marked `WIN`.
"""

from __future__ import annotations

import numpy as np

from engine.seats import Giver, Position
from vision.reading import Reading

SEAT_COLOURS = {  # BGR
    Position.BOTTOM: (60, 180, 60),
    Position.RIGHT: (200, 120, 30),
    Position.TOP: (40, 40, 220),
    Position.LEFT: (180, 60, 180),
}
TILE_COLOUR = (255, 255, 255)
UNSURE_COLOUR = (0, 140, 255)
ARROWS = {Giver.LEFT: "<", Giver.ACROSS: "^", Giver.RIGHT: ">"}


def draw_reading(bgr: np.ndarray, reading: Reading) -> np.ndarray:
    """A copy of the picture with the reading drawn on it."""
    import cv2

    canvas = bgr.copy()
    scale = max(0.4, min(canvas.shape[:2]) / 1200)
    thick = max(1, round(2 * scale))
    for tile in reading.tiles:
        x0, y0, x1, y1 = tile.box
        colour = UNSURE_COLOUR if tile.unsure else TILE_COLOUR
        cv2.rectangle(canvas, (x0, y0), (x1, y1), colour, thick)
        size = float(np.clip(min(x1 - x0, y1 - y0) / 70, 0.3, 0.7))
        _label(canvas, tile.code, (x0 + thick, y0 + thick), colour, size, inside=True)
    for hand in reading.hands:
        colour = SEAT_COLOURS.get(hand.position, (200, 200, 200))
        standing = tuple(i for i in hand.concealed if i != hand.win_tile)
        groups = [(f"{hand.position} hand", standing)]
        groups += [
            (f"{m.kind.replace('_', ' ')} {ARROWS.get(m.claimed_from or '', '')}", m.tiles)
            for m in hand.melds
        ]
        groups += [("flowers", hand.flowers)]
        if hand.win_tile is not None:
            groups.append(("WIN", (hand.win_tile,)))
        for name, indices in groups:
            if indices:
                _outline(canvas, reading, indices, hand.position, name.strip(), colour, scale)
    return canvas


def _outline(canvas, reading: Reading, indices, position, name, colour, scale: float):
    """A box around a group of tiles, named on its side towards the table's centre."""
    import cv2

    boxes = np.array([reading.tiles[i].box for i in indices])
    pad = max(3, int(5 * scale))
    x0, y0 = (boxes[:, :2].min(0) - pad).astype(int)
    x1, y1 = (boxes[:, 2:].max(0) + pad).astype(int)
    thick = max(2, round(3 * scale))
    cv2.rectangle(canvas, (x0, y0), (x1, y1), colour, thick)
    size = 0.55 * scale
    (w, h), _ = cv2.getTextSize(name, cv2.FONT_HERSHEY_SIMPLEX, size, 1)
    corner = {
        Position.BOTTOM: (x0, y0 - thick - 3),
        Position.TOP: (x0, y1 + h + thick + 3),
        Position.LEFT: (x1 + thick + 3, y0 + h),
        Position.RIGHT: (x0 - w - thick - 5, y0 + h),
    }.get(position, (x0, y1 + h + 3))
    _label(canvas, name, corner, colour, size)


def _label(canvas, text: str, corner, colour, size: float, inside: bool = False) -> None:
    """Text on a dark band, kept inside the picture; `corner` is its bottom-left (top-left when
    `inside`, for a label in a tile's corner)."""
    import cv2

    font = cv2.FONT_HERSHEY_SIMPLEX
    (w, h), base = cv2.getTextSize(text, font, size, 1)
    x, y = corner[0], corner[1] + (h if inside else 0)
    x = int(min(max(0, x), canvas.shape[1] - w - 2))
    y = int(min(max(h + 2, y), canvas.shape[0] - base - 1))
    cv2.rectangle(canvas, (x, y - h - 2), (x + w + 2, y + base), (20, 20, 20), -1)
    cv2.putText(canvas, text, (x + 1, y - 1), font, size, colour, 1, cv2.LINE_AA)
