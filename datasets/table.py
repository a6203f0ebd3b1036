"""Whole end-of-hand tables as a camera over a real table sees them, with the truth of every tile.

`full_table(rng)` draws one: the winner's revealed hand laid out as `datasets.scene` lays a hand
(its Hand in `Scene.hands`, its full score request in `Scene.request`, legal and winning), the
other three players' standing tiles seen from above (backs, or only their narrow top edges) with
their laid-down sets and flowers beside them, a pool of discards in loose rows in the middle (some
turned sideways, some askew), what is left of the four walls (some stacks two high), arms and
their shadows. Felt, tile set, light, camera height and framing (the whole table, or the
winner's side: `datasets.table_camera`) and a small turn and tilt of the whole picture vary;
every tile's outline is carried through that turn, so its box stays true.

Every tile has a `role` and a `group` (an index into `Scene.groups`): see `SceneGroup` for the
kinds. `write_tables(folder, count, seed)` writes tables and their truth as PNG + JSON files.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

import engine
from datasets.scene import (
    KOREAN,
    Hand,
    Scene,
    SceneGroup,
    _Painter,
    deal_hands,
)
from datasets.table_camera import shoot
from datasets.table_layout import (
    POOLS,
    deal_discards,
    plan_table,
    put_band,
    put_discards,
    put_tossed,
    put_walls,
    seat_band,
)
from datasets.table_look import FELTS, LIGHTS, add_arms, felt_table, light
from engine.seats import GIVERS, POSITIONS, WINDS, Giver, Position

PICTURE = (1280, 960)  # width, height
HAND_ROLES = ("concealed", "win", "meld", "flower")  # the tiles of a revealed hand
# a low camera sees the far edge narrower than the near one by this share at each end (uniform)
LOW_TILTS = (0.05, 0.25)
# a lower camera still: its far edge 40-70 % as wide, so that the steepest a table is read at
# (the benchmark's 50 %) lies inside what training sees rather than at its edge
STEEP_TILTS = (0.15, 0.30)


def full_table(
    rng: np.random.Generator,
    hands: dict[str, Hand] | None = None,
    winner: str | None = None,
    style: str | None = None,
    size: tuple[int, int] = PICTURE,
    tile_length: float | None = None,
    discards: int | None = None,
    felt: str | None = None,
    lighting: str | None = None,
    turn: float | None = None,
    arms: int | None = None,
    framing: str | None = None,
    dark: bool | None = None,
    tilt: float | None = None,
    pool: str = "rows",
) -> Scene:
    """A whole table at the end of a hand; every choice left as None is drawn from `rng`.

    `hands` (by position, all four) are drawn as given: the winner's whole, the others' sets and
    flowers only, beside 13 - 3 x sets standing tiles. `tile_length` is the camera height as the
    long side of a tile in pixels. `framing` "table" shows the whole table (shrunk to fit the
    picture where the camera is too low for it); "winner" frames the winner's hand and whatever
    fits around it, cutting tiles at the picture's edge (`SceneTile.visible`). `dark` True draws
    the set on black faces (as some Japanese sets are), False never; None as often as its style.
    `pool`: the discards laid in rows by each seat (`put_discards`), or "tossed" into the middle
    at any angle, some on the edge of others (`put_tossed`); the same seed gives the same table
    but for the pool either way.
    """
    if pool not in POOLS:
        raise ValueError(f"a table's pool of discards is one of {', '.join(POOLS)}, not {pool!r}.")
    if hands is None:
        hands, winner, seats, request = _deal_table(rng, winner)
    else:
        winner = winner or Position.BOTTOM
        if sorted(hands) != sorted(POSITIONS) or not hands[winner].win_tile:
            raise ValueError(
                "a whole table needs a hand at each of bottom, right, top and left, and the "
                f"winner's ({winner}) with its winning tile."
            )
        seats, request = _seats_and_request(rng, hands, winner)
    drawn = {  # drawn even where given, so that one seed gives one table whatever is set
        "felt": str(rng.choice(sorted(FELTS))),
        "lighting": str(rng.choice(sorted(LIGHTS))),
        "tile_length": float(rng.uniform(25, 70)),
        "turn": float(rng.uniform(-4, 4)),
        "discards": int(rng.integers(20, 71)),
        "arms": int(rng.integers(0, 3)),
        "framing": "winner" if rng.random() < 0.3 else "table",
    }
    given = {"felt": felt, "lighting": lighting, "tile_length": tile_length, "turn": turn}
    given |= {"discards": discards, "arms": arms, "framing": framing}
    chosen = {key: drawn[key] if given[key] is None else given[key] for key in drawn}
    felt, lighting, angle = chosen["felt"], chosen["lighting"], float(chosen["turn"])
    length, count, arm_count = chosen["tile_length"], chosen["discards"], chosen["arms"]
    # the parts drawn after the layout take their own draws, so the camera height moves no tile
    walls_rng, pool_rng, arms_rng, camera_rng = (
        np.random.default_rng(seed) for seed in rng.integers(2**63, size=4)
    )
    painter = _Painter(rng, style, int(round(length)), dark)
    groups: list[SceneGroup] = []
    bands = {
        p: seat_band(hands[p], p, p == winner, painter, rng, groups)
        for p in POSITIONS
        if p in hands
    }
    discarded = deal_discards(_left_over(hands), count, rng)
    plan = plan_table(bands, discarded, painter, size, rng)
    canvas = felt_table(rng, plan["canvas"], plan["table"], FELTS[felt])
    placed: list[dict] = []
    for position, band in bands.items():
        placed += put_band(canvas, band, position, plan, rng)
    placed += put_walls(canvas, painter, plan, walls_rng, groups)
    put_pool = put_tossed if pool == "tossed" else put_discards
    placed += put_pool(canvas, painter, discarded, plan, pool_rng, groups)
    add_arms(canvas, [p["corners"] for p in placed], arm_count, painter.height, arms_rng)
    focus = None
    if chosen["framing"] == "winner":
        mine = [p["corners"] for p in placed if p["position"] == winner and p["role"] in HAND_ROLES]
        corners = np.concatenate(mine)
        focus = (winner, (*corners.min(0), *corners.max(0)))
    image, tiles, scale = shoot(canvas, placed, size, angle, camera_rng, focus, tilt)
    image = light(image, camera_rng, lighting)
    conditions = {
        "felt": felt,
        "style": painter.style,
        "light": lighting,
        "tile_length": round(painter.height * scale, 1),
        "turn": round(angle, 2),
        "tilt": tilt,
        "arms": arm_count,
        "framing": chosen["framing"],
        "win_apart": bands[winner]["apart"],
        "discards": sum(t.role == "discard" for t in tiles),
        "pool": pool,
    }
    return Scene(image, tiles, dict(hands), tuple(groups), winner, seats, request, conditions)


# --- the hands ------------------------------------------------------------------------------


def _deal_table(rng, winner: str | None):
    """Four dealt hands whose winner's hand scores as a win; the others keep at most one set."""
    winner = winner or str(rng.choice(POSITIONS))
    for _ in range(50):
        dealt = dict(zip(POSITIONS, deal_hands(rng, 4), strict=True))
        for position, hand in dealt.items():
            if position != winner:
                kept = hand.melds[: int(rng.integers(0, 2))]
                dealt[position] = Hand((), None, kept, hand.flowers, hand.flowers_in_front)
        seats, request = _seats_and_request(rng, dealt, winner)
        if engine.score(request).get("winning"):
            return dealt, winner, seats, request
    raise RuntimeError("no winning hand dealt in 50 tries")


