"""A low camera: a picture of the table taken from its near side, looking across it, made level.

A camera over the middle of the table sees every tile about the same size. One standing low at
the near side (a phone propped on the table's edge, a camera on a short stand) sees the far
tiles smaller and squatter: looking 53 degrees off straight down, the far edge is half as wide
as the near, its tiles half as wide as the near ones and a quarter as tall. The finder and the
classifier learnt tiles of one size in a picture, and the far ones are lost (on rendered tables
seen so, 74.8 % of the faces found).

A flat table seen by a pinhole camera is a homography of the table seen from above. The size of
the faces found tells it apart: a face's box area grows as the cube of its distance from the
horizon (its width in line with the distance, its height as its square), so the cube root of
the area, fitted in line with the height in the picture, gives the horizon (`LowCamera.of`).
The picture is then warped so that every face comes out as large and as square as the nearest
ones: each point (x, y) is divided by its row's share of their size, about the picture's middle
column (a camera looks straight across the table, so the far edge narrows about the
middle). The near side is at the picture's bottom, as any camera sees it unless it is held on
its side; a table turned in the picture is turned square afterwards, as any picture is
(`vision.upright`). The reader reads the level picture and maps each box back
(`TileReader.read`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

# The near faces at least this many times as long as the far ones (the fitted sizes at the
# nearest and the farthest face) before the picture is made level: a photo of a hand taken at
# an angle varies less across its few rows, and a table seen from overhead at most 1.16 times
# (1.25 turned 30 degrees; 90 development tables). At 1.5, of 30 development tables seen with
# the far edge 70 % as wide as the near 23 were read as seen, and 7 of 30 at 50 %; at 1.3, 8 and 5.
LOW = 1.3
FEW_FACES = 10  # fewer faces say too little about the horizon
# Faces further than this many standard deviations from the fitted size (a tile boxed with its
# neighbour, a sliver) are left out of the fit, three times over.
OUTLIER = 2.0
# Rows above the farthest face, less this many near tile lengths, are left out of the level
# picture: near the horizon a row is stretched without end.
ABOVE = 3.0
# The level picture holds at most this many times the picture's pixels (it is shrunk to fit).
MOST_AREA = 3.0


@dataclass(frozen=True)
class LowCamera:
    """How a picture taken by a low camera is made level: `matrix` maps the picture's pixels to
    the level picture's, `back` the level picture's to the picture's."""

    matrix: np.ndarray  # 3 x 3
    back: np.ndarray
    width: int  # the picture's size
    height: int
    canvas: tuple[int, int]  # the level picture's width and height

    @classmethod
    def of(cls, faces: np.ndarray, width: int, height: int) -> LowCamera | None:
        """The low camera that saw `faces` (n x 4 boxes) in a width x height picture, or None
        where the faces are about the same size across the picture, or too few to tell."""
        fitted = _fitted_sizes(faces)
        if fitted is None:
            return None
        slope, at_zero, ys, sizes = fitted
        if slope <= 0 or (sizes <= 0).any():
            return None  # the far faces at the picture's bottom: not a camera held upright
        if (sizes.max() / sizes.min()) ** 1.5 < LOW:
            return None
        near = float(ys.max())  # the nearest face's row keeps its size
        share = slope / (slope * near + at_zero)  # each row's size, as a share of that row's
        top = max(0.0, float(ys.min()) - ABOVE * float(sizes.max()) ** 1.5)
        if 1 + share * (top - near) <= 0:
            return None
        level = np.array([[1, 0, -width / 2], [0, 1, -near], [0, share, 1 - share * near]], float)
        corners = np.array([[0, top], [width, top], [width, height], [0, height]], float)
        mapped = _moved(corners, level)
        low, high = mapped.min(axis=0), mapped.max(axis=0)
        size = high - low
        shrink = min(1.0, float(np.sqrt(MOST_AREA * width * height / (size[0] * size[1]))))
        place = np.array([[shrink, 0, -low[0] * shrink], [0, shrink, -low[1] * shrink], [0, 0, 1]])
        matrix = place @ level
        canvas = (int(np.ceil(size[0] * shrink)), int(np.ceil(size[1] * shrink)))
        return cls(matrix, np.linalg.inv(matrix), width, height, canvas)

    def picture(self, bgr: np.ndarray) -> np.ndarray:
        """The picture made level; beyond its edges the edge pixels carry on."""
        import cv2

        return cv2.warpPerspective(
            bgr, self.matrix, self.canvas, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )

    def box_back(self, box) -> tuple[int, int, int, int]:
        """A box of the level picture as the box around it in the picture, in whole pixels."""
        left, top, right, bottom = boxes_moved(np.asarray([box], float), self.back)[0]
        return (
            max(0, int(np.floor(left))),
            max(0, int(np.floor(top))),
            min(self.width, int(np.ceil(right))),
            min(self.height, int(np.ceil(bottom))),
        )

    def reading_back(self, reading):
        """A reading of the level picture with its boxes in the picture's pixels."""
        tiles = tuple(replace(tile, box=self.box_back(tile.box)) for tile in reading.tiles)
        return replace(reading, width=self.width, height=self.height, tiles=tiles)


def _fitted_sizes(faces: np.ndarray):
    """(slope, size at y = 0, the kept faces' heights, their fitted sizes) of the line through
    the faces' sizes (the cube root of a box's area) against their height in the picture, the
    faces far off it left out; None for too few faces."""
    boxes = np.asarray(faces, float).reshape(-1, 4)
    if len(boxes) < FEW_FACES:
        return None
    ys = (boxes[:, 1] + boxes[:, 3]) / 2
    sizes = np.cbrt((boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1]))
    kept = np.ones(len(boxes), bool)
    for _ in range(3):
        slope, at_zero = _straight_line(ys[kept], sizes[kept])
        off = np.abs(sizes - (slope * ys + at_zero))
        kept = off <= OUTLIER * max(float(off[kept].std()), 1e-9)
        if kept.sum() < FEW_FACES:
            return None
    return float(slope), float(at_zero), ys[kept], slope * ys[kept] + at_zero


def _straight_line(xs: np.ndarray, ys: np.ndarray) -> tuple[float, float]:
    """The least-squares line y = slope * x + at_zero; level (slope 0) where every x is the
    same, as in a row of tiles seen square on, which a polynomial fit warns about."""
    mean_x, mean_y = float(xs.mean()), float(ys.mean())
    dx = xs - mean_x
    spread = float(dx @ dx)
    slope = float(dx @ (ys - mean_y)) / spread if spread > 0 else 0.0
    return slope, mean_y - slope * mean_x


def boxes_moved(boxes: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """The upright boxes (n x 4) around boxes (n x 4) taken through a 3 x 3 homography: the
    span of their moved corners."""
    x0, y0, x1, y1 = np.asarray(boxes, float).reshape(-1, 4).T
    corners = np.stack([x0, y0, x1, y0, x1, y1, x0, y1], axis=1).reshape(-1, 2)
    mapped = _moved(corners, matrix).reshape(-1, 4, 2)
    return np.concatenate([mapped.min(axis=1), mapped.max(axis=1)], axis=1)


def _moved(points: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Points (n x 2) through a 3 x 3 homography."""
    out = np.c_[points, np.ones(len(points))] @ matrix.T
    return out[:, :2] / out[:, 2:3]
