"""A phone's shake or missed focus: a picture smeared, its smear judged and undone.

A phone held in a dim room moves while it exposes, and every point of the picture is smeared
along the path the phone took; a phone held too close focuses behind the tiles, and every point
spreads into a blur. The finder still boxes the tiles, but their ink runs together and the
classifier names many faces unsurely or wrongly.

A short, straight streak leaves a clear mark in the picture's cepstrum (the spectrum of its log
spectrum): a deep trough at the streak's length and angle from the centre. Where the trough is
deep enough (`TROUGH`) and as long as a smear that matters (`SHORTEST` of a tile's length), the
streak near it whose spectrum best matches the picture's is taken (`fitted`: the trough lies on
whole pixels, too coarse for a short streak's angle), and the picture is steadied by a Wiener
filter with that streak, drawn as a camera makes it (`Streak.kernel`, `steadied`). A missed
focus leaves no such mark, so where no streak shows and the faces' ink is blurred (`blurred`),
the picture is sharpened as if out of focus by a blur of each size of `DEFOCUS` (a Gaussian, a
share of a tile's length).

A wrong smear undone makes the picture worse than it was, so the reader only tries when many
faces were named unsurely (`SHAKY`), and keeps a steadied reading only where its faces are named
more surely than the first and are about as many (`likelier_steadied`; `vision.reader`).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

# this share of a reading's faces named unsurely or more: a shake is looked for. A fifth rather
# than a third (until the twenty-fourth session): on the held-out train photos shaken, 83.0 ->
# 84.2 % named right, out of focus 84.3 -> 85.3 % (precision 90.6 -> 90.4 %), as they are the
# same (none steadied); 40 development tables shaken 91.5 -> 93.7 %. A tenth of the valid photos
# as they are then take the look (a twentieth before), 8 ms each, so the median photo does not.
SHAKY = 0.2
# fewer faces say nothing of how surely the picture reads, but so few may be all a shake left:
# a close photo of a few large tiles smeared across a sixth of a tile leaves the finder next to
# nothing, so a streak is looked for there too (`shaky`, `likelier_steadied`); where nothing at
# all was found, its tiles are taken to be this share of the picture's short side
FEWEST_FACES = 4
UNSEEN_TILE = 0.25
SHORTEST = 0.05  # a streak shorter than this share of a tile's length is left alone
FEWEST_PIXELS = 4.0  # and one shorter than this: a resized picture's pixels leave such troughs
LONGEST = 0.35  # the longest streak looked for, as a share of a tile's length
TROUGH = -8.0  # how deep the cepstrum's trough must be, in its ring's standard deviations
QUIET_RING = 64  # the trough's depth is judged against the cepstrum this far out, at least
JPEG_BLOCK = 8
# the streak fitted to the spectrum near the cepstrum's trough (`fitted`): its spectrum pooled
# to this many cells a side, looked at between these distances from the centre (cycles a pixel:
# leaving out the lowest, where the tiles' own spectrum is strongest, and the corners); lengths
# within FIT_LENGTH pixels of the trough's, in steps of a quarter pixel, and angles within
# FIT_ANGLE degrees, in steps of two; a sinc's zeros taken this deep (a picture's noise fills
# them). Set once, from what a 5-13 pixel streak's spectrum shows, not tuned.
FIT_GRID = 128
FIT_BAND = (0.03, 0.45)
FIT_LENGTH = 2.0
FIT_LENGTH_STEP = 0.25
FIT_ANGLE = 20.0
FIT_ANGLE_STEP = 2.0
ZERO_DEPTH = 0.02
# a streak's kernel is drawn on a grid this much finer than the pixels, this many points along
# it for each pixel of its side, and each pixel gathers what falls on its part of the grid
SUBPIXELS = 8
LINE_POINTS = 64
# a larger picture's cepstrum is taken in a square this wide around its tiles: a whole table's
# 1280 pixels cost 74 ms, this 640 (a photo's whole width) 8 ms
WINDOW = 640
FLOOR = 0.01  # the spectrum's floor, as a share of its median: a noiseless picture's log is held
# the Wiener filter's noise-to-signal power: larger steadies less and rings less. 0.005 since the
# streak is fitted to the spectrum (0.01 before): on development data shaken, the 462 held-out
# train photos 86.4 -> 86.9 % named right (the 51 sources 85.4 -> 85.7 %), out of focus 85.3 ->
# 85.8 % (precision 90.4 -> 90.1 %), 80 development tables 96.9 / 96.8 -> 96.9 / 97.2 %; 0.003
# read the tables 96.7 / 97.3 % and the 51 sources 85.1 %
NOISE = 0.005
# A face's ink is sharp where its Laplacian's mean is this share of its contrast or more, seen at
# FACE_PIXELS as the classifier sees it; a picture whose faces' median falls under it may be out
# of focus. On development photos (the 38 held-out train photos): as they are, a median of 0.39
# (a tenth of them under 0.27); blurred by 2, 3 and 4 % of a tile, 0.18, 0.13 and 0.11 (of
# those whose faces were named unsurely, all but one under 0.2); turned 30 degrees, 0.42 (those
# named unsurely 0.21-0.44).
SHARP = 0.2
FACE_PIXELS = 48
PLAIN = 5.0  # a face whose grey levels spread less than this shows no ink to judge
# the blurs of a missed focus tried where no streak shows, as Gaussians' standard deviations in
# shares of a tile's length (on development photos so blurred, 0.02 and 0.04 together read more
# tiles right than 0.03 alone)
DEFOCUS = (0.02, 0.04)
# a steadied reading with fewer faces than the first's over FEWER_FACES, or more than MORE_FACES
# times them, is not kept: a wrong smear undone rings, and the finder boxes the ringing as tiles or
# loses the tiles in it. A right one shows the same tiles, and where the shake hid many, more: a
# hand whose first reading found 22 faces of 36, named at 0.42 on average, showed 34 at 0.77.
# More faces up to twice as many (1.5 before): on the held-out train photos shaken, 82.0 ->
# 83.0 % named right (the 51 sources once each, 79.8 -> 82.7 %), out of focus 83.9 -> 84.3 %,
# precision the same; 40 development tables shaken (seeds 99 and 98) 90.0 -> 91.5 %
FEWER_FACES = 1.5
MORE_FACES = 2.0


class Streak(NamedTuple):
    """A straight smear: its length in pixels and its angle from the rows, in radians."""

    length: float
    angle: float

    @property
    def fault(self) -> str:
        return "shake"

    def kernel(self) -> np.ndarray:
        """The smear as an odd-sided square kernel of float32 summing to 1: each point spread
        evenly along a straight line `length` pixels long, each pixel weighed by how much of
        the line crosses it (a sensor's pixel gathers all the light that falls on it).

        Drawn so, not as a staircase of whole pixels (until the twenty-fifth session): a
        staircase is no streak a camera makes, its steps weigh double, and the streak its
        cepstrum shows lies off its own length and angle, so the one found undid another
        smear. On development data shaken as the benchmark shakes (the benchmark still draws
        its streak as a staircase: `lab.conditions.shaken`), tiles named right: the held-out
        train photos 84.2 -> 85.9 % (the 51 sources once each 83.4 -> 85.0 %); 80 development
        tables (seeds 99, 98, 97 and 96) 93.7 -> 95.2 % and 94.7 -> 95.4 %."""
        side = max(3, math.ceil(self.length + 2) | 1)
        along = np.linspace(-self.length / 2, self.length / 2, LINE_POINTS * side)
        middle = side / 2  # the middle pixel's centre, pixels spanning [i, i + 1)
        fine = np.zeros((side * SUBPIXELS, side * SUBPIXELS), np.float32)
        xs = ((middle + along * math.cos(self.angle)) * SUBPIXELS).astype(int)
        ys = ((middle + along * math.sin(self.angle)) * SUBPIXELS).astype(int)
        last = side * SUBPIXELS - 1
        np.add.at(fine, (ys.clip(0, last), xs.clip(0, last)), 1.0)
        kernel = fine.reshape(side, SUBPIXELS, side, SUBPIXELS).sum(axis=(1, 3))
        return kernel / kernel.sum()


class Defocus(NamedTuple):
    """A missed focus: each point spread into a round blur, a Gaussian of this standard
    deviation in pixels."""

    sigma: float

    @property
    def fault(self) -> str:
        return "focus"

    def kernel(self) -> np.ndarray:
        """The blur as an odd-sided square kernel of float32 summing to 1."""
        import cv2

        side = 2 * max(1, math.ceil(3 * self.sigma)) + 1
        line = cv2.getGaussianKernel(side, self.sigma, cv2.CV_32F)
        return line @ line.T


def blurred(bgr: np.ndarray, faces: np.ndarray) -> bool:
    """Whether the faces' ink (boxes n x 4) is blurred, as in a picture out of focus: their
    median sharpness under SHARP. Faces too small or too plain to judge are left out."""
    import cv2

    gray = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    height, width = gray.shape
    sharpness = []
    for x0, y0, x1, y1 in faces:
        x0, y0 = max(0, int(x0)), max(0, int(y0))
        x1, y1 = min(width, int(x1)), min(height, int(y1))
        if x1 - x0 < 4 or y1 - y0 < 4:
            continue
        face = cv2.resize(
            gray[y0:y1, x0:x1], (FACE_PIXELS, FACE_PIXELS), interpolation=cv2.INTER_AREA
        )
        face = face.astype(np.float32)
        contrast = float(face.std())
        if contrast >= PLAIN:
            sharpness.append(float(np.abs(cv2.Laplacian(face, cv2.CV_32F)).mean()) / contrast)
    return bool(sharpness) and float(np.median(sharpness)) < SHARP


def smears_of(
    bgr: np.ndarray,
    tile_length: float,
    focus: bool = True,
    centre: tuple[float, float] | None = None,
) -> list[Streak | Defocus]:
    """The smears worth undoing in a picture of tiles `tile_length` pixels long (about
    `centre`), likeliest first: the streak its cepstrum shows (`streak_of`), or else, where
    `focus` allows, a missed focus of each size of `DEFOCUS`."""
    streak = streak_of(bgr, tile_length, centre)
    if streak is not None:
        return [streak]
    return [Defocus(share * tile_length) for share in DEFOCUS] if focus else []


def shaky(unsure: list[bool]) -> bool:
    """Whether a reading's faces (whether each was named unsurely) are named so unsurely, or are
    so few (`FEWEST_FACES`), that a shake is worth looking for."""
    return len(unsure) < FEWEST_FACES or sum(unsure) >= SHAKY * len(unsure)


def likelier_steadied(first: list[float], steadied: list[float], *, sure: float) -> bool:
    """Whether a steadied picture's reading (its faces' confidences) is likelier right than the
    first reading: its faces named more surely, and about as many of them or more
    (`FEWER_FACES`, `MORE_FACES`). Where the first found too few faces to judge, the steadied
    one must show enough of them (a shake hid them), named at `sure` or more on average (the
    classifier's line for a sure name): a tiny picture's resampling can pass for a short
    streak, and undone, it rings into faces named at random. `sure` is the classifier's own
    line (`TileClassifier.unsure_below`, from its model's metadata)."""
    if len(first) < FEWEST_FACES:
        enough = len(steadied) >= FEWEST_FACES and float(np.mean(steadied)) >= sure
    else:
        enough = len(first) / FEWER_FACES <= len(steadied) <= MORE_FACES * len(first)
    if not steadied or not enough:
        return False
    return float(np.mean(steadied)) > (float(np.mean(first)) if first else 0.0)


def streak_of(
    bgr: np.ndarray, tile_length: float, centre: tuple[float, float] | None = None
) -> Streak | None:
    """The streak the picture is smeared along, judged from its cepstrum within the lengths a
    shake that matters spans for tiles `tile_length` pixels long and fitted to its spectrum
    there (`fitted`); None where no trough stands out (a sharp picture, or a smear the cepstrum
    cannot tell). A shake smears the whole picture alike, so a large one is judged in a
    WINDOW-pixel square around `centre` (x, y: where its tiles are; its middle by default)."""
    import cv2

    shortest = max(FEWEST_PIXELS, SHORTEST * tile_length)
    longest = LONGEST * tile_length
    height, width = bgr.shape[:2]
    cx, cy = centre if centre is not None else (width / 2, height / 2)
    x0 = int(min(max(cx - WINDOW / 2, 0), max(width - WINDOW, 0)))
    y0 = int(min(max(cy - WINDOW / 2, 0), max(height - WINDOW, 0)))
    bgr = bgr[y0 : y0 + WINDOW, x0 : x0 + WINDOW]
    gray = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    height, width = gray.shape
    if longest <= shortest or min(height, width) < 4 * max(longest, QUIET_RING):
        return None
    window = np.outer(np.hanning(height), np.hanning(width)).astype(np.float32)
    windowed = (gray - gray.mean()) * window
    rows, cols = cv2.getOptimalDFTSize(height), cv2.getOptimalDFTSize(width)
    windowed = cv2.copyMakeBorder(windowed, 0, rows - height, 0, cols - width, cv2.BORDER_CONSTANT)
    spectrum = cv2.dft(windowed, flags=cv2.DFT_COMPLEX_OUTPUT)
    magnitude = cv2.magnitude(spectrum[..., 0], spectrum[..., 1])
    # the log spectrum is real and even: its inverse transform is its forward one's real part
    floor = FLOOR * float(np.median(magnitude)) + 1e-6
    cepstrum = cv2.dft(np.log(magnitude + floor), flags=cv2.DFT_COMPLEX_OUTPUT)[..., 0]
    reach = int(np.ceil(max(longest, QUIET_RING)))
    near = np.concatenate([cepstrum[-reach:], cepstrum[: reach + 1]])  # rows -reach .. reach
    near = np.concatenate([near[:, -reach:], near[:, : reach + 1]], axis=1)
    dy, dx = np.mgrid[-reach : reach + 1, -reach : reach + 1]
    distance = np.hypot(dx, dy)
    around = near[(distance >= 3) & (distance <= reach)]  # what a trough must stand out from
    # a JPEG's 8-pixel blocks leave troughs every 8 pixels along the rows and the columns
    blocks = ((dx == 0) | (dy == 0)) & (dx % JPEG_BLOCK == 0) & (dy % JPEG_BLOCK == 0)
    ring = (distance >= shortest) & (distance <= longest) & ~blocks
    values = near[ring]
    deepest = int(np.argmin(values))
    depth = (values[deepest] - np.median(around)) / (around.std() + 1e-9)
    if depth > TROUGH:
        return None
    trough = Streak(
        float(distance[ring][deepest]), float(np.arctan2(dy[ring][deepest], dx[ring][deepest]))
    )
    return fitted(magnitude, trough, shortest, longest)


def fitted(magnitude: np.ndarray, trough: Streak, shortest: float, longest: float) -> Streak:
    """The streak near the cepstrum's `trough` whose own spectrum best matches the picture's
    (`magnitude`, its spectrum's size as cv2.dft lays it out), `shortest` to `longest` pixels.

    The trough lies on whole pixels, and a short streak's is a few pixels wide: its angle can
    be 15 degrees off, enough to undo another smear. A straight streak L pixels long darkens
    the spectrum along parallel lines across it, where sinc(L s) is zero (s: the frequency
    along the streak, in cycles a pixel). Each streak within FIT_LENGTH pixels and FIT_ANGLE
    degrees of the trough's is scored by how well the log of that sinc follows the picture's
    log spectrum, both with what every direction shares taken out (the mean at each distance
    from the centre: the tiles' own spectrum falls off with frequency); the best is kept."""
    import cv2

    rows, cols = magnitude.shape
    centred = np.fft.fftshift(magnitude)
    pooled = cv2.resize(centred, (FIT_GRID, FIT_GRID), interpolation=cv2.INTER_AREA)
    log_spectrum = np.log(pooled + FLOOR * float(np.median(pooled)) + 1e-6)
    edges = np.arange(FIT_GRID) + 0.5
    u = (edges * cols / FIT_GRID - 0.5 - cols // 2) / cols  # each cell's centre, cycles a pixel
    v = (edges * rows / FIT_GRID - 0.5 - rows // 2) / rows
    u, v = np.meshgrid(u, v)
    radius = np.hypot(u, v)
    rings = np.round(radius * 2 * FIT_GRID).astype(int)
    counts = np.maximum(np.bincount(rings.ravel()), 1)
    ring_means = np.bincount(rings.ravel(), log_spectrum.ravel()) / counts
    # a spectrum is symmetric about its centre: the upper half says it all
    band = (radius > FIT_BAND[0]) & (radius < FIT_BAND[1]) & (v > 0)
    picture = _standardised((log_spectrum - ring_means[rings])[band])
    angles = trough.angle + np.radians(np.arange(-FIT_ANGLE, FIT_ANGLE + 1e-6, FIT_ANGLE_STEP))
    along = np.cos(angles)[:, None] * u[band] + np.sin(angles)[:, None] * v[band]
    best = (-np.inf, trough)
    low, high = max(shortest, trough.length - FIT_LENGTH), min(longest, trough.length + FIT_LENGTH)
    for length in np.arange(low, high + 1e-6, FIT_LENGTH_STEP):
        phase = np.pi * length * along + 1e-9
        streak = _standardised(np.log(np.abs(np.sin(phase) / phase) + ZERO_DEPTH), axis=1)
        scores = streak @ picture
        k = int(np.argmax(scores))
        if scores[k] > best[0]:
            best = (float(scores[k]), Streak(float(length), float(angles[k])))
    return best[1]


def _standardised(values: np.ndarray, axis: int = -1) -> np.ndarray:
    centred = values - values.mean(axis=axis, keepdims=True)
    return centred / (centred.std(axis=axis, keepdims=True) + 1e-9)


def steadied(bgr: np.ndarray, smear: Streak | Defocus, noise: float = NOISE) -> np.ndarray:
    """The picture with `smear` undone as far as a Wiener filter can (`noise`: how much it holds
    back where the smear left little to recover)."""
    import cv2

    kernel = smear.kernel()
    side = kernel.shape[0]
    height, width = bgr.shape[:2]
    rows = cv2.getOptimalDFTSize(height + 2 * side)
    cols = cv2.getOptimalDFTSize(width + 2 * side)
    padded = cv2.copyMakeBorder(
        bgr, side, rows - height - side, side, cols - width - side, cv2.BORDER_REFLECT
    ).astype(np.float32)
    spread = np.zeros((rows, cols), np.float32)
    spread[:side, :side] = kernel
    spread = np.roll(spread, (-(side // 2), -(side // 2)), axis=(0, 1))
    real, imaginary = cv2.split(cv2.dft(np.dstack([spread, np.zeros_like(spread)])))
    power = cv2.magnitude(real, imaginary) ** 2 + noise
    undo = cv2.merge([real / power, -imaginary / power])  # the spread's conjugate over power
    # the filter is real, so two channels go through one complex transform: one as the real
    # part, the other as the imaginary, each coming back in its own part
    blue, green, red = cv2.split(padded)
    channels = []
    for pair in ([blue, green], [red, np.zeros_like(red)]):
        spectrum = cv2.dft(cv2.merge(pair))
        back = cv2.idft(cv2.mulSpectrums(spectrum, undo, 0), flags=cv2.DFT_SCALE)
        channels += [back[..., 0], back[..., 1]]
    out = cv2.merge(channels[:3])[side : side + height, side : side + width]
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)
