ALTER TABLE "household_member" ADD COLUMN "can_edit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invitation" ADD COLUMN "can_edit" boolean DEFAULT false NOT NULL;