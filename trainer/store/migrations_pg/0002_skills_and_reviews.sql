-- Learning over time (as the station's rung 0002): whether an item was perfect, the review cards.
ALTER TABLE item ADD COLUMN perfect INTEGER NOT NULL DEFAULT 0;
UPDATE item SET perfect = CASE WHEN correct = steps AND NOT EXISTS (SELECT 1 FROM mistake WHERE mistake.item_id = item.id)
                               THEN 1 ELSE 0 END;
CREATE INDEX item_by_profile_drill ON item(profile_id, drill, at);
CREATE INDEX item_by_profile_situation ON item(profile_id, situation, at);
CREATE INDEX item_by_profile_replay ON item(profile_id, replay, at) WHERE replay IS NOT NULL;

CREATE TABLE review_card (
    profile_id BIGINT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    card TEXT COLLATE "C" NOT NULL,
    due TEXT COLLATE "C" NOT NULL,
    state TEXT COLLATE "C" NOT NULL,
    reviews INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (profile_id, card)
);
