"""Crops that show no tile: felt, table rims, arms, the gap between two tiles, the picture's edge.

The classifier names one of its codes for whatever it is shown. Where the finder boxes a patch of
felt (by the picture's edge, between two sets), a classifier that never saw one may name it a
season, sure enough for the grouping to join it to a hand. These crops teach it to stay unsure:
`lab.train` trains them towards no code at all (every code equally likely).

They are cut from rendered full tables (`datasets.table`), where every tile's box is known, in
two ways: where the run-time tile finder puts a box on no tile (the very mistakes the reader must
survive), and at random places of a tile's size, a third of them across the picture's edge.

A box around two neighbouring tiles shows no one tile either: the reader asks the classifier
whether two halves found side by side are one tile lying sideways, and two small upright tiles
must read as neither. Both sources give such boxes (`pair_boxes`), from the tiles' own boxes.

The rendered felts are plain cloth; real tables have the dimpled tops of automatic tables, mats
and wood. So the train photos give crops too, cut the same two ways, clear of every labelled tile.
Their labels name the hand alone, so a box there may hold a discard nobody labelled: a crop is
kept only where the reader would not name it surely (under SURE, as it reads now), which a clear
face never is.
"""

from __future__ import annotations

import zlib

import numpy as np

from datasets.crop_cache import (
    UNKNOWN_ROTATION,
    CropSet,
    context_crop,
    run_jobs,
    stacked_crops,
    training_styles,
)

NO_TILE = -1  # the code of a crop that shows no tile (CropSet.codes)
RANDOM_PATCHES = 12  # per table
MOST_FINDS = 8  # finder boxes on no tile kept per table
TABLE_SEED = 5  # never the benchmark's (12), the development tables' (99) or the tests' (7)
PHOTO_PATCHES = 6  # random patches per train photo, before the reader's check
PAIRS = 2  # boxes around two neighbouring tiles, per picture
SURE = 0.5  # a photo's crop the reader names this surely may be an unlabelled tile: not kept


def shows_no_tile(box, tile_boxes: np.ndarray) -> bool:
    """True when no tile's centre lies in the middle of `box` (its inner 80 %) and no tile has
    more than half of itself inside it: a box across the gap between two tiles shows none."""
    if len(tile_boxes) == 0:
        return True
    x0, y0, x1, y1 = box
    dx, dy = 0.1 * (x1 - x0), 0.1 * (y1 - y0)
    cx = (tile_boxes[:, 0] + tile_boxes[:, 2]) / 2
    cy = (tile_boxes[:, 1] + tile_boxes[:, 3]) / 2
    centred = (cx > x0 + dx) & (cx < x1 - dx) & (cy > y0 + dy) & (cy < y1 - dy)
    if centred.any():
        return False
    ix = np.clip(np.minimum(x1, tile_boxes[:, 2]) - np.maximum(x0, tile_boxes[:, 0]), 0, None)
    iy = np.clip(np.minimum(y1, tile_boxes[:, 3]) - np.maximum(y0, tile_boxes[:, 1]), 0, None)
    own = (tile_boxes[:, 2] - tile_boxes[:, 0]) * (tile_boxes[:, 3] - tile_boxes[:, 1])
    return bool(((ix * iy) / np.maximum(own, 1e-6) <= 0.5).all())


def random_patches(rng, tile_boxes: np.ndarray, width: int, height: int, count: int) -> list:
    """Up to `count` boxes of a drawn tile's size and shape that show no tile; every third one
    is centred near the picture's edge, so part of it lies beyond."""
    boxes, tries = [], 0
    while len(boxes) < count and tries < 20 * count and len(tile_boxes):
        tries += 1
        x0, y0, x1, y1 = tile_boxes[int(rng.integers(len(tile_boxes)))]
        w, h = (x1 - x0) * rng.uniform(0.8, 1.25), (y1 - y0) * rng.uniform(0.8, 1.25)
        if len(boxes) % 3 == 2:  # by an edge: left, right, top or bottom
            side = int(rng.integers(4))
            along = rng.uniform(0, height if side < 2 else width)
            across = rng.uniform(-0.3, 0.6) * (w if side < 2 else h)
            cx, cy = (
                (across if side == 0 else width - across, along)
                if side < 2
                else (along, across if side == 2 else height - across)
            )
        else:
            cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if shows_no_tile(box, tile_boxes):
            boxes.append(box)
    return boxes


def pair_boxes(rng, tile_boxes: np.ndarray, count: int) -> list:
    """Up to `count` boxes, each around two neighbouring tiles of about one size lying side by
    side (their centres under one and a half tiles apart) and holding no third tile's centre."""
    if len(tile_boxes) < 2:
        return []
    sizes = tile_boxes[:, 2:] - tile_boxes[:, :2]
    centres = (tile_boxes[:, :2] + tile_boxes[:, 2:]) / 2
    pairs = []
    for i in range(len(tile_boxes)):
        for j in range(i + 1, len(tile_boxes)):
            if (np.abs(sizes[i] - sizes[j]) > 0.3 * sizes[i]).any():
                continue
            dx, dy = np.abs(centres[i] - centres[j])
            beside = dx < 1.5 * sizes[i, 0] and dy < 0.35 * sizes[i, 1]
            below = dy < 1.5 * sizes[i, 1] and dx < 0.35 * sizes[i, 0]
            if not (beside or below):
                continue
            box = (*np.minimum(tile_boxes[i, :2], tile_boxes[j, :2]),)
            box = (*box, *np.maximum(tile_boxes[i, 2:], tile_boxes[j, 2:]))
            inside = (
                (centres[:, 0] > box[0])
                & (centres[:, 0] < box[2])
                & (centres[:, 1] > box[1])
                & (centres[:, 1] < box[3])
            )
            if inside.sum() == 2:
                pairs.append(tuple(float(v) for v in box))
    return [pairs[k] for k in rng.permutation(len(pairs))[:count]]


