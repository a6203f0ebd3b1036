"""onnxruntime sessions for the reader's models, made one way for the finder and the classifier."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def cpu_session(path: str | Path, providers: list[str] | None = None, threads: int = 2):
    """An onnxruntime session tuned for a small CPU: full graph optimisation, `threads` threads
    inside an operator, none across.

    Within a run the threads wait for the next operator by spinning, and they stop when the run
    ends. A photo's read runs the finder, the classifier and the flower readers five times or
    more, most runs a millisecond or less, each operator handed to a worker: a worker woken from
    sleep for each one cost a photo about 2 ms of its 14. Left spinning after a run, though, the
    three models' workers took the two cores from the work between runs and the next model's
    run, and a photo's read took twice as long (docs/reading.md, "Threads")."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    options.add_session_config_entry("session.intra_op.allow_spinning", "1")
    options.add_session_config_entry("session.force_spinning_stop", "1")
    return onnxruntime.InferenceSession(
        str(path), options, providers=providers or ["CPUExecutionProvider"]
    )


def softmax(logits: np.ndarray) -> np.ndarray:
    """A model's logits (n x classes) as probabilities, row by row."""
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)
