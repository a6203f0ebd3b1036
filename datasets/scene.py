"""Synthetic table scenes: revealed hands drawn with our tile renderer, and the truth behind them.

A scene is a table seen from above with up to four revealed hands laid out as `vision/grouping.py`
expects players to lay them (concealed tiles together, the winning tile a little apart, claimed
sets with the claimed tile sideways, concealed kongs with two backs, flowers set aside), and, for
training the tile finder, walls of face-down tiles and discards. Every tile's box and rotation and
every hand's score-request part are kept, so tests can check the reader group by group.

`deal_hands` makes complete hands (four sets and a pair) that the rules engine can score;
`random_scene` draws a varied scene; `draw_scene` draws given hands. Whole end-of-hand tables (the
demo table among them) are `datasets.table`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from datasets.augment import camera_effects, table_background
from datasets.render import available_styles, render_tile_bgra
from engine.analysis import MELD_KINDS, MELD_SIZE, SetKind
from engine.seats import GIVERS, POSITIONS, Giver, Position
from engine.tiles import FLOWERS as FLOWER_TILES
from engine.tiles import KOREAN_KINDS, TILE_CODES, format_tiles

KOREAN = tuple(TILE_CODES[kind] for kind in KOREAN_KINDS)  # the Korean set's kinds: m, p, z
FLOWERS = tuple(TILE_CODES[i] for i in FLOWER_TILES)


@dataclass(frozen=True)
class Meld:
    """A set laid down: `kind` as in a score request; `claimed_from` left/across/right."""

    kind: SetKind  # pung, kong, added_kong, concealed_kong
    code: str
    claimed_from: Giver | None = None

    @property
    def size(self) -> int:
        """Its tiles: three for a pung, four for a kong of any kind."""
        return MELD_SIZE[SetKind(self.kind)]

    @property
    def tiles(self) -> str:
        return format_tiles([self.code] * self.size)


@dataclass(frozen=True)
class Hand:
    """One player's revealed hand: the truth a scene is drawn from."""

    concealed: tuple[str, ...]  # standing tiles without the winning tile
    win_tile: str | None
    melds: tuple[Meld, ...] = ()
    flowers: tuple[str, ...] = ()
    flowers_in_front: bool = False  # a line of their own, nearer the table's centre

    def request(self) -> dict:
        """The hand/melds/flowers/win_tile part of a score request (CONTRACT section 2)."""
        hand = list(self.concealed) + ([self.win_tile] if self.win_tile else [])
        request = {
            "hand": "".join(hand),
            "melds": [{"kind": str(m.kind), "tiles": m.tiles} for m in self.melds],
            "flowers": "".join(self.flowers),
        }
        if self.win_tile:
            request["win_tile"] = self.win_tile
        return request


@dataclass(frozen=True)
class SceneTile:
    code: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in the scene's pixels
    rotation: int  # the face's clockwise rotation: 0, 90, 180, 270
    position: str | None  # the seat whose hand it belongs to (or who discarded it)
    role: str  # concealed, win, meld, flower, standing, wall or discard
    group: int | None = None  # index into `Scene.groups` of the set or line it belongs to
    corners: tuple[tuple[float, float], ...] = ()  # full tables: clockwise from the face's top-left
    angle: float = 0.0  # the face's exact clockwise turn in degrees (`rotation` rounds it)
    level: int = 0  # 1: lying on another tile (the upper tile of a two-high wall stack)
    # the share of the tile seen: inside the picture (a close camera cuts some) and not under
    # another tile (a tossed discard may lie on the edge of one tossed before it)
    visible: float = 1.0


@dataclass(frozen=True)
class SceneGroup:
    """Tiles that belong together on the table: one set, one row, one line of wall."""

    position: str | None  # whose it is (walls: the side of the table they lie on)
    kind: str  # concealed, win, a meld kind, flowers, standing, wall or discards
    claimed_from: str | None = None  # left, across or right, for a claimed set


@dataclass(frozen=True)
class Scene:
    image: np.ndarray  # BGR
    tiles: tuple[SceneTile, ...]
    hands: dict[str, Hand] = field(default_factory=dict)  # by position
    groups: tuple[SceneGroup, ...] = ()  # what `SceneTile.group` points at (full tables)
    winner: str | None = None  # the position whose whole hand is revealed (full tables)
    seats: dict[str, str] = field(default_factory=dict)  # position -> seat wind (full tables)
    request: dict = field(default_factory=dict)  # the winner's whole score request
    conditions: dict = field(default_factory=dict)  # felt, style, light, tile length, turn...