def _table_chunk(args) -> tuple[np.ndarray, list[str]]:
    seed, first, count = args
    from datasets.table import full_table
    from vision.detector import TileFinder
    from vision.reader import FAINT_BACK

    finder = TileFinder(back_threshold=FAINT_BACK)  # as the reader finds tiles
    styles = training_styles()
    images, groups = [], []
    for index in range(first, first + count):
        rng = np.random.default_rng([seed, index])
        scene = full_table(rng, style=styles[int(rng.integers(len(styles)))])
        height, width = scene.image.shape[:2]
        tiles = np.array([t.box for t in scene.tiles], float).reshape(-1, 4)
        finds = [f for f in finder.find(scene.image) if shows_no_tile(f.box, tiles)]
        # boxes found as faces first (the reader names them all), then faint backs
        order = sorted(rng.permutation(len(finds)), key=lambda i: finds[i].kind != "face")
        finds = [finds[i].box for i in order[:MOST_FINDS]]
        faces = np.array([t.box for t in scene.tiles if t.code != "back"], float).reshape(-1, 4)
        boxes = finds + random_patches(rng, tiles, width, height, RANDOM_PATCHES)
        for box in boxes + pair_boxes(rng, faces, PAIRS):
            images.append(context_crop(scene.image, box))
            groups.append(scene.conditions["style"])
    return stacked_crops(images), groups


def _photo_chunk(args) -> tuple[np.ndarray, list[str]]:
    photos, seed = args
    import cv2

    from datasets.photos import labels_look_wrong
    from vision.reader import TileReader

    reader = TileReader()
    images, groups = [], []
    for photo in photos:
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        if image is None:
            continue
        height, width = image.shape[:2]
        labels = photo.tiles(width, height)
        if not labels or labels_look_wrong(labels, photo.source):
            continue
        rng = np.random.default_rng([seed, zlib.crc32(photo.image.name.encode())])
        tiles = np.array([t.box for t in labels], float).reshape(-1, 4)
        found = reader.finder.find(image)
        finds = [f.box for f in found if f.kind == "face" and shows_no_tile(f.box, tiles)]
        clear = np.concatenate([tiles, np.array([f.box for f in found], float).reshape(-1, 4)])
        boxes = finds[:MOST_FINDS] + random_patches(rng, clear, width, height, PHOTO_PATCHES)
        reads = reader.name_boxes(image, boxes) if boxes else []
        boxes = [box for box, read in zip(boxes, reads, strict=True) if read.confidence < SURE]
        for box in boxes + pair_boxes(rng, tiles, PAIRS):  # the labels: no check needed
            images.append(context_crop(image, box))
            groups.append(photo.source)
    return stacked_crops(images), groups


def _gathered(jobs: list, work, workers: int, total: int, unit: str, size) -> CropSet:
    """The crops of no tile that `work` cuts for each job, as one CropSet."""
    parts = run_jobs(jobs, work, workers, total, "cutting crops of no tile", unit, size)
    images = np.concatenate([p[0] for p in parts])
    return CropSet(
        images,
        np.full(len(images), NO_TILE, np.int16),
        np.full(len(images), UNKNOWN_ROTATION, np.int16),
        np.array([g for p in parts for g in p[1]]),
    )


def build_no_tile(tables: int, seed: int = TABLE_SEED, workers: int = 1) -> CropSet:
    """Crops of no tile from `tables` rendered tables in the training styles (20 each)."""
    jobs = [(seed, start, min(10, tables - start)) for start in range(0, tables, 10)]
    return _gathered(jobs, _table_chunk, workers, tables, "table", lambda job: job[2])


def build_no_tile_photos(split: str = "train", seed: int = TABLE_SEED, workers: int = 1) -> CropSet:
    """Crops of no tile from the `split` photos (a few each; see the module's docstring)."""
    from datasets.photos import list_photos

    photos = list_photos(split)
    jobs = [(photos[i : i + 50], seed) for i in range(0, len(photos), 50)]
    return _gathered(jobs, _photo_chunk, workers, len(photos), "photo", lambda job: len(job[0]))


def no_tile_name(tables: int, seed: int = TABLE_SEED) -> str:
    """The cache file name of the crops of no tile cut from `tables` tables of `seed`."""
    name = f"no-tile-{tables}" if seed == TABLE_SEED else f"no-tile-{tables}-seed{seed}"
    return f"{name}-pairs"


def no_tile_photos_name(split: str = "train") -> str:
    """The cache file name of the crops of no tile cut from the `split` photos."""
    return f"no-tile-real-{split}-pairs"
