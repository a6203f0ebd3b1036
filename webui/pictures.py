"""A recorded hand's own picture: the stored reading, its boxes named as the hand was recorded.

A hand keeps the name of the picture it was read from, and the picture keeps the reader's
reading (`store.save_picture`). Tiles fixed by hand before confirming are not in that reading,
so each winner's tiles are linked here to the boxes of the reading's hand that fits them best:
first box for box where the codes agree, then, in order, the tiles the reader named otherwise.
A linked box then shows the recorded tile (`fixed` when that differs from the reader's word,
never `unsure`: the players confirmed it), and the edit page knows which tile of the hand a
tapped box is.
"""

from __future__ import annotations

import copy
from collections import Counter

from engine import parse_tiles
from engine.standings import Outcome


def winner_entries(hand: dict) -> list[dict]:
    """The winners of a record hand (CONTRACT 5), each with `winner` and `score`."""
    if hand.get("result") == Outcome.WIN:
        return [hand]
    if hand.get("result") == Outcome.WINS:
        return list(hand.get("winners") or [])
    return []


def _standing(group: dict) -> list[int]:
    """A reading hand's standing tiles, its set-apart winning tile included once."""
    ids = list(group["concealed"])
    if group.get("win_tile") is not None and group["win_tile"] not in ids:
        ids.append(group["win_tile"])
    return ids


def _pair(codes: list[str], ids: list[int], tiles: list[dict]) -> list[int | None]:
    """For each recorded code a box of `ids`: one of the same code first, then the rest in order."""
    links: list[int | None] = [None] * len(codes)
    free = list(ids)
    for i, code in enumerate(codes):
        same = next((box for box in free if tiles[box]["code"] == code), None)
        if same is not None:
            links[i] = same
            free.remove(same)
    for i in range(len(codes)):
        if links[i] is None and free:
            links[i] = free.pop(0)
    return links


def _face(meld: dict, tiles: list[dict]) -> str:
    faces = [tiles[i]["code"] for i in meld["tiles"] if tiles[i]["code"] != "back"]
    return Counter(faces).most_common(1)[0][0] if faces else "back"


def _overlap(score: dict, group: dict, tiles: list[dict]) -> int:
    recorded = Counter(parse_tiles(score.get("hand", "")) + parse_tiles(score.get("flowers", "")))
    read = Counter(tiles[i]["code"] for i in _standing(group) + list(group["flowers"]))
    return sum((recorded & read).values())


def _link(score: dict, group: dict, tiles: list[dict]) -> dict:
    """Boxes for the winner's standing tiles, flowers and sets; renames the linked boxes."""
    concealed = parse_tiles(score.get("hand", ""))
    flowers = parse_tiles(score.get("flowers", ""))
    links = {
        "concealed": _pair(concealed, _standing(group), tiles),
        "flowers": _pair(flowers, list(group["flowers"]), tiles),
    }
    for codes, boxes in ((concealed, links["concealed"]), (flowers, links["flowers"])):
        for code, box in zip(codes, boxes, strict=True):
            if box is not None:
                _rename(tiles[box], code)
    melds = [(parse_tiles(m.get("tiles", "")) or ["back"])[0] for m in score.get("melds") or []]
    faces = [{"code": _face(m, tiles)} for m in group["melds"]]
    order = _pair(melds, list(range(len(faces))), faces)
    links["melds"] = []
    for code, k in zip(melds, order, strict=True):
        boxes = list(group["melds"][k]["tiles"]) if k is not None else []
        for box in boxes:
            if tiles[box]["code"] != "back":
                _rename(tiles[box], code)
        links["melds"].append(boxes)
    return links


def _rename(tile: dict, code: str) -> None:
    """A box of the recorded hand: its tile was confirmed, so no longer unsure."""
    tile["unsure"] = False
    if tile["code"] != code:
        tile["code"], tile["fixed"] = code, True


def hand_picture(reading: dict, hand: dict) -> dict:
    """The reading with its boxes named as `hand` was recorded, and per winner (in the hand's
    order) `group` (the reading's hand used, or None) and the boxes of each of its tiles."""
    reading = copy.deepcopy(reading)
    tiles, groups = reading["tiles"], reading.get("hands") or []
    used: set[int] = set()
    winners = []
    for entry in winner_entries(hand):
        score = entry.get("score") or {}
        fits = [(k, _overlap(score, g, tiles)) for k, g in enumerate(groups) if k not in used]
        best = max(fits, key=lambda fit: fit[1], default=None)
        if best is None or best[1] == 0:
            winners.append({"winner": entry.get("winner"), "group": None})
            continue
        used.add(best[0])
        links = _link(score, groups[best[0]], tiles)
        winners.append({"winner": entry.get("winner"), "group": best[0], **links})
    return {"reading": reading, "winners": winners}
