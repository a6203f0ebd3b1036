"""Tile faces laid out from parts: numerals and 萬, winds, dragons, dots, bamboo, flowers.

The layout is the same for every drawn style; only how a character is written changes. A `Writer`
writes one character into a box: `stroke_writer` with the hand-made strokes (no fonts needed),
`datasets.fonts.FontWriter` with a CJK font.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

import numpy as np

from datasets.drawing import HERSHEY, Pen, big_dot, bird, dot, stick, stroke_glyph
from datasets.look import BGR, Look
from datasets.plants import FLOWER_PICTURES, SEASON_PICTURES

Writer = Callable[[Pen, str, tuple, BGR, Look, np.random.Generator], None]

NUMERALS = "一二三四五六七八九"
WINDS = "東南西北"
FLOWER_NAMES = "梅蘭菊竹"
SEASON_NAMES = "春夏秋冬"
INDEX = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "5z": "P", "6z": "F", "7z": "C"}

# Dot positions (u, v) and colour roles for 2..9 of dots.
DOTS = {
    2: ([(0.5, 0.27), (0.5, 0.73)], "gb", 0.19),
    3: ([(0.24, 0.2), (0.5, 0.5), (0.76, 0.8)], "brg", 0.15),
    4: ([(0.28, 0.27), (0.72, 0.27), (0.28, 0.73), (0.72, 0.73)], "bggb", 0.17),
    5: ([(0.26, 0.22), (0.74, 0.22), (0.5, 0.5), (0.26, 0.78), (0.74, 0.78)], "bgrgb", 0.15),
    6: ([(u, v) for v in (0.18, 0.52, 0.82) for u in (0.3, 0.7)], "ggrrrr", 0.13),
    7: (
        [
            (0.22, 0.13),
            (0.5, 0.25),
            (0.78, 0.37),
            (0.3, 0.62),
            (0.7, 0.62),
            (0.3, 0.86),
            (0.7, 0.86),
        ],
        "gggrrrr",
        0.11,
    ),
    8: ([(u, v) for v in (0.13, 0.38, 0.62, 0.87) for u in (0.3, 0.7)], "bbbbbbbb", 0.11),
    9: ([(u, v) for v in (0.18, 0.5, 0.82) for u in (0.2, 0.5, 0.8)], "bbbrrrggg", 0.12),
}

# Bamboo sticks: (u, v, angle, colour role) for 2..9 of bamboo.
STICKS = {
    2: [(0.5, 0.27, 0, "g"), (0.5, 0.73, 0, "b")],
    3: [(0.5, 0.27, 0, "g"), (0.3, 0.73, 0, "b"), (0.7, 0.73, 0, "b")],
    4: [(u, v, 0, c) for v in (0.27, 0.73) for u, c in ((0.3, "g"), (0.7, "b"))],
    5: [(u, v, 0, "g") for v in (0.27, 0.73) for u in (0.22, 0.78)] + [(0.5, 0.5, 0, "r")],
    6: [(u, v, 0, c) for v, c in ((0.27, "g"), (0.73, "b")) for u in (0.2, 0.5, 0.8)],
    7: [(0.5, 0.18, 0, "r")] + [(u, v, 0, "g") for v in (0.5, 0.82) for u in (0.2, 0.5, 0.8)],
    8: [(u, 0.27, a, "g") for u, a in ((0.14, 0), (0.38, -25), (0.62, 25), (0.86, 0))]
    + [(u, 0.73, a, "g") for u, a in ((0.14, 0), (0.38, 25), (0.62, -25), (0.86, 0))],
    9: [(u, v, 0, c) for v in (0.18, 0.5, 0.82) for u, c in ((0.2, "g"), (0.5, "r"), (0.8, "b"))],
}


def stroke_writer(pen: Pen, char: str, box, colour: BGR, look: Look, rng) -> None:
    stroke_glyph(pen, char, box, colour, look, rng)


def _role(look: Look, role: str) -> BGR:
    if role in "gbr":
        role = look.inks["gbr".index(role)]
    return {"g": look.green, "b": look.blue, "r": look.red, "k": look.black}[role]


def vary_layout(look: Look, rng) -> Look:
    """`look` with the layout of a set its designers drew their own way: dots packed closer or
    spread wider and larger, other inks for the parts of dots and sticks, a character's numeral
    taller or shorter. Sets differ most in these, and a classifier that saw one layout alone
    reads a set laid out otherwise badly at a table's size (a 6 of dots packed tight passes for
    a 2). Sticks keep their places: two moved closer end to end read as one long stick."""
    inks = "gbr"
    if rng.random() < 0.6:
        inks = (
            "".join(rng.choice(list("gbrk"), 3))
            if rng.random() < 0.3
            else "".join(rng.permutation(list("gbr")))
        )
    return replace(
        look,
        spread=float(rng.uniform(0.72, 1.1)),
        dot_size=float(rng.uniform(0.9, 1.6)),
        inks=inks,
        split=float(rng.uniform(-0.07, 0.07)),
    )


def _spread(look: Look, u: float, v: float) -> tuple[float, float]:
    return 0.5 + (u - 0.5) * look.spread, 0.5 + (v - 0.5) * look.spread


def _inset(box, look: Look):
    m = look.margin
    u0, v0, u1, v1 = box
    return (u0 + m * 0.5, v0 + m * 0.4, u1 - m * 0.5, v1 - m * 0.4)


def paint_face(face: np.ndarray, code: str, look: Look, rng, write: Writer = stroke_writer) -> None:
    """Draw the face of `code` (not `back`) on `face`, an image filled with the body colour."""
    pen = Pen(face)
    number, suit = int(code[0]), code[1]
    full = _inset((0.0, 0.0, 1.0, 1.0), look)
    if suit == "m":
        numeral = NUMERALS[number - 1]
        if number == 5 and rng.random() < 0.5:
            numeral = "伍"
        split = look.split
        write(pen, numeral, _inset((0.1, 0.02, 0.9, 0.44 + split), look), look.numeral, look, rng)
        write(pen, "萬", _inset((0.04, 0.42 + split, 0.96, 1.0), look), look.red, look, rng)
    elif suit == "p":
        _paint_dots(pen, number, look, rng, full)
    elif suit == "s":
        _paint_bamboo(pen, number, look, rng, full)
    elif suit == "z":
        _paint_honour(pen, number, look, rng, write)
    else:
        _paint_flower(pen, number, look, rng, write)
    if look.index and suit in "mpsz":
        text = INDEX.get(code, str(number))
        colour = look.red if suit == "z" and number == 7 else look.numeral
        pen.text(text, 0.12, 0.1, 0.09, colour, HERSHEY[int(rng.integers(len(HERSHEY)))])


def _paint_dots(pen: Pen, number: int, look: Look, rng, box) -> None:
    if number == 1:
        big_dot(pen, look, rng)
        return
    points, roles, r = DOTS[number]
    points = [_spread(look, u, v) for u, v in points]
    u0, v0, u1, v1 = box
    to_face = (v1 - v0) * pen.w / pen.h * 1.15  # the layout's radii in the face's height
    if look.dot_size == 1.0:
        r = r * to_face
    else:  # larger, up to touching their nearest neighbour
        gap = min(
            np.hypot((a[0] - b[0]) * (u1 - u0) * pen.w / pen.h, (a[1] - b[1]) * (v1 - v0))
            for a, b in combinations(points, 2)
        )
        r = min(r * look.dot_size * to_face, gap / 2)
    for (u, v), role in zip(points, roles, strict=True):
        colour = _role(look, role)
        accent = look.red if role != "r" and rng.random() < 0.3 else colour
        dot(pen, u0 + (u1 - u0) * u, v0 + (v1 - v0) * v, r, colour, look, accent)


def _paint_bamboo(pen: Pen, number: int, look: Look, rng, box) -> None:
    if number == 1:
        if rng.random() < 0.85:
            bird(pen, look, rng)
        else:
            stick(pen, 0.5, 0.5, 0.75, look.green, look)
        return
    u0, v0, u1, v1 = box
    length = (v1 - v0) * (0.3 if number in (7, 9) else 0.4)
    mono = rng.random() < 0.3
    for u, v, angle, role in STICKS[number]:
        colour = look.green if mono and role != "r" else _role(look, role)
        stick(pen, u0 + (u1 - u0) * u, v0 + (v1 - v0) * v, length, colour, look, angle)


def _paint_honour(pen: Pen, number: int, look: Look, rng, write: Writer) -> None:
    box = _inset((0.02, 0.1, 0.98, 0.9), look)
    if number <= 4:
        write(pen, WINDS[number - 1], box, look.wind, look, rng)
    elif number == 5:
        _white_dragon(pen, look, rng)
    elif number == 6:
        write(pen, "發", box, look.green, look, rng)
    else:
        write(pen, "中", box, look.red, look, rng)


def _white_dragon(pen: Pen, look: Look, rng) -> None:
    kind = rng.random()
    if kind < 0.1:
        return  # a blank face, as in Japanese sets
    m = look.margin + rng.uniform(0.05, 0.12)
    mv = m * pen.w / pen.h
    outer = [(m, mv), (1 - m, mv), (1 - m, 1 - mv), (m, 1 - mv), (m, mv)]
    colour = look.blue if rng.random() < 0.85 else look.black
    pen.line(outer, colour, 0.05)
    if kind < 0.7:
        m2, mv2 = m + 0.08, mv + 0.06
        pen.line(
            [(m2, mv2), (1 - m2, mv2), (1 - m2, 1 - mv2), (m2, 1 - mv2), (m2, mv2)], colour, 0.02
        )


def _paint_flower(pen: Pen, number: int, look: Look, rng, write: Writer) -> None:
    season = number > 4
    n = number - 4 if season else number
    flower_colour, season_colour = look.blue, look.red
    if look.flower_colour_swap:
        flower_colour, season_colour = season_colour, flower_colour
    colour = season_colour if season else flower_colour
    picture_box = (0.12, 0.25, 0.9, 0.95)
    if season:
        SEASON_PICTURES[int(rng.integers(len(SEASON_PICTURES)))](pen, look, rng, picture_box)
    else:
        FLOWER_PICTURES[n - 1](pen, look, rng, picture_box)
    left = rng.random() < 0.5
    digit_u = 0.17 if left else 0.83
    if rng.random() < 0.75:
        pen.text(str(n), digit_u, 0.1, 0.12, colour, HERSHEY[int(rng.integers(len(HERSHEY)))])
    else:
        du = 0.05 if left else 0.71
        write(pen, NUMERALS[n - 1], (du, 0.02, du + 0.24, 0.2), colour, look, rng)
    if rng.random() < 0.85:
        name = (SEASON_NAMES if season else FLOWER_NAMES)[n - 1]
        nu = 0.62 if left else 0.1
        write(pen, name, (nu, 0.02, nu + 0.28, 0.24), colour, look, rng)
