"""Writing to the table's record: each change is one atomic transaction that appends events.

Every write takes `BEGIN IMMEDIATE` (one writer at a time), folds the session as it is inside
the transaction, checks the change against it, lets the engine replay the record with the
change in place, and only then appends. A killed server therefore leaves either the whole change
or none of it. A client token makes a retried request harmless; the expected hand count (or the
event an undo expects to cancel) makes two phones confirming the same hand record it once.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from datetime import UTC, datetime

from webui import rules
from webui.record import Event, Table, fold
from webui.refusal import Refusal


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


# A session stands until its start is undone (an undo of its first event).
_STANDING = (
    "NOT EXISTS ("
    " SELECT 1 FROM event AS u WHERE u.session_id = s.id AND u.kind = 'undo'"
    " AND json_extract(u.body, '$.cancels') ="
    " (SELECT MIN(e.id) FROM event AS e WHERE e.session_id = s.id))"
)


def current_session(db: sqlite3.Connection) -> int | None:
    """The newest session whose start has not been undone (an undo of its first event)."""
    row = db.execute(
        f"SELECT s.id FROM table_session AS s WHERE {_STANDING} ORDER BY s.id DESC LIMIT 1"
    ).fetchone()
    return row["id"] if row else None


def standing_sessions(db: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every session of this table whose start has not been undone, oldest first: id and
    created_at (when it was started)."""
    return db.execute(
        f"SELECT s.id, s.created_at FROM table_session AS s WHERE {_STANDING} ORDER BY s.id"
    ).fetchall()


def _events(db: sqlite3.Connection, session_id: int) -> list[Event]:
    rows = db.execute(
        "SELECT id, kind, hand_id, body, created_at FROM event WHERE session_id = ? ORDER BY id",
        (session_id,),
    ).fetchall()
    return [Event.from_row(row) for row in rows]


def load(db: sqlite3.Connection, session_id: int) -> Table:
    return fold(session_id, _events(db, session_id))


def latest_event_id(db: sqlite3.Connection) -> int:
    row = db.execute("SELECT COALESCE(MAX(id), 0) AS v FROM event").fetchone()
    return row["v"]


# Writers of this process queue here first: SQLite's own wait for its lock retries after growing
# sleeps (up to 100 ms each), which left some of 20 phones confirming at once waiting seconds.
_writers = threading.Lock()


