CREATE TABLE "settlement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"month" date NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"share_method" text NOT NULL,
	"share_percents" jsonb,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_amount_positive_check" CHECK ("settlement"."amount_minor" > 0),
	CONSTRAINT "settlement_members_differ_check" CHECK ("settlement"."from_user_id" <> "settlement"."to_user_id"),
	CONSTRAINT "settlement_share_method_check" CHECK ("settlement"."share_method" in ('equal','income','fixed'))
);
--> statement-breakpoint
ALTER TABLE "household" ADD COLUMN "share_method" text DEFAULT 'equal' NOT NULL;--> statement-breakpoint
ALTER TABLE "household_member" ADD COLUMN "share_percent" integer;--> statement-breakpoint
ALTER TABLE "money_account" ADD COLUMN "default_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "member_user_id" text;--> statement-breakpoint
ALTER TABLE "settlement" ADD CONSTRAINT "settlement_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_household_month_idx" ON "settlement" USING btree ("household_id","month" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transaction_household_shared_date_idx" ON "transaction" USING btree ("household_id","occurred_on") WHERE "transaction"."shared" and "transaction"."kind" = 'expense';--> statement-breakpoint
ALTER TABLE "household" ADD CONSTRAINT "household_share_method_check" CHECK ("household"."share_method" in ('equal','income','fixed'));--> statement-breakpoint
ALTER TABLE "household_member" ADD CONSTRAINT "household_member_share_percent_check" CHECK ("household_member"."share_percent" between 0 and 100);