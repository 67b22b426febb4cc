CREATE TABLE "exchange_rate" (
	"currency" text NOT NULL,
	"on" date NOT NULL,
	"source" text NOT NULL,
	"per_euro" double precision NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rate_source_currency_on_pk" PRIMARY KEY("source","currency","on")
);
--> statement-breakpoint
ALTER TABLE "entry_line" ADD COLUMN "base_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "base_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "rate" double precision;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "rate_on" date;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "rate_source" text;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "rate_provisional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every entry so far is in its household's currency, which becomes the base: its base amount is its amount.
UPDATE "transaction" SET "base_amount_minor" = "amount_minor";--> statement-breakpoint
UPDATE "entry_line" SET "base_amount_minor" = "amount_minor";--> statement-breakpoint
CREATE INDEX "transaction_rate_pending_idx" ON "transaction" USING btree ("household_id") WHERE "transaction"."base_amount_minor" is null or "transaction"."rate_provisional";--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_rate_source_check" CHECK ("transaction"."rate_source" in ('ecb','nbu','nbp','tcmb','history','bank','manual'));--> statement-breakpoint
-- month_total is in the household's base currency (decision 0026): the functions of migration 0016 fold each line's
-- base amount instead of its amount. A line without a base amount (its entry has no rate yet) adds nothing, and adds
-- its share when the update fills it (an UPDATE of the line, which month_total_move_rows folds).
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
           coalesce("base_amount_minor", 0) AS "total_minor", 0 AS "entries"
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
             -coalesce("base_amount_minor", 0) AS "total_minor", 0 AS "entries"
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
           -coalesce("base_amount_minor", 0) AS "total_minor", 0 AS "entries"
    FROM "old_rows"
    UNION ALL
    SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date, "kind", "category_id", coalesce("base_amount_minor", 0), 0
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
$$;
