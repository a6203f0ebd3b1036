"""`python -m lab.train_detector`: train the tile finder and export `vision/models/detector.onnx`.

Training code only (needs the `train` extra: torch, onnx, matplotlib, tqdm); the product runs the
exported model with onnxruntime (`vision/detector.py`). The recipe, data and figures are written
up in `vision/models/detector.md`.

The network is small on purpose (the whole reader has 15 ms per photo on two CPU cores): a
MobileNet-like backbone of depthwise-separable blocks down to 1/32, a light top-down path back to
1/4, and a head of six maps: face and back centre heat, and the reach of the tile from each cell
(left, up, right, down). The exported graph takes uint8 BGR pixels and returns the peaks and
reaches, so the run-time code has no normalisation or peak picking to get wrong.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from lab import detector_data as data
from lab.folded import load_folded, unfold_norms
from vision.detector import DEFAULT_MODEL

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "runs" / "detector"
SIDES = (288, 320, 352, 384)  # training canvas sizes, one per batch
REACH_UNIT = 16.0  # pixels a reach of exp(0) stands for
TABLES_SEED = 31  # whole tables for training; no benchmark or test draws from this seed
DARK_TABLES_SEED = 32  # whole tables on black faces, for training too
LOW_TABLES_SEED = 33  # whole tables seen by a low camera
LEVEL_TABLES_SEED = 34  # whole tables seen by a low camera, made level as the reader makes them
TOSSED_TABLES_SEED = 35  # whole tables whose discards were tossed into the middle


STEMS = ("conv", "patch")
PATCH = 4  # the patch stem's step: pixels across each of its cells
PATCH_WIDTH = 24  # channels the patch stem makes of each 4 x 4 patch
PIXEL_MEAN, PIXEL_SCALE = 127.5, 64.0  # the network's input is (pixel - mean) / scale


def build_network(
    widths=(16, 32, 64, 128, 192), neck: int = 48, head_stride: int = 4, stem: str = "conv"
):
    """The localiser as a torch module: normalised NCHW float in, six raw maps out at
    1/`head_stride` (4 or 8). At 8 the top-down path stops a level early: a look at 1024 x 1024
    takes about 40 % less time, but tiles under about 25 pixels are found less often
    (vision/models/detector.md). Its 1/4 lateral and merge are kept unused, so the weights of a
    finder with its head at 1/4 load into it as they are.

    `stem`: how the picture comes down to 1/4. `conv`, the shipped finders': a 3 x 3 convolution
    at half size, then two separable blocks. `patch`: each 4 x 4 patch of pixels made PATCH_WIDTH
    channels at once, then one separable block; no layer runs at half size, and as the patches do
    not overlap (no padding) the input's normalisation folds into the patch weights at the export
    (`deployable`). With `neck` 32 instead of 48, a look took about 40 % less time on a 2-core
    CPU (vision/models/detector.md, "A lighter finder"). `network.design` says which was built."""
    if head_stride not in (4, 8):
        raise ValueError(f"head_stride must be 4 or 8, not {head_stride}")
    if stem not in STEMS:
        raise ValueError(f"stem must be one of {', '.join(STEMS)}, not {stem}")
    upward = (2, 1, 0) if head_stride == 4 else (2, 1)  # the levels the top-down path merges
    import torch
    from torch import nn
    from torch.nn import functional

    def conv(cin, cout, kernel=3, stride=1, groups=1, padding=None):
        padding = kernel // 2 if padding is None else padding
        return nn.Sequential(
            nn.Conv2d(cin, cout, kernel, stride, padding, groups=groups, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        )

    class Separable(nn.Module):
        def __init__(self, cin, cout, stride=1, kernel=3):
            super().__init__()
            self.depthwise = conv(cin, cin, kernel, stride, groups=cin)
            self.pointwise = conv(cin, cout, 1)
            self.residual = stride == 1 and cin == cout

        def forward(self, x):
            y = self.pointwise(self.depthwise(x))
            return x + y if self.residual else y

    class Localiser(nn.Module):
        def __init__(self):
            super().__init__()
            c = widths
            self.design = {"stem": stem, "neck": neck, "head_stride": head_stride}
            if stem == "patch":
                self.stem = conv(3, PATCH_WIDTH, PATCH, PATCH, padding=0)
                self.down4 = nn.Sequential(Separable(PATCH_WIDTH, c[1]))
            else:
                self.stem = conv(3, c[0], 3, 2)
                self.down4 = nn.Sequential(Separable(c[0], c[1], 2), Separable(c[1], c[1]))
            self.down8 = nn.Sequential(Separable(c[1], c[2], 2), Separable(c[2], c[2]))
            self.down16 = nn.Sequential(
                Separable(c[2], c[3], 2, 5),
                Separable(c[3], c[3], 1, 5),
                Separable(c[3], c[3], 1, 5),
            )
            self.down32 = nn.Sequential(Separable(c[3], c[4], 2, 5), Separable(c[4], c[4], 1, 5))
            self.lateral = nn.ModuleList(
                [conv(c[i], neck, 1) for i in (1, 2, 3, 4)]
            )  # 1/4, 1/8, 1/16, 1/32
            self.merge = nn.ModuleList([Separable(neck, neck, 1, 5) for _ in range(3)])
            self.head = nn.Sequential(Separable(neck, neck), nn.Conv2d(neck, 6, 1))
            with torch.no_grad():
                self.head[-1].bias[:2].fill_(-2.2)  # centres are rare: start near p = 0.1
                self.head[-1].bias[2:].zero_()

        def forward(self, x, with_quarter: bool = False):
            """The six raw maps; with `with_quarter`, also the features at 1/4 that the top-down
            path starts from (what a student finder learns to make as its teacher does)."""
            x4 = self.down4(self.stem(x))
            x8 = self.down8(x4)
            x16 = self.down16(x8)
            x32 = self.down32(x16)
            levels = (x4, x8, x16)
            top = self.lateral[3](x32)
            for i in upward:
                top = functional.interpolate(top, scale_factor=2.0, mode="nearest")
                top = self.merge[i](top + self.lateral[i](levels[i]))
            raw = self.head(top)
            return (raw, x4) if with_quarter else raw

    return Localiser()


def network_like(path: Path):
    """A network of the design an exported finder was built to (its `design` metadata; the
    shipped finders, which have none, are `conv` stems with a neck of 48), its weights loaded."""
    import onnxruntime

    meta = onnxruntime.InferenceSession(str(path)).get_modelmeta().custom_metadata_map
    design = json.loads(meta.get("design", "{}"))
    network = build_network(head_stride=int(meta.get("stride", 4)), **design)
    load_exported(network, path)
    return network


def _scaling_folded(network):
    """A copy of a patch-stem network that takes pixels as they are (0-255), its input
    normalisation folded into the stem: conv((x - m) / s, W) = conv(x, W / s) - (m / s) sum(W),
    exactly, as no patch reaches past the picture's edge. The shift goes into the stem's norm
    (its running mean), which the export folds into the convolution's bias."""
    import copy

    import torch

    folded = copy.deepcopy(network).eval()
    convolution, norm = folded.stem[0], folded.stem[1]
    with torch.no_grad():
        norm.running_mean += PIXEL_MEAN / PIXEL_SCALE * convolution.weight.sum(dim=(1, 2, 3))
        convolution.weight /= PIXEL_SCALE
    return folded


