"""Tile finding: where the tiles lie in a picture, before anyone names them.

`TileFinder` runs a small learned localiser (`vision/models/detector.onnx`, trained by
`lab/train_detector.py`; see `vision/models/detector.md`). It is CenterNet-like: the network marks
the centre of every tile on a grid four times coarser than its input and, at each centre, how far
the tile reaches left, up, right and down. Two kinds are marked apart: `face` (a tile showing its
face) and `back` (a face-down tile). The model takes the picture as it comes (uint8, BGR, any size
that is a multiple of 32) and does its own normalisation and peak picking, so the steps here are
short: `prepare_input` (scale to about `pixels` pixels and pad) -> `infer` -> `process_output`
(boxes back in the picture's pixels, overlapping duplicates removed).

Backs are only trusted where the grouping finds them beside face tiles in a hand (see
`vision/grouping.py`): the real photos never label walls, so the model learns backs from our
synthetic scenes alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from itertools import groupby
from operator import itemgetter
from pathlib import Path

import numpy as np

from vision.messages import PictureRefused, VisionError
from vision.models import model_file
from vision.rows import find_lines
from vision.stats import median

DEFAULT_MODEL = model_file("detector.onnx")
# A finder trained for whole tables (tiles down to 12 pixels, discards, walls): it takes a camera
# frame's larger look (below). Where it is missing, the finder above takes that look too.
TABLE_MODEL = model_file("table-finder.onnx")
# The same network fine-tuned on whole tables and sets on black faces in every tile style: it
# takes the last closer looks at a winner's hand a tile or a set off complete that the finder
# above left incomplete (`vision.reader.TileReader.grouped_closer`). Where it is missing, those
# looks are not taken.
CLOSER_MODEL = model_file("closer-finder.onnx")
# The same network fine-tuned with whole tables seen by a low camera and made level as the reader
# makes them (`vision.perspective`): it reads every level picture (`TileReader`). Where it is
# missing, the finder above reads them.
LEVEL_MODEL = model_file("level-finder.onnx")
# The table finder taught whole tables whose discards were tossed into the middle, every way and
# some on others: it takes the pool's look beside the first finder's larger one
# (`TileFinder.with_pool`). Where it is missing, the table finder takes it.
POOL_MODEL = model_file("pool-finder.onnx")
KINDS = ("face", "back")
SMALL_TILE = 24  # network pixels: tiles shorter than this are looked at again, larger
TARGET_TILE = 36
MAX_PIXELS = 1024 * 1024
# A big picture in which fewer than FEW tiles are sure may show a whole table of small tiles (the
# first look, at about 384 x 384, sees them as specks): it is looked at again, larger, up to
# LOOKS times.
FEW = 4
LOOKS = 2
# A picture of at least HUGE times the finder's working size (a camera's 1280 x 720 frame or
# larger; a phone's photo scaled to 640 pixels or so is not) with fewer than MANY sure faces at the
# first look may show tiles too small for that look to see at all: the few it answers are then
# blots (a group of tiles, an arm) of any size, so their size says nothing. Only faces are
# counted: in a dim room the blots come out dark, and the finder takes many for backs (a wall).
# It is looked at as large as the finder looks (MAX_PIXELS). That look is kept when it sees more
# faces and they are tiles the first look saw too short (`_sees_more_small_tiles`): a close phone
# photo of a hand is as big as a camera's frame, and looked at larger its tiles break into pips and
# characters.
# On the valid photos set whole in a 1280 x 1280 table, tiles 30 pixels long, 7.9 % of the tiles
# are found at the first look and 84 % at twice its size. Twice the size used to be looked at
# first, but its tiles were most often still too small and a third look followed; going straight
# to the largest look reads such a table in 43 ms instead of 62 (median), the reader's tiles
# named right 88.2 -> 89.4 %.
# Many faces do not spare a frame that look where they are heaps (`_heaps_seen`): a pool of
# discards tossed every way comes out of the first look as blots, a heap each, long enough for
# that look to read and of every size (the longest tenth at least HEAPS times the shortest
# tenth), and the frame was read at the first size (3 of 12 development tables with the pool
# tossed, 8 of their 66 faces found). A photo's tiles are alike: of the 10 train photos at the
# panel's size whose reading the look changed, read worse in all (25 fewer faces found), those
# measured came to 1.18-1.31; the first looks of 60 development tables in five lights that the
# rule is for, to 1.53-3.26 with the pool tossed (1.24-2.03 with it in rows).
HUGE = 6
MANY = 16
HEAPS = 1.5
# The table finder's look takes in only the part of the picture around what the first look saw
# (every candidate: a whole table's heaps come out as blots), grown by AROUND of the look's long
# side on every side (about six tiles of 30 pixels in a 1280 frame: room for a lone tile the
# first look saw nothing of), where that part is less than MOST_LOOKED of the picture: the felt
# and the room around a table are not looked at. Each tile is seen as the whole look sees it:
# the picture is shrunk whole, and the part is cut at the network's coarsest step.
AROUND = 0.15
MOST_LOOKED = 0.8
# ... unless the first look saw a hand: a row of at least HAND_ROW faces as long as it reads well
# (SMALL_TILE). The panel scales a phone's photo to 1600 pixels, a frame's size; a hand there
# shows its 12-15 tiles to the first look, and the table finder, looking larger, answers their
# pips and the heap of discards around them (the valid photos at 1600 pixels: 65 hands of 76
# read exactly against 73 at 640). Over a whole table, camera frames and photos set whole in
# one, the first look's faces are specks and blots: on 415 development pictures its longest
# row of faces that long was at most 7 faces, against 8 or more in half the hands' photos.
HAND_ROW = 8
STRETCHED = 2.2  # tiles found longer than this (median, length to width): a stretched picture
# Candidates down to this heat are kept while the finder judges the picture (is it stretched,
# are its tiles small?) and dropped at the end unless above the model's threshold: in a badly
# stretched photo few tiles clear the threshold at first, too few to tell how it was stretched.
PROBE_THRESHOLD = 0.15
# A box whose centre is this share of its size (across) from another's lies level with it.
LEVEL = 0.2
GHOST = 0.85  # a box this much under better boxes, wherever they lie, is a ghost
SLIVER = 0.45  # a face narrower than this share of the faces around it is a tile's side
# A tile lying sideways among upright ones (the claimed tile of a set) is sometimes answered as
# two half tiles, each showing half its pips (a 4 of circles read as two 2s). Two faces of HALF
# a usual face's area each, side by side along a whole side (SIDE of it), filling (FILLED) a box
# of one tile's area (ONE) and a tile's shape (SIDEWAYS, long side to short), may be that one
# tile (`sideways_halves`); two small tiles side by side (far from the camera, or cut by the
# picture's edge) look the same, so the reader asks the classifier which they are.
HALF = (0.3, 0.7)
SIDE = 0.8
FILLED = 0.85
ONE = (0.75, 1.3)
SIDEWAYS = (1.1, 1.8)
FACE_SHAPE = 1.35  # length to width of a tile's face
USUAL_FACES = 6  # the fewest faces whose median says how large a usual face is
UNSTRETCH_TRIES = 3
# A look at no more than this many times the pixels of the one before would see nothing more:
# the finder looks no larger (`TileFinder.find`, `at_first_size`).
NO_LARGER = 1.2
# A face the pool finder adds to a frame's look (`TileFinder.with_pool`) overlaps no sure tile
# of the first finder's by more than this (intersection over union).
POOL_CLEAR = 0.2
MILD = 1.5  # a shrink by less than this is bilinear (see `shrink`)


@dataclass(frozen=True)
class FoundTile:
    """One tile found in the picture, not yet named."""

    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in the picture's pixels
    score: float  # how sure the finder is that a tile is there
    kind: str  # `face` or `back`
    pool: bool = False  # added by the pool finder's look for the discards (`with_pool`)


@dataclass(frozen=True)
class Prepared:
    """The network's input and how to map its pixels back to the picture's."""

    tensor: np.ndarray  # 1 x H x W x 3, uint8, BGR
    scale: float  # network pixels per picture pixel
    width: int  # the picture's size
    height: int


@dataclass(frozen=True)
class Look:
    """How the finder looked at a picture: at `scale` network pixels per picture pixel, with the
    table finder (`table`) or the first one. A turned copy of the picture is looked at the same
    way (`TileFinder.find_looked`), its tiles as large for the finder as they were. `pool`: the
    pool finder looked too, at the same size, for the discards the first one passes over
    (`TileFinder.with_pool`)."""

    scale: float
    table: bool = False
    pool: bool = False


class ModelMissing(VisionError):
    """The localiser's model file is not there."""


