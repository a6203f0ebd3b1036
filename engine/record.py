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

from dataclasses import dataclass, field

from engine.errors import RequestError, quote_value
from engine.messages import say
from engine.request import read_request
from engine.scoring import evaluate
from engine.tiles import WIND_LETTERS

PLAYERS = 4
COUNTERS = 3
RESULTS = ("win", "wins", "draw", "abortive")
ABORTIVE_KINDS = ("nine_major", "four_winds", "triple_wins")
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


@dataclass
class Table:
    """The state of the table before a hand: everything replay carries from hand to hand."""

    passes: int = 0  # how many times the deal has passed
    counters: list[int] = field(default_factory=lambda: [COUNTERS] * PLAYERS)
    doubled: bool = False  # the previous hand was triple wins

    @property
    def dealer(self) -> int:
        return self.passes % PLAYERS

    @property
    def round(self) -> str:
        return WIND_LETTERS[self.passes // PLAYERS % 4]

    def seat_of(self, player: int) -> str:
        return WIND_LETTERS[(player - self.dealer) % PLAYERS]

    def seats(self) -> dict[str, int]:
        return {WIND_LETTERS[(seat) % PLAYERS]: (self.dealer + seat) % PLAYERS for seat in range(4)}


def replay(record: object) -> dict:
    """Fold a record into standings; a bad record answers `{"ok": false, "error", "hand"}`."""
    try:
        return _replay(record)
    except RecordError as error:
        players = record.get("players") if isinstance(record, dict) else None
        answer = {
            "ok": False,
            "error": error.sentence(players or ()),
            "hand": error.hand,
            "code": error.code,
            "params": error.params,
        }
        if error.seats is not None:
            answer["seats"] = error.seats  # so another language can name the seat's player too
        return answer


def _replay(record: object) -> dict:
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
    several_collect = table_rules.option("multiple_winners")

    table = Table()
    entries = []
    totals = [0] * PLAYERS
    for index, hand in enumerate(hands):
        entry = _play(hand, index, table, rules, options, several_collect, horse_race)
        for player in range(PLAYERS):
            totals[player] += entry["payments"][player] + entry["horse_payments"][player]
        entries.append(entry)
    return {
        "ok": True,
        "hands": entries,
        "totals": totals,
        "horse_race": list(table.counters),
        "dealer": table.dealer,
        "round": table.round,
        "seats": table.seats(),
    }


def _play(
    hand: object,
    index: int,
    table: Table,
    rules: str,
    options: dict,
    several_collect: bool,
    horse_race: bool,
) -> dict:
    """Play one hand of the record onto `table` and describe it."""
    if not isinstance(hand, dict):
        raise RecordError("hand_not_object", index, value=quote_value(hand))
    result = hand.get("result")
    if result not in RESULTS:
        raise RecordError(
            "not_a_choice", index, field="result", choices=list(RESULTS), value=quote_value(result)
        )
    entry = {
        "number": index + 1,
        "result": result,
        "round": table.round,
        "dealer": table.dealer,
        "seats": table.seats(),
        "doubled": table.doubled,
        "payments": [0] * PLAYERS,
        "horse_payments": [0] * PLAYERS,
        "winners": [],
    }
    keeps_deal = True
    triple = False
    if result == "draw":
        keeps_deal = False
    elif result == "abortive":
        kind = hand.get("kind")
        if kind not in ABORTIVE_KINDS:
            raise RecordError(
                "abortive_kind", index, choices=list(ABORTIVE_KINDS), value=quote_value(kind)
            )
        entry["kind"] = kind
        triple = kind == "triple_wins"
    else:
        winners, discarder = _winners(hand, result, index)
        scored = [
            (player, _score(score, player, discarder, table, rules, options, index))
            for player, score in winners
        ]
        if len(scored) == 3:
            entry["kind"] = "triple_wins"
            triple = True
            collecting: list[int] = []
        elif len(scored) == 2 and not several_collect:
            first = min(scored, key=lambda item: (item[0] - discarder) % PLAYERS)
            collecting = [first[0]]
        else:
            collecting = [player for player, _ in scored]
        for player, (answer, checked) in scored:
            collects = player in collecting
            entry["winners"].append({"player": player, "collects": collects, "answer": answer})
            if not collects:
                continue
            factor = 2 if table.doubled else 1
            for other in range(PLAYERS):
                entry["payments"][other] += factor * answer["payments"][table.seat_of(other)]
            if horse_race and checked.win.concealed and checked.win.self_draw:
                _horse_race(table, player, entry["horse_payments"])
        keeps_deal = triple or table.dealer in collecting
    entry["horse_race"] = list(table.counters)
    table.doubled = triple
    if not keeps_deal:
        table.passes += 1
    return entry


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


def _score(score, player, discarder, table, rules, options, index):
    """The answer for one winner, with the table's seats, round and options filled in."""
    if score is None:
        return None, None
    request = dict(score)
    request["rules"] = rules
    own = request.get("options")
    if type(own) is dict or (own is None and options):
        request["options"] = {**options, **(own or {})}
    # any other value of the hand's own options is left for read_request to word
    request["seat"] = table.seat_of(player)
    request["round"] = table.round
    if request.get("win") == "discard" and discarder is not None:
        request["discarder"] = table.seat_of(discarder)
    try:
        checked = read_request(request)
    except RequestError as error:
        refused = RecordError(error.code, index, **error.params, of_player=player)
        refused.seats = table.seats()
        raise refused from None
    answer = evaluate(checked)
    if answer.reason == "not_complete":
        raise RecordError("hand_not_complete", index, player=player)
    if not answer.winning:
        raise RecordError("hand_below_minimum", index, player=player, points=answer.basic)
    return answer.to_json(), checked


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
