CREATE TABLE "account_month_total" (
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"net_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_month_total_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
ALTER TABLE "account_month_total" ADD CONSTRAINT "account_month_total_account_id_money_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."money_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- account_month_total stays exact whatever writes entries or transfers (use cases, imports, rules, seeds): statement-
-- level triggers fold each statement's rows into per-account, per-month sums, like month_total (migration 0003).
-- Rows leaving go out with an UPDATE only: when an account is deleted its rows are already gone (cascade), and an
-- upsert would try to write them back.
CREATE FUNCTION "account_month_total_transaction_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_month_total" ("account_id", "month", "net_minor")
  SELECT "account_id", date_trunc('month', "occurred_on"::timestamp)::date,
         sum(CASE WHEN "kind" = 'income' THEN "amount_minor" ELSE -"amount_minor" END)
  FROM "new_rows"
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ("account_id", "month") DO UPDATE SET "net_minor" = "account_month_total"."net_minor" + excluded."net_minor";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "account_month_total_transaction_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "account_month_total" AS a
  SET "net_minor" = a."net_minor" - o."net_minor"
  FROM (
    SELECT "account_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month",
           sum(CASE WHEN "kind" = 'income' THEN "amount_minor" ELSE -"amount_minor" END) AS "net_minor"
    FROM "old_rows"
    GROUP BY 1, 2
  ) AS o
  WHERE a."account_id" = o."account_id" AND a."month" = o."month";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update writes only the difference: re-categorising 50,000 entries (rules) changes no balance and writes nothing.
CREATE FUNCTION "account_month_total_transaction_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_month_total" ("account_id", "month", "net_minor")
  SELECT "account_id", "month", sum("net_minor")
  FROM (
    SELECT "account_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month",
           CASE WHEN "kind" = 'income' THEN "amount_minor" ELSE -"amount_minor" END AS "net_minor"
    FROM "new_rows"
    UNION ALL
    SELECT "account_id", date_trunc('month', "occurred_on"::timestamp)::date,
           CASE WHEN "kind" = 'income' THEN -"amount_minor" ELSE "amount_minor" END
    FROM "old_rows"
  ) AS moved
  GROUP BY 1, 2
  HAVING sum("net_minor") <> 0
  ORDER BY 1, 2
  ON CONFLICT ("account_id", "month") DO UPDATE SET "net_minor" = "account_month_total"."net_minor" + excluded."net_minor";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "account_month_total_transfer_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_month_total" ("account_id", "month", "net_minor")
  SELECT "account_id", "month", sum("net_minor")
  FROM (
    SELECT "to_account_id" AS "account_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "amount_minor" AS "net_minor" FROM "new_rows"
    UNION ALL
    SELECT "from_account_id", date_trunc('month', "occurred_on"::timestamp)::date, -"amount_minor" FROM "new_rows"
  ) AS sides
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ("account_id", "month") DO UPDATE SET "net_minor" = "account_month_total"."net_minor" + excluded."net_minor";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "account_month_total_transfer_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "account_month_total" AS a
  SET "net_minor" = a."net_minor" - o."net_minor"
  FROM (
    SELECT "account_id", "month", sum("net_minor") AS "net_minor"
    FROM (
      SELECT "to_account_id" AS "account_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "amount_minor" AS "net_minor" FROM "old_rows"
      UNION ALL
      SELECT "from_account_id", date_trunc('month', "occurred_on"::timestamp)::date, -"amount_minor" FROM "old_rows"
    ) AS sides
    GROUP BY 1, 2
  ) AS o
  WHERE a."account_id" = o."account_id" AND a."month" = o."month";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "account_month_total_transfer_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_month_total" ("account_id", "month", "net_minor")
  SELECT "account_id", "month", sum("net_minor")
  FROM (
    SELECT "to_account_id" AS "account_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month", "amount_minor" AS "net_minor" FROM "new_rows"
    UNION ALL
    SELECT "from_account_id", date_trunc('month', "occurred_on"::timestamp)::date, -"amount_minor" FROM "new_rows"
    UNION ALL
    SELECT "to_account_id", date_trunc('month', "occurred_on"::timestamp)::date, -"amount_minor" FROM "old_rows"
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
--> statement-breakpoint
CREATE TRIGGER "transaction_account_month_total_insert" AFTER INSERT ON "transaction"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "account_month_total_transaction_add"();
--> statement-breakpoint
CREATE TRIGGER "transaction_account_month_total_delete" AFTER DELETE ON "transaction"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "account_month_total_transaction_remove"();
--> statement-breakpoint
CREATE TRIGGER "transaction_account_month_total_update" AFTER UPDATE ON "transaction"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "account_month_total_transaction_move"();
--> statement-breakpoint
CREATE TRIGGER "transfer_account_month_total_insert" AFTER INSERT ON "transfer"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "account_month_total_transfer_add"();
--> statement-breakpoint
CREATE TRIGGER "transfer_account_month_total_delete" AFTER DELETE ON "transfer"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "account_month_total_transfer_remove"();
--> statement-breakpoint
CREATE TRIGGER "transfer_account_month_total_update" AFTER UPDATE ON "transfer"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "account_month_total_transfer_move"();
--> statement-breakpoint
-- The history so far, in one grouped pass.
INSERT INTO "account_month_total" ("account_id", "month", "net_minor")
SELECT "account_id", "month", sum("net_minor")
FROM (
  SELECT "account_id", date_trunc('month', "occurred_on"::timestamp)::date AS "month",
         CASE WHEN "kind" = 'income' THEN "amount_minor" ELSE -"amount_minor" END AS "net_minor"
  FROM "transaction"
  UNION ALL
  SELECT "to_account_id", date_trunc('month', "occurred_on"::timestamp)::date, "amount_minor" FROM "transfer"
  UNION ALL
  SELECT "from_account_id", date_trunc('month', "occurred_on"::timestamp)::date, -"amount_minor" FROM "transfer"
) AS history
GROUP BY 1, 2;
