"""`python -m lab.train`: train the tile classifier on real and synthetic crops, export ONNX.

Needs the `train` extra (torch, onnx, matplotlib, tqdm). Steps:
1. crops: the photo dataset's train split and synthetic tiles, cut once into `data/crops/`;
   a tenth of the source photos (all their augmented copies) is held out to watch training;
   with `--no-tile`, crops of felt, rims and gaps cut from rendered tables (`datasets.no_tile`),
   which are trained towards no code at all, so that the model stays unsure where there is none;
   with `--table-tiles`, the tiles of rendered full tables (`datasets.table_crops`);
2. training: each batch is turned by a random quarter turn and a small angle, its box jittered as
   a detector's would be, its light and colour changed, now and then blurred to a low resolution;
3. output: `vision/models/classifier.onnx` with its codes, input size and normalisation in the
   metadata, and the figures `classifier-curve.png` and `classifier-confusion.png` beside it.

On the 2-core CPU a full run takes about an hour (see vision/models/classifier.md); a GPU is used
when torch sees one.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from datasets.codes import CLASS_CODES, is_flower
from datasets.crop_cache import (
    CONTEXT,
    DARK,
    HELD_OUT_STYLE,
    UNKNOWN_ROTATION,
    CropSet,
    build_real,
    build_synthetic,
    load_or_build,
    synthetic_name,
)
from datasets.no_tile import (
    NO_TILE,
    build_no_tile,
    build_no_tile_photos,
    no_tile_name,
    no_tile_photos_name,
)
from datasets.photos import CREDIT, REPO_ROOT, in_holdout
from datasets.table import LOW_TILTS, STEEP_TILTS
from datasets.table_crops import TABLE_SEED, build_table_crops, table_crops_name
from lab.hands import TABLE_SEED as BENCH_TABLE_SEED
from vision import shake
from vision.classifier import DEFAULT_MODEL
from vision.shake import Defocus, Streak

INPUT_SIZE = 48
MEAN = (0.5, 0.5, 0.5)
STD = (0.25, 0.25, 0.25)
UNSURE_BELOW = 0.6  # a confidence under this asks a person
RUN_DIR = REPO_ROOT / "runs" / "classifier"
HOLDOUT_FRACTION = 0.1
# How far training moves and resizes each crop's box (`--box-shift`, `--box-scale`), as shares
# of the tile's size; these defaults trained the shipped model. The finder's own boxes stray
# further from the labelled ones (measured on 120 valid photos and 15 rendered tables,
# 2026-11-25): the centre by 3-4 % of the tile's size (standard deviation; 5-6 % at the 5th and
# 95th percentiles), the size by 9 % (see vision/models/classifier.md for runs with 0.06 / 0.16).
BOX_SHIFT = 0.03  # largest move of the centre
BOX_SCALE = 0.12  # largest change of the box's width or height
# the share of crops seen as a tile far from the camera: shrunk to LOW_RES_SIDES pixels a side
# (a whole table's tiles are 20-35 pixels long), then scaled up to the network's input
LOW_RES = 0.15
LOW_RES_SIDES = (16, 36)
FLOWER_COPIES = 3  # times each real flower or season crop is drawn per epoch
# Seeds of rendered tables that figures are measured on: the benchmark's (`lab.hands`), the
# development tables' (99, 98, 97, 96, 89, 88) and those drawn in the never-seen style (93, 94,
# 95).
SEEDS_NOT_TO_TRAIN_ON = (BENCH_TABLE_SEED, 88, 89, 93, 94, 95, 96, 97, 98, 99)
LOW = "low"  # `--table-tiles`: the tables seen by a low camera, made level
STEEP = "steep"  # `--table-tiles`: the tables seen by a lower camera still, made level
FOUND = "found"  # `--table-tiles`: the tiles cut at the reader's own boxes


def split_real(real: CropSet) -> tuple[np.ndarray, np.ndarray]:
    """Indices of (training, held-out) real crops, every copy of a source photo on one side."""
    held = np.array([in_holdout(str(g), HOLDOUT_FRACTION) for g in real.groups])
    return np.flatnonzero(~held), np.flatnonzero(held)


def epoch_indices(
    real_codes: np.ndarray, synthetic: int, rng, flower_copies: int = FLOWER_COPIES
) -> tuple[np.ndarray, np.ndarray]:
    """One epoch's sample: every real crop, real flowers and seasons `flower_copies` times (the
    rarest codes of the photos, and the ones that vary most between sets), every synthetic crop."""
    flowers = np.flatnonzero([is_flower(CLASS_CODES[c]) for c in real_codes])
    real = np.concatenate([np.arange(len(real_codes))] + [flowers] * (flower_copies - 1))
    return rng.permutation(real), rng.permutation(synthetic)


def augment_batch(
    images,
    quarters,
    generator,
    train: bool = True,
    size: int = INPUT_SIZE,
    box_shift: float = BOX_SHIFT,
    box_scale: float = BOX_SCALE,
    ink_swap=0.0,
    faults: float = 0.0,
    steadied: float = 0.0,
    low_res: float = LOW_RES,
    other_sets: float = 0.0,
):
    """uint8 (B, 64, 64, 3) crops -> normalised (B, 3, size, size) and updated quarter turns.
    `faults`: the share of crops given each of a camera's faults (`camera_faults`); `steadied`:
    the share shaken and steadied again as the reader steadies a picture (`shakes_undone`);
    `low_res`: the share seen as far from the camera (`LOW_RES`); `other_sets`: the share drawn
    with other inks and again with other strokes (`inks_turned`, `strokes_weighed`)."""
    import torch
    import torch.nn.functional as F

    x = images.permute(0, 3, 1, 2).float().div_(255.0)
    batch = x.shape[0]
    box = 1.0 / (1.0 + 2 * CONTEXT)  # half-size of the tile's box in the cached crop
    if train:
        turns = torch.randint(0, 4, (batch,), generator=generator)
        small = torch.randn(batch, generator=generator) * math.radians(3)
        angle = turns.float() * (math.pi / 2) + small
        sx = box * (1 + (torch.rand(batch, generator=generator) - 0.5) * 2 * box_scale)
        sy = box * (1 + (torch.rand(batch, generator=generator) - 0.5) * 2 * box_scale)
        # box is half the tile's size, so this moves the centre by up to box_shift of its size
        shift = (torch.rand(batch, 2, generator=generator) - 0.5) * 4 * box_shift * box
    else:
        turns = torch.zeros(batch, dtype=torch.long)
        angle = torch.zeros(batch)
        sx = sy = torch.full((batch,), box)
        shift = torch.zeros(batch, 2)
    cos, sin = torch.cos(angle), torch.sin(angle)
    # output pixel p shows input at diag(sx, sy) R(-angle) p: the face turns clockwise by angle
    theta = torch.stack(
        [
            torch.stack([sx * cos, sx * sin, shift[:, 0]], 1),
            torch.stack([-sy * sin, sy * cos, shift[:, 1]], 1),
        ],
        1,
    )
    grid = F.affine_grid(theta, (batch, 3, size, size), align_corners=False)
    x = F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)
    if train:
        if other_sets:  # before the light and the grain, which any set's photo has
            x = strokes_weighed(inks_turned(x, generator, other_sets), generator, other_sets)
        x = _photometric(x, generator, ink_swap, low_res)
        if faults:
            x = camera_faults(x, generator, faults)
        if steadied:
            x = shakes_undone(x, generator, steadied)
    quarters = torch.where(quarters >= 0, (quarters + turns) % 4, quarters)
    mean = torch.tensor(MEAN).view(1, 3, 1, 1)
    std = torch.tensor(STD).view(1, 3, 1, 1)
    return (x - mean) / std, quarters


# The five orders of a crop's colour channels other than its own (`inks_swapped`).
OTHER_ORDERS = ((0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def inks_swapped(x, share, generator):
    """`share` of the crops (one for all, or each crop's own) with their colour channels put in
    another order.

    A white face stays white and each ink takes another colour (green dots drawn blue, a red
    character green), so that the model tells a tile by its shapes as much as by its inks: sets
    differ most in their inks (the riichi artwork, never trained on, draws its 6 of dots with
    blue dots over red where the learnt sets draw green over red)."""
    import torch

    chosen = torch.nonzero(torch.rand(x.shape[0], generator=generator) < share).flatten()
    if len(chosen):
        orders = torch.tensor(OTHER_ORDERS)
        picked = orders[torch.randint(0, len(OTHER_ORDERS), (len(chosen),), generator=generator)]
        index = picked[:, :, None, None].expand(-1, -1, *x.shape[-2:])
        x[chosen] = torch.gather(x[chosen], 1, index)
    return x


# BGR -> a light channel and two of colour (YIQ's weights, in BGR order); white has no colour
TO_LIGHT_AND_COLOUR = (
    (0.114, 0.587, 0.299),
    (-0.322, -0.274, 0.596),
    (0.312, -0.523, 0.211),
)
SATURATION = (0.4, 1.4)  # how much of an ink's colour another set may keep


def inks_turned(x, generator, share: float):
    """`share` of the crops (B, 3, H, W in 0..1, BGR) with every ink's hue turned by one angle
    and its colour made weaker or stronger; light and white stay as they are.

    Another set draws its tiles in other inks than any learnt: its bamboo teal or olive, its
    characters' red towards orange or magenta. `inks_swapped` reaches only the six orders of
    the channels. The classifier names the held-out train photos' tiles 4.7 points worse with
    their inks turned 60 degrees and 5.9 worse in grey (2026-11-29, thirty-fourth session)."""
    import torch

    chosen = torch.nonzero(torch.rand(x.shape[0], generator=generator) < share).flatten()
    if not len(chosen):
        return x
    to = torch.tensor(TO_LIGHT_AND_COLOUR, dtype=x.dtype)
    angle = (torch.rand(len(chosen), generator=generator) * 2 - 1) * math.pi
    low, high = SATURATION
    strength = low + (high - low) * torch.rand(len(chosen), generator=generator)
    cos, sin = torch.cos(angle) * strength, torch.sin(angle) * strength
    turn = torch.zeros(len(chosen), 3, 3, dtype=x.dtype)
    turn[:, 0, 0] = 1
    turn[:, 1, 1], turn[:, 1, 2], turn[:, 2, 1], turn[:, 2, 2] = cos, -sin, sin, cos
    matrices = torch.linalg.inv(to) @ turn @ to  # (n, 3, 3), BGR to BGR
    x[chosen] = torch.einsum("nij,njhw->nihw", matrices, x[chosen]).clamp(0, 1)
    return x


STROKE_PIXELS = 2  # the neighbourhood a stroke grows or shrinks over, at the model's input


def strokes_weighed(x, generator, share: float):
    """`share` of the crops with their ink's strokes heavier, as many as lighter, by up to a
    pixel at the model's input: a blend towards each pixel's darkest (or lightest) neighbour.

    Sets are printed or engraved with strokes of their own weight, and fonts draw them thinner or
    bolder still; the classifier names the held-out train photos' tiles 2.2 and 2.8 points worse
    with their strokes half a pixel heavier or lighter at its input, 9.6 and 11.2 a pixel."""
    import torch
    import torch.nn.functional as F

    batch = x.shape[0]
    chosen = torch.rand(batch, generator=generator) < share
    if not chosen.any():
        return x
    size = STROKE_PIXELS
    padding = (0, size - 1, 0, size - 1)
    darkest = -F.max_pool2d(F.pad(-x, padding, mode="replicate"), size, stride=1)
    lightest = F.max_pool2d(F.pad(x, padding, mode="replicate"), size, stride=1)
    heavier = torch.rand(batch, generator=generator) < 0.5
    towards = torch.where(heavier[:, None, None, None], darkest, lightest)
    amount = torch.rand(batch, 1, 1, 1, generator=generator) * chosen[:, None, None, None]
    return x + amount * (towards - x)


def camera_faults(x, generator, share: float):
    """Crops (B, 3, H, W in 0..1) with a phone's faults, each given to `share` of them: over-
    exposure (a gain of 1.25-1.8, about two thirds of a stop to two stops in linear light, the
    white clipped), a shake (a streak of 3-9 pixels at any angle) and a missed focus (a blur of
    0.6-1.6 pixels). A bright lamp over the table burns the faces white and washes the ink out,
    and a phone held in a dim room shakes; the photos learnt from show neither."""
    import torch

    batch = x.shape[0]
    burnt = torch.rand(batch, generator=generator) < share
    if burnt.any():
        gain = 1.25 + 0.55 * torch.rand(int(burnt.sum()), 1, 1, 1, generator=generator)
        x[burnt] = (x[burnt] * gain).clamp(0, 1)
    shaken = torch.rand(batch, generator=generator) < share
    if shaken.any():  # one streak for the batch, as the low resolutions share one size
        length = int(torch.randint(3, 10, (1,), generator=generator))
        angle = float(torch.rand(1, generator=generator)) * math.pi
        x[shaken] = _filtered(x[shaken], torch.from_numpy(Streak(float(length), angle).kernel()))
    unsharp = torch.rand(batch, generator=generator) < share
    if unsharp.any():
        sigma = 0.6 + float(torch.rand(1, generator=generator))
        x[unsharp] = _filtered(x[unsharp], torch.from_numpy(Defocus(sigma).kernel()))
    return x


# `shakes_undone`: streaks 2-12 pixels long at the classifier's size (where a tile is about 37
# pixels long: the reader looks for streaks of 5-35 % of a tile), steadied with a streak off the
# true one as the reader's estimate is (tests of `vision.shake.streak_of`: within half a pixel
# and 3 degrees); a phone's noise before steadying, up to this standard deviation (white is 1)
STEADIED_LENGTH = (2.0, 12.0)
STEADIED_MISS = (0.4, math.radians(3.0))
STEADIED_GRAIN = 0.01


def shakes_undone(x, generator, share: float):
    """Crops (B, 3, H, W in 0..1), `share` of them shaken by one streak, noised, saved as 8-bit
    and steadied by the Wiener filter the reader uses (`vision.shake.steadied`) with a streak a
    little off the true one. A shaken picture's faces reach the classifier so: sharper, but
    ringing beside each stroke and grainier, which a sharp photo never shows; a model that never
    learnt them named those faces 4-9 points worse than sharp ones (docs/reading.md, "Light")."""
    import torch

    chosen = torch.rand(x.shape[0], generator=generator) < share
    if not chosen.any():
        return x
    low, high = STEADIED_LENGTH
    length = low + (high - low) * float(torch.rand(1, generator=generator))
    angle = float(torch.rand(1, generator=generator)) * math.pi
    shaken = _filtered(x[chosen], torch.from_numpy(Streak(length, angle).kernel()))
    grain = STEADIED_GRAIN * float(torch.rand(1, generator=generator))
    shaken = shaken + grain * torch.randn(shaken.shape, generator=generator)
    miss = torch.randn(2, generator=generator)
    guess = Streak(
        max(1.0, length + STEADIED_MISS[0] * float(miss[0])),
        angle + STEADIED_MISS[1] * float(miss[1]),
    )
    # the reader's own filter, crop by crop, as 8-bit pictures in and out
    eight_bit = (shaken.clamp(0, 1) * 255).round().to(torch.uint8).permute(0, 2, 3, 1).numpy()
    undone = np.stack([shake.steadied(np.ascontiguousarray(crop), guess) for crop in eight_bit])
    x[chosen] = torch.from_numpy(undone).permute(0, 3, 1, 2).to(x.dtype) / 255
    return x


def _filtered(x, kernel):
    """Each channel of x (N, C, H, W) filtered by one 2-D kernel, its edges mirrored."""
    import torch.nn.functional as F

    size = kernel.shape[0]
    weight = kernel.to(x.dtype).expand(x.shape[1], 1, size, size)
    before, after = (size - 1) // 2, size // 2
    padded = F.pad(x, (before, after, before, after), mode="reflect")
    return F.conv2d(padded, weight, groups=x.shape[1])


def synthetic_per_batch(args) -> int:
    """How many crops of each batch are synthetic (they come last in it, see `batches`)."""
    return int(round(args.batch * args.synthetic_share))


def ink_shares(batch: int, args):
    """Each crop's chance of other inks: `--ink-swap` for the synthetic crops (the last part of
    each batch), `--ink-swap-real` for the real ones."""
    import torch

    if not (args.ink_swap or args.ink_swap_real):
        return 0.0
    shares = torch.full((batch,), float(args.ink_swap_real))
    shares[batch - synthetic_per_batch(args) :] = float(args.ink_swap)
    return shares


def _photometric(x, generator, ink_swap=0.0, low_res: float = LOW_RES):
    import torch
    import torch.nn.functional as F

    batch = x.shape[0]
    if isinstance(ink_swap, torch.Tensor) or ink_swap:
        x = inks_swapped(x, ink_swap, generator)

    def uniform(low, high, *shape):
        return low + (high - low) * torch.rand(batch, *shape, generator=generator)

    far = torch.rand(batch, generator=generator) < low_res
    if far.any():  # a tile far from the camera: fewer pixels, then scaled up
        size = int(torch.randint(*LOW_RES_SIDES, (1,), generator=generator))
        part = F.interpolate(x[far], size=(size, size), mode="area")
        x[far] = F.interpolate(part, size=x.shape[-2:], mode="bilinear", align_corners=False)
    mean = x.mean((1, 2, 3), keepdim=True)
    x = (x - mean) * uniform(0.75, 1.25, 1, 1, 1) + mean * uniform(0.75, 1.25, 1, 1, 1)
    x = x * (1 + 0.06 * torch.randn(batch, 3, 1, 1, generator=generator))
    x = x.clamp(0, 1) ** uniform(0.8, 1.25, 1, 1, 1)
    x = x + torch.randn(x.shape, generator=generator) * uniform(0, 0.03, 1, 1, 1)
    return x.clamp(0, 1)


def predict(model, images: np.ndarray, batch: int = 512, size: int = INPUT_SIZE) -> np.ndarray:
    """Top-1 class indices of cached crops, seen without augmentation."""
    return predict_sure(model, images, batch, size)[0]


def predict_sure(
    model, images: np.ndarray, batch: int = 512, size: int = INPUT_SIZE
) -> tuple[np.ndarray, np.ndarray]:
    """(top-1 class indices, their probabilities) of cached crops, seen without augmentation."""
    import torch

    model.eval()
    codes, sure = [], []
    with torch.no_grad():
        for start in range(0, len(images), batch):
            part = torch.from_numpy(images[start : start + batch])
            x, _ = augment_batch(part, torch.zeros(len(part), dtype=torch.long), None, False, size)
            best = model(x)[0].softmax(1).max(1)
            codes.append(best.indices.numpy())
            sure.append(best.values.numpy())
    if not codes:
        return np.zeros(0, np.int64), np.zeros(0, np.float32)
    return np.concatenate(codes), np.concatenate(sure)


def tile_loss(logits, codes):
    """Cross-entropy towards each tile's code (a little smoothed), and towards every code
    equally for crops of no tile (NO_TILE): the mean over the batch."""
    import torch.nn.functional as F

    tile = codes != NO_TILE
    loss = logits.new_zeros(())
    if tile.any():
        loss = loss + F.cross_entropy(
            logits[tile], codes[tile], label_smoothing=0.05, reduction="sum"
        )
    if (~tile).any():
        loss = loss - F.log_softmax(logits[~tile], 1).mean(1).sum()
    return loss / len(codes)


def build_found(split: str = "train") -> CropSet:
    """Real crops cut at the tile finder's boxes (as the reader cuts them), each named by the
    labelled tile it covers (IoU >= 0.5); finds that cover no labelled tile are left out, and so
    are photos whose labels slipped."""
    from datasets.photos import labels_look_wrong
    from lab.bench_reader import match_boxes
    from vision.detector import TileFinder

    finder = TileFinder()

    def found_tiles(image, labels):
        if not labels or labels_look_wrong(labels):
            return []
        boxes = np.array([f.box for f in finder.find(image) if f.kind == "face"], float)
        boxes = boxes.reshape(-1, 4)
        truth = np.array([t.box for t in labels], float)
        matched = match_boxes(boxes, truth)
        return [(box, labels[j].code) for box, j in zip(boxes, matched, strict=True) if j >= 0]

    return build_real(split, found_tiles, "finding tiles for")


def load_data(args):
    """Real and synthetic crops, and the held-out parts used to watch training."""
    real = load_or_build("real-train", build_real)
    if args.found_crops:  # the same photos' tiles again, cut where the finder put its boxes
        real = CropSet.concat([real, load_or_build("real-train-found", build_found)])
    sets = [
        load_or_build(
            synthetic_name(args.synthetic),
            lambda: build_synthetic(args.synthetic, seed=1, workers=args.threads),
        )
    ]
    for count, seed, style, flowers_only in args.more_synthetic:
        sets.append(
            load_or_build(
                synthetic_name(count, seed, style, flowers_only),
                lambda count=count, seed=seed, style=style, only=flowers_only: build_synthetic(
                    count,
                    seed,
                    styles=(style,) if style and style != DARK else None,
                    workers=args.threads,
                    dark=True if style == DARK else None,
                    flowers_only=only,
                ),
            )
        )
    if args.no_tile:
        sets.append(
            load_or_build(
                no_tile_name(args.no_tile),
                lambda: build_no_tile(args.no_tile, workers=args.threads),
            )
        )
        sets.append(
            load_or_build(no_tile_photos_name(), lambda: build_no_tile_photos(workers=args.threads))
        )
    for tables, style, seed, low, found in args.table_tiles:
        sets.append(
            load_or_build(
                table_crops_name(tables, seed, style, low, found),
                lambda tables=tables, style=style, seed=seed, low=low, found=found: (
                    build_table_crops(
                        tables, seed, workers=args.threads, style=style, low=low, found=found
                    )
                ),
            )
        )
    synthetic = CropSet.concat(sets)
    assert HELD_OUT_STYLE not in set(synthetic.groups.tolist())
    train_idx, held_idx = split_real(real)
    syn_held = np.random.default_rng(12345).random(len(synthetic)) < 0.03
    print(
        f"real crops: {len(train_idx)} for training, {len(held_idx)} held out "
        f"(whole source photos); synthetic: {int((~syn_held).sum())} + {int(syn_held.sum())} "
        "held out"
    )
    return real, synthetic, train_idx, held_idx, np.flatnonzero(~syn_held), np.flatnonzero(syn_held)


def batches(real, synthetic, train_idx, syn_train, args, rng):
    """One epoch of (images, codes, quarter turns), `synthetic_share` of each batch drawn."""
    real_order, syn_order = epoch_indices(
        real.codes[train_idx], len(syn_train), rng, args.flower_copies
    )
    real_order, syn_order = train_idx[real_order], syn_train[syn_order]
    per_syn = synthetic_per_batch(args)
    per_real = args.batch - per_syn
    for step in range(int(math.ceil(args.epoch_size / args.batch))):
        r = np.take(real_order, np.arange(step * per_real, (step + 1) * per_real), mode="wrap")
        s = np.take(syn_order, np.arange(step * per_syn, (step + 1) * per_syn), mode="wrap")
        yield (
            np.concatenate([real.images[r], synthetic.images[s]]),
            np.concatenate([real.codes[r], synthetic.codes[s]]).astype(np.int64),
            np.concatenate([real.rotations[r], synthetic.rotations[s]]).astype(np.int64),
        )


def train(args) -> dict:
    import torch
    import torch.nn.functional as F
    from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

    from datasets.crop_cache import progress
    from lab.figures import confusion, plot_confusion, plot_curves
    from lab.folded import load_folded, unfold_norms
    from lab.tile_net import TileNet, export_onnx

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    generator = torch.Generator().manual_seed(args.seed)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    real, synthetic, train_idx, held_idx, syn_train, syn_test = load_data(args)
    run_dir = RUN_DIR / Path(args.out).stem  # one folder per output, so runs never overwrite

    model = TileNet(len(CLASS_CODES))
    if args.resume and args.resume.endswith(".onnx"):  # an exported model: see lab.folded
        load_folded(model, Path(args.resume), "/net/")
        sample = rng.choice(train_idx, size=min(2048, len(train_idx)), replace=False)
        images = torch.from_numpy(real.images[sample])
        unfold_norms(
            model,
            [
                augment_batch(part, torch.zeros(len(part), dtype=torch.long), generator)[0]
                for part in images.split(256)
            ],
        )
    elif args.resume:  # go on from an earlier run's weights (a new schedule from here)
        model.load_state_dict(torch.load(args.resume, map_location="cpu"))
    model = model.to(device, memory_format=torch.channels_last)
    # The exported weights are an exponential moving average: steadier than the last step's.
    average = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(0.998), use_buffers=True)
    n_batches = int(math.ceil(args.epoch_size / args.batch))
    decay = [p for p in model.parameters() if p.ndim > 1]
    other = [p for p in model.parameters() if p.ndim <= 1]
    optimiser = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 5e-4}, {"params": other, "weight_decay": 0}],
        lr=args.lr,
    )
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimiser,
        max_lr=args.lr,
        total_steps=n_batches * args.epochs,
        pct_start=0.05 if args.resume else 0.15,
    )
    history, best = [], (-1.0, None)
    started = time.time()
    for epoch in range(1, args.epochs + 1):
        model.train()
        bar = progress(
            batches(real, synthetic, train_idx, syn_train, args, rng),
            n_batches,
            f"epoch {epoch}/{args.epochs}",
            "batch",
        )
        total, seen, correct = 0.0, 0, 0
        for step, (images, codes, quarters) in enumerate(bar):
            x, q = augment_batch(
                torch.from_numpy(images),
                torch.from_numpy(quarters),
                generator,
                size=args.size,
                box_shift=args.box_shift,
                box_scale=args.box_scale,
                ink_swap=ink_shares(len(codes), args),
                faults=args.camera_faults,
                steadied=args.steadied_shakes,
                low_res=args.low_res,
                other_sets=args.other_sets,
            )
            x = x.to(device).contiguous(memory_format=torch.channels_last)
            y, q = torch.from_numpy(codes).to(device), q.to(device)
            logits, turn = model(x)
            loss = tile_loss(logits, y)
            if (q >= 0).any():
                loss = loss + 0.3 * F.cross_entropy(turn, q, ignore_index=UNKNOWN_ROTATION)
            optimiser.zero_grad(set_to_none=True)
            loss.backward()
            optimiser.step()
            schedule.step()
            average.update_parameters(model)
            total += float(loss) * len(y)
            seen += len(y)
            correct += int((logits.argmax(1) == y).sum())
            if hasattr(bar, "set_postfix") and step % 20 == 0:
                bar.set_postfix(loss=f"{total / seen:.3f}", acc=f"{correct / seen:.3f}")
        watched = average.module.to("cpu")
        real_pred = predict(watched, real.images[held_idx], size=args.size)
        syn_pred, syn_sure = predict_sure(watched, synthetic.images[syn_test], size=args.size)
        average.module.to(device)
        syn_codes, none = synthetic.codes[syn_test], synthetic.codes[syn_test] == NO_TILE
        row = {
            "epoch": epoch,
            "loss": total / seen,
            "train_acc": correct / seen,
            "real_acc": float((real_pred == real.codes[held_idx]).mean()),
            "synthetic_acc": float((syn_pred == syn_codes)[~none].mean()),
            "minutes": (time.time() - started) / 60,
        }
        if none.any():  # crops of no tile named under the confidence that asks a person
            row["no_tile_unsure"] = float((syn_sure[none] < UNSURE_BELOW).mean())
        history.append(row)
        print(json.dumps(row), flush=True)
        score = row["real_acc"] + 0.5 * row["synthetic_acc"]
        if score >= best[0] or args.keep == "last":
            state = average.module.state_dict()
            best = (score, {k: v.detach().to("cpu").clone() for k, v in state.items()})
        run_dir.mkdir(parents=True, exist_ok=True)
        torch.save(best[1], run_dir / "best.pt")  # kept as training goes, should it stop
        (run_dir / "history.json").write_text(json.dumps(history, indent=1))

    model = TileNet(len(CLASS_CODES))
    model.load_state_dict(best[1])
    model.eval()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    plot_curves(history, out.with_name(out.stem + "-curve.png"))
    syn_test = syn_test[synthetic.codes[syn_test] != NO_TILE]
    truth = np.concatenate([real.codes[held_idx], synthetic.codes[syn_test]])
    guess = np.concatenate(
        [
            predict(model, real.images[held_idx], size=args.size),
            predict(model, synthetic.images[syn_test], size=args.size),
        ]
    )
    plot_confusion(
        confusion(truth, guess, len(CLASS_CODES)),
        CLASS_CODES,
        out.with_name(out.stem + "-confusion.png"),
        "held-out crops (real source photos and synthetic), best epoch",
    )
    export_onnx(model, out, args.size, metadata(history, time.time() - started, args.size))
    minutes = (time.time() - started) / 60
    print(f"wrote {out} ({out.stat().st_size / 1e6:.2f} MB) in {minutes:.0f} min")
    return history[-1]


def metadata(history: list[dict], seconds: float, size: int = INPUT_SIZE) -> dict:
    """What the run-time classifier reads from the model (STYLE.md 6), and where it came from."""
    return {
        "codes": list(CLASS_CODES),
        "input_size": size,
        "channel_order": "BGR",
        "layout": "NHWC",
        "input_dtype": "uint8",
        "mean": list(MEAN),
        "std": list(STD),
        "scale": "inside the model: pixel / 255, then (x - mean) / std",
        "resize": "squeeze the crop to input_size x input_size (no padding)",
        "rotation_output": "rotation",
        "rotation_meaning": "quarter turns clockwise of the face in the crop: 0, 90, 180, 270",
        "unsure_below": UNSURE_BELOW,
        "trained": datetime.now(UTC).strftime("%Y-%m-%d"),
        "training_minutes": round(seconds / 60, 1),
        "epochs": len(history),
        "held_out_style": HELD_OUT_STYLE,
        "credits": f"Trained in part on {CREDIT}.",
    }


def _more_synthetic(text: str) -> tuple[int, int, str | None, bool]:
    """`COUNT[:SEED[:STYLE[:flowers]]]` -> (count, seed, style or None for every training style;
    `dark` for every training style on black faces; whether flowers and seasons alone)."""
    from datasets.crop_cache import DARK, FLOWERS_ONLY

    count, _, rest = text.partition(":")
    seed, _, rest = rest.partition(":")
    style, _, only = rest.partition(":")
    _check_style(style, also=f"or {DARK} (every one on black faces)", extra=(DARK,))
    if only and only != FLOWERS_ONLY:
        raise argparse.ArgumentTypeError(f"after the style, only {FLOWERS_ONLY!r} may follow.")
    return int(count), int(seed or 1), style or None, bool(only)


def _table_tiles(text: str) -> tuple[int, str | None, int, tuple[float, float] | None, bool]:
    """`TABLES[:STYLE[:SEED[:low|steep|found]]]` -> (tables, style or None for every training
    style, seed, the tilts of the low camera each is seen by and made level (None: from above),
    whether its tiles are cut at the reader's boxes). The seed may be none the benchmark or the
    development tables draw from."""
    tables, _, rest = text.partition(":")
    style, _, rest = rest.partition(":")
    seed, _, cut = rest.partition(":")
    _check_style(style)
    if cut and cut not in (LOW, STEEP, FOUND):
        raise argparse.ArgumentTypeError(
            f"after the seed, only {LOW!r}, {STEEP!r} or {FOUND!r} may follow."
        )
    seed = int(seed or TABLE_SEED)
    if seed in SEEDS_NOT_TO_TRAIN_ON:
        raise argparse.ArgumentTypeError(
            f"seed {seed} draws the benchmark's or the development tables; pick another."
        )
    tilts = {LOW: LOW_TILTS, STEEP: STEEP_TILTS}.get(cut)
    return int(tables), style or None, seed, tilts, cut == FOUND


def _check_style(style: str, also: str = "", extra: tuple[str, ...] = ()) -> None:
    """Refuse a style training may not name (`datasets.crop_cache.nameable_styles`, `extra`),
    the held-out one above all; an empty name asks for every training style."""
    from datasets.crop_cache import nameable_styles

    if style and style not in (*nameable_styles(), *extra):
        choices = ", ".join(nameable_styles())
        raise argparse.ArgumentTypeError(
            f"{style!r} is not a training style; choose from {choices}"
            + (f", {also}." if also else ".")
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m lab.train",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--epoch-size", type=int, default=60_000, help="crops seen per epoch")
    parser.add_argument("--lr", type=float, default=4e-3)
    parser.add_argument("--synthetic", type=int, default=60_000, help="synthetic crops to draw")
    parser.add_argument(
        "--more-synthetic",
        type=_more_synthetic,
        action="append",
        default=[],
        metavar="COUNT:SEED[:STYLE[:flowers]]",
        help="another set of synthetic crops, drawn with another seed, in one style if named, "
        "of flowers and seasons alone if asked (repeatable)",
    )
    parser.add_argument(
        "--synthetic-share", type=float, default=0.4, help="share of each batch that is synthetic"
    )
    parser.add_argument(
        "--found-crops",
        action="store_true",
        help="also learn from the train photos' tiles cut at the tile finder's boxes",
    )
    parser.add_argument(
        "--no-tile",
        type=int,
        default=0,
        metavar="TABLES",
        help="also learn crops of no tile (felt, rims, gaps) cut from this many rendered tables "
        "and from the train photos, towards no code at all",
    )
    parser.add_argument(
        "--table-tiles",
        type=_table_tiles,
        action="append",
        default=[],
        metavar="TABLES[:STYLE[:SEED[:low|steep|found]]]",
        help="also learn the tiles of this many rendered full tables, cut at their own size, "
        "in one style if named, drawn from another seed if given, each seen by a low camera and "
        "made level as the reader makes it if 'low' follows (its far edge 50-90 %% as wide; "
        "'steep': 40-70 %%), cut where the reader boxes them if 'found' follows (repeatable)",
    )
    parser.add_argument(
        "--box-shift",
        type=float,
        default=BOX_SHIFT,
        help="largest move of a crop's box in training, a share of the tile's size",
    )
    parser.add_argument(
        "--box-scale",
        type=float,
        default=BOX_SCALE,
        help="largest change of a crop's box's width or height in training, a share",
    )
    parser.add_argument(
        "--ink-swap",
        type=float,
        default=0.0,
        help="share of synthetic crops whose colour channels are put in another order in "
        "training (each ink another colour, white still white)",
    )
    parser.add_argument(
        "--ink-swap-real",
        type=float,
        default=0.0,
        help="the same for the real crops",
    )
    parser.add_argument(
        "--camera-faults",
        type=float,
        default=0.0,
        help="share of crops over-exposed, and again shaken, and again out of focus in "
        "training (each fault drawn apart)",
    )
    parser.add_argument(
        "--steadied-shakes",
        type=float,
        default=0.0,
        help="share of crops shaken and steadied again in training, as the reader steadies a "
        "shaken picture",
    )
    parser.add_argument(
        "--other-sets",
        type=float,
        default=0.0,
        help="share of crops drawn with their inks' hue turned and colour weakened or "
        "strengthened, and again with their strokes heavier or lighter by up to a pixel, as "
        "sets never learnt print them",
    )
    parser.add_argument(
        "--low-res",
        type=float,
        default=LOW_RES,
        help="share of crops shrunk as a tile far from the camera is, then scaled up again",
    )
    parser.add_argument(
        "--flower-copies",
        type=int,
        default=FLOWER_COPIES,
        help="times each real flower or season crop is drawn per epoch",
    )
    parser.add_argument(
        "--size", type=int, default=INPUT_SIZE, help="the model's input: crops are size x size"
    )
    parser.add_argument(
        "--keep",
        choices=("best", "last"),
        default="best",
        help="export the epoch with the best held-out score (clean crops), or the last one (a "
        "run that teaches what the held-out crops do not show, such as --camera-faults)",
    )
    parser.add_argument("--threads", type=int, default=2, help="CPU threads for torch")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--resume", default=None, help="start from these weights (a .pt file or an exported .onnx)"
    )
    parser.add_argument("--out", default=str(DEFAULT_MODEL), help="where to write the ONNX model")
    args = parser.parse_args(argv)
    try:
        import torch  # noqa: F401
    except ImportError:
        print("Training needs the train extra: pip install -e '.[train]'")
        return 2
    train(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
