"""Training again from an exported model: the ONNX file's weights back into the torch network.

The export folds each batch norm into the convolution before it, so only the folded weights are
in the file. `load_folded` gives each convolution its folded weights and makes its norm the
identity plus the folded bias; `unfold_norms` then gives the norms statistics again, so a
fine-tune can train them as a run from scratch does. Used by `lab.train_detector` and
`lab.train` (`--resume x.onnx`).
"""

from __future__ import annotations

from pathlib import Path


def load_folded(network, path: Path, scope: str) -> None:
    """Fill `network` from the exported model at `path`, whose node names start with `scope`
    (the wrapper's attribute holding the network, as `/network/`); linear layers (Gemm) are
    copied as they are."""
    import onnx
    import torch
    from onnx import numpy_helper

    model = onnx.load(str(path))
    weights = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    modules = dict(network.named_modules())
    filled = 0
    for node in model.graph.node:
        if node.op_type not in ("Conv", "Gemm"):
            continue
        name = _module_name(node.name, scope)
        layer = modules[name]
        weight, bias = (torch.from_numpy(weights[i].copy()) for i in node.input[1:3])
        with torch.no_grad():
            layer.weight.copy_(weight)
            if layer.bias is not None:
                layer.bias.copy_(bias)
            else:
                parent, index = name.rsplit(".", 1)
                norm = modules[f"{parent}.{int(index) + 1}"]
                norm.weight.fill_(1.0)
                norm.bias.copy_(bias)
                norm.running_mean.zero_()
                norm.running_var.fill_(1.0 - norm.eps)
        filled += 1
    layers = sum(isinstance(m, torch.nn.Conv2d | torch.nn.Linear) for m in network.modules())
    if filled != layers:
        raise ValueError(f"{path} filled {filled} of the network's {layers} layers.")


def _module_name(node: str, scope: str) -> str:
    """`/network/down4/down4.0/depthwise/depthwise.0/Conv` -> `down4.0.depthwise.0`: the export
    names a node by its modules' scopes, each holding its parent's name."""
    parts, previous = [], ""
    for part in node.removeprefix(scope).split("/")[:-1]:
        parts.append(part.removeprefix(previous + ".") if previous else part)
        previous = part
    return ".".join(parts)


def unfold_norms(network, images, only: set[str] | None = None) -> None:
    """Give the batch norms of a network filled by `load_folded` statistics again, so they
    can train: each norm measures its input's mean and variance per channel over `images`
    (batches as the network takes them) and takes them as running statistics, with a scale and
    shift that undo them. The network computes the same as before (exactly in eval mode, nearly
    so on a training batch), and its norms learn as a network trained from scratch does (a
    fine-tune of the finder with its norms frozen lost precision). `only`: the names of the
    norms filled so (a student finder's new layers keep the norms they were made with)."""
    import torch

    norms = [
        m
        for name, m in network.named_modules()
        if isinstance(m, torch.nn.BatchNorm2d) and (only is None or name in only)
    ]
    sums = {id(m): [0.0, 0.0, 0] for m in norms}

    def measure(module, inputs):
        x = inputs[0].detach().double()
        tally = sums[id(module)]
        tally[0] = tally[0] + x.sum(dim=(0, 2, 3))
        tally[1] = tally[1] + (x * x).sum(dim=(0, 2, 3))
        tally[2] += x.numel() // x.shape[1]

    hooks = [m.register_forward_pre_hook(measure) for m in norms]
    network.eval()
    with torch.no_grad():
        for image in images:
            network(image)
    for hook in hooks:
        hook.remove()
    with torch.no_grad():
        for module in norms:
            total, squares, count = sums[id(module)]
            if not count:  # never reached (a head at 1/8 leaves the 1/4 path unused)
                continue
            mean = total / count
            variance = (squares / count - mean * mean).clamp(min=1e-6)
            module.running_mean.copy_(mean.float())
            module.running_var.copy_(variance.float())
            module.bias.copy_(module.bias + mean.float())
            module.weight.copy_((variance.float() + module.eps).sqrt())
    network.train()
