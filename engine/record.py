"""A session's record and `replay(record) -> standings` (CONTRACT section 5).

The record is a list of hand results; everything else (seat winds, dealer, round wind, doubling
after triple wins, Horse Race counters and payouts, running totals) is folded from it, so changing
or deleting a past hand and replaying gives the right table.

The table's rules, as RULINGS 15-19 and chapter 8 read them:
- Player 0 is East (the dealer) at hand 1. The dealer keeps the deal after winning (also as one of
  several winners who collect) and after an abortive draw; otherwise the deal passes to the right
  and the player who was South becomes East. The round wind starts East and advances each time the
  deal has gone round all four players (after North it comes back to East).
- Several winners on one discard: only the first in turn order after the discarder collects,
  unless the option `multiple_winners` lets each collect. Three winners are the abortive draw
  "triple wins", the same as `{"result": "abortive", "kind": "triple_wins"}`.
- After triple wins the hand payments of the very next hand are doubled (not Horse Race payouts);
  if that hand is a draw of any kind, nothing carries over.
- Horse Race: three counters each; a concealed self-drawn win removes one of the winner's. Whoever
  removes their last receives 2 from each player who has removed at least one and 4 from each who
  still holds all three; then everyone goes back to 3.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.errors import RequestError, quote_value
from engine.messages import say
from engine.request import read_request
from engine.scoring import evaluate
from engine.standings import Abortive, Fault, Outcome, PlayedHand, Seating, Standings, Winner

PLAYERS = 4
COUNTERS = 3
RESULTS = tuple(Outcome)
ABORTIVE_KINDS = tuple(Abortive)
FILLED_IN = ("seat", "round", "discarder", "rules")  # replay writes these into each request


MAX_HANDS = 1000  # far more than a night's play; keeps a replay's cost bounded
NAME_LIMIT = 64  # characters of a player's name


class RecordError(ValueError):
    """A record that cannot be replayed: `code` and `params` name the refusal (CONTRACT 5), `hand`
    is the 0-based index of the hand at fault; its number goes into the params as `in_hand`."""

    def __init__(self, code: str, hand: int | None, /, **params):
        super().__init__(code)
        if hand is not None:
            params = {"in_hand": hand + 1} | params
        self.code, self.hand, self.params = code, hand, params
        self.seats: dict[str, int] | None = None  # who sat where in that hand, where it matters

    def sentence(self, players: object = ()) -> str:
        """The English sentence, naming players by the record's names where it has them."""
        names = players if isinstance(players, list) else ()
        return say(self.code, self.params, "en", names, self.seats)

    def __str__(self) -> str:
        return self.sentence()


class _Unplayable(Exception):
    """A hand whose winners were scored but cannot stand: the fault, and what was scored."""

    def __init__(self, error: RecordError, winners: tuple[Winner, ...]):
        super().__init__(error.code)
        self.error = error
        self.winners = winners


@dataclass
class Table:
    """The state of the table before a hand: everything replay carries from hand to hand."""

    passes: int = 0  # how many times the deal has passed
    counters: list[int] = field(default_factory=lambda: [COUNTERS] * PLAYERS)
    doubled: bool = False  # the previous hand was triple wins

    def seating(self) -> Seating:
        return Seating.after(self.passes)


def replay(record: object) -> dict:
    """Fold a record into standings; a bad record answers `{"ok": false, "error", "hand"}`."""
    return play(record).to_json()


def play(record: object) -> Standings:
    """Fold a record into typed standings; a record that cannot be played carries its `fault`
    (with the hands before it), so every view of a record comes from this one fold."""
    table = Table()
    played: list[PlayedHand] = []
    totals = [0] * PLAYERS
    fault = None
    players = record.get("players") if isinstance(record, dict) else None
    names = tuple(players) if isinstance(players, list) else ()  # for the English sentence
    try:
        hands, rules, options, several_collect, horse_race = _read(record)
    except RecordError as error:  # kept without its traceback: standings are kept for long
        hands, fault = [], Fault(error.with_traceback(None), players=names)
    for index, hand in enumerate(hands):
        seating = table.seating()
        try:
            entry = _play(hand, index, table, rules, options, several_collect, horse_race)
        except RecordError as error:
            fault = Fault(error.with_traceback(None), seating, players=names)
            break
        except _Unplayable as stop:
            fault = Fault(stop.error, seating, stop.winners, names)
            break
        for player in range(PLAYERS):
            totals[player] += entry.payments[player] + entry.horse_payments[player]
        played.append(entry)
    return Standings(tuple(played), tuple(totals), tuple(table.counters), table.seating(), fault)