def started_as_teacher(network, teacher) -> set[str]:
    """Give `network` every layer of `teacher` that it has in the same shape (a student of
    another stem or neck keeps the teacher's backbone from 1/8 down); the names of the layers
    taken."""
    own, theirs = network.state_dict(), teacher.state_dict()
    units: dict[str, list[str]] = {}  # a convolution with its norm, or a bare convolution
    for key in theirs:
        units.setdefault(key.rsplit(".", 2)[0], []).append(key)
    same = {
        key: theirs[key]
        for keys in units.values()
        if all(k in own and own[k].shape == theirs[k].shape for k in keys)
        for key in keys
    }
    network.load_state_dict(same, strict=False)
    return {key.rsplit(".", 1)[0] for key in same}


def deployable(network):
    """Wrap the localiser for export: uint8 BGR NHWC in; peaks and reaches (pixels) out."""
    import torch
    from torch import nn
    from torch.nn import functional

    patch = network.design["stem"] == "patch"
    inner = _scaling_folded(network) if patch else network

    class Deployed(nn.Module):
        def __init__(self):
            super().__init__()
            self.network = inner

        def forward(self, image):
            x = image.permute(0, 3, 1, 2).float()
            raw = self.network(x if patch else (x - PIXEL_MEAN) / PIXEL_SCALE)
            heat = torch.sigmoid(raw[:, :2])
            tops = functional.max_pool2d(heat, 3, stride=1, padding=1)
            peaks = heat * (tops == heat).float()
            reach = torch.exp(raw[:, 2:].clamp(-4.0, 5.0)) * REACH_UNIT
            return peaks, reach

    return Deployed()


