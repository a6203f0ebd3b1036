"""String helpers for engine tests: hands written as tile runs, requests with sensible defaults."""

from __future__ import annotations

import engine


def pung(tiles: str, source: str = "W") -> dict:
    return {"kind": "pung", "tiles": tiles, "from": source}


def kong(tiles: str, source: str = "W") -> dict:
    return {"kind": "kong", "tiles": tiles, "from": source}


def added_kong(tiles: str, source: str = "W") -> dict:
    return {"kind": "added_kong", "tiles": tiles, "from": source}


def concealed_kong(tiles: str) -> dict:
    return {"kind": "concealed_kong", "tiles": tiles}


def request(hand: str, win_tile: str, win: str = "discard", **fields) -> dict:
    """A request for South winning in the East round; a discard comes from West unless told."""
    req = {"hand": hand, "win_tile": win_tile, "win": win, "seat": "S", "round": "E"}
    if win == "discard":
        req["discarder"] = "W"
    req.update(fields)
    return {key: value for key, value in req.items() if value is not None}


def score(hand: str, win_tile: str, win: str = "discard", **fields) -> dict:
    answer = engine.score(request(hand, win_tile, win, **fields))
    assert answer["ok"], answer
    return answer


def points(answer: dict) -> dict[str, int]:
    """{yaku id: points} of an answer."""
    return {yaku["id"]: yaku["points"] for yaku in answer["yaku"]}


def hand_points(hand: str, win_tile: str, win: str = "discard", **fields) -> dict[str, int]:
    return points(score(hand, win_tile, win, **fields))