class TileFinder:
    """Finds tile faces and backs with the ONNX localiser; one session, made once."""

    def __init__(
        self,
        model_path: str | Path | None = None,
        providers: list[str] | None = None,
        pixels: int | None = None,
        threshold: float | None = None,
        threads: int = 2,
        back_threshold: float | None = None,
        table_model_path: str | Path | None = None,
        table_session=None,
        pool_model_path: str | Path | None = None,
        pool_session=None,
    ):
        """`table_session`, `pool_session`: the table and pool finders' sessions, already made by
        another finder, shared instead of loading `table_model_path` and `pool_model_path`
        again."""
        from vision.sessions import cpu_session

        path = Path(model_path) if model_path else DEFAULT_MODEL
        if not path.is_file():
            raise ModelMissing("finder_model_missing", path=str(path))
        self.session = cpu_session(path, providers, threads)
        if table_session is None:
            table_session = _session_of(table_model_path, TABLE_MODEL, providers, threads)
        self.table_session = self.session if table_session is None else table_session
        if pool_session is None:
            pool_session = _session_of(pool_model_path, POOL_MODEL, providers, threads)
        self.pool_session = self.table_session if pool_session is None else pool_session
        meta = self.session.get_modelmeta().custom_metadata_map
        self.input_name = self.session.get_inputs()[0].name
        self.kinds = tuple(json.loads(meta.get("kinds", json.dumps(KINDS))))
        self.multiple = int(meta.get("multiple", 32))
        self.pixels = int(pixels or meta.get("pixels", 384 * 384))
        self.threshold = float(threshold if threshold is not None else meta.get("threshold", 0.3))
        # backs may be answered fainter than faces, for a caller that weighs them itself
        self.back_threshold = self.threshold if back_threshold is None else float(back_threshold)
        self.overlap = float(meta.get("nms_iou", 0.5))

    def find(self, bgr: np.ndarray) -> list[FoundTile]:
        """Every tile found in a BGR picture, best first.

        A picture stretched out of shape (tiles found far longer than a tile is) is squeezed
        back and read again. A picture of the whole table (a camera above it) shows small
        tiles; where the tiles found are shorter than SMALL_TILE network pixels, or fewer than
        FEW are found in a big picture, the finder looks again at a larger size (up to
        MAX_PIXELS), so tiles are TARGET_TILE pixels long for it. These judgements use every
        candidate above PROBE_THRESHOLD; only tiles above the threshold are answered, slivers
        left out."""
        return self.find_looked(bgr)[0]

    def find_looked(
        self, bgr: np.ndarray, look: Look | None = None, around: list[FoundTile] | None = None
    ) -> tuple[list[FoundTile], Look | None]:
        """`find`, and how the finder looked (None where a stretched picture was squeezed back
        first). Given a `look`, the picture is a turned copy of one looked at so: it is looked
        at once, the same way, without judging its tiles' size again. On a turned copy that
        judgement is unsteady: its canvas is up to twice the picture's area, so at the first
        look a whole table's tiles are specks that the finder boxes by the heap, and a heap's
        box is large enough to pass for a tile (on a table turned 30 degrees, a quarter of a
        degree more or less was the difference between 22 faces found and 90). `around`: the
        tiles the picture's first look found, moved onto the copy; only the part of the copy
        around them is looked at (`_part_looked_at`), not the canvas's empty corners."""
        if look is None:
            found, look = self._find_any_size(bgr)
        else:
            pixels = round(bgr.shape[0] * bgr.shape[1] * look.scale**2)
            session = self.table_session if look.table else None
            found, _ = self._find_at(bgr, pixels, session, around=around)
            if look.pool:
                found = self.with_pool(bgr, pixels, found, around)
        sure = [
            f
            for f in found
            if f.score >= (self.threshold if f.kind == "face" else self.back_threshold)
        ]
        return drop_slivers(sure), look

    def _find_any_size(self, bgr: np.ndarray) -> tuple[list[FoundTile], Look | None]:
        found, scale = self._find_at(bgr, self.pixels)
        area = bgr.shape[0] * bgr.shape[1]
        pixels = self.pixels
        table = False
        faces = [f for f in found if f.kind == "face" and f.score >= self.threshold]
        if (
            area >= HUGE * pixels
            and (len(faces) < MANY or _heaps_seen(found, faces, scale, self.threshold))
            and not _a_hand_seen(faces, scale)
        ):
            big = min(MAX_PIXELS, area)
            larger, larger_scale = self._find_at(bgr, big, self.table_session, around=found)
            if _sees_more_small_tiles(larger, len(faces), scale, self.threshold):
                found, scale, pixels, table = larger, larger_scale, big, True
        if pixels == self.pixels and _stretch(found) is not None:
            return self._find_unstretched(bgr, found), None
        for _ in range(LOOKS):
            sure = [f for f in found if f.score >= self.threshold]
            length = _median_length(sure) * scale
            if sure and length < SMALL_TILE:
                wanted = pixels * (TARGET_TILE / length) ** 2
            elif len(sure) < FEW and area > 2 * pixels:
                wanted = 4 * pixels  # a big picture with hardly a tile: they may be too small
            else:
                break
            wanted = min(MAX_PIXELS, area, wanted)
            if wanted <= NO_LARGER * pixels:
                break
            pixels = int(wanted)
            found, scale = self._find_at(bgr, pixels)
            table = False
        pool = (
            not table
            and area >= HUGE * self.pixels
            and pixels > NO_LARGER * self.pixels
            and self.pool_session is not self.session
        )
        if pool:
            found = self.with_pool(bgr, pixels, found)
        return found, Look(scale, table, pool)

    def with_pool(
        self, bgr: np.ndarray, pixels: int, found: list[FoundTile], around=None
    ) -> list[FoundTile]:
        """`found` (the first finder's look at `pixels` of a camera's frame of a whole table)
        with the faces the pool finder (POOL_MODEL, else the table finder) finds at that size
        clear of every tile in it as sure as a face (by no more than POOL_CLEAR of overlap).

        The first finder learnt from photos that label a player's hand alone, and it passes
        over a pool of discards tossed every way; the pool finder, taught whole tables with
        such pools, finds most of them. Its boxes are not taken where the first finder's are:
        on the hand's row and sets the first finder reads better (every camera frame looked at
        by the table finder alone read one hand fewer in all on the development tables,
        docs/reading.md)."""
        more, _ = self._find_at(bgr, pixels, self.pool_session, around=around)
        faces = [f for f in more if f.kind == "face" and f.score >= self.threshold]
        # a faint back (under the faces' threshold) is no tile the pool's faces must clear
        sure = np.array([f.box for f in found if f.score >= self.threshold], float).reshape(-1, 4)
        if faces and len(sure):
            overlap = box_iou(np.array([f.box for f in faces], float), sure).max(axis=1)
            faces = [f for f, most in zip(faces, overlap, strict=True) if most <= POOL_CLEAR]
        return found + [replace(f, pool=True) for f in faces]

    def _find_unstretched(self, bgr: np.ndarray, found: list[FoundTile]) -> list[FoundTile]:
        """Squeeze the picture back along the axis its tiles look stretched, find again, and
        repeat (a badly stretched picture gives too short a first guess) up to three times."""
        import cv2

        height, width = bgr.shape[:2]
        size = [float(width), float(height)]
        for _ in range(UNSTRETCH_TRIES):
            stretch = _stretch(found)
            if stretch is None:
                break
            axis, factor = stretch
            size[axis] = max(8.0, size[axis] / factor)
            new_w, new_h = round(size[0]), round(size[1])
            squeezed = cv2.resize(bgr, (new_w, new_h), interpolation=cv2.INTER_AREA)
            # a narrow strip of tiles gets a margin, as tiles on a table have around them
            pad_x = max(0, round(new_h / 3) - new_w) // 2
            pad_y = max(0, round(new_w / 3) - new_h) // 2
            squeezed = cv2.copyMakeBorder(
                squeezed, pad_y, pad_y, pad_x, pad_x, cv2.BORDER_CONSTANT, value=(40, 90, 40)
            )
            found, _ = self._find_at(squeezed, self.pixels)
            shift = np.array([pad_x, pad_y] * 2)
            back = np.array([width / new_w, height / new_h] * 2)
            found_in_picture = []
            for f in found:
                box = (np.array(f.box) - shift) * back
                box[0::2], box[1::2] = box[0::2].clip(0, width), box[1::2].clip(0, height)
                if box[2] - box[0] >= 2 and box[3] - box[1] >= 2:
                    found_in_picture.append(FoundTile(tuple(map(float, box)), f.score, f.kind))
        return found_in_picture

    def _find_at(
        self, bgr: np.ndarray, pixels: int, session=None, around: list[FoundTile] | None = None
    ) -> tuple[list[FoundTile], float]:
        """The tiles found at `pixels`, and the look's scale. `around`: a first look's
        candidates; the network is then given only the part of the picture around them
        (`_part_looked_at`), the picture shrunk as for the whole look."""
        prepared = prepare(bgr, pixels, self.multiple)
        _, height, width, _ = prepared.tensor.shape
        left, top, right, bottom = _part_looked_at(around or [], prepared, self.multiple)
        if (left, top, right, bottom) != (0, 0, width, height):
            part = prepared.tensor[:, top:bottom, left:right]
            prepared = replace(prepared, tensor=np.ascontiguousarray(part))
        found = self.process_output(self.infer(prepared.tensor, session), prepared)
        if not (left or top):
            return found, prepared.scale
        dx, dy = left / prepared.scale, top / prepared.scale
        moved = [
            FoundTile((f.box[0] + dx, f.box[1] + dy, f.box[2] + dx, f.box[3] + dy), f.score, f.kind)
            for f in found
        ]
        return moved, prepared.scale

    def prepare_input(self, bgr: np.ndarray) -> Prepared:
        return prepare(bgr, self.pixels, self.multiple)

    def infer(self, tensor: np.ndarray, session=None) -> tuple[np.ndarray, np.ndarray]:
        """The network's peaks (kinds x h x w, zero off the peaks) and reaches (4 x h x w)."""
        session = session or self.session
        peaks, reach = session.run(None, {self.input_name: np.ascontiguousarray(tensor)})
        return peaks[0], reach[0]

    def process_output(self, output, prepared: Prepared) -> list[FoundTile]:
        """Candidates down to PROBE_THRESHOLD, duplicates removed; `find` keeps the sure ones."""
        probe = min(self.threshold, self.back_threshold, PROBE_THRESHOLD)
        return decode(*output, prepared, probe, self.overlap, self.kinds)