def _read(record: object) -> tuple[list, str, dict, bool, bool]:
    """The record's hands and table settings, or the RecordError of a record not well formed."""
    if not isinstance(record, dict):
        raise RecordError("record_not_object", None, value=quote_value(record))
    rules = record.get("rules", "standard")
    options = record.get("options") or {}
    horse_race = record.get("horse_race", True)
    if type(horse_race) is not bool:
        raise RecordError("horse_race_not_boolean", None, value=quote_value(horse_race))
    players = record.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != PLAYERS):
        raise RecordError("players_not_four", None)
    for number, name in enumerate(players or []):
        if isinstance(name, str) and len(name) > NAME_LIMIT:
            field = f"players[{number}]"
            raise RecordError("too_long", None, field=field, length=len(name), limit=NAME_LIMIT)
    hands = record.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError("hands_not_list", None, value=quote_value(hands))
    if len(hands) > MAX_HANDS:
        raise RecordError("too_many", None, field="hands", count=len(hands), limit=MAX_HANDS)
    try:
        from engine.rules import ruleset

        table_rules = ruleset(rules, options)
    except RequestError as error:
        raise RecordError(error.code, None, **error.params) from None
    return hands, rules, options, table_rules.payments.each_winner_collects, horse_race


def _play(
    hand: object,
    index: int,
    table: Table,
    rules: str,
    options: dict,
    several_collect: bool,
    horse_race: bool,
) -> PlayedHand:
    """Play one hand of the record onto `table` and describe it."""
    if not isinstance(hand, dict):
        raise RecordError("hand_not_object", index, value=quote_value(hand))
    result = hand.get("result")
    if result not in RESULTS:
        raise RecordError(
            "not_a_choice", index, field="result", choices=list(RESULTS), value=quote_value(result)
        )
    result = Outcome(result)
    seating, doubled = table.seating(), table.doubled
    payments, horse_payments = [0] * PLAYERS, [0] * PLAYERS
    winners: list[Winner] = []
    kind = None
    keeps_deal = True
    triple = False
    if result is Outcome.DRAW:
        keeps_deal = False
    elif result is Outcome.ABORTIVE:
        kind = hand.get("kind")
        if kind not in ABORTIVE_KINDS:
            raise RecordError(
                "abortive_kind", index, choices=list(ABORTIVE_KINDS), value=quote_value(kind)
            )
        kind = Abortive(kind)
        triple = kind is Abortive.TRIPLE_WINS
    else:
        entries, discarder = _winners(hand, result, index)
        scored = [
            _score(score, player, discarder, seating, rules, options) for player, score in entries
        ]
        for winner, _ in scored:
            error = _unplayable(winner, index, seating)
            if error is not None:
                raise _Unplayable(error, tuple(winner for winner, _ in scored))
        if len(scored) == 3:
            kind = Abortive.TRIPLE_WINS
            triple = True
            collecting: list[int] = []
        elif len(scored) == 2 and not several_collect:
            first = min(scored, key=lambda item: (item[0].player - discarder) % PLAYERS)
            collecting = [first[0].player]
        else:
            collecting = [winner.player for winner, _ in scored]
        for winner, checked in scored:
            collects = winner.player in collecting
            winners.append(replace(winner, collects=collects))
            if not collects:
                continue
            factor = 2 if table.doubled else 1
            for other in range(PLAYERS):
                payments[other] += factor * winner.answer.payments[seating.wind_of(other)]
            if horse_race and checked.win.concealed and checked.win.self_draw:
                _horse_race(table, winner.player, horse_payments)
        keeps_deal = triple or seating.dealer in collecting
    table.doubled = triple
    if not keeps_deal:
        table.passes += 1
    return PlayedHand(
        number=index + 1,
        result=result,
        seating=seating,
        doubled=doubled,
        payments=tuple(payments),
        horse_payments=tuple(horse_payments),
        horse_race=tuple(table.counters),
        winners=tuple(winners),
        kind=kind,
    )


