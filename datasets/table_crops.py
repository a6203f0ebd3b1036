"""Tiles cut from rendered full tables, at the size and look a camera over a table gives them.

The synthetic crops of `datasets.crop_cache` draw one tile large and shrink it now and then; a
table drawn by `datasets.table` paints its tiles at their own small size (a tile 25-70 pixels
long), among neighbours, under the table's lamp, turned as they lie. Cutting the tiles of such
tables, with their known codes and turns, teaches the classifier the faces as the reader meets
them at a real table: the flowers of the hands, the discards at every angle, the concealed
kongs' backs.
"""

from __future__ import annotations

import numpy as np

from datasets.codes import CLASS_CODES
from datasets.crop_cache import CropSet, context_crop, run_jobs, stacked_crops, training_styles

TABLE_SEED = 6  # never the benchmark's (12), the development tables' (99), the tests' (7) or 5
FACE_ROLES = ("concealed", "win", "meld", "flower", "discard")
MOST_WALL_BACKS = 4  # per table: the walls hold many backs, the hands' kongs few


def _table_chunk(args) -> tuple[np.ndarray, list[int], list[int], list[str]]:
    seed, first, count, style = args
    from datasets.table import full_table

    styles = (style,) if style else training_styles()
    images, codes, rotations, groups = [], [], [], []
    for index in range(first, first + count):
        rng = np.random.default_rng([seed, index])
        scene = full_table(rng, style=styles[int(rng.integers(len(styles)))])
        walls = [t for t in scene.tiles if t.role == "wall" and t.visible >= 0.95]
        walls = [walls[i] for i in rng.permutation(len(walls))[:MOST_WALL_BACKS]]
        kept = [t for t in scene.tiles if t.role in FACE_ROLES and t.visible >= 0.95] + walls
        for tile in kept:
            if tile.code not in CLASS_CODES or tile.level:
                continue
            images.append(context_crop(scene.image, tile.box))
            codes.append(CLASS_CODES.index(tile.code))
            rotations.append(tile.rotation // 90)
            groups.append(scene.conditions["style"])
    return stacked_crops(images), codes, rotations, groups


def build_table_crops(
    tables: int, seed: int = TABLE_SEED, workers: int = 1, style: str | None = None
) -> CropSet:
    """The tiles of `tables` rendered full tables in the training styles, or in `style` alone
    (about 70 tiles a table)."""
    jobs = [(seed, start, min(10, tables - start), style) for start in range(0, tables, 10)]
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


def table_crops_name(tables: int, seed: int = TABLE_SEED, style: str | None = None) -> str:
    """The cache file name of the tiles cut from `tables` tables of `seed` (in `style`)."""
    name = f"table-tiles-{tables}" if seed == TABLE_SEED else f"table-tiles-{tables}-seed{seed}"
    return f"{name}-{style}" if style else name
