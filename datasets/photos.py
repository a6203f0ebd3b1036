"""The real photos: Roboflow "Chinese Mahjong Detection" v4 (CC BY 4.0), read from `../shared`.

The images never enter the project's git; this module finds them beside the repository (or where
`MAHJONG_SHARED` points), reads their YOLO labels (boxes, and a few polygons) as tile codes, and
splits photos by source so that the augmented copies of one photo stay on one side.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from datasets.codes import ROBOFLOW_CODES

REPO_ROOT = Path(__file__).resolve().parent.parent
CREDIT = (
    'Roboflow Universe "Chinese Mahjong Detection" v4 (workspace riichimahjongdetection), CC BY 4.0'
)


def shared_root() -> Path:
    """Where the shared, read-only data lives: `$MAHJONG_SHARED` or `../shared`."""
    return Path(os.environ.get("MAHJONG_SHARED", REPO_ROOT.parent / "shared"))


def photos_root() -> Path:
    return shared_root() / "datasets" / "chinese-mahjong-detection"


class MissingData(Exception):
    """The shared photos are not where we look for them."""


@dataclass(frozen=True)
class LabelledTile:
    """One labelled tile: its code and the axis-aligned box around it, in pixels."""

    code: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1
    outline: tuple[tuple[float, float], ...] = ()  # the polygon, where the label gave one


@dataclass(frozen=True)
class Photo:
    image: Path
    labels: Path

    @property
    def source(self) -> str:
        """The source photo this file was augmented from: the file name before `.rf.`."""
        return source_name(self.image.name)

    def tiles(self, width: int = 640, height: int = 640) -> list[LabelledTile]:
        """The labelled tiles, each once (see `one_label_per_tile`)."""
        return one_label_per_tile(read_labels(self.labels, width, height))


# Two labelled boxes overlapping this much (IoU) lie on one tile: tiles lie side by side, they do
# not pile up, so the labeller put a second box on a tile already labelled.
TWICE = 0.5
# Photos checked by eye whose labels leave out a tile of the hand (the reader's right answer would
# count as a tile found where none is), by source photo.
UNLABELLED_TILE = {
    "393533204_1356011898676461_8184524789032659074_n_jpg": "the tile between 7p and 2s",
}


def labels_look_wrong(tiles: list[LabelledTile], source: str = "") -> bool:
    """A labelling slip that spoils a photo's truth: every tile carrying one code, more than a set
    has of it; two different codes on one tile (one of them is wrong); or a tile left unlabelled
    (`UNLABELLED_TILE`, for the photo's `source`).

    Seven valid photos (IMG_2778 to IMG_2788) label every tile `1p` (class 2) whatever it shows;
    figures are given with and without such photos.
    """
    codes = {tile.code for tile in tiles}
    if len(tiles) > 4 and len(codes) == 1:
        return True
    return source in UNLABELLED_TILE or any(a.code != b.code for a, b in _labelled_twice(tiles))


def one_label_per_tile(tiles: list[LabelledTile]) -> list[LabelledTile]:
    """The labels without a second box of the same code on a tile already labelled (four valid
    photos of a hand in a row count one of their tiles twice that way)."""
    again = {id(b) for a, b in _labelled_twice(tiles) if a.code == b.code}
    return [t for t in tiles if id(t) not in again]


def _labelled_twice(tiles: list[LabelledTile]):
    """(first, second) for each pair of labels lying on one tile (IoU at least TWICE)."""
    from vision.detector import box_iou

    boxes = np.array([t.box for t in tiles], float).reshape(-1, 4)
    iou = box_iou(boxes, boxes)
    return [
        (tiles[i], tiles[j]) for i, j in zip(*np.nonzero(np.triu(iou, 1) >= TWICE), strict=True)
    ]


def source_name(file_name: str) -> str:
    return file_name.split(".rf.")[0]


def list_photos(split: str, root: Path | None = None) -> list[Photo]:
    """Every labelled image of `train` or `valid`, sorted by file name."""
    folder = (root or photos_root()) / split
    images = folder / "images"
    if not images.is_dir():
        raise MissingData(
            f"The photo dataset's {split!r} images are not at {images}; put the shared data "
            "beside the repository or set MAHJONG_SHARED."
        )
    photos = []
    for image in sorted(images.iterdir()):
        if image.suffix.lower() not in (".jpg", ".jpeg", ".png"):
            continue
        labels = folder / "labels" / (image.stem + ".txt")
        if labels.is_file():
            photos.append(Photo(image, labels))
    return photos


def read_labels(path: Path, width: int, height: int) -> list[LabelledTile]:
    """Read a YOLO label file: `class cx cy w h` boxes or `class x y x y ...` polygons."""
    tiles = []
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) < 5:
            continue
        code = ROBOFLOW_CODES[int(parts[0])]
        values = [float(v) for v in parts[1:]]
        if len(values) == 4:
            cx, cy, w, h = values
            box = ((cx - w / 2) * width, (cy - h / 2) * height)
            box += ((cx + w / 2) * width, (cy + h / 2) * height)
            tiles.append(LabelledTile(code, _clip(box, width, height)))
            continue
        xs = np.array(values[0::2]) * width
        ys = np.array(values[1::2]) * height
        box = (xs.min(), ys.min(), xs.max(), ys.max())
        outline = tuple(zip(xs.tolist(), ys.tolist(), strict=False))
        tiles.append(LabelledTile(code, _clip(box, width, height), outline))
    return [t for t in tiles if t.box[2] - t.box[0] >= 4 and t.box[3] - t.box[1] >= 4]


def _clip(box, width, height):
    x0, y0, x1, y1 = box
    return (max(0.0, x0), max(0.0, y0), min(float(width), x1), min(float(height), y1))


def in_holdout(source: str, fraction: float) -> bool:
    """A stable, seed-free choice of held-out sources: a hash of the source name."""
    digest = hashlib.sha1(source.encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32 < fraction


def split_by_source(photos: list[Photo], fraction: float) -> tuple[list[Photo], list[Photo]]:
    """Split photos (or anything with a `source`, such as the finder's training examples) into
    (kept, held out), all copies of one source photo on the same side."""
    kept, held = [], []
    for photo in photos:
        (held if in_holdout(photo.source, fraction) else kept).append(photo)
    return kept, held
