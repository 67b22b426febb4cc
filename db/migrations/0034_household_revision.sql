ALTER TABLE "household" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Every write to a household's rows moves its revision forward, in the same transaction, whatever wrote it (a use
-- case, a background job, a cascade, a hand-written statement): a kept signed-in page names the revisions it was
-- rendered at and is never answered once one of them moved (decision 0030). Statement-level triggers with transition
-- tables: an import of a thousand rows moves the revision once per statement, not once per row.
CREATE FUNCTION "household_revision_own"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."revision" IS NOT DISTINCT FROM OLD."revision" THEN
    NEW."revision" := OLD."revision" + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The changed rows name their household in the column TG_ARGV[0].
CREATE FUNCTION "household_revision_of_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "household" SET "revision" = "revision" + 1 WHERE "id" IN (
    SELECT (to_jsonb(changed) ->> TG_ARGV[0])::uuid FROM changed_rows changed);
  IF TG_OP = 'UPDATE' THEN
    UPDATE "household" SET "revision" = "revision" + 1 WHERE "id" IN (
      SELECT (to_jsonb(changed) ->> TG_ARGV[0])::uuid FROM new_rows changed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The changed rows name a user in the column TG_ARGV[0]: every household they belong to.
CREATE FUNCTION "household_revision_of_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "household" SET "revision" = "revision" + 1 WHERE "id" IN (
    SELECT member."household_id" FROM "household_member" member
    WHERE member."user_id" IN (SELECT to_jsonb(changed) ->> TG_ARGV[0] FROM changed_rows changed));
  IF TG_OP = 'UPDATE' THEN
    UPDATE "household" SET "revision" = "revision" + 1 WHERE "id" IN (
      SELECT member."household_id" FROM "household_member" member
      WHERE member."user_id" IN (SELECT to_jsonb(changed) ->> TG_ARGV[0] FROM new_rows changed));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The changed rows belong to a goal (goal_contribution) or a money account (account_month_total), which names the household.
CREATE FUNCTION "household_revision_of_parents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'goal_contribution' THEN
    UPDATE "household" SET "revision" = "revision" + 1 WHERE "id" IN (
      SELECT parent."household_id" FROM "goal" parent WHERE parent."id" IN (SELECT changed."goal_id" FROM changed_rows changed));
  ELSIF TG_TABLE_NAME = 'account_month_total' THEN
    UPDATE "household" SET "revision" = "revision" + 1 WHERE "id" IN (
      SELECT parent."household_id" FROM "money_account" parent WHERE parent."id" IN (SELECT changed."account_id" FROM changed_rows changed));
  ELSE
    RAISE EXCEPTION 'household_revision_of_parents: no parent known for %', TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "household_revision_own" BEFORE UPDATE ON "household" FOR EACH ROW EXECUTE FUNCTION "household_revision_own"();