def deal_hands(rng: np.random.Generator, count: int = 4, flowers: bool = True) -> list[Hand]:
    """`count` complete hands from one set (never a fifth copy), with melds, kongs and flowers."""
    left = {code: 4 for code in KOREAN}
    spare_flowers = list(FLOWERS)
    rng.shuffle(spare_flowers)
    hands = []
    for _ in range(count):
        melds, concealed = [], []
        kinds = rng.choice(["", *MELD_KINDS], 4, p=[0.5, 0.2, 0.1, 0.1, 0.1])
        for kind in kinds:
            need = MELD_SIZE[SetKind(kind)] if kind else 3
            starts = []
            if kind == "" and rng.random() < 0.6:  # a concealed chow
                starts = [c for c in KOREAN if c[1] != "z" and int(c[0]) <= 7]
                starts = [
                    c for c in starts if all(left[f"{int(c[0]) + i}{c[1]}"] for i in range(3))
                ]
            if kind == "" and starts:
                start = starts[int(rng.integers(len(starts)))]
                run = [f"{int(start[0]) + i}{start[1]}" for i in range(3)]
                for code in run:
                    left[code] -= 1
                concealed += run
                continue
            code = _take(left, need, rng)
            if kind == "":
                concealed += [code] * 3
            else:
                source = Giver(str(rng.choice(GIVERS))) if kind != SetKind.CONCEALED_KONG else None
                melds.append(Meld(SetKind(kind), code, source))
        pair = _take(left, 2, rng)
        concealed += [pair, pair]
        concealed.sort(key=_order)
        win = concealed.pop(int(rng.integers(len(concealed))))
        extra = [
            spare_flowers.pop() for _ in range(int(rng.integers(0, 3))) if flowers and spare_flowers
        ]
        hands.append(
            Hand(
                tuple(concealed), win, tuple(melds), tuple(sorted(extra)), bool(rng.random() < 0.3)
            )
        )
    return hands


def _take(left: dict[str, int], need: int, rng) -> str:
    choices = [code for code, n in left.items() if n >= need]
    code = choices[int(rng.integers(len(choices)))]
    left[code] -= need
    return code


def _order(code: str) -> tuple[str, str]:
    return code[1], code[0]


class _Painter:
    """Draws the tiles of one set: one style, size and look (body and back colours) per scene."""

    def __init__(self, rng, style: str | None, height: int, dark: bool | None = None):
        self.seed = int(rng.integers(2**31))  # the same look (colours, shape) for every tile
        self.dark = dark  # black faces (True), never (False), or as often as the style has them
        styles = available_styles()
        self.style = style or styles[int(rng.integers(len(styles)))]
        self.height = height
        self.width = int(round(height * rng.uniform(0.7, 0.8)))
        self._drawn: dict[str, np.ndarray] = {}  # the same seed draws a code the same way

    def tile(self, code: str, sideways: bool = False) -> np.ndarray:
        if code not in self._drawn:
            image = render_tile_bgra(
                code, np.random.default_rng(self.seed), self.style, self.height * 2, self.dark
            )
            size = (self.width, self.height)
            self._drawn[code] = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
        image = self._drawn[code]
        return cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE) if sideways else image.copy()


