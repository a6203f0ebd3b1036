"""Figures of the table reader on the valid photos, beside the `mahjong-detector` package.

`python -m vision.bench --only reader [--limit N]` runs both readers on the same decoded photos,
one after the other, and prints one table:

- found: labelled tiles that a reported box covers at IoU >= 0.5 (each label found once);
- named right: found, and the code is the label's;
- precision: reported tiles that cover a labelled tile (IoU >= 0.5); precision (named) also
  needs the right code. Face-down tiles are not labelled in these photos, so reported `back`
  tiles are left out of precision (ours reports backs only inside concealed kongs anyway);
  precision (checked) leaves out the faces found on the tiles a photo shows but does not label,
  checked by eye (`datasets.photos.UNLABELLED_TILES`; see `lab.conditions`);
- median time per photo, from the decoded picture to the answer (ours: finding, naming and
  grouping; the peer: its own preprocessing and detection).

Seven valid photos carry one code on every tile (all `1p`, though they show rows of different
tiles): the table leaves them out, as `lab.evaluate` does, and a line after it gives the
figures with them, as labelled.

`mahjong-detector` (a YOLO11n ONNX model, riichi classes) has no flowers or seasons: those count
as misses for it. Timings share the machine with whatever else runs; the table says so.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

TARGET_NAMED = 0.98  # issue 12: valid photos as they are (97 % under other light and angles)
TARGET_PRECISION = 0.98
TARGET_MS = 15.0
TARGET_SPEEDUP = 3.0  # times faster than the peer on the same photos
PEER_CODES = {  # mahjong-detector's riichi class names -> our tile codes
    "tou": "1z",
    "nan": "2z",
    "sha": "3z",
    "pe": "4z",
    "haku": "5z",
    "hatsu": "6z",
    "chun": "7z",
}


def match_boxes(found: np.ndarray, truth: np.ndarray, iou: float = 0.5) -> np.ndarray:
    """For each found box (best first), the index of the true box it finds, or -1.

    Greedy, as detection benchmarks count: each true box is found at most once, by the best
    unmatched found box that overlaps it at least `iou`.
    """
    from vision.detector import box_iou

    matched = np.full(len(found), -1, dtype=np.int64)
    if len(found) == 0 or len(truth) == 0:
        return matched
    overlaps = box_iou(np.asarray(found, float), np.asarray(truth, float))
    taken = np.zeros(len(truth), dtype=bool)
    for i in range(len(found)):
        row = np.where(taken, -1.0, overlaps[i])
        j = int(row.argmax())
        if row[j] >= iou:
            matched[i] = j
            taken[j] = True
    return matched


@dataclass
class Tally:
    """Counts and times of one reader over the photos."""

    name: str
    truth: int = 0
    reported: int = 0
    unlabelled: int = 0  # reported faces lying on a tile the photo does not label
    found: int = 0
    named: int = 0
    flowers: int = 0
    flowers_named: int = 0
    times: list[float] = field(default_factory=list)
    stages: dict[str, list[float]] = field(default_factory=dict)

    def add(self, boxes, codes, truth_boxes, truth_codes, seconds: float, unlabelled=None) -> None:
        """One photo: the boxes and codes reported, the labels, the time taken, and the centres
        of the tiles it shows without a label (`unlabelled`, n x 2)."""
        from lab.conditions import on_unlabelled_tiles

        boxes = np.asarray(boxes, float).reshape(-1, 4)
        matched = match_boxes(boxes, truth_boxes)
        self.truth += len(truth_codes)
        self.reported += len(codes)
        if unlabelled is not None:
            self.unlabelled += on_unlabelled_tiles(boxes, matched, np.asarray(unlabelled, float))
        self.found += int((matched >= 0).sum())
        for code, j in zip(codes, matched, strict=True):
            if j >= 0 and code == truth_codes[j]:
                self.named += 1
                self.flowers_named += truth_codes[j].endswith("f")
        self.flowers += sum(code.endswith("f") for code in truth_codes)
        self.times.append(seconds)

    def row(self) -> list[str]:
        median = 1000 * float(np.median(self.times)) if self.times else float("nan")
        return [
            self.name,
            _share(self.found, self.truth),
            _share(self.named, self.truth),
            _share(self.found, self.reported),
            _share(self.found, self.reported - self.unlabelled),
            _share(self.named, self.reported),
            _share(self.flowers_named, self.flowers),
            f"{median:.1f}",
        ]


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


class _Timed:
    """Wraps the finder or the classifier to time its calls into `stages[name]`."""

    def __init__(self, inner, name: str, stages: dict[str, list[float]]):
        self.inner, self.name, self.stages = inner, name, stages

    def __getattr__(self, attribute: str):
        """Everything else the reader asks of the finder or classifier (its threshold, its
        rotation output) is the wrapped one's, so the reader timed is the reader that ships."""
        return getattr(self.inner, attribute)

    def _timed(self, method: Callable, *args):
        started = time.perf_counter()
        result = method(*args)
        self.stages.setdefault(self.name, []).append(time.perf_counter() - started)
        return result

    def find(self, bgr):
        return self._timed(self.inner.find, bgr)

    def find_looked(self, bgr, look=None, around=None):
        return self._timed(self.inner.find_looked, bgr, look, around)

    def classify(self, crops, look_again=True, over_table=False):
        return self._timed(self.inner.classify, crops, look_again, over_table)


