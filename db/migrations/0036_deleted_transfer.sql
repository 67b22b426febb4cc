CREATE TABLE "deleted_transfer" (
	"id" uuid PRIMARY KEY NOT NULL,
	"household_id" uuid NOT NULL,
	"deleted_by" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transfer" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_transfer" ADD CONSTRAINT "deleted_transfer_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_transfer_deleted_at_idx" ON "deleted_transfer" USING btree ("deleted_at");