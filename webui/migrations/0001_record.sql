-- The table's record: sessions and an append-only list of what happened at the table.
-- Standings are never stored; they are derived from the events (webui/record.py).

CREATE TABLE table_session (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL
);

CREATE TABLE event (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES table_session (id),
    kind TEXT NOT NULL CHECK (
        kind IN ('session_setup', 'hand_added', 'hand_edited', 'hand_deleted', 'undo')
    ),
    hand_id INTEGER,
    body TEXT NOT NULL,
    token TEXT UNIQUE,
    created_at TEXT NOT NULL
);

CREATE INDEX event_by_session ON event (session_id, id);

-- Append-only: a past event is never changed or removed; corrections are new events.
CREATE TRIGGER event_no_update BEFORE UPDATE ON event
BEGIN
    SELECT RAISE(ABORT, 'the table record is append-only');
END;

CREATE TRIGGER event_no_delete BEFORE DELETE ON event
BEGIN
    SELECT RAISE(ABORT, 'the table record is append-only');
END;
