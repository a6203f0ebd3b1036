"""Grouping whole end-of-hand tables (`datasets.table`): the winner's hand among standing rows,
other players' sets, the discard pool, walls, arms and a turned camera, against the tables' truth.

The tiles come from the tables' truth (code, box, face turn), so these check grouping alone;
`test_reader.py` and `test_demo.py` read such tables through the finder and the classifier.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from datasets.table import full_table
from lab.hands import as_laid, canonical
from tests.vision.test_grouping import read

SEEDS = range(10)


@cache
def table(seed: int):
    scene = full_table(np.random.default_rng([7, seed]))
    return scene, read(scene)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_winners_hand_is_offered_first_exactly_as_laid(seed):
    scene, reading = table(seed)
    first = reading.hands[0]
    assert first.position == scene.winner
    assert canonical(first.to_request(reading.tiles)) == as_laid(scene)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_pool_is_reported_as_discards_and_no_discard_joins_a_hand(seed):
    scene, reading = table(seed)
    # `read` keeps the scene's tiles (boxes rounded), less the backs no hand uses: match by box
    role_at = {tuple(int(round(v)) for v in t.box): t.role for t in scene.tiles}
    roles = [role_at.get(tuple(t.box)) for t in reading.tiles]
    in_hands = {i for hand in reading.hands for i in hand.indices()}
    assert not [i for i in in_hands if roles[i] == "discard"], "a discard joined a hand"
    pool = [i for i, role in enumerate(roles) if role == "discard"]
    reported = set(reading.discards)
    assert sum(i in reported for i in pool) >= 0.9 * len(pool)


@pytest.mark.parametrize("seed", SEEDS)
def test_walls_and_standing_rows_are_no_hand_of_their_own(seed):
    scene, reading = table(seed)
    for hand in reading.hands[1:]:
        assert not hand.concealed, "another player shows only sets and flowers"
        assert hand.position != scene.winner
