-- Every exam set is kept as an attempt: an instructor's exam (defined in File > Instructor) or one the trainee
-- set themselves (Ctrl+E, a drill or the run round in exam mode). Each attempt keeps the pass mark it was marked by.
ALTER TABLE attempt ADD COLUMN instructor INTEGER NOT NULL DEFAULT 1;  -- 1: an instructor's exam; 0: set by the trainee
ALTER TABLE attempt ADD COLUMN pass_mark REAL;                         -- percent; NULL only when it is not known
ALTER TABLE attempt ADD COLUMN hands INTEGER;                          -- the hands it was set for; NULL when not known
UPDATE attempt SET pass_mark = (SELECT json_extract(exam.definition, '$.pass_mark') FROM exam
                                WHERE exam.uid = attempt.exam_uid)
 WHERE pass_mark IS NULL;
UPDATE attempt SET hands = (SELECT json_extract(exam.definition, '$.hands') FROM exam WHERE exam.uid = attempt.exam_uid)
 WHERE hands IS NULL;
