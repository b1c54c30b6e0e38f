-- The class store as the authority (applied by every `class init` after the numbered rungs; every statement may run
-- again): who signed in, what a deletion leaves behind, and what the server works out itself instead of taking a
-- station's word for it. The functions run as the database owner (SECURITY DEFINER), so a station needs no
-- privilege on what they write.

-- Who may sign in: each station and each instructor is a login role of its own, known here by the name it was
-- added with; a removed one keeps its row (its history names it) and loses its login.
CREATE TABLE IF NOT EXISTS member (
    role TEXT COLLATE "C" PRIMARY KEY,
    name CITEXT NOT NULL,
    kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('station', 'instructor')),
    added TIMESTAMPTZ NOT NULL DEFAULT now(),
    removed TIMESTAMPTZ,
    UNIQUE (kind, name)
);

-- What was deleted stays deleted: an item, an attempt or a trainee deleted on the server (by any path) leaves its
-- uid here, and the server takes nothing with that uid again (a station's outbox, `class upload`). A trainee merged
-- into another leaves the uid it went into.
CREATE TABLE IF NOT EXISTS tombstone (
    uid TEXT COLLATE "C" NOT NULL,
    kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('item', 'attempt', 'profile')),
    at TIMESTAMPTZ NOT NULL DEFAULT now(),
    who TEXT NOT NULL,
    merged_into TEXT COLLATE "C",
    PRIMARY KEY (kind, uid)
);

ALTER TABLE attempt ADD COLUMN IF NOT EXISTS asked_pass_mark DOUBLE PRECISION;  -- a trainee's own exam: its mark
ALTER TABLE attempt ADD COLUMN IF NOT EXISTS complete INTEGER NOT NULL DEFAULT 1;  -- 0: cut short (never passed)
ALTER TABLE attempt ADD COLUMN IF NOT EXISTS station TEXT COLLATE "C";          -- who sent it (the signed-in name)
ALTER TABLE item ALTER COLUMN station SET DEFAULT session_user;

-- Rows that break the rules are refused whoever sends them (NOT VALID: rows kept before are left as they are).
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'item_sound') THEN
        ALTER TABLE item ADD CONSTRAINT item_sound CHECK (
            steps >= 0 AND correct >= 0 AND correct <= steps
            AND seconds >= 0 AND seconds < 'Infinity'::double precision
            AND perfect IN (0, 1) AND (perfect = 0 OR correct = steps)
            AND coalesce(wrong_attempts, 0) >= 0 AND left_to_table >= 0 AND left_to_table <= steps + left_to_table
            AND at ~ '^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d'
            AND (replay IS NULL OR replay ~ '^\["(hand|round|set)",')) NOT VALID;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'attempt_sound') THEN
        ALTER TABLE attempt ADD CONSTRAINT attempt_sound CHECK (
            seconds >= 0 AND seconds < 'Infinity'::double precision AND complete IN (0, 1)
            AND (asked_pass_mark IS NULL OR (asked_pass_mark > 0 AND asked_pass_mark <= 100))
            AND at ~ '^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d') NOT VALID;
    END IF;
END
$$;

-- The name of who signed in: a member's name, else the role's own (the owner, a superuser).
CREATE OR REPLACE FUNCTION class_who() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
AS $$ SELECT coalesce((SELECT name::text FROM member WHERE role = session_user::text), session_user::text) $$;

CREATE OR REPLACE FUNCTION class_station() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
AS $$ SELECT name::text FROM member WHERE role = session_user::text AND kind = 'station' AND removed IS NULL $$;

-- The audit names who signed in, never a value the client chose.
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
BEGIN
    INSERT INTO audit (who, table_name, action, old_row, new_row)
    VALUES (class_who(), TG_TABLE_NAME, TG_OP,
            CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END,
            CASE WHEN TG_OP IN ('UPDATE', 'INSERT') THEN to_jsonb(NEW) END);
    RETURN NULL;
END
$$;

