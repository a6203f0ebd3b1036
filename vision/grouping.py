"""Grouping: tiles found in a picture become players' hands (pure functions over boxes and codes).

The layout players are asked to use (`docs/reading.md` has a picture):

- Each player lays the revealed hand in one line along their edge of the table, faces turned
  towards themselves. Tiles of a group touch; groups are set about half a tile apart.
- Concealed tiles stand together. The winning tile lies at their right end, a little apart.
- A claimed set (pung, or kong) has its claimed tile turned sideways: at the left end if it came
  from the player on the left, in the middle from across, at the right end from the right. An
  added kong has a second sideways tile stacked on the first, towards the table's centre.
- A concealed kong shows two backs around two faces (or the two faces around two backs). In a set
  whose backs are as white as its blank White Dragon, the backs read as `5z`: two White Dragons
  at both ends (or in the middle) around two of one other tile make that set's concealed kong.
- Flowers are set aside: a group of their own in the line, or a line of their own in front.

How tiles become hands:

1. Each tile's *upright axis* (the way its face reads) comes from the box's shape (a face is
   taller than wide), or from the classifier's rotation where the box is nearly square.
2. Tiles in a straight line, at any angle, make rows (`vision/rows.py`). A row of `HAND_ROW`
   tiles or more, three of them faces, stepping about a tile's width from tile to tile, is a
   player's; so is a set laid down on its own. The discard pool, walls and heaps are not.
3. A row's position (the edge its owner sits at) comes from calibrated seat zones when a fixed
   camera has them; otherwise from the way its faces read (the majority rotation) where that
   fits the row's direction, and failing that from where it lies in the picture.
4. The row is turned, in its own frame, into a bottom row (`RowFrame`), with the flowers laid in
   front of it and the tile stacked on an added kong. Its tiles fall into lines (distance from
   the owner) and groups (gaps along a line wider than `GROUP_GAP` tile widths); each group is
   read as flowers, a claimed set, a concealed kong, concealed tiles, or the winning tile.
5. The layout's own rules mend what the finder gets wrong (a turned tile found square, a back
   found in a gap, a stray lying in line past the row's end): see `read_hand`.
6. Other players' sets beside their standing tiles are theirs, with the flowers in line with
   them or just in front.

Face-down tiles are only trusted inside a concealed kong: the real photos never label walls, so a
back anywhere else (a wall, a stray tile) is left out of every hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from engine import KOREAN_TILES, SEASON_TILES
from engine.analysis import SetKind
from engine.seats import Giver, Position
from engine.tiles import COPIES, copies_in_a_set
from vision.detector import USUAL_FACES
from vision.reading import HandRead, MeldRead, TileRead
from vision.rows import Line, find_lines
from vision.stats import median

GROUP_GAP = 0.3  # a gap wider than this (in tile widths) separates two groups
LINE_STEP = 0.6  # tile lengths between two lines of one hand
ASPECT_CLEAR = 1.15  # a box this much longer one way shows which way its tile lies
SIDEWAYS_LONGER = 1.12  # a tile this much longer along the line than its set's others lies turned
BLANK = "5z"  # the White Dragon: a plain face in many sets, like a back or a tile's top
# A blank outside every hand, named less surely than SURE_BLANK, whose box is not between these
# shares of a usual face's area is a standing tile's top or a sleeve (development seeds 99, 98).
BLANK_SIZES = (0.7, 1.5)
SURE_BLANK = 0.9

# Faces that read the same turned half round (dots laid out evenly, a blank): the way they
# read says along which axis a row lies, not which of its two sides its owner sits on. On 60
# development tables (seed 99) the classifier read 28-43 % of each of these a half turn off,
# every other face of the set at most 8 %.
HALF_TURN_ALIKE = frozenset({"1p", "2p", "3p", "4p", "5p", "8p", "9p", BLANK})
# A reading past what a set holds gives way only to a code read at least this share as likely;
# so does a tile's own code to a flower where the hand's flowers lie.
LIKELY_AS = 0.5

BOTTOM, RIGHT, TOP, LEFT = Position.BOTTOM, Position.RIGHT, Position.TOP, Position.LEFT
# The position whose upright tiles the camera sees with a face rotation (`Position.turn`).
POSITION_OF = {position.turn: position for position in Position}
# The owner's right hand and the direction away from the owner, in picture coordinates.
RIGHTWARD = {BOTTOM: (1, 0), LEFT: (0, 1), TOP: (-1, 0), RIGHT: (0, -1)}
FORWARD = {BOTTOM: (0, -1), LEFT: (1, 0), TOP: (0, 1), RIGHT: (-1, 0)}


@dataclass(frozen=True)
class Placed:
    """A tile's geometry as grouping sees it."""

    index: int  # into the reading's tiles
    code: str
    x0: float
    y0: float
    x1: float
    y1: float
    reads_vertically: bool  # its face's up axis is vertical in the picture (rotation 0 or 180)
    rotation: int | None  # the face's rotation, where the classifier knows it
    confidence: float = 1.0  # the classifier's, for its code
    # a flower or season it may be: its likeliest (`_likeliest_flower`), read at least
    # LIKELY_AS as likely as its code
    flower: str | None = None
    # the flower or season a tile named unsurely likeliest is, however unlikely
    any_flower: str | None = None
    # the box's centre, worked out once: grouping asks for it hundreds of times a picture
    cx: float = field(init=False, repr=False, compare=False)
    cy: float = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "cx", (self.x0 + self.x1) / 2)
        object.__setattr__(self, "cy", (self.y0 + self.y1) / 2)

    def moved(self, box, reads_vertically: bool, rotation: int | None) -> Placed:
        """The same tile with another box (x0, y0, x1, y1) and turn: `dataclasses.replace`
        written out, which costs several times a plain construction, and grouping moves every
        tile of every row it weighs (docs/reading.md has the time saved)."""
        x0, y0, x1, y1 = box
        return Placed(
            self.index, self.code, x0, y0, x1, y1, reads_vertically, rotation,
            self.confidence, self.flower, self.any_flower,
        )  # fmt: skip

    @property
    def width(self) -> float:  # across the face's up axis: the tile's width when upright
        return self.x1 - self.x0 if self.reads_vertically else self.y1 - self.y0

    @property
    def length(self) -> float:
        return max(self.x1 - self.x0, self.y1 - self.y0)

    @property
    def is_back(self) -> bool:
        return self.code == "back"


@dataclass(frozen=True)
class SeatZones:
    """Where each seat's tiles lie, for a fixed camera: a polygon (picture pixels) per position.

    Calibrate once, e.g. with `SeatZones.around(width, height)` for a camera above the table's
    centre, or by clicking the four areas in a picture. Rows outside every zone are ignored
    (discards in the middle, say).
    """

    polygons: dict[Position, tuple[tuple[float, float], ...]]

    @classmethod
    def around(cls, width: float, height: float, centre: float = 0.5) -> SeatZones:
        """Four trapezoids along the picture's edges; the middle `centre` share belongs to none."""
        cx, cy = width / 2, height / 2
        ix0, ix1 = cx - centre * width / 2, cx + centre * width / 2
        iy0, iy1 = cy - centre * height / 2, cy + centre * height / 2
        return cls(
            {
                BOTTOM: ((0, height), (width, height), (ix1, iy1), (ix0, iy1)),
                RIGHT: ((width, height), (width, 0), (ix1, iy0), (ix1, iy1)),
                TOP: ((width, 0), (0, 0), (ix0, iy0), (ix1, iy0)),
                LEFT: ((0, 0), (0, height), (ix0, iy1), (ix0, iy0)),
            }
        )

    def position_of(self, x: float, y: float) -> Position | None:
        for position, polygon in self.polygons.items():
            if _inside(x, y, polygon):
                return Position(position)
        return None


