ALTER TABLE "household" ADD COLUMN "shared_alert_minor" bigint;--> statement-breakpoint
ALTER TABLE "household_member" ADD COLUMN "personal_in_detail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "household" ADD CONSTRAINT "household_shared_alert_positive_check" CHECK ("household"."shared_alert_minor" > 0);