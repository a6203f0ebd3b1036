"""The table's record across evenings: every session with its final totals, and each player's
record over all the sessions they played.

Every figure is read from the engine's replay of a session's record (`views.derive`, the same one
History and Settle up read); nothing is scored here. Players are matched by name (`names`).
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from engine.standings import PlayedHand, Standings
from webui import i18n, names, store, views


@dataclass(frozen=True)
class Evening:
    """One session: its number at this table (1 for the first), when it started, its replay."""

    number: int
    started: str  # ISO time, UTC, as stored
    current: bool
    derived: views.Derived

    @property
    def id(self) -> int:
        return self.derived.table.session_id

    @property
    def typed(self) -> list[str]:
        return list(self.derived.table.setup.get("players") or [])

    @property
    def date(self) -> str:
        """When it started, in the local time of the computer that runs the panel."""
        return datetime.fromisoformat(self.started).astimezone().strftime("%Y-%m-%d %H:%M")

    @property
    def standings(self) -> Standings:
        return self.derived.standings


def evenings(db: sqlite3.Connection, database: str = "") -> list[Evening]:
    """Every standing session of this table, oldest first."""
    current = store.current_session(db)
    found = []
    for number, row in enumerate(store.standing_sessions(db), start=1):
        table = store.load(db, row["id"])
        derived = views.derive(table, database)
        found.append(Evening(number, row["created_at"], row["id"] == current, derived))
    return found


def session_summary(evening: Evening, now: names.Names, lang: str) -> dict:
    """A session as the Sessions page lists it: date, rules, hands, each player's final total."""
    standings, setup = evening.standings, evening.derived.table.setup
    summary = {
        "id": evening.id,
        "number": evening.number,
        "date": evening.date,
        "started": evening.started,
        "current": evening.current,
        "rules": setup.get("rules"),
        "money_per_point": evening.derived.money_per_point,
        "hands": len(evening.derived.table.hands),
        "problem": None,
    }
    players = []
    for index, typed in enumerate(evening.typed):
        entry = {"index": index, "typed": typed, "name": now.of(typed)}
        if standings.ok:
            points = standings.totals[index]
            entry |= {
                "points": points,
                "money": views.money(points, evening.derived.money_per_point),
            }
        players.append(entry)
    summary["players"] = players
    if standings.fault is not None:
        summary["problem"] = i18n.refusal(standings.fault.to_json(), lang, evening.typed)
    return summary


def _wins(hand: PlayedHand, index: int) -> list[dict]:
    """The engine's answers (CONTRACT 2) for the hands a player won in this hand."""
    return [w.answer_json() for w in hand.winners if w.player == index and w.answer is not None]


def player_record(player: names.Player, found: list[Evening]) -> dict:
    """A player's record across the sessions they played: per session their total, hands won
    and Horse Race finishes; in all, the same, and the hands of the rules they scored most."""
    by_id = {evening.id: evening for evening in found}
    sessions, scored, yaku_names = [], Counter(), {}
    for session_id, index in player.seats:
        evening = by_id[session_id]
        standings = evening.standings
        if not standings.ok:
            continue  # a record the engine refuses has no figures (Sessions says why)
        won = horse = 0
        for hand in standings.hands:
            for answer in _wins(hand, index):
                won += 1
                for yaku in answer.get("yaku", []):
                    scored[yaku["id"]] += 1
                    yaku_names[yaku["id"]] = {"name": yaku["name"], "name_ko": yaku["name_ko"]}
            if hand.horse_winner == index:
                horse += 1
        points = standings.totals[index]
        sessions.append(
            {
                "id": session_id,
                "number": evening.number,
                "date": evening.date,
                "current": evening.current,
                "typed": evening.typed[index],
                "hands": len(standings.hands),
                "won": won,
                "horse_finishes": horse,
                "points": points,
                "money": views.money(points, evening.derived.money_per_point),
            }
        )
    most = [
        {"id": yaku, "hands": hands, **yaku_names[yaku]}
        for yaku, hands in sorted(scored.items(), key=lambda item: (-item[1], item[0]))[:5]
    ]
    return {
        "name": player.name,
        "earlier": player.earlier,
        "sessions": sessions,
        "hands": sum(row["hands"] for row in sessions),
        "won": sum(row["won"] for row in sessions),
        "horse_finishes": sum(row["horse_finishes"] for row in sessions),
        "points": sum(row["points"] for row in sessions),
        "money": views.money(sum(row["money"] for row in sessions), 1),
        "most_scored": most,
    }


def totals_chart(sessions: list[dict], width: int = 340, height: int = 180) -> dict:
    """A bar per session of a player's total, as numbers a template draws as inline SVG: the
    zero line, each bar's box, its value and its label (the session's number)."""
    top, bottom, left, right = 16, 30, 6, 6
    values = [row["points"] for row in sessions]
    high, low = max([0, *values]), min([0, *values])
    if high == low:
        high = low + 1
    scale = (height - top - bottom) / (high - low)
    zero = top + high * scale
    step = (width - left - right) / max(1, len(sessions))
    every = -(-len(sessions) // 12)  # at most 12 sessions named, so numbers never run together
    bars = []
    for i, row in enumerate(sessions):
        y = zero - max(row["points"], 0) * scale
        bars.append(
            {
                "x": round(left + (i + 0.5) * step - min(step * 0.35, 28), 1),
                "y": round(y, 1),
                "width": round(min(step * 0.7, 56), 1),
                "height": round(max(abs(row["points"]) * scale, 1), 1),
                "middle": round(left + (i + 0.5) * step, 1),
                "value_y": round(
                    y - 3 if row["points"] >= 0 else zero + abs(row["points"]) * scale + 11, 1
                ),
                "points": row["points"],
                "number": row["number"],
                "named": i % every == 0 or i == len(sessions) - 1,
                "sign": "plus" if row["points"] > 0 else "minus" if row["points"] < 0 else "",
            }
        )
    return {
        "width": width,
        "height": height,
        "zero": round(zero, 1),
        "bars": bars,
        "label_y": height - 5,
    }