-- An item comes in: never one deleted before; its station is who signed in (a member), never what it says.
CREATE OR REPLACE FUNCTION item_received() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
DECLARE
    signed TEXT := (SELECT name::text FROM member WHERE role = session_user::text);
BEGIN
    IF EXISTS (SELECT 1 FROM tombstone WHERE kind = 'item' AND uid = NEW.uid) THEN
        RETURN NULL;
    END IF;
    IF signed IS NOT NULL OR NEW.station IS NULL THEN
        NEW.station := coalesce(signed, session_user::text);
    END IF;
    NEW.received := now();
    RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS item_received ON item;
CREATE TRIGGER item_received BEFORE INSERT ON item FOR EACH ROW EXECUTE FUNCTION item_received();

-- A station adds mistakes to the items it sent, no others.
CREATE OR REPLACE FUNCTION mistake_received() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
DECLARE
    signed TEXT := class_station();
BEGIN
    IF (SELECT EXISTS (SELECT 1 FROM member WHERE role = session_user::text AND kind = 'station'))
       AND (signed IS NULL OR NOT EXISTS (SELECT 1 FROM item WHERE id = NEW.item_id AND station = signed)) THEN
        RAISE EXCEPTION 'a station adds mistakes only to its own items' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS mistake_received ON mistake;
CREATE TRIGGER mistake_received BEFORE INSERT ON mistake FOR EACH ROW EXECUTE FUNCTION mistake_received();

-- The day's totals and the mistake counts are the server's: added to as items and mistakes come in, taken from
-- as they go or are corrected, whoever adds, corrects or deletes them.
CREATE OR REPLACE FUNCTION item_totals_added() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
BEGIN
    INSERT INTO day_total AS t (profile_id, day, drill, situation, mode, items, steps, correct, seconds,
                                wrong_attempts, left_to_table)
        SELECT profile_id, substr(at, 1, 10), drill, situation, mode, count(*), sum(steps), sum(correct),
               sum(seconds), sum(coalesce(wrong_attempts, 0)), sum(left_to_table)
        FROM added GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (profile_id, day, drill, situation, mode) DO UPDATE SET items = t.items + excluded.items,
            steps = t.steps + excluded.steps, correct = t.correct + excluded.correct,
            seconds = t.seconds + excluded.seconds, wrong_attempts = t.wrong_attempts + excluded.wrong_attempts,
            left_to_table = t.left_to_table + excluded.left_to_table;
    RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS item_totals_added ON item;
CREATE TRIGGER item_totals_added AFTER INSERT ON item REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION item_totals_added();

