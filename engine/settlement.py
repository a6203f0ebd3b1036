"""Settling up at the end of a session: who pays whom, in the fewest transfers.

The fewest transfers for balances that add up to 0 is the number of players who are owed or owe,
less the most groups they can be split into that each add up to 0 on their own (each such group
settles within itself in one transfer fewer than its size). The groups are found by an exact search
over subsets, which is instant for a table of four (and fine up to a dozen players).
"""

from __future__ import annotations

from engine.errors import RequestError, quote_value


def settle(totals: list[int]) -> list[tuple[int, int, int]]:
    """`[(payer, payee, amount), ...]` that clears every total, with as few transfers as possible.

    `totals` are each player's result (positive: is owed); they must add up to 0.
    """
    if not isinstance(totals, (list, tuple)) or not all(type(total) is int for total in totals):
        raise RequestError("totals_not_numbers", "totals", value=quote_value(totals))
    if sum(totals) != 0:
        raise RequestError("totals_not_zero", "totals", count=sum(totals))
    players = [i for i, total in enumerate(totals) if total]
    if len(players) > 16:
        raise RequestError("too_many", "totals", field="totals", count=len(players), limit=16)
    transfers: list[tuple[int, int, int]] = []
    for group in _zero_sum_groups([totals[i] for i in players]):
        transfers += _settle_group({players[i]: totals[players[i]] for i in group})
    return sorted(transfers)


def _zero_sum_groups(balances: list[int]) -> list[list[int]]:
    """Split the indices of `balances` into the most groups that each add up to 0."""
    n = len(balances)
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + balances[low.bit_length() - 1]
    # best[mask]: the most zero-sum groups a chain of removals from `mask` passes through.
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        best[mask] = max(best[mask ^ (1 << i)] for i in range(n) if mask >> i & 1) + (
            sums[mask] == 0
        )
    groups, mask, last = [], full, full
    while mask:
        i = next(
            i
            for i in range(n)
            if mask >> i & 1 and best[mask ^ (1 << i)] + (sums[mask] == 0) == best[mask]
        )
        mask ^= 1 << i
        if sums[mask] == 0:
            groups.append([j for j in range(n) if (last ^ mask) >> j & 1])
            last = mask
    return groups


def _settle_group(balances: dict[int, int]) -> list[tuple[int, int, int]]:
    """Largest debtor pays largest creditor until the group is clear (size - 1 transfers)."""
    balances = dict(balances)
    transfers = []
    while any(balances.values()):
        payer = min(balances, key=lambda p: (balances[p], p))
        payee = max(balances, key=lambda p: (balances[p], -p))
        amount = min(-balances[payer], balances[payee])
        transfers.append((payer, payee, amount))
        balances[payer] += amount
        balances[payee] -= amount
    return transfers
