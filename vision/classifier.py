"""`TileClassifier`: names the tile in each crop with the ONNX model, onnxruntime only.

    from vision import TileClassifier
    results = TileClassifier().classify([crop1, crop2])   # BGR arrays, any size and turn
    results[0].code, results[0].confidence, results[0].top, results[0].unsure, results[0].rotation

The session is made once. Input name, input size, class codes, normalisation and the unsure
threshold come from the model's metadata (STYLE.md 6), so a retrained model drops in. The steps
`preprocess` -> `infer` -> `postprocess` return values and keep no per-call state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.crops import normalise, stack_crops
from vision.flowers import FlowerReader
from vision.messages import VisionError
from vision.models import model_file
from vision.sessions import softmax

# a crop turned a quarter, a half and three quarters round against the clock
QUARTER_TURNS = (cv2.ROTATE_90_COUNTERCLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_CLOCKWISE)

DEFAULT_MODEL = model_file("classifier.onnx")
# names the small faces of a whole table seen from above and those of a low camera's picture
# made level (`vision.perspective`), the far ones enlarged from a few pixels: the classifier
# above taught the tiles of tables seen low and made level (models/classifier.md)
TABLE_MODEL = model_file("table-classifier.onnx")
TOP = 3
UNSURE_MARGIN = 0.2  # the best code leads the runner-up by less than this: unsure
LOOK_AGAIN_MARGIN = 0.5  # a lead this small already earns a second look


class ModelError(VisionError, RuntimeError):
    """The model file is missing or is not a tile classifier this code can run."""


@dataclass(frozen=True)
class Classification:
    """What the classifier says about one crop."""

    code: str  # the most likely tile code (CONTRACT section 1), `back` for a face-down tile
    confidence: float  # its probability
    top: tuple[tuple[str, float], ...]  # the best few codes with their probabilities
    unsure: bool  # the panel should ask a person to confirm
    rotation: int = 0  # how the face is turned in the crop, clockwise: 0, 90, 180 or 270
    # the flower or season it likeliest is, with its chance, however unlikely: where a tile lies
    # can say it is a flower that its face, seen small, does not (`vision.grouping`)
    flower: tuple[str, float] | None = None


class TileClassifier:
    def __init__(
        self,
        model_path: str | Path | None = None,
        providers: list[str] | None = None,
        second_look: bool = True,
        flowers: bool = True,
    ):
        from vision.sessions import cpu_session

        path = Path(model_path) if model_path else DEFAULT_MODEL
        if not path.is_file():
            raise ModelError("model_missing", path=str(path))
        try:
            self.session = cpu_session(path, providers)
        except Exception as error:  # onnxruntime raises its own types for a bad file
            raise ModelError("model_unloadable", path=str(path), reason=str(error)) from error
        meta = self.session.get_modelmeta().custom_metadata_map
        try:
            self.codes: tuple[str, ...] = tuple(json.loads(meta["codes"]))
            self.size = int(json.loads(meta["input_size"]))
            self.mean = tuple(json.loads(meta["mean"]))
            self.std = tuple(json.loads(meta["std"]))
        except (KeyError, ValueError) as error:
            raise ModelError("model_no_metadata", path=str(path), reason=str(error)) from error
        self.unsure_below = float(json.loads(meta.get("unsure_below", "0.6")))
        model_input = self.session.get_inputs()[0]
        self.input_name = model_input.name
        # uint8 NHWC: the model scales and normalises itself; float NCHW: we do it here
        self.raw_input = model_input.type == "tensor(uint8)"
        outputs = [o.name for o in self.session.get_outputs()]
        self.code_output = outputs[0]
        self.rotation_output = meta.get("rotation_output")
        if self.rotation_output not in outputs:
            self.rotation_output = None
        self.metadata = dict(meta)
        self.flower_columns = np.array(
            [i for i, c in enumerate(self.codes) if c.endswith("f")], int
        )
        self.second_look = second_look
        # a flower or season is named again by models of flowers alone (`vision/flowers.py`)
        self.flower_readers = FlowerReader.shipped() if flowers else []

    @classmethod
    def for_tables(cls, beside: TileClassifier) -> TileClassifier | None:
        """The shipped table classifier (TABLE_MODEL), asking `beside`'s flower readers (loaded
        once); None where it is not installed."""
        if not TABLE_MODEL.is_file():
            return None
        table = cls(TABLE_MODEL, flowers=False)
        table.flower_readers = beside.flower_readers
        return table

    def classify(
        self, crops: list[np.ndarray], look_again: bool = True, over_table: bool = False
    ) -> list[Classification]:
        """Name the tile in each BGR crop, in one batched inference call.

        Crops the model hesitates over get a second look: the same crop turned a quarter, a half
        and three quarters round, all four readings averaged. Few crops of a batch need it, so it
        costs little and settles many close calls (worth about a point of top-1 on real photos).
        `look_again=False` skips it, where only a sure first reading is of use (a crop read at
        0.9 or more is never doubtful, so never looked at again anyway). `over_table`: the crops
        were cut from a picture of a whole table seen from above (`vision.reader.seen_small`),
        whose flowers the small flower reader is asked about too.
        """
        if isinstance(crops, np.ndarray) and crops.ndim == 3:
            crops = [crops]  # one crop passed on its own
        crops = list(crops)
        if not crops:
            return []
        batch = self.preprocess(crops)
        code_logits, turn_logits = self.infer(batch)
        probs = softmax(code_logits)
        if self.second_look and look_again:
            doubtful = np.flatnonzero(self._unsure(probs, LOOK_AGAIN_MARGIN))
            if doubtful.size:
                again, _ = self.infer(self._turns(batch[doubtful]))
                again = softmax(again).reshape(3, doubtful.size, -1)
                probs[doubtful] = (probs[doubtful] + again.sum(0)) / 4
        for reader in self.flower_readers:  # each reads the crops of its own sizes
            if over_table or not reader.over_table:
                probs = reader.refined(crops, probs, self.codes)
        return self.postprocess(probs, turn_logits)

    def preprocess(self, crops: list[np.ndarray]) -> np.ndarray:
        batch = stack_crops(crops, self.size)
        return batch if self.raw_input else normalise(batch, self.mean, self.std)

    def infer(self, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        names = [self.code_output] + ([self.rotation_output] if self.rotation_output else [])
        results = self.session.run(names, {self.input_name: batch})
        return results[0], (results[1] if self.rotation_output else None)

    def postprocess(self, probs: np.ndarray, turn_logits: np.ndarray | None):
        """Code probabilities (N, classes) and turn logits (N, 4) -> one result per crop."""
        best = np.argsort(-probs, axis=1)[:, :TOP]
        chances = np.take_along_axis(probs, best, axis=1).tolist()  # Python floats, row by row
        turns = turn_logits.argmax(1) if turn_logits is not None else np.zeros(len(probs), int)
        unsure = self._unsure(probs).tolist()
        flowers = self._likeliest_flowers(probs)
        results = []
        for order, chance, turn, doubt, flower in zip(
            best.tolist(), chances, turns.tolist(), unsure, flowers, strict=True
        ):
            top = tuple(zip([self.codes[i] for i in order], chance, strict=True))
            results.append(
                Classification(
                    code=top[0][0],
                    confidence=top[0][1],
                    top=top,
                    unsure=bool(doubt),
                    rotation=int(turn) * 90,
                    flower=flower,
                )
            )
        return results

    def _likeliest_flowers(self, probs: np.ndarray) -> list[tuple[str, float] | None]:
        """For each crop, the flower or season likeliest, with its probability."""
        if not self.flower_columns.size:
            return [None] * len(probs)
        columns = self.flower_columns[probs[:, self.flower_columns].argmax(axis=1)]
        chances = probs[np.arange(len(probs)), columns].tolist()
        return [(self.codes[k], p) for k, p in zip(columns.tolist(), chances, strict=True)]

    def _unsure(self, probs: np.ndarray, margin: float = UNSURE_MARGIN) -> np.ndarray:
        """Low confidence, or a runner-up close behind."""
        two = -np.partition(-probs, 1, axis=1)[:, :2]
        return (two[:, 0] < self.unsure_below) | (two[:, 0] - two[:, 1] < margin)

    def _turns(self, batch: np.ndarray) -> np.ndarray:
        """The batch turned a quarter, a half and three quarters round (against the clock), one
        after the other. A batch of uint8 crops is turned crop by crop by OpenCV, which moves
        the same bytes as `np.rot90` several times faster (a rendered whole table's doubtful
        crops in 0.65 ms instead of 2.8, every reading the same)."""
        if not self.raw_input:
            turned = [np.rot90(batch, k, (2, 3)) for k in (1, 2, 3)]
            return np.ascontiguousarray(np.concatenate(turned))
        out = np.empty((3 * len(batch), *batch.shape[1:]), batch.dtype)
        for k, turn in enumerate(QUARTER_TURNS):
            for i, crop in enumerate(batch):
                cv2.rotate(crop, turn, dst=out[k * len(batch) + i])
        return out