--> statement-breakpoint
CREATE TRIGGER "subscription_revision_insert" AFTER INSERT ON "subscription" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "subscription_revision_update" AFTER UPDATE ON "subscription" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "subscription_revision_delete" AFTER DELETE ON "subscription" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "budget_limit_revision_insert" AFTER INSERT ON "budget_limit" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "budget_limit_revision_update" AFTER UPDATE ON "budget_limit" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "budget_limit_revision_delete" AFTER DELETE ON "budget_limit" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "category_revision_insert" AFTER INSERT ON "category" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "category_revision_update" AFTER UPDATE ON "category" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "category_revision_delete" AFTER DELETE ON "category" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "category_sharing_revision_insert" AFTER INSERT ON "category_sharing" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "category_sharing_revision_update" AFTER UPDATE ON "category_sharing" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "category_sharing_revision_delete" AFTER DELETE ON "category_sharing" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "payee_revision_insert" AFTER INSERT ON "payee" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "payee_revision_update" AFTER UPDATE ON "payee" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "payee_revision_delete" AFTER DELETE ON "payee" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "transaction_revision_insert" AFTER INSERT ON "transaction" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "transaction_revision_update" AFTER UPDATE ON "transaction" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "transaction_revision_delete" AFTER DELETE ON "transaction" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "entry_line_revision_insert" AFTER INSERT ON "entry_line" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "entry_line_revision_update" AFTER UPDATE ON "entry_line" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "entry_line_revision_delete" AFTER DELETE ON "entry_line" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "deleted_entry_revision_insert" AFTER INSERT ON "deleted_entry" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "deleted_entry_revision_update" AFTER UPDATE ON "deleted_entry" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "deleted_entry_revision_delete" AFTER DELETE ON "deleted_entry" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "bulk_edit_revision_insert" AFTER INSERT ON "bulk_edit" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "bulk_edit_revision_update" AFTER UPDATE ON "bulk_edit" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "bulk_edit_revision_delete" AFTER DELETE ON "bulk_edit" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "month_total_revision_insert" AFTER INSERT ON "month_total" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "month_total_revision_update" AFTER UPDATE ON "month_total" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "month_total_revision_delete" AFTER DELETE ON "month_total" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "goal_revision_insert" AFTER INSERT ON "goal" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "goal_revision_update" AFTER UPDATE ON "goal" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "goal_revision_delete" AFTER DELETE ON "goal" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "household_member_revision_insert" AFTER INSERT ON "household_member" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "household_member_revision_update" AFTER UPDATE ON "household_member" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "household_member_revision_delete" AFTER DELETE ON "household_member" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "personal_privacy_revision_insert" AFTER INSERT ON "personal_privacy" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "personal_privacy_revision_update" AFTER UPDATE ON "personal_privacy" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "personal_privacy_revision_delete" AFTER DELETE ON "personal_privacy" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "money_account_revision_insert" AFTER INSERT ON "money_account" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "money_account_revision_update" AFTER UPDATE ON "money_account" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "money_account_revision_delete" AFTER DELETE ON "money_account" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "transfer_revision_insert" AFTER INSERT ON "transfer" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "transfer_revision_update" AFTER UPDATE ON "transfer" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "transfer_revision_delete" AFTER DELETE ON "transfer" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "recurring_revision_insert" AFTER INSERT ON "recurring" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "recurring_revision_update" AFTER UPDATE ON "recurring" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "recurring_revision_delete" AFTER DELETE ON "recurring" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "recurring_occurrence_revision_insert" AFTER INSERT ON "recurring_occurrence" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "recurring_occurrence_revision_update" AFTER UPDATE ON "recurring_occurrence" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "recurring_occurrence_revision_delete" AFTER DELETE ON "recurring_occurrence" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "rule_revision_insert" AFTER INSERT ON "rule" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "rule_revision_update" AFTER UPDATE ON "rule" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "rule_revision_delete" AFTER DELETE ON "rule" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "invitation_revision_insert" AFTER INSERT ON "invitation" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "invitation_revision_update" AFTER UPDATE ON "invitation" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "invitation_revision_delete" AFTER DELETE ON "invitation" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "settlement_revision_insert" AFTER INSERT ON "settlement" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "settlement_revision_update" AFTER UPDATE ON "settlement" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "settlement_revision_delete" AFTER DELETE ON "settlement" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "import_batch_revision_insert" AFTER INSERT ON "import_batch" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "import_batch_revision_update" AFTER UPDATE ON "import_batch" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "import_batch_revision_delete" AFTER DELETE ON "import_batch" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "import_draft_revision_insert" AFTER INSERT ON "import_draft" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "import_draft_revision_update" AFTER UPDATE ON "import_draft" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "import_draft_revision_delete" AFTER DELETE ON "import_draft" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_rows"('household_id');
--> statement-breakpoint
CREATE TRIGGER "user_revision_insert" AFTER INSERT ON "user" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_members"('id');
--> statement-breakpoint
CREATE TRIGGER "user_revision_update" AFTER UPDATE ON "user" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_members"('id');
--> statement-breakpoint
CREATE TRIGGER "user_revision_delete" AFTER DELETE ON "user" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_members"('id');
--> statement-breakpoint
CREATE TRIGGER "notification_revision_insert" AFTER INSERT ON "notification" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_members"('user_id');
--> statement-breakpoint
CREATE TRIGGER "notification_revision_update" AFTER UPDATE ON "notification" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_members"('user_id');
--> statement-breakpoint
CREATE TRIGGER "notification_revision_delete" AFTER DELETE ON "notification" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_members"('user_id');
--> statement-breakpoint
CREATE TRIGGER "goal_contribution_revision_insert" AFTER INSERT ON "goal_contribution" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_parents"();
--> statement-breakpoint
CREATE TRIGGER "goal_contribution_revision_update" AFTER UPDATE ON "goal_contribution" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_parents"();
--> statement-breakpoint
CREATE TRIGGER "goal_contribution_revision_delete" AFTER DELETE ON "goal_contribution" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_parents"();
--> statement-breakpoint
CREATE TRIGGER "account_month_total_revision_insert" AFTER INSERT ON "account_month_total" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_parents"();
--> statement-breakpoint
CREATE TRIGGER "account_month_total_revision_update" AFTER UPDATE ON "account_month_total" REFERENCING OLD TABLE AS changed_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_parents"();
--> statement-breakpoint
CREATE TRIGGER "account_month_total_revision_delete" AFTER DELETE ON "account_month_total" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "household_revision_of_parents"();