CREATE OR REPLACE FUNCTION mistake_totals_added() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
BEGIN
    INSERT INTO mistake_total AS t (profile_id, kind, topic, drill, count, rule)
        SELECT item.profile_id, added.kind, added.topic, item.drill, count(*), max(added.rule)
        FROM added JOIN item ON item.id = added.item_id GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (profile_id, kind, topic, drill) DO UPDATE SET count = t.count + excluded.count,
            rule = excluded.rule;
    -- an item that does not count its wrong attempts: one a mistake (the row may come before the item's totals)
    INSERT INTO day_total AS t (profile_id, day, drill, situation, mode, items, steps, correct, seconds,
                                wrong_attempts, left_to_table)
        SELECT item.profile_id, substr(item.at, 1, 10), item.drill, item.situation, item.mode, 0, 0, 0, 0,
               count(*), 0
        FROM added JOIN item ON item.id = added.item_id WHERE item.wrong_attempts IS NULL
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (profile_id, day, drill, situation, mode) DO UPDATE
            SET wrong_attempts = t.wrong_attempts + excluded.wrong_attempts;
    RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS mistake_totals_added ON mistake;
CREATE TRIGGER mistake_totals_added AFTER INSERT ON mistake REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION mistake_totals_added();

-- One item's part of the totals, added (sign 1) or taken away (sign -1); its mistakes as they are now.
CREATE OR REPLACE FUNCTION item_counted(one item, sign INTEGER) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
DECLARE
    marks INTEGER := (SELECT count(*) FROM mistake WHERE item_id = one.id);
BEGIN
    IF NOT EXISTS (SELECT 1 FROM profile WHERE id = one.profile_id) THEN
        RETURN;  -- the trainee is being deleted: the totals go with them
    END IF;
    INSERT INTO day_total AS t (profile_id, day, drill, situation, mode, items, steps, correct, seconds,
                                wrong_attempts, left_to_table)
        VALUES (one.profile_id, substr(one.at, 1, 10), one.drill, one.situation, one.mode, sign, sign * one.steps,
                sign * one.correct, sign * one.seconds, sign * coalesce(one.wrong_attempts, marks),
                sign * one.left_to_table)
        ON CONFLICT (profile_id, day, drill, situation, mode) DO UPDATE SET items = t.items + excluded.items,
            steps = t.steps + excluded.steps, correct = t.correct + excluded.correct,
            seconds = t.seconds + excluded.seconds, wrong_attempts = t.wrong_attempts + excluded.wrong_attempts,
            left_to_table = t.left_to_table + excluded.left_to_table;
    DELETE FROM day_total WHERE profile_id = one.profile_id AND day = substr(one.at, 1, 10) AND drill = one.drill
        AND situation = one.situation AND mode = one.mode AND items <= 0;
    INSERT INTO mistake_total AS t (profile_id, kind, topic, drill, count, rule)
        SELECT one.profile_id, kind, topic, one.drill, sign * count(*), max(rule) FROM mistake
        WHERE item_id = one.id GROUP BY kind, topic ORDER BY kind, topic
        ON CONFLICT (profile_id, kind, topic, drill) DO UPDATE SET count = t.count + excluded.count;
    DELETE FROM mistake_total WHERE profile_id = one.profile_id AND drill = one.drill AND count <= 0;
END
$$;

-- An item deleted (by any path: a screen, the CLI, SQL as the owner or an instructor, a trainee deleted): its
-- totals follow at once and its uid stays deleted.
CREATE OR REPLACE FUNCTION item_removed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
BEGIN
    PERFORM item_counted(OLD, -1);
    INSERT INTO tombstone (uid, kind, who) VALUES (OLD.uid, 'item', class_who()) ON CONFLICT DO NOTHING;
    RETURN OLD;
END
$$;
DROP TRIGGER IF EXISTS item_removed ON item;
CREATE TRIGGER item_removed BEFORE DELETE ON item FOR EACH ROW EXECUTE FUNCTION item_removed();

CREATE OR REPLACE FUNCTION item_corrected() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
BEGIN
    PERFORM item_counted(OLD, -1);
    PERFORM item_counted(NEW, 1);
    IF OLD.profile_id <> NEW.profile_id THEN  -- moved to another trainee (a merge): the station's count moves too
        UPDATE station_total SET items = items - 1 WHERE profile_id = OLD.profile_id AND station = OLD.station;
        DELETE FROM station_total WHERE profile_id = OLD.profile_id AND station = OLD.station AND items <= 0;
        INSERT INTO station_total AS t (profile_id, station, items, last) VALUES (NEW.profile_id, NEW.station, 1, NEW.at)
            ON CONFLICT (profile_id, station) DO UPDATE SET items = t.items + 1, last = greatest(t.last, excluded.last);
    END IF;
    RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS item_corrected ON item;
CREATE TRIGGER item_corrected BEFORE UPDATE OF profile_id, at, drill, situation, mode, steps, correct, seconds,
    wrong_attempts, left_to_table ON item FOR EACH ROW EXECUTE FUNCTION item_corrected();

CREATE OR REPLACE FUNCTION attempt_removed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
BEGIN
    INSERT INTO tombstone (uid, kind, who) VALUES (OLD.uid, 'attempt', class_who()) ON CONFLICT DO NOTHING;
    RETURN OLD;
END
$$;
DROP TRIGGER IF EXISTS attempt_removed ON attempt;
CREATE TRIGGER attempt_removed BEFORE DELETE ON attempt FOR EACH ROW EXECUTE FUNCTION attempt_removed();

CREATE OR REPLACE FUNCTION profile_removed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
BEGIN
    INSERT INTO tombstone (uid, kind, who, merged_into)
        VALUES (OLD.uid, 'profile', class_who(), nullif(current_setting('uth.merged_into', true), ''))
        ON CONFLICT (kind, uid) DO UPDATE SET merged_into = excluded.merged_into;
    RETURN OLD;
END
$$;
DROP TRIGGER IF EXISTS profile_removed ON profile;
CREATE TRIGGER profile_removed BEFORE DELETE ON profile FOR EACH ROW EXECUTE FUNCTION profile_removed();

CREATE OR REPLACE FUNCTION profile_received() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM tombstone WHERE kind = 'profile' AND uid = NEW.uid) THEN
        RETURN NULL;
    END IF;
    RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS profile_received ON profile;