def _inside(x: float, y: float, polygon) -> bool:
    """Point in polygon by counting crossings of a ray to the right."""
    inside = False
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def place(tiles: Sequence[TileRead], rotation_known: bool) -> list[Placed]:
    """Each tile's upright axis: from its box where the box is clearly taller than wide or the
    other way (seen from above, a face is), else from the classifier's rotation. A rotation
    that disagrees with a clear box is not trusted (a 1p or a White reads the same turned)."""
    placed = []
    shown = {tile.code for tile in tiles}
    for index, tile in enumerate(tiles):
        likeliest, chance = _likeliest_flower(tile, shown) or (None, 0.0)
        x0, y0, x1, y1 = (float(v) for v in tile.box)
        w, h = x1 - x0, y1 - y0
        known = rotation_known and tile.code != "back"
        clear = max(w, h) >= ASPECT_CLEAR * min(w, h)
        vertical = tile.rotation % 180 == 0 if known and not clear else h >= w
        trusted = known and (tile.rotation % 180 == 0) == vertical
        rotation = tile.rotation % 360 if trusted else None
        placed.append(
            Placed(
                index,
                tile.code,
                x0,
                y0,
                x1,
                y1,
                vertical,
                rotation,
                float(tile.confidence),
                likeliest if chance >= LIKELY_AS * tile.confidence else None,
                likeliest if tile.unsure else None,
            )
        )
    return placed


def _likeliest_flower(tile: TileRead, shown: set[str]) -> tuple[str, float] | None:
    """The flower or season a tile read as something else may be, with its probability: the
    likeliest among its best readings and the classifier's likeliest flower (`TileRead.flower`)
    that no tile of the picture is read as (each is one of its kind). A flower written in one
    character, at a table's size, is taken for a wind or a dragon. A tile read as a flower is
    that flower."""
    if tile.code.endswith("f"):
        return tile.code, tile.confidence
    readings = [*tile.top, *([tile.flower] if tile.flower else [])]
    flowers = [(code, p) for code, p in readings if code.endswith("f") and code not in shown]
    return max(flowers, key=lambda f: f[1]) if flowers else None


@dataclass(frozen=True)
class Group:
    """Tiles of one hand that touch, in the owner's left-to-right order."""

    tiles: tuple[Placed, ...]
    line: int  # 0 for the line nearest the owner
    gap_before: float  # in tile widths, to the previous group of the line (inf for the first)
    gap_after: float


def _sideways(position: Position, tile: Placed) -> bool:
    """Whether the tile lies turned in its owner's row: its face reads along the row."""
    return tile.reads_vertically != position.horizontal


def _frame(position: Position, tile: Placed) -> tuple[float, float, float, float]:
    """(along, across, start, end): the tile in its owner's frame (along = towards their right)."""
    rx, ry = RIGHTWARD[position]
    fx, fy = FORWARD[position]
    along = tile.cx * rx + tile.cy * ry
    across = tile.cx * fx + tile.cy * fy
    half = (tile.x1 - tile.x0) / 2 if rx else (tile.y1 - tile.y0) / 2
    return along, across, along - half, along + half


def split_groups(position: Position, tiles: list[Placed]) -> list[Group]:
    """Lines by distance from the owner, then groups by gaps along each line.

    A gap is measured between tile centres less the room tiles of their kind take (the line's
    typical width, or length for a sideways tile), which is steadier than the boxes' own edges."""
    # each tile's (along, across) in the owner's frame, worked out once (keyed by the tile
    # object: the same tile may be given twice only as the same object)
    where = {id(t): _frame(position, t)[:2] for t in tiles}
    upright = [t for t in tiles if not _sideways(position, t)]
    unit = _median([t.width for t in upright or tiles])
    length = _median([t.length for t in tiles])
    step = LINE_STEP * length

    def reach(t: Placed) -> float:
        """Half the room a tile takes along the line: by its kind (upright or sideways) rather
        than its box, unless the box is longer (a sideways tile not seen as one)."""
        if _sideways(position, t):
            return length / 2
        return max(unit, _along(position, t)) / 2

    by_across = sorted(tiles, key=lambda t: where[id(t)][1])
    lines: list[list[Placed]] = []
    last = None
    for tile in by_across:
        across = where[id(tile)][1]
        if last is None or across - last > step:
            lines.append([])
        lines[-1].append(tile)
        last = across
    groups = []
    for number, line in enumerate(lines):
        line.sort(key=lambda t: where[id(t)][0])
        line = _one_box_a_tile(line, unit, where)
        between = [
            (where[id(tile)][0] - where[id(before)][0] - reach(tile) - reach(before)) / unit
            for before, tile in zip(line, line[1:], strict=False)
        ]
        cuts = [0] + [k + 1 for k, gap in enumerate(between) if gap > GROUP_GAP] + [len(line)]
        cuts = sorted(set(cuts) | _kongs_cut_out(line, cuts))
        gaps = [float("inf")] + [between[cut - 1] for cut in cuts[1:-1]] + [float("inf")]
        for i, (start, end) in enumerate(zip(cuts, cuts[1:], strict=False)):
            groups.append(Group(tuple(line[start:end]), number, gaps[i], gaps[i + 1]))
    return groups


# Tiles of one line whose centres lie closer than this many tile widths along it overlap by more
# than a quarter of a tile: on a table tiles lie side by side, so the two boxes show one tile (a
# sideways tile the finder boxed as two: most often the turned tile of a claimed set, with a
# stray half box beside it that the classifier names as some other tile).
SAME_TILE = 0.75
LEVEL_ACROSS = 0.35  # and closer than this across it (a tile stacked on an added kong is not)


def _one_box_a_tile(line: list[Placed], unit: float, where: dict) -> list[Placed]:
    """The line (in order along it) with the smaller of two boxes that show one tile left out.
    `where`: each tile's (along, across) in its owner's frame, by `id`."""

    def area(t: Placed) -> float:
        return (t.x1 - t.x0) * (t.y1 - t.y0)

    kept: list[Placed] = []
    for tile in line:
        along, across = where[id(tile)]
        if kept:
            last_along, last_across = where[id(kept[-1])]
            if (
                along - last_along < SAME_TILE * unit
                and abs(across - last_across) < LEVEL_ACROSS * unit
            ):
                kept[-1] = max(kept[-1], tile, key=area)  # the first where they are alike
                continue
        kept.append(tile)
    return kept