def losses(raw, maps):
    """Focal loss on the centre heat (CenterNet's form) and GIoU loss on the boxes at the cores."""
    import torch

    heat = maps["heat"]
    weight = maps["heat_weight"]
    p = torch.sigmoid(raw[:, :2]).clamp(1e-4, 1 - 1e-4)
    positive = heat.eq(1.0).float() * weight
    negative = (1 - heat.eq(1.0).float()) * weight
    pos_loss = -torch.log(p) * (1 - p) ** 2 * positive
    neg_loss = -torch.log(1 - p) * p**2 * (1 - heat) ** 4 * negative
    focal = (pos_loss.sum() + neg_loss.sum()) / positive.sum().clamp(min=1.0)

    n, _, h, w = raw.shape
    ys = (torch.arange(h, dtype=raw.dtype, device=raw.device) + 0.5) * data.STRIDE
    xs = (torch.arange(w, dtype=raw.dtype, device=raw.device) + 0.5) * data.STRIDE
    reach = torch.exp(raw[:, 2:].clamp(-4.0, 5.0)) * REACH_UNIT
    pred = torch.stack(
        [xs[None, None] - reach[:, 0], ys[None, :, None] - reach[:, 1]]
        + [xs[None, None] + reach[:, 2], ys[None, :, None] + reach[:, 3]],
        dim=1,
    )
    box_weight = maps["box_weight"]
    giou = 1 - generalised_iou(pred, maps["box"])
    box_loss = (giou * box_weight).sum() / box_weight.sum().clamp(min=1.0)
    return focal, box_loss


def distillation(raw, quarter, taught_raw, taught_quarter):
    """How far a student finder's answers lie from its teacher's on the same batch: the heat as
    the teacher's probabilities (binary cross-entropy, weighted towards the cells where either
    sees a tile: a heap of discards the teacher passes over and the student boxes weighs as
    much as a tile the student misses), the reaches where the teacher sees a tile, and the
    features at 1/4 (mean square, relative to the teacher's). Each term is 0 for a student that
    answers as the teacher does, but the heat's, which is then the teacher heat's own entropy."""
    import torch
    from torch.nn import functional

    heat = torch.sigmoid(taught_raw[:, :2])
    weight = 1.0 + 9.0 * torch.maximum(heat, torch.sigmoid(raw[:, :2]).detach())
    heat_loss = functional.binary_cross_entropy_with_logits(raw[:, :2], heat, weight=weight)
    tiles = heat.amax(dim=1, keepdim=True)
    gap = (raw[:, 2:].clamp(-4.0, 5.0) - taught_raw[:, 2:].clamp(-4.0, 5.0)).abs()
    reach_loss = (gap * tiles).sum() / (4 * tiles.sum()).clamp(min=1.0)
    feature_loss = (quarter - taught_quarter).pow(2).mean() / taught_quarter.pow(2).mean().clamp(
        min=1e-6
    )
    return heat_loss, reach_loss, feature_loss