def _winners(hand: dict, result: str, index: int) -> tuple[list[tuple[int, dict]], int | None]:
    """The winners of a `win` or `wins` entry with their requests, and the discarder (or None)."""
    if result == "win":
        winner = _player(hand.get("winner"), "winner", index)
        score = _request(hand.get("score"), index)
        discarder = hand.get("discarder")
        if score.get("win") == "discard":
            discarder = _player(discarder, "discarder", index)
            if discarder == winner:
                raise RecordError("winner_own_discard", index)
        elif discarder is not None:
            raise RecordError("self_draw_discarder", index)
        return [(winner, score)], discarder
    discarder = _player(hand.get("discarder"), "discarder", index)
    entries = hand.get("winners")
    if not isinstance(entries, list) or not 2 <= len(entries) <= 3:
        raise RecordError("winners_count", index)
    winners = []
    for number, item in enumerate(entries, start=1):
        if not isinstance(item, dict):
            raise RecordError("winner_not_object", index, set=number)
        player = _player(item.get("winner"), f"winners[{number - 1}].winner", index)
        if player == discarder:
            raise RecordError("discarder_among_winners", index)
        if any(player == other for other, _ in winners):
            raise RecordError("winner_twice", index, player=player)
        score = item.get("score")
        if len(entries) == 3 and not score:
            score = None  # triple wins pays nothing, so the hands need not be recorded
        else:
            score = dict(_request(score, index))
            score.setdefault("win", "discard")
            if score["win"] != "discard":
                raise RecordError("winners_self_draw", index)
        winners.append((player, score))
    return winners, discarder


def _player(value: object, field: str, index: int) -> int:
    if type(value) is not int or not 0 <= value < PLAYERS:
        raise RecordError("not_a_player", index, field=field, value=quote_value(value))
    return value


def _request(score: object, index: int) -> dict:
    if not isinstance(score, dict):
        raise RecordError("score_not_object", index)
    for key in FILLED_IN:
        if key in score:
            raise RecordError("filled_in_by_replay", index, field=key)
    return score


def _score(score, player, discarder, seating: Seating, rules, options):
    """One winner's answer and checked request, with the table's seats, round and options filled
    in; a request the engine refuses comes back as the winner's `refusal`."""
    if score is None:
        return Winner(player), None
    request = dict(score)
    request["rules"] = rules
    own = request.get("options")
    if type(own) is dict or (own is None and options):
        request["options"] = {**options, **(own or {})}
    # any other value of the hand's own options is left for read_request to word
    request["seat"] = seating.wind_of(player).value
    request["round"] = seating.round.value
    if request.get("win") == "discard" and discarder is not None:
        request["discarder"] = seating.wind_of(discarder).value
    try:
        checked = read_request(request)
    except RequestError as error:
        return Winner(player, refusal=error.with_traceback(None)), None
    return Winner(player, evaluate(checked)), checked


def _unplayable(winner: Winner, index: int, seating: Seating) -> RecordError | None:
    """Why a scored winner cannot stand in the record: a refused request or a hand that does
    not win; None when it wins (or was left unrecorded in triple wins)."""
    player = winner.player
    if winner.refusal is not None:
        error = winner.refusal
        refused = RecordError(error.code, index, **error.params, of_player=player)
        refused.seats = seating.to_json()["seats"]  # a seat it names is a player of that hand
        return refused
    answer = winner.answer
    if answer is None or answer.winning:
        return None
    if answer.reason == "not_complete":
        return RecordError("hand_not_complete", index, player=player)
    return RecordError("hand_below_minimum", index, player=player, points=answer.basic)


def _horse_race(table: Table, winner: int, payouts: list[int]) -> None:
    """RULINGS 18: the winner removes a counter; the last one wins the race and resets it."""
    table.counters[winner] -= 1
    if table.counters[winner] > 0:
        return
    for other in range(PLAYERS):
        if other != winner:
            owed = 4 if table.counters[other] == COUNTERS else 2
            payouts[other] -= owed
            payouts[winner] += owed
    table.counters[:] = [COUNTERS] * PLAYERS
