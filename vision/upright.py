"""Upright: a picture whose rows of tiles run askew, turned so they run along its axes.

The finder and the classifier learnt from tiles standing square to the picture, or a quarter turn
off; a phone held at an angle, or a hand laid askew, shows rows at 20 or 45 degrees, where the
finder misses tiles (a fifth of them at 30 degrees). The rows' own direction says how far the
picture is turned: the longest line of faces found (`vision.rows`), taken modulo a quarter turn.
When it is more than `ASKEW` off, the reader turns the picture back, finds and names the tiles
there, and maps each box back: the upright box around the tile's turned outline, which is the box
a person draws around the tile in the picture as it was.

At 30 to 45 degrees the first look often finds only part of each row, too little to trace a
line. Then each face's step to its nearest face gives the turn (`neighbours_turn`), where most
steps agree on one. The reader then names the tiles both ways, in the picture as it is and
turned square, and keeps the look whose faces the classifier names the more surely (on average).
On the valid photos turned 45 degrees, tiles named right went from 87.5 % to 92.9 % (30 degrees:
91.6 to 93.1 %); 5 of the 296 photos as they are take that second look (27 without the
agreement, most of them heaps of tiles lying every way, which cost 0.4 points of precision).

The turned copy is looked at as the picture was (`vision.detector.Look`), not judged afresh: its
canvas is larger, and at the finder's first look a whole table's tiles in it are specks. The
turned look used to be kept where it found more faces; at the picture's own scale a heap lying
every way finds as many either way, give or take a tile boxed twice, and the count chose badly
(a heap of 13 tiles turned 41 degrees, its boxes blown up; a whole table turned 30 degrees whose
turned look found fewer faces, and named 31 more of them right). On rendered tables turned 15,
30 and 45 degrees (20 each, seeds 93 and 92), faces named right went from 94.2 / 92.7 / 91.3 %
to 93.9 / 94.4 / 92.9 % and from 97.6 / 92.9 / 96.2 % to 97.7 / 96.5 / 96.5 %, precision up as
well; on the valid photos as shot, turned 15 / 30 / 45 degrees, named right 98.2 / 98.3 / 97.0 %
-> 98.8 / 98.2 / 97.4 % and precision 96.6 / 95.3 / 95.3 % -> 97.4 / 98.5 / 98.5 %.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.detector import STRETCHED  # the finder undoes a stretched photo itself
from vision.rows import find_lines
from vision.stats import median

ASKEW = 8.0  # degrees off the picture's axes before the picture is turned back
LONG_LINE = 5  # a line of at least this many faces shows the rows' direction
AGREE = 6.0  # degrees within which every such line must agree
IN_LINES = 0.5  # share of the faces that must lie in such lines
# The steps to nearest faces agree on a direction when their mean, as unit vectors (a quarter turn
# made a whole one), is at least this long: 1 when all agree, near 0 for a heap lying every way.
STEPS_AGREE = 0.5


def rows_turn(boxes: np.ndarray) -> float:
    """How far (degrees, -45 to 45, clockwise positive) the rows of faces at `boxes` (n x 4)
    run off the picture's axes; 0 when no line of LONG_LINE faces is found, or when most faces
    lie in no such line or the lines disagree (a heap of tiles lying every way has no one
    direction), or when the boxes
    are stretched (a photo squeezed out of shape, which the finder undoes itself)."""
    if len(boxes) < LONG_LINE or stretched(boxes):
        return 0.0
    extents = np.c_[boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]]
    centres = np.c_[(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2]
    if _nearest_turn(centres) < ASKEW / 2:
        return 0.0  # most faces have their nearest neighbour square beside them: rows run square
    long = [line for line in find_lines(centres, extents) if len(line.members) >= LONG_LINE]
    if not long or sum(len(line.members) for line in long) < IN_LINES * len(boxes):
        return 0.0  # most faces lie in no long line: a heap, not rows
    turns = [(line.angle + 45.0) % 90.0 - 45.0 for line in long]
    if any(abs((t - turns[0] + 45.0) % 90.0 - 45.0) > AGREE for t in turns):
        return 0.0
    return float(turns[0])


def stretched(boxes: np.ndarray) -> bool:
    """Whether tiles at `boxes` (n x 4) are longer than wide by more than a tile seen at any angle
    is (STRETCHED, the median over the boxes): a photo squeezed out of shape."""
    if len(boxes) == 0:
        return False
    extents = np.c_[boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]]
    ratio = extents.max(axis=1) / np.maximum(extents.min(axis=1), 1e-6)
    return median(ratio) > STRETCHED


def neighbours_turn(boxes: np.ndarray) -> float:
    """A guess at how far (degrees, -45 to 45) the tiles at `boxes` (n x 4) are turned, from the
    step of each face to its nearest face alone; 0 when those steps run square to the picture.

    For pictures where `rows_turn` finds no rows to trust: a few short rows, or tiles so turned
    that the finder missed half of each row. The steps' turns are averaged as directions a
    quarter turn apart (an angle of 44 and one of -44 degrees are nearly the same direction);
    tiles lying every way agree on none (`STEPS_AGREE`). The reader keeps the turned look only
    where the classifier names its faces more surely."""
    if len(boxes) < LONG_LINE:
        return 0.0
    centres = np.c_[(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2]
    if _nearest_turn(centres) <= ASKEW:
        return 0.0
    steps = _nearest_steps(centres)
    quarter = 4.0 * np.arctan2(steps[:, 1], steps[:, 0])  # a quarter turn becomes a whole turn
    sin, cos = float(np.sin(quarter).mean()), float(np.cos(quarter).mean())
    if np.hypot(sin, cos) < STEPS_AGREE:
        return 0.0  # tiles lying every way: a heap, not turned rows
    return float(np.degrees(np.arctan2(sin, cos)) / 4.0)


def _nearest_turn(centres: np.ndarray) -> float:
    """The median turn off the axes (degrees, 0 to 45, either way) of each face's step to its
    nearest face: a quick look that spares finding lines in the many pictures whose rows run
    square."""
    steps = _nearest_steps(centres)
    turns = (np.degrees(np.arctan2(steps[:, 1], steps[:, 0])) + 45.0) % 90.0 - 45.0
    return median(np.abs(turns))


def _nearest_steps(centres: np.ndarray) -> np.ndarray:
    """The step (dx, dy) from each centre to its nearest other centre."""
    distance = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    np.fill_diagonal(distance, np.inf)
    return centres[distance.argmin(axis=1)] - centres


def moved_boxes(boxes: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """The upright boxes (n x 4) around boxes moved by an affine `matrix` (2 x 3): the span of
    their moved corners."""
    x0, y0, x1, y1 = np.asarray(boxes, float).reshape(-1, 4).T
    corners = np.stack(
        [np.stack([x0, y0]), np.stack([x1, y0]), np.stack([x1, y1]), np.stack([x0, y1])]
    )
    moved = np.einsum("ij,cjn->cin", matrix[:, :2], corners) + matrix[:, 2][None, :, None]
    return np.concatenate([moved.min(axis=0), moved.max(axis=0)]).T


@dataclass(frozen=True)
class Turn:
    """A picture turned clockwise about its centre onto a canvas that holds all of it; `matrix`
    maps the original's pixels to the canvas's, `back` the canvas's to it."""

    matrix: np.ndarray  # 2 x 3
    back: np.ndarray  # 2 x 3
    width: int  # the original picture's size
    height: int
    canvas: tuple[int, int]  # the turned picture's width and height

    @classmethod
    def of(cls, width: int, height: int, degrees: float) -> Turn:
        import cv2

        matrix = cv2.getRotationMatrix2D((width / 2, height / 2), -degrees, 1.0)
        cos, sin = abs(matrix[0, 0]), abs(matrix[0, 1])
        canvas = (
            int(np.ceil(height * sin + width * cos)),
            int(np.ceil(height * cos + width * sin)),
        )
        matrix[0, 2] += canvas[0] / 2 - width / 2
        matrix[1, 2] += canvas[1] / 2 - height / 2
        return cls(matrix, cv2.invertAffineTransform(matrix), width, height, canvas)

    def picture(self, bgr: np.ndarray) -> np.ndarray:
        """The picture turned, the canvas beyond it filled with the colour of its edges."""
        import cv2

        edge = np.concatenate([bgr[0], bgr[-1], bgr[:, 0], bgr[:, -1]])
        fill = tuple(float(v) for v in np.median(edge, axis=0))
        return cv2.warpAffine(
            bgr, self.matrix, self.canvas, borderMode=cv2.BORDER_CONSTANT, borderValue=fill
        )

    def boxes(self, boxes: np.ndarray) -> np.ndarray:
        """Boxes (n x 4) of the original as the upright boxes around them on the canvas."""
        return moved_boxes(boxes, self.matrix)

    def boxes_back(self, boxes) -> np.ndarray:
        """Boxes (n x 4) of the turned picture as the upright boxes around them in the original,
        cut at its edges."""
        moved = moved_boxes(boxes, self.back)
        moved[:, :2] = np.maximum(moved[:, :2], 0.0)
        moved[:, 2] = np.minimum(moved[:, 2], self.width)
        moved[:, 3] = np.minimum(moved[:, 3], self.height)
        return moved
