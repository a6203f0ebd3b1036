"""Scoring one hand: `score(request) -> answer` (CONTRACT section 2).

The scorer is one loop over the profile's rows for each reading of the hand, then the exclusions
the rows declare (`replaces`); the reading with the highest total is the hand's score.
"""

from __future__ import annotations

from engine.analysis import Reading, readings
from engine.answer import Answer, Hit, Reason, error_json
from engine.errors import RequestError
from engine.payments import hand_payments, liable_seat
from engine.request import Request, read_request
from engine.rules.base import Kind, Predicate, WinContext, Yaku


def score(request: object) -> dict:
    """Score a request (a dict); bad input answers `{"ok": false, "error", "field"}`."""
    try:
        checked = read_request(request)
    except RequestError as error:
        return error_json(error)
    return evaluate(checked).to_json()


def evaluate(checked: Request) -> Answer:
    win, rules = checked.win, checked.ruleset
    found = readings(win.standing, win.melds, win.win_tile, win.self_draw)
    if not found:
        return Answer(reason=_NOT_COMPLETE)
    rows = rules.rows_for(win.facts)
    minimum = rules.profile.minimum
    reading = found[0]
    hits = hands_made(rows, win, reading)
    enough, total = tally(hits, minimum)
    for other in found[1:]:  # the reading that wins, and with the highest total
        other_hits = hands_made(rows, win, other)
        other_key = tally(other_hits, minimum)
        if other_key > (enough, total):
            (enough, total), hits, reading = other_key, other_hits, other
    if not enough:
        return Answer(hits, reading, _BELOW_MINIMUM)
    liable = None
    for row, _ in hits:
        if row.liable_for:
            liable = liable_seat(win, reading, row.liable_for, checked.discarder)
    payments = hand_payments(
        total, checked.seat, win.self_draw, checked.discarder, liable, rules.payments
    )
    return Answer(hits, reading, None, payments, liable)


def hands_made(
    rows: tuple[tuple[Predicate, Yaku, tuple[str, ...]], ...], win: WinContext, reading: Reading
) -> list[Hit]:
    """Every row that applies to this reading, with its count, less the rows others replace.

    A count may be True, which is 1; the answer's JSON writes it as a number.

    `rows` are the rows that can apply to this kind of hand (`Ruleset.rows_for`).
    """
    hits = []
    replaced = None
    for applies, row, replaces in rows:
        count = applies(win, reading)
        if count:
            hits.append((row, count))
            if replaces:
                replaced = (replaced or set()).union(replaces)
    if replaced:
        return [hit for hit in hits if hit[0].id not in replaced]
    return hits


def tally(hits: list[Hit] | tuple[Hit, ...], minimum: int) -> tuple[bool, int]:
    """Whether the hits reach the minimum, and their total.

    Only basic points count toward the minimum, and not a row whose `not_minimum_with` partner is
    also among the hits.
    """
    total = toward_minimum = 0
    for row, count in hits:
        points = row.points * count
        total += points
        if row.kind is _BASIC:
            if row.not_minimum_with and any(other.id in row.not_minimum_with for other, _ in hits):
                continue
            toward_minimum += points
    return toward_minimum >= minimum, total


_NOT_COMPLETE, _BELOW_MINIMUM = Reason.NOT_COMPLETE, Reason.BELOW_MINIMUM
_BASIC = Kind.BASIC
