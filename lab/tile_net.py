"""The tile classifier's network (training only: imports torch) and its export to ONNX.

A small plain CNN: five 3x3 convolutions, four of them halving the picture, then global average
pooling and two heads, one over the tile codes and one over the face's quarter turn. Plain
convolutions run faster than depthwise ones at this size in onnxruntime on a CPU, and the whole
net is about 5 million multiply-adds per 48x48 crop, so 30 crops fit well inside 3 ms.
"""

from __future__ import annotations

import torch
from torch import nn

# (output channels, stride) of each 3x3 convolution after the stem
LAYERS = ((32, 2), (48, 1), (96, 2), (128, 2))
STEM = 16


def conv(cin: int, cout: int, stride: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class TileNet(nn.Module):
    def __init__(self, classes: int, stem: int = STEM, layers=LAYERS, dropout: float = 0.2):
        super().__init__()
        blocks = [conv(3, stem, 2)]
        channels = stem
        for out, stride in layers:
            blocks.append(conv(channels, out, stride))
            channels = out
        self.features = nn.Sequential(*blocks)
        self.dropout = nn.Dropout(dropout)
        self.codes = nn.Linear(channels, classes)
        self.rotation = nn.Linear(channels, 4)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        features = self.features(x).mean((2, 3))
        features = self.dropout(features)
        return self.codes(features), self.rotation(features)


class RawInput(nn.Module):
    """The net behind a uint8 BGR NHWC input: layout, scaling and normalisation in the graph.

    onnxruntime does the cast and normalisation faster than numpy, so the run-time code only
    stacks resized crops.
    """

    def __init__(self, net: TileNet, mean, std):
        super().__init__()
        self.net = net
        self.register_buffer("scale", 1.0 / (255.0 * torch.tensor(std).view(1, 3, 1, 1)))
        self.register_buffer("shift", (torch.tensor(mean) / torch.tensor(std)).view(1, 3, 1, 1))

    def forward(self, crops: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x = crops.permute(0, 3, 1, 2).float() * self.scale - self.shift
        return self.net(x)


def export_onnx(model: TileNet, path, size: int, metadata: dict) -> None:
    """Write the model as one ONNX file with `metadata` (values JSON-encoded where not str).

    The input is `crops`: uint8, (batch, size, size, 3), BGR; normalisation happens inside.
    """
    from lab.onnx_metadata import write_metadata

    model = RawInput(model.eval(), metadata["mean"], metadata["std"]).eval()
    dummy = torch.zeros(2, size, size, 3, dtype=torch.uint8)
    torch.onnx.export(
        model,
        dummy,
        str(path),
        input_names=["crops"],
        output_names=["codes", "rotation"],
        dynamic_axes={"crops": {0: "batch"}, "codes": {0: "batch"}, "rotation": {0: "batch"}},
        opset_version=17,
        dynamo=False,
    )
    write_metadata(path, metadata)
