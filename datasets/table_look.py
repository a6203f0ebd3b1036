"""How a whole table looks apart from its tiles: the felt and its wooden rim, arms, the lamp.

`datasets.table` draws the tiles; these give the surface under them, the arms of players
reaching over the table (never over a tile, so the truth stays whole), and the colour and
strength of the light over everything.
"""

from __future__ import annotations

import cv2
import numpy as np

FELTS = {  # BGR
    "green": (55, 115, 35),
    "blue": (120, 75, 25),
    "red": (40, 35, 130),
    "black": (32, 32, 34),
    "grey": (118, 118, 112),
}
RIMS = ((40, 70, 110), (25, 45, 75), (20, 20, 22), (150, 150, 150))  # wood, dark wood, black, grey
SKINS = ((120, 150, 200), (95, 125, 175), (70, 95, 140), (140, 170, 215))
SLEEVES = ((40, 40, 40), (140, 100, 60), (200, 200, 200), (60, 60, 150), (90, 120, 90))
# the lamp: its colour (BGR gains on the picture's values) and its strength (exposure, in linear
# light: 0.25 is two stops under, 0.5 one)
LIGHTS = {
    "warm-dim": ((0.72, 0.92, 1.12), (0.25, 0.5)),
    "warm-bright": ((0.72, 0.92, 1.12), (1.2, 1.5)),
    "cool-dim": ((1.12, 1.0, 0.85), (0.25, 0.5)),
    "cool-bright": ((1.12, 1.0, 0.85), (1.2, 1.5)),
    "neutral": ((1.0, 1.0, 1.0), (0.9, 1.1)),
}
GAMMA = 2.2  # of the picture's values, as sRGB is nearly


