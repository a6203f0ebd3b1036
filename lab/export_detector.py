"""`python -m lab.export_detector RUN_DIR EPOCH OUT.onnx`: export one epoch of a finder's run.

`lab.train_detector` exports the epoch with the best F1 on the held-out photos. Those photos
label only the hand, so for a finder meant for whole tables (`vision/models/table-finder.md`)
another epoch may read the tables better: every epoch's weights are kept in the run's folder
(`epoch-N.pt`, beside `history.json`), and this exports the one chosen, with the metadata the
reader needs and that epoch's held-out figures.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from lab.train_detector import STEMS, build_network, export, model_meta, number_pair


def main(argv: list[str] | None = None) -> int:
    import torch

    parser = argparse.ArgumentParser(prog="python -m lab.export_detector", description=__doc__)
    parser.add_argument("run", type=Path, help="the run's folder, as runs/detector/NAME")
    parser.add_argument("epoch", type=int)
    parser.add_argument("out", type=Path, help="the .onnx file to write")
    parser.add_argument(
        "--photo-zooms",
        type=number_pair,
        default=None,
        help="low,high: the run's photo zooms, where its own export is missing",
    )
    parser.add_argument(
        "--scene-tiles",
        type=number_pair,
        default=None,
        help="low,high: the run's scene tile lengths, where its own export is missing",
    )
    parser.add_argument(
        "--head-stride",
        type=int,
        choices=(4, 8),
        default=None,
        help="the run's head stride (default: as its own export says, else 4)",
    )
    parser.add_argument(
        "--stem",
        choices=STEMS,
        default=None,
        help="the run's stem (default: as its own export says, else conv)",
    )
    parser.add_argument(
        "--neck", type=int, default=None, help="the run's neck (default: as its export says)"
    )
    args = parser.parse_args(argv)
    weights = args.run / f"epoch-{args.epoch}.pt"
    if not weights.is_file():
        parser.error(f"{weights} is not there: the run keeps epoch-N.pt for each epoch it ended")
    history = json.loads((args.run / "history.json").read_text())
    row = next((r for r in history if r["epoch"] == args.epoch), {})
    augment, stride, design = {}, 4, {}
    previous = args.run.with_suffix(".onnx")
    if previous.is_file():  # the run's own export says how it was augmented and built
        import onnxruntime

        meta = onnxruntime.InferenceSession(str(previous)).get_modelmeta().custom_metadata_map
        augment = json.loads(meta.get("augment", "{}"))
        stride = int(meta.get("stride", stride))
        design = json.loads(meta.get("design", "{}"))
    stride = args.head_stride or stride
    design.update({k: v for k, v in (("stem", args.stem), ("neck", args.neck)) if v})
    network = build_network(head_stride=stride, **design)
    network.load_state_dict(torch.load(weights, map_location="cpu"))
    zooms = args.photo_zooms or augment.get("photo_zooms", ())
    tiles = args.scene_tiles or augment.get("scene_tiles", ())
    meta = model_meta(row, zooms, tiles, stride)
    export(network, args.out, meta)
    print(f"Wrote {args.out} from {weights}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
