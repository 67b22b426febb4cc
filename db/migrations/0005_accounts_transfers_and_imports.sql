CREATE TABLE "import_batch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"rows_in_file" integer NOT NULL,
	"rows_imported" integer NOT NULL,
	"rows_duplicate" integer NOT NULL,
	"closing_balance_minor" bigint,
	"closing_on" date,
	"created_by" text,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_draft" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text,
	"is_everyday" boolean DEFAULT false NOT NULL,
	"kind" text DEFAULT 'checking' NOT NULL,
	"currency" text NOT NULL,
	"iban" text,
	"opening_balance_minor" bigint DEFAULT 0 NOT NULL,
	"opening_on" date,
	"csv_mapping" jsonb,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_account_kind_check" CHECK ("money_account"."kind" in ('checking','savings','credit_card','cash'))
);
--> statement-breakpoint
CREATE TABLE "transfer" (
	"id" uuid PRIMARY KEY NOT NULL,
	"household_id" uuid NOT NULL,
	"from_account_id" uuid NOT NULL,
	"to_account_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"occurred_on" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"import_batch_id" uuid,
	"from_import_key" text,
	"to_import_key" text,
	"matched_import_batch_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_amount_positive_check" CHECK ("transfer"."amount_minor" > 0),
	CONSTRAINT "transfer_accounts_differ_check" CHECK ("transfer"."from_account_id" <> "transfer"."to_account_id")
);
--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "account_id" uuid;--> statement-breakpoint
-- Every existing household gets its Everyday account (name null: shown translated) holding all its entries, opened
-- on the day of its first entry with a zero opening balance, so its balance is exactly what the entries say.
INSERT INTO "money_account" ("household_id", "is_everyday", "currency", "opening_on", "created_at")
SELECT h."id", true, h."currency", (SELECT min(t."occurred_on") FROM "transaction" t WHERE t."household_id" = h."id"), h."created_at"
FROM "household" h;--> statement-breakpoint
UPDATE "transaction" t SET "account_id" = a."id" FROM "money_account" a WHERE a."household_id" = t."household_id";--> statement-breakpoint
ALTER TABLE "transaction" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "counterparty" text;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "counterparty_iban" text;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "import_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "import_batch" ADD CONSTRAINT "import_batch_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batch" ADD CONSTRAINT "import_batch_account_id_money_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."money_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_draft" ADD CONSTRAINT "import_draft_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_draft" ADD CONSTRAINT "import_draft_account_id_money_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."money_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_account" ADD CONSTRAINT "money_account_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_from_account_id_money_account_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."money_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_to_account_id_money_account_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."money_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_import_batch_id_import_batch_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."import_batch"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_matched_import_batch_id_import_batch_id_fk" FOREIGN KEY ("matched_import_batch_id") REFERENCES "public"."import_batch"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batch_account_idx" ON "import_batch" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_batch_household_idx" ON "import_batch" USING btree ("household_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_draft_household_idx" ON "import_draft" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE INDEX "money_account_household_idx" ON "money_account" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "money_account_household_everyday_key" ON "money_account" USING btree ("household_id") WHERE "money_account"."is_everyday";--> statement-breakpoint
CREATE UNIQUE INDEX "money_account_household_iban_key" ON "money_account" USING btree ("household_id","iban") WHERE "money_account"."iban" is not null;--> statement-breakpoint
CREATE INDEX "transfer_household_date_idx" ON "transfer" USING btree ("household_id","occurred_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfer_from_account_date_idx" ON "transfer" USING btree ("from_account_id","occurred_on");--> statement-breakpoint
CREATE INDEX "transfer_to_account_date_idx" ON "transfer" USING btree ("to_account_id","occurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_from_import_key" ON "transfer" USING btree ("from_account_id","from_import_key") WHERE "transfer"."from_import_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_to_import_key" ON "transfer" USING btree ("to_account_id","to_import_key") WHERE "transfer"."to_import_key" is not null;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_account_id_money_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."money_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_import_batch_id_import_batch_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."import_batch"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_account_import_key" ON "transaction" USING btree ("account_id","import_key") WHERE "transaction"."import_key" is not null;--> statement-breakpoint
CREATE INDEX "transaction_account_date_idx" ON "transaction" USING btree ("account_id","occurred_on");--> statement-breakpoint
CREATE INDEX "transaction_import_batch_idx" ON "transaction" USING btree ("import_batch_id") WHERE "transaction"."import_batch_id" is not null;