def _seats_and_request(rng, hands: dict[str, Hand], winner: str):
    """Seat winds around the table (counter-clockwise: E, S, W, N) and the winner's request.

    `POSITIONS` go round the table in turn order, so a giver sits `Giver.step` places on."""
    first = int(rng.integers(4))
    seats = {p: str(WINDS[(first + i) % 4]) for i, p in enumerate(POSITIONS)}
    here = POSITIONS.index(winner)

    def seat_of(side: str) -> str:
        return seats[POSITIONS[(here + Giver(side).step) % 4]]

    request = hands[winner].request()
    for meld, truth in zip(request["melds"], hands[winner].melds, strict=True):
        if truth.claimed_from:
            meld["from"] = seat_of(truth.claimed_from)
    discarder = str(rng.choice([*GIVERS, "self"]))
    request.update(seat=seats[winner], round=str(rng.choice(WINDS)))
    if discarder == "self":
        request["win"] = "self_draw"
    else:
        request.update(win="discard", discarder=seat_of(discarder))
    return seats, request


def _left_over(hands: dict[str, Hand]) -> list[str]:
    """The Korean set's tiles (four of each) that no revealed hand shows, one entry per copy."""
    left = {code: 4 for code in KOREAN}
    for hand in hands.values():
        shown = list(hand.concealed) + ([hand.win_tile] if hand.win_tile else [])
        for meld in hand.melds:
            shown += [meld.code] * meld.size
        for code in shown:
            left[code] -= 1
    return [code for code, n in left.items() for _ in range(n)]


