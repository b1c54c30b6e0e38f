-- As the station's rung 0005: an exam attempt keeps its items (each one's steps, steps right, seconds and
-- mistakes), so its score and verdict can be worked out again from them.
ALTER TABLE attempt ADD COLUMN items TEXT COLLATE "C" NOT NULL DEFAULT '[]';
