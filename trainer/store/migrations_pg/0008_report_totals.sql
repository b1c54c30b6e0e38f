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

-- Class store only: each trainee's items per station (the report's station column), kept by the server itself as
-- items are added or deleted, whoever adds them, so the report reads a few rows, never every item.
CREATE TABLE station_total (
    profile_id BIGINT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
    station TEXT COLLATE "C" NOT NULL,
    items INTEGER NOT NULL,
    last TEXT COLLATE "C" NOT NULL,                -- the latest item's time (as item.at)
    PRIMARY KEY (profile_id, station)
);
INSERT INTO station_total (profile_id, station, items, last)
    SELECT profile_id, station, count(*), max(at) FROM item GROUP BY 1, 2;

CREATE FUNCTION station_total_added() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
BEGIN
    INSERT INTO station_total (profile_id, station, items, last)
        SELECT profile_id, station, count(*), max(at) FROM added GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (profile_id, station) DO UPDATE SET items = station_total.items + excluded.items,
            last = greatest(station_total.last, excluded.last);
    RETURN NULL;
END
$$;

CREATE FUNCTION station_total_removed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
BEGIN
    UPDATE station_total SET items = station_total.items - gone.count
        FROM (SELECT profile_id, station, count(*) AS count FROM removed GROUP BY 1, 2) AS gone
        WHERE station_total.profile_id = gone.profile_id AND station_total.station = gone.station;
    DELETE FROM station_total WHERE items <= 0;
    RETURN NULL;
END
$$;

CREATE TRIGGER item_station_added AFTER INSERT ON item REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION station_total_added();
CREATE TRIGGER item_station_removed AFTER DELETE ON item REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION station_total_removed();
