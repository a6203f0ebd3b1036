"""What a replay answers, as typed results; CONTRACT 5's JSON is made from them here, once.

`engine.record.play(record)` folds a record into `Standings`: each hand as it was played
(`PlayedHand`, with every winner's scored `Answer`), the totals and the table's next hand. A
record that cannot be played to its end keeps the hands before the fault and a `Fault` naming
the hand at fault, the table as it stood before it and whatever of it was scored, so a preview
shows a hand that does not win without scoring it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.answer import Answer, error_json
from engine.errors import RequestError
from engine.seats import WINDS, Wind

if TYPE_CHECKING:
    from engine.record import RecordError


class Outcome(StrEnum):
    """How a hand of the record ended (its `result`)."""

    WIN = "win"  # one winner
    WINS = "wins"  # one discard claimed by several players
    DRAW = "draw"  # the wall ran out
    ABORTIVE = "abortive"  # an abortive draw (see `Abortive`)


class Abortive(StrEnum):
    """The kinds of abortive draw (RULINGS 15); `triple_wins` is also three winners at once."""

    NINE_MAJOR = "nine_major"
    FOUR_WINDS = "four_winds"
    TRIPLE_WINS = "triple_wins"


@dataclass(frozen=True)
class Seating:
    """The table before a hand: the round wind, the dealer and who sits at each wind."""

    round: Wind
    dealer: int
    seats: tuple[int, ...]  # the player at each wind, in turn order (East first)

    @classmethod
    def after(cls, passes: int) -> Seating:
        """The table once the deal has passed `passes` times (RULINGS 19): the dealer is the
        player the deal has reached, and the round wind moves on each time it has gone round."""
        players = len(WINDS)
        dealer = passes % players
        seats = tuple((dealer + seat) % players for seat in range(players))
        return cls(WINDS[passes // players % len(WINDS)], dealer, seats)

    def wind_of(self, player: int) -> Wind:
        return WINDS[self.seats.index(player)]

    def to_json(self) -> dict:
        return {
            "round": self.round.value,
            "dealer": self.dealer,
            "seats": {wind.value: player for wind, player in zip(WINDS, self.seats, strict=True)},
        }


@dataclass(frozen=True)
class Winner:
    """One winner of a hand: the engine's answer to their hand, or why it was refused.

    `answer` is None for a triple wins hand left unrecorded (it pays nothing) and for a refused
    request (`refusal`); `collects` says whether this winner is paid (RULINGS 17).
    """

    player: int
    answer: Answer | None = None
    refusal: RequestError | None = None
    collects: bool = False

    def answer_json(self) -> dict | None:
        """The scoring answer (CONTRACT 2) for this winner's hand, or its refusal; None if none."""
        if self.refusal is not None:
            return error_json(self.refusal)
        return None if self.answer is None else self.answer.to_json()

    def to_json(self) -> dict:
        return {"player": self.player, "collects": self.collects, "answer": self.answer_json()}


@dataclass(frozen=True)
class PlayedHand:
    """One hand as replay played it (an entry of CONTRACT 5's `hands`)."""

    number: int  # 1 for the first hand
    result: Outcome
    seating: Seating  # as it was played
    doubled: bool  # its payments were doubled after triple wins
    payments: tuple[int, ...]  # by player
    horse_payments: tuple[int, ...]
    horse_race: tuple[int, ...]  # each player's counters after it
    winners: tuple[Winner, ...] = ()
    kind: Abortive | None = None

    @property
    def collecting(self) -> list[int]:
        """The winners this hand pays (of two on one discard, maybe only one: RULINGS 17)."""
        return [winner.player for winner in self.winners if winner.collects]

    @property
    def horse_winner(self) -> int | None:
        """Who finished the Horse Race in this hand: the one player its payout pays."""
        return next((p for p, amount in enumerate(self.horse_payments) if amount > 0), None)

    def to_json(self) -> dict:
        entry = {
            "number": self.number,
            "result": self.result.value,
            **self.seating.to_json(),
            "doubled": self.doubled,
            "payments": list(self.payments),
            "horse_payments": list(self.horse_payments),
            "winners": [winner.to_json() for winner in self.winners],
            "horse_race": list(self.horse_race),
        }
        if self.kind is not None:
            entry["kind"] = self.kind.value
        return entry


@dataclass(frozen=True)
class Fault:
    """Why a record could not be played to its end, and how far the hand at fault got."""

    error: RecordError
    seating: Seating | None = None  # the table before the hand at fault (None: the record's own)
    winners: tuple[Winner, ...] = ()  # the hand's winners as far as they were scored
    players: tuple[str, ...] = ()  # the record's names, which the English sentence uses

    @property
    def hand(self) -> int | None:
        """The 0-based index of the hand at fault, or None for the record as a whole."""
        return self.error.hand

    def to_json(self) -> dict:
        error = self.error
        answer = {
            "ok": False,
            "error": error.sentence(list(self.players)),
            "hand": error.hand,
            "code": error.code,
            "params": error.params,
        }
        if error.seats is not None:
            answer["seats"] = error.seats  # so another language can name the seat's player too
        return answer


@dataclass(frozen=True)
class Standings:
    """A record folded: its hands as played, each player's totals, and the table's next hand."""

    hands: tuple[PlayedHand, ...]
    totals: tuple[int, ...]
    horse_race: tuple[int, ...]
    next: Seating  # the table's next hand
    fault: Fault | None = None  # set when the record stops at a hand that cannot be played

    @property
    def ok(self) -> bool:
        return self.fault is None

    def to_json(self) -> dict:
        """CONTRACT 5's answer: the standings, or the refusal of a record that cannot be played."""
        if self.fault is not None:
            return self.fault.to_json()
        return {
            "ok": True,
            "hands": [hand.to_json() for hand in self.hands],
            "totals": list(self.totals),
            "horse_race": list(self.horse_race),
            **self.next.to_json(),
        }
