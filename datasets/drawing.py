"""Drawing primitives for tile faces with OpenCV only: strokes, dots, bamboo sticks, the bird.

Coordinates are in units of the face (0..1 across, 0..1 down); `Pen` turns them into sub-pixel
OpenCV coordinates so that small tiles still come out smooth.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from datasets.look import BGR, Look
from datasets.strokes import GLYPHS

SHIFT = 4  # sub-pixel bits for OpenCV drawing
ONE = 1 << SHIFT


class Pen:
    """Draws on one face image with unit coordinates."""

    def __init__(self, face: np.ndarray):
        self.face = face
        self.h, self.w = face.shape[:2]

    def pt(self, u: float, v: float) -> tuple[int, int]:
        return int(round(u * self.w * ONE)), int(round(v * self.h * ONE))

    def px(self, length: float) -> int:
        """A length given as a fraction of the face height, in whole pixels (at least 1)."""
        return max(1, int(round(length * self.h)))

    def line(self, points, colour: BGR, width: float) -> None:
        pts = np.array([self.pt(u, v) for u, v in points], np.int32)
        cv2.polylines(self.face, [pts], False, colour, self.px(width), cv2.LINE_AA, SHIFT)

    def disc(self, u: float, v: float, r: float, colour: BGR) -> None:
        cv2.circle(self.face, self.pt(u, v), int(r * self.h * ONE), colour, -1, cv2.LINE_AA, SHIFT)

    def ring(self, u: float, v: float, r: float, colour: BGR, width: float) -> None:
        cv2.circle(
            self.face,
            self.pt(u, v),
            int(r * self.h * ONE),
            colour,
            self.px(width),
            cv2.LINE_AA,
            SHIFT,
        )

    def ellipse(self, u, v, ru, rv, angle, colour: BGR, width: float = -1) -> None:
        axes = (int(ru * self.h * ONE), int(rv * self.h * ONE))
        thickness = -1 if width < 0 else self.px(width)
        cv2.ellipse(
            self.face, self.pt(u, v), axes, angle, 0, 360, colour, thickness, cv2.LINE_AA, SHIFT
        )

    def polygon(self, points, colour: BGR) -> None:
        pts = np.array([self.pt(u, v) for u, v in points], np.int32)
        cv2.fillPoly(self.face, [pts], colour, cv2.LINE_AA, SHIFT)

    def text(self, text: str, u: float, v: float, size: float, colour: BGR, font: int) -> None:
        """Latin text (digits, E S W N) with an OpenCV Hershey font; (u, v) is the centre."""
        scale = size * self.h / 22.0
        width = max(1, int(round(scale * 2.2)))
        (tw, th), _ = cv2.getTextSize(text, font, scale, width)
        x = int(u * self.w - tw / 2)
        y = int(v * self.h + th / 2)
        cv2.putText(self.face, text, (x, y), font, scale, colour, width, cv2.LINE_AA)


HERSHEY = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
)


def stroke_glyph(pen: Pen, char: str, box, colour: BGR, look: Look, rng) -> None:
    """Draw a character from `datasets.strokes` into box (u0, v0, u1, v1)."""
    u0, v0, u1, v1 = box
    width = look.thickness * (v1 - v0) * 1.6
    wobble = 0.12
    for stroke in GLYPHS[char]:
        points = []
        for x, y in stroke:
            x += rng.normal(0, wobble)
            y += rng.normal(0, wobble)
            u = u0 + (u1 - u0) * (x / 10 + look.slant * (0.5 - y / 10))
            points.append((u, v0 + (v1 - v0) * y / 10))
        pen.line(points, colour, width)


def dot(pen: Pen, u, v, r, colour: BGR, look: Look, accent: BGR | None = None) -> None:
    """One circle of the dots suit, in the look's design."""
    body = look.body
    accent = accent or colour
    design = look.dot_design
    if design == "solid":
        pen.disc(u, v, r, colour)
        pen.ring(u, v, r * 0.62, body, r * 0.14)
        pen.disc(u, v, r * 0.22, accent)
    elif design == "petals":
        pen.ring(u, v, r * 0.9, colour, r * 0.2)
        for k in range(6):
            a = k * math.pi / 3
            pen.disc(
                u + math.cos(a) * r * 0.45 * pen.h / pen.w,
                v + math.sin(a) * r * 0.45,
                r * 0.2,
                accent,
            )
        pen.disc(u, v, r * 0.16, colour)
    elif design == "cross":
        pen.ring(u, v, r * 0.9, colour, r * 0.2)
        du = r * 0.8 * pen.h / pen.w
        pen.line([(u - du, v), (u + du, v)], colour, r * 0.16)
        pen.line([(u, v - r * 0.8), (u, v + r * 0.8)], colour, r * 0.16)
    else:  # rings
        pen.disc(u, v, r, colour)
        pen.disc(u, v, r * 0.74, body)
        pen.disc(u, v, r * 0.52, accent)
        pen.disc(u, v, r * 0.32, body)
        pen.disc(u, v, r * 0.14, colour)