def generalised_iou(a, b):
    """GIoU of two stacks of boxes laid out as n x 4 x h x w."""
    import torch

    ix0, iy0 = torch.maximum(a[:, 0], b[:, 0]), torch.maximum(a[:, 1], b[:, 1])
    ix1, iy1 = torch.minimum(a[:, 2], b[:, 2]), torch.minimum(a[:, 3], b[:, 3])
    inter = (ix1 - ix0).clamp(min=0) * (iy1 - iy0).clamp(min=0)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]).clamp(min=0) * (b[:, 3] - b[:, 1]).clamp(min=0)
    union = area_a + area_b - inter + 1e-6
    hull = (torch.maximum(a[:, 2], b[:, 2]) - torch.minimum(a[:, 0], b[:, 0])) * (
        torch.maximum(a[:, 3], b[:, 3]) - torch.minimum(a[:, 1], b[:, 1])
    )
    return inter / union - (hull - union) / (hull + 1e-6)


def load_exported(network, path: Path) -> None:
    """Start from an exported model's weights (`--resume x.onnx`; see `lab.folded`). A patch
    stem's weights were exported with the input's scaling folded in (`deployable`): it is taken
    out again, so the network takes normalised pixels as in training."""
    import torch

    load_folded(network, path, "/network/")
    if network.design["stem"] == "patch":
        convolution, norm = network.stem[0], network.stem[1]
        with torch.no_grad():
            norm.bias += PIXEL_MEAN * convolution.weight.sum(dim=(1, 2, 3))
            convolution.weight *= PIXEL_SCALE


def to_tensors(batch, device="cpu"):
    """A batch as the network takes it, on `device`. The pictures travel as bytes and become
    floats there: on one CPU thread the conversion took 80 ms a batch of 32, which held a lent
    GPU's training to ten batches a second."""
    import torch

    image = torch.from_numpy(batch["image"]).to(device, non_blocking=True)
    image = image.permute(0, 3, 1, 2).float()
    maps = {
        k: torch.from_numpy(v).to(device, non_blocking=True)
        for k, v in batch.items()
        if k != "image"
    }
    return (image - PIXEL_MEAN) / PIXEL_SCALE, maps


def evaluate(network, examples, pixels=384 * 384, threshold=0.3):
    """Recall and precision per kind (IoU >= 0.5) on whole pictures, as the reader sees them.

    Backs count only where they are labelled (synthetic scenes)."""
    import torch

    from lab.bench_reader import match_boxes
    from vision.detector import decode, prepare

    deployed = deployable(network).eval()
    device = next(network.parameters()).device
    counts = {kind: np.zeros(3) for kind in ("face", "back")}  # found, true, matched
    with torch.no_grad():
        for example in examples:
            prepared = prepare(example.image, pixels)
            peaks, reach = deployed(torch.from_numpy(prepared.tensor.copy()).to(device))
            peaks, reach = peaks[0].cpu().numpy(), reach[0].cpu().numpy()
            found = decode(peaks, reach, prepared, threshold, 0.5)
            for number, kind in enumerate(("face", "back")):
                if kind == "back" and not example.backs_labelled:
                    continue
                boxes = np.array([f.box for f in found if f.kind == kind]).reshape(-1, 4)
                truth = example.boxes[example.kinds == number]
                matched = match_boxes(boxes, truth)
                counts[kind] += (len(boxes), len(truth), int((matched >= 0).sum()))
    network.train()
    return {kind: (c[2] / max(c[1], 1), c[2] / max(c[0], 1)) for kind, c in counts.items() if c[1]}


def model_meta(held_out: dict, photo_zooms, scene_tiles, stride: int) -> dict:
    """What the exported model tells the reader (`vision.detector.TileFinder` reads the
    kinds, sizes, threshold and overlap) and a person (its data, head stride and held-out
    figures)."""
    return {
        "kinds": ["face", "back"],
        "stride": stride,
        "multiple": 32,
        "pixels": 384 * 384,
        "threshold": 0.3,
        "nms_iou": 0.5,
        "input": "uint8 BGR, 1 x H x W x 3, H and W multiples of 32",
        "trained_on": "Roboflow Chinese Mahjong Detection v4 train split (CC BY 4.0) "
        "and synthetic scenes of datasets/scene.py",
        "held_out": {k: round(v, 4) for k, v in held_out.items() if k != "minutes"},
        "augment": {"photo_zooms": list(photo_zooms), "scene_tiles": list(scene_tiles)},
    }