CREATE TRIGGER profile_received BEFORE INSERT ON profile FOR EACH ROW EXECUTE FUNCTION profile_received();

-- An exam attempt is marked here: its score from its own items, its pass mark, hands and time limit from the exam
-- on the server (an exam the server does not have is a trainee's own, marked by the mark the trainee chose and
-- named so); never a station's score or verdict.
CREATE OR REPLACE FUNCTION attempt_marked() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
AS $$
DECLARE
    parts JSONB;
    terms JSONB;
    title TEXT;
    done INTEGER;
    total_steps BIGINT;
    total_correct BIGINT;
    total_seconds DOUBLE PRECISION;
    time_limit DOUBLE PRECISION;
BEGIN
    IF EXISTS (SELECT 1 FROM tombstone WHERE kind = 'attempt' AND uid = NEW.uid) THEN
        RETURN NULL;
    END IF;
    NEW.station := class_who();
    BEGIN
        parts := NEW.items::jsonb;
    EXCEPTION WHEN others THEN
        RAISE EXCEPTION 'attempt %: its items are not JSON', NEW.uid USING ERRCODE = 'check_violation';
    END;
    IF jsonb_typeof(parts) IS DISTINCT FROM 'array' OR EXISTS (
            SELECT 1 FROM jsonb_array_elements(parts) AS part
            WHERE jsonb_typeof(part -> 'steps') IS DISTINCT FROM 'number'
               OR jsonb_typeof(part -> 'correct') IS DISTINCT FROM 'number'
               OR jsonb_typeof(part -> 'seconds') IS DISTINCT FROM 'number'
               OR (part ->> 'correct')::numeric < 0 OR (part ->> 'steps')::numeric < (part ->> 'correct')::numeric
               OR (part ->> 'seconds')::numeric < 0) THEN
        RAISE EXCEPTION 'attempt %: each item needs steps, steps right (at most the steps) and seconds', NEW.uid
            USING ERRCODE = 'check_violation';
    END IF;
    SELECT count(*), coalesce(sum((part ->> 'steps')::bigint), 0), coalesce(sum((part ->> 'correct')::bigint), 0),
           coalesce(sum((part ->> 'seconds')::double precision), 0)
        INTO done, total_steps, total_correct, total_seconds FROM jsonb_array_elements(parts) AS part;
    NEW.steps := total_steps;
    NEW.correct := total_correct;
    NEW.score := CASE WHEN total_steps = 0 THEN 100.0 ELSE 100.0 * total_correct / total_steps END;
    NEW.seconds := greatest(NEW.seconds, total_seconds);
    SELECT definition::jsonb, name::text INTO terms, title FROM exam WHERE uid = NEW.exam_uid AND NEW.exam_uid <> '';
    IF terms IS NOT NULL THEN
        NEW.instructor := 1;
        NEW.exam_name := title;
        NEW.pass_mark := (terms ->> 'pass_mark')::double precision;
        NEW.hands := (terms ->> 'hands')::integer;
        time_limit := (terms ->> 'time_limit_minutes')::double precision;
    ELSE
        NEW.instructor := 0;
        NEW.exam_uid := '';
        IF NEW.exam_name NOT LIKE 'Own exam: %' THEN
            NEW.exam_name := 'Own exam: ' || NEW.exam_name;
        END IF;
        NEW.pass_mark := NEW.asked_pass_mark;
        time_limit := 600;
    END IF;
    NEW.passed := CASE WHEN NEW.complete = 1 AND NEW.pass_mark IS NOT NULL AND done >= greatest(coalesce(NEW.hands, 1), 1)
                            AND NEW.score >= NEW.pass_mark AND NEW.seconds <= time_limit * 60 THEN 1 ELSE 0 END;
    RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS attempt_marked ON attempt;
