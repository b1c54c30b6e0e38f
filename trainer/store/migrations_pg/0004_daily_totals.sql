-- Totals kept as items are added (as the station's rung 0004).
CREATE TABLE day_total (
    profile_id BIGINT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    day TEXT COLLATE "C" NOT NULL,
    drill TEXT COLLATE "C" NOT NULL,
    situation TEXT COLLATE "C" NOT NULL,
    mode TEXT COLLATE "C" NOT NULL,
    items INTEGER NOT NULL,
    steps INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    seconds DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (profile_id, day, drill, situation, mode)
);
INSERT INTO day_total (profile_id, day, drill, situation, mode, items, steps, correct, seconds)
    SELECT profile_id, substr(at, 1, 10), drill, situation, mode, count(*), sum(steps), sum(correct), sum(seconds)
    FROM item GROUP BY 1, 2, 3, 4, 5;

CREATE TABLE mistake_total (
    profile_id BIGINT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    kind TEXT COLLATE "C" NOT NULL,
    topic TEXT COLLATE "C" NOT NULL,
    drill TEXT COLLATE "C" NOT NULL,
    count INTEGER NOT NULL,
    rule TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (profile_id, kind, topic, drill)
);
INSERT INTO mistake_total (profile_id, kind, topic, drill, count, rule)
    SELECT item.profile_id, mistake.kind, mistake.topic, item.drill, count(*), max(mistake.rule)
    FROM mistake JOIN item ON item.id = mistake.item_id GROUP BY 1, 2, 3, 4;
