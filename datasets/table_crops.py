"""Tiles cut from rendered full tables, at the size and look a camera over a table gives them.

The synthetic crops of `datasets.crop_cache` draw one tile large and shrink it now and then; a
table drawn by `datasets.table` paints its tiles at their own small size (a tile 25-70 pixels
long), among neighbours, under the table's lamp, turned as they lie. Cutting the tiles of such
tables, with their known codes and turns, teaches the classifier the faces as the reader meets
them at a real table: the flowers of the hands, the discards at every angle, the concealed
kongs' backs. Tables seen by a low camera (`low`) are made level first, as the reader makes
such a picture (`datasets.table.made_level`), and their tiles cut there: the far faces enlarged
from a few pixels, as the classifier is given them. With `found`, each tile is cut where the
reader itself boxed it rather than at its drawn box: the finder's boxes lie a few hundredths of a
tile off the drawn ones, and a face whose one character is its whole picture (a set's flowers
written as a character) reads as another character when cut at its edge.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from datasets.codes import CLASS_CODES
from datasets.crop_cache import CropSet, context_crop, run_jobs, stacked_crops, training_styles
from datasets.table import LOW_TILTS

TABLE_SEED = 6  # never the benchmark's (12), the development tables' (99), the tests' (7) or 5
FACE_ROLES = ("concealed", "win", "meld", "flower", "discard")
MOST_WALL_BACKS = 4  # per table: the walls hold many backs, the hands' kongs few


def _table_chunk(args) -> tuple[np.ndarray, list[int], list[int], list[str]]:
    seed, first, count, style, tilts, found = args
    from datasets.table import full_table

    styles = (style,) if style else training_styles()
    images, codes, rotations, groups = [], [], [], []
    for index in range(first, first + count):
        rng = np.random.default_rng([seed, index])
        tilt = float(np.random.default_rng([seed, index, 1]).uniform(*tilts)) if tilts else None
        scene = full_table(rng, style=styles[int(rng.integers(len(styles)))], tilt=tilt)
        seen = [k for k, t in enumerate(scene.tiles) if t.visible >= 0.95]
        walls = [k for k in seen if scene.tiles[k].role == "wall"]
        walls = [walls[i] for i in rng.permutation(len(walls))[:MOST_WALL_BACKS]]
        kept = [k for k in seen if scene.tiles[k].role in FACE_ROLES] + walls
        if tilts:
            image, boxes = _as_read(scene)
        else:
            image = scene.image
            boxes = _as_found(scene) if found else [t.box for t in scene.tiles]
        for k in kept:
            tile, box = scene.tiles[k], boxes[k]
            if tile.code not in CLASS_CODES or tile.level or box is None:
                continue
            images.append(context_crop(image, box))
            codes.append(CLASS_CODES.index(tile.code))
            rotations.append(tile.rotation // 90)
            groups.append(scene.conditions["style"])
    return stacked_crops(images), codes, rotations, groups


def _as_read(scene) -> tuple[np.ndarray, list]:
    """A low camera's table made level as the reader makes it, and the box there of each of its
    tiles, in their order (None for one the level picture cuts off)."""
    from datasets.table import made_level

    every = np.array([t.box for t in scene.tiles], np.float32).reshape(-1, 4)
    kinds = np.array([t.code == "back" for t in scene.tiles], np.int64)
    image, boxes, kept = made_level(scene.image, every, kinds)
    level = iter(boxes.tolist())
    return image, [next(level) if k else None for k in kept]


@cache
def _reader():
    """One reader per worker process, made at its first found table."""
    from vision.reader import TileReader

    return TileReader()


def _as_found(scene) -> list:
    """The box the reader gives each of the scene's tiles, in their order (None for a tile it
    did not find: a found box covers a drawn one at IoU 0.5 at least, each drawn one once)."""
    from lab.bench_reader import match_boxes

    found = np.array([t.box for t in _reader().read(scene.image).tiles], float).reshape(-1, 4)
    drawn = np.array([t.box for t in scene.tiles], float).reshape(-1, 4)
    boxes: list = [None] * len(scene.tiles)
    for box, k in zip(found, match_boxes(found, drawn), strict=True):
        if k >= 0:
            boxes[k] = tuple(float(v) for v in box)
    return boxes


def build_table_crops(
    tables: int,
    seed: int = TABLE_SEED,
    workers: int = 1,
    style: str | None = None,
    low: tuple[float, float] | None = None,
    found: bool = False,
) -> CropSet:
    """The tiles of `tables` rendered full tables in the training styles, or in `style` alone
    (about 70 tiles a table); `low`: each seen by a low camera, its far edge narrower than the
    near by a share drawn from these tilts at each end (`datasets.table.LOW_TILTS`: 50-90 % as
    wide), and made level; `found`: each tile cut at the reader's box for it (a tile the reader
    misses is left out)."""
    if low and found:
        raise ValueError("a low camera's tiles are cut at their drawn boxes only")
    jobs = [
        (seed, start, min(10, tables - start), style, low, found) for start in range(0, tables, 10)
    ]
    parts = run_jobs(
        jobs,
        _table_chunk,
        workers,
        tables,
        "cutting the tiles of rendered tables",
        "table",
        lambda job: job[2],
    )
    return CropSet(
        np.concatenate([p[0] for p in parts]),
        np.array([c for p in parts for c in p[1]], np.int16),
        np.array([r for p in parts for r in p[2]], np.int16),
        np.array([g for p in parts for g in p[3]]),
    )


def table_crops_name(
    tables: int,
    seed: int = TABLE_SEED,
    style: str | None = None,
    low: tuple[float, float] | None = None,
    found: bool = False,
) -> str:
    """The cache file name of the tiles cut from `tables` tables of `seed` (in `style`, seen
    low at those tilts, cut at the reader's boxes)."""
    name = f"table-tiles-{tables}" if seed == TABLE_SEED else f"table-tiles-{tables}-seed{seed}"
    name = f"{name}-{style}" if style else name
    if low:
        name = f"{name}-low" if low == LOW_TILTS else f"{name}-low{low[0]:g}-{low[1]:g}"
    return f"{name}-found" if found else name
