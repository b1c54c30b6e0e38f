-- As the station's rung 0007: each item keeps its wrong attempts and the steps the table finished for the trainee.
ALTER TABLE item ADD COLUMN wrong_attempts INTEGER;
ALTER TABLE item ADD COLUMN left_to_table INTEGER NOT NULL DEFAULT 0;
