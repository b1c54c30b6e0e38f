-- As the station's rung 0006: every exam set is kept as an attempt, an instructor's exam or one the trainee set,
-- with the pass mark it was marked by.
ALTER TABLE attempt ADD COLUMN instructor INTEGER NOT NULL DEFAULT 1;
ALTER TABLE attempt ADD COLUMN pass_mark DOUBLE PRECISION;
ALTER TABLE attempt ADD COLUMN hands INTEGER;
UPDATE attempt SET pass_mark = (SELECT (exam.definition::jsonb ->> 'pass_mark')::double precision FROM exam
                                WHERE exam.uid = attempt.exam_uid)
 WHERE pass_mark IS NULL;
UPDATE attempt SET hands = (SELECT (exam.definition::jsonb ->> 'hands')::integer FROM exam WHERE exam.uid = attempt.exam_uid)
 WHERE hands IS NULL;
