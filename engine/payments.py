"""Who pays what for one hand (RULINGS 15 and 16), by seat wind, as the ruleset's `Payments` say.

A discard win: the discarder pays twice the total. A self-draw: each other player pays the total.
Liability: a row may name the tiles it is liable for (`Yaku.liable_for`: big three dragons the
dragons, big four winds the winds); when the hand scores it and the last set of those tiles was
completed with a tile discarded by player X, X alone pays three times the total.
"""

from __future__ import annotations

from engine.analysis import Reading, SetKind
from engine.rules.base import Payments, WinContext


def liable_seat(
    win: WinContext, reading: Reading, family: tuple[int, ...], discarder: str | None
) -> str | None:
    """The seat whose discard completed the last set of `family`, when the table could see it.

    Chapter 8.3 makes a player liable when the winner "already has two melded dragon pungs (or
    kongs) on the floor" and the third comes from that player's discard. So a dragon (or wind) set
    standing concealed in the hand, not made by the winning tile, means nobody saw the danger and
    nobody is liable. Otherwise the last set of the family is the one the winning tile completed,
    or else the last laid down (melds are listed in the order they were made); a concealed kong was
    completed by nobody's discard.
    """
    family_sets = [s for s in reading.sets() if s.is_triplet and s.tile in family]
    won = reading.won
    won_here = won.kind is SetKind.PUNG and won.tile in family
    for s in family_sets:
        if s.meld < 0 and not (won_here and s.tile == won.tile):
            return None
    if won_here:
        return None if win.self_draw else discarder
    last = max(family_sets, key=lambda s: s.meld)
    meld = win.melds[last.meld]
    return meld.claimed_from if meld.claimed else None


def hand_payments(
    total: int,
    seat: str,
    self_draw: bool,
    discarder: str | None,
    liable: str | None,
    rule: Payments,
) -> dict[str, int]:
    """Each seat's gain (positive) or payment (negative); the four add up to 0."""
    payments = {"E": 0, "S": 0, "W": 0, "N": 0}
    if liable is not None:
        payments[liable] = -rule.liable * total
    elif self_draw:
        each = -rule.self_drawn * total
        payments = {"E": each, "S": each, "W": each, "N": each}
    else:
        payments[discarder] = -rule.by_discard * total
    payments[seat] = 0
    payments[seat] = -sum(payments.values())
    return payments