def _kongs_cut_out(line: list[Placed], cuts: list[int]) -> set[int]:
    """Where to cut a run of tiles (between `cuts`, indices into the line) around a concealed
    kong laid in it: back, X, X, back (or X, back, back, X). A kong laid close to its
    neighbour, or joined to it by a back found in the gap (green felt and green backs look
    alike), is still its own set."""
    more: set[int] = set()
    for start, end in zip(cuts, cuts[1:], strict=False):
        k = start
        while end - start > 4 and k + 4 <= end:
            if _laid_as_kong(line[k : k + 4]):
                more.update((k, k + 4))
                k += 4
            else:
                k += 1
    return more


def _laid_as_kong(tiles: list[Placed]) -> bool:
    """Whether four tiles in a line show a concealed kong: backs at both ends around two of one
    face, or two of one face around two backs."""
    backs = tuple(t.is_back for t in tiles)
    faces = {t.code for t in tiles if not t.is_back}
    return backs in ((True, False, False, True), (False, True, True, False)) and len(faces) == 1


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else 1.0


def _stack_added_tiles(position: Position, groups: list[Group]) -> list[Group]:
    """Put a sideways tile stacked on a set's sideways tile (an added kong) into that set, or
    on a tile of its own code there (the claimed tile beneath it not seen turned)."""
    out = list(groups)
    for single in [g for g in groups if len(g.tiles) == 1 and _turned_face(position, g.tiles[0])]:
        for k, group in enumerate(out):
            if group is single or group.line >= single.line or len(group.tiles) != 3:
                continue
            if _lies_on(position, single.tiles[0], group.tiles):
                out[k] = Group(
                    group.tiles + single.tiles, group.line, group.gap_before, group.gap_after
                )
                out.remove(single)
                break
    return out


def _turned_face(position: Position, tile: Placed) -> bool:
    return _sideways(position, tile) and not tile.is_back


def _lies_on(position: Position, tile: Placed, tiles) -> bool:
    """Whether `tile` lies over more than half of one of `tiles` that is turned, or of its own
    code, along its owner's row: where a tile is added to a claimed set."""
    _, _, start, end = _frame(position, tile)
    for other in tiles:
        _, _, o_start, o_end = _frame(position, other)
        beneath = _turned_face(position, other) or other.code == tile.code
        if beneath and min(end, o_end) - max(start, o_start) > 0.5 * (end - start):
            return True
    return False


def _stack_on_joined_sets(position: Position, groups, parts, melds) -> None:
    """Put a lone sideways tile lying in front of a pung that `_join_lone_tiles` made onto it,
    where together they make an added kong (in place). The pung's turned tile, boxed a little
    short, was found apart from its other two, so when stacked tiles were looked for
    (`_stack_added_tiles`) no set of three lay beneath the added tile."""
    for k, part in enumerate(parts):
        if len(part) != 1 or melds[k] is not None or not _turned_face(position, part[0]):
            continue
        tile = part[0]
        for n, meld in enumerate(melds):
            if meld is None or meld.kind is not SetKind.PUNG or groups[n].line >= groups[k].line:
                continue
            if {t.code for t in parts[n]} != {tile.code} or not _lies_on(position, tile, parts[n]):
                continue
            added = _as_meld(position, [*parts[n], tile])
            if added is not None and added.kind is SetKind.ADDED_KONG:
                parts[n], parts[k], melds[n] = [*parts[n], tile], [], added
                break


def read_hand(position: Position, tiles: list[Placed]) -> HandRead:
    """The concealed tiles, claimed sets, flowers and winning tile of one player's tiles."""
    groups = split_groups(position, tiles)
    kongs = [g for g in groups if _kong_of_backs(position, g)]
    stray = {t.index for g in groups if g not in kongs for t in g.tiles if t.is_back}
    if stray:  # a back that ends no concealed kong must not bridge the gap between two groups
        groups = split_groups(position, [t for t in tiles if t.index not in stray])
    groups = _stack_added_tiles(position, groups)
    groups = [_among_flowers(g) for g in groups]
    parts = [[t for t in g.tiles if not t.code.endswith("f")] for g in groups]
    flowers = _one_of_each([t for g in groups for t in g.tiles if t.code.endswith("f")])
    with_others = sum(bool(part) for part in parts) > 1  # each group stands apart from others
    melds = [_as_meld(position, part, with_others) for part in parts]
    win = _winning_tile(position, groups, parts, melds)
    _join_lone_tiles(position, groups, parts, melds, win)
    _stack_on_joined_sets(position, groups, parts, melds)
    flowers += _leave_strays_at_the_ends(groups, parts, melds, win, flowers)
    # a stray back is a wall, not a hand
    concealed = [
        t
        for part, meld in zip(parts, melds, strict=True)
        if meld is None
        for t in part
        if not t.is_back
    ]
    sets = sum(m is not None for m in melds)
    if win is not None and len(concealed) - 1 + 3 * sets == WHOLE_HAND:
        concealed.remove(win)  # the hand is whole without it: a stray lying where one would
        win = None
    return HandRead(
        position=position,
        concealed=tuple(t.index for t in concealed),
        melds=tuple(m for m in melds if m is not None),
        flowers=tuple(t.index for t in flowers),
        win_tile=win.index if win else None,
    )


def _among_flowers(group: Group) -> Group:
    """The group with each tile that lies next to a flower, and may be a flower itself
    (`Placed.flower`), read as that flower: a hand's flowers are laid side by side, and no set
    or winning tile shares their place. A flower written in one character is taken for a wind
    or a dragon at a table's size, most often beside its neighbours read right. A tile with
    flowers read as such on every side it has (the end of a line of flowers), and no other of
    its code in the group (as a set's tile has), is a flower however unlikely the classifier
    makes one (`Placed.any_flower`)."""
    tiles = list(group.tiles)
    read_as_flowers = [t.code.endswith("f") for t in tiles]
    for k, tile in enumerate(tiles):
        sides = [j for j in (k - 1, k + 1) if 0 <= j < len(tiles)]
        alone = sum(t.code == tile.code for t in group.tiles) == 1
        if tile.any_flower and alone and sides and all(read_as_flowers[j] for j in sides):
            tiles[k] = replace(tile, code=tile.any_flower)
    changed = True
    while changed:
        changed = False
        for k, tile in enumerate(tiles):
            beside = tiles[max(0, k - 1) : k] + tiles[k + 1 : k + 2]
            if tile.code.endswith("f") or tile.flower is None:
                continue
            if any(t.code.endswith("f") and t.code != tile.flower for t in beside):
                tiles[k] = replace(tile, code=tile.flower)
                changed = True
    return group if tiles == list(group.tiles) else replace(group, tiles=tuple(tiles))


def _one_of_each(flowers: list[Placed]) -> list[Placed]:
    """The flowers, each code once (a set has one of each flower and season): of two read as
    one, the surer is the hand's; the other is a speck or a stray, and joins no hand."""
    surest = {}
    for tile in flowers:
        if tile.code not in surest or tile.confidence > surest[tile.code].confidence:
            surest[tile.code] = tile
    return [tile for tile in flowers if surest[tile.code] is tile]


