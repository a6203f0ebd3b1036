"""Training examples for the tile finder: real photos and synthetic scenes, augmented, with targets.

Used by `lab/train_detector.py` only (numpy and OpenCV, no torch). An example is a square
picture and its boxes; the targets are the CenterNet-like maps the network learns to draw (see
`vision/detector.py`): one heat map per kind (face, back) with an elliptic bump at every tile's
centre, and the tile's box at the cells near that centre.

The real photos never label face-down tiles, so their `back` map carries no weight: backs are
learnt from synthetic scenes alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from datasets.table import LOW_TILTS, made_level
from vision.upright import moved_boxes

STRIDE = 4
CACHE_SIDE = 384  # real photos are kept in memory at this size
BUMP_ALPHA = 0.54  # bump size as a fraction of the tile's size (TTFNet's choice)
BOX_CORE = 0.3  # cells whose bump is above this learn the tile's box
CLEAN_OVERLAP = 1.12  # photos whose boxes overlap less than this are taken as square to the camera
TURN_SHARE = 0.5  # share of pictures turned by any angle up to 45 degrees
SCENE_TILES = (12.0, 80.0)  # a scene is zoomed so its tiles are this long (pixels, log-uniform)
PHOTO_ZOOMS = (0.3, 1.35)  # a photo is zoomed this much (log-uniform) from the cache's size


# A tile of this kind is taught neither way: its area is left out of the loss (a rendered
# table's discards, where the real photos leave their heaps of discards unlabelled).
UNTAUGHT = 2


@dataclass
class Example:
    """A picture with its tiles: `boxes` n x 4 in pixels, `kinds` n (0 face, 1 back,
    UNTAUGHT)."""

    image: np.ndarray
    boxes: np.ndarray
    kinds: np.ndarray
    backs_labelled: bool  # False for real photos: backs there are unlabelled, not absent
    tile_length: float | None = None  # synthetic scenes: zoom so tiles look as in photos
    source: str = ""  # real photos: the source photo its copies share


def load_photos(split: str, holdout: float = 0.0, side: int = CACHE_SIDE):
    """Real photos of a split at `side` x `side`, as (kept, held out) lists of Examples."""
    from datasets.photos import list_photos, split_by_source

    examples = []
    for photo in _progress(list_photos(split), f"reading {split} photos"):
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        height, width = image.shape[:2]
        tiles = photo.tiles(width, height)
        scale = np.array([side / width, side / height] * 2, dtype=np.float32)
        boxes = np.array([t.box for t in tiles], dtype=np.float32).reshape(-1, 4) * scale
        small = cv2.resize(image, (side, side), interpolation=cv2.INTER_AREA)
        kinds = np.zeros(len(boxes), np.int64)
        examples.append(Example(small, boxes, kinds, backs_labelled=False, source=photo.source))
    return split_by_source(examples, holdout)


def pack_photos(split: str, path, quality: int = 85, others: int = 0, seed: int = 0) -> None:
    """Keep a split's photos small enough to travel (JPEG at `CACHE_SIDE`, boxes, sources).

    The train split holds nine copies of each source photo, most of them turned or sheared with
    boxes grown around the turned tiles (`overlap_ratio`): every copy whose boxes fit is kept,
    one copy of each source that has none, and `others` of the rest at random. A machine lent
    for training gets the photos this way when the shared data cannot go with it."""
    kept, _ = load_photos(split)
    ratios = [overlap_ratio(e) for e in kept]
    clean = [e for e, r in zip(kept, ratios, strict=True) if r < CLEAN_OVERLAP]
    covered = {e.source for e in clean}
    closest: dict[str, int] = {}  # source -> index of its least turned copy, where none is clean
    for index, example in enumerate(kept):
        best = closest.get(example.source)
        if example.source not in covered and (best is None or ratios[index] < ratios[best]):
            closest[example.source] = index
    rest = [
        e
        for i, (e, r) in enumerate(zip(kept, ratios, strict=True))
        if r >= CLEAN_OVERLAP and i not in closest.values()
    ]
    picked = np.random.default_rng(seed).permutation(len(rest))[:others]
    chosen = clean + [kept[i] for i in closest.values()] + [rest[i] for i in sorted(picked)]
    encode = [cv2.IMWRITE_JPEG_QUALITY, quality]
    np.savez(
        path,
        pictures=_objects([cv2.imencode(".jpg", e.image, encode)[1].ravel() for e in chosen]),
        boxes=_objects([e.boxes for e in chosen]),
        sources=np.array([e.source for e in chosen]),
    )


def load_packed_photos(path, holdout: float = 0.0):
    """Photos kept by `pack_photos`, as (kept, held out) lists of Examples like `load_photos`."""
    from datasets.photos import split_by_source

    packed = np.load(path, allow_pickle=True)
    examples = [
        Example(
            cv2.imdecode(picture, cv2.IMREAD_COLOR),
            boxes,
            np.zeros(len(boxes), np.int64),
            backs_labelled=False,
            source=str(source),
        )
        for picture, boxes, source in zip(
            packed["pictures"], packed["boxes"], packed["sources"], strict=True
        )
    ]
    return split_by_source(examples, holdout)


def _progress(items, description):
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return tqdm(items, desc=description, unit="img", leave=False)


def augment(example: Example, side: int, rng: np.random.Generator) -> tuple[Example, np.ndarray]:
    """A randomly turned, scaled, shifted and recoloured copy on a `side` canvas.

    Returns the copy and the boxes of tiles cut too much by the canvas edge to be taught either
    way (their area is left out of the loss).
    """
    image, boxes = example.image, example.boxes.copy()
    turns = int(rng.integers(4))
    for _ in range(turns):  # a quarter turn counter-clockwise, boxes with it
        height, width = image.shape[:2]
        image = np.rot90(image)
        boxes = np.stack([boxes[:, 1], width - boxes[:, 2], boxes[:, 3], width - boxes[:, 0]], 1)
    if rng.random() < 0.5:
        width = image.shape[1]
        image = image[:, ::-1]
        boxes = np.stack([width - boxes[:, 2], boxes[:, 1], width - boxes[:, 0], boxes[:, 3]], 1)
    height, width = image.shape[:2]
    # any turn, not only quarter turns: a phone held at an angle, a row laid askew. Only where
    # the labelled boxes fit their tiles (boxes of tiles already turned would grow further)
    degrees = 0.0
    if rng.random() < TURN_SHARE and overlap_ratio(example) < CLEAN_OVERLAP:
        degrees = float(rng.uniform(-45, 45))
    # now and then squeeze one way: photos are often stretched (the real ones up to 12:1)
    squeeze = float(np.exp(rng.uniform(-np.log(3), np.log(3)))) if rng.random() < 0.4 else 1.0
    if example.tile_length:  # a scene: a close look around one of its tiles
        zoom = float(np.exp(rng.uniform(*np.log(SCENE_TILES)))) / example.tile_length
        zx, zy = zoom * squeeze**0.5, zoom / squeeze**0.5
        x0, y0, x1, y1 = boxes[int(rng.integers(len(boxes)))] * (zx, zy, zx, zy)
        shift_x = rng.uniform(0.15, 0.85) * side - (x0 + x1) / 2
        shift_y = rng.uniform(0.15, 0.85) * side - (y0 + y1) / 2
    else:
        zoom = float(np.exp(rng.uniform(*np.log(PHOTO_ZOOMS)))) * CACHE_SIDE
        zoom /= max(width, height)
        zx, zy = zoom * squeeze**0.5, zoom / squeeze**0.5
        new_w, new_h = width * zx, height * zy
        shift_x = rng.uniform(min(0, side - new_w), max(0, side - new_w))
        shift_y = rng.uniform(min(0, side - new_h), max(0, side - new_h))
    matrix = np.array([[zx, 0, shift_x], [0, zy, shift_y], [0, 0, 1]], dtype=np.float64)
    if degrees:
        turn = cv2.getRotationMatrix2D((side / 2, side / 2), degrees, 1.0)
        matrix = np.vstack([turn, [0, 0, 1]]) @ matrix
    matrix = matrix[:2].astype(np.float32)
    fill = _edge_colour(image, rng)
    canvas = cv2.warpAffine(
        np.ascontiguousarray(image),
        matrix,
        (side, side),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=fill,
    )
    boxes = moved_boxes(boxes, matrix).astype(np.float32)
    clipped = boxes.clip(0, side)
    area = _area(boxes)
    seen = _area(clipped) / np.maximum(area, 1e-6)
    keep = seen >= 0.6
    unsure = clipped[(seen > 0.1) & ~keep]
    canvas = recolour(canvas, rng)
    copy = Example(canvas, clipped[keep], example.kinds[keep], example.backs_labelled)
    copy.tile_length = example.tile_length
    return copy, unsure


def _area(boxes: np.ndarray) -> np.ndarray:
    return (boxes[:, 2] - boxes[:, 0]).clip(0) * (boxes[:, 3] - boxes[:, 1]).clip(0)


def _edge_colour(image: np.ndarray, rng: np.random.Generator) -> tuple[float, float, float]:
    edge = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    colour = np.median(edge, axis=0) + rng.normal(0, 12, 3)
    return tuple(float(c) for c in colour.clip(0, 255))


def recolour(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Lighting, colour cast, blur and sensor noise, as cameras and rooms differ."""
    out = image.astype(np.float32)
    gain = rng.uniform(0.65, 1.3) * rng.uniform(0.88, 1.12, 3)
    out = out * gain + rng.uniform(-25, 25)
    if rng.random() < 0.3:  # uneven light across the table
        across = int(rng.integers(2))
        ramp = np.linspace(rng.uniform(0.75, 1.0), rng.uniform(1.0, 1.2), out.shape[across])
        ramp = ramp.astype(np.float32)[:: rng.choice([-1, 1])]
        out *= ramp[:, None, None] if across == 0 else ramp[None, :, None]
    if rng.random() < 0.35:  # a warm lamp or a cool one: red and blue pulled apart
        warmth = rng.uniform(0.6, 0.9)
        cast = np.array([warmth, 1.0, 1.0 / warmth**0.5], np.float32)
        out *= cast if rng.random() < 0.6 else cast[::-1]
    if rng.random() < 0.2:  # a dim room: up to two and a half stops under, and a phone's noise
        linear = (out.clip(0, 255) / 255.0) ** 2.2 * rng.uniform(0.18, 0.6)
        out = linear ** (1 / 2.2) * 255.0
        out += rng.normal(0, rng.uniform(2, 7), out.shape).astype(np.float32)
    if rng.random() < 0.15:
        grey = out.mean(axis=2, keepdims=True)
        out = np.repeat(grey, 3, axis=2)
    if rng.random() < 0.25:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 1.3))
    if rng.random() < 0.3:
        out += rng.normal(0, rng.uniform(2, 8), out.shape).astype(np.float32)
    return out.clip(0, 255).astype(np.uint8)


