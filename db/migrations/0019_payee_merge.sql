-- Payees screen (decision 0020): merging one payee into another keeps the merged one as an alias of its key, so
-- what a later import brings under that key lands on the payee it was merged into; undo puts back what the merge moved.
ALTER TABLE "payee" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "payee" ADD COLUMN "merge_undo" jsonb;--> statement-breakpoint
ALTER TABLE "payee" ADD CONSTRAINT "payee_merged_into_id_payee_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."payee"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payee_merged_into_idx" ON "payee" USING btree ("merged_into_id") WHERE "payee"."merged_into_id" is not null;