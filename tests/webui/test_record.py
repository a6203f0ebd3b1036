"""The database and the fold of its append-only events into the table's record."""

from __future__ import annotations

import sqlite3

import pytest

from webui import db
from webui.record import Event, fold

SETUP = {"players": ["A", "B", "C", "D"], "rules": "standard", "options": {}, "horse_race": True}
DRAW = {"result": "draw"}
ABORT = {"result": "abortive", "kind": "four_winds"}


def events(*rows) -> list[Event]:
    """Events numbered from 1: (kind, hand_id, body)."""
    made = [Event(1, "session_setup", None, {"setup": SETUP}, "t")]
    for number, (kind, hand_id, body) in enumerate(rows, start=2):
        made.append(Event(number, kind, hand_id, body, "t"))
    return made


def hands(table) -> list[dict]:
    return table.record()["hands"]


def test_added_hands_come_in_order_with_the_setup():
    table = fold(
        1, events(("hand_added", None, {"hand": DRAW}), ("hand_added", None, {"hand": ABORT}))
    )
    assert table.record() == {**SETUP, "hands": [DRAW, ABORT]}
    assert [entry.id for entry in table.hands] == [2, 3]
    assert table.version == 3


def test_an_edit_replaces_a_hand_in_place_and_a_delete_removes_it():
    table = fold(
        1,
        events(
            ("hand_added", None, {"hand": DRAW}),
            ("hand_added", None, {"hand": DRAW}),
            ("hand_edited", 2, {"hand": ABORT}),
            ("hand_deleted", 3, {}),
        ),
    )
    assert hands(table) == [ABORT]


def test_undo_cancels_the_newest_change_first():
    rows = [
        ("hand_added", None, {"hand": DRAW}),  # 2
        ("hand_edited", 2, {"hand": ABORT}),  # 3
    ]
    table = fold(1, events(*rows))
    assert table.undoable.id == 3
    table = fold(1, events(*rows, ("undo", 2, {"cancels": 3})))
    assert hands(table) == [DRAW]
    assert table.undoable.id == 2
    table = fold(1, events(*rows, ("undo", 2, {"cancels": 3}), ("undo", 2, {"cancels": 2})))
    assert hands(table) == []
    assert table.undoable.id == 1 and table.undo_ends_session, "then starting the session"


def test_undoing_a_corrected_setup_brings_back_the_one_before():
    renamed = {**SETUP, "players": ["Ann", "B", "C", "D"]}
    rows = [("session_setup", None, {"setup": renamed})]  # 2
    assert fold(1, events(*rows)).undoable.id == 2
    table = fold(1, events(*rows, ("undo", None, {"cancels": 2})))
    assert table.record()["players"] == ["A", "B", "C", "D"]
    assert table.undo_ends_session


def test_a_later_setup_corrects_the_earlier_one():
    renamed = {**SETUP, "players": ["Ann", "B", "C", "D"]}
    table = fold(1, events(("session_setup", None, {"setup": renamed})))
    assert table.record()["players"] == ["Ann", "B", "C", "D"]


def test_migrations_bring_a_new_database_to_the_latest_version(tmp_path):
    conn = db.connect(tmp_path / "t.sqlite3")
    latest = db.migrations()[-1][0]
    assert db.migrate(conn) == latest
    assert db.migrate(conn) == latest, "running them again changes nothing"
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"event", "table_session", "picture"} <= tables


def test_an_older_database_is_migrated_without_losing_its_events(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = db.connect(path)
    number, _name, sql = db.migrations()[0]
    for statement in db._statements(sql):
        conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {number}")
    conn.execute("INSERT INTO table_session (created_at) VALUES ('then')")
    conn.execute(
        "INSERT INTO event (session_id, kind, body, created_at)"
        " VALUES (1, 'session_setup', '{}', 'then')"
    )
    assert db.migrate(conn) == db.migrations()[-1][0]
    assert conn.execute("SELECT COUNT(*) FROM event").fetchone()[0] == 1


def test_the_record_is_append_only(tmp_path):
    conn = db.connect(tmp_path / "t.sqlite3")
    db.migrate(conn)
    conn.execute("INSERT INTO table_session (created_at) VALUES ('now')")
    conn.execute(
        "INSERT INTO event (session_id, kind, body, created_at)"
        " VALUES (1, 'hand_added', '{}', 'now')"
    )
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("UPDATE event SET body = '{\"hand\": 1}'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM event")
