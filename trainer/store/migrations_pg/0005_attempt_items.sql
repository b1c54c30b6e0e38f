-- An exam attempt keeps its items (as the station's rung 0005), so its score and verdict can be worked out again.
ALTER TABLE attempt ADD COLUMN items TEXT NOT NULL DEFAULT '[]';
