"""The panel's SQLite database: one connection per request on `g`, WAL, numbered migrations.

The schema lives in `webui/migrations/NNNN_name.sql`; `PRAGMA user_version` holds the number of
the last one applied. Each migration runs in one transaction, so a crash mid-way leaves the
database at the previous version, never half-migrated.
"""

from __future__ import annotations

import sqlite3
from importlib import resources
from pathlib import Path

from flask import current_app, g

BUSY_TIMEOUT_MS = 10_000


def connect(path: str | Path) -> sqlite3.Connection:
    """Open the database in autocommit mode; writers take `BEGIN IMMEDIATE` themselves."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode = WAL")
    # FULL: a committed hand survives a power cut too, not only a killed server.
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


def migrations() -> list[tuple[int, str, str]]:
    """(number, name, sql) of every migration shipped with the package, in order."""
    folder = resources.files("webui") / "migrations"
    found = []
    for item in folder.iterdir():
        if item.name.endswith(".sql"):
            number = int(item.name.split("_", 1)[0])
            found.append((number, item.name, item.read_text(encoding="utf-8")))
    return sorted(found)


def schema_version(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA user_version").fetchone()[0]


def _statements(sql: str) -> list[str]:
    """Split a script into statements (trigger bodies keep their inner semicolons)."""
    statements, pending = [], ""
    for line in sql.splitlines(keepends=True):
        if not pending and line.strip().startswith("--"):
            continue
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        statements.append(pending.strip())
    return statements


def migrate(conn: sqlite3.Connection) -> int:
    """Apply every migration newer than the database; returns the version reached."""
    for number, _name, sql in migrations():
        conn.execute("BEGIN IMMEDIATE")
        try:
            if schema_version(conn) >= number:
                conn.execute("ROLLBACK")
                continue
            for statement in _statements(sql):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return schema_version(conn)


def get_db() -> sqlite3.Connection:
    """The request's connection, opened on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_error=None) -> None:
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def init_app(app) -> None:
    """Migrate the database once at start-up and close connections after each request."""
    conn = connect(app.config["DATABASE"])
    try:
        migrate(conn)
    finally:
        conn.close()
    app.teardown_appcontext(close_db)
