"""Rows: tiles laid side by side in a straight line, at any angle in the picture.

A player lays the revealed hand in one straight line, the sets half a tile apart and the winning
tile a little apart; walls are straight lines of backs; discards lie in short loose rows. What
tells them apart is geometry: how long a line is, how steady its steps are, and what it holds.
This module finds the lines; `vision/grouping.py` decides what each one is.

A line is grown from a pair of close tiles: each step looks for the next tile ahead whose centre
lies on the line (within `ACROSS` of a step across it) at most `MAX_STEP` steps along, then the
line is refitted. Lines are taken longest first; a tile belongs to one line at most.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

ACROSS = 0.42  # a tile of the line has its centre within this many steps of the line
MAX_STEP = 2.4  # the farthest next tile along a line, in steps (sets are half a tile apart)
MIN_STEP = 0.55  # nearer than this (in steps) is an overlap, not the next tile
SIZE_RATIO = 1.7  # tiles of one line differ in size by at most this factor


@dataclass(frozen=True)
class Line:
    """Tiles in a straight line, in order along `direction` (a unit vector in the picture)."""

    members: tuple[int, ...]  # indices into the tiles given to `find_lines`
    direction: tuple[float, float]
    step: float  # the usual distance between neighbouring centres: an upright tile's width

    @property
    def angle(self) -> float:
        """The line's direction in degrees from the picture's x axis, in [0, 180)."""
        return float(np.degrees(np.arctan2(self.direction[1], self.direction[0])) % 180.0)


def find_lines(centres: np.ndarray, extents: np.ndarray) -> list[Line]:
    """Every line of two or more tiles among tiles at `centres` (n x 2) whose boxes are
    `extents` (n x 2: width, height), and each tile left over as a line of its own. Longest
    lines first."""
    n = len(centres)
    if n == 0:
        return []
    sizes = extents.max(axis=1)
    distance = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    alike = np.maximum.outer(sizes, sizes) <= SIZE_RATIO * np.minimum.outer(sizes, sizes)
    np.fill_diagonal(distance, np.inf)
    reach = np.where(alike, distance, np.inf)
    nearest = reach.min(axis=1)
    # each tile's partners to seed lines from: its neighbours about as near as its nearest
    close = np.argwhere(reach <= 1.3 * np.where(np.isfinite(nearest), nearest, -np.inf)[:, None])
    seeds = sorted(
        {(int(min(i, j)), int(max(i, j))) for i, j in close}, key=lambda pair: distance[pair]
    )
    tiles = _Tiles(centres, extents, alike)
    grown: list[tuple[int, ...]] = []
    on_lines: dict[int, set[int]] = {}  # tile -> the grown lines it is on
    for i, j in seeds:
        if on_lines.get(i, set()) & on_lines.get(j, set()):
            continue  # both already on one line: growing from them finds it again
        members = _grow(tiles, [i, j], float(distance[i, j]))
        for k in members:
            on_lines.setdefault(k, set()).add(len(grown))
        grown.append(tuple(members))
    lines, used = [], np.zeros(n, bool)
    for members in sorted(grown, key=len, reverse=True):
        free = [k for k in members if not used[k]]
        if len(free) < 2 or len(free) < len(members) and not _contiguous(members, free):
            continue
        used[free] = True
        lines.append(_line(tiles, free))
    lines += [Line((k,), (1.0, 0.0), float(sizes[k])) for k in range(n) if not used[k]]
    return lines


class _Tiles:
    """The tiles' centres and extents as Python floats, and which tiles are of a size.

    A line is grown a tile at a time among a few dozen tiles; plain floats make each step several
    times cheaper than numpy calls on arrays that small (a photo's rows in 0.34 ms instead of
    0.79, a whole table's in 1.8 instead of 3.2, every line the same)."""

    def __init__(self, centres: np.ndarray, extents: np.ndarray, alike: np.ndarray):
        self.xs, self.ys = centres[:, 0].tolist(), centres[:, 1].tolist()
        self.widths, self.heights = extents[:, 0].tolist(), extents[:, 1].tolist()
        self._alike = alike
        self._alike_rows: dict[int, set[int]] = {}

    def fit(self, members) -> tuple[tuple[float, float], tuple[float, float]]:
        """The line through the members' centres (`_fit`)."""
        return _fit([self.xs[k] for k in members], [self.ys[k] for k in members])

    def alike(self, k: int) -> set[int]:
        """The tiles of a size with tile k (k among them)."""
        row = self._alike_rows.get(k)
        if row is None:
            row = self._alike_rows[k] = set(np.flatnonzero(self._alike[k]).tolist())
        return row


def _grow(tiles: _Tiles, members: list[int], step: float) -> list[int]:
    """Extend a line at both ends, one tile at a time, refitting it after each.

    How far off the line a centre may lie goes with the tiles' extent across the line as well
    as the step: tiles of a row line up by an edge, and long boxes (a photo stretched to a
    square) differ more in length than in width."""
    xs, ys = tiles.xs, tiles.ys
    members = list(members)
    fits = tiles.alike(members[0]) & tiles.alike(members[1])  # of a size with every member
    while True:
        (ox, oy), (dx, dy) = tiles.fit(members)
        spans = sorted(tiles.widths[k] * abs(dy) + tiles.heights[k] * abs(dx) for k in members)
        off_line = ACROSS * max(step, spans[len(spans) // 2] / 2)  # the median extent across
        places = [(xs[k] - ox) * dx + (ys[k] - oy) * dy for k in members]
        first, last = min(places), max(places)
        nearest, farthest = MIN_STEP * step, MAX_STEP * step
        # the next tile each way: (distance beyond the end, tile, place), nearest then lowest
        ahead = behind = None
        for k in fits.difference(members):
            px, py = xs[k] - ox, ys[k] - oy
            if abs(px * dy - py * dx) > off_line:
                continue
            place = px * dx + py * dy
            if nearest <= place - last <= farthest and (ahead is None or (place - last, k) < ahead):
                ahead = (place - last, k, place)
            if nearest <= first - place <= farthest and (
                behind is None or (first - place, k) < behind
            ):
                behind = (first - place, k, place)
        if ahead is None and behind is None:
            return members
        for _, k, place in filter(None, (ahead, behind)):
            members.append(k)
            places.append(place)
            fits = fits & tiles.alike(k)
        step = _usual_step(places)


def _fit(xs: list[float], ys: list[float]) -> tuple[tuple[float, float], tuple[float, float]]:
    """A line through points: their mean and main direction (of their 2 x 2 spread)."""
    ox, oy = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sxy = syy = 0.0
    for x, y in zip(xs, ys, strict=True):
        sxx += (x - ox) * (x - ox)
        sxy += (x - ox) * (y - oy)
        syy += (y - oy) * (y - oy)
    angle = 0.5 * math.atan2(2.0 * sxy, sxx - syy)
    return (ox, oy), (math.cos(angle), math.sin(angle))


def _usual_step(along: Iterable[float]) -> float:
    """The smaller half's median of the distances between neighbours along the line (`along`:
    the members' places on it): the tiles' own width (gaps between sets are wider)."""
    ordered = sorted(along)
    steps = sorted(b - a for a, b in pairwise(ordered))
    half = steps[: max(1, (len(steps) + 1) // 2)]
    return float(half[len(half) // 2])


def _contiguous(members: tuple[int, ...], free: list[int]) -> bool:
    """Whether the free tiles of a grown line are one run of it (not the line's two ends)."""
    positions = [members.index(k) for k in free]
    ordered = sorted(positions)
    return ordered[-1] - ordered[0] == len(ordered) - 1


def _line(tiles: _Tiles, members: list[int]) -> Line:
    (ox, oy), (dx, dy) = tiles.fit(members)
    if dx < -1e-9 or (abs(dx) <= 1e-9 and dy < 0):
        dx, dy = -dx, -dy
    places = {k: (tiles.xs[k] - ox) * dx + (tiles.ys[k] - oy) * dy for k in members}
    order = sorted(members, key=places.__getitem__)
    step = _usual_step(places.values()) if len(order) > 1 else 1.0
    return Line(tuple(order), (dx, dy), step)
