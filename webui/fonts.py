"""The Korean and CJK font the pages ship, so a host or phone without CJK fonts shows no boxes.

The panel serves a subset of Noto Sans CJK KR (SIL Open Font License, `static/fonts/OFL.txt`):
every Hangul, Han and CJK punctuation character written anywhere in the panel's pages, scripts,
message catalogs (`.po`) and the engine's Korean hand names, plus the 2,350 Hangul syllables of
KS X 1001 and the Hangul letters, so Korean player names show too. After changing Korean text,
build it again from Debian's `fonts-noto-cjk` (needs the dev dependencies, for fontTools):

    python -m webui.fonts /usr/share/fonts/opentype/noto/NotoSansCJK-{Regular,Bold}.ttc
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
FONTS = PACKAGE / "static" / "fonts"
WEIGHTS = {"regular": 400, "bold": 700}
FILES = {name: FONTS / f"noto-sans-cjk-kr-{name}.woff2" for name in WEIGHTS}
FACE = "Noto Sans CJK KR"  # the face taken from Debian's collection of CJK faces

# Hangul letters and syllables, CJK punctuation, Han ideographs and full-width forms: the same
# ranges as the @font-face's unicode-range in panel.css.
RANGES = [
    (0x1100, 0x11FF),
    (0x3000, 0x303F),
    (0x3130, 0x318F),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7A3),
    (0xFF00, 0xFFEF),
]
CJK = re.compile("[" + "".join(f"\\u{low:04x}-\\u{high:04x}" for low, high in RANGES) + "]")
SOURCES = {
    PACKAGE: (".py", ".js", ".html", ".css", ".po"),
    PACKAGE.parent / "engine": (".py", ".po"),
    PACKAGE.parent / "vision": (".po",),
}


def used_characters() -> set[str]:
    """Every CJK character the panel can print: its templates, scripts, catalogs, hand names."""
    found: set[str] = set()
    for folder, suffixes in SOURCES.items():
        for path in folder.rglob("*"):
            if path.suffix in suffixes and "__pycache__" not in path.parts:
                found |= set(CJK.findall(path.read_text(encoding="utf-8")))
    return found


def name_characters() -> set[str]:
    """The Hangul syllables of KS X 1001 (what Korean names are written in) and Hangul letters."""
    syllables = set()
    for high in range(0xB0, 0xC9):
        for low in range(0xA1, 0xFF):
            try:
                syllables.add(bytes([high, low]).decode("euc_kr"))
            except UnicodeDecodeError:
                continue
    letters = {chr(code) for code in range(0x3131, 0x318F)}
    return {c for c in syllables if CJK.fullmatch(c)} | letters


def build(regular: Path, bold: Path) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    wanted = sorted(ord(c) for c in used_characters() | name_characters())
    wanted += [code for code in range(0x3000, 0x3040) if code not in wanted]
    for name, source in (("regular", regular), ("bold", bold)):
        faces = TTCollection(str(source)).fonts
        font = next(f for f in faces if f["name"].getDebugName(4).startswith(FACE))
        options = subset.Options()
        options.flavor = "woff2"
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # keeps the copyright and licence
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=wanted)
        subsetter.subset(font)
        font.flavor = "woff2"
        FONTS.mkdir(parents=True, exist_ok=True)
        font.save(str(FILES[name]))
        print(f"{FILES[name].name}: {len(wanted)} characters, {FILES[name].stat().st_size} bytes")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build(Path(sys.argv[1]), Path(sys.argv[2]))