def _leave_strays_at_the_ends(groups, parts, melds, win, flowers) -> list[Placed]:
    """Leave out (in place) a lone tile at either end of a line whose only neighbour is a set
    or the winning tile: the standing tiles end with the winning tile and the sets lie beside
    them, so a tile past the sets or past the winning tile at the end of a row is a discard or
    a stray that happens to lie in line with it. So is a lone tile with no neighbour in its
    line (in front of the row, yet neither a flower nor a tile added to a set).

    A flower set apart lies in just those places, though, and one written in a single
    character is read at a table's size as a wind or a character, unsurely: a tile left out so
    that may be a flower (`Placed.flower`) no flower of the hand already is comes back as that
    flower (the list returned, each flower once)."""
    shown = {t.code for t in flowers}
    taken = []
    for k, part in enumerate(parts):
        if len(part) != 1 or part[0] is win or melds[k] is not None:
            continue
        line = groups[k].line
        before = next((n for n in range(k - 1, -1, -1) if parts[n]), None)
        after = next((n for n in range(k + 1, len(parts)) if parts[n]), None)
        neighbours = [n for n in (before, after) if n is not None and groups[n].line == line]
        if len(neighbours) > 1:
            continue
        if neighbours:
            beside = neighbours[0]
            past_the_win = beside == before and parts[beside] == [win]
            if melds[beside] is None and not past_the_win:
                continue
        tile = part[0]
        parts[k] = []
        if tile.flower is not None and tile.flower not in shown:
            taken.append(replace(tile, code=tile.flower))
            shown.add(tile.flower)
    return taken


def _kong_of_backs(position: Position, group: Group) -> bool:
    """Whether the group is a concealed kong laid with two backs."""
    meld = _as_meld(position, [t for t in group.tiles if not t.code.endswith("f")])
    return meld is not None and meld.kind == SetKind.CONCEALED_KONG


# The tiles of a winning hand, a kong counted as three: a tile set apart beside standing tiles
# that make this many already (with the sets) is a stray, not the winning tile.
WHOLE_HAND = 14

# A lone tile this many tile widths at most from a set of its own code is that set's turned
# tile, its box found too short to show it turned: the gap it leaves is the difference between
# a tile's length and width (about a third of a width) and the finder's slack; sets are laid
# about half a tile apart, so a tile a whole width away was set apart on purpose.
JOIN_GAP = 1.0


def _join_lone_tiles(position: Position, groups, parts, melds, win) -> None:
    """Join a lone tile (not the winning tile) to the group beside it in its line that shows
    its code two or three times, when together they make a set (in place)."""
    for k, part in enumerate(parts):
        if len(part) != 1 or part[0] is win or part[0].is_back or melds[k] is not None:
            continue
        tile = part[0]
        # beside a set whose turned tile was seen, a lone tile of its code is not that tile
        beside = [
            (n, gap)
            for n, gap in ((k - 1, groups[k].gap_before), (k + 1, groups[k].gap_after))
            if 0 <= n < len(groups) and groups[n].line == groups[k].line and gap <= JOIN_GAP
        ]
        for n, _ in sorted(beside, key=lambda pair: pair[1]):
            if len(parts[n]) not in (2, 3) or {t.code for t in parts[n]} != {tile.code}:
                continue
            if melds[n] is not None and melds[n].claimed is not None:
                continue
            joined = sorted(parts[n] + [tile], key=lambda t: _frame(position, t)[0])
            meld = _as_meld(position, joined, apart=True)
            if meld is not None:
                parts[n], parts[k], melds[n] = joined, [], meld
                break


def _as_meld(position: Position, members: list[Placed], apart: bool = False) -> MeldRead | None:
    """A claimed set (a sideways tile) or a concealed kong (two backs), if the group is one.

    A group of three or four alike faces standing `apart` from other groups of the row is a
    claimed set even when none of its tiles was seen turned (a turned tile whose box came out
    too square to tell): a revealed hand's standing tiles are never three or four alone, for
    they number 13 or 14 less three for each set (the winning tile apart or not). Whom it was
    claimed from is then unknown, for the panel to ask."""
    if len(members) not in (3, 4):
        return None
    backs = [t for t in members if t.is_back]
    faces = [t for t in members if not t.is_back]
    indices = tuple(t.index for t in members)
    if len(members) == 4 and len(backs) == 2 and len({t.code for t in faces}) == 1:
        return MeldRead(SetKind.CONCEALED_KONG, indices)
    if len(members) == 4 and white_backed_kong([t.code for t in members]):
        return MeldRead(SetKind.CONCEALED_KONG, indices)
    if backs:
        return None
    stacked = _stacked_tile(position, members)
    if stacked is not None and len({t.code for t in members}) == 1:
        return _added_kong(position, members, stacked)
    sideways = [i for i, t in enumerate(members) if _sideways(position, t)]
    alike = len({t.code for t in members}) == 1
    if not sideways and alike:
        sideways = _longest_along(position, members)
    if not sideways and alike and apart:
        return MeldRead(SetKind.PUNG if len(members) == 3 else SetKind.KONG, indices)
    if not sideways or len(sideways) > 2:
        return None
    if len(members) == 3:
        kind = SetKind.PUNG
    elif len(members) == 4:
        # two turned: an added kong, its added tile on the claimed one (its code misread, or it
        # would have been taken above); with all four in one line, a kong whose upright tile's
        # box came out as wide as a turned one, which of the two unknown: the panel asks
        if len(sideways) == 2 and stacked is None:
            return MeldRead(SetKind.KONG, indices)
        kind = SetKind.KONG if len(sideways) == 1 else SetKind.ADDED_KONG
    first = sideways[0]
    in_line = members
    if kind is SetKind.ADDED_KONG:  # the added tile lies on the claimed one, towards the centre
        added = max(sideways, key=lambda i: _frame(position, members[i])[1])
        in_line = sorted(
            (t for i, t in enumerate(members) if i != added), key=lambda t: _frame(position, t)[0]
        )
        first = next(i for i in sideways if i != added)
    place = in_line.index(members[first])
    last = len(in_line) - 1
    claimed_from = Giver.LEFT if place == 0 else Giver.RIGHT if place == last else Giver.ACROSS
    return MeldRead(kind, indices, claimed=members[first].index, claimed_from=claimed_from)


def _stacked_tile(position: Position, members: list[Placed]) -> int | None:
    """The one tile of four that lies a line further from the owner than the others (more than
    half a tile width: a set's tiles line up by their edge nearest the owner, so a turned
    tile's centre is only about a sixth of a width further), if one does: the tile added on
    top of a pung's claimed tile."""
    if len(members) != 4:
        return None
    across = [_frame(position, t)[1] for t in members]
    base = sorted(across)[1]  # a tile of the line (the stacked one is the furthest)
    width = _median([t.width for t in members])
    further = [i for i, a in enumerate(across) if a - base > 0.5 * width]
    return further[0] if len(further) == 1 else None


