-- The built-in, translated categories (ids fixed in app/domain/categories.ts, checked by a test).
INSERT INTO "category" ("id", "household_id", "kind", "key", "icon", "color", "sort_order") VALUES
  ('00000000-0000-4000-8000-000000000101', NULL, 'income', 'salary', 'briefcase', '#2f7d5b', 1),
  ('00000000-0000-4000-8000-000000000102', NULL, 'income', 'benefits', 'hand-coins', '#3b6fb6', 2),
  ('00000000-0000-4000-8000-000000000103', NULL, 'income', 'otherIncome', 'sparkles', '#8a5cc2', 3),
  ('00000000-0000-4000-8000-000000000201', NULL, 'expense', 'housing', 'home', '#3b6fb6', 4),
  ('00000000-0000-4000-8000-000000000202', NULL, 'expense', 'groceries', 'shopping-cart', '#2f7d5b', 5),
  ('00000000-0000-4000-8000-000000000203', NULL, 'expense', 'transport', 'bus', '#c2620a', 6),
  ('00000000-0000-4000-8000-000000000204', NULL, 'expense', 'utilities', 'plug', '#a1840b', 7),
  ('00000000-0000-4000-8000-000000000205', NULL, 'expense', 'health', 'heart-pulse', '#c2410c', 8),
  ('00000000-0000-4000-8000-000000000206', NULL, 'expense', 'leisure', 'ticket', '#8a5cc2', 9),
  ('00000000-0000-4000-8000-000000000207', NULL, 'expense', 'eatingOut', 'utensils', '#be3a6e', 10),
  ('00000000-0000-4000-8000-000000000208', NULL, 'expense', 'education', 'graduation-cap', '#0e7490', 11),
  ('00000000-0000-4000-8000-000000000209', NULL, 'expense', 'children', 'baby', '#d97706', 12),
  ('00000000-0000-4000-8000-000000000210', NULL, 'expense', 'savings', 'piggy-bank', '#0f766e', 13),
  ('00000000-0000-4000-8000-000000000211', NULL, 'expense', 'other', 'shapes', '#64748b', 14);
--> statement-breakpoint
-- month_total stays exact whatever writes transactions (use cases, seeds, imports): statement-level triggers
-- fold each statement's rows into per-month, per-category sums in one grouped upsert.
CREATE FUNCTION "month_total_add_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "month_total" ("household_id", "month", "kind", "category_id", "total_minor", "entries")
  SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date, "kind", "category_id", sum("amount_minor"), count(*)
  FROM "new_rows"
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("household_id", "month", "kind", "category_id") DO UPDATE
    SET "total_minor" = "month_total"."total_minor" + excluded."total_minor",
        "entries" = "month_total"."entries" + excluded."entries";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "month_total_remove_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only updates: when a whole household is deleted its month_total rows are already gone (cascade).
  UPDATE "month_total" AS m
  SET "total_minor" = m."total_minor" - o."total_minor", "entries" = m."entries" - o."entries"
  FROM (
    SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id",
           sum("amount_minor") AS "total_minor", count(*) AS "entries"
    FROM "old_rows"
    GROUP BY 1, 2, 3, 4
  ) AS o
  WHERE m."household_id" = o."household_id" AND m."month" = o."month" AND m."kind" = o."kind" AND m."category_id" = o."category_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "month_total_move_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "month_total" AS m
  SET "total_minor" = m."total_minor" - o."total_minor", "entries" = m."entries" - o."entries"
  FROM (
    SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "kind", "category_id",
           sum("amount_minor") AS "total_minor", count(*) AS "entries"
    FROM "old_rows"
    GROUP BY 1, 2, 3, 4
  ) AS o
  WHERE m."household_id" = o."household_id" AND m."month" = o."month" AND m."kind" = o."kind" AND m."category_id" = o."category_id";
  INSERT INTO "month_total" ("household_id", "month", "kind", "category_id", "total_minor", "entries")
  SELECT "household_id", date_trunc('month', "occurred_on"::timestamp)::date, "kind", "category_id", sum("amount_minor"), count(*)
  FROM "new_rows"
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("household_id", "month", "kind", "category_id") DO UPDATE
    SET "total_minor" = "month_total"."total_minor" + excluded."total_minor",
        "entries" = "month_total"."entries" + excluded."entries";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transaction_month_total_insert" AFTER INSERT ON "transaction"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "month_total_add_rows"();
--> statement-breakpoint
CREATE TRIGGER "transaction_month_total_delete" AFTER DELETE ON "transaction"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "month_total_remove_rows"();
--> statement-breakpoint
CREATE TRIGGER "transaction_month_total_update" AFTER UPDATE ON "transaction"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "month_total_move_rows"();
