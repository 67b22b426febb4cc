ALTER TABLE "goal" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "goal" ADD CONSTRAINT "goal_account_id_money_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."money_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_account_idx" ON "goal" USING btree ("account_id");