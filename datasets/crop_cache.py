"""Training crops, cut once and kept under `data/crops/` (git-ignored) as compressed arrays.

Every crop is stored the same way whatever its origin: the tile's box grown by `CONTEXT` on each
side, squeezed to `CACHE_SIZE` x `CACHE_SIZE`. Training then jitters the box inside that margin, so
it sees boxes as loose or tight as a detector draws them, without cutting the photos again.

- real crops: the photo dataset's `train` split (all nine augmented copies of each source photo);
- synthetic crops: the renderer in every style except `HELD_OUT_STYLE`, placed on a table,
  turned, lit and compressed by `datasets.augment`, with more flowers and backs than a table has.

`python -m datasets.crop_cache` builds both with a progress bar; `lab.train` does it when needed.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from datasets.codes import BACK, CLASS_CODES, is_flower
from datasets.photos import REPO_ROOT, list_photos
from vision.crops import crop_box

CACHE_SIZE = 64
CONTEXT = 0.15
HELD_OUT_STYLE = "art-riichi"  # never trained on: the check that the model reads a new set
CACHE_DIR = REPO_ROOT / "data" / "crops"
UNKNOWN_ROTATION = -1


@dataclass
class CropSet:
    images: np.ndarray  # (N, CACHE_SIZE, CACHE_SIZE, 3) uint8, BGR
    codes: np.ndarray  # (N,) index into CLASS_CODES
    rotations: np.ndarray  # (N,) quarter turns clockwise, or UNKNOWN_ROTATION
    groups: np.ndarray  # (N,) source photo or style name

    def __len__(self) -> int:
        return len(self.codes)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(
            path, images=self.images, codes=self.codes, rotations=self.rotations, groups=self.groups
        )

    @classmethod
    def load(cls, path: Path) -> CropSet:
        with np.load(path, allow_pickle=False) as data:
            return cls(data["images"], data["codes"], data["rotations"], data["groups"])

    @classmethod
    def concat(cls, sets: list[CropSet]) -> CropSet:
        return cls(
            *(
                np.concatenate([getattr(s, f) for s in sets])
                for f in ("images", "codes", "rotations", "groups")
            )
        )


def context_crop(image: np.ndarray, box) -> np.ndarray:
    """The cached form of a tile: its box grown by CONTEXT, squeezed to CACHE_SIZE square."""
    crop = crop_box(image, box, CONTEXT)
    return cv2.resize(crop, (CACHE_SIZE, CACHE_SIZE), interpolation=cv2.INTER_AREA)


def progress(iterable, total: int | None = None, desc: str = "", unit: str = "img"):
    """A tqdm progress bar where tqdm is installed (the train extra), otherwise plain."""
    try:
        from tqdm import tqdm
    except ImportError:
        return iterable
    return tqdm(iterable, total=total, desc=desc, unit=unit, dynamic_ncols=True)


def run_jobs(jobs: list, work, workers: int, total: int, desc: str, unit: str, size) -> list:
    """`work(job)` for each job, in order, in `workers` processes (one: here), with a progress
    bar of `total` units; `size(job)` says how many units a job is."""
    parts = []
    bar = progress(None, total, desc, unit)
    if workers > 1:
        from multiprocessing import Pool

        with Pool(workers) as pool:
            for job, part in zip(jobs, pool.imap(work, jobs), strict=True):
                parts.append(part)
                if hasattr(bar, "update"):
                    bar.update(size(job))
    else:
        for job in jobs:
            parts.append(work(job))
            if hasattr(bar, "update"):
                bar.update(size(job))
    if hasattr(bar, "close"):
        bar.close()
    return parts


def stacked_crops(images: list) -> np.ndarray:
    """Cached crops as one (N, CACHE_SIZE, CACHE_SIZE, 3) array, empty when there are none."""
    return np.stack(images) if images else np.zeros((0, CACHE_SIZE, CACHE_SIZE, 3), np.uint8)


def labelled_tiles(image: np.ndarray, labels) -> list[tuple[tuple, str]]:
    """The (box, code) of every labelled tile of a photo, as a person drew it."""
    return [(tile.box, tile.code) for tile in labels]


def build_real(split: str = "train", tiles_of=labelled_tiles, doing: str = "cutting") -> CropSet:
    """Crops of a split's photos: `tiles_of(image, labels)` says which (box, code) to cut."""
    images, codes, groups = [], [], []
    photos = list_photos(split)
    for photo in progress(photos, len(photos), f"{doing} {split} crops"):
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        if image is None:
            continue
        height, width = image.shape[:2]
        for box, code in tiles_of(image, photo.tiles(width, height)):
            images.append(context_crop(image, box))
            codes.append(CLASS_CODES.index(code))
            groups.append(photo.source)
    return CropSet(
        np.stack(images),
        np.array(codes, np.int16),
        np.full(len(codes), UNKNOWN_ROTATION, np.int16),
        np.array(groups),
    )