def _lay_out(
    hand: Hand, painter: _Painter, rng, win_apart: bool = True
) -> tuple[np.ndarray, list[tuple]]:
    """The hand drawn as its owner sees it (upright, owner below): BGRA strip and its tiles.

    The tiles come in the hand's order: concealed, win, each meld's, flowers."""
    w, h = painter.width, painter.height
    items = []  # (code, sideways, x, y_from_bottom, role)
    x = 0.0

    def put(code, sideways=False, role="concealed", lift=0.0):
        nonlocal x
        items.append((code, sideways, x, lift, role))

    for code in hand.concealed:
        put(code)
        x += w + rng.uniform(0, 1.5)
    if hand.win_tile:
        apart = rng.uniform(0.5, 0.8) * w
        x += apart if win_apart else 0.0
        put(hand.win_tile, role="win")
        x += w
    for meld in hand.melds:
        x += rng.uniform(0.5, 0.9) * w
        if meld.kind == SetKind.CONCEALED_KONG:
            for code in ("back", meld.code, meld.code, "back"):
                put(code, role="meld")
                x += w + rng.uniform(0, 1)
            continue
        count = 3 if meld.kind == SetKind.ADDED_KONG else meld.size  # one added on top
        place = {Giver.LEFT: 0, Giver.ACROSS: 1, Giver.RIGHT: count - 1}
        turned = place[meld.claimed_from or Giver.LEFT]
        for i in range(count):
            put(meld.code, sideways=i == turned, role="meld")
            if i == turned and meld.kind == SetKind.ADDED_KONG:
                put(meld.code, sideways=True, role="meld", lift=w + 1)
            x += (h if i == turned else w) + rng.uniform(0, 1)
    front = hand.flowers_in_front
    if hand.flowers and not front:
        x += rng.uniform(0.6, 1.0) * w
    line_x = 0.0 if front else x
    for code in hand.flowers:
        items.append((code, False, line_x, h + 0.5 * w if front else 0.0, "flower"))
        line_x += w + rng.uniform(0, 1.5)
    x = max(x, line_x)
    tallest = max(lift + (w if sideways else h) for _, sideways, _, lift, _ in items)
    strip = np.zeros((int(np.ceil(tallest)) + 2, int(np.ceil(x)) + 2, 4), np.uint8)
    placed = []
    for code, sideways, left, lift, role in items:
        image = painter.tile(code, sideways)
        th, tw = image.shape[:2]
        top = strip.shape[0] - 1 - int(round(lift)) - th
        col = int(round(left))
        strip[top : top + th, col : col + tw] = np.where(
            image[:, :, 3:] > 0, image, strip[top : top + th, col : col + tw]
        )
        placed.append((code, sideways, (col, top, col + tw, top + th), role))
    return strip, placed


def _turn_box(box, turn: int, width: int, height: int):
    """A box of a width x height picture after turning the picture `turn` degrees clockwise."""
    x0, y0, x1, y1 = box
    if turn == 90:
        return (height - y1, x0, height - y0, x1)
    if turn == 180:
        return (width - x1, height - y1, width - x0, height - y0)
    if turn == 270:
        return (y0, width - x1, y1, width - x0)
    return box


def _turn(image: np.ndarray, turn: int) -> np.ndarray:
    codes = {90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_COUNTERCLOCKWISE}
    return cv2.rotate(image, codes[turn]) if turn else image


def _paste(canvas: np.ndarray, picture: np.ndarray, x: int, y: int, rng) -> None:
    """Alpha-composite a BGRA picture at (x, y), which must fit, with a soft shadow below it."""
    h, w = picture.shape[:2]
    alpha = picture[:, :, 3].astype(np.float32) / 255.0
    pad = 8
    dx, dy = (int(v) for v in rng.integers(1, 5, 2))
    shadow = np.zeros((h + 2 * pad, w + 2 * pad), np.float32)
    shadow[pad + dy : pad + dy + h, pad + dx : pad + dx + w] = alpha
    shadow = cv2.GaussianBlur(shadow, (0, 0), 2.5) * 0.45
    x0, y0 = max(0, x - pad), max(0, y - pad)
    x1, y1 = min(canvas.shape[1], x + w + pad), min(canvas.shape[0], y + h + pad)
    local = shadow[y0 - y + pad : y1 - y + pad, x0 - x + pad : x1 - x + pad]
    canvas[y0:y1, x0:x1] = (canvas[y0:y1, x0:x1] * (1 - local[:, :, None])).astype(np.uint8)
    region = canvas[y : y + h, x : x + w].astype(np.float32)
    mixed = region * (1 - alpha[:, :, None]) + picture[:, :, :3] * alpha[:, :, None]
    canvas[y : y + h, x : x + w] = mixed.astype(np.uint8)