def prepare(bgr: np.ndarray, pixels: int, multiple: int = 32) -> Prepared:
    """Scale a picture to about `pixels` pixels (keeping its shape) and pad it to `multiple`."""
    import cv2

    if not isinstance(bgr, np.ndarray) or bgr.ndim != 3 or bgr.shape[2] != 3 or bgr.size == 0:
        raise PictureRefused("not_a_colour_picture")
    height, width = bgr.shape[:2]
    scale = (pixels / (width * height)) ** 0.5
    new_w, new_h = max(1, round(width * scale)), max(1, round(height * scale))
    small = shrink(bgr, new_w, new_h)
    pad_w, pad_h = -new_w % multiple, -new_h % multiple
    if pad_w or pad_h:
        small = cv2.copyMakeBorder(small, 0, pad_h, 0, pad_w, cv2.BORDER_CONSTANT)
    return Prepared(small[None], scale, width, height)


def shrink(bgr: np.ndarray, width: int, height: int) -> np.ndarray:
    """The picture at width x height, for the finder's look.

    OpenCV's area resize is slow at a ratio that is not a whole number: 5 ms to take a 1280 x 1280
    camera frame to the finder's largest look (1024 x 1024), 2.7 ms to its first (384 x 384), of
    47 ms for the whole read. A mild shrink (under MILD) is bilinear, which skips no pixel at that
    ratio; a larger one is bilinear to twice the size, then each 2 x 2 averaged, as
    `vision.crops.resize_square` cuts crops. On the valid photos set in a whole table the read
    took 40 ms instead of 47 (median), tiles found and named as before (94.1 / 91.9 % against
    94.2 / 91.9 %); rendered tables, sharper than a camera's frames, lost a few (see
    vision/models/detector.md). A picture enlarged is resized as before.
    """
    import cv2

    old_height, old_width = bgr.shape[:2]
    if width >= old_width or height >= old_height:
        return cv2.resize(bgr, (width, height), interpolation=cv2.INTER_AREA)
    if width * MILD > old_width:
        return cv2.resize(bgr, (width, height), interpolation=cv2.INTER_LINEAR)
    double = cv2.resize(bgr, (2 * width, 2 * height), interpolation=cv2.INTER_LINEAR)
    return cv2.resize(double, (width, height), interpolation=cv2.INTER_AREA)


