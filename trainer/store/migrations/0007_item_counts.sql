-- Each item keeps the counts every screen and file shows: its wrong attempts (every wrong try; NULL for an item
-- kept before: one per mistake then) and the steps the table finished for the trainee (among the steps wrong).
ALTER TABLE item ADD COLUMN wrong_attempts INTEGER;
ALTER TABLE item ADD COLUMN left_to_table INTEGER NOT NULL DEFAULT 0;
