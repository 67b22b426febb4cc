-- A household may start its month on its payday (1–28, decision 0021); 1 is the calendar month, as before.
ALTER TABLE "household" ADD COLUMN "month_start_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "household" ADD CONSTRAINT "household_month_start_day_check" CHECK ("household"."month_start_day" between 1 and 28);