def decode(
    peaks: np.ndarray,
    reach: np.ndarray,
    prepared: Prepared,
    threshold: float,
    overlap: float,
    kinds: tuple[str, ...] = KINDS,
) -> list[FoundTile]:
    """Boxes at the peaks above `threshold`, in the picture's pixels, duplicates removed."""
    stride = prepared.tensor.shape[1] / peaks.shape[1]
    kind_index, ys, xs = np.nonzero(peaks > threshold)
    if len(xs) == 0:
        return []
    scores = peaks[kind_index, ys, xs]
    left, up, right, down = reach[:, ys, xs]
    cx, cy = (xs + 0.5) * stride, (ys + 0.5) * stride
    boxes = np.stack([cx - left, cy - up, cx + right, cy + down], axis=1) / prepared.scale
    boxes[:, 0::2] = boxes[:, 0::2].clip(0, prepared.width)
    boxes[:, 1::2] = boxes[:, 1::2].clip(0, prepared.height)
    # a box clipped by the picture's edge to under two pixels across is no tile to name
    whole = np.minimum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]) >= 2
    boxes, scores, kind_index = boxes[whole], scores[whole], kind_index[whole]
    keep = suppress_overlaps(boxes, scores, overlap)
    # as Python floats, all at once (a whole table's candidates are a few hundred)
    kept_boxes, kept_scores = boxes[keep].tolist(), scores[keep].tolist()
    kept_kinds = kind_index[keep].tolist()
    return [
        FoundTile(tuple(box), score, kinds[kind])
        for box, score, kind in zip(kept_boxes, kept_scores, kept_kinds, strict=True)
    ]