CREATE TRIGGER attempt_marked BEFORE INSERT ON attempt FOR EACH ROW EXECUTE FUNCTION attempt_marked();

-- Review cards a station changes: only its own trainees' (those whose items it sent), through this function.
CREATE OR REPLACE FUNCTION class_review(profiles BIGINT[], cards TEXT[], dues TEXT[], states TEXT[], counts INTEGER[])
RETURNS INTEGER LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
    signed TEXT := class_station();
    kept INTEGER;
BEGIN
    IF signed IS NULL AND EXISTS (SELECT 1 FROM member WHERE role = session_user::text AND kind = 'station') THEN
        RAISE EXCEPTION 'this station was removed from the class' USING ERRCODE = 'insufficient_privilege';
    END IF;
    INSERT INTO review_card AS t (profile_id, card, due, state, reviews)
        SELECT given.profile_id, given.card, given.due, given.state, given.reviews
        FROM unnest(profiles, cards, dues, states, counts) AS given(profile_id, card, due, state, reviews)
        WHERE given.reviews > 0 AND (signed IS NULL OR EXISTS (
            SELECT 1 FROM station_total WHERE station_total.profile_id = given.profile_id
                                          AND station_total.station = signed))
        ORDER BY 1, 2
        ON CONFLICT (profile_id, card) DO UPDATE SET due = excluded.due, state = excluded.state,
            reviews = t.reviews + excluded.reviews;
    GET DIAGNOSTICS kept = ROW_COUNT;
    RETURN kept;
END
$$;

-- A trainee's marked path steps (the only settings a station keeps), merged with what other stations marked.
CREATE OR REPLACE FUNCTION class_keep_path(setting_key TEXT, steps TEXT) RETURNS void LANGUAGE plpgsql
SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
    IF setting_key NOT LIKE 'path/%' THEN
        RAISE EXCEPTION 'a station keeps only a trainee''s path' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF jsonb_typeof(steps::jsonb) IS DISTINCT FROM 'array' THEN
        RAISE EXCEPTION 'a path is a list of steps' USING ERRCODE = 'check_violation';
    END IF;
    INSERT INTO setting AS t (key, value) VALUES (setting_key, steps)
        ON CONFLICT (key) DO UPDATE SET value = (
            SELECT coalesce(jsonb_agg(DISTINCT step ORDER BY step), '[]'::jsonb)::text
            FROM (SELECT jsonb_array_elements_text(t.value::jsonb) AS step
                  UNION SELECT jsonb_array_elements_text(excluded.value::jsonb)) AS both_);
END
$$;

REVOKE ALL ON FUNCTION class_review(BIGINT[], TEXT[], TEXT[], TEXT[], INTEGER[]) FROM PUBLIC;
REVOKE ALL ON FUNCTION class_keep_path(TEXT, TEXT) FROM PUBLIC;
REVOKE ALL ON FUNCTION item_counted(item, INTEGER) FROM PUBLIC;

-- One CSV cell of the class report, as the station's report writes it: text a spreadsheet would take for a formula
-- gets a leading quote, a cell with a comma, a semicolon, a quote or a line break is quoted.
CREATE OR REPLACE FUNCTION class_csv(value TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN value !~ '^[-=+@\t\r]|[",;\r\n]' THEN value
                WHEN value ~ '[",;\r\n]'
                THEN '"' || replace(CASE WHEN value ~ '^[-=+@\t\r]' THEN '''' || value ELSE value END, '"', '""') || '"'
                ELSE '''' || value END
$$;
