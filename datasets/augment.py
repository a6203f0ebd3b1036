"""Augmentation: a rendered tile as a camera sees it on a table, and the crop a reader would cut.

- `place_tile`: puts the tile (and neighbours touching it, as in a row) on felt or wood, turns it
  to one of the four seats' orientations plus a small angle, tilts it in perspective, and says
  where its axis-aligned box is and how far its face turned.
- `camera_effects`: light colour and fall-off, glare, shadow, blur, noise and JPEG loss; works on
  any BGR image, whole scenes included.
- `augment_crop`: both, then the crop around the tile with a box as loose or tight as a detector's.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

TABLES = (
    (60, 120, 40),  # green felt
    (40, 90, 20),
    (110, 80, 30),  # blue felt
    (50, 50, 50),  # dark cloth
    (80, 120, 160),  # wood
    (150, 160, 170),  # grey board
    (200, 200, 205),  # white table
    (30, 60, 110),  # brown wood
)


@dataclass(frozen=True)
class View:
    """A picture with one tile in it: where the tile is and how its face is turned."""

    image: np.ndarray  # BGR
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 around the tile
    rotation: int  # clockwise quarter turns of the face, in degrees: 0, 90, 180 or 270


def _as_bgra(tile: np.ndarray) -> np.ndarray:
    if tile.ndim == 3 and tile.shape[2] == 4:
        return tile
    alpha = np.full(tile.shape[:2] + (1,), 255, np.uint8)
    return np.dstack([tile, alpha])


def table_background(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A felt, cloth or wood surface with some texture."""
    colour = np.array(TABLES[int(rng.integers(len(TABLES)))], np.float32)
    colour += rng.normal(0, 12, 3)
    noise = rng.normal(0, rng.uniform(2, 10), (h // 2 + 1, w // 2 + 1, 1)).astype(np.float32)
    noise = cv2.resize(noise, (w, h))[:, :, None]
    if rng.random() < 0.3:  # wood grain or the weave of felt
        stripes = np.sin(np.linspace(0, rng.uniform(10, 60), w, dtype=np.float32))[None, :, None]
        noise = noise + stripes * rng.uniform(2, 8)
    return np.clip(colour + noise, 0, 255).astype(np.uint8)


def _composite(canvas: np.ndarray, tile: np.ndarray, x: int, y: int) -> None:
    h, w = tile.shape[:2]
    ch, cw = canvas.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(cw, x + w), min(ch, y + h)
    if x1 <= x0 or y1 <= y0:
        return
    part = tile[y0 - y : y1 - y, x0 - x : x1 - x].astype(np.float32)
    alpha = part[:, :, 3:4] / 255.0
    region = canvas[y0:y1, x0:x1].astype(np.float32)
    canvas[y0:y1, x0:x1] = (region * (1 - alpha) + part[:, :, :3] * alpha).astype(np.uint8)


def _shadow(canvas: np.ndarray, tile: np.ndarray, x: int, y: int, rng) -> None:
    alpha = tile[:, :, 3].astype(np.float32) / 255.0
    dx, dy = rng.integers(-3, 6, 2)
    blur = max(1, int(tile.shape[0] * 0.06)) * 2 + 1
    strength = rng.uniform(0.2, 0.5)
    shade = np.zeros(canvas.shape[:2], np.float32)
    h, w = alpha.shape
    x0, y0 = x + dx, y + dy
    cx0, cy0 = max(0, x0), max(0, y0)
    cx1, cy1 = min(canvas.shape[1], x0 + w), min(canvas.shape[0], y0 + h)
    if cx1 > cx0 and cy1 > cy0:
        shade[cy0:cy1, cx0:cx1] = alpha[cy0 - y0 : cy1 - y0, cx0 - x0 : cx1 - x0]
    shade = cv2.GaussianBlur(shade, (blur, blur), 0) * strength
    canvas[:] = (canvas * (1 - shade[:, :, None])).astype(np.uint8)


def place_tile(
    tile: np.ndarray,
    rng: np.random.Generator,
    rotation: int | None = None,
    neighbours: list[np.ndarray] | tuple = (),
    tile_height: int | None = None,
    max_angle: float = 45.0,
) -> View:
    """Put `tile` (BGR or BGRA, upright) on a table, turned `rotation` degrees clockwise."""
    tile = _as_bgra(tile)
    height = tile_height or int(rng.integers(28, 120))
    scale = height / tile.shape[0]
    tile = cv2.resize(tile, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    h, w = tile.shape[:2]
    size = int(max(h, w) * 3)
    canvas = table_background(rng, size, size)
    x, y = (size - w) // 2, (size - h) // 2
    gap = int(rng.integers(0, max(2, w // 12)))
    row = [(tile, x, y)]
    for side, other in zip((-1, 1), neighbours, strict=False):
        other = _as_bgra(cv2.resize(other, (w, h), interpolation=cv2.INTER_AREA))
        row.append((other, x + side * (w + gap), y + int(rng.integers(-2, 3))))
    for image, px, py in row:
        _shadow(canvas, image, px, py, rng)
    for image, px, py in row:
        _composite(canvas, image, px, py)

    quarter = int(rng.integers(4)) if rotation is None else (rotation // 90) % 4
    tilted = rng.random() < 0.15  # most tiles lie square to the row; a few are turned a lot
    angle = rng.uniform(-max_angle, max_angle) if tilted else rng.normal(0, 4)
    corners = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)
    centre = np.array([size / 2, size / 2], np.float32)
    turn = np.radians(quarter * 90 + angle)  # clockwise on screen (y points down)
    rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]], np.float32)
    moved = (corners - centre) @ rot.T + centre
    tilt = rng.normal(0, 0.06, (4, 2)).astype(np.float32) * max(h, w)
    moved = moved + tilt
    matrix = cv2.getPerspectiveTransform(corners, moved)
    warped = cv2.warpPerspective(canvas, matrix, (size, size), borderMode=cv2.BORDER_REFLECT)
    x0, y0 = moved.min(0)
    x1, y1 = moved.max(0)
    turned = int(round((quarter * 90 + angle) / 90)) % 4 * 90
    return View(warped, (float(x0), float(y0), float(x1), float(y1)), turned)


def camera_effects(image: np.ndarray, rng: np.random.Generator, strength: float = 1.0):
    """What a phone or webcam does to a picture: light, glare, shadow, blur, noise, JPEG loss."""
    h, w = image.shape[:2]
    out = image.astype(np.float32)
    gains = rng.normal(1.0, 0.08 * strength, 3).astype(np.float32)  # colour of the light
    out *= gains * rng.uniform(1 - 0.35 * strength, 1 + 0.25 * strength)
    gx = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
    gy = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
    a, b = rng.normal(0, 0.15 * strength, 2)
    out *= (1 + a * gx + b * gy)[:, :, None]  # light falling off across the table
    if rng.random() < 0.3 * strength:  # glare from a lamp on the glossy faces
        glare = np.zeros((h, w), np.float32)
        centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        axes = (int(rng.uniform(0.1, 0.5) * w), int(rng.uniform(0.05, 0.3) * h))
        cv2.ellipse(glare, centre, axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
        k = max(3, int(min(h, w) * 0.15) | 1)
        glare = cv2.GaussianBlur(glare, (k, k), 0)
        out += glare[:, :, None] * rng.uniform(40, 160) * strength
    if rng.random() < 0.2 * strength:  # a hand's or the lamp's shadow
        edge = rng.uniform(-1, 1)
        mask = np.clip((gx * rng.normal() + gy * rng.normal() - edge) * 3, 0, 1)
        out *= (1 - mask * rng.uniform(0.2, 0.5))[:, :, None]
    gamma = rng.uniform(0.8, 1.25)
    out = 255.0 * (np.clip(out, 0, 255) / 255.0) ** gamma
    sigma = rng.uniform(0, 0.5 * strength) * min(h, w) / 100
    if rng.random() < 0.1 * strength:  # out of focus
        sigma *= 3
    if sigma > 0.3:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    elif rng.random() < 0.1 * strength:  # motion blur: the phone moved
        k = int(rng.integers(3, 7))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1.0 / k
        out = cv2.filter2D(out, -1, kernel)
    out += rng.normal(0, rng.uniform(0, 7 * strength), out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        quality = int(rng.integers(30, 96))
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if ok:
            out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


def jitter_box(box, rng: np.random.Generator, amount: float = 0.08):
    """A box as a detector might draw it: each side moved by up to `amount` of the size."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    dx0, dx1 = rng.uniform(-amount, amount, 2) * w
    dy0, dy1 = rng.uniform(-amount, amount, 2) * h
    return (x0 + dx0, y0 + dy0, x1 + dx1, y1 + dy1)


def augment_crop(
    tile: np.ndarray,
    rng: np.random.Generator,
    rotation: int | None = None,
    neighbours: list[np.ndarray] | tuple = (),
) -> tuple[np.ndarray, int]:
    """A camera's crop of `tile`: (BGR crop, clockwise rotation of the face in degrees)."""
    from vision.crops import crop_box

    view = place_tile(tile, rng, rotation, neighbours)
    image = camera_effects(view.image, rng)
    return crop_box(image, jitter_box(view.box, rng)), view.rotation
