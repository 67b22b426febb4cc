-- month_total."entries" counts entries, not lines (decision 0018): an entry counts once in each month, kind and category
-- it has a line in, however many of its lines are there, so "Entries: N" of a category (Settings, a list filtered by
-- it) counts a split once. The amounts are folded as before, line by line.
--
-- The statement-level functions of migration 0003 (on entry_line's triggers since 0015) keep their names and their
-- triggers. The count of an entry in a category changes by "has a line there after the statement" less "had one
-- before it". Both are read for the entries a statement touched only: their lines now (one index probe per entry, on
-- entry_line's (entry_id, position)), and, for before, the same lines less the statement's new rows plus its old
-- rows. A line the statement did not touch is in both and cancels out.
CREATE OR REPLACE FUNCTION "month_total_add_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "lines" AS MATERIALIZED (
    SELECT "line".* FROM (SELECT DISTINCT "entry_id" FROM "new_rows") AS "touched"
    CROSS JOIN LATERAL (
      SELECT "id", "entry_id", "household_id", "kind", "occurred_on", "category_id" FROM "entry_line"
      WHERE "entry_line"."entry_id" = "touched"."entry_id" OFFSET 0
    ) AS "line"
  )
  INSERT INTO "month_total" ("household_id", "month", "kind", "category_id", "total_minor", "entries")
  SELECT "household_id", "month", "kind", "category_id", sum("total_minor"), sum("entries")
  FROM (
    SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id",
           "amount_minor" AS "total_minor", 0 AS "entries"
    FROM "new_rows"
    UNION ALL
    SELECT "household_id", "month", "kind", "category_id", 0, 1 FROM (
      SELECT DISTINCT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id", "entry_id"
      FROM "lines"
    ) AS "after"
    UNION ALL
    SELECT "household_id", "month", "kind", "category_id", 0, -1 FROM (
      SELECT DISTINCT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id", "entry_id"
      FROM "lines" WHERE "id" NOT IN (SELECT "id" FROM "new_rows")
    ) AS "before"
  ) AS "change"
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("household_id", "month", "kind", "category_id") DO UPDATE
    SET "total_minor" = "month_total"."total_minor" + excluded."total_minor",
        "entries" = "month_total"."entries" + excluded."entries";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "month_total_remove_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only updates: when a whole household is deleted its month_total rows are already gone (cascade).
  WITH "lines" AS MATERIALIZED (
    SELECT "line".* FROM (SELECT DISTINCT "entry_id" FROM "old_rows") AS "touched"
    CROSS JOIN LATERAL (
      SELECT "id", "entry_id", "household_id", "kind", "occurred_on", "category_id" FROM "entry_line"
      WHERE "entry_line"."entry_id" = "touched"."entry_id" OFFSET 0
    ) AS "line"
  )
  UPDATE "month_total" AS m
  SET "total_minor" = m."total_minor" + c."total_minor", "entries" = m."entries" + c."entries"
  FROM (
    SELECT "household_id", "month", "kind", "category_id", sum("total_minor") AS "total_minor", sum("entries") AS "entries"
    FROM (
      SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id",
             -"amount_minor" AS "total_minor", 0 AS "entries"
      FROM "old_rows"
      UNION ALL
      SELECT "household_id", "month", "kind", "category_id", 0, 1 FROM (
        SELECT DISTINCT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id", "entry_id"
        FROM "lines"
      ) AS "after"
      UNION ALL
      SELECT "household_id", "month", "kind", "category_id", 0, -1 FROM (
        SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id", "entry_id"
        FROM "lines"
        UNION
        SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date, "kind", "category_id", "entry_id"
        FROM "old_rows"
      ) AS "before"
    ) AS "rows"
    GROUP BY 1, 2, 3, 4
  ) AS c
  WHERE m."household_id" = c."household_id" AND m."month" = c."month" AND m."kind" = c."kind" AND m."category_id" = c."category_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "month_total_move_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "lines" AS MATERIALIZED (
    SELECT "line".* FROM (SELECT "entry_id" FROM "old_rows" UNION SELECT "entry_id" FROM "new_rows") AS "touched"
    CROSS JOIN LATERAL (
      SELECT "id", "entry_id", "household_id", "kind", "occurred_on", "category_id" FROM "entry_line"
      WHERE "entry_line"."entry_id" = "touched"."entry_id" OFFSET 0
    ) AS "line"
  )
  INSERT INTO "month_total" ("household_id", "month", "kind", "category_id", "total_minor", "entries")
  SELECT "household_id", "month", "kind", "category_id", sum("total_minor"), sum("entries")
  FROM (
    SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id",
           -"amount_minor" AS "total_minor", 0 AS "entries"
    FROM "old_rows"
    UNION ALL
    SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date, "kind", "category_id", "amount_minor", 0
    FROM "new_rows"
    UNION ALL
    SELECT "household_id", "month", "kind", "category_id", 0, 1 FROM (
      SELECT DISTINCT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id", "entry_id"
      FROM "lines"
    ) AS "after"
    UNION ALL
    SELECT "household_id", "month", "kind", "category_id", 0, -1 FROM (
      SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id", "entry_id"
      FROM "lines" WHERE "id" NOT IN (SELECT "id" FROM "new_rows")
      UNION
      SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date, "kind", "category_id", "entry_id"
      FROM "old_rows"
    ) AS "before"
  ) AS "change"
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("household_id", "month", "kind", "category_id") DO UPDATE
    SET "total_minor" = "month_total"."total_minor" + excluded."total_minor",
        "entries" = "month_total"."entries" + excluded."entries";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Until now a split counted once per line: count the entries again where that differs.
UPDATE "month_total" AS m
SET "entries" = c."entries"
FROM (
  SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id",
         count(DISTINCT "entry_id")::int AS "entries"
  FROM "entry_line"
  GROUP BY 1, 2, 3, 4
) AS c
WHERE m."household_id" = c."household_id" AND m."month" = c."month" AND m."kind" = c."kind"
  AND m."category_id" = c."category_id" AND m."entries" <> c."entries";
