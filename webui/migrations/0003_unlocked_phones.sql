-- Phones unlocked with the table PIN. A phone's cookie carries a random key whose digest is kept
-- here, so "Lock this phone" and a new PIN revoke it on the server: a copy of the cookie taken
-- before stops working too.

CREATE TABLE unlocked_phone (
    key_digest TEXT PRIMARY KEY,
    unlocked_at REAL NOT NULL
);
