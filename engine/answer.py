"""The answer to a scoring request, and its JSON (CONTRACT section 2), made in this one place."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.analysis import MELD_KINDS, Reading, SetKind, Wait, set_text
from engine.errors import RequestError
from engine.rules.base import Kind, Yaku
from engine.tiles import WIND_LETTERS


class Reason(StrEnum):
    NOT_COMPLETE = "not_complete"  # no four sets and a pair, and not seven pairs
    BELOW_MINIMUM = "below_minimum"  # fewer basic points than the profile's minimum


# A hand of the rules that a reading makes, and how many times it applies.
Hit = tuple[Yaku, int]


@dataclass(slots=True)
class Answer:
    """A scored hand: the hands of the rules it makes, its best reading, and the payments.

    Made once per request and handed over; not frozen only because a frozen dataclass costs
    three times as much to make, and one is made for every hand scored.
    """

    hits: list[Hit] | tuple[Hit, ...] = ()
    reading: Reading | None = None
    reason: Reason | None = None
    payments: dict[str, int] | None = None
    liable: str | None = None  # the seat paying alone under RULINGS 16, if any

    @property
    def winning(self) -> bool:
        return self.reason is None

    @property
    def basic(self) -> int:
        return sum(row.points * count for row, count in self.hits if row.kind is _BASIC)

    @property
    def bonus(self) -> int:
        return sum(row.points * count for row, count in self.hits if row.kind is not _BASIC)

    @property
    def total(self) -> int:
        return sum(row.points * count for row, count in self.hits)

    def to_json(self) -> dict:
        basic = bonus = 0
        yaku = []
        for row, count in self.hits:
            points = row.points * count
            if row.kind is _BASIC:
                basic += points
            else:
                bonus += points
            entry = row.json.copy()  # id, kind, points, count, name, name_ko
            entry["points"] = points
            entry["count"] = int(count)
            yaku.append(entry)
        reading = self.reading
        return {
            "ok": True,
            "winning": self.reason is None,
            "reason": None if self.reason is None else _TEXT[self.reason],
            "basic": basic,
            "bonus": bonus,
            "total": basic + bonus,
            "yaku": yaku,
            "sets": [] if reading is None else _sets_json(reading),
            "wait": None if reading is None else _TEXT[reading.wait],
            "payments": dict(self.payments or _NO_PAYMENTS),
        }


_BASIC = Kind.BASIC
_NO_PAYMENTS = dict.fromkeys(WIND_LETTERS, 0)
# Plain strings for the JSON, looked up once rather than through each member's `.value`.
_TEXT = {member: member.value for enum in (Kind, Reason, SetKind, Wait) for member in enum}


def _sets_json(reading: Reading) -> list[dict]:
    """The hand's sets (chows, then pungs), the sets laid down in their order, then the pair(s).

    Written straight from the reading (`Reading.sets()` gives the same sets as objects).
    """
    won = reading.won
    out = [_CHOW_JSON[tile].copy() for tile in reading.chows]
    for tile in reading.pungs:
        concealed = won.concealed if won.tile == tile and won.kind is _PUNG else True
        out.append(_PUNG_JSON[tile, concealed].copy())
    for meld in reading.melds:
        out.append(_MELD_JSON[meld.kind, meld.tile].copy())
    for tile in reading.pairs:
        out.append(_PAIR_JSON[tile].copy())
    return out


def _set_json(kind: SetKind, tile: int, concealed: bool) -> dict:
    return {"kind": kind.value, "tiles": set_text(kind, tile), "concealed": concealed}


# Each set's entry in the answer, made once; the answer gets copies.
_PUNG = SetKind.PUNG
_CHOW_JSON = {tile: _set_json(SetKind.CHOW, tile, True) for tile in range(27) if tile % 9 < 7}
_PUNG_JSON = {(t, c): _set_json(SetKind.PUNG, t, c) for t in range(34) for c in (False, True)}
_PAIR_JSON = {tile: _set_json(SetKind.PAIR, tile, True) for tile in range(34)}
_MELD_JSON = {
    (kind, tile): _set_json(kind, tile, kind is SetKind.CONCEALED_KONG)
    for kind in MELD_KINDS
    for tile in range(34)
}


def error_json(error: RequestError) -> dict:
    """A refusal as CONTRACT 2 writes it: the English sentence, the field, the code and params."""
    return {
        "ok": False,
        "error": error.message,
        "field": error.field,
        "code": error.code,
        "params": error.params,
    }
