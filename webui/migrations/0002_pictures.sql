-- Pictures a hand was read from: kept as files in the data folder, named by content hash.

CREATE TABLE picture (
    name TEXT PRIMARY KEY,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    reading TEXT NOT NULL,
    created_at TEXT NOT NULL
);