def _added_kong(position: Position, members: list[Placed], stacked: int) -> MeldRead:
    """An added kong: the claimed tile is the one of the line beneath the stacked tile."""
    top = members[stacked]
    in_line = sorted((t for t in members if t is not top), key=lambda t: _frame(position, t)[0])
    _, _, start, end = _frame(position, top)

    def overlap(t: Placed) -> float:
        _, _, t_start, t_end = _frame(position, t)
        return min(end, t_end) - max(start, t_start)

    claimed = max(in_line, key=overlap)
    place = in_line.index(claimed)
    last = len(in_line) - 1
    claimed_from = Giver.LEFT if place == 0 else Giver.RIGHT if place == last else Giver.ACROSS
    indices = tuple(t.index for t in members)
    return MeldRead(SetKind.ADDED_KONG, indices, claimed=claimed.index, claimed_from=claimed_from)


FACE_DOWN = ("back", BLANK)  # how a kong's face-down tile reads: a back, or a blank face


def white_backed_kong(codes: Sequence[str]) -> bool:
    """Whether four codes, in order along the line, are a concealed kong whose backs read as
    White Dragons: `5z` at both ends around two of one other tile, or two of one tile around
    `5z` in the middle; or one back read as a back and the other as `5z` (a set's backs in a
    colour the classifier names either way)."""
    for backs, faces in (((0, 3), (1, 2)), ((1, 2), (0, 3))):
        face = codes[faces[0]]
        down = (codes[backs[0]], codes[backs[1]])
        if all(code in FACE_DOWN for code in down) and BLANK in down and codes[faces[1]] == face:
            return face not in FACE_DOWN and not face.endswith("f")
    return False


def white_backs_as_backs(
    tiles: tuple[TileRead, ...], hands: Sequence[HandRead]
) -> tuple[TileRead, ...]:
    """The tiles with the White Dragons that stand for backs in a concealed kong (see
    `white_backed_kong`) read as `back`, so the picture and the request show the kong as laid."""
    tiles = list(tiles)
    for hand in hands:
        for meld in hand.melds:
            codes = [tiles[i].code for i in meld.tiles]
            if meld.kind == SetKind.CONCEALED_KONG and white_backed_kong(codes):
                for i in meld.tiles:
                    if tiles[i].code == BLANK:  # the kong's tile is the other code
                        tiles[i] = as_back(tiles[i])
    return tuple(tiles)


def as_back(tile: TileRead) -> TileRead:
    """The tile read face down: a blank taken for a back, which is what it shows."""
    return replace(tile, code="back", top=(("back", tile.confidence),))


# A line of at least this many tiles is longer than any set: a row of standing tiles, a wall.
LONG_ROW = 5


def within_the_set(tiles: Sequence[TileRead]) -> tuple[TileRead, ...]:
    """The tiles with the readings beyond what one set holds put right: a set has four of each
    tile and one of each flower and season, so where more are read, the least sure of them take
    the likeliest other code of their top readings that the set still has room for, if it was
    read at least LIKELY_AS as likely (flagged for a person to check). A tile style the
    classifier never learnt is read unsurely, and often as one look-alike (a Green Dragon as
    South, a 6 of dots as 2): a whole table's discards show more of it than a set has. White
    Dragons past four are the plain tops of walls and standing tiles (`plain_rows_as_backs`,
    `blanks_beyond_the_set`)."""
    counts = Counter(t.code for t in tiles)
    over = [c for c, n in counts.items() if c not in ("back", BLANK) and n > copies_in_a_set(c)]
    if not over:
        return tuple(tiles)
    tiles = list(tiles)
    for code in over:
        readings = [i for i, t in enumerate(tiles) if t.code == code]
        readings.sort(key=lambda i: tiles[i].confidence)
        for i in readings[: counts[code] - copies_in_a_set(code)]:
            room = [
                (other, p)
                for other, p in tiles[i].top
                if other not in (code, "back", BLANK)
                and counts[other] < copies_in_a_set(other)
                and p >= LIKELY_AS * tiles[i].confidence
            ]
            if room:
                other, p = room[0]
                counts[code] -= 1
                counts[other] += 1
                top = ((other, p), *(t for t in tiles[i].top if t[0] != other))
                tiles[i] = replace(tiles[i], code=other, confidence=p, top=top, unsure=True)
    return tuple(tiles)