def class_weights(flowers_only: bool = False) -> np.ndarray:
    """How often each class is drawn for synthetic crops: flowers and backs more often (or
    flowers and seasons alone)."""

    def weight(code: str) -> float:
        if flowers_only:
            return float(is_flower(code))
        return 2.0 if is_flower(code) else 1.5 if code == BACK else 1.0

    weights = np.array([weight(c) for c in CLASS_CODES])
    return weights / weights.sum()


def training_styles() -> tuple[str, ...]:
    """The styles drawn when training names none: every pooled one but the held-out style."""
    from datasets.render import available_styles

    return tuple(s for s in available_styles() if s != HELD_OUT_STYLE)


def nameable_styles() -> tuple[str, ...]:
    """The styles training may ask for by name: those it draws unasked and those drawn only when
    asked for (`varied`), never the held-out one."""
    from datasets.render import STYLES

    return tuple(s for s in STYLES if s != HELD_OUT_STYLE)


def synthetic_sample(
    rng: np.random.Generator, code: str, style: str, neighbours: list, dark: bool | None = None
):
    """One synthetic crop in cached form, with its rotation in quarter turns (`dark`: see
    `datasets.render.render_tile_bgra`)."""
    from datasets.augment import camera_effects, place_tile
    from datasets.render import render_tile_bgra

    tile = render_tile_bgra(code, rng, style, height=int(rng.integers(72, 144)), dark=dark)
    count = int(rng.choice([0, 1, 2, 2]))
    view = place_tile(tile, rng, neighbours=neighbours[:count])
    image = camera_effects(view.image, rng)
    return context_crop(image, view.box), view.rotation // 90, tile


def _synthetic_chunk(args) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    seed, count, styles, dark, flowers_only = args
    from datasets.render import render_tile_bgra

    rng = np.random.default_rng(seed)
    weights = class_weights(flowers_only)
    pool = {
        s: [render_tile_bgra(CLASS_CODES[i], rng, s, dark=dark) for i in range(2)] for s in styles
    }
    images, codes, rotations, groups = [], [], [], []
    for _ in range(count):
        code_index = int(rng.choice(len(CLASS_CODES), p=weights))
        style = styles[int(rng.integers(len(styles)))]
        neighbours = [pool[style][int(rng.integers(len(pool[style])))] for _ in range(2)]
        crop, quarter, tile = synthetic_sample(
            rng, CLASS_CODES[code_index], style, neighbours, dark
        )
        if CLASS_CODES[code_index] != BACK and rng.random() < 0.5:
            pool[style] = (pool[style] + [tile])[-12:]
        images.append(crop)
        codes.append(code_index)
        rotations.append(quarter)
        groups.append(style)
    return np.stack(images), np.array(codes, np.int16), np.array(rotations, np.int16), groups


def build_synthetic(
    count: int,
    seed: int = 0,
    styles: tuple[str, ...] | None = None,
    workers: int = 1,
    dark: bool | None = None,
    flowers_only: bool = False,
) -> CropSet:
    """`count` synthetic crops drawn in `styles` (all but the held-out style by default); `dark`
    True draws every face on a black body (as some Japanese sets have), where the styles draw
    one now and then; `flowers_only` draws flowers and seasons alone (the most varied between
    sets, and the finest drawings)."""
    styles = styles or training_styles()
    chunk = 250
    jobs = [
        (seed * 100_003 + i, min(chunk, count - i * chunk), styles, dark, flowers_only)
        for i in range((count + chunk - 1) // chunk)
    ]
    parts = run_jobs(
        jobs, _synthetic_chunk, workers, count, "drawing synthetic crops", "img", lambda j: j[1]
    )
    return CropSet(
        np.concatenate([p[0] for p in parts]),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
        np.array([g for p in parts for g in p[3]]),
    )


DARK = "dark"  # instead of a style: every training style, on black faces
FLOWERS_ONLY = "flowers"  # after a style: its flowers and seasons alone


def synthetic_name(
    count: int, seed: int = 1, style: str | None = None, flowers_only: bool = False
) -> str:
    """The cache file name of `count` synthetic crops drawn with `seed` (in `style` alone, or
    on black faces for DARK; flowers and seasons alone if `flowers_only`)."""
    name = f"synthetic-{count}" if seed == 1 else f"synthetic-{count}-seed{seed}"
    name = f"{name}-{style}" if style else name
    return f"{name}-{FLOWERS_ONLY}" if flowers_only else name


def load_or_build(name: str, build) -> CropSet:
    """Load `data/crops/<name>.npz`, or build it with `build()` and save it there first."""
    path = CACHE_DIR / f"{name}.npz"
    if path.is_file():
        return CropSet.load(path)
    crops = build()
    crops.save(path)
    return crops


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m datasets.crop_cache", description=__doc__)
    parser.add_argument("--synthetic", type=int, default=60_000, help="synthetic crops to draw")
    parser.add_argument("--seed", type=int, default=1, help="another seed draws other crops")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    real = load_or_build("real-train", build_real)
    print(f"real crops: {len(real)}")
    synthetic = load_or_build(
        synthetic_name(args.synthetic, args.seed),
        lambda: build_synthetic(args.synthetic, seed=args.seed, workers=args.workers),
    )
    print(f"synthetic crops: {len(synthetic)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
