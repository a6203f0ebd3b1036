-- Players across sessions are matched by name. A rename (or a merge of two names) is recorded
-- here, oldest first; the sessions keep the names typed that evening (webui/names.py).

CREATE TABLE player_rename (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    old_name TEXT NOT NULL,
    new_name TEXT NOT NULL,
    token TEXT UNIQUE,
    created_at TEXT NOT NULL
);

-- Append-only like the event table: a rename is undone by another rename, never by an edit.
CREATE TRIGGER player_rename_no_update BEFORE UPDATE ON player_rename
BEGIN
    SELECT RAISE(ABORT, 'the table record is append-only');
END;

CREATE TRIGGER player_rename_no_delete BEFORE DELETE ON player_rename
BEGIN
    SELECT RAISE(ABORT, 'the table record is append-only');
END;