def plain_rows_as_backs(tiles: tuple[TileRead, ...]) -> tuple[TileRead, ...]:
    """The tiles with the White Dragons read in long rows of blanks read as backs, where the
    picture shows more blanks than the set's four.

    A set whose backs are as plain as its White Dragon's face shows its walls and the tops of
    the players' standing tiles as rows of blanks. A row of LONG_ROW tiles or more, most of
    them blanks, is such a row; a revealed hand's White Dragons are at most four of its row."""
    blanks = [i for i, t in enumerate(tiles) if t.code == BLANK]
    if len(blanks) <= COPIES:
        return tiles
    centres = np.array([((t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2) for t in tiles])
    extents = np.array([(t.box[2] - t.box[0], t.box[3] - t.box[1]) for t in tiles], float)
    plain: set[int] = set()
    for line in find_lines(centres, extents):
        members = [i for i in line.members if tiles[i].code == BLANK]
        if len(line.members) >= LONG_ROW and 2 * len(members) > len(line.members):
            plain.update(members)
    return tuple(as_back(t) if i in plain else t for i, t in enumerate(tiles))


def flowers_as_laid(tiles: tuple[TileRead, ...], hands: Sequence[HandRead]) -> tuple[TileRead, ...]:
    """The tiles with each one a hand holds as a flower read as the flower it may be
    (`_likeliest_flower`), unsure for a person to check: it lies where the hand's flowers are."""
    flowers = {i for hand in hands for i in hand.flowers if not tiles[i].code.endswith("f")}
    if not flowers:
        return tiles
    shown = {tile.code for tile in tiles}
    out = list(tiles)
    for i in flowers:
        likeliest = _likeliest_flower(tiles[i], shown)
        if likeliest is None:  # taken for a flower of another look's reading: left as read
            continue
        code = likeliest[0]
        readings = dict([*([tiles[i].flower] if tiles[i].flower else []), *tiles[i].top])
        p = readings.get(code, tiles[i].confidence)
        top = ((code, p), *(t for t in tiles[i].top if t[0] != code))
        out[i] = replace(tiles[i], code=code, confidence=p, top=top, unsure=True)
    return tuple(out)


def blanks_beyond_the_set(
    tiles: tuple[TileRead, ...], hands: Sequence[HandRead]
) -> tuple[TileRead, ...]:
    """The tiles with White Dragons outside every hand read as backs where they are not a face's
    size, or are beyond the set's four.

    Seen from above, a wall's tiles and the tops of the players' standing tiles are plain, like
    the White Dragon's blank face, and the classifier names some of them so: on rendered
    tables most faces reported where none lies were such blanks. A standing tile's top is a
    narrow strip, a third to two thirds of a face, and a white sleeve is larger than any tile,
    so a blank outside every hand whose box is not a face's size (BLANK_SIZES) is none, unless
    it is surely named (SURE_BLANK: a discard lying askew has a larger box around it). Of the
    rest a set has four: those in a hand stay, then the surest of the others."""
    in_hands = {i for hand in hands for i in hand.indices()}
    blanks = [i for i, t in enumerate(tiles) if t.code == BLANK]
    if not blanks:
        return tiles
    usual = _usual_face_area(tiles)
    odd = {i for i in blanks if i not in in_hands and _doubtful_size(tiles[i], usual, BLANK_SIZES)}
    blanks = [i for i in blanks if i not in odd]
    kept = sorted(blanks, key=lambda i: (i not in in_hands, -tiles[i].confidence))[:COPIES]
    return tuple(
        as_back(t) if i in odd or (t.code == BLANK and i not in kept and i not in in_hands) else t
        for i, t in enumerate(tiles)
    )


def specks_as_backs(tiles: tuple[TileRead, ...], hands: Sequence[HandRead]) -> tuple[TileRead, ...]:
    """The tiles with faces outside every hand read as backs where they are smaller than a
    face (under BLANK_SIZES' least share of a usual face's area) and not surely named
    (SURE_BLANK): the White Dragons' size rule (`blanks_beyond_the_set`) for every code.

    For a whole table seen from above, with white faces: there the faces reported where none
    lies are specks of this kind (a standing tile's top, a glint on a wall, a dark blot in a dim
    room), named unsurely as whatever they resemble. The reader asks for it only there
    (`vision.reader.specks_likely`): on black faces the finder boxes the bright ink alone, a
    box as small, and those are tiles."""
    faces = [t for t in tiles if t.code != "back"]
    if len(faces) < USUAL_FACES:
        return tiles
    in_hands = {i for hand in hands for i in hand.indices()}
    usual = _usual_face_area(tiles)
    smaller = (BLANK_SIZES[0], float("inf"))  # here only a box smaller than a face is off size
    return tuple(
        as_back(t)
        if i not in in_hands and t.code != "back" and _doubtful_size(t, usual, smaller)
        else t
        for i, t in enumerate(tiles)
    )


def _doubtful_size(tile: TileRead, usual: float, sizes: tuple[float, float]) -> bool:
    """Whether the tile is not surely named (SURE_BLANK) and its box is not a face's size: its
    area outside `sizes`, shares of a `usual` face's area."""
    least, most = sizes
    unsure = tile.unsure or tile.confidence < SURE_BLANK
    return unsure and not least <= _area(tile) / usual <= most


def _area(tile: TileRead) -> float:
    x0, y0, x1, y1 = tile.box
    return float((x1 - x0) * (y1 - y0))


def _usual_face_area(tiles: Sequence[TileRead]) -> float:
    """The median area of the faces' boxes: what a face measures in this picture."""
    return max(1.0, median([_area(t) for t in tiles if t.code != "back"]))


def _along(position: Position, tile: Placed) -> float:
    """The tile's box extent along its owner's line."""
    return tile.x1 - tile.x0 if position.horizontal else tile.y1 - tile.y0


def _longest_along(position: Position, members: list[Placed]) -> list[int]:
    """In a group of identical tiles none of which was seen turned, the one clearly longer along
    the line than the others is the sideways one (its box was too square to tell)."""
    extents = [_along(position, t) for t in members]
    longest = max(range(len(members)), key=extents.__getitem__)
    others = sorted(e for i, e in enumerate(extents) if i != longest)
    return [longest] if extents[longest] >= SIDEWAYS_LONGER * others[len(others) // 2] else []


def _winning_tile(position: Position, groups, parts, melds) -> Placed | None:
    """The tile set apart: the lone tile that follows the standing tiles in its line (the
    winning tile lies at their right end, in line with them; never beside a set, at the start
    of a line, or in a line of its own in front of the row). Standing tiles are most often
    several; a lone standing tile before it is the one left beside four sets, so a lone tile
    after a lone tile is taken only where none follows several. Two or three of the lone
    tile's code, with it or one of them turned sideways (or with the standing tiles elsewhere
    in the line), are a claimed set's, not standing tiles, though too few to make the set: its
    last tile lies past a gap (a turned tile boxed short or off its centre)."""
    singles = [
        k
        for k, part in enumerate(parts)
        if len(part) == 1 and not part[0].is_back and melds[k] is None
    ]

    def completes_a_set(k: int) -> bool:
        """Whether lone tile k is the last or the first of a claimed set found apart from the
        rest of it: the group just before it, or just after it (no further than JOIN_GAP), is
        two or three of its code, and it or one of them lies sideways, or the line holds the
        hand's standing tiles elsewhere (they stand together, and are never two or three alone:
        13 or 14 less three for each set)."""
        tile = parts[k][0]
        after = k + 1 < len(parts) and groups[k + 1].line == groups[k].line
        after = after and melds[k + 1] is None and groups[k].gap_after <= JOIN_GAP
        for n in (k - 1, k + 1) if after else (k - 1,):
            rest = parts[n]
            if len(rest) not in (2, 3) or {t.code for t in rest} != {tile.code}:
                continue
            if any(_sideways(position, t) for t in [*rest, tile]):
                return True
            if any(
                m not in (n, k)
                and melds[m] is None
                and groups[m].line == groups[k].line
                and sum(not t.is_back for t in part) >= 4
                for m, part in enumerate(parts)
            ):
                return True
        return False

    def standing_before(k: int) -> int:
        """How many standing faces the group before tile k's group (in its line) holds."""
        if k == 0 or groups[k - 1].line != groups[k].line or melds[k - 1] is not None:
            return 0
        if groups[k].gap_before == float("inf"):
            return 0
        if completes_a_set(k):
            return 0
        return sum(not t.is_back for t in parts[k - 1])

    after_several = [parts[k][0] for k in singles if standing_before(k) >= 2]
    after_one = [parts[k][0] for k in singles if standing_before(k) == 1]
    return (after_several or after_one[:1] or [None])[-1]


# A row is a hand's when it holds at least this many tiles, three of them face up: a revealed
# hand (13 or more), or a player's standing tiles seen from above with their sets beside them
# (mostly backs: such a row is taken only when its faces make sets). A discard pool lies in short
# rows of six or so; a wall is all backs.
HAND_ROW = 8
TOUCHING = 1.3  # a hand's row steps at most this many box widths from tile to tile
# A tile that the picture's edge cuts to less than this share of its neighbours' size is only a
# part of a tile (a hand running out of the photo): it joins no hand.
WHOLE = 0.8
EDGE = 0.25  # a box within this share of a tile's width from the picture's edge touches it
# A row within this many degrees of the picture's axes is measured by its boxes; a row further
# turned has boxes wider than its tiles (at 10 degrees a box is a fifth wider than its tile,
# which hides the gap before a winning tile), so it is measured by the steps between centres.
SQUARE = 4.0
SURE_AT_EDGE = 0.5  # a tile at the edge named less surely than this shows only part of its face
# A player's sets laid apart from their row lie within this many tile lengths of it; sets found
# further off that seem to face the same way are another player's, across the table. On 900
# development tables (seeds 99, 98, 97, 89, 88, 96), a winner's set joined to the rest of the
# hand lay 1.5-5.6 tile lengths from it, and every join of 10.9-22 lengths took another
# player's set (a concealed kong from across the table made one hand whole, and wrong).
NEAR_SET = 8.0


def group_hands(
    tiles: Sequence[TileRead],
    width: float,
    height: float,
    rotation_known: bool = True,
    zones: SeatZones | None = None,
) -> tuple[HandRead, ...]:
    """Every player's hand found among `tiles`, the revealed hand a person means first.

    Hands are built from rows (`vision.rows`): a hand's own row, at any angle, with the flowers
    laid in front of it and the tile stacked on an added kong. Tiles of no hand (the discard
    pool, walls, strays) are left out; `loose_faces` names the face-up ones."""
    placed = place(tiles, rotation_known)
    faces = [t for t in placed if not t.is_back]
    typical = (
        _median([t.length for t in faces]),
        _median([min(t.x1 - t.x0, t.y1 - t.y0) for t in faces]),
    )
    whole = [t for t in placed if not faces or not cut_by_edge(t, typical, width, height)]
    lines = find_lines(
        np.array([(t.cx, t.cy) for t in whole], float).reshape(-1, 2),
        np.array([(t.x1 - t.x0, t.y1 - t.y0) for t in whole], float).reshape(-1, 2),
    )
    rows_of_hands, rest = [], []
    for line in lines:
        members = [whole[k] for k in line.members]
        shown = sum(not t.is_back for t in members)
        if len(members) >= HAND_ROW and shown >= 3 and touching(line, members):
            rows_of_hands.append((line, members, shown * 4 < len(members)))
        else:
            rest.append((line, members))
    hands: list[HandRead] = []
    used: set[int] = set()
    for line, members, mostly_backs in rows_of_hands:
        hand = _hand_of(line, members, rest, used, width, height, zones)
        if hand is None:
            continue
        if mostly_backs and hand.concealed:
            continue  # a wall with a few tiles read as faces, not standing tiles beside sets
        used.update(hand.indices())
        hands.append(hand)
    for line, members in rest:  # another player's sets, beside their standing tiles or alone
        if len(members) < 3 or any(t.index in used for t in members):
            continue
        hand = _hand_of(line, members, rest, used, width, height, zones)
        if hand is None or hand.concealed or not hand.melds:
            continue  # loose discards, or a row of them with a set among them by chance
        if any(
            len({tiles[i].code for i in m.tiles if tiles[i].code != "back"}) != 1
            for m in hand.melds
        ):
            continue  # a set is one tile three or four times; loose discards are not
        same = [k for k, h in enumerate(hands) if h.position == hand.position]
        if same and hands[same[0]].size >= 13:
            continue  # a revealed hand is whole: three alike nearby are discards
        if same and not _lies_near(hand, hands[same[0]], tiles):
            continue  # another player's set, across the table
        used.update(hand.indices())
        if same:
            hands[same[0]] = _joined(hands[same[0]], hand)
        else:
            hands.append(hand)
    if any(_whole(h) for h in hands):  # the others hold their standing tiles: backs, not faces
        hands = [h for h in hands if _whole(h) or not h.concealed]
    hands = [replace(h, foreign=foreign_tiles(h, tiles)) for h in hands]
    hands = [h for h in hands if h.concealed or h.melds or h.flowers]
    return tuple(sorted(hands, key=revealed_first))


def _whole(hand: HandRead) -> bool:
    """Whether the hand is a revealed one, whole: 13 or 14 tiles with standing tiles among
    them. Beside one, a row of faces short of a hand is a row of the discard pool (the other
    players hold their standing tiles as backs); two winners show two whole hands."""
    return bool(hand.concealed) and 13 <= hand.size <= 14


def _hand_of(
    line: Line,
    members: list[Placed],
    rest: list[tuple[Line, list[Placed]]],
    used: set[int],
    width: float,
    height: float,
    zones: SeatZones | None,
) -> HandRead | None:
    """The hand built on a row: the row and what lies in front of it that belongs to it (not
    already `used` by another hand), read in the row's own frame."""
    position = _line_position(line, members, width, height, zones)
    if position is None:
        return None
    frame = RowFrame.of(line, members, position)
    extra = [t for t in _laid_in_front(frame, members, rest) if t.index not in used]
    hand = read_hand(BOTTOM, [frame.upright(t) for t in members + extra])
    return replace(hand, position=position)


def _lies_near(hand: HandRead, other: HandRead, tiles: Sequence[TileRead]) -> bool:
    """Whether a hand's tiles lie within NEAR_SET tile lengths of `other`'s (the lengths of
    `other`'s tiles)."""
    mine = np.array([tiles[i].box for i in hand.indices()], float).reshape(-1, 4)
    theirs = np.array([tiles[i].box for i in other.indices()], float).reshape(-1, 4)
    if not len(mine) or not len(theirs):
        return True
    centres = (mine[:, None, :2] + mine[:, None, 2:]) / 2 - (
        theirs[None, :, :2] + theirs[None, :, 2:]
    ) / 2
    return float(np.linalg.norm(centres, axis=2).min()) <= NEAR_SET * tile_length(theirs)


def tile_length(boxes: np.ndarray) -> float:
    """How long the tiles of `boxes` (n x 4) are: the median of their boxes' long sides."""
    return median(np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]))


