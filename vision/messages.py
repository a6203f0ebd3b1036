"""What the camera and the reader say, as codes with params, from the `vision` gettext domain.

The catalogs are `vision/locale/<lang>/LC_MESSAGES/vision.po` (compiled to `.mo`); they are read
by the engine's `Catalog`, so a status or a refusal of the reader renders like the engine's own.
"""

from __future__ import annotations

from pathlib import Path

from engine.messages import Catalog, fill


class VisionCatalog(Catalog):
    """The engine's catalog, knowing one more param: a source named `camera <index>`."""

    def show(self, name, value, lang, players=(), seats=None):
        if name == "source" and isinstance(value, str) and value.startswith("camera "):
            number = value.removeprefix("camera ")
            if number.isdigit():
                return fill(self.entry("source.camera", lang) or value, {"number": number})
        return super().show(name, value, lang, players, seats)


VISION = VisionCatalog("vision", Path(__file__).with_name("locale"))


def say(code: str, params: dict | None = None, lang: str = "en") -> str:
    return VISION.say(code, params, lang)


class VisionError(Exception):
    """A refusal of the camera or the reader: `code` and `params`; `str()` is the English."""

    def __init__(self, code: str, /, **params):
        super().__init__(code)
        self.code, self.params = code, params

    def __str__(self) -> str:
        return say(self.code, self.params)


class PictureRefused(VisionError, ValueError):
    """A picture (or a list of frames) the reader cannot read at all."""
