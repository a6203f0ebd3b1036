"""`python -m lab.train_flowers [--variant small]`: train a flower reader,
`vision/models/flower-reader.onnx` (`large`) or `vision/models/flower-reader-small.onnx`.

The tile classifier names a tile from a 48-pixel crop. A flower or a season is told from the
others by its small corner character and number (梅 1, 春 1), and at 48 pixels those are a few
pixels tall, so the classifier learnt the picture instead: right for a set whose every flower
and season has its own picture (the photos'), wrong for a set whose seasons borrow the flowers'
pictures. The large reader looks again, at 96 pixels, at a tile the classifier calls a flower
or a season, and answers which of the eight it is. The small reader answers the same for a tile
a camera over the whole table sees 18-56 pixels long, at 48 pixels: a model of the eight alone
learns their characters where the classifier, among all 43 codes, learnt pictures.

Data: flowers and seasons drawn by `datasets/render.py` in every training style (the held-out
style is never drawn) at the variant's heights, placed and lit as the classifier's crops are
(`datasets.augment.augment_crop`); for the small reader, also the flowers of 1,600 full tables
drawn by `datasets/table.py` (seed TABLE_SEED, cut where they lie), and every crop seen at a
random smaller size half the time; and the train photos' flowers and seasons cut where they are
labelled, a tenth of the source photos held out (the classifier's own hold-out). Training code
only (torch); the product runs the exported model with onnxruntime (`vision/flowers.py`).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from datasets.codes import FLOWERS as FLOWER_CODES
from datasets.codes import SEASONS, is_flower
from lab.train import HOLDOUT_FRACTION, MEAN, STD

FLOWERS = FLOWER_CODES + SEASONS  # the model's eight codes, in this order
CACHE = Path("data/crops")
RUNS = Path("runs/flowers")


@dataclass(frozen=True)
class Variant:
    """One of the two flower readers: the size it looks at and the tiles it learns from."""

    size: int  # its input, in pixels square
    heights: tuple[int, int]  # drawn tiles' heights: the reader asks about crops in this range
    out: str
    tables: int  # rendered full tables whose flowers it also learns from (seen as a camera does)
    # asked also about a tile the classifier names otherwise but gives the eight this much
    # (`FlowerReader.asked_share`); None: only about tiles named a flower
    asked_share: float | None = None
    over_table: bool = False  # asked only about pictures of a whole table (`FlowerReader`)
    minutes: float = 40.0  # training time by default
    # its belief multiplied with the classifier's raised to this power (`FlowerReader.weight`)
    weight: float = 1.0
    # half the batches seen at a random size down to its smallest tile's first (a tile further off)
    seen_smaller: bool = False


VARIANTS = {
    # a close photo: the corner character read at twice the classifier's size
    "large": Variant(96, (56, 150), "vision/models/flower-reader.onnx", 0),
    # a whole table seen from above, tiles 18-56 pixels long: the classifier's own size
    "small": Variant(
        48,
        (18, 56),
        "vision/models/flower-reader-small.onnx",
        tables=1600,
        asked_share=0.05,
        over_table=True,
        minutes=10.0,
        weight=0.5,  # chosen on the held-out photos' flowers at a table's size (the card)
        seen_smaller=True,
    ),
}
TABLE_SEED = 500  # the full tables drawn for the small reader (the reader's checks use others)


def _drawn(job: tuple[int, int, tuple[str, ...], Variant]):
    from datasets.augment import augment_crop
    from datasets.render import render_tile
    from vision.crops import resize_square

    seed, count, styles, variant = job
    rng = np.random.default_rng(seed)
    images, codes, drawn_in = [], [], []
    for _ in range(count):
        code = int(rng.integers(len(FLOWERS)))
        style = styles[int(rng.integers(len(styles)))]
        tile = render_tile(FLOWERS[code], rng, style, height=int(rng.integers(*variant.heights)))
        crop, _ = augment_crop(tile, rng)
        images.append(resize_square(crop, variant.size))
        codes.append(code)
        drawn_in.append(style)
    return np.stack(images), np.array(codes, np.int16), drawn_in


def drawn_flowers(count: int, seed: int, styles: tuple[str, ...], workers: int, variant: Variant):
    """`count` drawn flowers and seasons (images, codes, styles), kept in data/crops once drawn."""
    low, high = variant.heights
    path = CACHE / f"flowers-{variant.size}-{low}-{high}-{count}-seed{seed}-{len(styles)}styles.npz"
    chunk = 250
    jobs = [(seed * 1000 + i, chunk, styles, variant) for i in range(count // chunk)]
    return _kept(path, _drawn, jobs, workers)


def _kept(path: Path, draw, jobs: list, workers: int):
    """The crops kept at `path`, or drawn by `draw` over `jobs` in `workers` processes (each
    job's images, codes and styles joined) and kept there."""
    if path.exists():
        data = np.load(path)
        return data["images"], data["codes"], data["styles"]
    with Pool(workers) as pool:
        parts = pool.map(draw, jobs)
    images = np.concatenate([p[0] for p in parts])
    codes = np.concatenate([p[1] for p in parts])
    drawn_in = np.array([s for p in parts for s in p[2]])
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez(path, images=images, codes=codes, styles=drawn_in)
    return images, codes, drawn_in


def photo_flowers(size: int):
    """The train photos' flowers and seasons, cut as the reader cuts them: (images, codes,
    held out?), held out as the classifier's real crops are (`lab.train.HOLDOUT_FRACTION`)."""
    import cv2

    from datasets.photos import in_holdout, list_photos
    from vision.crops import crop_box, resize_square
    from vision.reader import CROP_MARGIN

    path = CACHE / f"flowers-{size}-photos.npz"
    if path.exists():
        data = np.load(path)
        return data["images"], data["codes"], data["held"]
    images, codes, held = [], [], []
    for photo in list_photos("train"):
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        if image is None:
            continue
        height, width = image.shape[:2]
        for tile in photo.tiles(width, height):
            if not is_flower(tile.code):
                continue
            images.append(resize_square(crop_box(image, tile.box, CROP_MARGIN), size))
            codes.append(FLOWERS.index(tile.code))
            held.append(in_holdout(photo.source, HOLDOUT_FRACTION))
    data = np.stack(images), np.array(codes, np.int16), np.array(held)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez(path, images=data[0], codes=data[1], held=data[2])
    return data


def _table_flowers(job: tuple[int, int, int]):
    from datasets.crop_cache import HELD_OUT_STYLE
    from datasets.table import full_table
    from vision.crops import crop_box, resize_square
    from vision.reader import CROP_MARGIN

    start, end, size = job
    images, codes, drawn_in = [], [], []
    for k in range(start, end):
        rng = np.random.default_rng([TABLE_SEED, k])
        scene = full_table(rng)
        style = scene.conditions["style"]
        if style == HELD_OUT_STYLE:
            continue
        for tile in scene.tiles:
            if not is_flower(tile.code) or tile.visible < 0.9:
                continue
            x0, y0, x1, y1 = tile.box
            for _ in range(2):  # each boxed twice, as a finder might: a few hundredths off
                shift = rng.uniform(-0.08, 0.08, 4) * np.array([x1 - x0, y1 - y0] * 2)
                box = (x0 + shift[0], y0 + shift[1], x1 + shift[2], y1 + shift[3])
                images.append(resize_square(crop_box(scene.image, box, CROP_MARGIN), size))
                codes.append(FLOWERS.index(tile.code))
                drawn_in.append(style)
    empty = np.zeros((0, size, size, 3), np.uint8)
    return (np.stack(images) if images else empty), np.array(codes, np.int16), drawn_in


def table_flowers(tables: int, size: int, workers: int):
    """The flowers and seasons of `tables` full tables drawn by `datasets.table` (the held-out
    style's left out), cut where they lie as the reader cuts a found tile: what a camera over
    the table sees, with its light, turn and perspective. Kept in data/crops once drawn."""
    path = CACHE / f"flowers-{size}-tables-{tables}-seed{TABLE_SEED}.npz"
    chunk = 50
    jobs = [(k, min(k + chunk, tables), size) for k in range(0, tables, chunk)]
    return _kept(path, _table_flowers, jobs, workers)


def _batch(images: np.ndarray, rng, torch, learn: bool, shrink: tuple[int, int] | None = None):
    """uint8 crops -> a normalised batch; in training turned a random quarter, inks swapped now
    and then (each ink another colour, white still white), lit brighter or darker, and where
    `shrink` is given seen at a random size in that range first (a tile further away)."""
    x = torch.from_numpy(images).permute(0, 3, 1, 2).float() / 255.0
    if learn and shrink and rng.random() < 0.5:
        size = x.shape[-1]
        small = int(rng.integers(*shrink))
        x = torch.nn.functional.interpolate(x, (small, small), mode="area")
        x = torch.nn.functional.interpolate(x, (size, size), mode="bilinear", align_corners=False)
    if learn:
        x = torch.rot90(x, int(rng.integers(4)), (2, 3))
        if rng.random() < 0.3:
            x = x[:, torch.from_numpy(rng.permutation(3))]
        x = x * float(rng.uniform(0.7, 1.2)) + float(rng.uniform(-0.1, 0.1))
    return (x - MEAN[0]) / STD[0]


def accuracy(net, images: np.ndarray, codes: np.ndarray, torch) -> np.ndarray:
    """Whether each crop is named right (as it is, no quarter turn)."""
    net.eval()
    named = []
    with torch.no_grad():
        for start in range(0, len(images), 256):
            logits, _ = net(_batch(images[start : start + 256], None, torch, False))
            named.append(logits.argmax(1).numpy())
    return np.concatenate(named) == codes if named else np.zeros(0, bool)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.train_flowers", description=__doc__)
    parser.add_argument("--minutes", type=float, help="training time (the variant's own)")
    parser.add_argument("--drawn", type=int, default=20000, help="drawn crops to learn from")
    parser.add_argument("--real-share", type=float, default=0.35, help="photo crops a batch")
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="large", help="which reader")
    parser.add_argument("--out", help="the model to write (the variant's own by default)")
    parser.add_argument("--resume", help="start from these weights (a .pt a run wrote)")
    args = parser.parse_args(argv)

    import torch

    from datasets.crop_cache import HELD_OUT_STYLE
    from datasets.render import available_styles
    from lab.tile_net import TileNet, export_onnx

    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    variant = VARIANTS[args.variant]
    minutes = args.minutes or variant.minutes
    learnt = tuple(s for s in available_styles() if s != HELD_OUT_STYLE)
    drawn, drawn_codes, _ = drawn_flowers(args.drawn, 5, learnt, args.threads, variant)
    test, test_codes, test_styles = drawn_flowers(
        2000, 77, tuple(available_styles()), args.threads, variant
    )
    if variant.tables:
        on_tables, on_tables_codes, _ = table_flowers(variant.tables, variant.size, args.threads)
        drawn = np.concatenate([drawn, on_tables])
        drawn_codes = np.concatenate([drawn_codes, on_tables_codes])
    real, real_codes, held = photo_flowers(variant.size)
    learn_real, watch_real = np.flatnonzero(~held), np.flatnonzero(held)
    print(
        f"{len(drawn)} drawn flowers and seasons ({variant.tables} tables'), "
        f"{len(learn_real)} from the photos ({len(watch_real)} held out)"
    )
    shrink = (variant.heights[0], variant.size) if variant.seen_smaller else None
    net = TileNet(len(FLOWERS))
    if args.resume:
        net.load_state_dict(torch.load(args.resume))
    optimiser = torch.optim.AdamW(net.parameters(), args.lr, weight_decay=5e-4)
    per_real = round(args.batch * args.real_share)
    start, step = time.time(), 0
    while (spent := time.time() - start) < minutes * 60:
        done = spent / (minutes * 60)  # one cycle over the clock: warm up, then cosine down
        rate = args.lr * (done / 0.1 if done < 0.1 else 0.5 * (1 + np.cos(np.pi * done)))
        for group in optimiser.param_groups:
            group["lr"] = max(rate, 1e-5)
        pick_drawn = rng.integers(0, len(drawn), args.batch - per_real)
        pick_real = learn_real[rng.integers(0, len(learn_real), per_real)]
        images = np.concatenate([drawn[pick_drawn], real[pick_real]])
        codes = np.concatenate([drawn_codes[pick_drawn], real_codes[pick_real]])
        net.train()
        logits, _ = net(_batch(images, rng, torch, True, shrink))
        target = torch.from_numpy(codes.astype(np.int64))
        loss = torch.nn.functional.cross_entropy(logits, target, label_smoothing=0.05)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        step += 1
        if step % 200 == 0:
            print(f"step {step}, {spent / 60:.1f} min, loss {loss.item():.3f}", flush=True)

    right = accuracy(net, test, test_codes, torch)
    figures = {
        style: round(100 * float(right[test_styles == style].mean()), 1)
        for style in sorted(set(test_styles.tolist()))
    }
    watched = accuracy(net, real[watch_real], real_codes[watch_real], torch)
    figures["photos held out"] = round(100 * float(watched.mean()), 1)
    for name, value in figures.items():
        print(f"  {name:22} {value:5.1f} %")
    out = Path(args.out or variant.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    metadata = {
        "codes": list(FLOWERS),
        "input_size": variant.size,
        "smallest_tile": variant.heights[0],
        "largest_tile": variant.heights[1],
        **({"asked_share": variant.asked_share} if variant.asked_share else {}),
        "over_table": variant.over_table,
        "weight": variant.weight,
        "mean": list(MEAN),
        "std": list(STD),
        "channel_order": "BGR",
        "layout": "NHWC",
        "input_dtype": "uint8",
        "resize": "vision.crops.resize_square",
        "trained": time.strftime("%Y-%m-%d"),
        "training_minutes": minutes,
        "held_out_style": HELD_OUT_STYLE,
        "figures": figures,
        "credits": "Roboflow Universe 'Chinese Mahjong Detection' v4 (CC BY 4.0); our renderer",
    }
    export_onnx(net, out, variant.size, metadata)
    weights = RUNS / f"{out.stem}.pt"  # to start a later run from (`--resume`)
    weights.parent.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), weights)
    print(f"wrote {out}: {json.dumps(figures)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