def draw_scene(
    hands: dict[str, Hand],
    rng: np.random.Generator,
    style: str | None = None,
    tile_height: int = 48,
    walls: bool = False,
    discards: int = 0,
    camera: float = 0.0,
) -> Scene:
    """Draw `hands` (by position) on a table; `camera` > 0 adds light, blur, noise and JPEG loss."""
    painter = _Painter(rng, style, tile_height)
    strips = {p: _lay_out(hand, painter, rng) for p, hand in hands.items()}
    h = painter.height
    margin = int(h * 0.4)
    thick = max([s.shape[0] for s, _ in strips.values()] + [h]) + 2 * margin
    across = [p for p in POSITIONS if p.horizontal and p in strips]
    down = [p for p in POSITIONS if not p.horizontal and p in strips]
    wide = max([strips[p][0].shape[1] for p in across] + [8 * h])
    tall = max([strips[p][0].shape[1] for p in down] + [6 * h])
    width = max(wide + 2 * thick, int((tall + 2 * thick) * 1.2))
    height = max(tall + 2 * thick, int(width * 0.62))
    canvas = table_background(rng, height, width)
    tiles: list[SceneTile] = []
    for position, (strip, placed) in strips.items():
        turn = Position(position).turn
        turned = _turn(strip, turn)
        th, tw = turned.shape[:2]
        if Position(position).horizontal:
            x = int((width - tw) / 2 + rng.uniform(-0.3, 0.3) * (width - 2 * thick - tw))
            y = height - th - margin if position == Position.BOTTOM else margin
        else:
            y = int((height - th) / 2 + rng.uniform(-0.3, 0.3) * (height - 2 * thick - th))
            x = width - tw - margin if position == Position.RIGHT else margin
        _paste(canvas, turned, x, y, rng)
        for code, sideways, box, role in placed:
            bx0, by0, bx1, by1 = _turn_box(box, turn, strip.shape[1], strip.shape[0])
            rotation = (turn + (270 if sideways else 0)) % 360
            box = (float(bx0 + x), float(by0 + y), float(bx1 + x), float(by1 + y))
            tiles.append(SceneTile(code, box, rotation, position, role))
    if walls or discards:
        tiles += _middle(canvas, painter, rng, walls, discards, thick, tiles)
    image = camera_effects(canvas, rng, camera) if camera > 0 else canvas
    return Scene(image, tuple(tiles), dict(hands))


def _middle(
    canvas, painter: _Painter, rng, walls: bool, discards: int, depth: float, hands: list
) -> list[SceneTile]:
    """Walls of backs and loose discards in the middle of the table (for the tile finder)."""
    height, width = canvas.shape[:2]
    w, h = painter.width, painter.height
    tiles = []
    if walls:
        count = int(rng.integers(6, 14))
        length = count * w
        x0 = int(width / 2 - length / 2)
        y0 = int(min(height - depth - h - 4, height / 2 + h * 1.2))
        if x0 > depth and y0 > 0:
            for i in range(count):
                image = painter.tile("back")
                box = (x0 + i * w, y0, x0 + i * w + w, y0 + h)
                _paste(canvas, image, box[0], box[1], rng)
                tiles.append(SceneTile("back", tuple(float(v) for v in box), 0, None, "wall"))
    for _ in range(discards):
        code = KOREAN[int(rng.integers(len(KOREAN)))]
        turn = int(rng.integers(4)) * 90
        image = _turn(painter.tile(code), turn)
        th, tw = image.shape[:2]
        x = int(rng.uniform(width * 0.3, width * 0.7 - tw))
        y = int(rng.uniform(height * 0.3, height * 0.55 - th))
        box = (float(x), float(y), float(x + tw), float(y + th))
        if any(_overlap(box, t.box) for t in tiles + hands):
            continue
        _paste(canvas, image, x, y, rng)
        tiles.append(SceneTile(code, box, turn, None, "discard"))
    return tiles


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def random_scene(rng: np.random.Generator, style: str | None = None) -> Scene:
    """A varied scene for training the tile finder: 1-4 hands, walls, discards, a camera's look.

    Drawn at its natural size (tiles 36-64 pixels tall); callers zoom and crop as they need.
    """
    count = int(rng.choice([1, 2, 3, 4], p=[0.3, 0.15, 0.15, 0.4]))
    positions = [str(p) for p in rng.choice(POSITIONS, count, replace=False)]
    hands = dict(zip(positions, deal_hands(rng, count), strict=True))
    return draw_scene(
        hands,
        rng,
        style,
        tile_height=int(rng.integers(36, 64)),
        walls=count > 1 and rng.random() < 0.6,
        discards=int(rng.integers(0, 12)) if count > 1 else 0,
        camera=float(rng.uniform(0.3, 1.0)),
    )
