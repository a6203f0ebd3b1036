"""Font styles of the renderer: CJK fonts for the characters, and tile fonts for whole faces.

`font-*` styles keep the drawn layout of `datasets.faces` but write numerals, 萬, winds, dragons
and flower names in an installed CJK font (Debian's fonts-noto-cjk, fonts-arphic-*, fonts-wqy-*,
fonts-lxgw-wenkai, fonts-hanazono). `glyph-*` styles take the whole face from the Unicode mahjong
block (U+1F000..U+1F02B) of a tile font and colour its parts the way real sets do. All need
Pillow; a style whose font file is missing is simply unavailable.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from datasets.drawing import Pen
from datasets.faces import paint_face, stroke_writer, vary_layout
from datasets.look import Look
from datasets.photos import shared_root

SYSTEM_FONTS = Path("/usr/share/fonts")

# name -> (path relative to /usr/share/fonts, face index in a collection)
CJK_FONTS = {
    "noto-sans": ("opentype/noto/NotoSansCJK-Bold.ttc", 3),
    "noto-serif": ("opentype/noto/NotoSerifCJK-Bold.ttc", 3),
    "ukai": ("truetype/arphic/ukai.ttc", 0),
    "uming": ("truetype/arphic/uming.ttc", 0),
    "wqy-zenhei": ("truetype/wqy/wqy-zenhei.ttc", 0),
    "wenkai": ("truetype/lxgw-wenkai/LXGWWenKai-Bold.ttf", 0),
    "hanazono": ("truetype/hanazono/HanaMinA.ttf", 0),
}

# name -> font file; the I.Mahjong fonts come from ../shared/tile-art.
TILE_FONTS = {
    "imahjong-jp": "tile-art/imahjong-fonts/I.MahjongJP.otf",
    "imahjong-hk": "tile-art/imahjong-fonts/I.MahjongHK.otf",
    "imahjong-tw": "tile-art/imahjong-fonts/I.MahjongTW.otf",
    "imahjong-can": "tile-art/imahjong-fonts/I.MahjongCAN.otf",
    "noto-symbols": "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf",
    "symbola": "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
    "freeserif": "/usr/share/fonts/truetype/freefont/FreeSerif.ttf",
    "hanazono": "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
}


def _unicode_tile(code: str) -> str:
    """The character of the Unicode mahjong block that shows `code`."""
    number, suit = int(code[0]), code[1]
    if suit == "z":
        return chr(0x1F000 + (0, 1, 2, 3, 6, 5, 4)[number - 1])
    if suit in "msp":
        return chr({"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}[suit] + number - 1)
    # flowers: plum, orchid, chrysanthemum, bamboo -> U+1F022 plum, 23 orchid, 24 bamboo, 25 chrys.
    return chr(0x1F022 + (0, 1, 3, 2, 4, 5, 6, 7)[number - 1])


def _has_pillow() -> bool:
    try:
        import PIL  # noqa: F401
    except ImportError:
        return False
    return True


@lru_cache(maxsize=64)
def _font(path: str, index: int, size: int):
    from PIL import ImageFont

    return ImageFont.truetype(path, size, index=index)


@lru_cache(maxsize=4096)
def ink_mask(path: str, index: int, char: str, size: int) -> np.ndarray | None:
    """The character drawn white on black, cropped to its ink; None when the font lacks it."""
    from PIL import Image, ImageDraw

    font = _font(path, index, size)
    image = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(image).text((size // 2, size // 2), char, font=font, fill=255)
    mask = np.asarray(image)
    ys, xs = np.nonzero(mask > 40)
    if len(xs) == 0:
        return None
    return mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].copy()


def blend(face: np.ndarray, mask: np.ndarray, colour, x: int, y: int) -> None:
    """Paint `colour` through `mask` (0..255) onto `face` with its top-left corner at (x, y)."""
    h, w = mask.shape
    fh, fw = face.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(fw, x + w), min(fh, y + h)
    if x1 <= x0 or y1 <= y0:
        return
    m = mask[y0 - y : y1 - y, x0 - x : x1 - x].astype(np.float32)[:, :, None] / 255.0
    region = face[y0:y1, x0:x1].astype(np.float32)
    face[y0:y1, x0:x1] = (region * (1 - m) + np.array(colour, np.float32) * m).astype(np.uint8)


class FontWriter:
    """Writes one character into a box of the face with a CJK font (a `faces.Writer`)."""

    def __init__(self, path: str, index: int):
        self.path, self.index = path, index

    def __call__(self, pen: Pen, char: str, box, colour, look: Look, rng) -> None:
        u0, v0, u1, v1 = box
        bw, bh = (u1 - u0) * pen.w, (v1 - v0) * pen.h
        size = max(8, int(round(bh / 8)) * 8)
        mask = ink_mask(self.path, self.index, char, size)
        if mask is None:
            return
        mh, mw = mask.shape
        scale = min(bw / mw, bh / mh)
        stretch = float(np.clip(rng.normal(1.0, 0.1), 0.8, 1.25))
        w = max(1, int(min(bw, mw * scale * stretch)))
        h = max(1, int(mh * scale))
        scaled = cv2.resize(mask, (w, h), interpolation=cv2.INTER_AREA)
        x = int(u0 * pen.w + (bw - w) / 2)
        y = int(v0 * pen.h + (bh - h) / 2)
        blend(pen.face, scaled, colour, x, y)


def _font_available(path: str) -> bool:
    """Whether a CJK font can write here: Pillow present and the font installed."""
    return _has_pillow() and Path(path).is_file()


def font_styles() -> list:
    from datasets.render import Style

    styles = []
    for name, (relative, index) in CJK_FONTS.items():
        path = str(SYSTEM_FONTS / relative)
        writer = FontWriter(path, index)

        def paint(face, code, look, rng, writer=writer) -> bool:
            paint_face(face, code, look, rng, write=writer)
            return True

        def available(path=path) -> bool:
            return _font_available(path)

        styles.append(Style(f"font-{name}", paint, available, dark_body=0.08))
    return styles


def varied_style():
    """The `varied` style: the procedural layout varied (`faces.vary_layout`), its characters
    written in strokes or in any CJK font this machine has, both drawn per set."""
    from datasets.render import Style

    writers = [stroke_writer]
    for relative, index in CJK_FONTS.values():
        if _font_available(path := str(SYSTEM_FONTS / relative)):
            writers.append(FontWriter(path, index))

    def paint(face, code, look, rng) -> bool:
        writer = writers[int(rng.integers(len(writers)))]
        paint_face(face, code, vary_layout(look, rng), rng, write=writer)
        return True

    return Style("varied", paint, dark_body=0.08, pooled=False)


def _tile_font_path(relative: str) -> Path:
    path = Path(relative)
    return path if path.is_absolute() else shared_root() / relative


@lru_cache(maxsize=2048)
def _glyph_face(path: str, char: str, size: int) -> np.ndarray | None:
    """A tile font's face for `char`: its ink inside the drawn tile frame, the frame removed."""
    mask = ink_mask(path, 0, char, size)
    if mask is None or min(mask.shape) < size // 4:
        return None
    binary = (mask > 100).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    h, w = mask.shape
    keep = np.zeros(count, bool)
    for k in range(1, count):
        x, y, bw, bh, _ = stats[k]
        touches = x <= 1 or y <= 1 or x + bw >= w - 1 or y + bh >= h - 1
        keep[k] = not touches
    face = np.where(keep[labels], mask, 0).astype(np.uint8)
    inset = max(2, int(0.06 * w))
    return face[inset : h - inset, inset : w - inset].copy()


