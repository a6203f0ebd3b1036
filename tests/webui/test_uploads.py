"""Photos sent from phones: limited in size, kind (by content) and pixel count, clear refusals."""

from __future__ import annotations

import io
import struct
import zlib

import cv2
import numpy as np
import pytest

from webui import images


def png_header(width: int, height: int) -> bytes:
    """The first bytes of a PNG that claims this size (enough for the header check)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr
    chunk += struct.pack(">I", zlib.crc32(b"IHDR" + ihdr) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk


def encoded(kind: str, width: int = 64, height: int = 48) -> bytes:
    picture = np.full((height, width, 3), 90, np.uint8)
    ok, data = cv2.imencode("." + kind, picture)
    assert ok
    return data.tobytes()


@pytest.mark.parametrize("kind", ["jpg", "png", "webp"])
def test_the_header_gives_the_true_size_of_each_accepted_kind(kind):
    assert images.check(encoded(kind, 64, 48))[1:] == (64, 48)


def send(phone, data: bytes, name: str = "photo.jpg"):
    return phone.post(
        "/api/read/photo",
        data={"photo": (io.BytesIO(data), name)},
        content_type="multipart/form-data",
    )


@pytest.mark.parametrize(
    ("data", "name", "status", "words"),
    [
        (b"", "photo.jpg", 400, "The photo is empty."),
        (b"hello, I am text", "photo.jpg", 400, "not a JPEG, PNG or WebP"),
        (b"GIF89a" + b"\0" * 64, "photo.png", 400, "not a JPEG, PNG or WebP"),
        (png_header(20_000, 20_000), "big.png", 400, "more than 50 megapixels"),
        (png_header(10, 10) + b"broken", "broken.png", 400, "could not be opened"),
        (b"\xff\xd8\xff\xe0" + b"\0" * 32, "cut.jpg", 400, "could not be opened"),
    ],
)
def test_bad_photos_are_refused_with_a_sentence(phone, data, name, status, words):
    response = send(phone, data, name)
    assert response.status_code == status
    assert words in response.get_json()["error"]


def test_a_photo_over_ten_megabytes_is_refused(phone):
    response = send(phone, b"\xff\xd8\xff" + b"\0" * (11 * 1024 * 1024))
    assert response.status_code == 413
    assert "larger than 10 MB" in response.get_json()["error"]


def test_a_request_without_a_photo_says_what_is_missing(phone):
    response = phone.post("/api/read/photo", data={}, content_type="multipart/form-data")
    assert response.status_code == 400
    assert "'photo'" in response.get_json()["error"]


def test_a_large_photo_is_scaled_down_before_reading():
    picture = np.zeros((3000, 4000, 3), np.uint8)
    assert images.fit(picture).shape[:2] == (1200, 1600)


def test_a_photo_taken_with_the_phone_held_upright_is_read_as_the_player_saw_it():
    """A phone stores a portrait photo as landscape pixels with an EXIF note to turn them (6: a
    quarter turn clockwise). The panel reads and keeps the picture turned as the note says, so
    the boxes it draws lie on the tiles the player photographed."""
    from PIL import Image

    pixels = np.zeros((60, 80, 3), np.uint8)
    pixels[:, :10] = (0, 0, 255)  # the stored picture's left edge red (BGR)
    photo = Image.fromarray(pixels[:, :, ::-1])
    note = photo.getexif()
    note[0x0112] = 6  # Orientation: turn 90 degrees clockwise to view
    stream = io.BytesIO()
    photo.save(stream, "JPEG", exif=note.tobytes(), quality=95)
    seen = images.decode(stream.getvalue())
    assert seen.shape[:2] == (80, 60), "taller than wide, as the player held the phone"
    top, bottom = seen[:10].mean(axis=(0, 1)), seen[-10:].mean(axis=(0, 1))
    assert top[2] > 200 > bottom[2], "the stored left edge comes out on top"