def felt_table(rng, size: tuple[int, int], table, colour) -> np.ndarray:
    """A canvas of `size` (width, height): felt over the table square, a rim, the floor beyond."""
    width, height = size
    x0, y0, x1, y1 = table
    rim = max(4, int((x1 - x0) * rng.uniform(0.02, 0.05)))
    floor = np.array(RIMS[int(rng.integers(len(RIMS)))], np.float32) * rng.uniform(0.5, 0.8)
    canvas = np.empty((height, width, 3), np.float32)
    canvas[:] = floor
    edge = np.array(RIMS[int(rng.integers(len(RIMS)))], np.float32) + rng.normal(0, 8, 3)
    margin = int(rim * 0.5)
    cv2.rectangle(
        canvas,
        (x0 - margin - rim, y0 - margin - rim),
        (x1 + margin + rim, y1 + margin + rim),
        edge.tolist(),
        -1,
    )
    felt = np.array(colour, np.float32) + rng.normal(0, 10, 3)
    cv2.rectangle(canvas, (x0 - margin, y0 - margin), (x1 + margin, y1 + margin), felt.tolist(), -1)
    grain = rng.normal(0, rng.uniform(3, 8), (height // 3 + 1, width // 3 + 1))  # the weave
    grain = cv2.resize(grain.astype(np.float32), (width, height))[:, :, None]
    fine = rng.normal(0, 2.5, (height, width, 1)).astype(np.float32)
    return np.clip(canvas + grain + fine, 0, 255).astype(np.uint8)


def add_arms(canvas, outlines, count: int, tile: float, rng) -> None:
    """Up to `count` arms reaching in from the picture's edges, with shadows, touching no tile."""
    height, width = canvas.shape[:2]
    small = 4  # arms are tried on a quarter-size map of where the tiles lie
    taken = np.zeros((height // small + 1, width // small + 1), np.uint8)
    for outline in outlines:
        cv2.fillConvexPoly(taken, np.round(outline / small).astype(np.int32), 1)
    for _ in range(count):
        for _ in range(6):
            arm = _arm(width, height, tile, rng)
            mask = np.zeros_like(taken)
            _draw_arm(mask, arm, 1, 1 / small)
            if not (mask & taken).any():
                _paint_arm(canvas, arm, rng)
                taken |= mask
                break


def _arm(width, height, tile, rng) -> dict:
    """An arm from a point on the picture's edge towards its middle: a forearm and a hand."""
    side = int(rng.integers(4))
    t = rng.uniform(0.1, 0.9)
    start = [
        (t * width, -tile),
        (width + tile, t * height),
        (t * width, height + tile),
        (-tile, t * height),
    ][side]
    aim = np.array([width / 2, height / 2]) + rng.normal(0, 0.2, 2) * (width, height)
    direction = aim - start
    direction /= np.linalg.norm(direction)
    reach = rng.uniform(2, 7) * tile
    return {
        "start": np.array(start),
        "end": np.array(start) + direction * reach,
        "thick": rng.uniform(1.4, 2.0) * tile,
        "hand": rng.uniform(1.0, 1.4) * tile,
    }


def _draw_arm(image, arm, colour, scale: float = 1.0) -> None:
    start = tuple(int(v) for v in arm["start"] * scale)
    end = tuple(int(v) for v in arm["end"] * scale)
    cv2.line(image, start, end, colour, max(1, int(arm["thick"] * scale)), cv2.LINE_AA)
    axes = (max(1, int(arm["hand"] * scale)), max(1, int(arm["hand"] * 0.8 * scale)))
    angle = float(np.degrees(np.arctan2(*(arm["end"] - arm["start"])[::-1])))
    cv2.ellipse(image, end, axes, angle, 0, 360, colour, -1, cv2.LINE_AA)


def _paint_arm(canvas, arm, rng) -> None:
    """The arm's soft shadow on the table, then the arm: a sleeve, then skin, lit from one side.

    Painted in a window around the arm only, which keeps a table fast to draw."""
    height, width = canvas.shape[:2]
    reach = arm["thick"] * 2.5 + arm["hand"]
    ends = np.array([arm["start"], arm["end"]])
    x0, y0 = np.clip(np.floor(ends.min(0) - reach), 0, (width, height)).astype(int)
    x1, y1 = np.clip(np.ceil(ends.max(0) + reach), 0, (width, height)).astype(int)
    if x1 <= x0 or y1 <= y0:
        return
    local = dict(arm, start=arm["start"] - (x0, y0), end=arm["end"] - (x0, y0))
    window = canvas[y0:y1, x0:x1]
    size = (x1 - x0, y1 - y0)
    mask = np.zeros(size[::-1], np.float32)
    _draw_arm(mask, local, 1.0)
    dx, dy = rng.uniform(0.3, 0.8, 2) * arm["thick"]
    shadow = cv2.warpAffine(mask, np.float32([[1, 0, dx], [0, 1, dy]]), size)
    shadow = cv2.GaussianBlur(shadow, (0, 0), arm["thick"] * 0.4) * rng.uniform(0.3, 0.55)
    out = window.astype(np.float32) * (1 - shadow[:, :, None])
    colour = np.zeros_like(out)
    colour[:] = SKINS[int(rng.integers(len(SKINS)))]
    sleeve = np.zeros_like(mask)
    cut = local["start"] + (local["end"] - local["start"]) * rng.uniform(0.2, 0.6)
    start = tuple(int(v) for v in local["start"])
    cv2.line(sleeve, start, tuple(int(v) for v in cut), 1.0, int(arm["thick"] * 1.15))
    colour[sleeve > 0] = SLEEVES[int(rng.integers(len(SLEEVES)))]
    shade = cv2.GaussianBlur(mask, (0, 0), arm["thick"] * 0.25)
    alpha = cv2.GaussianBlur(np.maximum(mask, sleeve), (0, 0), 1.2)[:, :, None]
    colour *= (0.75 + 0.35 * shade)[:, :, None]
    window[:] = np.clip(out * (1 - alpha) + colour * alpha, 0, 255).astype(np.uint8)


def light(image: np.ndarray, rng, name: str) -> np.ndarray:
    """The lamp: its colour and strength, falling off away from it, a shadow, the camera's noise."""
    gains, (low, high) = LIGHTS[name]
    exposure = rng.uniform(low, high)
    height, width = image.shape[:2]
    gx = np.linspace(-1, 1, width, dtype=np.float32)[None, :]
    gy = np.linspace(-1, 1, height, dtype=np.float32)[:, None]
    cx, cy = rng.uniform(-0.5, 0.5, 2)
    fall = 1.0 - rng.uniform(0.05, 0.25) * ((gx - cx) ** 2 + (gy - cy) ** 2)
    if rng.random() < 0.3:  # someone leaning over the table: a soft shadow across part of it
        edge = rng.uniform(0.3, 0.9)
        across = gx * rng.normal() + gy * rng.normal()
        fall = fall * (1 - np.clip((across - edge) * 2, 0, 1) * rng.uniform(0.2, 0.45))
    # the picture's values are gamma-encoded: light scaled by `exposure` scales them by its
    # 1/GAMMA power (scaling the values themselves by 0.25 would be over four stops under)
    out = image.astype(np.float32) * np.float32(gains) * np.float32(exposure ** (1 / GAMMA))
    out *= fall[:, :, None]
    noise = rng.uniform(1, 3) / min(exposure, 1.0)  # a dim room is a noisy picture
    out += rng.normal(0, noise, (height, width, 1)).astype(np.float32)
    return np.clip(out, 0, 255).astype(np.uint8)
