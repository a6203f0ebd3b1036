"""`FlowerReader`: which flower or season a tile is, read again at twice the classifier's size.

A flower and a season are told apart by a small character and number in a corner (梅 1 is the
plum, 春 1 is spring). In the classifier's 48-pixel crop those are a few pixels tall, so it
learnt the pictures instead, which serves a set whose every flower and season has a picture of
its own but not one whose seasons borrow the flowers' pictures. Where the classifier names a
flower or a season, this model, trained on them alone at 96 pixels (`lab/train_flowers.py`,
`vision/models/flower-reader.md`), weighs in on which of the eight it is. onnxruntime only.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from vision.crops import stack_crops
from vision.models import model_file
from vision.sessions import softmax

DEFAULT_MODEL = model_file("flower-reader.onnx")


class FlowerReader:
    def __init__(self, model_path: str | Path | None = None, providers: list[str] | None = None):
        from vision.sessions import cpu_session

        self.session = cpu_session(Path(model_path) if model_path else DEFAULT_MODEL, providers)
        meta = self.session.get_modelmeta().custom_metadata_map
        self.codes: tuple[str, ...] = tuple(json.loads(meta["codes"]))
        self.size = int(json.loads(meta["input_size"]))
        # it learnt tiles this tall and taller: a smaller crop is left to the classifier
        self.smallest = int(json.loads(meta.get("smallest_tile", "0")))
        self.input_name = self.session.get_inputs()[0].name
        self.code_output = self.session.get_outputs()[0].name

    @classmethod
    def shipped(cls) -> FlowerReader | None:
        """The shipped model, or None where it is not installed (the classifier alone then)."""
        return cls() if DEFAULT_MODEL.is_file() else None

    def refined(
        self, crops: list[np.ndarray], probs: np.ndarray, codes: tuple[str, ...]
    ) -> np.ndarray:
        """The classifier's probabilities (`probs`, one row a crop, columns in `codes`) with the
        share of each crop it names a flower or a season spread again over the eight: the
        classifier's belief in each times this model's (neither alone is the better: the
        classifier knows the pictures of the sets it learnt, this model the corner characters
        of any set). How sure the classifier is that the tile is a flower at all stays its own.
        Crops smaller than the tiles this model learnt from (`smallest_tile`) are left alone."""
        columns = [codes.index(code) for code in self.codes]
        is_flower = np.zeros(len(codes), bool)  # by the classifier's column
        is_flower[columns] = True
        named_flowers = np.flatnonzero(is_flower[probs.argmax(axis=1)])
        which = [k for k in named_flowers if max(crops[k].shape[:2]) >= self.smallest]
        if not which:
            return probs
        batch = stack_crops([crops[k] for k in which], self.size)
        mine = softmax(self.session.run([self.code_output], {self.input_name: batch})[0])
        theirs = probs[np.ix_(which, columns)]
        joined = theirs * mine
        joined *= theirs.sum(axis=1, keepdims=True) / np.maximum(
            joined.sum(axis=1, keepdims=True), 1e-12
        )
        refined = probs.copy()
        refined[np.ix_(which, columns)] = joined
        return refined
