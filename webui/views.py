"""What the pages show, all read from one fold of the record replayed by the engine (STYLE 5).

`derive(table)` replays the record once per table version (`engine.record.play`, typed
standings) and keeps them; the standings, the history, the settlement and the exports are views
of it, and every score shown is the answer that replay paid. The cache is keyed by session and
version, so twenty phones asking at once cost one replay.
"""

from __future__ import annotations

import csv
import io
import threading
from dataclasses import dataclass

from engine.standings import PlayedHand, Standings, Winner
from webui import i18n, rules
from webui.record import Table

_cache: dict[tuple[str, int, int], Derived] = {}
_cache_lock = threading.Lock()


@dataclass(frozen=True)
class Derived:
    table: Table
    record: dict
    standings: Standings  # the one replay of the record: every view below reads it

    @property
    def money_per_point(self) -> float:
        return float(self.table.setup.get("money_per_point", 0) or 0)


def derive(table: Table, database: str = "") -> Derived:
    key = (database, table.session_id, table.version)
    with _cache_lock:
        if key in _cache:
            return _cache[key]
    record = table.record()
    derived = Derived(table, record, rules.play(record))
    with _cache_lock:
        if len(_cache) > 64:
            _cache.clear()
        _cache[key] = derived
    return derived


def money(points: int, per_point: float) -> float | int:
    value = points * per_point
    return int(value) if float(value).is_integer() else round(value, 2)


def standings(derived: Derived) -> dict:
    played, setup = derived.standings, derived.table.setup
    if played.fault is not None:
        return played.fault.to_json()
    following = played.next
    players = []
    for index, name in enumerate(setup["players"]):
        players.append(
            {
                "index": index,
                "name": name,
                "seat": following.wind_of(index).value,
                "dealer": following.dealer == index,
                "points": played.totals[index],
                "money": money(played.totals[index], derived.money_per_point),
                "horse_race": played.horse_race[index],
            }
        )
    return {
        "ok": True,
        "players": players,
        **following.to_json(),  # round, dealer, seats
        "next_hand": len(played.hands) + 1,
        "horse_race_on": bool(setup.get("horse_race", True)),
        "money_per_point": derived.money_per_point,
    }


SUMMARY = ("ok", "winning", "reason", "basic", "bonus", "total", "yaku", "error", "field")


def summary(winner: Winner) -> dict:
    """What a page shows of one winner's answer; `recorded` is false for a triple wins hand
    left unrecorded (it pays nothing, so nothing was scored)."""
    answer = winner.answer_json()
    if answer is None:
        return {"winner": winner.player, "recorded": False}
    return {key: answer[key] for key in SUMMARY if key in answer} | {"winner": winner.player}


def outcome(played: PlayedHand) -> dict:
    """What a played hand moved: payments, the Horse Race and who collected (RULINGS 17-18)."""
    return {
        "payments": list(played.payments),
        "horse_payments": list(played.horse_payments),
        "horse_winner": played.horse_winner,
        "collecting": played.collecting,
    }


def history(derived: Derived) -> list[dict]:
    """Every hand, newest last: what was played, how it scored, what moved, totals after it."""
    if not derived.standings.ok:
        return []
    running = [0, 0, 0, 0]
    rows = []
    for entry, hand, played in zip(
        derived.table.hands, derived.record["hands"], derived.standings.hands, strict=True
    ):
        for i in range(4):
            running[i] += played.payments[i] + played.horse_payments[i]
        rows.append(
            {
                "id": entry.id,
                "number": played.number,
                **played.seating.to_json(),  # round, dealer, seats
                "hand": hand,
                "picture": entry.picture,
                "added_at": entry.added_at,
                "edited_at": entry.edited_at,
                **outcome(played),
                "horse_race": list(played.horse_race),
                "running": list(running),
                "answers": [summary(winner) for winner in played.winners],
            }
        )
    return rows


def settlement(derived: Derived) -> dict:
    played = derived.standings
    if played.fault is not None:
        return played.fault.to_json()
    per_point = derived.money_per_point
    transfers = [
        {
            "payer": payer,
            "payee": payee,
            "points": amount,
            "money": money(amount, per_point),
        }
        for payer, payee, amount in rules.settle(list(played.totals))
    ]
    series = [[0] * 4]
    for row in history(derived):
        series.append(row["running"])
    return {
        "ok": True,
        "players": derived.table.setup["players"],
        "totals": list(played.totals),
        "money": [money(t, per_point) for t in played.totals],
        "transfers": transfers,
        "series": series,
    }


def export_json(derived: Derived) -> dict:
    return {
        "format": "mahjong-table session",
        "setup": derived.table.setup,
        "record": derived.record,
        "standings": derived.standings.to_json(),
        "history": history(derived),
        "settlement": settlement(derived),
    }


# A spreadsheet runs a cell that starts with one of these as a formula (`=HYPERLINK(...)`).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value):
    """A text cell as plain text: a leading ' keeps a name like `=1+2` from being run."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_header(players: list[str], lang: str) -> list[str]:
    """The CSV's column names in the phone's language, a column per player for each amount."""
    columns = ["hand", "round", "dealer", "result", "winners", "discarder", "total_points"]
    header = [i18n.say(f"csv_{column}", lang) for column in columns]
    for amount in ("payment", "horse_race", "running_total"):
        header += [i18n.say(f"csv_{amount}", lang, name=name) for name in players]
    return header


def export_csv(derived: Derived, lang: str = "en") -> str:
    players = derived.table.setup["players"]
    rows = [csv_header(players, lang)]
    for row in history(derived):
        hand = row["hand"]
        winners = ";".join(
            players[a["winner"]] for a in row["answers"] if a.get("winner") is not None
        )
        discarder = hand.get("discarder")
        totals = ";".join(str(a.get("total", "")) for a in row["answers"])
        result = hand["result"] + (f":{hand['kind']}" if hand.get("kind") else "")
        rows.append(
            [row["number"], row["round"], players[row["dealer"]], result, winners]
            + [players[discarder] if isinstance(discarder, int) else "", totals]
            + row["payments"]
            + row["horse_payments"]
            + row["running"]
        )
    out = io.StringIO()
    csv.writer(out).writerows([[_cell(value) for value in row] for row in rows])
    return out.getvalue()
