"""`FlowerReader`: which flower or season a tile is, read again by a model of flowers alone.

A flower and a season are told apart by a small character and number in a corner (梅 1 is the
plum, 春 1 is spring). In the classifier's 48-pixel crop those are a few pixels tall, so it
learnt the pictures instead, which serves a set whose every flower and season has a picture of
its own but not one whose seasons borrow the flowers' pictures. Where the classifier names a
flower or a season, a model trained on them alone weighs in on which of the eight it is
(`lab/train_flowers.py`). Two are shipped, each for the tiles of its sizes: `flower-reader.onnx`
reads a close photo's tile at 96 pixels, twice the classifier's size; `flower-reader-small.onnx`
reads a tile 18-56 pixels long in a picture of a whole table (`over_table`: a close photo's
tiles of that size are the classifier's, which knows real sets' pictures better), where a set's
flowers pass for winds and characters: it is also asked about a tile the classifier names
otherwise but gives the eight a share of note (`asked_share`), as grouping reads a tile that lies
among flowers as its likeliest flower (`vision/models/flower-reader.md`). onnxruntime only.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from vision.crops import stack_crops
from vision.models import model_file
from vision.sessions import softmax

DEFAULT_MODEL = model_file("flower-reader.onnx")
SMALL_MODEL = model_file("flower-reader-small.onnx")


class FlowerReader:
    def __init__(self, model_path: str | Path | None = None, providers: list[str] | None = None):
        from vision.sessions import cpu_session

        self.session = cpu_session(Path(model_path) if model_path else DEFAULT_MODEL, providers)
        meta = self.session.get_modelmeta().custom_metadata_map
        self.codes: tuple[str, ...] = tuple(json.loads(meta["codes"]))
        self.size = int(json.loads(meta["input_size"]))
        # it learnt tiles this tall up to (not including) `largest`: others are not its own
        self.smallest = int(json.loads(meta.get("smallest_tile", "0")))
        self.largest = int(json.loads(meta.get("largest_tile", "1000000")))
        # a tile the classifier gives the eight this much between them, though it names another,
        # is asked too (none where the model says none: only tiles named a flower)
        self.asked_share = float(json.loads(meta.get("asked_share", "2.0")))
        # it reads only pictures of a whole table, seen from above (`TileClassifier.classify`)
        self.over_table = bool(json.loads(meta.get("over_table", "false")))
        # how far its belief counts against the classifier's: multiplied in raised to this
        # power (below 1 for a model surer than it should be of sets it never learnt)
        self.weight = float(json.loads(meta.get("weight", "1.0")))
        self.input_name = self.session.get_inputs()[0].name
        self.code_output = self.session.get_outputs()[0].name

    @classmethod
    def shipped(cls) -> list[FlowerReader]:
        """The shipped models that are installed (none: the classifier alone)."""
        return [cls(path) for path in (DEFAULT_MODEL, SMALL_MODEL) if path.is_file()]

    def refined(
        self, crops: list[np.ndarray], probs: np.ndarray, codes: tuple[str, ...]
    ) -> np.ndarray:
        """The classifier's probabilities (`probs`, one row a crop, columns in `codes`) with the
        share of each crop it names a flower or a season (or gives them `asked_share`) spread
        again over the eight: the classifier's belief in each times this model's, raised to its
        `weight` (neither alone is the better: the classifier knows the pictures of the sets it
        learnt, this model the corner characters of any set). How sure the classifier is that
        the tile is a flower at all stays its own. Crops of sizes this model did not learn
        (`smallest_tile` up to `largest_tile`) are left alone."""
        columns = [codes.index(code) for code in self.codes]
        is_flower = np.zeros(len(codes), bool)  # by the classifier's column
        is_flower[columns] = True
        share = probs[:, columns].sum(axis=1)
        asked = is_flower[probs.argmax(axis=1)] | (share >= self.asked_share)
        which = [
            k
            for k in np.flatnonzero(asked)
            if self.smallest <= max(crops[k].shape[:2]) < self.largest
        ]
        if not which:
            return probs
        batch = stack_crops([crops[k] for k in which], self.size)
        mine = softmax(self.session.run([self.code_output], {self.input_name: batch})[0])
        theirs = probs[np.ix_(which, columns)]
        joined = theirs * mine**self.weight
        joined *= theirs.sum(axis=1, keepdims=True) / np.maximum(
            joined.sum(axis=1, keepdims=True), 1e-12
        )
        refined = probs.copy()
        refined[np.ix_(which, columns)] = joined
        return refined
