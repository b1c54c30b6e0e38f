-- Learning over time (as the station's rung 0002): whether an item was perfect, the review cards.
ALTER TABLE item ADD COLUMN perfect INTEGER NOT NULL DEFAULT 0;
UPDATE item SET perfect = CASE WHEN correct = steps AND NOT EXISTS (SELECT 1 FROM mistake WHERE mistake.item_id = item.id)
                               THEN 1 ELSE 0 END;
-- A skill's window (its last items, newest first) read from the index alone; the skills practised from the small
-- (deduplicated) indexes of the last two: the class report reads a whole room's trainees at once.
CREATE INDEX item_by_profile_drill ON item(profile_id, drill, at, id) INCLUDE (steps, correct, seconds);
CREATE INDEX item_by_profile_situation ON item(profile_id, situation, at, id) INCLUDE (steps, correct, seconds);
CREATE INDEX item_drills ON item(profile_id, drill);
CREATE INDEX item_situations ON item(profile_id, situation);
CREATE INDEX item_by_profile_replay ON item(profile_id, replay, at) WHERE replay IS NOT NULL;

CREATE TABLE review_card (
    profile_id BIGINT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    card TEXT COLLATE "C" NOT NULL,
    due TEXT COLLATE "C" NOT NULL,
    state TEXT COLLATE "C" NOT NULL,
    reviews INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (profile_id, card)
);
