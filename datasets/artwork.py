"""Artwork styles of the renderer: the public-domain tile faces in `../shared/tile-art`.

- `art-hongkong`: Hong Kong style faces in colour, flowers and seasons included (CC0).
- `art-riichi`: Japanese (riichi) faces, `Regular` on light bodies and `Black` on dark ones, with
  the red fives now and then (CC0). It has no flowers; those fall back to the drawn layout.

Only OpenCV is needed to read the PNG files; without `../shared` the styles are unavailable.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from datasets.photos import shared_root

HONG_KONG = (
    ["5z", "6z", "7z", "1z", "2z", "3z", "4z"]
    + [f"{n}m" for n in range(1, 10)]
    + [f"{n}p" for n in range(1, 10)]
    + [f"{n}s" for n in range(1, 10)]
    + ["5f", "6f", "7f", "8f", "1f", "2f", "3f", "4f"]
)
RIICHI_HONOURS = {
    "1z": "Ton",
    "2z": "Nan",
    "3z": "Shaa",
    "4z": "Pei",
    "5z": "Haku",
    "6z": "Hatsu",
    "7z": "Chun",
}
RIICHI_SUITS = {"m": "Man", "p": "Pin", "s": "Sou"}


def art_root() -> Path:
    return shared_root() / "tile-art"


def hong_kong_file(code: str) -> Path | None:
    if code not in HONG_KONG:
        return None
    folder = art_root() / "hongkong-cc0" / "png"
    index = HONG_KONG.index(code) + 1
    matches = sorted(folder.glob(f"{index:02d}-*.png"))
    return matches[0] if matches else None


def riichi_file(code: str, dark: bool, red_five: bool) -> Path | None:
    folder = art_root() / "riichi-cc0" / "png" / ("Black" if dark else "Regular")
    if code in RIICHI_HONOURS:
        return folder / f"{RIICHI_HONOURS[code]}.png"
    number, suit = code[0], code[1]
    if suit not in RIICHI_SUITS:
        return None
    name = f"{RIICHI_SUITS[suit]}{number}{'-Dora' if red_five and number == '5' else ''}.png"
    return folder / name


@lru_cache(maxsize=128)
def _master(path: str) -> np.ndarray | None:
    """The artwork read once and brought down to a size that is quick to resize from."""
    image = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    if image is None or image.ndim != 3 or image.shape[2] != 4:
        return None
    scale = min(1.0, 400 / image.shape[0])
    return cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)


@lru_cache(maxsize=512)
def _art(path: str, width: int, height: int) -> np.ndarray | None:
    master = _master(path)
    if master is None:
        return None
    return cv2.resize(master, (width, height), interpolation=cv2.INTER_AREA)


def paste_art(face: np.ndarray, path: Path, rng, margin: float) -> bool:
    """Composite the artwork's BGRA face onto `face`, inset by `margin` of the width."""
    fh, fw = face.shape[:2]
    inset_x = int(margin * fw)
    inset_y = int(margin * fw * 0.8)
    w, h = fw - 2 * inset_x, fh - 2 * inset_y
    if w < 4 or h < 4:
        return False
    art = _art(str(path), w, h)
    if art is None:
        return False
    colour = art[:, :, :3].astype(np.float32)
    colour *= rng.uniform(0.85, 1.1, 3).astype(np.float32)  # a printer's ink varies
    alpha = art[:, :, 3:4].astype(np.float32) / 255.0
    region = face[inset_y : inset_y + h, inset_x : inset_x + w].astype(np.float32)
    mixed = region * (1 - alpha) + np.clip(colour, 0, 255) * alpha
    face[inset_y : inset_y + h, inset_x : inset_x + w] = mixed.astype(np.uint8)
    return True


def art_styles() -> list:
    from datasets.render import Style

    def hong_kong(face, code, look, rng) -> bool:
        path = hong_kong_file(code)
        return path is not None and paste_art(face, path, rng, rng.uniform(0.0, 0.08))

    def riichi(face, code, look, rng) -> bool:
        dark = sum(look.body) < 300
        path = riichi_file(code, dark, red_five=rng.random() < 0.25)
        return path is not None and paste_art(face, path, rng, rng.uniform(0.0, 0.08))

    def present(folder: str):
        return lambda: (art_root() / folder).is_dir()

    return [
        Style("art-hongkong", hong_kong, present("hongkong-cc0")),
        Style(
            "art-riichi",
            riichi,
            present("riichi-cc0"),
            dark_body=0.5,
            draws=lambda code: not code.endswith("f"),
        ),
    ]