# --- files for benchmarks -------------------------------------------------------------------


def table_truth(scene: Scene) -> dict:
    """A table's truth as plain JSON data (what `write_tables` writes beside each picture)."""
    return {
        "width": scene.image.shape[1],
        "height": scene.image.shape[0],
        "winner": scene.winner,
        "seats": scene.seats,
        "request": scene.request,
        "hands": {p: hand.request() for p, hand in scene.hands.items()},
        "groups": [
            {"position": g.position, "kind": g.kind, "claimed_from": g.claimed_from}
            for g in scene.groups
        ],
        "tiles": [
            {
                "code": t.code,
                "box": [round(v, 1) for v in t.box],
                "corners": [[round(x, 1), round(y, 1)] for x, y in t.corners],
                "rotation": t.rotation,
                "angle": t.angle,
                "position": t.position,
                "role": t.role,
                "group": t.group,
                "level": t.level,
                "visible": t.visible,
            }
            for t in scene.tiles
        ],
        "conditions": scene.conditions,
    }


def write_tables(folder: str | Path, count: int, seed: int = 0, **options) -> list[Path]:
    """Draw `count` tables from `seed` into `folder`: table_NNN.png and table_NNN.json each."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for i in range(count):
        scene = full_table(np.random.default_rng([seed, i]), **options)
        picture = folder / f"table_{i:03d}.png"
        cv2.imwrite(str(picture), scene.image)
        (folder / f"table_{i:03d}.json").write_text(json.dumps(table_truth(scene), indent=1))
        written.append(picture)
    return written


def made_level(image: np.ndarray, boxes: np.ndarray, kinds: np.ndarray):
    """(picture, boxes, which boxes are kept) of a low camera's picture made level as the
    reader makes it, judged from the true faces (the reader judges from those it finds). Each
    box becomes the box around its corners moved; a box the level picture cuts to under half
    (beyond the rows left out near the horizon) is dropped. A picture whose faces are about one
    size comes back as it is."""
    from vision.perspective import LowCamera, boxes_moved

    height, width = image.shape[:2]
    camera = LowCamera.of(boxes[kinds == 0], width, height)
    if camera is None:
        return image, boxes, np.ones(len(boxes), bool)
    whole = boxes_moved(boxes, camera.matrix)
    canvas_w, canvas_h = camera.canvas
    cut = np.clip(whole, 0, [canvas_w, canvas_h, canvas_w, canvas_h])
    kept = _areas(cut) >= 0.5 * _areas(whole)
    return camera.picture(image), cut[kept].astype(np.float32), kept


def _areas(boxes: np.ndarray) -> np.ndarray:
    return np.maximum(boxes[:, 2] - boxes[:, 0], 0) * np.maximum(boxes[:, 3] - boxes[:, 1], 0)


def main(argv: list[str] | None = None) -> int:
    """`python -m datasets.table FOLDER --count N --seed S`: tables for a benchmark."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("folder", help="where to write table_NNN.png and table_NNN.json")
    parser.add_argument("--count", type=int, default=50, help="how many tables (default 50)")
    parser.add_argument("--seed", type=int, default=0, help="the series' seed (default 0)")
    parser.add_argument("--style", default=None, help="one tile style for all (default: any)")
    parser.add_argument(
        "--framing", choices=("table", "winner"), help="the whole table or the winner's side"
    )
    parser.add_argument(
        "--pool",
        choices=POOLS,
        default="rows",
        help="the discards laid in rows by each seat (default) or tossed into the middle",
    )
    args = parser.parse_args(argv)
    options = {"style": args.style, "framing": args.framing, "pool": args.pool}
    written = write_tables(args.folder, args.count, args.seed, **options)
    print(f"{len(written)} tables written to {args.folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
