CREATE TABLE "budget_limit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"month" date NOT NULL,
	"scope" text NOT NULL,
	"limit_minor" bigint,
	"rollover" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_limit_scope_check" CHECK ("budget_limit"."scope" in ('repeat','month')),
	CONSTRAINT "budget_limit_amount_check" CHECK ("budget_limit"."limit_minor" is null or "budget_limit"."limit_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recurring" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"counterparty" text,
	"category_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"day_of_month" integer,
	"last_day" boolean DEFAULT false NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"auto_post" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_kind_check" CHECK ("recurring"."kind" in ('income','expense')),
	CONSTRAINT "recurring_amount_positive_check" CHECK ("recurring"."amount_minor" > 0),
	CONSTRAINT "recurring_frequency_check" CHECK ("recurring"."frequency" in ('monthly','weekly','yearly')),
	CONSTRAINT "recurring_interval_check" CHECK ("recurring"."interval" between 1 and 52),
	CONSTRAINT "recurring_day_check" CHECK ("recurring"."day_of_month" is null or "recurring"."day_of_month" between 1 and 31)
);
--> statement-breakpoint
CREATE TABLE "recurring_occurrence" (
	"recurring_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"household_id" uuid NOT NULL,
	"status" text NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_occurrence_recurring_id_due_on_pk" PRIMARY KEY("recurring_id","due_on"),
	CONSTRAINT "recurring_occurrence_status_check" CHECK ("recurring_occurrence"."status" in ('posted','skipped'))
);
--> statement-breakpoint
CREATE TABLE "rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_origin_check" CHECK ("rule"."origin" in ('manual','learned'))
);
--> statement-breakpoint
ALTER TABLE "budget_limit" ADD CONSTRAINT "budget_limit_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_limit" ADD CONSTRAINT "budget_limit_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring" ADD CONSTRAINT "recurring_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring" ADD CONSTRAINT "recurring_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring" ADD CONSTRAINT "recurring_account_id_money_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."money_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrence" ADD CONSTRAINT "recurring_occurrence_recurring_id_recurring_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrence" ADD CONSTRAINT "recurring_occurrence_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrence" ADD CONSTRAINT "recurring_occurrence_transaction_id_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transaction"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule" ADD CONSTRAINT "rule_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_limit_category_month_scope_key" ON "budget_limit" USING btree ("household_id","category_id","month","scope");--> statement-breakpoint
CREATE INDEX "recurring_household_idx" ON "recurring" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_occurrence_household_due_idx" ON "recurring_occurrence" USING btree ("household_id","due_on");--> statement-breakpoint
CREATE INDEX "rule_household_position_idx" ON "rule" USING btree ("household_id","position");