def big_dot(pen: Pen, look: Look, rng) -> None:
    """The one of dots: a large medallion of rings."""
    r = 0.36 * pen.w / pen.h
    u, v = 0.5, 0.5
    pen.disc(u, v, r, look.blue if rng.random() < 0.7 else look.green)
    pen.disc(u, v, r * 0.86, look.body)
    petals = int(rng.integers(8, 16))
    for k in range(petals):
        a = 2 * math.pi * k / petals
        pen.disc(
            u + math.cos(a) * r * 0.62 * pen.h / pen.w,
            v + math.sin(a) * r * 0.62,
            r * 0.16,
            look.green,
        )
    pen.disc(u, v, r * 0.45, look.red)
    pen.disc(u, v, r * 0.33, look.body)
    pen.disc(u, v, r * 0.2, look.red if rng.random() < 0.5 else look.blue)


def stick(pen: Pen, u, v, length, colour: BGR, look: Look, angle: float = 0.0) -> None:
    """One bamboo stick centred at (u, v), `length` a fraction of the face height."""
    dx = math.sin(math.radians(angle)) * length / 2 * pen.h / pen.w
    dy = math.cos(math.radians(angle)) * length / 2
    width = length * 0.22
    top, bottom = (u - dx, v - dy), (u + dx, v + dy)
    pen.line([top, bottom], colour, width)
    if look.bamboo_design == "plain":
        return
    pen.line([top, bottom], look.body, width * 0.28)
    if look.bamboo_design == "jointed":
        for t in (0.0, 0.5, 1.0):
            cu, cv = top[0] + (bottom[0] - top[0]) * t, top[1] + (bottom[1] - top[1]) * t
            half = width * 0.75 * pen.h / pen.w
            pen.line([(cu - half, cv), (cu + half, cv)], colour, width * 0.3)


def bird(pen: Pen, look: Look, rng) -> None:
    """The one of bamboo: a bird (peacock or sparrow), drawn from ellipses and lines."""
    body_c, wing_c, tail_c = look.green, look.red, look.blue
    if rng.random() < 0.5:
        body_c, tail_c = tail_c, body_c
    facing = 1 if rng.random() < 0.5 else -1
    cu, cv = 0.5, 0.5
    for k in range(7):  # tail feathers fanning down and away
        a = math.radians(200 + k * 12) if facing > 0 else math.radians(-20 - k * 12)
        end = (
            cu + math.cos(a) * 0.42 * pen.h / pen.w * -facing,
            cv + 0.15 + abs(math.sin(a)) * 0.3,
        )
        pen.line([(cu, cv + 0.05), end], tail_c, 0.025)
        pen.disc(end[0], end[1], 0.03, wing_c)
    pen.ellipse(cu, cv, 0.12, 0.17, 20 * facing, body_c)
    pen.ellipse(cu - 0.03 * facing, cv + 0.02, 0.06, 0.11, 30 * facing, wing_c)
    head = (cu + 0.13 * facing, cv - 0.2)
    pen.line([(cu + 0.05 * facing, cv - 0.08), head], body_c, 0.06)
    pen.disc(head[0], head[1], 0.065, body_c)
    pen.disc(head[0] + 0.02 * facing, head[1] - 0.01, 0.015, look.body)
    beak = head[0] + 0.1 * facing
    pen.polygon(
        [
            (head[0] + 0.04 * facing, head[1] - 0.02),
            (beak, head[1] + 0.01),
            (head[0] + 0.04 * facing, head[1] + 0.03),
        ],
        wing_c,
    )
    for leg in (-0.03, 0.03):
        pen.line([(cu + leg, cv + 0.15), (cu + leg * 1.5, cv + 0.27)], look.black, 0.015)
