"""Settling up: who pays whom, in the fewest transfers."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.errors import RequestError


def apply(totals, transfers):
    balance = list(totals)
    for payer, payee, amount in transfers:
        assert amount > 0 and payer != payee
        balance[payer] += amount
        balance[payee] -= amount
    return balance


@pytest.mark.parametrize(
    ("totals", "count"),
    [
        ([0, 0, 0, 0], 0),
        ([10, -10, 0, 0], 1),
        ([10, -10, 5, -5], 2),  # two pairs settle apart: not three transfers
        ([30, -10, -10, -10], 3),
        ([7, 3, -4, -6], 3),
        ([12, -2, -4, -6], 3),
    ],
)
def test_fewest_transfers(totals, count):
    transfers = engine.settle(totals)
    assert apply(totals, transfers) == [0] * len(totals)
    assert len(transfers) == count


def brute_force_fewest(totals):
    """The fewest transfers by trying every set of payer-payee pairs (small tables only)."""
    players = range(len(totals))
    pairs = [(a, b) for a in players for b in players if a != b]
    for size in range(len(totals)):
        for chosen in itertools.combinations(pairs, size):
            # with the pairs fixed, amounts exist iff each connected group adds up to 0
            groups = {p: {p} for p in players}
            for a, b in chosen:
                merged = groups[a] | groups[b]
                for p in merged:
                    groups[p] = merged
            balanced = all(sum(totals[p] for p in group) == 0 for group in groups.values())
            if balanced and all(any(p in pair for pair in chosen) for p in players if totals[p]):
                return size
    return len(totals) - 1


@given(st.lists(st.integers(-40, 40), min_size=3, max_size=3))
def test_settle_matches_a_brute_force_count(three):
    totals = [*three, -sum(three)]
    transfers = engine.settle(totals)
    assert apply(totals, transfers) == [0, 0, 0, 0]
    assert len(transfers) == brute_force_fewest(totals)


@pytest.mark.parametrize("bad", [[1, 2, 3, 4], "10,-10", [1.5, -1.5], [True, -1]])
def test_settle_refuses_totals_that_cannot_settle(bad):
    with pytest.raises(RequestError):
        engine.settle(bad)
