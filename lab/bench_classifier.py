"""The classifier's part of `python -m vision.bench`: the time to name a batch of 30 crops.

The crops are real tiles from the valid photos where `../shared` is present (synthetic ones
otherwise). The time is for the whole `TileClassifier.classify` call (crop resizing,
normalisation, one onnxruntime run, softmax and top codes), with its parts printed beside it.
"""

from __future__ import annotations

import time

import numpy as np

BATCH = 30
TARGET_MS = 3.0


def sample_crops(count: int = BATCH, limit: int | None = None) -> tuple[list[np.ndarray], str]:
    """`count` crops to time: real ones if the photos are there, else drawn ones."""
    import cv2

    from datasets.photos import MissingData, list_photos
    from vision.crops import crop_box

    crops: list[np.ndarray] = []
    try:
        for photo in list_photos("valid")[:limit]:
            image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
            for tile in photo.tiles(image.shape[1], image.shape[0]):
                crops.append(crop_box(image, tile.box).copy())
                if len(crops) == count:
                    return crops, "real crops from the valid photos"
    except MissingData:
        pass
    from datasets.augment import augment_crop
    from datasets.codes import CLASS_CODES
    from datasets.render import render_tile

    rng = np.random.default_rng(0)
    while len(crops) < count:
        code = CLASS_CODES[len(crops) % len(CLASS_CODES)]
        crops.append(augment_crop(render_tile(code, rng, "procedural"), rng)[0])
    return crops, "synthetic crops (the shared photos are absent)"


def _median_ms(call, repeats: int) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    times = np.array(times) * 1000
    return float(np.median(times)), float(np.percentile(times, 90))


def run(args) -> dict:
    from vision.classifier import TileClassifier

    classifier = TileClassifier()
    crops, origin = sample_crops(BATCH, getattr(args, "limit", None))
    repeats = 300
    for _ in range(30):  # warm up: first runs allocate
        classifier.classify(crops)
    total, total_p90 = _median_ms(lambda: classifier.classify(crops), repeats)
    batch = classifier.preprocess(crops)
    prep, _ = _median_ms(lambda: classifier.preprocess(crops), repeats)
    infer, _ = _median_ms(lambda: classifier.infer(batch), repeats)
    sizes = [c.shape[0] for c in crops]
    verdict = "meets" if total <= TARGET_MS else "misses"
    print(f"\n== tile classifier: a batch of {BATCH} {origin}, {min(sizes)}-{max(sizes)} px tall")
    print(f"{'':28}{'median ms':>10}{'p90 ms':>9}{'target':>9}")
    print(f"{'classify(30 crops)':28}{total:10.2f}{total_p90:9.2f}{TARGET_MS:9.1f}   {verdict}")
    print(f"{'  preprocess (resize)':28}{prep:10.2f}")
    print(f"{'  onnxruntime run':28}{infer:10.2f}")
    print(f"{'per crop':28}{total / BATCH:10.3f}")
    print("(timed on this machine as it is; other work on it makes the figures noisy)")
    return {"classify_ms": total, "p90_ms": total_p90, "preprocess_ms": prep, "infer_ms": infer}