def drop_slivers(found: list[FoundTile], least: int = 4) -> list[FoundTile]:
    """The tiles found without slivers: a face box whose short side is under SLIVER of the
    median short side of the faces found is the side of a tile or the gap between two (the
    body of a tile shows beside its face), not a face. Needs `least` faces to judge by."""
    faces = np.array([f.box for f in found if f.kind == "face"], float).reshape(-1, 4)
    if len(faces) < least:
        return found
    short = np.minimum(faces[:, 2] - faces[:, 0], faces[:, 3] - faces[:, 1])
    narrowest = SLIVER * median(short)
    return [
        f
        for f in found
        if f.kind != "face" or min(f.box[2] - f.box[0], f.box[3] - f.box[1]) >= narrowest
    ]


def sideways_halves(
    found: list[FoundTile], least: int = USUAL_FACES
) -> list[tuple[int, int, tuple[float, float, float, float]]]:
    """Pairs of faces found that may be the two halves of one tile lying sideways (see HALF),
    as (index, index, the box around both), each face in one pair at most. Needs `least` faces
    to know a usual face's area."""
    faces = [i for i, f in enumerate(found) if f.kind == "face"]
    if len(faces) < least:
        return []
    boxes = np.array([found[i].box for i in faces], float)
    sizes = boxes[:, 2:] - boxes[:, :2]
    areas = sizes.prod(axis=1)
    usual = median(areas)
    halves = [k for k in range(len(faces)) if HALF[0] * usual <= areas[k] <= HALF[1] * usual]
    pairs = []
    taken: set[int] = set()
    for n, a in enumerate(halves):
        for b in halves[n + 1 :]:
            if a in taken or b in taken:
                continue
            low = np.minimum(boxes[a, :2], boxes[b, :2])
            high = np.maximum(boxes[a, 2:], boxes[b, 2:])
            shared = np.clip(
                np.minimum(boxes[a, 2:], boxes[b, 2:]) - np.maximum(boxes[a, :2], boxes[b, :2]),
                0,
                None,
            )
            union = high - low
            whole = float(union.prod())
            if max(shared / np.minimum(sizes[a], sizes[b])) < SIDE:
                continue  # not side by side along a whole side
            if not ONE[0] * usual <= whole <= ONE[1] * usual:
                continue
            if (areas[a] + areas[b] - shared.prod()) / whole < FILLED:
                continue
            if not SIDEWAYS[0] <= union.max() / union.min() <= SIDEWAYS[1]:
                continue
            pairs.append((faces[a], faces[b], (*map(float, low), *map(float, high))))
            taken |= {a, b}
    return pairs