class _Write:
    """`with _Write(db) as db:` one IMMEDIATE transaction, rolled back on any error."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        _writers.acquire()
        try:
            self.db.execute("BEGIN IMMEDIATE")  # still the lock against other processes
        except BaseException:
            _writers.release()
            raise
        return self.db

    def __exit__(self, kind, error, trace) -> None:
        try:
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")
        finally:
            _writers.release()


def _append(db, session_id, kind, body, hand_id=None, token=None) -> int:
    cursor = db.execute(
        "INSERT INTO event (session_id, kind, hand_id, body, token, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (session_id, kind, hand_id, json.dumps(body, ensure_ascii=False), token, now()),
    )
    return cursor.lastrowid


def _seen(db, token: str | None) -> sqlite3.Row | None:
    if not token:
        return None
    return db.execute("SELECT id, kind, hand_id FROM event WHERE token = ?", (token,)).fetchone()


def _check(record: dict) -> dict:
    answer = rules.replay(record)
    if not answer.get("ok"):
        raise Refusal.by_engine(answer, record.get("players") or ())
    return answer


def start_session(db: sqlite3.Connection, setup: dict, token: str | None = None) -> int:
    """A new session with its players and rules; the earlier one stays in the database."""
    with _Write(db):
        seen = _seen(db, token)
        if seen:
            return db.execute(
                "SELECT session_id FROM event WHERE id = ?", (seen["id"],)
            ).fetchone()[0]
        _check({**_record_head(setup), "hands": []})
        session_id = db.execute(
            "INSERT INTO table_session (created_at) VALUES (?)", (now(),)
        ).lastrowid
        _append(db, session_id, "session_setup", {"setup": setup}, token=token)
        return session_id


def change_setup(db: sqlite3.Connection, session_id: int, setup: dict, token=None) -> int:
    """Correct names, rules or money of the running session; every hand is derived again."""
    with _Write(db):
        if _seen(db, token):
            return session_id
        table = load(db, session_id)
        table.setup = setup
        _check(table.record())
        _append(db, session_id, "session_setup", {"setup": setup}, token=token)
        return session_id


def add_hand(
    db: sqlite3.Connection,
    session_id: int,
    hand: dict,
    expected_hands: int,
    token: str | None = None,
    picture: str | None = None,
) -> tuple[int, bool]:
    """Record the next hand: (hand id, whether new). Refused when the table has moved on."""
    with _Write(db):
        seen = _seen(db, token)
        if seen:
            return seen["id"], False
        table = load(db, session_id)
        if len(table.hands) != expected_hands:
            raise Refusal(
                "hand_already_recorded",
                status=409,
                number=expected_hands + 1,
                count=len(table.hands),
            )
        _check(table.record(extra_hand=hand))
        body = {"hand": hand, "picture": picture}
        return _append(db, session_id, "hand_added", body, token=token), True


def edit_hand(db, session_id: int, hand_id: int, hand: dict, token=None, picture=None) -> int:
    with _Write(db):
        if _seen(db, token):
            return hand_id
        table = load(db, session_id)
        if table.index_of(hand_id) is None:
            raise Refusal("hand_not_found", status=404)
        _check(table.record(replace={hand_id: hand}))
        body = {"hand": hand}
        if picture is not None:
            body["picture"] = picture
        _append(db, session_id, "hand_edited", body, hand_id=hand_id, token=token)
        return hand_id


def delete_hand(db, session_id: int, hand_id: int, token=None) -> None:
    with _Write(db):
        if _seen(db, token):
            return
        table = load(db, session_id)
        index = table.index_of(hand_id)
        if index is None:
            raise Refusal("hand_not_found", status=404)
        record = table.record()
        del record["hands"][index]
        _check(record)
        _append(db, session_id, "hand_deleted", {}, hand_id=hand_id, token=token)


def undo(db, session_id: int, expected: int | None, token=None) -> Event | None:
    """Cancel the newest change (a hand's, a setup's, or starting the session), if it is still
    the one the phone saw (`expected`). Undoing a session's start brings back the one before."""
    with _Write(db):
        if _seen(db, token):
            return None
        events = _events(db, session_id)
        table = fold(session_id, events)
        target = table.undoable
        if target is None:
            raise Refusal("nothing_to_undo", status=409)
        if expected is not None and expected != target.id:
            raise Refusal("undo_moved_on", status=409)
        if not table.undo_ends_session:
            cancel = Event(0, "undo", target.hand_id, {"cancels": target.id}, now())
            _check(fold(session_id, [*events, cancel]).record())
        _append(db, session_id, "undo", {"cancels": target.id}, hand_id=target.hand_id, token=token)
        return target


def save_picture(db, name: str, width: int, height: int, reading: dict) -> None:
    with _Write(db):
        db.execute(
            "INSERT OR IGNORE INTO picture (name, width, height, reading, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (name, width, height, json.dumps(reading), now()),
        )


def picture_reading(db, name: str) -> dict | None:
    row = db.execute("SELECT reading FROM picture WHERE name = ?", (name,)).fetchone()
    return json.loads(row["reading"]) if row else None


def _record_head(setup: dict) -> dict:
    return {
        "rules": setup["rules"],
        "options": dict(setup.get("options", {})),
        "horse_race": bool(setup.get("horse_race", True)),
        "players": list(setup["players"]),
    }


def player_renames(db: sqlite3.Connection) -> list[tuple[str, str]]:
    """Every rename of a player across sessions, oldest first: (old name, new name)."""
    rows = db.execute("SELECT old_name, new_name FROM player_rename ORDER BY id").fetchall()
    return [(row["old_name"], row["new_name"]) for row in rows]


def seatings(db: sqlite3.Connection) -> list[tuple[int, list[str]]]:
    """The players of every standing session as typed there (its setup as corrected last)."""
    found = []
    for row in standing_sessions(db):
        found.append((row["id"], list(load(db, row["id"]).setup.get("players") or [])))
    return found


def rename_player(db: sqlite3.Connection, old: str, new: str, check, token=None) -> str:
    """Record that the player `old` goes by `new` in every session (a merge when `new` is
    another player's name). `check(renames, seatings, old, new)` judges it against the record as
    it is inside the transaction and answers the two names to record, as the player goes by now
    and as cleaned up; the sessions stay as typed."""
    with _Write(db):
        seen = _seen_rename(db, token)
        if seen is not None:
            return seen
        old, new = check(player_renames(db), seatings(db), old, new)
        db.execute(
            "INSERT INTO player_rename (old_name, new_name, token, created_at) VALUES (?, ?, ?, ?)",
            (old, new, token, now()),
        )
        return new


def _seen_rename(db, token: str | None) -> str | None:
    """The new name a rename sent before with this token recorded (a form sent twice)."""
    if not token:
        return None
    row = db.execute("SELECT new_name FROM player_rename WHERE token = ?", (token,)).fetchone()
    return row["new_name"] if row else None