def _colour_parts(face_mask: np.ndarray, code: str, look: Look, rng) -> list:
    """Split the face's ink into parts and give each a colour, as a set's printer would."""
    binary = (face_mask > 30).astype(np.uint8)
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(binary, connectivity=8)
    h, w = face_mask.shape
    number, suit = int(code[0]), code[1]
    bands = [look.green, look.red, look.blue]
    rng.shuffle(bands)
    parts = []
    for k in range(1, count):
        cx, cy = centroids[k]
        area = stats[k][4]
        if suit == "m":
            colour = look.numeral if cy < 0.42 * h else look.red
        elif suit == "p":
            colour = bands[min(2, int(3 * cy / h))]
            if area < 0.002 * h * w and rng.random() < 0.5:
                colour = look.red
        elif suit == "s":
            colour = look.green if number != 1 else bands[k % 3]
            if number in (5, 7, 9) and abs(cx - w / 2) < 0.12 * w and rng.random() < 0.7:
                colour = look.red
        elif suit == "z":
            colour = (look.wind, look.wind, look.wind, look.wind, look.blue, look.green, look.red)[
                number - 1
            ]
        else:
            corner = cy < 0.28 * h and (cx < 0.35 * w or cx > 0.65 * w)
            if corner:
                colour = look.red if (number > 4) != look.flower_colour_swap else look.blue
            else:
                colour = (look.green, look.red, look.blue)[int(rng.integers(3))]
        parts.append((labels == k, colour))
    return parts


def glyph_styles() -> list:
    from datasets.render import Style

    styles = []
    for name, relative in TILE_FONTS.items():

        def paint(face, code, look, rng, relative=relative) -> bool:
            char = _unicode_tile(code)
            size = max(32, int(round(face.shape[0] * 1.2 / 16)) * 16)
            glyph = _glyph_face(str(_tile_font_path(relative)), char, size)
            if glyph is None:
                return False
            fh, fw = face.shape[:2]
            scaled = cv2.resize(glyph, (fw, fh), interpolation=cv2.INTER_AREA)
            for part, colour in _colour_parts(scaled, code, look, rng):
                mask = np.where(part, scaled, 0).astype(np.uint8)
                blend(face, mask, colour, 0, 0)
            return True

        def available(relative=relative) -> bool:
            return _has_pillow() and _tile_font_path(relative).is_file()

        styles.append(Style(f"glyph-{name}", paint, available, dark_body=0.08))
    return styles