def _a_hand_seen(faces: list[FoundTile], scale: float) -> bool:
    """Whether a first look's sure faces (`scale`: network pixels per picture pixel) hold a row
    of at least HAND_ROW faces that look was close enough to read (SMALL_TILE long)."""
    if len(faces) < HAND_ROW or _median_length(faces) * scale < SMALL_TILE:
        return False
    boxes = np.array([f.box for f in faces], float)
    lines = find_lines((boxes[:, :2] + boxes[:, 2:]) / 2, boxes[:, 2:] - boxes[:, :2])
    return max(len(line.members) for line in lines) >= HAND_ROW


def _session_of(model_path, default: Path, providers, threads: int):
    """A session of the finder at `model_path` (else `default`), or None where it is not
    installed: the table and pool finders are optional beside the first."""
    from vision.sessions import cpu_session

    path = Path(model_path) if model_path else default
    return cpu_session(path, providers, threads) if path.is_file() else None


def _heaps_seen(found: list[FoundTile], faces: list[FoundTile], scale: float, threshold: float):
    """Whether a first look's sure faces (`faces`, of the candidates `found`; `scale`: network
    pixels per picture pixel) look like a tossed pool's heaps: its sure tiles as long as that
    look reads well (SMALL_TILE, so no larger look would follow), and the faces' lengths as
    varied as heaps of one tile to several (the 90th percentile HEAPS times the 10th or more)."""
    sure = [f for f in found if f.score >= threshold]
    if not faces or _median_length(sure) * scale < SMALL_TILE:
        return False
    shortest, longest = np.percentile(_long_sides(faces), [10, 90])
    return bool(longest >= HEAPS * shortest)


