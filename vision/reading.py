"""What the reader returns: tiles found in a picture and their grouping into players' hands.

These small frozen records are the interface between the reader (`vision.TileReader`) and the
panel, which shows the boxes and fills a score request from a hand. `to_json` gives the shape of
CONTRACT section 3; `HandRead.to_request` gives the `hand`/`melds`/`flowers`/`win_tile` part of a
scoring request (CONTRACT section 2).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace

from engine.analysis import MELD_SIZE, SetKind
from engine.seats import Giver, Position, Wind
from engine.tiles import SEASON_TILES, TILE_CODES, format_tiles

CODES = len(TILE_CODES)  # every code a face may be read as (CONTRACT section 1)
UNLISTED_FLOOR = 1e-6  # the least probability a face's unlisted codes share


@dataclass(frozen=True)
class TileRead:
    """One tile found in the picture."""

    code: str  # a tile code of CONTRACT section 1, `back` for a face-down tile
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 in the image's pixels
    confidence: float  # probability of `code`
    rotation: int = 0  # how far the face is turned, clockwise, in degrees: 0, 90, 180 or 270
    top: tuple[tuple[str, float], ...] = ()  # the best few codes with their probabilities
    unsure: bool = False  # the panel should ask a person to check this tile
    # the flower or season the classifier makes likeliest, with its probability, however
    # unlikely (where it lies may say it is a flower: `vision.grouping`); not part of its JSON
    flower: tuple[str, float] | None = field(default=None, compare=False)
    # a concealed kong's back looked for where the finder saw none and read unsurely: grouping
    # takes it only where it makes the hand whole (`vision.reader.TileReader.grouped_closer`);
    # not part of its JSON
    doubtful: bool = field(default=False, compare=False)

    def to_json(self) -> dict:
        return {
            "code": self.code,
            "box": list(self.box),
            "confidence": round(float(self.confidence), 4),
            "rotation": self.rotation,
            "unsure": self.unsure,
            "top": [[code, round(float(p), 4)] for code, p in self.top],
        }


@dataclass(frozen=True)
class MeldRead:
    """A set laid down: tile indices into `Reading.tiles`, and the one turned sideways, if any."""

    kind: SetKind  # pung, kong, added_kong or concealed_kong (the `kind` of a request's meld)
    tiles: tuple[int, ...]
    claimed: int | None = None  # index of the sideways (claimed) tile
    # whom it was claimed from, seen by the owner: `left`, `across` or `right` (from where the
    # sideways tile lies in the set); the panel turns it into a seat (the request's `from`)
    claimed_from: Giver | None = None

    def code(self, tiles: tuple[TileRead, ...]) -> str | None:
        """The code its faces show (`likeliest_alike`): a misread face does not change the set,
        and the panel flags it through `unsure`. None where no face was seen."""
        return likeliest_alike([tiles[i] for i in self.tiles if tiles[i].code != "back"])

    def codes(self, tiles: tuple[TileRead, ...]) -> str:
        """The set's tiles as a run (`777z`); empty where no face was seen."""
        code = self.code(tiles)
        return format_tiles([code] * MELD_SIZE[SetKind(self.kind)]) if code else ""


def likeliest_alike(faces: list[TileRead]) -> str | None:
    """The one code every face of `faces` shows, which are alike (a set laid down: the Korean
    rules claim no runs): the code most of them are read as, so that one misread face does not
    change the set. Where as many are read as another (a concealed kong's two faces, or a set
    whose every face reads otherwise), the likelier: each face weighs in with its best
    readings (`TileRead.top`, or its code alone), a code it does not list taking an even share
    of the probability its list leaves over. None where no face was seen."""
    votes = Counter(face.code for face in faces if face.code != "back")
    if not votes:
        return None
    most = max(votes.values())
    tied = sorted(code for code, count in votes.items() if count == most)
    if len(tied) == 1:
        return tied[0]
    readings = [dict(face.top) or {face.code: face.confidence} for face in faces]

    def likelihood(code: str) -> float:
        total = 0.0
        for reading in readings:
            left_over = max(1.0 - sum(reading.values()), UNLISTED_FLOOR)
            total += math.log(reading.get(code, left_over / max(1, CODES - len(reading))))
        return total

    return max(tied, key=likelihood)


