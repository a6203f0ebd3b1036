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
from dataclasses import dataclass

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
    grown: list[tuple[int, ...]] = []
    on_lines: dict[int, set[int]] = {}  # tile -> the grown lines it is on
    for i, j in seeds:
        if on_lines.get(i, set()) & on_lines.get(j, set()):
            continue  # both already on one line: growing from them finds it again
        members = _grow(centres, extents, alike, [i, j], float(distance[i, j]))
        for k in members:
            on_lines.setdefault(k, set()).add(len(grown))
        grown.append(tuple(members))
    lines, used = [], np.zeros(n, bool)
    for members in sorted(grown, key=len, reverse=True):
        free = [k for k in members if not used[k]]
        if len(free) < 2 or len(free) < len(members) and not _contiguous(members, free):
            continue
        used[free] = True
        lines.append(_line(centres, free))
    lines += [Line((k,), (1.0, 0.0), float(sizes[k])) for k in range(n) if not used[k]]
    return lines


def _grow(
    centres: np.ndarray, extents: np.ndarray, alike: np.ndarray, members: list[int], step: float
) -> list[int]:
    """Extend a line at both ends, one tile at a time, refitting it after each.

    How far off the line a centre may lie goes with the tiles' extent across the line as well
    as the step: tiles of a row line up by an edge, and long boxes (a photo stretched to a
    square) differ more in length than in width."""
    members = list(members)
    fits = alike[members[0]] & alike[members[1]]  # tiles of a size with every member
    while True:
        origin, direction = _fit(centres[members])
        offsets = centres - origin
        along = offsets @ direction
        across = np.abs(offsets[:, 0] * direction[1] - offsets[:, 1] * direction[0])
        spans = extents[members] @ np.abs(direction[::-1])  # each member's extent across
        spans.sort()
        thick = float(spans[len(spans) // 2])
        ok = fits & (across <= ACROSS * max(step, thick / 2))
        ok[members] = False
        ends = along[members]
        added = False
        for beyond in (along - ends.max(), ends.min() - along):
            near = ok & (beyond >= MIN_STEP * step) & (beyond <= MAX_STEP * step)
            new = int(np.argmin(np.where(near, beyond, np.inf)))
            if near[new]:  # the nearest tile ahead (the first of equals, as argmin takes)
                members.append(new)
                fits = fits & alike[new]
                ok[new] = False
                added = True
        if not added:
            return members
        step = _usual_step(along[members])


def _usual_step(along: np.ndarray) -> float:
    """The smaller half's median of the distances between neighbours along the line (`along`:
    the members' places on it): the tiles' own width (gaps between sets are wider)."""
    ordered = np.sort(along)
    steps = ordered[1:] - ordered[:-1]
    steps.sort()
    half = steps[: max(1, (len(steps) + 1) // 2)]
    return float(half[len(half) // 2])


def _fit(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A line through points: their mean and main direction (of their 2 x 2 spread)."""
    origin = points.sum(axis=0) / len(points)
    if len(points) < 2:
        return origin, np.array([1.0, 0.0])
    dx, dy = (points - origin).T
    angle = 0.5 * math.atan2(2.0 * float(dx @ dy), float(dx @ dx - dy @ dy))
    return origin, np.array([math.cos(angle), math.sin(angle)])


def _contiguous(members: tuple[int, ...], free: list[int]) -> bool:
    """Whether the free tiles of a grown line are one run of it (not the line's two ends)."""
    positions = [members.index(k) for k in free]
    ordered = sorted(positions)
    return ordered[-1] - ordered[0] == len(ordered) - 1


def _line(centres: np.ndarray, members: list[int]) -> Line:
    origin, direction = _fit(centres[members])
    if direction[0] < -1e-9 or (abs(direction[0]) <= 1e-9 and direction[1] < 0):
        direction = -direction
    order = sorted(members, key=lambda k: float((centres[k] - origin) @ direction))
    step = _usual_step((centres[order] - origin) @ direction) if len(order) > 1 else 1.0
    return Line(tuple(order), (float(direction[0]), float(direction[1])), step)