def _sees_more_small_tiles(
    larger: list[FoundTile], first_faces: int, first_scale: float, threshold: float
) -> bool:
    """Whether a larger look found what the first look could not: more sure faces than its
    `first_faces`, and tiles that the first look saw shorter than SMALL_TILE (a whole table's
    specks). A close phone photo of a hand is as big as a camera's frame, and its first look may
    see fewer than MANY faces (a hand is 14); looked at larger, those tiles come out far longer
    than the finder learnt (100-200 network pixels) and it answers their pips and characters as
    tiles: that look shows nothing the first did not."""
    sure = [f for f in larger if f.score >= threshold]
    faces = [f for f in sure if f.kind == "face"]
    return len(faces) > first_faces and _median_length(sure) * first_scale < SMALL_TILE


def at_first_size(look: Look | None, bgr: np.ndarray, first_pixels: int) -> bool:
    """Whether `look` saw the picture at the finder's first size (`first_pixels`): where
    `TileFinder.find` judged a larger look to see nothing more (NO_LARGER)."""
    if look is None:
        return False
    return look.scale**2 * bgr.shape[0] * bgr.shape[1] <= NO_LARGER * first_pixels


def _part_looked_at(
    first: list[FoundTile], prepared: Prepared, multiple: int
) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) in network pixels, multiples of `multiple` (the network's
    coarsest step, so each tile is seen as the whole look sees it), of the part of the prepared
    picture around the first look's candidates, grown by AROUND of its long side on every side;
    the whole picture where that part is most of it (MOST_LOOKED) or nothing was seen."""
    _, height, width, _ = prepared.tensor.shape
    if not first:
        return 0, 0, width, height
    boxes = np.array([f.box for f in first], float) * prepared.scale
    pad = AROUND * max(width, height)
    low = np.floor((boxes[:, :2].min(axis=0) - pad) / multiple) * multiple
    high = np.ceil((boxes[:, 2:].max(axis=0) + pad) / multiple) * multiple
    left, top = max(0, int(low[0])), max(0, int(low[1]))
    right, bottom = min(width, int(high[0])), min(height, int(high[1]))
    if (right - left) * (bottom - top) > MOST_LOOKED * width * height:
        return 0, 0, width, height
    return left, top, right, bottom


def _median_length(tiles: list[FoundTile]) -> float:
    """The median long side of the tiles' boxes, in the picture's pixels (0 for no tiles)."""
    if not tiles:
        return 0.0
    return median(_long_sides(tiles))


def _long_sides(tiles: list[FoundTile]) -> list[float]:
    """Each tile's box's long side, in the picture's pixels."""
    return [max(f.box[2] - f.box[0], f.box[3] - f.box[1]) for f in tiles]