def our_reader(tally: Tally):
    from vision.classifier import TileClassifier
    from vision.reader import TileReader, shipped_finders

    def finding(model):
        return model and _Timed(model, "finding", tally.stages)

    def naming(model):
        return model and _Timed(model, "naming", tally.stages)

    # the models the reader would load itself, each timed: the closer and level finders too
    finder, closer, level = shipped_finders()
    classifier = TileClassifier()
    reader = TileReader(
        finder=finding(finder),
        classifier=naming(classifier),
        closer_finder=finding(closer),
        level_finder=finding(level),
        table_classifier=naming(TileClassifier.for_tables(classifier)),
    )

    def read(bgr):
        reading = reader.read(bgr)
        faces = [t for t in reading.tiles if t.code != "back"]
        return [t.box for t in faces], [t.code for t in faces]

    read.reader = reader  # for the tests: which models it holds
    return read


def peer_reader():
    """`mahjong-detector` called as its own `detect_tiles` does, keeping the boxes."""
    import cv2
    from mahjong_detector.predict import CLASS_NAMES, predict
    from mahjong_detector.preprocess import preprocess_image
    from PIL import Image

    def read(bgr):
        picture = Image.fromarray(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))
        prepared, padding = preprocess_image(picture)
        detections = predict(prepared, padding)
        boxes = [(d.x1, d.y1, d.x2, d.y2) for d in detections]
        names = [CLASS_NAMES[d.class_id] for d in detections]
        return boxes, [PEER_CODES.get(name, name) for name in names]

    return read


def valid_photos(section: str, args) -> list | None:
    """The valid photos (at most `args.limit`), or None, said on the terminal, when the shared
    data is not there."""
    from datasets.photos import MissingData, list_photos

    try:
        photos = list_photos("valid")
    except MissingData as missing:
        print(f"{section}: skipped ({missing})")
        return None
    return photos[: args.limit] if getattr(args, "limit", None) else photos


def run(args) -> None:
    import cv2

    from datasets.photos import labels_look_wrong

    photos = valid_photos("reader", args)
    if photos is None:
        return
    ours = Tally("mahjong-table reader")
    peer = Tally("mahjong-detector 0.0.6")
    # each reader counted twice: on the photos whose labels hold (the headline figures), and on
    # every photo as labelled
    readers = [
        (ours, Tally(ours.name), our_reader(ours)),
        (peer, Tally(peer.name), peer_reader()),
    ]
    warm = cv2.imread(str(photos[0].image), cv2.IMREAD_COLOR)
    # each reader reads every photo in a pass of its own, so that neither's model pushes the
    # other's out of the processor's caches between photos (alternating them slowed both)
    for tally, as_labelled, read in readers:
        for _ in range(3):  # load the models and warm the sessions before timing
            read(warm)
        tally.stages.clear()
        slipped = 0
        for photo in _progress(photos, tally.name):
            image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
            height, width = image.shape[:2]
            labels = photo.tiles(width, height)
            truth_boxes = np.array([t.box for t in labels], float).reshape(-1, 4)
            truth_codes = [t.code for t in labels]
            slip = labels_look_wrong(labels, photo.source)
            slipped += slip
            started = time.perf_counter()
            boxes, codes = read(image)
            seconds = time.perf_counter() - started
            unlabelled = photo.unlabelled(width, height)
            as_labelled.add(boxes, codes, truth_boxes, truth_codes, seconds, unlabelled)
            if not slip:
                tally.add(boxes, codes, truth_boxes, truth_codes, seconds, unlabelled)
    _print(photos, ours, peer)
    print(
        f"  The table leaves out {slipped} photos whose every tile is labelled with one code "
        "(a labelling slip: they show many tiles). With them, as labelled:"
    )
    for _, tally, _ in readers:
        print(
            f"    {tally.name}: found {_share(tally.found, tally.truth)}, named right "
            f"{_share(tally.named, tally.truth)}, precision {_share(tally.found, tally.reported)}"
        )


def _progress(items, name: str):
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return tqdm(items, desc=f"{name} reading valid photos", unit="photo", leave=False)


def _print(photos, ours: Tally, peer: Tally) -> None:
    header = [
        "reader",
        "found",
        "named right",
        "precision",
        "prec. (checked)",
        "prec. (named)",
        "flowers",
        "ms",
    ]
    rows = [ours.row(), peer.row()]
    ratio = np.median(peer.times) / max(np.median(ours.times), 1e-9)
    rows.append(
        [
            "target",
            "",
            f">= {TARGET_NAMED:.0%}",
            f">= {TARGET_PRECISION:.0%}",
            "",
            "",
            "",
            f"<= {TARGET_MS:.0f}, {TARGET_SPEEDUP:.0f}x peer",
        ]
    )
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    print(
        f"\nReader on the valid photos: {len(ours.times)} photos, {ours.truth} labelled face tiles "
        "(face-down tiles are not labelled there and not counted); IoU >= 0.5. Precision "
        "(checked): the faces found on tiles the photos show but do not label, checked by eye, "
        "left out."
    )
    for row in [header] + rows:
        print("  " + "  ".join(str(v).ljust(w) for v, w in zip(row, widths, strict=True)))
    stages = ", ".join(
        f"{name} {1000 * float(np.median(times)):.1f} ms" for name, times in ours.stages.items()
    )
    print(f"  ours, median per photo by stage: {stages}; the peer takes {ratio:.1f}x our time.")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"  Machine: {os.cpu_count()} CPU cores, load average {load:.1f} during the run "
        "(shared with other work: timings are noisy)."
    )
