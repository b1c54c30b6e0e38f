-- The training room: the instructor's PIN (its salted hash only), exams and their attempts.
CREATE TABLE setting (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL                           -- JSON
) WITHOUT ROWID;

CREATE TABLE exam (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    definition TEXT NOT NULL,                     -- JSON: drill, banking, pay tables, hands, pass mark, time limit
    created TEXT NOT NULL
);

CREATE TABLE attempt (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    profile_id INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    exam_uid TEXT NOT NULL,
    exam_name TEXT NOT NULL,
    at TEXT NOT NULL,
    score REAL NOT NULL,
    steps INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    mistakes TEXT NOT NULL,                       -- JSON list of {kind, expected, given, rule, topic}
    seconds REAL NOT NULL,
    passed INTEGER NOT NULL
);
CREATE INDEX attempt_by_profile ON attempt(profile_id, at);
