"""The synthetic tile renderer: `render_tile(code, rng, style=None, height=96)` -> an upright tile.

A tile is drawn as a set would make it: a rounded body (ivory, white, or black in some Japanese
sets), sometimes the coloured back layer showing along the bottom edge, a darker rim, and the face
in one of `STYLES`:

- `procedural`: everything drawn with OpenCV (hand-made stroke characters, dots, sticks, the bird,
  flower pictures). Needs neither `../shared` nor Pillow; the demo table uses it.
- `font-*`: the same layout with characters written in an installed CJK font (Pillow).
- `glyph-*`: whole faces from the Unicode mahjong block of a tile font (I.Mahjong in four regional
  styles from `../shared/tile-art`, Noto Sans Symbols 2, Symbola, FreeSerif, Hanazono), coloured.
- `art-hongkong`, `art-riichi`: the public-domain artwork in `../shared/tile-art`.
- `varied`: the procedural layout varied as sets vary it (dots packed or spread, larger, in other
  inks; characters' numerals taller or shorter), characters in strokes or any CJK font. Drawn
  only when asked for by name (training asks for it), so every table and crop drawn without a
  style is as it was.

Styles that need something missing fall back to `procedural`, so a fresh machine still renders.
`render_tile_bgra` gives the same tile with an alpha channel for compositing onto a table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from datasets.codes import BACK, CLASS_CODES
from datasets.faces import paint_face
from datasets.look import Look, sample_look

SUPERSAMPLE = 2


@dataclass(frozen=True)
class Style:
    """A way of drawing faces. `paint` returns False when the style has no face for a code."""

    name: str
    paint: Callable[[np.ndarray, str, Look, np.random.Generator], bool]
    available: Callable[[], bool] = lambda: True
    dark_body: float = 0.0  # how often it draws on black faces (as some Japanese sets have)
    draws: Callable[[str], bool] = lambda code: True  # whether it has a face for this code
    pooled: bool = True  # among the styles drawn when none is asked for


def _procedural(face, code, look, rng) -> bool:
    paint_face(face, code, look, rng)
    return True


def _registry() -> dict[str, Style]:
    from datasets import artwork, fonts

    styles = [Style("procedural", _procedural)]
    styles += fonts.font_styles()
    styles += fonts.glyph_styles()
    styles += artwork.art_styles()
    styles.append(fonts.varied_style())
    return {style.name: style for style in styles}


_STYLES = _registry()
STYLES: tuple[str, ...] = tuple(_STYLES)
PROCEDURAL_STYLES: tuple[str, ...] = ("procedural",)


def pooled_styles() -> tuple[str, ...]:
    """The styles drawn when no style is asked for, whether or not this machine can draw them."""
    return tuple(name for name, style in _STYLES.items() if style.pooled)


def available_styles() -> tuple[str, ...]:
    """The styles this machine can draw (fonts, artwork and Pillow present), of those drawn when
    no style is asked for."""
    return tuple(name for name in pooled_styles() if _STYLES[name].available())


def render_tile(
    code: str, rng: np.random.Generator, style: str | None = None, height: int = 96
) -> np.ndarray:
    """An upright BGR image of one whole tile, `height` pixels tall; `code` may be `back`.

    `style=None` picks one of the available styles at random. Outside the rounded corners the
    image is a dark shadow colour; use `render_tile_bgra` to composite on a table.
    """
    tile = render_tile_bgra(code, rng, style, height)
    alpha = tile[:, :, 3:4].astype(np.float32) / 255.0
    shadow = np.array([40, 40, 40], np.float32)
    return (tile[:, :, :3] * alpha + shadow * (1 - alpha)).astype(np.uint8)


def render_tile_bgra(
    code: str,
    rng: np.random.Generator,
    style: str | None = None,
    height: int = 96,
    dark: bool | None = None,
) -> np.ndarray:
    """`render_tile` with an alpha channel (0 outside the tile's rounded corners). `dark` draws
    the face on a black body (True) or never (False); None leaves it to the style's own rate."""
    if code not in CLASS_CODES:
        raise ValueError(
            f"{code!r} is not a tile code (use 1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..8f or back)."
        )
    if height < 8:
        raise ValueError(f"height {height} is too small to draw a tile (use at least 8 pixels).")
    chosen = _choose_style(code, rng, style)
    if not chosen.draws(code):
        chosen = _STYLES["procedural"]
    # the same draws for a back as for a face, so that one seed gives one set: faces and backs alike
    drawn_dark = rng.random() < chosen.dark_body  # drawn either way: one seed, one set
    dark = (drawn_dark if dark is None else dark) and code != BACK
    look = sample_look(rng, dark_body=dark)
    big_h = height * SUPERSAMPLE
    big_w = max(4, int(round(big_h * look.aspect)))
    tile, alpha = _body(look, big_h, big_w, back=code == BACK, rng=rng)
    if code != BACK:
        x0, y0, x1, y1 = _face_rect(look, big_h, big_w)
        face = np.empty((y1 - y0, x1 - x0, 3), np.uint8)
        face[:] = look.body
        if not chosen.paint(face, code, look, rng):
            face[:] = look.body
            paint_face(face, code, look, rng)
        tile[y0:y1, x0:x1] = face
    _shade(tile, rng)
    out = np.dstack([tile, alpha])
    return cv2.resize(out, (big_w // SUPERSAMPLE, height), interpolation=cv2.INTER_AREA)


def _choose_style(code: str, rng, style: str | None) -> Style:
    if style is not None and style not in _STYLES:
        raise ValueError(f"unknown tile style {style!r}; the styles are: {', '.join(STYLES)}.")
    if style is not None:
        chosen = _STYLES[style]
        return chosen if chosen.available() else _STYLES["procedural"]
    names = [name for name in available_styles() if _STYLES[name].draws(code)]
    return _STYLES[names[int(rng.integers(len(names)))]]


def rounded_mask(h: int, w: int, radius: float) -> np.ndarray:
    """A filled rounded rectangle (255 inside) of size h x w, anti-aliased."""
    r = max(1, int(radius))
    mask = np.zeros((h, w), np.uint8)
    cv2.rectangle(mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return mask


def _body(look: Look, h: int, w: int, back: bool, rng) -> tuple[np.ndarray, np.ndarray]:
    radius = look.radius * w
    alpha = rounded_mask(h, w, radius)
    tile = np.empty((h, w, 3), np.uint8)
    if back:
        tile[:] = look.back
        if rng.random() < 0.5:  # the face layer seen along the bottom edge
            strip = int(h * look.edge)
            if strip:
                tile[h - strip :] = look.body
        if rng.random() < 0.3:  # a moulded emblem or pattern on the back
            colour = tuple(int(c * 0.8) for c in look.back)
            cv2.circle(tile, (w // 2, h // 2), int(w * 0.25), colour, max(1, w // 40), cv2.LINE_AA)
        return tile, alpha
    tile[:] = look.back
    edge = int(h * look.edge)
    tile[: h - edge] = look.body
    if look.rim > 0:
        rim = max(1, int(look.rim * w))
        inner = rounded_mask(h - 2 * rim - edge, w - 2 * rim, max(1, radius - rim))
        darker = np.array(look.body, np.float32) * 0.82
        face_area = tile[: h - edge]
        ring = np.ones(face_area.shape[:2], bool)
        ring[rim : rim + inner.shape[0], rim : rim + inner.shape[1]] = inner < 128
        face_area[ring] = darker.astype(np.uint8)
    return tile, alpha


def _face_rect(look: Look, h: int, w: int) -> tuple[int, int, int, int]:
    rim = int(look.rim * w) + int(0.03 * w)
    edge = int(h * look.edge)
    return rim, rim, w - rim, h - edge - rim


def _shade(tile: np.ndarray, rng) -> None:
    """A soft light falling across the tile, as the moulded face catches it."""
    h, w = tile.shape[:2]
    gx = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
    gy = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
    a, b = rng.normal(0, 0.04, 2)
    gain = 1.0 + a * gx + b * gy - 0.05 * (gx**2 + gy**2) ** 2
    tile[:] = np.clip(tile * gain[:, :, None], 0, 255).astype(np.uint8)