def targets(example: Example, unsure: np.ndarray, side: int) -> dict[str, np.ndarray]:
    """The maps the network should draw for this example, at one cell per STRIDE pixels."""
    cells = side // STRIDE
    heat = np.zeros((2, cells, cells), np.float32)
    heat_weight = np.ones((2, cells, cells), np.float32)
    box = np.zeros((4, cells, cells), np.float32)
    box_weight = np.zeros((cells, cells), np.float32)
    if not example.backs_labelled:
        heat_weight[1] = 0.0
    grid = (np.arange(cells, dtype=np.float32) + 0.5) * STRIDE
    order = np.argsort(-_area(example.boxes))  # small tiles drawn last, on top
    untaught = example.kinds == UNTAUGHT
    for index in order:
        if untaught[index]:
            continue
        x0, y0, x1, y1 = example.boxes[index]
        kind = example.kinds[index]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        sx = max(BUMP_ALPHA * (x1 - x0) / 6, 0.6 * STRIDE)
        sy = max(BUMP_ALPHA * (y1 - y0) / 6, 0.6 * STRIDE)
        gx = np.exp(-((grid - cx) ** 2) / (2 * sx * sx))
        gy = np.exp(-((grid - cy) ** 2) / (2 * sy * sy))
        bump = gy[:, None] * gx[None, :]
        np.maximum(heat[kind], bump, out=heat[kind])
        peak_x = min(cells - 1, int(cx // STRIDE))
        peak_y = min(cells - 1, int(cy // STRIDE))
        heat[kind, peak_y, peak_x] = 1.0
        core = bump > BOX_CORE
        core[peak_y, peak_x] = True
        box[:, core] = np.array([x0, y0, x1, y1], np.float32)[:, None]
        box_weight[core] = np.maximum(bump[core], 0.5)
    for x0, y0, x1, y1 in np.concatenate([unsure.reshape(-1, 4), example.boxes[untaught]]):
        heat_weight[
            :,
            int(y0 // STRIDE) : int(np.ceil(y1 / STRIDE)),
            int(x0 // STRIDE) : int(np.ceil(x1 / STRIDE)),
        ] = 0.0
    return {"heat": heat, "heat_weight": heat_weight, "box": box, "box_weight": box_weight}


def batch(examples: list[Example], side: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Augmented pictures (n x side x side x 3, uint8 BGR) and their stacked targets."""
    images, maps = [], []
    for example in examples:
        copy, unsure = augment(example, side, rng)
        images.append(copy.image)
        maps.append(targets(copy, unsure, side))
    stacked = {key: np.stack([m[key] for m in maps]) for key in maps[0]}
    stacked["image"] = np.stack(images)
    return stacked


def make_scenes(
    count: int,
    seed: int,
    path,
    whole_tables: bool = False,
    workers: int = 1,
    dark: bool | None = None,
    low: bool = False,
    level: bool = False,
    pool: str = "rows",
) -> None:
    """Draw `count` synthetic scenes and keep them (JPEG bytes, boxes, kinds) in one .npz file.

    `whole_tables`: whole end-of-hand tables (`datasets.table.full_table`: walls, standing hands,
    a pool of discards, tiles down to 25 pixels long) instead of `datasets.scene`'s hands.
    Standing tiles seen from above count as backs, as walls do. Scene k is drawn from the seed
    (`seed`, k), so `workers` processes draw the same scenes as one. `dark` True draws every
    whole table's set on black faces (`full_table`). `low`: every whole table seen by a low
    camera at the near side, its far edge 50-90 % as wide as the near (`full_table`'s `tilt`;
    the benchmark's low camera sees 70 and 50 %), the table otherwise the same. `level`: each
    low camera's table made level as the reader makes it (`vision.perspective`), since that is
    the picture the finder is given; a table too gently tilted for the reader stays as seen.
    `pool`: the whole tables' discards in rows or "tossed" into the middle (`full_table`)."""
    jobs = [(seed, index, whole_tables, dark, low, level, pool) for index in range(count)]
    description = "drawing tables" if whole_tables else "drawing scenes"
    if workers > 1:
        import multiprocessing

        # spawned, not forked: a fork of a process whose OpenCV or onnxruntime threads are
        # running can hang on a lock one of them held (it did in the test suite)
        with multiprocessing.get_context("spawn").Pool(workers, one_thread) as pool:
            drawn = list(_progress(pool.imap(_draw_scene, jobs, chunksize=4), description))
    else:
        drawn = [_draw_scene(job) for job in _progress(jobs, description)]
    pictures, boxes, kinds, discards = zip(*drawn, strict=True) if drawn else ((), (), (), ())
    lengths = [float(np.median(np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]))) for b in boxes]
    np.savez(
        path,
        pictures=_objects(list(pictures)),
        boxes=_objects(list(boxes)),
        kinds=_objects(list(kinds)),
        discards=_objects(list(discards)),
        lengths=np.array(lengths),
    )


def one_thread() -> None:
    """A worker process's start: OpenCV on one thread, as the workers are the parallelism."""
    cv2.setNumThreads(1)


def forked_workers(count: int):
    """`count` processes forked from this one, so they share its pictures without copying them.

    OpenCV's threads, which read the photos here, are stopped first: a worker forked while they
    ran waited forever for them when it set its own OpenCV to one thread (a run with two workers
    on this CPU hung before its first batch)."""
    import multiprocessing

    one_thread()
    return multiprocessing.get_context("fork").Pool(count, one_thread)


def _draw_scene(job: tuple[int, int, bool, bool | None, bool, bool, str]):
    """One scene of `make_scenes`: its JPEG bytes, boxes, kinds (1 for a face-down tile) and
    which tiles are discards."""
    from datasets.scene import random_scene
    from datasets.table import full_table

    seed, index, whole_tables, dark, low, level, pool = job
    rng = np.random.default_rng([seed, index])
    # the camera's height drawn apart, so a low camera sees the very table an overhead one does
    tilt = float(np.random.default_rng([seed, index, 1]).uniform(*LOW_TILTS)) if low else None
    scene = full_table(rng, dark=dark, tilt=tilt, pool=pool) if whole_tables else random_scene(rng)
    image = scene.image
    boxes = np.array([t.box for t in scene.tiles], np.float32).reshape(-1, 4)
    kinds = np.array([t.code == "back" for t in scene.tiles], np.int64)
    discards = np.array([t.role == "discard" for t in scene.tiles], bool)
    if level:
        image, boxes, kept = made_level(image, boxes, kinds)
        kinds, discards = kinds[kept], discards[kept]
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 93])
    return jpeg.ravel(), boxes, kinds, discards


def _objects(arrays: list[np.ndarray]) -> np.ndarray:
    """A 1-D object array holding each array whole (np.array would stack arrays of one shape)."""
    out = np.empty(len(arrays), dtype=object)
    for index, array in enumerate(arrays):
        out[index] = array
    return out


def load_scenes(path, untaught_discards: bool = False) -> list[Example]:
    """The scenes kept by `make_scenes`, decoded. `untaught_discards`: their discards are
    UNTAUGHT (left out of the loss); a pool kept before discards were marked is refused then."""
    kept = np.load(path, allow_pickle=True)
    if "discards" in kept:
        discards = kept["discards"]
    elif untaught_discards:
        raise ValueError(f"{path} does not mark its discards: delete it to have it drawn again")
    else:
        discards = [None] * len(kept["kinds"])
    examples = []
    for picture, boxes, kinds, length, discarded in zip(
        kept["pictures"], kept["boxes"], kept["kinds"], kept["lengths"], discards, strict=True
    ):
        image = cv2.imdecode(picture, cv2.IMREAD_COLOR)
        if untaught_discards:
            kinds = np.where(discarded, UNTAUGHT, kinds)
        examples.append(Example(image, boxes, kinds, backs_labelled=True, tile_length=length))
    return examples


def elongation(example: Example) -> float:
    """The median length-to-width ratio of an example's tiles (about 1.3 unless stretched)."""
    if len(example.boxes) == 0:
        return 1.0
    w = example.boxes[:, 2] - example.boxes[:, 0]
    h = example.boxes[:, 3] - example.boxes[:, 1]
    return float(np.median(np.maximum(w, h) / np.maximum(np.minimum(w, h), 1e-6)))


def overlap_ratio(example: Example) -> float:
    """Summed box area over the area the boxes cover: 1.0 when no boxes overlap.

    Tiles never overlap on a table, so a high ratio marks the dataset's rotated and sheared
    copies, whose axis-aligned boxes grew around turned tiles (or slipped off them)."""
    if len(example.boxes) == 0:
        return 1.0
    side = max(example.image.shape[:2])
    cover = np.zeros((side // 4 + 1, side // 4 + 1), bool)
    total = 0.0
    for x0, y0, x1, y1 in (example.boxes / 4).astype(int):
        cover[y0 : y1 + 1, x0 : x1 + 1] = True
        total += (x1 - x0 + 1) * (y1 - y0 + 1)
    return total / max(int(cover.sum()), 1)


def main(argv: list[str] | None = None) -> int:
    """`python -m lab.detector_data OUT.npz`: pack the train photos for a machine lent to train."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m lab.detector_data", description=main.__doc__)
    parser.add_argument("out", help="the .npz file to write")
    parser.add_argument("--quality", type=int, default=85, help="JPEG quality")
    parser.add_argument(
        "--others", type=int, default=0, help="turned or sheared copies to keep beside the clean"
    )
    args = parser.parse_args(argv)
    pack_photos("train", args.out, args.quality, args.others)
    print(f"Wrote {args.out}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
