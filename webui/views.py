"""What the pages show, all read from one fold of the record replayed by the engine (STYLE 5).

`derive(table)` runs `engine.replay` once per table version and keeps the answer; the standings,
the history, the settlement and the exports are views of it. The cache is keyed by session and
version, so twenty phones asking at once cost one replay.
"""

from __future__ import annotations

import csv
import io
import threading
from dataclasses import dataclass

from webui import i18n, rules
from webui.record import Table

_cache: dict[tuple[str, int, int], Derived] = {}
_cache_lock = threading.Lock()


@dataclass(frozen=True)
class Derived:
    table: Table
    record: dict
    replay: dict
    answers: tuple  # per hand: the engine's answers for its winners (empty for draws)

    @property
    def money_per_point(self) -> float:
        return float(self.table.setup.get("money_per_point", 0) or 0)


def derive(table: Table, database: str = "") -> Derived:
    key = (database, table.session_id, table.version)
    with _cache_lock:
        if key in _cache:
            return _cache[key]
    record = table.record()
    replay = rules.replay(record)
    answers = []
    if replay.get("ok"):
        for hand, state in zip(record["hands"], replay["hands"], strict=True):
            answers.append(tuple(rules.score_hand(record, state, hand)))
    derived = Derived(table, record, replay, tuple(answers))
    with _cache_lock:
        if len(_cache) > 64:
            _cache.clear()
        _cache[key] = derived
    return derived


def money(points: int, per_point: float) -> float | int:
    value = points * per_point
    return int(value) if float(value).is_integer() else round(value, 2)


def standings(derived: Derived) -> dict:
    replay, setup = derived.replay, derived.table.setup
    if not replay.get("ok"):
        return {"ok": False, "error": replay.get("error"), "hand": replay.get("hand")}
    seat_of = {index: wind for wind, index in replay["seats"].items()}
    players = []
    for index, name in enumerate(setup["players"]):
        players.append(
            {
                "index": index,
                "name": name,
                "seat": seat_of.get(index),
                "dealer": replay["dealer"] == index,
                "points": replay["totals"][index],
                "money": money(replay["totals"][index], derived.money_per_point),
                "horse_race": replay["horse_race"][index],
            }
        )
    return {
        "ok": True,
        "players": players,
        "round": replay["round"],
        "dealer": replay["dealer"],
        "seats": replay["seats"],
        "next_hand": len(replay["hands"]) + 1,
        "horse_race_on": bool(setup.get("horse_race", True)),
        "money_per_point": derived.money_per_point,
    }


def horse_winner(horse_payments: list[int]) -> int | None:
    """Who finished the Horse Race in a hand: the one player its payout pays (RULINGS 18)."""
    return next((player for player, amount in enumerate(horse_payments) if amount > 0), None)


def collecting(played: dict) -> list[int]:
    """The winners a replayed hand pays (of two on one discard, maybe only one: RULINGS 17)."""
    return [winner["player"] for winner in played.get("winners", []) if winner["collects"]]


def _summary(answer: dict) -> dict:
    keep = ("ok", "winning", "reason", "basic", "bonus", "total", "yaku", "error", "field")
    return {key: answer[key] for key in keep if key in answer} | {"winner": answer.get("winner")}


def history(derived: Derived) -> list[dict]:
    """Every hand, newest last: what was played, how it scored, what moved, totals after it."""
    replay = derived.replay
    if not replay.get("ok"):
        return []
    running = [0, 0, 0, 0]
    rows = []
    for entry, hand, state, answers in zip(
        derived.table.hands, derived.record["hands"], replay["hands"], derived.answers, strict=True
    ):
        for i in range(4):
            running[i] += state["payments"][i] + state["horse_payments"][i]
        rows.append(
            {
                "id": entry.id,
                "number": state["number"],
                "round": state["round"],
                "dealer": state["dealer"],
                "seats": state["seats"],
                "hand": hand,
                "picture": entry.picture,
                "added_at": entry.added_at,
                "edited_at": entry.edited_at,
                "payments": state["payments"],
                "horse_payments": state["horse_payments"],
                "horse_winner": horse_winner(state["horse_payments"]),
                "collecting": collecting(state),
                "horse_race": state["horse_race"],
                "running": list(running),
                "answers": [_summary(a) for a in answers],
            }
        )
    return rows


def settlement(derived: Derived) -> dict:
    replay = derived.replay
    if not replay.get("ok"):
        return {"ok": False, "error": replay.get("error")}
    per_point = derived.money_per_point
    transfers = [
        {
            "payer": payer,
            "payee": payee,
            "points": amount,
            "money": money(amount, per_point),
        }
        for payer, payee, amount in rules.settle(replay["totals"])
    ]
    series = [[0] * 4]
    for row in history(derived):
        series.append(row["running"])
    return {
        "ok": True,
        "players": derived.table.setup["players"],
        "totals": replay["totals"],
        "money": [money(t, per_point) for t in replay["totals"]],
        "transfers": transfers,
        "series": series,
    }


def export_json(derived: Derived) -> dict:
    return {
        "format": "mahjong-table session",
        "setup": derived.table.setup,
        "record": derived.record,
        "standings": derived.replay,
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
