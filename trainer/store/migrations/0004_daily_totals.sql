-- Totals kept as items are added, so the progress screen and the reports read a few rows, not every item.
CREATE TABLE day_total (
    profile_id INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    day TEXT NOT NULL,                            -- YYYY-MM-DD, UTC
    drill TEXT NOT NULL,
    situation TEXT NOT NULL,
    mode TEXT NOT NULL,
    items INTEGER NOT NULL,
    steps INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (profile_id, day, drill, situation, mode)
) WITHOUT ROWID;
INSERT INTO day_total (profile_id, day, drill, situation, mode, items, steps, correct, seconds)
    SELECT profile_id, substr(at, 1, 10), drill, situation, mode, count(*), sum(steps), sum(correct), sum(seconds)
    FROM item GROUP BY 1, 2, 3, 4, 5;

CREATE TABLE mistake_total (
    profile_id INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    topic TEXT NOT NULL,
    drill TEXT NOT NULL,
    count INTEGER NOT NULL,
    rule TEXT NOT NULL,                           -- the latest rule given for it
    PRIMARY KEY (profile_id, kind, topic, drill)
) WITHOUT ROWID;
INSERT INTO mistake_total (profile_id, kind, topic, drill, count, rule)
    SELECT item.profile_id, mistake.kind, mistake.topic, item.drill, count(*), max(mistake.rule)
    FROM mistake JOIN item ON item.id = mistake.item_id GROUP BY 1, 2, 3, 4;