def export(network, path: Path, meta: dict) -> None:
    import torch

    from lab.onnx_metadata import write_metadata

    design = {k: v for k, v in network.design.items() if k != "head_stride"}  # `stride` says it
    meta = {**meta, "design": design}
    deployed = deployable(network.cpu()).eval()
    dummy = torch.zeros(1, 384, 384, 3, dtype=torch.uint8)
    torch.onnx.export(
        deployed,
        dummy,
        str(path),
        input_names=["image"],
        output_names=["peaks", "reach"],
        dynamic_axes={"image": {1: "height", 2: "width"}},
        opset_version=17,
        dynamo=False,
    )
    write_metadata(path, meta)


def plot_curves(history: list[dict], path: Path) -> None:
    from lab.figures import headless_pyplot

    pyplot = headless_pyplot()
    epochs = [h["epoch"] for h in history]
    figure, (left, right) = pyplot.subplots(1, 2, figsize=(9, 3.2), dpi=80)
    left.plot(epochs, [h["focal"] for h in history], label="centre heat (focal)")
    left.plot(epochs, [h["box"] for h in history], label="box (1 - GIoU)")
    left.set_xlabel("epoch")
    left.set_title("training loss")
    left.legend()
    right.plot(epochs, [h["recall"] for h in history], label="recall")
    right.plot(epochs, [h["precision"] for h in history], label="precision")
    for key, label in (("scene_back_recall", "backs in scenes: recall"),):
        if key in history[0]:
            right.plot(epochs, [h[key] for h in history], label=label, linestyle="--")
    right.set_ylim(0.8, 1.0)
    right.set_xlabel("epoch")
    right.set_title("held out: photos' faces, scenes' backs (IoU >= 0.5)")
    right.legend()
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)


_POOLS: dict[str, list] = {}  # the examples batches are drawn from; forked workers inherit them


def _make_batch(job):
    """One augmented batch: `picks` are (is_scene, index) pairs into the pools."""
    picks, side, seed = job
    examples = [_POOLS["scenes" if is_scene else "photos"][index] for is_scene, index in picks]
    return data.batch(examples, side, np.random.default_rng(seed))


def one_cycle(fraction: float, peak: float, warm: float = 0.05) -> float:
    """The learning rate `fraction` of the way through a run timed by the clock (`--minutes`):
    a straight warm-up from peak / 25 (where OneCycleLR starts), then a cosine down to
    peak / 10^4."""
    import math

    if fraction < warm:
        return peak / 25 + (peak - peak / 25) * fraction / warm
    down = (fraction - warm) / (1 - warm)
    return peak / 1e4 + (peak - peak / 1e4) * (1 + math.cos(math.pi * down)) / 2


def number_pair(text: str) -> tuple[float, float]:
    low, high = (float(v) for v in text.split(","))
    return low, high


def _drawn_once(
    name: str, count: int, seed: int, workers: int, untaught_discards: bool = False, **kind
) -> list:
    """`count` synthetic scenes (`kind`: `make_scenes`'s `whole_tables`, `dark`, `low` and `level`),
    kept in runs/detector/NAME-COUNT.npz: drawn the first time, read back by every later run."""
    pool = RUNS / f"{name}-{count}.npz"
    if not pool.exists():
        data.make_scenes(count, seed=seed, path=pool, workers=workers, **kind)
    return data.load_scenes(pool, untaught_discards)


