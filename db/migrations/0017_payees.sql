-- Payees (decision 0020): one per household and normalised name, with payee memory (the category the household chose
-- for its money out and in). An entry names its payee, and keeps the bank's full text as its details; its title is its own
-- description when it has one, else its payee's name.
CREATE TABLE "payee" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"expense_category_id" uuid,
	"income_category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "payee_id" uuid;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "details" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payee" ADD CONSTRAINT "payee_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee" ADD CONSTRAINT "payee_expense_category_id_category_id_fk" FOREIGN KEY ("expense_category_id") REFERENCES "public"."category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee" ADD CONSTRAINT "payee_income_category_id_category_id_fk" FOREIGN KEY ("income_category_id") REFERENCES "public"."category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payee_household_key" ON "payee" USING btree ("household_id","key");--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_payee_id_payee_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payee"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_payee_idx" ON "transaction" USING btree ("payee_id") WHERE "transaction"."payee_id" is not null;