"""Commands of the reader: `mahjong-table recognize` and `mahjong-table classify` (CONTRACT 3)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from vision.messages import VisionError


def register(commands) -> None:
    recognize = commands.add_parser("recognize", help="read tiles and hands from table photos")
    recognize.add_argument("images", nargs="+", metavar="IMAGE")
    recognize.add_argument("--json", action="store_true", help="print JSON (CONTRACT section 3)")
    recognize.add_argument(
        "--draw",
        metavar="OUT.png",
        help="write the picture with boxes, codes and groups (several images: OUT-<name>.png)",
    )
    recognize.set_defaults(handler=run_recognize)

    classify = commands.add_parser("classify", help="name the tile in each cropped image")
    classify.add_argument("images", nargs="+", metavar="IMAGE")
    classify.add_argument("--json", action="store_true", help="print JSON (CONTRACT section 3)")
    classify.set_defaults(handler=run_classify)


class ImageError(VisionError):
    """A file named on the command line is not a picture we can read."""


MAX_FILE_BYTES = 200 * 1024 * 1024  # far above any photo of MAX_PIXELS


def load_image(path: str):
    """Read a picture as a BGR array, or raise ImageError with a sentence naming the file.

    Its kind and pixel count are read from its header first, as the panel does for an upload:
    a picture of over `MAX_PIXELS` is refused before it is decoded."""
    import cv2
    import numpy as np

    from vision.pictures import MAX_PIXELS, header_size, kind_of

    file = Path(path)
    if not file.is_file():
        raise ImageError("image_missing", path=path)
    if file.stat().st_size > MAX_FILE_BYTES:
        raise ImageError("image_too_large", path=path, mb=MAX_FILE_BYTES // 2**20)
    data = file.read_bytes()
    kind = kind_of(data)
    if kind is None:
        raise ImageError("image_kind", path=path)
    size = header_size(data, kind)
    if size is None:
        raise ImageError("image_size_unreadable", path=path)
    width, height = size
    if width * height > MAX_PIXELS:
        raise ImageError(
            "image_too_many_pixels",
            path=path,
            width=width,
            height=height,
            mp=MAX_PIXELS // 1_000_000,
        )
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ImageError("image_damaged", path=path)
    return image


def _load_all(paths: list[str]):
    images = []
    for path in paths:
        try:
            images.append(load_image(path))
        except ImageError as error:
            print(error, file=sys.stderr)
            return None
    return images


def run_classify(args) -> int:
    from vision.classifier import TileClassifier
    from vision.crops import CropError, as_bgr

    images = _load_all(args.images)
    if images is None:
        return 2
    for path, image in zip(args.images, images, strict=True):
        try:
            as_bgr(image)
        except CropError as error:
            print(f"{path} cannot be classified: {error}", file=sys.stderr)
            return 2
    results = TileClassifier().classify(images)
    rows = [
        {
            "image": path,
            "code": result.code,
            "confidence": round(float(result.confidence), 4),
            "top": [[code, round(float(p), 4)] for code, p in result.top],
        }
        for path, result in zip(args.images, results, strict=True)
    ]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
    else:
        for row, result in zip(rows, results, strict=True):
            flag = "  (unsure)" if result.unsure else ""
            print(f"{row['image']}: {row['code']} {row['confidence']:.0%}{flag}")
    return 0


def draw_path(out: str, image: str, several: bool) -> Path:
    """Where `--draw` writes the picture of one image."""
    target = Path(out)
    if not several:
        return target
    return target.with_name(f"{target.stem}-{Path(image).stem}{target.suffix or '.png'}")


def run_recognize(args) -> int:
    import cv2

    from vision.draw import draw_reading
    from vision.reader import TileReader

    images = _load_all(args.images)
    if images is None:
        return 2
    reader = TileReader()
    answers = []
    several = len(args.images) > 1
    for path, image in zip(args.images, images, strict=True):
        reading = reader.read(image)
        answers.append(reading.to_json(image=path))
        if args.draw:
            target = draw_path(args.draw, path, several)
            if not cv2.imwrite(str(target), draw_reading(image, reading)):
                print(f"{target}: could not write the picture there.", file=sys.stderr)
                return 2
    if args.json:
        print(json.dumps(answers if several else answers[0], ensure_ascii=False))
    else:
        for answer in answers:
            codes = " ".join(tile["code"] for tile in answer["tiles"])
            print(f"{answer['image']}: {len(answer['tiles'])} tiles: {codes}")
            for hand in answer["hands"]:
                print(f"  {hand['position']}: {hand['request']}")
            if answer.get("steadied"):  # a shake or a missed focus undone first (vision.shake)
                print(f"  steadied: {answer['steadied']}")
    return 0
