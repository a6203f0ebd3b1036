"""`python -m lab.unlabelled OUT`: the places a person should look at to list the tiles the valid
photos show but do not label (`datasets/unlabelled_tiles.json`).

Many valid photos label the hand alone; a reader that finds the discards, walls or other players'
tiles around it is charged a false find for each. To count precision fairly those tiles are
listed, and a person checks every one on the photo. This gathers what to check: the reader reads
every valid photo under each condition of the benchmark (`lab.conditions`), each face it reports
off the labels and not excused by a tile already listed (as the benchmark counts: a listed tile
excuses one face) is carried back onto the photo, and places within a third of a tile of each
other are merged. It writes `OUT/candidates.json` (by image file: the places as shares of the
width and height, with the conditions that found each) and sheets of four photos,
`OUT/sheet-NN.png`: labels in green, tiles already listed ringed in magenta, each place a red dot
with its number. The person adds the places that lie on a real tile, and only those, to the list;
felt, trays, gaps and a tile found twice stay false finds. Run it again after the finder changes:
a new finder may find tiles the last one did not.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

MERGE = 0.35  # places nearer than this share of a tile's length are one place
SHEET = 640  # pixels a photo is drawn at on a sheet, its longer side


def merged(places: list[tuple[float, float, str]], tile: float) -> list[list]:
    """Places (x, y, condition) within MERGE of a tile's length of an earlier one joined to it:
    [x, y, [conditions]] in the order first found."""
    out: list[list] = []
    for x, y, condition in places:
        for place in out:
            if np.hypot(place[0] - x, place[1] - y) < MERGE * tile:
                if condition not in place[2]:
                    place[2].append(condition)
                break
        else:
            out.append([x, y, [condition]])
    return out


def candidates(photos, reader) -> dict[str, list]:
    """{image file: [[x share, y share, [conditions]], ...]} for the valid photos."""
    import cv2

    from datasets.photos import labels_look_wrong
    from lab.bench_reader import _progress
    from lab.conditions import applied, conditions, excused, match_centres, onto

    found_off: dict[str, list] = {}
    for photo in _progress(photos, "lab.unlabelled"):
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        height, width = image.shape[:2]
        labels = photo.tiles(width, height)
        if labels_look_wrong(labels, photo.source):
            continue
        boxes = np.array([t.box for t in labels], float).reshape(-1, 4)
        listed = photo.unlabelled(width, height)
        places = []
        for name, change in conditions():
            picture, moved, to_picture = applied(change, image, boxes, [t.outline for t in labels])
            faces = [t for t in reader.read(picture).tiles if t.code != "back"]
            found = np.array([t.box for t in faces], float).reshape(-1, 4)
            matched = match_centres(found, moved)
            # off the labels and not excused by a tile already listed, as the benchmark counts
            off = (matched < 0) & ~excused(found, matched, onto(listed, to_picture))
            back = cv2.invertAffineTransform(to_picture)
            for x, y in onto((found[off, :2] + found[off, 2:]) / 2, back):
                places.append((float(x), float(y), name))
        if places:
            lengths = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
            tile = float(np.median(lengths)) if len(lengths) else 40.0
            found_off[photo.image.name] = [
                [round(x / width, 4), round(y / height, 4), conds]
                for x, y, conds in merged(places, tile)
            ]
    return found_off


def draw_sheets(found_off: dict[str, list], photos, out: Path) -> list[Path]:
    """Sheets of four photos each, every place numbered as in `candidates.json`."""
    import cv2

    by_name = {p.image.name: p for p in photos}
    names = sorted(found_off)
    sheets = []
    for start in range(0, len(names), 4):
        cells = []
        for number, name in enumerate(names[start : start + 4], start):
            photo = by_name[name]
            image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
            height, width = image.shape[:2]
            scale = SHEET / max(height, width)
            cell = np.zeros((SHEET, SHEET, 3), np.uint8)
            small = cv2.resize(image, (round(width * scale), round(height * scale)))
            cell[: small.shape[0], : small.shape[1]] = small
            for tile in photo.tiles(width, height):
                x0, y0, x1, y1 = (np.array(tile.box) * scale).astype(int)
                cv2.rectangle(cell, (x0, y0), (x1, y1), (0, 200, 0), 1)
            for x, y in photo.unlabelled(width, height) * scale:  # listed: a magenta ring
                cv2.circle(cell, (int(x), int(y)), 6, (255, 0, 255), 2)
            for k, (x, y, _) in enumerate(found_off[name]):
                at = (int(x * width * scale), int(y * height * scale))
                cv2.circle(cell, at, 4, (0, 0, 255), -1)
                _label(cell, str(k), (at[0] + 4, at[1] - 3), 0.5)
            _label(cell, str(number), (5, 25), 0.9)
            cells.append(cell)
        while len(cells) < 4:
            cells.append(np.zeros((SHEET, SHEET, 3), np.uint8))
        path = out / f"sheet-{start // 4:02d}.png"
        cv2.imwrite(str(path), np.vstack([np.hstack(cells[:2]), np.hstack(cells[2:])]))
        sheets.append(path)
    return sheets


def _label(picture: np.ndarray, text: str, at: tuple[int, int], size: float) -> None:
    import cv2

    cv2.putText(picture, text, at, cv2.FONT_HERSHEY_SIMPLEX, size, (0, 0, 0), 3)
    cv2.putText(picture, text, at, cv2.FONT_HERSHEY_SIMPLEX, size, (0, 255, 255), 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.unlabelled", description=__doc__)
    parser.add_argument("out", type=Path, help="folder for candidates.json and the sheets")
    parser.add_argument("--limit", type=int, default=None, help="use at most this many photos")
    args = parser.parse_args(argv)
    from lab.bench_reader import valid_photos
    from vision.reader import TileReader

    photos = valid_photos("unlabelled", args)
    if photos is None:
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    found_off = candidates(photos, TileReader())
    (args.out / "candidates.json").write_text(json.dumps(found_off, indent=1))
    sheets = draw_sheets(found_off, photos, args.out)
    places = sum(len(v) for v in found_off.values())
    photos_with = len(found_off)
    print(f"{places} places on {photos_with} photos to look at: {len(sheets)} sheets in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
