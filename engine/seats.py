"""Where players sit, in the words every package uses: seat winds, places at the table, givers.

A seat is a wind (`E` is the dealer's seat); a place is where a hand lies as the camera sees the
table (CONTRACT 3: `bottom`, `right`, `top`, `left`, counter-clockwise from the camera's own
side); a giver is the neighbour a set was claimed from, seen from its owner. The engine owns these
values; `vision`, `datasets` and `webui` import them rather than spell them again.
"""

from __future__ import annotations

from enum import StrEnum


class Wind(StrEnum):
    """A seat or round wind, as requests and records write it (CONTRACT 2 and 5)."""

    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    def after(self, steps: int) -> Wind:
        """The wind `steps` seats on in turn order (East, South, West, North, East...)."""
        return WINDS[(WINDS.index(self) + steps) % len(WINDS)]


WINDS: tuple[Wind, ...] = tuple(Wind)


class Position(StrEnum):
    """Where a hand lies in a picture of the table, in the order turn passes round it."""

    BOTTOM = "bottom"
    RIGHT = "right"
    TOP = "top"
    LEFT = "left"

    @property
    def horizontal(self) -> bool:
        """Its row of tiles runs across the picture (bottom and top) rather than up it."""
        return self in _HORIZONTAL

    @property
    def turn(self) -> int:
        """Degrees clockwise that this hand's faces are turned from upright in the picture."""
        return _TURN[self]


POSITIONS: tuple[Position, ...] = tuple(Position)
_HORIZONTAL = frozenset({Position.BOTTOM, Position.TOP})
_TURN = {Position.BOTTOM: 0, Position.RIGHT: 270, Position.TOP: 180, Position.LEFT: 90}


class Giver(StrEnum):
    """The neighbour a set was claimed from, seen from its owner (CONTRACT 3 `claimed_from`)."""

    LEFT = "left"
    ACROSS = "across"
    RIGHT = "right"

    @property
    def step(self) -> int:
        """How many seats on in turn order the giver sits: right 1, across 2, left 3."""
        return _STEP[self]


GIVERS: tuple[Giver, ...] = tuple(Giver)
_STEP = {Giver.RIGHT: 1, Giver.ACROSS: 2, Giver.LEFT: 3}
