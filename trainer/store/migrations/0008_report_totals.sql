-- The day's totals keep the wrong attempts and the steps left to the table too, so a report's totals read the
-- totals, never every item (an item kept before rung 0007 counts one wrong attempt per mistake).
ALTER TABLE day_total ADD COLUMN wrong_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE day_total ADD COLUMN left_to_table INTEGER NOT NULL DEFAULT 0;
UPDATE day_total SET wrong_attempts = counted.wrong_attempts, left_to_table = counted.left_to_table
    FROM (SELECT profile_id, substr(at, 1, 10) AS day, drill, situation, mode,
                 sum(coalesce(wrong_attempts, (SELECT count(*) FROM mistake WHERE mistake.item_id = item.id)))
                     AS wrong_attempts,
                 sum(left_to_table) AS left_to_table
          FROM item GROUP BY 1, 2, 3, 4, 5) AS counted
    WHERE day_total.profile_id = counted.profile_id AND day_total.day = counted.day
      AND day_total.drill = counted.drill AND day_total.situation = counted.situation
      AND day_total.mode = counted.mode;
