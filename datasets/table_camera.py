"""The camera over a whole table: how far it is, what it frames, how it is turned and tilted.

A high camera frames the whole table (tiles come out 25 to about 45 pixels long in a 1280 x 960
picture); a low one, or a phone held over the winner's side, frames that hand and whatever of the
rest fits around it (tiles up to about 70 pixels). Either way every tile's outline goes through
the same turn and tilt as the picture, so its box is recomputed exactly; a tile the frame cuts
keeps the box of its visible part and says how much of it shows.
"""

from __future__ import annotations

import cv2
import numpy as np

from datasets.scene import SceneTile
from engine.seats import Position

MARGIN = 0.08  # the least room around the winner's hand when the camera frames it, per side
LOW_DISTANCE = 1.2  # a low camera's distance from the middle of the table, in picture heights


def shoot(canvas, placed: list[dict], size, angle: float, rng, focus=None, tilt=None):
    """The picture, its tiles and the scale from the canvas to it.

    `focus` is None for the whole table, or (position, box) of the winner's hand to frame;
    `tilt`, how much narrower the far edge is (`_turn_and_tilt`).
    """
    width, height = size
    ch, cw = canvas.shape[:2]
    scale, origin = width / cw, (0.0, 0.0)  # the canvas holds the table at the picture's shape
    if focus is not None:
        scale, origin = _frame(focus, scale, (cw, ch), size)
    if scale < 1:
        canvas = cv2.resize(
            canvas, (round(cw * scale), round(ch * scale)), interpolation=cv2.INTER_AREA
        )
    shrink = np.float32([canvas.shape[1] / cw, canvas.shape[0] / ch])
    matrix = _turn_and_tilt(size, angle, rng, tilt) @ np.array(
        [[1, 0, -origin[0]], [0, 1, -origin[1]], [0, 0, 1]], np.float64
    )
    # beyond the canvas, the floor at its edge carries on: a mirrored border would show the tiles
    # near the edge a second time, where the truth has none (a table turned 45 degrees showed a
    # hand's row twice, and every copied tile counted as a false find)
    image = cv2.warpPerspective(canvas, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE)
    picture = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    tiles = []
    for p in placed:
        corners = cv2.perspectiveTransform((p["corners"] * shrink)[None], matrix)[0]
        box, visible = _visible(corners, picture, width, height)
        visible = round(visible * (1 - p.get("covered", 0.0)), 3)  # under tiles tossed on it
        if visible < 0.02:
            continue  # out of the frame
        tiles.append(
            SceneTile(
                p["code"],
                box,
                p["rotation"],
                p["position"],
                p["role"],
                p["group"],
                tuple((float(x), float(y)) for x, y in corners),
                round((p["angle"] + angle) % 360, 2),
                p["level"],
                visible,
            )
        )
    return image, tuple(tiles), float(shrink[0])


def _frame(focus, whole: float, canvas_size, size):
    """Scale and top-left corner (in the scaled canvas) of a frame around the winner's hand."""
    position, (x0, y0, x1, y1) = focus
    width, height = size
    fit = min(width * (1 - 2 * MARGIN) / (x1 - x0), height * (1 - 2 * MARGIN) / (y1 - y0))
    scale = min(1.0, max(whole, fit))  # never smaller than the whole table's picture
    ox = (x0 + x1) / 2 * scale - width / 2
    oy = (y0 + y1) / 2 * scale - height / 2
    if position == Position.BOTTOM:
        oy = y1 * scale + MARGIN * height - height
    elif position == Position.TOP:
        oy = y0 * scale - MARGIN * height
    elif position == Position.LEFT:
        ox = x0 * scale - MARGIN * width
    else:
        ox = x1 * scale + MARGIN * width - width
    cw, ch = canvas_size
    ox = float(np.clip(ox, 0, max(0.0, cw * scale - width)))
    oy = float(np.clip(oy, 0, max(0.0, ch * scale - height)))
    return scale, (ox, oy)


def _turn_and_tilt(size, angle: float, rng, tilt: float | None = None) -> np.ndarray:
    """The picture turned `angle` degrees about its centre, its far edge a little shorter (by a
    drawn share of the width at each end, up to 0.04, the top or the bottom edge); or, given
    `tilt`, seen by a low camera (`_low_camera`) and then turned. The draws are made either way,
    so a seed gives the same table with or without `tilt`."""
    width, height = size
    a = np.radians(angle)
    centre = np.float32([width / 2, height / 2])
    rect = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    turn = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], np.float32)
    seen = rect if tilt is None else _low_camera(width, height, tilt)
    moved = (seen - centre) @ turn.T + centre
    drawn = rng.uniform(0, 0.04)
    edge = [0, 1] if rng.random() < 0.5 else [3, 2]
    if tilt is None:
        moved[edge[0], 0] += drawn * width
        moved[edge[1], 0] -= drawn * width
    return cv2.getPerspectiveTransform(rect, moved.astype(np.float32)).astype(np.float64)


def _low_camera(width: int, height: int, tilt: float) -> np.ndarray:
    """Where a pinhole camera low at the near (bottom) side, looking across the table, sees the
    corners of the picture drawn from overhead: the far edge 1 - 2 * `tilt` as wide as the near
    one, which spans the picture's width along its bottom. The camera stands LOW_DISTANCE
    picture heights from the middle; the steeper it looks, the more every tile is squashed
    along the line of sight, the far ones most (the near edge keeps its width, never its
    height)."""
    ratio = 1 - 2 * tilt
    half = height / 2
    distance = LOW_DISTANCE * height
    sin = min(1.0, distance * (1 - ratio) / (half * (1 + ratio)))
    cos = float(np.sqrt(1 - sin * sin))
    near = distance - half * sin  # the near edge's depth: its width is kept
    corners = []
    for x, y in ((0, 0), (width, 0), (width, height), (0, height)):
        across, ahead = x - width / 2, half - y  # ahead: towards the far edge
        depth = distance + ahead * sin
        corners.append((width / 2 + across * near / depth, -ahead * cos * near / depth))
    points = np.float32(corners)
    points[:, 1] += height - points[3, 1]  # the near edge along the picture's bottom
    return points


def _visible(corners: np.ndarray, picture: np.ndarray, width: int, height: int):
    """The box of a tile's part inside the picture, and how much of the tile that is."""
    (x0, y0), (x1, y1) = corners.min(0), corners.max(0)
    if x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height:
        return (float(x0), float(y0), float(x1), float(y1)), 1.0
    area, part = cv2.intersectConvexConvex(corners.astype(np.float32), picture)
    if area <= 0 or part is None:
        return (0.0, 0.0, 0.0, 0.0), 0.0
    part = np.clip(part.reshape(-1, 2), 0, (width, height))
    (x0, y0), (x1, y1) = part.min(0), part.max(0)
    whole = cv2.contourArea(corners.astype(np.float32))
    return (float(x0), float(y0), float(x1), float(y1)), round(float(area / whole), 3)
