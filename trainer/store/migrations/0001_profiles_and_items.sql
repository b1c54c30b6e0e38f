-- The first schema: trainees and every item they scored, with its mistakes.
CREATE TABLE profile (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,                     -- stable across stations: export and import match on it
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created TEXT NOT NULL                         -- ISO 8601, UTC
);

CREATE TABLE item (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,                     -- an import adds an item once
    profile_id INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    at TEXT NOT NULL,                             -- when it was scored, ISO 8601, UTC
    drill TEXT NOT NULL,
    situation TEXT NOT NULL,                      -- the situation type (the drill's name when it has none)
    variant TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    seed INTEGER,                                 -- the seed that replays it (see replay)
    replay TEXT,                                  -- how to deal it again: 'hand:...' or 'set:...'; NULL when it cannot be
    mode TEXT NOT NULL,
    steps INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    seconds REAL NOT NULL
);
CREATE INDEX item_by_profile_date ON item(profile_id, at);

CREATE TABLE mistake (
    item_id INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    kind TEXT NOT NULL,
    expected TEXT NOT NULL,
    given TEXT NOT NULL,
    rule TEXT NOT NULL DEFAULT '',
    topic TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (item_id, position)
) WITHOUT ROWID;
