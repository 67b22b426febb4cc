CREATE TABLE "entry_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_on" date NOT NULL,
	"position" integer NOT NULL,
	"category_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"shared" boolean NOT NULL,
	"member_user_id" text,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "entry_line_kind_check" CHECK (kind in ('income','expense'))
);
--> statement-breakpoint
ALTER TABLE "deleted_entry" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "entry_line" ADD CONSTRAINT "entry_line_entry_id_transaction_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."transaction"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_line" ADD CONSTRAINT "entry_line_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_line" ADD CONSTRAINT "entry_line_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entry_line_entry_position" ON "entry_line" USING btree ("entry_id","position");--> statement-breakpoint
CREATE INDEX "entry_line_household_date_idx" ON "entry_line" USING btree ("household_id","occurred_on");--> statement-breakpoint
-- Month totals per category now fold lines, not entries (decision 0018): the same statement-level functions of
-- migration 0003, since a line carries the household, month, kind, category and amount under the same names. The
-- entries' own triggers go first, so the backfill below is counted once: month_total already holds these amounts.
DROP TRIGGER "transaction_month_total_insert" ON "transaction";--> statement-breakpoint
DROP TRIGGER "transaction_month_total_delete" ON "transaction";--> statement-breakpoint
DROP TRIGGER "transaction_month_total_update" ON "transaction";--> statement-breakpoint
INSERT INTO "entry_line" ("entry_id", "household_id", "kind", "occurred_on", "position", "category_id", "amount_minor", "shared", "member_user_id")
SELECT "id", "household_id", "kind", "occurred_on", 0, "category_id", "amount_minor", "shared", "member_user_id" FROM "transaction";--> statement-breakpoint
CREATE TRIGGER "entry_line_month_total_insert" AFTER INSERT ON "entry_line"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "month_total_add_rows"();--> statement-breakpoint
CREATE TRIGGER "entry_line_month_total_delete" AFTER DELETE ON "entry_line"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "month_total_remove_rows"();--> statement-breakpoint
CREATE TRIGGER "entry_line_month_total_update" AFTER UPDATE ON "entry_line"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "month_total_move_rows"();--> statement-breakpoint
-- Lines add up to their entry to the minor unit, checked at commit, whichever of the two was written last. The one
-- writer keeps it; this is the second guard.
CREATE FUNCTION "entry_lines_add_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  checked_entry uuid;
  entry_amount bigint;
  lines_amount bigint;
BEGIN
  IF TG_TABLE_NAME = 'transaction' THEN
    checked_entry := NEW."id";
  ELSIF TG_OP = 'DELETE' THEN
    checked_entry := OLD."entry_id";
  ELSE
    checked_entry := NEW."entry_id";
  END IF;
  SELECT "amount_minor" INTO entry_amount FROM "transaction" WHERE "id" = checked_entry;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum("amount_minor"), 0) INTO lines_amount FROM "entry_line" WHERE "entry_id" = checked_entry;
  IF lines_amount <> entry_amount THEN
    RAISE EXCEPTION 'the lines of entry % add up to %, not %', checked_entry, lines_amount, entry_amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'entry_lines_add_up';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "entry_line_adds_up" AFTER INSERT OR UPDATE OR DELETE ON "entry_line"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "entry_lines_add_up"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transaction_lines_add_up" AFTER INSERT OR UPDATE OF "amount_minor" ON "transaction"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "entry_lines_add_up"();