def _joined(first: HandRead, second: HandRead) -> HandRead:
    """One player's tiles found in two places (a set laid apart from the row) as one hand."""
    return replace(
        first,
        concealed=first.concealed + second.concealed,
        melds=first.melds + second.melds,
        flowers=first.flowers + second.flowers,
        win_tile=first.win_tile if first.win_tile is not None else second.win_tile,
    )


def touching(line: Line, members: list[Placed]) -> bool:
    """Whether the line's tiles stand side by side as a hand's do: its usual step is about a
    tile's width (`TOUCHING` of the faces' short sides at most; a standing tile seen from above
    shows only its narrow top). A line threaded through the discard pool from row to row steps
    further than that."""
    faces = [t for t in members if not t.is_back] or members
    short = _median([min(t.x1 - t.x0, t.y1 - t.y0) for t in faces])
    return line.step <= TOUCHING * short


def revealed_first(hand: HandRead) -> tuple:
    """Order of hands: a revealed hand of 13 or 14 tiles (a kong counted as three) first, then
    the nearest to one among hands with standing tiles (the winner's, partly read), and last
    the other players' sets and flowers (no standing tiles: a few tiles laid down)."""
    size = hand.size
    return (not 13 <= size <= 14, not hand.concealed, abs(size - 14), -len(hand.flowers))


def loose_faces(tiles: Sequence[TileRead], hands: Sequence[HandRead]) -> tuple[int, ...]:
    """Face-up tiles that belong to no hand: the discard pool and strays."""
    used = {i for hand in hands for i in hand.indices()}
    return tuple(i for i, t in enumerate(tiles) if t.code != "back" and i not in used)


