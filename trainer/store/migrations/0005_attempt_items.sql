-- An exam attempt keeps its items (each one's steps, steps right, seconds and mistakes), so its score and verdict
-- can be worked out again from them (an import recomputes them; an attempt without its items is not imported).
ALTER TABLE attempt ADD COLUMN items TEXT NOT NULL DEFAULT '[]';  -- JSON list of {item, steps, correct, seconds, mistakes}
