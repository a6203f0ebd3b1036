"""onnxruntime sessions for the reader's models, made one way for the finder and the classifier."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def cpu_session(path: str | Path, providers: list[str] | None = None, threads: int = 2):
    """An onnxruntime session tuned for a small CPU: full graph optimisation, `threads` threads
    inside an operator, none across, and no busy-waiting between calls (on a shared 2-core
    machine threads that spin cost more than they give, and slow the next model's run)."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return onnxruntime.InferenceSession(
        str(path), options, providers=providers or ["CPUExecutionProvider"]
    )


def softmax(logits: np.ndarray) -> np.ndarray:
    """A model's logits (n x classes) as probabilities, row by row."""
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)
