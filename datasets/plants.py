"""Pictures of the flower and season tiles, drawn with OpenCV: plum, orchid, chrysanthemum, bamboo.

Real sets draw these freely, so each picture is randomised (count, size and place of blossoms,
leaf curves). Seasons in real sets show all kinds of plants and scenes; `season_picture` draws one
of the four plants or a small scene at random, so the classifier must look at the number and name.
"""

from __future__ import annotations

import math

from datasets.drawing import Pen
from datasets.look import Look


def blossom(pen: Pen, u, v, r, petal, centre, petals: int = 5) -> None:
    for k in range(petals):
        a = 2 * math.pi * k / petals
        pen.disc(u + math.cos(a) * r * pen.h / pen.w, v + math.sin(a) * r, r * 0.75, petal)
    pen.disc(u, v, r * 0.6, centre)


def plum(pen: Pen, look: Look, rng, box) -> None:
    u0, v0, u1, v1 = box
    w, h = u1 - u0, v1 - v0
    branch = [
        (u0 + w * 0.2, v1),
        (u0 + w * 0.45, v0 + h * 0.6),
        (u0 + w * 0.4, v0 + h * 0.3),
        (u0 + w * 0.7, v0 + h * 0.1),
    ]
    pen.line(branch, look.green if rng.random() < 0.5 else look.black, 0.03)
    for _ in range(int(rng.integers(2, 5))):
        t = rng.uniform(0.1, 0.9)
        u = u0 + w * (0.25 + 0.5 * t + rng.normal(0, 0.08))
        v = v0 + h * (0.9 - 0.8 * t)
        blossom(pen, u, v, rng.uniform(0.04, 0.07), look.red, look.green)


def orchid(pen: Pen, look: Look, rng, box) -> None:
    u0, v0, u1, v1 = box
    w, h = u1 - u0, v1 - v0
    base = (u0 + w * 0.5, v1)
    for _ in range(int(rng.integers(3, 6))):
        side = rng.uniform(-0.5, 0.5)
        mid = (u0 + w * (0.5 + side * 0.6), v0 + h * rng.uniform(0.35, 0.6))
        tip = (u0 + w * (0.5 + side * 1.2), v0 + h * rng.uniform(0.0, 0.3))
        pen.line([base, mid, tip], look.green, 0.025)
    u, v = u0 + w * rng.uniform(0.3, 0.7), v0 + h * rng.uniform(0.3, 0.55)
    pen.ellipse(u, v, 0.05, 0.025, rng.uniform(0, 180), look.blue)
    pen.ellipse(u, v - 0.02, 0.025, 0.05, rng.uniform(-30, 30), look.red)


def chrysanthemum(pen: Pen, look: Look, rng, box) -> None:
    u0, v0, u1, v1 = box
    w, h = u1 - u0, v1 - v0
    u, v = u0 + w * 0.5, v0 + h * rng.uniform(0.3, 0.45)
    pen.line([(u, v), (u + rng.normal(0, 0.03), v1)], look.green, 0.03)
    for side in (-1, 1):
        pen.ellipse(u + side * w * 0.2, v0 + h * 0.7, 0.08, 0.03, side * 25, look.green)
    r = min(w * pen.w / pen.h, h) * rng.uniform(0.22, 0.3)
    petals = int(rng.integers(12, 22))
    colour = look.red if rng.random() < 0.6 else look.blue
    for k in range(petals):
        a = 2 * math.pi * k / petals
        end = (u + math.cos(a) * r * pen.h / pen.w, v + math.sin(a) * r)
        pen.line([(u, v), end], colour, 0.022)
    pen.disc(u, v, r * 0.3, look.green if colour == look.red else look.red)


def bamboo_plant(pen: Pen, look: Look, rng, box) -> None:
    u0, v0, u1, v1 = box
    w, h = u1 - u0, v1 - v0
    for k in range(int(rng.integers(1, 4))):
        u = u0 + w * (0.3 + 0.2 * k + rng.normal(0, 0.04))
        top = v0 + h * rng.uniform(0.0, 0.2)
        pen.line([(u, v1), (u + rng.normal(0, 0.02), top)], look.green, 0.035)
        for t in (0.3, 0.55, 0.8):
            jv = top + (v1 - top) * t
            pen.line([(u - 0.03, jv), (u + 0.03, jv)], look.body, 0.01)
    for _ in range(int(rng.integers(3, 7))):
        u, v = u0 + w * rng.uniform(0.2, 0.8), v0 + h * rng.uniform(0.1, 0.6)
        pen.ellipse(u, v, 0.07, 0.018, rng.uniform(-60, 60), look.green)


def lotus(pen: Pen, look: Look, rng, box) -> None:
    u0, v0, u1, v1 = box
    w, h = u1 - u0, v1 - v0
    pen.ellipse(u0 + w * 0.5, v0 + h * 0.85, 0.16, 0.04, 0, look.green)
    u, v = u0 + w * 0.5, v0 + h * rng.uniform(0.35, 0.5)
    pen.line([(u, v), (u, v0 + h * 0.85)], look.green, 0.02)
    for a in (-50, -25, 0, 25, 50):
        pen.ellipse(u + a / 400, v - 0.02, 0.03, 0.08, a, look.red)


def snow(pen: Pen, look: Look, rng, box) -> None:
    u0, v0, u1, v1 = box
    u, v = (u0 + u1) / 2, (v0 + v1) / 2
    r = (v1 - v0) * 0.3
    for k in range(6):
        a = math.pi * k / 3
        end = (u + math.cos(a) * r * pen.h / pen.w, v + math.sin(a) * r)
        pen.line([(u, v), end], look.blue, 0.02)


def maple(pen: Pen, look: Look, rng, box) -> None:
    u0, v0, u1, v1 = box
    u, v = (u0 + u1) / 2, (v0 + v1) / 2
    r = (v1 - v0) * 0.3
    points = []
    for k in range(10):
        a = -math.pi / 2 + 2 * math.pi * k / 10
        rr = r if k % 2 == 0 else r * 0.45
        points.append((u + math.cos(a) * rr * pen.h / pen.w, v + math.sin(a) * rr))
    pen.polygon(points, look.red)
    pen.line([(u, v), (u, v + r * 1.3)], look.green, 0.02)


FLOWER_PICTURES = (plum, orchid, chrysanthemum, bamboo_plant)
SEASON_PICTURES = (plum, orchid, chrysanthemum, lotus, snow, maple)
