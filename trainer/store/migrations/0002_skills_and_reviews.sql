-- Learning over time: the skills an item trains, each situation type's review card, the hands to deal again.
ALTER TABLE item ADD COLUMN perfect INTEGER NOT NULL DEFAULT 0;
UPDATE item SET perfect = (correct = steps AND NOT EXISTS (SELECT 1 FROM mistake WHERE mistake.item_id = item.id));
CREATE INDEX item_by_profile_drill ON item(profile_id, drill, at);
CREATE INDEX item_by_profile_situation ON item(profile_id, situation, at);
CREATE INDEX item_by_profile_replay ON item(profile_id, replay, at) WHERE replay IS NOT NULL;

CREATE TABLE review_card (
    profile_id INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    card TEXT NOT NULL,                           -- the situation type
    due TEXT NOT NULL,                            -- ISO 8601, UTC
    state TEXT NOT NULL,                          -- the scheduler's card as JSON
    reviews INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (profile_id, card)
) WITHOUT ROWID;
