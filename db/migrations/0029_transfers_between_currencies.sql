-- A transfer keeps both amounts (decision 0027): what left the "from" account in its currency (amount_minor) and what
-- arrived in the "to" account in its currency (to_amount_minor). Existing transfers are within one currency.
ALTER TABLE "transfer" ADD COLUMN "to_amount_minor" bigint;--> statement-breakpoint
UPDATE "transfer" SET "to_amount_minor" = "amount_minor";--> statement-breakpoint
ALTER TABLE "transfer" ALTER COLUMN "to_amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_to_amount_positive_check" CHECK ("transfer"."to_amount_minor" > 0);--> statement-breakpoint
DROP TRIGGER "transfer_one_currency" ON "transfer";--> statement-breakpoint
DROP FUNCTION "transfer_one_currency"();--> statement-breakpoint
-- Between accounts of one currency the two amounts are one figure, whoever writes the row (the form, an import, a
-- rule, an undo): a difference there would create or destroy money.
CREATE FUNCTION "transfer_amounts_agree"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."amount_minor" <> NEW."to_amount_minor"
     AND (SELECT "currency" FROM "money_account" WHERE "id" = NEW."from_account_id")
         IS NOT DISTINCT FROM (SELECT "currency" FROM "money_account" WHERE "id" = NEW."to_account_id") THEN
    RAISE EXCEPTION 'a transfer within one currency moves one amount'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transfer_amounts_agree" BEFORE INSERT OR UPDATE OF "from_account_id", "to_account_id", "amount_minor", "to_amount_minor" ON "transfer"
  FOR EACH ROW EXECUTE FUNCTION "transfer_amounts_agree"();--> statement-breakpoint
-- Each account's monthly net counts its own side: what arrived in the "to" account is to_amount_minor.
CREATE OR REPLACE FUNCTION "account_month_total_transfer_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_month_total" ("account_id", "month", "net_minor")
  SELECT "account_id", "month", sum("net_minor")
  FROM (
    SELECT "to_account_id" AS "account_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "to_amount_minor" AS "net_minor" FROM "new_rows"
    UNION ALL
    SELECT "from_account_id", date_trunc('month', "occurred_on"::timestamp)::date, -"amount_minor" FROM "new_rows"
  ) AS sides
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ("account_id", "month") DO UPDATE SET "net_minor" = "account_month_total"."net_minor" + excluded."net_minor";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "account_month_total_transfer_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "account_month_total" AS a
  SET "net_minor" = a."net_minor" - o."net_minor"
  FROM (
    SELECT "account_id", "month", sum("net_minor") AS "net_minor"
    FROM (
      SELECT "to_account_id" AS "account_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "to_amount_minor" AS "net_minor" FROM "old_rows"
      UNION ALL
      SELECT "from_account_id", date_trunc('month', "occurred_on"::timestamp)::date, -"amount_minor" FROM "old_rows"
    ) AS sides
    GROUP BY 1, 2
  ) AS o
  WHERE a."account_id" = o."account_id" AND a."month" = o."month";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "account_month_total_transfer_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_month_total" ("account_id", "month", "net_minor")
  SELECT "account_id", "month", sum("net_minor")
  FROM (
    SELECT "to_account_id" AS "account_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "to_amount_minor" AS "net_minor" FROM "new_rows"
    UNION ALL
    SELECT "from_account_id", date_trunc('month', "occurred_on"::timestamp)::date, -"amount_minor" FROM "new_rows"
    UNION ALL
    SELECT "to_account_id", date_trunc('month', "occurred_on"::timestamp)::date, -"to_amount_minor" FROM "old_rows"
    UNION ALL
    SELECT "from_account_id", date_trunc('month', "occurred_on"::timestamp)::date, "amount_minor" FROM "old_rows"
  ) AS sides
  GROUP BY 1, 2
  HAVING sum("net_minor") <> 0
  ORDER BY 1, 2
  ON CONFLICT ("account_id", "month") DO UPDATE SET "net_minor" = "account_month_total"."net_minor" + excluded."net_minor";
  RETURN NULL;
END
$$;
