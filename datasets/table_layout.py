"""Where everything lies on a whole table: each seat's band, the walls, the discards.

`datasets.table.full_table` calls these in order: `seat_band` lays out each seat's tiles as its
owner sees them, `deal_discards` chooses the pool, `plan_table` fits it all into a square table,
and the `put_*` functions paint each part and say where every tile's outline lies.
"""

from __future__ import annotations

import cv2
import numpy as np

from datasets.scene import (
    Hand,
    SceneGroup,
    _lay_out,
    _Painter,
    _paste,
    _turn,
    _turn_box,
)
from engine.seats import POSITIONS, Position

BOTTOM, RIGHT, TOP, LEFT = Position.BOTTOM, Position.RIGHT, Position.TOP, Position.LEFT
POOLS = ("rows", "tossed")  # the discards laid in rows by each seat, or tossed into the middle
COVERED = 0.3  # the most of a tossed discard that the ones tossed after it may hide

# --- each seat's band: its row and sets, drawn as its owner sees them ------------------------


def seat_band(
    hand: Hand, position: Position, winning: bool, painter: _Painter, rng, groups
) -> dict:
    """A seat's tiles as one BGRA strip (owner below) and each tile's (code, sideways, box, ...)."""
    tiles = []  # (code, sideways, box, role, group)
    apart = bool(rng.random() < 0.7)  # the winning tile a little apart, or in the row
    if winning:
        strip, placed = _lay_out(hand, painter, rng, win_apart=apart)
        kinds = ["concealed"] * len(hand.concealed) + ["win"] * bool(hand.win_tile)
    else:
        strip, placed = _standing(len(hand.melds), painter, rng)
        kinds = ["standing"] * len(placed)
        if hand.melds or hand.flowers:
            shown = Hand((), None, hand.melds, hand.flowers, hand.flowers_in_front)
            sets, more = _lay_out(shown, painter, rng)
            strip, placed = _side_by_side(strip, placed, sets, more, painter.width)
    for meld in hand.melds:
        kinds += [meld] * meld.size
    kinds += ["flowers"] * len(hand.flowers)
    ids: dict = {}
    for (code, sideways, box, role), kind in zip(placed, kinds, strict=True):
        key = id(kind) if not isinstance(kind, str) else kind
        if key not in ids:
            meld = None if isinstance(kind, str) else kind
            groups.append(
                SceneGroup(
                    position,
                    kind if meld is None else meld.kind,
                    meld.claimed_from if meld else None,
                )
            )
            ids[key] = len(groups) - 1
        tiles.append((code, sideways, box, "standing" if kind == "standing" else role, ids[key]))
    return {"strip": strip, "tiles": tiles, "apart": apart if winning else None}


