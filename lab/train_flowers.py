"""`python -m lab.train_flowers`: train the flower reader, `vision/models/flower-reader.onnx`.

The tile classifier names a tile from a 48-pixel crop. A flower or a season is told from the
others by its small corner character and number (梅 1, 春 1), and at 48 pixels those are a few
pixels tall, so the classifier learnt the picture instead: right for a set whose every flower
and season has its own picture (the photos'), wrong for a set whose seasons borrow the flowers'
pictures. The flower reader looks again, at 96 pixels, at a tile the classifier calls a flower
or a season, and answers which of the eight it is.

Data: flowers and seasons drawn by `datasets/render.py` in every training style (the held-out
style is never drawn) at 56-150 pixels, placed and lit as the classifier's crops are
(`datasets.augment.augment_crop`), and the train photos' flowers and seasons cut where they are
labelled, a tenth of the source photos held out (the classifier's own hold-out). Training code
only (torch); the product runs the exported model with onnxruntime (`vision/flowers.py`).
"""

from __future__ import annotations

import argparse
import json
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from datasets.codes import FLOWERS as FLOWER_CODES
from datasets.codes import SEASONS, is_flower
from lab.train import HOLDOUT_FRACTION, MEAN, STD

FLOWERS = FLOWER_CODES + SEASONS  # the model's eight codes, in this order
SIZE = 96
TILE_HEIGHTS = (56, 150)  # drawn tiles' heights; the reader asks about no smaller crop
CACHE = Path("data/crops")
RUNS = Path("runs/flowers")


def _drawn(job: tuple[int, int, tuple[str, ...]]):
    from datasets.augment import augment_crop
    from datasets.render import render_tile
    from vision.crops import resize_square

    seed, count, styles = job
    rng = np.random.default_rng(seed)
    images, codes, drawn_in = [], [], []
    for _ in range(count):
        code = int(rng.integers(len(FLOWERS)))
        style = styles[int(rng.integers(len(styles)))]
        tile = render_tile(FLOWERS[code], rng, style, height=int(rng.integers(*TILE_HEIGHTS)))
        crop, _ = augment_crop(tile, rng)
        images.append(resize_square(crop, SIZE))
        codes.append(code)
        drawn_in.append(style)
    return np.stack(images), np.array(codes, np.int16), drawn_in


def drawn_flowers(count: int, seed: int, styles: tuple[str, ...], workers: int):
    """`count` drawn flowers and seasons (images, codes, styles), kept in data/crops once drawn."""
    path = CACHE / f"flowers-{SIZE}-{count}-seed{seed}-{len(styles)}styles.npz"
    if path.exists():
        data = np.load(path)
        return data["images"], data["codes"], data["styles"]
    chunk = 250
    jobs = [(seed * 1000 + i, chunk, styles) for i in range(count // chunk)]
    with Pool(workers) as pool:
        parts = pool.map(_drawn, jobs)
    images = np.concatenate([p[0] for p in parts])
    codes = np.concatenate([p[1] for p in parts])
    drawn_in = np.array([s for p in parts for s in p[2]])
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez(path, images=images, codes=codes, styles=drawn_in)
    return images, codes, drawn_in


def photo_flowers():
    """The train photos' flowers and seasons, cut as the reader cuts them: (images, codes,
    held out?), held out as the classifier's real crops are (`lab.train.HOLDOUT_FRACTION`)."""
    import cv2

    from datasets.photos import in_holdout, list_photos
    from vision.crops import crop_box, resize_square
    from vision.reader import CROP_MARGIN

    path = CACHE / f"flowers-{SIZE}-photos.npz"
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
            images.append(resize_square(crop_box(image, tile.box, CROP_MARGIN), SIZE))
            codes.append(FLOWERS.index(tile.code))
            held.append(in_holdout(photo.source, HOLDOUT_FRACTION))
    data = np.stack(images), np.array(codes, np.int16), np.array(held)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez(path, images=data[0], codes=data[1], held=data[2])
    return data


def _batch(images: np.ndarray, rng, torch, learn: bool):
    """uint8 crops -> a normalised batch; in training turned a random quarter, inks swapped now
    and then (each ink another colour, white still white), lit brighter or darker."""
    x = torch.from_numpy(images).permute(0, 3, 1, 2).float() / 255.0
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
    parser.add_argument("--minutes", type=float, default=40.0, help="training time")
    parser.add_argument("--drawn", type=int, default=20000, help="drawn crops to learn from")
    parser.add_argument("--real-share", type=float, default=0.35, help="photo crops a batch")
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", default="vision/models/flower-reader.onnx")
    parser.add_argument("--resume", help="start from these weights (a .pt a run wrote)")
    args = parser.parse_args(argv)

    import torch

    from datasets.crop_cache import HELD_OUT_STYLE
    from datasets.render import available_styles
    from lab.tile_net import TileNet, export_onnx

    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    learnt = tuple(s for s in available_styles() if s != HELD_OUT_STYLE)
    drawn, drawn_codes, _ = drawn_flowers(args.drawn, 5, learnt, args.threads)
    test, test_codes, test_styles = drawn_flowers(2000, 77, tuple(available_styles()), args.threads)
    real, real_codes, held = photo_flowers()
    learn_real, watch_real = np.flatnonzero(~held), np.flatnonzero(held)
    print(
        f"{len(drawn)} drawn flowers and seasons, {len(learn_real)} from the photos "
        f"({len(watch_real)} held out)"
    )
    net = TileNet(len(FLOWERS))
    if args.resume:
        net.load_state_dict(torch.load(args.resume))
    optimiser = torch.optim.AdamW(net.parameters(), args.lr, weight_decay=5e-4)
    per_real = round(args.batch * args.real_share)
    start, step = time.time(), 0
    while (spent := time.time() - start) < args.minutes * 60:
        done = spent / (args.minutes * 60)  # one cycle over the clock: warm up, then cosine down
        rate = args.lr * (done / 0.1 if done < 0.1 else 0.5 * (1 + np.cos(np.pi * done)))
        for group in optimiser.param_groups:
            group["lr"] = max(rate, 1e-5)
        pick_drawn = rng.integers(0, len(drawn), args.batch - per_real)
        pick_real = learn_real[rng.integers(0, len(learn_real), per_real)]
        images = np.concatenate([drawn[pick_drawn], real[pick_real]])
        codes = np.concatenate([drawn_codes[pick_drawn], real_codes[pick_real]])
        net.train()
        logits, _ = net(_batch(images, rng, torch, True))
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
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    metadata = {
        "codes": list(FLOWERS),
        "input_size": SIZE,
        "smallest_tile": TILE_HEIGHTS[0],
        "mean": list(MEAN),
        "std": list(STD),
        "channel_order": "BGR",
        "layout": "NHWC",
        "input_dtype": "uint8",
        "resize": "vision.crops.resize_square",
        "trained": time.strftime("%Y-%m-%d"),
        "training_minutes": args.minutes,
        "held_out_style": HELD_OUT_STYLE,
        "figures": figures,
        "credits": "Roboflow Universe 'Chinese Mahjong Detection' v4 (CC BY 4.0); our renderer",
    }
    export_onnx(net, out, SIZE, metadata)
    weights = RUNS / f"{out.stem}.pt"  # to start a later run from (`--resume`)
    weights.parent.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), weights)
    print(f"wrote {out}: {json.dumps(figures)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
