"""`recognize` and `classify` on pictures they cannot use: a sentence and exit status 2."""

from __future__ import annotations

import struct
import zlib

import cv2
import numpy as np
import pytest

from mahjong_table.cli import main
from vision.pictures import header_size, kind_of


def png_header_only(width: int, height: int) -> bytes:
    """A tiny PNG file whose header claims `width` x `height` pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = zlib.compress(b"\x00" * (3 * width + 1), 9)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("command", ["recognize", "classify"])
def test_a_picture_of_a_billion_pixels_is_refused_before_it_is_decoded(tmp_path, capsys, command):
    path = tmp_path / "bomb.png"
    path.write_bytes(png_header_only(32_000, 32_000))
    assert path.stat().st_size < 200_000
    assert main([command, str(path), "--json"]) == 2
    error = capsys.readouterr().err
    assert "32000 x 32000 pixels is more than 50 megapixels" in error and str(path) in error


def test_classify_on_a_one_pixel_picture_says_why(tmp_path, capsys):
    path = tmp_path / "dot.png"
    cv2.imwrite(str(path), np.zeros((1, 1, 3), np.uint8))
    assert main(["classify", str(path), "--json"]) == 2
    error = capsys.readouterr().err
    assert f"{path} cannot be classified" in error and "at least 2x2 pixels" in error


def test_a_file_that_is_not_a_picture_is_named(tmp_path, capsys):
    path = tmp_path / "notes.png"
    path.write_text("not a picture")
    assert main(["recognize", str(path)]) == 2
    assert f"{path}: not a picture" in capsys.readouterr().err


@pytest.mark.parametrize("suffix", [".png", ".jpg", ".webp", ".bmp"])
def test_the_size_is_read_from_the_header_of_each_kind(tmp_path, suffix):
    path = tmp_path / f"picture{suffix}"
    cv2.imwrite(str(path), np.zeros((30, 70, 3), np.uint8))
    data = path.read_bytes()
    assert header_size(data, kind_of(data)) == (70, 30)