def cut_by_edge(tile: Placed, typical: tuple[float, float], width: float, height: float) -> bool:
    """Whether the picture's edge cuts the tile: a sliver of a whole one (the faces' `typical`
    long and short sides), or a tile whose long side the edge runs along and whose face the
    classifier cannot name surely (part of its width, and of its face, is outside: a hand
    running out of the photo at its end). An edge along a tile's short side only shortens it,
    as it does every tile of a row laid along that edge: the sliver test judges that."""
    long_side, short_side = typical
    near = EDGE * short_side
    at_side = tile.x0 <= near or tile.x1 >= width - near  # the left or right edge
    at_end = tile.y0 <= near or tile.y1 >= height - near  # the top or bottom edge
    if not (at_side or at_end):
        return False
    w, h = tile.x1 - tile.x0, tile.y1 - tile.y0
    sliver = min(w, h) < WHOLE * short_side or max(w, h) < WHOLE * long_side
    if h >= ASPECT_CLEAR * w:  # standing up in the picture: its long sides are left and right
        along_long_side = at_side
    elif w >= ASPECT_CLEAR * h:
        along_long_side = at_end
    else:
        along_long_side = True
    return sliver or (along_long_side and tile.confidence < SURE_AT_EDGE)


def foreign_tiles(
    hand: HandRead, tiles: Sequence[TileRead], flower_tiles: str | None = None
) -> tuple[int, ...]:
    """Tiles of the hand that a Korean table's set lacks (see `in_table_set`): a flag for the
    panel."""
    return tuple(i for i in hand.indices() if not in_table_set(tiles[i].code, flower_tiles))


def in_table_set(code: str, flower_tiles: str | None = None) -> bool:
    """Whether a tile belongs to a Korean table's set: no bamboo; of the flowers and seasons,
    the kind the table plays (`flower_tiles`: `flowers` or `seasons`; None: either)."""
    if code == "back":
        return True
    if code in SEASON_TILES:
        return flower_tiles in (None, "seasons")
    if code.endswith("f"):
        return flower_tiles in (None, "flowers")
    return code in KOREAN_TILES


def _line_position(
    line: Line, members: list[Placed], width: float, height: float, zones: SeatZones | None
) -> Position | None:
    """The edge of the picture the row's owner sits at (None: outside every calibrated zone).

    From calibrated zones when a fixed camera has them; else from the way most faces read
    (faces that read the same turned half round have no say), when that fits the row's
    direction; else from the row's direction and where it lies."""
    faces = [t for t in members if not t.is_back] or members
    cx = sum(t.cx for t in faces) / len(faces)
    cy = sum(t.cy for t in faces) / len(faces)
    if zones is not None:
        return zones.position_of(cx, cy)
    angle = line.angle
    lies_across = min(angle, 180 - angle) <= 50  # runs left to right, more or less
    lies_down = abs(angle - 90) <= 50
    votes = Counter(
        t.rotation for t in faces if t.rotation is not None and t.code not in HALF_TURN_ALIKE
    )
    if votes:
        rotation, count = votes.most_common(1)[0]
        fits = lies_across if rotation % 180 == 0 else lies_down
        if fits and count * 10 >= 6 * sum(votes.values()):
            return POSITION_OF[rotation]
    if min(angle, 180 - angle) <= 45:
        return BOTTOM if cy >= height / 2 else TOP
    return RIGHT if cx >= width / 2 else LEFT


@dataclass(frozen=True)
class RowFrame:
    """A hand's row seen as its owner sees it: `along` towards their right, `forward` away from
    them, so that a row at any angle reads as a bottom row (`upright` turns a tile into it)."""

    origin: tuple[float, float]
    along: tuple[float, float]
    forward: tuple[float, float]
    step: float
    square: bool  # the row runs along the picture's axes: boxes keep their own sizes
    position: Position

    @classmethod
    def of(cls, line: Line, members: list[Placed], position: Position) -> RowFrame:
        along = np.array(line.direction)
        if along @ np.array(RIGHTWARD[position]) < 0:
            along = -along
        forward = np.array([along[1], -along[0]])  # a quarter turn against the clock
        if forward @ np.array(FORWARD[position]) < 0:
            forward = -forward
        origin = np.mean([(t.cx, t.cy) for t in members], axis=0)
        square = min(line.angle % 90, 90 - line.angle % 90) <= SQUARE
        return cls(tuple(origin), tuple(along), tuple(forward), line.step, square, position)

    def coordinates(self, tile: Placed) -> tuple[float, float]:
        """(along, forward) of the tile's centre."""
        dx, dy = tile.cx - self.origin[0], tile.cy - self.origin[1]
        return (
            dx * self.along[0] + dy * self.along[1],
            dx * self.forward[0] + dy * self.forward[1],
        )

    def is_upright(self, tile: Placed) -> bool:
        """Whether the tile stands across the row (not turned sideways in it)."""
        if self.square or tile.rotation is None:
            return not _sideways(self.position, tile)
        return (tile.rotation - self.position.turn) % 180 == 0

    def upright(self, tile: Placed) -> Placed:
        """The tile as it would lie in a bottom row, in the same place along the row."""
        along, forward = self.coordinates(tile)
        upright = self.is_upright(tile)
        if self.square:
            w, h = tile.x1 - tile.x0, tile.y1 - tile.y0
            wide, tall = (w, h) if self.position.horizontal else (h, w)
        else:
            wide, tall = self.step, self.step * 1.35
            wide, tall = (wide, tall) if upright else (tall, wide)
        rotation = None
        if tile.rotation is not None:
            rotation = (tile.rotation - self.position.turn) % 360
        return tile.moved(
            (along - wide / 2, -forward - tall / 2, along + wide / 2, -forward + tall / 2),
            upright,
            rotation,
        )


def _laid_in_front(
    frame: RowFrame, row: list[Placed], rest: list[tuple[Line, list[Placed]]]
) -> list[Placed]:
    """Tiles outside the row that still belong to its hand: flowers laid in a line in front of
    it, and a sideways tile stacked on a claimed set's sideways tile (an added kong)."""
    spans = [frame.coordinates(t)[0] for t in row]
    start, end = min(spans) - frame.step, max(spans) + frame.step
    turned = [frame.coordinates(t)[0] for t in row if not frame.is_upright(t)]

    def beneath(tile: Placed) -> list[float]:
        """Where a stacked tile may lie: on a turned tile of the row, or on a pung of its own
        code (three alike within three steps along: the claimed tile beneath it not seen
        turned), never on a lone standing tile of its code."""
        alike = [frame.coordinates(t)[0] for t in row if t.code == tile.code]
        return turned + [a for a in alike if sum(abs(a - b) <= 3 * frame.step for b in alike) >= 3]

    taken = []
    for _, members in rest:
        for tile in members:
            along, forward = frame.coordinates(tile)
            if tile.is_back or not start <= along <= end:
                continue
            flower_line = tile.flower is not None and 0.5 <= forward / frame.step <= 3.2
            stacked = (
                not frame.is_upright(tile)
                and 0.5 <= forward / frame.step <= 1.8
                and any(abs(along - s) < 0.6 * frame.step for s in beneath(tile))
            )
            if stacked:
                taken.append(tile)
            elif flower_line:  # laid where flowers are: read as the flower it may be
                taken.append(replace(tile, code=tile.flower))
    return taken
