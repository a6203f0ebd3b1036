"""`python -m lab.soup BEFORE.onnx AFTER.onnx --out MODEL.onnx`: a model (the classifier, or the
tile finder) whose weights lie halfway (`--share`) between a model and its fine-tune.

A fine-tune that teaches something new (inks in other colours, tiles of other styles at a
table's size) also drifts from what the model before it read well: every fine-tune of the shipped
classifier on 2026-11-26 named a few more tiles of the valid photos wrong. Averaging each weight of
the two models keeps most of both, as a model and its own fine-tune lie in one basin
(weight-space ensembling, as in WiSE-FT; tried on the finder too, see its card). Both files must
be exports of one network (`lab.train`, or `lab.train_detector` for the finder);
each batch norm is folded into its convolution there, and the folded weights average as well as
the unfolded ones would to first order. The output keeps the fine-tune's metadata and says what
was averaged (`averaged`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

# Weights the run-time wrapper adds (its scaling and normalisation), equal in every export.
WRAPPER = ("scale", "shift")


class NotOneNetwork(ValueError):
    """The two models do not hold the same weights: they cannot be averaged."""


def average(before: Path, after: Path, share: float, out: Path) -> None:
    """Write `out`: each weight `share` of the way from `before` to `after`."""
    import numpy as np
    import onnx
    from onnx import numpy_helper

    if not 0.0 <= share <= 1.0:
        raise ValueError(f"--share must lie between 0 and 1, not {share}.")
    model = onnx.load(str(after))
    earlier = {w.name: numpy_helper.to_array(w) for w in onnx.load(str(before)).graph.initializer}
    names = {w.name for w in model.graph.initializer}
    if names != set(earlier):
        odd = sorted(names ^ set(earlier))
        raise NotOneNetwork(
            f"{before.name} and {after.name} hold different weights ({len(odd)} in one only, "
            f"such as {', '.join(odd[:3])}): not one network."
        )
    for weight in model.graph.initializer:
        if weight.name in WRAPPER:
            continue
        late, early = numpy_helper.to_array(weight), earlier[weight.name]
        if late.shape != early.shape:
            raise NotOneNetwork(
                f"{weight.name} is {early.shape} in {before.name} but {late.shape} in "
                f"{after.name}: not one network."
            )
        mixed = (share * late.astype(np.float64) + (1 - share) * early).astype(late.dtype)
        weight.CopyFrom(numpy_helper.from_array(mixed, weight.name))
    note = {"before": before.name, "after": after.name, "share_of_after": share}
    entry = next((p for p in model.metadata_props if p.key == "averaged"), None)
    if entry is None:
        entry = model.metadata_props.add()
        entry.key = "averaged"
    entry.value = json.dumps(note)
    out.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(model, str(out))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.soup", description=__doc__)
    parser.add_argument("before", type=Path, help="the model fine-tuned from (ONNX)")
    parser.add_argument("after", type=Path, help="its fine-tune (ONNX)")
    parser.add_argument("--share", type=float, default=0.5, help="how far towards the fine-tune")
    parser.add_argument("--out", type=Path, required=True, help="where to write the average")
    args = parser.parse_args(argv)
    try:
        average(args.before, args.after, args.share, args.out)
    except (ValueError, OSError) as error:  # NotOneNetwork among them
        print(error)
        return 2
    print(f"wrote {args.out}: {args.share:g} of {args.after.name}, the rest {args.before.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
