"""Checking a photo sent from a phone before anything decodes it.

The kind is judged by the file's first bytes, never by its name; the pixel count is read from the
header (`vision.pictures`), so a small file that would unpack into a huge picture is refused
before it is decoded.
Each refusal is a `Refusal`: a code of the panel's catalog with the values its sentence needs.
"""

from __future__ import annotations

from vision.pictures import MAX_PIXELS, header_size, kind_of
from webui.refusal import Refusal

MAX_BYTES = 10 * 1024 * 1024
KINDS = ("jpeg", "png", "webp")  # what a phone's camera or gallery sends
MAX_SIDE = 1600  # pictures are scaled down to this longest side before reading


def check(data: bytes) -> tuple[str, int, int]:
    """(kind, width, height) of an acceptable photo, or PictureError saying what is wrong."""
    if not data:
        raise Refusal("picture_empty")
    if len(data) > MAX_BYTES:
        raise Refusal("picture_too_big", status=413, mb=MAX_BYTES // (1024 * 1024))
    kind = kind_of(data)
    if kind not in KINDS:
        raise Refusal("picture_kind")
    size = header_size(data, kind)
    if size is None or min(size) < 1:
        raise Refusal("picture_damaged")
    width, height = size
    if width * height > MAX_PIXELS:
        raise Refusal("picture_too_many_pixels", mp=MAX_PIXELS // 1_000_000)
    return kind, width, height


def decode(data: bytes):
    """A checked photo as a BGR array no larger than MAX_SIDE, or PictureError."""
    import cv2
    import numpy as np

    check(data)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise Refusal("picture_damaged")
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
