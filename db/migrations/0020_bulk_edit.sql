-- Bulk edit of search results (decision 0020): what each bulk edit changed from, kept a day for its undo.
CREATE TABLE "bulk_edit" (
	"id" uuid PRIMARY KEY NOT NULL,
	"household_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"entries" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_edit" ADD CONSTRAINT "bulk_edit_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_edit_created_at_idx" ON "bulk_edit" USING btree ("created_at");