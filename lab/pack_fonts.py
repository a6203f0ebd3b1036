"""`python -m lab.pack_fonts OUT`: the system fonts the renderer's styles use, cut down to the
characters it writes, to travel to a lent GPU machine that has none of them.

Debian's CJK fonts are tens of megabytes each, and a lent machine takes 64 MB with the
repository. The renderer writes only numerals, 萬, winds, dragons, flower and season names
(`datasets.faces`) and the Unicode mahjong tiles (`datasets.fonts`), so each font is kept with
those characters alone, a few kilobytes, under OUT at its path below /usr/share/fonts. There,
`cp -r OUT/. /usr/share/fonts/` makes every style the renderer draws here drawable again.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from datasets.fonts import CJK_FONTS, SYSTEM_FONTS, TILE_FONTS
from datasets.strokes import GLYPHS

MAHJONG_BLOCK = range(0x1F000, 0x1F02C)


def kept_characters() -> list[int]:
    """Code points every kept font keeps: printable ASCII, the characters the faces write (each
    has its strokes in `datasets.strokes`, for the style that needs no font), the tiles."""
    return sorted({*range(0x20, 0x7F), *map(ord, GLYPHS), *MAHJONG_BLOCK})


def system_font_files() -> list[Path]:
    """The renderer's fonts that live under /usr/share/fonts (the I.Mahjong fonts are shared)."""
    files = {SYSTEM_FONTS / relative for relative, _ in CJK_FONTS.values()}
    files |= {Path(path) for path in TILE_FONTS.values() if path.startswith(str(SYSTEM_FONTS))}
    return sorted(path for path in files if path.exists())


def cut_down(source: Path, target: Path, unicodes: list[int]) -> None:
    """`source` with only `unicodes` kept; every face of a collection (.ttc) kept in its place,
    so a style's face index still names the same face."""
    from fontTools.subset import Options, Subsetter
    from fontTools.ttLib import TTCollection, TTFont

    def subset(font):
        options = Options()
        options.layout_features = ["*"]
        subsetter = Subsetter(options)
        subsetter.populate(unicodes=unicodes)
        subsetter.subset(font)
        return font

    target.parent.mkdir(parents=True, exist_ok=True)
    if source.suffix.lower() == ".ttc":
        collection = TTCollection(str(source))
        collection.fonts = [subset(font) for font in collection.fonts]
        collection.save(str(target))
    else:
        subset(TTFont(str(source))).save(str(target))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.pack_fonts", description=__doc__)
    parser.add_argument("out", type=Path, help="the folder to write, laid out as /usr/share/fonts")
    args = parser.parse_args(argv)
    files = system_font_files()
    if not files:
        print("None of the renderer's system fonts is installed (see datasets/fonts.py).")
        return 1
    unicodes = kept_characters()
    for source in files:
        target = args.out / source.relative_to(SYSTEM_FONTS)
        cut_down(source, target, unicodes)
        print(f"{source} -> {target} ({target.stat().st_size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