def _standing(sets: int, painter: _Painter, rng) -> tuple[np.ndarray, list]:
    """13 - 3 x sets standing tiles seen from above: their backs, or only their top edges."""
    count = max(1, 13 - 3 * sets)
    w, h = painter.width, painter.height
    back = painter.tile("back")
    if rng.random() < 0.5:  # the camera sees the backs, shortened by the angle
        tall = max(4, int(round(h * rng.uniform(0.55, 0.9))))
        tile = cv2.resize(back, (w, tall), interpolation=cv2.INTER_AREA)
    else:  # straight above: only the top edge, face layer towards the owner, back layer beyond
        tall = max(4, int(round(w * rng.uniform(0.55, 0.7))))
        tile = cv2.resize(back, (w, tall), interpolation=cv2.INTER_AREA)
        face = painter.tile("5z")
        body = np.median(face[h // 2 - 2 : h // 2 + 2, 2:5, :3].reshape(-1, 3), axis=0)
        tile[tall // 2 :, :, :3] = tile[tall // 2 :, :, :3] * 0.2 + body * 0.8
    gaps = rng.uniform(0, 1.2, count)
    width = int(np.ceil(count * w + gaps.sum())) + 2
    strip = np.zeros((tall + 2, width, 4), np.uint8)
    placed, x = [], 0.0
    for gap in gaps:
        col = int(round(x))
        strip[1 : 1 + tall, col : col + w] = tile
        placed.append(("back", False, (col, 1, col + w, 1 + tall), "standing"))
        x += w + gap
    return strip, placed


def _side_by_side(left, left_tiles, right, right_tiles, w: int):
    """Two strips in one, bottoms aligned, half a tile or so apart."""
    gap = int(w * 0.4)
    height = max(left.shape[0], right.shape[0])
    strip = np.zeros((height, left.shape[1] + gap + right.shape[1], 4), np.uint8)
    placed = []
    for part, tiles, x in ((left, left_tiles, 0), (right, right_tiles, left.shape[1] + gap)):
        y = height - part.shape[0]
        strip[y : y + part.shape[0], x : x + part.shape[1]] = part
        for code, sideways, (x0, y0, x1, y1), role in tiles:
            placed.append((code, sideways, (x0 + x, y0 + y, x1 + x, y1 + y), role))
    return strip, placed


# --- the discards ---------------------------------------------------------------------------


def deal_discards(left: list[str], count: int, rng) -> dict[str, list[tuple[str, int, float]]]:
    """Each seat's discards (code, quarter turn, small angle), drawn from the unseen tiles."""
    count = min(count, len(left))
    codes = [left[i] for i in rng.permutation(len(left))[:count]]
    shares = rng.multinomial(count, [0.25] * 4)
    pool, start = {}, 0
    for position, share in zip(POSITIONS, shares, strict=True):
        pool[position] = [
            (
                code,
                90 if rng.random() < 0.08 else 0,
                float(rng.normal(0, 12) if rng.random() < 0.25 else rng.normal(0, 2)),
            )
            for code in codes[start : start + share]
        ]
        start += share
    return pool


def _footprint(w: float, h: float, quarter: int, angle: float) -> tuple[float, float]:
    """Width and height of the box around a w x h tile turned quarter + angle degrees."""
    a = np.radians(quarter + angle)
    c, s = abs(np.cos(a)), abs(np.sin(a))
    return w * c + h * s, w * s + h * c


def _rows(tiles, w: int, h: int, rng) -> list[list[tuple]]:
    """A seat's discards in rows of about six, as a player lays them: (tile, width, height)."""
    rows, per_row = [], int(rng.integers(5, 8))
    for i in range(0, len(tiles), per_row):
        rows.append([(t, *_footprint(w, h, t[1], t[2])) for t in tiles[i : i + per_row]])
    return rows


# --- the plan: where each part goes ---------------------------------------------------------


def plan_table(bands, pool, painter: _Painter, size, rng) -> dict:
    """The table's square, each seat's band, wall lane and discard rows, in canvas pixels."""
    w, h = painter.width, painter.height
    gap = 0.35 * h
    stack = int(round(0.16 * h))  # how far up the picture a second tile of a wall stack shows
    lane = h + stack + gap  # the depth of a wall line and the space beside it
    rows = {p: _rows(tiles, w, h, rng) for p, tiles in pool.items()}
    depth = {p: sum(max(t[2] for t in row) + gap * 0.5 for row in r) for p, r in rows.items()}
    length = {
        p: max([sum(t[1] + gap * 0.3 for t in row) for row in r], default=0)
        for p, r in rows.items()
    }
    thick = {p: bands[p]["strip"].shape[0] if p in bands else 0 for p in POSITIONS}
    long = {p: bands[p]["strip"].shape[1] if p in bands else 0 for p in POSITIONS}
    side_depth = max(depth[LEFT], depth[RIGHT])
    end_depth = max(depth[BOTTOM], depth[TOP])
    pool_w = (
        max(max(length[BOTTOM], length[TOP]) + 2 * side_depth, depth[LEFT] + depth[RIGHT]) + 2 * gap
    )
    pool_h = (
        max(max(length[LEFT], length[RIGHT]) + 2 * end_depth, depth[BOTTOM] + depth[TOP]) + 2 * gap
    )
    across = max(
        pool_w + 2 * lane + thick[LEFT] + thick[RIGHT] + 2 * gap,
        max(long[BOTTOM], long[TOP]) + thick[LEFT] + thick[RIGHT] + 2 * gap,
    )
    down = max(
        pool_h + 2 * lane + thick[BOTTOM] + thick[TOP] + 2 * gap,
        max(long[LEFT], long[RIGHT]) + thick[BOTTOM] + thick[TOP] + 2 * gap,
    )
    side = int(np.ceil(max(across, down)))  # a square table
    room = side * 1.09 + 0.03 * min(size)  # room to turn and tilt the picture
    zoom = max(1.0, room / min(size))
    canvas = (int(round(size[0] * zoom)), int(round(size[1] * zoom)))
    x0 = (canvas[0] - side) // 2
    y0 = (canvas[1] - side) // 2
    inner = (
        x0 + thick[LEFT] + gap,
        y0 + thick[TOP] + gap,
        x0 + side - thick[RIGHT] - gap,
        y0 + side - thick[BOTTOM] - gap,
    )
    return {
        "canvas": canvas,
        "table": (x0, y0, x0 + side, y0 + side),
        "inner": inner,
        "pool": (inner[0] + lane, inner[1] + lane, inner[2] - lane, inner[3] - lane),
        "lane": lane,
        "stack": stack,
        "gap": gap,
        "rows": rows,
        "side_depth": {
            BOTTOM: side_depth,
            TOP: side_depth,
            LEFT: end_depth,
            RIGHT: end_depth,
        },
    }


def outline(box) -> np.ndarray:
    """A box's four corners, clockwise from its top-left."""
    x0, y0, x1, y1 = box
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


def _tile(code, box, rotation: int, position, role: str, group: int, level: int = 0) -> dict:
    """A tile lying square to the table: its outline starts at its face's top-left corner."""
    corners = np.roll(outline(box), -(rotation // 90), axis=0)
    return dict(
        code=code,
        corners=corners,
        rotation=rotation,
        position=position,
        role=role,
        group=group,
        level=level,
        angle=float(rotation),
    )


def put_band(canvas, band, position: Position, plan, rng) -> list[dict]:
    """A seat's band pasted along its edge of the table, turned to face its owner."""
    turn = Position(position).turn
    strip = band["strip"]
    turned = _turn(strip, turn)
    th, tw = turned.shape[:2]
    x0, y0, x1, y1 = plan["table"]
    ix0, iy0, ix1, iy1 = plan["inner"]
    if Position(position).horizontal:
        x = int(ix0 + rng.uniform(0, 1) * max(0, ix1 - ix0 - tw))
        y = y1 - th if position == BOTTOM else y0
    else:
        y = int(iy0 + rng.uniform(0, 1) * max(0, iy1 - iy0 - th))
        x = x1 - tw if position == RIGHT else x0
    _paste(canvas, turned, x, y, rng)
    out = []
    for code, sideways, box, role, group in band["tiles"]:
        bx0, by0, bx1, by1 = _turn_box(box, turn, strip.shape[1], strip.shape[0])
        face = (turn + (270 if sideways else 0)) % 360
        out.append(_tile(code, (bx0 + x, by0 + y, bx1 + x, by1 + y), face, position, role, group))
    return out


def put_walls(canvas, painter: _Painter, plan, rng, groups) -> list[dict]:
    """What is left of the walls: a straight line of backs along each side, some two high."""
    w, h, stack = painter.width, painter.height, plan["stack"]
    ix0, iy0, ix1, iy1 = plan["inner"]
    lane = plan["lane"]
    out = []
    for position in POSITIONS:
        if rng.random() < 0.2:
            continue
        upright = Position(position).horizontal
        span = (ix1 - ix0 - 2 * lane) if upright else (iy1 - iy0 - 2 * lane - stack)
        step = w * 1.03  # a back's short side lies along the wall, a hair from the next
        most = int(span // step)
        if most < 2:
            continue
        count = int(rng.integers(2, min(most, 17) + 1))
        start = rng.uniform(0, span - count * step)
        group = len(groups)
        groups.append(SceneGroup(position, "wall"))
        image = painter.tile("back", sideways=not upright)
        ih, iw = image.shape[:2]
        for i in range(count):
            along = start + i * step
            if position == BOTTOM:
                x, y = ix0 + lane + along, iy1 - h
            elif position == TOP:
                x, y = ix0 + lane + along, iy0 + stack
            elif position == LEFT:
                x, y = ix0, iy0 + lane + stack + along
            else:
                x, y = ix1 - h, iy0 + lane + stack + along
            x, y = int(round(x)), int(round(y))
            levels = 2 if rng.random() < 0.7 else 1
            for level in range(levels):
                top = y - level * stack
                _paste(canvas, image, x, top, rng)
                box = (x, top, x + iw, top + ih)
                turn = Position(position).turn
                out.append(_tile("back", box, turn, position, "wall", group, level))
    return out


def put_discards(canvas, painter: _Painter, pool, plan, rng, groups) -> list[dict]:
    """Each seat's discards in loose rows in front of its wall, faces towards the discarder."""
    px0, py0, px1, py1 = plan["pool"]
    gap = plan["gap"]
    out = []
    for position in POSITIONS:
        rows = plan["rows"][position]
        if not rows:
            continue
        group = len(groups)
        groups.append(SceneGroup(position, "discards"))
        turn = Position(position).turn
        # the seat's own frame: u along its side (left to right as it sees), v towards the centre
        along = (px1 - px0) if Position(position).horizontal else (py1 - py0)
        v = gap * 0.5
        for row in rows:
            row_len = sum(t[1] + gap * 0.3 for t in row)
            u = (along - row_len) / 2 + rng.uniform(-0.15, 0.15) * max(
                0, along - row_len - 2 * plan["side_depth"][position]
            )
            tall = max(t[2] for t in row)
            for (code, quarter, angle), bw, bh in row:
                cu = u + bw / 2 + rng.uniform(0, gap * 0.15)
                cv = v + tall / 2 + rng.uniform(-1, 1) * (tall - bh) / 2
                centre = _from_seat(position, cu, cv, plan["pool"])
                face = (turn + quarter) % 360
                out.append(
                    _put_turned(canvas, painter, code, centre, face + angle, rng, position, group)
                )
                u += bw + gap * 0.3
            v += tall + gap * 0.5
    return out


def put_tossed(canvas, painter: _Painter, pool, plan, rng, groups) -> list[dict]:
    """Every seat's discards tossed into the middle of the table, as many tables play them:
    each lies at any angle wherever it came to rest, some on the edge of one tossed before it
    (at most COVERED of any tile hidden, so each can still be told by a person), turned
    towards the seat that tossed it only by chance. Each seat's tiles are still its own group:
    the sacred-discard rule asks who discarded what."""
    x0, y0, x1, y1 = plan["pool"]
    w, h = painter.width, painter.height
    # where tiles have landed, in the pool's own pixels: which tile shows at each
    shown = np.full((int(np.ceil(y1 - y0)) + 1, int(np.ceil(x1 - x0)) + 1), -1, np.int32)
    areas: list[int] = []
    out: list[dict] = []
    for position in POSITIONS:
        tiles = pool[position]
        if not tiles:
            continue
        group = len(groups)
        groups.append(SceneGroup(position, "discards"))
        for code, _, _ in tiles:
            spot = _landing(shown, areas, w, h, rng)
            if spot is None:
                continue  # the pool is full: the tile lies under the others, unseen
            (cx, cy), angle, mask = spot
            areas.append(int(mask.sum()))
            shown[mask] = len(areas) - 1
            centre = (x0 + cx, y0 + cy)
            out.append(_put_turned(canvas, painter, code, centre, angle, rng, position, group))
    seen = np.bincount(shown[shown >= 0], minlength=len(areas))
    for tile, area, part in zip(out, areas, seen.tolist(), strict=True):
        tile["covered"] = round(1 - part / max(1, area), 3)
    return out


def _landing(shown: np.ndarray, areas: list[int], w: int, h: int, rng, tries: int = 40):
    """Where a tossed tile comes to rest in the pool (`shown`, see `put_tossed`): its centre,
    its angle and the pixels it covers; drawn again while it would hide more than COVERED of
    a tile below it or hang over the pool's edge. None where no try fits."""
    height, width = shown.shape
    half = np.hypot(w, h) / 2
    if width <= 2 * half or height <= 2 * half:
        return None
    seen = np.bincount(shown[shown >= 0], minlength=len(areas))  # each tile's pixels showing
    for _ in range(tries):
        # tossed towards the middle: most land near it, a few far out
        cx = float(np.clip(rng.normal(width / 2, width / 5), half, width - half))
        cy = float(np.clip(rng.normal(height / 2, height / 5), half, height - half))
        angle = float(rng.uniform(0, 360))
        corners = turned_outline(w, h, (cx, cy), angle)
        mask = np.zeros(shown.shape, np.uint8)
        cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 1)
        mask = mask.astype(bool)
        below = shown[mask]
        below = below[below >= 0]
        if below.size:
            hidden = np.bincount(below, minlength=len(areas))
            lost = (hidden > 0) & (1 - (seen - hidden) / np.maximum(areas, 1) > COVERED)
            if lost.any():
                continue
        return (cx, cy), angle, mask
    return None


def _from_seat(position: Position, u: float, v: float, pool) -> tuple[float, float]:
    """A point of a seat's frame (u along its side of the pool, v in from it) on the canvas."""
    x0, y0, x1, y1 = pool
    return {
        BOTTOM: (x0 + u, y1 - v),
        TOP: (x1 - u, y0 + v),
        LEFT: (x0 + v, y0 + u),
        RIGHT: (x1 - v, y1 - u),
    }[position]


def turned_outline(w: float, h: float, centre, angle: float) -> np.ndarray:
    """The four corners of a w x h tile turned `angle` degrees clockwise about `centre`,
    clockwise from its face's top-left (`outline`)."""
    a = np.radians(angle)
    turn = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], np.float32)
    return (outline((-w / 2, -h / 2, w / 2, h / 2)) @ turn.T) + np.float32(centre)


def _put_turned(canvas, painter, code, centre, angle: float, rng, position, group) -> dict:
    """One tile turned `angle` degrees clockwise about `centre`, and its outline."""
    tile = painter.tile(code)
    h, w = tile.shape[:2]
    corners = turned_outline(w, h, centre, angle)
    x0, y0 = np.floor(corners.min(0)).astype(int)
    x1, y1 = np.ceil(corners.max(0)).astype(int)
    source = outline((0, 0, w, h))[:3]
    matrix = cv2.getAffineTransform(source, (corners[:3] - (x0, y0)).astype(np.float32))
    image = cv2.warpAffine(tile, matrix, (int(x1 - x0), int(y1 - y0)), flags=cv2.INTER_LINEAR)
    _paste(canvas, image, int(x0), int(y0), rng)
    rotation = int(round(angle / 90)) % 4 * 90
    return dict(
        code=code,
        corners=corners,
        rotation=rotation,
        position=position,
        role="discard",
        group=group,
        level=0,
        angle=angle,
    )
