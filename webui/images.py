"""Checking a photo sent from a phone before anything decodes it.

The kind is judged by the file's first bytes, never by its name; the pixel count is read from the
header, so a small file that would unpack into a huge picture is refused before it is decoded.
Each refusal is an i18n key with the values its sentence needs.
"""

from __future__ import annotations

import struct

MAX_BYTES = 10 * 1024 * 1024
MAX_PIXELS = 50_000_000  # a 48-megapixel phone photo still fits
MAX_SIDE = 1600  # pictures are scaled down to this longest side before reading


class PictureError(Exception):
    def __init__(self, key: str, **values):
        super().__init__(key)
        self.key, self.values = key, values


def kind_of(data: bytes) -> str | None:
    if data[:3] == b"\xff\xd8\xff":
        return "jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return None


def _png_size(data: bytes) -> tuple[int, int] | None:
    if len(data) < 24 or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        (length,) = struct.unpack(">H", data[at + 2 : at + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return width, height
        at += 2 + length
    return None


def _webp_size(data: bytes) -> tuple[int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X" and len(data) >= 30:
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return width, height
    return None


def check(data: bytes) -> tuple[str, int, int]:
    """(kind, width, height) of an acceptable photo, or PictureError saying what is wrong."""
    if not data:
        raise PictureError("picture_empty")
    if len(data) > MAX_BYTES:
        raise PictureError("picture_too_big", mb=MAX_BYTES // (1024 * 1024))
    kind = kind_of(data)
    if kind is None:
        raise PictureError("picture_kind")
    size = {"jpeg": _jpeg_size, "png": _png_size, "webp": _webp_size}[kind](data)
    if size is None or min(size) < 1:
        raise PictureError("picture_damaged")
    width, height = size
    if width * height > MAX_PIXELS:
        raise PictureError("picture_too_many_pixels", mp=MAX_PIXELS // 1_000_000)
    return kind, width, height


def decode(data: bytes):
    """A checked photo as a BGR array no larger than MAX_SIDE, or PictureError."""
    import cv2
    import numpy as np

    check(data)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise PictureError("picture_damaged")
    return fit(image)


def fit(image):
    import cv2

    height, width = image.shape[:2]
    longest = max(height, width)
    if longest <= MAX_SIDE:
        return image
    scale = MAX_SIDE / longest
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)