@dataclass(frozen=True)
class HandRead:
    """One player's revealed tiles, as indices into `Reading.tiles`."""

    position: Position  # the edge of the picture its owner sits at
    concealed: tuple[int, ...] = ()  # standing tiles, the winning tile included
    melds: tuple[MeldRead, ...] = ()
    flowers: tuple[int, ...] = ()
    win_tile: int | None = None  # the tile set a little apart, when one is
    foreign: tuple[int, ...] = ()  # tiles of the hand that the Korean set lacks (bamboo)

    @property
    def size(self) -> int:
        """Tiles as the rules count them: standing tiles, and three for each set (a kong too)."""
        return len(self.concealed) + 3 * len(self.melds)

    def indices(self) -> tuple[int, ...]:
        """Every tile of the hand: standing tiles, sets and flowers."""
        return self.concealed + tuple(i for m in self.melds for i in m.tiles) + self.flowers

    def to_request(self, tiles: tuple[TileRead, ...], seat: str | None = None) -> dict:
        """The hand/melds/flowers/win_tile part of a scoring request. Given the owner's `seat`
        wind, claimed sets also get `from` (the seat on the owner's left, across or right)."""
        melds = []
        for m in self.melds:
            meld = {"kind": str(m.kind), "tiles": m.codes(tiles)}
            if seat in tuple(Wind) and m.claimed_from in tuple(Giver):
                meld["from"] = str(Wind(seat).after(Giver(m.claimed_from).step))
            melds.append(meld)
        request = {
            "hand": "".join(tiles[i].code for i in self.concealed),
            "melds": melds,
            "flowers": "".join(tiles[i].code for i in self.flowers),
        }
        if self.win_tile is not None:
            request["win_tile"] = tiles[self.win_tile].code
        return request

    def to_json(self, tiles: tuple[TileRead, ...]) -> dict:
        return {
            "position": str(self.position),
            "concealed": list(self.concealed),
            "melds": [
                {
                    "kind": str(m.kind),
                    "tiles": list(m.tiles),
                    "code": m.code(tiles),
                    "claimed": m.claimed,
                    "claimed_from": None if m.claimed_from is None else str(m.claimed_from),
                }
                for m in self.melds
            ],
            "flowers": list(self.flowers),
            "win_tile": self.win_tile,
            "foreign": list(self.foreign),
            "request": self.to_request(tiles),
        }


@dataclass(frozen=True)
class Reading:
    """Everything read from one picture."""

    width: int
    height: int
    tiles: tuple[TileRead, ...] = ()
    hands: tuple[HandRead, ...] = field(default=())  # the revealed hand a person means first
    discards: tuple[int, ...] = ()  # face-up tiles of no hand: the discard pool, strays
    # a camera's fault undone before this reading (`vision.shake`): "shake" or "focus", so the
    # panel can ask for a steadier picture
    steadied: str | None = None

    def flower_tiles_seen(self) -> str | None:
        """Which kind the table plays as its flowers, as the picture shows it: `seasons` where
        its flower tiles read surely (not `unsure`) are more surely seasons (`5f`-`8f`) than
        flowers, else `flowers`; None where it shows none read surely. A table plays one kind
        (RULINGS 1), so a tile of the other kind is most often a misread one."""
        sure = {"flowers": 0.0, "seasons": 0.0}
        for tile in self.tiles:
            if tile.code.endswith("f") and not tile.unsure:
                sure["seasons" if tile.code in SEASON_TILES else "flowers"] += tile.confidence
        if not any(sure.values()):
            return None
        return "seasons" if sure["seasons"] > sure["flowers"] else "flowers"

    def for_table(self, flower_tiles: str | None) -> Reading:
        """The reading with each hand's `foreign` naming every tile the table's set lacks:
        bamboo, and the seasons when it plays its four flowers (`flower_tiles`, the engine's
        house option), or the flowers when it plays seasons.

        A hand's flower that the classifier was unsure of, read as the kind the table does not
        play, is the likeliest of its best readings of the table's kind that no other tile
        shows, where one is among them (a plum read as winter, its runner-up); it stays unsure
        for a person to confirm.
        A flower read surely as the other kind is left as read, and flagged."""
        from vision.grouping import foreign_tiles, in_table_set

        tiles = list(self.tiles)
        shown = {t.code for t in tiles}  # a flower is one of its kind
        for hand in self.hands if flower_tiles else ():
            for i in hand.flowers:
                tile = tiles[i]
                if not tile.unsure or in_table_set(tile.code, flower_tiles):
                    continue
                kept = [
                    (c, p)
                    for c, p in tile.top
                    if c.endswith("f") and in_table_set(c, flower_tiles) and c not in shown
                ]
                if kept:
                    tiles[i] = replace(tile, code=kept[0][0], confidence=kept[0][1])
                    shown.add(kept[0][0])
        hands = tuple(
            replace(hand, foreign=foreign_tiles(hand, tiles, flower_tiles)) for hand in self.hands
        )
        return replace(self, tiles=tuple(tiles), hands=hands)

    def to_json(self, image: str | None = None) -> dict:
        return {
            "image": image,
            "width": self.width,
            "height": self.height,
            "tiles": [t.to_json() for t in self.tiles],
            "hands": [h.to_json(self.tiles) for h in self.hands],
            "discards": list(self.discards),
            "steadied": self.steadied,
        }