def _stretch(found: list[FoundTile]) -> tuple[int, float] | None:
    """(axis, factor) when the tiles found look stretched along one axis of the picture, as in
    photos resized to a square without keeping their shape; None for a picture as it was shot.

    A tile's face is about 4:3; seen at an angle it is longer, but not STRETCHED:1."""
    faces = np.array([f.box for f in found if f.kind == "face"]).reshape(-1, 4)
    if len(faces) < 3:
        return None
    wide = median((faces[:, 2] - faces[:, 0]) / np.maximum(faces[:, 3] - faces[:, 1], 1e-6))
    elongation = max(wide, 1 / max(wide, 1e-6))
    if elongation < STRETCHED:
        return None
    return (0 if wide > 1 else 1), float(elongation / FACE_SHAPE)


def box_iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Intersection over union of every box in `a` (n x 4) with every box in `b` (m x 4)."""
    x0 = np.maximum(a[:, None, 0], b[None, :, 0])
    y0 = np.maximum(a[:, None, 1], b[None, :, 1])
    x1 = np.minimum(a[:, None, 2], b[None, :, 2])
    y1 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(x1 - x0, 0, None) * np.clip(y1 - y0, 0, None)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-9)


def suppress_overlaps(
    boxes: np.ndarray, scores: np.ndarray, overlap: float, covered: float = 0.6
) -> list[int]:
    """Indices of the boxes to keep, best first. A box overlapping a better one more than
    `overlap` (IoU) is a duplicate: a long tile can show two peaks along its length. A box whose
    area lies more than `covered` under better boxes lying level with it is a ghost between two
    tiles: tiles lie side by side, they do not pile up. Boxes of a row at an angle overlap their
    neighbours' boxes too (for 4:3 tiles at 30-45 degrees, about 0.6 of a box lies under its two
    neighbours), but those neighbours are not level with it; only nearly all of a box (GHOST)
    under better ones makes it a ghost whatever their places."""
    order = np.argsort(-scores)
    x0, y0, x1, y1 = boxes[order].astype(np.float32).T  # a hundredth of a pixel is no matter
    across = np.minimum(x1[:, None], x1[None, :]) - np.maximum(x0[:, None], x0[None, :])
    down = np.minimum(y1[:, None], y1[None, :]) - np.maximum(y0[:, None], y0[None, :])
    inter = np.clip(across, 0, None) * np.clip(down, 0, None)
    area = np.maximum((x1 - x0) * (y1 - y0), 1e-9)
    cx, cy, w, h = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
    # Most boxes overlap no better box and are kept whatever happens to the others; only those
    # that do are weighed, each against the better boxes kept before it, best first. What each
    # overlapping pair shares is worked out for all pairs at once; which better boxes are kept
    # is known only rank by rank, a few pairs a rank, so that walk is in plain Python (numpy's
    # calls on a rank's two or three pairs cost a whole table's finds 1.3 ms more).
    ranks, betters = np.nonzero(np.tril(inter, -1))  # by rank: each rank's pairs together
    shared = inter[ranks, betters]
    duplicate = shared / (area[ranks] + area[betters] - shared) > overlap
    level = (np.abs(cy[betters] - cy[ranks]) < LEVEL * h[ranks]) | (
        np.abs(cx[betters] - cx[ranks]) < LEVEL * w[ranks]
    )
    kept = [True] * len(order)
    areas = area.tolist()
    columns = (ranks, betters, shared, duplicate, level)
    pairs = zip(*(column.tolist() for column in columns), strict=True)
    for rank, rank_pairs in groupby(pairs, key=itemgetter(0)):
        under = under_level = 0.0  # the area under better boxes kept (level with it)
        twice = False
        for _, better, part, same, beside in rank_pairs:
            if kept[better]:
                twice = twice or same
                under += part
                under_level += part if beside else 0.0
        kept[rank] = not (
            twice or under_level > covered * areas[rank] or under > GHOST * areas[rank]
        )
    return [index for index, keep in zip(order.tolist(), kept, strict=True) if keep]
