-- As the station's rung 0008: the day's totals keep the wrong attempts and the steps left to the table too, so the
-- class report's totals read the totals, never every item.
ALTER TABLE day_total ADD COLUMN wrong_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE day_total ADD COLUMN left_to_table INTEGER NOT NULL DEFAULT 0;
UPDATE day_total SET wrong_attempts = counted.wrong_attempts, left_to_table = counted.left_to_table
    FROM (SELECT item.profile_id, substr(item.at, 1, 10) AS day, item.drill, item.situation, item.mode,
                 sum(coalesce(item.wrong_attempts, marks.count, 0)) AS wrong_attempts,
                 sum(item.left_to_table) AS left_to_table
          FROM item LEFT JOIN (SELECT item_id, count(*) AS count FROM mistake GROUP BY item_id) AS marks
               ON marks.item_id = item.id
          GROUP BY 1, 2, 3, 4, 5) AS counted
    WHERE day_total.profile_id = counted.profile_id AND day_total.day = counted.day
      AND day_total.drill = counted.drill AND day_total.situation = counted.situation
      AND day_total.mode = counted.mode;
