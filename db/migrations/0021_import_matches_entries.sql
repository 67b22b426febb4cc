-- An import meets what is already there: a statement row that is an entry typed by hand or posted by a series links to
-- that entry (its import key and the bank's details); the import that linked it is kept, so its undo unlinks, never deletes.
ALTER TABLE "transaction" ADD COLUMN "matched_import_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_matched_import_batch_id_import_batch_id_fk" FOREIGN KEY ("matched_import_batch_id") REFERENCES "public"."import_batch"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_matched_import_batch_idx" ON "transaction" USING btree ("matched_import_batch_id") WHERE "transaction"."matched_import_batch_id" is not null;