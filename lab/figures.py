"""Figures of the tile classifier: the training curve and confusion matrices (PNG, matplotlib)."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def headless_pyplot():
    """matplotlib's pyplot drawing to files only (no display on a training machine)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def confusion(truth, predicted, classes: int) -> np.ndarray:
    """counts[t, p]: how often class t was named p."""
    counts = np.zeros((classes, classes), np.int64)
    np.add.at(counts, (np.asarray(truth), np.asarray(predicted)), 1)
    return counts


def confused_pairs(counts: np.ndarray, codes, top: int = 10) -> list[tuple[str, str, int]]:
    """The most frequent mistakes as (true code, predicted code, count)."""
    off = counts.copy()
    np.fill_diagonal(off, 0)
    order = np.argsort(off, axis=None)[::-1][:top]
    pairs = []
    for flat in order:
        t, p = divmod(int(flat), counts.shape[1])
        if off[t, p] == 0:
            break
        pairs.append((codes[t], codes[p], int(off[t, p])))
    return pairs


def plot_confusion(counts: np.ndarray, codes, path: Path, title: str) -> None:
    """The confusion matrix, rows normalised, on a log colour scale so rare mistakes show."""
    plt = headless_pyplot()
    from matplotlib.colors import LogNorm

    rows = counts.sum(1, keepdims=True).clip(min=1)
    share = counts / rows
    fig, ax = plt.subplots(figsize=(9, 8.4), dpi=80)
    image = ax.imshow(
        np.where(share > 0, share, np.nan), cmap="viridis", norm=LogNorm(vmin=1e-3, vmax=1)
    )
    ax.set_xticks(range(len(codes)), codes, rotation=90, fontsize=7)
    ax.set_yticks(range(len(codes)), codes, fontsize=7)
    ax.set_xlabel("predicted")
    ax.set_ylabel("true")
    ax.set_title(title, fontsize=10)
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="share of the true class")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def plot_curves(history: list[dict], path: Path) -> None:
    """Training loss and held-out accuracy per epoch."""
    plt = headless_pyplot()
    epochs = [h["epoch"] for h in history]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.4), dpi=80)
    left.plot(epochs, [h["loss"] for h in history], label="training loss")
    left.set_xlabel("epoch")
    left.set_yscale("log")
    left.legend()
    for key, label in (
        ("real_acc", "held-out real crops"),
        ("synthetic_acc", "held-out synthetic"),
    ):
        if key in history[0]:
            right.plot(epochs, [100 * h[key] for h in history], label=label)
    right.set_xlabel("epoch")
    right.set_ylabel("top-1 %")
    right.set_ylim(80, 100)
    right.grid(alpha=0.3)
    right.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