def synthetic_pools(args) -> tuple[list, list]:
    """(held-out scenes, scenes to learn from): `args.scenes` scenes, a twentieth held out, then
    `args.tables` whole tables, `args.dark_tables` on black faces, `args.low_tables` seen by
    a low camera, `args.level_tables` seen so and made level and `args.tossed_tables` with
    their discards tossed into the middle, each drawn once."""
    scenes = _drawn_once("scenes", args.scenes, 1, args.workers) if args.synthetic > 0 else []
    held_scenes, scenes = scenes[: len(scenes) // 20], scenes[len(scenes) // 20 :]
    untaught = args.untaught_discards
    # whole tables, each pool from a seed of its own (the benchmark's tables, lab.hands, from
    # another): as drawn, on black faces, seen by a low camera
    pools = (
        ("tables", args.tables, TABLES_SEED, {}),
        ("dark-tables", args.dark_tables, DARK_TABLES_SEED, {"dark": True}),
        ("low-tables", args.low_tables, LOW_TABLES_SEED, {"low": True}),
        ("level-tables", args.level_tables, LEVEL_TABLES_SEED, {"low": True, "level": True}),
        ("tossed-tables", args.tossed_tables, TOSSED_TABLES_SEED, {"pool": "tossed"}),
    )
    for name, count, seed, kind in pools:
        if count:
            scenes += _drawn_once(
                name, count, seed, args.workers, untaught, whole_tables=True, **kind
            )
    return held_scenes, scenes


def measured_on(sample: list, rng) -> list:
    """Batches of 16 of `sample` as the network takes them, for its norms to measure
    (`lab.folded.unfold_norms`)."""
    return [
        to_tensors(data.batch(sample[k : k + 16], 384, rng))[0] for k in range(0, len(sample), 16)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.train_detector", description=__doc__)
    parser.add_argument("--epochs", type=int, default=24)
    parser.add_argument(
        "--steps", type=int, default=None, help="batches an epoch (default: a pass over the photos)"
    )
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--synthetic", type=float, default=0.25, help="share of synthetic scenes")
    parser.add_argument("--scenes", type=int, default=800, help="synthetic scenes to draw once")
    parser.add_argument(
        "--tables",
        type=int,
        default=0,
        help="whole end-of-hand tables to draw once and add to the synthetic scenes",
    )
    parser.add_argument(
        "--dark-tables",
        type=int,
        default=0,
        help="whole tables of sets on black faces to draw once and add (the finder halves them)",
    )
    parser.add_argument(
        "--low-tables",
        type=int,
        default=0,
        help="whole tables seen by a low camera (the far edge narrower) to draw once and add",
    )
    parser.add_argument(
        "--level-tables",
        type=int,
        default=0,
        help="whole tables seen by a low camera and made level as the reader makes them, "
        "to draw once and add",
    )
    parser.add_argument(
        "--tossed-tables",
        type=int,
        default=0,
        help="whole tables whose discards were tossed into the middle (every angle, some on "
        "others), to draw once and add: the finders learnt none",
    )
    parser.add_argument(
        "--untaught-discards",
        action="store_true",
        help="leave the whole tables' discards out of the loss (the real photos label none)",
    )
    parser.add_argument("--holdout", type=float, default=0.07, help="share of sources held out")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--workers", type=int, default=1, help="processes drawing scenes and augmenting batches"
    )
    parser.add_argument(
        "--photos",
        type=Path,
        default=None,
        help="photos packed by `python -m lab.detector_data` instead of ../shared",
    )
    parser.add_argument(
        "--photo-zooms", type=number_pair, default=data.PHOTO_ZOOMS, help="low,high zoom of a photo"
    )
    parser.add_argument(
        "--scene-tiles",
        type=number_pair,
        default=data.SCENE_TILES,
        help="low,high tile length in scenes",
    )
    parser.add_argument(
        "--minutes",
        type=float,
        default=None,
        help="train for this long instead of --epochs; the learning rate follows the clock",
    )
    parser.add_argument(
        "--head-stride",
        type=int,
        choices=(4, 8),
        default=4,
        help="the cells of the heat and the boxes: 4 (the shipped finders) or 8 (faster)",
    )
    parser.add_argument(
        "--stem",
        choices=STEMS,
        default="conv",
        help="how the picture comes down to 1/4: conv (the shipped finders) or patch (faster)",
    )
    parser.add_argument("--neck", type=int, default=48, help="channels of the top-down path")
    parser.add_argument(
        "--teacher",
        type=Path,
        default=None,
        help="an exported finder this one learns to answer as (its heat, reaches and features "
        "at 1/4, beside the labels); the layers of the same shape start from its weights",
    )
    parser.add_argument(
        "--distil", type=float, default=1.0, help="weight of the teacher's answers in the loss"
    )
    parser.add_argument(
        "--label-weight",
        type=float,
        default=1.0,
        help="weight of the labels in the loss (0 with --teacher: the teacher's answers alone, "
        "so the whole tables' labelled discards do not teach a photo's finder to box heaps)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_MODEL)
    parser.add_argument("--limit", type=int, default=None, help="use at most this many photos")
    parser.add_argument(
        "--resume",
        type=Path,
        default=None,
        help="start from these weights (.pt or an exported .onnx)",
    )
    parser.add_argument(
        "--draw-only",
        action="store_true",
        help="draw the scenes and tables once (with --workers) and stop: runs started after, "
        "side by side, then read them instead of each drawing its own",
    )
    args = parser.parse_args(argv)
    if args.label_weight < 0 or (args.label_weight == 0 and not args.teacher):
        parser.error(
            "--label-weight must be 0 or more, and 0 only with --teacher: a run with neither the "
            "labels nor a teacher has nothing to learn from"
        )
    if args.draw_only:
        RUNS.mkdir(parents=True, exist_ok=True)
        held, scenes = synthetic_pools(args)
        print(f"{len(scenes) + len(held)} scenes and tables drawn, kept in {RUNS}.")
        return 0

    import torch
    from tqdm import tqdm

    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    rng = np.random.default_rng(0)
    data.PHOTO_ZOOMS, data.SCENE_TILES = args.photo_zooms, args.scene_tiles
    data.STRIDE = args.head_stride  # before the workers fork: they draw the targets
    RUNS.mkdir(parents=True, exist_ok=True)
    # made now, not at the export: a run on a lent GPU lost its export to a missing folder
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.photos:
        kept, held = data.load_packed_photos(args.photos, args.holdout)
    else:
        kept, held = data.load_photos("train", args.holdout)
    kept, held = kept[: args.limit], held[: args.limit]
    held_scenes, scenes = synthetic_pools(args)
    print(
        f"{len(kept)} photos to learn from, {len(held)} held out (whole sources); "
        f"{len(scenes)} synthetic scenes, {len(held_scenes)} held out; training on {device}."
    )

    # Forked, so the workers share the pictures without copying them; before torch starts its
    # threads or the GPU, as a fork of a process with running threads can hang on their locks.
    _POOLS.update(photos=kept, scenes=scenes)
    workers = data.forked_workers(args.workers) if args.workers > 1 else None

    network = build_network(head_stride=args.head_stride, stem=args.stem, neck=args.neck)
    sample = kept[:: max(1, len(kept) // 64)][:64] + scenes[:: max(1, len(scenes) // 32)][:32]
    teacher = None
    if args.resume and args.resume.suffix == ".onnx":
        load_exported(network, args.resume)
        unfold_norms(network, measured_on(sample, rng))
    elif args.resume:
        network.load_state_dict(torch.load(args.resume, map_location="cpu"))
    elif args.teacher:
        teacher = network_like(args.teacher).eval()
        taken = started_as_teacher(network, teacher)
        unfold_norms(network, measured_on(sample, rng), only=taken)
    if args.teacher and teacher is None:
        teacher = network_like(args.teacher).eval()
    if teacher is not None:
        teacher.to(device)
        for parameter in teacher.parameters():
            parameter.requires_grad_(False)
    network.to(device)
    steps_per_epoch = args.steps or max(1, len(kept) // args.batch)
    total = steps_per_epoch * args.epochs
    optimiser = torch.optim.AdamW(network.parameters(), lr=args.lr, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimiser, max_lr=args.lr, total_steps=total, pct_start=0.05
    )
    history, best, best_row = [], -1.0, {}
    run_dir = RUNS / args.out.stem  # one folder per output, so runs never overwrite
    run_dir.mkdir(parents=True, exist_ok=True)
    started = time.time()
    # The dataset's rotated and sheared copies carry boxes grown around turned tiles (some
    # slipped off them): drawn rarely, or the finder learns to draw every box too big.
    # Stretched photos (tiles longer than 2.5:1) are few and hard: drawn three times as often.
    weights = np.array(
        [
            (1.0 if data.overlap_ratio(e) < data.CLEAN_OVERLAP else 0.1)
            * (3.0 if data.elongation(e) > 2.5 else 1.0)
            for e in kept
        ]
    )
    weights /= weights.sum()
    held = [e for e in held if data.overlap_ratio(e) < data.CLEAN_OVERLAP]
    epochs = 10**6 if args.minutes else args.epochs
    for epoch in range(1, epochs + 1):
        order = rng.choice(len(kept), size=steps_per_epoch * args.batch, p=weights)
        jobs = []
        for step in range(steps_per_epoch):
            picks = [(False, int(i)) for i in order[step * args.batch : (step + 1) * args.batch]]
            if scenes:
                picks = [
                    (True, int(rng.integers(len(scenes)))) if rng.random() < args.synthetic else p
                    for p in picks
                ]
            jobs.append((picks, int(rng.choice(SIDES)), int(rng.integers(2**31))))
        batches = workers.imap(_make_batch, jobs) if workers else map(_make_batch, jobs)
        sums = np.zeros(3)
        bar = tqdm(
            batches,
            total=steps_per_epoch,
            desc=f"epoch {epoch}" + ("" if args.minutes else f"/{args.epochs}"),
            unit="batch",
        )
        for step, made in enumerate(bar):
            image, maps = to_tensors(made, device)
            raw, quarter = network(image, with_quarter=True)
            focal, box = losses(raw, maps)
            loss = args.label_weight * (focal + 5.0 * box)
            taught = 0.0
            if teacher is not None:
                with torch.no_grad():
                    taught_raw, taught_quarter = teacher(image, with_quarter=True)
                heat, reach, feature = distillation(raw, quarter, taught_raw, taught_quarter)
                taught = heat + reach + feature
                loss = loss + args.distil * taught
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(network.parameters(), 10.0)
            optimiser.step()
            sums += (float(focal), float(box), float(taught))
            done = step + 1
            bar.set_postfix(
                focal=f"{sums[0] / done:.3f}",
                box=f"{sums[1] / done:.3f}",
                **({"teacher": f"{sums[2] / done:.3f}"} if teacher is not None else {}),
            )
            if not args.minutes:
                schedule.step()
                continue
            elapsed = (time.time() - started) / 60 / args.minutes
            for group in optimiser.param_groups:
                group["lr"] = one_cycle(min(elapsed, 1.0), args.lr)
            if elapsed >= 1.0:
                break
        row = {"epoch": epoch, "focal": sums[0] / done, "box": sums[1] / done}
        if teacher is not None:
            row["teacher"] = sums[2] / done
        row["recall"], row["precision"] = evaluate(network, held)["face"]
        for kind, (recall, precision) in evaluate(network, held_scenes).items():
            row[f"scene_{kind}_recall"], row[f"scene_{kind}_precision"] = recall, precision
        row["minutes"] = (time.time() - started) / 60
        history.append(row)
        print(json.dumps(row), flush=True)
        # every epoch's weights too: the held-out photos label only hands, so a run meant for
        # whole tables may be chosen on other figures (`lab.export_detector` exports one)
        torch.save(network.state_dict(), run_dir / f"epoch-{epoch}.pt")
        score = 2 * row["recall"] * row["precision"] / max(row["recall"] + row["precision"], 1e-9)
        if score > best:
            best, best_row = score, row
            torch.save(network.state_dict(), run_dir / "best.pt")
        (run_dir / "history.json").write_text(json.dumps(history, indent=1))
        if args.minutes and row["minutes"] >= args.minutes:
            print(f"Stopped in epoch {epoch}: {args.minutes:g} minutes are up.", flush=True)
            break
    if workers:
        workers.terminate()  # batches made ahead of a run stopped by the clock are not wanted

    network.load_state_dict(torch.load(run_dir / "best.pt", map_location=device))
    meta = model_meta(best_row, args.photo_zooms, args.scene_tiles, args.head_stride)
    export(network, args.out, meta)
    plot_curves(history, args.out.with_name(args.out.stem + "-curves.png"))
    minutes = (time.time() - started) / 60
    print(f"Wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB) after {minutes:.0f} min.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
