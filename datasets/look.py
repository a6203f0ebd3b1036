"""A tile set's look: body and back colours, shape and ink, drawn at random for each rendered tile.

A style (see `datasets.render.STYLES`) says how the face is drawn; the look says the rest, so one
style already spans many sets: ivory or white bodies, green, blue, yellow or orange backs, blue or
black numerals, solid or ringed dots, corner indices or none.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

BGR = tuple[int, int, int]

BODIES: tuple[BGR, ...] = (
    (235, 242, 245),  # white
    (215, 232, 240),  # ivory
    (200, 225, 238),  # cream
    (222, 236, 240),
    (240, 240, 236),  # cool white
    (185, 210, 228),  # old bone
)
BACKS: tuple[BGR, ...] = (
    (60, 140, 40),  # green
    (40, 110, 30),  # dark green
    (160, 90, 30),  # blue
    (120, 60, 20),  # navy
    (40, 170, 230),  # yellow
    (40, 130, 240),  # orange
    (60, 60, 200),  # red
    (30, 30, 30),  # black
    (150, 130, 200),  # pink
    (120, 150, 60),  # teal
    (200, 200, 200),  # grey
)
BLUES: tuple[BGR, ...] = ((150, 50, 20), (120, 40, 10), (170, 80, 30), (110, 60, 40))
GREENS: tuple[BGR, ...] = ((40, 120, 20), (50, 100, 10), (70, 140, 40), (40, 90, 30))
REDS: tuple[BGR, ...] = ((40, 40, 200), (30, 30, 170), (60, 50, 210), (40, 20, 150))
BLACKS: tuple[BGR, ...] = ((30, 30, 30), (50, 40, 40), (20, 20, 20))


def _pick(rng: np.random.Generator, options):
    return options[int(rng.integers(len(options)))]


def _jitter(rng: np.random.Generator, colour: BGR, amount: int = 18) -> BGR:
    return tuple(int(np.clip(c + rng.integers(-amount, amount + 1), 0, 255)) for c in colour)


@dataclass(frozen=True)
class Look:
    body: BGR  # the face's colour
    back: BGR  # the back's colour (the layer seen on a face-down tile or at the tile's edge)
    aspect: float  # width / height of the face
    radius: float  # corner radius, a fraction of the width
    rim: float  # darker rim around the face, a fraction of the width (0: none)
    edge: float  # strip of back colour seen below the face, a fraction of the height
    numeral: BGR  # numerals of characters, winds
    red: BGR
    green: BGR
    blue: BGR
    black: BGR
    wind: BGR
    thickness: float  # stroke width, a fraction of the face height
    slant: float  # shear of drawn characters
    dot_design: str  # rings, solid, petals, cross
    bamboo_design: str  # capsule, jointed, plain
    index: bool  # a small corner index (1..9, E S W N, C F P)
    margin: float  # empty border inside the face, a fraction of the width
    flower_colour_swap: bool  # flowers red and seasons blue instead of the usual way round
    # The layout, the same in every style unless a style varies it (`faces.vary_layout`):
    spread: float = 1.0  # how far dots lie from the face's centre (1: as laid out)
    dot_size: float = 1.0  # dots' radius, as a share of the laid-out one (never overlapping)
    inks: str = "gbr"  # the inks the green, blue and red parts of dots and sticks are drawn in
    split: float = 0.0  # where a character's numeral ends and its 萬 begins, moved down by this


def sample_look(rng: np.random.Generator, dark_body: bool = False) -> Look:
    """A random tile set look; `dark_body` gives black faces (as in some Japanese sets)."""
    blue, black = _jitter(rng, _pick(rng, BLUES)), _jitter(rng, _pick(rng, BLACKS), 10)
    red, green = _jitter(rng, _pick(rng, REDS)), _jitter(rng, _pick(rng, GREENS))
    body = _jitter(rng, _pick(rng, BODIES), 10)
    if dark_body:  # black faces: the "black" ink turns white or gold, blues lighten
        body = _jitter(rng, (35, 35, 35), 10)
        black = _jitter(rng, _pick(rng, ((225, 230, 235), (60, 190, 230))), 12)
        blue = _jitter(rng, (230, 170, 90), 20)
        red, green = _jitter(rng, (80, 80, 240)), _jitter(rng, (100, 210, 100))
    return Look(
        body=body,
        back=_jitter(rng, _pick(rng, BACKS), 25),
        aspect=float(rng.uniform(0.68, 0.82)),
        radius=float(rng.uniform(0.04, 0.18)),
        rim=float(rng.choice([0.0, 0.0, rng.uniform(0.01, 0.05)])),
        edge=float(rng.choice([0.0, 0.0, rng.uniform(0.03, 0.14)])),
        numeral=blue if rng.random() < 0.55 else black,
        red=red,
        green=green,
        blue=blue,
        black=black,
        wind=blue if rng.random() < 0.6 else black,
        thickness=float(rng.uniform(0.035, 0.075)),
        slant=float(rng.uniform(-0.12, 0.12)),
        dot_design=str(_pick(rng, ("rings", "rings", "solid", "petals", "cross"))),
        bamboo_design=str(_pick(rng, ("jointed", "jointed", "capsule", "plain"))),
        index=bool(rng.random() < 0.3),
        margin=float(rng.uniform(0.06, 0.14)),
        flower_colour_swap=bool(rng.random() < 0.25),
    )
